//! Records read from any format, written as KI2 and as JKF: each reads back with the same
//! tree, but for what the format cannot hold and the writer says it leaves out.

use std::time::Duration;

use kif::jkf::{self, Dropped};
use kif::{Mode, MoveTime, MoveTree, NodeId, NodeKind, Record, ki2};

/// `record` written as KI2 reads back with the same tree as KI2 holds it (no clocks, no
/// `まで` trailers but those that state a line's ending; comments line by line, a line break
/// in a special's word a space) and the same start.
pub(crate) fn check_ki2_holds(record: &Record) {
    let text = ki2::to_string(record);
    crate::kif_formats::check_detected(&text, kif::Format::Ki2);
    let back = match ki2::read_str(&text, Mode::Lenient) {
        Ok(b) => b.record,
        Err(e) => panic!("written KI2 does not read: {e}\n{text}"),
    };
    let held = |tree: &MoveTree| {
        let mut tree = crate::kif_formats::line_by_line(tree);
        let ids: Vec<NodeId> = tree.ids().collect();
        for id in ids {
            tree[id].time = None;
            tree[id].trailer = None;
        }
        tree
    };
    assert_eq!(held(&back.tree), held(&record.tree), "KI2\n{text}");
    assert_eq!(back.start, record.start, "KI2\n{text}");
}

/// A node's content without its links, and its depth, in the tree's order (children in
/// order): JKF's reader numbers the nodes in another order than a KIF reader.
type Shape = Vec<(u32, NodeKind, Option<MoveTime>, Vec<String>, Vec<String>)>;

fn shape(tree: &MoveTree) -> Shape {
    preorder(tree)
        .into_iter()
        .map(|id| {
            let n = &tree[id];
            (
                n.ply(),
                n.kind.clone(),
                n.time,
                n.comments.clone(),
                n.bookmarks.clone(),
            )
        })
        .collect()
}

/// The tree's nodes, each before its children, children in order.
fn preorder(tree: &MoveTree) -> Vec<NodeId> {
    let mut out = Vec::new();
    let mut stack = vec![NodeId::ROOT];
    while let Some(id) = stack.pop() {
        out.push(id);
        stack.extend(tree[id].children().iter().rev());
    }
    out
}

/// `record` written as JKF reads back with the same tree and start, but for what the
/// writer reports it left out (trailers, fractions of a second, the start's move number;
/// a comment starting with `&` comes back as a bookmark) and the clock fields JKF always
/// has (a time spent or total the record lacks is worked out from the others).
pub(crate) fn check_jkf_holds(record: &Record) {
    let written = jkf::write(record);
    let text = &written.text;
    crate::kif_formats::check_detected(text, kif::Format::Jkf);
    let back = match jkf::read_str(text, Mode::Lenient) {
        Ok(b) => b.record,
        Err(e) => panic!("written JKF does not read: {e}\n{text}"),
    };
    let mut expected = record.tree.clone();
    let mut move_number_dropped = false;
    // Unknown endings spelled like known ones: they come back as those.
    let mut respelled = Vec::new();
    let mut moved_to_bookmarks: Vec<NodeId> = Vec::new();
    for d in &written.dropped {
        match d {
            Dropped::Trailer(id) => expected[*id].trailer = None,
            Dropped::SubSecond(id) => {
                if let Some(t) = expected[*id].time.as_mut() {
                    let whole = |d: Duration| Duration::from_secs(d.as_secs());
                    t.spent = t.spent.map(whole);
                    t.total = t.total.map(whole);
                }
            }
            Dropped::CommentAsBookmark(id, comment) => {
                // JKF lists the comments, then the bookmarks: those comments come back
                // as the first bookmarks, in their order.
                let moved = moved_to_bookmarks.iter().filter(|&&m| m == *id).count();
                moved_to_bookmarks.push(*id);
                let node = &mut expected[*id];
                if let Some(at) = node.comments.iter().position(|c| c == comment) {
                    node.comments.remove(at);
                }
                node.bookmarks.insert(moved, comment[1..].to_owned());
            }
            Dropped::MoveNumber(_) => move_number_dropped = true,
            Dropped::SpecialWord(id) => respelled.push(*id),
            _ => {}
        }
    }
    let ids: Vec<NodeId> = expected.ids().collect();
    assert!(
        ids.iter().all(|&id| expected[id].trailer.is_none()),
        "a trailer JKF left out unreported\n{text}"
    );
    let mut want = shape(&expected);
    let mut got = shape(&back.tree);
    assert_eq!(got.len(), want.len(), "JKF node count\n{text}");
    for (i, id) in preorder(&expected).into_iter().enumerate() {
        if respelled.contains(&id) {
            assert!(matches!(got[i].1, NodeKind::Special(_)), "JKF\n{text}");
            want[i].1 = got[i].1.clone();
        }
    }
    for (g, w) in got.iter_mut().zip(&want) {
        if let (Some(gt), Some(wt)) = (g.2.as_mut(), w.2) {
            if wt.spent.is_none() {
                gt.spent = None;
            }
            if wt.total.is_none() {
                gt.total = None;
            }
        }
    }
    assert_eq!(got, want, "JKF tree\n{text}");
    if !move_number_dropped {
        assert_eq!(back.start, record.start, "JKF start\n{text}");
    }
    assert_eq!(back.headers, record.headers, "JKF headers\n{text}");
}

