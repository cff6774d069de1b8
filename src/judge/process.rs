//! Running one untrusted program on one input under limits.
//!
//! The pitfalls this module exists for (see shared/ENGINEERING.md):
//! - the child gets its own process group, killed on timeout *and* after the child is
//!   reaped, so a grandchild holding the pipes cannot keep us waiting or outlive the run;
//! - stdin is written from its own thread (a program that exits without reading gets
//!   EPIPE, which is ignored), stdout and stderr are drained concurrently and capped;
//! - CPU time and peak RSS come from `wait4` for this one child, not from
//!   `RUSAGE_CHILDREN`, which would mix in the other workers' children.

use std::io::{self, Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};

use super::cgroup::RunCgroups;

/// Set by the SIGINT/SIGTERM handler; every run in progress kills its child when it sees it.
pub static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// How often a running child's CPU time and the interrupt flag are looked at.
const POLL: Duration = Duration::from_millis(20);
/// How much of stderr is kept (its end: that is where a panic message or traceback is).
const STDERR_TAIL: usize = 4096;

/// A program to run: its words (no shell) and how its memory can be limited.
#[derive(Debug, Clone)]
pub struct Program {
    /// The executable and its arguments.
    pub argv: Vec<String>,
    /// Whether an address-space limit (`RLIMIT_AS`) may be applied. Runtimes that reserve
    /// far more address space than they use (the JVM, V8) cannot live under one; their
    /// memory is limited by their own flags and judged by measured peak RSS.
    pub address_space_limit: bool,
    /// What the user knows it as (the command, or the submission file), for messages.
    pub label: String,
}

impl Program {
    /// A program from a command line split like a shell would (quotes, escapes), run without one.
    pub fn from_command_line(command: &str) -> Result<Self> {
        let argv = shell_words::split(command)
            .with_context(|| format!("cannot split the command '{command}' into words"))?;
        anyhow::ensure!(!argv.is_empty(), "the command is empty");
        Ok(Program {
            argv,
            address_space_limit: true,
            label: command.to_string(),
        })
    }

    /// The program as the user named it.
    pub fn display(&self) -> &str {
        &self.label
    }

    /// The command line actually run.
    pub fn command_line(&self) -> String {
        shell_words::join(&self.argv)
    }
}

/// Limits for one run.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// CPU time (user + system) allowed.
    pub time: Duration,
    /// Wall-clock guard for programs that sleep or block instead of computing.
    pub wall: Duration,
    /// Memory in bytes (address space where allowed, else measured peak RSS).
    pub memory: u64,
    /// Bytes of stdout kept before the run is stopped as over the output limit.
    pub output: u64,
}

impl Limits {
    /// Limits with the wall guard derived from the time limit: 0.9 s past it.
    pub fn new(time: Duration, memory: u64, output: u64) -> Self {
        Limits {
            time,
            // Room for a busy program on a loaded machine, yet any run ends within
            // the time limit + 1 s.
            wall: time + Duration::from_millis(900),
            memory,
            output,
        }
    }
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// Exited with this code.
    Code(i32),
    /// Killed by this signal.
    Signal(i32),
}

/// Why the judge stopped a run early, if it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// CPU time went over the limit.
    CpuTime,
    /// The wall-clock guard ran out.
    WallTime,
    /// Stdout went over the output cap.
    Output,
    /// The judge was interrupted (Ctrl-C, SIGTERM).
    Interrupted,
}

/// What one run did.
#[derive(Debug, Clone)]
pub struct Run {
    /// How the program ended.
    pub exit: Exit,
    /// Set when the judge killed it, and why.
    pub stopped: Option<Stopped>,
    /// CPU time, user + system.
    pub cpu: Duration,
    /// Wall-clock time from the end of setup (groups, rlimits) to reaping.
    pub wall: Duration,
    /// Peak memory in KiB: measured by the run's memory group where there is one, else
    /// `wait4`'s peak RSS. Exec folds the spawning process's own peak into the latter, so
    /// then values up to `rss_floor_kib` say only "at most this much".
    pub peak_rss_kib: u64,
    /// The judge's own peak RSS when it spawned the child (0 when a memory group
    /// measured): the floor of `peak_rss_kib`.
    pub rss_floor_kib: u64,
    /// Everything written to stdout, up to the output cap.
    pub stdout: Vec<u8>,
    /// The last bytes written to stderr.
    pub stderr_tail: Vec<u8>,
}

