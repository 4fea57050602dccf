//! Checking a [`Setup`] against the rules.

use std::fmt;

use bitflags::bitflags;

use super::Position;
use crate::{Bitboard, Color, Piece, PieceKind, Setup, SetupMode};

bitflags! {
    /// The reasons a setup is not a valid position (several can hold at once).
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    pub struct PositionErrorKinds: u32 {
        /// A side has no king (allowed for the attacker in [`SetupMode::Tsume`]).
        const MISSING_KING = 1 << 0;
        /// A side has more than one king.
        const TOO_MANY_KINGS = 1 << 1;
        /// More pieces of a kind than a set has (18 pawns, 4 lances, knights, silvers and
        /// golds, 2 bishops and rooks), counting board and hands.
        const TOO_MUCH_MATERIAL = 1 << 2;
        /// A pawn or lance on its last rank, or a knight on its last two: it could never move.
        const STUCK_PIECE = 1 << 3;
        /// Two unpromoted pawns of one side on one file (二歩).
        #[doc(alias = "nifu")]
        const TWO_PAWNS = 1 << 4;
        /// The side not to move is in check.
        const OPPOSITE_CHECK = 1 << 5;
        /// The move number is above [`MAX_MOVE_NUMBER`](crate::MAX_MOVE_NUMBER): a game
        /// played on from it would take [`Position::ply`] past what a `u32` holds.
        const MOVE_NUMBER = 1 << 6;
    }
}

/// The setup breaks the rules; see [`PositionError::kinds`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionError {
    kinds: PositionErrorKinds,
    position: Box<Position>,
    /// Read in [`SetupMode::Strict`] with one king only: a mate problem, most likely.
    tsume_hint: bool,
}

impl PositionError {
    /// Every rule the setup breaks.
    #[must_use]
    pub fn kinds(&self) -> PositionErrorKinds {
        self.kinds
    }

    /// The error without the hint its message closes with when the attacker's king is
    /// missing (that a mate problem reads with [`SetupMode::Tsume`]), for callers to whom a
    /// mate problem is no answer: training data needs a game.
    ///
    /// ```
    /// use masu_shogi::Position;
    ///
    /// let err = Position::from_sfen("4k4/9/9/9/9/9/9/9/9 b G 1").unwrap_err().to_string();
    /// assert!(err.ends_with("missing king (a mate problem without the attacker's king reads with SetupMode::Tsume)"));
    /// let err = Position::from_sfen("4k4/9/9/9/9/9/9/9/9 b G 1").unwrap_err();
    /// let masu_shogi::ParseSfenError::Position(err) = err else { unreachable!() };
    /// assert_eq!(err.without_tsume_hint().to_string(), "invalid position: missing king");
    /// ```
    #[must_use]
    pub fn without_tsume_hint(mut self) -> PositionError {
        self.tsume_hint = false;
        self
    }

    /// Accepts the position if a missing king is its only fault (for problems and studies).
    ///
    /// # Errors
    ///
    /// The error again when other faults remain.
    pub fn ignore_missing_king(self) -> Result<Position, PositionError> {
        self.ignore(PositionErrorKinds::MISSING_KING)
    }

