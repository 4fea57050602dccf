//! Fuzz target: see [`masu_fuzz::kif_records::check_record_write_read`].
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| masu_fuzz::kif_records::check_record_write_read(data));
