//! Judging many cases in one process, with verdicts per case.
//!
//! Batching is only a speed device: a process per case would cap throughput at a few
//! hundred cases a second. When a batch fails as a whole (a crash, a timeout, a wrong
//! number of lines), its halves are run again, down to single cases, so every case gets
//! the verdict it would get alone.

use std::sync::Mutex;
use std::time::Duration;

use anyhow::{Result, bail};

use super::process::{self, Exit, Limits, Program, Run, Stopped};
use super::verdict::{CaseOutcome, Verdict};
use crate::problem::format::{parse_answer, write_case};

/// Marks in stderr by which runtimes report a failed allocation under a memory limit.
/// Under `RLIMIT_AS` these come far below the limit in RSS, so peak RSS alone misses them.
const OUT_OF_MEMORY_MARKS: [&str; 6] = [
    "MemoryError",
    "memory allocation of",
    "bad_alloc",
    "OutOfMemoryError",
    "heap out of memory",
    "Cannot allocate memory",
];

/// The last lines of a program's stderr as a report shows them: at most 8 lines of at
/// most 200 characters, so a flood on one line cannot bury the summary.
pub fn stderr_excerpt(tail: &[u8]) -> Vec<String> {
    const LINES: usize = 8;
    const WIDTH: usize = 200;
    let text = String::from_utf8_lossy(tail);
    let mut lines: Vec<String> = text
        .lines()
        .rev()
        .take(LINES)
        .map(|line| {
            if line.chars().count() > WIDTH {
                format!("{}…", line.chars().take(WIDTH).collect::<String>())
            } else {
                line.to_string()
            }
        })
        .collect();
    lines.reverse();
    lines
}

/// Figures gathered over all runs of a judge.
#[derive(Debug, Default, Clone)]
pub struct RunStats {
    /// Processes started.
    pub runs: u64,
    /// The longest run by CPU time, and how many cases it held.
    pub slowest: Option<(Duration, usize)>,
    /// Highest peak RSS of any run, KiB.
    pub peak_rss_kib: u64,
    /// Highest measurement floor seen (see [`Run::rss_floor_kib`]): peaks up to it are
    /// only known to be at most it.
    pub rss_floor_kib: u64,
    /// The last stderr bytes of the most recent failed run.
    pub stderr_tail: Vec<u8>,
}

/// Runs a program on groups of cases and judges each case.
pub struct Judge {
    program: Program,
    limits: Limits,
    stats: Mutex<RunStats>,
}

/// A run-level failure, before it is pinned on a case.
struct Failure {
    verdict: Verdict,
    detail: String,
}

impl Judge {
    /// A judge of `program` under `limits`.
    pub fn new(program: Program, limits: Limits) -> Self {
        Judge {
            program,
            limits,
            stats: Mutex::new(RunStats::default()),
        }
    }

    /// The program judged.
    pub fn program(&self) -> &Program {
        &self.program
    }

    /// Processes started so far.
    pub fn runs(&self) -> u64 {
        self.stats.lock().expect("stats lock is not poisoned").runs
    }

    /// Figures so far.
    pub fn stats(&self) -> RunStats {
        self.stats
            .lock()
            .expect("stats lock is not poisoned")
            .clone()
    }

    /// Judges `cases` against `expected`, one outcome per case, in order. With
    /// `stop_at_failure` the outcomes end at the first case that is not accepted, and
    /// the cases after it are not run.
    ///
    /// Errors only when the program cannot be run at all or the judge is interrupted.
    pub fn judge(
        &self,
        cases: &[&[i32]],
        expected: &[bool],
        stop_at_failure: bool,
    ) -> Result<Vec<CaseOutcome>> {
        assert_eq!(cases.len(), expected.len());
        let mut outcomes = Vec::with_capacity(cases.len());
        self.judge_group(cases, expected, stop_at_failure, &mut outcomes)?;
        Ok(outcomes)
    }

