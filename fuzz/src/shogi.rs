//! Shogi targets: SFEN parsing, USI moves on arbitrary positions, legal move generation.

use shogi::{Move, PieceKind, Position, SetupMode, Square, UsiMove};

const STARTS: [&str; 4] = [
    "startpos",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 9P9p 1",
];

fn start(selector: u8) -> Option<Position> {
    Position::from_sfen(STARTS[usize::from(selector) % STARTS.len()]).ok()
}

/// SFEN and `position` lines: parsing never panics, and a parsed position prints as SFEN that
/// parses back to the same position, keys included (in both setup modes).
pub fn check_sfen_from_ascii(data: &[u8]) {
    for mode in [SetupMode::Strict, SetupMode::Tsume] {
        if let Ok(pos) = Position::from_ascii_with(data, mode) {
            let text = pos.to_string();
            let back = Position::from_sfen_with(&text, mode);
            assert_eq!(back.as_ref(), Ok(&pos), "{text}");
        }
    }
    if let Ok(text) = std::str::from_utf8(data)
        && let Ok(setup) = shogi::Setup::from_sfen(text)
    {
        assert_eq!(shogi::Setup::from_sfen(&setup.to_sfen()), Ok(setup));
    }
}

/// USI moves: the first byte picks a start position, the rest is space-separated USI text.
/// Parsing never panics, parsed moves print back as read, and a move resolved in the position
/// is legal and playable.
pub fn check_usi_from_ascii(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Some(mut pos) = start(selector) else {
        return;
    };
    for word in rest.split(|b| b.is_ascii_whitespace()) {
        let Ok(usi) = UsiMove::from_ascii(word) else {
            continue;
        };
        assert_eq!(usi.to_string().as_bytes(), word);
        if let Ok(m) = usi.to_move(&pos) {
            assert!(pos.legal_moves().contains(&m), "{m} in {pos}");
            assert_eq!(m.to_usi(), usi);
            pos = match pos.play(m) {
                Ok(next) => next,
                Err(e) => panic!("{e}"),
            };
        }
    }
}

/// Move generation: the first byte picks a start position; each further byte either plays a
/// legal move (chosen by its value) or, when odd, first tests a pseudo move built from the
/// following bytes. Listed moves are legal and nothing else is; the checks listed are the
/// legal moves that check.
pub fn check_legals_are_legal(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Some(mut pos) = start(selector) else {
        return;
    };
    let mut bytes = rest.iter().copied();
    while let Some(b) = bytes.next() {
        let legal = pos.legal_moves();
        let pins = pos.pins();
        for m in &legal {
            assert!(pos.is_legal(m), "{m} in {pos}");
            assert!(pos.is_legal_with(m, &pins), "{m} in {pos}");
        }
        assert_eq!(pos.count_legal_moves(), legal.len());
        // The check generator gives exactly the legal moves that check.
        let checks = pos.check_moves();
        let checking: Vec<&Move> = legal.iter().filter(|m| pos.gives_check(m)).collect();
        assert_eq!(checks.len(), checking.len(), "checks {checks:?} in {pos}");
        for m in &checks {
            assert!(checking.contains(&m), "{m} in {pos}");
        }
        for m in checking {
            assert!(checks.contains(m), "{m} missing in {pos}");
        }
        if b & 1 == 1 {
            let m = pseudo_move(
                &pos,
                b,
                bytes.next().unwrap_or(0),
                bytes.next().unwrap_or(0),
            );
            assert_eq!(pos.is_legal(&m), legal.contains(&m), "{m:?} in {pos}");
            assert_eq!(
                pos.check_legal_with(&m, &pins),
                pos.check_legal(&m),
                "{m:?} in {pos}"
            );
        }
        if legal.is_empty() {
            return;
        }
        let m = legal[usize::from(b) % legal.len()];
        let before = pos.clone();
        let undo = pos.play_unchecked(m);
        // The incremental keys equal those of the same position built from scratch.
        assert_eq!(
            Position::from_sfen(&pos.to_string()).as_ref(),
            Ok(&pos),
            "{m}"
        );
        let mut back = pos.clone();
        back.undo_unchecked(m, undo);
        assert_eq!(back, before);
    }
}

fn pseudo_move(pos: &Position, a: u8, b: u8, c: u8) -> Move {
    let to = Square::from_index(b % 81).unwrap_or(Square::SQ_5E);
    let kind = PieceKind::ALL[usize::from(a >> 1) % 14];
    if c & 0x80 != 0 {
        return Move::Drop { kind, to };
    }
    let from = Square::from_index(c % 81).unwrap_or(Square::SQ_5E);
    Move::Normal {
        from,
        to,
        kind: pos.piece_at(from).map_or(kind, |p| p.kind),
        capture: pos.piece_at(to).map(|p| p.kind),
        promote: a & 0x40 != 0,
    }
}
