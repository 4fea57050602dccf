//! A deliberately plain reference: walk the eight directions square by square on a 64-cell array.

/// Flips of a disc on `sq` for side `p` against `o`, walking each direction.
pub(crate) fn flips(p: u64, o: u64, sq: usize) -> u64 {
    if (p | o) >> sq & 1 != 0 {
        return 0;
    }
    let mut all = 0;
    for (df, dr) in [
        (1i32, 0i32),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ] {
        let (mut f, mut r) = ((sq % 8) as i32 + df, (sq / 8) as i32 + dr);
        let mut run = 0u64;
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + f);
            if o & bit != 0 {
                run |= bit;
            } else {
                if p & bit != 0 {
                    all |= run;
                }
                break;
            }
            f += df;
            r += dr;
        }
    }
    all
}

/// Legal squares: empty squares with at least one flip.
pub(crate) fn legal_moves(p: u64, o: u64) -> u64 {
    (0..64)
        .filter(|&sq| flips(p, o, sq) != 0)
        .fold(0, |m, sq| m | 1 << sq)
}
