//! The stress loop: generated cases against the reference, in parallel batches.
//!
//! Determinism: case `i` depends only on (seed, i); each worker takes the next range of
//! `batch` indices, so which worker runs a case changes nothing. A failure stops workers
//! from taking ranges past it, and the report keeps only cases up to the smallest failing
//! index, so the summary and the failure reported are the same for any `--jobs`/`--batch`.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use anyhow::Result;

use super::batch::{Judge, check_interrupted};
use super::verdict::{CaseOutcome, Verdict};
use crate::problem::generator::{CaseClass, Coverage, Generator, Strategy};
use crate::problem::reference::{CheckedBy, Oracle};

/// Cases longer than this run alone, so a slow solution cannot hide its time in a batch
/// and a timeout is pinned on the right case at once.
pub const LARGE_CASE: usize = 1 << 14;
/// Most stones sent to one process in one batch.
const BATCH_STONES: usize = 1 << 18;

/// How a stress run is set up.
#[derive(Debug, Clone)]
pub struct StressPlan {
    /// The case generator (it holds the seed).
    pub generator: Generator,
    /// First case index of this shard and one past its last.
    pub indices: std::ops::Range<u64>,
    /// Parallel workers.
    pub jobs: usize,
    /// Most cases per process.
    pub batch: usize,
    /// Go on after a failure.
    pub keep_going: bool,
}

impl StressPlan {
    /// The case indices of shard `shard` of `shards` over `cases` cases: contiguous slices,
    /// so N machines with `--shard 1/N` … `--shard N/N` cover exactly one big run.
    pub fn shard_indices(cases: u64, shard: u64, shards: u64) -> std::ops::Range<u64> {
        let bound = |k: u64| (u128::from(cases) * u128::from(k) / u128::from(shards)) as u64;
        bound(shard - 1)..bound(shard)
    }
}

/// A failing case, as found.
#[derive(Debug, Clone)]
pub struct FoundFailure {
    /// Its index in the case sequence.
    pub index: u64,
    /// The strategy that generated it.
    pub strategy: Strategy,
    /// The case.
    pub stones: Vec<i32>,
    /// Its judgement.
    pub outcome: CaseOutcome,
}

/// What a stress run found.
#[derive(Debug, Default)]
pub struct StressReport {
    /// Cases judged (up to the first failure unless keep-going).
    pub cases: u64,
    /// Cases per verdict.
    pub verdicts: BTreeMap<Verdict, u64>,
    /// Expected answers from the minimax, and from the model solution.
    pub checked_by_minimax: u64,
    /// Expected answers from the model solution (residue counts beyond the minimax table).
    pub checked_by_model: u64,
    /// Classes of the generated cases.
    pub coverage: Coverage,
    /// Failures in index order (only the first unless keep-going).
    pub failures: Vec<FoundFailure>,
    /// Wall time of the run.
    pub elapsed: Duration,
    /// True when Ctrl-C or SIGTERM cut the run short.
    pub interrupted: bool,
}

/// Results of one range of indices, kept until the end to be merged in index order.
/// Only failing cases keep their stones: a long run must not hold every case.
struct RangeResult {
    start: u64,
    /// Cases judged: the whole range, or up to its first failure unless keep-going.
    len: u64,
    counts: StressReport,
    failures: Vec<FoundFailure>,
}

impl StressReport {
    fn count(&mut self, class: CaseClass, checked_by: CheckedBy, verdict: Verdict) {
        self.cases += 1;
        *self.verdicts.entry(verdict).or_default() += 1;
        match checked_by {
            CheckedBy::Minimax => self.checked_by_minimax += 1,
            CheckedBy::Model => self.checked_by_model += 1,
        }
        self.coverage.add_class(class);
    }

    fn merge_counts(&mut self, other: &StressReport) {
        self.cases += other.cases;
        for (verdict, n) in &other.verdicts {
            *self.verdicts.entry(*verdict).or_default() += n;
        }
        self.checked_by_minimax += other.checked_by_minimax;
        self.checked_by_model += other.checked_by_model;
        self.coverage.merge(&other.coverage);
    }
}

/// Progress counters the caller can display while the run goes on.
#[derive(Debug, Default)]
pub struct Progress {
    /// Cases judged so far.
    pub done: AtomicU64,
    /// Failures found so far.
    pub failures: AtomicU64,
}

