//! A judge's verdicts.

use std::fmt;
use std::time::Duration;

use serde::Serialize;

/// The verdict on one case, as online judges name them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Verdict {
    /// Accepted: the right answer within the limits.
    #[serde(rename = "AC")]
    Accepted,
    /// Wrong answer, or an answer missing or extra.
    #[serde(rename = "WA")]
    WrongAnswer,
    /// Presentation error: an output line that is not `true` or `false`.
    #[serde(rename = "PE")]
    PresentationError,
    /// Runtime error: a non-zero exit code or a signal.
    #[serde(rename = "RE")]
    RuntimeError,
    /// Time limit exceeded (CPU time, or the wall-clock guard).
    #[serde(rename = "TLE")]
    TimeLimitExceeded,
    /// Memory limit exceeded.
    #[serde(rename = "MLE")]
    MemoryLimitExceeded,
    /// Output limit exceeded.
    #[serde(rename = "OLE")]
    OutputLimitExceeded,
    /// Compile error.
    #[serde(rename = "CE")]
    CompileError,
}

impl Verdict {
    /// Every verdict, in the order summaries list them.
    pub const ALL: [Verdict; 8] = [
        Verdict::Accepted,
        Verdict::WrongAnswer,
        Verdict::PresentationError,
        Verdict::RuntimeError,
        Verdict::TimeLimitExceeded,
        Verdict::MemoryLimitExceeded,
        Verdict::OutputLimitExceeded,
        Verdict::CompileError,
    ];

    /// The short code: AC, WA, PE, RE, TLE, MLE, OLE, CE.
    pub fn code(self) -> &'static str {
        match self {
            Verdict::Accepted => "AC",
            Verdict::WrongAnswer => "WA",
            Verdict::PresentationError => "PE",
            Verdict::RuntimeError => "RE",
            Verdict::TimeLimitExceeded => "TLE",
            Verdict::MemoryLimitExceeded => "MLE",
            Verdict::OutputLimitExceeded => "OLE",
            Verdict::CompileError => "CE",
        }
    }

    /// The verdict of a short code, case-insensitively.
    pub fn from_code(code: &str) -> Option<Verdict> {
        Verdict::ALL
            .into_iter()
            .find(|v| v.code().eq_ignore_ascii_case(code))
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.code())
    }
}

/// The judgement of one case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CaseOutcome {
    /// The verdict.
    pub verdict: Verdict,
    /// The expected answer.
    pub expected: bool,
    /// The program's answer, when it gave a readable one.
    pub got: Option<bool>,
    /// What went wrong, in words (empty when accepted).
    pub detail: String,
    /// CPU time of the run that judged it, shared evenly among the cases of its batch.
    pub cpu: Duration,
}
