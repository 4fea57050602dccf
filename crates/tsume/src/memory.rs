//! Zeroed memory for the transposition table, on transparent huge pages where Linux
//! offers them, and the check that a size can be had at all.
//!
//! Every probe of the table lands on a random cluster of a table of gigabytes; with
//! 4 KiB pages nearly every one of them also misses the TLB. On Linux the table is an
//! anonymous memory map, and the part of it that the table fills densely is advised
//! `MADV_HUGEPAGE` ([`Zeroed::prefer_huge_pages`]), so that the kernel backs it with
//! 2 MiB pages when transparent huge pages are enabled (`always` or `madvise`, the usual
//! defaults). The rest stays on 4 KiB pages: a few entries scattered over 2 MiB pages
//! would have the kernel zero 2 MiB for each. Elsewhere the table is an ordinary vector,
//! reserved fallibly.

use std::marker::PhantomData;

use crate::error::TableError;

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
    /// # Errors
    ///
    /// [`TableError::MoreThanMemory`] when the size is above the machine's physical
    /// memory (checked before anything is mapped), [`TableError::BeyondAddressSpace`]
    /// when it cannot even be counted in bytes, [`TableError::Unavailable`] when the
    /// system refuses the memory.
    pub(crate) fn try_new(len: usize) -> Result<Zeroed<T>, TableError> {
        Zeroed::allocate(check_size::<T>(len)?)
    }

    #[cfg(target_os = "linux")]
    fn allocate(bytes: usize) -> Result<Zeroed<T>, TableError> {
        let map = memmap2::MmapOptions::new()
            .len(bytes)
            .map_anon()
            .map_err(|error| TableError::Unavailable {
                bytes: bytes as u64,
                error,
            })?;
        Ok(Zeroed {
            map,
            kind: PhantomData,
        })
    }

    #[cfg(not(target_os = "linux"))]
    fn allocate(bytes: usize) -> Result<Zeroed<T>, TableError> {
        let len = bytes / std::mem::size_of::<T>();
        let mut vec = Vec::new();
        vec.try_reserve_exact(len)
            .map_err(|e| TableError::Unavailable {
                bytes: bytes as u64,
                error: std::io::Error::new(std::io::ErrorKind::OutOfMemory, e),
            })?;
        vec.resize(len, T::zeroed());
        Ok(Zeroed {
            vec,
            kind: PhantomData,
        })
    }

    /// Asks for transparent huge pages under the first `len` values (at most all of
    /// them). Only advice: with huge pages disabled, or off Linux, nothing changes.
    pub(crate) fn prefer_huge_pages(&self, len: usize) {
        #[cfg(target_os = "linux")]
        {
            let bytes = (len * std::mem::size_of::<T>()).min(self.map.len());
            let _ = self.map.advise_range(memmap2::Advice::HugePage, 0, bytes);
        }
        #[cfg(not(target_os = "linux"))]
        let _ = len;
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

/// The bytes of `len` values of `T` (at least one), or the error [`Zeroed::try_new`]
/// returns for that size without allocating: beyond the address space, or above the
/// machine's physical memory.
pub(crate) fn check_size<T>(len: usize) -> Result<usize, TableError> {
    let bytes = checked_bytes::<T>(len)?;
    if let Some(physical) = physical_memory()
        && bytes as u64 > physical
    {
        return Err(TableError::MoreThanMemory {
            bytes: bytes as u64,
            physical,
        });
    }
    Ok(bytes)
}

/// The bytes of `len` values (at least one), or the error for a count whose size does
/// not fit in the address space.
fn checked_bytes<T>(len: usize) -> Result<usize, TableError> {
    let size = std::mem::size_of::<T>();
    len.max(1)
        .checked_mul(size)
        .filter(|&bytes| isize::try_from(bytes).is_ok())
        .ok_or(TableError::BeyondAddressSpace {
            bytes: len.max(1) as u128 * size as u128,
        })
}

/// The machine's physical memory in bytes: `MemTotal` of `/proc/meminfo`, or `None` when
/// it cannot be read. Read once per process: a solver made per problem would otherwise
/// spend most of a short solve's time on opening and reading that file.
#[cfg(target_os = "linux")]
pub(crate) fn physical_memory() -> Option<u64> {
    static PHYSICAL: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    *PHYSICAL.get_or_init(|| {
        let text = std::fs::read_to_string("/proc/meminfo").ok()?;
        mem_total(&text)
    })
}

/// The machine's physical memory in bytes: not known here, so a size too large is
/// refused by the allocation itself.
#[cfg(not(target_os = "linux"))]
pub(crate) fn physical_memory() -> Option<u64> {
    None
}

/// `MemTotal` of a `/proc/meminfo` text, in bytes.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn mem_total(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemTotal:"))?;
    let mut words = line["MemTotal:".len()..].split_whitespace();
    let value: u64 = words.next()?.parse().ok()?;
    let unit = match words.next() {
        Some("kB") => 1024,
        None => 1,
        Some(_) => return None,
    };
    value.checked_mul(unit)
}

#[cfg(test)]
mod tests {
    use super::{Zeroed, mem_total};

    #[test]
    fn starts_zeroed_and_keeps_writes() {
        let mut m: Zeroed<[u64; 4]> = Zeroed::try_new(1000).unwrap();
        assert_eq!(m.get().len(), 1000);
        assert!(m.get().iter().all(|v| *v == [0; 4]));
        m.get_mut()[999] = [1, 2, 3, 4];
        assert_eq!(m.get()[999], [1, 2, 3, 4]);
        assert_eq!(Zeroed::<u64>::try_new(0).unwrap().get().len(), 1);
    }

    #[test]
    fn sizes_beyond_the_machine_are_errors() {
        for len in [usize::MAX, usize::MAX / 32, 1 << 56] {
            assert!(Zeroed::<[u64; 4]>::try_new(len).is_err(), "{len}");
        }
    }

    #[test]
    fn reads_mem_total() {
        let text = "MemTotal:       16318480 kB\nMemFree:         1234 kB\n";
        assert_eq!(mem_total(text), Some(16_318_480 * 1024));
        assert_eq!(mem_total("MemFree: 1 kB\n"), None);
        assert_eq!(mem_total("MemTotal: x kB\n"), None);
    }
}
