//! LeetCode's custom-testcase format for this problem: one case per line.
//!
//! A case line is `[5,1,2,4,3]`, optionally written as `stones = [5, 1, 2]`. Spaces and
//! tabs may stand between any two tokens, lines may end in CRLF, the last line may lack its
//! newline and blank lines are skipped. Numbers are JSON integers: an optional `-`, then
//! digits with no leading zero (`[01]` is rejected, as LeetCode's JSON reader rejects it).
//!
//! The reader streams: it hands each number to a callback as soon as it is read, so a
//! line of 10^7 numbers needs no more memory than a line of 5.

use std::fmt;
use std::io::{self, Read, Write};

/// Where a problem was found, and what it is: prints as `source:line:col: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormatError {
    /// The file name, or `<stdin>`.
    pub source: String,
    /// 1-based line number.
    pub line: u64,
    /// 1-based column (in bytes; only ASCII is valid, so bytes and characters agree up to it).
    pub col: u64,
    /// What was expected and what was found.
    pub message: String,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}:{}:{}: {}",
            self.source, self.line, self.col, self.message
        )
    }
}

impl std::error::Error for FormatError {}

/// One number of a case line as it was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stone {
    /// Index in the array (0-based), as in `stones[i]`.
    pub index: usize,
    /// The value, which may lie outside the problem's constraints.
    pub value: i32,
    /// Column of the number's first character.
    pub col: u64,
}

/// What the reader knows about a case once its line is fully read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CaseLine {
    /// 1-based line number of the case.
    pub line: u64,
    /// Number of stones.
    pub len: usize,
}

const BUFFER_SIZE: usize = 1 << 16;
/// How many characters of an out-of-range number an error message quotes.
const QUOTED_DIGITS: usize = 24;

/// Streaming reader of case lines from any byte source.
pub struct CaseReader<R> {
    input: R,
    source: String,
    buf: Box<[u8]>,
    pos: usize,
    len: usize,
    /// Absolute offset of `buf[0]` in the input.
    buf_offset: u64,
    /// Absolute offset where the current line starts.
    line_start: u64,
    line: u64,
}

impl<R: Read> CaseReader<R> {
    /// A reader whose errors name `source` (a path, or `<stdin>`).
    pub fn new(input: R, source: impl Into<String>) -> Self {
        CaseReader {
            input,
            source: source.into(),
            buf: vec![0; BUFFER_SIZE].into_boxed_slice(),
            pos: 0,
            len: 0,
            buf_offset: 0,
            line_start: 0,
            line: 1,
        }
    }

    /// Reads the next case, calling `on_stone` for each number; `Ok(None)` at end of input.
    ///
    /// After an error the rest of the faulty line is unread: call [`Self::skip_line`] to
    /// go on with the next one.
    pub fn next_case(
        &mut self,
        mut on_stone: impl FnMut(Stone),
    ) -> Result<Option<CaseLine>, FormatError> {
        // Blank lines separate nothing; skip them.
        loop {
            self.skip_spaces()?;
            match self.peek()? {
                None => return Ok(None),
                Some(b'\n') => self.end_line(),
                Some(_) => break,
            }
        }
        let line = self.line;
        if self.peek()? == Some(b's') {
            self.expect_word("stones")?;
            self.skip_spaces()?;
            self.expect_byte(b'=', "'='")?;
            self.skip_spaces()?;
        }
        self.expect_byte(b'[', "'['")?;
        self.skip_spaces()?;
        let mut len = 0;
        if self.peek()? == Some(b']') {
            self.pos += 1;
        } else {
            loop {
                self.compact_numbers(&mut len, &mut on_stone);
                // Spaces may follow the last comma the fast path took.
                self.skip_spaces()?;
                let col = self.col();
                let value = self.number()?;
                on_stone(Stone {
                    index: len,
                    value,
                    col,
                });
                len += 1;
                // Fast path for LeetCode's compact form: a comma right after the number.
                if self.pos < self.len && self.buf[self.pos] == b',' {
                    self.pos += 1;
                    self.skip_spaces()?;
                    continue;
                }
                self.skip_spaces()?;
                match self.peek()? {
                    Some(b',') => {
                        self.pos += 1;
                        self.skip_spaces()?;
                    }
                    Some(b']') => {
                        self.pos += 1;
                        break;
                    }
                    found => return Err(self.unexpected("',' or ']'", found)),
                }
            }
        }
        self.skip_spaces()?;
        match self.peek()? {
            None => {}
            Some(b'\n') => self.end_line(),
            found => return Err(self.unexpected("end of line after ']'", found)),
        }
        Ok(Some(CaseLine { line, len }))
    }

