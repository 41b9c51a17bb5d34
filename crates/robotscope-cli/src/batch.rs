//! `robotscope batch`: the bare engine over JSON Lines, for conformance runs and bulk checks.

use std::collections::HashMap;
use std::io::{self, BufRead, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use robotscope::Robots;
use serde_json::Value;

use crate::args::{Arg, Parser};
use crate::{io_reason, Failure};

pub const HELP: &str = "\
Usage: robotscope batch --root DIR < QUERIES.jsonl > ANSWERS.jsonl

Reads one query per line from standard input, a JSON object such as
  {\"file\": \"corpus/example.com\", \"agents\": [\"Googlebot\"], \"url\": \"https://example.com/a\"}
(other members are ignored), and writes one answer per line, in the same order:
  {\"allowed\": false, \"line\": 7}

This is the bare engine, as in the conformance vectors: each file (a path relative to DIR, which
must stay inside DIR once '..' and symbolic links are resolved) is read as raw bytes with no size
limit, the agents are pooled and compared whole, and the URL is used as given. The 1,024 files
used most recently are kept parsed, so memory follows the working set, not the number of files.
Blank lines are skipped (no answer). A line that cannot be answered (bad JSON, a missing member,
a file that cannot be read or is outside DIR) gives {\"error\": \"...\"} and processing goes on.

Options:
      --root DIR   The folder that query files are relative to (required)
  -h, --help       Print help

Exit status: 0 when every query was answered, 1 when any line gave an error, 2 on a usage or
I/O error.
";

/// A query's members, borrowed from the parsed line.
struct Query<'a> {
    file: &'a str,
    agents: Vec<&'a str>,
    url: &'a str,
}

fn query(v: &Value) -> Result<Query<'_>, String> {
    let obj = v.as_object().ok_or("the line is not a JSON object")?;
    let text = |key: &str| -> Result<&str, String> {
        match obj.get(key) {
            None => Err(format!("missing member '{key}'")),
            Some(v) => v.as_str().ok_or_else(|| format!("member '{key}' is not a string")),
        }
    };
    let file = text("file")?;
    let url = text("url")?;
    let agents = match obj.get("agents") {
        None => return Err(String::from("missing member 'agents'")),
        Some(Value::Array(items)) => items
            .iter()
            .map(|a| a.as_str().ok_or_else(|| String::from("member 'agents' holds a value that is not a string")))
            .collect::<Result<Vec<&str>, String>>()?,
        Some(_) => return Err(String::from("member 'agents' is not an array of strings")),
    };
    Ok(Query { file, agents, url })
}

/// How many parsed files are kept.
const CACHE_FILES: usize = 1024;

/// Parsed files by their name in the queries, the `CACHE_FILES` used most recently (a file that could not be
/// read keeps its error): each entry carries the tick of its last use, and a miss with a full cache drops the
/// entry used longest ago.
struct Cache {
    /// `--root`, with `..` and symbolic links resolved.
    root: PathBuf,
    files: HashMap<String, (Result<Robots, String>, u64)>,
    tick: u64,
}

impl Cache {
    fn get(&mut self, file: &str) -> &Result<Robots, String> {
        self.tick += 1;
        if let Some(entry) = self.files.get_mut(file) {
            entry.1 = self.tick;
        } else {
            if self.files.len() >= CACHE_FILES {
                let oldest = self.files.iter().min_by_key(|(_, (_, t))| *t).map(|(k, _)| k.clone());
                if let Some(oldest) = oldest {
                    self.files.remove(&oldest);
                }
            }
            let loaded = load(&self.root, file);
            self.files.insert(file.to_owned(), (loaded, self.tick));
        }
        &self.files[file].0
    }
}

fn load(root: &Path, file: &str) -> Result<Robots, String> {
    if Path::new(file).is_absolute() {
        return Err(format!("file '{file}' must be a path relative to --root"));
    }
    let cannot = |e: io::Error| format!("cannot read '{file}': {}", io_reason(&e));
    let path = root.join(file).canonicalize().map_err(cannot)?;
    if !path.starts_with(root) {
        return Err(format!("file '{file}' is outside --root"));
    }
    std::fs::read(path).map(Robots::parse).map_err(cannot)
}

/// Reads a query from one input line (without its newline): the members are borrowed from the line when
/// [`fast_query`] can read it, else from the `serde_json` value parsed into `slot`, which also gives the error.
fn read_query<'a>(line: &'a [u8], slot: &'a mut Option<Value>) -> Result<Query<'a>, String> {
    if let Some(q) = fast_query(line) {
        return Ok(q);
    }
    let value = serde_json::from_slice::<Value>(line).map_err(|e| format!("bad JSON: {e}"))?;
    query(slot.insert(value))
}

/// The common shape of a query line, read without building a `serde_json` value: one object whose members are
/// strings without escapes, an array of such strings (`agents`), short plain numbers, `true`, `false` or
/// `null`. `None` for anything else (escapes, nesting, a missing, repeated or mistyped member, bad JSON,
/// invalid UTF-8), which `serde_json` then reads, so a line that this reads is one that `serde_json` reads to
/// the same query.
fn fast_query(line: &[u8]) -> Option<Query<'_>> {
    let text = std::str::from_utf8(line).ok()?;
    let mut r = Reader { text, at: 0 };
    let (mut file, mut url, mut agents) = (None, None, None);
    r.byte(b'{')?;
    if !r.peek(b'}') {
        loop {
            let key = r.string()?;
            r.byte(b':')?;
            match key {
                "file" if file.is_none() => file = Some(r.string()?),
                "url" if url.is_none() => url = Some(r.string()?),
                "agents" if agents.is_none() => {
                    r.byte(b'[')?;
                    let mut list = Vec::with_capacity(1);
                    if !r.peek(b']') {
                        loop {
                            list.push(r.string()?);
                            if !r.peek(b',') {
                                break;
                            }
                        }
                        r.byte(b']')?;
                    }
                    agents = Some(list);
                }
                "file" | "url" | "agents" => return None,
                _ => r.scalar()?,
            }
            if !r.peek(b',') {
                break;
            }
        }
        r.byte(b'}')?;
    }
    r.skip_space();
    (r.at == text.len()).then_some(())?;
    Some(Query { file: file?, agents: agents?, url: url? })
}

/// A cursor over a query line for [`fast_query`]; each step skips JSON whitespace first.
struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Reader<'a> {
    fn skip_space(&mut self) {
        let bytes = self.text.as_bytes();
        while bytes.get(self.at).is_some_and(|c| matches!(c, b' ' | b'\t' | b'\r' | b'\n')) {
            self.at += 1;
        }
    }

    /// Steps over `c`, or fails.
    fn byte(&mut self, c: u8) -> Option<()> {
        self.peek(c).then_some(())
    }

    /// Steps over `c` if it comes next.
    fn peek(&mut self, c: u8) -> bool {
        self.skip_space();
        let found = self.text.as_bytes().get(self.at) == Some(&c);
        self.at += usize::from(found);
        found
    }

    /// A string without escapes or control characters.
    fn string(&mut self) -> Option<&'a str> {
        self.byte(b'"')?;
        let start = self.at;
        let len = self.text.as_bytes()[start..].iter().position(|&c| c == b'"' || c == b'\\' || c < 0x20)?;
        self.at = start + len;
        self.byte(b'"')?;
        // The quotes are ASCII, so both ends are character boundaries.
        self.text.get(start..start + len)
    }

    /// A member's value that is not a query's: a plain string, `true`, `false`, `null`, or an integer or
    /// decimal of at most 15 digits on each side of the point (which every JSON reader holds exactly).
    fn scalar(&mut self) -> Option<()> {
        self.skip_space();
        let rest = &self.text.as_bytes()[self.at..];
        if rest.first() == Some(&b'"') {
            return self.string().map(|_| ());
        }
        for word in ["true", "false", "null"] {
            if rest.starts_with(word.as_bytes()) {
                self.at += word.len();
                return Some(());
            }
        }
        let digits = |from: usize| rest[from.min(rest.len())..].iter().take_while(|c| c.is_ascii_digit()).count();
        let sign = usize::from(rest.first() == Some(&b'-'));
        let whole = digits(sign);
        if whole == 0 || whole > 15 || (whole > 1 && rest[sign] == b'0') {
            return None;
        }
        let mut end = sign + whole;
        if rest.get(end) == Some(&b'.') {
            let fraction = digits(end + 1);
            if fraction == 0 || fraction > 15 {
                return None;
            }
            end += 1 + fraction;
        }
        if matches!(rest.get(end), Some(b'e' | b'E')) {
            return None;
        }
        self.at += end;
        Some(())
    }
}

