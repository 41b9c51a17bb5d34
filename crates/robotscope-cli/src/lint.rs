//! `robotscope lint`: the engine's diagnostics, compiler-style or as JSON.

use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use robotscope::{Diagnostic, Robots, Severity, GOOGLE_SIZE_LIMIT};

use crate::args::{shown_path, Arg, Parser};
use crate::{json, printable, Failure};

pub const HELP: &str = "\
Usage: robotscope lint [OPTIONS] ROBOTS_FILE

Reports the lines of ROBOTS_FILE that crawlers read differently from what the author probably
meant, one per diagnostic, compiler-style:

  robots.txt:3:1: warning: <message>
    help: <suggested fix>

Lines and columns count from 1; the column counts bytes from the start of the line.

Options:
      --json          Print a JSON array of diagnostics, each with the members kind, severity
                      (\"error\", \"warning\" or \"info\"), line, column, span {start, end} (byte
                      offsets in the file), message and help (a string or null)
      --no-size-limit Lint the whole file (default: only the first 500 KiB, as Google reads it;
                      content past the cut is reported)
  -h, --help          Print help

ROBOTS_FILE may be '-' to read standard input.

Exit status: 0 when there is no error (warnings and infos are allowed), 1 when there is one,
2 on a usage or I/O error.
";

/// A diagnostic ready to print: the engine's, or the CLI's own note on the 500 KiB cut.
struct Item {
    kind: &'static str,
    severity: Severity,
    line: usize,
    column: usize,
    start: usize,
    end: usize,
    message: String,
    help: Option<String>,
}

/// Start offset of each line (index 0 is line 1), from the tokenizer; line 1 starts after a BOM.
fn line_starts(robots: &Robots) -> Vec<usize> {
    robots.lines().map(|l| l.span.start).collect()
}

/// The 1-based byte column of `offset` on line `line`; 1 when the offset is not on that line.
fn column(starts: &[usize], source_len: usize, line: usize, offset: usize) -> usize {
    let Some(&start) = line.checked_sub(1).and_then(|i| starts.get(i)) else { return 1 };
    let next = starts.get(line).copied().unwrap_or(source_len + 1);
    if offset >= start && offset < next.max(start + 1) {
        offset - start + 1
    } else {
        1
    }
}

fn item(d: &Diagnostic, starts: &[usize], source_len: usize) -> Item {
    Item {
        kind: d.kind.code(),
        severity: d.severity,
        line: d.line,
        column: column(starts, source_len, d.line, d.span.start),
        start: d.span.start,
        end: d.span.end,
        message: d.message.clone(),
        help: d.help.clone(),
    }
}

pub fn run(mut p: Parser) -> Result<ExitCode, Failure> {
    let mut file: Option<OsString> = None;
    let (mut as_json, mut size_limit) = (false, true);
    while let Some(arg) = p.next_arg()? {
        match arg {
            Arg::Opt(name) => match name.as_str() {
                "--json" => as_json = true,
                "--no-size-limit" => size_limit = false,
                _ => return Err(p.unknown(&name)),
            },
            Arg::Pos(value) if file.is_none() => file = Some(value),
            Arg::Pos(value) => {
                return Err(p.usage(format!("lint takes one ROBOTS_FILE; unexpected '{}'", value.to_string_lossy())))
            }
        }
    }
    let Some(file) = file else { return Err(p.usage(String::from("missing ROBOTS_FILE"))) };
    let name = shown_path(&file);
    let bytes = crate::read_file(&file)?;
    // The cut is reported as a diagnostic below, so no note on standard error.
    let cut = size_limit && bytes.len() > GOOGLE_SIZE_LIMIT;
    let robots = if cut { Robots::parse_limited(&bytes, GOOGLE_SIZE_LIMIT) } else { Robots::parse(&bytes) };

    let starts = line_starts(&robots);
    let source_len = robots.source().len();
    // A cut file carries its own `past-size-limit` diagnostic.
    let items: Vec<Item> = robots.diagnostics().iter().map(|d| item(d, &starts, source_len)).collect();

    let mut out = BufWriter::new(io::stdout().lock());
    if as_json {
        write_json(&mut out, &items)?;
    } else {
        for it in &items {
            writeln!(out, "{name}:{}:{}: {}: {}", it.line, it.column, it.severity.name(), printable(&it.message))?;
            if let Some(help) = &it.help {
                writeln!(out, "  help: {}", printable(help))?;
            }
        }
    }
    out.flush()?;
    drop(out);

    let count = |s: Severity| items.iter().filter(|i| i.severity == s).count();
    let (errors, warnings, infos) = (count(Severity::Error), count(Severity::Warning), count(Severity::Info));
    if !as_json {
        if items.is_empty() {
            eprintln!("{name}: no problems found");
        } else {
            let counts: Vec<String> = [(errors, "error"), (warnings, "warning"), (infos, "info")]
                .iter()
                .filter(|(n, _)| *n > 0)
                .map(|(n, word)| format!("{n} {word}{}", if *n == 1 { "" } else { "s" }))
                .collect();
            eprintln!("{name}: {}", counts.join(", "));
        }
    }
    Ok(if errors > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

fn write_json(out: &mut impl Write, items: &[Item]) -> io::Result<()> {
    if items.is_empty() {
        return out.write_all(b"[]\n");
    }
    out.write_all(b"[\n")?;
    for (i, it) in items.iter().enumerate() {
        let span = json::Object::new().num("start", it.start).num("end", it.end).finish();
        let obj = json::Object::new()
            .str("kind", it.kind)
            .str("severity", it.severity.name())
            .num("line", it.line)
            .num("column", it.column)
            .raw("span", &span)
            .str("message", &it.message)
            .opt_str("help", it.help.as_deref())
            .finish();
        let sep = if i + 1 < items.len() { "," } else { "" };
        writeln!(out, "  {obj}{sep}")?;
    }
    out.write_all(b"]\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns() {
        let robots = Robots::parse("\u{feff}ab\ncd\r\nef");
        let starts = line_starts(&robots);
        assert_eq!(starts, vec![3, 6, 10]);
        let len = robots.source().len();
        assert_eq!(column(&starts, len, 1, 3), 1);
        assert_eq!(column(&starts, len, 1, 4), 2);
        assert_eq!(column(&starts, len, 2, 7), 2);
        assert_eq!(column(&starts, len, 3, 12), 3);
        assert_eq!(column(&starts, len, 1, 0), 1);
        assert_eq!(column(&starts, len, 9, 0), 1);
    }
}
