//! Move generation and flips on raw bitboards: `p` holds the discs of the side to move, `o` the
//! opponent's, bit `i` is square index `i` (`a1` = 0, `h8` = 63).
//!
//! Both functions are branch-free. Move generation runs four direction pairs of a
//! parallel-prefix fill (run lengths 1, 2, 4, 6 in four steps). Flips use one precomputed ray
//! mask per square and direction: on rays towards higher bits the first non-opponent square is the
//! lowest set bit of `!o & ray`, on rays towards lower bits it is the highest set bit (a
//! leading-zero count); the discs between the square and that bit flip when it is ours.

/// Every square but the a and h files: horizontal and diagonal fills must not wrap.
const INNER_FILES: u64 = 0x7e7e_7e7e_7e7e_7e7e;

/// The squares where the side to move may play.
#[must_use]
#[inline(always)]
pub fn legal_moves(p: u64, o: u64) -> u64 {
    let oh = o & INNER_FILES;
    let moves =
        fill_pair(p, oh, 1) | fill_pair(p, o, 8) | fill_pair(p, oh, 7) | fill_pair(p, oh, 9);
    moves & !(p | o)
}

/// The squares reached from `p` over a run of `m` discs, in direction `+d` and `-d`.
#[inline(always)]
fn fill_pair(p: u64, m: u64, d: u32) -> u64 {
    let mut up = m & (p << d);
    let mut down = m & (p >> d);
    up |= m & (up << d);
    down |= m & (down >> d);
    // Pairs of adjacent run squares let the next two steps extend a run by two at a time.
    let pair_up = m & (m << d);
    let pair_down = m & (m >> d);
    let d2 = 2 * d;
    up |= pair_up & (up << d2);
    down |= pair_down & (down >> d2);
    up |= pair_up & (up << d2);
    down |= pair_down & (down >> d2);
    (up << d) | (down >> d)
}

/// Ray masks per square: the first four rays run towards higher bits (east, north, north-west,
/// north-east), the last four towards lower bits (west, south, south-east, south-west).
static RAYS: [[u64; 8]; 64] = build_rays();

const DIRECTIONS: [(i8, i8); 8] = [
    (1, 0),
    (0, 1),
    (-1, 1),
    (1, 1),
    (-1, 0),
    (0, -1),
    (1, -1),
    (-1, -1),
];

const fn build_rays() -> [[u64; 8]; 64] {
    let mut rays = [[0; 8]; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let mut f = (sq % 8) as i8 + df;
            let mut r = (sq / 8) as i8 + dr;
            let mut mask = 0u64;
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                mask |= 1 << (r * 8 + f);
                f += df;
                r += dr;
            }
            rays[sq][d] = mask;
            d += 1;
        }
        sq += 1;
    }
    rays
}

/// The opponent discs that a disc on square `sq` (0..64) would flip; 0 if the move is illegal.
/// The square itself must be empty for the result to mean anything.
#[must_use]
#[inline(always)]
pub fn flips(p: u64, o: u64, sq: u8) -> u64 {
    let rays = &RAYS[usize::from(sq & 63)];
    let mut flipped = 0;
    for &ray in &rays[..4] {
        let blockers = !o & ray;
        let outflank = blockers & blockers.wrapping_neg() & p;
        // outflank - 1 covers everything below the outflanking disc; nothing when there is none.
        flipped |= outflank.wrapping_sub(u64::from(outflank != 0)) & ray;
    }
    for &ray in &rays[4..] {
        // `| 1` keeps the shift in range; a spurious bit 0 is removed by `& ray` (or is an
        // opponent disc when bit 0 lies on the ray and every ray square is the opponent's).
        let blockers = (!o & ray) | 1;
        let outflank = (1u64 << 63) >> blockers.leading_zeros() & p & ray;
        flipped |= outflank.wrapping_neg() << 1 & ray;
    }
    flipped
}

/// The number of discs a move on `sq` flips.
#[must_use]
#[inline]
pub fn count_flips(p: u64, o: u64, sq: u8) -> u32 {
    flips(p, o, sq).count_ones()
}

/// How many empty squares touch `discs`: the frontier an evaluation penalises and the
/// potential mobility the solver orders moves by. Discs on the a and h files count only
/// their vertical neighbours (the usual potential-mobility approximation: an edge disc is
/// rarely a way in), which also keeps the sideways shifts from wrapping between files.
#[must_use]
#[inline(always)]
pub fn adjacent_empties(discs: u64, empty: u64) -> u32 {
    let h = discs & 0x7e7e_7e7e_7e7e_7e7e;
    let around = (h << 1)
        | (h >> 1)
        | (discs << 8)
        | (discs >> 8)
        | (h << 7)
        | (h >> 7)
        | (h << 9)
        | (h >> 9);
    (around & empty).count_ones()
}

/// Iterator over the set bits of a mask as square indices, lowest first.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Bits(pub(crate) u64);

impl Iterator for Bits {
    type Item = u8;

    #[inline(always)]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let sq = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bits {}

/// A fixed stream of `n` pseudo-random bitboards (the crate's [`Rng`](crate::rng::Rng)),
/// for tests over many boards.
#[cfg(test)]
pub(crate) fn test_bitboards(n: usize) -> impl Iterator<Item = u64> {
    let mut rng = crate::rng::Rng::new(0x2545_f491_4f6c_dd1d);
    std::iter::repeat_with(move || rng.next_u64()).take(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacent_empties_count_neighbours_without_wrapping() {
        let square = |name: &str| 1u64 << name.parse::<crate::Square>().unwrap().index();
        let all_empty = |discs: u64| !discs;
        assert_eq!(adjacent_empties(square("d4"), all_empty(square("d4"))), 8);
        assert_eq!(adjacent_empties(square("b2"), all_empty(square("b2"))), 8);
        // Edge-file discs count only their vertical neighbours, and never wrap to the
        // other edge (h4's sideways shift would land on a5).
        assert_eq!(adjacent_empties(square("a1"), all_empty(square("a1"))), 1);
        assert_eq!(adjacent_empties(square("h4"), all_empty(square("h4"))), 2);
        assert_eq!(adjacent_empties(square("d1"), all_empty(square("d1"))), 5);
        // Two touching discs share neighbours; each empty square counts once.
        let pair = square("d4") | square("e4");
        assert_eq!(adjacent_empties(pair, !pair), 10);
    }

    const START_P: u64 = (1 << 35) | (1 << 28);
    const START_O: u64 = (1 << 27) | (1 << 36);

    #[test]
    fn start_moves_are_d3_c4_f5_e6() {
        let expected = (1 << 19) | (1 << 26) | (1 << 37) | (1 << 44);
        assert_eq!(legal_moves(START_P, START_O), expected);
    }

    #[test]
    fn f5_flips_e5() {
        assert_eq!(flips(START_P, START_O, 37), 1 << 36);
        assert_eq!(flips(START_P, START_O, 0), 0);
    }

    // A run that reaches the board edge without our disc must not flip (the `| 1` trick).
    #[test]
    fn run_to_edge_does_not_flip() {
        let o = (1 << 1) | (1 << 2); // b1 c1
        assert_eq!(flips(0, o, 3), 0);
        assert_eq!(flips(1, o, 3), o);
    }
}
