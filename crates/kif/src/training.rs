//! Training data from records: the positions of a game's main line as HCPE entries (the
//! 38-byte layout of cshogi and dlshogi, [`shogi::packed::Hcpe`]) or PackedSfenValue
//! examples (YaneuraOu's 40 bytes, [`psv`]), each labelled with the move played, the game's
//! result and the evaluation an engine wrote beside the move.
//!
//! Engine evaluations come from engine comment lines whose text starts with a number, as
//! floodgate and CSA programs write them after each move (`'** 113 -3334FU +2625FU`): the
//! number is the evaluation in centipawns from Black's side, whoever moved. An HCPE entry
//! holds it from the side to move's point of view, clamped to `i16` (the convention of
//! dlshogi's `csa_to_hcpe`, which reads the same numbers through cshogi's CSA parser). A
//! move without such a line gets 0.
//!
//! ```
//! use masu_kif::training;
//! use masu_kif::shogi::packed::Hcpe;
//!
//! let text = "V2.2\nPI\n+\n+7776FU\n'** 40 -3334FU\n-3334FU\n'** 35\n%TORYO\n";
//! let record = masu_kif::csa::read_str(text, masu_kif::Mode::Strict)?.record;
//! let entries = training::hcpe(&record)?;
//! assert_eq!(entries.len(), 2);
//! assert_eq!((entries[0].eval, entries[1].eval), (40, -35));
//! // Black resigned at move 3: every entry is labelled a White win.
//! assert_eq!(entries[0].game_result, Hcpe::WHITE_WIN);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod filter;

pub use filter::{Filter, ratings};
use shogi::packed::{EncodeError, Hcp, Hcpe, PackedSfen, PackedSfenValue, hcp, psfen};
use shogi::{Color, Move, Position, PositionError, SetupMode};

#[cfg(doc)]
use crate::DiagnosticKind;
use crate::{Diagnostic, NodeId, Parsed, Record};

/// Why a record gives no training data.
///
/// The message includes the inner error (the start's, the encoder's, the diagnostic), and
/// [`source`](std::error::Error::source) is `None`, so that a chain of errors (`{:#}` of
/// `anyhow`) says it once.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TrainingError {
    /// The start position cannot be played from.
    #[error("the start position: {0}")]
    Start(PositionError),
    /// A position of the main line cannot be encoded.
    #[error("the position before move {ply}: {error}")]
    Encode {
        /// The 1-based number of the move played from that position.
        ply: u32,
        /// What the encoder reported.
        error: EncodeError,
    },
    /// The record as read may not be the game the text records: the first diagnostic of
    /// the read that damages the game ([`DiagnosticKind::damages_game`]), from [`game_of`].
    #[error("the record as read is not the game written: {0}")]
    Damaged(Box<Diagnostic>),
}

/// The record of a read, for training data, when the read left the game as written; else
/// [`TrainingError::Damaged`] with the first diagnostic that damages it: a move unreadable,
/// illegal or ambiguous (and the moves and result after it dropped), a damaged board or
/// hand, undecodable bytes. Such a record's examples would be labelled with a result the
/// game may not have had (a lost `%TORYO` reads as a draw): `masu kif training` and
/// Python's `to_hcpe` leave them out and name them.
///
/// ```
/// use masu_kif::{Mode, csa, training};
///
/// // Move 3 is illegal: the reader drops it and what follows, the resignation with it.
/// let broken = "V2.2\nPI\n+\n+7776FU\n-3334FU\n+2277UM\n-8384FU\n%TORYO\n";
/// let parsed = csa::read_str(broken, Mode::Lenient)?;
/// assert!(training::game_of(&parsed).is_err());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`TrainingError::Damaged`], as above.
pub fn game_of(parsed: &Parsed) -> Result<&Record, TrainingError> {
    match parsed.warnings.iter().find(|d| d.kind.damages_game()) {
        Some(d) => Err(TrainingError::Damaged(Box::new(d.clone()))),
        None => Ok(&parsed.record),
    }
}

