//! `まで` trailer lines: `まで{N}手で{W}の勝ち`, `まで{N}手で中断`, `まで{N}手詰`, ...

use shogi::Color;

use crate::record::Special;

/// What a trailer says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Ending {
    /// The number of moves played.
    pub(crate) moves: u32,
    /// The special it implies: a known wording's, or [`Special::Other`] with the words
    /// after `手で` that no rule knows (the writers put such a special's word there).
    pub(crate) special: Option<Special>,
    /// The winner it names (`後手の勝ち`; `先手の反則負け`: the other side).
    pub(crate) winner: Option<Named>,
}

/// The side a trailer names as the winner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Named {
    /// By 下手 (Black) or 上手 (White), whoever moved first.
    Side(Color),
    /// By 先手 (Black) or 後手 (White). Writers differ on these where White moves first (a
    /// handicap game: cshogi names the first mover, 上手, 先手), so they name a side only
    /// where Black moves first.
    Turn(Color),
}

impl Named {
    /// The other side, named by the same kind of word.
    fn opposite(self) -> Named {
        match self {
            Named::Side(side) => Named::Side(side.opposite()),
            Named::Turn(side) => Named::Turn(side.opposite()),
        }
    }
}

impl Ending {
    /// Whether a KI2 reader ends the line at this trailer, `mover` to move in a game where
    /// `start` moves first: it names an ending, and the winner it names, if any, is that
    /// ending's.
    pub(crate) fn ends_line(&self, mover: Color, start: Color) -> bool {
        self.special
            .as_ref()
            .is_some_and(|special| self.winner_mismatch(special, mover, start).is_none())
    }

    /// Why the winner named here is not the one of `special` at a ply where `mover` is to
    /// move, in a game where `start` moves first; `None` when they agree, or when either
    /// names none.
    pub(crate) fn winner_mismatch(
        &self,
        special: &Special,
        mover: Color,
        start: Color,
    ) -> Option<String> {
        let named = match self.winner? {
            Named::Side(side) => side,
            Named::Turn(side) if start == Color::Black => side,
            Named::Turn(_) => return None,
        };
        let mover_wins = special.mover_wins()?;
        let winner = if mover_wins { mover } else { mover.opposite() };
        (winner != named).then(|| {
            format!("the trailer names {named:#} the winner, the moves end with {winner:#} winning")
        })
    }
}

/// Reads a trailer; `None` if it is not `まで` + a move count.
pub(crate) fn parse(line: &str) -> Option<Ending> {
    let rest = line.trim_start().strip_prefix("まで")?;
    let rest = rest.trim_start_matches(['、', ',', ' ', '\u{3000}']);
    let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
    let moves = rest[..digits].parse().ok()?;
    let rest = rest[digits..].strip_prefix('手')?;
    let rest = rest.trim_end_matches([' ', '\u{3000}', '\t']);
    let (special, winner) = if rest == "詰" || rest == "詰み" {
        (Some(Special::Mate), None)
    } else {
        match rest.strip_prefix('で').filter(|words| !words.is_empty()) {
            None => (None, None),
            Some(words) => match quoted(words) {
                Some(word) => (Some(Special::Other(word.to_owned())), None),
                None => match wording(words) {
                    Some((special, winner)) => (Some(special), winner),
                    None => (Some(Special::Other(words.to_owned())), None),
                },
            },
        }
    };
    Some(Ending {
        moves,
        special,
        winner,
    })
}

/// The word inside `「…」`, which the writer puts around a word of an unknown ending that
/// would not read back as itself bare.
fn quoted(words: &str) -> Option<&str> {
    words.strip_prefix('「')?.strip_suffix('」')
}

/// The special a trailer's words after `手で` name, and the winner they name: a KIF
/// special's word (`中断`, `待った`, ...; no winner) or a result with its side
/// (`先手の勝ち`).
fn wording(s: &str) -> Option<(Special, Option<Named>)> {
    if let Some(special) = Special::from_kif(s) {
        return Some((special, None));
    }
    let (by_time, s) = match s.strip_prefix("時間切れにより") {
        Some(rest) => (true, rest),
        None => (false, s),
    };
    let (named, outcome) = [
        ("先手", Named::Turn(Color::Black)),
        ("後手", Named::Turn(Color::White)),
        ("下手", Named::Side(Color::Black)),
        ("上手", Named::Side(Color::White)),
    ]
    .iter()
    .find_map(|&(w, named)| Some((named, s.strip_prefix(w)?)))?;
    let outcome = outcome.strip_prefix('の')?;
    // The side named wins, except where the words say it loses.
    let (special, named_wins) = match (outcome, by_time) {
        ("勝ち", true) => (Special::TimeUp, true),
        ("勝ち", false) => (Special::Resign, true),
        ("反則勝ち", _) => (Special::IllegalWin, true),
        ("反則負け", _) => (Special::IllegalLoss, false),
        ("入玉勝ち", _) => (Special::Declaration, true),
        ("不戦勝", _) => (Special::DefaultWin, true),
        ("不戦敗", _) => (Special::DefaultLoss, false),
        _ => return None,
    };
    let winner = if named_wins { named } else { named.opposite() };
    Some((special, Some(winner)))
}