/// Runs `program` with `input` on stdin under `limits`, and always reaps it and its group.
pub fn run(program: &Program, input: &[u8], limits: &Limits) -> Result<Run> {
    let mut command = Command::new(&program.argv[0]);
    command
        .args(&program.argv[1..])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    // The JVM and V8 cannot live under RLIMIT_AS: their memory group enforces the limit.
    let cgroups = RunCgroups::new((!program.address_space_limit).then_some(limits.memory));
    let mut child = command
        .spawn()
        .with_context(|| format!("cannot run '{}'", program.command_line()))?;
    let pid = child.id() as libc::pid_t;
    cgroups.add(pid);
    let kill_everything = || {
        kill_group(pid);
        cgroups.kill_all();
    };
    // Spawning returns once the child has exec'd, so this covers what exec folded in;
    // needed only where no memory group measures the program itself.
    let rss_floor_kib = if cgroups.measures_memory() {
        0
    } else {
        own_peak_rss_kib()
    };
    // Limits go on right after spawning rather than between fork and exec: a `pre_exec`
    // hook forces a full fork of the judge, which is slower and leaves the judge's own
    // resident memory in the child's peak RSS. The child can do little before its input
    // arrives, and that is written only after this.
    if let Err(error) = apply_rlimits(pid, program, limits) {
        kill_everything();
        let _ = wait_for(pid);
        return Err(error).context("cannot apply limits to the program");
    }
    // The clocks start once the program is set up: moving it into its groups can wait on
    // the kernel (behind another judge's fork bomb, say), and the program cannot get far
    // before its input arrives.
    let machine_at_start = CpuTimes::now();
    let started = Instant::now();
    let stdin = child.stdin.take();
    let mut stdout = child.stdout.take().expect("stdout is piped");
    let mut stderr = child.stderr.take().expect("stderr is piped");
    let output_cap = limits.output;

    thread::scope(|scope| {
        scope.spawn(move || {
            if let Some(mut stdin) = stdin {
                // EPIPE means the program stopped reading: it is judged on what it wrote.
                let _ = stdin.write_all(input);
            }
        });
        let stdout_reader = scope.spawn(move || read_capped(&mut stdout, output_cap, pid));
        let stderr_reader = scope.spawn(move || read_tail(&mut stderr));
        let (sender, receiver) = mpsc::channel();
        scope.spawn(move || {
            let _ = sender.send(wait_for(pid));
        });

        let mut stopped = None;
        let waited = loop {
            match receiver.recv_timeout(POLL) {
                Ok(waited) => break waited,
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    break Err(io::Error::other("the waiting thread died"));
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
            }
            if stopped.is_some() {
                continue;
            }
            let reason = if INTERRUPTED.load(Ordering::Relaxed) {
                Some(Stopped::Interrupted)
            } else if wall_guard_passed(started.elapsed(), limits, &machine_at_start) {
                Some(Stopped::WallTime)
            } else if cpu_time_so_far(pid).is_some_and(|cpu| cpu > limits.time) {
                Some(Stopped::CpuTime)
            } else {
                None
            };
            if reason.is_some() {
                stopped = reason;
                kill_everything();
            }
        };
        let wall = started.elapsed();
        // The child is reaped; whatever it left in its group goes now, before we wait on
        // pipes that a grandchild may hold open.
        kill_everything();
        let (status, usage) = waited.context("cannot wait for the program")?;
        let (stdout, over_cap) = stdout_reader.join().expect("stdout reader does not panic");
        let stderr_tail = stderr_reader.join().expect("stderr reader does not panic");
        let cpu = timeval(usage.ru_utime) + timeval(usage.ru_stime);
        if stopped.is_none() {
            if over_cap {
                stopped = Some(Stopped::Output);
            } else if cpu > limits.time {
                stopped = Some(Stopped::CpuTime);
            }
        }
        let status = std::process::ExitStatus::from_raw(status);
        let exit = match status.code() {
            Some(code) => Exit::Code(code),
            None => Exit::Signal(status.signal().unwrap_or(0)),
        };
        // The memory group measures the program alone; wait4 only above the judge's size.
        let peak_rss_kib = match cgroups.peak_memory_bytes() {
            Some(bytes) => bytes / 1024,
            None => usage.ru_maxrss.max(0) as u64,
        };
        Ok(Run {
            exit,
            stopped,
            cpu,
            wall,
            peak_rss_kib,
            rss_floor_kib,
            stdout,
            stderr_tail,
        })
    })
}

