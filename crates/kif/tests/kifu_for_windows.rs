//! The KIF writer reproduces files that Kifu for Windows V7 wrote, byte for byte: read,
//! write in the file's own encoding, compare with the original bytes. The other files of
//! the corpus come from other writers (81Dojo, Shogidokoro, ShogiHome, older Kifu for
//! Windows versions without the `#KIF` line, ...) whose layout we do not imitate.

use std::fs;
use std::path::Path;

use masu_kif::Mode;
use masu_kif::encoding::TextEncoding;
use masu_kif::kif::{self, WriteOptions};

fn rewritten(name: &str) -> (Vec<u8>, Vec<u8>) {
    let path = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/corpus/kif"
    ))
    .join(name);
    let bytes = fs::read(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
    let parsed = kif::read_bytes(&bytes, Mode::Strict).unwrap_or_else(|e| panic!("{name}: {e}"));
    let encoding = parsed
        .decoding
        .map_or(TextEncoding::ShiftJis, |d| d.encoding);
    let options = WriteOptions {
        encoding,
        ..WriteOptions::default()
    };
    let mut out = kif::to_bytes(&parsed.record, &options);
    assert!(out.unmappable.is_empty(), "{name}");
    if parsed.decoding.is_some_and(|d| d.bom) {
        out.bytes.splice(0..0, *b"\xEF\xBB\xBF");
    }
    (bytes, out.bytes)
}

#[test]
fn identical_bytes() {
    for name in [
        "kfjs__8mai.kif",
        "kfjs__chudan.kif",
        "kfjs__doh_branch.kifu",
        "kfjs__fork.kif",
        "kfjs__fork-notime.kif",
        "kfjs__illegal.kif",
        "mog__kif_game_003.kif",
        "shogihome__conversion_input_kif-sjis.kif",
        "shogihome__conversion_input_sub02_kif-sjis.kif",
    ] {
        let (original, written) = rewritten(name);
        assert!(
            original == written,
            "{name}:\n{}",
            String::from_utf8_lossy(&written)
        );
    }
}

/// KI2 files of Kifu for Windows come back identical, apart from the `#KI2 version=2.0
/// encoding=…` line our writer puts first (so that other readers know the encoding).
#[test]
fn identical_ki2_after_the_declaration() {
    use masu_kif::ki2;
    for name in [
        "kfjs__8mai.ki2",
        "kfjs__chudan.ki2",
        "kfjs__fork.ki2",
        "kfjs__illegal.ki2",
    ] {
        let path = Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/corpus/ki2"
        ))
        .join(name);
        let bytes = fs::read(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let parsed =
            ki2::read_bytes(&bytes, Mode::Strict).unwrap_or_else(|e| panic!("{name}: {e}"));
        let options = WriteOptions {
            encoding: TextEncoding::ShiftJis,
            ..WriteOptions::default()
        };
        let written = ki2::to_bytes(&parsed.record, &options).bytes;
        let body = written
            .iter()
            .position(|&b| b == b'\n')
            .map_or(&written[..], |i| &written[i + 1..]);
        assert!(
            body == bytes.as_slice(),
            "{name}:\n{}",
            String::from_utf8_lossy(body)
        );
    }
}

#[test]
fn its_header_area_lines_that_model_nothing_read_without_a_warning_and_others_with_one() {
    // `盤面回転` and a diagram's `手数＝…まで` line are kept as written, as before; a line
    // that is none of the header area's (a move with a full-width number, free text) is
    // kept too but now said: it read as nothing, without a word.
    let known = "手合割：平手\n盤面回転\n手数＝3  ▲２六歩  まで\n   1 ７六歩(77)\n";
    let parsed = kif::read_str(known, Mode::Strict).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        parsed.record.other_lines,
        ["盤面回転", "手数＝3  ▲２六歩  まで"]
    );
    for unknown in [
        "手合割：平手\n   １ ７六歩(77)\n",
        "手合割：平手\nhello world\n",
    ] {
        let p = kif::read_str(unknown, Mode::Lenient).unwrap_or_else(|e| panic!("{e}"));
        let kinds: Vec<_> = p.warnings.iter().map(|d| d.kind.clone()).collect();
        assert_eq!(kinds, [masu_kif::DiagnosticKind::UnknownLine], "{unknown}");
        assert!(kif::read_str(unknown, Mode::Strict).is_err(), "{unknown}");
    }
}