/// Writes the answer line for a verdict.
fn write_answer(out: &mut impl Write, allowed: bool, line: usize) -> io::Result<()> {
    out.write_all(if allowed { b"{\"allowed\": true, \"line\": " } else { b"{\"allowed\": false, \"line\": " })?;
    out.write_all(itoa::Buffer::new().format(line).as_bytes())?;
    out.write_all(b"}\n")
}

/// Writes the error line for a query that cannot be answered.
fn write_error(out: &mut impl Write, error: String) -> io::Result<()> {
    writeln!(out, "{{\"error\": {}}}", Value::from(error))
}

/// How many queries in a row on one file with the same agents are answered with [`Robots::decide`] before a
/// [`robotscope::Matcher`] is built for the rest of the run (building one costs a few queries' time).
const RUN_FOR_MATCHER: usize = 4;

/// Reads the next line into `buf` (without its line ending); `false` at the end of the input.
fn next_line(input: &mut impl BufRead, buf: &mut Vec<u8>) -> Result<bool, Failure> {
    buf.clear();
    let n = input
        .read_until(b'\n', buf)
        .map_err(|e| Failure::Message(format!("cannot read standard input: {}", io_reason(&e))))?;
    if buf.last() == Some(&b'\n') {
        buf.pop();
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
    }
    Ok(n > 0)
}

