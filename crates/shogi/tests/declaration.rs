//! The entering-king declaration under the 24-point rule (24点法), against the default
//! 27-point rule: each boundary of points, pieces, king and check, for both colours.

#![allow(
    clippy::unwrap_used,
    reason = "test fixtures: a broken one should fail loudly"
)]

use masu_shogi::{
    Color, Declaration, DeclarationRule, DrawReason, Game, GameError, Outcome, Position, WinReason,
};

// Black: king 5c; rooks and bishops (20 points), four golds and two silvers (6) in the camp:
// ten pieces, 26 points before the hand.
const BLACK_CAMP: &str = "RRBB5/GGGGSS3/4K4/9/9/9/9/9/4k4 b";
// White's mirror image: king 5g and the same ten pieces on ranks h and i.
const WHITE_CAMP: &str = "4K4/9/9/9/9/9/4k4/3ssgggg/5bbrr w";
// Black with a silver for one rook: ten pieces, 22 points before the hand.
const BLACK_CAMP_22: &str = "RSBB5/GGGGSS3/4K4/9/9/9/9/9/4k4 b";

fn declaration(sfen: &str) -> Declaration {
    Position::from_sfen(sfen).unwrap().declaration()
}

fn win(winner: Color) -> Option<Outcome> {
    Some(Outcome::Win {
        winner,
        reason: WinReason::EnteringKing,
    })
}

const DRAW: Option<Outcome> = Some(Outcome::Draw {
    reason: DrawReason::EnteringKing,
});

const RULE_24: DeclarationRule = DeclarationRule::Points24;
const RULE_27: DeclarationRule = DeclarationRule::Points27;

#[test]
fn points24_31_points_win() {
    let d = declaration(&format!("{BLACK_CAMP} 5P 1"));
    assert_eq!(d.points, 31);
    assert_eq!(d.outcome(RULE_24), win(Color::Black));
    assert_eq!(d.outcome(RULE_27), win(Color::Black));
}

#[test]
fn points24_30_points_draw() {
    let d = declaration(&format!("{BLACK_CAMP} 4P 1"));
    assert_eq!(d.points, 30);
    assert_eq!(d.outcome(RULE_24), DRAW);
    // The 27-point rule lets the same declaration win.
    assert_eq!(d.outcome(RULE_27), win(Color::Black));
}

#[test]
fn points24_24_points_draw() {
    let d = declaration(&format!("{BLACK_CAMP_22} 2P 1"));
    assert_eq!((d.points, d.pieces_in_camp), (24, 10));
    assert_eq!(d.outcome(RULE_24), DRAW);
    assert_eq!(d.outcome(RULE_27), None);
}

#[test]
fn points24_23_points_are_invalid() {
    let d = declaration(&format!("{BLACK_CAMP_22} P 1"));
    assert_eq!(d.points, 23);
    assert_eq!(d.outcome(RULE_24), None);
}

#[test]
fn points24_thresholds_are_the_same_for_white() {
    let d = declaration(&format!("{WHITE_CAMP} 5p 1"));
    assert_eq!((d.color, d.points), (Color::White, 31));
    assert_eq!(d.outcome(RULE_24), win(Color::White));
    let d = declaration(&format!("{WHITE_CAMP} 4p 1"));
    assert_eq!(d.points, 30);
    assert_eq!(d.outcome(RULE_24), DRAW);
    // 27 points: a win for White under the 27-point rule, a draw under the 24-point rule.
    let d = declaration(&format!("{WHITE_CAMP} p 1"));
    assert_eq!(d.points, 27);
    assert_eq!(d.outcome(RULE_27), win(Color::White));
    assert_eq!(d.outcome(RULE_24), DRAW);
}

#[test]
fn points24_black_28_points_draw() {
    // Black's 28 points win under the 27-point rule but only draw under the 24-point rule.
    let d = declaration(&format!("{BLACK_CAMP} 2P 1"));
    assert_eq!(d.points, 28);
    assert_eq!(d.outcome(RULE_27), win(Color::Black));
    assert_eq!(d.outcome(RULE_24), DRAW);
}

