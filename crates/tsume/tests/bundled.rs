//! The bundled default set solves to its recorded answers, quickly.

#![allow(clippy::unwrap_used, reason = "test helpers panic on failure")]

mod common;

use common::{solver, verify_line};
use masu_tsume::{Verdict, bundled, parse_position};

#[test]
fn bundled_problems_have_their_answers() {
    let mut s = solver(5_000_000);
    for p in bundled::problems() {
        let pos = parse_position(p.sfen, 1).unwrap();
        let v = s.solve(&pos).unwrap();
        match p.length {
            Some(n) => {
                let Verdict::Mate(m) = &v else {
                    panic!("{}: {v:?}", p.name)
                };
                assert!(m.exact, "{}", p.name);
                assert_eq!(m.length, n, "{}", p.name);
                verify_line(&pos, &m.line).unwrap();
            }
            None => assert_eq!(v, Verdict::NoMate, "{}", p.name),
        }
    }
}
