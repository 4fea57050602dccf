//! Fuzz target: see [`masu_fuzz::kif_records::check_deep_tree`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| masu_fuzz::kif_records::check_deep_tree(data));
