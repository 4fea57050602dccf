//! Fuzz target: the JKF reader, and the writer on whatever it reads.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| masu_fuzz::kif_formats::check_jkf_from_bytes(data));
