//! Fuzzing the testcase reader and the validator with arbitrary and near-valid bytes
//! (a fixed budget, so CI runs it): no panic, and whatever the validator accepts the
//! reader parses to the numbers an independent JSON parser sees.

use proptest::prelude::*;
use stone_game_ix::problem::format::{CaseReader, parse_cases};
use stone_game_ix::problem::validate::validate;

/// Bytes drawn mostly from the format's own alphabet, so that runs get deep into it.
fn near_valid() -> impl Strategy<Value = Vec<u8>> {
    let alphabet: Vec<u8> = b"[],, -0123456789\n\r\tstones=x".to_vec();
    prop::collection::vec(prop::sample::select(alphabet), 0..80)
}

fn check(bytes: &[u8]) {
    let parsed = parse_cases(bytes, "fuzz");
    let mut violations = 0;
    let summary = validate(&mut CaseReader::new(bytes, "fuzz"), |_| violations += 1);
    assert_eq!(summary.violations, violations);
    if violations > 0 {
        return;
    }
    let cases = parsed.expect("what the validator accepts, the reader parses");
    let text = std::str::from_utf8(bytes).expect("accepted input is ASCII");
    let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), cases.len());
    for (line, stones) in lines.iter().zip(&cases) {
        let array = line.split_once('=').map_or(*line, |(_, array)| array);
        let independent: Vec<i64> = serde_json::from_str(array.trim()).expect("valid JSON array");
        let ours: Vec<i64> = stones.iter().map(|&s| i64::from(s)).collect();
        assert_eq!(ours, independent, "{line:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        check(&bytes);
    }

    #[test]
    fn near_valid_bytes_agree_with_an_independent_parser(bytes in near_valid()) {
        check(&bytes);
    }

    #[test]
    fn generated_valid_lines_are_accepted_and_read_back(
        cases in prop::collection::vec(prop::collection::vec(1i32..=10_000, 1..30), 1..10),
        spaced in any::<bool>(),
    ) {
        let separator = if spaced { " , " } else { "," };
        let text: String = cases
            .iter()
            .map(|c| format!("[{}]\n", c.iter().map(i32::to_string).collect::<Vec<_>>().join(separator)))
            .collect();
        let mut violations = 0;
        validate(&mut CaseReader::new(text.as_bytes(), "gen"), |_| violations += 1);
        prop_assert_eq!(violations, 0);
        prop_assert_eq!(parse_cases(text.as_bytes(), "gen").unwrap(), cases);
    }
}