/// `record` written as CSA reads back with the same main line as CSA holds it: up to a foul
/// no CSA move names, each node's move or special, comments line by line and time spent
/// (to the millisecond), but for what the writer reports it left out (an unknown ending
/// spelled like a known one comes back as that one), and the same start.
pub(crate) fn check_csa_holds(record: &Record) {
    use kif::csa::{self, Dropped as CsaDropped};
    let written = csa::write(record, &csa::WriteOptions::default());
    let text = &written.text;
    crate::kif_formats::check_detected(text, kif::Format::Csa);
    let back = match csa::read_str(text, Mode::Lenient) {
        Ok(b) => b.record,
        Err(e) => panic!("written CSA does not read: {e}\n{text}"),
    };
    // Comments line by line (each line of a comment is a `'*` line); a program comment's
    // line that starts with `*` is written `'*...` and reads back as a comment (the writer
    // reports it): at the head before the start's comments, after a move after its own.
    let star_lines = |program: &[String]| -> Vec<String> {
        crate::kif_formats::split_lines(program)
            .into_iter()
            .filter_map(|line| line.strip_prefix('*').map(str::to_owned))
            .collect()
    };
    let mut tree = record.tree.clone();
    let ids: Vec<NodeId> = tree.ids().collect();
    for id in ids {
        let mut comments = crate::kif_formats::split_lines(&tree[id].comments);
        if id == NodeId::ROOT {
            comments.splice(0..0, star_lines(&record.program_comments));
        } else {
            comments.extend(star_lines(&tree[id].program_comments));
        }
        tree[id].comments = comments;
    }
    let mut end = None;
    let mut respelled = Vec::new();
    let mut move_number_dropped = false;
    for d in &written.dropped {
        match d {
            CsaDropped::Foul(id) => end = Some(*id),
            CsaDropped::SpecialWord(id) => respelled.push(*id),
            CsaDropped::MoveNumber(_) => move_number_dropped = true,
            _ => {}
        }
    }
    let view = |tree: &MoveTree, end: Option<NodeId>| {
        std::iter::once(NodeId::ROOT)
            .chain(tree.main_line())
            .take_while(|&id| Some(id) != end)
            .map(|id| {
                let n = &tree[id];
                let spent = n
                    .time
                    .and_then(|t| t.spent)
                    .map(|d| Duration::from_millis(d.as_millis() as u64));
                (id, n.kind.clone(), n.comments.clone(), spent)
            })
            .collect::<Vec<_>>()
    };
    let mut want = view(&tree, end);
    let got = view(&back.tree, None);
    assert_eq!(got.len(), want.len(), "CSA main line\n{text}");
    for (w, g) in want.iter_mut().zip(&got) {
        if respelled.contains(&w.0) {
            w.1 = g.1.clone();
        }
        w.0 = g.0;
    }
    assert_eq!(got, want, "CSA\n{text}");
    if !move_number_dropped {
        assert_eq!(back.start, record.start, "CSA start\n{text}");
    }
}
