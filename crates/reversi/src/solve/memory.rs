//! Memory for the solver's tables: zeroed, asked for without aborting, and refused before any
//! allocation when the size is above the machine's physical memory.

use bytemuck::Zeroable;

/// Why a solver's memory could not be had.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TableError {
    /// The size is above the machine's physical memory (refused before any allocation).
    #[error("a table of {bytes} bytes is more than the machine's memory ({physical} bytes)")]
    MoreThanMemory {
        /// The bytes asked for.
        bytes: u64,
        /// The machine's physical memory in bytes.
        physical: u64,
    },
    /// The system refused the memory (or the size does not fit in the address space).
    #[error("cannot allocate a table of {bytes} bytes")]
    Unavailable {
        /// The bytes the table needed.
        bytes: u64,
    },
}

/// Refuses `bytes` above the machine's physical memory, when that is known.
///
/// # Errors
///
/// [`TableError::MoreThanMemory`].
pub(crate) fn check_physical(bytes: usize) -> Result<(), TableError> {
    match physical_memory() {
        Some(physical) if bytes as u64 > physical => Err(TableError::MoreThanMemory {
            bytes: bytes as u64,
            physical,
        }),
        _ => Ok(()),
    }
}

/// `len` zeroed values, or the error when the system refuses them.
///
/// # Errors
///
/// [`TableError::Unavailable`].
pub(crate) fn zeroed<T: Zeroable>(len: usize) -> Result<Box<[T]>, TableError> {
    bytemuck::allocation::try_zeroed_slice_box(len).map_err(|()| TableError::Unavailable {
        bytes: (len as u64).saturating_mul(size_of::<T>() as u64),
    })
}

/// The machine's physical memory in bytes: `MemTotal` of `/proc/meminfo`, or `None` when it
/// cannot be read. Read once per process: opening and reading the file cost more than a
/// solve of a few empties.
#[cfg(target_os = "linux")]
fn physical_memory() -> Option<u64> {
    static PHYSICAL: std::sync::OnceLock<Option<u64>> = std::sync::OnceLock::new();
    *PHYSICAL.get_or_init(|| mem_total(&std::fs::read_to_string("/proc/meminfo").ok()?))
}

/// Not known on this system: a size too large is refused by the allocation itself.
#[cfg(not(target_os = "linux"))]
fn physical_memory() -> Option<u64> {
    None
}

/// The `MemTotal` line of a `/proc/meminfo` text, in bytes.
#[cfg_attr(
    not(target_os = "linux"),
    allow(dead_code, reason = "read only on Linux; tested everywhere")
)]
fn mem_total(meminfo: &str) -> Option<u64> {
    let rest = meminfo
        .lines()
        .find_map(|line| line.strip_prefix("MemTotal:"))?;
    match rest.split_whitespace().collect::<Vec<_>>().as_slice() {
        [kib, "kB"] => kib.parse::<u64>().ok()?.checked_mul(1024),
        [bytes] => bytes.parse().ok(),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mem_total_reads_kibibytes() {
        let text = "MemFree:  100 kB\nMemTotal:       16303412 kB\nSwapTotal: 0 kB\n";
        assert_eq!(mem_total(text), Some(16_303_412 * 1024));
        assert_eq!(mem_total("MemTotal: 12 MB\n"), None);
        assert_eq!(mem_total("MemFree: 1 kB\n"), None);
    }

    #[test]
    fn sizes_above_physical_memory_are_refused_before_allocation() {
        let Some(physical) = physical_memory() else {
            return;
        };
        let too_many = usize::try_from(physical + 1).unwrap_or(usize::MAX);
        assert!(matches!(
            check_physical(too_many),
            Err(TableError::MoreThanMemory { .. })
        ));
        assert_eq!(check_physical(1 << 20), Ok(()));
    }

    #[test]
    fn an_impossible_allocation_is_an_error() {
        assert!(matches!(
            zeroed::<u64>(usize::MAX / 4),
            Err(TableError::Unavailable { .. })
        ));
        assert_eq!(zeroed::<u64>(3).map(|b| b.to_vec()), Ok(vec![0; 3]));
    }
}
