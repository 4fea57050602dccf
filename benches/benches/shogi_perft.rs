//! Shogi perft, masu side by side with the crates.io peers shunsai, haitaka, rsshogi (bulk
//! cells: its own `perft`, which counts the last ply from a generated list; make cells: its
//! `LegalAll` generator with `apply_move32` / `undo_move32`) and shogi_legality_lite (the move
//! generator of the shogi_core family). Every run asserts the published node count.
//!
//! Cells: "bulk" counts the last ply per origin without building moves (each library's
//! fastest counting path); "make" plays every move including the leaves.

use std::hint::black_box;
use std::ops::ControlFlow;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use shogi_usi_parser::FromUsi;

struct Case {
    name: &'static str,
    sfen: &'static str,
    depth: u32,
    nodes: u64,
}

const STARTPOS: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
const MATSURI: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";
const MAXMOVES: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

const BULK: [Case; 4] = [
    Case {
        name: "startpos",
        sfen: STARTPOS,
        depth: 4,
        nodes: 719_731,
    },
    Case {
        name: "startpos",
        sfen: STARTPOS,
        depth: 5,
        nodes: 19_861_490,
    },
    Case {
        name: "matsuri",
        sfen: MATSURI,
        depth: 3,
        nodes: 4_809_015,
    },
    Case {
        name: "maxmoves",
        sfen: MAXMOVES,
        depth: 3,
        nodes: 53_393_368,
    },
];

const MAKE: [Case; 3] = [
    Case {
        name: "startpos",
        sfen: STARTPOS,
        depth: 4,
        nodes: 719_731,
    },
    Case {
        name: "startpos",
        sfen: STARTPOS,
        depth: 5,
        nodes: 19_861_490,
    },
    Case {
        name: "maxmoves",
        sfen: MAXMOVES,
        depth: 2,
        nodes: 105_677,
    },
];

mod rsshogi_peer {
    use rsshogi::board::{Move32List, Position, generate_legal_all_move32};

    pub(crate) fn position(sfen: &str) -> Position {
        let mut pos = Position::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e}"));
        pos.init_stack();
        pos
    }

    pub(crate) fn make(pos: &mut Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = Move32List::new();
        generate_legal_all_move32(pos, &mut moves);
        let mut nodes = 0;
        for &m in moves.iter() {
            pos.apply_move32(m);
            nodes += make(pos, depth - 1);
            pos.undo_move32(m).unwrap_or_else(|e| panic!("{e:?}"));
        }
        nodes
    }

    pub(crate) fn bulk(pos: &Position, depth: u32) -> u64 {
        let depth = u8::try_from(depth).unwrap_or(u8::MAX);
        rsshogi::board::perft::perft(pos, depth)
            .unwrap_or_else(|e| panic!("{e}"))
            .nodes
    }
}

mod masu {
    use shogi::Position;

    pub(crate) fn position(sfen: &str) -> Position {
        sfen.parse().unwrap_or_else(|e| panic!("{sfen}: {e}"))
    }

    pub(crate) fn bulk(pos: &Position, depth: u32) -> u64 {
        shogi::perft(pos, depth)
    }

    pub(crate) fn make(pos: &mut Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        let mut moves = shogi::MoveList::new();
        pos.legal_moves_into(&mut moves);
        for &m in &moves {
            let undo = pos.play_unchecked(m);
            nodes += make(pos, depth - 1);
            pos.undo_unchecked(m, undo);
        }
        nodes
    }
}

mod shunsai_peer {
    use super::{ControlFlow, FromUsi};
    use shunsai::Position;

    pub(crate) fn position(sfen: &str) -> Position {
        let partial = shogi_core::PartialPosition::from_usi(&format!("sfen {sfen}"))
            .unwrap_or_else(|e| panic!("{sfen}: {e:?}"));
        Position::new(partial)
    }

    pub(crate) fn bulk(pos: &mut Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if depth == 1 {
            let mut n = 0;
            let _ = pos.generate_moves(|set| {
                n += set.len() as u64;
                ControlFlow::Continue(())
            });
            return n;
        }
        let mut nodes = 0;
        for mv in pos.legal_moves() {
            let undo = pos.do_move(mv);
            nodes += bulk(pos, depth - 1);
            pos.undo_move(mv, undo);
        }
        nodes
    }

    pub(crate) fn make(pos: &mut Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        for mv in pos.legal_moves() {
            let undo = pos.do_move(mv);
            nodes += make(pos, depth - 1);
            pos.undo_move(mv, undo);
        }
        nodes
    }
}

mod haitaka_peer {
    use haitaka::Board;

    pub(crate) fn position(sfen: &str) -> Board {
        Board::from_sfen(sfen).unwrap_or_else(|e| panic!("{sfen}: {e:?}"))
    }

