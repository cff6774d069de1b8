//! Known-good and known-bad submissions (the Kattis idea): every file under
//! tests/submissions/<verdict>/ must get the verdict its folder names, and a saved
//! counterexample must be 1-minimal and reproduce with `judge test`.

use std::path::{Path, PathBuf};
use std::process::Command;

use assert_cmd::cargo::cargo_bin_cmd;
use stone_game_ix::judge::case_files;
use stone_game_ix::problem::reference::Oracle;

/// The toolchain a submission file needs; a missing one fails the test by name rather
/// than letting it pass silently.
fn require_toolchain(file: &Path) {
    let tool = match file.extension().and_then(|e| e.to_str()) {
        Some("py") => "python3",
        Some("java") => "javac",
        Some("js") => "node",
        Some("cpp") => "g++",
        _ => "rustc",
    };
    let flag = if tool == "javac" {
        "-version"
    } else {
        "--version"
    };
    let found = Command::new(tool)
        .arg(flag)
        .output()
        .is_ok_and(|o| o.status.success());
    assert!(
        found,
        "{} needs {tool}, which is not installed",
        file.display()
    );
}

fn submissions(verdict_dir: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(Path::new("tests/submissions").join(verdict_dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
    files.sort();
    assert!(!files.is_empty(), "no submission in {verdict_dir}");
    files
}

/// Verdict codes of `judge test` on `path` with `solution`, one per case.
fn test_verdicts(solution: &Path, path: &Path, extra: &[&str]) -> Vec<String> {
    let output = cargo_bin_cmd!("judge")
        .arg("test")
        .arg("--solution")
        .arg(solution)
        .args(extra)
        .arg(path)
        .output()
        .unwrap();
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter(|line| !line.starts_with(' ') && line.contains(".in:"))
        .map(|line| line.split_whitespace().next().unwrap().to_string())
        .collect()
}

/// Every case one step smaller than `stones`: one stone removed, or one value lowered.
fn one_step_smaller(stones: &[i32]) -> Vec<Vec<i32>> {
    let mut smaller = Vec::new();
    for i in 0..stones.len() {
        if stones.len() > 1 {
            let mut removed = stones.to_vec();
            removed.remove(i);
            smaller.push(removed);
        }
        for value in 1..stones[i] {
            let mut lowered = stones.to_vec();
            lowered[i] = value;
            smaller.push(lowered);
        }
    }
    smaller
}

/// Stresses a known-bad file and checks the verdict, the saved case's minimality and
/// that `judge test` reproduces it.
fn assert_caught(file: &Path, verdict: &str, extra: &[&str]) {
    require_toolchain(file);
    let save_dir = tempfile::tempdir().unwrap();
    let output = cargo_bin_cmd!("judge")
        .args(["stress", "--cases", "2000", "--seed", "1", "--solution"])
        .arg(file)
        .arg("--save-dir")
        .arg(save_dir.path())
        .args(extra)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert_eq!(
        output.status.code(),
        Some(1),
        "{}:\n{stdout}",
        file.display()
    );
    assert!(
        stdout.contains(&format!("FAILED: {verdict} ")),
        "{}:\n{stdout}",
        file.display()
    );

    let saved = case_files::find_inputs(&[save_dir.path().to_path_buf()]).unwrap();
    assert_eq!(saved.len(), 1, "{}", file.display());
    let limits: Vec<&str> = extra
        .chunks(2)
        .filter(|pair| pair[0] == "--time-limit")
        .flatten()
        .copied()
        .collect();
    let replay = test_verdicts(file, &saved[0], &limits);
    assert_eq!(replay, [verdict], "replay of {}", file.display());

    if verdict == "TLE" {
        return;
    }
    assert!(stdout.contains("1-minimal"), "{stdout}");
    let shrunk = case_files::load(&saved[0]).unwrap().cases.remove(0);
    let candidates = one_step_smaller(&shrunk);
    if candidates.is_empty() {
        return;
    }
    let oracle = Oracle::new();
    let expected: Vec<bool> = candidates.iter().map(|c| oracle.expected(c).0).collect();
    let slices: Vec<&[i32]> = candidates.iter().map(Vec::as_slice).collect();
    let dir = tempfile::tempdir().unwrap();
    let path = case_files::save(dir.path(), "smaller", &slices, &expected, false).unwrap();
    let verdicts = test_verdicts(file, &path, &[]);
    assert_eq!(verdicts.len(), candidates.len());
    for (candidate, got) in candidates.iter().zip(&verdicts) {
        assert_ne!(
            got, verdict,
            "{shrunk:?} is not 1-minimal: {candidate:?} still fails"
        );
    }
}

#[test]
fn accepted_submissions_pass_stress_and_the_case_files() {
    let mut files = submissions("accepted");
    files.push(PathBuf::from("src/solution.rs"));
    for file in files {
        require_toolchain(&file);
        cargo_bin_cmd!("judge")
            .args([
                "stress",
                "--cases",
                "2000",
                "--seed",
                "1",
                "--no-save",
                // Generous: the suite runs beside other tests, and the JVM starts slowly.
                "--time-limit",
                "5s",
                "--solution",
            ])
            .arg(&file)
            .assert()
            .success();
        let verdicts = test_verdicts(&file, Path::new("cases"), &[]);
        assert!(
            verdicts.len() >= 40 && verdicts.iter().all(|v| v == "AC"),
            "{}",
            file.display()
        );
    }
}

#[test]
fn wrong_answers_are_caught_with_a_one_minimal_counterexample() {
    for file in submissions("wrong_answer") {
        assert_caught(&file, "WA", &[]);
    }
}

#[test]
fn runtime_errors_are_caught_with_a_one_minimal_counterexample() {
    for file in submissions("runtime_error") {
        assert_caught(&file, "RE", &[]);
    }
}

#[test]
fn a_quadratic_solution_gets_tle_even_when_cases_are_batched() {
    for file in submissions("time_limit_exceeded") {
        assert_caught(
            &file,
            "TLE",
            &[
                "--time-limit",
                "500ms",
                "--strategy",
                "slow-killers",
                "--jobs",
                "1",
            ],
        );
    }
}

#[test]
fn a_file_that_does_not_compile_gets_ce_with_the_compilers_message() {
    for file in submissions("compile_error") {
        require_toolchain(&file);
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        cargo_bin_cmd!("judge")
            .args(["test", "--solution"])
            .arg(&file)
            .assert()
            .code(1)
            .stderr(predicates::str::contains("CE:"))
            // The compiler's own words, with the place in the user's file.
            .stderr(predicates::str::is_match(format!("{name}(:[0-9]+|\", line [0-9]+)")).unwrap());
    }
}

#[test]
fn a_second_run_of_the_same_file_uses_the_cached_build() {
    let file = Path::new("tests/submissions/accepted/solution.cpp");
    require_toolchain(file);
    for _ in 0..2 {
        cargo_bin_cmd!("judge")
            .args(["test", "--solution"])
            .arg(file)
            .assert()
            .success();
    }
    cargo_bin_cmd!("judge")
        .args(["test", "--solution"])
        .arg(file)
        .assert()
        .success()
        .stderr(predicates::str::contains("using cached build of"));
}
