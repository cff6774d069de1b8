// LeetCode-style driver: what LeetCode adds around a Rust submission.
struct Solution;

include!("SUBMISSION_PATH");

fn main() {
    use std::io::{BufRead, Write};
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().lines() {
        let line = line.expect("stdin is readable");
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let array = line.rsplit('=').next().unwrap_or(line).trim();
        let inner = array.trim_start_matches('[').trim_end_matches(']');
        let stones: Vec<i32> = inner
            .split(',')
            .map(str::trim)
            .filter(|token| !token.is_empty())
            .map(|token| token.parse().expect("the judge sends integers"))
            .collect();
        let answer = Solution::stone_game_ix(stones);
        writeln!(out, "{}", if answer { "true" } else { "false" }).expect("stdout is writable");
    }
    out.flush().expect("stdout is writable");
}
