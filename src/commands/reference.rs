//! `judge reference` (alias `brute`): answers by exhaustive minimax, trusting no formula.

use std::io::{self, BufWriter, Write};

use anyhow::{Context, Result, bail};
use clap::Args;

use super::EXIT_OK;
use crate::problem::format::{CaseReader, answer_text};
use crate::problem::reference::{COUNT_MAX_LIMIT, CountTable, LITERAL_MAX_LEN, literal_alice_wins};

/// Arguments of `judge reference`.
#[derive(Debug, Args)]
#[command(after_help = format!(
    "Reads case lines on stdin like the solution binary and writes true/false per case. By \
     default it solves the game on residue counts (a minimax table sized to the input, each \
     count at most --limit); --literal plays on the actual values instead (n <= \
     {LITERAL_MAX_LEN})."
))]
pub struct ReferenceArgs {
    /// Play on the actual stone values, one bit per stone (n <= 20).
    #[arg(long)]
    literal: bool,
    /// Largest residue count the count minimax accepts.
    #[arg(long, default_value_t = COUNT_MAX_LIMIT)]
    limit: u64,
}

/// Reads every case, then answers each by minimax.
pub fn run(args: ReferenceArgs) -> Result<u8> {
    let mut reader = CaseReader::new(io::stdin().lock(), "<stdin>");
    let mut answers = Vec::new();
    if args.literal {
        while let Some(stones) = reader.next_stones()? {
            match literal_alice_wins(&stones) {
                Some(answer) => answers.push(answer),
                None => bail!(
                    "<stdin>: case {} has n = {}, beyond the literal solver's limit of {LITERAL_MAX_LEN}",
                    answers.len() + 1,
                    stones.len()
                ),
            }
        }
    } else {
        let mut counts = Vec::new();
        while let Some((case, residue_counts)) = reader.next_residue_counts()? {
            let largest = residue_counts.into_iter().max().unwrap_or(0);
            if largest > args.limit {
                bail!(
                    "<stdin>:{}: residue counts (c0, c1, c2) = ({}, {}, {}) exceed the count \
                     reference's limit {} (at most {COUNT_MAX_LIMIT})",
                    case.line,
                    residue_counts[0],
                    residue_counts[1],
                    residue_counts[2],
                    args.limit
                );
            }
            counts.push(residue_counts);
        }
        let needed = counts.iter().flatten().copied().max().unwrap_or(0);
        let table = CountTable::new(needed)?;
        for residue_counts in counts {
            answers.push(table.answer(residue_counts)?);
        }
    }
    let mut out = BufWriter::new(io::stdout().lock());
    for answer in answers {
        writeln!(out, "{}", answer_text(answer)).context("cannot write answers")?;
    }
    out.flush().context("cannot write answers")?;
    Ok(EXIT_OK)
}
