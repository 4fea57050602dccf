//! Fuzz target: reversi board strings.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| masu_fuzz::reversi::check_reversi_board(data));
