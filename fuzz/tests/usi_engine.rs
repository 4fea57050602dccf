//! Replays the corpus of the USI engine target.

#[test]
fn usi_engine() {
    masu_fuzz::replay_corpus("usi_engine", masu_fuzz::usi_engine::check_usi_session);
}
