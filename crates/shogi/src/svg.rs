//! SVG pictures of positions (feature `svg`), in the manner of python-chess's `chess.svg`.
//!
//! # Examples
//!
//! ```
//! use masu_shogi::svg::{SvgOptions, render};
//! use masu_shogi::{Position, UsiMove};
//!
//! let pos = Position::from_sfen("position startpos moves 7g7f")?;
//! let last = "3c3d".parse::<UsiMove>()?.to_move(&pos)?;
//! let pos = pos.play(last)?;
//! let svg = render(&pos, &SvgOptions { last_move: Some(last), ..SvgOptions::default() });
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg.matches("class=\"piece").count(), 40);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! The picture holds the board with its coordinates (full-width file digits above, kanji rank
//! numerals on the right), both hands beside it (the top player's on the left, the bottom
//! player's on the right, as printed diagrams do), the side marks ☗ ☖ with the side to move
//! marked, and the last move's squares highlighted. Pieces are pentagons with their one-
//! character Japanese name; the top player's pieces point down and their names are upside
//! down. Coloured squares and arrows can be added. Elements carry classes (`square`,
//! `lastmove`, `check`, `fill`, `piece black|white`, `hand`, `count`, `side`, `turn`, `arrow`)
//! so a style sheet can restyle them.

use std::fmt::Write;

use crate::numerals::{fullwidth_digit, kanji_numeral};
use crate::{Color, Move, Piece, PieceKind, Position, Square};

/// What to draw besides the position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SvgOptions {
    /// The move that led to the position: its origin and destination are highlighted.
    pub last_move: Option<Move>,
    /// The side shown at the bottom (Black by default).
    pub orientation: Color,
    /// Side length of a square in pixels.
    pub square_size: u32,
    /// Whether to write file and rank coordinates.
    pub coordinates: bool,
    /// Whether to mark the king of the side to move when it is in check.
    pub show_check: bool,
    /// A title for the picture (`<title>`, shown as a tooltip and read by screen readers).
    pub title: Option<String>,
    /// Squares filled with a colour (any CSS colour: `"#ff000080"`, `"lightblue"`), drawn
    /// over the board and under the pieces.
    pub fill: Vec<(Square, String)>,
    /// Arrows drawn over the pieces.
    pub arrows: Vec<Arrow>,
}

/// An arrow between two squares (one square: a circle around it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Arrow {
    /// Where the arrow starts.
    pub from: Square,
    /// Where it points.
    pub to: Square,
    /// Any CSS colour.
    pub color: String,
}

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions {
            last_move: None,
            orientation: Color::Black,
            square_size: 40,
            coordinates: true,
            show_check: true,
            title: None,
            fill: Vec::new(),
            arrows: Vec::new(),
        }
    }
}

const STYLE: &str = ".square{fill:#f2c77a;stroke:#333;stroke-width:1}\
.lastmove{fill:#e6a94d}.check{fill:#e86a5a}\
.piece polygon{fill:#fbe7bd;stroke:#6b4a1f;stroke-width:1}\
.piece text,.hand text{font-family:serif;text-anchor:middle;dominant-baseline:central}\
.promoted text{fill:#c0161b}.count{font-family:sans-serif;font-size:70%;text-anchor:start}\
.side{font-size:120%;text-anchor:middle}.turn{fill:#c0161b}\
.coord{font-family:serif;font-size:75%;text-anchor:middle;dominant-baseline:central;fill:#333}";

/// Escapes text for XML content and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// Pixel geometry of the picture.
struct Layout {
    s: f64,
    orientation: Color,
    /// Top-left corner of the board.
    board_x: f64,
    board_y: f64,
    width: f64,
    height: f64,
}

impl Layout {
    fn new(options: &SvgOptions) -> Layout {
        let s = f64::from(options.square_size.max(8));
        let margin = if options.coordinates {
            s * 0.8
        } else {
            s * 0.2
        };
        let hand_width = s * 1.5;
        Layout {
            s,
            orientation: options.orientation,
            board_x: hand_width,
            board_y: margin,
            width: hand_width * 2.0 + 9.0 * s + margin,
            height: 9.0 * s + margin * 2.0,
        }
    }

