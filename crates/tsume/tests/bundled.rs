//! The bundled default set solves to its recorded answers, quickly.

#![allow(clippy::unwrap_used, reason = "test helpers panic on failure")]

mod common;

use common::{solver, verify_line};
use masu_tsume::{Expected, Verdict, bundled, parse_position};

#[test]
fn bundled_problems_have_their_answers() {
    let mut s = solver(5_000_000);
    for p in bundled::problems() {
        let pos = parse_position(p.sfen).unwrap();
        let v = s.solve(&pos).unwrap();
        assert!(p.expected.is_answered_by(&v), "{}: {v:?}", p.name);
        match p.expected {
            Expected::Mate(n) => {
                let Verdict::Mate(m) = &v else {
                    panic!("{}: {v:?}", p.name)
                };
                assert!(m.exact, "{}", p.name);
                assert_eq!(m.length, n, "{}", p.name);
                verify_line(&pos, &m.line).unwrap();
            }
            Expected::NoMate => assert_eq!(v, Verdict::NoMate, "{}", p.name),
            Expected::Unknown => panic!("{}: every bundled problem has its answer", p.name),
        }
    }
}
