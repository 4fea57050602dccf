//! Replays the corpora of the shogi targets.

#[test]
fn sfen_from_ascii() {
    masu_fuzz::replay_corpus("sfen_from_ascii", masu_fuzz::shogi::check_sfen_from_ascii);
}

#[test]
fn engine_lines() {
    masu_fuzz::replay_corpus("engine_lines", masu_fuzz::shogi::check_engine_lines);
}

#[test]
fn usi_from_ascii() {
    masu_fuzz::replay_corpus("usi_from_ascii", masu_fuzz::shogi::check_usi_from_ascii);
}

#[test]
fn legals_are_legal() {
    masu_fuzz::replay_corpus("legals_are_legal", masu_fuzz::shogi::check_legals_are_legal);
}

#[test]
fn packed_decode() {
    masu_fuzz::replay_corpus("packed_decode", masu_fuzz::shogi::check_packed_decode);
}

#[test]
fn game_from_usi() {
    masu_fuzz::replay_corpus("game_from_usi", masu_fuzz::shogi::check_game_from_usi);
}
