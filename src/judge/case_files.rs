//! Case files: `NAME.in` (case lines) beside `NAME.out` (one answer per line).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};

use crate::problem::format::{CaseReader, answer_text, parse_answer, write_case};

/// A pair of case files, read and checked against each other.
#[derive(Debug, Clone)]
pub struct CaseFile {
    /// Path of the `.in` file.
    pub input_path: PathBuf,
    /// The cases, in file order.
    pub cases: Vec<Vec<i32>>,
    /// Line number of each case in the `.in` file.
    pub lines: Vec<u64>,
    /// The expected answers, one per case.
    pub expected: Vec<bool>,
}

/// Finds the case files under `paths`: a directory yields every `.in` in it (sorted), a
/// file stands for itself. Each `.in` must have its `.out` and each `.out` its `.in`.
pub fn find_inputs(paths: &[PathBuf]) -> Result<Vec<PathBuf>> {
    let mut inputs = Vec::new();
    for path in paths {
        let metadata =
            fs::metadata(path).with_context(|| format!("cannot read {}", path.display()))?;
        if metadata.is_dir() {
            let mut found = Vec::new();
            for entry in
                fs::read_dir(path).with_context(|| format!("cannot list {}", path.display()))?
            {
                let entry_path = entry?.path();
                match entry_path.extension().and_then(|e| e.to_str()) {
                    Some("in") => found.push(entry_path),
                    Some("out") if !entry_path.with_extension("in").exists() => {
                        bail!(
                            "{} has no matching {}",
                            entry_path.display(),
                            entry_path.with_extension("in").display()
                        );
                    }
                    _ => {}
                }
            }
            found.sort();
            inputs.extend(found);
        } else if path.extension().is_some_and(|e| e == "out") {
            inputs.push(path.with_extension("in"));
        } else {
            inputs.push(path.clone());
        }
    }
    Ok(inputs)
}

/// Reads an `.in` file and its `.out`, checking that they agree in number.
pub fn load(input_path: &Path) -> Result<CaseFile> {
    let output_path = input_path.with_extension("out");
    let input =
        fs::read(input_path).with_context(|| format!("cannot read {}", input_path.display()))?;
    let mut reader = CaseReader::new(&input[..], input_path.display().to_string());
    let mut cases = Vec::new();
    let mut lines = Vec::new();
    loop {
        let mut stones = Vec::new();
        match reader.next_case(|stone| stones.push(stone.value))? {
            Some(case) => {
                cases.push(stones);
                lines.push(case.line);
            }
            None => break,
        }
    }
    if cases.is_empty() {
        bail!("{}: no case in the file", input_path.display());
    }
    let answers = fs::read_to_string(&output_path).with_context(|| {
        format!(
            "{} has no readable matching {}",
            input_path.display(),
            output_path.display()
        )
    })?;
    let mut expected = Vec::new();
    for (i, line) in answers.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match parse_answer(line.trim_end()) {
            Some(answer) => expected.push(answer),
            None => bail!(
                "{}:{}: expected 'true' or 'false' but found '{line}'",
                output_path.display(),
                i + 1
            ),
        }
    }
    if expected.len() != cases.len() {
        bail!(
            "{} has {} answers but {} has {} cases",
            output_path.display(),
            expected.len(),
            input_path.display(),
            cases.len()
        );
    }
    Ok(CaseFile {
        input_path: input_path.to_path_buf(),
        cases,
        lines,
        expected,
    })
}

