//! `robotscope lint`: the engine's diagnostics, compiler-style or as JSON.

use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use robotscope::{Diagnostic, DiagnosticKind, Robots, Severity};

use crate::args::{shown_path, Arg, Parser};
use serde_json::{json, Value};

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
    // Each diagnostic with its byte column.
    let items: Vec<(Diagnostic, usize)> = robots
        .diagnostics()
        .into_iter()
        .map(|d| match &whole {
            Some(w) if d.kind == DiagnosticKind::PastSizeLimit => {
                Diagnostic { severity: w.severity, message: w.message.clone(), help: w.help.clone(), ..d }
            }
            _ => d,
        })
        .map(|d| {
            let column = column(&starts, source_len, d.line, d.span.start);
            (d, column)
        })
        .collect();

    let mut out = BufWriter::new(io::stdout().lock());
    match format {
        Format::Json => write_json(&mut out, &items)?,
        Format::Github => write_github(&mut out, &name, &items)?,
        Format::Sarif => write_sarif(&mut out, &name, robots.source(), &starts, &items)?,
        Format::Text => {
            for (d, column) in &items {
                let severity = match d.severity {
                    Severity::Error => crate::color::paint("error", "31"),
                    Severity::Warning => crate::color::paint("warning", "33"),
                    Severity::Info => crate::color::paint("info", "1"),
                };
                writeln!(out, "{name}:{}:{column}: {severity}: {}", d.line, printable(&d.message))?;
                if let Some(help) = &d.help {
                    writeln!(out, "  help: {}", printable(help))?;
                }
            }
        }
    }
    out.flush()?;
    drop(out);

    if format == Format::Text {
        if items.is_empty() {
            eprintln!("{name}: no problems found");
        } else {
            eprintln!("{name}: {}", Diagnostic::totals(items.iter().map(|(d, _)| d)));
        }
    }
    // Severities are ordered from info to error.
    let failed = items.iter().any(|(d, _)| d.severity >= fail_on);
    Ok(crate::status(usize::from(failed), 0))
}

fn write_json(out: &mut impl Write, items: &[(Diagnostic, usize)]) -> io::Result<()> {
    if items.is_empty() {
        return out.write_all(b"[]\n");
    }
    out.write_all(b"[\n")?;
    for (i, (d, column)) in items.iter().enumerate() {
        let obj = json!({
            "kind": d.kind.code(),
            "severity": d.severity.name(),
            "line": d.line,
            "column": column,
            "span": {"start": d.span.start, "end": d.span.end},
            "message": d.message,
            "help": d.help,
        });
        let sep = if i + 1 < items.len() { "," } else { "" };
        writeln!(out, "  {obj}{sep}")?;
    }
    out.write_all(b"]\n")
}

/// `s` escaped as the data of a GitHub Actions workflow command.
fn github_data(s: &str) -> String {
    s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// `s` escaped as a property value of a GitHub Actions workflow command.
fn github_property(s: &str) -> String {
    github_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// A GitHub Actions workflow command (`::error file=...,line=...::message`) that annotates line `line` (and
/// `column`, when given) of the file `name`.
pub(crate) fn github_command(
    level: &str,
    name: &str,
    line: usize,
    column: Option<usize>,
    title: &str,
    message: &str,
) -> String {
    let column = column.map(|c| format!(",col={c}")).unwrap_or_default();
    let (name, title, message) = (github_property(name), github_property(title), github_data(message));
    format!("::{level} file={name},line={line}{column},title={title}::{message}")
}

/// A diagnostic's message, followed by its help on a line of its own.
fn message_with_help(d: &Diagnostic) -> String {
    match &d.help {
        Some(help) => format!("{}\nhelp: {help}", d.message),
        None => d.message.clone(),
    }
}

fn write_github(out: &mut impl Write, name: &str, items: &[(Diagnostic, usize)]) -> io::Result<()> {
    for (d, column) in items {
        let level = match d.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            _ => "notice",
        };
        let title = format!("robotscope {}", d.kind.code());
        writeln!(out, "{}", github_command(level, name, d.line, Some(*column), &title, &message_with_help(d)))?;
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

/// robotscope as a SARIF tool `driver`, with the `rules` its results name (each id is also the rule's name), and
/// its home page as `informationUri` unless the manifest names the placeholder; `semanticVersion` with `semantic`.
pub(crate) fn sarif_driver(rules: &[&str], semantic: bool) -> Value {
    let mut driver = json!({"name": "robotscope", "version": env!("CARGO_PKG_VERSION")});
    if semantic {
        driver["semanticVersion"] = json!(env!("CARGO_PKG_VERSION"));
    }
    let repository = env!("CARGO_PKG_REPOSITORY");
    if !repository.is_empty() && !repository.contains("example.invalid") {
        driver["informationUri"] = json!(repository);
    }
    driver["rules"] = rules.iter().map(|id| json!({"id": id, "name": id})).collect();
    driver
}

/// A SARIF 2.1.0 log of one `run`.
pub(crate) fn sarif_log(run: Value) -> Value {
    json!({"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0", "runs": [run]})
}

/// A path as a SARIF artifact URI: a relative reference with bytes outside the unreserved set and `/`
/// percent-encoded.
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

/// The SARIF log of the diagnostics of `source`, whose line starts are `starts` (columns count code points there).
fn write_sarif(
    out: &mut impl Write,
    name: &str,
    source: &[u8],
    starts: &[usize],
    items: &[(Diagnostic, usize)],
) -> io::Result<()> {
    let mut kinds: Vec<&str> = Vec::new();
    for (d, _) in items {
        if !kinds.contains(&d.kind.code()) {
            kinds.push(d.kind.code());
        }
    }
    let uri = artifact_uri(name);
    let results: Vec<_> = items
        .iter()
        .map(|(d, _)| {
            let column = char_column(source, starts, d.line, d.span.start);
            let level = match d.severity {
                Severity::Error => "error",
                Severity::Warning => "warning",
                _ => "note",
            };
            json!({
                "ruleId": d.kind.code(),
                "ruleIndex": kinds.iter().position(|k| *k == d.kind.code()).unwrap_or(0),
                "level": level,
                "message": {"text": message_with_help(d)},
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": {"uri": uri, "index": 0},
                        "region": {
                            "startLine": d.line,
                            "startColumn": column,
                            "byteOffset": d.span.start,
                            "byteLength": d.span.end.saturating_sub(d.span.start),
                        },
                    },
                }],
            })
        })
        .collect();
    let run = json!({
        "tool": {"driver": sarif_driver(&kinds, true)},
        "artifacts": [{"location": {"uri": uri}, "length": source.len()}],
        "columnKind": "unicodeCodePoints",
        "results": results,
    });
    writeln!(out, "{}", sarif_log(run))
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
