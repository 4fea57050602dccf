//! Fuzz target: see `masu_fuzz::shogi::check_game_from_usi`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| masu_fuzz::shogi::check_game_from_usi(data));
