//! The reference: exhaustive minimax over the game's rules, trusting no formula.
//!
//! Two solvers, each checking the next:
//! - [`literal_alice_wins`] plays on the actual stone values, one bit per stone taken.
//!   It assumes nothing about residues, so it is the ground truth for small arrays.
//! - [`CountTable`] plays on the counts of stones left in each residue class, the one
//!   reduction that the literal solver is used to justify, and answers every input whose
//!   residue counts are all at most its limit in O(1) after counting.

use anyhow::{Result, bail};

/// Largest array the literal solver accepts (its memo has 2^n entries).
pub const LITERAL_MAX_LEN: usize = 20;

/// Decides the game by minimax on the actual stones; `None` when `stones` is too long.
pub fn literal_alice_wins(stones: &[i32]) -> Option<bool> {
    if stones.len() > LITERAL_MAX_LEN {
        return None;
    }
    let mut solver = LiteralSolver {
        stones,
        full: (1u32 << stones.len()) - 1,
        memo: vec![UNKNOWN; 1 << stones.len()],
    };
    // No stone at all: the stones have run out before anyone moved, so Bob wins.
    Some(!stones.is_empty() && solver.mover_wins(0, 0))
}

const UNKNOWN: u8 = 0;
const WIN: u8 = 1;
const LOSS: u8 = 2;

struct LiteralSolver<'a> {
    stones: &'a [i32],
    full: u32,
    /// Indexed by the set of stones taken; the sum and the player to move follow from it.
    memo: Vec<u8>,
}

impl LiteralSolver<'_> {
    /// Whether the player to move wins, with `taken` gone and their values summing to `sum`.
    fn mover_wins(&mut self, taken: u32, sum: i64) -> bool {
        match self.memo[taken as usize] {
            WIN => return true,
            LOSS => return false,
            _ => {}
        }
        // Alice moves when an even number of stones is gone.
        let bob_to_move = taken.count_ones() % 2 == 1;
        let mut wins = false;
        for (i, &value) in self.stones.iter().enumerate() {
            let bit = 1u32 << i;
            if taken & bit != 0 {
                continue;
            }
            let new_sum = sum + i64::from(value);
            let after = taken | bit;
            wins = if new_sum.rem_euclid(3) == 0 {
                // Making the removed sum a multiple of 3 loses at once.
                false
            } else if after == self.full {
                // Stones ran out with no multiple of 3: Bob wins, whoever moved last.
                bob_to_move
            } else {
                !self.mover_wins(after, new_sum)
            };
            if wins {
                break;
            }
        }
        self.memo[taken as usize] = if wins { WIN } else { LOSS };
        wins
    }
}

/// Counts of stones by value mod 3 (the mathematical residue, so -1 counts as 2).
pub fn residue_counts(stones: &[i32]) -> [u64; 3] {
    let mut counts = [0u64; 3];
    for stone in stones {
        counts[stone.rem_euclid(3) as usize] += 1;
    }
    counts
}

/// Largest limit [`CountTable::new`] accepts: its table of (limit + 1)^3 bytes stays under 4 GiB.
pub const COUNT_MAX_LIMIT: u64 = 1600;

/// Minimax over (stones left of each residue, sum mod 3, player to move), tabulated for
/// every starting position whose residue counts are all at most `limit`.
///
/// One byte per (c0, c1, c2) holds five bits: whether the mover wins for each of the four
/// mid-game states (sum ≡ 1 or 2, Alice or Bob to move) and the answer from the start.
pub struct CountTable {
    limit: u64,
    side: usize,
    cells: Vec<u8>,
}

/// Bit of a cell holding the answer for the starting position (Alice to move, sum 0).
const START_BIT: u8 = 1 << 4;

fn mid_game_bit(sum: usize, bob_to_move: bool) -> u8 {
    debug_assert!(sum == 1 || sum == 2);
    1 << ((sum - 1) * 2 + usize::from(bob_to_move))
}

