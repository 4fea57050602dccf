//! `serde` support: every type with a text form is written as that text.
//!
//! | type | text |
//! |---|---|
//! | [`Square`] | `"7g"` |
//! | [`Color`] | `"black"`, `"white"` (`"b"`, `"w"` also read) |
//! | [`PieceKind`] | `"P"`, `"+R"` |
//! | [`Piece`] | `"P"`, `"+r"` (SFEN) |
//! | [`Hand`] | `"R2G3P"`, `"-"` when empty (its `Display`; lower case also read) |
//! | [`UsiMove`] | `"7g7f"`, `"8h2b+"`, `"P*5e"`; a drop of a kind no hand holds (a recorded foul) `"+B*5e"`, `"K*4b"` ([`UsiMove::from_encoded`]) |
//! | [`Move`] | as its USI text; write only: reading needs a position, so read a [`UsiMove`] and call [`UsiMove::to_move`] |
//! | [`Setup`], [`Position`] | SFEN (`"lnsgkgsnl/... b - 1"`); a position is checked when read (a mate problem's, made with [`SetupMode::Tsume`], reads back as one) |
//! | [`Handicap`] | its Japanese name, `"香落ち"` (English names also read) |
//! | [`Outcome`] | `"black wins by checkmate"`, `"draw by repetition"` |
//! | [`DeclarationRule`] | `"27-point"`, `"24-point"` |
//! | [`Game`] | `{"start": <sfen>, "moves": [<usi>...], "outcome": <outcome or null>, "declaration_rule": <rule>}`, and `"ended_at": <moves played>` when moves were played on after a resignation or declaration; reading replays the moves (each legal, also after the game's end) and checks the outcome (a game without `declaration_rule`, as written before it was stored, reads as the 27-point rule's) |

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{
    Color, DeclarationRule, DrawReason, Game, Hand, Handicap, Move, Outcome, Piece, PieceKind,
    Position, Setup, SetupMode, Square, UsiMove,
};

/// Reads a string and parses it with `T::from_text`.
struct TextVisitor<T>(PhantomData<T>);

/// A type read from text, with what the text should look like for error messages.
trait FromText: Sized {
    const EXPECTING: &'static str;
    /// The value, or why the text is not one: `None` where [`FromText::EXPECTING`] says
    /// it all (a square), the reader's message where it does not (which rule a position
    /// breaks, where its SFEN goes wrong).
    fn from_text(s: &str) -> Result<Self, Option<String>>;
}

/// What was expected, and why the text given was not it.
struct Because(&'static str, String);

impl de::Expected for Because {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.0, self.1)
    }
}

impl<T: FromText> Visitor<'_> for TextVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(T::EXPECTING)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        T::from_text(v).map_err(|why| match why {
            None => E::invalid_value(de::Unexpected::Str(v), &self),
            Some(why) => E::invalid_value(de::Unexpected::Str(v), &Because(T::EXPECTING, why)),
        })
    }
}

macro_rules! text_serde {
    ($($ty:ty => $expecting:literal, $parse:expr;)*) => {$(
        impl FromText for $ty {
            const EXPECTING: &'static str = $expecting;
            fn from_text(s: &str) -> Result<Self, Option<String>> {
                let parse: fn(&str) -> Result<$ty, Option<String>> = $parse;
                parse(s)
            }
        }

        #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_str(TextVisitor::<$ty>(PhantomData))
            }
        }
    )*};
}

text_serde! {
    Square => "a usi square such as 7g", |s| s.parse().map_err(|_| None);
    Color => "black or white", |s| parse_color(s).ok_or(None);
    PieceKind => "a piece kind such as P or +R", |s| parse_kind(s).ok_or(None);
    Piece => "an sfen piece such as P or +r", |s| Piece::from_sfen(s.as_bytes()).ok_or(None);
    Hand => "a hand such as R2G3P, or -", |s| s.parse().map_err(|_| None);
    UsiMove => "a usi move such as 7g7f", |s| UsiMove::from_encoded(s).map_err(|_| None);
    Setup => "an sfen", |s| Setup::from_sfen(s).map_err(|e| Some(e.to_string()));
    Position => "the sfen of a valid position", |s| read_position(s).map_err(|e| Some(e.to_string()));
    Handicap => "a handicap name such as 香落ち", |s| Handicap::from_name(s).ok_or(None);
    Outcome => "an outcome such as black wins by checkmate", |s| s.parse().map_err(|_| None);
    DeclarationRule => "27-point or 24-point", |s| parse_rule(s).ok_or(None);
}

