//! The subcommands of `judge`, one file each, and what they share: how a solution is
//! named on the command line, limits, exit codes and error printing.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Context, Result, bail};
use clap::{Args, Parser, Subcommand};

use crate::judge::batch::Interrupted;
use crate::judge::lang::CompileError;
use crate::judge::process::{self, Limits, Program};
use crate::problem::generator::{Generator, Strategy, fresh_seed};
use crate::problem::validate::{MAX_LEN, MAX_VALUE};

pub mod add_case;
pub mod generate;
pub mod reference;
pub mod stress;
pub mod submit;
pub mod test;
pub mod validate;
pub mod verify;

/// Exit code: every case passed, every input valid, no mismatch.
pub const EXIT_OK: u8 = 0;
/// Exit code: a failure was found (a wrong verdict, an invalid input, a mismatch).
pub const EXIT_FAILURE: u8 = 1;
/// Exit code: bad usage, unreadable input, or an internal error.
pub const EXIT_ERROR: u8 = 2;

/// A local judge for LeetCode 2029 "Stone Game IX": stress-test a solution against an
/// exhaustive minimax reference, with seeded generated cases and minimal counterexamples.
#[derive(Debug, Parser)]
#[command(
    name = "judge",
    version,
    after_help = "Exit codes: 0 all passed / valid, 1 a failure was found, 2 usage or internal \
                  error, 130 interrupted (143 on SIGTERM).\n\
                  Start with: judge stress --seed 1"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Stress a solution with generated cases against the minimax reference.
    Stress(stress::StressArgs),
    /// Run a solution on case files and give a verdict per case.
    Test(test::TestArgs),
    /// Generate seeded, replayable cases in the testcase format.
    Gen(generate::GenArgs),
    /// Check case lines against the problem's constraints.
    Validate(validate::ValidateArgs),
    /// Answer cases by exhaustive minimax (the reference).
    #[command(alias = "brute")]
    Reference(reference::ReferenceArgs),
    /// Prove the closed form against the minimax for every residue count up to a bound.
    Verify(verify::VerifyArgs),
    /// Add a case file pair to cases/ with its answer computed by the reference.
    AddCase(add_case::AddCaseArgs),
    /// Print the submission file, ready to paste into LeetCode.
    Submit(submit::SubmitArgs),
}

/// Runs the parsed command line.
pub fn run(cli: Cli) -> Result<ExitCode> {
    let code = match cli.command {
        Command::Stress(args) => stress::run(args)?,
        Command::Test(args) => test::run(args)?,
        Command::Gen(args) => generate::run(args)?,
        Command::Validate(args) => validate::run(args)?,
        Command::Reference(args) => reference::run(args)?,
        Command::Verify(args) => verify::run(args)?,
        Command::AddCase(args) => add_case::run(args)?,
        Command::Submit(args) => submit::run(args)?,
    };
    Ok(ExitCode::from(code))
}

/// Prints an error as `error: …` followed by each cause.
pub fn print_error(error: &anyhow::Error) {
    eprintln!("error: {error}");
    for cause in error.chain().skip(1) {
        eprintln!("  caused by: {cause}");
    }
}

/// The exit code for an error: interrupted runs exit 128 + signal, a compile error is a
/// verdict (1), others 2.
pub fn error_exit_code(error: &anyhow::Error) -> ExitCode {
    if error.is::<CompileError>() {
        ExitCode::from(EXIT_FAILURE)
    } else if error.is::<Interrupted>() {
        ExitCode::from(process::interrupted_exit_code())
    } else {
        ExitCode::from(EXIT_ERROR)
    }
}

/// Which solution to judge: the project's own by default.
#[derive(Debug, Clone, Args)]
pub struct SolutionArgs {
    /// Any program that reads case lines on stdin and writes one answer per line; split
    /// into words like a shell would, run without a shell.
    #[arg(long, value_name = "CMD", conflicts_with = "solution")]
    pub cmd: Option<String>,
    /// A LeetCode submission file (.rs, .py, .java, .js, .cpp), wrapped in a driver.
    #[arg(long, value_name = "FILE")]
    pub solution: Option<PathBuf>,
    /// The language of --solution when its extension does not say (rust, python, java,
    /// javascript, cpp).
    #[arg(long, value_name = "LANG", requires = "solution")]
    pub lang: Option<String>,
}

impl SolutionArgs {
    /// The program to run: `--cmd`, a driver around `--solution`, or our `solution` binary.
    /// `memory_limit` sizes the heap of runtimes limited by their own flags (JVM, V8).
    pub fn program(&self, memory_limit: u64) -> Result<Program> {
        if let Some(command) = &self.cmd {
            return Program::from_command_line(command);
        }
        if let Some(file) = &self.solution {
            return crate::judge::lang::prepare(file, self.lang.as_deref(), memory_limit);
        }
        let binary = own_solution_binary()?.display().to_string();
        Ok(Program {
            argv: vec![binary.clone()],
            address_space_limit: true,
            label: binary,
        })
    }
}

