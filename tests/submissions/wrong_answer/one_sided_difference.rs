// Mistake: compares c1 - c2 one way only, so a majority of twos is missed.
impl Solution {
    pub fn stone_game_ix(stones: Vec<i32>) -> bool {
        let mut counts = [0i64; 3];
        for stone in stones {
            counts[(stone % 3) as usize] += 1;
        }
        if counts[0] % 2 == 0 {
            counts[1] >= 1 && counts[2] >= 1
        } else {
            counts[1] - counts[2] > 2
        }
    }
}
