//! `judge validate` rejects junk like a testlib validator, and names the place.

use assert_cmd::cargo::cargo_bin_cmd;
use predicates::prelude::*;

fn validate(input: &str) -> assert_cmd::assert::Assert {
    cargo_bin_cmd!("judge")
        .arg("validate")
        .write_stdin(input)
        .assert()
}

#[test]
fn every_junk_input_exits_1() {
    let too_long = format!("[{}]\n", vec!["7"; 100_001].join(","));
    let junk = [
        ("empty array", "[]\n"),
        ("trailing comma", "[1,2,]\n"),
        ("leading zero", "[01]\n"),
        ("double comma", "[1,,2]\n"),
        ("missing comma", "[1 2]\n"),
        ("unterminated", "[1,2\n"),
        ("text after ]", "[1,2] x\n"),
        ("zero", "[0]\n"),
        ("above 10^4", "[10001]\n"),
        ("negative", "[-1]\n"),
        ("2^31", "[2147483648]\n"),
        ("no brackets", "1,2\n"),
        ("empty input", ""),
        ("decimal", "[1.5]\n"),
        ("too long", too_long.as_str()),
    ];
    for (name, input) in junk {
        let output = cargo_bin_cmd!("judge")
            .arg("validate")
            .write_stdin(input)
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(1), "{name} was accepted");
    }
}

#[test]
fn violations_are_reported_with_file_line_and_column() {
    validate("[1]\n[5,0,10001]\n")
        .code(1)
        .stderr(predicate::str::contains(
            "<stdin>:2:4: stones[1] = 0 is below the minimum 1",
        ))
        .stderr(predicate::str::contains(
            "<stdin>:2:6: stones[2] = 10001 is above the maximum 10000",
        ));
    validate(&format!("[{}]\n", vec!["7"; 100_001].join(",")))
        .code(1)
        .stderr(predicate::str::contains(
            "<stdin>:1:1: n = 100001 is above the maximum 100000",
        ));
}

#[test]
fn valid_input_at_the_limits_exits_0() {
    validate(&format!(
        "[{}]\n[1]\n[10000]\n",
        vec!["10000"; 100_000].join(",")
    ))
    .success()
    .stderr(predicate::str::contains("valid: 3 cases"));
}

#[test]
fn a_missing_file_or_a_directory_is_an_error_exit_2() {
    cargo_bin_cmd!("judge")
        .args(["validate", "no/such/file.in"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no/such/file.in"));
    cargo_bin_cmd!("judge")
        .args(["validate", "cases"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cases is a directory"));
}
