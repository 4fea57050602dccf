//! The start position of a CSA record: `PI` with removed pieces, rows `P1`..`P9`, piece
//! lines `P+`/`P-` (hand squares `00`, `00AL` for every remaining piece), then the turn.

use shogi::{ByColor, Color, Hand, Piece, PieceKind, Setup, Square};

use super::lex::{ParseCsaError, piece};

/// A problem with a position line: character column in the statement, and what was wrong.
pub(crate) type LineError = (usize, String);

fn syntax(e: ParseCsaError) -> LineError {
    (e.column, format!("expected {}", e.expected))
}

/// What the position lines said so far.
#[derive(Debug, Default)]
pub(crate) struct SetupLines {
    /// `PI`: the even game without these pieces.
    handicap: Option<Vec<(Square, PieceKind)>>,
    rows: [Option<[Option<Piece>; 9]>; 9],
    /// Pieces put by `P+`/`P-`; `None` square = in hand.
    placed: Vec<(Color, Option<Square>, PieceKind)>,
    /// `00AL`: the side that gets every remaining piece.
    rest_to: Option<Color>,
    /// Whether any position line was seen.
    pub(crate) seen: bool,
}

impl SetupLines {
    /// `PI82HI22KA`.
    pub(crate) fn handicap(&mut self, list: &str) -> Result<(), LineError> {
        self.seen = true;
        let mut removed = Vec::new();
        for (i, group) in groups(list, 3)? {
            let sq = square(group, i)?.ok_or((i, "a square 11-99".to_owned()))?;
            removed.push((sq, piece(&group[2..], i + 2).map_err(syntax)?));
        }
        self.handicap = Some(removed);
        Ok(())
    }

    /// `P1-KY-KE-GI...`: cells of three characters; ` * ` is empty (Shogidokoro writes
    /// ` *.`, and writers drop trailing spaces, so only the first two characters count).
    pub(crate) fn row(&mut self, rank: u8, cells: &str) -> Result<(), LineError> {
        self.seen = true;
        if !cells.is_ascii() {
            return Err((3, "nine cells of ASCII text".to_owned()));
        }
        let b = cells.as_bytes();
        let mut row = [None; 9];
        for (i, cell) in row.iter_mut().enumerate() {
            let at = 3 * i;
            let column = at + 3;
            let c = |k: usize| b.get(at + k).copied().unwrap_or(b' ');
            *cell = match c(0) {
                b'+' | b'-' => {
                    let color = if c(0) == b'+' {
                        Color::Black
                    } else {
                        Color::White
                    };
                    let kind =
                        piece(b.get(at + 1..).unwrap_or_default(), column + 1).map_err(syntax)?;
                    Some(Piece::new(color, kind))
                }
                b' ' if c(1) == b'*' => None,
                _ => return Err((column, "` * `, `+XX` or `-XX`".to_owned())),
            };
        }
        if b.len() > 27 && !b[27..].iter().all(u8::is_ascii_whitespace) {
            return Err((30, "the end of the row after nine cells".to_owned()));
        }
        if self.rows[usize::from(rank - 1)].replace(row).is_some() {
            return Err((1, format!("a second row P{rank}")));
        }
        Ok(())
    }

    /// `P+99KY00KI`, `P-00AL`.
    pub(crate) fn pieces(&mut self, color: Color, list: &str) -> Result<(), LineError> {
        self.seen = true;
        for (i, group) in groups(list, 3)? {
            let sq = square(group, i)?;
            if sq.is_none() && &group[2..] == b"AL" {
                self.rest_to = Some(color);
                continue;
            }
            let kind = piece(&group[2..], i + 2).map_err(syntax)?;
            if sq.is_none() && !kind.is_hand_kind() {
                return Err((i + 2, "a piece that can be held in hand".to_owned()));
            }
            self.placed.push((color, sq, kind));
        }
        Ok(())
    }

    /// The setup; problems that leave part of it out come back as messages.
    pub(crate) fn build(&self, turn: Color) -> (Setup, Vec<String>) {
        let mut problems = Vec::new();
        let mut setup = match &self.handicap {
            Some(removed) => {
                if self.rows.iter().any(Option::is_some) {
                    problems.push("both PI and rows P1-P9: the rows are ignored".to_owned());
                }
                even_without(removed, &mut problems)
            }
            None => self.board_of_rows(),
        };
        for &(color, sq, kind) in &self.placed {
            match sq {
                Some(sq) if setup.piece_at(sq).is_some() => {
                    problems.push(format!("{}{} is already occupied", sq.file(), sq.rank()));
                }
                Some(sq) => setup.set_piece(sq, Some(Piece::new(color, kind))),
                None => {
                    if setup.hands.get_mut(color).add(kind).is_err() {
                        problems.push(format!("too many {}s in hand", kind.name()));
                    }
                }
            }
        }
        if let Some(color) = self.rest_to {
            rest_to_hand(&mut setup, color);
        }
        setup.turn = turn;
        (setup, problems)
    }

    fn board_of_rows(&self) -> Setup {
        let mut setup = Setup::default();
        for (r, row) in self.rows.iter().enumerate() {
            let Some(row) = row else { continue };
            for (i, cell) in row.iter().enumerate() {
                if let Some(sq) = Square::new(9 - i as u8, r as u8 + 1) {
                    setup.set_piece(sq, *cell);
                }
            }
        }
        setup
    }

