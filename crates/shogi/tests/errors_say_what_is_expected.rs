//! What the errors say: each names what was wrong and what is expected instead, in lower
//! case as the crate's front page promises.

use masu_shogi::packed::{DecodeError, Hcp};
use masu_shogi::{Game, Handicap, Outcome, Position, Square, UsiMove};

/// The message of `result`'s error.
fn message<T: std::fmt::Debug, E: std::fmt::Display>(result: Result<T, E>) -> String {
    match result {
        Ok(value) => panic!("expected an error, got {value:?}"),
        Err(err) => err.to_string(),
    }
}

const USI_FORMS: &str = "a move such as 7g7f, 8h2b+ or P*5e";

#[test]
fn squares_and_usi_moves_say_their_form() {
    assert_eq!(
        message("0a".parse::<Square>()),
        "invalid square: expected a file 1-9 and a rank a-i, such as 7g"
    );
    assert_eq!(
        message("7g7".parse::<UsiMove>()),
        format!("invalid usi move: expected {USI_FORMS}")
    );
    assert_eq!(
        message(Position::startpos().play_usi("0a0a")),
        format!("invalid usi move \"0a0a\": expected {USI_FORMS}")
    );
    assert_eq!(
        message(Game::from_usi("position startpos moves 7g7f zz")),
        format!("move 2: invalid usi move \"zz\": expected {USI_FORMS}")
    );
}

#[test]
fn sfen_fields_say_their_form() {
    let usi = format!("invalid usi move #2 at byte 29 (expected {USI_FORMS})");
    let cases = [
        (
            "4k4/9/9/9/9/9/9/9/4K4 x - 1",
            "invalid side to move at byte 22 (expected b or w)",
        ),
        (
            "4k4/9/9/9/9/9/9/9/4K4",
            "invalid side to move at byte 21 (expected b or w)",
        ),
        (
            "4k4/9/9/9/9/9/9/9/3+K4 b - 1",
            "invalid board at byte 20: invalid piece (expected an sfen piece such as P, +r or \
             k, a digit 1-9 or /)",
        ),
        (
            "4k5/9/9/9/9/9/9/9/4K4 b - 1",
            "invalid board at byte 2: rank too long (expected nine squares)",
        ),
        (
            "4k3/9/9/9/9/9/9/9/4K4 b - 1",
            "invalid board at byte 3: rank too short (expected nine squares)",
        ),
        (
            "4k4/9/9/9/9/9/9/4K4 b - 1",
            "invalid board at byte 19: not nine ranks (expected nine, separated by /)",
        ),
        ("position startpos moves 7g7f 0a0a", &usi),
    ];
    for (sfen, expected) in cases {
        assert_eq!(message(Position::from_sfen(sfen)), expected, "{sfen}");
    }
}

#[test]
fn names_say_what_they_may_be() {
    assert_eq!(
        message("black wins".parse::<Outcome>()),
        "invalid outcome: expected text such as black wins by checkmate or draw by repetition"
    );
    assert_eq!(
        message("2 pieces".parse::<Handicap>()),
        "unknown handicap name: expected a 手合割 name such as 平手 or 二枚落ち, or an English \
         one such as even or 2-piece"
    );
}

#[test]
fn a_refused_declaration_says_which_condition_fails() {
    let declare = |sfen: &str| {
        let mut game = Game::from_usi(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        message(game.declare())
    };
    assert_eq!(
        declare("startpos"),
        "invalid entering-king declaration: the king is not in the opponent's camp"
    );
    // King 5c with rooks, bishops, four golds and a silver: nine pieces, 25 points.
    assert_eq!(
        declare("RRBB5/GGGGS4/4K4/9/9/9/9/9/4k4 b 2P 1"),
        "invalid entering-king declaration: 9 other pieces in the opponent's camp (10 needed)"
    );
    // Ten pieces, 26 points on the board and a pawn in hand: 27, one short for Black.
    assert_eq!(
        declare("RRBB5/GGGGSS3/4K4/9/9/9/9/9/4k4 b P 1"),
        "invalid entering-king declaration: only 27 points"
    );
    // Ten pieces and 28 points, but White's knight on 4a checks the king.
    assert_eq!(
        declare("RRBB1n3/GGGGSS3/4K4/9/9/9/9/9/4k4 b 2P 1"),
        "invalid entering-king declaration: the king is in check"
    );
}

#[test]
fn packed_material_errors_name_the_kind_in_lower_case() {
    let start = Hcp::from_position(&Position::startpos())
        .unwrap_or_else(|e| panic!("the start encodes: {e}"));
    let mut materials = 0;
    for bit in 0..256 {
        let mut bytes = start.0;
        bytes[bit / 8] ^= 1 << (bit % 8);
        if let Err(
            err @ DecodeError::Material {
                kind,
                count,
                expected,
            },
        ) = Hcp(bytes).to_position()
        {
            materials += 1;
            assert_eq!(
                err.to_string(),
                format!(
                    "the codes hold {count} {}s, a set has {expected}",
                    kind.name()
                )
            );
        }
    }
    assert!(materials > 0, "no flip of a bit miscounts a kind");
}

/// Every error type is a `std::error::Error` that can cross threads and be boxed as
/// `Box<dyn Error + Send + Sync>`, as `?` into `anyhow` or a thread's result needs.
#[test]
fn every_error_is_an_error_of_any_thread() {
    fn is_error<E: std::error::Error + Send + Sync + 'static>() {}
    use masu_shogi::usi::{EngineLineProblem, ParseEngineLineError};
    use masu_shogi::{
        BoardError, GameError, HandError, IllegalMoveReason, IllegalUsiMoveError, LineError,
        ParseColorError, ParseGameError, ParseHandError, ParseHandicapError, ParseOutcomeError,
        ParsePieceError, ParseSfenError, ParseSquareError, ParseUsiMoveError, PlayError,
        PlayUsiError, PositionError, packed::EncodeError,
    };
    is_error::<BoardError>();
    is_error::<DecodeError>();
    is_error::<EncodeError>();
    is_error::<EngineLineProblem>();
    is_error::<GameError>();
    is_error::<HandError>();
    is_error::<IllegalMoveReason>();
    is_error::<IllegalUsiMoveError>();
    is_error::<LineError>();
    is_error::<ParseColorError>();
    is_error::<ParseEngineLineError>();
    is_error::<ParseGameError>();
    is_error::<ParseHandError>();
    is_error::<ParseHandicapError>();
    is_error::<ParseOutcomeError>();
    is_error::<ParsePieceError>();
    is_error::<ParseSfenError>();
    is_error::<ParseSquareError>();
    is_error::<ParseUsiMoveError>();
    is_error::<PlayError>();
    is_error::<PlayUsiError>();
    is_error::<PositionError>();
    // The values errors carry and games are shared between threads too.
    fn is_shared<T: Send + Sync>() {}
    is_shared::<Position>();
    is_shared::<Game>();
}
