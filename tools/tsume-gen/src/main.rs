//! Generates short tsume problems (1 to 15 plies) with large attacker hands and writes
//! them as a problem file (`SFEN<TAB>N<TAB>solution<TAB>name`).
//!
//! ```text
//! cargo run --release -p tsume-gen -- [COUNT] [SEED] [MAX_PLIES] [SECONDS] > problems.tsv
//! ```
//!
//! Each candidate is a random position: the defender's king on its first three ranks, a few
//! pieces of both sides around it and most of the attacker's pieces in hand. masu-tsume
//! finds its shortest mate (exact level, small budget); then an exhaustive search that
//! shares nothing with masu-tsume (full width over `Position::check_moves` and
//! `Position::legal_moves`, depth-limited, memoised by position) checks that length both
//! ways: a mate within N plies exists, and none within N−2. Only candidates the exhaustive
//! search confirms within its budget are written; a disagreement is reported on stderr
//! and the candidate left out. The lengths are spread: at most COUNT / 8 problems of each
//! odd length (the long ones are rarer; after SECONDS, default 600, the problems found so
//! far are written).

use std::collections::HashMap;
use std::io::Write;

use shogi::{Color, Position, Square};
use tsume::{AnswerLevel, Config, Limits, Solver, Verdict, parse_position};

/// Nodes the exhaustive check may spend on one candidate.
const EXHAUSTIVE_NODES: u64 = 1_000_000;
/// Nodes masu-tsume may spend on one candidate.
const SOLVER_NODES: u64 = 200_000;
/// Candidates tried at most per problem written.
const TRIES_PER_PROBLEM: usize = 2_000;

/// SplitMix64: a small, well-mixed generator (reproducible from the seed).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: u32) -> u32 {
        (self.next() % u64::from(n)) as u32
    }
}

/// Pieces of each kind in a set, in SFEN letters and hand order.
const TOTAL: [(char, u32); 7] = [
    ('r', 2),
    ('b', 2),
    ('g', 4),
    ('s', 4),
    ('n', 4),
    ('l', 4),
    ('p', 18),
];

