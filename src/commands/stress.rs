//! `judge stress`: the main job — generated cases against the minimax reference, with a
//! verdict per case and a minimal counterexample saved when something fails.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use super::{EXIT_FAILURE, EXIT_OK, GeneratorArgs, LimitArgs, SolutionArgs, parse_positive};
use crate::judge::batch::{Interrupted, Judge, stderr_excerpt};
use crate::judge::case_files;
use crate::judge::process;
use crate::judge::report::{self, ReportedFailure};
use crate::judge::shrink::{self, Budget};
use crate::judge::stress::{self, Progress, StressPlan, StressReport};
use crate::judge::verdict::Verdict;
use crate::problem::format::{abbreviate_case, format_case};
use crate::problem::reference::{ORACLE_LIMIT, Oracle};
use crate::problem::validate::{MAX_LEN, MAX_VALUE};

/// How many failures are shrunk and saved with --keep-going.
const SHRUNK_FAILURES: usize = 5;

/// Arguments of `judge stress`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  \
    judge stress --seed 1                        # our solution, 10,000 cases\n  \
    judge stress --solution my.py --cases 2000   # a LeetCode submission file\n  \
    judge stress --cmd './a.out' --shard 2/4     # any program; 2nd quarter of the run\n\
    The same seed and arguments give the same cases, verdicts and saved counterexample, \
    whatever --jobs and --batch. Exit 0 all accepted, 1 a failure found, 2 usage or \
    internal error, 130 interrupted.")]
pub struct StressArgs {
    #[command(flatten)]
    solution: SolutionArgs,
    #[command(flatten)]
    limits: LimitArgs,
    /// Number of cases (across all shards).
    #[arg(long, default_value = "10000", value_parser = parse_positive)]
    cases: u64,
    #[command(flatten)]
    generator: GeneratorArgs,
    /// Parallel workers (default: the core count).
    #[arg(long, value_parser = parse_positive)]
    jobs: Option<u64>,
    /// Most cases sent to one process (1 = a process per case).
    #[arg(long, default_value = "1000", value_parser = parse_positive)]
    batch: u64,
    /// Run only slice I of N of the case sequence, e.g. 2/4.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    shard: Option<(u64, u64)>,
    /// Where shrunk counterexamples are saved as NAME.in/NAME.out.
    #[arg(long, default_value = "cases")]
    save_dir: PathBuf,
    /// Do not save counterexamples.
    #[arg(long)]
    no_save: bool,
    /// Go on after the first failure (the first few failures are shrunk and saved).
    #[arg(long)]
    keep_going: bool,
    /// Write a JUnit XML report here.
    #[arg(long, value_name = "FILE")]
    junit: Option<PathBuf>,
    /// Write a JSON report here.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
}

fn parse_shard(text: &str) -> Result<(u64, u64), String> {
    let parsed = text
        .split_once('/')
        .and_then(|(i, n)| Some((i.trim().parse::<u64>().ok()?, n.trim().parse::<u64>().ok()?)));
    match parsed {
        Some((i, n)) if n >= 1 && (1..=n).contains(&i) => Ok((i, n)),
        Some((i, n)) => Err(format!(
            "shard {i}/{n} does not exist: use I/N with 1 <= I <= N"
        )),
        None => Err(format!("'{text}' is not a shard like 2/4")),
    }
}

/// Runs the stress loop, shrinks and saves failures, prints the summary.
pub fn run(args: StressArgs) -> Result<u8> {
    process::install_interrupt_handler();
    let generator = args.generator.generator()?;
    let seed = generator.seed();
    let (shard, shards) = args.shard.unwrap_or((1, 1));
    if !args.no_save {
        check_writable(&args.save_dir)?;
    }
    let limits = args.limits.limits();
    let program = args.solution.program(limits.memory)?;
    let judge = Judge::new(program, limits);
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, |n| n.get()),
        |j| j as usize,
    );
    let plan = StressPlan {
        generator,
        indices: StressPlan::shard_indices(args.cases, shard, shards),
        jobs,
        batch: args.batch as usize,
        keep_going: args.keep_going,
    };
    println!(
        "stress: {} against the minimax reference; seed {seed}, cases {}..{} of {}, jobs {jobs}, batch {}",
        judge.program().display(),
        plan.indices.start,
        plan.indices.end,
        args.cases,
        args.batch
    );
    let command_line = judge.program().command_line();
    if command_line != judge.program().display() {
        println!("  runs: {command_line}");
    }
    let oracle = Oracle::new();
    let progress = Progress::default();
    let report = with_progress(plan.indices.end - plan.indices.start, &progress, || {
        stress::run(&plan, &judge, &oracle, &progress)
    })?;

    let mut reported = Vec::new();
    let shrink_count = if args.keep_going { SHRUNK_FAILURES } else { 1 };
    if !report.interrupted {
        for failure in report.failures.iter().take(shrink_count) {
            match shrink_and_save(&args, seed, failure, &judge, &oracle) {
                Ok(entry) => reported.push(entry),
                Err(error) if error.is::<Interrupted>() => break,
                Err(error) => return Err(error),
            }
        }
    }
    print_summary(seed, &report, &judge);
    if let Some(path) = &args.json {
        report::write_json(
            path,
            judge.program().display(),
            seed,
            plan.indices.start,
            &report,
            &reported,
        )?;
    }
    if let Some(path) = &args.junit {
        report::write_junit(path, seed, &report, &reported)?;
    }
    if report.interrupted || process::INTERRUPTED.load(Ordering::SeqCst) {
        println!("interrupted: replay with --seed {seed}");
        return Ok(process::interrupted_exit_code());
    }
    Ok(if report.failures.is_empty() {
        EXIT_OK
    } else {
        EXIT_FAILURE
    })
}

