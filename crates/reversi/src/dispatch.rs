//! Run-time CPU-feature dispatch: the only module with `unsafe` code.
//!
//! The portable x86-64 baseline has no POPCNT, LZCNT or TZCNT instructions and no AVX2, so
//! `count_ones` and `leading_zeros` compile to multi-instruction sequences and the four
//! direction pairs of move generation stay scalar. A copy of the perft kernels compiled for
//! POPCNT, LZCNT, BMI1/2 and AVX2 (the bitboard kernels are `#[inline(always)]` so they are
//! compiled into it) runs perft d11 in 0.32 s of CPU instead of 0.48 s on the development
//! machine, as fast as a `-C target-cpu=native` build (0.30 s); bench `reversi_perft`, rows
//! "masu-reversi" and "masu-reversi portable kernel". A native build of the exact solver is
//! under 10% faster than the portable one, so the solver is not dispatched.

use crate::perft::PerftMode;

mod x86 {
    crate::perft::perft_kernels!(#[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]);
}

/// Perft with the POPCNT/LZCNT/BMI1 kernels, or `None` when the CPU lacks one of them.
#[allow(unsafe_code)]
pub(crate) fn perft_x86(p: u64, o: u64, depth: u32, mode: PerftMode) -> Option<u64> {
    let usable = std::is_x86_feature_detected!("popcnt")
        && std::is_x86_feature_detected!("lzcnt")
        && std::is_x86_feature_detected!("bmi1")
        && std::is_x86_feature_detected!("bmi2")
        && std::is_x86_feature_detected!("avx2");
    // Safety: `x86::run` only requires the five features checked just above (worth 1.5x in
    // perft d11, see the module docs); it is otherwise ordinary safe code.
    usable.then(|| unsafe { x86::run(p, o, depth, mode) })
}
