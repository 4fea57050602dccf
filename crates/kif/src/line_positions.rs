//! The positions along the line a reader is building: the last one, played forward and
//! taken back in place, and a copy every [`COPY_EVERY`] plies for the rare look at an
//! earlier one (a misnumbered move line asks whether its move fits there); and whether the
//! last one occurs for the fourth time, which ends the game.
//!
//! A copy of the position for every ply cost some 460 bytes a move, written and kept to
//! the end of the record (MEASUREMENTS.md).

mod key_counts;

use std::borrow::Cow;

use shogi::{Game, Move, Outcome, Position, Undo};

use self::key_counts::KeyCounts;

/// Plies between two kept copies: an earlier position is a copy and fewer moves than this.
const COPY_EVERY: usize = 32;

/// How many times a position occurs for 千日手.
const REPETITIONS: usize = 4;

#[derive(Debug)]
pub(crate) struct LinePositions {
    /// The position after the last ply (boxed: a reader's state holds the builder
    /// inline, beside a header area of about the builder's size without it).
    last: Box<Position>,
    /// Each ply after the start: its move and what undoes it (with the key of the position
    /// before it), or none for a ply that leaves the position as it is (a kept foul, a
    /// special).
    plies: Vec<Option<(Move, Undo)>>,
    /// `copies[j]` is the position after ply `j * COPY_EVERY`.
    copies: Vec<Position>,
    /// The positions of the line (the start and one after each move) by their keys.
    keys: KeyCounts,
    /// At least the number of the line's positions that are the last one.
    last_count: u8,
}

impl LinePositions {
    /// The line of no ply from `start`, with room for `plies`.
    pub(crate) fn new(start: Position, plies: usize) -> LinePositions {
        LinePositions {
            // Counters for the moves expected, up to a kilobyte's (a longer line counts
            // again with more when it gets there).
            keys: KeyCounts::new(std::iter::once(start.key()), (plies + 1).min(256)),
            last_count: 1,
            copies: vec![start.clone()],
            last: Box::new(start),
            plies: Vec::with_capacity(plies),
        }
    }

    /// The position after the last ply.
    pub(crate) fn last(&self) -> &Position {
        &self.last
    }

    /// Plays `m`, which must be legal in [`LinePositions::last`], as the next ply.
    pub(crate) fn play(&mut self, m: Move) {
        let undo = self.last.play_unchecked(m);
        self.last_count = self.keys.add(self.last.key());
        self.plies.push(Some((m, undo)));
        self.copy_if_due();
    }

    /// A ply that leaves the position as it is.
    pub(crate) fn stay(&mut self) {
        self.plies.push(None);
        self.copy_if_due();
    }

    /// [`LinePositions::copy`] every [`COPY_EVERY`] plies.
    #[inline]
    fn copy_if_due(&mut self) {
        if self.plies.len().is_multiple_of(COPY_EVERY) {
            self.copy();
        }
    }

    /// Keeps a copy of the last position, and counts the keys again with more counters
    /// when they get crowded (looked at every [`COPY_EVERY`] plies only: a quarter full and
    /// that many more is still sparse).
    #[inline(never)]
    fn copy(&mut self) {
        self.copies.push(Position::clone(&self.last));
        if self.keys.is_crowded(self.plies.len()) {
            self.keys = KeyCounts::new(self.keys(), 2 * self.plies.len());
        }
    }

    /// Takes the plies after the first `len` back.
    pub(crate) fn truncate(&mut self, len: usize) {
        while self.plies.len() > len {
            if let Some(Some((m, undo))) = self.plies.pop() {
                self.keys.remove(self.last.key());
                self.last.undo_unchecked(m, undo);
            }
        }
        self.last_count = self.keys.at_least(self.last.key());
        self.copies.truncate(len / COPY_EVERY + 1);
    }

