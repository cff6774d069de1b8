//! The `solution` binary and the submission file: LeetCode's I/O and LeetCode's shape.

use assert_cmd::cargo::cargo_bin_cmd;
use predicates::prelude::*;

#[test]
fn answers_the_official_examples_one_line_each() {
    cargo_bin_cmd!("solution")
        .write_stdin("[2,1]\n[2]\n[5,1,2,4,3]\n")
        .assert()
        .success()
        .stdout("true\nfalse\nfalse\n");
}

#[test]
fn accepts_the_statement_form_spaces_crlf_blank_lines_and_no_final_newline() {
    cargo_bin_cmd!("solution")
        .write_stdin("stones = [2, 1]\r\n\r\n  [ 5 , 1,2,4 , 3 ]\r\n[2]")
        .assert()
        .success()
        .stdout("true\nfalse\nfalse\n");
}

#[test]
fn a_malformed_line_exits_2_naming_line_and_column_after_earlier_answers() {
    cargo_bin_cmd!("solution")
        .write_stdin("[2,1]\n[1,,2]\n[2,1]\n")
        .assert()
        .code(2)
        .stdout("true\n")
        .stderr(predicate::str::contains(
            "<stdin>:2:4: expected a number but found ','",
        ));
}

#[test]
fn out_of_range_numbers_that_fit_i32_are_answered_by_the_rules() {
    // -1 ≡ 2 (mod 3): [-1, 1] plays like [2, 1]. 0 and 3 both pass the turn.
    cargo_bin_cmd!("solution")
        .write_stdin("[-1,1]\n[0,1,1,1,1]\n[2147483647]\n")
        .assert()
        .success()
        .stdout("true\ntrue\nfalse\n");
}

#[test]
fn a_number_beyond_i32_is_an_error() {
    cargo_bin_cmd!("solution")
        .write_stdin("[99999999999]\n")
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "1:2: number 99999999999 does not fit in i32",
        ));
}

#[test]
fn judge_submit_prints_the_submission_file_verbatim() {
    cargo_bin_cmd!("judge")
        .arg("submit")
        .assert()
        .success()
        .stdout(include_str!("../src/solution.rs"));
}

#[test]
fn the_submission_file_compiles_as_leetcode_compiles_it() {
    let source = include_str!("../src/solution.rs");
    for forbidden in ["use crate", "struct Solution", "fn main"] {
        assert!(
            !source.contains(forbidden),
            "LeetCode would reject '{forbidden}'"
        );
    }
    let dir = tempfile::tempdir().unwrap();
    // Only what LeetCode adds: the struct and a caller.
    let program = format!(
        "struct Solution;\n{source}\nfn main() {{\n    \
         println!(\"{{}}\", Solution::stone_game_ix(vec![2, 1]));\n    \
         println!(\"{{}}\", Solution::stone_game_ix(vec![2]));\n    \
         println!(\"{{}}\", Solution::stone_game_ix(vec![5, 1, 2, 4, 3]));\n}}\n"
    );
    let main = dir.path().join("main.rs");
    std::fs::write(&main, program).unwrap();
    let binary = dir.path().join("main");
    let compiled = std::process::Command::new("rustc")
        .args(["--edition", "2021", "-O", "-o"])
        .arg(&binary)
        .arg(&main)
        .output()
        .unwrap();
    assert!(
        compiled.status.success(),
        "{}",
        String::from_utf8_lossy(&compiled.stderr)
    );
    let run = std::process::Command::new(&binary).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&run.stdout), "true\nfalse\nfalse\n");
}
