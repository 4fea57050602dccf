//! Shogi targets: SFEN parsing, USI moves on arbitrary positions, USI position lines read as
//! games, legal move generation, packed positions and moves (HCP, PackedSfen).

use shogi::packed::{DecodeError, Hcp, Hcpe, PackedSfen, PackedSfenValue, hcp, psfen};
use shogi::{Game, Move, PieceKind, Position, SetupMode, Square, UsiMove, planes};

const STARTS: [&str; 4] = [
    "startpos",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
    "lnsgkgsnl/1r5b1/9/9/9/9/9/1B5R1/LNSGKGSNL b 9P9p 1",
];

/// dlshogi's input and labels are the side to move's view: `rotated` (`pos` seen from the
/// other side) has the same input, each rotated move the same label; the legal moves' labels
/// are distinct and in range, and each move's 16-bit code names it without the position.
fn check_network_input(pos: &Position, rotated: &Position, legal: &[Move]) {
    let input = |pos: &Position| {
        let mut features1 = Box::new([0.0; planes::FEATURES1_LEN]);
        let mut features2 = Box::new([0.0; planes::FEATURES2_LEN]);
        planes::input_features(pos, &mut features1, &mut features2);
        (features1, features2)
    };
    assert!(input(pos) == input(rotated), "network input of {pos}");
    let mut labels: Vec<usize> = Vec::with_capacity(legal.len());
    for &m in legal {
        let label = planes::move_label(m, pos.turn());
        assert!(label < planes::MOVE_LABELS, "{m} in {pos}");
        assert_eq!(
            planes::move_label(m.rotated(), rotated.turn()),
            label,
            "{m} in {pos}"
        );
        assert_eq!(
            hcp::usi_move_from16(hcp::move16(m)),
            Ok(m.to_usi()),
            "{m} in {pos}"
        );
        labels.push(label);
    }
    labels.sort_unstable();
    labels.dedup();
    assert_eq!(labels.len(), legal.len(), "labels of {pos}");
}

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

/// A USI engine's lines as a GUI reads them (`info`, `bestmove`, `checkmate`, `option`) and
/// a GUI's `setoption` as an engine reads it, each line of the bytes read as each of the five: reading never panics, an error's column is within
/// the line, and what reads writes back to a line that reads as the same and writes the same.
pub fn check_engine_lines(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for line in text.lines() {
        let width = line.chars().count() + 1;
        check_engine_line::<shogi::usi::Info>(line, width);
        check_engine_line::<shogi::usi::BestMove>(line, width);
        check_engine_line::<shogi::usi::MateAnswer>(line, width);
        check_engine_line::<shogi::usi::EngineOption>(line, width);
        check_engine_line::<shogi::usi::SetOption>(line, width);
    }
}

