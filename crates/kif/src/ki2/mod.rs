//! KI2: moves without origins, in the official notation (`▲７六歩　△同　歩　▲５八金右`).
//!
//! The header area is KIF's, and a rewrite lays headers and comments out as KIF's does
//! ([`crate::kif`]: headers read after the moves in the header area, a position's bookmarks
//! after its comments). Moves carry no origin square: the reader resolves the JSA
//! relative words (右 左 直, 上 寄 引, and 行 入 as synonyms of 上) and 打/成/不成/生 against
//! the legal moves, and reports an ambiguous or impossible move with its candidates. The
//! result is read from the `まで` trailer: after `手で`, a KIF special's word (`中断`,
//! `待った`) or a result with its winner (`先手の勝ち`). An ending no rule knows is written
//! there as its word, in `「…」` when the word would not read back as itself (empty, blanks
//! at an end, the wording of a known ending), as KIF writes such a word in its move rows;
//! a line break in it is written as a space.
//!
//! A recorded foul is written with words that fit no legal move and name it alone; one that
//! no words name (a piece that cannot reach the square) keeps its origin as KIF writes it,
//! `△９四歩(13)`, and the reader takes such an origin.

pub(crate) mod read;
pub(crate) mod trailer;
mod write;

pub use crate::write::WriteOptions;
pub use read::{read_bytes, read_str};
pub use write::{to_bytes, to_string, write};
