//! A table the machine cannot give is an error from `Solver::try_new`, never a crash.

use masu_tsume::{Config, Solver};

fn config(table_bytes: usize) -> Config {
    Config {
        table_bytes,
        ..Config::default()
    }
}

#[test]
fn sizes_no_machine_has_are_refused() {
    for bytes in [usize::MAX, 1 << 60, usize::MAX / 2 + 1] {
        let err = Solver::try_new(config(bytes)).expect_err("no machine has this");
        let text = err.to_string();
        assert!(text.contains("a table of "), "{text}");
        assert!(!text.ends_with('.'), "{text}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn sizes_above_physical_memory_are_refused_before_allocation() {
    // 1 PiB: fits in the address space, above any machine's memory.
    let err = Solver::try_new(config(1 << 50)).expect_err("more than the machine");
    assert!(
        matches!(err, masu_tsume::TableError::MoreThanMemory { bytes, physical } if bytes == 1 << 50 && physical > 0),
        "{err:?}"
    );
}

#[test]
fn a_small_table_is_had() {
    let solver = Solver::try_new(config(1 << 20)).expect("1 MiB");
    assert_eq!(solver.stats().nodes, 0);
}

#[test]
#[should_panic(expected = "a table of")]
fn the_infallible_constructor_panics_as_documented() {
    let _ = Solver::new(config(usize::MAX));
}
