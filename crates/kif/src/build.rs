//! The resolution phase shared by the readers: moves are checked against the position and
//! hung into the tree, and a line that goes on past a fourfold repetition is reported;
//! variations, comments and trailers find their nodes.

mod ending;

use shogi::{Color, Move, Position, Square};

use self::ending::Ending;
use crate::diag::{Diagnostic, DiagnosticKind, ReadError, Sink, fail};
use crate::line_positions::LinePositions;
use crate::movetext::KifMove;
use crate::record::{MoveTime, NodeId, NodeKind, Record, RecordedMove, Special};
use crate::resolve::KifMoveError;

/// Where a syntax item came from, for diagnostics.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Origin<'a> {
    pub(crate) line: usize,
    /// The line, or on a long line the piece of it that a diagnostic quotes.
    pub(crate) text: &'a str,
    /// 1-based character column in `text`.
    pub(crate) column: usize,
    /// Where `text` starts in its line (zero for the whole line).
    pub(crate) shift: Shift,
}

/// How far into its line an excerpt starts, in characters and in bytes.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Shift {
    pub(crate) chars: usize,
    pub(crate) bytes: usize,
}

impl<'a> Origin<'a> {
    /// Line `line` (1-based), whole, at column 1.
    pub(crate) fn line(line: usize, text: &'a str) -> Origin<'a> {
        Origin {
            line,
            text,
            column: 1,
            shift: Shift::default(),
        }
    }

    pub(crate) fn diag(&self, kind: DiagnosticKind) -> Diagnostic {
        self.diag_at(kind, self.column)
    }

    /// A diagnostic at character `column` of `text`, its columns counted in the whole line.
    pub(crate) fn diag_at(&self, kind: DiagnosticKind, column: usize) -> Diagnostic {
        let mut d = Diagnostic::new(kind, self.line, self.text, column);
        d.column += self.shift.chars;
        d.byte_column += self.shift.bytes;
        d
    }
}

/// Why the current block takes no more moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stop {
    Open,
    /// A special ended it.
    Special,
    /// An illegal move was kept as a possible recorded foul.
    Foul,
    /// An error; later lines of the block are reported as dropped.
    Broken,
}

/// Builds the tree of a record from moves given in file order.
#[derive(Debug)]
pub(crate) struct Builder {
    pub(crate) record: Record,
    pub(crate) sink: Sink,
    /// The current line: `path[k]` is the node at ply `k` (`path[0]` the root).
    path: Vec<NodeId>,
    /// The positions after the nodes of `path` (the last one, and the way back).
    positions: LinePositions,
    stop: Stop,
    /// The diagnostic of a kept illegal move, reported if the block goes on after it.
    foul: Option<Diagnostic>,
    /// Plies that `変化` headers may still replay (see [`Builder::earn`]).
    budget: usize,
    /// Where the game of the current line ended by a fourth occurrence of a position.
    ended: Option<Ending>,
    /// The node of the last ending reported as gone on after ([`Builder::after_ending`]):
    /// each ending is reported once, not again for every variation that branches off after
    /// it.
    reported: Option<NodeId>,
}

/// Plies a builder makes room for at most before the first move: a game rarely has more,
/// and a long file of comments does not get a large table it never fills.
const RESERVED_PLIES: usize = 512;

impl Builder {
    /// A builder from `start`, with room for about `plies` moves (an estimate from the text,
    /// so that the tree and the positions seldom grow and copy themselves).
    pub(crate) fn new(mut record: Record, start: Position, sink: Sink, plies: usize) -> Builder {
        let plies = plies.min(RESERVED_PLIES);
        record.tree.reserve(plies);
        let positions = LinePositions::new(start, plies);
        let mut path = Vec::with_capacity(plies + 1);
        path.push(NodeId::ROOT);
        Builder {
            record,
            sink,
            path,
            positions,
            stop: Stop::Open,
            foul: None,
            budget: 0,
            ended: None,
            reported: None,
        }
    }

