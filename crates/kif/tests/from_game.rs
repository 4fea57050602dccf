//! A game played with masu-shogi saved as a record: the moves, and how it ended, come back
//! from the record and from its KIF, KI2, CSA and JKF text.
#![allow(
    clippy::unwrap_used,
    reason = "the games are built by a helper outside #[test]: a failure there is a test failure"
)]

use masu_kif::shogi::{Color, Game};
use masu_kif::{Format, Mode, Record, Special};

/// Games that end each way a `Game` can end by itself or by resignation, and one unfinished.
fn games() -> Vec<(Game, Option<Special>)> {
    let mated = Game::from_usi("sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1 moves G*5b").unwrap();
    // The start position for the fourth time after twelve moves.
    let shuffle = ["5i5h", "5a5b", "5h5i", "5b5a"].repeat(3).join(" ");
    let repeated = Game::from_usi(&format!("position startpos moves {shuffle}")).unwrap();
    let mut resigned = Game::from_usi("position startpos moves 7g7f 3c3d 2g2f").unwrap();
    resigned.resign(Color::White).unwrap();
    let unfinished = Game::from_usi("position startpos moves 7g7f").unwrap();
    vec![
        (mated, Some(Special::Mate)),
        (repeated, Some(Special::Repetition)),
        (resigned, Some(Special::Resign)),
        (unfinished, None),
    ]
}

#[test]
fn a_game_comes_back_from_its_record_and_every_format() {
    for (game, ending) in games() {
        let record = Record::from_game(&game);
        assert_eq!(record.result(), ending.as_ref(), "{}", game.to_usi());
        assert_eq!(record.outcome(), game.outcome(), "{}", game.to_usi());
        assert_eq!(record.game().unwrap().moves(), game.moves());
        for format in [Format::Kif, Format::Ki2, Format::Csa, Format::Jkf] {
            let text = record.to_string_as(format);
            let back = masu_kif::read_str(&text, None, Mode::Strict)
                .unwrap()
                .record;
            assert_eq!(back.outcome(), game.outcome(), "{format}\n{text}");
            assert_eq!(
                back.game().unwrap().moves(),
                game.moves(),
                "{format}\n{text}"
            );
        }
    }
}
