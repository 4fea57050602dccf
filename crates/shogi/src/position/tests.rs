use crate::{Position, perft};

#[test]
fn startpos_perft_shallow() {
    let pos = Position::startpos();
    assert_eq!(perft(&pos, 1), 30);
    assert_eq!(perft(&pos, 2), 900);
    assert_eq!(perft(&pos, 3), 25_470);
}
