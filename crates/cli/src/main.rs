//! `masu`: every masu library at work from the command line.

fn main() -> std::process::ExitCode {
    masu::cli::main()
}
