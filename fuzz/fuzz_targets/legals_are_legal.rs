//! Fuzz target: see `masu_fuzz::shogi::check_legals_are_legal`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| masu_fuzz::shogi::check_legals_are_legal(data));
