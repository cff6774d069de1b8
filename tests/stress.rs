//! `judge stress`: the main job, its determinism and its hygiene.

use std::path::Path;

mod common;
use common::live_processes_with;

use assert_cmd::cargo::cargo_bin_cmd;
use predicates::prelude::*;

const WRONG: &str = "tests/submissions/wrong_answer/off_by_one.cpp";

#[test]
fn the_readme_quick_start_passes_ten_thousand_cases() {
    cargo_bin_cmd!("judge")
        .args(["stress", "--seed", "1"])
        .assert()
        .success()
        .stdout(predicate::str::contains("all 10000 cases accepted"))
        .stdout(predicate::str::contains("verdicts: AC 10000"))
        .stdout(predicate::str::contains("by minimax"));
}

/// The lines of a stress run that must not depend on --jobs or --batch.
fn failure_report(jobs: &str, batch: &str) -> (String, String) {
    let dir = tempfile::tempdir().unwrap();
    let output = cargo_bin_cmd!("judge")
        .args([
            "stress",
            "--seed",
            "3",
            "--cases",
            "3000",
            "--solution",
            WRONG,
        ])
        .args(["--jobs", jobs, "--batch", batch, "--save-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stable: Vec<&str> = stdout
        .lines()
        .filter(|l| {
            [
                "FAILED", "original", "shrunk", "expected", "got", "verdicts",
            ]
            .iter()
            .any(|key| l.trim_start().starts_with(key))
        })
        .collect();
    let saved = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().path());
    let mut files: Vec<String> = saved
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().to_string();
            format!("{name}: {}", std::fs::read_to_string(&p).unwrap())
        })
        .collect();
    files.sort();
    (stable.join("\n"), files.join("\n"))
}

#[test]
fn the_same_seed_gives_the_same_failure_and_saved_file_for_any_jobs_and_batch() {
    let reference = failure_report("1", "1000");
    assert!(reference.0.contains("FAILED: WA"), "{}", reference.0);
    assert!(reference.1.contains("wa-seed3-case"), "{}", reference.1);
    assert_eq!(failure_report("2", "7"), reference);
    assert_eq!(failure_report("2", "1"), reference);
}

#[test]
fn no_process_survives_a_run_whose_program_forks_a_sleeper() {
    let solution = Path::new(env!("CARGO_BIN_EXE_solution"));
    let command = format!("sh -c 'sleep 3171 & exec {}'", solution.display());
    cargo_bin_cmd!("judge")
        .args([
            "stress",
            "--seed",
            "1",
            "--cases",
            "300",
            "--batch",
            "50",
            "--no-save",
            "--cmd",
        ])
        .arg(&command)
        .assert()
        .success();
    assert_eq!(live_processes_with("sleep 3171"), Vec::<String>::new());
}

#[test]
fn shards_split_one_run_into_disjoint_slices() {
    let shard = |slice: &str| {
        let output = cargo_bin_cmd!("judge")
            .args([
                "stress",
                "--seed",
                "9",
                "--cases",
                "1001",
                "--no-save",
                "--shard",
                slice,
            ])
            .output()
            .unwrap();
        assert!(output.status.success());
        String::from_utf8_lossy(&output.stdout).to_string()
    };
    assert!(shard("1/2").contains("cases 0..500 of 1001"));
    assert!(shard("2/2").contains("cases 500..1001 of 1001"));
    assert!(shard("2/2").contains("all 501 cases accepted"));
}

#[test]
fn json_and_junit_reports_describe_the_failure() {
    let dir = tempfile::tempdir().unwrap();
    let json = dir.path().join("report.json");
    let junit = dir.path().join("report.xml");
    cargo_bin_cmd!("judge")
        .args([
            "stress",
            "--seed",
            "3",
            "--cases",
            "500",
            "--no-save",
            "--solution",
            WRONG,
        ])
        .arg("--json")
        .arg(&json)
        .arg("--junit")
        .arg(&junit)
        .assert()
        .code(1);
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(report["seed"], 3);
    assert_eq!(report["failures"][0]["verdict"], "WA");
    assert_eq!(report["failures"][0]["one_minimal"], true);
    let xml = std::fs::read_to_string(&junit).unwrap();
    assert!(xml.contains("<failure type=\"WA\""), "{xml}");
}

#[test]
fn bad_arguments_exit_2_naming_the_flag() {
    let cases: [(&[&str], &str); 4] = [
        (&["--cases", "0"], "--cases"),
        (&["--shard", "3/2"], "--shard"),
        (&["--time-limit", "fast"], "--time-limit"),
        (&["--save-dir", "/proc/no-such-dir"], "--save-dir"),
    ];
    for (args, flag) in cases {
        cargo_bin_cmd!("judge")
            .arg("stress")
            .args(args)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(flag));
    }
}

#[test]
fn a_passing_run_leaves_no_save_dir_behind() {
    let dir = tempfile::tempdir().unwrap();
    let save_dir = dir.path().join("not-yet");
    cargo_bin_cmd!("judge")
        .args(["stress", "--seed", "2", "--cases", "200", "--save-dir"])
        .arg(&save_dir)
        .assert()
        .success();
    assert!(!save_dir.exists());
}