fn blank(line: &[u8]) -> bool {
    line.iter().all(u8::is_ascii_whitespace)
}

/// Answers the queries of `input` in order. A query starts a run of the queries after it that ask the same file
/// for the same agents: those are answered with the file parsed once and, after [`RUN_FOR_MATCHER`] of them, by a
/// matcher built once. Returns whether any line gave an error.
fn answer_all(cache: &mut Cache, input: &mut impl BufRead, out: &mut impl Write) -> Result<bool, Failure> {
    let (mut buf, mut next) = (Vec::with_capacity(1024), Vec::with_capacity(1024));
    let mut failed = false;
    let mut more = next_line(input, &mut buf)?;
    while more {
        if blank(&buf) {
            more = next_line(input, &mut buf)?;
            continue;
        }
        let mut slot = None;
        let first = read_query(&buf, &mut slot).and_then(|q| match cache.get(q.file) {
            Ok(robots) => Ok((q, robots)),
            Err(e) => Err(e.clone()),
        });
        let (q, robots) = match first {
            Ok(found) => found,
            Err(e) => {
                failed = true;
                write_error(out, e)?;
                more = next_line(input, &mut buf)?;
                continue;
            }
        };
        let (allowed, line) = robots.decide(q.agents.as_slice(), q.url);
        write_answer(out, allowed, line)?;
        let mut matcher = None;
        let mut run = 1;
        loop {
            more = next_line(input, &mut next)?;
            if !more {
                break;
            }
            if blank(&next) {
                continue;
            }
            let mut slot = None;
            let Ok(same) = read_query(&next, &mut slot) else { break };
            if same.file != q.file || same.agents != q.agents {
                break;
            }
            run += 1;
            let (allowed, line) = if run > RUN_FOR_MATCHER {
                matcher.get_or_insert_with(|| robots.matcher(q.agents.as_slice())).decide(same.url)
            } else {
                robots.decide(q.agents.as_slice(), same.url)
            };
            write_answer(out, allowed, line)?;
        }
        // The line that ended the run (if any) is the next one to answer.
        std::mem::swap(&mut buf, &mut next);
    }
    Ok(failed)
}

