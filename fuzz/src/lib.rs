//! The bodies of the fuzz targets, as plain functions: `fuzz_targets/*.rs` hand libFuzzer's
//! input to them, and `tests/corpus.rs` replays the committed corpus through them on stable.

/// Square names of both games: parsing never panics, and a parsed square prints back as read.
pub fn check_square_from_ascii(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(sq) = text.parse::<shogi::Square>() {
        assert_eq!(sq.to_string(), text);
    }
    if let Ok(sq) = text.parse::<reversi::Square>() {
        assert_eq!(sq.to_string(), text);
    }
}
