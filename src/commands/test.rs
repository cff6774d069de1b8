//! `judge test`: run a solution on case files, a verdict per case.

use std::path::PathBuf;

use anyhow::Result;
use clap::Args;

use super::{EXIT_FAILURE, EXIT_OK, LimitArgs, SolutionArgs};
use crate::judge::batch::{Interrupted, Judge, stderr_excerpt};
use crate::judge::case_files::{self, CaseFile};
use crate::judge::process;
use crate::judge::verdict::Verdict;
use crate::problem::format::abbreviate_case;

/// Arguments of `judge test`.
#[derive(Debug, Args)]
#[command(
    after_help = "Prints one line per case (verdict, place, CPU time; input, expected and \
                        got on failure) and ends with 'N passed, N failed'. Exit 0 iff all \
                        passed, 1 if any failed, 2 on bad case files or usage."
)]
pub struct TestArgs {
    #[command(flatten)]
    solution: SolutionArgs,
    #[command(flatten)]
    limits: LimitArgs,
    /// Case files or directories of them (NAME.in beside NAME.out).
    #[arg(default_value = "cases")]
    paths: Vec<PathBuf>,
}

/// Judges every case of every file and prints the summary.
pub fn run(args: TestArgs) -> Result<u8> {
    process::install_interrupt_handler();
    let inputs = case_files::find_inputs(&args.paths)?;
    // Read and check every file first: a bad file stops the run before any program starts.
    let files: Vec<CaseFile> = inputs
        .iter()
        .map(|p| case_files::load(p))
        .collect::<Result<_>>()?;
    let limits = args.limits.limits();
    let judge = Judge::new(args.solution.program(limits.memory)?, limits);
    let (mut passed, mut failed) = (0u64, 0u64);
    for file in &files {
        let cases: Vec<&[i32]> = file.cases.iter().map(Vec::as_slice).collect();
        let outcomes = match judge.judge(&cases, &file.expected, false) {
            Ok(outcomes) => outcomes,
            Err(error) if error.is::<Interrupted>() => {
                println!("interrupted: {passed} passed, {failed} failed before the interruption");
                return Err(error);
            }
            Err(error) => return Err(error),
        };
        for ((outcome, stones), line) in outcomes.iter().zip(&file.cases).zip(&file.lines) {
            let place = format!("{}:{line}", file.input_path.display());
            println!(
                "{:<3} {place} {:.3}s",
                outcome.verdict,
                outcome.cpu.as_secs_f64()
            );
            if outcome.verdict == Verdict::Accepted {
                passed += 1;
                continue;
            }
            failed += 1;
            println!("    input:    {}", abbreviate_case(stones));
            println!("    expected: {}", outcome.expected);
            if let Some(got) = outcome.got {
                println!("    got:      {got}");
            }
            println!("    detail:   {}", outcome.detail);
        }
    }
    let stderr = stderr_excerpt(&judge.stats().stderr_tail);
    if failed > 0 && !stderr.is_empty() {
        println!("stderr (tail):");
        for line in stderr {
            println!("    {line}");
        }
    }
    println!("{passed} passed, {failed} failed");
    Ok(if failed == 0 { EXIT_OK } else { EXIT_FAILURE })
}
