//! Telling a move apart in Japanese: the official (JSA, KI2) words 右 左 直 and 上 寄 引, the
//! `打` of a drop that a board piece could also make, and `成`/`不成` when promotion was a
//! choice.
//!
//! Reading applies the same rule backwards: [`MoveWords::select`] keeps the candidates the
//! words fit, so that a record reader and a writer agree on what each word means.

use crate::attacks::attacks;
use crate::{Bitboard, Color, JapaneseMove, Move, Piece, PieceKind, Position, Square};

/// A relative-position word (相対位置): which of several pieces moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Relative {
    /// 右: the piece on the mover's right.
    Right,
    /// 左: the piece on the mover's left.
    Left,
    /// 直: the piece moving straight forward (never said of a horse or dragon).
    Straight,
}

/// A movement word (動作): which way the piece moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Motion {
    /// 上 (also read as 行 and 入): towards the opponent.
    Up,
    /// 寄: sideways along the rank.
    Sideways,
    /// 引: back towards the mover.
    Down,
}

/// The words a KI2 move writes besides its destination and piece.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct MoveWords {
    /// 右, 左 or 直.
    pub relative: Option<Relative>,
    /// 上, 寄 or 引.
    pub motion: Option<Motion>,
    /// `成` is `Some(true)`, `不成` is `Some(false)`, neither is `None`.
    pub promotion: Option<bool>,
    /// `打`.
    pub drop: bool,
}

impl Relative {
    /// The kanji: 右, 左 or 直.
    #[must_use]
    pub const fn kanji(self) -> char {
        match self {
            Relative::Right => '右',
            Relative::Left => '左',
            Relative::Straight => '直',
        }
    }

    /// The board moves among `moves` (made by `color`) that this word picks: `直` the one
    /// moving one square straight forward, `右`/`左` those on the file farthest to the
    /// mover's right/left.
    #[must_use]
    pub fn select(self, color: Color, moves: &[Move]) -> Vec<Move> {
        let board = moves.iter().filter_map(|m| Some((m.from()?, *m)));
        match self {
            Relative::Straight => board
                .filter(|&(from, m)| is_straight_step(color, from, m.to()))
                .map(|(_, m)| m)
                .collect(),
            Relative::Right | Relative::Left => {
                // Files counted towards the mover's right (Black's right is file 1).
                let key = |sq: Square| {
                    let right = match color {
                        Color::Black => -i16::from(sq.file()),
                        Color::White => i16::from(sq.file()),
                    };
                    if self == Relative::Right {
                        right
                    } else {
                        -right
                    }
                };
                let best = board.clone().map(|(sq, _)| key(sq)).max();
                board
                    .filter(|&(sq, _)| Some(key(sq)) == best)
                    .map(|(_, m)| m)
                    .collect()
            }
        }
    }
}

impl Motion {
    /// The kanji: 上, 寄 or 引.
    #[must_use]
    pub const fn kanji(self) -> char {
        match self {
            Motion::Up => '上',
            Motion::Sideways => '寄',
            Motion::Down => '引',
        }
    }

    /// The word a board move by `color` fits; `None` for a drop.
    #[must_use]
    pub fn of(color: Color, m: &Move) -> Option<Motion> {
        let from = m.from()?;
        Some(match forward(color, from, m.to()) {
            1.. => Motion::Up,
            0 => Motion::Sideways,
            _ => Motion::Down,
        })
    }
}

/// Ranks forward for `color`: positive when the move goes towards the opponent.
fn forward(color: Color, from: Square, to: Square) -> i8 {
    let d = from.rank() as i8 - to.rank() as i8;
    match color {
        Color::Black => d,
        Color::White => -d,
    }
}

fn is_straight_step(color: Color, from: Square, to: Square) -> bool {
    from.file() == to.file() && forward(color, from, to) == 1
}

impl MoveWords {
    /// The moves among `candidates` (moves of `color`, all of the written piece to the
    /// written square: its legal ones, or all that reach the square) that these words fit:
    /// `打` keeps drops; the promotion word (absent means no promotion) keeps moves that
    /// match it; the movement word keeps moves in its direction; without `打` a board move
    /// is preferred to a drop; then the relative word chooses by file. One move left means
    /// the words name it.
    #[must_use]
    pub fn select(&self, color: Color, candidates: &[Move]) -> Vec<Move> {
        let mut fit: Vec<Move> = candidates
            .iter()
            .copied()
            .filter(|m| !self.drop || m.is_drop())
            .filter(|m| self.promotion.unwrap_or(false) == m.is_promotion())
            .filter(|m| self.motion.is_none_or(|w| Motion::of(color, m) == Some(w)))
            .collect();
        if !self.drop && fit.iter().any(|m| !m.is_drop()) {
            fit.retain(|m| !m.is_drop());
        }
        match self.relative {
            Some(rel) => rel.select(color, &fit),
            None => fit,
        }
    }

