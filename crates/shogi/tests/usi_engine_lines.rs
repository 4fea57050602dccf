//! Any `info`, `bestmove` or `checkmate` value writes a line that reads back as the same
//! value; a line read and written again is the line as written the first time.

use masu_shogi::usi::{BestMove, Bound, Info, MateAnswer, Score, UsiMove};
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

proptest! {
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