/// The evaluation an engine comment line gives, in centipawns from Black's side: the
/// integer that starts the line, after the `*` that marks it as an engine line. Lines that
/// start with anything else (`**解析 0 ○ ...`, plain comments) give `None`; a decimal is
/// cut at its point, as cshogi's CSA parser reads it.
///
/// ```
/// use masu_kif::training::engine_score;
///
/// assert_eq!(engine_score("* 113 -3334FU +2625FU"), Some(113));
/// assert_eq!(engine_score("* -100000"), Some(-100000));
/// assert_eq!(engine_score("a plain comment"), None);
/// assert_eq!(engine_score("*解析 0 ○ 候補手1"), None);
/// ```
pub fn engine_score(comment: &str) -> Option<i32> {
    let text = comment.strip_prefix('*')?.trim_start();
    let digits_from = usize::from(text.starts_with(['-', '+']));
    let end = text[digits_from..]
        .find(|c: char| !c.is_ascii_digit())
        .map_or(text.len(), |i| i + digits_from);
    if end == digits_from {
        return None;
    }
    // More digits than an i32 holds: saturate, the HCPE clamp takes it from there.
    text[..end]
        .parse::<i32>()
        .ok()
        .or(Some(if text.starts_with('-') {
            i32::MIN
        } else {
            i32::MAX
        }))
}

/// The engine evaluation written beside the move of node `id` (its first engine line that
/// gives one), from Black's side; `None` as well when `id` is not in the record's tree.
pub fn score_at(record: &Record, id: NodeId) -> Option<i32> {
    record
        .tree
        .get(id)?
        .comments
        .iter()
        .find_map(|c| engine_score(c))
}

/// The HCPE entries of the record's main line: one per move, the position before it, the
/// move as [`hcp::move16`], the evaluation beside it (see the [module docs](self)) and the
/// game result ([`Hcpe::DRAW`] when the record names no winner). The entries end before
/// the first move marked illegal or not legal in its position: the positions after it are
/// not positions of a game. A record read in [`crate::Mode::Lenient`] may have lost moves
/// (and its result) to what the reader could not take: pass it through [`game_of`] first.
///
/// # Errors
///
/// [`TrainingError`] when the start position cannot be played from or is composed (two
/// pawns on a file, a piece that can never move: no game reaches it, and HCP decoders,
/// masu's among them, refuse it), or a position cannot be encoded (a side without a king).
pub fn hcpe(record: &Record) -> Result<Vec<Hcpe>, TrainingError> {
    let game_result = match record.winner() {
        Some(Color::Black) => Hcpe::BLACK_WIN,
        Some(Color::White) => Hcpe::WHITE_WIN,
        None => Hcpe::DRAW,
    };
    examples(record, |example| {
        Ok(Hcpe {
            hcp: Hcp::from_position(example.pos).map_err(|e| example.encode_error(e))?,
            eval: example.eval,
            best_move: hcp::move16(example.mv),
            game_result,
        })
    })
}

/// The main line as YaneuraOu's PackedSfenValue examples, as [`hcpe`] makes HCPE entries:
/// the same positions, moves (as [`psfen::move16`]) and evaluations, `game_ply` the
/// position's move number (1 at the start of a game) and `game_result` the side to move's
/// (1 won, -1 lost, 0 a draw or no winner named).
///
/// # Errors
///
/// [`TrainingError`], as [`hcpe`].
pub fn psv(record: &Record) -> Result<Vec<PackedSfenValue>, TrainingError> {
    let winner = record.winner();
    examples(record, |example| {
        let turn = example.pos.turn();
        Ok(PackedSfenValue {
            sfen: PackedSfen::from_position(example.pos).map_err(|e| example.encode_error(e))?,
            score: example.eval,
            best_move: psfen::move16(example.mv),
            game_ply: u16::try_from(example.pos.ply()).unwrap_or(u16::MAX),
            game_result: winner.map_or(0, |w| if w == turn { 1 } else { -1 }),
        })
    })
}

/// A main-line position of a record and what is known of its move.
struct Example<'a> {
    pos: &'a Position,
    mv: Move,
    /// The evaluation beside the move, the side to move's, clamped to `i16`.
    eval: i16,
    /// The move's number in the record (1-based).
    ply: u32,
}

impl Example<'_> {
    fn encode_error(&self, error: EncodeError) -> TrainingError {
        TrainingError::Encode {
            ply: self.ply,
            error,
        }
    }
}