    /// Accepts the position if its faults are all among `kinds`. Composed positions (tsume
    /// jokes such as 九歩, nine pawns on one file) break [`PositionErrorKinds::TWO_PAWNS`] and
    /// [`PositionErrorKinds::STUCK_PIECE`] on purpose; move generation stays sound for them,
    /// since it never relies on those rules holding on the board. A position whose side
    /// not to move is in check, with two kings of a side, or with more pieces than a set
    /// (hand counts are packed into fields sized for one set) is never safe to accept.
    ///
    /// # Errors
    ///
    /// The error again, with only the remaining faults, when other faults remain or `kinds`
    /// names [`PositionErrorKinds::OPPOSITE_CHECK`], [`PositionErrorKinds::TOO_MANY_KINGS`]
    /// or [`PositionErrorKinds::TOO_MUCH_MATERIAL`].
    pub fn ignore(mut self, kinds: PositionErrorKinds) -> Result<Position, PositionError> {
        let unsafe_to_ignore = PositionErrorKinds::OPPOSITE_CHECK
            | PositionErrorKinds::TOO_MANY_KINGS
            | PositionErrorKinds::TOO_MUCH_MATERIAL;
        self.kinds.remove(kinds - unsafe_to_ignore);
        if self.kinds.is_empty() {
            Ok(*self.position)
        } else {
            Err(self)
        }
    }
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("invalid position:")?;
        let names = [
            (PositionErrorKinds::MISSING_KING, "missing king"),
            (PositionErrorKinds::TOO_MANY_KINGS, "too many kings"),
            (PositionErrorKinds::TOO_MUCH_MATERIAL, "too much material"),
            (PositionErrorKinds::STUCK_PIECE, "piece that can never move"),
            (PositionErrorKinds::TWO_PAWNS, "two pawns on a file"),
            (
                PositionErrorKinds::OPPOSITE_CHECK,
                "side not to move in check",
            ),
            (
                PositionErrorKinds::MOVE_NUMBER,
                "move number above 2147483647",
            ),
        ];
        let mut sep = " ";
        for (flag, name) in names {
            if self.kinds.contains(flag) {
                write!(f, "{sep}{name}")?;
                sep = ", ";
            }
        }
        if self.tsume_hint && self.kinds.contains(PositionErrorKinds::MISSING_KING) {
            f.write_str(
                " (a mate problem without the attacker's king reads with SetupMode::Tsume)",
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for PositionError {}

impl Position {
    /// Checks `setup` against the rules and builds the position.
    ///
    /// # Errors
    ///
    /// [`PositionError`] naming every broken rule.
    pub fn from_setup(setup: Setup, mode: SetupMode) -> Result<Position, PositionError> {
        let mut setup = setup;
        let mut pos = Position::from_setup_unchecked(&setup);
        let has_king =
            |pos: &Position, c: Color| pos.pieces_of(Piece::new(c, PieceKind::King)).any();
        // A game position has no defender; a tsume position's gets every piece not placed.
        let defender = (mode == SetupMode::Tsume).then(|| {
            match (has_king(&pos, Color::Black), has_king(&pos, Color::White)) {
                (true, false) => Color::Black,
                (false, true) => Color::White,
                // The attacker moves first; later positions of a solution keep a kingless
                // attacker.
                _ => !pos.turn(),
            }
        });
        if let Some(defender) = defender {
            fill_hand(&mut setup, defender, pos.material_counts());
            // Only the hands changed: the board's sets and key stand.
            pos.replace_hands(setup.hands);
        }
        let mut kinds = pos.errors();
        let has_king = |c: Color| has_king(&pos, c);
        if let Some(defender) = defender
            && has_king(defender)
            && !has_king(!defender)
        {
            // The attacker may have no king; the defender must have one.
            kinds.remove(PositionErrorKinds::MISSING_KING);
        }
        if kinds.is_empty() {
            Ok(pos)
        } else {
            Err(PositionError {
                kinds,
                tsume_hint: mode == SetupMode::Strict && has_king(!pos.turn()),
                position: Box::new(pos),
            })
        }
    }

    fn errors(&self) -> PositionErrorKinds {
        let mut kinds = PositionErrorKinds::empty();
        for color in Color::ALL {
            match self.pieces_of(Piece::new(color, PieceKind::King)).count() {
                0 => kinds |= PositionErrorKinds::MISSING_KING,
                1 => {}
                _ => kinds |= PositionErrorKinds::TOO_MANY_KINGS,
            }
            for kind in [PieceKind::Pawn, PieceKind::Lance, PieceKind::Knight] {
                let stuck = self.pieces_of(Piece::new(color, kind)) & kind.dead_squares(color);
                if stuck.any() {
                    kinds |= PositionErrorKinds::STUCK_PIECE;
                }
            }
            let pawns = self.pieces_of(Piece::new(color, PieceKind::Pawn));
            if (1..=9).any(|f| (pawns & Bitboard::file(f)).has_more_than_one()) {
                kinds |= PositionErrorKinds::TWO_PAWNS;
            }
        }
        if self
            .material_counts()
            .iter()
            .zip(PieceKind::HAND)
            .any(|(&n, kind)| n > u32::from(kind.max_count()))
        {
            kinds |= PositionErrorKinds::TOO_MUCH_MATERIAL;
        }
        if let Some(ksq) = self.king_square(!self.turn)
            && self.attackers_to(ksq, self.turn).any()
        {
            kinds |= PositionErrorKinds::OPPOSITE_CHECK;
        }
        if self.ply > crate::MAX_MOVE_NUMBER {
            kinds |= PositionErrorKinds::MOVE_NUMBER;
        }
        kinds
    }

    /// Pieces of each hand kind (by [`PieceKind::index`]) on the board, promoted or not,
    /// and in both hands, counted on the bitboards.
    fn material_counts(&self) -> [u32; 7] {
        let mut counts = [0u32; 7];
        for kind in PieceKind::HAND {
            let promoted = kind
                .promoted()
                .map_or(Bitboard::EMPTY, |p| self.pieces_of_kind(p));
            let in_hands = Color::ALL.map(|c| u32::from(self.hands[c].count(kind)));
            counts[kind.index()] =
                (self.pieces_of_kind(kind) | promoted).count() + in_hands[0] + in_hands[1];
        }
        counts
    }
}

/// Gives `defender` every piece of the set not placed anywhere (`counts` from
/// [`Position::material_counts`] of `setup`).
fn fill_hand(setup: &mut Setup, defender: Color, counts: [u32; 7]) {
    let hand = &mut setup.hands[defender];
    for kind in PieceKind::HAND {
        let missing = u32::from(kind.max_count()).saturating_sub(counts[kind.index()]);
        let n = u32::from(hand.count(kind)) + missing;
        // The sum never exceeds the set size, so this cannot fail.
        let _ = hand.set(kind, u8::try_from(n).unwrap_or(u8::MAX));
    }
}
