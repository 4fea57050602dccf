use std::time::Duration;

use super::*;

fn secs(s: u64) -> Option<Duration> {
    Some(Duration::from_secs(s))
}

fn move_line(line: &str) -> MoveLine<'_> {
    match classify(line) {
        Line::Move(m) => m,
        other => panic!("{line}: {other:?}"),
    }
}

#[test]
fn line_classes() {
    assert_eq!(classify(""), Line::Blank);
    assert_eq!(classify("　 "), Line::Blank);
    assert_eq!(
        classify("#KIF version=2.0 encoding=UTF-8"),
        Line::ProgramComment("KIF version=2.0 encoding=UTF-8")
    );
    assert_eq!(
        classify("手合割：平手　　"),
        Line::Header {
            key: "手合割",
            value: "平手　　"
        }
    );
    assert_eq!(
        classify("手数：59"),
        Line::Header {
            key: "手数",
            value: "59"
        }
    );
    assert_eq!(
        classify("後手の持駒：なし"),
        Line::Hand {
            color: Color::White,
            pieces: "なし"
        }
    );
    assert_eq!(classify("上手番"), Line::Turn(Color::White));
    assert_eq!(classify("  ９ ８ ７ ６ ５ ４ ３ ２ １"), Line::BoardFrame);
    assert_eq!(classify("+---------------------------+"), Line::BoardFrame);
    assert_eq!(classify("| ・ ・|一"), Line::BoardRow(" ・ ・"));
    assert_eq!(
        classify("手数----指手---------消費時間--"),
        Line::MoveHeader
    );
    assert_eq!(classify("手数----指手--"), Line::MoveHeader);
    assert_eq!(classify("**評価値=8"), Line::Comment("*評価値=8"));
    assert_eq!(
        classify("&読み込み時表示"),
        Line::Bookmark("読み込み時表示")
    );
    assert_eq!(classify("変化：12手"), Line::Variation(12));
    assert_eq!(classify("変化：   3手"), Line::Variation(3));
    assert_eq!(classify("変化:１２手"), Line::Variation(12));
    for bad in [
        "：99999999999999999999手",
        "：4294967296手",
        "：abc手",
        "：3",
        " ： ",
    ] {
        let line = format!("変化{bad}");
        assert_eq!(classify(&line), Line::BadVariation(bad), "{line}");
    }
    assert_eq!(classify("まで3手で中断"), Line::Trailer("まで3手で中断"));
    assert_eq!(classify("盤面回転"), Line::Other("盤面回転"));
}

#[test]
fn move_lines() {
    let m = move_line("   1 ７六歩(77)   ( 0:16/00:00:16)+");
    assert_eq!(m.number, 1);
    assert_eq!(m.body_column, 6);
    assert_eq!(
        m.time.map(|t| (t.spent, t.total)),
        Some((secs(16), secs(16)))
    );
    assert!(m.has_variations && m.rest.is_none());
    let m = move_line("1 ７六歩(77) (0:4/0:0:4)");
    assert_eq!(m.time.map(|t| t.total), Some(secs(4)));
    let m = move_line("5 ７六歩(77) ( 0:7/)");
    assert_eq!(m.time.map(|t| (t.spent, t.total)), Some((secs(7), None)));
    let m = move_line("   2 ３四歩(33) (00:01 / 00:00:01)");
    assert_eq!(m.time.map(|t| t.total), Some(secs(1)));
    let m = move_line("   1 ２四桂打     ( 0:00/00:00:00) ( 0:00/00:00:00)");
    assert_eq!(m.extra_times.len(), 1);
    let m = move_line("   4 投了         ( 0:00/00:00:01)");
    assert_eq!(m.body, MoveBody::Special(Special::Resign));
    let m = move_line("  52 封じ手");
    assert_eq!(m.body, MoveBody::Special(Special::SealedMove));
    let m = move_line("  52 入玉宣言");
    assert_eq!(m.body, MoveBody::Unknown("入玉宣言"));
    let m = move_line("   3 ７x歩(77)");
    assert!(matches!(m.body, MoveBody::Bad(_)));
    let m = move_line("   1 ▲７六歩(77) 好手");
    assert_eq!(m.side, Some(Color::Black));
    assert_eq!(m.rest, Some(("好手", 15)));
    let m = move_line("  10 ７七角成(22) ( 0:01/00:00:07)");
    assert_eq!(m.time.map(|t| t.spent), Some(secs(1)));
}

