//! Helpers shared by the integration tests.

/// Command lines of live processes that contain `marker` (NULs between words become
/// spaces), to prove that nothing a test started outlives it.
pub fn live_processes_with(marker: &str) -> Vec<String> {
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
        .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
        .filter(|c| c.contains(marker))
        .collect()
}
