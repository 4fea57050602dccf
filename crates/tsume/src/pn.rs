//! Proof and disproof numbers: saturating arithmetic and the 1+ε threshold rule.

/// A proof or disproof number. `INF` means proven the other way.
pub(crate) type Pn = u32;

/// Infinity: a node with `pn == INF` is disproven, with `dn == INF` proven.
pub(crate) const INF: Pn = u32::MAX;

/// The largest finite value; sums saturate here so that only a solved child makes `INF`.
pub(crate) const MAX_FINITE: Pn = u32::MAX - 1;

/// Sum of proof numbers: `INF` if any term is `INF`, else saturating at [`MAX_FINITE`].
pub(crate) fn add(a: Pn, b: Pn) -> Pn {
    if a == INF || b == INF {
        INF
    } else {
        a.saturating_add(b).min(MAX_FINITE)
    }
}

/// The child threshold of df-pn with the 1+ε trick (Pawlewicz and Lew): search the best
/// child until it is worse than `(1 + ε) ×` the second best rather than just the second
/// best, so that the search does not flip back and forth between two close siblings.
/// `eps_num / eps_den` is ε.
pub(crate) fn epsilon_threshold(second: Pn, eps_num: u32, eps_den: u32) -> Pn {
    if second >= MAX_FINITE {
        // A saturated runner-up sets no limit. Passing its own value on as the limit would
        // stop a best child whose number saturated too at once, again and again: the
        // search looped without progress (橋本587手詰 after 20 M nodes).
        return INF;
    }
    let s = u64::from(second);
    let grown = s + (s * u64::from(eps_num)).div_ceil(u64::from(eps_den)) + 1;
    grown.min(u64::from(MAX_FINITE)) as Pn
}

/// Mate lengths and search horizons in plies; `LEN_INF` is "no horizon" / "no mate ever".
pub(crate) type Len = u16;

/// An unbounded length.
pub(crate) const LEN_INF: Len = u16::MAX;

/// One ply less; `LEN_INF` stays.
pub(crate) fn len_dec(r: Len) -> Len {
    if r == LEN_INF {
        LEN_INF
    } else {
        r.saturating_sub(1)
    }
}

/// One ply more; saturates below `LEN_INF` for finite lengths.
pub(crate) fn len_inc(r: Len) -> Len {
    if r == LEN_INF {
        LEN_INF
    } else {
        r.saturating_add(1).min(LEN_INF - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sums_saturate_and_keep_infinity() {
        assert_eq!(add(1, 2), 3);
        assert_eq!(add(MAX_FINITE, 5), MAX_FINITE);
        assert_eq!(add(INF, 0), INF);
    }

    #[test]
    fn epsilon_grows_threshold() {
        assert_eq!(epsilon_threshold(0, 1, 4), 1);
        assert_eq!(epsilon_threshold(4, 1, 4), 6);
        assert_eq!(epsilon_threshold(INF, 1, 4), INF);
        assert_eq!(epsilon_threshold(MAX_FINITE, 1, 4), INF);
        assert!(epsilon_threshold(100, 1, 4) > 125);
    }

    #[test]
    fn lengths() {
        assert_eq!(len_dec(LEN_INF), LEN_INF);
        assert_eq!(len_dec(0), 0);
        assert_eq!(len_inc(3), 4);
        assert_eq!(len_inc(LEN_INF), LEN_INF);
    }
}
