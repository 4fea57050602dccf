//! Targets for the CSA and JKF readers: no panic on any bytes, whatever reads writes back
//! to text that reads as the same record, and as KIF (the format that holds everything) to
//! text that reads as the same tree and start; every record read also comes back equal
//! from its serde form (JSON).

use std::time::Duration;

use kif::csa::{self, Dropped, WriteOptions};
use kif::{DiagnosticKind, HeaderKey, Headers, Mode, Record, jkf};

/// Header keys as the canonical KIF names (`下手` reads back as `先手`: CSA has one word for
/// the first player).
fn canonical(headers: &Headers) -> Vec<(String, String)> {
    headers
        .entries()
        .iter()
        .map(|h| {
            let key = HeaderKey::from_kif(&h.key)
                .map_or_else(|| h.key.clone(), |k| k.kif_name().to_owned());
            (key, h.value.clone())
        })
        .collect()
}

/// Canonical headers in the order a CSA writer gives them: the players' names first, then
/// the other information, as the standard orders them.
pub(crate) fn players_first(headers: Vec<(String, String)>) -> Vec<(String, String)> {
    let player = |(key, _): &&(String, String)| key == "先手" || key == "後手";
    let players = headers.iter().filter(player);
    let others = headers.iter().filter(|h| !player(h));
    players.chain(others).cloned().collect()
}

/// CSA bytes: reading never panics; a record that reads is written as CSA V3.0 and reads
/// back the same (times cut to the millisecond, header keys canonical); all the records of
/// the bytes begin with it, and written into one file they read back as each alone does.
pub fn check_csa_from_bytes(data: &[u8]) {
    let Ok(parsed) = csa::read_bytes(data, Mode::Lenient) else {
        return;
    };
    crate::kif::check_strict_agrees(&parsed, csa::read_bytes(data, Mode::Strict));
    // Every record of the bytes: the first is the one `read_bytes` reads, and reading any
    // format gives the same records when it takes the bytes for CSA.
    if let Ok(all) = csa::read_all_bytes(data, Mode::Lenient) {
        assert_eq!(all.first().map(|p| &p.record), Some(&parsed.record));
        if let Ok(any) = kif::read_all_bytes(data, Some(kif::Format::Csa), Mode::Lenient)
            && any.first().is_some_and(|p| p.format == kif::Format::Csa)
        {
            let records =
                |v: &[kif::Parsed]| v.iter().map(|p| p.record.clone()).collect::<Vec<_>>();
            assert_eq!(records(&any), records(&all));
        }
        // Written into one file, the records read back as each one written alone does.
        let options = WriteOptions::default();
        let together = csa::write_all(all.iter().map(|p| &p.record), &options);
        let alone: Vec<Record> = all
            .iter()
            .filter_map(|p| {
                csa::read_str(&csa::write(&p.record, &options).text, Mode::Lenient).ok()
            })
            .map(|b| b.record)
            .collect();
        if alone.len() == all.len() {
            let back = csa::read_all_str(&together.text, Mode::Lenient)
                .unwrap_or_else(|e| panic!("records written together do not read: {e}"));
            let back: Vec<Record> = back.into_iter().map(|b| b.record).collect();
            assert_eq!(back, alone, "{}", together.text);
        }
    }
    let written = csa::write(&parsed.record, &WriteOptions::default());
    let back = match csa::read_str(&written.text, Mode::Lenient) {
        Ok(b) => b.record,
        Err(e) => panic!("written CSA does not read: {e}\n{}", written.text),
    };
    let mut expected: Record = parsed.record.clone();
    for d in &written.dropped {
        if let Dropped::SubSecond(id) = d
            && let Some(spent) = expected.tree[*id]
                .time
                .as_mut()
                .and_then(|t| t.spent.as_mut())
        {
            *spent = Duration::from_millis(spent.as_millis() as u64);
        }
    }
    // A `$手合割` line (no CSA key, kept as a header) is written only as the `PI` line: one
    // naming the start's handicap is stated there, any other is reported lost.
    let unstated = expected
        .headers
        .entries()
        .iter()
        .filter(|h| HeaderKey::from_kif(&h.key) == Some(HeaderKey::Handicap))
        .filter(|h| {
            expected.start.handicap.is_none()
                || kif::Handicap::from_name(&h.value) != expected.start.handicap
        })
        .count();
    let reported = written
        .dropped
        .iter()
        .filter(|d| match d {
            Dropped::Header(k) => HeaderKey::from_kif(k) == Some(HeaderKey::Handicap),
            _ => false,
        })
        .count();
    assert_eq!(reported, unstated, "{}", written.text);
    expected.headers.remove(HeaderKey::Handicap);
    let expected_order = players_first(canonical(&expected.headers));
    // A second header of another name for one CSA key (`$対局日` beside `$START_TIME`) is
    // lost, and reported: the others read back in order.
    let renamed = written
        .dropped
        .iter()
        .filter(|d| match d {
            Dropped::Header(k) => HeaderKey::from_kif(k) != Some(HeaderKey::Handicap),
            _ => false,
        })
        .count();
    let got = canonical(&back.headers);
    let mut rest = expected_order.iter();
    assert!(
        got.iter().all(|h| rest.any(|e| e == h)),
        "{got:?} in {expected_order:?}"
    );
    assert_eq!(
        got.len() + renamed,
        expected_order.len(),
        "{}",
        written.text
    );
    let mut back = back;
    back.headers = expected.headers.clone();
    assert_eq!(back, expected, "{}", written.text);
    check_kif_holds(&parsed.record);
    crate::cross_format::check_ki2_holds(&parsed.record);
    crate::cross_format::check_jkf_holds(&parsed.record);
    crate::cross_format::check_csa_holds(&parsed.record);
    check_serde_holds(&parsed.record);
}

