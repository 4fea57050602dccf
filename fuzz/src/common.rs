//! Targets shared by both games.

/// Square names of both games: parsing never panics, and a parsed square prints back as
/// read but for letter case (`H8` reads as the square printed `h8`).
pub fn check_square_from_ascii(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(sq) = text.parse::<shogi::Square>() {
        let printed = sq.to_string();
        assert!(printed.eq_ignore_ascii_case(text), "{text} -> {printed}");
    }
    if let Ok(sq) = text.parse::<reversi::Square>() {
        let printed = sq.to_string();
        assert!(printed.eq_ignore_ascii_case(text), "{text} -> {printed}");
    }
}
