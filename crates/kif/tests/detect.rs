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