/// A random candidate as an SFEN (Black attacks, White's king on ranks a to c).
fn candidate(rng: &mut Rng) -> String {
    // board[rank][file index from the left of the SFEN, i.e. file 9 first]
    let mut board: [[Option<&'static str>; 9]; 9] = [[None; 9]; 9];
    let mut used = [0u32; 7];
    let kind_index = |c: char| TOTAL.iter().position(|&(k, _)| k == c).unwrap_or(6);
    let (kr, kf) = (rng.below(3) as usize, rng.below(9) as usize);
    board[kr][kf] = Some("k");
    let place = |rng: &mut Rng,
                 board: &mut [[Option<&'static str>; 9]; 9],
                 used: &mut [u32; 7],
                 piece: &'static str,
                 reach: u32| {
        for _ in 0..20 {
            let r = kr as i32 + rng.below(2 * reach + 1) as i32 - reach as i32;
            let f = kf as i32 + rng.below(2 * reach + 1) as i32 - reach as i32;
            if !(0..9).contains(&r) || !(0..9).contains(&f) {
                continue;
            }
            let (r, f) = (r as usize, f as usize);
            if board[r][f].is_none() {
                let base = piece.trim_start_matches('+').chars().next().unwrap_or('p');
                let i = kind_index(base.to_ascii_lowercase());
                if used[i] < TOTAL[i].1 {
                    used[i] += 1;
                    board[r][f] = Some(piece);
                }
                return;
            }
        }
    };
    const ATTACKERS: [&str; 12] = [
        "P", "L", "N", "S", "G", "B", "R", "+P", "+S", "+B", "+R", "G",
    ];
    const DEFENDERS: [&str; 10] = ["p", "l", "n", "s", "g", "b", "r", "+p", "g", "s"];
    for _ in 0..1 + rng.below(3) {
        let piece = ATTACKERS[rng.below(ATTACKERS.len() as u32) as usize];
        place(rng, &mut board, &mut used, piece, 3);
    }
    for _ in 0..rng.below(5) {
        let piece = DEFENDERS[rng.below(DEFENDERS.len() as u32) as usize];
        place(rng, &mut board, &mut used, piece, 2);
    }
    // A large attacker hand: most of what is left of each kind, pawns up to nine.
    let mut attacker = String::new();
    let mut defender = String::new();
    for (i, &(kind, total)) in TOTAL.iter().enumerate() {
        let left = total - used[i];
        let cap = if kind == 'p' { left.min(9) } else { left };
        let mine = if cap == 0 { 0 } else { rng.below(cap + 1) };
        let theirs = left - mine;
        for (text, n, upper) in [(&mut attacker, mine, true), (&mut defender, theirs, false)] {
            if n > 0 {
                if n > 1 {
                    text.push_str(&n.to_string());
                }
                text.push(if upper {
                    kind.to_ascii_uppercase()
                } else {
                    kind
                });
            }
        }
    }
    let rows: Vec<String> = board
        .iter()
        .map(|row| {
            let mut text = String::new();
            let mut empty = 0;
            for cell in row {
                match cell {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            text.push_str(&empty.to_string());
                            empty = 0;
                        }
                        text.push_str(p);
                    }
                }
            }
            if empty > 0 {
                text.push_str(&empty.to_string());
            }
            text
        })
        .collect();
    let hands = format!("{attacker}{defender}");
    let hands = if hands.is_empty() { "-".into() } else { hands };
    format!("{} b {hands} 1", rows.join("/"))
}

/// A position worth solving: legal, the defender's king not already in check.
fn playable(sfen: &str) -> Option<Position> {
    let pos = parse_position(sfen).ok()?;
    let king: Square = pos.king_square(Color::White)?;
    pos.attackers_to(king, Color::Black)
        .is_empty()
        .then_some(pos)
}

/// Full-width "mate within d plies?" searches, memoised by position key: the smallest
/// depth a mate was found within and the largest one none was.
struct Exhaustive {
    memo: HashMap<u64, (u32, u32)>,
    nodes: u64,
}

/// The node budget ran out.
struct OutOfBudget;

impl Exhaustive {
    fn new() -> Exhaustive {
        Exhaustive {
            memo: HashMap::new(),
            nodes: 0,
        }
    }

    fn known(&self, pos: &Position, d: u32) -> Option<bool> {
        let &(mate, none) = self.memo.get(&pos.key())?;
        if mate <= d {
            Some(true)
        } else if none >= d {
            Some(false)
        } else {
            None
        }
    }

    fn remember(&mut self, pos: &Position, d: u32, mate: bool) {
        let entry = self.memo.entry(pos.key()).or_insert((u32::MAX, 0));
        if mate {
            entry.0 = entry.0.min(d);
        } else {
            entry.1 = entry.1.max(d);
        }
    }

    /// The attacker (to move) mates within `d` plies (`d` odd).
    fn attack(&mut self, pos: &Position, d: u32) -> Result<bool, OutOfBudget> {
        if let Some(known) = self.known(pos, d) {
            return Ok(known);
        }
        let mut mate = false;
        for m in pos.check_moves().iter() {
            self.count()?;
            let mut next = pos.clone();
            next.play_unchecked(*m);
            if !next.has_legal_moves() || (d >= 3 && self.defend(&next, d - 1)?) {
                mate = true;
                break;
            }
        }
        self.remember(pos, d, mate);
        Ok(mate)
    }

    /// Every defence (the defender to move, in check) is mated within `d` plies.
    fn defend(&mut self, pos: &Position, d: u32) -> Result<bool, OutOfBudget> {
        if let Some(known) = self.known(pos, d) {
            return Ok(known);
        }
        let mut mate = true;
        for m in pos.legal_moves().iter() {
            self.count()?;
            let mut next = pos.clone();
            next.play_unchecked(*m);
            if !self.attack(&next, d - 1)? {
                mate = false;
                break;
            }
        }
        self.remember(pos, d, mate);
        Ok(mate)
    }

    fn count(&mut self) -> Result<(), OutOfBudget> {
        self.nodes += 1;
        if self.nodes > EXHAUSTIVE_NODES {
            Err(OutOfBudget)
        } else {
            Ok(())
        }
    }
}

/// The exhaustive search confirms a shortest mate of `n` plies: one within `n`, none within
/// `n − 2`. `None` when its budget ran out.
fn confirmed(pos: &Position, n: u32) -> Option<bool> {
    let mut search = Exhaustive::new();
    let shorter = if n >= 3 {
        search.attack(pos, n - 2).ok()?
    } else {
        false
    };
    Some(!shorter && search.attack(pos, n).ok()?)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().collect();
    let count: usize = args.get(1).map_or(Ok(400), |a| a.parse())?;
    let seed: u64 = args.get(2).map_or(Ok(1), |a| a.parse())?;
    let max_plies: u32 = args.get(3).map_or(Ok(15), |a| a.parse())?;
    let seconds: u64 = args.get(4).map_or(Ok(600), |a| a.parse())?;
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(seconds);
    let per_length = count.div_ceil(max_plies.div_ceil(2) as usize);
    let mut rng = Rng(seed);
    let config = Config {
        limits: Limits {
            nodes: Some(SOLVER_NODES),
            time: None,
        },
        table_bytes: 16 << 20,
        answer: AnswerLevel::Exact,
        ..Config::default()
    };
    let mut solver = Solver::try_new(config)?;
    let mut found: Vec<Vec<String>> = vec![Vec::new(); max_plies as usize + 1];
    let mut disagreements = 0;
    let mut out = std::io::stdout().lock();
    let written = |found: &[Vec<String>]| found.iter().map(Vec::len).sum::<usize>();
    for _ in 0..count * TRIES_PER_PROBLEM {
        if written(&found) >= count || std::time::Instant::now() > deadline {
            break;
        }
        let sfen = candidate(&mut rng);
        let Some(pos) = playable(&sfen) else { continue };
        let Ok(Verdict::Mate(mate)) = solver.solve(&pos) else {
            continue;
        };
        let n = mate.length;
        if !mate.exact || n > max_plies || found[n as usize].len() >= per_length {
            continue;
        }
        match confirmed(&pos, n) {
            Some(true) => {
                let line: Vec<String> = mate.line.iter().map(|m| m.to_usi().to_string()).collect();
                let name = format!("gen{seed}-{n}-{}", found[n as usize].len() + 1);
                found[n as usize].push(format!("{sfen}\t{n}\t{}\t{name}", line.join(" ")));
            }
            Some(false) => {
                disagreements += 1;
                eprintln!("disagreement: {sfen} (masu-tsume: {n})");
            }
            None => {}
        }
    }
    writeln!(
        out,
        "# Generated by tools/tsume-gen (seed {seed}): {} problems of 1 to {max_plies} plies, \
         lengths confirmed by an exhaustive search",
        written(&found)
    )?;
    writeln!(out, "# columns: SFEN<TAB>N<TAB>solution (USI)<TAB>name")?;
    for line in found.iter().flatten() {
        writeln!(out, "{line}")?;
    }
    let counts: Vec<String> = (1..=max_plies)
        .step_by(2)
        .map(|n| format!("{n}: {}", found[n as usize].len()))
        .collect();
    eprintln!(
        "{} problems ({}), {disagreements} disagreements",
        written(&found),
        counts.join(", ")
    );
    Ok(())
}