    /// The node that comments, bookmarks and trailers attach to.
    pub(crate) fn current(&self) -> NodeId {
        self.path.last().copied().unwrap_or(NodeId::ROOT)
    }

    /// The ply the next move gets.
    pub(crate) fn next_ply(&self) -> u32 {
        u32::try_from(self.path.len()).unwrap_or(u32::MAX)
    }

    /// The side to move at the next ply, counted from the start (a kept foul has no
    /// position after it, but the turn passes all the same).
    pub(crate) fn side_to_move(&self) -> Color {
        self.side_at(self.next_ply())
    }

    /// The side to move at `ply` (from 1), counted from the start.
    pub(crate) fn side_at(&self, ply: u32) -> Color {
        crate::record::side_at(self.record.start.setup.turn, ply)
    }

    /// The position after the current node.
    pub(crate) fn position(&self) -> &Position {
        self.positions.last()
    }

    fn last_to(&self) -> Option<Square> {
        let node = &self.record.tree[self.current()];
        node.recorded_move().map(|m| m.mv.to())
    }

    /// A numbered line (KIF): a number below the next ply starts an implicit variation from
    /// that ply (unless `km` only fits as the next move: then the number is just wrong), one
    /// above it is reported and read as the next ply.
    #[inline]
    pub(crate) fn renumber(
        &mut self,
        number: u32,
        km: Option<&KifMove>,
        at: &Origin<'_>,
    ) -> Result<bool, ReadError> {
        let next = self.next_ply();
        if number == next {
            return Ok(true);
        }
        self.misnumbered(number, km, at)
    }

    /// [`Builder::renumber`] of a number that is not the next ply's, out of line.
    #[cold]
    #[inline(never)]
    fn misnumbered(
        &mut self,
        number: u32,
        km: Option<&KifMove>,
        at: &Origin<'_>,
    ) -> Result<bool, ReadError> {
        let next = self.next_ply();
        // No ply is numbered 0: that number is only wrong, as one above the next ply is.
        if number != 0 && number < next && !self.fits_only_next(number as usize, km) {
            let d = at.diag(DiagnosticKind::MoveNumber).detail(format!(
                "move {number} after move {}: read as a variation",
                next - 1
            ));
            self.sink.warn(d)?;
            self.truncate(number as usize);
            return Ok(true);
        }
        // A move line left out is reported as dropped, once: its number, measured against
        // a line that stopped before it, would be reported as wrong on every line.
        if self.leaves_out(km.is_some()) {
            return Ok(true);
        }
        let d = at
            .diag(DiagnosticKind::MoveNumber)
            .detail(match number {
                u32::MAX => format!("expected move {next}, found a number past any move's"),
                _ => format!("expected move {next}, found {number}"),
            })
            .ply(next);
        self.sink.warn(d)?;
        Ok(true)
    }

    /// Whether `km` resolves as the next move but not as an alternative to move `number`.
    fn fits_only_next(&self, number: usize, km: Option<&KifMove>) -> bool {
        let Some(km) = km else { return false };
        let fits = |ply: usize| {
            let last_to = self.record.tree[self.path[ply]]
                .recorded_move()
                .map(|m| m.mv.to());
            km.to_move(&self.positions.at(ply), last_to).is_ok()
        };
        let ply = number.saturating_sub(1);
        self.stop == Stop::Open && ply < self.path.len() && !fits(ply) && fits(self.path.len() - 1)
    }