/// JKF bytes: reading never panics; a record that reads is written as JKF that reads
/// without warnings (but for what the record holds: specials kept verbatim, a recorded
/// foul that no 反則 special states, and a line that goes on past a fourfold repetition),
/// keeps the main line, and writes again to the very same text.
pub fn check_jkf_from_bytes(data: &[u8]) {
    let Ok(parsed) = jkf::read_bytes(data, Mode::Lenient) else {
        return;
    };
    crate::kif::check_strict_agrees(&parsed, jkf::read_bytes(data, Mode::Strict));
    // An illegal move kept in the tree is a recorded foul once written, whatever the first
    // reading called it (an illegal move the record went on after, its continuation dropped).
    let had_foul = crate::kif::has_illegal_move(&parsed.record);
    // A line past its fourfold repetition is reported wherever the record holds one, the
    // first reading's tree being the one written.
    let went_on = parsed
        .warnings
        .iter()
        .any(|d| d.kind == DiagnosticKind::AfterRepetition);
    let first = jkf::write(&parsed.record).text;
    let back = match jkf::read_str(&first, Mode::Lenient) {
        Ok(b) => {
            // Only what the record holds may be reported again: a special no format knows
            // (kept verbatim), a recorded foul (an illegal move kept in the tree), a line
            // that goes on past a fourfold repetition.
            let other = b.warnings.iter().find(|d| match d.kind {
                DiagnosticKind::UnknownSpecial => false,
                DiagnosticKind::RecordedFoul => !had_foul,
                DiagnosticKind::AfterRepetition => !went_on,
                _ => true,
            });
            assert!(other.is_none(), "{other:?}\n{first}");
            b.record
        }
        Err(e) => panic!("written JKF does not read: {e}\n{first}"),
    };
    let moves = |r: &Record| r.tree.moves_to(r.main_line_end());
    assert_eq!(moves(&back), moves(&parsed.record));
    assert_eq!(back.headers, parsed.record.headers);
    assert_eq!(back.start, parsed.record.start);
    assert_eq!(jkf::write(&back).text, first);
    check_kif_holds(&parsed.record);
    crate::cross_format::check_ki2_holds(&parsed.record);
    crate::cross_format::check_jkf_holds(&parsed.record);
    crate::cross_format::check_csa_holds(&parsed.record);
    check_serde_holds(&parsed.record);
}

