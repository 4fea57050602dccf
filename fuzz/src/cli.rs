//! Command-line target: any lines as the arguments of `masu`, parsed, and every board,
//! position or move list among them read as its command would read it.

use clap::Parser;
use masu::cli::Cli;

/// Arguments past this many are dropped: the parser's cost is in each argument, not in
/// their number.
const MAX_ARGS: usize = 32;

/// The lines of `data` are the arguments after `masu`. Parsing never panics (clap's own
/// checks of the command definitions included), a parse error renders as text, and a
/// parse that succeeds reads its board arguments without a panic, an error or not.
pub fn check_cli_args(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let args = std::iter::once("masu").chain(text.split('\n').take(MAX_ARGS));
    match Cli::try_parse_from(args) {
        Ok(cli) => {
            if let Err(err) = cli.read_board_arguments() {
                assert!(!format!("{err:#}").is_empty());
            }
        }
        Err(err) => assert!(!err.to_string().is_empty()),
    }
}
