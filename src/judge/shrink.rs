//! Shrinking a failing case to a small counterexample.
//!
//! For failures of logic (WA, PE, RE) the result is 1-minimal: removing any single stone,
//! or lowering any single value to anything in 1..value, makes the failure go away (or
//! changes its verdict). Candidates are judged many to a batch, so even an interpreted
//! solution shrinks in seconds. For resource failures (TLE, MLE, OLE) each try costs a
//! full time limit, so the shrinker only searches for a shorter prefix that still fails.

use anyhow::Result;

use super::batch::Judge;
use super::verdict::{CaseOutcome, Verdict};
use crate::problem::reference::Oracle;
use crate::problem::validate::MIN_VALUE;

/// Work allowed for one shrink.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Batches (processes) started.
    pub runs: u64,
    /// Stones sent over all candidates.
    pub stones: u64,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            runs: 2_000,
            stones: 50_000_000,
        }
    }
}

/// A shrunk counterexample.
#[derive(Debug, Clone)]
pub struct Shrunk {
    /// The smallest failing case found.
    pub stones: Vec<i32>,
    /// Its outcome.
    pub outcome: CaseOutcome,
    /// Whether it is proven 1-minimal (false for resource verdicts or a spent budget).
    pub one_minimal: bool,
    /// Batches run while shrinking.
    pub runs: u64,
}

struct Shrinker<'a> {
    judge: &'a Judge,
    oracle: &'a Oracle,
    verdict: Verdict,
    budget: Budget,
    used: Budget,
}

/// Shrinks `stones`, which got `outcome`, keeping only candidates with the same verdict.
pub fn shrink(
    judge: &Judge,
    oracle: &Oracle,
    stones: &[i32],
    outcome: &CaseOutcome,
    budget: Budget,
) -> Result<Shrunk> {
    let mut shrinker = Shrinker {
        judge,
        oracle,
        verdict: outcome.verdict,
        budget,
        used: Budget { runs: 0, stones: 0 },
    };
    let mut best = (stones.to_vec(), outcome.clone());
    let resource = matches!(
        outcome.verdict,
        Verdict::TimeLimitExceeded | Verdict::MemoryLimitExceeded | Verdict::OutputLimitExceeded
    );
    let one_minimal = if resource {
        shrinker.shortest_prefix(&mut best)?;
        false
    } else {
        shrinker.shrink_to_one_minimal(&mut best)?
    };
    Ok(Shrunk {
        stones: best.0,
        outcome: best.1,
        one_minimal,
        runs: shrinker.used.runs,
    })
}

impl Shrinker<'_> {
    /// Alternates removing stones and lowering values until neither helps; true when the
    /// last full pass found nothing, which is what 1-minimal means.
    fn shrink_to_one_minimal(&mut self, best: &mut (Vec<i32>, CaseOutcome)) -> Result<bool> {
        loop {
            let removed = self.remove_chunks(best)?;
            let lowered = self.lower_values(best)?;
            if self.spent() {
                return Ok(false);
            }
            if !removed && !lowered {
                return Ok(true);
            }
        }
    }

    /// Delta debugging: try removing halves, then quarters, … down to single stones.
    /// Returns whether anything was removed; the last round (chunks of one stone) has
    /// tried every single removal of the final case.
    fn remove_chunks(&mut self, best: &mut (Vec<i32>, CaseOutcome)) -> Result<bool> {
        let mut changed = false;
        let mut granularity = 2usize;
        loop {
            let len = best.0.len();
            if len <= 1 {
                return Ok(changed);
            }
            let chunk = len.div_ceil(granularity.min(len));
            let candidates: Vec<Vec<i32>> = (0..len)
                .step_by(chunk)
                .map(|start| {
                    let mut candidate = best.0[..start].to_vec();
                    candidate.extend_from_slice(&best.0[(start + chunk).min(len)..]);
                    candidate
                })
                .collect();
            match self.first_failing(candidates)? {
                Some(found) => {
                    *best = found;
                    changed = true;
                    granularity = (granularity - 1).max(2);
                }
                None if chunk == 1 || self.spent() => return Ok(changed),
                None => granularity = (granularity * 2).min(len),
            }
        }
    }

    /// For each stone, tries every lower value, smallest first, in one batch per stone.
    fn lower_values(&mut self, best: &mut (Vec<i32>, CaseOutcome)) -> Result<bool> {
        let mut changed = false;
        for i in 0..best.0.len() {
            if self.spent() {
                break;
            }
            let candidates: Vec<Vec<i32>> = (MIN_VALUE..best.0[i])
                .map(|value| {
                    let mut candidate = best.0.clone();
                    candidate[i] = value;
                    candidate
                })
                .collect();
            if let Some(found) = self.first_failing(candidates)? {
                *best = found;
                changed = true;
            }
        }
        Ok(changed)
    }

    /// Bisects on the length of a prefix that still fails, one process per try, then
    /// doubles it back: a case right at the edge of the limit would fail one replay and
    /// pass the next.
    fn shortest_prefix(&mut self, best: &mut (Vec<i32>, CaseOutcome)) -> Result<()> {
        const TRIES: u64 = 10;
        let original = best.0.clone();
        let (mut fits, mut fails) = (0usize, original.len());
        while fails - fits > 1 && !self.spent() && self.used.runs < TRIES {
            let middle = fits + (fails - fits) / 2;
            match self.first_failing(vec![original[..middle].to_vec()])? {
                Some(_) => fails = middle,
                None => fits = middle,
            }
        }
        let margin = (fails * 2).min(original.len());
        if margin < original.len() {
            if let Some(found) = self.first_failing(vec![original[..margin].to_vec()])? {
                *best = found;
            }
        }
        Ok(())
    }

    /// Judges the candidates in order, many to a batch; the first that fails the same
    /// way, if any. Judging stops at each failure, so a list dense with crashes costs a
    /// run per crash only up to the first match.
    fn first_failing(
        &mut self,
        candidates: Vec<Vec<i32>>,
    ) -> Result<Option<(Vec<i32>, CaseOutcome)>> {
        let candidates: Vec<Vec<i32>> = candidates.into_iter().filter(|c| !c.is_empty()).collect();
        let mut from = 0;
        while from < candidates.len() && !self.spent() {
            let rest = &candidates[from..];
            let expected: Vec<bool> = rest.iter().map(|c| self.oracle.expected(c).0).collect();
            let cases: Vec<&[i32]> = rest.iter().map(Vec::as_slice).collect();
            let runs_before = self.judge.runs();
            let outcomes = self.judge.judge(&cases, &expected, true)?;
            self.used.runs += self.judge.runs() - runs_before;
            self.used.stones += cases.iter().map(|c| c.len() as u64).sum::<u64>();
            let judged = outcomes.len();
            match outcomes.into_iter().last() {
                Some(outcome) if outcome.verdict == self.verdict => {
                    return Ok(Some((rest[judged - 1].clone(), outcome)));
                }
                // A different failure is no match: go on after it.
                Some(outcome) if outcome.verdict != Verdict::Accepted => from += judged,
                _ => return Ok(None),
            }
        }
        Ok(None)
    }

    fn spent(&self) -> bool {
        self.used.runs >= self.budget.runs || self.used.stones >= self.budget.stones
    }
}
