//! Replays the corpora of the reversi targets.

#[test]
fn reversi_transcript() {
    masu_fuzz::replay_corpus(
        "reversi_transcript",
        masu_fuzz::reversi::check_reversi_transcript,
    );
}

#[test]
fn reversi_board() {
    masu_fuzz::replay_corpus("reversi_board", masu_fuzz::reversi::check_reversi_board);
}

#[test]
fn reversi_game() {
    masu_fuzz::replay_corpus("reversi_game", masu_fuzz::reversi::check_reversi_game);
}

#[test]
fn reversi_solve() {
    masu_fuzz::replay_corpus("reversi_solve", masu_fuzz::reversi::check_reversi_solve);
}