    /// Reads the next case as the counts of its stones by value mod 3 (the mathematical
    /// residue, so -1 counts as 2), without keeping the stones: constant memory per line.
    pub fn next_residue_counts(&mut self) -> Result<Option<(CaseLine, [u64; 3])>, FormatError> {
        let mut residue_counts = [0u64; 3];
        let case =
            self.next_case(|stone| residue_counts[stone.value.rem_euclid(3) as usize] += 1)?;
        Ok(case.map(|case| (case, residue_counts)))
    }

    /// Reads the next case into a vector.
    pub fn next_stones(&mut self) -> Result<Option<Vec<i32>>, FormatError> {
        let mut stones = Vec::new();
        Ok(self
            .next_case(|stone| stones.push(stone.value))?
            .map(|_| stones))
    }

    /// Discards the rest of the current line (after an error), so reading can go on.
    pub fn skip_line(&mut self) -> Result<(), FormatError> {
        while let Some(byte) = self.peek()? {
            if byte == b'\n' {
                self.end_line();
                break;
            }
            self.pos += 1;
        }
        Ok(())
    }

    /// The name errors are reported under.
    pub fn source(&self) -> &str {
        &self.source
    }

    /// An error at the current position, in this reader's terms.
    pub fn error_here(&self, message: impl Into<String>) -> FormatError {
        self.error_at(self.line, self.col(), message)
    }

    /// An error at a given place of this reader's source.
    pub fn error_at(&self, line: u64, col: u64, message: impl Into<String>) -> FormatError {
        FormatError {
            source: self.source.clone(),
            line,
            col,
            message: message.into(),
        }
    }

    /// Reads `digits,` runs straight from the buffer: LeetCode's compact form, the common
    /// case, without per-byte bookkeeping. It stops before anything else (a space, a sign,
    /// a leading zero, a long number, the last number, the end of the buffer), which the
    /// general path then reads with full checks.
    #[inline]
    fn compact_numbers(&mut self, len: &mut usize, on_stone: &mut impl FnMut(Stone)) {
        loop {
            let rest = &self.buf[self.pos..self.len];
            let mut value = 0i32;
            let mut digits = 0;
            while digits < 9 && digits < rest.len() && rest[digits].is_ascii_digit() {
                value = value * 10 + i32::from(rest[digits] - b'0');
                digits += 1;
            }
            let comma_follows = digits > 0 && rest.get(digits) == Some(&b',');
            if !comma_follows || (rest[0] == b'0' && digits > 1) {
                return;
            }
            let col = self.col();
            self.pos += digits + 1;
            on_stone(Stone {
                index: *len,
                value,
                col,
            });
            *len += 1;
        }
    }