/// `record` goes through its serde form (JSON) and comes back equal, node ids included.
pub(crate) fn check_serde_holds(record: &Record) {
    let json = serde_json::to_string(record).unwrap_or_else(|e| panic!("serde form: {e}"));
    let back: Record = serde_json::from_str(&json)
        .unwrap_or_else(|e| panic!("serde form does not read: {e}\n{json}"));
    assert_eq!(&back, record, "serde round trip\n{json}");
}

/// `text`, which masu wrote as `format`, is detected as `format` (a reader of any format
/// must take it as written), and [`kif::read_str`] reads it so.
pub(crate) fn check_detected(text: &str, format: kif::Format) {
    assert_eq!(kif::Format::detect(text.as_bytes(), None), format, "{text}");
    // Read as text of any format, it reads as its bytes read in its format.
    let as_text = kif::read_str(text, None, Mode::Lenient).map(|p| p.record);
    let as_bytes = kif::read_bytes_as(text.as_bytes(), format, Mode::Lenient).map(|p| p.record);
    assert_eq!(as_text.ok(), as_bytes.ok(), "{text}");
}

/// `record` written as KIF reads back with the same tree (comments and bookmarks of several
/// lines come back line by line, times in whole seconds, a missing time spent as 0:00) and the same start.
pub(crate) fn check_kif_holds(record: &Record) {
    let text = kif::kif::to_string(record);
    check_detected(&text, kif::Format::Kif);
    let back = match kif::kif::read_str(&text, Mode::Lenient) {
        Ok(b) => b.record,
        Err(e) => panic!("written KIF does not read: {e}\n{text}"),
    };
    let expected = line_by_line(&record.tree);
    if back.tree != expected {
        let first = (0..expected.len().max(back.tree.len()))
            .find(|&i| back.tree.nodes().get(i) != expected.nodes().get(i));
        let at = |t: &kif::MoveTree, i: Option<usize>| i.and_then(|i| t.nodes().get(i)).cloned();
        panic!(
            "KIF tree differs at node {first:?}:\n read back {:?}\n expected  {:?}\n{text}",
            at(&back.tree, first),
            at(&expected, first)
        );
    }
    assert_eq!(back.start, record.start, "{text}");
}

/// Texts split at every line break a reader takes (CR LF, LF, a lone CR).
pub(crate) fn split_lines(texts: &[String]) -> Vec<String> {
    texts
        .iter()
        .flat_map(|t| t.split("\r\n").flat_map(|l| l.split(['\n', '\r'])))
        .map(str::to_owned)
        .collect()
}

/// The tree as KIF holds it: every comment and bookmark split at its line breaks, a line
/// break in a special's word a space, times cut to whole seconds, each with its mover's
/// total (the running one where the tree gives none).
pub(crate) fn line_by_line(tree: &kif::MoveTree) -> kif::MoveTree {
    let totals = tree.mover_totals();
    let mut tree = tree.clone();
    let ids: Vec<kif::NodeId> = tree.ids().collect();
    for id in ids {
        tree[id].comments = split_lines(&tree[id].comments);
        tree[id].bookmarks = split_lines(&tree[id].bookmarks);
        if let kif::NodeKind::Special(kif::Special::Other(word)) = &mut tree[id].kind {
            *word = word.replace(['\r', '\n'], " ");
        }
        if let Some(t) = tree[id].time.as_mut() {
            let whole = |d: Duration| Duration::from_secs(d.as_secs());
            // A KIF time field always has the time spent: none is written as 0:00.
            t.spent = Some(t.spent.map_or(Duration::ZERO, whole));
            t.total = Some(whole(t.total.unwrap_or(totals[id.index()])));
        }
    }
    tree
}
