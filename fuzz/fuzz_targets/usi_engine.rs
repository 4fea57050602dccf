//! Fuzz target: see `masu_fuzz::usi_engine::check_usi_session`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| masu_fuzz::usi_engine::check_usi_session(data));
