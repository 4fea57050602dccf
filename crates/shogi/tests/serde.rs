//! `serde` support: every type is written as its text form and read back.

#![cfg(feature = "serde")]
#![allow(
    clippy::unwrap_used,
    reason = "test fixtures: a broken one should fail loudly"
)]

use std::fmt::Debug;

use masu_shogi::{
    Color, DeclarationRule, DrawReason, Game, Hand, Handicap, Move, Outcome, Piece, PieceKind,
    Position, Setup, SetupMode, Square, UsiMove, WinReason,
};
use serde::Serialize;
use serde::de::DeserializeOwned;

fn round_trip<T>(value: &T, json: &str)
where
    T: Serialize + DeserializeOwned + PartialEq + Debug,
{
    assert_eq!(serde_json::to_string(value).unwrap(), json);
    assert_eq!(&serde_json::from_str::<T>(json).unwrap(), value);
}

fn rejects<T: DeserializeOwned + Debug>(json: &str) {
    assert!(serde_json::from_str::<T>(json).is_err(), "{json}");
}

#[test]
fn squares_colors_and_pieces() {
    round_trip(&Square::SQ_7G, "\"7g\"");
    round_trip(&Color::Black, "\"black\"");
    round_trip(&Color::White, "\"white\"");
    assert_eq!(
        serde_json::from_str::<Color>("\"w\"").unwrap(),
        Color::White
    );
    round_trip(&PieceKind::Pawn, "\"P\"");
    round_trip(&PieceKind::Dragon, "\"+R\"");
    round_trip(&Piece::new(Color::White, PieceKind::Horse), "\"+b\"");
    for kind in PieceKind::ALL {
        let json = serde_json::to_string(&kind).unwrap();
        assert_eq!(serde_json::from_str::<PieceKind>(&json).unwrap(), kind);
    }
    rejects::<Square>("\"7j\"");
    rejects::<Square>("77");
    rejects::<Color>("\"Black\"");
    rejects::<PieceKind>("\"p\"");
    rejects::<Piece>("\"+g\"");
}

#[test]
fn hands() {
    let pos = Position::from_sfen("4k4/9/9/9/9/9/9/9/4K4 b R2G18P2b 1").unwrap();
    round_trip(pos.hand(Color::Black), "\"R2G18P\"");
    round_trip(pos.hand(Color::White), "\"2B\"");
    round_trip(&Hand::EMPTY, "\"-\"");
    rejects::<Hand>("\"19P\"");
    rejects::<Hand>("\"3R\"");
    rejects::<Hand>("\"1P\"");
    rejects::<Hand>("\"\"");
}

#[test]
fn moves_are_usi_text() {
    let pos = Position::from_sfen("position startpos moves 7g7f 3c3d").unwrap();
    let m = "8h2b+".parse::<UsiMove>().unwrap().to_move(&pos).unwrap();
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"8h2b+\"");
    let usi: UsiMove = serde_json::from_str("\"8h2b+\"").unwrap();
    assert_eq!(usi.to_move(&pos).unwrap(), m);
    round_trip(&"P*5e".parse::<UsiMove>().unwrap(), "\"P*5e\"");
    rejects::<UsiMove>("\"7g7\"");
    let drop = Move::Drop {
        kind: PieceKind::Gold,
        to: Square::SQ_5B,
    };
    assert_eq!(serde_json::to_string(&drop).unwrap(), "\"G*5b\"");
}

#[test]
fn positions_and_setups_are_sfen() {
    let start = "\"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\"";
    round_trip(&Position::startpos(), start);
    round_trip(&Setup::startpos(), start);
    // A setup need not be a valid position; a position must be.
    let no_kings = "\"9/9/9/9/9/9/9/9/9 b - 1\"";
    let empty = serde_json::from_str::<Setup>(no_kings).unwrap();
    assert_eq!(empty, Setup::default());
    rejects::<Position>(no_kings);
}

#[test]
fn handicaps_and_outcomes() {
    round_trip(&Handicap::Lance, "\"香落ち\"");
    round_trip(&Handicap::LeftSevenPieces, "\"左七枚落ち\"");
    assert_eq!(
        serde_json::from_str::<Handicap>("\"2-piece\"").unwrap(),
        Handicap::TwoPieces
    );
    rejects::<Handicap>("\"その他\"");
    round_trip(
        &Outcome::Win {
            winner: Color::Black,
            reason: WinReason::PerpetualCheck,
        },
        "\"black wins by perpetual check\"",
    );
    round_trip(&Outcome::REPETITION, "\"draw by repetition\"");
    rejects::<Outcome>("\"nobody wins\"");
}