    fn judge_group(
        &self,
        cases: &[&[i32]],
        expected: &[bool],
        stop_at_failure: bool,
        outcomes: &mut Vec<CaseOutcome>,
    ) -> Result<()> {
        let failed = |outcomes: &Vec<CaseOutcome>| {
            stop_at_failure
                && outcomes
                    .last()
                    .is_some_and(|o| o.verdict != Verdict::Accepted)
        };
        let mut input = Vec::new();
        for stones in cases {
            write_case(&mut input, stones).expect("writing to a Vec cannot fail");
        }
        let run = process::run(&self.program, &input, &self.limits)?;
        if run.stopped == Some(Stopped::Interrupted) {
            bail!(Interrupted);
        }
        self.record(&run, cases.len());
        let cpu = run.cpu / cases.len() as u32;
        let failure = match self.run_failure(&run) {
            Some(failure) => failure,
            None => {
                // The program ran to completion: its answers are positional, as on
                // LeetCode. A malformed or missing line is pinned on its own case; the
                // cases after it run again, since their lines can no longer be trusted.
                let (answers, problem) = read_answers(&run.stdout, cases.len());
                let Some((at, failure)) = problem else {
                    push_answers(outcomes, &answers, expected, cpu, stop_at_failure);
                    return Ok(());
                };
                push_answers(
                    outcomes,
                    &answers[..at],
                    &expected[..at],
                    cpu,
                    stop_at_failure,
                );
                if failed(outcomes) {
                    return Ok(());
                }
                outcomes.push(CaseOutcome {
                    verdict: failure.verdict,
                    expected: expected[at],
                    got: answers.get(at).copied(),
                    detail: failure.detail,
                    cpu,
                });
                if failed(outcomes) || at + 1 == cases.len() {
                    return Ok(());
                }
                let rest = at + 1..cases.len();
                return self.judge_group(
                    &cases[rest.clone()],
                    &expected[rest],
                    stop_at_failure,
                    outcomes,
                );
            }
        };
        if cases.len() == 1 {
            outcomes.push(CaseOutcome {
                verdict: failure.verdict,
                expected: expected[0],
                got: None,
                detail: failure.detail,
                cpu,
            });
            return Ok(());
        }
        // A program that crashed or ran out of time after answering some cases gave
        // answers that stand (each answer depends on its own line only). The next case
        // is the suspect: run it alone, then the rest. Without such answers (a crash
        // before any output was flushed), bisect.
        let mut answers = leading_answers(&run.stdout);
        answers.truncate(cases.len() - 1);
        let answered = answers.len();
        let crashed = matches!(
            failure.verdict,
            Verdict::RuntimeError | Verdict::TimeLimitExceeded | Verdict::MemoryLimitExceeded
        );
        if answered > 0 && crashed {
            push_answers(
                outcomes,
                &answers,
                &expected[..answered],
                cpu,
                stop_at_failure,
            );
            if failed(outcomes) {
                return Ok(());
            }
            let rest = answered..cases.len();
            return self.judge_group(
                &cases[rest.clone()],
                &expected[rest],
                stop_at_failure,
                outcomes,
            );
        }
        let middle = cases.len() / 2;
        self.judge_group(
            &cases[..middle],
            &expected[..middle],
            stop_at_failure,
            outcomes,
        )?;
        if failed(outcomes) {
            return Ok(());
        }
        self.judge_group(
            &cases[middle..],
            &expected[middle..],
            stop_at_failure,
            outcomes,
        )
    }

    /// What went wrong with the run as a whole, if anything (its output aside).
    fn run_failure(&self, run: &Run) -> Option<Failure> {
        let failure = |verdict, detail: String| Some(Failure { verdict, detail });
        let limits = &self.limits;
        match run.stopped {
            Some(Stopped::CpuTime) => {
                return failure(
                    Verdict::TimeLimitExceeded,
                    format!("CPU time over the limit of {:.2?}", limits.time),
                );
            }
            Some(Stopped::WallTime) => {
                return failure(
                    Verdict::TimeLimitExceeded,
                    format!(
                        "wall time over the guard of {:.2?} (CPU {:.2?}): sleeping, blocked or starved of CPU",
                        limits.wall, run.cpu
                    ),
                );
            }
            Some(Stopped::Output) => {
                return failure(
                    Verdict::OutputLimitExceeded,
                    format!("more than {} bytes of output", limits.output),
                );
            }
            Some(Stopped::Interrupted) | None => {}
        }
        let stderr = String::from_utf8_lossy(&run.stderr_tail);
        let peak = run.peak_rss_kib * 1024;
        // A memory group that enforces the limit kills the program right at it.
        let killed_at_limit =
            matches!(run.exit, Exit::Signal(_)) && peak + (1 << 20) >= limits.memory;
        let over_memory = peak > limits.memory
            || killed_at_limit
            || (run.exit != Exit::Code(0)
                && OUT_OF_MEMORY_MARKS.iter().any(|m| stderr.contains(m)));
        if over_memory {
            return failure(
                Verdict::MemoryLimitExceeded,
                format!(
                    "memory over the limit of {} MiB (peak RSS {} MiB)",
                    limits.memory >> 20,
                    run.peak_rss_kib >> 10
                ),
            );
        }
        match run.exit {
            Exit::Code(0) => None,
            Exit::Code(code) => failure(Verdict::RuntimeError, format!("exit code {code}")),
            Exit::Signal(signal) => failure(
                Verdict::RuntimeError,
                format!("killed by {}", process::signal_name(signal)),
            ),
        }
    }

    fn record(&self, run: &Run, cases: usize) {
        let mut stats = self.stats.lock().expect("stats lock is not poisoned");
        stats.runs += 1;
        if stats.slowest.is_none_or(|(cpu, _)| run.cpu > cpu) {
            stats.slowest = Some((run.cpu, cases));
        }
        if run.peak_rss_kib > run.rss_floor_kib {
            stats.peak_rss_kib = stats.peak_rss_kib.max(run.peak_rss_kib);
        }
        stats.rss_floor_kib = stats.rss_floor_kib.max(run.rss_floor_kib);
        if run.exit != Exit::Code(0) || run.stopped.is_some() {
            stats.stderr_tail.clone_from(&run.stderr_tail);
        }
    }
}

