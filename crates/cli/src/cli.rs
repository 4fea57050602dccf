//! The `masu` command line: its arguments, and the run of each command.

use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

use crate::{kif_cmd, render, reversi_cmd, shogi_cmd, solve};

/// Shogi and reversi tools: perft, legal moves, tsume solving, game records, a USI mate engine.
#[derive(Debug, Parser)]
#[command(name = "masu", version, about, propagate_version = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    Perft(shogi_cmd::PerftArgs),
    Moves(shogi_cmd::MovesArgs),
    Solve(solve::SolveArgs),
    Render(render::RenderArgs),
    Kif(kif_cmd::KifArgs),
    Reversi(reversi_cmd::ReversiArgs),
    /// Speak USI on stdin/stdout: a mate engine for shogi GUIs (`go mate`).
    ///
    /// Options: `USI_Hash` (MiB, default 64), `Threads` (threads searching one problem, as
    /// `masu solve --threads`; default 1) and `AnswerLevel` (`proof`, `short`, `exact` or
    /// `full`, as `masu solve --level`; default `exact`; what the level finds besides the
    /// line, such as 余詰 and the convention answer, comes in `info string` lines before
    /// `checkmate`). Positions are read as mate
    /// problems: the attacker may have no king, and the pieces on neither the board nor a
    /// hand are the defender's. `go mate <ms>` or `go mate infinite` answers `checkmate
    /// <moves>`, `checkmate nomate` or `checkmate timeout` (`stop` and `quit` are read while
    /// it searches); a plain `go` answers `bestmove` with a quick mate's first move, else
    /// some legal move. `masu-usi` is the same engine, for GUIs that start an engine without
    /// arguments.
    Usi,
}

impl Cli {
    /// Reads every argument that holds a board, a position or moves, as its command does
    /// before the work starts, and does no work: `Err` names the argument that does not
    /// read. Arguments that name files are left unread.
    ///
    /// # Errors
    ///
    /// The first argument that is not a board, position or move list its command accepts.
    pub fn read_board_arguments(&self) -> anyhow::Result<()> {
        match &self.command {
            Command::Perft(args) => args.position().map(drop),
            Command::Moves(args) => args.position().map(drop),
            Command::Solve(args) => args.read_positions(),
            Command::Render(args) => args.read_position_text(),
            Command::Reversi(args) => args.read_board(),
            Command::Kif(_) | Command::Usi => Ok(()),
        }
    }
}

/// Runs `masu` with the process's arguments: the exit code is 0 on success, 1 when a
/// command fails and 2 for arguments that do not parse (a one-line error on stderr).
#[must_use]
pub fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) if !err.use_stderr() => err.exit(),
        Err(err) => {
            let args: Vec<String> = std::env::args().skip(1).collect();
            crate::stderr::line(format_args!("masu: {}", one_line(&err.to_string(), &args)));
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Perft(args) => shogi_cmd::perft(&args),
        Command::Moves(args) => shogi_cmd::moves(&args),
        Command::Solve(args) => solve::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Kif(args) => kif_cmd::run(&args),
        Command::Reversi(args) => reversi_cmd::run(&args),
        Command::Usi => crate::usi::run(std::io::stdin().lock(), Box::new(std::io::stdout()))
            .map(|()| ExitCode::SUCCESS)
            .map_err(Into::into),
    };
    match result {
        Ok(code) => code,
        // The reader of the output went away (`masu solve ... | head -1`): nothing is
        // wrong with the work, and no one is left to tell.
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            crate::stderr::line(format_args!("masu: {err:#}"));
            ExitCode::FAILURE
        }
    }
}