    /// These words (their promotion and `打`) with each relative and movement word that can
    /// be said of the board move `m` by `color`, in the order the JSA rules prefer them: the
    /// movement word alone, then `直`, then `右`/`左`, then `右`/`左` with the movement word.
    /// A writer takes the first that [`MoveWords::select`] narrows to `m` alone.
    pub fn variants(self, color: Color, m: &Move) -> impl Iterator<Item = MoveWords> + use<> {
        let motion = Motion::of(color, m);
        let straight = m
            .from()
            .is_some_and(|from| is_straight_step(color, from, m.to()))
            && !matches!(m.kind(), PieceKind::Dragon | PieceKind::Horse);
        let straight = straight.then_some(Relative::Straight);
        let sides = [Some(Relative::Right), Some(Relative::Left)];
        std::iter::once((None, motion))
            .chain(straight.map(|s| (Some(s), None)))
            .chain(sides.map(|r| (r, None)))
            .chain(sides.map(|r| (r, motion)))
            .chain(straight.map(|s| (Some(s), motion)))
            .map(move |(relative, motion)| MoveWords {
                relative,
                motion,
                ..self
            })
    }
}

impl Position {
    /// The words that name the legal move `m` among its rivals here, by the JSA rules:
    /// `打` only when a board piece could also reach the square; `成`/`不成` whenever
    /// promotion was a choice; the movement word (上 寄 引) if it tells the piece apart, else
    /// `直` for a piece stepping straight forward (not a horse or dragon), else `右`/`左`,
    /// else both. [`MoveWords::select`] over the rivals, or over the legal moves of the
    /// piece to the square ([`Position::legal_moves_of`]), gives back `m`.
    ///
    /// ```
    /// use masu_shogi::{Position, Relative};
    ///
    /// // Golds on 6九, 5九 and 4九 can all go to 5八.
    /// let pos: Position = "4k4/9/9/9/9/9/9/K8/3GGG3 b - 1".parse()?;
    /// let names: Vec<String> = ["6i5h", "5i5h", "4i5h"]
    ///     .iter()
    ///     .map(|usi| Ok(pos.japanese_move(&pos.parse_usi_move(usi)?, None).to_string()))
    ///     .collect::<Result<_, masu_shogi::PlayUsiError>>()?;
    /// assert_eq!(names, ["５八金左", "５八金直", "５八金右"]);
    ///
    /// let words = pos.move_words(&pos.parse_usi_move("4i5h")?);
    /// assert_eq!((words.relative, words.motion), (Some(Relative::Right), None));
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// The rivals the words tell `m` apart from are every piece of its kind whose movement
    /// reaches the square, pinned or not ([`Position::reaching_moves_of`], which holds `m`
    /// itself), as the KI2 record shogi-kifu-converter tests with writes them: readers that
    /// do not look at pins (rsshogi, shogi-kifu-converter) find the move by these words
    /// too, and a reader of legal moves alone still finds it, the words naming it among
    /// any of its rivals.
    #[must_use]
    pub fn move_words(&self, m: &Move) -> MoveWords {
        let us = self.turn();
        let candidates = self.reaching_moves_of(m.kind(), m.to(), m.is_promotion());
        let rivals = candidates
            .iter()
            .any(|c| c.from().is_some() && c.from() != m.from());
        let mut words = MoveWords::default();
        if m.is_drop() {
            words.drop = rivals;
            return words;
        }
        let mut other_choice = *m;
        if let Move::Normal { promote, .. } = &mut other_choice {
            *promote = !*promote;
        }
        if m.is_promotion() || self.is_legal(&other_choice) {
            words.promotion = Some(m.is_promotion());
        }
        if !rivals {
            return words;
        }
        words
            .variants(us, m)
            .find(|w| w.select(us, &candidates) == [*m])
            .unwrap_or(words)
    }

