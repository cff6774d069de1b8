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
/// A range that passed keeps only its counts; a long run must not hold every case.
struct RangeResult {
    start: u64,
    len: u64,
    /// Counts over the whole range.
    counts: StressReport,
    /// Per-case records, kept only for a range with a failure: the report may have to
    /// stop counting in its middle.
    records: Option<Vec<CaseRecord>>,
}

struct CaseRecord {
    strategy: Strategy,
    class: CaseClass,
    checked_by: CheckedBy,
    outcome: CaseOutcome,
    stones: Vec<i32>,
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
pub fn run(plan: &StressPlan, judge: &Judge, oracle: &Oracle, progress: &Progress) -> Result<StressReport> {
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
            let range = judge_range(plan, judge, oracle, start..end)?;
            if let Some(records) = &range.records {
                let failing = |c: &CaseRecord| c.outcome.verdict != Verdict::Accepted;
                if let Some(offset) = records.iter().position(failing) {
                    first_failure.fetch_min(start + offset as u64, Ordering::SeqCst);
                }
                let failed = records.iter().filter(|c| failing(c)).count();
                progress.failures.fetch_add(failed as u64, Ordering::Relaxed);
            }
            progress.done.fetch_add(end - start, Ordering::Relaxed);
            results.lock().expect("results lock is not poisoned").push(range);
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
    let last_counted = if plan.keep_going {
        u64::MAX
    } else {
        first_failure.load(Ordering::SeqCst)
    };
    // When interrupted, count only the unbroken run of ranges from the start, so the
    // summary describes a prefix of the case sequence.
    let mut expected_start = plan.indices.start;
    for range in ranges {
        if range.start != expected_start {
            break;
        }
        expected_start = range.start + range.len;
        let Some(records) = range.records else {
            report.merge_counts(&range.counts);
            continue;
        };
        for (offset, case) in records.into_iter().enumerate() {
            let index = range.start + offset as u64;
            if index > last_counted {
                break;
            }
            report.count(case.class, case.checked_by, case.outcome.verdict);
            if case.outcome.verdict != Verdict::Accepted {
                report.failures.push(FoundFailure {
                    index,
                    strategy: case.strategy,
                    stones: case.stones,
                    outcome: case.outcome,
                });
            }
        }
    }
    report.elapsed = started.elapsed();
    Ok(report)
}

/// Generates and judges the cases of one index range: small cases together (in batches
/// of at most [`BATCH_STONES`] stones), large ones alone.
fn judge_range(
    plan: &StressPlan,
    judge: &Judge,
    oracle: &Oracle,
    indices: std::ops::Range<u64>,
) -> Result<RangeResult> {
    let mut cases = Vec::with_capacity((indices.end - indices.start) as usize);
    let mut expected = Vec::with_capacity(cases.capacity());
    for index in indices.clone() {
        let (strategy, stones) = plan.generator.case(index);
        let (answer, checked_by) = oracle.expected(&stones);
        expected.push(answer);
        cases.push((strategy, stones, checked_by));
    }
    let mut outcomes = Vec::with_capacity(cases.len());
    let mut group_start = 0;
    while group_start < cases.len() {
        let mut group_end = group_start + 1;
        let mut stones = cases[group_start].1.len();
        if stones <= LARGE_CASE {
            while group_end < cases.len()
                && cases[group_end].1.len() <= LARGE_CASE
                && stones + cases[group_end].1.len() <= BATCH_STONES
            {
                stones += cases[group_end].1.len();
                group_end += 1;
            }
        }
        let group: Vec<&[i32]> = cases[group_start..group_end]
            .iter()
            .map(|(_, stones, _)| stones.as_slice())
            .collect();
        outcomes.extend(judge.judge(&group, &expected[group_start..group_end])?);
        group_start = group_end;
    }
    let mut counts = StressReport::default();
    let mut records = Vec::new();
    let any_failure = outcomes.iter().any(|o| o.verdict != Verdict::Accepted);
    for ((strategy, stones, checked_by), outcome) in cases.into_iter().zip(outcomes) {
        let class = CaseClass::of(&stones);
        counts.count(class, checked_by, outcome.verdict);
        if any_failure {
            records.push(CaseRecord {
                strategy,
                class,
                checked_by,
                outcome,
                stones,
            });
        }
    }
    Ok(RangeResult {
        start: indices.start,
        len: indices.end - indices.start,
        counts,
        records: any_failure.then_some(records),
    })
}
