//! How a game ended.
//!
//! # Examples
//!
//! ```
//! use masu_shogi::{Color, Outcome, WinReason};
//!
//! let o = Outcome::Win { winner: Color::White, reason: WinReason::Resignation };
//! assert_eq!(o.to_string(), "white wins by resignation");
//! assert_eq!(o.winner(), Some(Color::White));
//! assert_eq!("white wins by resignation".parse::<Outcome>()?, o);
//! assert_eq!(Outcome::REPETITION.to_string(), "draw by repetition");
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use crate::Color;

/// The end of a game: a win for one side, or a draw.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One side won.
    Win {
        /// The side that won.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

/// Why a game was won.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WinReason {
    /// 詰み: the loser, to move, had no legal move (shogi has no stalemate).
    Checkmate,
    /// 投了: the loser resigned.
    Resignation,
    /// 連続王手の千日手: the position repeated a fourth time and every move of the loser since
    /// its first occurrence gave check.
    #[doc(alias = "renzoku oute no sennichite")]
    PerpetualCheck,
    /// 入玉宣言: the winner declared an entering-king win (27-point rule, or 31 points or more
    /// under the 24-point rule).
    #[doc(alias = "nyugyoku")]
    EnteringKing,
    /// 切れ負け: the loser ran out of time.
    Time,
    /// 反則: the loser made an illegal move or broke a rule of play.
    IllegalMove,
    /// トライ: the winner's king reached the square of the loser's king at the start (the
    /// try rule).
    Try,
    /// 不戦勝: the loser did not play.
    Forfeit,
}

/// Why a game was drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DrawReason {
    /// 千日手: the same position (board, hands and side to move) occurred a fourth time.
    #[doc(alias = "sennichite")]
    Repetition,
    /// 持将棋 by 入玉宣言: the side to move declared with 24 to 30 points under the 24-point
    /// rule ([`DeclarationRule::Points24`](crate::DeclarationRule::Points24)).
    #[doc(alias = "jishogi")]
    EnteringKing,
    /// 引き分け: the players or the organiser agreed a draw.
    Agreement,
    /// 最大手数: the game reached its move limit.
    MoveLimit,
}

/// The text is not an outcome as [`Outcome`]'s `Display` writes it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid outcome: expected text such as black wins by checkmate or draw by repetition")]
pub struct ParseOutcomeError;

impl Outcome {
    /// A draw by repetition (千日手).
    pub const REPETITION: Outcome = Outcome::Draw {
        reason: DrawReason::Repetition,
    };

    /// The winner, `None` for a draw.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Whether the game was drawn.
    #[must_use]
    pub const fn is_draw(self) -> bool {
        matches!(self, Outcome::Draw { .. })
    }
}

impl WinReason {
    const ALL: [WinReason; 8] = [
        WinReason::Checkmate,
        WinReason::Resignation,
        WinReason::PerpetualCheck,
        WinReason::EnteringKing,
        WinReason::Time,
        WinReason::IllegalMove,
        WinReason::Try,
        WinReason::Forfeit,
    ];

    /// The English words used by [`Outcome`]'s `Display` (`perpetual check`).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            WinReason::Checkmate => "checkmate",
            WinReason::Resignation => "resignation",
            WinReason::PerpetualCheck => "perpetual check",
            WinReason::EnteringKing => "entering king",
            WinReason::Time => "time",
            WinReason::IllegalMove => "illegal move",
            WinReason::Try => "try",
            WinReason::Forfeit => "forfeit",
        }
    }
}

impl DrawReason {
    const ALL: [DrawReason; 4] = [
        DrawReason::Repetition,
        DrawReason::EnteringKing,
        DrawReason::Agreement,
        DrawReason::MoveLimit,
    ];

    /// The English words used by [`Outcome`]'s `Display` (`repetition`).
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            DrawReason::Repetition => "repetition",
            DrawReason::EnteringKing => "entering king",
            DrawReason::Agreement => "agreement",
            DrawReason::MoveLimit => "move limit",
        }
    }
}

impl fmt::Display for Outcome {
    /// `black wins by checkmate`, `white wins by perpetual check`, `draw by repetition`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Win { winner, reason } => {
                write!(f, "{} wins by {}", winner.name(), reason.as_str())
            }
            Outcome::Draw { reason } => write!(f, "draw by {}", reason.as_str()),
        }
    }
}

impl FromStr for Outcome {
    type Err = ParseOutcomeError;

    /// Reads what `Display` writes.
    fn from_str(s: &str) -> Result<Outcome, ParseOutcomeError> {
        if let Some(reason) = s.strip_prefix("draw by ") {
            return DrawReason::ALL
                .into_iter()
                .find(|r| r.as_str() == reason)
                .map(|reason| Outcome::Draw { reason })
                .ok_or(ParseOutcomeError);
        }
        let (color, reason) = s.split_once(" wins by ").ok_or(ParseOutcomeError)?;
        let winner = Color::ALL
            .into_iter()
            .find(|&c| c.name() == color)
            .ok_or(ParseOutcomeError)?;
        let reason = WinReason::ALL
            .into_iter()
            .find(|r| r.as_str() == reason)
            .ok_or(ParseOutcomeError)?;
        Ok(Outcome::Win { winner, reason })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips() {
        let mut all: Vec<Outcome> = DrawReason::ALL
            .into_iter()
            .map(|reason| Outcome::Draw { reason })
            .collect();
        for winner in Color::ALL {
            for reason in WinReason::ALL {
                all.push(Outcome::Win { winner, reason });
            }
        }
        for o in all {
            assert_eq!(o.to_string().parse::<Outcome>(), Ok(o), "{o}");
        }
        assert!("black wins by default".parse::<Outcome>().is_err());
        assert!("draw".parse::<Outcome>().is_err());
        assert!(Outcome::REPETITION.is_draw());
        assert_eq!(Outcome::REPETITION.winner(), None);
    }
}
