//! The values inside a JKF record: the start position (`initial`) and the fields of a
//! `move` and its `time`, each checked against the schema and placed in the text.

// Each parser returns the `Diagnostic` of a bad value so the caller decides whether it is a
// warning or an error; it is large, but only built on bad input.
#![allow(
    clippy::result_large_err,
    reason = "the Diagnostic a parser returns is large, but only built on bad input"
)]

use std::time::Duration;

use shogi::{ByColor, Color, Hand, Piece, PieceKind, Setup, Square};

use super::doc::Id;
use super::read::Reader;
use crate::Diagnostic;
use crate::build::Builder;
use crate::csa::codes;
use crate::diag::{DiagnosticKind, ReadError, Sink, fail};
use crate::movetext::{KifMove, Motion, Relative};
use crate::record::{MoveTime, StartPosition};

impl<'a> Reader<'a> {
    pub(super) fn initial(&self, raw: Id, sink: &mut Sink) -> Result<StartPosition, ReadError> {
        if self.is_null(raw) {
            return Ok(StartPosition::default());
        }
        let fields = self.fields(raw).map_err(fail)?;
        let mut preset = None;
        let mut data = None;
        for (key, value) in fields {
            match key.as_ref() {
                "preset" => {
                    preset = Some((self.string(value, "a preset name").map_err(fail)?, value))
                }
                "data" if !self.is_null(value) => data = Some(value),
                "data" => {}
                _ => sink.warn(self.unknown(&key, value))?,
            }
        }
        if let Some(data) = data {
            return self.data(data).map(StartPosition::from_setup).map_err(fail);
        }
        match preset {
            Some((name, value)) => match crate::handicap::from_jkf_preset(&name) {
                Some(h) => Ok(StartPosition::handicap(h)),
                None => {
                    let d = self
                        .origin(value)
                        .diag(DiagnosticKind::UnknownHandicap)
                        .detail(format!(
                            "preset `{name}` without `data`: starting from the even game"
                        ));
                    sink.warn(d)?;
                    Ok(StartPosition::default())
                }
            },
            None => {
                let d = self
                    .origin(raw)
                    .diag(DiagnosticKind::BadPosition)
                    .expected("`preset`");
                sink.warn(d)?;
                Ok(StartPosition::default())
            }
        }
    }

    /// `initial.data`: `board[x-1][y-1]`, `color`, `hands`.
    pub(super) fn data(&self, raw: Id) -> Result<Setup, Diagnostic> {
        let mut setup = Setup::default();
        for (key, value) in self.fields(raw)? {
            match key.as_ref() {
                "color" => setup.turn = self.color(value)?,
                "board" => self.board(value, &mut setup)?,
                "hands" => setup.hands = self.hands(value)?,
                _ => return Err(self.unknown(&key, value)),
            }
        }
        Ok(setup)
    }

    pub(super) fn color(&self, raw: Id) -> Result<Color, Diagnostic> {
        match self.integer::<u8>(raw, "0 or 1")? {
            0 => Ok(Color::Black),
            1 => Ok(Color::White),
            _ => Err(self
                .origin(raw)
                .diag(DiagnosticKind::BadMove)
                .expected("0 or 1")),
        }
    }

    pub(super) fn board(&self, raw: Id, setup: &mut Setup) -> Result<(), Diagnostic> {
        let bad = |r: Id, what: &str| {
            self.origin(r)
                .diag(DiagnosticKind::BadBoard)
                .expected(what.to_owned())
        };
        // An empty object stands for an empty board.
        if self.is_object(raw) {
            return match self.fields(raw)?.is_empty() {
                true => Ok(()),
                false => Err(bad(raw, "nine columns or {}")),
            };
        }
        let expected = "nine columns of nine squares";
        let columns = self
            .array(raw, expected)?
            .into_iter()
            .map(|c| self.array(c, expected))
            .collect::<Result<Vec<_>, _>>()?;
        if columns.len() != 9 || columns.iter().any(|c| c.len() != 9) {
            return Err(bad(raw, "nine columns of nine squares"));
        }
        for (x, column) in columns.iter().enumerate() {
            for (y, &cell) in column.iter().enumerate() {
                let piece = self.cell(cell)?;
                if let Some(sq) = Square::new(x as u8 + 1, y as u8 + 1) {
                    setup.set_piece(sq, piece);
                }
            }
        }
        Ok(())
    }

