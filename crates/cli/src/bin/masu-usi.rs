//! `masu-usi`: exactly `masu usi`, for shogi GUIs that register an engine as an executable
//! without arguments.

fn main() -> std::io::Result<()> {
    masu::usi::run(std::io::stdin().lock(), Box::new(std::io::stdout()))
}