    pub(crate) fn bulk(board: &Board, depth: u32) -> u64 {
        let mut nodes = 0;
        match depth {
            0 => return 1,
            1 => {
                board.generate_moves(|moves| {
                    // `PieceMoves::len` undercounts promotions; the iterator's length is exact.
                    nodes += moves.into_iter().len() as u64;
                    false
                });
            }
            _ => {
                board.generate_moves(|moves| {
                    for mv in moves {
                        let mut next = board.clone();
                        next.play_unchecked(mv);
                        nodes += bulk(&next, depth - 1);
                    }
                    false
                });
            }
        }
        nodes
    }

    pub(crate) fn make(board: &Board, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut nodes = 0;
        board.generate_moves(|moves| {
            for mv in moves {
                let mut next = board.clone();
                next.play_unchecked(mv);
                nodes += make(&next, depth - 1);
            }
            false
        });
        nodes
    }
}

mod lite_peer {
    use shogi_core::PartialPosition;

    pub(crate) fn perft(pos: &PartialPosition, depth: u32) -> u64 {
        let moves = shogi_legality_lite::all_legal_moves_partial(pos);
        if depth <= 1 {
            return if depth == 0 { 1 } else { moves.len() as u64 };
        }
        let mut nodes = 0;
        for mv in moves {
            let mut next = pos.clone();
            if next.make_move(mv).is_some() {
                nodes += perft(&next, depth - 1);
            }
        }
        nodes
    }
}

/// A counting run of one implementation, by name.
type Run<'a> = (&'static str, Box<dyn FnMut() -> u64 + 'a>);

/// One criterion group in which every implementation counts the same tree; each run
/// asserts the published count, so a wrong generator cannot post a time.
fn compare(c: &mut Criterion, title: String, nodes: u64, runs: Vec<Run<'_>>) {
    let mut group = c.benchmark_group(title);
    group.sample_size(10);
    for (name, mut run) in runs {
        group.bench_function(BenchmarkId::from_parameter(name), |b| {
            b.iter(|| assert_eq!(run(), nodes))
        });
    }
    group.finish();
}

fn bench_bulk(c: &mut Criterion) {
    for case in &BULK {
        let depth = case.depth;
        let pos = masu::position(case.sfen);
        let mut sh = shunsai_peer::position(case.sfen);
        let board = haitaka_peer::position(case.sfen);
        let rs = rsshogi_peer::position(case.sfen);
        let runs: Vec<Run<'_>> = vec![
            ("masu", Box::new(|| masu::bulk(black_box(&pos), depth))),
            (
                "shunsai",
                Box::new(|| shunsai_peer::bulk(black_box(&mut sh), depth)),
            ),
            (
                "haitaka",
                Box::new(|| haitaka_peer::bulk(black_box(&board), depth)),
            ),
            (
                "rsshogi",
                Box::new(|| rsshogi_peer::bulk(black_box(&rs), depth)),
            ),
        ];
        let title = format!("perft bulk {} d{}", case.name, depth);
        compare(c, title, case.nodes, runs);
    }
}

fn bench_make(c: &mut Criterion) {
    for case in &MAKE {
        let depth = case.depth;
        let mut pos = masu::position(case.sfen);
        let mut sh = shunsai_peer::position(case.sfen);
        let board = haitaka_peer::position(case.sfen);
        let mut rs = rsshogi_peer::position(case.sfen);
        let runs: Vec<Run<'_>> = vec![
            ("masu", Box::new(|| masu::make(black_box(&mut pos), depth))),
            (
                "shunsai",
                Box::new(|| shunsai_peer::make(black_box(&mut sh), depth)),
            ),
            (
                "haitaka",
                Box::new(|| haitaka_peer::make(black_box(&board), depth)),
            ),
            (
                "rsshogi",
                Box::new(|| rsshogi_peer::make(black_box(&mut rs), depth)),
            ),
        ];
        let title = format!("perft make {} d{}", case.name, depth);
        compare(c, title, case.nodes, runs);
    }
}

/// shogi_legality_lite builds every move through a table-free checker: only a shallow cell.
fn bench_lite(c: &mut Criterion) {
    let pos = masu::position(STARTPOS);
    let partial = shogi_core::PartialPosition::startpos();
    let runs: Vec<Run<'_>> = vec![
        ("masu", Box::new(|| masu::bulk(black_box(&pos), 3))),
        (
            "shogi_legality_lite",
            Box::new(|| lite_peer::perft(black_box(&partial), 3)),
        ),
    ];
    compare(c, "perft startpos d3".to_owned(), 25_470, runs);
}

criterion_group!(benches, bench_bulk, bench_make, bench_lite);
criterion_main!(benches);
