//! Conversions between formats keep what both formats can hold.
//!
//! KIF -> CSA -> KIF keeps, for every corpus KIF file, the main line (moves, recorded
//! fouls), the result, the time spent on each move and every comment (start position and
//! moves). CSA cannot hold, and the CSA writer reports ([`csa::Dropped`]): variations,
//! bookmarks, total times, `まで` trailers, the `手合割` line (the position says it), lines
//! kept verbatim from a KIF header area, a start move number other than 1; headers keep their
//! values but `下手`/`上手` come back as `先手`/`後手`.
//!
//! KIF -> JKF -> KIF keeps the whole tree (variations, bookmarks as `&` comments, both
//! times); JKF cannot hold trailers, program comments and verbatim header lines.
//!
//! Random legal games (with comments, times, variations for JKF, a special at the end,
//! standard and custom start positions) read back identical from CSA and JKF.

use std::time::Duration;

use masu_kif::csa::{self, Version, WriteOptions};
use masu_kif::encoding::TextEncoding;
use masu_kif::shogi::{Color, Position};
use masu_kif::{
    Handicap, Mode, MoveTime, NodeId, NodeKind, Record, Special, StartPosition, jkf, kif,
};

mod common;

/// What a main line carries that every format holds: per node the move (or special), the
/// foul flag, the time spent and the comments; the start position's comments first.
fn main_line(r: &Record) -> Vec<String> {
    let mut out = vec![format!("start {:?}", r.tree[NodeId::ROOT].comments)];
    for id in r.tree.main_line() {
        let n = &r.tree[id];
        let what = match &n.kind {
            NodeKind::Move(m) => format!("{}{}", m.mv.to_usi(), if m.illegal { "!" } else { "" }),
            NodeKind::Special(s) => format!("{s:?}"),
            NodeKind::Start => String::new(),
        };
        let spent = n.time.and_then(|t| t.spent);
        out.push(format!("{what} {spent:?} {:?}", n.comments));
    }
    out
}

#[test]
fn kif_to_csa_to_kif_keeps_moves_results_times_comments() {
    let mut checked = 0;
    for (name, bytes) in common::folder("kif") {
        let Ok(k) = kif::read_bytes(&bytes, Mode::Lenient) else {
            continue;
        };
        let text = csa::to_string(&k.record);
        let c = csa::read_str(&text, Mode::Lenient).unwrap_or_else(|e| panic!("{name}: {e}"));
        let back = kif::to_string(&c.record);
        let k2 = kif::read_str(&back, Mode::Lenient).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(
            main_line(&k2.record),
            main_line(&k.record),
            "{name}\n{text}"
        );
        assert_eq!(k2.record.result(), k.record.result(), "{name}");
        assert_eq!(k2.record.start.setup, k.record.start.setup, "{name}");
        checked += 1;
    }
    assert!(checked >= 84, "{checked}");
}

#[test]
fn csa_to_kif_to_csa_keeps_moves_results_times_comments() {
    let mut checked = 0;
    for (name, bytes) in common::folder("csa") {
        let Ok(c) = csa::read_bytes(&bytes, Mode::Lenient) else {
            continue;
        };
        let k = kif::read_str(&kif::to_string(&c.record), Mode::Lenient);
        let k = k.unwrap_or_else(|e| panic!("{name}: {e}"));
        let c2 = csa::read_str(&csa::to_string(&k.record), Mode::Lenient);
        let c2 = c2.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(main_line(&c2.record), main_line(&c.record), "{name}");
        checked += 1;
    }
    assert!(checked >= 34, "{checked}");
}

#[test]
fn kif_to_jkf_to_kif_keeps_the_tree() {
    for (name, bytes) in common::folder("kif") {
        let Ok(k) = kif::read_bytes(&bytes, Mode::Lenient) else {
            continue;
        };
        // Lenient with no warning: strict reading refuses the recorded fouls of some files.
        let j = jkf::read_str(&jkf::to_string(&k.record), Mode::Lenient);
        let j = j.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(j.warnings.is_empty(), "{name}: {:?}", j.warnings);
        let k2 = kif::read_str(&kif::to_string(&j.record), Mode::Lenient);
        let k2 = k2.unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(main_line(&k2.record), main_line(&k.record), "{name}");
        assert_eq!(
            k2.record.tree.variation_starts().len(),
            k.record.tree.variation_starts().len(),
            "{name}"
        );
    }
}

mod random_games {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::{Config, RngSeed};

    const SPECIALS: [Special; 8] = [
        Special::Resign,
        Special::Interrupt,
        Special::Repetition,
        Special::TimeUp,
        Special::IllegalLoss,
        Special::Declaration,
        Special::Mate,
        Special::SealedMove,
    ];

