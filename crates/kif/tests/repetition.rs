//! A record that goes on past a fourfold repetition (千日手, or 連続王手の千日手): the game
//! ended at the fourth occurrence of the position, and the readers say so once, at the
//! first move read after it, keeping the moves. Before, such a record read as one long game
//! without a word.

use masu_kif::shogi::{Position, SetupMode};
use masu_kif::{
    Diagnostic, DiagnosticKind, Mode, Parsed, ReplayError, Special, csa, jkf, ki2, kif,
};

/// The kings step forward and back three times: after move 12 the start position occurs
/// for the fourth time.
const KIF_SHUFFLE: [&str; 4] = ["５八玉(59)", "５二玉(51)", "５九玉(58)", "５一玉(52)"];
const CSA_SHUFFLE: [&str; 4] = ["+5958OU", "-5152OU", "+5859OU", "-5251OU"];

/// KIF move lines from ply 1: the shuffle for the first `shuffled` plies, then `more`.
fn kif_text(shuffled: usize, more: &[&str]) -> String {
    let mut text = String::from("手合割：平手\n手数----指手---------消費時間--\n");
    let moves = (0..shuffled)
        .map(|i| KIF_SHUFFLE[i % 4])
        .chain(more.iter().copied());
    for (i, mv) in moves.enumerate() {
        text.push_str(&format!("{:>4} {mv}\n", i + 1));
    }
    text
}

fn read(result: Result<Parsed, masu_kif::ReadError>) -> Parsed {
    result.unwrap_or_else(|e| panic!("{e}"))
}

/// The one warning, which must say that the game ended by repetition.
fn after_repetition(parsed: &Parsed) -> &Diagnostic {
    assert_eq!(parsed.warnings.len(), 1, "{:?}", parsed.warnings);
    let d = &parsed.warnings[0];
    assert_eq!(d.kind, DiagnosticKind::AfterRepetition, "{d}");
    d
}

#[test]
fn a_kif_game_that_goes_on_past_a_fourfold_repetition_is_reported_once() {
    let text = kif_text(12, &["７六歩(77)", "３四歩(33)", "２六歩(27)"]);
    let parsed = read(kif::read_str(&text, Mode::Lenient));
    let d = after_repetition(&parsed);
    // Move 13 is line 15; its move text starts at column 6.
    assert_eq!((d.line, d.column, d.ply), (15, 6, Some(13)));
    assert_eq!(
        d.detail.as_deref(),
        Some("the position after ply 12 occurred a fourth time: draw by repetition")
    );
    assert!(d.to_string().starts_with(
        "line 15, column 6: move after the game ended by repetition at ply 13: the position"
    ));
    assert!(!d.kind.damages_game());
    // The moves are kept, each legal in its position; the game of the rules ended at 12.
    let record = &parsed.record;
    assert_eq!(record.tree.main_line_len(), 15);
    assert!(record.position_at(record.main_line_end()).is_ok());
    assert_eq!(record.game().err(), Some(ReplayError::Illegal { ply: 13 }));
    // Played on, as a board plays on: every move, each checked.
    let played_on = record
        .game_at_playing_on(record.main_line_end())
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(played_on.moves().len(), 15);
    assert!(played_on.to_usi().ends_with("7g7f 3c3d 2g2f"));
    // Strict reading refuses the first move after the end.
    let e = kif::read_str(&text, Mode::Strict).err();
    let d = e.as_ref().and_then(|e| e.diagnostic());
    assert_eq!(
        d.map(|d| (d.kind.clone(), d.line, d.column)),
        Some((DiagnosticKind::AfterRepetition, 15, 6))
    );
}

#[test]
fn the_other_formats_report_it_at_the_same_ply() {
    let parsed = read(kif::read_str(
        &kif_text(12, &["７六歩(77)", "３四歩(33)"]),
        Mode::Lenient,
    ));
    let record = &parsed.record;
    for (name, read) in [
        ("KI2", ki2::read_str(&ki2::to_string(record), Mode::Lenient)),
        ("CSA", csa::read_str(&csa::to_string(record), Mode::Lenient)),
        ("JKF", jkf::read_str(&jkf::to_string(record), Mode::Lenient)),
    ] {
        let back = read.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(after_repetition(&back).ply, Some(13), "{name}");
        assert_eq!(back.record.tree, record.tree, "{name}");
    }
}

#[test]
fn a_csa_game_that_goes_on_past_a_fourfold_repetition_is_reported_at_its_move() {
    let mut text = String::from("V2.2\nPI\n+\n");
    for i in 0..12 {
        text.push_str(CSA_SHUFFLE[i % 4]);
        text.push('\n');
    }
    text.push_str("+7776FU,T3\n-3334FU\n%TORYO\n");
    let parsed = read(csa::read_str(&text, Mode::Lenient));
    let d = after_repetition(&parsed);
    // Line 16, the 13th move; its time and the moves after it are kept.
    assert_eq!((d.line, d.column, d.ply), (16, 1, Some(13)));
    assert_eq!(parsed.record.tree.main_line_len(), 14);
    assert_eq!(parsed.record.result(), Some(&Special::Resign));
    assert!(csa::read_str(&text, Mode::Strict).is_err());
}