/// `make` of every main-line position before a legal move, in order (see [`hcpe`]).
fn examples<T>(
    record: &Record,
    mut make: impl FnMut(&Example<'_>) -> Result<T, TrainingError>,
) -> Result<Vec<T>, TrainingError> {
    // A mate problem is no game to learn from: the errors do not say how to read one.
    let (mut pos, faults) = record
        .start
        .position_and_faults()
        .map_err(|e| TrainingError::Start(e.without_tsume_hint()))?;
    if !faults.is_empty() {
        // The error that names the faults; built only for such a start.
        Position::from_setup(record.start.setup, SetupMode::Strict)
            .map_err(|e| TrainingError::Start(e.without_tsume_hint()))?;
    }
    let mut out = Vec::with_capacity(record.tree.main_line_len());
    for id in record.tree.main_line() {
        let Some(m) = record.tree[id].recorded_move() else {
            continue;
        };
        if m.illegal || !pos.is_legal(&m.mv) {
            break;
        }
        let black_side = score_at(record, id).unwrap_or(0);
        let own_side = match pos.turn() {
            Color::Black => black_side,
            Color::White => black_side.saturating_neg(),
        };
        out.push(make(&Example {
            pos: &pos,
            mv: m.mv,
            eval: own_side.clamp(-i32::from(i16::MAX), i32::from(i16::MAX)) as i16,
            ply: record.tree[id].ply(),
        })?);
        pos.play_unchecked(m.mv);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Mode, csa};

    #[test]
    fn psv_examples_are_the_hcpe_entries_with_ply_and_the_movers_result() {
        let text = "V2.2\nPI\n+\n+7776FU\n'** 40 -3334FU\n-3334FU\n'** 35\n+2726FU\n%TORYO\n";
        let record = csa::read_str(text, Mode::Strict).expect("reads").record;
        let examples = psv(&record).expect("converts");
        let entries = hcpe(&record).expect("converts");
        assert_eq!(examples.len(), 3);
        // White resigned at move 4: Black, to move at plies 1 and 3, won.
        let labels: Vec<_> = examples
            .iter()
            .map(|e| (e.game_ply, e.game_result, e.score))
            .collect();
        assert_eq!(labels, [(1, 1, 40), (2, -1, -35), (3, 1, 0)]);
        for (example, entry) in examples.iter().zip(&entries) {
            assert_eq!(example.to_hcpe().as_ref(), Ok(entry));
        }
    }

    #[test]
    fn a_node_of_another_record_has_no_score() {
        // A node id from a longer record: no node of this one, and no panic.
        let long = Record::from_usi("position startpos moves 7g7f 3c3d 2g2f").expect("reads");
        let short = Record::from_usi("position startpos moves 7g7f").expect("reads");
        let far = long.main_line_end();
        assert_eq!(score_at(&short, far), None);
    }

    #[test]
    fn a_composed_start_gives_no_training_data() {
        // White's six pawns on file 2 (二歩): a composition, read with a warning, and no
        // game's position, which HCP decoding refuses.
        let text = "P1 *  *  *  *  *  *  * -FU-OU\nP2 *  *  *  *  *  *  * -FU * \nP3 *  *  *  *  *  *  *  *  * \nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n+\n+2726FU\n";
        let record = csa::read_str(text, Mode::Lenient).expect("reads").record;
        assert!(!record.start.composed_faults().is_empty());
        let err = hcpe(&record).expect_err("a composed start");
        assert!(err.to_string().contains("two pawns on a file"), "{err}");
        // The same game without the second pawn gives its entry.
        let fixed = text.replacen(
            "P2 *  *  *  *  *  *  * -FU * ",
            "P2 *  *  *  *  *  *  *  *  * ",
            1,
        );
        let record = csa::read_str(&fixed, Mode::Lenient).expect("reads").record;
        assert_eq!(hcpe(&record).map(|e| e.len()), Ok(1));
    }

    #[test]
    fn a_mate_problem_is_refused_without_saying_how_to_read_one() {
        // Black has no king and White two pawns on file 1: a composed mate problem, which
        // the readers take (with a warning), and no game to learn from; the message is not
        // the Rust hint at `SetupMode::Tsume`.
        let text = "P1 *  *  *  *  *  *  *  * -OU\nP2 *  *  *  *  *  *  *  * -FU\nP3 *  *  *  *  *  *  *  * -FU\nP4 *  *  *  *  *  *  *  *  * \nP5 *  *  *  *  *  *  *  *  * \nP6 *  *  *  *  *  *  *  *  * \nP7 *  *  *  *  *  *  *  *  * \nP8 *  *  *  *  *  *  *  *  * \nP9 *  *  *  *  *  *  *  *  * \nP+00KI\nP-00AL\n+\n+0012KI\n";
        let record = csa::read_str(text, Mode::Lenient).expect("reads").record;
        let err = hcpe(&record).expect_err("a mate problem");
        assert_eq!(
            err.to_string(),
            "the start position: invalid position: missing king, two pawns on a file"
        );
    }
}
