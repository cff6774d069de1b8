//! The test generator: seeded, replayable and aimed at the decision rule's edges.
//!
//! Case `i` of seed `s` is drawn from its own ChaCha8 stream seeded by (s, i), so it is
//! the same whatever the number of cases asked for, the workers or the batch size.
//! ChaCha8 is a named, portable algorithm (unlike `StdRng`), and a golden test pins the
//! exact output so that a change of `rand` that alters cases is caught.

use std::fmt;

use anyhow::{Result, bail};
use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};

use super::reference::residue_counts;
use super::validate::{MAX_LEN, MAX_VALUE, MIN_LEN};

/// A family of cases, each aimed at a kind of bug.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Strategy {
    /// n ≤ 8 with every residue pattern equally likely.
    Tiny,
    /// Residue counts drawn cell by cell from the decision grid.
    Boundary,
    /// Values at the extremes (1, 2, 3, around 2^8, up to 10^4) in every residue class.
    ExtremeValues,
    /// n = 1, n = max, n around powers of two, counts straddling 2^8, 2^15, 2^16.
    Sizes,
    /// n = max with all values equal, few distinct, sorted or reversed.
    SlowKillers,
    /// n log-uniform over the allowed range, values uniform.
    Uniform,
    /// The default: a weighted mix of all the others.
    Mixed,
}

impl Strategy {
    /// Every strategy, in the order `--list-strategies` prints them.
    pub const ALL: [Strategy; 7] = [
        Strategy::Tiny,
        Strategy::Boundary,
        Strategy::ExtremeValues,
        Strategy::Sizes,
        Strategy::SlowKillers,
        Strategy::Uniform,
        Strategy::Mixed,
    ];

    /// The name used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Tiny => "tiny",
            Strategy::Boundary => "boundary",
            Strategy::ExtremeValues => "extreme-values",
            Strategy::Sizes => "sizes",
            Strategy::SlowKillers => "slow-killers",
            Strategy::Uniform => "uniform",
            Strategy::Mixed => "mixed",
        }
    }

    /// One line saying what the strategy hunts.
    pub fn description(self) -> &'static str {
        match self {
            Strategy::Tiny => {
                "n <= 8, every residue pattern equally likely, values anywhere in 1..=max"
            }
            Strategy::Boundary => {
                "residue counts on the decision rule's edges: zero count even/odd (sometimes \
                 large), |c1 - c2| in 0..=4 or far apart, c1 = 0, c2 = 0 or both >= 1"
            }
            Strategy::ExtremeValues => {
                "values 1, 2, 3, around 2^8 and up to the maximum (9998..10000) in every \
                 residue class (2^15 is above the constraint 10^4)"
            }
            Strategy::Sizes => {
                "n = 1, n = max, n around powers of two, and large cases whose counts sit on \
                 the decision boundary or straddle 2^8, 2^15, 2^16 (narrow counter types)"
            }
            Strategy::SlowKillers => {
                "n = max with all values equal, few distinct values, sorted or reversed \
                 (for quadratic solutions)"
            }
            Strategy::Uniform => "n log-uniform in 1..=max-n, values uniform in 1..=max-value",
            Strategy::Mixed => "the default: a weighted mix of all the above",
        }
    }

    /// The strategy of a command-line name.
    pub fn from_name(name: &str) -> Result<Self> {
        match Strategy::ALL.iter().find(|s| s.name() == name) {
            Some(&strategy) => Ok(strategy),
            None => {
                let names: Vec<_> = Strategy::ALL.iter().map(|s| s.name()).collect();
                bail!("unknown strategy '{name}' (known: {})", names.join(", "))
            }
        }
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Weights of the default mix: most cases small and aimed, a few large ones.
const MIXED_WEIGHTS: [(Strategy, u32); 6] = [
    (Strategy::Tiny, 30),
    (Strategy::Boundary, 36),
    (Strategy::ExtremeValues, 15),
    (Strategy::Sizes, 4),
    (Strategy::SlowKillers, 1),
    (Strategy::Uniform, 14),
];

/// What to generate: strategies and bounds. Case `i` depends on these and the seed only.
#[derive(Debug, Clone)]
pub struct Generator {
    seed: u64,
    strategies: Vec<Strategy>,
    max_len: usize,
    max_value: i32,
}

impl Generator {
    /// A generator; `strategies` empty means `mixed`.
    pub fn new(
        seed: u64,
        strategies: Vec<Strategy>,
        max_len: usize,
        max_value: i32,
    ) -> Result<Self> {
        if !(MIN_LEN..=MAX_LEN).contains(&max_len) {
            bail!("--max-n must be in {MIN_LEN}..={MAX_LEN}, not {max_len}");
        }
        // Every residue class needs a value: 3 is the smallest multiple of 3 allowed.
        if !(3..=MAX_VALUE).contains(&max_value) {
            bail!("--max-value must be in 3..={MAX_VALUE}, not {max_value}");
        }
        let strategies = if strategies.is_empty() {
            vec![Strategy::Mixed]
        } else {
            strategies
        };
        Ok(Generator {
            seed,
            strategies,
            max_len,
            max_value,
        })
    }

    /// The seed every case derives from.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Case number `index`, with the strategy that made it.
    pub fn case(&self, index: u64) -> (Strategy, Vec<i32>) {
        let mut rng = ChaCha8Rng::seed_from_u64(splitmix64(self.seed ^ splitmix64(index)));
        let mut strategy = self.strategies[rng.random_range(0..self.strategies.len())];
        if strategy == Strategy::Mixed {
            strategy = pick_weighted(&mut rng);
        }
        let mut draw = Draw {
            rng: &mut rng,
            max_len: self.max_len,
            max_value: self.max_value,
        };
        let stones = match strategy {
            Strategy::Tiny => draw.tiny(),
            Strategy::Boundary => draw.boundary(),
            Strategy::ExtremeValues => draw.extreme_values(),
            Strategy::Sizes => draw.sizes(),
            Strategy::SlowKillers => draw.slow_killer(),
            Strategy::Uniform | Strategy::Mixed => draw.uniform(),
        };
        (strategy, stones)
    }
}

/// A random seed for when the user gave none (printed, so the run can be replayed).
pub fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0);
    splitmix64(nanos ^ (u64::from(std::process::id()) << 32))
}

