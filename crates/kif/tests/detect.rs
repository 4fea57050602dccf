//! Every corpus file's format is told from its contents alone, whatever the extension says.

use std::path::Path;

use masu_kif::{Format, Mode};

#[test]
fn corpus_formats_are_detected_from_contents() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus");
    let mut checked = 0;
    for (folder, format) in [
        ("kif", Format::Kif),
        ("ki2", Format::Ki2),
        ("csa", Format::Csa),
        ("jkf", Format::Jkf),
    ] {
        for entry in std::fs::read_dir(root.join(folder)).unwrap() {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            // A misleading hint must not change the answer.
            for hint in [None, Some(Format::Kif), Some(Format::Csa)] {
                assert_eq!(Format::detect(&bytes, hint), format, "{}", path.display());
            }
            checked += 1;
        }
    }
    assert_eq!(checked, 150);
}

#[test]
fn read_bytes_reads_every_corpus_file_with_detection_alone() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/corpus");
    let mut failures = Vec::new();
    for folder in ["kif", "ki2", "csa", "jkf"] {
        for entry in std::fs::read_dir(root.join(folder)).unwrap() {
            let path = entry.unwrap().path();
            let bytes = std::fs::read(&path).unwrap();
            let read = masu_kif::read_bytes(&bytes, None, Mode::Lenient);
            // One decoding for detection and reading gives what the two steps give.
            let format = Format::detect(&bytes, None);
            assert_eq!(
                read,
                masu_kif::read_bytes_as(&bytes, format, Mode::Lenient),
                "{}",
                path.display()
            );
            // The decoded text reads as its bytes do, but for the decoding noted.
            let text = masu_kif::encoding::decode(&bytes, None).unwrap().text;
            let from_text = masu_kif::read_str(&text, None, Mode::Lenient);
            let without_decoding = read.clone().map(|mut p| {
                p.decoding = None;
                // The one warning about the bytes themselves.
                p.warnings
                    .retain(|w| w.kind != masu_kif::DiagnosticKind::Encoding);
                p
            });
            assert_eq!(from_text, without_decoding, "{}", path.display());
            match read {
                Ok(parsed) => assert_eq!(parsed.format, format, "{}", path.display()),
                Err(e) => failures.push(format!("{}: {e}", path.display())),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn undecodable_bytes_are_a_warning_in_every_format() {
    // 0xFF is valid in none of UTF-8, Shift_JIS and EUC-JP.
    let cases: [(&[u8], Format); 3] = [
        (b"\xff\n   1 \x82\x56\x82\x55\x95\xe0(77)\n", Format::Kif),
        (b"\xff\n\x81\xa3\x82\x56\x82\x55\x95\xe0\n", Format::Ki2),
        (b"'\xff\nV2.2\nPI\n+\n+7776FU\n", Format::Csa),
    ];
    for (bytes, format) in cases {
        let parsed = masu_kif::read_bytes_as(bytes, format, Mode::Lenient).unwrap();
        assert!(
            parsed
                .warnings
                .iter()
                .any(|d| d.kind == masu_kif::DiagnosticKind::Encoding),
            "{format:?}: {:?}",
            parsed.warnings
        );
        assert!(
            masu_kif::read_bytes_as(bytes, format, Mode::Strict).is_err(),
            "{format:?}"
        );
    }
}

#[test]
fn a_stray_byte_in_utf8_keeps_the_record_and_says_where_it_is() {
    // A UTF-8 KIF with one Latin-1 byte in a comment (an editor's slip), and one cut short
    // in its last character: the rest stays UTF-8, the moves are read, and the warning
    // points at the byte.
    let mut stray = "手合割：平手\n   1 ７六歩(77)\n*良い手".as_bytes().to_vec();
    stray.push(0xE9);
    stray.extend("だ\n   2 ３四歩(33)\n   3 投了\n".as_bytes());
    let mut cut = "手合割：平手\n   1 ７六歩(77)\n*良い手".as_bytes().to_vec();
    cut.pop();
    for (bytes, moves, line, column) in [(stray, 2, 3, 5), (cut, 1, 3, 4)] {
        let parsed = masu_kif::read_bytes(&bytes, None, Mode::Lenient).unwrap();
        let decoding = parsed.decoding.as_ref().unwrap();
        assert_eq!(decoding.encoding, masu_kif::encoding::TextEncoding::Utf8);
        assert_eq!(parsed.record.tree.main_line_len(), moves);
        let warning = parsed
            .warnings
            .iter()
            .find(|d| d.kind == masu_kif::DiagnosticKind::Encoding)
            .unwrap();
        assert_eq!((warning.line, warning.column), (line, column), "{warning}");
    }
}

#[test]
fn utf16_is_refused_by_name() {
    let mut bytes = vec![0xFF, 0xFE];
    bytes.extend("手合割：平手\n".encode_utf16().flat_map(u16::to_le_bytes));
    let err = masu_kif::read_bytes(&bytes, None, Mode::Lenient).unwrap_err();
    assert!(err.to_string().contains("UTF-16"), "{err}");
}
