//! Fuzz target: shogi and reversi square names.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| masu_fuzz::common::check_square_from_ascii(data));
