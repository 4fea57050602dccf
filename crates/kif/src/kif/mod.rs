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
//!
//! # What a rewrite keeps
//!
//! Reading what [`write()`] wrote gives the same [`crate::Record`] back, but for what
//! [`Record::left_out_by`](crate::Record::left_out_by) names (a start move number other
//! than 1: the moves are numbered from 1; fractions of a second; a header no header line
//! holds) and what the writer adds, as Kifu for Windows does: the mover's running total in
//! a time field that has only the time spent, and a `手合割` header for a handicap start
//! without one. The text is the record in one layout, Kifu for Windows', not the bytes
//! read (its declaration line, padding, move spellings, time fields and trailers). Two
//! kinds of line may also move:
//!
//! - Every header is written in the header area, in the order read, those read after the
//!   moves included (a `終了日時：…` line after the last move comes back after the
//!   headers above the moves): the record holds headers, not where they stood. Kifu for Windows writes `終了日時` in the header area (the spec's example), and
//!   ShogiHome (tsshogi) reads a header anywhere and writes it there too.
//! - A position's comment lines come first, then its bookmarks (しおり), then its program
//!   comments, whatever their order in the file: a [`crate::Node`] holds its comments and
//!   bookmarks apart (as ShogiHome holds a comment and a bookmark a position), and Kifu
//!   for Windows and ShogiHome write them so, the `*…` lines then the `&…` line. Every
//!   corpus file has them in this order; the order carries no meaning, both belong to the
//!   position.
//!
//! The [KI2](crate::ki2) writer lays headers and annotations out alike.

mod layout;
mod lex;
mod read;
mod write;

pub use crate::write::WriteOptions;
pub(crate) use layout::{annotation_line, read_layout};
pub use lex::{Line, MoveBody, MoveLine, classify};
pub use read::{read_bytes, read_str};
pub use write::{to_bytes, to_string, write};
