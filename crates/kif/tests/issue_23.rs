//! Regressions of issue 23 (hardening): deep variation trees, linear writers, strict mode
//! and illegal moves. Each test but the JSON nesting guard failed before its fix.

mod common;

use std::time::{Duration, Instant};

use common::on_small_stack;
use common::shapes::{self, read_back};
use masu_kif::{DiagnosticKind, Format, Mode, NodeKind, Record, Special, jkf, ki2, kif};

/// The best of three runs of `f`, so that a busy machine does not fail a timing test.
fn best_of_three(mut f: impl FnMut()) -> Duration {
    (0..3)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap_or_default()
}

#[test]
fn deep_jkf_reads_and_writes_without_recursion() {
    // 5,000 forks each inside the one before overflowed the stack of a spawned thread;
    // reading 3,000 took 5 s (every fork's text was scanned again at every level).
    let record = shapes::deep_chain(5_000);
    let text = on_small_stack(|| jkf::write(&record).text);
    // The writer's indentation grew with the depth: 800 levels gave 38 MB.
    assert!(
        text.len() < 1_000 * record.tree.len(),
        "{} bytes",
        text.len()
    );
    let back = on_small_stack(|| read_back(jkf::read_str(&text, Mode::Lenient), "JKF"));
    assert!(back.tree == record.tree);
    let took = best_of_three(|| {
        let _ = jkf::read_str(&text, Mode::Lenient);
    });
    // Measured 20 ms of CPU; the limit leaves room for a loaded machine.
    assert!(took < Duration::from_secs(2), "{took:?}");
}

/// Not a regression (serde_json refused deep nesting with an error) but a guard: the JSON
/// parser that replaced it must not recurse either.
#[test]
fn hostile_json_nesting_is_an_error_not_an_overflow() {
    let depth = 1_000_000;
    let text = format!(
        "{{\"header\": {{}}, \"moves\": [{{}}, {{\"forks\": {}{}}}]}}",
        "[".repeat(depth),
        "]".repeat(depth)
    );
    let p = on_small_stack(|| jkf::read_str(&text, Mode::Lenient));
    assert!(p.is_ok_and(|p| !p.warnings.is_empty()));
    let unclosed = format!(
        "{{\"header\": {{}}, \"moves\": {}",
        "[{\"a\":".repeat(depth)
    );
    let e = on_small_stack(|| jkf::read_str(&unclosed, Mode::Lenient)).err();
    let d = e
        .as_ref()
        .and_then(|e| e.diagnostic())
        .map(|d| d.kind.clone());
    assert_eq!(d, Some(DiagnosticKind::UnknownLine));
}

#[test]
fn deep_kif_and_ki2_write_without_recursion() {
    // Their writers listed the `変化` blocks by recursing on the depth.
    let record = shapes::deep_chain(20_000);
    for (name, text) in on_small_stack(|| {
        [
            ("KIF", kif::to_string(&record)),
            ("KI2", ki2::to_string(&record)),
        ]
    }) {
        let back = on_small_stack(|| match name {
            "KIF" => kif::read_str(&text, Mode::Lenient),
            _ => ki2::read_str(&text, Mode::Lenient),
        });
        assert!(read_back(back, name).tree == record.tree, "{name}");
    }
}

/// 20,000 plies with a variation at every ply, as read from KIF.
fn variation_at_every_ply(plies: usize) -> Record {
    let mut record = shapes::long_game(plies);
    let main: Vec<_> = record.tree.main_line().collect();
    for id in main {
        let parent = record.tree[id].parent().unwrap_or(masu_kif::NodeId::ROOT);
        record
            .tree
            .push(parent, NodeKind::Special(Special::Interrupt));
    }
    record
}

#[test]
fn ki2_writes_many_variations_in_linear_time() {
    // Every block replayed its moves from the start: 20,000 plies with a variation at each
    // took 8.3 s to write.
    let record = variation_at_every_ply(20_000);
    let mut text = String::new();
    let took = best_of_three(|| text = ki2::to_string(&record));
    // Measured 40 ms of CPU; the limit leaves room for a loaded machine.
    assert!(took < Duration::from_secs(2), "{took:?}");
    let back = read_back(ki2::read_str(&text, Mode::Lenient), "KI2");
    assert_eq!(back.tree.len(), record.tree.len());
    // KIF with `不成` replayed every move from the start the same way.
    let options = masu_kif::kif::WriteOptions {
        non_promotion: true,
        ..masu_kif::kif::WriteOptions::default()
    };
    let took = best_of_three(|| text = kif::write(&record, &options));
    assert!(took < Duration::from_secs(2), "{took:?}");
}