/// Writes `NAME.in` and `NAME.out` in `dir`, each through a temporary file renamed into
/// place, so a reader never sees half a file. Refuses to replace an existing pair unless
/// `overwrite`. Returns the `.in` path.
pub fn save(
    dir: &Path,
    name: &str,
    cases: &[&[i32]],
    expected: &[bool],
    overwrite: bool,
) -> Result<PathBuf> {
    if name.is_empty() || name.contains(['/', '\\']) || name.starts_with('.') {
        bail!("invalid case name '{name}': use letters, digits, '-' and '_'");
    }
    fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    let input_path = dir.join(format!("{name}.in"));
    let output_path = dir.join(format!("{name}.out"));
    if !overwrite && (input_path.exists() || output_path.exists()) {
        bail!(
            "{} already exists (use --force to replace it)",
            input_path.display()
        );
    }
    let mut input = Vec::new();
    for stones in cases {
        write_case(&mut input, stones)?;
    }
    let mut answers = String::new();
    for &answer in expected {
        answers.push_str(answer_text(answer));
        answers.push('\n');
    }
    // The answers land first: an `.in` is never visible without its `.out`.
    write_atomically(&output_path, answers.as_bytes(), overwrite)?;
    if let Err(error) = write_atomically(&input_path, &input, overwrite) {
        let _ = fs::remove_file(&output_path);
        return Err(error);
    }
    Ok(input_path)
}

/// Picks `base`, or `base-2`, `base-3`, … so that no existing pair is touched.
pub fn unused_name(dir: &Path, base: &str) -> String {
    let taken = |name: &str| {
        dir.join(format!("{name}.in")).exists() || dir.join(format!("{name}.out")).exists()
    };
    if !taken(base) {
        return base.to_string();
    }
    (2..)
        .map(|k| format!("{base}-{k}"))
        .find(|name| !taken(name))
        .expect("some suffix is free")
}

/// Writes `bytes` to `path` through a temporary file in the same directory renamed into
/// place, so nobody ever sees half a file; with `overwrite` false an existing file stays.
pub fn write_atomically(path: &Path, bytes: &[u8], overwrite: bool) -> Result<()> {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    let mut temp = tempfile::Builder::new()
        .prefix(".tmp-")
        .tempfile_in(dir)
        .with_context(|| format!("cannot write in {}", dir.display()))?;
    // A temp file is private (0600); a case file or report is for everyone to read.
    temp.write_all(bytes)
        .and_then(|()| {
            use std::os::unix::fs::PermissionsExt;
            temp.as_file()
                .set_permissions(fs::Permissions::from_mode(0o644))
        })
        .and_then(|()| temp.as_file().sync_all())
        .with_context(|| format!("cannot write {}", path.display()))?;
    let persisted = if overwrite {
        temp.persist(path).map(drop)
    } else {
        temp.persist_noclobber(path).map(drop)
    };
    persisted
        .map_err(|e| e.error)
        .with_context(|| format!("cannot create {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn saved_pairs_load_back_and_are_never_overwritten_by_default() {
        let dir = tempfile::tempdir().unwrap();
        let path = save(dir.path(), "x", &[&[2, 1], &[2]], &[true, false], false).unwrap();
        let loaded = load(&path).unwrap();
        assert_eq!(loaded.cases, vec![vec![2, 1], vec![2]]);
        assert_eq!(loaded.expected, vec![true, false]);
        assert!(save(dir.path(), "x", &[&[1]], &[false], false).is_err());
        assert_eq!(load(&path).unwrap().cases.len(), 2);
        save(dir.path(), "x", &[&[1]], &[false], true).unwrap();
        assert_eq!(load(&path).unwrap().cases, vec![vec![1]]);
        assert_eq!(unused_name(dir.path(), "x"), "x-2");
        let leftovers: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .filter(|n| n.starts_with(".tmp"))
            .collect();
        assert!(leftovers.is_empty(), "{leftovers:?}");
    }

    #[test]
    fn mismatched_pairs_are_errors_naming_both_files() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("a.in"), "[1]\n[2]\n").unwrap();
        fs::write(dir.path().join("a.out"), "false\n").unwrap();
        let error = load(&dir.path().join("a.in")).unwrap_err().to_string();
        assert!(error.contains("a.out has 1 answers but"), "{error}");
        fs::write(dir.path().join("b.out"), "false\n").unwrap();
        let error = find_inputs(&[dir.path().to_path_buf()])
            .unwrap_err()
            .to_string();
        assert!(error.contains("b.out has no matching"), "{error}");
    }
}
