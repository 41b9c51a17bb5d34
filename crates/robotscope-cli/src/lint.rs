//! `robotscope lint`: the engine's diagnostics, compiler-style or as JSON.

use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use robotscope::{Diagnostic, DiagnosticKind, Robots, Severity};

use crate::args::{shown_path, Arg, Parser};
use serde_json::json;

use crate::{printable, Failure};

pub const HELP: &str = "\
Usage: robotscope lint [OPTIONS] ROBOTS_FILE

Reports the lines of ROBOTS_FILE that crawlers read differently from what the author probably
meant, one per diagnostic, compiler-style:

  robots.txt:3:1: warning: <message>
    help: <suggested fix>

Lines and columns count from 1; the column counts bytes from the start of the line.

Options:
      --format FORMAT text (the default), json, github or sarif:
                        json    a JSON array of diagnostics, each with the members kind, severity
                                (\"error\", \"warning\" or \"info\"), line, column, span {start,
                                end} (byte offsets in the file), message and help (a string or null)
                        github  GitHub Actions workflow commands (::error file=...,line=...::),
                                which show as annotations on the pull request (info: notice)
                        sarif   a SARIF 2.1.0 log, for code-scanning tools (info: note; columns
                                count Unicode code points, byteOffset and byteLength are exact)
      --json          The same as --format json
      --fail-on LEVEL Exit 1 when a diagnostic at LEVEL or above is found: error (the
                      default), warning or note (every diagnostic, infos included)
      --no-size-limit Lint the whole file (default: only the first 500 KiB, as Google reads it;
                      content past the cut is reported, and rules lost to it are an error)
  -h, --help          Print help

ROBOTS_FILE may be '-' to read standard input. Diagnostics are printed on standard output, the
count on standard error.

Exit status: 0 when nothing at or above --fail-on was found, 1 when something was, 2 on a
usage or I/O error.
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

/// How diagnostics are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Text,
    Json,
    Github,
    Sarif,
}

/// The names `--format` takes.
const FORMATS: &[(&str, Format)] =
    &[("text", Format::Text), ("json", Format::Json), ("github", Format::Github), ("sarif", Format::Sarif)];

/// The names `--fail-on` takes.
const LEVELS: &[(&str, Severity)] =
    &[("error", Severity::Error), ("warning", Severity::Warning), ("note", Severity::Info), ("info", Severity::Info)];

