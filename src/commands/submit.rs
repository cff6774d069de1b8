//! `judge submit`: print a submission file verbatim, ready to paste into LeetCode.

use std::io::Write;

use anyhow::Result;
use clap::Args;

use super::EXIT_OK;
use crate::judge::lang::Language;

/// Arguments of `judge submit`.
#[derive(Debug, Args)]
pub struct SubmitArgs {
    /// The language: rust (default, src/solution.rs), python, java, javascript, cpp.
    #[arg(long, default_value = "rust")]
    lang: String,
}

/// Prints our solution in the chosen language's submission shape.
pub fn run(args: SubmitArgs) -> Result<u8> {
    let language = Language::from_name(&args.lang)?;
    let mut stdout = std::io::stdout().lock();
    match stdout.write_all(language.our_submission().as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => Err(e.into()),
        _ => Ok(EXIT_OK),
    }
}