#[test]
fn inside_derived_structs() {
    #[derive(Debug, PartialEq, serde::Serialize, serde::Deserialize)]
    struct Record {
        handicap: Handicap,
        start: Position,
        moves: Vec<UsiMove>,
        outcome: Option<Outcome>,
    }
    let mut game = Game::from_handicap(Handicap::Bishop);
    game.play_usi("5c5d").unwrap();
    game.resign(Color::Black).unwrap();
    let record = Record {
        handicap: Handicap::Bishop,
        start: game.start().clone(),
        moves: game.moves().iter().map(|m| m.to_usi()).collect(),
        outcome: game.outcome(),
    };
    let json = serde_json::to_string(&record).unwrap();
    assert_eq!(
        json,
        "{\"handicap\":\"角落ち\",\"start\":\"lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1\",\"moves\":[\"5c5d\"],\"outcome\":\"white wins by resignation\"}"
    );
    assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), record);
}

#[test]
fn games_replay_their_moves() {
    let mut game = Game::from_handicap(Handicap::Bishop);
    for usi in ["5c5d", "7g7f"] {
        game.play_usi(usi).unwrap();
    }
    game.resign(Color::White).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(
        json,
        "{\"start\":\"lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1\",\"moves\":[\"5c5d\",\"7g7f\"],\"outcome\":\"black wins by resignation\",\"declaration_rule\":\"27-point\"}"
    );
    assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
    // A game in progress.
    let fresh = Game::new();
    let json = serde_json::to_string(&fresh).unwrap();
    assert!(json.ends_with("\"moves\":[],\"outcome\":null,\"declaration_rule\":\"27-point\"}"));
    assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), fresh);
    // An illegal move, or an outcome the moves do not lead to, is refused.
    let start = "\"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\"";
    rejects::<Game>(&format!(
        "{{\"start\":{start},\"moves\":[\"7g7e\"],\"outcome\":null}}"
    ));
    rejects::<Game>(&format!(
        "{{\"start\":{start},\"moves\":[],\"outcome\":\"black wins by checkmate\"}}"
    ));
    // The error names the outcome in words, not as Rust debug text.
    let err = serde_json::from_str::<Game>(&format!(
        "{{\"start\":{start},\"moves\":[],\"outcome\":\"black wins by checkmate\"}}"
    ))
    .unwrap_err()
    .to_string();
    assert!(err.contains("black wins by checkmate"), "{err}");
    assert!(!err.contains("Some(") && !err.contains('{'), "{err}");
    rejects::<Game>(&format!(
        "{{\"start\":{start},\"moves\":[],\"outcome\":\"black wins by entering king\"}}"
    ));
}

#[test]
fn checkmated_games_keep_their_outcome() {
    let start = Position::from_sfen("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").unwrap();
    let mut game = Game::from_position(start);
    game.play_usi("G*5b").unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert!(
        json.contains("\"outcome\":\"black wins by checkmate\""),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
}

#[test]
fn a_refused_sfen_says_why() {
    // The reason SFEN reading gives, after what serde says was expected.
    let err = serde_json::from_str::<Position>("\"4k4/9/9/9/9/9/9/9/K3K4 b - 1\"")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("expected the sfen of a valid position: invalid position: too many kings"),
        "{err}"
    );
    let err = serde_json::from_str::<Setup>("\"4k4/9/9/9/9/9/9/9/4K4 x - 1\"")
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("expected an sfen: invalid side to move at byte 22"),
        "{err}"
    );
}

/// Black: king 5c, ten pieces in the camp and 26 points, 4 more in hand: 30 points, which
/// win under the 27-point rule and draw under the 24-point rule.
const DECLARING: &str = "RRBB5/GGGGSS3/4K4/9/9/9/9/9/4k4 b 4P 1";

