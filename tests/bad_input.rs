//! Bad input to the judge itself: a clear one-line error naming the place, exit 2, nothing
//! half-written. And interruption: summary so far, seed, no child left, exit 130/143.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

mod common;
use common::live_processes_with;

use assert_cmd::cargo::cargo_bin_cmd;
use predicates::prelude::*;

fn judge_test_on(files: &[(&str, &[u8])], expected_message: &str) {
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    cargo_bin_cmd!("judge")
        .arg("test")
        .arg(dir.path())
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(expected_message));
}

#[test]
fn bad_case_files_are_errors_naming_the_file() {
    judge_test_on(
        &[("a.in", b"[1,x]\n"), ("a.out", b"false\n")],
        "a.in:1:4: expected a number",
    );
    judge_test_on(&[("a.in", b"[1]\n")], "a.in has no readable matching");
    judge_test_on(&[("a.out", b"false\n")], "a.out has no matching");
    judge_test_on(
        &[("a.in", b"[1]\n[2]\n"), ("a.out", b"false\n")],
        "a.out has 1 answers but",
    );
    judge_test_on(
        &[("a.in", b"[1,\xff]\n"), ("a.out", b"false\n")],
        "found byte 0xff",
    );
    judge_test_on(&[("a.in", b""), ("a.out", b"")], "no case in the file");
    judge_test_on(
        &[("a.in", b"[1]\n"), ("a.out", b"yes\n")],
        "a.out:1: expected 'true' or 'false'",
    );
}

#[test]
fn a_missing_path_and_an_unknown_flag_exit_2() {
    cargo_bin_cmd!("judge")
        .args(["test", "no/such/dir"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no/such/dir"));
    cargo_bin_cmd!("judge")
        .args(["stress", "--no-such-flag"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--no-such-flag"));
    cargo_bin_cmd!("judge")
        .args(["test", "--cmd", "/no/such/program", "cases/official-1.in"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot run '/no/such/program'"));
}

#[test]
fn a_fifty_megabyte_line_is_validated_in_constant_memory() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.in");
    let line = format!("[{}]\n", ["9999"; 10_000_000].join(","));
    std::fs::write(&path, line).unwrap();
    cargo_bin_cmd!("judge")
        .arg("validate")
        .arg(&path)
        .assert()
        .code(1)
        .stderr(predicate::str::contains(
            "n = 10000000 is above the maximum 100000",
        ));
}

/// Starts a stress run of a slow program, signals it, and returns (code, stdout).
fn interrupt_stress(signal: i32, save_dir: &Path) -> (Option<i32>, String) {
    let solution = env!("CARGO_BIN_EXE_solution");
    let child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args([
            "stress", "--seed", "5", "--cases", "100000", "--batch", "1", "--cmd",
        ])
        .arg(format!("sh -c 'sleep 3177; exec {solution}'"))
        .arg("--save-dir")
        .arg(save_dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(700));
    // SAFETY: kill with a pid we own and a valid signal number.
    unsafe { libc::kill(child.id() as libc::pid_t, signal) };
    let output = child.wait_with_output().unwrap();
    (
        output.status.code(),
        String::from_utf8_lossy(&output.stdout).to_string(),
    )
}

#[test]
fn sigint_and_sigterm_print_the_summary_kill_children_and_leave_no_file() {
    for (signal, code) in [(libc::SIGINT, 130), (libc::SIGTERM, 143)] {
        let dir = tempfile::tempdir().unwrap();
        let (status, stdout) = interrupt_stress(signal, dir.path());
        assert_eq!(status, Some(code), "{stdout}");
        assert!(stdout.contains("summary:"), "{stdout}");
        assert!(
            stdout.contains("interrupted: replay with --seed 5"),
            "{stdout}"
        );
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert!(left.is_empty(), "files left in --save-dir: {left:?}");
        let alive = !live_processes_with("sleep 3177").is_empty();
        assert!(!alive, "a child outlived the interrupted run");
    }
}

#[test]
fn an_interrupted_judge_test_prints_what_it_had_and_exits_143() {
    let solution = env!("CARGO_BIN_EXE_solution");
    let child = Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["test", "--time-limit", "5s", "--cmd"])
        .arg(format!("sh -c 'sleep 0.3; exec {solution}'"))
        .arg("cases")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(1000));
    // SAFETY: kill with a pid we own and a valid signal number.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    let output = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(output.status.code(), Some(143), "{stdout}");
    assert!(stdout.contains("interrupted: "), "{stdout}");
    assert!(
        stdout.contains(" passed, 0 failed before the interruption"),
        "{stdout}"
    );
}
