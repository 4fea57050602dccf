//! Any `info`, `bestmove`, `checkmate`, `option` or `setoption` value writes a line that
//! reads back as the same value; a line read and written again is the line as written the
//! first time.

use masu_shogi::usi::{
    BestMove, Bound, EngineOption, Info, MateAnswer, OptionKind, Score, SetOption, UsiMove,
};
use proptest::prelude::*;

fn usi_move() -> impl Strategy<Value = UsiMove> {
    let square =
        || (1..=9u8, b'a'..=b'i').prop_map(|(file, rank)| format!("{file}{}", rank as char));
    let board = (square(), square(), any::<bool>())
        .prop_map(|(from, to, promote)| format!("{from}{to}{}", if promote { "+" } else { "" }));
    let drop = (
        prop::sample::select(vec!['P', 'L', 'N', 'S', 'G', 'B', 'R']),
        square(),
    )
        .prop_map(|(piece, to)| format!("{piece}*{to}"));
    prop_oneof![board, drop].prop_filter_map("a USI move", |text| text.parse().ok())
}

fn score() -> impl Strategy<Value = Score> {
    prop_oneof![
        any::<i32>().prop_map(Score::Cp),
        (any::<bool>(), proptest::option::of(any::<u32>()))
            .prop_map(|(mating, plies)| Score::Mate { mating, plies }),
    ]
}

prop_compose! {
    fn info()(
        numbers in (
            proptest::option::of(any::<u32>()),
            proptest::option::of(any::<u32>()),
            proptest::option::of(any::<u64>()),
            proptest::option::of(any::<u64>()),
            proptest::option::of(any::<u64>()),
            proptest::option::of(any::<u32>()),
            proptest::option::of(any::<u32>()),
        ),
        score in proptest::option::of(score()),
        bound in proptest::option::of(prop_oneof![Just(Bound::Lower), Just(Bound::Upper)]),
        currmove in proptest::option::of(usi_move()),
        pv in proptest::collection::vec(usi_move(), 0..8),
        // Free text of one line: anything but a line break, blanks at either end included.
        string in proptest::option::of("[^\r\n]{0,24}"),
    ) -> Info {
        let mut info = Info::default();
        (info.depth, info.seldepth, info.time_ms, info.nodes, info.nps, info.hashfull, info.multipv) =
            numbers;
        info.score = score;
        info.bound = bound;
        info.currmove = currmove;
        info.pv = pv;
        info.string = string;
        info
    }
}

/// Words of a name or a choice, with the blanks between them: none of them is a word that
/// ends a name (`type`, `value`) or a choice (`default`, `var`).
fn words() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        ("[^\\s]{1,6}", prop::sample::select(vec![" ", "  ", "\t"])),
        1..4,
    )
    .prop_filter_map("no word that ends a name or a choice", |parts| {
        let keywords = ["type", "value", "default", "var"];
        if parts.iter().any(|(w, _)| keywords.contains(&w.as_str())) {
            return None;
        }
        let mut text: String = parts
            .iter()
            .map(|(w, blank)| format!("{w}{blank}"))
            .collect();
        text.truncate(text.trim_end().len());
        Some(text)
    })
}

/// A text value: one line, anything but the word USI spells the empty text with.
fn text() -> impl Strategy<Value = String> {
    "[^\r\n]{0,12}".prop_filter("not <empty>", |t| t != "<empty>")
}

fn option_kind() -> impl Strategy<Value = OptionKind> {
    let number = || proptest::option::of(any::<i64>());
    prop_oneof![
        proptest::option::of(any::<bool>()).prop_map(|default| OptionKind::Check { default }),
        (number(), number(), number()).prop_map(|(default, min, max)| OptionKind::Spin {
            default,
            min,
            max
        }),
        (
            proptest::option::of(words()),
            proptest::collection::vec(words(), 0..4)
        )
            .prop_map(|(default, vars)| OptionKind::Combo { default, vars }),
        Just(OptionKind::Button),
        proptest::option::of(text()).prop_map(|default| OptionKind::String { default }),
        proptest::option::of(text()).prop_map(|default| OptionKind::Filename { default }),
    ]
}

proptest! {
    #[test]
    fn options_read_back(name in words(), kind in option_kind(), value in proptest::option::of(text())) {
        let option = EngineOption { name: name.clone(), kind };
        let line = option.to_string();
        let back: EngineOption = line.parse().map_err(|e| TestCaseError::fail(format!("{line:?}: {e}")))?;
        prop_assert_eq!(&back, &option, "{}", line);
        prop_assert_eq!(back.to_string(), line);
        // A value of blanks only is no value to `setoption`.
        let value = value.filter(|v| v.is_empty() || !v.trim().is_empty());
        let set = SetOption { name, value };
        let line = set.to_string();
        let back: SetOption = line.parse().map_err(|e| TestCaseError::fail(format!("{line:?}: {e}")))?;
        prop_assert_eq!(&back, &set, "{}", line);
    }

    #[test]
    fn info_lines_read_back(info in info()) {
        let line = info.to_string();
        prop_assert!(!line.contains(['\r', '\n']));
        let back: Info = line.parse().map_err(|e| TestCaseError::fail(format!("{line:?}: {e}")))?;
        prop_assert_eq!(&back, &info, "{}", line);
        prop_assert_eq!(back.to_string(), line);
    }

    #[test]
    fn best_moves_and_mate_answers_read_back(
        mv in usi_move(),
        ponder in proptest::option::of(usi_move()),
        which in 0..3u8,
        line in proptest::collection::vec(usi_move(), 1..12),
        answer in 0..4u8,
    ) {
        let best = match which {
            0 => BestMove::Move { mv, ponder },
            1 => BestMove::Resign,
            _ => BestMove::Win,
        };
        prop_assert_eq!(best.to_string().parse::<BestMove>(), Ok(best));
        let answer = match answer {
            0 => MateAnswer::Mate(line),
            1 => MateAnswer::NoMate,
            2 => MateAnswer::Timeout,
            _ => MateAnswer::NotImplemented,
        };
        prop_assert_eq!(answer.to_string().parse::<MateAnswer>(), Ok(answer));
    }

    /// Reading never panics on text near a real line, and a line that reads writes back to
    /// one that reads the same.
    #[test]
    fn near_lines_read_or_say_where(info in info(), cut in 0..200usize, junk in "[ -~\t]{0,6}") {
        let mut line = info.to_string();
        let at = line.char_indices().map(|(i, _)| i).nth(cut).unwrap_or(line.len());
        line.insert_str(at, &junk);
        match line.parse::<Info>() {
            Ok(read) => prop_assert_eq!(read.to_string().parse::<Info>(), Ok(read)),
            Err(e) => prop_assert!(e.column >= 1 && e.column <= line.chars().count() + 1),
        }
    }
}
