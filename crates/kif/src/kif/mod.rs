//! KIF: the numbered-move format of Kifu for Windows (`.kif` Shift_JIS, `.kifu` UTF-8).
//!
//! Reading has two phases: [`classify`] turns each line into a [`Line`] (headers, board
//! diagram, moves as [`crate::KifMove`], comments, bookmarks, variations, trailers) with no
//! board; [`read_str`] then resolves every move in its position and builds the
//! [`crate::Record`].
//!
//! A special that is not one of Kifu for Windows' words (one kept verbatim from CSA or
//! JKF) is written as its bare word when that reads back as itself, else in `「…」` (a word
//! with blanks, or one that would read as a move, a known special or a side mark); the
//! reader takes `「…」` as the word inside (a line break in the word is written as a
//! space: a move line cannot hold one). A comment of several lines is written as that
//! many comment lines, and a header no header line can hold (a key such as `先手の持駒`, a
//! line break in the value) as a program comment `#key：value`.

mod layout;
mod lex;
mod read;
mod write;

pub use crate::write::WriteOptions;
pub(crate) use layout::{annotation_line, read_layout};
pub use lex::{Line, MoveBody, MoveLine, classify};
pub use read::{read_bytes, read_str};
pub use write::{to_bytes, to_string, write};
