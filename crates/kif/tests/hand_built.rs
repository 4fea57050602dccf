//! Records built by hand: `Record::push_move` takes the caller's word that a move is
//! legal, so a program can hand every writer a move that is not. No writer may panic on
//! one (playing it would corrupt the position); each writes it as the foul it is, which
//! reads back flagged as one. `StartPosition`'s fields are public too: a `handicap` that
//! names another position than the `setup` must not change the start written.

use masu_kif::shogi::{Move, PieceKind, Position, Square, UsiMove};
use masu_kif::{Format, Handicap, Mode, NodeId, NodeKind, Record, Special};

/// `7g7f`, then `foul` for White (not flagged illegal), then a resignation.
fn with_an_unflagged_illegal_move(foul: Move) -> Record {
    let mut record = Record::new();
    let first = "7g7f"
        .parse::<UsiMove>()
        .ok()
        .and_then(|usi| usi.to_move(&Position::startpos()).ok())
        .and_then(|mv| record.push_move(NodeId::ROOT, mv))
        .unwrap_or_else(|| panic!("7g7f is legal"));
    let foul = record
        .push_move(first, foul)
        .unwrap_or_else(|| panic!("a move follows a move"));
    record.tree.push(foul, NodeKind::Special(Special::Resign));
    record
}

#[test]
fn every_writer_writes_an_unflagged_illegal_move_as_a_foul() {
    // A pawn two squares forward, and a drop of a gold White does not hold (playing it
    // takes a gold from an empty hand).
    let two_squares = Move::Normal {
        from: Square::SQ_3C,
        to: Square::SQ_3E,
        kind: PieceKind::Pawn,
        capture: None,
        promote: false,
    };
    let no_gold = Move::Drop {
        kind: PieceKind::Gold,
        to: Square::SQ_5E,
    };
    for foul in [no_gold, two_squares] {
        written_as_a_foul(&with_an_unflagged_illegal_move(foul));
    }
}

/// Every format writes `record`'s second move as a foul, which reads back flagged.
fn written_as_a_foul(record: &Record) {
    for format in Format::ALL {
        let text = record.to_string_as(format);
        let back = masu_kif::read_str(&text, Some(format), Mode::Lenient)
            .unwrap_or_else(|e| panic!("{format}: {e}\n{text}"))
            .record;
        let moves = back.tree.moves_to(back.main_line_end());
        let flags: Vec<bool> = moves.iter().map(|m| m.illegal).collect();
        assert_eq!(flags, [false, true], "{format}:\n{text}");
        assert_eq!(back.result(), Some(&Special::Resign), "{format}");
    }
}

#[test]
fn a_handicap_that_is_not_the_setup_does_not_change_the_start_written() {
    // A mate-problem start (a gold in hand), named the even game by hand.
    let usi = "position sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1 moves G*5b";
    let mut record = Record::from_usi(usi).unwrap_or_else(|e| panic!("{e}"));
    record.start.handicap = Some(Handicap::Even);
    for format in Format::ALL {
        let text = record.to_string_as(format);
        let parsed = masu_kif::read_str(&text, Some(format), Mode::Strict)
            .unwrap_or_else(|e| panic!("{format}: {e}\n{text}"));
        assert_eq!(parsed.record.start.setup, record.start.setup, "{format}");
        assert_eq!(parsed.record.start.handicap, None, "{format}");
    }
    let end = record.main_line_end();
    assert_eq!(record.usi(end).ok().as_deref(), Some(usi));
    let written = masu_kif::usi::write(&record).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(written.text, usi);
}

#[test]
fn a_variation_that_repeats_a_move_is_named_by_every_format() {
    // An engine's line added beside the move played, and starting with it: the readers of
    // KIF, KI2 and JKF continue the move played with it (as they must for hand-edited
    // Kifu for Windows files), so the record does not read back as it was.
    let mut record = Record::from_usi("position startpos moves 7g7f 3c3d 2g2f")
        .unwrap_or_else(|e| panic!("{e}"));
    let first = record.tree.main_line().next().unwrap_or(NodeId::ROOT);
    let played = record.tree[first].children()[0];
    let same = record.tree[played].recorded_move().map(|m| m.mv);
    let line = same
        .and_then(|mv| record.push_move(first, mv))
        .unwrap_or_else(|| panic!("a move follows a move"));
    record.tree[line]
        .comments
        .push("the engine's line".to_owned());
    for format in [Format::Kif, Format::Ki2, Format::Jkf] {
        let text = record.to_string_as(format);
        let back = masu_kif::read_str(&text, Some(format), Mode::Strict)
            .unwrap_or_else(|e| panic!("{format}: {e}"))
            .record;
        assert_ne!(back, record, "{format}");
        assert_eq!(
            record.left_out_by(format),
            ["the variation that repeats an earlier one's first move (read back into it) at ply 2"],
            "{format}"
        );
    }
    let jkf = masu_kif::jkf::write(&record);
    assert_eq!(jkf.left_out(&record), record.left_out_by(Format::Jkf));
}
