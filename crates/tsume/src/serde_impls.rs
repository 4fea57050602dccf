//! `serde` support (the `serde` feature).
//!
//! | type | form |
//! |---|---|
//! | [`StopReason`] | its [`StopReason::kind`], `"node_limit"` |
//! | [`Expected`] | `{"mate": 3}`, `"no_mate"`, `"unknown"` |
//! | [`Verdict`] | `{"kind": "mate", "length": 3, "exact": true, "line": ["G*1c", ...], "leftover": "-", "convention": {"kind": "same"}, "alternatives": [{"ply": 0, "move": "G*2b", "last": false}], "undecided": [], "alternatives_complete": true, "stopped": null}`, `{"kind": "no_mate"}`, `{"kind": "no_mate_within", "plies": 7}`, `{"kind": "unknown", "reason": "node_limit"}`; write only: its moves are read against a position, so read a [`Solution`] |
//! | [`Solution`] | `{"position": <SFEN>, "verdict": <verdict>}`; the position reads as written (a tsume position when the attacker has no king); reading checks every move, and that a mate's line is one (checks, a checkmate at its end, its length) and its alternatives other checks |

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use shogi::{Hand, Move, Position, UsiMove};

use crate::problem::parse_position;
use crate::solution::Solution;
use crate::verdict::{Alternative, Convention, ConventionAnswer, Mate, StopReason, Verdict};

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for StopReason {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.kind())
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for StopReason {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<StopReason, D::Error> {
        let text = String::deserialize(d)?;
        StopReason::ALL
            .into_iter()
            .find(|reason| reason.kind() == text)
            .ok_or_else(|| {
                D::Error::custom(
                    "not a stop reason: expected node_limit, time_limit, cancelled, \
                     depth_limit or no_line",
                )
            })
    }
}

/// The wire form of a [`Verdict`]: moves as USI.
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum VerdictText {
    Mate(MateText),
    NoMate,
    NoMateWithin { plies: u32 },
    Unknown { reason: StopReason },
}

#[derive(Serialize, Deserialize)]
struct MateText {
    length: u32,
    exact: bool,
    line: Vec<UsiMove>,
    leftover: Hand,
    convention: ConventionText,
    alternatives: Vec<AlternativeText>,
    undecided: Vec<AlternativeText>,
    /// Absent from what earlier versions wrote: read as false (not known complete).
    #[serde(default)]
    alternatives_complete: bool,
    /// Absent from what earlier versions wrote: read as none.
    #[serde(default)]
    stopped: Option<StopReason>,
}

#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum ConventionText {
    Same,
    Differs(ConventionAnswerText),
    Unknown,
}

#[derive(Serialize, Deserialize)]
struct ConventionAnswerText {
    length: u32,
    line: Vec<UsiMove>,
    leftover: Hand,
    alternatives: Vec<AlternativeText>,
    undecided: Vec<AlternativeText>,
    alternatives_complete: bool,
}

#[derive(Serialize, Deserialize)]
struct AlternativeText {
    ply: usize,
    #[serde(rename = "move")]
    mv: UsiMove,
    last: bool,
}

fn usi(line: &[Move]) -> Vec<UsiMove> {
    line.iter().map(Move::to_usi).collect()
}

fn alternatives_text(alternatives: &[Alternative]) -> Vec<AlternativeText> {
    alternatives
        .iter()
        .map(|a| AlternativeText {
            ply: a.ply,
            mv: a.mv.to_usi(),
            last: a.last,
        })
        .collect()
}

