// Allocates without bound: under the address-space limit Rust prints "memory allocation
// of N bytes failed" and aborts; the judge must call that MLE, not RE.
impl Solution {
    pub fn stone_game_ix(stones: Vec<i32>) -> bool {
        let mut blocks: Vec<Vec<u8>> = Vec::new();
        loop {
            blocks.push(vec![1; 1 << 24]);
            if blocks.len() == usize::MAX {
                return stones.is_empty();
            }
        }
    }
}