    /// Top-left corner of `sq`.
    fn corner(&self, sq: Square) -> (f64, f64) {
        let (col, row) = match self.orientation {
            Color::Black => (9 - sq.file(), sq.rank() - 1),
            Color::White => (sq.file() - 1, 9 - sq.rank()),
        };
        (
            self.board_x + f64::from(col) * self.s,
            self.board_y + f64::from(row) * self.s,
        )
    }
}

/// The SVG picture of `pos`.
#[must_use]
pub fn render(pos: &Position, options: &SvgOptions) -> String {
    let l = Layout::new(options);
    let mut out = String::with_capacity(16 * 1024);
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{w}\" \
         height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-size=\"{fs}\">",
        w = l.width,
        h = l.height,
        fs = l.s * 0.6,
    );
    if let Some(title) = &options.title {
        let _ = write!(out, "<title>{}</title>", escape(title));
    }
    let _ = write!(out, "<style>{STYLE}</style>");
    squares(&mut out, &l, pos, options);
    for (sq, color) in &options.fill {
        let (x, y) = l.corner(*sq);
        let _ = write!(
            out,
            "<rect class=\"fill\" x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\" \
             fill=\"{}\"/>",
            escape(color),
            s = l.s
        );
    }
    if options.coordinates {
        coordinates(&mut out, &l);
    }
    for sq in pos.occupied() {
        if let Some(piece) = pos.piece_at(sq) {
            let (x, y) = l.corner(sq);
            piece_group(&mut out, &l, piece, x, y);
        }
    }
    for color in Color::ALL {
        hand(&mut out, &l, pos, color);
    }
    for arrow in &options.arrows {
        draw_arrow(&mut out, &l, arrow);
    }
    out.push_str("</svg>");
    out
}

fn squares(out: &mut String, l: &Layout, pos: &Position, options: &SvgOptions) {
    let last = options.last_move.map(|m| (m.from(), m.to()));
    let checked = if options.show_check && pos.in_check() {
        pos.king_square(pos.turn())
    } else {
        None
    };
    for sq in Square::ALL {
        let (x, y) = l.corner(sq);
        let class = if checked == Some(sq) {
            "square check"
        } else if last.is_some_and(|(from, to)| from == Some(sq) || to == sq) {
            "square lastmove"
        } else {
            "square"
        };
        let _ = write!(
            out,
            "<rect class=\"{class}\" x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\"/>",
            s = l.s
        );
    }
}

fn coordinates(out: &mut String, l: &Layout) {
    for i in 1..=9u8 {
        // Files run 9..1 left to right for Black at the bottom; ranks 一..九 top to bottom.
        let (file, rank) = match l.orientation {
            Color::Black => (10 - i, i),
            Color::White => (i, 10 - i),
        };
        let offset = f64::from(i - 1) * l.s + l.s / 2.0;
        let _ = write!(
            out,
            "<text class=\"coord\" x=\"{}\" y=\"{}\">{}</text>",
            l.board_x + offset,
            l.board_y / 2.0,
            fullwidth_digit(file)
        );
        let _ = write!(
            out,
            "<text class=\"coord\" x=\"{}\" y=\"{}\">{}</text>",
            l.board_x + 9.0 * l.s + l.board_y / 2.0,
            l.board_y + offset,
            kanji_numeral(rank)
        );
    }
}

/// A piece: a pentagon pointing away from its owner, and its name, in a square whose
/// top-left corner is (x, y).
fn piece_group(out: &mut String, l: &Layout, piece: Piece, x: f64, y: f64) {
    let s = l.s;
    let (cx, cy) = (x + s / 2.0, y + s / 2.0);
    let upside_down = piece.color != l.orientation;
    let rotate = if upside_down {
        format!(" transform=\"rotate(180 {cx} {cy})\"")
    } else {
        String::new()
    };
    let color = match piece.color {
        Color::Black => "black",
        Color::White => "white",
    };
    let promoted = if piece.kind.is_promoted() {
        " promoted"
    } else {
        ""
    };
    // Pentagon: apex at the top, shoulders at 30%, base narrower than the square.
    let p = |fx: f64, fy: f64| format!("{},{}", x + fx * s, y + fy * s);
    let _ = write!(
        out,
        "<g class=\"piece {color}{promoted}\"{rotate}><polygon points=\"{} {} {} {} {}\"/>\
         <text x=\"{cx}\" y=\"{}\">{}</text></g>",
        p(0.5, 0.06),
        p(0.82, 0.22),
        p(0.9, 0.94),
        p(0.1, 0.94),
        p(0.18, 0.22),
        cy + s * 0.06,
        piece.kind.japanese_char()
    );
}

