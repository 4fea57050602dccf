//! Fuzz target: see `masu_fuzz::tsume::check_problem_line`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| masu_fuzz::tsume::check_problem_line(data));
