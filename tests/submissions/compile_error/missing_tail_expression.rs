impl Solution {
    pub fn stone_game_ix(stones: Vec<i32>) -> bool {
        stones.len() > 0;
    }
}