    /// Checks that the block can take another move or special; reports why not.
    fn open(&mut self, at: &Origin<'_>) -> Result<bool, ReadError> {
        match self.stop {
            Stop::Open => Ok(true),
            Stop::Foul => {
                // The kept illegal move was not the last one: it is an error after all.
                let d = self
                    .foul
                    .take()
                    .map(|d| d.add_detail("the record goes on after it"));
                if let Some(d) = d {
                    self.sink.warn(d)?;
                }
                self.stop = Stop::Broken;
                self.dropped(at)
            }
            Stop::Special => {
                let d = at.diag(DiagnosticKind::AfterSpecial).ply(self.next_ply());
                self.sink.warn(d)?;
                Ok(false)
            }
            Stop::Broken => self.dropped(at),
        }
    }

    /// Whether a move line read now is left out (reported as dropped, or as text after a
    /// special) rather than read: the block stopped on an error or at a special, or a kept
    /// foul is followed by a move (`is_move`) rather than the special that states it. Such
    /// a line's number and side mark are not checked: the line is not read, and the ply
    /// and side they would be checked against stopped before it.
    pub(crate) fn leaves_out(&self, is_move: bool) -> bool {
        match self.stop {
            Stop::Open => false,
            Stop::Special | Stop::Broken => true,
            Stop::Foul => is_move,
        }
    }

    /// Whether the current block stopped on an error (its further moves are dropped).
    pub(crate) fn is_broken(&self) -> bool {
        matches!(self.stop, Stop::Broken | Stop::Foul)
    }

    /// A move cannot follow a special or a recorded foul (a `変化` block may lead back to
    /// one): report it.
    #[inline]
    fn after_foul(&mut self, at: &Origin<'_>) -> Result<bool, ReadError> {
        let node = &self.record.tree[self.current()];
        let foul = node.special().is_some() || node.recorded_move().is_some_and(|m| m.illegal);
        if foul {
            self.report_after_foul(at)?;
        }
        Ok(foul)
    }

    /// [`Builder::after_foul`]'s report, out of line.
    #[cold]
    #[inline(never)]
    fn report_after_foul(&mut self, at: &Origin<'_>) -> Result<(), ReadError> {
        let d = at
            .diag(DiagnosticKind::BadVariation)
            .detail("a move after a special or a recorded foul")
            .ply(self.next_ply());
        self.sink.warn(d)?;
        self.stop = Stop::Broken;
        Ok(())
    }

    /// Whether the current block stopped on an unreadable move (not a kept foul).
    pub(crate) fn is_dead(&self) -> bool {
        self.stop == Stop::Broken
    }

    /// Reports the rest of a line as dropped, once.
    pub(crate) fn dropped_rest(&mut self, at: &Origin<'_>) -> Result<(), ReadError> {
        if self.stop == Stop::Foul {
            self.open(at)?;
        } else {
            self.dropped(at)?;
        }
        Ok(())
    }

    /// The node a comment, bookmark or program comment (`what`) written here belongs to:
    /// the current one; `None` after a move that was not read, when the note is that
    /// move's and is dropped with it (put on the last move read, it would speak of a move
    /// it was not written after), and reported.
    pub(crate) fn note_node(
        &mut self,
        at: &Origin<'_>,
        what: &str,
    ) -> Result<Option<NodeId>, ReadError> {
        if !self.is_dead() {
            return Ok(Some(self.current()));
        }
        let d = at.diag(DiagnosticKind::Dropped).detail(format!(
            "{what} after a move not read: it is that move's, not the last move read"
        ));
        self.sink.warn(d)?;
        Ok(None)
    }

    /// Lets later `変化` headers replay moves: each input byte pays for one replayed ply,
    /// which keeps reading linear in the input size.
    pub(crate) fn earn(&mut self, bytes: usize) {
        self.budget = self.budget.saturating_add(bytes);
    }

    fn dropped(&mut self, at: &Origin<'_>) -> Result<bool, ReadError> {
        let d = at
            .diag(DiagnosticKind::Dropped)
            .detail("after an unreadable or illegal move of this line");
        self.sink.warn(d)?;
        Ok(false)
    }