    /// The position after the first `ply` plies (the last one from `ply` on).
    pub(crate) fn at(&self, ply: usize) -> Cow<'_, Position> {
        if ply >= self.plies.len() {
            return Cow::Borrowed(self.last.as_ref());
        }
        let copied = ply / COPY_EVERY;
        let mut pos = self.copies[copied].clone();
        for &(m, _) in self.plies[copied * COPY_EVERY..ply].iter().flatten() {
            pos.play_unchecked(m);
        }
        Cow::Owned(pos)
    }

    /// The keys of the line's positions: the one before each move, and the last.
    fn keys(&self) -> impl Iterator<Item = u64> + '_ {
        let before = self.plies.iter().flatten().map(|(_, undo)| undo.key());
        before.chain(std::iter::once(self.last.key()))
    }

    /// Whether the last position may occur for the fourth time on the line: a count of its
    /// key's low bits, which says no at once almost always.
    #[inline]
    pub(crate) fn may_be_fourth_occurrence(&self) -> bool {
        usize::from(self.last_count) >= REPETITIONS
    }

    /// How the rules end the game at the last position when it occurs for the fourth time
    /// on the line (a draw, or a win by perpetual check): the keys of the line compared,
    /// and at a fourth occurrence the line's moves played again as a masu-shogi [`Game`],
    /// which tells a draw from a perpetual check. Ask where
    /// [`LinePositions::may_be_fourth_occurrence`] allows it.
    pub(crate) fn fourfold_repetition(&self) -> Option<Outcome> {
        let key = self.last.key();
        if self.keys().filter(|&k| k == key).count() < REPETITIONS {
            return None;
        }
        let mut game = Game::from_position(self.copies[0].clone());
        game.reserve(self.plies.len());
        for &(m, _) in self.plies.iter().flatten() {
            game.play_unchecked(m);
        }
        game.fourfold_repetition()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers below the one asked for, the same ones from the same `seed`.
    fn numbers(mut seed: u64) -> impl FnMut(usize) -> usize {
        move |n| {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            (seed >> 33) as usize % n
        }
    }

    /// Every position of a long line, asked for after plays, stays and take-backs, equals
    /// the one the moves make when played again from the start.
    #[test]
    fn earlier_positions_are_those_the_moves_make() {
        let start = Position::startpos();
        let mut line = LinePositions::new(start.clone(), 0);
        let mut played: Vec<Option<Move>> = Vec::new();
        let mut next = numbers(7);
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

    /// Along a line of a few pieces that go back and forth, checking where they can (played,
    /// taken back, with plies that stay), past the counters' first size, the fourth
    /// occurrences of positions and their outcome (draws, and wins by perpetual check) are
    /// those masu-shogi's `Game` finds.
    #[test]
    fn fourth_occurrences_are_those_of_the_game() {
        let start =
            Position::from_sfen("3gk4/9/9/9/8R/9/9/9/4KG3 b - 1").unwrap_or_else(|e| panic!("{e}"));
        let mut line = LinePositions::new(start.clone(), 0);
        let mut game = Game::from_position(start.clone());
        let mut played: Vec<Option<Move>> = Vec::new();
        let mut next = numbers(3);
        let (mut draws, mut wins, mut longest) = (0, 0, 0);
        for step in 0..3_000 {
            if step % 401 == 400 {
                let len = next(played.len() + 1);
                line.truncate(len);
                while played.len() > len {
                    if played.pop().flatten().is_some() {
                        game.undo();
                    }
                }
            } else if step % 29 == 28 {
                line.stay();
                played.push(None);
            } else {
                // One of the first few moves: the pieces stay near and come back (a mate
                // ends the line, played again from the start).
                let moves = line.last().legal_moves();
                if moves.is_empty() {
                    line = LinePositions::new(start.clone(), 0);
                    game = Game::from_position(start.clone());
                    played.clear();
                    continue;
                }
                let checks = |m: &Move| {
                    let mut after = line.last().clone();
                    after.play_unchecked(*m);
                    after.in_check()
                };
                let m = match moves.iter().find(|m| checks(m)) {
                    Some(&check) if next(4) != 0 => check,
                    _ => moves[next(moves.len().min(3))],
                };
                line.play(m);
                game.play_unchecked(m);
                played.push(Some(m));
                let found = if line.may_be_fourth_occurrence() {
                    line.fourfold_repetition()
                } else {
                    None
                };
                assert_eq!(found, game.fourfold_repetition(), "step {step}");
                match found {
                    Some(Outcome::Draw { .. }) => draws += 1,
                    Some(Outcome::Win { .. }) => wins += 1,
                    _ => {}
                }
            }
            longest = longest.max(played.len());
        }
        assert!(
            draws > 0 && wins > 0 && longest > 1_024 / 4,
            "{draws} draws, {wins} wins, {longest} plies"
        );
    }
}