    const COMMENTS: [&str; 5] = ["好手", "* 120 +7776FU", "a, b", "  spaced", "評価値=8"];

    /// How a game is generated: the start, the move choices, the annotation choices.
    #[derive(Debug, Clone)]
    struct Plan {
        start: u8,
        moves: Vec<u16>,
        notes: Vec<u8>,
        branches: Vec<(u8, Vec<u16>)>,
        end: u8,
    }

    fn plan() -> impl Strategy<Value = Plan> {
        (
            any::<u8>(),
            prop::collection::vec(any::<u16>(), 0..80),
            prop::collection::vec(any::<u8>(), 80),
            prop::collection::vec(
                (any::<u8>(), prop::collection::vec(any::<u16>(), 1..6)),
                0..4,
            ),
            any::<u8>(),
        )
            .prop_map(|(start, moves, notes, branches, end)| Plan {
                start,
                moves,
                notes,
                branches,
                end,
            })
    }

    /// The start: a standard position, or (one time in four) the position after a few
    /// moves of the even game, as a custom setup.
    fn start(plan: &Plan) -> StartPosition {
        if plan.start % 4 == 3 {
            let mut pos = Position::startpos();
            for (i, &m) in plan
                .moves
                .iter()
                .take(3 + usize::from(plan.start % 5))
                .enumerate()
            {
                let legal = pos.legal_moves();
                if legal.is_empty() {
                    break;
                }
                pos.play_unchecked(legal[(usize::from(m) + i) % legal.len()]);
            }
            let mut setup = pos.to_setup();
            setup.ply = 1;
            return StartPosition::from_setup(setup);
        }
        StartPosition::handicap(Handicap::ALL[usize::from(plan.start) % Handicap::ALL.len()])
    }

    /// Plays `choices` from `from`; returns the nodes added.
    fn play_line(r: &mut Record, from: NodeId, choices: &[u16], avoid: &[NodeId]) -> Vec<NodeId> {
        let Ok(mut pos) = r.position_at(from) else {
            return Vec::new();
        };
        let mut at = from;
        let mut out = Vec::new();
        for (i, &c) in choices.iter().enumerate() {
            let mut legal: Vec<_> = pos.legal_moves().into_iter().collect();
            if i == 0 {
                // A variation must differ from the moves already there.
                legal.retain(|m| {
                    !avoid
                        .iter()
                        .any(|&a| r.tree[a].recorded_move().is_some_and(|x| x.mv == *m))
                });
            }
            if legal.is_empty() {
                break;
            }
            let mv = legal[usize::from(c) % legal.len()];
            pos.play_unchecked(mv);
            // `at` is the root or a move: a move follows it.
            let Some(next) = r.push_move(at, mv) else {
                break;
            };
            at = next;
            out.push(at);
        }
        out
    }

    fn annotate(r: &mut Record, nodes: &[NodeId], notes: &[u8], ms: bool, total: bool) {
        let mut used = [Duration::ZERO; 2];
        for (k, &id) in nodes.iter().enumerate() {
            let note = notes.get(k % notes.len().max(1)).copied().unwrap_or(0);
            let node = &mut r.tree[id];
            if note % 3 == 0 {
                node.comments
                    .push(COMMENTS[usize::from(note) % COMMENTS.len()].to_owned());
            }
            if note % 5 != 4 {
                let spent = if ms {
                    Duration::from_millis(u64::from(note) * 137)
                } else {
                    Duration::from_secs(u64::from(note) * 7)
                };
                let side = (node.ply() % 2) as usize;
                used[side] += spent;
                node.time = Some(MoveTime {
                    spent: Some(spent),
                    total: total.then_some(used[side]),
                });
            }
        }
    }

    fn game(plan: &Plan, csa: bool) -> Record {
        let mut r = Record::with_start(start(plan));
        r.headers.push("先手", "Sente Name");
        r.headers.push("棋戦", "Cup, final");
        r.tree[NodeId::ROOT].comments.push("開始".to_owned());
        let main = play_line(&mut r, NodeId::ROOT, &plan.moves, &[]);
        annotate(&mut r, &main, &plan.notes, csa, !csa);
        if !plan.end.is_multiple_of(3) {
            let last = main.last().copied().unwrap_or(NodeId::ROOT);
            let s = SPECIALS[usize::from(plan.end) % SPECIALS.len()].clone();
            let _ = r.tree.push(last, NodeKind::Special(s));
        }
        if !csa && !main.is_empty() {
            // Variations off the main line, latest branch point first (the order readers
            // of variation formats rebuild).
            let mut points: Vec<(usize, &Vec<u16>)> = plan
                .branches
                .iter()
                .map(|(at, moves)| (usize::from(*at) % main.len(), moves))
                .collect();
            points.sort_by_key(|p| std::cmp::Reverse(p.0));
            for (i, moves) in points {
                let parent = if i == 0 { NodeId::ROOT } else { main[i - 1] };
                let avoid = r.tree[parent].children().to_vec();
                let line = play_line(&mut r, parent, moves, &avoid);
                annotate(&mut r, &line, &plan.notes, false, true);
                if let Some(&first) = line.first() {
                    r.tree[first].bookmarks.push("分岐".to_owned());
                }
            }
        }
        r
    }

