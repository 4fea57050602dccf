//! Fuzz target: the CSA reader, and the writer on whatever it reads.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| masu_fuzz::kif_formats::check_csa_from_bytes(data));
