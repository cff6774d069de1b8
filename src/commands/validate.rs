//! `judge validate`: strict constraint checks of case lines, like a testlib validator.

use std::fs::File;
use std::io::{self, BufReader};
use std::path::PathBuf;

use anyhow::{Context, Result};
use clap::Args;

use super::{EXIT_FAILURE, EXIT_OK};
use crate::problem::format::CaseReader;
use crate::problem::validate::{MAX_LEN, MAX_VALUE, MIN_LEN, MIN_VALUE, validate};

/// Arguments of `judge validate`.
#[derive(Debug, Args)]
#[command(after_help = format!(
    "Checks every line: well-formed, {MIN_LEN} <= n <= {MAX_LEN}, {MIN_VALUE} <= stones[i] <= \
     {MAX_VALUE}. Leading zeros are rejected (as in JSON). Prints each violation as \
     file:line:col: message. Exit 0 when all valid, 1 otherwise, 2 if a file cannot be read."
))]
pub struct ValidateArgs {
    /// Files to check (stdin when none).
    files: Vec<PathBuf>,
}

/// Validates each file (or stdin) and reports every violation.
pub fn run(args: ValidateArgs) -> Result<u8> {
    let mut cases = 0;
    let mut violations = 0;
    let mut report = |error| eprintln!("{error}");
    if args.files.is_empty() {
        let mut reader = CaseReader::new(io::stdin().lock(), "<stdin>");
        let summary = validate(&mut reader, &mut report);
        cases += summary.cases;
        violations += summary.violations;
    }
    for path in &args.files {
        anyhow::ensure!(
            !path.is_dir(),
            "{} is a directory, not a case file",
            path.display()
        );
        let file = File::open(path).with_context(|| format!("cannot open {}", path.display()))?;
        let mut reader = CaseReader::new(BufReader::new(file), path.display().to_string());
        let summary = validate(&mut reader, &mut report);
        cases += summary.cases;
        violations += summary.violations;
    }
    if violations == 0 {
        eprintln!("valid: {cases} cases");
        Ok(EXIT_OK)
    } else {
        eprintln!("invalid: {violations} violations in {cases} cases");
        Ok(EXIT_FAILURE)
    }
}