/// Runs the plan; `progress` is updated as ranges complete.
pub fn run(
    plan: &StressPlan,
    judge: &Judge,
    oracle: &Oracle,
    progress: &Progress,
) -> Result<StressReport> {
    let started = Instant::now();
    let next = AtomicU64::new(plan.indices.start);
    let first_failure = AtomicU64::new(u64::MAX);
    let results: Mutex<Vec<RangeResult>> = Mutex::new(Vec::new());
    let batch = plan.batch.max(1) as u64;

    let worker = || -> Result<()> {
        loop {
            let start = next.fetch_add(batch, Ordering::SeqCst);
            if start >= plan.indices.end
                || (!plan.keep_going && start > first_failure.load(Ordering::SeqCst))
            {
                return Ok(());
            }
            check_interrupted()?;
            let end = (start + batch).min(plan.indices.end);
            let range = judge_range(plan, judge, oracle, start..end, &first_failure)?;
            if let Some(failure) = range.failures.first() {
                first_failure.fetch_min(failure.index, Ordering::SeqCst);
            }
            progress
                .failures
                .fetch_add(range.failures.len() as u64, Ordering::Relaxed);
            progress.done.fetch_add(range.len, Ordering::Relaxed);
            results
                .lock()
                .expect("results lock is not poisoned")
                .push(range);
        }
    };
    let outcomes: Vec<Result<()>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..plan.jobs.max(1)).map(|_| scope.spawn(worker)).collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("a stress worker does not panic"))
            .collect()
    });
    let mut report = StressReport::default();
    for outcome in outcomes {
        if let Err(error) = outcome {
            if error.is::<super::batch::Interrupted>() {
                report.interrupted = true;
            } else {
                return Err(error);
            }
        }
    }

    let mut ranges = results.into_inner().expect("results lock is not poisoned");
    ranges.sort_by_key(|r| r.start);
    // Count the unbroken run of ranges from the start: a failing range (unless keep-going)
    // or a gap left by an interruption ends the sequence, and ranges judged past it are dropped,
    // so the summary describes the same prefix of cases whatever --jobs and --batch.
    let mut expected_start = plan.indices.start;
    for range in ranges {
        if range.start != expected_start {
            break;
        }
        expected_start = range.start + range.len;
        report.merge_counts(&range.counts);
        let failed = !range.failures.is_empty();
        report.failures.extend(range.failures);
        // A range that failed at its very last case looks whole: without this, a range
        // judged past the failure by another worker would still be counted.
        if failed && !plan.keep_going {
            break;
        }
    }
    report.elapsed = started.elapsed();
    Ok(report)
}

/// Generates and judges the cases of one index range: small cases together (in batches
/// of at most [`BATCH_STONES`] stones), large ones alone. Cases are generated group by
/// group, and unless the plan keeps going the range ends at its first failure, or once
/// another worker has found a failure at a smaller index.
fn judge_range(
    plan: &StressPlan,
    judge: &Judge,
    oracle: &Oracle,
    indices: std::ops::Range<u64>,
    first_failure: &AtomicU64,
) -> Result<RangeResult> {
    let mut counts = StressReport::default();
    let mut failures = Vec::new();
    let mut next = indices.start;
    while next < indices.end {
        if !plan.keep_going && first_failure.load(Ordering::SeqCst) < next {
            break;
        }
        let mut group = Vec::new();
        let mut stones_in_group = 0;
        while next < indices.end {
            let (strategy, stones) = plan.generator.case(next);
            let large = stones.len() > LARGE_CASE;
            if !group.is_empty() && (large || stones_in_group + stones.len() > BATCH_STONES) {
                break;
            }
            next += 1;
            stones_in_group += stones.len();
            let (expected, checked_by) = oracle.expected(&stones);
            group.push((strategy, stones, checked_by, expected));
            if large {
                break;
            }
        }
        let cases: Vec<&[i32]> = group
            .iter()
            .map(|(_, stones, ..)| stones.as_slice())
            .collect();
        let expected: Vec<bool> = group.iter().map(|&(.., expected)| expected).collect();
        let outcomes = judge.judge(&cases, &expected, !plan.keep_going)?;
        let first_index = next - group.len() as u64;
        let judged = outcomes.len() as u64;
        for (offset, ((strategy, stones, checked_by, _), outcome)) in
            group.into_iter().zip(outcomes).enumerate()
        {
            counts.count(CaseClass::of(&stones), checked_by, outcome.verdict);
            if outcome.verdict != Verdict::Accepted {
                failures.push(FoundFailure {
                    index: first_index + offset as u64,
                    strategy,
                    stones,
                    outcome,
                });
            }
        }
        if !plan.keep_going && !failures.is_empty() {
            // The cases after the failure were not judged: the range ends here.
            next = first_index + judged;
            break;
        }
    }
    let len = next - indices.start;
    Ok(RangeResult {
        start: indices.start,
        len,
        counts,
        failures,
    })
}