/// The machine's CPU time so far, idle and total, in clock ticks (from /proc/stat).
#[derive(Debug, Clone, Copy)]
struct CpuTimes {
    idle: u64,
    total: u64,
}

impl CpuTimes {
    fn now() -> Option<Self> {
        let stat = std::fs::read_to_string("/proc/stat").ok()?;
        let fields: Vec<u64> = stat
            .lines()
            .next()?
            .split_whitespace()
            .skip(1)
            .filter_map(|f| f.parse().ok())
            .collect();
        // user nice system idle iowait irq softirq steal …: idle and iowait are idle.
        let idle = fields.get(3)? + fields.get(4).copied().unwrap_or(0);
        Some(CpuTimes {
            idle,
            total: fields.iter().sum(),
        })
    }
}

/// Whether a run that started when the machine's CPU times were `start` has been going
/// longer than its wall-clock guard.
///
/// A program that sleeps is stopped at `limits.wall`. But on a saturated machine (other
/// judges, a test suite, a build) a busy program can wait seconds for a CPU and would look
/// like a sleeper; while the machine has had less than a quarter of its CPU idle since the
/// run started, the guard stretches to three times the time limit plus one second.
fn wall_guard_passed(elapsed: Duration, limits: &Limits, start: &Option<CpuTimes>) -> bool {
    // Before the plain guard there is nothing to decide, and no /proc/stat to read.
    if elapsed <= limits.wall {
        return false;
    }
    let saturated = match (start, CpuTimes::now()) {
        (Some(start), Some(now)) if now.total > start.total => {
            let idle = now.idle.saturating_sub(start.idle) as f64;
            idle / ((now.total - start.total) as f64) < 0.25
        }
        _ => false,
    };
    !saturated || elapsed > limits.time * 3 + Duration::from_secs(1)
}

/// Sets the child's rlimits: address space where allowed, a CPU backstop in case the
/// judge itself dies, a file-size cap so a runaway program cannot fill the disk, no core.
fn apply_rlimits(pid: libc::pid_t, program: &Program, limits: &Limits) -> io::Result<()> {
    let mut rlimits = vec![
        (libc::RLIMIT_CPU, limits.time.as_secs() + 2),
        (libc::RLIMIT_FSIZE, limits.output.max(1 << 20) * 4),
        (libc::RLIMIT_CORE, 0),
    ];
    if program.address_space_limit {
        rlimits.push((libc::RLIMIT_AS, limits.memory));
    }
    for (resource, value) in rlimits {
        let limit = libc::rlimit64 {
            rlim_cur: value,
            rlim_max: value,
        };
        // SAFETY: `limit` is a live local; a NULL old-limit pointer is allowed.
        if unsafe { libc::prlimit64(pid, resource, &limit, std::ptr::null_mut()) } != 0 {
            let error = io::Error::last_os_error();
            // The child may already be gone (a program that exits at once): not an error.
            if error.raw_os_error() != Some(libc::ESRCH) {
                return Err(error);
            }
        }
    }
    Ok(())
}

