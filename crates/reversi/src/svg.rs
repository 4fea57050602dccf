//! SVG pictures of boards (feature `svg`), in the manner of python-chess's `chess.svg`.
//!
//! # Examples
//!
//! ```
//! use masu_reversi::svg::{SvgOptions, render};
//! use masu_reversi::{Board, Move, Square};
//!
//! let f5: Square = "f5".parse()?;
//! let board = Board::new().play(Move::Play(f5))?;
//! let svg = render(&board, &SvgOptions { last_move: Some(f5), ..SvgOptions::default() });
//! assert!(svg.starts_with("<svg"));
//! assert_eq!(svg.matches("class=\"disc black\"").count(), 4);
//! assert_eq!(svg.matches("class=\"disc white\"").count(), 1);
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```
//!
//! The picture holds the green board with its coordinates (files a-h above, ranks 1-8 on the
//! left), the discs, the last move marked, small dots on the legal moves of the side to move
//! (optional), and the disc counts with the side to move under the board. Elements carry
//! classes (`square`, `disc black|white`, `lastmove`, `legal`, `coord`, `count`, `turn`) so a
//! style sheet can restyle them.

use std::fmt::Write;

use crate::{Board, Color, Square};

/// What to draw besides the discs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SvgOptions {
    /// The square last played: marked with a red dot.
    pub last_move: Option<Square>,
    /// Whether to mark the legal moves of the side to move.
    pub legal_moves: bool,
    /// Whether to write coordinates.
    pub coordinates: bool,
    /// Side length of a square in pixels, taken between 8 and 65,536.
    pub square_size: u32,
}

/// The largest square drawn: the picture's sizes stay far inside `u32`.
const MAX_SQUARE_SIZE: u32 = 1 << 16;

impl Default for SvgOptions {
    fn default() -> SvgOptions {
        SvgOptions {
            last_move: None,
            legal_moves: true,
            coordinates: true,
            square_size: 40,
        }
    }
}

const STYLE: &str = ".square{fill:#2e8b57;stroke:#123;stroke-width:1}\
.disc.black{fill:#111;stroke:#000}.disc.white{fill:#f8f8f8;stroke:#333}\
.lastmove{fill:#e33}.legal{fill:#0003}.coord,.count,.turn{fill:#222;font-family:sans-serif}";

/// The SVG text of `board`.
#[must_use]
pub fn render(board: &Board, options: &SvgOptions) -> String {
    let s = options.square_size.clamp(8, MAX_SQUARE_SIZE);
    let margin = if options.coordinates { s / 2 } else { 0 };
    let (width, height) = (margin + 8 * s + s / 4, margin + 8 * s + s);
    let mut svg = String::with_capacity(16 * 1024);
    let _ = write!(
        svg,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{width}\" \
         height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-size=\"{}\"><style>{STYLE}</style>",
        s * 2 / 5
    );
    let at = |sq: Square| {
        (
            margin + u32::from(sq.file()) * s,
            margin + u32::from(sq.rank()) * s,
        )
    };
    for sq in Square::ALL {
        let (x, y) = at(sq);
        let _ = write!(
            svg,
            "<rect class=\"square\" x=\"{x}\" y=\"{y}\" width=\"{s}\" height=\"{s}\"/>"
        );
    }
    if options.coordinates {
        write_coordinates(&mut svg, margin, s);
    }
    let r = s * 2 / 5;
    for sq in Square::ALL {
        let (x, y) = at(sq);
        let (cx, cy) = (x + s / 2, y + s / 2);
        if let Some(color) = board.color_on(sq) {
            let class = if color == Color::Black {
                "black"
            } else {
                "white"
            };
            let _ = write!(
                svg,
                "<circle class=\"disc {class}\" cx=\"{cx}\" cy=\"{cy}\" r=\"{r}\"/>"
            );
        } else if options.legal_moves && board.legal_moves() & sq.bit() != 0 {
            let _ = write!(
                svg,
                "<circle class=\"legal\" cx=\"{cx}\" cy=\"{cy}\" r=\"{}\"/>",
                s / 8
            );
        }
        if options.last_move == Some(sq) {
            let _ = write!(
                svg,
                "<circle class=\"lastmove\" cx=\"{cx}\" cy=\"{cy}\" r=\"{}\"/>",
                s / 10
            );
        }
    }
    write_counts(&mut svg, board, margin, margin + 8 * s + s * 2 / 3);
    svg.push_str("</svg>\n");
    svg
}

fn write_coordinates(svg: &mut String, margin: u32, s: u32) {
    for i in 0..8u8 {
        let x = margin + u32::from(i) * s + s / 2;
        let file = char::from(b'a' + i);
        let _ = write!(
            svg,
            "<text class=\"coord\" x=\"{x}\" y=\"{}\" text-anchor=\"middle\">{file}</text>",
            margin * 3 / 4
        );
        let y = margin + u32::from(i) * s + s * 2 / 3;
        let _ = write!(
            svg,
            "<text class=\"coord\" x=\"{}\" y=\"{y}\" text-anchor=\"middle\">{}</text>",
            margin / 2,
            i + 1
        );
    }
}

fn write_counts(svg: &mut String, board: &Board, x: u32, y: u32) {
    let turn = match board.side_to_move() {
        Color::Black => "black to move",
        Color::White => "white to move",
    };
    let _ = write!(
        svg,
        "<text class=\"count\" x=\"{x}\" y=\"{y}\">\u{25cf} {}  \u{25cb} {}</text>\
         <text class=\"turn\" x=\"{}\" y=\"{y}\">{turn}</text>",
        board.count(Color::Black),
        board.count(Color::White),
        x + 160
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_position_shows_four_discs_and_four_legal_moves() {
        let svg = render(&Board::new(), &SvgOptions::default());
        assert_eq!(svg.matches("class=\"disc black\"").count(), 2);
        assert_eq!(svg.matches("class=\"disc white\"").count(), 2);
        assert_eq!(svg.matches("class=\"legal\"").count(), 4);
        assert_eq!(svg.matches("class=\"square\"").count(), 64);
        assert!(svg.contains("black to move"));
        let plain = render(
            &Board::new(),
            &SvgOptions {
                legal_moves: false,
                coordinates: false,
                ..SvgOptions::default()
            },
        );
        assert_eq!(plain.matches("class=\"legal\"").count(), 0);
        assert_eq!(plain.matches("class=\"coord\"").count(), 0);
    }

    #[test]
    fn any_square_size_draws_within_bounds() {
        // Sizes near u32::MAX overflowed the picture's width (a panic under overflow checks).
        for square_size in [0, 1, 40, u32::MAX / 8, u32::MAX] {
            let svg = render(
                &Board::new(),
                &SvgOptions {
                    square_size,
                    ..SvgOptions::default()
                },
            );
            assert_eq!(svg.matches("class=\"square\"").count(), 64, "{square_size}");
        }
        let tiny = render(
            &Board::new(),
            &SvgOptions {
                square_size: 0,
                ..SvgOptions::default()
            },
        );
        assert!(tiny.contains("width=\"8\""), "{tiny}");
    }
}