/// The trailer Kifu for Windows writes after a line of `moves` real moves ending in
/// `special`, with `mover` the side to move at the special; `handicap` picks 下手/上手.
pub(crate) fn write(moves: u32, special: &Special, mover: Color, handicap: bool) -> String {
    let name = |c: Color| match (c, handicap) {
        (Color::Black, false) => "先手",
        (Color::White, false) => "後手",
        (Color::Black, true) => "下手",
        (Color::White, true) => "上手",
    };
    let tail = match special {
        Special::Resign => format!("{}の勝ち", name(mover.opposite())),
        Special::TimeUp => format!("時間切れにより{}の勝ち", name(mover.opposite())),
        Special::IllegalWin => format!("{}の反則勝ち", name(mover)),
        Special::IllegalLoss => format!("{}の反則負け", name(mover)),
        Special::Declaration => format!("{}の入玉勝ち", name(mover)),
        Special::DefaultWin => format!("{}の不戦勝", name(mover)),
        Special::DefaultLoss => format!("{}の不戦敗", name(mover)),
        Special::Mate => return format!("まで{moves}手で詰み"),
        Special::Other(word) => unknown_ending(word),
        known => known.kif_word().to_owned(),
    };
    format!("まで{moves}手で{tail}")
}

/// The word of an ending no rule knows as a trailer holds it: bare when it reads back as
/// itself, else in `「…」` (an empty word, one with blanks at an end, one that reads as a
/// known ending, or one in brackets itself). Line breaks cannot be held on a line: they are
/// written as spaces, as the KIF writer does.
fn unknown_ending(word: &str) -> String {
    let word = word.replace(['\r', '\n'], " ");
    let reads_back = !word.is_empty()
        && word.trim_matches([' ', '\u{3000}', '\t']) == word
        && wording(&word).is_none()
        && quoted(&word).is_none();
    if reads_back {
        word
    } else {
        format!("「{word}」")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wordings() {
        let e = |s: &str| parse(s).and_then(|e| e.special);
        assert_eq!(e("まで172手で後手の勝ち"), Some(Special::Resign));
        assert_eq!(
            e("まで3手で時間切れにより先手の勝ち"),
            Some(Special::TimeUp)
        );
        assert_eq!(e("まで3手で後手の反則勝ち"), Some(Special::IllegalWin));
        assert_eq!(e("まで2手で先手の反則負け"), Some(Special::IllegalLoss));
        assert_eq!(e("まで61手詰"), Some(Special::Mate));
        assert_eq!(e("まで3手で詰"), Some(Special::Mate));
        assert_eq!(e("まで52手で封じ手"), Some(Special::SealedMove));
        assert_eq!(e("まで、3手で中断"), Some(Special::Interrupt));
        assert_eq!(e("まで3手で何か"), Some(Special::Other("何か".into())));
        assert_eq!(e("まで3手で"), None);
        assert_eq!(e("まで3手"), None);
        assert_eq!(parse("まで3手で何か").map(|e| e.moves), Some(3));
        assert_eq!(parse("までに"), None);
    }

    #[test]
    fn writing_reads_back() {
        for special in [
            Special::Resign,
            Special::TimeUp,
            Special::IllegalWin,
            Special::IllegalLoss,
            Special::Declaration,
            Special::Interrupt,
            Special::Repetition,
            Special::Impasse,
            Special::Mate,
            Special::NoMate,
            Special::SealedMove,
            Special::MaxMoves,
            Special::DefaultWin,
            Special::DefaultLoss,
            Special::Draw,
            Special::Try,
            Special::TakeBack,
            Special::Error,
            Special::Other("封印".into()),
            Special::Other(String::new()),
            Special::Other(" 空白 ".into()),
            Special::Other("先手の勝ち".into()),
            Special::Other("中断".into()),
            Special::Other("詰".into()),
            Special::Other("「括弧」".into()),
            Special::Other("「開き".into()),
        ] {
            for handicap in [false, true] {
                let line = write(7, &special, Color::White, handicap);
                let e = parse(&line);
                assert_eq!(e.as_ref().map(|e| e.moves), Some(7), "{line}");
                assert_eq!(e.and_then(|e| e.special), Some(special.clone()), "{line}");
            }
        }
        assert_eq!(
            write(3, &Special::Resign, Color::White, false),
            "まで3手で先手の勝ち"
        );
        assert_eq!(
            write(3, &Special::Other("中断".into()), Color::White, false),
            "まで3手で「中断」"
        );
        // A line break cannot be held on the trailer's line: it becomes a space.
        let line = write(3, &Special::Other("二\n行".into()), Color::White, false);
        assert_eq!(line, "まで3手で二 行");
        assert_eq!(
            parse(&line).and_then(|e| e.special),
            Some(Special::Other("二 行".into()))
        );
    }
}
