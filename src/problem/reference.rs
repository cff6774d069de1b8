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

/// Largest limit [`CountTable::new`] accepts (about 8 GB beyond it).
pub const COUNT_MAX_LIMIT: u64 = 2000;

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
        for c0 in 0..side {
            for c1 in 0..side {
                for c2 in 0..side {
                    let left = [c0, c1, c2];
                    let mut cell = 0;
                    for sum in 1..=2 {
                        for bob_to_move in [false, true] {
                            if table.mover_wins(left, sum, bob_to_move) {
                                cell |= mid_game_bit(sum, bob_to_move);
                            }
                        }
                    }
                    if table.mover_wins(left, 0, false) {
                        cell |= START_BIT;
                    }
                    let index = table.index(left);
                    table.cells[index] = cell;
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

    /// One minimax step, reading already solved positions with one stone fewer.
    fn mover_wins(&self, left: [usize; 3], sum: usize, bob_to_move: bool) -> bool {
        if left == [0, 0, 0] {
            // Only reachable as the start of an empty game: nobody can move, Bob wins.
            return bob_to_move;
        }
        (0..3).any(|residue| {
            if left[residue] == 0 {
                return false;
            }
            let new_sum = (sum + residue) % 3;
            if new_sum == 0 {
                return false;
            }
            let mut after = left;
            after[residue] -= 1;
            if after == [0, 0, 0] {
                return bob_to_move;
            }
            let opponent_wins =
                self.cells[self.index(after)] & mid_game_bit(new_sum, !bob_to_move) != 0;
            !opponent_wins
        })
    }
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
        assert_eq!(table.alice_wins(residue_counts(&[5, 1, 2, 4, 3])), Some(false));
        assert_eq!(table.alice_wins([1, 0, 3]), Some(true));
        assert_eq!(table.alice_wins([6, 0, 0]), None);
        let message = table.answer([0, 9, 0]).unwrap_err().to_string();
        assert!(message.contains("(0, 9, 0) exceed the count reference's limit 5"), "{message}");
        assert!(CountTable::new(COUNT_MAX_LIMIT + 1).is_err());
    }
}
