//! JKF, the JSON Kifu Format of json-kifu-format (na2hiro): `header`, `initial` (a preset or
//! a board), and `moves` whose elements hold a `move` (or a `special`), `time`, `comments` and
//! `forks` (variations: a fork's first move is an alternative to the move that holds it).
//!
//! The reader follows the published schema (`json-kifu-format.schema.json`, JSON Schema
//! 2020-12): fields it does not define are reported, every move is resolved and checked in
//! its position (with `relative` words when `from` is missing, as KI2 converters write), and
//! `capture` and `color` are checked against the board. Comments starting with `&` are
//! bookmarks (how json-kifu-format keeps KIF's `&` lines). Diagnostics point at the JSON
//! value with 1-based line and column.
//!
//! ```
//! use masu_kif::{Mode, jkf};
//!
//! let text = r#"{"header": {"先手": "A"}, "moves": [{}, {"move": {"color": 0,
//!     "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6}, "piece": "FU"}}, {"special": "TORYO"}]}"#;
//! let parsed = jkf::read_str(text, Mode::Strict)?;
//! assert_eq!(parsed.record.tree.main_line_len(), 1);
//! let written = jkf::write(&parsed.record);
//! assert_eq!(jkf::read_str(&written.text, Mode::Strict)?.record, parsed.record);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

mod doc;
mod json;
mod read;
mod value;
mod write;

pub use read::{read_bytes, read_str};
pub use write::{Dropped, Written, to_string, write};