/// Blocks until `pid` ends, and returns its status and resource usage.
fn wait_for(pid: libc::pid_t) -> io::Result<(i32, libc::rusage)> {
    loop {
        let mut status = 0;
        // SAFETY: rusage is plain old data; zeroed is a valid value for wait4 to fill.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        // SAFETY: pointers to live locals; `pid` is our own unreaped child.
        let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
        if reaped == pid {
            return Ok((status, usage));
        }
        let error = io::Error::last_os_error();
        if error.kind() != io::ErrorKind::Interrupted {
            return Err(error);
        }
    }
}

/// Kills the process group led by `pid` (ESRCH once it is empty is fine).
pub fn kill_group(pid: libc::pid_t) {
    // SAFETY: killpg takes plain integers; a stale group id at worst yields ESRCH.
    unsafe {
        libc::killpg(pid, libc::SIGKILL);
    }
}

/// CPU time of a running process from /proc, for killing a busy loop before the wall guard.
fn cpu_time_so_far(pid: libc::pid_t) -> Option<Duration> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) may contain spaces; fields after it start past ')'.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    // SAFETY: sysconf has no preconditions.
    let ticks = unsafe { libc::sysconf(libc::_SC_CLK_TCK) }.max(1) as u64;
    Some(Duration::from_micros((utime + stime) * 1_000_000 / ticks))
}

/// This process's peak RSS (VmHWM) in KiB, 0 if /proc cannot tell.
fn own_peak_rss_kib() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

fn timeval(t: libc::timeval) -> Duration {
    Duration::from_secs(t.tv_sec.max(0) as u64) + Duration::from_micros(t.tv_usec.max(0) as u64)
}