    #[inline]
    fn number(&mut self) -> Result<i32, FormatError> {
        let col = self.col();
        let negative = self.peek()? == Some(b'-');
        if negative {
            self.pos += 1;
        }
        // The first digits, kept on the stack for an error message: no allocation per number.
        let mut quoted = [0u8; QUOTED_DIGITS];
        let mut quoted_len = 0;
        let mut magnitude: i64 = 0;
        let mut digits = 0usize;
        loop {
            if self.pos == self.len && !self.refill()? {
                break;
            }
            // Scan the buffered digits without going through `peek` byte by byte: this
            // loop is where the reader spends its time on long lines.
            let start = self.pos;
            let buffered = &self.buf[start..self.len];
            let run = buffered
                .iter()
                .position(|b| !b.is_ascii_digit())
                .unwrap_or(buffered.len());
            for &digit in &buffered[..run] {
                // Saturate past i32: the exact value no longer matters, only that it is too big.
                magnitude = (magnitude * 10 + i64::from(digit - b'0')).min(1 << 40);
            }
            let take = run.min(QUOTED_DIGITS - quoted_len);
            quoted[quoted_len..quoted_len + take].copy_from_slice(&buffered[..take]);
            quoted_len += take;
            digits += run;
            self.pos += run;
            if self.pos < self.len {
                break;
            }
        }
        if digits == 0 {
            let found = self.peek()?;
            return Err(self.unexpected("a number", found));
        }
        if digits > 1 && quoted[0] == b'0' {
            return Err(self.error_at(self.line, col, "leading zeros are not allowed"));
        }
        let value = if negative { -magnitude } else { magnitude };
        i32::try_from(value).map_err(|_| {
            let sign = if negative { "-" } else { "" };
            let text = String::from_utf8_lossy(&quoted[..quoted_len]);
            let ellipsis = if digits > quoted_len { "…" } else { "" };
            self.error_at(
                self.line,
                col,
                format!("number {sign}{text}{ellipsis} does not fit in i32"),
            )
        })
    }

    fn expect_word(&mut self, word: &str) -> Result<(), FormatError> {
        for expected in word.bytes() {
            let found = self.peek()?;
            if found != Some(expected) {
                return Err(self.unexpected(&format!("'[' or '{word} ='"), found));
            }
            self.pos += 1;
        }
        Ok(())
    }

    fn expect_byte(&mut self, expected: u8, what: &str) -> Result<(), FormatError> {
        let found = self.peek()?;
        if found != Some(expected) {
            return Err(self.unexpected(what, found));
        }
        self.pos += 1;
        Ok(())
    }

    fn unexpected(&self, expected: &str, found: Option<u8>) -> FormatError {
        self.error_here(format!("expected {expected} but found {}", describe(found)))
    }

    /// Skips spaces, tabs and carriage returns (a CR is only ever valid before a LF, and
    /// anything else after it is caught by the token that follows).
    #[inline]
    fn skip_spaces(&mut self) -> Result<(), FormatError> {
        loop {
            while self.pos < self.len {
                match self.buf[self.pos] {
                    b' ' | b'\t' | b'\r' => self.pos += 1,
                    _ => return Ok(()),
                }
            }
            if !self.refill()? {
                return Ok(());
            }
        }
    }

    fn end_line(&mut self) {
        self.pos += 1;
        self.line += 1;
        self.line_start = self.buf_offset + self.pos as u64;
    }

    fn col(&self) -> u64 {
        self.buf_offset + self.pos as u64 - self.line_start + 1
    }

    #[inline(always)]
    fn peek(&mut self) -> Result<Option<u8>, FormatError> {
        if self.pos == self.len && !self.refill()? {
            return Ok(None);
        }
        Ok(Some(self.buf[self.pos]))
    }

    /// Loads more input; `false` at end of input.
    fn refill(&mut self) -> Result<bool, FormatError> {
        self.buf_offset += self.len as u64;
        self.pos = 0;
        self.len = 0;
        loop {
            match self.input.read(&mut self.buf) {
                Ok(n) => {
                    self.len = n;
                    return Ok(n > 0);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.error_here(format!("cannot read: {e}"))),
            }
        }
    }
}

fn describe(found: Option<u8>) -> String {
    match found {
        None => "end of input".to_string(),
        Some(b'\n') => "end of line".to_string(),
        Some(byte) if byte.is_ascii_graphic() || byte == b' ' => format!("'{}'", byte as char),
        Some(byte) => format!("byte 0x{byte:02x}"),
    }
}

/// Reads every case of a text; for files that are small enough to hold (case files,
/// generated batches).
pub fn parse_cases(text: &[u8], source: &str) -> Result<Vec<Vec<i32>>, FormatError> {
    let mut reader = CaseReader::new(text, source);
    let mut cases = Vec::new();
    while let Some(stones) = reader.next_stones()? {
        cases.push(stones);
    }
    Ok(cases)
}

