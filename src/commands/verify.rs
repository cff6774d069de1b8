//! `judge verify`: machine-checked proof of the closed form up to a bound.
//!
//! Two links, each checked exhaustively: the literal minimax (actual values) agrees with
//! the count minimax on every residue multiset of up to 12 stones — residues are all that
//! matter — and the count minimax agrees with the solution's closed form on every
//! (c0, c1, c2) in [0, K]^3.

use std::time::Instant;

use anyhow::Result;
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::{EXIT_FAILURE, EXIT_OK};
use crate::Solution;
use crate::problem::format::format_case;
use crate::problem::reference::{
    COUNT_MAX_LIMIT, CountTable, array_with_counts, check_closed_form, check_literal_against_counts,
};

/// Stones per multiset in the literal-versus-count check.
const LITERAL_CHECK_LEN: u64 = 12;

/// Arguments of `judge verify`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Check every (c0, c1, c2) with each count at most K (memory: (K+1)^3 bytes).
    #[arg(long = "max", value_name = "K", default_value_t = 300)]
    max: u64,
    /// Threads for the closed-form comparison (default: the core count).
    #[arg(long)]
    jobs: Option<usize>,
}

/// Runs both checks and prints the figures; exit 0 iff no mismatch.
pub fn run(args: VerifyArgs) -> Result<u8> {
    anyhow::ensure!(
        args.max <= COUNT_MAX_LIMIT,
        "--max is at most {COUNT_MAX_LIMIT} (the table takes (K+1)^3 bytes)"
    );
    let started = Instant::now();
    let table = CountTable::new(args.max.max(LITERAL_CHECK_LEN))?;
    let built = started.elapsed();
    eprintln!(
        "count minimax: solved every position with counts up to {} in {:.2?} ({:.1} MiB table)",
        table.limit(),
        built,
        table.memory_bytes() as f64 / (1 << 20) as f64
    );

    let (multisets, literal_mismatches) = check_literal_against_counts(&table, LITERAL_CHECK_LEN);
    println!(
        "literal minimax vs count minimax: {multisets} residue multisets with n <= \
         {LITERAL_CHECK_LEN}, {} mismatches",
        literal_mismatches.len()
    );
    for counts in literal_mismatches.iter().take(5) {
        println!("  mismatch: {}", format_case(&array_with_counts(*counts)));
    }

    let table = if table.limit() == args.max {
        table
    } else {
        CountTable::new(args.max)?
    };
    let rows = args.max + 1;
    let progress = ProgressBar::new(rows);
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} rows of c0 {elapsed}")
            .expect("the template is valid"),
    );
    let jobs = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let check = check_closed_form(&table, Solution::alice_wins, jobs, || progress.inc(1));
    progress.finish_and_clear();
    println!(
        "closed form vs count minimax: {} configurations (c0, c1, c2) in [0, {}]^3, {} mismatches",
        group_thousands(check.checked),
        args.max,
        check.mismatches
    );
    for counts in &check.first_mismatches {
        let stones = array_with_counts(*counts);
        println!(
            "  mismatch: counts {counts:?}, e.g. {} (minimax {}, closed form {})",
            format_case(&stones),
            table.alice_wins(*counts).unwrap_or_default(),
            Solution::alice_wins(*counts)
        );
    }
    println!("time: {:.2?}", started.elapsed());
    let clean = check.mismatches == 0 && literal_mismatches.is_empty();
    Ok(if clean { EXIT_OK } else { EXIT_FAILURE })
}

/// 27270901 → "27,270,901".
fn group_thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut grouped = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}
