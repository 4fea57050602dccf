//! Which records a training set takes. dlshogi's `csa_to_hcpe`, for one, keeps floodgate
//! games that end in a resignation, repetition or declaration, of at least 50 moves,
//! between players rated 3,500 or more; a [`Filter`] states such a choice.

use shogi::{ByColor, Color};

use crate::{Record, Special};

/// The players' ratings that floodgate writes in a record's header (CSA program comments
/// `'black_rate:NAME:3382.0` and `'white_rate:NAME:3613.0`), `None` for a side without one.
///
/// ```
/// use masu_kif::{Mode, csa, training};
///
/// let text = "V2.2\n'black_rate:gpsfish:3382.0\nPI\n+\n+7776FU\n%TORYO\n";
/// let record = csa::read_str(text, Mode::Strict)?.record;
/// let rates = training::ratings(&record);
/// assert_eq!((rates.black, rates.white), (Some(3382.0), None));
/// # Ok::<(), masu_kif::ReadError>(())
/// ```
#[must_use]
pub fn ratings(record: &Record) -> ByColor<Option<f64>> {
    let mut rates = ByColor::<Option<f64>>::default();
    // Where a server wrote them: at the head, as floodgate does, or after a move.
    for line in record.main_line_program_comments() {
        for (prefix, color) in [("black_rate:", Color::Black), ("white_rate:", Color::White)] {
            // The player's name may hold colons of its own: the rating follows the last.
            let rate = line
                .strip_prefix(prefix)
                .and_then(|rest| rest.rsplit_once(':'))
                .and_then(|(_, rate)| rate.trim().parse::<f64>().ok())
                .filter(|rate| rate.is_finite());
            if let Some(rate) = rate {
                rates[color] = Some(rate);
            }
        }
    }
    rates
}

/// Which records to take: all of them by default, each field narrowing the choice.
///
/// ```
/// use masu_kif::training::Filter;
/// use masu_kif::{Mode, Special, csa};
///
/// let text = "V2.2\n'black_rate:a:3600\n'white_rate:b:3400\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n";
/// let record = csa::read_str(text, Mode::Strict)?.record;
/// assert!(Filter::default().takes(&record));
/// let resigned = Filter {
///     endings: Some(vec![Special::Resign, Special::Repetition]),
///     ..Filter::default()
/// };
/// assert!(resigned.takes(&record));
/// assert!(!Filter { min_moves: 50, ..Filter::default() }.takes(&record));
/// assert!(!Filter { min_rating: Some(3500.0), ..Filter::default() }.takes(&record));
/// # Ok::<(), masu_kif::ReadError>(())
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Filter {
    /// The fewest moves the main line may have.
    pub min_moves: usize,
    /// The lowest rating either player may have ([`ratings`]); a record that does not give
    /// both is left out once this is set.
    pub min_rating: Option<f64>,
    /// The specials the main line may end with (a record that ends without one is left
    /// out); `None` takes any end.
    pub endings: Option<Vec<Special>>,
}

impl Filter {
    /// Whether the record is one to take.
    #[must_use]
    pub fn takes(&self, record: &Record) -> bool {
        if record.tree.main_line_len() < self.min_moves {
            return false;
        }
        if let Some(least) = self.min_rating {
            let rates = ratings(record);
            let rated = |rate: Option<f64>| rate.is_some_and(|r| r >= least);
            if !(rated(rates.black) && rated(rates.white)) {
                return false;
            }
        }
        match &self.endings {
            None => true,
            Some(endings) => record.tree[record.main_line_end()]
                .special()
                .is_some_and(|end| endings.contains(end)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Mode, csa};

    fn record(text: &str) -> Record {
        csa::read_str(text, Mode::Lenient).expect("reads").record
    }

    #[test]
    fn ratings_follow_the_last_colon_and_skip_what_is_no_number() {
        let r = record(
            "V2.2\n'black_rate:a:b:c:3382.5\n'white_rate:x:unrated\n'black_rate_note:1\nPI\n+\n",
        );
        let rates = ratings(&r);
        assert_eq!((rates.black, rates.white), (Some(3382.5), None));
    }

    #[test]
    fn endings_are_the_main_lines_end() {
        let resigned = record("V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n");
        let unfinished = record("V2.2\nPI\n+\n+7776FU\n-3334FU\n");
        let repetition = Filter {
            endings: Some(vec![Special::Repetition]),
            ..Filter::default()
        };
        let resignation = Filter {
            endings: Some(vec![Special::Resign]),
            ..Filter::default()
        };
        assert!(!repetition.takes(&resigned) && resignation.takes(&resigned));
        assert!(!resignation.takes(&unfinished) && Filter::default().takes(&unfinished));
        // Two moves: the minimum counts moves, not the special.
        let two = Filter {
            min_moves: 2,
            ..Filter::default()
        };
        assert!(two.takes(&resigned));
        assert!(
            !Filter {
                min_moves: 3,
                ..two
            }
            .takes(&resigned)
        );
    }
}
