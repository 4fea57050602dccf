//! An error's message includes what its inner error said or returns the inner error as its
//! `source()`, never both: a chain of errors (`{:#}` of anyhow) then says each part once.

use masu_kif::shogi::{Color, Piece, PieceKind, Square};
use masu_kif::{Format, Mode, NodeId, Record, read_bytes, read_str, training};

#[path = "../../shogi/tests/common/error_chain.rs"]
mod error_chain;

use error_chain::{error, says_each_part_once};

/// An even game with a second Black king on 1e: a start no game is played from.
fn two_kings() -> Record {
    let mut record = Record::new();
    record.start.handicap = None;
    let square = Square::new(1, 5).unwrap_or_else(|| panic!("1e is a square"));
    record.start.setup.board[square.index()] = Some(Piece::new(Color::Black, PieceKind::King));
    record
}

#[test]
fn replays_and_training_data_say_each_part_once() {
    let record = two_kings();
    says_each_part_once(&error(record.position_at(NodeId::ROOT)));
    says_each_part_once(&error(record.game()));
    says_each_part_once(&error(record.usi(NodeId::ROOT)));
    says_each_part_once(&error(training::hcpe(&record)));
    says_each_part_once(&error(training::psv(&record)));
}

#[test]
fn reads_say_each_part_once() {
    says_each_part_once(&error(read_str(
        "P1 nonsense\n",
        Some(Format::Csa),
        Mode::Strict,
    )));
    says_each_part_once(&error(read_bytes(
        b"\xff\xfe\xfd",
        Some(Format::Kif),
        Mode::Strict,
    )));
}