/// SplitMix64's finaliser: spreads nearby (seed, index) pairs over unrelated streams.
fn splitmix64(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

fn pick_weighted(rng: &mut ChaCha8Rng) -> Strategy {
    let total: u32 = MIXED_WEIGHTS.iter().map(|(_, w)| w).sum();
    let mut ticket = rng.random_range(0..total);
    for (strategy, weight) in MIXED_WEIGHTS {
        if ticket < weight {
            return strategy;
        }
        ticket -= weight;
    }
    unreachable!("the ticket is below the total weight")
}

/// Values worth trying at the ends of the range and around 2^8.
const EXTREME_VALUES: [i32; 14] = [1, 2, 3, 4, 5, 6, 254, 255, 256, 257, 258, 9998, 9999, 10000];

struct Draw<'a> {
    rng: &'a mut ChaCha8Rng,
    max_len: usize,
    max_value: i32,
}

impl Draw<'_> {
    fn tiny(&mut self) -> Vec<i32> {
        let len = self.rng.random_range(1..=8.min(self.max_len));
        (0..len)
            .map(|_| {
                let residue = self.rng.random_range(0..3);
                self.value_in_class(residue)
            })
            .collect()
    }

    /// Picks a cell of the decision grid, then counts that land in it.
    fn boundary(&mut self) -> Vec<i32> {
        let zeros_odd = self.rng.random_bool(0.5);
        let presence = self.rng.random_range(0..3);
        let bucket = if presence == 1 {
            self.rng.random_range(1..=5)
        } else {
            self.rng.random_range(0..=5)
        };
        let diff = if bucket == 5 {
            self.rng.random_range(5..=40)
        } else {
            bucket
        };
        // Mostly few zeros; some many (within the count reference's reach); a few huge.
        let zeros = match self.rng.random_range(0..20) {
            0..15 => self.rng.random_range(0..=6),
            15..19 => self.rng.random_range(7..=300),
            _ => self.rng.random_range(0..=self.max_len / 2),
        };
        let zeros = zeros - zeros % 2 + usize::from(zeros_odd);
        let (ones, twos) = match presence {
            0 => (0, diff),
            1 => (diff, 0),
            _ => {
                let fewer = if self.rng.random_bool(0.2) {
                    self.rng.random_range(1..=250)
                } else {
                    self.rng.random_range(1..=4)
                };
                if self.rng.random_bool(0.5) {
                    (fewer, fewer + diff)
                } else {
                    (fewer + diff, fewer)
                }
            }
        };
        self.stones_with_counts([zeros, ones, twos])
    }

    fn extreme_values(&mut self) -> Vec<i32> {
        let len = self.rng.random_range(1..=12.min(self.max_len));
        let max_value = self.max_value;
        let near_max = [max_value - 2, max_value - 1, max_value];
        (0..len)
            .map(|_| {
                if self.rng.random_bool(0.5) {
                    near_max[self.rng.random_range(0..3)]
                } else {
                    let pick = EXTREME_VALUES[self.rng.random_range(0..EXTREME_VALUES.len())];
                    pick.min(max_value)
                }
            })
            .collect()
    }

    fn sizes(&mut self) -> Vec<i32> {
        let max = self.max_len;
        match self.rng.random_range(0..5) {
            0 => {
                let len = if self.rng.random_bool(0.5) { 1 } else { max };
                self.uniform_of_len(len)
            }
            1 => {
                let power = 1usize << self.rng.random_range(1..=16);
                let len = (power + self.rng.random_range(0..=2) - 1).clamp(1, max);
                self.uniform_of_len(len)
            }
            2 => {
                // A counter of 8 or 16 bits wraps these counts to small ones that flip
                // the answer: 257 ones look like 1, 65537 zeros look even.
                let narrow = [256, 257, 258, 32767, 32768, 32769, 65535, 65536, 65537];
                let zeros = narrow[self.rng.random_range(0..narrow.len())];
                let ones = narrow[self.rng.random_range(0..5)];
                let twos = self.rng.random_range(0..=3);
                self.stones_with_counts([zeros, ones, twos])
            }
            _ => {
                // On the boundary at scale: |c1 - c2| in 0..=4 with many stones.
                let fewer = self.rng.random_range(0..=max / 3);
                let diff = self.rng.random_range(0..=4);
                let zeros = max.saturating_sub(2 * fewer + diff);
                let zeros = zeros - usize::from(self.rng.random_bool(0.5) && zeros > 0);
                self.stones_with_counts([zeros, fewer, fewer + diff])
            }
        }
    }

    fn slow_killer(&mut self) -> Vec<i32> {
        let len = self.max_len;
        match self.rng.random_range(0..4) {
            0 => vec![self.rng.random_range(1..=self.max_value); len],
            1 => {
                let distinct: Vec<i32> = (0..3)
                    .map(|_| self.rng.random_range(1..=self.max_value))
                    .collect();
                (0..len)
                    .map(|_| distinct[self.rng.random_range(0..3)])
                    .collect()
            }
            order => {
                // Sorted by counting: values are at most 10^4, so this is O(n + max),
                // several times faster than a comparison sort of 10^5 values.
                let mut counts = vec![0u32; self.max_value as usize + 1];
                for _ in 0..len {
                    counts[self.rng.random_range(1..=self.max_value) as usize] += 1;
                }
                let mut stones = Vec::with_capacity(len);
                for (value, &count) in counts.iter().enumerate() {
                    stones.extend(std::iter::repeat_n(value as i32, count as usize));
                }
                if order == 3 {
                    stones.reverse();
                }
                stones
            }
        }
    }

    fn uniform(&mut self) -> Vec<i32> {
        let bits = usize::BITS - self.max_len.leading_zeros();
        let top = 1usize << self.rng.random_range(1..=bits);
        let len = self.rng.random_range(1..=top.min(self.max_len));
        self.uniform_of_len(len)
    }

    fn uniform_of_len(&mut self, len: usize) -> Vec<i32> {
        (0..len)
            .map(|_| self.rng.random_range(1..=self.max_value))
            .collect()
    }

    /// Stones with these residue counts (trimmed to `max_len`), in random order.
    fn stones_with_counts(&mut self, mut counts: [usize; 3]) -> Vec<i32> {
        // Trim the largest class first, so a small --max-n keeps the shape it can.
        while counts.iter().sum::<usize>() > self.max_len {
            let largest = (0..3).max_by_key(|&r| counts[r]).unwrap_or(0);
            let excess = counts.iter().sum::<usize>() - self.max_len;
            counts[largest] -= excess.min(counts[largest]);
        }
        if counts == [0, 0, 0] {
            counts[self.rng.random_range(0..3)] = 1;
        }
        let mut stones = Vec::with_capacity(counts.iter().sum());
        for (residue, &count) in counts.iter().enumerate() {
            for _ in 0..count {
                stones.push(self.value_in_class(residue as i32));
            }
        }
        // Fisher–Yates, so the order a solution sees carries no hint of the counts.
        for i in (1..stones.len()).rev() {
            let j = self.rng.random_range(0..=i);
            stones.swap(i, j);
        }
        stones
    }

    /// A uniform value in 1..=max_value that is ≡ `residue` (mod 3).
    fn value_in_class(&mut self, residue: i32) -> i32 {
        let lowest = if residue == 0 { 3 } else { residue };
        let steps = (self.max_value - lowest) / 3;
        lowest + 3 * self.rng.random_range(0..=steps)
    }
}