impl CountTable {
    /// Solves every position with residue counts in `0..=limit`.
    pub fn new(limit: u64) -> Result<Self> {
        if limit > COUNT_MAX_LIMIT {
            bail!("the count reference's limit is at most {COUNT_MAX_LIMIT}, not {limit}");
        }
        let side = limit as usize + 1;
        let mut table = CountTable {
            limit,
            side,
            cells: vec![0; side * side * side],
        };
        // Every move takes one stone, so a position depends only on positions with one
        // coordinate smaller: ascending order has them solved first.
        let strides = [side * side, side, 1];
        let mut index = 0;
        for c0 in 0..side {
            for c1 in 0..side {
                for c2 in 0..side {
                    let left = [c0, c1, c2];
                    // The positions one move away, read once for all five states.
                    let mut after = [None; 3];
                    for residue in 0..3 {
                        if left[residue] > 0 {
                            let last_stone = c0 + c1 + c2 == 1;
                            after[residue] =
                                Some((!last_stone).then(|| table.cells[index - strides[residue]]));
                        }
                    }
                    let mut cell = 0;
                    for sum in 1..=2 {
                        for bob_to_move in [false, true] {
                            if mover_wins(after, sum, bob_to_move) {
                                cell |= mid_game_bit(sum, bob_to_move);
                            }
                        }
                    }
                    if mover_wins(after, 0, false) {
                        cell |= START_BIT;
                    }
                    table.cells[index] = cell;
                    index += 1;
                }
            }
        }
        Ok(table)
    }

    /// The limit this table was built for.
    pub fn limit(&self) -> u64 {
        self.limit
    }

    /// Bytes the table occupies.
    pub fn memory_bytes(&self) -> usize {
        self.cells.len()
    }

    /// Whether Alice wins from the start with these residue counts; `None` beyond the limit.
    pub fn alice_wins(&self, counts: [u64; 3]) -> Option<bool> {
        if counts.iter().any(|&c| c > self.limit) {
            return None;
        }
        let left = counts.map(|c| c as usize);
        Some(self.cells[self.index(left)] & START_BIT != 0)
    }

    /// Like [`Self::alice_wins`], with an error that names the limit.
    pub fn answer(&self, counts: [u64; 3]) -> Result<bool> {
        match self.alice_wins(counts) {
            Some(answer) => Ok(answer),
            None => bail!(
                "residue counts (c0, c1, c2) = ({}, {}, {}) exceed the count reference's limit {} \
                 (raise it with --limit, up to {COUNT_MAX_LIMIT})",
                counts[0],
                counts[1],
                counts[2],
                self.limit
            ),
        }
    }

    fn index(&self, [c0, c1, c2]: [usize; 3]) -> usize {
        (c0 * self.side + c1) * self.side + c2
    }
}

/// One minimax step. `after[r]` is `None` when no stone of residue `r` is left,
/// `Some(None)` when taking it would take the last stone, and otherwise the solved cell
/// of the position it leads to.
fn mover_wins(after: [Option<Option<u8>>; 3], sum: usize, bob_to_move: bool) -> bool {
    (0..3).any(|residue| {
        let new_sum = (sum + residue) % 3;
        match after[residue] {
            // No such stone, or taking it makes the removed sum a multiple of 3 and loses.
            _ if new_sum == 0 => false,
            None => false,
            // Stones ran out with no multiple of 3: Bob wins, whoever moved last.
            Some(None) => bob_to_move,
            Some(Some(cell)) => cell & mid_game_bit(new_sum, !bob_to_move) == 0,
        }
    })
}

/// How an expected answer was obtained.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CheckedBy {
    /// The count minimax (every residue count within the table's limit).
    Minimax,
    /// The model solution's closed form, for cases beyond the minimax's reach.
    Model,
}

/// Expected answers for any case: the minimax where it reaches, the model beyond.
pub struct Oracle {
    table: CountTable,
}