/// The `solution` binary built beside this `judge` executable.
pub fn own_solution_binary() -> Result<PathBuf> {
    let judge = std::env::current_exe().context("cannot locate the judge executable")?;
    let dir = judge
        .parent()
        .context("the judge executable has no directory")?;
    // Integration tests run from target/<profile>/deps; the binaries sit one level up.
    for candidate in [dir.join("solution"), dir.join("../solution")] {
        if candidate.is_file() {
            return Ok(candidate);
        }
    }
    bail!(
        "the solution binary is not beside {} (build it with: cargo build --release)",
        judge.display()
    )
}

/// What to generate, shared by `gen` and `stress`.
#[derive(Debug, Clone, Args)]
pub struct GeneratorArgs {
    /// The seed (a u64); a random one is drawn and printed when absent.
    #[arg(long)]
    pub seed: Option<u64>,
    /// A generator strategy (repeatable; default: mixed). See `judge gen --list-strategies`.
    #[arg(long = "strategy", value_name = "NAME", value_parser = Strategy::from_name)]
    pub strategies: Vec<Strategy>,
    /// Largest n generated.
    #[arg(long, default_value_t = MAX_LEN)]
    pub max_n: usize,
    /// Largest value generated (at least 3, so every residue class has a value).
    #[arg(long, default_value_t = MAX_VALUE)]
    pub max_value: i32,
}

impl GeneratorArgs {
    /// The generator, with the given seed or a fresh one; the seed is the caller's to print.
    pub fn generator(&self) -> Result<Generator> {
        let seed = self.seed.unwrap_or_else(fresh_seed);
        Generator::new(seed, self.strategies.clone(), self.max_n, self.max_value)
    }
}

/// Limits as given on the command line.
#[derive(Debug, Clone, Args)]
pub struct LimitArgs {
    /// CPU time limit per case, e.g. 2s, 500ms (a wall-clock guard 0.9 s past it stops
    /// programs that sleep).
    #[arg(long, default_value = "2s", value_parser = parse_duration)]
    pub time_limit: Duration,
    /// Memory limit, e.g. 256MiB, 1GiB.
    #[arg(long, default_value = "256MiB", value_parser = parse_size)]
    pub memory_limit: u64,
    /// Output limit per run, e.g. 16MiB.
    #[arg(long, default_value = "16MiB", value_parser = parse_size)]
    pub output_limit: u64,
}

impl LimitArgs {
    /// The limits for the process module.
    pub fn limits(&self) -> Limits {
        Limits::new(self.time_limit, self.memory_limit, self.output_limit)
    }
}

/// Parses `2s`, `500ms`, `1.5s`, `1m` (a bare number is seconds).
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let (number, unit) = split_unit(text);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("'{text}' is not a duration like 2s or 500ms"))?;
    let seconds = match unit {
        "" | "s" => value,
        "ms" => value / 1000.0,
        "m" | "min" => value * 60.0,
        _ => {
            return Err(format!(
                "unknown unit '{unit}' in '{text}' (use ms, s or m)"
            ));
        }
    };
    if !(seconds > 0.0 && seconds < 86_400.0) {
        return Err(format!("'{text}' must be more than 0 and less than a day"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// Parses `256MiB`, `1GiB`, `512KiB`, `64MB`, or a number of bytes.
pub fn parse_size(text: &str) -> Result<u64, String> {
    let (number, unit) = split_unit(text);
    let value: f64 = number
        .parse()
        .map_err(|_| format!("'{text}' is not a size like 256MiB"))?;
    let scale: f64 = match unit.to_ascii_lowercase().as_str() {
        "" | "b" => 1.0,
        "k" | "kib" => 1024.0,
        "kb" => 1e3,
        "m" | "mib" => 1024.0 * 1024.0,
        "mb" => 1e6,
        "g" | "gib" => 1024.0 * 1024.0 * 1024.0,
        "gb" => 1e9,
        _ => {
            return Err(format!(
                "unknown unit '{unit}' in '{text}' (use KiB, MiB or GiB)"
            ));
        }
    };
    let bytes = value * scale;
    if !(1.0..1e15).contains(&bytes) {
        return Err(format!("'{text}' is out of range"));
    }
    Ok(bytes as u64)
}

fn split_unit(text: &str) -> (&str, &str) {
    let text = text.trim();
    let split = text
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(text.len());
    (&text[..split], text[split..].trim())
}

/// A `u64` option that must be at least 1 (`--cases 0` is a usage error).
pub fn parse_positive(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("must be at least 1".to_string()),
        Ok(value) => Ok(value),
        Err(_) => Err(format!("'{text}' is not a whole number")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_and_sizes_read_as_people_write_them() {
        assert_eq!(parse_duration("2s"), Ok(Duration::from_secs(2)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert_eq!(parse_duration("1.5"), Ok(Duration::from_millis(1500)));
        assert!(parse_duration("0s").is_err());
        assert!(parse_duration("fast").is_err());
        assert_eq!(parse_size("256MiB"), Ok(256 << 20));
        assert_eq!(parse_size("1GiB"), Ok(1 << 30));
        assert_eq!(parse_size("1000"), Ok(1000));
        assert!(parse_size("12parsecs").is_err());
        assert!(parse_positive("0").is_err());
    }
}