/// Judges answers against expected ones, stopping after the first wrong one if asked.
fn push_answers(
    outcomes: &mut Vec<CaseOutcome>,
    answers: &[bool],
    expected: &[bool],
    cpu: Duration,
    stop_at_failure: bool,
) {
    for (&got, &expected) in answers.iter().zip(expected) {
        let (verdict, detail) = if got == expected {
            (Verdict::Accepted, String::new())
        } else {
            (
                Verdict::WrongAnswer,
                format!("expected {expected}, got {got}"),
            )
        };
        outcomes.push(CaseOutcome {
            verdict,
            expected,
            got: Some(got),
            detail,
            cpu,
        });
        if stop_at_failure && verdict != Verdict::Accepted {
            return;
        }
    }
}

/// The complete `true`/`false` lines that open the output.
fn leading_answers(stdout: &[u8]) -> Vec<bool> {
    let complete = match stdout.iter().rposition(|&b| b == b'\n') {
        Some(end) => &stdout[..end],
        None => return Vec::new(),
    };
    String::from_utf8_lossy(complete)
        .lines()
        .map_while(parse_answer)
        .collect()
}

/// Reads the answers of a program that exited normally: the valid ones, and the first
/// problem with the case it is pinned on — a line that is not an answer (PE, on the case
/// of that line), a missing line (WA, on the first unanswered case) or lines after the
/// last answer (WA, on the last case).
fn read_answers(stdout: &[u8], count: usize) -> (Vec<bool>, Option<(usize, Failure)>) {
    let text = String::from_utf8_lossy(stdout);
    let mut answers = Vec::with_capacity(count);
    for (i, line) in text.lines().enumerate() {
        if i == count {
            let failure = Failure {
                verdict: Verdict::WrongAnswer,
                detail: format!("extra output after the last answer: '{}'", shorten(line)),
            };
            return (answers, Some((count - 1, failure)));
        }
        match parse_answer(line) {
            Some(answer) => answers.push(answer),
            None => {
                let failure = Failure {
                    verdict: Verdict::PresentationError,
                    detail: format!("output line '{}' is not 'true' or 'false'", shorten(line)),
                };
                return (answers, Some((i, failure)));
            }
        }
    }
    if answers.len() < count {
        let at = answers.len();
        let failure = Failure {
            verdict: Verdict::WrongAnswer,
            detail: format!("missing answer for case {}", at + 1),
        };
        return (answers, Some((at, failure)));
    }
    (answers, None)
}

fn shorten(line: &str) -> String {
    const SHOWN: usize = 40;
    if line.chars().count() <= SHOWN {
        line.to_string()
    } else {
        format!("{}…", line.chars().take(SHOWN).collect::<String>())
    }
}

/// Fails with a clear message if the run was cut short by Ctrl-C or SIGTERM.
pub fn check_interrupted() -> Result<()> {
    if process::INTERRUPTED.load(std::sync::atomic::Ordering::Relaxed) {
        bail!(Interrupted);
    }
    Ok(())
}

/// The error a judge returns when it was interrupted; callers print the summary so far.
#[derive(Debug, Clone, Copy)]
pub struct Interrupted;

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("interrupted")
    }
}

impl std::error::Error for Interrupted {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn output_problems_are_pinned_on_their_case() {
        let (answers, problem) = read_answers(b"true\nfalse\n", 2);
        assert_eq!((answers, problem.is_none()), (vec![true, false], true));
        let (answers, problem) = read_answers(b"true\n", 3);
        let (at, failure) = problem.unwrap();
        assert_eq!(
            (answers, at, failure.verdict),
            (vec![true], 1, Verdict::WrongAnswer)
        );
        let (_, problem) = read_answers(b"true\nTrue\nfalse\n", 3);
        let (at, failure) = problem.unwrap();
        assert_eq!((at, failure.verdict), (1, Verdict::PresentationError));
        let (answers, problem) = read_answers(b"true\nfalse\ntrue\n", 2);
        assert_eq!((answers.len(), problem.unwrap().0), (2, 1));
    }

    #[test]
    fn only_complete_answer_lines_before_a_crash_stand() {
        assert_eq!(leading_answers(b"true\nfalse\ntr"), vec![true, false]);
        assert_eq!(leading_answers(b"true\nnoise\nfalse\n"), vec![true]);
        assert!(leading_answers(b"").is_empty());
    }

    #[test]
    fn stderr_excerpts_keep_the_last_lines_and_cut_long_ones() {
        let mut tail = String::new();
        for i in 0..20 {
            tail.push_str(&format!("line {i}\n"));
        }
        tail.push_str(&"x".repeat(1000));
        let excerpt = stderr_excerpt(tail.as_bytes());
        assert_eq!(excerpt.len(), 8);
        assert_eq!(excerpt[0], "line 13");
        assert_eq!(excerpt[7].chars().count(), 201);
    }
}
