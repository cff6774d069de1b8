//! The judge survives anything a solution does: each hostile program in tests/hostile/
//! gets its verdict in bounded time, and no process it started outlives the suite.

use std::time::{Duration, Instant};

mod common;
use common::live_processes_with;

use assert_cmd::cargo::cargo_bin_cmd;

const TIME_LIMIT: &str = "1s";

/// Runs `judge test` with `command` on a case file; the verdict code of each case and the
/// detail lines.
fn judge(command: &str, cases: &str) -> (Vec<String>, String, Duration) {
    let started = Instant::now();
    let output = cargo_bin_cmd!("judge")
        .env("SOLUTION", env!("CARGO_BIN_EXE_solution"))
        .args([
            "test",
            "--time-limit",
            TIME_LIMIT,
            "--memory-limit",
            "256MiB",
        ])
        .args(["--output-limit", "1MiB", "--cmd", command])
        .arg(format!("tests/hostile/{cases}"))
        .output()
        .unwrap();
    let elapsed = started.elapsed();
    let stdout = String::from_utf8_lossy(&output.stdout).to_string();
    let verdicts = stdout
        .lines()
        .filter(|l| l.contains(".in:"))
        .map(|l| l.split_whitespace().next().unwrap().to_string())
        .collect();
    (verdicts, stdout, elapsed)
}

fn assert_verdicts(program: &str, cases: &str, expected: &[&str], detail: &str) {
    let command = if program.ends_with(".py") {
        format!("python3 tests/hostile/{program}")
    } else {
        format!("sh tests/hostile/{program}")
    };
    let (verdicts, stdout, elapsed) = judge(&command, cases);
    assert_eq!(verdicts, expected, "{program}:\n{stdout}");
    assert!(
        stdout.contains(detail),
        "{program}: no '{detail}' in:\n{stdout}"
    );
    // Each run is stopped by its limit (1 s CPU, ~1.5 s wall); the margin absorbs a
    // loaded machine, the bound is what matters: no hang.
    let runs = expected.len().max(1) as u32;
    assert!(
        elapsed < Duration::from_secs(6) * runs,
        "{program} took {elapsed:?}"
    );
}

#[test]
fn resource_hogs_get_tle_mle_ole() {
    // CPU time over the limit, or on a loaded machine the wall guard first.
    assert_verdicts("infinite-loop.sh", "one.in", &["TLE"], "over the");
    assert_verdicts("sleep-forever.sh", "one.in", &["TLE"], "sleeping, blocked");
    assert_verdicts(
        "allocate-forever.py",
        "one.in",
        &["MLE"],
        "memory over the limit",
    );
    assert_verdicts(
        "print-forever.sh",
        "one.in",
        &["OLE"],
        "more than 1048576 bytes",
    );
}

#[test]
fn crashes_are_runtime_errors_naming_the_cause() {
    assert_verdicts("segfault.sh", "one.in", &["RE"], "killed by SIGSEGV");
    assert_verdicts("abort.sh", "one.in", &["RE"], "killed by SIGABRT");
    assert_verdicts("exit-3.sh", "one.in", &["RE"], "exit code 3");
}

#[test]
fn noisy_or_rude_programs_are_judged_on_their_answers() {
    assert_verdicts(
        "stderr-flood.sh",
        "three.in",
        &["AC", "AC", "AC"],
        "3 passed, 0 failed",
    );
    assert_verdicts("closes-stdin.sh", "one.in", &["AC"], "1 passed, 0 failed");
    assert_verdicts(
        "fork-sleeper.sh",
        "three.in",
        &["AC", "AC", "AC"],
        "3 passed",
    );
}

#[test]
fn bad_output_is_pinned_on_the_right_case() {
    assert_verdicts(
        "prints-nothing.sh",
        "one.in",
        &["WA"],
        "missing answer for case 1",
    );
    assert_verdicts(
        "extra-lines.sh",
        "three.in",
        &["AC", "AC", "WA"],
        "extra output",
    );
    assert_verdicts(
        "capitalised.sh",
        "three.in",
        &["PE", "AC", "AC"],
        "'True' is not",
    );
    assert_verdicts(
        "first-case-only.sh",
        "three.in",
        &["AC", "WA", "AC"],
        "missing answer",
    );
}

#[test]
fn no_process_outlives_the_programs_that_started_it() {
    // Markers of their own: the other tests run in parallel with this one.
    let forks = "sh -c 'sleep 3175 & exec \"$SOLUTION\"'";
    let blocks = "sh -c 'sleep 3176 & sleep 3176'";
    assert_eq!(judge(forks, "one.in").0, ["AC"]);
    assert_eq!(judge(blocks, "one.in").0, ["TLE"]);
    for marker in ["sleep 3175", "sleep 3176"] {
        let alive = live_processes_with(marker);
        assert!(alive.is_empty(), "still running: {alive:?}");
    }
}

#[test]
fn allocation_failures_of_compiled_programs_are_mle_not_re() {
    for file in ["allocate_forever.cpp", "allocate_forever.rs"] {
        let output = cargo_bin_cmd!("judge")
            .args(["test", "--memory-limit", "256MiB", "--solution"])
            .arg(format!("tests/hostile/{file}"))
            .arg("tests/hostile/one.in")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert_eq!(output.status.code(), Some(1), "{file}:\n{stdout}");
        assert!(stdout.starts_with("MLE "), "{file}:\n{stdout}");
    }
}