    /// Which ranks have no row, when some do (a board given by rows must have all nine).
    pub(crate) fn missing_rows(&self) -> Vec<u8> {
        if self.rows.iter().all(Option::is_none) {
            return Vec::new();
        }
        (1..=9)
            .filter(|r| self.rows[usize::from(r - 1)].is_none())
            .collect()
    }
}

/// Groups of four ASCII characters, with their 1-based column offset by `lead` (the
/// characters before the list in the statement).
fn groups(list: &str, lead: usize) -> Result<Vec<(usize, &[u8])>, LineError> {
    let list = list.trim_end_matches([' ', '\t']);
    let b = list.as_bytes();
    if !list.is_ascii() || !b.len().is_multiple_of(4) {
        let at = b.len() - b.len() % 4;
        return Err((
            lead + at,
            "groups of a square and a piece (`82HI`)".to_owned(),
        ));
    }
    Ok(b.chunks(4)
        .enumerate()
        .map(|(i, g)| (lead + 4 * i, g))
        .collect())
}

fn square(group: &[u8], column: usize) -> Result<Option<Square>, LineError> {
    let (f, r) = (group[0], group[1]);
    if !f.is_ascii_digit() || !r.is_ascii_digit() {
        return Err((column, "a square (two digits)".to_owned()));
    }
    if (f, r) == (b'0', b'0') {
        return Ok(None);
    }
    Square::new(f - b'0', r - b'0')
        .map(Some)
        .ok_or((column, "a square 11-99 or 00".to_owned()))
}

fn even_without(removed: &[(Square, PieceKind)], problems: &mut Vec<String>) -> Setup {
    let mut setup = Setup::startpos();
    for &(sq, kind) in removed {
        match setup.piece_at(sq) {
            Some(p) if p.kind == kind => setup.set_piece(sq, None),
            _ => problems.push(format!(
                "PI removes {}{}{} but the even game has no such piece there",
                sq.file(),
                sq.rank(),
                super::codes::code(kind)
            )),
        }
    }
    setup
}

/// `00AL`: every piece of the set that is neither on the board nor in a hand goes to
/// `color`'s hand (kings excepted).
fn rest_to_hand(setup: &mut Setup, color: Color) {
    let mut used = [0u8; 7];
    for p in setup.board.iter().flatten() {
        let base = p.kind.unpromoted();
        if base.is_hand_kind() {
            used[base.index()] += 1;
        }
    }
    let ByColor { black, white } = setup.hands;
    for kind in PieceKind::HAND {
        let i = kind.index();
        let held = black.count(kind) + white.count(kind);
        let rest = kind
            .max_count()
            .saturating_sub(used[i].saturating_add(held));
        let hand: &mut Hand = setup.hands.get_mut(color);
        let n = hand.count(kind).saturating_add(rest);
        // The count cannot pass the set size: `rest` is what the set has left.
        let _ = hand.set(kind, n.min(kind.max_count()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn handicap_and_rows() {
        let mut lines = SetupLines::default();
        assert!(lines.handicap("82HI22KA").is_ok());
        let (setup, problems) = lines.build(Color::White);
        assert!(problems.is_empty());
        let sfen = shogi::Position::from_setup(setup, shogi::SetupMode::Strict)
            .map(|p| p.to_string())
            .ok();
        assert_eq!(
            sfen.as_deref(),
            Some("lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1")
        );
        let mut bad = SetupLines::default();
        assert!(bad.handicap("82KA").is_ok());
        assert_eq!(bad.build(Color::White).1.len(), 1);
        assert_eq!(bad.handicap("82H").err().map(|e| e.0), Some(3));
    }

    #[test]
    fn dotted_and_short_rows() {
        let mut lines = SetupLines::default();
        assert!(lines.row(2, " * -HI *  *  *  *  * -KA *.").is_ok());
        assert!(lines.row(4, " *  *  *  *  *  *  *  *  *").is_ok());
        assert_eq!(lines.row(5, " *  *  x").err().map(|e| e.0), Some(9));
        assert_eq!(lines.missing_rows(), vec![1, 3, 5, 6, 7, 8, 9]);
    }

    #[test]
    fn all_remaining_pieces_to_hand() {
        let mut lines = SetupLines::default();
        assert!(lines.pieces(Color::White, "11OU21FU").is_ok());
        assert!(lines.pieces(Color::Black, "00HI00KY").is_ok());
        assert!(lines.pieces(Color::White, "00AL").is_ok());
        let (setup, problems) = lines.build(Color::Black);
        assert!(problems.is_empty());
        assert_eq!(setup.hands.white.count(PieceKind::Pawn), 17);
        assert_eq!(setup.hands.white.count(PieceKind::Rook), 1);
        assert_eq!(setup.hands.white.count(PieceKind::Lance), 3);
        assert_eq!(setup.hands.white.count(PieceKind::Gold), 4);
        assert_eq!(
            lines.pieces(Color::Black, "00OU").err().map(|e| e.0),
            Some(5)
        );
    }
}
