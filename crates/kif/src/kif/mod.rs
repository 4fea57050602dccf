//! KIF: reading and writing.

mod lex;

pub use lex::{Line, MoveBody, MoveLine, classify};