#[test]
fn a_record_that_ends_at_the_repetition_says_nothing() {
    // It ends there, or states the repetition (千日手) or no result (中断).
    for more in [&[][..], &["千日手"], &["中断"]] {
        let text = kif_text(12, more);
        for mode in [Mode::Lenient, Mode::Strict] {
            let parsed = read(kif::read_str(&text, mode));
            assert!(
                parsed.warnings.is_empty(),
                "{more:?}: {:?}",
                parsed.warnings
            );
            assert!(parsed.record.game().is_ok(), "{more:?}");
        }
    }
    let text = kif_text(12, &["千日手"]);
    let record = read(kif::read_str(&text, Mode::Strict)).record;
    assert_eq!(record.outcome(), Some(masu_kif::shogi::Outcome::REPETITION));
    // Three occurrences do not end the game.
    let parsed = read(kif::read_str(&kif_text(11, &["４二玉(52)"]), Mode::Strict));
    assert!(parsed.warnings.is_empty());
}

#[test]
fn an_ending_that_gives_another_result_is_reported() {
    // Black resigns at ply 13, after the draw: the record claims a win the rules do not give.
    let text = kif_text(12, &["投了"]);
    let parsed = read(kif::read_str(&text, Mode::Lenient));
    let d = after_repetition(&parsed);
    assert_eq!((d.line, d.ply), (15, Some(13)));
    assert!(
        d.detail
            .as_deref()
            .is_some_and(|t| t.ends_with("draw by repetition; the record says 投了")),
        "{d}"
    );
    assert_eq!(parsed.record.result(), Some(&Special::Resign));
}

/// White's king on ５一, Black's rook on ４五 checks it on every Black move: 4e5e+ 5a4a
/// 5e4e+ 4a5a, three times.
fn perpetual_check(ending: &str) -> String {
    let start = Position::from_sfen_with("4k4/9/9/9/5R3/9/9/9/K8 b - 1", SetupMode::Strict)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut text = format!("V2.2\n{}", csa::position_to_string(&start.to_setup()));
    for _ in 0..3 {
        text.push_str("+4555HI\n-5141OU\n+5545HI\n-4151OU\n");
    }
    text.push_str(ending);
    text
}

#[test]
fn a_perpetual_check_is_a_loss_for_the_checker() {
    let parsed = read(csa::read_str(&perpetual_check("+4555HI\n"), Mode::Lenient));
    let d = after_repetition(&parsed);
    assert_eq!(d.ply, Some(13));
    assert_eq!(
        d.detail.as_deref(),
        Some("the position after ply 12 occurred a fourth time: white wins by perpetual check")
    );
    // Black, to move, fouled: `%+ILLEGAL_ACTION` (or a resignation) states the same result,
    // 千日手 names the repetition; a win for Black does not agree.
    for ending in ["%+ILLEGAL_ACTION\n", "%TORYO\n", "%SENNICHITE\n"] {
        let parsed = read(csa::read_str(&perpetual_check(ending), Mode::Strict));
        assert!(parsed.warnings.is_empty(), "{ending}");
    }
    let parsed = read(csa::read_str(
        &perpetual_check("%-ILLEGAL_ACTION\n"),
        Mode::Lenient,
    ));
    let d = after_repetition(&parsed);
    assert!(
        d.detail
            .as_deref()
            .is_some_and(|t| t.ends_with("perpetual check; the record says 反則勝ち")),
        "{d}"
    );
}

#[test]
fn a_variation_is_checked_along_its_own_line() {
    // The main line leaves the shuffle at move 9; the variation from move 9 goes on with it
    // to the fourth occurrence and past it.
    let mut text = kif_text(8, &["７六歩(77)", "３四歩(33)"]);
    text.push_str("\n変化：9手\n");
    for (i, mv) in [
        "５八玉(59)",
        "５二玉(51)",
        "５九玉(58)",
        "５一玉(52)",
        "２六歩(27)",
    ]
    .iter()
    .enumerate()
    {
        text.push_str(&format!("{:>4} {mv}\n", i + 9));
    }
    let parsed = read(kif::read_str(&text, Mode::Lenient));
    let d = after_repetition(&parsed);
    // The variation's header is line 14, its move 13 line 19.
    assert_eq!((d.line, d.column, d.ply), (19, 6, Some(13)));
    assert_eq!(parsed.record.tree.main_line_len(), 10);
}

#[test]
fn variations_after_a_reported_ending_or_before_it_say_nothing_more() {
    let mut text = kif_text(12, &["７六歩(77)", "３四歩(33)"]);
    // An alternative to move 14 (after the ending, already reported), then one to move 12
    // (before it: that line does not repeat a fourth time).
    text.push_str("\n変化：14手\n  14 ８四歩(83)\n");
    text.push_str("\n変化：12手\n  12 ４二玉(52)\n  13 ７六歩(77)\n");
    let parsed = read(kif::read_str(&text, Mode::Lenient));
    assert_eq!(after_repetition(&parsed).line, 15);
    assert_eq!(parsed.record.tree.variation_starts().len(), 2);
    // Read alone, a variation after the ending of a line that stopped at it is reported.
    let mut text = kif_text(12, &["千日手"]);
    text.push_str("\n変化：13手\n  13 ７六歩(77)\n");
    let parsed = read(kif::read_str(&text, Mode::Lenient));
    let d = after_repetition(&parsed);
    assert_eq!((d.line, d.ply), (18, Some(13)));
}
