//! `judge add-case`: add a validated case pair to the case directory.

use std::io::{self, Read};
use std::path::PathBuf;

use anyhow::{Context, Result, bail};
use clap::Args;

use super::EXIT_OK;
use crate::judge::case_files;
use crate::problem::format::{CaseReader, answer_text};
use crate::problem::reference::{CheckedBy, Oracle};
use crate::problem::validate::validate;

/// Arguments of `judge add-case`.
#[derive(Debug, Args)]
#[command(
    after_help = "Example: judge add-case two-ones --input '[1,1]' writes cases/two-ones.in \
                        and cases/two-ones.out (answer from the minimax reference)."
)]
pub struct AddCaseArgs {
    /// Name of the pair: NAME.in and NAME.out.
    name: String,
    /// The case line(s); read from stdin when absent.
    #[arg(long, value_name = "LINE")]
    input: Option<String>,
    /// Directory of case files.
    #[arg(long, default_value = "cases")]
    dir: PathBuf,
    /// Replace an existing pair of that name.
    #[arg(long)]
    force: bool,
}

/// Validates the cases, answers them by the reference and writes the pair atomically.
pub fn run(args: AddCaseArgs) -> Result<u8> {
    let text = match &args.input {
        Some(line) => line.clone().into_bytes(),
        None => {
            let mut text = Vec::new();
            io::stdin()
                .read_to_end(&mut text)
                .context("cannot read stdin")?;
            text
        }
    };
    let source = if args.input.is_some() {
        "--input"
    } else {
        "<stdin>"
    };
    let mut violations = Vec::new();
    validate(&mut CaseReader::new(&text[..], source), |e| {
        violations.push(e.to_string())
    });
    if !violations.is_empty() {
        bail!("the case is not valid:\n  {}", violations.join("\n  "));
    }
    let mut reader = CaseReader::new(&text[..], source);
    let mut cases = Vec::new();
    while let Some(stones) = reader.next_stones()? {
        cases.push(stones);
    }
    let oracle = Oracle::new();
    let mut expected = Vec::new();
    for stones in &cases {
        let (answer, checked_by) = oracle.expected(stones);
        if checked_by == CheckedBy::Model {
            eprintln!(
                "note: n = {} is beyond the minimax table; the answer comes from the model solution",
                stones.len()
            );
        }
        expected.push(answer);
    }
    let slices: Vec<&[i32]> = cases.iter().map(Vec::as_slice).collect();
    let path = case_files::save(&args.dir, &args.name, &slices, &expected, args.force)?;
    let answers: Vec<&str> = expected.iter().map(|&a| answer_text(a)).collect();
    eprintln!(
        "wrote {} and {} ({})",
        path.display(),
        path.with_extension("out").display(),
        answers.join(", ")
    );
    Ok(EXIT_OK)
}
