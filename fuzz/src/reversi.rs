//! Reversi targets: the transcript and board-string parsers, and random move sequences
//! through `Game`.

use reversi::{Board, Game, Move, PassStyle, Square, Symmetry, parse_transcript, write_transcript};

/// Transcripts: parsing never panics; a parsed transcript replays, and writes back to text that
/// parses to the same moves (passes written) or the same moves up to a final pass (omitted).
pub fn check_reversi_transcript(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(moves) = parse_transcript(&Board::new(), text) else {
        return;
    };
    let written = write_transcript(&moves, PassStyle::Write);
    assert_eq!(
        parse_transcript(&Board::new(), &written).ok().as_deref(),
        Some(&moves[..])
    );
    let game =
        Game::from_transcript(text).unwrap_or_else(|e| panic!("parsed but not replayed: {e}"));
    assert_eq!(game.moves(), &moves[..]);
    let omitted = parse_transcript(&Board::new(), &write_transcript(&moves, PassStyle::Omit));
    let expected = moves.strip_suffix(&[Move::Pass]).unwrap_or(&moves);
    assert_eq!(omitted.ok().as_deref(), Some(expected));
}

/// Board strings: parsing never panics; a parsed board prints back to a string that parses to
/// the same board, and its rules queries agree with each other.
pub fn check_reversi_board(data: &[u8]) {
    let Ok(board) = Board::from_ascii(data) else {
        return;
    };
    assert_eq!(board.to_string().parse::<Board>(), Ok(board));
    assert_eq!(board.player() & board.opponent(), 0);
    for sq in Square::ALL {
        let legal = board.legal_moves() & sq.bit() != 0;
        assert_eq!(board.flips(sq) != 0, legal);
        assert_eq!(
            board.play(Move::Play(sq)).is_ok(),
            legal && !board.is_game_over()
        );
    }
    assert_eq!(board.play(Move::Pass).is_ok(), board.must_pass());
    let (canonical, sym) = board.canonical();
    assert_eq!(board.transform(sym), canonical);
}

/// Random move sequences: each byte picks a square (legal or not) or a pass; `Game` must
/// accept exactly the legal ones, keep its invariants, and undo back to the start.
pub fn check_reversi_game(data: &[u8]) {
    let mut game = Game::new();
    for &byte in data {
        let board = *game.board();
        let mv = if byte >= 64 {
            Move::Pass
        } else {
            Move::Play(Square::ALL[usize::from(byte)])
        };
        let legal = board.is_legal(mv) && !board.is_game_over();
        assert_eq!(game.play(mv).is_ok(), legal, "{board} {mv}");
        if !legal {
            assert_eq!(*game.board(), board);
        }
        let now = game.board();
        assert_eq!(now.player() & now.opponent(), 0);
        assert_eq!(
            now.transform(Symmetry::Rotate90)
                .transform(Symmetry::Rotate270),
            *now
        );
    }
    let played = game.moves().len();
    for _ in 0..played {
        assert!(game.undo().is_some());
    }
    assert_eq!(*game.board(), Board::new());
    assert_eq!(game.undo(), None);
}
