//! Data-driven: every pair in cases/ is a test of the solution, the validator and both
//! references. Adding a pair adds its checks, with no code change.

use std::path::PathBuf;

use assert_cmd::cargo::cargo_bin_cmd;
use stone_game_ix::judge::case_files;
use stone_game_ix::problem::reference::{CountTable, literal_alice_wins, residue_counts};

fn case_inputs() -> Vec<PathBuf> {
    let inputs = case_files::find_inputs(&[PathBuf::from("cases")]).unwrap();
    assert!(inputs.len() >= 15, "cases/ lost its files");
    inputs
}

#[test]
fn the_solution_binary_matches_every_case_file() {
    for input in case_inputs() {
        let expected = std::fs::read_to_string(input.with_extension("out")).unwrap();
        let output = cargo_bin_cmd!("solution")
            .pipe_stdin(&input)
            .unwrap()
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", input.display());
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            expected,
            "{}",
            input.display()
        );
    }
}

#[test]
fn every_case_file_is_valid() {
    for input in case_inputs() {
        cargo_bin_cmd!("judge")
            .arg("validate")
            .arg(&input)
            .assert()
            .success();
    }
}

#[test]
fn every_case_file_agrees_with_both_references() {
    let table = CountTable::new(300).unwrap();
    for input in case_inputs() {
        let file = case_files::load(&input).unwrap();
        for (stones, expected) in file.cases.iter().zip(&file.expected) {
            if let Some(literal) = literal_alice_wins(stones) {
                assert_eq!(literal, *expected, "{} {stones:?}", input.display());
            }
            if let Some(minimax) = table.alice_wins(residue_counts(stones)) {
                assert_eq!(minimax, *expected, "{} {stones:?}", input.display());
            }
        }
    }
}

#[test]
fn judge_test_passes_every_case_and_ends_with_the_summary_line() {
    let output = cargo_bin_cmd!("judge").arg("test").output().unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}");
    let last = stdout.lines().last().unwrap();
    let (passed, failed) = last.split_once(" passed, ").unwrap();
    assert!(passed.parse::<u64>().unwrap() >= 40);
    assert_eq!(failed, "0 failed");
}

#[test]
fn judge_reference_literal_agrees_on_every_small_case_file() {
    for input in case_inputs() {
        let file = case_files::load(&input).unwrap();
        if file.cases.iter().any(|c| c.len() > 20) {
            continue;
        }
        let expected = std::fs::read_to_string(input.with_extension("out")).unwrap();
        for literal in [true, false] {
            let mut command = cargo_bin_cmd!("judge");
            command.arg("reference");
            if literal {
                command.arg("--literal");
            }
            command
                .pipe_stdin(&input)
                .unwrap()
                .assert()
                .success()
                .stdout(expected.clone());
        }
    }
}

#[test]
fn add_case_writes_a_validated_pair_and_refuses_to_overwrite() {
    let dir = tempfile::tempdir().unwrap();
    let add = |input: &str, force: bool| {
        let mut command = cargo_bin_cmd!("judge");
        command
            .args(["add-case", "mine", "--input", input, "--dir"])
            .arg(dir.path());
        if force {
            command.arg("--force");
        }
        command.assert()
    };
    add("[2,1]", false).success();
    assert_eq!(
        std::fs::read_to_string(dir.path().join("mine.in")).unwrap(),
        "[2,1]\n"
    );
    assert_eq!(
        std::fs::read_to_string(dir.path().join("mine.out")).unwrap(),
        "true\n"
    );
    add("[2]", false)
        .code(2)
        .stderr(predicates::str::contains("already exists"));
    add("[0]", true)
        .code(2)
        .stderr(predicates::str::contains("below the minimum 1"));
    add("[2]", true).success();
    assert_eq!(
        std::fs::read_to_string(dir.path().join("mine.out")).unwrap(),
        "false\n"
    );
}
