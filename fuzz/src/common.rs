//! Targets shared by both games.

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
