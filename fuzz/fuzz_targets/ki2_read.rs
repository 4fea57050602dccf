//! Fuzz target: see [`masu_fuzz::kif::check_ki2_read`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| masu_fuzz::kif::check_ki2_read(data));
