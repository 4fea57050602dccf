//! CSA: every corpus file reads with the agreed main-line length and no warning, and
//! reads back identical after writing (V2.2 and V3.0); hand-written records cover what
//! the corpus lacks (multi-record files, every `%` special, V3 milliseconds).

mod common;

use common::reference;
use std::collections::BTreeMap;

use masu_kif::csa::{self, Dropped, Version, WriteOptions};
use masu_kif::encoding::TextEncoding;
use masu_kif::{DiagnosticKind, Mode, NodeKind, Parsed, Record, Special};

/// The 九歩 problem (`kfjs__9fu*.csa`, also `kif/kfjs__9fu.kif`) puts nine White pawns on
/// file 2, one on White's last rank: a composed position, read with a warning saying so
/// (which strict mode turns into an error, so the strict tests leave these two out).
const COMPOSED: [&str; 2] = ["csa/kfjs__9fu.csa", "csa/kfjs__9fu_komabetsu.csa"];

/// Warnings a clean reading of these real files may carry: the aobazero log writes
/// `%KACHI` twice (once with a comment, once bare); the second is reported.
fn allowed(file: &str, kind: &DiagnosticKind) -> bool {
    (*kind == DiagnosticKind::AfterSpecial && file.contains("aobazero"))
        || (*kind == DiagnosticKind::BadPosition && COMPOSED.contains(&file))
}

fn readable() -> Vec<(String, Vec<u8>)> {
    common::folder("csa")
        .into_iter()
        .filter(|(n, _)| !COMPOSED.contains(&n.as_str()))
        .collect()
}