/// Shrinks one failure, saves the counterexample (unless --no-save) and prints it.
fn shrink_and_save(
    args: &StressArgs,
    seed: u64,
    failure: &stress::FoundFailure,
    judge: &Judge,
    oracle: &Oracle,
) -> Result<ReportedFailure> {
    let shrunk = shrink::shrink(
        judge,
        oracle,
        &failure.stones,
        &failure.outcome,
        Budget::default(),
    )?;
    let saved = if args.no_save {
        None
    } else {
        // Named after verdict, seed and index, so the same run saves the same name.
        let base = format!(
            "{}-seed{seed}-case{}",
            failure.outcome.verdict.code().to_ascii_lowercase(),
            failure.index
        );
        let name = case_files::unused_name(&args.save_dir, &base);
        let path = case_files::save(
            &args.save_dir,
            &name,
            &[shrunk.stones.as_slice()],
            &[shrunk.outcome.expected],
            false,
        )?;
        Some(path.display().to_string())
    };
    let entry = ReportedFailure {
        index: failure.index,
        verdict: failure.outcome.verdict,
        strategy: failure.strategy.name().to_string(),
        original: format_case(&failure.stones),
        shrunk: format_case(&shrunk.stones),
        one_minimal: shrunk.one_minimal,
        expected: shrunk.outcome.expected,
        got: shrunk.outcome.got,
        detail: shrunk.outcome.detail.clone(),
        saved,
    };
    print_failure(args, seed, failure, &shrunk, &entry, judge);
    Ok(entry)
}

/// Fails early, before any case runs, if counterexamples could not be saved.
fn check_writable(dir: &Path) -> Result<()> {
    // A directory made only to probe it is removed again: a passing run leaves no trace.
    let created = !dir.exists();
    std::fs::create_dir_all(dir)
        .with_context(|| format!("--save-dir {} cannot be created", dir.display()))?;
    // The probe file is deleted as soon as it is dropped, at the end of this statement.
    let writable = tempfile::Builder::new()
        .prefix(".tmp-")
        .tempfile_in(dir)
        .map(drop)
        .with_context(|| format!("--save-dir {} is not writable", dir.display()));
    if created {
        let _ = std::fs::remove_dir(dir);
    }
    writable
}

