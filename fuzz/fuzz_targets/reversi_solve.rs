//! Fuzz target: the reversi exact solver on arbitrary positions.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| masu_fuzz::reversi::check_reversi_solve(data));
