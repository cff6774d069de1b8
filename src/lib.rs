//! A local judge for LeetCode 2029 "Stone Game IX".
//!
//! The crate is laid out along the data flow:
//! - [`problem`]: what is specific to this problem — the testcase format, the validator,
//!   the reference minimax and the test generator;
//! - [`judge`]: the judging machinery — running a program under limits, verdicts, case
//!   files, the stress loop and the shrinker;
//! - [`commands`]: the CLI subcommands that wire the two together.

pub mod commands;
pub mod judge;
pub mod problem;

/// LeetCode supplies this struct; `src/solution.rs` (the submission file) implements it.
pub struct Solution;

// The submission file is included verbatim so that what we test is exactly what is pasted.
include!("solution.rs");
