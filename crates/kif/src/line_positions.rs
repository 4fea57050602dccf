//! The positions along the line a reader is building: the last one, played forward and
//! taken back in place as a masu-shogi [`Game`] (whose history of keys tells a fourth
//! occurrence of a position), and a copy every [`COPY_EVERY`] plies for the rare look at an
//! earlier one (a misnumbered move line asks whether its move fits there).
//!
//! A copy of the position for every ply cost some 460 bytes a move, written and kept to
//! the end of the record (MEASUREMENTS.md).

use std::borrow::Cow;

use shogi::{Game, Outcome, Position};

/// Plies between two kept copies: an earlier position is a copy and fewer moves than this.
const COPY_EVERY: usize = 32;

#[derive(Debug)]
pub(crate) struct LinePositions {
    /// The moves of the line from its start, with what takes each back and the keys of the
    /// positions they make (boxed: a reader's state holds the builder inline, beside a
    /// header area of about the builder's size without it).
    game: Box<Game>,
    /// The plies that leave the position as it is (a kept foul, a special), in order: the
    /// others are the game's moves.
    stays: Vec<usize>,
    /// `copies[j]` is the position after ply `j * COPY_EVERY`.
    copies: Vec<Position>,
}

impl LinePositions {
    /// The line of no ply from `start`, with room for `plies`.
    pub(crate) fn new(start: Position, plies: usize) -> LinePositions {
        let mut game = Box::new(Game::from_position(start.clone()));
        game.reserve(plies);
        LinePositions {
            copies: vec![start],
            game,
            stays: Vec::new(),
        }
    }

    /// The position after the last ply.
    pub(crate) fn last(&self) -> &Position {
        self.game.position()
    }

    /// How the rules end the game at the last position when it is a fourth occurrence
    /// (masu-shogi's [`Game::fourfold_repetition`], a few key comparisons).
    pub(crate) fn fourfold_repetition(&self) -> Option<Outcome> {
        self.game.fourfold_repetition()
    }

    /// The plies of the line.
    fn len(&self) -> usize {
        self.game.moves().len() + self.stays.len()
    }

    /// Plays `m`, which must be legal in [`LinePositions::last`], as the next ply.
    pub(crate) fn play(&mut self, m: shogi::Move) {
        self.game.play_unchecked(m);
        self.copy_if_due();
    }

    /// A ply that leaves the position as it is.
    pub(crate) fn stay(&mut self) {
        self.stays.push(self.len());
        self.copy_if_due();
    }

    fn copy_if_due(&mut self) {
        if self.len().is_multiple_of(COPY_EVERY) {
            self.copies.push(self.game.position().clone());
        }
    }

    /// Takes the plies after the first `len` back.
    pub(crate) fn truncate(&mut self, len: usize) {
        while self.len() > len {
            if self.stays.last() == Some(&(self.len() - 1)) {
                self.stays.pop();
            } else if self.game.undo().is_none() {
                break;
            }
        }
        self.copies.truncate(len / COPY_EVERY + 1);
    }

    /// The moves among the first `ply` plies.
    fn moves_in(&self, ply: usize) -> usize {
        ply - self.stays.partition_point(|&s| s < ply)
    }

    /// The position after the first `ply` plies (the last one from `ply` on).
    pub(crate) fn at(&self, ply: usize) -> Cow<'_, Position> {
        if ply >= self.len() {
            return Cow::Borrowed(self.game.position());
        }
        let copied = ply / COPY_EVERY;
        let mut pos = self.copies[copied].clone();
        let moves = &self.game.moves()[self.moves_in(copied * COPY_EVERY)..self.moves_in(ply)];
        for &m in moves {
            pos.play_unchecked(m);
        }
        Cow::Owned(pos)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shogi::Move;

    /// Every position of a long line, asked for after plays, stays and take-backs, equals
    /// the one the moves make when played again from the start.
    #[test]
    fn earlier_positions_are_those_the_moves_make() {
        let start = Position::startpos();
        let mut line = LinePositions::new(start.clone(), 0);
        let mut played: Vec<Option<Move>> = Vec::new();
        let mut seed = 7_u64;
        let mut next = |n: usize| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) as usize % n
        };
        for step in 0..600 {
            if step % 97 == 96 {
                let len = next(played.len() + 1);
                line.truncate(len);
                played.truncate(len);
            } else if step % 13 == 12 {
                line.stay();
                played.push(None);
            } else {
                let moves = line.last().legal_moves();
                if moves.is_empty() {
                    line.truncate(0);
                    played.clear();
                    continue;
                }
                let m = moves[next(moves.len())];
                line.play(m);
                played.push(Some(m));
            }
            let ply = next(played.len() + 1);
            let mut expected = start.clone();
            for m in played[..ply].iter().flatten() {
                expected.play_unchecked(*m);
            }
            assert_eq!(*line.at(ply), expected, "step {step}, ply {ply}");
        }
    }
}