#[test]
fn games_keep_their_declaration_rule() {
    round_trip(&DeclarationRule::Points27, "\"27-point\"");
    round_trip(&DeclarationRule::Points24, "\"24-point\"");
    rejects::<DeclarationRule>("\"27\"");
    // A 24-point game in progress reads back as one, not as a 27-point game.
    let game = Game::new().with_declaration_rule(DeclarationRule::Points24);
    let json = serde_json::to_string(&game).unwrap();
    assert!(
        json.ends_with(",\"declaration_rule\":\"24-point\"}"),
        "{json}"
    );
    let back = serde_json::from_str::<Game>(&json).unwrap();
    assert_eq!(back.declaration_rule(), DeclarationRule::Points24);
    assert_eq!(back, game);
    // Declared, under either rule.
    let start = Position::from_sfen(DECLARING).unwrap();
    for rule in [DeclarationRule::Points27, DeclarationRule::Points24] {
        let mut game = Game::from_position(start.clone()).with_declaration_rule(rule);
        game.declare().unwrap();
        let json = serde_json::to_string(&game).unwrap();
        assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game, "{json}");
    }
}

#[test]
fn games_written_without_a_rule_read_as_before() {
    let sfen = format!("\"{DECLARING}\"");
    let old = |outcome: &str| format!("{{\"start\":{sfen},\"moves\":[],\"outcome\":{outcome}}}");
    let game = serde_json::from_str::<Game>(&old("null")).unwrap();
    assert_eq!(game.declaration_rule(), DeclarationRule::Points27);
    let game = serde_json::from_str::<Game>(&old("\"black wins by entering king\"")).unwrap();
    assert_eq!(game.declaration_rule(), DeclarationRule::Points27);
    // Only the 24-point rule draws by declaration.
    let game = serde_json::from_str::<Game>(&old("\"draw by entering king\"")).unwrap();
    assert_eq!(game.declaration_rule(), DeclarationRule::Points24);
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::EnteringKing
        })
    );
}

#[test]
fn a_declaration_its_rule_judges_otherwise_is_refused() {
    let sfen = format!("\"{DECLARING}\"");
    let game = |outcome: &str, rule: &str| {
        format!(
            "{{\"start\":{sfen},\"moves\":[],\"outcome\":\"{outcome}\",\"declaration_rule\":\"{rule}\"}}"
        )
    };
    let err = serde_json::from_str::<Game>(&game("black wins by entering king", "24-point"))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains(
            "under the 24-point rule the declaration gives: draw by entering king \
             (the record says: black wins by entering king)"
        ),
        "{err}"
    );
    rejects::<Game>(&game("draw by entering king", "27-point"));
    assert!(serde_json::from_str::<Game>(&game("draw by entering king", "24-point")).is_ok());
}

#[test]
fn games_played_on_after_their_end_read_back() {
    // Resigned, then played on: the resignation stays where it was made.
    let mut game = Game::new();
    game.play_usi("7g7f").unwrap();
    game.resign(Color::White).unwrap();
    let m = "3c3d".parse::<UsiMove>().unwrap();
    game.play_unchecked(m.to_move(game.position()).unwrap());
    let json = serde_json::to_string(&game).unwrap();
    assert!(json.ends_with(",\"ended_at\":1}"), "{json}");
    let mut back = serde_json::from_str::<Game>(&json).unwrap();
    assert_eq!(back, game);
    // Taking back the move played on keeps the resignation, as in the game written.
    back.undo();
    assert!(back.is_over());
    // Played on after a fourth repetition (each move still legal).
    let line = "position startpos moves 5i5h 5a5b 5h5i 5b5a 5i5h 5a5b 5h5i 5b5a \
                5i5h 5a5b 5h5i 5b5a 7g7f";
    let game = Game::from_usi_playing_on(line, SetupMode::Strict).unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert!(!json.contains("ended_at"), "{json}");
    assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
    // Where nothing was resigned or declared, or beyond the moves, ended_at is refused.
    let start = "\"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1\"";
    let ended = |at: usize, outcome: &str| {
        format!(
            "{{\"start\":{start},\"moves\":[\"7g7f\",\"3c3d\"],\"outcome\":{outcome},\"ended_at\":{at}}}"
        )
    };
    assert!(serde_json::from_str::<Game>(&ended(1, "\"black wins by resignation\"")).is_ok());
    rejects::<Game>(&ended(1, "null"));
    rejects::<Game>(&ended(3, "\"black wins by resignation\""));
}