/// clap's error as one line, as every other error is: its message with the lines that
/// list what it names (the arguments not given ...), and the help of the command that
/// refused `args` (`masu perft --help`).
fn one_line(text: &str, args: &[String]) -> String {
    let mut lines = text.lines();
    let mut message = lines
        .next()
        .unwrap_or_default()
        .trim_start_matches("error: ")
        .to_owned();
    let named: Vec<&str> = lines
        .take_while(|l| !l.trim().is_empty())
        .map(str::trim)
        .collect();
    if !named.is_empty() {
        message = format!("{} {}", message, named.join(", "));
    }
    format!("{message} (see {} --help)", command_path(args))
}

/// `masu` and the subcommands that lead `args` (`masu kif convert`).
fn command_path(args: &[String]) -> String {
    let mut command = Cli::command();
    let mut path = vec!["masu".to_owned()];
    for arg in args {
        let Some(sub) = command.find_subcommand(arg).cloned() else {
            break;
        };
        path.push(sub.get_name().to_owned());
        command = sub;
    }
    path.join(" ")
}

/// Whether `err` comes from writing to a pipe whose reader has closed it.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, Parser};

    use super::Cli;

    fn read(args: &[&str]) -> Result<(), String> {
        let cli = Cli::try_parse_from(std::iter::once("masu").chain(args.iter().copied()))
            .map_err(|e| e.to_string())?;
        cli.read_board_arguments().map_err(|e| format!("{e:#}"))
    }

    fn argument_error(args: &[&str]) -> String {
        match Cli::try_parse_from(std::iter::once("masu").chain(args.iter().copied())) {
            Ok(_) => String::new(),
            Err(e) => {
                let args: Vec<String> = args.iter().map(ToString::to_string).collect();
                super::one_line(&e.to_string(), &args)
            }
        }
    }

    #[test]
    fn argument_errors_are_one_line_naming_the_command_help() {
        assert_eq!(
            argument_error(&["perft"]),
            "the following required arguments were not provided: <POSITION>, <DEPTH> (see masu perft --help)"
        );
        assert_eq!(
            argument_error(&["perft", "--depth", "3"]),
            "unexpected argument '--depth' found (see masu perft --help)"
        );
        let convert = argument_error(&["kif", "convert", "--bogus"]);
        assert!(
            convert.ends_with("(see masu kif convert --help)"),
            "{convert}"
        );
        assert!(!convert.contains('\n'), "{convert}");
        let level = argument_error(&["solve", "--level", "nope"]);
        assert!(level.ends_with("(see masu solve --help)"), "{level}");
        let top = argument_error(&["bogus"]);
        assert!(top.ends_with("(see masu --help)"), "{top}");
    }

    #[test]
    fn the_command_definitions_are_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn board_arguments_read_as_their_commands_read_them() {
        let empty_a1 = "--OOO---XXXXOO--XXXXXOOOXXXXOOOOXXXOOOOOXXXXOOOOXXXXXOOO-XXXXXOO";
        assert_eq!(read(&["perft", "startpos", "9"]), Ok(()));
        assert_eq!(read(&["reversi", "solve", empty_a1, "X"]), Ok(()));
        assert_eq!(read(&["reversi", "render", "f5d6c3", "-o", "-"]), Ok(()));
        assert_eq!(
            read(&["solve", "4k4/9/4G4/9/9/9/9/9/9 b G 1", "--after", "G*5b"]),
            Ok(())
        );
        let bad = [
            (&["moves", "startpos moves 7g7g"][..], "invalid position"),
            (&["reversi", "solve", empty_a1, "Z"], "invalid board"),
            (
                &["reversi", "render", "f5f5", "-o", "-"],
                "invalid transcript",
            ),
            (&["reversi", "play", "--board", "XO"], "invalid board"),
            (&["render", "startpos", "--ply", "1", "-o", "-"], "--ply 1"),
            (
                &["solve", "4k4/9/4G4/9/9/9/9/9/9 b G 1", "--after", "5a5b"],
                "--after: move 1",
            ),
        ];
        for (args, expected) in bad {
            let err = read(args).err().unwrap_or_default();
            assert!(err.contains(expected), "{args:?}: {err}");
        }
    }
}
