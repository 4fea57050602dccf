//! Fuzz target: reversi random move sequences through Game.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| masu_fuzz::reversi::check_reversi_game(data));