#[test]
fn jkf_writes_wide_forks_and_clocks_in_linear_time() {
    // Every alternative copied the list of its siblings (200,000 alternatives: 160 GB
    // copied), and every clock walked back along the line for the mover's total.
    let record = shapes::wide_fork(200_000);
    let mut text = String::new();
    let took = best_of_three(|| text = jkf::write(&record).text);
    // Measured 0.4 s of CPU; the limit leaves room for a loaded machine.
    assert!(took < Duration::from_secs(5), "{took:?}");
    let back = jkf::read_str(&text, Mode::Strict).unwrap_or_else(|e| panic!("{e}"));
    assert!(back.record.tree == record.tree);
    let mut record = shapes::long_game(100_000);
    let ids: Vec<_> = record.tree.main_line().collect();
    for id in ids {
        record.tree[id].time = Some(masu_kif::MoveTime {
            spent: Some(Duration::from_secs(1)),
            total: None,
        });
    }
    let took = best_of_three(|| text = jkf::write(&record).text);
    // Measured 0.15 s of CPU.
    assert!(took < Duration::from_secs(5), "{took:?}");
    let back = read_back(jkf::read_str(&text, Mode::Lenient), "JKF");
    let last = back.main_line_end();
    let total = back.tree[last].time.and_then(|t| t.total);
    assert_eq!(total, Some(Duration::from_secs(50_000)));
}

const ILLEGAL_THEN_RESIGN: &str =
    "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ５五飛(82)\n   5 投了\n";

