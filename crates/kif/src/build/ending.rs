//! The end the rules give a line: a fourth occurrence of a position (千日手, or 連続王手の
//! 千日手), which masu-shogi tells from the keys of the line's positions as the builder
//! plays each move, and what is read after it, reported once.

use shogi::{Color, Outcome};

use super::{Builder, Origin};
use crate::diag::{DiagnosticKind, ReadError};
use crate::record::{NodeId, Special};

/// A fourth occurrence of a position on the current line: by the rules the game ended there.
#[derive(Debug, Clone, Copy)]
pub(super) struct Ending {
    /// The node whose move made it.
    pub(super) node: NodeId,
    /// Its ply, its index in the path.
    pub(super) ply: usize,
    /// A draw, or a win by perpetual check.
    pub(super) outcome: Outcome,
}

impl Builder {
    /// Notes a fourth occurrence of a position made by the move of node `id`, just played
    /// and stepped to: a count to look at a move.
    #[inline]
    pub(super) fn note_ending(&mut self, id: NodeId) {
        if self.positions.may_be_fourth_occurrence() {
            self.note_fourth_occurrence(id);
        }
    }

    /// [`Builder::note_ending`] where the count allows a fourth occurrence (seldom outside
    /// a repetition), unless the line's game has already ended.
    #[cold]
    #[inline(never)]
    fn note_fourth_occurrence(&mut self, id: NodeId) {
        if self.ended.is_some() {
            return;
        }
        if let Some(outcome) = self.positions.fourfold_repetition() {
            self.ended = Some(Ending {
                node: id,
                ply: self.path.len() - 1,
                outcome,
            });
        }
    }

    /// Reports a move (`special` none) or a special read after the game of the line ended
    /// by repetition, once for each ending: the record goes on past the end the rules give
    /// it. The move is read all the same. A special right after the ending is not reported
    /// when it agrees with it ([`agrees`]).
    #[inline]
    pub(super) fn after_ending(
        &mut self,
        special: Option<&Special>,
        at: &Origin<'_>,
    ) -> Result<(), ReadError> {
        match self.ended {
            Some(end) => self.report_after_ending(end, special, at),
            None => Ok(()),
        }
    }

    /// [`Builder::after_ending`] once the line has ended (seldom: a record that goes on).
    #[cold]
    #[inline(never)]
    fn report_after_ending(
        &mut self,
        end: Ending,
        special: Option<&Special>,
        at: &Origin<'_>,
    ) -> Result<(), ReadError> {
        let agreeing = special.is_some_and(|s| agrees(s, self.side_to_move(), end.outcome));
        if self.reported == Some(end.node) || agreeing {
            return Ok(());
        }
        let ended = format!(
            "the position after ply {} occurred a fourth time: {}",
            end.ply, end.outcome
        );
        let detail = match special {
            Some(special) => format!("{ended}; the record says {special}"),
            None => ended,
        };
        self.reported = Some(end.node);
        let d = at
            .diag(DiagnosticKind::AfterRepetition)
            .detail(detail)
            .ply(self.next_ply());
        self.sink.warn(d)
    }
}

/// Whether `special`, played by `mover` right after a repetition that ended the game with
/// `outcome`, agrees with it: `千日手` names the ending, even one that perpetual check
/// makes a loss (the record says how the game ended, if not who lost); a special that
/// states no result (`中断`) says nothing against it; any other must give the same winner,
/// or a draw for a draw (`投了` after a 千日手 gives a win the rules do not).
fn agrees(special: &Special, mover: Color, outcome: Outcome) -> bool {
    *special == Special::Repetition
        || special
            .outcome(mover)
            .is_none_or(|stated| stated.winner() == outcome.winner())
}