fn check_engine_line<T>(line: &str, width: usize)
where
    T: std::str::FromStr<Err = shogi::usi::ParseEngineLineError>
        + std::fmt::Display
        + PartialEq
        + std::fmt::Debug,
{
    match line.parse::<T>() {
        Ok(read) => {
            let written = read.to_string();
            let again: T = written
                .parse()
                .unwrap_or_else(|e| panic!("{line:?} wrote {written:?}, which does not read: {e}"));
            assert_eq!(again, read, "{line:?} wrote {written:?}");
            assert_eq!(again.to_string(), written);
        }
        Err(e) => assert!((1..=width).contains(&e.column), "{line:?}: {e}"),
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

/// USI position lines read as games (`Board(sfen)` in Python reads them so): reading never
/// panics; a game read prints as a line that reads back to the same game, outcome included,
/// taking back every move returns to its start, and at each position on the way
/// `Game::repetition` agrees with the count of occurrences.
pub fn check_game_from_usi(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(mut game) = Game::from_usi(text) else {
        return;
    };
    let line = game.to_usi();
    let back = Game::from_usi(&line);
    assert_eq!(back.as_ref(), Ok(&game), "{line}");
    assert_eq!(back.map(|b| b.outcome()), Ok(game.outcome()), "{line}");
    for _ in 0..game.moves().len() {
        check_repetition(&game);
        assert!(game.undo().is_some(), "{line}");
    }
    assert_eq!(game.undo(), None);
    assert_eq!(game.position(), game.start(), "{line}");
}

/// [`Game::repetition`] finds something whenever the position occurred before, and a
/// wider window never loses what a narrower one finds.
fn check_repetition(game: &Game) {
    let all = game.repetition(usize::MAX);
    if game.repetitions() > 1 {
        assert!(all.is_some(), "{}", game.to_usi());
    }
    if let Some(near) = game.repetition(16) {
        assert_eq!(all, Some(near), "{}", game.to_usi());
    }
}

/// Move generation: the first byte picks a start position; each further byte either plays a
/// legal move (chosen by its value) or, when odd, first tests a pseudo move built from the
/// following bytes. Listed moves are legal and nothing else is; the checks listed are the
/// legal moves that check; a legal move's official Japanese words read back as it; the
/// position seen from the other side has the same moves, rotated, and the same network input.
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
        // Seen from the other side, the position has the same moves, each rotated.
        let rotated = Position::from_setup(pos.to_setup().rotated(), SetupMode::Strict)
            .unwrap_or_else(|e| panic!("{e} rotating {pos}"));
        let mut turned: Vec<Move> = legal.iter().map(Move::rotated).collect();
        let mut theirs = rotated.legal_moves().to_vec();
        turned.sort();
        theirs.sort();
        assert_eq!(turned, theirs, "rotated {pos}");
        check_network_input(&pos, &rotated, &legal);
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
        // One legal move a step in official Japanese notation (KI2, what `japanese_line`
        // and the Python `ki2_line` write): the words read back as that move alone.
        if let Some(m) = legal.get(usize::from(b) % legal.len().max(1)) {
            let text = pos.japanese_move(m, None).to_string();
            let read = text.parse::<kif::KifMove>().map(|k| k.to_move(&pos, None));
            assert_eq!(read, Ok(Ok(*m)), "{text} in {pos}");
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
        // A null move now and then: none in check; otherwise the position with the turn
        // passed is the one built from its SFEN, keys included, and the walk goes on there.
        if b & 0x80 != 0 {
            let passed = pos.null_move();
            assert_eq!(passed.is_none(), pos.in_check(), "null move in {pos}");
            if let Some(passed) = passed {
                assert_eq!(
                    Position::from_sfen(&passed.to_string()).as_ref(),
                    Ok(&passed),
                    "null move in {pos}"
                );
                pos = passed;
                continue;
            }
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

/// One 256-bit position format with its 16-bit move code.
struct Packed {
    decode: fn([u8; 32]) -> Result<Position, DecodeError>,
    /// The position encoded and decoded again; `None` when it has no encoding.
    round_trip: fn(&Position) -> Option<Result<Position, DecodeError>>,
    move16: fn(Move) -> u16,
    move_from16: fn(&Position, u16) -> Result<Move, DecodeError>,
}

const HCP: Packed = Packed {
    decode: |bytes| Hcp(bytes).to_position(),
    round_trip: |p| Hcp::from_position(p).ok().map(|h| h.to_position()),
    move16: hcp::move16,
    move_from16: hcp::move_from16,
};

const PSFEN: Packed = Packed {
    decode: |bytes| PackedSfen(bytes).to_position(),
    round_trip: |p| PackedSfen::from_position(p).ok().map(|h| h.to_position()),
    move16: psfen::move16,
    move_from16: psfen::move_from16,
};

/// Packed positions and moves from arbitrary bytes: the first byte picks HCP or
/// PackedSfen, the next 32 are the position, the rest are 16-bit move codes. Decoding never
/// panics; a decoded position encodes to bytes that decode to it again, prints as SFEN that
/// reads back to it, and its legal moves are legal and come back from their own codes; a
/// code that decodes is a legal move that encodes to that code (and HCP's names that move
/// without the position too). The position with the
/// first code as a training example converts to the other format and back to the same
/// example when the code is a legal move and the result one the format uses.
pub fn check_packed_decode(data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let Some((bytes, codes)) = rest.split_first_chunk::<32>() else {
        return;
    };
    let format = if selector & 1 == 0 { HCP } else { PSFEN };
    let Ok(pos) = (format.decode)(*bytes) else {
        return;
    };
    assert_eq!((format.round_trip)(&pos), Some(Ok(pos.clone())), "{pos}");
    assert_eq!(Position::from_sfen(&pos.to_string()).as_ref(), Ok(&pos));
    let legal = pos.legal_moves();
    for m in &legal {
        assert!(pos.is_legal(m), "{m} in {pos}");
        let code = (format.move16)(*m);
        assert_eq!((format.move_from16)(&pos, code), Ok(*m), "{m} in {pos}");
    }
    for pair in codes.chunks_exact(2) {
        let code = u16::from_le_bytes([pair[0], pair[1]]);
        // The move an HCP code names without a position (what a label takes).
        let named = hcp::usi_move_from16(code);
        if let Ok(m) = (format.move_from16)(&pos, code) {
            assert!(legal.contains(&m), "{code:#06x}: {m} in {pos}");
            assert_eq!((format.move16)(m), code, "{m} in {pos}");
            if selector & 1 == 0 {
                assert_eq!(named, Ok(m.to_usi()), "{code:#06x} in {pos}");
            }
        }
    }
    if let Some(pair) = codes.first_chunk::<2>() {
        check_example_conversion(selector, *bytes, u16::from_le_bytes(*pair), &pos);
    }
}

/// `bytes` (decoding to `pos`) with `code` as a training example, in the format `selector`
/// picks, converted to the other and back.
fn check_example_conversion(selector: u8, bytes: [u8; 32], code: u16, pos: &Position) {
    // -1..=2 for PackedSfenValue, 0..=3 for HCPE: the last of each is no result.
    let result = (selector >> 1) % 4;
    let score = i16::from_le_bytes([selector, selector ^ 0x5a]);
    let (valid, back) = if selector & 1 == 0 {
        let example = Hcpe {
            hcp: Hcp(bytes),
            eval: score,
            best_move: code,
            game_result: result as i8,
        };
        let back = example.to_psv(9).and_then(|psv| psv.to_hcpe());
        if let Ok(again) = &back {
            assert_eq!(again.hcp.to_position().as_ref(), Ok(pos));
            assert_eq!(
                (again.eval, again.best_move, again.game_result),
                (score, code, result as i8)
            );
        }
        (
            hcp::move_from16(pos, code).is_ok() && result < 3,
            back.is_ok(),
        )
    } else {
        let game_result = result as i8 - 1;
        let example = PackedSfenValue {
            sfen: PackedSfen(bytes),
            score,
            best_move: code,
            game_ply: 9,
            game_result,
        };
        let back = example.to_hcpe().and_then(|hcpe| hcpe.to_psv(9));
        if let Ok(again) = &back {
            assert_eq!(again.sfen.to_position().as_ref(), Ok(pos));
            assert_eq!(
                (again.score, again.best_move, again.game_result),
                (score, code, game_result)
            );
        }
        (
            psfen::move_from16(pos, code).is_ok() && result < 3,
            back.is_ok(),
        )
    };
    assert_eq!(valid, back, "{code:#06x}, result {result} in {pos}");
}