    proptest! {
        #![proptest_config(Config {
            cases: 64,
            rng_seed: RngSeed::Fixed(0x6b69_665f_6373_6121),
            failure_persistence: None,
            ..Config::default()
        })]

        #[test]
        fn csa_reads_back_identical(plan in plan()) {
            let r = game(&plan, true);
            let options = WriteOptions { version: Version::V3_0, encoding: TextEncoding::Utf8 };
            let written = csa::write(&r, &options);
            prop_assert!(written.dropped.is_empty(), "{:?}", written.dropped);
            let back = csa::read_str(&written.text, Mode::Strict);
            prop_assert!(back.is_ok(), "{:?}\n{}", back.err(), written.text);
            prop_assert_eq!(back.map(|p| p.record).ok(), Some(r.clone()));
        }

        #[test]
        fn jkf_reads_back_identical(plan in plan()) {
            let r = game(&plan, false);
            let written = jkf::write(&r);
            prop_assert!(written.dropped.is_empty(), "{:?}", written.dropped);
            let back = jkf::read_str(&written.text, Mode::Strict);
            prop_assert!(back.is_ok(), "{:?}\n{}", back.err(), written.text);
            prop_assert_eq!(back.map(|p| p.record).ok(), Some(r.clone()));
        }
    }

    #[test]
    fn the_side_to_move_starts_custom_positions() {
        let plan = Plan {
            start: 3,
            moves: vec![1, 2, 3],
            notes: vec![0],
            branches: Vec::new(),
            end: 1,
        };
        let r = game(&plan, true);
        assert_eq!(r.start.handicap, None);
        // Three moves were played: White is to move in the custom start.
        assert_eq!(r.start.setup.turn, Color::White);
    }
}

#[test]
fn headers_a_format_cannot_hold_are_named() {
    // JKF keys and values may hold anything; KIF and KI2 keep such headers as program
    // comments, CSA leaves out a key with a colon or a line break and writes a value's line
    // breaks as `\n`.
    let jkf = r#"{"header":{"a:b":"1","x\ny":"2","ok":"v\rw","棋戦":"竜王戦"},"moves":[{}]}"#;
    let record = masu_kif::jkf::read_str(jkf, masu_kif::Mode::Lenient)
        .unwrap_or_else(|e| panic!("{e}"))
        .record;
    let kif = record.left_out_by(masu_kif::Format::Kif);
    assert_eq!(
        kif,
        [
            "the header a:b as a header (written as a program comment)",
            "the header x\\ny as a header (written as a program comment)",
            "the header ok as a header (written as a program comment)",
        ]
    );
    assert_eq!(record.left_out_by(masu_kif::Format::Ki2), kif);
    assert_eq!(
        record.left_out_by(masu_kif::Format::Csa),
        [
            "the header a:b",
            "the header x\\ny",
            "the line breaks of the header ok (written as \\n)"
        ]
    );
    let csa = masu_kif::csa::read_str(
        &record.to_string_as(masu_kif::Format::Csa),
        masu_kif::Mode::Lenient,
    )
    .unwrap_or_else(|e| panic!("{e}"))
    .record;
    assert_eq!(csa.headers.get(masu_kif::HeaderKey::Event), Some("竜王戦"));
    assert!(record.left_out_by(masu_kif::Format::Jkf).is_empty());
}

/// A start with a move number other than 1 (a USI `position sfen … 37`, a game set up so)
/// loses it in every format but USI, and each says so: KIF and KI2 number their moves
/// from 1, and read back a start at 1.
#[test]
fn a_start_move_number_is_named_by_every_format_that_drops_it() {
    let usi = "position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 37 moves 3g3f";
    let record = Record::from_usi(usi).unwrap_or_else(|e| panic!("{e}"));
    for format in masu_kif::Format::ALL {
        let back = masu_kif::read_str(&record.to_string_as(format), Some(format), Mode::Strict)
            .unwrap_or_else(|e| panic!("{format}: {e}"))
            .record;
        assert_eq!(back.start.setup.ply, 1, "{format}");
        assert_eq!(
            record.left_out_by(format),
            ["the start position's move number 37"],
            "{format}"
        );
    }
}
