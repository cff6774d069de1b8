//! The judging machinery, apart from the problem: running a program under limits,
//! verdicts, batches, case files, the stress loop, the shrinker, the language drivers
//! and reports.

pub mod batch;
pub mod case_files;
pub mod cgroup;
pub mod lang;
pub mod process;
pub mod report;
pub mod shrink;
pub mod stress;
pub mod verdict;