#[test]
fn points24_needs_ten_pieces_in_the_camp() {
    // Nine pieces (one silver fewer), 35 points thanks to the hand.
    let d = declaration("RRBB5/GGGGS4/4K4/9/9/9/9/9/4k4 b 10P 1");
    assert_eq!((d.pieces_in_camp, d.points), (9, 35));
    assert_eq!(d.outcome(RULE_24), None);
}

#[test]
fn points24_needs_the_king_in_the_camp() {
    let d = declaration("RRBB5/GGGGSS3/9/4K4/9/9/9/9/4k4 b 5P 1");
    assert_eq!((d.king_in_camp, d.points), (false, 31));
    assert_eq!(d.outcome(RULE_24), None);
}

#[test]
fn points24_is_refused_in_check() {
    // A White pawn on 5b checks the king on 5c.
    let d = declaration("RRBB5/GGGGpSS2/4K4/9/9/9/9/9/4k4 b 5P 1");
    assert!(d.in_check && d.points == 31 && d.pieces_in_camp == 10);
    assert_eq!(d.outcome(RULE_24), None);
}

#[test]
fn game_rule_defaults_to_27_points() {
    let game = Game::new();
    assert_eq!(game.declaration_rule(), DeclarationRule::Points27);
    assert_eq!(DeclarationRule::default(), DeclarationRule::Points27);
}

#[test]
fn game_declaration_under_24_points_draws_and_ends_the_game() {
    let start = Position::from_sfen(&format!("{BLACK_CAMP} 4P 1")).unwrap();
    let mut game = Game::from_position(start.clone()).with_declaration_rule(RULE_24);
    assert_eq!(game.declaration_rule(), RULE_24);
    assert_eq!(game.declare().ok(), DRAW);
    assert_eq!(game.outcome(), DRAW);
    assert!(game.is_over());
    assert!(matches!(game.declare(), Err(GameError::Over(_))));
    // The same position wins under the default rule.
    let mut game = Game::from_position(start);
    assert_eq!(game.declare().ok(), win(Color::Black));
}

#[test]
fn game_declaration_under_24_points_wins_or_is_refused() {
    let mut game = Game::from_position(Position::from_sfen(&format!("{BLACK_CAMP} 5P 1")).unwrap());
    game.set_declaration_rule(RULE_24);
    assert_eq!(game.declare().ok(), win(Color::Black));
    let short = Position::from_sfen(&format!("{BLACK_CAMP_22} P 1")).unwrap();
    let mut game = Game::from_position(short).with_declaration_rule(RULE_24);
    assert!(matches!(
        game.declare(),
        Err(GameError::InvalidDeclaration(d)) if d.points == 23
    ));
    assert_eq!(game.outcome(), None);
}

#[test]
fn draw_by_declaration_has_a_text_form() {
    let draw = DRAW.unwrap();
    assert_eq!(draw.to_string(), "draw by entering king");
    assert_eq!("draw by entering king".parse::<Outcome>(), Ok(draw));
    assert!(draw.is_draw());
}

#[cfg(feature = "serde")]
#[test]
fn a_game_drawn_by_declaration_reads_back() {
    let start = Position::from_sfen(&format!("{BLACK_CAMP} 4P 1")).unwrap();
    let mut game = Game::from_position(start).with_declaration_rule(RULE_24);
    game.declare().unwrap();
    let json = serde_json::to_string(&game).unwrap();
    assert!(
        json.ends_with("\"outcome\":\"draw by entering king\",\"declaration_rule\":\"24-point\"}"),
        "{json}"
    );
    assert_eq!(serde_json::from_str::<Game>(&json).unwrap(), game);
}

/// A game's debug form shows the rule it follows: two games alike but for it print apart.
#[test]
fn a_games_debug_form_shows_its_rule() {
    let game = Game::new().with_declaration_rule(DeclarationRule::Points24);
    let shown = format!("{game:?}");
    assert!(shown.contains("declaration_rule: Points24"), "{shown}");
    assert_ne!(shown, format!("{:?}", Game::new()));
}
