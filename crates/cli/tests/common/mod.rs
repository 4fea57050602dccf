//! Runs the real `masu` binary as a user would.
#![allow(
    dead_code,
    reason = "each test binary uses its own subset of these helpers"
)]
#![allow(
    clippy::expect_used,
    clippy::unwrap_used,
    reason = "test support: a failure to run the binary is a test failure"
)]

use std::process::{Command, Output};

/// Runs `masu` with `args` and returns its output.
pub(crate) fn masu(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_masu"))
        .args(args)
        .output()
        .expect("the masu binary runs")
}

/// Standard output of a run that must succeed.
pub(crate) fn masu_ok(args: &[&str]) -> String {
    let out = masu(args);
    assert!(
        out.status.success(),
        "masu {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 output")
}

/// Standard error of a run that must fail with one line naming the problem, never a panic.
pub(crate) fn masu_err(args: &[&str]) -> String {
    let out = masu(args);
    assert!(!out.status.success(), "masu {args:?} should fail");
    let err = String::from_utf8(out.stderr).expect("utf-8 error");
    assert!(!err.contains("panicked"), "masu {args:?} panicked: {err}");
    assert!(
        !err.contains("RUST_BACKTRACE"),
        "masu {args:?} printed a backtrace hint: {err}"
    );
    err
}

/// The last line of `text`.
pub(crate) fn last_line(text: &str) -> &str {
    text.lines().last().unwrap_or_default()
}

/// Runs `masu` with `args`, feeding `input` on standard input.
pub(crate) fn masu_with_input(args: &[&str], input: &str) -> Output {
    masu_with_bytes(args, input.as_bytes())
}

/// Runs `masu` with `args`, feeding the bytes `input` on standard input.
pub(crate) fn masu_with_bytes(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_masu"))
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the masu binary runs");
    let mut stdin = child.stdin.take().expect("piped stdin");
    stdin.write_all(input).expect("input written");
    drop(stdin);
    child.wait_with_output().expect("the masu binary finishes")
}
