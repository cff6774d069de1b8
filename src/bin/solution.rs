//! The `solution` binary: LeetCode-style cases on stdin, `true`/`false` per case on stdout.
//!
//! It counts residues while parsing, so memory does not grow with the line, and it runs
//! the submission file's own closed form (`Solution::alice_wins`) on the counts.

use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use stone_game_ix::Solution;
use stone_game_ix::problem::format::CaseReader;

fn main() -> ExitCode {
    let stdin = io::stdin().lock();
    let mut reader = CaseReader::new(stdin, "<stdin>");
    // One large buffer, written when full and once at the end: no flush per answer.
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let outcome = loop {
        match reader.next_residue_counts() {
            Ok(Some((_, residue_counts))) => {
                let answer: &[u8] = if Solution::alice_wins(residue_counts) {
                    b"true\n"
                } else {
                    b"false\n"
                };
                match out.write_all(answer) {
                    Ok(()) => {}
                    // A reader that went away (`| head`) is a normal end.
                    Err(e) if e.kind() == io::ErrorKind::BrokenPipe => break Ok(()),
                    Err(e) => break Err(format!("cannot write answers: {e}")),
                }
            }
            Ok(None) => break Ok(()),
            Err(e) => break Err(e.to_string()),
        }
    };
    // Answers to the lines before a malformed one stay valid: write them out first.
    let flushed = out.flush();
    match (outcome, flushed) {
        (Ok(()), Ok(())) => ExitCode::SUCCESS,
        (Ok(()), Err(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        (Err(message), _) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
        (Ok(()), Err(e)) => {
            eprintln!("error: cannot write answers: {e}");
            ExitCode::from(2)
        }
    }
}
