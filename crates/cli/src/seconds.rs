//! Time limits given in seconds on the command line.

use std::time::Duration;

/// A `--time` argument: a finite number of seconds, zero or more, up to what a `Duration`
/// holds (`1.5`, `600`); a clap value parser, so that a bad one is a usage error.
pub(crate) fn parse_seconds(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("not a number of seconds: {text:?}"))?;
    Duration::try_from_secs_f64(seconds)
        .map_err(|_| format!("{text}: a number of seconds from 0 to 1.8e19 (no NaN or infinity)"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seconds_read_or_say_why_not() {
        assert_eq!(parse_seconds("1.5"), Ok(Duration::from_millis(1500)));
        assert_eq!(parse_seconds("0"), Ok(Duration::ZERO));
        assert!(parse_seconds("1e19").is_ok());
        for bad in ["-1", "NaN", "inf", "1e20", "soon", ""] {
            assert!(parse_seconds(bad).is_err(), "{bad}");
        }
    }
}
