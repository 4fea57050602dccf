//! Fuzz target: see `masu_fuzz::cli::check_cli_args`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| masu_fuzz::cli::check_cli_args(data));
