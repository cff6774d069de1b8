//! Language drivers: judge a LeetCode submission file as LeetCode would, by wrapping it
//! in a driver that reads case lines, calls the method and prints `true`/`false`.
//!
//! Each driver keeps the user's line numbers: Rust and C++ `#include`/`include!` the file
//! by its path, Java gets its pre-imports on the file's first line, Python and JavaScript
//! compile the source under its own file name. Compiled drivers are cached by (language,
//! file content, driver, compiler version), so a second run does not recompile.

use std::collections::hash_map::DefaultHasher;
use std::fmt;
use std::fs;
use std::hash::{Hash, Hasher};
use std::path::{Path, PathBuf};
use std::process::Command;

use anyhow::{Context, Result, bail};

use super::process::Program;

/// A language LeetCode accepts that this judge can drive.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Language {
    /// Rust, compiled with `rustc -O`.
    Rust,
    /// Python 3.
    Python,
    /// Java, compiled with `javac`, run on the JVM.
    Java,
    /// JavaScript on Node.js.
    JavaScript,
    /// C++ compiled with `g++ -O2`.
    Cpp,
}

/// A compile error: the verdict CE, with the compiler's message.
#[derive(Debug)]
pub struct CompileError {
    /// The submission file.
    pub file: PathBuf,
    /// What the compiler said, with places in the user's file.
    pub message: String,
}

impl fmt::Display for CompileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "CE: {} does not compile:\n{}",
            self.file.display(),
            self.message.trim_end()
        )
    }
}

impl std::error::Error for CompileError {}

impl Language {
    /// Every language, in the order the README lists them.
    pub const ALL: [Language; 5] = [
        Language::Rust,
        Language::Python,
        Language::Java,
        Language::JavaScript,
        Language::Cpp,
    ];

    /// The name used by `--lang`.
    pub fn name(self) -> &'static str {
        match self {
            Language::Rust => "rust",
            Language::Python => "python",
            Language::Java => "java",
            Language::JavaScript => "javascript",
            Language::Cpp => "cpp",
        }
    }

    /// The language of a `--lang` name (a few common spellings accepted).
    pub fn from_name(name: &str) -> Result<Self> {
        Ok(match name.to_ascii_lowercase().as_str() {
            "rust" | "rs" => Language::Rust,
            "python" | "python3" | "py" => Language::Python,
            "java" => Language::Java,
            "javascript" | "js" | "node" => Language::JavaScript,
            "cpp" | "c++" | "cc" | "cxx" => Language::Cpp,
            _ => bail!("unknown language '{name}' (known: rust, python, java, javascript, cpp)"),
        })
    }

    /// The language a file's extension names.
    pub fn from_path(path: &Path) -> Result<Self> {
        let extension = path.extension().and_then(|e| e.to_str()).unwrap_or("");
        Language::from_name(extension).with_context(|| {
            format!(
                "cannot tell the language of {} from its extension: use --lang",
                path.display()
            )
        })
    }

    /// Our accepted solution in this language's submission shape.
    pub fn our_submission(self) -> &'static str {
        match self {
            Language::Rust => include_str!("../solution.rs"),
            Language::Python => include_str!("../../tests/submissions/accepted/solution.py"),
            Language::Java => include_str!("../../tests/submissions/accepted/Solution.java"),
            Language::JavaScript => include_str!("../../tests/submissions/accepted/solution.js"),
            Language::Cpp => include_str!("../../tests/submissions/accepted/solution.cpp"),
        }
    }
}

const RUST_DRIVER: &str = include_str!("drivers/driver.rs");
const PYTHON_DRIVER: &str = include_str!("drivers/driver.py");
const JAVA_DRIVER: &str = include_str!("drivers/Main.java");
const JAVASCRIPT_DRIVER: &str = include_str!("drivers/driver.js");
const CPP_DRIVER: &str = include_str!("drivers/driver.cpp");

