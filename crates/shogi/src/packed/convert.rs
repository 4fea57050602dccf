//! One training example in the other format: YaneuraOu's PackedSfenValue as dlshogi's HCPE
//! and back, for pipelines that train on one from data generated in the other.
//!
//! The position is decoded and encoded again (the two formats' codes differ), the move is
//! resolved in it and written in the other 16-bit code, the score copied (both are the side
//! to move's), and the game result turned between the side to move's point of view
//! (PackedSfenValue: 1 won, 0 drawn, -1 lost) and the board's (HCPE: 1 Black won, 2 White
//! won, 0 drawn).

use super::{DecodeError, Hcp, Hcpe, PackedSfen, PackedSfenValue, hcp, psfen};
use crate::Color;

impl PackedSfenValue {
    /// The same example as HCPE.
    ///
    /// ```
    /// use masu_shogi::packed::{Hcpe, PackedSfen, PackedSfenValue, psfen};
    /// use masu_shogi::Position;
    ///
    /// let pos = Position::startpos();
    /// let best_move = psfen::move16(pos.parse_usi_move("2g2f")?);
    /// let sfen = PackedSfen::from_position(&pos)?;
    /// let example = PackedSfenValue { sfen, score: 40, best_move, game_ply: 1, game_result: -1 };
    /// let hcpe = example.to_hcpe()?;
    /// assert_eq!(hcpe.game_result, Hcpe::WHITE_WIN); // Black, to move, lost
    /// assert_eq!(hcpe.to_psv(1)?, example);
    /// # Ok::<_, Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`DecodeError`] when the bytes are not a position, the move code is not a legal move
    /// there, or the game result is not 1, 0 or -1.
    pub fn to_hcpe(&self) -> Result<Hcpe, DecodeError> {
        let pos = self.sfen.to_position()?;
        let mv = psfen::move_from16(&pos, self.best_move)?;
        let game_result = match (self.game_result, pos.turn()) {
            (0, _) => Hcpe::DRAW,
            (1, Color::Black) | (-1, Color::White) => Hcpe::BLACK_WIN,
            (1, Color::White) | (-1, Color::Black) => Hcpe::WHITE_WIN,
            (other, _) => return Err(DecodeError::GameResult(other)),
        };
        Ok(Hcpe {
            hcp: Hcp::from_position(&pos)?,
            eval: self.score,
            best_move: hcp::move16(mv),
            game_result,
        })
    }
}

impl Hcpe {
    /// The same example as PackedSfenValue, at `game_ply` (HCPE does not store the ply).
    ///
    /// # Errors
    ///
    /// [`DecodeError`] when the bytes are not a position, the move code is not a legal move
    /// there, or the game result is not 0, 1 or 2.
    pub fn to_psv(&self, game_ply: u16) -> Result<PackedSfenValue, DecodeError> {
        let pos = self.hcp.to_position()?;
        let mv = hcp::move_from16(&pos, self.best_move)?;
        let game_result = match (self.game_result, pos.turn()) {
            (Hcpe::DRAW, _) => 0,
            (Hcpe::BLACK_WIN, Color::Black) | (Hcpe::WHITE_WIN, Color::White) => 1,
            (Hcpe::BLACK_WIN, Color::White) | (Hcpe::WHITE_WIN, Color::Black) => -1,
            (other, _) => return Err(DecodeError::GameResult(other)),
        };
        Ok(PackedSfenValue {
            sfen: PackedSfen::from_position(&pos)?,
            score: self.eval,
            best_move: psfen::move16(mv),
            game_ply,
            game_result,
        })
    }
}
