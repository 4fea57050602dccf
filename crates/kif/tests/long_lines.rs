//! Problems on lines longer than 512 bytes (minified JSON, a CSA game on one line of commas,
//! a KI2 game on one line): the diagnostic's columns are the whole line's, and its text the
//! piece the problem is in (copying the line into every diagnostic would cost its length
//! each time).

use masu_kif::{Diagnostic, DiagnosticKind, Mode, csa, jkf, ki2};

/// The kings step forward and back: each move legal in its position, as long as wanted
/// (past the fourth occurrence of the start position at ply 12, which ended the game: see
/// [`warning`]).
const SHUFFLE: [(&str, &str); 4] = [
    ("+5958OU", "５八玉"),
    ("-5152OU", "５二玉"),
    ("+5859OU", "５九玉"),
    ("-5251OU", "５一玉"),
];

/// The one warning of `parsed`, read from text whose only line (or whose line with the
/// problems) is `line`, but the report that the shuffle went on past its fourfold
/// repetition: that one comes at ply 13, on the same line, and its columns are checked
/// too.
fn warning<'a>(parsed: &'a masu_kif::Parsed, line: &str) -> &'a Diagnostic {
    let (repeated, others): (Vec<&Diagnostic>, Vec<&Diagnostic>) = parsed
        .warnings
        .iter()
        .partition(|d| d.kind == DiagnosticKind::AfterRepetition);
    assert!(repeated.len() <= 1, "{repeated:?}");
    for d in repeated {
        assert_eq!(d.ply, Some(13), "{d}");
        let from_column: String = line.chars().skip(d.column - 1).collect();
        assert!(from_column.starts_with(&d.line_text), "{d}");
        assert!(line[d.byte_column - 1..].starts_with(&d.line_text), "{d}");
    }
    assert_eq!(others.len(), 1, "{:?}", parsed.warnings);
    others[0]
}

/// The 1-based character column of byte `at` of `line`.
fn column_of(line: &str, at: usize) -> usize {
    line[..at].chars().count() + 1
}

#[test]
fn csa_statements_on_one_long_line() {
    let moves: Vec<&str> = (0..100).map(|i| SHUFFLE[i % 4].0).collect();
    let line = format!("{},+5958XX", moves.join(","));
    let text = format!("PI\n+\n{line}\n");
    let parsed = csa::read_str(&text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    let d = warning(&parsed, &line);
    // At the piece code that is none, in the last statement.
    let at = line.find("XX").unwrap_or(0);
    assert_eq!((d.line, d.column, d.byte_column), (3, at + 1, at + 1));
    assert!(d.line_text.starts_with("+5958XX"), "{:?}", d.line_text);
}

#[test]
fn ki2_moves_on_one_long_line() {
    let words: Vec<String> = (0..60)
        .map(|i| format!("{}{}", if i % 2 == 0 { "▲" } else { "△" }, SHUFFLE[i % 4].1))
        .collect();
    // The 61st move, Black's, names a square no king reaches.
    let line = format!("{}　▲９九玉", words.join("　"));
    let parsed =
        ki2::read_str(&format!("{line}\n"), Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    let d = warning(&parsed, &line);
    let at = line.rfind('▲').unwrap_or(0);
    assert_eq!(d.line, 1);
    assert_eq!(d.column, column_of(&line, at), "{d}");
    assert_eq!(d.byte_column, at + 1);
    assert!(d.line_text.starts_with("▲９九玉"), "{:?}", d.line_text);
}

#[test]
fn minified_jkf() {
    let kings = [(5, 9, 5, 8), (5, 1, 5, 2), (5, 8, 5, 9), (5, 2, 5, 1)];
    let mut moves = vec!["{}".to_owned()];
    for i in 0..40 {
        let (fx, fy, tx, ty) = kings[i % 4];
        moves.push(format!(
            r#"{{"move":{{"from":{{"x":{fx},"y":{fy}}},"to":{{"x":{tx},"y":{ty}}},"piece":"OU","color":{}}}}}"#,
            i % 2
        ));
    }
    // A last move of a piece that is not there: a rook on ２八.
    moves.push(
        r#"{"move":{"from":{"x":2,"y":8},"to":{"x":2,"y":1},"piece":"HI","color":0}}"#.into(),
    );
    let text = format!(
        r#"{{"header":{{}},"initial":{{"preset":"HIRATE"}},"moves":[{}]}}"#,
        moves.join(",")
    );
    assert!(text.len() > 2048 && !text.contains('\n'));
    let parsed = jkf::read_str(&text, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
    let d = warning(&parsed, &text);
    let last = text.rfind(r#"{"move""#).unwrap_or(0);
    assert_eq!(d.line, 1);
    // Within the last move's object, and the quoted text from there.
    assert!(d.column > last && d.column < text.len(), "{d}");
    assert_eq!(d.byte_column, d.column, "ASCII");
    assert_eq!(
        d.line_text,
        text[d.column - 1..]
            .chars()
            .take(d.line_text.chars().count())
            .collect::<String>()
    );
    // A truncated document says where it ends.
    let cut = &text[..text.len() - 3];
    let e = jkf::read_str(cut, Mode::Lenient).err();
    let d = e.as_ref().and_then(|e| e.diagnostic());
    assert_eq!(d.map(|d| (d.line, d.column)), Some((1, cut.len() + 1)));
}

#[test]
fn byte_columns_name_the_same_character_as_columns() {
    // `x` is character 7 and byte 9 (７ is three bytes): the byte column was the ７'s.
    let line = "   1 ７x歩";
    let parsed = masu_kif::kif::read_str(&format!("{line}\n"), Mode::Lenient)
        .unwrap_or_else(|e| panic!("{e}"));
    let d = warning(&parsed, line);
    assert_eq!((d.column, d.byte_column), (7, 9));
}