/// A clock of any width that fits the seconds of a `Duration` reads (the writer gives
/// whatever a CSA or JKF record held); one beyond does not.
#[test]
fn clock_fields_of_any_width() {
    assert_eq!(
        clock(b"72222222222222222:13"),
        secs(4_333_333_333_333_333_333)
    );
    assert_eq!(clock(b"307445734561825860:15"), secs(u64::MAX));
    assert_eq!(clock(b"307445734561825860:16"), None);
    assert_eq!(clock(b"99999999999999999999:00"), None);
}

/// Minutes and seconds after the first field go up to 59; the first field has no bound.
#[test]
fn fields_after_the_first_are_below_sixty() {
    assert_eq!(clock(b"0:59"), secs(59));
    assert_eq!(clock(b"75:00"), secs(4500));
    assert_eq!(clock(b"0:99"), None);
    assert_eq!(clock(b"0:60"), None);
    assert_eq!(clock(b"1:60:00"), None);
    assert_eq!(clock(b"1:00:60"), None);
    assert_eq!(clock(b"100:59:59"), secs(100 * 3600 + 59 * 60 + 59));
    assert_eq!(clock("0: 60".as_bytes()), None);
}

/// The clock as string splits say it (the definition the byte reader keeps).
fn clock_by_splits(s: &str) -> Option<Duration> {
    let mut secs: u64 = 0;
    let mut fields = 0;
    for part in s.trim_matches(text::is_blank).split(':') {
        let part = part.trim_matches(text::is_blank);
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: u64 = part.parse().ok()?;
        if fields > 0 && n >= 60 {
            return None;
        }
        secs = secs.checked_mul(60)?.checked_add(n)?;
        fields += 1;
    }
    (2..=3).contains(&fields).then(|| Duration::from_secs(secs))
}

proptest::proptest! {
    #[test]
    fn clocks_read_as_string_splits_read_them(s in "[0-9: \t\u{3000}\u{3001}a/]{0,14}") {
        proptest::prop_assert_eq!(clock(s.as_bytes()), clock_by_splits(&s));
    }

    #[test]
    fn usual_time_fields_read_as_any_field(
        s in "( {0,2}[0-9]{1,9}(:[0-9]{1,3}){0,3}){0,1}/{0,2}[0-9 ]{0,9}(:[0-9]{1,3}){0,3}[ a]{0,1}"
    ) {
        if let Some(t) = usual_time(s.as_bytes()) {
            proptest::prop_assert_eq!(Some(t), any_time(s.as_bytes()));
        }
        proptest::prop_assert_eq!(time(s.as_bytes()), any_time(s.as_bytes()));
    }

    #[test]
    fn kifu_for_windows_time_fields_read_as_any_field(
        s in " [0-9]:[0-9]{2}/[0-9]{2}:[0-9]{2}:[0-9]{2}"
    ) {
        proptest::prop_assert_eq!(usual_time(s.as_bytes()), any_time(s.as_bytes()));
        // Read by the places of its digits whenever it reads at all, not by the general
        // reading that gives the same answer.
        proptest::prop_assert_eq!(kifu_for_windows_time(s.as_bytes()), any_time(s.as_bytes()));
    }

    #[test]
    fn time_fields_end_at_the_first_parenthesis(
        s in "\\(( [0-9]:[0-9]{2}/[0-9]{2}:[0-9]{2}:[0-9]{2}|[ 0-9:/)]{0,16})\\)?[ 0-9:)]{0,3}"
    ) {
        let b = s.as_bytes();
        let by_search = b
            .iter()
            .position(|&c| c == b')')
            .and_then(|close| Some((time(&b[1..close])?, close)));
        proptest::prop_assert_eq!(time_field(b), by_search);
    }

    #[test]
    fn usual_time_fields_are_read(spent in 0u64..100_000_000, total in 0u64..100_000_000) {
        let clock = |s: u64| format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60);
        let s = format!(" {}/{}", clock(spent), clock(total));
        let t = usual_time(s.as_bytes());
        let expected = MoveTime { spent: secs(spent), total: secs(total) };
        proptest::prop_assert_eq!(t, Some(expected));
        proptest::prop_assert_eq!(any_time(s.as_bytes()), Some(expected));
    }

    #[test]
    fn long_fields_read_as_string_splits_read_them(a in 0u64..u64::MAX, b in "[0-9]{0,10}") {
        let s = format!("{a}:{b}:{b}");
        proptest::prop_assert_eq!(clock(s.as_bytes()), clock_by_splits(&s));
    }
}