/// Limit of the table the oracle builds (about 27 MB, a tenth of a second).
pub const ORACLE_LIMIT: u64 = 300;

impl Oracle {
    /// Builds the minimax table up to [`ORACLE_LIMIT`].
    pub fn new() -> Self {
        Oracle {
            table: CountTable::new(ORACLE_LIMIT).expect("the oracle's limit is allowed"),
        }
    }

    /// The expected answer and how it was obtained.
    pub fn expected(&self, stones: &[i32]) -> (bool, CheckedBy) {
        let counts = residue_counts(stones);
        match self.table.alice_wins(counts) {
            Some(answer) => (answer, CheckedBy::Minimax),
            None => (crate::Solution::alice_wins(counts), CheckedBy::Model),
        }
    }
}

impl Default for Oracle {
    fn default() -> Self {
        Self::new()
    }
}

/// The result of checking a closed form against the count minimax.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ClosedFormCheck {
    /// Configurations (c0, c1, c2) compared.
    pub checked: u64,
    /// How many disagreed.
    pub mismatches: u64,
    /// The first few that disagreed, in (c0, c1, c2) order.
    pub first_mismatches: Vec<[u64; 3]>,
}

/// How many mismatches a check keeps to show.
const SHOWN_MISMATCHES: usize = 5;

/// Compares `closed_form` with the table on every (c0, c1, c2) in `[0, table.limit()]^3`,
/// rows of c0 split over `threads`; `on_row` is called as each row of c0 is done.
pub fn check_closed_form(
    table: &CountTable,
    closed_form: impl Fn([u64; 3]) -> bool + Sync,
    threads: usize,
    on_row: impl Fn() + Sync,
) -> ClosedFormCheck {
    let limit = table.limit();
    let next_row = std::sync::atomic::AtomicU64::new(0);
    let mut rows: Vec<(u64, ClosedFormCheck)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads.max(1))
            .map(|_| {
                scope.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let c0 = next_row.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if c0 > limit {
                            return done;
                        }
                        let mut row = ClosedFormCheck::default();
                        for c1 in 0..=limit {
                            for c2 in 0..=limit {
                                let counts = [c0, c1, c2];
                                row.checked += 1;
                                if table.alice_wins(counts) != Some(closed_form(counts)) {
                                    row.mismatches += 1;
                                    if row.first_mismatches.len() < SHOWN_MISMATCHES {
                                        row.first_mismatches.push(counts);
                                    }
                                }
                            }
                        }
                        on_row();
                        done.push((c0, row));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().expect("a checking thread does not panic"))
            .collect()
    });
    rows.sort_by_key(|(c0, _)| *c0);
    let mut total = ClosedFormCheck::default();
    for (_, row) in rows {
        total.checked += row.checked;
        total.mismatches += row.mismatches;
        let room = SHOWN_MISMATCHES - total.first_mismatches.len();
        total
            .first_mismatches
            .extend(row.first_mismatches.into_iter().take(room));
    }
    total
}

/// A concrete array with these residue counts, values spread within each class over the
/// whole range 1..=10^4 and the classes interleaved, so a solver that leaned on small
/// values or on order would be caught.
pub fn array_with_counts(counts: [u64; 3]) -> Vec<i32> {
    let mut stones = Vec::new();
    let mut taken = [0u64; 3];
    let total: u64 = counts.iter().sum();
    for step in 0..total {
        let residue = (0..3)
            .map(|k| (step as usize + k) % 3)
            .find(|&r| taken[r] < counts[r])
            .expect("a class has stones left while the total is not reached");
        let j = taken[residue] as i32;
        taken[residue] += 1;
        let lowest = if residue == 0 { 3 } else { residue as i32 };
        // Steps of 3 keep the residue; the multiplier walks the class across the range.
        stones.push(lowest + 3 * ((j * 1_237 + residue as i32 * 97) % 3_332));
    }
    stones
}

