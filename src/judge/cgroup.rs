//! Per-run control groups (cgroup v1), where the judge may create them (as root on this
//! kind of machine); everything here degrades to nothing where it may not.
//!
//! - A **pids** group caps the tasks a program can have (`RLIMIT_NPROC` is per user and
//!   ignored for root), so a fork bomb stays small, and lists every process the program
//!   started, so even one that left the process group (`setsid`) is killed.
//! - A **memory** group measures the program's own peak memory. `wait4`'s `ru_maxrss`
//!   cannot: exec folds the spawning process's peak into it, so below the judge's own size
//!   it says nothing. For runtimes that cannot live under `RLIMIT_AS` (the JVM, V8) the
//!   group also enforces the memory limit.

use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::thread;
use std::time::Duration;

/// Most tasks (processes and threads) a program may have at once: enough for the JVM's
/// threads, small enough to keep a fork bomb harmless.
const MAX_TASKS: u32 = 256;
/// The cgroup v1 pids hierarchy.
const PIDS_ROOT: &str = "/sys/fs/cgroup/pids";

/// The groups of one run; removed (after killing what is left in them) when dropped.
pub struct RunCgroups {
    pids: Option<PathBuf>,
    memory: Option<PathBuf>,
}

impl RunCgroups {
    /// Creates the groups this machine allows; `memory_limit` is enforced by the memory
    /// group when given.
    pub fn new(memory_limit: Option<u64>) -> Self {
        static NEXT: AtomicU64 = AtomicU64::new(0);
        let name = format!(
            "stone-game-ix-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let pids = create(Path::new(PIDS_ROOT), &name, "pids.max", MAX_TASKS.into());
        let memory = memory_root().and_then(|root| match memory_limit {
            Some(limit) => create(root, &name, "memory.limit_in_bytes", limit),
            None => create(root, &name, "memory.max_usage_in_bytes", 0),
        });
        RunCgroups { pids, memory }
    }

    /// Moves `pid` into the groups. It runs right after spawning: the program has just
    /// been exec'd and has not read its input yet.
    pub fn add(&self, pid: libc::pid_t) {
        for dir in self.dirs() {
            let _ = std::fs::write(dir.join("cgroup.procs"), pid.to_string());
        }
    }

    /// Kills every process in the groups. New forks are refused first, so a fork bomb
    /// cannot outrun the killing.
    pub fn kill_all(&self) {
        if let Some(pids) = &self.pids {
            let _ = std::fs::write(pids.join("pids.max"), "0");
        }
        for dir in self.dirs() {
            let procs = std::fs::read_to_string(dir.join("cgroup.procs")).unwrap_or_default();
            for pid in procs
                .lines()
                .filter_map(|l| l.trim().parse::<libc::pid_t>().ok())
            {
                // SAFETY: kill takes plain integers; a pid that just exited yields ESRCH.
                unsafe {
                    libc::kill(pid, libc::SIGKILL);
                }
            }
        }
    }

    /// Whether a memory group measures the program's own peak memory.
    pub fn measures_memory(&self) -> bool {
        self.memory.is_some()
    }

    /// Peak memory charged to the program, in bytes, where a memory group measured it.
    pub fn peak_memory_bytes(&self) -> Option<u64> {
        let dir = self.memory.as_ref()?;
        let text = std::fs::read_to_string(dir.join("memory.max_usage_in_bytes")).ok()?;
        text.trim().parse().ok()
    }

    fn dirs(&self) -> impl Iterator<Item = &PathBuf> {
        self.pids.iter().chain(self.memory.iter())
    }
}

impl Drop for RunCgroups {
    fn drop(&mut self) {
        // A group can be removed once empty; killed tasks take a moment to leave it.
        for _ in 0..500 {
            self.kill_all();
            let removed = self
                .dirs()
                .all(|dir| std::fs::remove_dir(dir).is_ok() || !dir.exists());
            if removed {
                return;
            }
            thread::sleep(Duration::from_millis(2));
        }
    }
}

/// Creates `root/name` and writes `value` to its `setting` (a write of 0 to a read-only
/// file is a probe that the group works); `None` where that is not allowed.
fn create(root: &Path, name: &str, setting: &str, value: u64) -> Option<PathBuf> {
    let dir = root.join(name);
    std::fs::create_dir(&dir).ok()?;
    if std::fs::write(dir.join(setting), value.to_string()).is_err() {
        let _ = std::fs::remove_dir(&dir);
        return None;
    }
    Some(dir)
}

/// The judge's own memory group in the v1 hierarchy: run groups are made inside it.
fn memory_root() -> Option<&'static Path> {
    static ROOT: OnceLock<Option<PathBuf>> = OnceLock::new();
    ROOT.get_or_init(|| {
        let own = std::fs::read_to_string("/proc/self/cgroup").ok()?;
        let path = own.lines().find_map(|line| {
            let mut fields = line.splitn(3, ':');
            let (_, controllers, path) = (fields.next()?, fields.next()?, fields.next()?);
            controllers
                .split(',')
                .any(|c| c == "memory")
                .then_some(path)
        })?;
        let root = Path::new("/sys/fs/cgroup/memory").join(path.trim_start_matches('/'));
        root.is_dir().then_some(root)
    })
    .as_deref()
}