/// Which coverage class a case falls in: a few bytes, so a long run keeps classes
/// rather than cases.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CaseClass {
    zeros_odd: bool,
    presence: u8,
    bucket: u8,
    low_value: bool,
    high_value: bool,
    len_one: bool,
    len_max: bool,
}

impl CaseClass {
    /// Classifies a case.
    pub fn of(stones: &[i32]) -> Self {
        let [zeros, ones, twos] = residue_counts(stones);
        CaseClass {
            zeros_odd: zeros % 2 == 1,
            presence: if ones == 0 {
                0
            } else if twos == 0 {
                1
            } else {
                2
            },
            bucket: ones.abs_diff(twos).min(5) as u8,
            low_value: stones.iter().any(|&s| s <= 3),
            high_value: stones.iter().any(|&s| s >= MAX_VALUE - 2),
            len_one: stones.len() == 1,
            len_max: stones.len() == MAX_LEN,
        }
    }
}

/// The grid of classes the generator is meant to cover, and the extremes.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Coverage {
    /// `[zeros odd][presence][bucket]`: presence 0 = c1 is 0, 1 = only c2 is 0, 2 = both ≥ 1;
    /// bucket = |c1 - c2| capped at 5.
    pub grid: [[[u64; 6]; 3]; 2],
    /// Cases with a value of at most 3, and with a value of at least 9998.
    pub value_extremes: [u64; 2],
    /// Cases with n = 1, and with n = 10^5.
    pub size_extremes: [u64; 2],
}