    /// Resolves and adds a move; returns its node.
    pub(crate) fn add_move(
        &mut self,
        km: &KifMove,
        time: Option<MoveTime>,
        at: &Origin<'_>,
    ) -> Result<Option<NodeId>, ReadError> {
        // The usual case, an open block after a move, tested here; the others' reports
        // are out of line.
        if (self.stop != Stop::Open && !self.open(at)?) || self.after_foul(at)? {
            return Ok(None);
        }
        self.after_ending(None, at)?;
        let (pos, last_to) = (self.positions.last(), self.last_to());
        // `to_move`, its error made only for text that gives no move (`legal_move` is
        // `to_move(..).ok()`, worked out without the error).
        let resolved = match km.legal_move(pos, last_to) {
            Some(mv) => Ok(mv),
            None => km.to_move(pos, last_to),
        };
        let mv = match resolved {
            Ok(mv) => mv,
            Err(e) => return self.unresolved(e, time, at),
        };
        self.check_promotion_word(km, mv, at)?;
        self.push_legal(mv, time, at).map(Some)
    }

    /// Adds a move text that gives no legal move: an illegal move is kept as a possible
    /// recorded foul, any other error breaks the block.
    #[cold]
    #[inline(never)]
    fn unresolved(
        &mut self,
        e: KifMoveError,
        time: Option<MoveTime>,
        at: &Origin<'_>,
    ) -> Result<Option<NodeId>, ReadError> {
        match e {
            KifMoveError::Illegal { mv, reason } => {
                // The diagnostic's kind says `illegal move`; its detail, the rule broken.
                let d = self.move_error(at, &reason.to_string(), &e);
                // Strict reading refuses every illegal move, even a foul the record states.
                if self.sink.is_strict() {
                    return Err(fail(d));
                }
                // No position exists after a foul: the position stays, beside `path`, and
                // `after_foul` refuses moves from here.
                let id = self.push(
                    || NodeKind::Move(RecordedMove { mv, illegal: true }),
                    time,
                    None,
                );
                self.foul = Some(d);
                self.stop = Stop::Foul;
                Ok(Some(id))
            }
            e => {
                let d = self.move_error(at, &e.to_string(), &e);
                self.sink.warn(d)?;
                self.stop = Stop::Broken;
                Ok(None)
            }
        }
    }

    /// A KI2 move that could promote, written with neither `成` nor `不成` (nor `生`): read
    /// as not promoting, as the format's convention reads it, with a warning, since the
    /// writers that follow the format write `不成` (the text alone names two moves).
    fn check_promotion_word(
        &mut self,
        km: &KifMove,
        mv: Move,
        at: &Origin<'_>,
    ) -> Result<(), ReadError> {
        let Move::Normal {
            promote: false,
            from,
            to,
            kind,
            capture,
        } = mv
        else {
            return Ok(());
        };
        // A KIF move names its origin, and KIF writers leave `不成` out as often as not:
        // only KI2 text needs the word to say which move it is.
        if km.promotion.is_some() || km.from.is_some() {
            return Ok(());
        }
        let promoting = Move::Normal {
            from,
            to,
            kind,
            capture,
            promote: true,
        };
        if !self.positions.last().is_legal(&promoting) {
            return Ok(());
        }
        let d = at
            .diag(DiagnosticKind::NoPromotionWord)
            .detail("could promote but says neither 成 nor 不成; read as not promoting")
            .ply(self.next_ply());
        self.sink.warn(d)
    }

