//! Cross-checks of the three answers: literal minimax, count minimax, closed form.

use assert_cmd::cargo::cargo_bin_cmd;
use predicates::prelude::*;
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use stone_game_ix::Solution;
use stone_game_ix::problem::reference::{
    CountTable, check_closed_form, literal_alice_wins, residue_counts,
};

#[test]
fn literal_and_count_minimax_agree_on_thousands_of_random_arrays() {
    // This is what shows that only residues matter: the literal solver sees the values.
    let table = CountTable::new(16).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(2029);
    for _ in 0..3000 {
        let len = rng.random_range(0..=16);
        let stones: Vec<i32> = (0..len).map(|_| rng.random_range(1..=10_000)).collect();
        assert_eq!(
            literal_alice_wins(&stones),
            table.alice_wins(residue_counts(&stones)),
            "{stones:?}"
        );
    }
}

#[test]
fn the_closed_form_matches_the_minimax_for_every_count_up_to_60() {
    let table = CountTable::new(60).unwrap();
    let check = check_closed_form(&table, Solution::alice_wins, 2, || {});
    assert_eq!(check.checked, 61 * 61 * 61);
    assert_eq!(check.mismatches, 0, "{:?}", check.first_mismatches);
}

#[test]
fn the_official_examples_agree_with_both_references() {
    let table = CountTable::new(5).unwrap();
    for (stones, expected) in [
        (vec![2, 1], true),
        (vec![2], false),
        (vec![5, 1, 2, 4, 3], false),
    ] {
        assert_eq!(literal_alice_wins(&stones), Some(expected));
        assert_eq!(table.alice_wins(residue_counts(&stones)), Some(expected));
        assert_eq!(Solution::stone_game_ix(stones), expected);
    }
}

#[test]
fn judge_verify_300_checks_27_million_configurations_without_mismatch() {
    cargo_bin_cmd!("judge")
        .args(["verify", "--max", "300"])
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "27,270,901 configurations (c0, c1, c2) in [0, 300]^3, 0 mismatches",
        ))
        .stdout(predicate::str::contains(
            "455 residue multisets with n <= 12, 0 mismatches",
        ));
}

#[test]
fn judge_reference_answers_like_the_examples_and_refuses_what_it_cannot_solve() {
    cargo_bin_cmd!("judge")
        .arg("reference")
        .write_stdin("[5,1,2,4,3]\n[2,1]\n")
        .assert()
        .success()
        .stdout("false\ntrue\n");
    cargo_bin_cmd!("judge")
        .args(["brute", "--literal"])
        .write_stdin(format!("[{}]\n", ["1"; 21].join(",")))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "beyond the literal solver's limit of 20",
        ));
    cargo_bin_cmd!("judge")
        .args(["reference", "--limit", "10"])
        .write_stdin(format!("[{}]\n", ["1"; 11].join(",")))
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "exceed the count reference's limit 10",
        ));
}