const PRESENCE_NAMES: [&str; 3] = ["c1 = 0", "c2 = 0", "both >= 1"];

impl Coverage {
    /// Counts one case into its class.
    pub fn add(&mut self, stones: &[i32]) {
        self.add_class(CaseClass::of(stones));
    }

    /// Counts a case already classified.
    pub fn add_class(&mut self, class: CaseClass) {
        self.grid[usize::from(class.zeros_odd)][usize::from(class.presence)]
            [usize::from(class.bucket)] += 1;
        self.value_extremes[0] += u64::from(class.low_value);
        self.value_extremes[1] += u64::from(class.high_value);
        self.size_extremes[0] += u64::from(class.len_one);
        self.size_extremes[1] += u64::from(class.len_max);
    }

    /// Adds another coverage into this one.
    pub fn merge(&mut self, other: &Coverage) {
        for (mine, theirs) in self
            .grid
            .iter_mut()
            .flatten()
            .zip(other.grid.iter().flatten())
        {
            for (a, b) in mine.iter_mut().zip(theirs) {
                *a += b;
            }
        }
        for i in 0..2 {
            self.value_extremes[i] += other.value_extremes[i];
            self.size_extremes[i] += other.size_extremes[i];
        }
    }

    /// Cells that can hold a case but hold none (a case with c2 = 0 and c1 = 0 is
    /// counted under c1 = 0, so "c2 = 0" with |c1 - c2| = 0 cannot occur).
    pub fn empty_cells(&self) -> usize {
        let mut empty = 0;
        for parity in &self.grid {
            for (presence, row) in parity.iter().enumerate() {
                for (bucket, &count) in row.iter().enumerate() {
                    if count == 0 && !(presence == 1 && bucket == 0) {
                        empty += 1;
                    }
                }
            }
        }
        empty
            + self
                .value_extremes
                .iter()
                .chain(&self.size_extremes)
                .filter(|&&c| c == 0)
                .count()
    }
}

