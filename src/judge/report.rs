//! Machine-readable reports of a stress run: JSON for dashboards, JUnit XML for CI.

use std::path::Path;

use anyhow::Result;
use serde::Serialize;

use super::case_files::write_atomically;
use super::stress::StressReport;
use super::verdict::Verdict;

/// A failure as reports show it, after shrinking.
#[derive(Debug, Clone, Serialize)]
pub struct ReportedFailure {
    /// Index of the original case in the sequence.
    pub index: u64,
    /// The verdict.
    pub verdict: Verdict,
    /// Generator strategy of the original case.
    pub strategy: String,
    /// The original case (in full).
    pub original: String,
    /// The shrunk counterexample.
    pub shrunk: String,
    /// Whether the shrunk case is proven 1-minimal.
    pub one_minimal: bool,
    /// The expected answer.
    pub expected: bool,
    /// The program's answer, if readable.
    pub got: Option<bool>,
    /// What went wrong.
    pub detail: String,
    /// Where the shrunk case was saved.
    pub saved: Option<String>,
}

#[derive(Serialize)]
struct JsonReport<'a> {
    program: &'a str,
    seed: u64,
    first_index: u64,
    cases: u64,
    seconds: f64,
    cases_per_second: f64,
    verdicts: std::collections::BTreeMap<String, u64>,
    checked_by_minimax: u64,
    checked_by_model: u64,
    interrupted: bool,
    failures: &'a [ReportedFailure],
}

/// Writes the JSON report (atomically: a temp file renamed into place).
pub fn write_json(
    path: &Path,
    program: &str,
    seed: u64,
    first_index: u64,
    report: &StressReport,
    failures: &[ReportedFailure],
) -> Result<()> {
    let seconds = report.elapsed.as_secs_f64();
    let json = JsonReport {
        program,
        seed,
        first_index,
        cases: report.cases,
        seconds,
        cases_per_second: report.cases as f64 / seconds.max(1e-9),
        verdicts: report
            .verdicts
            .iter()
            .map(|(v, n)| (v.code().to_string(), *n))
            .collect(),
        checked_by_minimax: report.checked_by_minimax,
        checked_by_model: report.checked_by_model,
        interrupted: report.interrupted,
        failures,
    };
    let text = serde_json::to_string_pretty(&json)? + "\n";
    write_atomically(path, text.as_bytes(), true)
}

/// Writes a JUnit XML report: one test case per failure, plus one for the passing rest.
pub fn write_junit(
    path: &Path,
    seed: u64,
    report: &StressReport,
    failures: &[ReportedFailure],
) -> Result<()> {
    let passed = report
        .verdicts
        .get(&Verdict::Accepted)
        .copied()
        .unwrap_or(0);
    let mut xml = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    xml += &format!(
        "<testsuite name=\"stone-game-ix stress (seed {seed})\" tests=\"{}\" failures=\"{}\" time=\"{:.3}\">\n",
        failures.len() + 1,
        failures.len(),
        report.elapsed.as_secs_f64()
    );
    xml += &format!("  <testcase classname=\"stress\" name=\"{passed} accepted cases\"/>\n");
    for failure in failures {
        xml += &format!(
            "  <testcase classname=\"stress\" name=\"case {} ({})\">\n    <failure type=\"{}\" message=\"{}\">shrunk: {}\noriginal: {}</failure>\n  </testcase>\n",
            failure.index,
            escape(&failure.strategy),
            failure.verdict,
            escape(&failure.detail),
            escape(&failure.shrunk),
            escape(&failure.original),
        );
    }
    xml += "</testsuite>\n";
    write_atomically(path, xml.as_bytes(), true)
}

fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
