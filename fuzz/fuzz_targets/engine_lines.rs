//! Fuzz target: see `masu_fuzz::shogi::check_engine_lines`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| masu_fuzz::shogi::check_engine_lines(data));