/// Runs `work` while showing progress: a bar on a terminal, a plain line every few
/// seconds otherwise (CI logs).
fn with_progress<T>(total: u64, progress: &Progress, work: impl FnOnce() -> T + Send) -> T
where
    T: Send,
{
    let terminal = std::io::stderr().is_terminal();
    let bar = if terminal {
        let bar = ProgressBar::new(total);
        bar.set_style(
            ProgressStyle::with_template("{bar:40} {pos}/{len} cases {per_sec} {msg} eta {eta}")
                .expect("the template is valid"),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    let done = std::sync::atomic::AtomicBool::new(false);
    let result = std::thread::scope(|scope| {
        scope.spawn(|| {
            let started = Instant::now();
            let mut last_line = Instant::now();
            while !done.load(Ordering::SeqCst) {
                std::thread::sleep(Duration::from_millis(100));
                let cases = progress.done.load(Ordering::Relaxed);
                let failures = progress.failures.load(Ordering::Relaxed);
                bar.set_position(cases);
                bar.set_message(format!("{failures} failures"));
                if !terminal && last_line.elapsed() >= Duration::from_secs(5) {
                    last_line = Instant::now();
                    eprintln!(
                        "progress: {cases}/{total} cases, {failures} failures, {:.0}s",
                        started.elapsed().as_secs_f64()
                    );
                }
            }
        });
        let result = work();
        done.store(true, Ordering::SeqCst);
        result
    });
    bar.finish_and_clear();
    result
}

fn print_failure(
    args: &StressArgs,
    seed: u64,
    failure: &stress::FoundFailure,
    shrunk: &shrink::Shrunk,
    entry: &ReportedFailure,
    judge: &Judge,
) {
    println!();
    println!(
        "FAILED: {} on case {} (strategy {}, seed {seed})",
        failure.outcome.verdict, failure.index, failure.strategy
    );
    println!("  original: {}", abbreviate_case(&failure.stones));
    println!(
        "  shrunk:   {} (n = {}{}, {} runs)",
        abbreviate_case(&shrunk.stones),
        shrunk.stones.len(),
        if shrunk.one_minimal {
            ", 1-minimal"
        } else {
            ""
        },
        shrunk.runs
    );
    println!("  expected: {}", shrunk.outcome.expected);
    match shrunk.outcome.got {
        Some(got) => println!("  got:      {got}"),
        None => println!("  got:      no answer"),
    }
    println!("  detail:   {}", shrunk.outcome.detail);
    let stderr = stderr_excerpt(&judge.stats().stderr_tail);
    if !stderr.is_empty() {
        println!("  stderr (tail):");
        for line in stderr {
            println!("    {line}");
        }
    }
    let solution = solution_words(&args.solution);
    if let Some(saved) = &entry.saved {
        println!("  saved:    {saved} (+ .out)");
        println!(
            "  replay:   judge test {solution}--time-limit {:?} {saved}",
            args.limits.time_limit
        );
    }
    println!(
        "  rerun:    judge stress {solution}--seed {seed} --cases {}{}",
        failure.index + 1,
        generator_words(&args.generator)
    );
}

/// The generator arguments that differ from the defaults, so a rerun draws the same cases.
fn generator_words(generator: &GeneratorArgs) -> String {
    let mut words: String = generator
        .strategies
        .iter()
        .map(|s| format!(" --strategy {s}"))
        .collect();
    if generator.max_n != MAX_LEN {
        words += &format!(" --max-n {}", generator.max_n);
    }
    if generator.max_value != MAX_VALUE {
        words += &format!(" --max-value {}", generator.max_value);
    }
    words
}

/// The solution arguments as the user gave them, for replay commands.
fn solution_words(solution: &SolutionArgs) -> String {
    let mut words = String::new();
    if let Some(cmd) = &solution.cmd {
        words += &format!("--cmd {} ", shell_words::quote(cmd));
    }
    if let Some(file) = &solution.solution {
        words += &format!(
            "--solution {} ",
            shell_words::quote(&file.display().to_string())
        );
    }
    if let Some(lang) = &solution.lang {
        words += &format!("--lang {lang} ");
    }
    words
}

fn print_summary(seed: u64, report: &StressReport, judge: &Judge) {
    let seconds = report.elapsed.as_secs_f64();
    println!();
    println!(
        "summary: {} cases in {seconds:.2}s ({:.0} cases/s), seed {seed}",
        report.cases,
        report.cases as f64 / seconds.max(1e-9)
    );
    let verdicts: Vec<String> = Verdict::ALL
        .iter()
        .filter_map(|v| report.verdicts.get(v).map(|n| format!("{v} {n}")))
        .collect();
    println!(
        "  verdicts: {}",
        if verdicts.is_empty() {
            "none".into()
        } else {
            verdicts.join(", ")
        }
    );
    println!(
        "  expected answers: {} by minimax, {} by the model solution (residue counts beyond {ORACLE_LIMIT})",
        report.checked_by_minimax, report.checked_by_model
    );
    let stats = judge.stats();
    if let Some((cpu, cases)) = stats.slowest {
        let memory = if stats.peak_rss_kib > 0 {
            format!("peak memory {:.1} MiB", stats.peak_rss_kib as f64 / 1024.0)
        } else {
            // Exec folds the judge's own peak into the child's: below it, only a bound.
            format!(
                "peak memory at most {:.1} MiB (the judge's own size; smaller peaks cannot be told apart)",
                stats.rss_floor_kib as f64 / 1024.0
            )
        };
        println!(
            "  slowest run: {:.3}s CPU ({cases} cases); {memory}; {} processes",
            cpu.as_secs_f64(),
            stats.runs
        );
    }
    for line in report.coverage.to_string().lines() {
        println!("  {line}");
    }
    if report.failures.is_empty() && !report.interrupted {
        println!("all {} cases accepted", report.cases);
    } else if !report.failures.is_empty() {
        println!("{} failing case(s)", report.failures.len());
    }
}