#[test]
fn strict_refuses_an_illegal_move_whatever_follows() {
    // `５五飛(82)` is no rook move; with `投了` after it, it read without a word.
    let e = kif::read_str(ILLEGAL_THEN_RESIGN, Mode::Strict).err();
    let d = e.as_ref().and_then(|e| e.diagnostic());
    assert_eq!(
        d.map(|d| (d.kind.clone(), d.line, d.column, d.ply)),
        Some((DiagnosticKind::IllegalMove, 4, 6, Some(4)))
    );
    // Lenient: kept as a recorded foul, with a warning naming line, column and ply.
    let p = kif::read_str(ILLEGAL_THEN_RESIGN, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    let w: Vec<_> = p
        .warnings
        .iter()
        .map(|d| (d.kind.clone(), d.line, d.column, d.ply))
        .collect();
    assert_eq!(w, [(DiagnosticKind::RecordedFoul, 4, 6, Some(4))]);
    assert!(p.warnings[0].to_string().contains("followed by 投了"));
    let fourth = p.record.tree.main_line().nth(3);
    let foul = fourth.and_then(|id| p.record.tree[id].recorded_move());
    assert!(foul.is_some_and(|m| m.illegal));
    assert_eq!(p.record.result(), Some(&Special::Resign));
}

#[test]
fn a_stated_foul_reads_as_before_in_lenient_mode_and_fails_strict() {
    for (end, special) in [
        ("反則勝ち", Special::IllegalWin),
        ("反則負け", Special::IllegalLoss),
    ] {
        let text = ILLEGAL_THEN_RESIGN.replace("投了", end);
        let p = kif::read_str(&text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
        assert!(p.warnings.is_empty(), "{:?}", p.warnings);
        assert_eq!(p.record.result(), Some(&special));
        let e = kif::read_str(&text, Mode::Strict).err();
        let kind = e
            .as_ref()
            .and_then(|e| e.diagnostic())
            .map(|d| d.kind.clone());
        assert_eq!(kind, Some(DiagnosticKind::IllegalMove));
    }
    // KI2 states the result in its trailer; JKF and CSA in their specials.
    // White leaves its king in check from the bishop dropped on ３三.
    let ki2_text =
        "▲７六歩　△３四歩　▲２二角成　△同　銀　▲３三角打　△８四歩\nまで6手で後手の勝ち\n";
    let p = ki2::read_str(ki2_text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    let kinds: Vec<_> = p.warnings.iter().map(|d| d.kind.clone()).collect();
    assert_eq!(kinds, [DiagnosticKind::RecordedFoul]);
    assert!(ki2::read_str(ki2_text, Mode::Strict).is_err());
    let stated = ki2_text.replace("後手の勝ち", "先手の反則勝ち");
    let p = ki2::read_str(&stated, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    let csa_text = "PI\n+\n+7776FU\n-3334FU\n+2726FU\n-8255HI\n%TORYO\n";
    let p = masu_kif::csa::read_str(csa_text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    let kinds: Vec<_> = p.warnings.iter().map(|d| d.kind.clone()).collect();
    assert_eq!(kinds, [DiagnosticKind::RecordedFoul]);
    assert!(masu_kif::csa::read_str(csa_text, Mode::Strict).is_err());
}

#[test]
fn an_illegal_last_move_with_nothing_after_it_is_reported_in_every_format() {
    // `+7775FU` / `７五歩(77)`: a pawn two squares forward, the record's last move. CSA and
    // JKF kept it as a recorded foul without a word, KIF warned. (KI2 names no origin: no
    // pawn reaches ７五, and the move does not read at all.)
    let jkf_text = r#"{"header":{},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":5},"piece":"FU","color":0}}]}"#;
    for (format, text) in [
        (Format::Kif, "   1 ７五歩(77)\n"),
        (Format::Csa, "PI\n+\n+7775FU\n"),
        (Format::Jkf, jkf_text),
    ] {
        let p = masu_kif::read_str(text, Some(format), Mode::Lenient)
            .unwrap_or_else(|e| panic!("{format:?}: {e}"));
        let kinds: Vec<_> = p.warnings.iter().map(|d| d.kind.clone()).collect();
        assert_eq!(kinds, [DiagnosticKind::RecordedFoul], "{format:?}");
        let first = p.record.tree.main_line().next();
        let foul = first.and_then(|id| p.record.tree[id].recorded_move());
        assert!(foul.is_some_and(|m| m.illegal), "{format:?}");
        assert!(masu_kif::read_str(text, Some(format), Mode::Strict).is_err());
    }
}

#[test]
fn a_ki2_trailer_that_contradicts_the_ending_is_reported_and_the_ending_kept() {
    // The rows end in a word (`△反則負け`); the trailer below says something else.
    let text = "▲７六歩    △反則負け\nまで2手で先手s成\n";
    let p = ki2::read_str(text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    let w: Vec<_> = p
        .warnings
        .iter()
        .map(|d| (d.kind.clone(), d.line, d.to_string()))
        .collect();
    assert_eq!(w.len(), 1, "{w:?}");
    assert_eq!(
        (w[0].0.clone(), w[0].1),
        (DiagnosticKind::TrailerMismatch, 2)
    );
    assert!(w[0].2.contains("already ended in 反則負け"), "{}", w[0].2);
    assert_eq!(p.record.result(), Some(&Special::IllegalLoss));
    // Written, the trailer is the ending's own, and it reads back as the same ending.
    let written = ki2::to_string(&p.record);
    assert!(
        written.ends_with("▲７六歩\nまで1手で後手の反則負け\n"),
        "{written}"
    );
    let back = ki2::read_str(&written, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    assert!(back.warnings.is_empty(), "{:?}", back.warnings);
    assert_eq!(back.record.result(), Some(&Special::IllegalLoss));
    // A trailer that says the same ending is no mismatch.
    let agreeing = "▲７六歩    △投了\nまで2手で先手の勝ち\n";
    let p = ki2::read_str(agreeing, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
}

#[test]
fn what_a_writer_leaves_out_is_described_in_words() {
    // A trailer other than the one writers generate (`まで2手で中断`) is kept, and lost.
    let text = "   1 ７六歩(77)\n   2 ３四歩(33)\n   3 中断\nまで、2手で中断\n";
    let record = kif::read_str(text, Mode::Lenient)
        .unwrap_or_else(|e| panic!("{e}"))
        .record;
    let csa: Vec<String> = masu_kif::csa::write(&record, &Default::default())
        .dropped
        .iter()
        .map(|d| d.describe(&record))
        .collect();
    assert_eq!(csa, ["the trailer まで、2手で中断 at ply 3"]);
    let jkf: Vec<String> = jkf::write(&record)
        .dropped
        .iter()
        .map(|d| d.describe(&record))
        .collect();
    assert_eq!(jkf, ["the trailer まで、2手で中断 at ply 3"]);
}

#[test]
fn a_hand_count_with_too_many_digits_is_a_bad_hand_not_a_wrapped_count() {
    // 4294967297 = 2^32 + 1: the count overflowed (a panic with overflow checks, a hand of
    // one pawn without them). Found by the kif_read fuzz target.
    let text = "先手の持駒：歩4294967297\n手数----指手--\n   1 ７六歩(77)\n";
    let p = kif::read_str(text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    let bad: Vec<_> = p
        .warnings
        .iter()
        .filter(|d| d.kind == DiagnosticKind::BadHand)
        .map(|d| (d.line, d.column))
        .collect();
    assert_eq!(bad, [(1, 8)], "{:?}", p.warnings);
    assert!(kif::read_str(text, Mode::Strict).is_err());
}
