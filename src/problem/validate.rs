//! The validator: strict checks of the problem's constraints on case lines.
//!
//! The reader ([`super::format`]) decides what is well-formed; this module decides what
//! is allowed: `1 <= stones.length <= 10^5` and `1 <= stones[i] <= 10^4`.

use std::io::Read;

use super::format::{CaseReader, FormatError};

/// Fewest stones in a valid case.
pub const MIN_LEN: usize = 1;
/// Most stones in a valid case.
pub const MAX_LEN: usize = 100_000;
/// Smallest valid stone value.
pub const MIN_VALUE: i32 = 1;
/// Largest valid stone value.
pub const MAX_VALUE: i32 = 10_000;

/// How many out-of-range values of one line are reported before the rest are counted.
const REPORTED_PER_LINE: usize = 5;

/// Whether a case satisfies every constraint of the problem.
pub fn is_valid(stones: &[i32]) -> bool {
    (MIN_LEN..=MAX_LEN).contains(&stones.len())
        && stones.iter().all(|s| (MIN_VALUE..=MAX_VALUE).contains(s))
}

/// What a validation pass found.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Summary {
    /// Case lines read (well-formed or not).
    pub cases: u64,
    /// Violations found, reported or not.
    pub violations: u64,
}

/// Validates every line of `reader`, calling `report` for each violation in input order.
///
/// A malformed line is reported once and skipped, so one bad line does not hide the rest.
pub fn validate<R: Read>(
    reader: &mut CaseReader<R>,
    mut report: impl FnMut(FormatError),
) -> Summary {
    let mut summary = Summary::default();
    loop {
        let mut out_of_range = Vec::new();
        let mut hidden = 0u64;
        let result = reader.next_case(|stone| {
            if !(MIN_VALUE..=MAX_VALUE).contains(&stone.value) {
                if out_of_range.len() < REPORTED_PER_LINE {
                    out_of_range.push(stone);
                } else {
                    hidden += 1;
                }
            }
        });
        match result {
            Ok(None) => break,
            Ok(Some(case)) => {
                summary.cases += 1;
                for stone in &out_of_range {
                    let bound = if stone.value < MIN_VALUE {
                        format!("below the minimum {MIN_VALUE}")
                    } else {
                        format!("above the maximum {MAX_VALUE}")
                    };
                    report(reader.error_at(
                        case.line,
                        stone.col,
                        format!("stones[{}] = {} is {bound}", stone.index, stone.value),
                    ));
                }
                if hidden > 0 {
                    report(reader.error_at(
                        case.line,
                        1,
                        format!("{hidden} more values on this line are out of range"),
                    ));
                }
                summary.violations += out_of_range.len() as u64 + hidden;
                if !(MIN_LEN..=MAX_LEN).contains(&case.len) {
                    let bound = if case.len < MIN_LEN {
                        format!("below the minimum {MIN_LEN}")
                    } else {
                        format!("above the maximum {MAX_LEN}")
                    };
                    report(reader.error_at(case.line, 1, format!("n = {} is {bound}", case.len)));
                    summary.violations += 1;
                }
            }
            Err(error) => {
                summary.cases += 1;
                summary.violations += 1;
                report(error);
                if let Err(error) = reader.skip_line() {
                    report(error);
                    break;
                }
            }
        }
    }
    if summary.cases == 0 {
        report(reader.error_at(1, 1, "no case found: a case file needs at least one line"));
        summary.violations += 1;
    }
    summary
}

#[cfg(test)]
mod tests {
    use super::*;

    fn violations(text: &str) -> Vec<String> {
        let mut reader = CaseReader::new(text.as_bytes(), "f");
        let mut found = Vec::new();
        validate(&mut reader, |e| found.push(e.to_string()));
        found
    }

    #[test]
    fn valid_input_has_no_violation() {
        assert!(violations("[1]\n[10000,1,2]\nstones = [3, 3]\n").is_empty());
    }

    #[test]
    fn every_junk_input_is_rejected() {
        let too_long = format!("[{}]", vec!["1"; MAX_LEN + 1].join(","));
        let junk = [
            "[]",
            "[1,]",
            "[01]",
            "[1,,2]",
            "[1 2]",
            "[1,2",
            "[1]x",
            "[0]",
            "[10001]",
            "[-1]",
            "[2147483648]",
            "1,2",
            "",
            "[1.5]",
            "[\"1\"]",
            "[+1]",
            too_long.as_str(),
        ];
        for input in junk {
            assert!(!violations(input).is_empty(), "accepted {input:?}");
        }
    }

    #[test]
    fn violations_name_the_place_and_the_bound() {
        assert_eq!(
            violations("[1]\n[5,0,10001]\n[]\n[1,,2]\n[3]"),
            vec![
                "f:2:4: stones[1] = 0 is below the minimum 1",
                "f:2:6: stones[2] = 10001 is above the maximum 10000",
                "f:3:1: n = 0 is below the minimum 1",
                "f:4:4: expected a number but found ','",
            ]
        );
    }

    #[test]
    fn a_line_full_of_bad_values_is_summarised() {
        let found = violations(&format!("[{}]", ["0"; 9].join(",")));
        assert_eq!(found.len(), REPORTED_PER_LINE + 1);
        assert_eq!(
            found[REPORTED_PER_LINE],
            "f:1:1: 4 more values on this line are out of range"
        );
    }

    #[test]
    fn is_valid_matches_the_constraints() {
        assert!(is_valid(&[1, 10_000]));
        assert!(!is_valid(&[]));
        assert!(!is_valid(&[0]));
        assert!(!is_valid(&[10_001]));
        assert!(is_valid(&vec![1; MAX_LEN]));
        assert!(!is_valid(&vec![1; MAX_LEN + 1]));
    }
}