#[test]
fn corpus_files_read_with_reference_lengths() {
    let reference = reference();
    let files = common::folder("csa");
    assert_eq!(files.len(), 36);
    let mut failures = Vec::new();
    for (name, bytes) in &files {
        match csa::read_bytes(bytes, Mode::Lenient) {
            Ok(p) => {
                let plies = p.record.tree.main_line_len();
                let bad = p.warnings.iter().any(|d| !allowed(name, &d.kind));
                if Some(&plies) != reference.get(name) || bad {
                    failures.push(format!(
                        "{name}: {plies} plies (expected {:?}); {}",
                        reference.get(name),
                        p.warnings
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join("; ")
                    ));
                }
            }
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn corpus_files_also_read_in_strict_mode() {
    for (name, bytes) in readable() {
        if name.contains("aobazero") {
            continue;
        }
        let r = csa::read_bytes(&bytes, Mode::Strict);
        assert!(r.is_ok(), "{name}: {:?}", r.err());
    }
}

fn roundtrip(name: &str, parsed: &Parsed, options: &WriteOptions) {
    let written = csa::write(&parsed.record, options);
    let back = csa::read_str(&written.text, Mode::Strict);
    let back = back.unwrap_or_else(|e| panic!("{name}: {e}\n{}", written.text));
    let mut expected = parsed.record.clone();
    if options.version == Version::V2_2 {
        // V2.2 writes whole seconds: only the fraction may differ.
        for id in written.dropped.iter().filter_map(|d| match d {
            Dropped::SubSecond(id) => Some(*id),
            _ => None,
        }) {
            if let Some(t) = expected.tree[id]
                .time
                .as_mut()
                .and_then(|t| t.spent.as_mut())
            {
                *t = std::time::Duration::from_secs(t.as_secs());
            }
        }
    }
    assert_eq!(back.record, expected, "{name}\n{}", written.text);
}

#[test]
fn corpus_files_round_trip_in_both_versions() {
    for (name, bytes) in readable() {
        let parsed =
            csa::read_bytes(&bytes, Mode::Lenient).unwrap_or_else(|e| panic!("{name}: {e}"));
        for version in [Version::V2_2, Version::V3_0] {
            let options = WriteOptions {
                version,
                encoding: TextEncoding::Utf8,
            };
            roundtrip(&name, &parsed, &options);
        }
        // Through Shift_JIS bytes as well, declaration included.
        let options = WriteOptions {
            version: Version::V2_2,
            encoding: TextEncoding::ShiftJis,
        };
        let written = csa::write(&parsed.record, &options);
        let bytes = written.to_bytes();
        assert!(
            bytes.unmappable.is_empty(),
            "{name}: {:?}",
            bytes.unmappable
        );
        let back = csa::read_bytes(&bytes.bytes, Mode::Strict).map(|p| p.record);
        assert_eq!(back.as_ref().ok(), Some(&parsed.record), "{name}");
    }
}

/// The decoding of every CSA file is the one SOURCES.md records (11 Shift_JIS, 1 EUC-JP, the
/// rest UTF-8, of which 7 are pure ASCII: those take the Shift_JIS hint of the CSA spec).
#[test]
fn corpus_encodings() {
    use masu_kif::encoding::TextEncoding::{EucJp, ShiftJis, Utf8};
    let mut counts = BTreeMap::new();
    for (name, bytes) in readable() {
        let p = csa::read_bytes(&bytes, Mode::Lenient).unwrap_or_else(|e| panic!("{name}: {e}"));
        let enc = p.decoding.map(|d| d.encoding);
        let ascii = p
            .decoding
            .is_some_and(|d| d.rule == masu_kif::encoding::Rule::Ascii);
        let key = if ascii {
            "ascii".to_owned()
        } else {
            format!("{enc:?}")
        };
        *counts.entry(key).or_insert(0) += 1;
        if name.ends_with("2005_YAMADA_GPS.csa") {
            assert_eq!(enc, Some(EucJp), "{name}");
        }
    }
    // The two 九歩 files (not read here) are Shift_JIS.
    let expected = BTreeMap::from([
        (format!("{:?}", Some(EucJp)), 1),
        (format!("{:?}", Some(ShiftJis)), 9),
        (format!("{:?}", Some(Utf8)), 17),
        ("ascii".to_owned(), 7),
    ]);
    assert_eq!(counts, expected);
}

const V3: &str = "'CSA encoding=UTF-8
V3.0
N+Sente
N-Gote
$EVENT:Test
$TIME:600+10+0
$TIME+:300+0+5
PI
+
'*start comment
+7776FU
T1.250
'*first
'** 50 -3334FU
-3334FU,T0.5
%TIME_UP
T30
'summary
";

#[test]
fn version_3_times_and_comments() {
    let p = csa::read_str(V3, Mode::Strict).unwrap_or_else(|e| panic!("{e}"));
    let r = &p.record;
    let main: Vec<_> = r.tree.main_line().collect();
    assert_eq!(main.len(), 3);
    let spent = |i: usize| r.tree[main[i]].time.and_then(|t| t.spent);
    assert_eq!(spent(0), Some(std::time::Duration::from_millis(1250)));
    assert_eq!(spent(1), Some(std::time::Duration::from_millis(500)));
    assert_eq!(spent(2), Some(std::time::Duration::from_secs(30)));
    assert_eq!(r.tree[main[0]].comments, vec!["first", "* 50 -3334FU"]);
    assert_eq!(r.tree.nodes()[0].comments, vec!["start comment"]);
    assert_eq!(r.result(), Some(&Special::TimeUp));
    // After the last move's line: that node's, written back there.
    assert!(r.program_comments.is_empty());
    assert_eq!(r.tree[main[2]].program_comments, vec!["summary"]);
    let keys: Vec<_> = r
        .headers
        .entries()
        .iter()
        .map(|h| (h.key.as_str(), h.value.as_str()))
        .collect();
    assert_eq!(
        keys,
        vec![
            ("先手", "Sente"),
            ("後手", "Gote"),
            ("棋戦", "Test"),
            ("TIME", "600+10+0"),
            ("先手持ち時間", "300+0+5")
        ]
    );
    let out = csa::write(r, &WriteOptions::default()).text;
    assert!(out.ends_with("%TIME_UP\nT30\n'summary\n"), "{out}");
    assert!(out.starts_with("'CSA encoding=UTF-8\nV3.0\nN+Sente\nN-Gote\n$EVENT:Test\n$TIME:600+10+0\n$TIME+:300+0+5\nPI\n+\n'*start comment\n+7776FU\nT1.250\n"), "{out}");
}

/// Every `%` word of the standard, with the side to move after `+7776FU` (White).
#[test]
fn every_special() {
    let cases = [
        ("TORYO", Special::Resign),
        ("CHUDAN", Special::Interrupt),
        ("SENNICHITE", Special::Repetition),
        ("TIME_UP", Special::TimeUp),
        ("ILLEGAL_MOVE", Special::IllegalLoss),
        ("+ILLEGAL_ACTION", Special::IllegalWin),
        ("-ILLEGAL_ACTION", Special::IllegalLoss),
        ("JISHOGI", Special::Impasse),
        ("KACHI", Special::Declaration),
        ("HIKIWAKE", Special::Draw),
        ("MATTA", Special::TakeBack),
        ("TSUMI", Special::Mate),
        ("FUZUMI", Special::NoMate),
        ("ERROR", Special::Error),
        ("MAX_MOVES", Special::MaxMoves),
    ];
    for (word, special) in cases {
        let text = format!("PI\n+\n+7776FU\n%{word}\n");
        let p = csa::read_str(&text, Mode::Strict).unwrap_or_else(|e| panic!("{word}: {e}"));
        assert_eq!(p.record.result(), Some(&special), "{word}");
        let back = csa::write(&p.record, &WriteOptions::default()).text;
        let back = csa::read_str(&back, Mode::Strict).map(|p| p.record);
        assert_eq!(back.as_ref().ok(), Some(&p.record), "{word}");
    }
    // An unknown word is kept, with a warning (an error in strict mode).
    let p = csa::read_str("PI\n+\n%FOO\n", Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.record.result(), Some(&Special::Other("FOO".into())));
    assert_eq!(p.warnings[0].kind, DiagnosticKind::UnknownSpecial);
    assert!(csa::read_str("PI\n+\n%FOO\n", Mode::Strict).is_err());
    // Specials CSA lacks go through as KIF words.
    let mut r = Record::new();
    r.tree.push(
        r.tree.root(),
        masu_kif::NodeKind::Special(Special::SealedMove),
    );
    let text = csa::write(&r, &WriteOptions::default()).text;
    assert!(text.contains("%封じ手\n"));
    assert_eq!(
        csa::read_str(&text, Mode::Lenient).map(|p| p.record).ok(),
        Some(r)
    );
}

#[test]
fn multi_record_files() {
    let text = "V2.2\nN+A\nPI\n+\n+7776FU\n%TORYO\n/\nN+B\nPI82HI\n-\n-3334FU\n%CHUDAN\n/\n";
    let all = csa::read_all_str(text, Mode::Strict).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(all.len(), 2);
    assert_eq!(all[1].record.headers.raw("先手"), Some("B"));
    assert_eq!(all[1].record.start.handicap, Some(masu_kif::Handicap::Rook));
    assert_eq!(all[1].record.result(), Some(&Special::Interrupt));
    // Reading only the first record says that more follow.
    let first = csa::read_str(text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(first.warnings.len(), 1);
    assert_eq!(
        (first.warnings[0].kind.clone(), first.warnings[0].line),
        (DiagnosticKind::Dropped, 7)
    );
    let records: Vec<Record> = all.into_iter().map(|p| p.record).collect();
    let written = csa::write_all(&records, &WriteOptions::default()).text;
    assert_eq!(written.matches("'CSA encoding").count(), 1);
    let back: Vec<Record> = csa::read_all_str(&written, Mode::Strict)
        .map(|v| v.into_iter().map(|p| p.record).collect())
        .unwrap_or_default();
    assert_eq!(back, records);
    // Any format read whole: the same records from the file's bytes (with their
    // decoding), and one record from a KIF file.
    let sjis =
        masu_kif::encoding::encode(&written, masu_kif::encoding::TextEncoding::ShiftJis).bytes;
    let from_bytes =
        masu_kif::read_all_bytes(&sjis, None, Mode::Strict).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        from_bytes.iter().map(|p| &p.record).collect::<Vec<_>>(),
        records.iter().collect::<Vec<_>>()
    );
    assert!(
        from_bytes
            .iter()
            .all(|p| p.decoding.is_some() && p.format == masu_kif::Format::Csa)
    );
    assert_eq!(
        masu_kif::read_all_str(&written, None, Mode::Strict).map(|v| v.len()),
        Ok(2)
    );
    // Text without a record gives the empty record `read_str` gives.
    for empty in ["", "\n/\n/\n", "\u{85}\u{85}"] {
        let all = csa::read_all_str(empty, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
        let first = csa::read_str(empty, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(all.len(), 1, "{empty:?}");
        assert_eq!(all[0].record, first.record, "{empty:?}");
    }
    let kif = "手合割：平手\n   1 ７六歩(77)\n   2 投了\n";
    let one = masu_kif::read_all_bytes(kif.as_bytes(), None, Mode::Strict)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(one.len(), 1);
    assert_eq!(
        one[0].record,
        masu_kif::read_str(kif, None, Mode::Strict)
            .map(|p| p.record)
            .unwrap_or_else(|e| panic!("{e}"))
    );
}

#[test]
fn errors_carry_line_and_column() {
    // An illegal move that does not end the record is an error with its position.
    let text = "PI\n+\n+7776FU\n-3334FU,+7674FU,-8384FU\n";
    let e = csa::read_str(text, Mode::Strict).err();
    let d = e.as_ref().and_then(|e| e.diagnostic()).cloned();
    let d = d.unwrap_or_else(|| panic!("no diagnostic"));
    assert_eq!((d.line, d.column, d.ply), (4, 9, Some(3)));
    assert_eq!(d.kind, DiagnosticKind::IllegalMove);
    assert_eq!(
        d.sfen.as_deref(),
        Some("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3")
    );
    // A bad piece code: the column of the code.
    let e = csa::read_str("PI\n+\n+7776XX\n", Mode::Strict).err();
    let d = e
        .as_ref()
        .and_then(|e| e.diagnostic())
        .map(|d| (d.line, d.column));
    assert_eq!(d, Some((3, 6)));
    // Lenient: the rest of the line is reported, the record keeps the legal moves.
    let p = csa::read_str(text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.record.tree.main_line_len(), 3);
    assert!(p.record.tree.main_line().all(|id| {
        p.record.tree[id].recorded_move().is_none_or(|m| !m.illegal)
            || id == p.record.main_line_end()
    }));
    assert_eq!(p.warnings.len(), 2);
}

#[test]
fn a_time_that_does_not_parse_is_a_bad_time() {
    // Negative, past 64 bits, no number: the time is lost, the moves are all read.
    for time in ["T-5", "T99999999999999999999", "Tabc", "T1.1234567890"] {
        let text = format!("PI\n+\n+7776FU,{time}\n-3334FU\n");
        let p = csa::read_str(&text, Mode::Lenient).unwrap_or_else(|e| panic!("{time}: {e}"));
        assert_eq!(p.record.tree.main_line_len(), 2, "{time}");
        let found: Vec<_> = p
            .warnings
            .iter()
            .map(|d| (d.kind.clone(), d.line, d.column))
            .collect();
        assert_eq!(found, [(DiagnosticKind::BadTime, 3, 10)], "{time}");
    }
}

#[test]
fn a_move_that_does_not_parse_breaks_the_game_there() {
    use DiagnosticKind::{BadMove, Dropped};
    // A move line that is more than a turn line but no move (a lower-case or unknown piece
    // code, a square out of range, a missing code): the game read stops before it, as at
    // an unreadable KIF move, and the moves after it are dropped, each said so.
    for (bad, column) in [("-3334fu", 6), ("-3334XX", 6), ("-3300FU", 4), ("-3334", 6)] {
        let text = format!("PI\n+\n+7776FU\n{bad}\n+2726FU,T3\n-8384FU\n");
        let p = csa::read_str(&text, Mode::Lenient).unwrap_or_else(|e| panic!("{bad}: {e}"));
        assert_eq!(p.record.tree.main_line_len(), 1, "{bad}");
        let found: Vec<_> = p
            .warnings
            .iter()
            .map(|d| (d.kind.clone(), d.line, d.kind.damages_game()))
            .collect();
        let want = [
            (BadMove, 4, true),
            (Dropped, 5, true),
            (Dropped, 5, true),
            (Dropped, 6, true),
        ];
        assert_eq!(found, want, "{bad}");
        assert_eq!(
            (p.warnings[0].column, p.warnings[0].ply),
            (column, Some(2)),
            "{bad}"
        );
        let strict = csa::read_str(&text, Mode::Strict).err();
        let kind = strict
            .as_ref()
            .and_then(|e| e.diagnostic())
            .map(|d| d.kind.clone());
        assert_eq!(kind, Some(BadMove), "{bad}");
    }
}

#[test]
fn recorded_foul_is_kept() {
    // Black moves a pawn two squares; White wins by the foul: read without a warning, but
    // strict reading refuses every illegal move.
    let text = "PI\n+\n+7775FU\n%+ILLEGAL_ACTION\n";
    assert!(csa::read_str(text, Mode::Strict).is_err());
    let p = csa::read_str(text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    assert!(p.warnings.is_empty(), "{:?}", p.warnings);
    let first = p
        .record
        .tree
        .main_line()
        .next()
        .map(|id| &p.record.tree[id]);
    assert_eq!(
        first.and_then(|n| n.recorded_move()).map(|m| m.illegal),
        Some(true)
    );
    assert_eq!(p.record.result(), Some(&Special::IllegalWin));
    let back = csa::write(&p.record, &WriteOptions::default()).text;
    assert!(back.contains("+7775FU\n%+ILLEGAL_ACTION\n"));
}

#[test]
fn start_positions() {
    // Piece lines only, with every remaining piece to White's hand (a mate problem).
    let text = "P-11OU\nP+23FU00KI\nP-00AL\n+\n+0012KI\n%TSUMI\n";
    let p = csa::read_str(text, Mode::Strict).unwrap_or_else(|e| panic!("{e}"));
    let sfen = p.record.start.position().map(|p| p.to_string()).ok();
    assert_eq!(
        sfen.as_deref(),
        Some("8k/9/7P1/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")
    );
    let written = csa::write(&p.record, &WriteOptions::default()).text;
    assert!(
        written.contains("P+00KI\nP-00HI00HI00KA00KA00KI00KI00KI"),
        "{written}"
    );
    assert_eq!(
        csa::read_str(&written, Mode::Strict).map(|p| p.record).ok(),
        Some(p.record)
    );
    // Conflicting lines are reported.
    let p = csa::read_str("PI82KA22KA\nP+22KA\nP+22HI\n+\n", Mode::Lenient)
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(p.warnings.len(), 2);
    // No turn line: the first move's side starts.
    let p = csa::read_str("PI\n+7776FU\n", Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((p.record.tree.main_line_len(), p.warnings.len()), (1, 1));
}

#[test]
fn what_csa_cannot_hold_is_reported() {
    let kif = "手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)   ( 0:01/00:00:01) +\n&しおり\n   2 投了\nまで、1手で先手の勝ち\n\n変化：1手\n   1 ２六歩(27)\n";
    let p = masu_kif::kif::read_str(kif, Mode::Strict).unwrap_or_else(|e| panic!("{e}"));
    let w = csa::write(&p.record, &WriteOptions::default());
    let kinds: Vec<&str> = w
        .dropped
        .iter()
        .map(|d| match d {
            Dropped::Variation(_) => "variation",
            Dropped::Bookmarks(_) => "bookmarks",
            Dropped::TotalTime(_) => "total",
            Dropped::Trailer(_) => "trailer",
            Dropped::Header(_) => "header",
            _ => "other",
        })
        .collect();
    // The 手合割 header names the start the `PI` line writes: not lost.
    assert_eq!(kinds, vec!["variation", "total", "bookmarks", "trailer"]);
    let other = kif.replace("手合割：平手", "手合割：その他");
    let p = masu_kif::kif::read_str(&other, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    let w = csa::write(&p.record, &WriteOptions::default());
    assert_eq!(w.dropped.first(), Some(&Dropped::Header("手合割".into())));
}

#[test]
fn a_handicap_header_line_is_written_as_the_pi_line_or_reported() {
    // `$手合割` is no CSA key: read as a header, it is written back as the `PI` line alone.
    let write = |text: &str| {
        let p = csa::read_str(text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
        assert!(p.record.headers.raw("手合割").is_some());
        csa::write(&p.record, &WriteOptions::default())
    };
    let stated = write("V3.0\n$手合割:平手\nPI\n+\n");
    assert_eq!(
        (stated.dropped.as_slice(), stated.text.contains("手合割")),
        (&[][..], false)
    );
    assert!(stated.text.contains("\nPI\n"), "{}", stated.text);
    let other = write("V3.0\n$手合割:2014/10/14 01:19\nPI\n+\n");
    assert_eq!(other.dropped, vec![Dropped::Header("手合割".into())]);
}

#[test]
fn a_foul_no_csa_move_names_is_left_out_and_reported() {
    // A gold "promoted" (７八金成) and a king dropped ((00) as origin): CSA writes the piece
    // after the move, so the first would read back as the legal 6978KI.
    for (foul, written) in [
        ("   5 ７八金成(69)\n", "+6978KI"),
        ("   5 ４二玉(00)\n", "OU"),
    ] {
        let kif = format!(
            "手合割：平手\n手数----指手---------消費時間--\n   1 ２六歩(27)\n   2 ８四歩(83)\n   3 ７六歩(77)\n   4 ３四歩(33)\n{foul}"
        );
        let p = masu_kif::kif::read_str(&kif, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p.record.tree.main_line_len(), 5, "{foul}");
        let w = csa::write(&p.record, &WriteOptions::default());
        let foul_id = p.record.main_line_end();
        assert!(
            w.dropped.contains(&Dropped::Foul(foul_id)),
            "{foul}: {:?}",
            w.dropped
        );
        assert!(
            !w.text
                .lines()
                .any(|l| l.starts_with('+') && l.ends_with(written)),
            "{}",
            w.text
        );
        let back = csa::read_str(&w.text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(back.record.tree.main_line_len(), 4, "{}", w.text);
    }
}

#[test]
fn what_csa_lines_cannot_hold_is_split_or_reported() {
    let mut record = masu_kif::kif::read_str("手合割：平手\n   1 ７六歩(77)\n", Mode::Strict)
        .unwrap_or_else(|e| panic!("{e}"))
        .record;
    let first = record.main_line_end();
    // A lone carriage return in a comment starts a line of its own, as a reader takes it.
    record.tree[first].comments = vec!["one\rtwo".into()];
    // A `,` ends a CSA statement: the ending's word is written up to it, and reported.
    let end = record
        .tree
        .push(first, NodeKind::Special(Special::Other("a,b".into())))
        .unwrap_or_else(|| panic!("a node"));
    // `'*` opens a comment: such a program comment comes back as one, and is reported.
    record.program_comments = vec!["*not a comment".into()];
    let w = csa::write(&record, &WriteOptions::default());
    assert!(w.text.contains("'*one\n'*two\n"), "{}", w.text);
    assert!(w.text.contains("\n%a\n"), "{}", w.text);
    assert_eq!(
        w.dropped,
        [
            Dropped::ProgramCommentAsComment("*not a comment".into()),
            Dropped::SpecialWord(end),
        ]
    );
    let back = csa::read_str(&w.text, Mode::Lenient)
        .unwrap_or_else(|e| panic!("{e}"))
        .record;
    assert_eq!(back.tree[first].comments, ["one", "two"]);
    assert_eq!(back.tree[end].special(), Some(&Special::Other("a".into())));
}

#[test]
fn csa_times_written_as_kif_carry_each_sides_running_total() {
    // CSA holds the time spent on each move; a KIF time field has the mover's total too,
    // and readers such as cshogi's take the times only when both are there.
    let csa = "V2.2\nPI\n+\n+7776FU,T3\n-3334FU,T5\n+2726FU,T2\n%TORYO,T1\n";
    let p = csa::read_str(csa, Mode::Strict).unwrap_or_else(|e| panic!("{e}"));
    let text = masu_kif::kif::to_string(&p.record);
    for field in [
        "( 0:03/00:00:03)",
        "( 0:05/00:00:05)",
        "( 0:02/00:00:05)",
        "( 0:01/00:00:06)",
    ] {
        assert!(text.contains(field), "{field}\n{text}");
    }
    let back = masu_kif::kif::read_str(&text, Mode::Strict).unwrap_or_else(|e| panic!("{e}"));
    let totals: Vec<u64> = back
        .record
        .tree
        .main_line()
        .filter_map(|id| back.record.tree[id].time?.total)
        .map(|t| t.as_secs())
        .collect();
    assert_eq!(totals, [3, 5, 5, 6]);
}

#[test]
fn the_players_come_before_the_other_information() {
    // Kifu for Windows writes 開始日時 before 先手; the CSA standard puts `N+`/`N-` first,
    // and shogi-kifu-converter's reader refuses a `$` line before them.
    let kif = "開始日時：2014/10/12 14:46:51\n先手：sente\n棋戦：test\n後手：gote\n手数----指手--\n   1 ７六歩(77)\n";
    let record = masu_kif::kif::read_str(kif, Mode::Strict)
        .unwrap_or_else(|e| panic!("{e}"))
        .record;
    let text = csa::to_string(&record);
    let info: Vec<&str> = text.lines().filter(|l| l.starts_with(['N', '$'])).collect();
    assert_eq!(
        info,
        [
            "N+sente",
            "N-gote",
            "$START_TIME:2014/10/12 14:46:51",
            "$EVENT:test"
        ]
    );
}

#[test]
fn two_names_of_one_key_write_it_once_and_report_the_other() {
    // `対局日` is another name of `開始日時`: both would be `$START_TIME` lines, read back
    // as two `開始日時` headers. The second is lost, and said to be.
    let kif = "開始日時：2024/01/01 10:00\n対局日：2024/01/02\n手合割：平手\n   1 ７六歩(77)\n";
    let p = masu_kif::kif::read_str(kif, Mode::Strict).unwrap_or_else(|e| panic!("{e}"));
    let w = csa::write(&p.record, &WriteOptions::default());
    assert_eq!(w.text.matches("$START_TIME:").count(), 1, "{}", w.text);
    assert!(
        w.text.contains("$START_TIME:2024/01/01 10:00"),
        "{}",
        w.text
    );
    assert_eq!(w.dropped, vec![Dropped::Header("対局日".into())]);
    // One name alone is written under the CSA key, lost nothing.
    let alone = kif.replace("開始日時：2024/01/01 10:00\n", "");
    let p = masu_kif::kif::read_str(&alone, Mode::Strict).unwrap_or_else(|e| panic!("{e}"));
    let w = csa::write(&p.record, &WriteOptions::default());
    assert!(w.text.contains("$START_TIME:2024/01/02"), "{}", w.text);
    assert!(w.dropped.is_empty(), "{:?}", w.dropped);
}

#[test]
fn a_header_value_s_line_breaks_are_reported_as_written_escaped() {
    let mut record = masu_kif::Record::new();
    record.headers.push("備考".to_owned(), "a\r\nb".to_owned());
    record.headers.push("先手".to_owned(), "x\ny".to_owned());
    let w = csa::write(&record, &WriteOptions::default());
    assert!(w.text.contains("$NOTE:a\\nb"), "{}", w.text);
    assert!(w.text.contains("N+x\\ny"), "{}", w.text);
    assert_eq!(
        w.dropped,
        vec![
            Dropped::HeaderLineBreaks("先手".into()),
            Dropped::HeaderLineBreaks("備考".into())
        ]
    );
}

#[test]
fn program_comments_between_moves_stay_after_their_move_in_every_format() {
    // Engines write `'` lines move by move; they were all gathered at the head.
    let text = "V2.2\n'head\nPI\n+\n+7776FU\n'after 1\n-3334FU\n'after 2a\n'after 2b\n%TORYO\n";
    let record = csa::read_str(text, Mode::Strict)
        .unwrap_or_else(|e| panic!("{e}"))
        .record;
    let main: Vec<_> = record.tree.main_line().collect();
    assert_eq!(record.program_comments, ["head"]);
    assert_eq!(record.tree[main[0]].program_comments, ["after 1"]);
    assert_eq!(
        record.tree[main[1]].program_comments,
        ["after 2a", "after 2b"]
    );
    for format in [
        masu_kif::Format::Csa,
        masu_kif::Format::Kif,
        masu_kif::Format::Ki2,
    ] {
        let written = record.to_string_as(format);
        let back = masu_kif::read_str(&written, Some(format), Mode::Strict)
            .unwrap_or_else(|e| panic!("{format:?}: {e}\n{written}"))
            .record;
        assert_eq!(
            back.program_comments, record.program_comments,
            "{format:?}\n{written}"
        );
        assert_eq!(
            back.main_line_program_comments().collect::<Vec<_>>(),
            record.main_line_program_comments().collect::<Vec<_>>(),
            "{format:?}\n{written}"
        );
    }
    // JKF has no place for them: each is reported.
    assert_eq!(record.left_out_by(masu_kif::Format::Jkf).len(), 4);
}

#[test]
fn a_program_comment_like_a_declaration_is_kept_past_the_first_line() {
    // A CSA `'` line that reads like a KIF declaration: written as a KIF `#` line after
    // the first, it is a program comment again, not a declaration to drop.
    let text =
        "V2.2\n'KIF version=2.0 encoding=UTF-8\nPI\n+\n+7776FU\n'KI2 version of it\n%TORYO\n";
    let record = csa::read_str(text, Mode::Strict)
        .unwrap_or_else(|e| panic!("{e}"))
        .record;
    for format in [masu_kif::Format::Kif, masu_kif::Format::Ki2] {
        let written = record.to_string_as(format);
        let back = masu_kif::read_str(&written, Some(format), Mode::Strict)
            .unwrap_or_else(|e| panic!("{format:?}: {e}\n{written}"))
            .record;
        assert_eq!(
            back.main_line_program_comments().collect::<Vec<_>>(),
            ["KIF version=2.0 encoding=UTF-8", "KI2 version of it"],
            "{format:?}\n{written}"
        );
    }
}

/// One undecodable byte in one game of a file of several is that game's warning, not every
/// game's: each game was read as damaged, and training data left the whole file out.
#[test]
fn undecodable_bytes_damage_the_game_whose_lines_hold_them() {
    let game = |name: &str, comment: &[u8]| {
        let mut g = format!("V2.2\nN+{name}\nPI\n+\n+7776FU\n").into_bytes();
        g.extend_from_slice(b"'");
        g.extend_from_slice(comment);
        g.extend_from_slice(b"\n%TORYO\n");
        g
    };
    let mut file = game("A", b"fine");
    file.extend_from_slice(b"/\n");
    file.extend(game("B", b"bad \xff\xfe byte"));
    file.extend_from_slice(b"/\n");
    file.extend(game("C", b"fine"));
    for read in [
        masu_kif::read_all_bytes(&file, None, Mode::Lenient),
        csa::read_all_bytes(&file, Mode::Lenient),
    ] {
        let games = read.unwrap_or_else(|e| panic!("{e}"));
        let encoding: Vec<Vec<(usize, usize)>> = games
            .iter()
            .map(|g| {
                g.warnings
                    .iter()
                    .filter(|d| d.kind == DiagnosticKind::Encoding)
                    .map(|d| (d.line, d.column))
                    .collect()
            })
            .collect();
        // Game B's comment is line 14 of the file; `'bad ` puts the bytes at column 6.
        assert_eq!(encoding, [vec![], vec![(14, 6)], vec![]]);
        assert!(games.iter().all(|g| g.decoding.is_some()));
    }
    // Strict reading still fails on them.
    assert!(masu_kif::read_all_bytes(&file, None, Mode::Strict).is_err());
}