    pub(super) fn cell(&self, raw: Id) -> Result<Option<Piece>, Diagnostic> {
        let mut color = None;
        let mut kind = None;
        for (key, value) in self.fields(raw)? {
            let null = self.is_null(value);
            match key.as_ref() {
                "color" if !null => color = Some(self.color(value)?),
                "kind" if !null => kind = Some(self.kind(value)?),
                "color" | "kind" => {}
                _ => return Err(self.unknown(&key, value)),
            }
        }
        match (color, kind) {
            (Some(c), Some(k)) => Ok(Some(Piece::new(c, k))),
            (None, None) => Ok(None),
            _ => Err(self
                .origin(raw)
                .diag(DiagnosticKind::BadBoard)
                .expected("both `color` and `kind`, or neither")),
        }
    }

    pub(super) fn kind(&self, raw: Id) -> Result<PieceKind, Diagnostic> {
        let code = self.string(raw, "a piece code")?;
        codes::kind(&code).ok_or_else(|| {
            self.origin(raw)
                .diag(DiagnosticKind::BadMove)
                .expected("a piece code FU KY KE GI KI KA HI OU TO NY NK NG UM RY")
        })
    }

    pub(super) fn hands(&self, raw: Id) -> Result<ByColor<Hand>, Diagnostic> {
        let list = self.array(raw, "two hands")?;
        let &[black, white] = list.as_slice() else {
            return Err(self
                .origin(raw)
                .diag(DiagnosticKind::BadHand)
                .expected("two hands"));
        };
        Ok(ByColor {
            black: self.hand(black)?,
            white: self.hand(white)?,
        })
    }

    pub(super) fn hand(&self, raw: Id) -> Result<Hand, Diagnostic> {
        let mut hand = Hand::EMPTY;
        for (key, value) in self.fields(raw)? {
            let bad = || self.origin(value).diag(DiagnosticKind::BadHand);
            let kind = codes::kind(&key)
                .ok_or_else(|| bad().detail(format!("`{key}` is not a piece code")))?;
            let n: u8 = self
                .integer(value, "a count")
                .map_err(|d| of_kind(d, DiagnosticKind::BadHand))?;
            // Schema-valid files may list kings and promoted kinds with count 0.
            if n > 0 || kind.is_hand_kind() {
                hand.set(kind, n).map_err(|e| bad().detail(e.to_string()))?;
            }
        }
        Ok(hand)
    }
    pub(super) fn jkf_move(&self, raw: Id) -> Result<JkfMove, Diagnostic> {
        let mut m = JkfMove::default();
        let mut has = (false, false, false);
        for (key, value) in self.fields(raw)? {
            let null = self.is_null(value);
            match key.as_ref() {
                "color" => (m.color, has.0) = (self.color(value)?, true),
                "from" if !null => m.from = Some(self.place(value)?),
                "to" => (m.to, has.1) = (self.place(value)?, true),
                "piece" => (m.piece, has.2) = (self.kind(value)?, true),
                "promote" if !null => m.promote = Some(self.boolean(value, "true, false or null")?),
                "capture" if !null => m.capture = Some(self.kind(value)?),
                // `same` (同) only restates `to`; it is checked to be a boolean.
                "same" if !null => {
                    self.boolean(value, "true, false or null")?;
                }
                "relative" if !null => m.relative = self.relative(value)?,
                "from" | "promote" | "capture" | "same" | "relative" => {}
                _ => return Err(self.unknown(&key, value)),
            }
        }
        for (ok, name) in [(has.0, "`color`"), (has.1, "`to`"), (has.2, "`piece`")] {
            if !ok {
                return Err(self
                    .origin(raw)
                    .diag(DiagnosticKind::BadMove)
                    .expected(name.to_owned()));
            }
        }
        Ok(m)
    }

    pub(super) fn place(&self, raw: Id) -> Result<Square, Diagnostic> {
        let mut xy = (None, None);
        for (key, value) in self.fields(raw)? {
            match key.as_ref() {
                "x" => xy.0 = Some(self.integer::<u8>(value, "1-9")?),
                "y" => xy.1 = Some(self.integer::<u8>(value, "1-9")?),
                _ => return Err(self.unknown(&key, value)),
            }
        }
        xy.0.zip(xy.1)
            .and_then(|(x, y)| Square::new(x, y))
            .ok_or_else(|| {
                self.origin(raw)
                    .diag(DiagnosticKind::BadMove)
                    .expected("{\"x\": 1-9, \"y\": 1-9}")
            })
    }