pub fn run(mut p: Parser) -> Result<ExitCode, Failure> {
    let mut root = None;
    while let Some(arg) = p.next_arg()? {
        match arg {
            Arg::Opt(name) if name == "--root" => root = Some(PathBuf::from(p.value()?)),
            Arg::Opt(name) => return Err(p.unknown(&name)),
            Arg::Pos(value) => {
                return Err(p.usage(format!(
                    "batch reads its queries from standard input; unexpected '{}'",
                    value.to_string_lossy()
                )))
            }
        }
    }
    let Some(root) = root else { return Err(p.usage(String::from("missing --root DIR"))) };
    let cannot = |e: io::Error| Failure::Message(format!("cannot read '{}': {}", root.display(), io_reason(&e)));
    let root = match std::fs::metadata(&root) {
        Ok(m) if m.is_dir() => root.canonicalize().map_err(cannot)?,
        Ok(_) => return Err(Failure::Message(format!("--root '{}' is not a directory", root.display()))),
        Err(e) => return Err(cannot(e)),
    };
    let mut cache = Cache { root, files: HashMap::new(), tick: 0 };
    let mut input = io::BufReader::with_capacity(1 << 16, io::stdin().lock());
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let failed = answer_all(&mut cache, &mut input, &mut out)?;
    out.flush()?;
    Ok(crate::status(usize::from(failed), 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_keeps_the_files_used_most_recently() {
        let dir = tempfile::tempdir().unwrap();
        for i in 0..CACHE_FILES + 10 {
            std::fs::write(dir.path().join(format!("{i}.txt")), format!("User-agent: *\nDisallow: /{i}\n")).unwrap();
        }
        let mut cache = Cache { root: dir.path().canonicalize().unwrap(), files: HashMap::new(), tick: 0 };
        for i in 0..CACHE_FILES + 10 {
            // File 0 is used again before each new file, so it stays while older ones go.
            assert!(cache.get("0.txt").is_ok());
            let robots = cache.get(&format!("{i}.txt")).as_ref().unwrap();
            assert_eq!(robots.decide(&["x"][..], &format!("/{i}")), (false, 2));
        }
        assert_eq!(cache.files.len(), CACHE_FILES);
        assert!(cache.files.contains_key("0.txt"));
        assert!(!cache.files.contains_key("1.txt"));
        assert!(cache.files.contains_key(&format!("{}.txt", CACHE_FILES + 9)));
    }

    /// Lines the fast reader takes must give what `serde_json` gives; the others must be left to it.
    #[test]
    fn the_fast_reader_reads_what_serde_json_reads() {
        let read = [
            r#"{"file": "a.txt", "agents": ["Googlebot"], "url": "https://e.com/a"}"#,
            r#"  {"url":"/x","agents":[],"file":"b"}  "#,
            r#"{"file": "corpus/x", "agents": ["a", "b" , "c"], "url": "/é", "allowed": true, "line": 7}"#,
            r#"{"file": "f", "agents": ["a"], "url": "/", "n": -0.5, "m": null, "k": false, "s": "x"}"#,
            "{\t\"file\"\r: \"f\", \"agents\": [\"a\"], \"url\": \"\"}",
        ];
        for line in read {
            let q = fast_query(line.as_bytes()).unwrap_or_else(|| panic!("not read: {line}"));
            let value: Value = serde_json::from_str(line).unwrap();
            let want = query(&value).unwrap();
            assert_eq!((q.file, q.agents, q.url), (want.file, want.agents, want.url), "{line}");
        }
        let left = [
            r#"{"file": "a\u0041", "agents": ["x"], "url": "/"}"#,
            r#"{"file": "a", "agents": ["x"], "url": "/", "file": "b"}"#,
            r#"{"file": "a", "agents": ["x"], "url": "/", "deep": {"x": 1}}"#,
            r#"{"file": "a", "agents": ["x"], "url": "/", "n": 1e999}"#,
            r#"{"file": "a", "agents": ["x"], "url": "/", "n": 0123}"#,
            r#"{"file": "a", "agents": ["x"], "url": "/",}"#,
            r#"{"file": "a", "agents": ["x",], "url": "/"}"#,
            r#"{"file": "a", "agents": ["x"]], "url": "/"}"#,
            r#"{}"#,
            r#"{"file": "a", "agents": ["x"], "url": "/"}}"#,
            r#"{"file": "a", "agents": "x", "url": "/"}"#,
            r#"{"file": "a", "agents": ["x"]}"#,
            r#"{"file": "a", "agents": ["x"], "url": "/"} x"#,
            r#"["file"]"#,
            "{\"file\": \"a\tb\", \"agents\": [], \"url\": \"/\"}",
            "",
        ];
        for line in left {
            assert!(fast_query(line.as_bytes()).is_none(), "read: {line}");
        }
        assert!(fast_query(b"{\"file\": \"\xff\", \"agents\": [], \"url\": \"/\"}").is_none());
    }

    /// Runs of queries on one file answer as one query at a time does, blank lines, errors and changes of file or
    /// agents included.
    #[test]
    fn runs_answer_as_single_queries() {
        let dir = tempfile::tempdir().unwrap();
        let rules: String = (0..300).map(|i| format!("Disallow: /d{i}/\nAllow: /d{i}/ok\n")).collect();
        std::fs::write(dir.path().join("big.txt"), format!("User-agent: *\n{rules}User-agent: b\nDisallow: /\n"))
            .unwrap();
        std::fs::write(dir.path().join("small.txt"), "User-agent: *\nDisallow: /x\n").unwrap();
        let mut input = String::new();
        let mut want = String::new();
        let big = Robots::parse(std::fs::read(dir.path().join("big.txt")).unwrap());
        for i in 0..40 {
            let (file, agent) = match i % 17 {
                0..=9 => ("big.txt", "a"),
                10..=12 => ("big.txt", "b"),
                _ => ("small.txt", "a"),
            };
            let url = format!("/d{}/{}", i % 7, if i % 3 == 0 { "ok" } else { "no" });
            input.push_str(&format!("{{\"file\": \"{file}\", \"agents\": [\"{agent}\"], \"url\": \"{url}\"}}\n"));
            let (allowed, line) = if file == "big.txt" { big.decide(agent, &url) } else { (true, 0) };
            want.push_str(&format!("{{\"allowed\": {allowed}, \"line\": {line}}}\n"));
            if i % 11 == 5 {
                input.push_str("\r\n  \n");
            }
            if i % 13 == 7 {
                input.push_str("{\"file\": \"missing.txt\", \"agents\": [], \"url\": \"/\"}\n{bad\n");
                want.push_str("error\nerror\n");
            }
        }
        let mut cache = Cache { root: dir.path().canonicalize().unwrap(), files: HashMap::new(), tick: 0 };
        let mut out = Vec::new();
        let failed = answer_all(&mut cache, &mut input.as_bytes(), &mut out).unwrap();
        assert!(failed);
        let got: Vec<String> = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|l| if l.starts_with("{\"error\"") { String::from("error") } else { l.to_owned() })
            .collect();
        assert_eq!(got, want.lines().collect::<Vec<_>>());
    }
}
