//! `serde` support: boards and moves as their text forms, games as start board plus moves
//! (replayed and checked when read).

use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::board::Board;
use crate::game::Game;
use crate::mv::Move;
use crate::square::Square;

macro_rules! via_string {
    ($t:ty) => {
        #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }

        #[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
                text.parse().map_err(D::Error::custom)
            }
        }
    };
}

via_string!(Board);
via_string!(Move);
via_string!(Square);

#[derive(Serialize, Deserialize)]
struct GameRecord {
    start: Board,
    moves: Vec<Move>,
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl Serialize for Game {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        GameRecord {
            start: *self.start(),
            moves: self.moves().to_vec(),
        }
        .serialize(s)
    }
}

#[cfg_attr(docsrs, doc(cfg(feature = "serde")))]
impl<'de> Deserialize<'de> for Game {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Game, D::Error> {
        let record = GameRecord::deserialize(d)?;
        Game::from_moves(record.start, &record.moves).map_err(D::Error::custom)
    }
}