/// Checks the literal solver against the table on every residue multiset with at most
/// `max_len` stones; returns (multisets checked, the counts of each mismatch).
pub fn check_literal_against_counts(table: &CountTable, max_len: u64) -> (u64, Vec<[u64; 3]>) {
    let mut checked = 0;
    let mut mismatches = Vec::new();
    for c0 in 0..=max_len {
        for c1 in 0..=max_len - c0 {
            for c2 in 0..=max_len - c0 - c1 {
                let counts = [c0, c1, c2];
                checked += 1;
                if literal_alice_wins(&array_with_counts(counts)) != table.alice_wins(counts) {
                    mismatches.push(counts);
                }
            }
        }
    }
    (checked, mismatches)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn literal_solver_answers_the_official_and_known_examples() {
        let known: [(&[i32], bool); 8] = [
            (&[2, 1], true),
            (&[2], false),
            (&[5, 1, 2, 4, 3], false),
            (&[1], false),
            (&[3], false),
            (&[2, 2, 3], false),
            (&[2, 2, 2, 3], true),
            (&[], false),
        ];
        for (stones, expected) in known {
            assert_eq!(literal_alice_wins(stones), Some(expected), "{stones:?}");
        }
    }

    #[test]
    fn literal_solver_refuses_what_it_cannot_memoise() {
        assert_eq!(literal_alice_wins(&[1; LITERAL_MAX_LEN + 1]), None);
        assert!(literal_alice_wins(&[1; LITERAL_MAX_LEN]).is_some());
    }

    #[test]
    fn literal_solver_uses_the_mathematical_residue_of_negative_values() {
        // -1 ≡ 2 (mod 3), so [-1, 1] plays like [2, 1].
        assert_eq!(literal_alice_wins(&[-1, 1]), Some(true));
        assert_eq!(literal_alice_wins(&[-1]), Some(false));
    }

    #[test]
    fn count_table_agrees_with_the_examples_and_refuses_beyond_its_limit() {
        let table = CountTable::new(5).unwrap();
        assert_eq!(table.alice_wins([0, 1, 1]), Some(true));
        assert_eq!(table.alice_wins([0, 0, 1]), Some(false));
        assert_eq!(
            table.alice_wins(residue_counts(&[5, 1, 2, 4, 3])),
            Some(false)
        );
        assert_eq!(table.alice_wins([1, 0, 3]), Some(true));
        assert_eq!(table.alice_wins([6, 0, 0]), None);
        let message = table.answer([0, 9, 0]).unwrap_err().to_string();
        assert!(
            message.contains("(0, 9, 0) exceed the count reference's limit 5"),
            "{message}"
        );
        assert!(CountTable::new(COUNT_MAX_LIMIT + 1).is_err());
    }

    #[test]
    fn arrays_with_counts_have_those_counts_and_valid_values() {
        for counts in [[0, 0, 1], [3, 4, 5], [12, 0, 0], [0, 7, 9]] {
            let stones = array_with_counts(counts);
            assert_eq!(residue_counts(&stones), counts);
            assert!(crate::problem::validate::is_valid(&stones));
        }
        let spread = array_with_counts([0, 40, 0]);
        assert!(spread.iter().any(|&s| s > 5_000), "{spread:?}");
    }

    #[test]
    fn a_wrong_closed_form_is_caught_by_the_check() {
        let table = CountTable::new(8).unwrap();
        let right = check_closed_form(&table, crate::Solution::alice_wins, 2, || {});
        assert_eq!((right.checked, right.mismatches), (729, 0));
        // The classic slip: ">= 2" instead of "> 2" for an odd number of zeros.
        let wrong = |[zeros, ones, twos]: [u64; 3]| {
            if zeros % 2 == 0 {
                ones >= 1 && twos >= 1
            } else {
                ones.abs_diff(twos) >= 2
            }
        };
        let check = check_closed_form(&table, wrong, 2, || {});
        assert!(check.mismatches > 0);
        assert_eq!(check.first_mismatches[0], [1, 0, 2]);
    }
}