    /// `relative`: L/C/R (左 直 右), U/M/D (上 寄 引), H (打).
    pub(super) fn relative(&self, raw: Id) -> Result<Relative3, Diagnostic> {
        let s = self.string(raw, "a relative word like `LU`")?;
        let mut r = Relative3::default();
        for c in s.chars() {
            match c {
                'L' => r.relative = Some(Relative::Left),
                'C' => r.relative = Some(Relative::Straight),
                'R' => r.relative = Some(Relative::Right),
                'U' => r.motion = Some(Motion::Up),
                'M' => r.motion = Some(Motion::Sideways),
                'D' => r.motion = Some(Motion::Down),
                'H' => r.drop = true,
                _ => {
                    return Err(self
                        .origin(raw)
                        .diag(DiagnosticKind::BadMove)
                        .expected("L C R U M D H"));
                }
            }
        }
        Ok(r)
    }

    pub(super) fn time(&self, raw: Id) -> Result<MoveTime, Diagnostic> {
        let mut t = MoveTime::default();
        for (key, value) in self.fields(raw)? {
            match key.as_ref() {
                "now" => t.spent = Some(self.clock(value)?),
                "total" => t.total = Some(self.clock(value)?),
                _ => return Err(self.unknown(&key, value)),
            }
        }
        Ok(t)
    }

    pub(super) fn clock(&self, raw: Id) -> Result<Duration, Diagnostic> {
        let mut secs = 0u64;
        for (key, value) in self.fields(raw)? {
            let unit = match key.as_ref() {
                "h" => 3600,
                "m" => 60,
                "s" => 1,
                _ => return Err(self.unknown(&key, value)),
            };
            if self.is_null(value) {
                continue;
            }
            // A bad count loses the time, not the move.
            let n: u64 = self
                .integer(value, "a count of hours, minutes or seconds")
                .map_err(|d| of_kind(d, DiagnosticKind::BadTime))?;
            // A time past what a clock holds is an error, not one cut to the largest.
            secs = n
                .checked_mul(unit)
                .and_then(|s| secs.checked_add(s))
                .ok_or_else(|| {
                    self.origin(value)
                        .diag(DiagnosticKind::BadTime)
                        .detail("more seconds than a clock holds (2^64)")
                })?;
        }
        Ok(Duration::from_secs(secs))
    }
}

/// `d` as a diagnostic of `kind`: a value's own reading says what is wrong with it, the
/// place where it stands what it damages.
fn of_kind(d: Diagnostic, kind: DiagnosticKind) -> Diagnostic {
    Diagnostic { kind, ..d }
}

#[derive(Debug, Default, Clone, Copy)]
pub(super) struct Relative3 {
    relative: Option<Relative>,
    motion: Option<Motion>,
    drop: bool,
}

/// A JKF `move` object.
#[derive(Debug, Clone, Copy)]
pub(super) struct JkfMove {
    pub(super) color: Color,
    from: Option<Square>,
    to: Square,
    piece: PieceKind,
    promote: Option<bool>,
    pub(super) capture: Option<PieceKind>,
    relative: Relative3,
}

impl Default for JkfMove {
    fn default() -> JkfMove {
        JkfMove {
            color: Color::Black,
            from: None,
            to: Square::SQ_5E,
            piece: PieceKind::Pawn,
            promote: None,
            capture: None,
            relative: Relative3::default(),
        }
    }
}

impl JkfMove {
    /// The move as text to resolve. Normalised JKF gives `from` for every board move, so no
    /// `from` means a drop, unless `relative` says otherwise or the hand cannot drop it
    /// (files straight from a KI2 converter leave `from` out).
    pub(super) fn kif_move(&self, b: &Builder) -> KifMove {
        let r = self.relative;
        let by_words = r.relative.is_some() || r.motion.is_some();
        let drop = self.from.is_none() && (r.drop || !by_words && self.drop_fits(b));
        KifMove {
            to: Some(self.to),
            same: false,
            piece: self.piece,
            relative: r.relative,
            motion: r.motion,
            promotion: self.promote,
            drop,
            from: self.from,
        }
    }
}

impl JkfMove {
    /// Whether a move without `from` is a drop: when the drop is legal, or when no board
    /// move of the piece reaches the square either (an illegal drop is kept as written).
    pub(super) fn drop_fits(&self, b: &Builder) -> bool {
        let pos = b.position();
        let drop = shogi::Move::Drop {
            kind: self.piece,
            to: self.to,
        };
        pos.is_legal(&drop)
            || !pos
                .legal_moves_of(self.piece, self.to)
                .iter()
                .any(|m| !m.is_drop())
    }
}
