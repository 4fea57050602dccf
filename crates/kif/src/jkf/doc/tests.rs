use super::*;

fn parse(text: &str) -> Doc<'_> {
    Doc::parse(text).unwrap_or_else(|e| panic!("{e:?}: {text}"))
}

fn error(text: &str) -> (usize, &'static str) {
    match Doc::parse(text) {
        Ok(_) => panic!("parsed: {text}"),
        Err(e) => (e.offset, e.expected),
    }
}

#[test]
fn values_fields_and_offsets() {
    let text = " {\"b\": [1, -2.5e3, true, null], \"a\": {\"x\": \"y\"}, \"b\": false} ";
    let doc = parse(text);
    let root = doc.root();
    assert_eq!(doc.kind(root), Kind::Object);
    assert_eq!(doc.offset(root), 1);
    let fields = doc.fields(root).unwrap_or_default();
    let keys: Vec<&str> = fields.iter().map(|(k, _)| k.as_ref()).collect();
    assert_eq!(keys, ["b", "a", "b"]);
    let items = doc.items(fields[0].1).unwrap_or_default();
    assert_eq!(items.len(), 4);
    assert_eq!(doc.integer::<u8>(items[0]), Some(1));
    assert_eq!(doc.integer::<u8>(items[1]), None);
    assert_eq!(doc.number(items[1]), Some("-2.5e3"));
    assert_eq!(doc.bool(items[2]), Some(true));
    assert!(doc.is_null(items[3]));
    assert_eq!(
        &text[doc.offset(items[3])..doc.offset(items[3]) + 4],
        "null"
    );
    let inner = doc.fields(fields[1].1).unwrap_or_default();
    assert_eq!(doc.str(inner[0].1).as_deref(), Some("y"));
    assert_eq!(doc.bool(fields[2].1), Some(false));
    assert_eq!(doc.items(root), None);
    assert_eq!(doc.fields(items[0]), None);
}

#[test]
fn escapes_decode() {
    let doc = parse(r#"["a\"b\\c\/\n\t\u00e9\ud83d\ude00\u3042", "plain"]"#);
    let items = doc.items(doc.root()).unwrap_or_default();
    assert_eq!(doc.str(items[0]).as_deref(), Some("a\"b\\c/\n\té😀あ"));
    assert!(matches!(doc.str(items[1]), Some(Cow::Borrowed("plain"))));
}

#[test]
fn empty_containers() {
    let doc = parse("[[], {}, [[]]]");
    let items = doc.items(doc.root()).unwrap_or_default();
    assert_eq!(items.len(), 3);
    assert_eq!(doc.items(items[0]).map(|v| v.len()), Some(0));
    assert_eq!(doc.fields(items[1]).map(|v| v.len()), Some(0));
    assert_eq!(doc.items(items[2]).map(|v| v.len()), Some(1));
}

#[test]
fn errors_name_the_place() {
    assert_eq!(error("{\"header\": {},\n \"moves\": [}"), (26, "a value"));
    assert_eq!(error("[1 2]"), (3, "`,` or `]`"));
    assert_eq!(error("{\"a\" 1}"), (5, "`:`"));
    assert_eq!(error("{\"a\": 1,}"), (8, "a string key"));
    assert_eq!(error("[1,]"), (3, "a value"));
    assert_eq!(error("[1] x"), (4, "the end of the text"));
    assert_eq!(error("\"a\nb\""), (2, "an escape for a control character"));
    assert_eq!(error("\"\\x\""), (2, "an escape character"));
    assert_eq!(error("\"\\ud800x\""), (7, "a low surrogate escape"));
    assert_eq!(
        error("\"\\udc00\""),
        (7, "a high surrogate before a low one")
    );
    assert_eq!(error("01"), (1, "the end of the text"));
    assert_eq!(error("-"), (1, "a digit"));
    assert_eq!(error("1."), (2, "a digit"));
    assert_eq!(error("tru"), (0, "true"));
    assert_eq!(error(""), (0, "a value"));
    assert_eq!(error("[[[["), (4, "a value"));
    assert_eq!(error("{\"a\": [1}"), (8, "`,` or `]`"));
}

#[test]
fn nesting_costs_no_stack() {
    // A million nested arrays on the test thread's small stack.
    let depth = 1_000_000;
    let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
    let doc = parse(&text);
    let mut at = doc.root();
    let mut levels = 1;
    while let Some(&[inner]) = doc.items(at).as_deref() {
        at = inner;
        levels += 1;
    }
    assert_eq!(levels, depth);
    let text = format!("{}1{}", "{\"a\":[".repeat(depth), "]}".repeat(depth));
    assert!(Doc::parse(&text).is_ok());
    assert!(Doc::parse(&"[".repeat(depth)).is_err());
}
