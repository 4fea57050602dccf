#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]
#![forbid(unsafe_code)]

pub use shogi;

mod bod;
mod build;
pub mod csa;
mod detect;
mod diag;
pub mod encoding;
mod format;
mod handicap;
pub mod jkf;
pub mod ki2;
pub mod kif;
mod left_out;
mod line_positions;
mod movetext;
mod notation;
mod preamble;
mod read;
mod record;
mod resolve;
mod text;
pub mod training;
pub mod usi;
mod write;

pub use detect::{read_all_bytes, read_all_str, read_bytes, read_bytes_as, read_str};
pub use diag::{Diagnostic, DiagnosticKind, Mode, ReadError, Severity};
pub use format::{Format, ParseFormatError};
pub use handicap::Handicap;
pub use movetext::{KifMove, Motion, ParseKifMoveError, Relative};
pub use read::{Decoding, Parsed};
pub use record::{
    Cursor, Header, HeaderKey, Headers, MoveTime, MoveTree, Node, NodeId, NodeKind, Record,
    RecordedMove, ReplayError, Special, StartPosition,
};
pub use resolve::KifMoveError;
