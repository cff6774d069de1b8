impl Solution {
    /// Alice wins iff she can avoid ever making the removed sum a multiple of 3
    /// while forcing Bob into it before the stones run out.
    pub fn stone_game_ix(stones: Vec<i32>) -> bool {
        let mut residue_counts = [0u64; 3];
        for stone in stones {
            residue_counts[stone.rem_euclid(3) as usize] += 1;
        }
        Self::alice_wins(residue_counts)
    }

    /// The closed form on the counts of stones by value mod 3.
    ///
    /// Stones ≡ 0 only pass the turn, so only the parity of their count matters.
    /// Without them, the only safe play after the first stone r is r, r, -r, r, -r, ...:
    /// - an even number of zeros: Alice starts with the rarer of 1 and 2 and Bob runs
    ///   out first, which needs both residues present;
    /// - an odd number of zeros: one pass flips who is squeezed, and Alice wins only
    ///   if the majority residue outnumbers the other by more than 2, so that Bob is
    ///   forced into a multiple of 3 before the stones run out.
    pub fn alice_wins(residue_counts: [u64; 3]) -> bool {
        let [zeros, ones, twos] = residue_counts;
        if zeros % 2 == 0 {
            ones >= 1 && twos >= 1
        } else {
            ones.abs_diff(twos) > 2
        }
    }
}