/// Writes one case as LeetCode writes it: `[5,1,2,4,3]` and a newline.
pub fn write_case(out: &mut impl Write, stones: &[i32]) -> io::Result<()> {
    let mut line = Vec::with_capacity(stones.len() * 6 + 3);
    push_case(&mut line, stones);
    line.push(b'\n');
    out.write_all(&line)
}

/// One case in LeetCode's compact form, without a newline.
pub fn format_case(stones: &[i32]) -> String {
    let mut line = Vec::with_capacity(stones.len() * 6 + 2);
    push_case(&mut line, stones);
    String::from_utf8(line).expect("digits, commas and brackets are ASCII")
}

/// Appends `[a,b,…]` to `line`, formatting numbers by hand: generated batches are
/// written at hundreds of megabytes a second, where `to_string` per number would show.
fn push_case(line: &mut Vec<u8>, stones: &[i32]) {
    line.push(b'[');
    for (i, &stone) in stones.iter().enumerate() {
        if i > 0 {
            line.push(b',');
        }
        if stone < 0 {
            line.push(b'-');
        }
        let mut magnitude = stone.unsigned_abs();
        let mut digits = [0u8; 10];
        let mut start = digits.len();
        loop {
            start -= 1;
            digits[start] = b'0' + (magnitude % 10) as u8;
            magnitude /= 10;
            if magnitude == 0 {
                break;
            }
        }
        line.extend_from_slice(&digits[start..]);
    }
    line.push(b']');
}

/// A case for a message: the whole of a short one, the ends of a long one.
pub fn abbreviate_case(stones: &[i32]) -> String {
    const SHOWN: usize = 8;
    if stones.len() <= 2 * SHOWN {
        return format_case(stones);
    }
    let head = format_case(&stones[..SHOWN]);
    let tail = format_case(&stones[stones.len() - SHOWN..]);
    format!(
        "{},… {} more …,{} (n = {})",
        &head[..head.len() - 1],
        stones.len() - 2 * SHOWN,
        &tail[1..],
        stones.len()
    )
}

/// The answer as LeetCode prints it.
pub fn answer_text(alice_wins: bool) -> &'static str {
    if alice_wins { "true" } else { "false" }
}

