//! Transposition table sizes given in MiB on the command line.

/// A `--hash` argument: a table size in MiB, 1 or more, as USI's `USI_Hash` and Python's
/// `hash_mb` take it; a clap value parser, so that a bad one is a usage error. (A size above
/// the machine's memory is refused when the table is made, with the size the machine has;
/// one whose bytes do not even fit in a `usize` is refused here, where its size in MiB can
/// still be said: the bytes would have to be shown as a number that is not the size.)
pub(crate) fn parse_table_mib(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err("a table of at least 1 MiB".to_string()),
        Ok(mib) if mib.checked_mul(1 << 20).is_none() => Err(format!(
            "{mib} MiB does not fit in the address space (at most {} MiB)",
            usize::MAX >> 20
        )),
        Ok(mib) => Ok(mib),
        Err(_) => Err(format!("not a whole number of MiB: {text:?}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_read_or_say_why_not() {
        assert_eq!(parse_table_mib("64"), Ok(64));
        assert_eq!(parse_table_mib("1"), Ok(1));
        for bad in ["0", "-1", "1.5", "64M", ""] {
            assert!(parse_table_mib(bad).is_err(), "{bad}");
        }
        let largest = usize::MAX >> 20;
        assert_eq!(parse_table_mib(&largest.to_string()), Ok(largest));
        let beyond = (largest + 1).to_string();
        assert_eq!(
            parse_table_mib(&beyond),
            Err(format!(
                "{beyond} MiB does not fit in the address space (at most {largest} MiB)"
            ))
        );
    }
}
