#![doc = include_str!("../README.md")]
#![deny(unsafe_code)]

mod color;
mod square;

pub use color::Color;
pub use square::{ParseSquareError, Square};