    fn push_legal(
        &mut self,
        mv: Move,
        time: Option<MoveTime>,
        at: &Origin<'_>,
    ) -> Result<NodeId, ReadError> {
        let parent = self.current();
        // A variation that repeats an existing move continues that node (Kifu for Windows
        // files edited by hand repeat the main move under `変化`).
        let existing = self.record.tree[parent]
            .children()
            .iter()
            .copied()
            .find(|&c| {
                self.record.tree[c]
                    .recorded_move()
                    .is_some_and(|m| m.mv == mv && !m.illegal)
            });
        let id = match existing {
            Some(id) => {
                if time.is_some() && self.record.tree[id].time != time {
                    let d = at
                        .diag(DiagnosticKind::BadVariation)
                        .detail("repeats an existing move with another time; kept the first")
                        .ply(self.next_ply());
                    self.sink.warn(d)?;
                }
                self.step(id, Some(mv));
                id
            }
            None => self.push(
                || NodeKind::Move(RecordedMove { mv, illegal: false }),
                time,
                Some(mv),
            ),
        };
        Ok(id)
    }

    /// Adds a node after the current one and steps to it, playing `mv` (none for a node
    /// that leaves the position as it is).
    fn push(
        &mut self,
        kind: impl FnOnce() -> NodeKind,
        time: Option<MoveTime>,
        mv: Option<Move>,
    ) -> NodeId {
        let parent = self.current();
        let id = self.record.tree.push_with(parent, kind).unwrap_or(parent);
        self.record.tree[id].time = time;
        if id != parent {
            self.step(id, mv);
        }
        id
    }

    /// Steps to `id`, a child of the current node, playing `mv` (none for a node that
    /// leaves the position as it is), and notes a fourth occurrence of a position.
    fn step(&mut self, id: NodeId, mv: Option<Move>) {
        self.path.push(id);
        match mv {
            Some(mv) => {
                self.positions.play(mv);
                self.note_ending(id);
            }
            None => self.positions.stay(),
        }
    }

    fn move_error(&self, at: &Origin<'_>, what: &str, e: &KifMoveError) -> Diagnostic {
        let mut d = at
            .diag(DiagnosticKind::IllegalMove)
            .detail(what)
            .ply(self.next_ply());
        if matches!(e, KifMoveError::Ambiguous { .. }) {
            d.kind = DiagnosticKind::AmbiguousMove;
        }
        let pos = self.positions.last();
        d.sfen = Some(pos.to_string());
        d.candidates = candidates(pos, e);
        d
    }

    /// Adds a special; the block then takes no more moves.
    pub(crate) fn add_special(
        &mut self,
        special: Special,
        time: Option<MoveTime>,
        at: &Origin<'_>,
    ) -> Result<Option<NodeId>, ReadError> {
        if self.stop == Stop::Foul {
            self.stop = Stop::Open;
            // `反則勝ち` or `反則負け` right after the illegal move states the foul; any other
            // special (`投了`) leaves it unexplained: kept, and reported.
            let foul = self.foul.take();
            if let Some(mut d) = foul.filter(|_| !special.ends_in_foul()) {
                d.kind = DiagnosticKind::RecordedFoul;
                self.sink.warn(
                    d.add_detail(format!("followed by {special}, not 反則勝ち or 反則負け")),
                )?;
            }
        }
        if !self.open(at)? {
            return Ok(None);
        }
        if self.record.tree[self.current()].special().is_some() {
            let d = at.diag(DiagnosticKind::AfterSpecial).ply(self.next_ply());
            self.sink.warn(d)?;
            self.stop = Stop::Broken;
            return Ok(None);
        }
        self.after_ending(Some(&special), at)?;
        // Keep the special on the path so comments after it attach to it, but no position.
        let id = self.push(|| NodeKind::Special(special), time, None);
        self.stop = Stop::Special;
        Ok(Some(id))
    }

    /// Starts a `変化：N手` block: an alternative to move `n` of the current line.
    pub(crate) fn start_variation(&mut self, n: u32, at: &Origin<'_>) -> Result<(), ReadError> {
        self.close_block()?;
        let n = n as usize;
        // A block may start past the end of the line it branches from: follow the first
        // children (`mog__kif_game_006.kif` has such blocks).
        while self.path.len() < n {
            let next = self.record.tree[self.current()].children().first().copied();
            if !self.extend(next) {
                break;
            }
        }
        if n == 0 || self.path.len() < n {
            let detail = format!("the line has no move {}", n.saturating_sub(1));
            return self.broken_variation(at, detail);
        }
        self.truncate(n);
        Ok(())
    }