impl fmt::Display for Coverage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "coverage: cases per class (zeros parity x presence x |c1 - c2|)"
        )?;
        writeln!(
            f,
            "  {:<6} {:<10} {:>7} {:>7} {:>7} {:>7} {:>7} {:>7}",
            "zeros", "presence", "0", "1", "2", "3", "4", ">=5"
        )?;
        for (parity, rows) in self.grid.iter().enumerate() {
            for (presence, row) in rows.iter().enumerate() {
                write!(
                    f,
                    "  {:<6} {:<10}",
                    ["even", "odd"][parity],
                    PRESENCE_NAMES[presence]
                )?;
                for (bucket, count) in row.iter().enumerate() {
                    if presence == 1 && bucket == 0 {
                        write!(f, " {:>7}", "-")?;
                    } else {
                        write!(f, " {count:>7}")?;
                    }
                }
                writeln!(f)?;
            }
        }
        writeln!(
            f,
            "  value extremes: {} cases with a value <= 3, {} with a value >= {}",
            self.value_extremes[0],
            self.value_extremes[1],
            MAX_VALUE - 2
        )?;
        write!(
            f,
            "  size extremes: {} cases with n = 1, {} with n = {MAX_LEN}",
            self.size_extremes[0], self.size_extremes[1]
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::format::format_case;
    use crate::problem::validate::is_valid;

    fn mixed(seed: u64) -> Generator {
        Generator::new(seed, vec![], MAX_LEN, MAX_VALUE).unwrap()
    }

    #[test]
    fn golden_cases_are_pinned_to_the_byte() {
        // If this fails after a dependency update, generated cases changed: every seed
        // printed before the update would replay differently. Update only on purpose.
        let generator = mixed(1);
        let golden: Vec<String> = (0..6)
            .map(|i| {
                let (strategy, stones) = generator.case(i);
                let head = format_case(&stones[..stones.len().min(6)]);
                format!("{strategy} n={} {head}", stones.len())
            })
            .collect();
        assert_eq!(golden, GOLDEN);
    }

    const GOLDEN: [&str; 6] = [
        "sizes n=65538 [9546,5349,7924,913,5104,6928]",
        "boundary n=324 [5735,9391,4045,4915,2633,524]",
        "boundary n=37 [9158,5441,6038,8987,1949,1874]",
        "boundary n=218 [9221,7549,1655,2729,7304,5377]",
        "tiny n=3 [9544,3444,9640]",
        "boundary n=13 [4345,9199,3523,6095,4474,2904]",
    ];

    #[test]
    fn a_case_depends_only_on_seed_and_index() {
        let generator = mixed(42);
        let other = Generator::new(42, vec![Strategy::Mixed], 100_000, 10_000).unwrap();
        for index in [0, 1, 999, 123_456] {
            assert_eq!(generator.case(index), other.case(index));
        }
        assert_ne!(mixed(43).case(0), generator.case(0));
    }

    #[test]
    fn every_strategy_makes_valid_cases_within_the_bounds() {
        for strategy in Strategy::ALL {
            let generator = Generator::new(7, vec![strategy], 300, 50).unwrap();
            for index in 0..500 {
                let (_, stones) = generator.case(index);
                assert!(is_valid(&stones), "{strategy} case {index} invalid");
                assert!(stones.len() <= 300 && stones.iter().all(|&s| s <= 50));
            }
        }
    }

    #[test]
    fn the_default_mix_covers_every_class_in_a_thousand_cases() {
        let generator = mixed(1);
        let mut coverage = Coverage::default();
        for index in 0..1000 {
            coverage.add(&generator.case(index).1);
        }
        assert_eq!(coverage.empty_cells(), 0, "{coverage}");
    }

    #[test]
    fn narrow_counter_cases_reach_past_u16() {
        let generator = Generator::new(3, vec![Strategy::Sizes], MAX_LEN, MAX_VALUE).unwrap();
        let reaches = (0..400).any(|i| residue_counts(&generator.case(i).1)[0] > 65_536);
        assert!(reaches);
    }

    #[test]
    fn bounds_outside_the_constraints_are_refused() {
        assert!(Generator::new(1, vec![], 0, 10).is_err());
        assert!(Generator::new(1, vec![], MAX_LEN + 1, 10).is_err());
        assert!(Generator::new(1, vec![], 10, 2).is_err());
        assert!(Generator::new(1, vec![], 10, MAX_VALUE + 1).is_err());
        assert!(Strategy::from_name("nope").is_err());
    }
}
