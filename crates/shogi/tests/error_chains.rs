//! An error's message includes what its inner error said or returns the inner error as its
//! `source()`, never both: a chain of errors (`{:#}` of anyhow) then says each part once.

use masu_shogi::{Color, Game, Position};

#[path = "common/error_chain.rs"]
mod error_chain;

use error_chain::{error, says_each_part_once};

#[test]
fn game_lines_say_each_part_once() {
    for line in [
        "position startpos moves 7g7f zz",
        "position startpos moves 7g7f 7g7f",
        "position startpos moves 7g7f 3c3d 8h2b+ 3a2b 2b3a",
        "position sfen 4k4/9/9/9/9/9/9/9/K3K4 b - 1",
        "position sfen 4k4/9/9/9/9/9/9/9/4K4 x - 1",
        "position startpos moves 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i \
         5b5a 7g7f",
    ] {
        says_each_part_once(&error(Game::from_usi(line)));
    }
}

#[test]
fn positions_and_games_say_each_part_once() {
    says_each_part_once(&error(Position::from_sfen(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7e",
    )));
    says_each_part_once(&error(Position::startpos().play_usi("0a0a")));
    let mut game = Game::new();
    says_each_part_once(&error(game.play_usi("7g7e")));
    game.resign(Color::Black)
        .unwrap_or_else(|e| panic!("a new game can be resigned: {e}"));
    says_each_part_once(&error(game.play_usi("7g7f")));
}