/// Builds (or reuses) the driver for `file` and returns the program that runs it.
/// `memory_limit` sizes the heaps of runtimes that cannot live under an address-space limit.
pub fn prepare(file: &Path, language: Option<&str>, memory_limit: u64) -> Result<Program> {
    let language = match language {
        Some(name) => Language::from_name(name)?,
        None => Language::from_path(file)?,
    };
    let file = fs::canonicalize(file)
        .with_context(|| format!("cannot read the submission file {}", file.display()))?;
    let source = fs::read_to_string(&file)
        .with_context(|| format!("cannot read the submission file {}", file.display()))?;
    let tools = toolchain(language)?;
    let driver = match language {
        Language::Rust => RUST_DRIVER,
        Language::Python => PYTHON_DRIVER,
        Language::Java => JAVA_DRIVER,
        Language::JavaScript => JAVASCRIPT_DRIVER,
        Language::Cpp => CPP_DRIVER,
    };
    let mut hasher = DefaultHasher::new();
    (language, &source, driver, &tools.version, &file).hash(&mut hasher);
    let build_dir = cache_root().join(format!("{}-{:016x}", language.name(), hasher.finish()));
    let ready = build_dir.join("ready");
    let cached = ready.exists();
    if !cached {
        // Build in a fresh directory and mark it ready last: an interrupted build is
        // never mistaken for a finished one.
        let _ = fs::remove_dir_all(&build_dir);
        fs::create_dir_all(&build_dir)
            .with_context(|| format!("cannot create {}", build_dir.display()))?;
        build(language, &tools, &file, &source, driver, &build_dir)?;
        fs::write(&ready, b"").with_context(|| format!("cannot write {}", ready.display()))?;
    }
    eprintln!(
        "{} {} ({}, {})",
        if cached {
            "using cached build of"
        } else {
            "built"
        },
        file.display(),
        language.name(),
        tools.version
    );
    let mib = (memory_limit >> 20).max(16);
    let dir = build_dir.display().to_string();
    let (argv, address_space_limit) = match language {
        Language::Rust | Language::Cpp => (vec![format!("{dir}/solution")], true),
        Language::Python => (
            vec![
                tools.runner.clone(),
                format!("{dir}/driver.py"),
                file.display().to_string(),
            ],
            true,
        ),
        // The JVM and V8 reserve far more address space than they use: their heaps are
        // capped by their own flags and the judge checks measured peak RSS.
        Language::Java => (
            vec![
                tools.runner.clone(),
                format!("-Xmx{mib}m"),
                "-Xss64m".into(),
                "-XX:+UseSerialGC".into(),
                "-cp".into(),
                dir,
                "Main".into(),
            ],
            false,
        ),
        Language::JavaScript => (
            vec![
                tools.runner.clone(),
                format!("--max-old-space-size={mib}"),
                "--stack-size=65500".into(),
                format!("{dir}/driver.js"),
                file.display().to_string(),
            ],
            false,
        ),
    };
    Ok(Program {
        argv,
        address_space_limit,
        label: format!("{} ({} driver)", file.display(), language.name()),
    })
}

/// The compiler (when there is one), the runner and a version string for the cache key.
struct Toolchain {
    compiler: String,
    runner: String,
    version: String,
}

