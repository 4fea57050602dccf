//! Replays the corpora of the targets shared by both games.

#[test]
fn square_from_ascii() {
    masu_fuzz::replay_corpus(
        "square_from_ascii",
        masu_fuzz::common::check_square_from_ascii,
    );
}
