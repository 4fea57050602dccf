//! Zeroed memory for the transposition table, on transparent huge pages where Linux
//! offers them.
//!
//! Every probe of the table lands on a random cluster of a table of gigabytes; with
//! 4 KiB pages nearly every one of them also misses the TLB. On Linux the table is an
//! anonymous memory map advised `MADV_HUGEPAGE`, so that the kernel backs it with 2 MiB
//! pages when transparent huge pages are enabled (`always` or `madvise`, the usual
//! defaults). Elsewhere it is an ordinary vector.

use std::marker::PhantomData;

/// `len` values of `T` whose bits start as zeros.
#[derive(Debug)]
pub(crate) struct Zeroed<T> {
    #[cfg(target_os = "linux")]
    map: memmap2::MmapMut,
    #[cfg(not(target_os = "linux"))]
    vec: Vec<T>,
    kind: PhantomData<T>,
}

impl<T: bytemuck::Pod> Zeroed<T> {
    /// `len` zeroed values (at least one).
    ///
    /// # Panics
    ///
    /// If the system has no memory to map (as a vector's allocation would abort).
    #[cfg(target_os = "linux")]
    pub(crate) fn new(len: usize) -> Zeroed<T> {
        let bytes = len.max(1) * std::mem::size_of::<T>();
        let map = memmap2::MmapOptions::new()
            .len(bytes)
            .map_anon()
            .unwrap_or_else(|e| panic!("cannot map {bytes} bytes for the table: {e}"));
        // Only advice: with transparent huge pages disabled the table works the same.
        let _ = map.advise(memmap2::Advice::HugePage);
        Zeroed {
            map,
            kind: PhantomData,
        }
    }

    /// `len` zeroed values (at least one).
    #[cfg(not(target_os = "linux"))]
    pub(crate) fn new(len: usize) -> Zeroed<T> {
        Zeroed {
            vec: vec![T::zeroed(); len.max(1)],
            kind: PhantomData,
        }
    }

    /// The values.
    pub(crate) fn get(&self) -> &[T] {
        #[cfg(target_os = "linux")]
        return bytemuck::cast_slice(&self.map);
        #[cfg(not(target_os = "linux"))]
        return &self.vec;
    }

    /// The values, to change.
    pub(crate) fn get_mut(&mut self) -> &mut [T] {
        #[cfg(target_os = "linux")]
        return bytemuck::cast_slice_mut(&mut self.map);
        #[cfg(not(target_os = "linux"))]
        return &mut self.vec;
    }
}

#[cfg(test)]
mod tests {
    use super::Zeroed;

    #[test]
    fn starts_zeroed_and_keeps_writes() {
        let mut m: Zeroed<[u64; 4]> = Zeroed::new(1000);
        assert_eq!(m.get().len(), 1000);
        assert!(m.get().iter().all(|v| *v == [0; 4]));
        m.get_mut()[999] = [1, 2, 3, 4];
        assert_eq!(m.get()[999], [1, 2, 3, 4]);
        assert_eq!(Zeroed::<u64>::new(0).get().len(), 1);
    }
}