    /// The moves of a `kind` piece by the side to move to `to` that its movement allows,
    /// whether or not they leave the king in check or break another rule: the board moves
    /// (promoting as `promote` says) of every such piece whose attacks reach `to`, and the
    /// drop when the hand holds one and `to` is empty. What a reader that does not look at
    /// pins takes for a KI2 move's candidates, and the moves a recorded foul is one of.
    #[must_use]
    pub fn reaching_moves_of(&self, kind: PieceKind, to: Square, promote: bool) -> Vec<Move> {
        let Some((froms, capture)) = self.reaching(kind, to) else {
            return Vec::new();
        };
        let mut moves: Vec<Move> = froms
            .iter()
            .map(|from| Move::Normal {
                from,
                to,
                kind,
                capture,
                promote,
            })
            .collect();
        if capture.is_none() && self.hand(self.turn()).count(kind) > 0 {
            moves.push(Move::Drop { kind, to });
        }
        moves
    }

    /// The squares of the side to move's `kind` pieces whose movement reaches `to`, and the
    /// piece a move there takes; `None` when a piece of the side to move stands on `to`.
    fn reaching(&self, kind: PieceKind, to: Square) -> Option<(Bitboard, Option<PieceKind>)> {
        let target = self.piece_at(to);
        if target.is_some_and(|p| p.color == self.turn()) {
            return None;
        }
        let piece = Piece::new(self.turn(), kind);
        let froms = self
            .pieces_of(piece)
            .iter()
            .filter(|&from| attacks(piece, from, self.occupied()).contains(to))
            .collect();
        Some((froms, target.map(|p| p.kind)))
    }

    /// The legal moves of a `kind` piece (board moves of that kind before promotion, and its
    /// drop) to `to`: by origin square ([`Square::index`] order), a promotion before the
    /// same move without, the drop last. KI2 words tell a move apart from more: the pieces
    /// of the kind that reach `to`, a pinned one included ([`Position::reaching_moves_of`]),
    /// as [`Position::move_words`] documents.
    ///
    /// Only the pieces of the kind whose movement reaches `to` are tried (a reader resolving
    /// a KI2 move asks this at every move; generating every legal move to keep a few cost
    /// most of the reading).
    #[must_use]
    pub fn legal_moves_of(&self, kind: PieceKind, to: Square) -> Vec<Move> {
        let Some((froms, capture)) = self.reaching(kind, to) else {
            return Vec::new();
        };
        let pins = self.pins();
        let mut moves = Vec::new();
        for from in froms {
            for promote in [true, false] {
                let m = Move::Normal {
                    from,
                    to,
                    kind,
                    capture,
                    promote,
                };
                if self.is_legal_with(&m, &pins) {
                    moves.push(m);
                }
            }
        }
        let drop = Move::Drop { kind, to };
        if kind.is_hand_kind() && self.is_legal_with(&drop, &pins) {
            moves.push(drop);
        }
        moves
    }

    /// The move in official Japanese notation (the KI2 form): destination or `同　` when
    /// it is `previous`, the piece, then the words of [`Position::move_words`]
    /// (`５八金右`, `同　歩`, `２八銀左引`, `５五角打`, `２二角不成`).
    ///
    /// ```
    /// use masu_shogi::Position;
    ///
    /// let pos: Position = "4k4/9/9/9/9/5G3/9/9/K8 b G 1".parse()?;
    /// let drop = pos.parse_usi_move("G*5e")?;
    /// let step = pos.parse_usi_move("4f5e")?;
    /// assert_eq!(pos.japanese_move(&drop, None).to_string(), "５五金打");
    /// assert_eq!(pos.japanese_move(&step, None).to_string(), "５五金");
    /// assert_eq!(pos.japanese_move(&step, Some(step.to())).to_string(), "同　金");
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn japanese_move(&self, m: &Move, previous: Option<Square>) -> JapaneseMove {
        m.to_japanese(self.turn())
            .after(previous)
            .with_words(self.move_words(m))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn straight_is_one_step_forward_on_the_file() {
        let sq = |s: &str| s.parse::<Square>().unwrap_or(Square::SQ_5E);
        assert!(is_straight_step(Color::Black, sq("5i"), sq("5h")));
        assert!(!is_straight_step(Color::Black, sq("5g"), sq("5h")));
        assert!(is_straight_step(Color::White, sq("5a"), sq("5b")));
        assert!(!is_straight_step(Color::Black, sq("5i"), sq("5g")));
    }
}
