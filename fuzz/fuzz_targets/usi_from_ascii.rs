//! Fuzz target: see `masu_fuzz::shogi::check_usi_from_ascii`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| masu_fuzz::shogi::check_usi_from_ascii(data));