impl From<&Verdict> for VerdictText {
    fn from(verdict: &Verdict) -> VerdictText {
        match verdict {
            Verdict::Mate(mate) => VerdictText::Mate(MateText {
                length: mate.length,
                exact: mate.exact,
                line: usi(&mate.line),
                leftover: mate.leftover,
                convention: match &mate.convention {
                    Convention::Same => ConventionText::Same,
                    Convention::Differs(c) => ConventionText::Differs(ConventionAnswerText {
                        length: c.length,
                        line: usi(&c.line),
                        leftover: c.leftover,
                        alternatives: alternatives_text(&c.alternatives),
                        undecided: alternatives_text(&c.undecided),
                        alternatives_complete: c.alternatives_complete,
                    }),
                    Convention::Unknown => ConventionText::Unknown,
                },
                alternatives: alternatives_text(&mate.alternatives),
                undecided: alternatives_text(&mate.undecided),
                alternatives_complete: mate.alternatives_complete,
                stopped: mate.stopped,
            }),
            Verdict::NoMate => VerdictText::NoMate,
            Verdict::NoMateWithin { plies } => VerdictText::NoMateWithin { plies: *plies },
            Verdict::Unknown { reason } => VerdictText::Unknown { reason: *reason },
        }
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Verdict {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        VerdictText::from(self).serialize(s)
    }
}

/// A line read against `start`: the moves, and the position before each of them and
/// after the last.
fn read_line(start: &Position, line: &[UsiMove]) -> Result<(Vec<Move>, Vec<Position>), String> {
    let mut positions = vec![start.clone()];
    let mut moves = Vec::with_capacity(line.len());
    for (index, u) in line.iter().enumerate() {
        let mut pos = positions[index].clone();
        let m = u
            .to_move(&pos)
            .map_err(|e| format!("move {} of the line: {e}", index + 1))?;
        pos.play_unchecked(m);
        moves.push(m);
        positions.push(pos);
    }
    Ok((moves, positions))
}

/// Checks that a line read is a mate of at most `length` plies (exactly `length` when
/// `exact`): attacker and defender in turn, every attacker move a check, and (`mated`) the
/// last position checkmate. A reported mate is a mate, read back or not. (A convention
/// line may end where the defender has only futile interpositions left: no checkmate by
/// the rules.)
fn check_mate_line(
    positions: &[Position],
    length: u32,
    exact: bool,
    mated: bool,
) -> Result<(), String> {
    let moves = positions.len() - 1;
    let len = u32::try_from(moves).unwrap_or(u32::MAX);
    if moves.is_multiple_of(2) || length.is_multiple_of(2) {
        return Err(format!(
            "a mate line of {moves} moves, length {length}: a mate has an odd number of plies"
        ));
    }
    if len > length || (exact && len != length) {
        return Err(format!(
            "a line of {moves} moves for a mate of length {length}"
        ));
    }
    for (i, after) in positions.iter().enumerate().skip(1).step_by(2) {
        if !after.in_check() {
            return Err(format!("move {i} of the line gives no check"));
        }
    }
    match positions.last() {
        Some(end) if !mated || end.is_checkmate() => Ok(()),
        _ => Err("the line does not end in checkmate".to_owned()),
    }
}

/// Alternatives of a line whose positions are `positions` (before each move).
fn read_alternatives(
    positions: &[Position],
    alternatives: &[AlternativeText],
) -> Result<Vec<Alternative>, String> {
    alternatives
        .iter()
        .map(|a| {
            // The last position is after the line: no alternative stands there.
            let pos = positions[..positions.len() - 1]
                .get(a.ply)
                .ok_or_else(|| format!("alternative at ply {} beyond the line", a.ply))?;
            let mv =
                a.mv.to_move(pos)
                    .map_err(|e| format!("alternative at ply {}: {e}", a.ply))?;
            // The attacker's other checks, each named with whether it is the last move's.
            let mut after = pos.clone();
            after.play_unchecked(mv);
            let other = positions.get(a.ply + 1).is_some_and(|line| *line != after);
            if a.ply % 2 == 1
                || !other
                || !after.in_check()
                || a.last != (a.ply + 2 == positions.len())
            {
                return Err(format!(
                    "alternative at ply {}: not another check of the line",
                    a.ply
                ));
            }
            Ok(Alternative {
                ply: a.ply,
                mv,
                last: a.last,
            })
        })
        .collect()
}

fn read_verdict(position: &Position, text: VerdictText) -> Result<Verdict, String> {
    Ok(match text {
        VerdictText::Mate(m) => {
            let (line, positions) = read_line(position, &m.line)?;
            check_mate_line(&positions, m.length, m.exact, true)?;
            let convention = match m.convention {
                ConventionText::Same => Convention::Same,
                ConventionText::Unknown => Convention::Unknown,
                ConventionText::Differs(c) => {
                    let (conv_line, conv_positions) = read_line(position, &c.line)?;
                    check_mate_line(&conv_positions, c.length, true, false)
                        .map_err(|e| format!("the convention line: {e}"))?;
                    Convention::Differs(ConventionAnswer {
                        length: c.length,
                        alternatives: read_alternatives(&conv_positions, &c.alternatives)?,
                        undecided: read_alternatives(&conv_positions, &c.undecided)?,
                        line: conv_line,
                        leftover: c.leftover,
                        alternatives_complete: c.alternatives_complete,
                    })
                }
            };
            Verdict::Mate(Mate {
                length: m.length,
                exact: m.exact,
                alternatives: read_alternatives(&positions, &m.alternatives)?,
                undecided: read_alternatives(&positions, &m.undecided)?,
                line,
                leftover: m.leftover,
                convention,
                alternatives_complete: m.alternatives_complete,
                stopped: m.stopped,
            })
        }
        VerdictText::NoMate => Verdict::NoMate,
        VerdictText::NoMateWithin { plies } => Verdict::NoMateWithin { plies },
        VerdictText::Unknown { reason } => Verdict::Unknown { reason },
    })
}

#[derive(Serialize)]
struct SolutionOut<'a> {
    position: String,
    verdict: &'a Verdict,
}

#[derive(Deserialize)]
struct SolutionIn {
    position: String,
    verdict: VerdictText,
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Solution {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        SolutionOut {
            position: self.position.to_sfen(),
            verdict: &self.verdict,
        }
        .serialize(s)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Solution {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Solution, D::Error> {
        let text = SolutionIn::deserialize(d)?;
        // The position as written: strictly when that reads (a tsume reading gives the
        // defender every piece missing from the board and the hands, which turned a game
        // position of a few pieces into another position), else as a tsume position, the
        // attacker without a king (such a position holds every piece already).
        let position = Position::from_sfen(&text.position)
            .or_else(|_| parse_position(&text.position))
            .map_err(D::Error::custom)?;
        let verdict = read_verdict(&position, text.verdict).map_err(D::Error::custom)?;
        Ok(Solution { position, verdict })
    }
}