    /// A variation header that does not read: the block it opens is left out.
    pub(crate) fn bad_variation(
        &mut self,
        at: &Origin<'_>,
        detail: String,
    ) -> Result<(), ReadError> {
        self.close_block()?;
        self.broken_variation(at, detail)
    }

    /// Reports a variation whose block cannot be placed; its moves are left out.
    fn broken_variation(&mut self, at: &Origin<'_>, detail: String) -> Result<(), ReadError> {
        let d = at.diag(DiagnosticKind::BadVariation).detail(detail);
        self.sink.warn(d)?;
        self.stop = Stop::Broken;
        Ok(())
    }

    /// Steps along `next` (a child of the current node), replaying it; false if it cannot.
    fn extend(&mut self, next: Option<NodeId>) -> bool {
        let Some(next) = next else { return false };
        if self.budget == 0 {
            return false;
        }
        self.budget -= 1;
        match self.record.tree[next].kind {
            NodeKind::Move(m) if !m.illegal && self.positions.last().is_legal(&m.mv) => {
                self.step(next, Some(m.mv));
                true
            }
            _ => false,
        }
    }

    fn truncate(&mut self, len: usize) {
        self.path.truncate(len.max(1));
        self.positions.truncate(len.max(1) - 1);
        // A line that branches off before the ending has not ended.
        if self.ended.is_some_and(|end| end.ply >= self.path.len()) {
            self.ended = None;
        }
        self.stop = Stop::Open;
        self.foul = None;
    }

    /// A move text that does not parse, at `column` where `expected` could stand: reported,
    /// and the block breaks there (the moves after it are dropped, each said so).
    pub(crate) fn bad_move(
        &mut self,
        at: &Origin<'_>,
        column: usize,
        expected: &'static str,
    ) -> Result<(), ReadError> {
        let d = at
            .diag_at(DiagnosticKind::BadMove, column)
            .expected(expected)
            .ply(self.next_ply());
        self.sink.warn(d)?;
        self.break_block();
        Ok(())
    }

    /// Marks the current block unreadable after a syntax error in it.
    pub(crate) fn break_block(&mut self) {
        if self.stop == Stop::Open || self.stop == Stop::Foul {
            self.stop = Stop::Broken;
        }
    }

    /// Ends the current block. A kept illegal move at its end stays a recorded foul; one
    /// that neither a special (`反則勝ち`) nor a comment explains is also reported.
    fn close_block(&mut self) -> Result<(), ReadError> {
        let foul = self.foul.take();
        if self.stop == Stop::Foul
            && self.record.tree[self.current()].comments.is_empty()
            && let Some(mut d) = foul
        {
            d.kind = DiagnosticKind::RecordedFoul;
            self.sink.warn(d)?;
        }
        Ok(())
    }

    /// Ends reading, reporting an unexplained foul at the end: every reader ends so.
    pub(crate) fn end(mut self) -> Result<(Record, Vec<Diagnostic>), ReadError> {
        self.close_block()?;
        crate::write::forget_generated_trailers(&mut self.record);
        Ok((self.record, self.sink.list))
    }
}

/// The candidates an error lists, as USI moves: the legal moves to the destination.
fn candidates(pos: &Position, e: &KifMoveError) -> Vec<String> {
    let list: Vec<Move> = match e {
        KifMoveError::Ambiguous { candidates } | KifMoveError::NoCandidate { candidates } => {
            candidates.clone()
        }
        KifMoveError::Illegal { mv, .. } => pos
            .legal_moves()
            .into_iter()
            .filter(|m| m.to() == mv.to())
            .collect(),
        _ => Vec::new(),
    };
    list.iter().map(|m| m.to_usi().to_string()).collect()
}
