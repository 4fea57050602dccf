//! Raw position data without invariants.

use crate::{ByColor, Color, Hand, Piece, PieceKind, Square};

/// A position as plain data: anything can be written here, and
/// [`Position::from_setup`](crate::Position::from_setup) checks it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The piece on each square, indexed by [`Square::index`].
    pub board: [Option<Piece>; 81],
    /// Pieces in hand.
    pub hands: ByColor<Hand>,
    /// The side to move.
    pub turn: Color,
    /// The move number as SFEN writes it (1 for a fresh game).
    pub ply: u32,
}

impl Default for Setup {
    /// The empty board, Black to move, move number 1.
    fn default() -> Setup {
        Setup {
            board: [None; 81],
            hands: ByColor::default(),
            turn: Color::Black,
            ply: 1,
        }
    }
}

/// How [`Position::from_setup`](crate::Position::from_setup) treats a setup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum SetupMode {
    /// Every rule of a game position: both kings present, at most one set of pieces.
    #[default]
    Strict,
    /// A tsume (mate problem) position: the attacker may have no king, and every piece of the
    /// set that is neither on the board nor in a hand goes to the defender's hand. The
    /// defender is the only side with a king, or else the side not to move.
    Tsume,
}

/// The even-game start, built at compile time: record readers start most records from
/// it and compare setups with it, and building it square by square took 150 instructions
/// a time where a copy takes a few.
const STARTPOS: Setup = {
    use PieceKind::{Bishop, Gold, King, Knight, Lance, Pawn, Rook, Silver};
    const fn put(setup: &mut Setup, file: u8, rank: u8, color: Color, kind: PieceKind) {
        if let Some(sq) = Square::new(file, rank) {
            setup.board[sq.index()] = Some(Piece::new(color, kind));
        }
    }
    let back = [
        Lance, Knight, Silver, Gold, King, Gold, Silver, Knight, Lance,
    ];
    let mut setup = Setup {
        board: [None; 81],
        hands: ByColor {
            black: Hand::EMPTY,
            white: Hand::EMPTY,
        },
        turn: Color::Black,
        ply: 1,
    };
    let mut i = 0;
    while i < back.len() {
        let file = i as u8 + 1;
        put(&mut setup, file, 1, Color::White, back[i]);
        put(&mut setup, file, 3, Color::White, Pawn);
        put(&mut setup, file, 7, Color::Black, Pawn);
        put(&mut setup, file, 9, Color::Black, back[i]);
        i += 1;
    }
    put(&mut setup, 8, 2, Color::White, Rook);
    put(&mut setup, 2, 2, Color::White, Bishop);
    put(&mut setup, 2, 8, Color::Black, Rook);
    put(&mut setup, 8, 8, Color::Black, Bishop);
    setup
};

impl Setup {
    /// The even-game (平手) start position.
    #[must_use]
    pub fn startpos() -> Setup {
        STARTPOS
    }

    /// The piece on `sq`.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board[sq.index()]
    }

    /// Puts `piece` (or nothing) on `sq`.
    pub fn set_piece(&mut self, sq: Square, piece: Option<Piece>) {
        self.board[sq.index()] = piece;
    }

    /// The same position seen from the other side: the board turned half a turn
    /// ([`Square::flip`]), every piece and hand changing sides, and the other side to move;
    /// the move number stays. The rules are the same from either side, so a legal position
    /// rotates to a legal one (a mate problem to a mate problem), and rotating twice gives
    /// the setup back. Its moves are the rotated position's, each
    /// [`Move::rotated`](crate::Move::rotated).
    ///
    /// ```
    /// use masu_shogi::{Position, SetupMode};
    ///
    /// // After 7g7f 3c3d 8h2b+ 3a2b, and the same game seen from White's side.
    /// let pos = Position::from_sfen("lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5")?;
    /// let rotated = Position::from_setup(pos.to_setup().rotated(), SetupMode::Strict)?;
    /// assert_eq!(rotated.to_sfen(), "lnsgkgsnl/1r7/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1S5R1/LN1GKGSNL w Bb 5");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn rotated(&self) -> Setup {
        let mut board = [None; 81];
        for (i, piece) in self.board.iter().enumerate() {
            board[80 - i] = piece.map(|p| Piece::new(!p.color, p.kind));
        }
        Setup {
            board,
            hands: ByColor {
                black: self.hands.white,
                white: self.hands.black,
            },
            turn: !self.turn,
            ply: self.ply,
        }
    }
}
