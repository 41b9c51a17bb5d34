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

/// The answer line for one input line (without its newline), and whether it is an error.
fn answer(cache: &mut Cache, line: &[u8]) -> (String, bool) {
    let result = serde_json::from_slice::<Value>(line).map_err(|e| format!("bad JSON: {e}")).and_then(|v| {
        let q = query(&v)?;
        match cache.get(q.file) {
            Ok(robots) => Ok(robots.decide(q.agents.as_slice(), q.url)),
            Err(e) => Err(e.clone()),
        }
    });
    match result {
        Ok((allowed, line)) => (format!("{{\"allowed\": {allowed}, \"line\": {line}}}"), false),
        Err(e) => (format!("{{\"error\": {}}}", Value::from(e)), true),
    }
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
    match std::fs::metadata(&root) {
        Ok(m) if m.is_dir() => {}
        Ok(_) => return Err(Failure::Message(format!("--root '{}' is not a directory", root.display()))),
        Err(e) => return Err(Failure::Message(format!("cannot read '{}': {}", root.display(), io_reason(&e)))),
    }

    let root = root
        .canonicalize()
        .map_err(|e| Failure::Message(format!("cannot read '{}': {}", root.display(), io_reason(&e))))?;
    let mut cache = Cache { root, files: HashMap::new(), tick: 0 };
    let mut input = io::stdin().lock();
    let mut out = BufWriter::with_capacity(1 << 16, io::stdout().lock());
    let mut buf = Vec::with_capacity(1024);
    let mut failed = false;
    loop {
        buf.clear();
        let n = input
            .read_until(b'\n', &mut buf)
            .map_err(|e| Failure::Message(format!("cannot read standard input: {}", io_reason(&e))))?;
        if n == 0 {
            break;
        }
        let line = buf.strip_suffix(b"\n").unwrap_or(&buf);
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.iter().all(u8::is_ascii_whitespace) {
            continue;
        }
        let (text, error) = answer(&mut cache, line);
        failed |= error;
        out.write_all(text.as_bytes())?;
        out.write_all(b"\n")?;
    }
    out.flush()?;
    Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
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
}