fn toolchain(language: Language) -> Result<Toolchain> {
    let (compiler, runner, install) = match language {
        Language::Rust => ("rustc", "", "Rust (https://rustup.rs)"),
        Language::Python => ("python3", "python3", "Python 3 (apt-get install python3)"),
        Language::Java => (
            "javac",
            "java",
            "a JDK (apt-get install openjdk-17-jdk-headless)",
        ),
        Language::JavaScript => ("node", "node", "Node.js (apt-get install nodejs)"),
        Language::Cpp => ("g++", "", "g++ (apt-get install g++)"),
    };
    let version_flag = if language == Language::Java {
        "-version"
    } else {
        "--version"
    };
    let output = Command::new(compiler)
        .arg(version_flag)
        .output()
        .with_context(|| format!("{compiler} is not installed: install {install}"))?;
    let text = String::from_utf8_lossy(&output.stdout).to_string()
        + &String::from_utf8_lossy(&output.stderr);
    let version = text.lines().next().unwrap_or("").trim().to_string();
    let runner = match language {
        // A version manager's shim (pyenv) costs ~100 ms a start: run the real interpreter.
        Language::Python => {
            let output = Command::new("python3")
                .args(["-c", "import sys; print(sys.executable)"])
                .output()
                .context("cannot ask python3 where it lives")?;
            String::from_utf8_lossy(&output.stdout).trim().to_string()
        }
        Language::Java | Language::JavaScript => which(runner).unwrap_or_else(|| runner.into()),
        Language::Rust | Language::Cpp => String::new(),
    };
    Ok(Toolchain {
        compiler: compiler.to_string(),
        runner,
        version,
    })
}

/// The first executable named `name` on PATH, resolved through symlinks.
fn which(name: &str) -> Option<String> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
        .and_then(|found| fs::canonicalize(found).ok())
        .map(|found| found.display().to_string())
}

/// Where compiled drivers live: `target/judge-cache` beside the judge executable's
/// profile directory, else the system temp directory.
fn cache_root() -> PathBuf {
    std::env::current_exe()
        .ok()
        .and_then(|exe| {
            exe.ancestors()
                .find(|dir| dir.file_name().is_some_and(|n| n == "target"))
                .map(Path::to_path_buf)
        })
        .unwrap_or_else(std::env::temp_dir)
        .join("judge-cache")
}

fn build(
    language: Language,
    tools: &Toolchain,
    file: &Path,
    source: &str,
    driver: &str,
    dir: &Path,
) -> Result<()> {
    let user = file.display().to_string();
    let write = |name: &str, text: &str| {
        fs::write(dir.join(name), text)
            .with_context(|| format!("cannot write in {}", dir.display()))
    };
    let out = dir.join("solution").display().to_string();
    let mut command = Command::new(&tools.compiler);
    // Which copy of the user's file the compiler saw, to be named as the user's own.
    let mut shown_as = None;
    match language {
        Language::Rust => {
            write("driver.rs", &driver.replace("SUBMISSION_PATH", &user))?;
            command.args(["-O", "--edition", "2021", "-o", &out]);
            command.arg(dir.join("driver.rs"));
        }
        Language::Cpp => {
            write("driver.cpp", &driver.replace("SUBMISSION_PATH", &user))?;
            command.args(["-O2", "-std=c++17", "-o", &out]);
            command.arg(dir.join("driver.cpp"));
        }
        Language::Java => {
            // LeetCode pre-imports java.util.*; added on line 1 so line numbers hold.
            let copy = dir.join("Solution.java");
            write(
                "Solution.java",
                &format!("import java.util.*;import java.util.stream.*; {source}"),
            )?;
            write("Main.java", driver)?;
            command
                .arg("-d")
                .arg(dir)
                .arg(dir.join("Main.java"))
                .arg(&copy);
            shown_as = Some(copy.display().to_string());
        }
        Language::Python => {
            write("driver.py", driver)?;
            command.args([
                "-c",
                "import sys; compile(open(sys.argv[1]).read(), sys.argv[1], 'exec')",
                &user,
            ]);
        }
        Language::JavaScript => {
            write("driver.js", driver)?;
            command.arg("--check").arg(file);
        }
    }
    let output = command
        .output()
        .with_context(|| format!("cannot run {}", tools.compiler))?;
    if !output.status.success() {
        let mut message = String::from_utf8_lossy(&output.stderr).to_string()
            + &String::from_utf8_lossy(&output.stdout);
        if let Some(copy) = shown_as {
            message = message.replace(&copy, &user);
        }
        let _ = fs::remove_dir_all(dir);
        return Err(CompileError {
            file: file.to_path_buf(),
            message,
        }
        .into());
    }
    Ok(())
}
