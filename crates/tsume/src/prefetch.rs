//! A cache prefetch hint for the transposition table: the only module with `unsafe` code.
//!
//! A table of gigabytes misses the caches and the TLB on almost every probe. An expansion
//! makes all its children's keys first, then hints every child's cluster in one short
//! loop, so that the misses overlap before the lookups read them. On the 39-ply problem
//! (exact level, 4 GiB table, same 173.9 M nodes) the hints took 69.4 and 68.0 s of user
//! time against 73.1 and 73.9 s for real loads of one word of each cache line in the same
//! place (paired runs, one after the other); after its first eight plies (2c3d), 5.6–5.9 s
//! against 5.9–6.1 s. Hints issued as each key is made, between the moves' own work, were
//! slower than either (6.1–6.7 s), as were hints issued there on top of the loads
//! (6.7–7.0 s); hinting the children's clusters again before the periodic re-reading of an
//! expanded node's children changed nothing.

/// Starts loading every cache line of `data` into all cache levels: it will be read soon.
/// A hint only: it has no effect on what the program computes.
#[inline(always)]
pub(crate) fn prefetch<T>(data: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let first = std::ptr::from_ref(data).cast::<i8>();
        for offset in (0..size_of::<T>()).step_by(LINE) {
            let line = first.wrapping_add(offset);
            // Safety: PREFETCHT0 belongs to SSE, which every x86-64 CPU has; it is only a
            // hint that reads nothing the program sees and never faults, and the address
            // lies inside `data`.
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(line);
            }
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = data;
}

/// Bytes in a cache line.
#[cfg(target_arch = "x86_64")]
const LINE: usize = 64;