/// Reads stdout up to `cap` bytes; past it the group is killed (output limit).
fn read_capped(stream: &mut impl Read, cap: u64, pid: libc::pid_t) -> (Vec<u8>, bool) {
    let mut kept = Vec::new();
    let mut chunk = [0u8; 1 << 16];
    loop {
        match stream.read(&mut chunk) {
            Ok(0) => return (kept, false),
            Ok(n) => {
                let room = (cap as usize).saturating_sub(kept.len());
                kept.extend_from_slice(&chunk[..n.min(room)]);
                if n > room {
                    kill_group(pid);
                    return (kept, true);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return (kept, false),
        }
    }
}

/// Drains a stream to its end, keeping only the last [`STDERR_TAIL`] bytes.
fn read_tail(stream: &mut impl Read) -> Vec<u8> {
    let mut tail = Vec::new();
    let mut chunk = [0u8; 1 << 16];
    loop {
        match stream.read(&mut chunk) {
            Ok(0) => return tail,
            Ok(n) => {
                tail.extend_from_slice(&chunk[..n]);
                if tail.len() > 2 * STDERR_TAIL {
                    tail.drain(..tail.len() - STDERR_TAIL);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => return tail,
        }
    }
}

/// The name of a signal, as a verdict detail shows it.
pub fn signal_name(signal: i32) -> String {
    let name = match signal {
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGABRT => "SIGABRT",
        libc::SIGKILL => "SIGKILL",
        libc::SIGFPE => "SIGFPE",
        libc::SIGBUS => "SIGBUS",
        libc::SIGILL => "SIGILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGINT => "SIGINT",
        libc::SIGTRAP => "SIGTRAP",
        _ => return format!("signal {signal}"),
    };
    name.to_string()
}

/// Routes SIGINT and SIGTERM to [`INTERRUPTED`], so runs stop, children die and the
/// summary is printed (see [`interrupted_exit_code`] for the exit code).
pub fn install_interrupt_handler() {
    extern "C" fn on_signal(signal: libc::c_int) {
        INTERRUPTED.store(true, Ordering::SeqCst);
        LAST_SIGNAL.store(signal, Ordering::SeqCst);
    }
    // SAFETY: the handler only stores to atomics, which is async-signal-safe.
    unsafe {
        libc::signal(libc::SIGINT, on_signal as *const () as libc::sighandler_t);
        libc::signal(libc::SIGTERM, on_signal as *const () as libc::sighandler_t);
    }
}

static LAST_SIGNAL: std::sync::atomic::AtomicI32 = std::sync::atomic::AtomicI32::new(0);

/// The exit code for an interrupted run: 128 + the signal (130 for SIGINT, 143 for SIGTERM).
pub fn interrupted_exit_code() -> u8 {
    let signal = LAST_SIGNAL.load(Ordering::SeqCst);
    128 + if signal == 0 { libc::SIGINT } else { signal } as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits::new(Duration::from_secs(2), 1 << 30, 1 << 20)
    }

    fn sh(script: &str) -> Program {
        Program {
            argv: vec!["sh".into(), "-c".into(), script.into()],
            address_space_limit: true,
            label: script.into(),
        }
    }

    #[test]
    fn captures_output_exit_code_and_stderr() {
        let run = run(&sh("cat; echo oops >&2; exit 3"), b"[1]\n", &limits()).unwrap();
        assert_eq!(run.stdout, b"[1]\n");
        assert_eq!(run.exit, Exit::Code(3));
        assert_eq!(run.stderr_tail, b"oops\n");
        assert_eq!(run.stopped, None);
    }

    #[test]
    fn a_grandchild_holding_the_pipes_does_not_keep_us_waiting() {
        let started = Instant::now();
        let run = run(&sh("sleep 30 & echo hi"), b"", &limits()).unwrap();
        assert_eq!(run.stdout, b"hi\n");
        assert!(started.elapsed() < Duration::from_secs(10));
    }

    #[test]
    fn a_sleeper_is_stopped_by_the_wall_guard() {
        let mut limits = limits();
        limits.time = Duration::from_millis(100);
        limits.wall = Duration::from_millis(300);
        let run = run(&sh("sleep 30"), b"", &limits).unwrap();
        assert_eq!(run.stopped, Some(Stopped::WallTime));
        assert_eq!(run.exit, Exit::Signal(libc::SIGKILL));
    }

    #[test]
    fn a_busy_loop_is_stopped_for_cpu_time() {
        let mut limits = limits();
        limits.time = Duration::from_millis(200);
        limits.wall = Duration::from_secs(20);
        let run = run(&sh("while :; do :; done"), b"", &limits).unwrap();
        assert_eq!(run.stopped, Some(Stopped::CpuTime));
        assert!(run.cpu >= Duration::from_millis(200));
    }

    #[test]
    fn output_past_the_cap_stops_the_run() {
        let mut limits = limits();
        limits.output = 1000;
        let run = run(&sh("yes"), b"", &limits).unwrap();
        assert_eq!(run.stopped, Some(Stopped::Output));
        assert_eq!(run.stdout.len(), 1000);
    }

    #[test]
    fn a_program_that_ignores_its_input_does_not_break_the_judge() {
        let input = vec![b'x'; 1 << 22];
        let run = run(&sh("echo done"), &input, &limits()).unwrap();
        assert_eq!(run.stdout, b"done\n");
    }

    #[test]
    fn a_missing_program_is_an_error_naming_it() {
        let program = Program::from_command_line("/no/such/program --flag").unwrap();
        let error = run(&program, b"", &limits()).unwrap_err();
        assert!(format!("{error:#}").contains("cannot run '/no/such/program --flag'"));
    }

    #[test]
    fn commands_split_like_a_shell() {
        let program = Program::from_command_line("python3 'my file.py' -x").unwrap();
        assert_eq!(program.argv, ["python3", "my file.py", "-x"]);
        assert!(Program::from_command_line("").is_err());
        assert!(Program::from_command_line("'unterminated").is_err());
    }
}