/// A hand: the side mark (marked when that side is to move) and one piece per held kind
/// with its count. The bottom player's hand stands right of the board, read upwards from the
/// bottom; the top player's left of it, read downwards from the top.
fn hand(out: &mut String, l: &Layout, pos: &Position, color: Color) {
    let bottom = color == l.orientation;
    let s = l.s;
    let x = if bottom {
        // Right of the rank numerals, which take the margin's width.
        l.board_x + 9.0 * s + l.board_y + (l.board_x - s) / 2.0
    } else {
        (l.board_x - s) / 2.0
    };
    let step = if bottom { -s } else { s };
    let mut y = if bottom {
        l.board_y + 8.0 * s
    } else {
        l.board_y
    };
    let (mark, name) = match color {
        Color::Black => ('☗', "black"),
        Color::White => ('☖', "white"),
    };
    let turn = if pos.turn() == color { " turn" } else { "" };
    let _ = write!(
        out,
        "<g class=\"hand {name}\"><text class=\"side{turn}\" x=\"{}\" y=\"{}\">{mark}</text>",
        x + s / 2.0,
        y + s / 2.0
    );
    y += step;
    for kind in PieceKind::HAND.iter().rev() {
        let n = pos.hand(color).count(*kind);
        if n == 0 {
            continue;
        }
        piece_group(out, l, Piece::new(color, *kind), x, y);
        if n > 1 {
            let _ = write!(
                out,
                "<text class=\"count\" x=\"{}\" y=\"{}\">{n}</text>",
                x + s * 0.95,
                y + s * 0.75
            );
        }
        y += step;
    }
    out.push_str("</g>");
}

/// An arrow from the centre of one square to the edge of the other, or a ring for a
/// square to itself.
fn draw_arrow(out: &mut String, l: &Layout, arrow: &Arrow) {
    let s = l.s;
    let centre = |sq: Square| {
        let (x, y) = l.corner(sq);
        (x + s / 2.0, y + s / 2.0)
    };
    let color = escape(&arrow.color);
    let (x0, y0) = centre(arrow.from);
    if arrow.from == arrow.to {
        let _ = write!(
            out,
            "<circle class=\"arrow\" cx=\"{x0}\" cy=\"{y0}\" r=\"{}\" fill=\"none\" \
             stroke=\"{color}\" stroke-width=\"{}\" opacity=\"0.8\"/>",
            s * 0.45,
            s * 0.08
        );
        return;
    }
    let (x1, y1) = centre(arrow.to);
    let (dx, dy) = (x1 - x0, y1 - y0);
    let len = (dx * dx + dy * dy).sqrt();
    let (ux, uy) = (dx / len, dy / len);
    // The head: a triangle whose tip stops short of the target's centre.
    let head = s * 0.4;
    let tip = (x1 - ux * s * 0.2, y1 - uy * s * 0.2);
    let base = (tip.0 - ux * head, tip.1 - uy * head);
    let (px, py) = (-uy * head * 0.5, ux * head * 0.5);
    let _ = write!(
        out,
        "<g class=\"arrow\" opacity=\"0.8\"><line x1=\"{x0}\" y1=\"{y0}\" x2=\"{}\" \
         y2=\"{}\" stroke=\"{color}\" stroke-width=\"{}\" stroke-linecap=\"round\"/>\
         <polygon points=\"{},{} {},{} {},{}\" fill=\"{color}\"/></g>",
        base.0,
        base.1,
        s * 0.15,
        tip.0,
        tip.1,
        base.0 + px,
        base.1 + py,
        base.0 - px,
        base.1 - py
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert_eq!(escape("先手"), "先手");
    }
}
