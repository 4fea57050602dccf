//! Run-time CPU-feature dispatch and a cache prefetch hint: the only module with `unsafe` code.
//!
//! The portable x86-64 baseline has no POPCNT, LZCNT or TZCNT instructions and no AVX2, so
//! `count_ones` and `leading_zeros` compile to multi-instruction sequences and the four
//! direction pairs of move generation stay scalar. A copy of the perft kernels compiled for
//! POPCNT, LZCNT, BMI1/2 and AVX2 (the bitboard kernels are `#[inline(always)]` so they are
//! compiled into it) runs perft as fast as a `-C target-cpu=native` build and about 1.5x as
//! fast as the portable one (MEASUREMENTS.md); bench `reversi_perft`, rows "masu-reversi" and
//! "masu-reversi portable kernel".
//!
//! The exact solver's recursive search is compiled the same way (`solve/kernel.rs`); its copy
//! for these features is selected per solve through the [`Avx2`] token. Bench
//! `reversi_solve`, rows "ffo40" and "ffo40 portable", shows the gain.

use crate::perft::PerftMode;
use crate::solve::{Kernel, Search};

mod x86 {
    crate::perft::perft_kernels!(#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]);
}

/// Starts loading the cache lines of `data` (at most two: its first and last byte's), which
/// will be read soon: the exact solver's table probes are cache misses, and a probe's load
/// started while the move ordering still works on the other children overlaps with that work.
/// Same nodes, less time on the large FFO positions (MEASUREMENTS.md, constants).
#[inline(always)]
#[allow(unsafe_code)]
pub(crate) fn prefetch<T>(data: &[T]) {
    use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
    let first = data.as_ptr().cast::<i8>();
    let last = first.wrapping_add(size_of_val(data).saturating_sub(1));
    // Safety: PREFETCHT0 belongs to SSE, which every x86-64 CPU has; it is only a hint that
    // reads nothing the program sees and never faults, and both addresses lie in `data`.
    // Worth 2-6% of the exact solver's time (MEASUREMENTS.md); fuzz target `reversi_solve`
    // runs it.
    unsafe {
        _mm_prefetch::<_MM_HINT_T0>(first);
        _mm_prefetch::<_MM_HINT_T0>(last);
    }
}

/// Whether the CPU has every feature the fast copies are compiled for.
fn usable() -> bool {
    std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("avx2")
}

/// Perft with the POPCNT/LZCNT/BMI1 kernels, or `None` when the CPU lacks one of them.
#[allow(unsafe_code)]
pub(crate) fn perft_x86(p: u64, o: u64, depth: u32, mode: PerftMode) -> Option<u64> {
    // Safety: `x86::run` only requires the five features `usable` checks (worth 1.5x in
    // perft d11, see the module docs); it is otherwise ordinary safe code.
    usable().then(|| unsafe { x86::run(p, o, depth, mode) })
}

/// Proof that the CPU has POPCNT, LZCNT, BMI1, BMI2 and AVX2: the marker of the solver copy
/// compiled for them. Only [`Avx2::detect`] makes one.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Avx2 {
    _checked: (),
}

impl Avx2 {
    /// The token, when the CPU has all five features.
    pub(crate) fn detect() -> Option<Avx2> {
        usable().then_some(Avx2 { _checked: () })
    }
}

impl Kernel for Avx2 {
    #[inline]
    #[allow(unsafe_code)]
    fn search(s: &mut Search<'_, Self>, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        let Avx2 { _checked: () } = s.kernel;
        // Safety: this copy of the search requires exactly the features `Avx2::detect`
        // checked before making the token `s.kernel` just read; it is otherwise ordinary
        // safe code.
        unsafe { s.search(p, o, alpha, beta) }
    }

    #[allow(unsafe_code)]
    fn probe(self, p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> i32 {
        let Avx2 { _checked: () } = self;
        // Safety: as in `search`: `self` is the token `Avx2::detect` made after checking the
        // features this copy requires.
        unsafe { Search::<'_, Self>::probe_value(p, o, depth, alpha, beta) }
    }
}
