//! `judge`: the command line of the Stone Game IX judge. See `judge --help`.

use std::process::ExitCode;

use clap::Parser;
use stone_game_ix::commands::{self, Cli};

/// Parses arguments, runs the subcommand and turns its result into an exit code:
/// 0 all good, 1 a failure found (wrong answer, invalid input, mismatch), 2 usage or
/// internal error, 130/143 interrupted.
fn main() -> ExitCode {
    let cli = Cli::parse();
    match commands::run(cli) {
        Ok(code) => code,
        Err(error) => {
            commands::print_error(&error);
            commands::error_exit_code(&error)
        }
    }
}