/// A position as written: a game position, or a mate problem's as
/// [`SetupMode::Tsume`] made it, which has no attacker king and the rest of the set in the
/// defender's hand. Such a SFEN is refused by the game rules alone; it reads as a tsume
/// position when that adds nothing to its hands, so that a SFEN missing other pieces is
/// still refused and never gains a piece.
fn read_position(s: &str) -> Result<Position, crate::ParseSfenError> {
    let refused = match Position::from_sfen(s) {
        Ok(pos) => return Ok(pos),
        Err(refused) => refused,
    };
    let Ok(setup) = Setup::from_sfen(s) else {
        return Err(refused);
    };
    match Position::from_setup(setup, SetupMode::Tsume) {
        Ok(pos) if Color::ALL.iter().all(|&c| *pos.hand(c) == setup.hands[c]) => Ok(pos),
        _ => Err(refused),
    }
}

fn parse_color(s: &str) -> Option<Color> {
    match s {
        "black" | "b" => Some(Color::Black),
        "white" | "w" => Some(Color::White),
        _ => None,
    }
}

/// The text of a declaration rule: its points, as the rules are known (27点法, 24点法).
pub(crate) fn rule_name(rule: DeclarationRule) -> &'static str {
    match rule {
        DeclarationRule::Points27 => "27-point",
        DeclarationRule::Points24 => "24-point",
    }
}

fn parse_rule(s: &str) -> Option<DeclarationRule> {
    [DeclarationRule::Points27, DeclarationRule::Points24]
        .into_iter()
        .find(|&rule| rule_name(rule) == s)
}

fn parse_kind(s: &str) -> Option<PieceKind> {
    Piece::from_sfen(s.as_bytes())
        .filter(|p| p.color == Color::Black)
        .map(|p| p.kind)
}

macro_rules! serialize_with {
    ($($ty:ty => $text:expr;)*) => {$(
        #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
        impl Serialize for $ty {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let text: fn(&$ty) -> String = $text;
                s.serialize_str(&text(self))
            }
        }
    )*};
}

serialize_with! {
    Square => |sq| sq.to_string();
    Color => |c| c.name().to_owned();
    PieceKind => |k| k.to_sfen().to_owned();
    Piece => |p| p.to_string();
    Hand => |h| h.to_string();
    UsiMove => |m| m.to_string();
    Move => |m| m.to_string();
    Setup => |s| s.to_sfen();
    Position => |p| p.to_sfen();
    Handicap => |h| h.japanese_name().to_owned();
    Outcome => |o| o.to_string();
    DeclarationRule => |r| rule_name(*r).to_owned();
}

/// The serialized form of a [`Game`].
#[derive(Serialize, Deserialize)]
struct GameData {
    start: Position,
    moves: Vec<UsiMove>,
    outcome: Option<Outcome>,
    /// How a declaration is judged: written for every game, not only where it is not the
    /// default, so that the data says it to any reader without knowing this crate's
    /// default (and a later change of the default leaves stored games as they were).
    /// `None` for a game written before the rule was stored.
    #[serde(default)]
    declaration_rule: Option<DeclarationRule>,
    /// The number of moves played when the game was resigned or declared, written only when
    /// moves were played on after that ([`Game::play_unchecked`]); without it a resignation
    /// or declaration came after the last move.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ended_at: Option<usize>,
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GameData {
            start: self.start().clone(),
            moves: self.moves().iter().map(Move::to_usi).collect(),
            outcome: self.outcome(),
            declaration_rule: Some(self.declaration_rule()),
            ended_at: self.ended_at().filter(|&at| at < self.moves().len()),
        }
        .serialize(s)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let data = GameData::deserialize(d)?;
        let rule = data.declaration_rule.unwrap_or_else(|| {
            // A game written before the rule was stored: only the 24-point rule draws by
            // declaration, so a draw tells that rule; any other game reads as the default.
            let draw = Outcome::Draw {
                reason: DrawReason::EnteringKing,
            };
            if data.outcome == Some(draw) {
                DeclarationRule::Points24
            } else {
                DeclarationRule::default()
            }
        });
        let mut game = Game::from_position(data.start).with_declaration_rule(rule);
        let moves = data.moves.len();
        let ended_at = data.ended_at.unwrap_or(moves);
        if ended_at > moves {
            return Err(de::Error::custom(format_args!(
                "ended_at {ended_at}: the game has {moves} moves"
            )));
        }
        for (i, usi) in data.moves.into_iter().enumerate() {
            if i == ended_at {
                game.end_as(data.outcome).map_err(de::Error::custom)?;
                if game.ended_at() != Some(i) {
                    return Err(de::Error::custom(format_args!(
                        "ended_at {i}: the game was not resigned or declared there"
                    )));
                }
            }
            // Each move is checked for legality but not for the game's end: a game played on
            // after a repetition or a resignation reads back.
            let m = usi
                .to_move(game.position())
                .map_err(|e| de::Error::custom(format_args!("move {}: {e}", i + 1)))?;
            game.play_unchecked(m);
        }
        if ended_at == moves {
            game.end_as(data.outcome).map_err(de::Error::custom)?;
        }
        Ok(game)
    }
}
