//! The instruction sets the recursive search is compiled for.
//!
//! The search functions are written once, inside a macro per file (`search_kernels!`,
//! `last_kernels!`, `order_kernels!`), and [`for_each_kernel!`] expands each of them once per
//! instruction set: a portable copy, and on x86-64 a copy compiled for POPCNT, LZCNT, BMI1/2
//! and AVX2 that `crate::dispatch` runs after checking the CPU. Each copy is an inherent `impl`
//! of `Search<'_, K>` for its own marker type `K`, so the two never meet; helpers they share are
//! `#[inline(always)]`, so every copy compiles them for its own instruction set.

use super::search::Search;

/// One compiled copy of the recursive search: the entry the root search calls.
pub(crate) trait Kernel: Copy {
    /// The exact score of `(p, o)` within `(alpha, beta)`, fail-soft.
    fn search(s: &mut Search<'_, Self>, p: u64, o: u64, alpha: i32, beta: i32) -> i32;

    /// The fail-soft value of a `depth`-ply search on the evaluation within `(alpha, beta)`,
    /// for move ordering.
    fn probe(self, p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> i32;
}

/// The copy compiled for the build's target without extra CPU features.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Portable;

impl Kernel for Portable {
    #[inline]
    fn search(s: &mut Search<'_, Self>, p: u64, o: u64, alpha: i32, beta: i32) -> i32 {
        s.search(p, o, alpha, beta)
    }

    fn probe(self, p: u64, o: u64, depth: u32, alpha: i32, beta: i32) -> i32 {
        Search::<'_, Self>::probe_value(p, o, depth, alpha, beta)
    }
}

/// Expands the kernel macro `$m` once per instruction set: `$m!(marker type, attributes)`.
macro_rules! for_each_kernel {
    ($m:ident) => {
        $m!(crate::solve::kernel::Portable);
        #[cfg(target_arch = "x86_64")]
        $m!(
            crate::dispatch::Avx2,
            #[target_feature(enable = "popcnt,lzcnt,bmi1,bmi2,avx2")]
        );
    };
}
pub(crate) use for_each_kernel;
