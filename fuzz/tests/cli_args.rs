//! Replays the corpus of the command-line target.

#[test]
fn cli_args() {
    masu_fuzz::replay_corpus("cli_args", masu_fuzz::cli::check_cli_args);
}
