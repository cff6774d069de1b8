//! What is specific to Stone Game IX: its testcase format, constraints, reference and generator.

pub mod format;
pub mod generator;
pub mod reference;
pub mod validate;