/// Parses one output line strictly: `true` or `false`, a trailing CR tolerated.
pub fn parse_answer(line: &str) -> Option<bool> {
    match line.strip_suffix('\r').unwrap_or(line) {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Vec<Vec<i32>>, String> {
        parse_cases(text.as_bytes(), "t").map_err(|e| e.to_string())
    }

    #[test]
    fn reads_leetcode_lines_and_tolerated_variants() {
        assert_eq!(
            parse("[2,1]\n[2]\r\n\n  stones = [ 5 , 1,2 ]  \n[]").unwrap(),
            vec![vec![2, 1], vec![2], vec![5, 1, 2], vec![]]
        );
        assert_eq!(parse("[-7,0]").unwrap(), vec![vec![-7, 0]]);
        assert_eq!(parse("").unwrap(), Vec::<Vec<i32>>::new());
    }

    #[test]
    fn errors_name_line_column_and_what_was_expected() {
        assert_eq!(
            parse("[1]\n[1,x]").unwrap_err(),
            "t:2:4: expected a number but found 'x'"
        );
        assert_eq!(
            parse("[1 2]").unwrap_err(),
            "t:1:4: expected ',' or ']' but found '2'"
        );
        assert_eq!(
            parse("[1,2").unwrap_err(),
            "t:1:5: expected ',' or ']' but found end of input"
        );
        assert_eq!(
            parse("[1,2\n").unwrap_err(),
            "t:1:5: expected ',' or ']' but found end of line"
        );
        assert_eq!(
            parse("[99999999999]").unwrap_err(),
            "t:1:2: number 99999999999 does not fit in i32"
        );
        assert_eq!(
            parse("[1] x").unwrap_err(),
            "t:1:5: expected end of line after ']' but found 'x'"
        );
        assert_eq!(
            parse("[007]").unwrap_err(),
            "t:1:2: leading zeros are not allowed"
        );
        assert_eq!(
            parse("\u{e9}").unwrap_err(),
            "t:1:1: expected '[' but found byte 0xc3"
        );
        assert_eq!(
            parse("stone = [1]").unwrap_err(),
            "t:1:6: expected '[' or 'stones =' but found ' '"
        );
    }

    #[test]
    fn the_compact_fast_path_keeps_every_check() {
        assert_eq!(parse("[1,2,3]").unwrap(), vec![vec![1, 2, 3]]);
        assert_eq!(parse("[1, 2,\t3 ,4]").unwrap(), vec![vec![1, 2, 3, 4]]);
        assert_eq!(
            parse("[1234567890,0,5]").unwrap(),
            vec![vec![1_234_567_890, 0, 5]]
        );
        assert_eq!(
            parse("[1, ,2]").unwrap_err(),
            "t:1:5: expected a number but found ','"
        );
        assert_eq!(
            parse("[1,007,2]").unwrap_err(),
            "t:1:4: leading zeros are not allowed"
        );
        assert_eq!(
            parse("[1,9999999999,2]").unwrap_err(),
            "t:1:4: number 9999999999 does not fit in i32"
        );
        assert_eq!(
            parse("[1,2,]").unwrap_err(),
            "t:1:6: expected a number but found ']'"
        );
    }

    #[test]
    fn i32_bounds_are_exact() {
        assert_eq!(
            parse("[2147483647,-2147483648]").unwrap(),
            vec![vec![i32::MAX, i32::MIN]]
        );
        assert!(
            parse("[2147483648]")
                .unwrap_err()
                .contains("2147483648 does not fit")
        );
        assert!(
            parse("[-2147483649]")
                .unwrap_err()
                .contains("-2147483649 does not fit")
        );
        let long = format!("[{}]", "9".repeat(100));
        assert!(
            parse(&long)
                .unwrap_err()
                .ends_with("9… does not fit in i32")
        );
    }

    #[test]
    fn numbers_split_across_buffer_refills_are_read_whole() {
        let stones: Vec<i32> = (0..40_000).map(|i| i * 7919 % 100_000).collect();
        let text = format!("{}\n", format_case(&stones));
        assert!(text.len() > BUFFER_SIZE * 3);
        assert_eq!(parse(&text).unwrap(), vec![stones]);
    }

    #[test]
    fn columns_stay_right_after_a_buffer_refill() {
        let text = format!("{}\n[1,]", format_case(&vec![1; BUFFER_SIZE]));
        let error = parse_cases(text.as_bytes(), "t").unwrap_err();
        assert_eq!((error.line, error.col), (2, 4));
    }

    #[test]
    fn skip_line_recovers_after_an_error() {
        let mut reader = CaseReader::new(&b"[1,,2]\n[3]\n"[..], "t");
        assert!(reader.next_stones().is_err());
        reader.skip_line().unwrap();
        assert_eq!(reader.next_stones().unwrap(), Some(vec![3]));
        assert_eq!(reader.next_stones().unwrap(), None);
    }

    #[test]
    fn cases_are_written_compactly_and_read_back() {
        let stones = [0, 7, -13, 10_000, i32::MIN, i32::MAX];
        let text = format_case(&stones);
        assert_eq!(text, "[0,7,-13,10000,-2147483648,2147483647]");
        assert_eq!(parse(&text).unwrap(), vec![stones.to_vec()]);
        assert_eq!(format_case(&[]), "[]");
    }

    #[test]
    fn answers_are_strict_lowercase() {
        assert_eq!(parse_answer("true"), Some(true));
        assert_eq!(parse_answer("false\r"), Some(false));
        assert_eq!(parse_answer("True"), None);
        assert_eq!(parse_answer(" true"), None);
    }

    #[test]
    fn long_cases_are_abbreviated_in_messages() {
        let stones: Vec<i32> = (1..=100).collect();
        assert_eq!(
            abbreviate_case(&stones),
            "[1,2,3,4,5,6,7,8,… 84 more …,93,94,95,96,97,98,99,100] (n = 100)"
        );
        assert_eq!(abbreviate_case(&[1, 2]), "[1,2]");
    }
}
