//! `serde` support: every type with a text form is written as that text.
//!
//! | type | text |
//! |---|---|
//! | [`Square`] | `"7g"` |
//! | [`Color`] | `"black"`, `"white"` (`"b"`, `"w"` also read) |
//! | [`PieceKind`] | `"P"`, `"+R"` |
//! | [`Piece`] | `"P"`, `"+r"` (SFEN) |
//! | [`Hand`] | `"R2G3P"` (SFEN letters, uppercase), `"-"` when empty |
//! | [`UsiMove`] | `"7g7f"`, `"8h2b+"`, `"P*5e"` |
//! | [`Move`] | as its USI text; write only: reading needs a position, so read a [`UsiMove`] and call [`UsiMove::to_move`] |
//! | [`Setup`], [`Position`] | SFEN (`"lnsgkgsnl/... b - 1"`); a position is checked when read |
//! | [`Handicap`] | its Japanese name, `"香落ち"` (English names also read) |
//! | [`Outcome`] | `"black wins by checkmate"`, `"draw by repetition"` |
//! | [`Game`] | `{"start": <sfen>, "moves": [<usi>...], "outcome": <outcome or null>}`; reading replays the moves and checks the outcome |

use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::{
    Color, Game, Hand, Handicap, Move, Outcome, Piece, PieceKind, Position, Setup, Square, UsiMove,
};

/// Reads a string and parses it with `T::from_text`.
struct TextVisitor<T>(PhantomData<T>);

/// A type read from text, with what the text should look like for error messages.
trait FromText: Sized {
    const EXPECTING: &'static str;
    fn from_text(s: &str) -> Option<Self>;
}

impl<T: FromText> Visitor<'_> for TextVisitor<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(T::EXPECTING)
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<T, E> {
        T::from_text(v).ok_or_else(|| E::invalid_value(de::Unexpected::Str(v), &self))
    }
}

macro_rules! text_serde {
    ($($ty:ty => $expecting:literal, $parse:expr;)*) => {$(
        impl FromText for $ty {
            const EXPECTING: &'static str = $expecting;
            fn from_text(s: &str) -> Option<Self> {
                let parse: fn(&str) -> Option<$ty> = $parse;
                parse(s)
            }
        }

        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                d.deserialize_str(TextVisitor::<$ty>(PhantomData))
            }
        }
    )*};
}

text_serde! {
    Square => "a usi square such as 7g", |s| s.parse().ok();
    Color => "black or white", parse_color;
    PieceKind => "a piece kind such as P or +R", parse_kind;
    Piece => "an sfen piece such as P or +r", |s| Piece::from_sfen(s.as_bytes());
    Hand => "a hand such as R2G3P, or -", parse_hand;
    UsiMove => "a usi move such as 7g7f", |s| s.parse().ok();
    Setup => "an sfen", |s| Setup::from_sfen(s).ok();
    Position => "the sfen of a valid position", |s| Position::from_sfen(s).ok();
    Handicap => "a handicap name such as 香落ち", Handicap::from_name;
    Outcome => "an outcome such as black wins by checkmate", |s| s.parse().ok();
}

fn parse_color(s: &str) -> Option<Color> {
    match s {
        "black" | "b" => Some(Color::Black),
        "white" | "w" => Some(Color::White),
        _ => None,
    }
}

fn parse_kind(s: &str) -> Option<PieceKind> {
    Piece::from_sfen(s.as_bytes())
        .filter(|p| p.color == Color::Black)
        .map(|p| p.kind)
}

fn parse_hand(s: &str) -> Option<Hand> {
    let mut hand = Hand::EMPTY;
    if s == "-" {
        return Some(hand);
    }
    let mut count: Option<u8> = None;
    for b in s.bytes() {
        if b.is_ascii_digit() {
            let digit = b - b'0';
            let n = count.unwrap_or(0).checked_mul(10)?.checked_add(digit)?;
            // A count is 2..=18 without leading zeros.
            if n == 0 || n > 18 {
                return None;
            }
            count = Some(n);
            continue;
        }
        let kind = PieceKind::from_sfen_char(b).filter(|k| k.is_hand_kind())?;
        if !b.is_ascii_uppercase() || hand.count(kind) > 0 {
            return None;
        }
        // SFEN never writes a count of 1.
        let n = match count.take() {
            Some(1) => return None,
            Some(n) => n,
            None => 1,
        };
        hand.set(kind, n).ok()?;
    }
    (count.is_none() && !s.is_empty()).then_some(hand)
}

fn hand_text(hand: Hand) -> String {
    if hand.is_empty() {
        return "-".to_owned();
    }
    let mut out = String::new();
    for kind in PieceKind::HAND.iter().rev() {
        let n = hand.count(*kind);
        if n > 1 {
            out.push_str(&n.to_string());
        }
        if n > 0 {
            out.push(kind.to_sfen_char());
        }
    }
    out
}

fn color_text(color: Color) -> &'static str {
    match color {
        Color::Black => "black",
        Color::White => "white",
    }
}

macro_rules! serialize_with {
    ($($ty:ty => $text:expr;)*) => {$(
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
    Color => |c| color_text(*c).to_owned();
    PieceKind => |k| k.to_sfen().to_owned();
    Piece => |p| p.to_string();
    Hand => |h| hand_text(*h);
    UsiMove => |m| m.to_string();
    Move => |m| m.to_string();
    Setup => |s| s.to_sfen();
    Position => |p| p.to_sfen();
    Handicap => |h| h.japanese_name().to_owned();
    Outcome => |o| o.to_string();
}

/// The serialized form of a [`Game`].
#[derive(Serialize, Deserialize)]
struct GameData {
    start: Position,
    moves: Vec<UsiMove>,
    outcome: Option<Outcome>,
}

impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GameData {
            start: self.start().clone(),
            moves: self.moves().iter().map(Move::to_usi).collect(),
            outcome: self.outcome(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let data = GameData::deserialize(d)?;
        let mut game = Game::from_position(data.start);
        for (i, usi) in data.moves.into_iter().enumerate() {
            game.play_usi(usi)
                .map_err(|e| de::Error::custom(format_args!("move {}: {e}", i + 1)))?;
        }
        game.end_as(data.outcome).map_err(de::Error::custom)?;
        Ok(game)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hands_read_what_they_write() {
        let mut hand = Hand::EMPTY;
        for (kind, n) in [
            (PieceKind::Rook, 1),
            (PieceKind::Gold, 2),
            (PieceKind::Pawn, 18),
        ] {
            hand.set(kind, n).unwrap_or_default();
        }
        assert_eq!(hand_text(hand), "R2G18P");
        assert_eq!(parse_hand("R2G18P"), Some(hand));
        assert_eq!(parse_hand("-"), Some(Hand::EMPTY));
        for bad in [
            "", "2", "0P", "1P", "19P", "p", "K", "PP", "2P3", "02P", "3R",
        ] {
            assert_eq!(parse_hand(bad), None, "{bad}");
        }
    }
}