pub fn run(mut p: Parser) -> Result<ExitCode, Failure> {
    let mut file: Option<OsString> = None;
    let (mut format, mut size_limit, mut fail_on) = (Format::Text, true, Severity::Error);
    while let Some(arg) = p.next_arg()? {
        match arg {
            Arg::Opt(name) => match name.as_str() {
                "--json" => format = Format::Json,
                "--format" => {
                    format = p.choice(FORMATS, |o| format!("unknown format '{o}': use text, json, github or sarif"))?;
                }
                "--no-size-limit" => size_limit = false,
                "--fail-on" => {
                    fail_on =
                        p.choice(LEVELS, |o| format!("unknown level '{o}' for --fail-on: use error, warning or note"))?;
                }
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
    let robots = crate::parse(&bytes, size_limit, None);
    let starts = robots.line_starts();
    let source_len = robots.source().len();
    // The cut file cannot count the rules it no longer holds: the core's diagnostic for the whole file says
    // how many are lost (an error when any is), in place of the cut file's, at the cut's position.
    let whole = robots.cut_from().and_then(|_| Robots::parse(&bytes).size_limit_diagnostic());
    let items: Vec<Item> = robots
        .diagnostics()
        .into_iter()
        .map(|d| match &whole {
            Some(w) if d.kind == DiagnosticKind::PastSizeLimit => {
                Diagnostic { severity: w.severity, message: w.message.clone(), help: w.help.clone(), ..d }
            }
            _ => d,
        })
        .map(|d| item(&d, &starts, source_len))
        .collect();

    let mut out = BufWriter::new(io::stdout().lock());
    match format {
        Format::Json => write_json(&mut out, &items)?,
        Format::Github => write_github(&mut out, &name, &items)?,
        Format::Sarif => {
            let columns: Vec<usize> =
                items.iter().map(|it| char_column(robots.source(), &starts, it.line, it.start)).collect();
            write_sarif(&mut out, &name, robots.source().len(), &items, &columns)?;
        }
        Format::Text => {
            for it in &items {
                let severity = match it.severity {
                    Severity::Error => crate::color::paint("error", "31"),
                    Severity::Warning => crate::color::paint("warning", "33"),
                    Severity::Info => crate::color::paint("info", "1"),
                };
                writeln!(out, "{name}:{}:{}: {severity}: {}", it.line, it.column, printable(&it.message))?;
                if let Some(help) = &it.help {
                    writeln!(out, "  help: {}", printable(help))?;
                }
            }
        }
    }
    out.flush()?;
    drop(out);

    let count = |s: Severity| items.iter().filter(|i| i.severity == s).count();
    let (errors, warnings, infos) = (count(Severity::Error), count(Severity::Warning), count(Severity::Info));
    if format == Format::Text {
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
    // Severities are ordered from info to error.
    let failed = items.iter().any(|i| i.severity >= fail_on);
    Ok(crate::status(usize::from(failed), 0))
}

fn write_json(out: &mut impl Write, items: &[Item]) -> io::Result<()> {
    if items.is_empty() {
        return out.write_all(b"[]\n");
    }
    out.write_all(b"[\n")?;
    for (i, it) in items.iter().enumerate() {
        let obj = json!({
            "kind": it.kind,
            "severity": it.severity.name(),
            "line": it.line,
            "column": it.column,
            "span": {"start": it.start, "end": it.end},
            "message": it.message,
            "help": it.help,
        });
        let sep = if i + 1 < items.len() { "," } else { "" };
        writeln!(out, "  {obj}{sep}")?;
    }
    out.write_all(b"]\n")
}

/// `s` escaped as the data of a GitHub Actions workflow command.
pub(crate) fn github_data(s: &str) -> String {
    s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// `s` escaped as a property value of a GitHub Actions workflow command.
pub(crate) fn github_property(s: &str) -> String {
    github_data(s).replace(':', "%3A").replace(',', "%2C")
}

fn write_github(out: &mut impl Write, name: &str, items: &[Item]) -> io::Result<()> {
    for it in items {
        let level = match it.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            _ => "notice",
        };
        let mut message = it.message.clone();
        if let Some(help) = &it.help {
            message.push_str("\nhelp: ");
            message.push_str(help);
        }
        writeln!(
            out,
            "::{level} file={},line={},col={},title={}::{}",
            github_property(name),
            it.line,
            it.column,
            github_property(&format!("robotscope {}", it.kind)),
            github_data(&message)
        )?;
    }
    Ok(())
}

/// The 1-based column of `offset` in Unicode code points (what SARIF counts), reading bytes that are not
/// UTF-8 as one code point each.
fn char_column(source: &[u8], starts: &[usize], line: usize, offset: usize) -> usize {
    let Some(&start) = line.checked_sub(1).and_then(|i| starts.get(i)) else { return 1 };
    if offset < start || offset > source.len() {
        return 1;
    }
    String::from_utf8_lossy(&source[start..offset]).chars().count() + 1
}

/// A path as a SARIF artifact URI: a relative reference with bytes outside the unreserved set and `/`
/// percent-encoded.
/// The project's home page for SARIF's `informationUri`: omitted while the manifest names the placeholder.
pub(crate) fn information_uri() -> Option<&'static str> {
    let repository = env!("CARGO_PKG_REPOSITORY");
    (!repository.is_empty() && !repository.contains("example.invalid")).then_some(repository)
}

pub(crate) fn artifact_uri(name: &str) -> String {
    if name == "<stdin>" {
        return String::from("stdin");
    }
    let mut uri = String::new();
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            uri.push(b as char);
        } else {
            uri.push_str(&format!("%{b:02X}"));
        }
    }
    uri
}

fn write_sarif(out: &mut impl Write, name: &str, length: usize, items: &[Item], columns: &[usize]) -> io::Result<()> {
    let mut kinds: Vec<&str> = Vec::new();
    for it in items {
        if !kinds.contains(&it.kind) {
            kinds.push(it.kind);
        }
    }
    let rules: Vec<_> = kinds.iter().map(|k| json!({"id": k, "name": k})).collect();
    let mut driver = json!({
        "name": "robotscope",
        "version": env!("CARGO_PKG_VERSION"),
        "semanticVersion": env!("CARGO_PKG_VERSION"),
    });
    if let Some(home) = information_uri() {
        driver["informationUri"] = json!(home);
    }
    driver["rules"] = json!(rules);
    let uri = artifact_uri(name);
    let results: Vec<_> = items
        .iter()
        .zip(columns)
        .map(|(it, &column)| {
            let level = match it.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                _ => "note",
            };
            let text = match &it.help {
                Some(help) => format!("{}\nhelp: {help}", it.message),
                None => it.message.clone(),
            };
            json!({
                "ruleId": it.kind,
                "ruleIndex": kinds.iter().position(|k| *k == it.kind).unwrap_or(0),
                "level": level,
                "message": {"text": text},
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": {"uri": uri, "index": 0},
                        "region": {
                            "startLine": it.line,
                            "startColumn": column,
                            "byteOffset": it.start,
                            "byteLength": it.end.saturating_sub(it.start),
                        },
                    },
                }],
            })
        })
        .collect();
    let log = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": driver},
            "artifacts": [{"location": {"uri": uri}, "length": length}],
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    });
    writeln!(out, "{log}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use robotscope::Robots;

    #[test]
    fn columns() {
        let robots = Robots::parse("\u{feff}ab\ncd\r\nef");
        let starts = robots.line_starts();
        assert_eq!(starts, vec![3, 6, 10]);
        let len = robots.source().len();
        assert_eq!(column(&starts, len, 1, 3), 1);
        assert_eq!(column(&starts, len, 1, 4), 2);
        assert_eq!(column(&starts, len, 2, 7), 2);
        assert_eq!(column(&starts, len, 3, 12), 3);
        assert_eq!(column(&starts, len, 1, 0), 1);
        assert_eq!(column(&starts, len, 9, 0), 1);
        let src = "ab\néx\n".as_bytes();
        let robots = Robots::parse(src);
        let starts = robots.line_starts();
        assert_eq!(char_column(src, &starts, 2, 5), 2);
        assert_eq!(char_column(src, &starts, 2, 3), 1);
    }

    #[test]
    fn github_escapes_and_uris() {
        assert_eq!(github_data("50% a\nb\r"), "50%25 a%0Ab%0D");
        assert_eq!(github_property("a,b:c"), "a%2Cb%3Ac");
        assert_eq!(artifact_uri("public/my robots.txt"), "public/my%20robots.txt");
        assert_eq!(artifact_uri("<stdin>"), "stdin");
    }
}
