//! SVG pictures, checked by structure: well-formed markup and the right number of each kind
//! of element.

#![cfg(feature = "svg")]
#![allow(
    clippy::unwrap_used,
    reason = "test fixtures: a broken one should fail loudly"
)]

use masu_shogi::svg::{Arrow, SvgOptions, render};
use masu_shogi::{Color, Position, Square, UsiMove};

/// Checks that tags nest and close (a small XML well-formedness check: no comments, CDATA
/// or processing instructions appear in our output).
fn assert_well_formed(svg: &str) {
    let mut stack: Vec<&str> = Vec::new();
    let mut rest = svg;
    while let Some(open) = rest.find('<') {
        assert!(!rest[..open].contains('>'), "stray >");
        let close = rest[open..].find('>').unwrap() + open;
        let tag = &rest[open + 1..close];
        assert_eq!(
            tag.matches('"').count() % 2,
            0,
            "unbalanced quotes in <{tag}>"
        );
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(stack.pop(), Some(name), "mismatched </{name}>");
        } else if !tag.ends_with('/') {
            stack.push(tag.split_whitespace().next().unwrap());
        }
        rest = &rest[close + 1..];
    }
    assert!(stack.is_empty(), "unclosed {stack:?}");
    assert!(!rest.contains('>'));
}

fn count(svg: &str, needle: &str) -> usize {
    svg.matches(needle).count()
}

#[test]
fn start_position_has_forty_pieces_and_81_squares() {
    let svg = render(&Position::startpos(), &SvgOptions::default());
    assert_well_formed(&svg);
    assert_eq!(count(&svg, "<rect class=\"square"), 81);
    assert_eq!(count(&svg, "class=\"piece black"), 20);
    assert_eq!(count(&svg, "class=\"piece white"), 20);
    // White's pieces are drawn upside down, Black's upright.
    assert_eq!(count(&svg, "transform=\"rotate(180"), 20);
    assert_eq!(count(&svg, "lastmove"), 1); // only in the style sheet
    assert_eq!(count(&svg, "class=\"side turn\""), 1);
    assert_eq!(count(&svg, "class=\"coord\""), 18);
    for glyph in ['香', '桂', '銀', '金', '玉', '角', '飛', '歩'] {
        assert!(svg.contains(&format!(">{glyph}</text>")), "{glyph}");
    }
    assert_eq!(count(&svg, ">歩</text>"), 18);
}

#[test]
fn last_move_highlights_origin_and_destination() {
    let pos = Position::from_sfen("position startpos moves 7g7f 3c3d").unwrap();
    let m = "8h2b+".parse::<UsiMove>().unwrap().to_move(&pos).unwrap();
    let after = pos.play(m).unwrap();
    let options = SvgOptions {
        last_move: Some(m),
        ..SvgOptions::default()
    };
    let svg = render(&after, &options);
    assert_well_formed(&svg);
    assert_eq!(count(&svg, "class=\"square lastmove\""), 2);
    // 39 pieces on the board, one bishop in Black's hand.
    assert_eq!(count(&svg, "class=\"piece black"), 21);
    assert_eq!(count(&svg, "class=\"piece white"), 19);
    assert_eq!(count(&svg, "class=\"piece black promoted\""), 1);
    assert_eq!(count(&svg, ">馬</text>"), 1);
}

#[test]
fn drops_highlight_one_square() {
    let pos = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    let m = "G*5b".parse::<UsiMove>().unwrap().to_move(&pos).unwrap();
    let after = pos.play(m).unwrap();
    let svg = render(
        &after,
        &SvgOptions {
            last_move: Some(m),
            ..SvgOptions::default()
        },
    );
    assert_eq!(count(&svg, "class=\"square lastmove\""), 1);
    // White is mated: its king's square is marked as in check.
    assert_eq!(count(&svg, "class=\"square check\""), 1);
}

#[test]
fn hands_show_one_piece_per_kind_with_counts() {
    let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 w RB2G18Pr3s2n 1").unwrap();
    let svg = render(&pos, &SvgOptions::default());
    assert_well_formed(&svg);
    // Black holds rook, bishop, gold, pawn; White rook, silver, knight.
    assert_eq!(count(&svg, "class=\"piece black"), 1 + 4);
    assert_eq!(count(&svg, "class=\"piece white"), 1 + 3);
    assert_eq!(count(&svg, "class=\"count\""), 4); // 2 golds, 18 pawns, 3 silvers, 2 knights
    assert!(svg.contains(">18</text>"));
    // White to move: its mark is the marked one.
    assert!(svg.contains("<g class=\"hand white\"><text class=\"side turn\""));
    assert!(svg.contains("<g class=\"hand black\"><text class=\"side\""));
}

#[test]
fn orientation_flips_which_pieces_are_upside_down() {
    let options = SvgOptions {
        orientation: Color::White,
        coordinates: false,
        ..SvgOptions::default()
    };
    let svg = render(&Position::startpos(), &options);
    assert_well_formed(&svg);
    assert_eq!(count(&svg, "class=\"coord\""), 0);
    // Black's 20 pieces are now the upside-down ones: check one is rotated.
    let black_rotated = svg
        .split("<g class=\"piece black")
        .skip(1)
        .filter(|g| g.starts_with("\" transform=\"rotate(180"))
        .count();
    assert_eq!(black_rotated, 20);
}

#[test]
fn titles_are_escaped() {
    let options = SvgOptions {
        title: Some("<script>&\"".to_owned()),
        ..SvgOptions::default()
    };
    let svg = render(&Position::startpos(), &options);
    assert_well_formed(&svg);
    assert!(svg.contains("<title>&lt;script&gt;&amp;&quot;</title>"));
    assert!(!svg.contains("<script>"));
}

#[test]
fn fills_and_arrows() {
    let options = SvgOptions {
        fill: vec![
            (Square::SQ_7F, "#ff000080".to_owned()),
            (Square::SQ_2B, "\"><script>".to_owned()),
        ],
        arrows: vec![
            Arrow {
                from: Square::SQ_7G,
                to: Square::SQ_7F,
                color: "green".to_owned(),
            },
            Arrow {
                from: Square::SQ_5I,
                to: Square::SQ_5I,
                color: "blue".to_owned(),
            },
        ],
        ..SvgOptions::default()
    };
    let svg = render(&Position::startpos(), &options);
    assert_well_formed(&svg);
    assert_eq!(count(&svg, "<rect class=\"fill\""), 2);
    assert!(svg.contains("fill=\"#ff000080\""));
    // Colours are attribute values: quotes and markup are escaped.
    assert!(svg.contains("fill=\"&quot;&gt;&lt;script&gt;\""));
    assert!(!svg.contains("<script>"));
    assert_eq!(count(&svg, "<g class=\"arrow\""), 1);
    assert_eq!(count(&svg, "<circle class=\"arrow\""), 1);
}
