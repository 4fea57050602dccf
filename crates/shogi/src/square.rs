//! Squares of the 9x9 board.

use std::fmt;
use std::str::FromStr;

/// One of the 81 squares, named as in USI: file `1`-`9` then rank `a`-`i` (`7g`).
///
/// Squares are numbered file-major: `index = (file - 1) * 9 + (rank - 1)`, so `1a` is 0,
/// `1i` is 8 and `9i` is 80. Each file is thus nine consecutive bits of a [`Bitboard`].
///
/// `Debug` writes the same name as `Display` (`5e`).
///
/// [`Bitboard`]: crate::Bitboard
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

/// The text was not a USI square name such as `7g`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid square: expected a file 1-9 and a rank a-i, such as 7g")]
pub struct ParseSquareError;

macro_rules! square_consts {
    ($($name:ident = $idx:expr),* $(,)?) => {
        impl Square {
            $(
                #[doc = concat!("The square `", stringify!($name), "`.")]
                pub const $name: Square = Square($idx);
            )*
        }
    };
}

square_consts! {
    SQ_1A = 0, SQ_1B = 1, SQ_1C = 2, SQ_1D = 3, SQ_1E = 4, SQ_1F = 5, SQ_1G = 6, SQ_1H = 7, SQ_1I = 8,
    SQ_2A = 9, SQ_2B = 10, SQ_2C = 11, SQ_2D = 12, SQ_2E = 13, SQ_2F = 14, SQ_2G = 15, SQ_2H = 16, SQ_2I = 17,
    SQ_3A = 18, SQ_3B = 19, SQ_3C = 20, SQ_3D = 21, SQ_3E = 22, SQ_3F = 23, SQ_3G = 24, SQ_3H = 25, SQ_3I = 26,
    SQ_4A = 27, SQ_4B = 28, SQ_4C = 29, SQ_4D = 30, SQ_4E = 31, SQ_4F = 32, SQ_4G = 33, SQ_4H = 34, SQ_4I = 35,
    SQ_5A = 36, SQ_5B = 37, SQ_5C = 38, SQ_5D = 39, SQ_5E = 40, SQ_5F = 41, SQ_5G = 42, SQ_5H = 43, SQ_5I = 44,
    SQ_6A = 45, SQ_6B = 46, SQ_6C = 47, SQ_6D = 48, SQ_6E = 49, SQ_6F = 50, SQ_6G = 51, SQ_6H = 52, SQ_6I = 53,
    SQ_7A = 54, SQ_7B = 55, SQ_7C = 56, SQ_7D = 57, SQ_7E = 58, SQ_7F = 59, SQ_7G = 60, SQ_7H = 61, SQ_7I = 62,
    SQ_8A = 63, SQ_8B = 64, SQ_8C = 65, SQ_8D = 66, SQ_8E = 67, SQ_8F = 68, SQ_8G = 69, SQ_8H = 70, SQ_8I = 71,
    SQ_9A = 72, SQ_9B = 73, SQ_9C = 74, SQ_9D = 75, SQ_9E = 76, SQ_9F = 77, SQ_9G = 78, SQ_9H = 79, SQ_9I = 80,
}

const FULLWIDTH_DIGITS: [char; 9] = ['１', '２', '３', '４', '５', '６', '７', '８', '９'];
const KANJI_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

impl Square {
    /// All 81 squares in index order (`1a`, `1b`, ..., `9i`).
    pub const ALL: [Square; 81] = {
        let mut all = [Square(0); 81];
        let mut i = 0;
        while i < 81 {
            all[i] = Square(i as u8);
            i += 1;
        }
        all
    };

    /// The square on `file` (1-9, right to left from Black) and `rank` (1-9, top to bottom).
    #[must_use]
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file >= 1 && file <= 9 && rank >= 1 && rank <= 9 {
            Some(Square((file - 1) * 9 + (rank - 1)))
        } else {
            None
        }
    }

    /// The square with this index (0..81), file-major.
    #[must_use]
    pub const fn from_index(index: u8) -> Option<Square> {
        if index < 81 {
            Some(Square(index))
        } else {
            None
        }
    }

    /// The square with this index; the caller guarantees `index < 81`.
    pub(crate) const fn from_index_unchecked(index: u8) -> Square {
        debug_assert!(index < 81);
        Square(index)
    }

    /// The index, 0..81: `(file - 1) * 9 + (rank - 1)`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 1-9.
    #[must_use]
    pub const fn file(self) -> u8 {
        self.0 / 9 + 1
    }

    /// The rank, 1-9.
    #[must_use]
    pub const fn rank(self) -> u8 {
        self.0 % 9 + 1
    }

    /// The square seen from the other side of the board (`7g` becomes `3c`).
    #[must_use]
    pub const fn flip(self) -> Square {
        Square(80 - self.0)
    }

    /// Parses a USI square name (`7g`) from bytes.
    ///
    /// # Errors
    ///
    /// [`ParseSquareError`] unless the input is exactly a digit `1`-`9` and a letter `a`-`i`.
    pub fn from_ascii(s: &[u8]) -> Result<Square, ParseSquareError> {
        match s {
            [f @ b'1'..=b'9', r @ b'a'..=b'i'] => {
                Square::new(f - b'0', r - b'a' + 1).ok_or(ParseSquareError)
            }
            _ => Err(ParseSquareError),
        }
    }
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        Square::from_ascii(s.as_bytes())
    }
}

impl fmt::Display for Square {
    /// `7g`, or with `{:#}` the Japanese form `７七`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (file, rank) = (usize::from(self.file() - 1), usize::from(self.rank() - 1));
        if f.alternate() {
            write!(f, "{}{}", FULLWIDTH_DIGITS[file], KANJI_NUMERALS[rank])
        } else {
            write!(f, "{}{}", file + 1, char::from(b'a' + self.rank() - 1))
        }
    }
}

impl fmt::Debug for Square {
    /// The USI name, `5e`, as in `Display`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_is_file_major() {
        assert_eq!(Square::SQ_7G.index(), 6 * 9 + 6);
        assert_eq!(Square::new(7, 7), Some(Square::SQ_7G));
        assert_eq!(Square::ALL[80], Square::SQ_9I);
        assert_eq!(Square::from_index(81), None);
    }

    #[test]
    fn names_round_trip() {
        for sq in Square::ALL {
            assert_eq!(sq.to_string().parse::<Square>(), Ok(sq));
        }
        assert_eq!(format!("{:#}", Square::SQ_7G), "７七");
        assert_eq!(Square::SQ_7G.flip(), Square::SQ_3C);
        assert!("0a".parse::<Square>().is_err());
        assert!("7j".parse::<Square>().is_err());
        assert!("7g ".parse::<Square>().is_err());
        assert_eq!(format!("{:?}", Square::SQ_5E), "5e");
    }
}
