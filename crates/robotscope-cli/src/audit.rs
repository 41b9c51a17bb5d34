//! `robotscope audit`: which crawlers fetched what the robots.txt then in force disallowed, and whether they
//! are who they claim to be. The core (`robotscope::audit`) reads each line and judges it; this module streams
//! the files (plain or gzip) line by line within a line cap and prints the core's rows.

use std::ffi::OsString;
use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, Read, Write};
use std::process::ExitCode;

use flate2::read::MultiGzDecoder;
use robotscope::audit::{format_utc, parse_iso_time, Audit, CrawlerStats, LineError, LogFormat, Violation};
use serde_json::json;

use crate::args::{shown_path, Arg, Parser};
use crate::{printable, Failure};

pub const HELP: &str = "\
Usage: robotscope audit [OPTIONS] --robots [[HOST@]DATE=]FILE... LOG...

Reads access logs and says, per crawler, how many requests it made, whether its address is in
its operator's published IP ranges (verified, spoofed, or unverified when robotscope ships no
list for it), which requests fetched URLs that the robots.txt in force at that moment disallowed
it (with the deciding line), whether it fetched robots.txt first and how old its copy could have
been (RFC 9309 lets a crawler keep a copy 24 hours).

LOG is a file, plain or gzip (read as a stream), or '-' for standard input. Formats are detected
from the first line that reads: nginx/Apache combined and common, AWS ALB, CloudFront, and JSON
lines from Cloudflare Logpush (http_requests), Caddy and Fastly. Lines that do not read are
counted and the first ones reported with their numbers; they never stop the audit.

Options:
      --robots [[HOST@]DATE=]FILE
                        A robots.txt version: in force from DATE (2026-10-01 or an RFC 3339
                        time such as 2026-10-01T12:00:00Z) until the next one, for HOST only or
                        every host; without DATE, always. Repeat it for each version.
      --log-format NAME Read the logs as NAME instead of detecting: combined, alb, cloudfront,
                        cloudflare, caddy or fastly
      --format FORMAT   table (the default), jsonl (one JSON object per crawler, per violation,
                        then a summary) or csv (one row per violation)
      --max-violations N
                        Keep at most N violations (default 10000); the rest are counted
  -h, --help            Print help

Exit status: 0 when no verified crawler fetched a disallowed URL; 1 when one did (a request that
the copy it fetched within the previous 24 hours allowed does not count); 2 on a usage error, a
log that could not be read to its end, or logs with no request in them.
";

/// The longest line read; the rest of a longer one is skipped and the line counted as bad.
const MAX_LINE: usize = 64 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Table,
    Jsonl,
    Csv,
}

const FORMATS: &[(&str, Format)] = &[("table", Format::Table), ("jsonl", Format::Jsonl), ("csv", Format::Csv)];

/// Reads one line of at most `MAX_LINE` bytes into `buf` (without its `\n`); `Ok(None)` at the end, `Ok(Some(true))`
/// for a line that was longer (its rest skipped).
fn read_line(r: &mut impl BufRead, buf: &mut Vec<u8>) -> io::Result<Option<bool>> {
    buf.clear();
    let (mut any, mut too_long) = (false, false);
    loop {
        let chunk = match r.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            return Ok(any.then_some(too_long));
        }
        any = true;
        let (end, found) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i, true),
            None => (chunk.len(), false),
        };
        if buf.len() + end > MAX_LINE {
            too_long = true;
        } else if !too_long {
            buf.extend_from_slice(&chunk[..end]);
        }
        r.consume(if found { end + 1 } else { end });
        if found {
            return Ok(Some(too_long));
        }
    }
}

/// A `--robots` value: `[HOST@]DATE=FILE` or `FILE`.
fn robots_arg(p: &Parser, value: OsString) -> Result<(Option<String>, i64, OsString), Failure> {
    let text = value.to_string_lossy().into_owned();
    let Some((when, file)) = text.split_once('=') else { return Ok((None, i64::MIN, value)) };
    let (host, date) = match when.split_once('@') {
        Some((h, d)) => (Some(h.to_string()), d),
        None => (None, when),
    };
    let from = parse_iso_time(date).ok_or_else(|| {
        p.usage(format!("cannot read the date '{date}' of --robots {text}: use 2026-10-01 or 2026-10-01T12:00:00Z"))
    })?;
    Ok((host, from, OsString::from(file)))
}

/// `s` seconds as `3h 5m`.
fn duration(s: i64) -> String {
    match s {
        s if s < 60 => format!("{s}s"),
        s if s < 3600 => format!("{}m {}s", s / 60, s % 60),
        s if s < 86_400 => format!("{}h {}m", s / 3600, s % 3600 / 60),
        s => format!("{}d {}h", s / 86_400, s % 86_400 / 3600),
    }
}

/// What went wrong reading the inputs, for the exit status.
#[derive(Debug, Default)]
struct Reading {
    lines: u64,
    failed: usize,
}

/// Streams one log into the audit.
fn read_log(name: &str, input: Box<dyn Read>, forced: Option<LogFormat>, audit: &mut Audit, seen: &mut Reading) {
    let mut plain = BufReader::with_capacity(256 * 1024, input);
    let gzip = matches!(plain.fill_buf(), Ok([0x1f, 0x8b, ..]));
    let mut reader: Box<dyn BufRead> =
        if gzip { Box::new(BufReader::with_capacity(256 * 1024, MultiGzDecoder::new(plain))) } else { Box::new(plain) };
    let mut format = forced;
    let mut buf = Vec::with_capacity(1024);
    let first = seen.lines;
    loop {
        let too_long = match read_line(&mut reader, &mut buf) {
            Ok(Some(t)) => t,
            Ok(None) => break,
            Err(e) => {
                let what = if gzip { "the gzip stream is cut short or corrupt" } else { "it could not be read" };
                eprintln!(
                    "robotscope: '{name}': {what} after line {} ({}); the lines before were audited",
                    seen.lines - first,
                    crate::io_reason(&e)
                );
                seen.failed += 1;
                return;
            }
        };
        seen.lines += 1;
        if too_long {
            audit.bad_line(seen.lines, LineError::TooLong);
            continue;
        }
        let Ok(line) = std::str::from_utf8(&buf) else {
            audit.bad_line(seen.lines, LineError::NotText);
            continue;
        };
        if format.is_none() {
            format = LogFormat::detect(line);
        }
        let Some(f) = format else {
            if !line.trim().is_empty() {
                audit.bad_line(seen.lines, LineError::UnknownFormat);
            }
            continue;
        };
        match f.parse(line) {
            Ok(Some(request)) => audit.record(&request),
            Ok(None) => {}
            Err(e) => audit.bad_line(seen.lines, e),
        }
    }
}

pub fn run(mut p: Parser) -> Result<ExitCode, Failure> {
    let (mut logs, mut robots) = (Vec::new(), Vec::new());
    let (mut format, mut forced, mut max_violations) = (Format::Table, None, 10_000usize);
    while let Some(arg) = p.next_arg()? {
        match arg {
            Arg::Opt(name) => match name.as_str() {
                "--robots" => {
                    let v = p.value()?;
                    robots.push(robots_arg(&p, v)?);
                }
                "--log-format" => {
                    let v = p.string_value()?;
                    let names = LogFormat::NAMES.join(", ");
                    forced = Some(
                        LogFormat::named(&v)
                            .ok_or_else(|| p.usage(format!("unknown log format '{v}': use one of {names}")))?,
                    );
                }
                "--format" => {
                    format = p.choice(FORMATS, |o| format!("unknown format '{o}': use table, jsonl or csv"))?
                }
                "--max-violations" => {
                    let v = p.string_value()?;
                    max_violations =
                        v.parse().map_err(|_| p.usage(format!("--max-violations takes a number, not '{v}'")))?;
                }
                _ => return Err(p.unknown(&name)),
            },
            Arg::Pos(value) => logs.push(value),
        }
    }
    if robots.is_empty() {
        return Err(p.usage(String::from("missing --robots FILE (the robots.txt to judge the requests against)")));
    }
    if logs.is_empty() {
        return Err(p.usage(String::from("missing LOG (an access log, plain or gzip; '-' for standard input)")));
    }
    let mut audit = Audit::new(max_violations);
    for (host, from, file) in &robots {
        let bytes = crate::read_file(file)?;
        audit.add_version(host.as_deref(), *from, &shown_path(file), &bytes);
    }
    let mut seen = Reading::default();
    for log in &logs {
        let name = shown_path(log);
        let input: Box<dyn Read> = if log == "-" {
            Box::new(io::stdin().lock())
        } else {
            match File::open(log) {
                Ok(f) => Box::new(f),
                Err(e) => {
                    eprintln!("robotscope: cannot read '{name}': {}", crate::io_reason(&e));
                    seen.failed += 1;
                    continue;
                }
            }
        };
        read_log(&name, input, forced, &mut audit, &mut seen);
    }
    let mut out = BufWriter::new(io::stdout().lock());
    match format {
        Format::Table => table(&mut out, &audit)?,
        Format::Jsonl => jsonl(&mut out, &audit, &seen)?,
        Format::Csv => csv(&mut out, &audit)?,
    }
    out.flush()?;
    summary(&audit, &seen);
    let counts = audit.counts();
    Ok(if audit.failing() > 0 {
        ExitCode::from(1)
    } else if seen.failed > 0 || counts.requests == 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

fn robots_first(s: &CrawlerStats) -> &'static str {
    match s.robots_first {
        Some(true) => "yes",
        Some(false) => "no",
        None => "-",
    }
}

fn table(out: &mut impl Write, audit: &Audit) -> io::Result<()> {
    let rows = audit.crawlers();
    let width = rows.iter().map(|r| r.crawler.name.len()).max().unwrap_or(7).max(7);
    writeln!(
        out,
        "{:width$}  {:>8}  {:>8}  {:>10}  {:>7}  {:>10}  {:>16}  {:>12}  {:20}  last seen",
        "crawler",
        "requests",
        "verified",
        "unverified",
        "spoofed",
        "disallowed",
        "robots.txt first",
        "stalest copy",
        "first seen"
    )?;
    for r in &rows {
        writeln!(
            out,
            "{:width$}  {:>8}  {:>8}  {:>10}  {:>7}  {:>10}  {:>16}  {:>12}  {:20}  {}",
            r.crawler.name,
            r.requests,
            r.verified,
            r.unverified,
            r.spoofed,
            r.disallowed,
            robots_first(r),
            r.stalest_copy.map_or_else(|| String::from("-"), duration),
            format_utc(r.first_seen),
            format_utc(r.last_seen)
        )?;
    }
    let violations = audit.violations();
    if !violations.is_empty() {
        writeln!(out, "\nRequests for disallowed URLs ({}):", violations.len() as u64 + audit.dropped())?;
    }
    for v in violations {
        let version = audit.versions().get(v.version).map_or("", |x| x.label.as_str());
        let host = v.host.as_deref().map(|h| format!("{h} ")).unwrap_or_default();
        write!(
            out,
            "{}  {} ({}) from {}  {}{}  line {} `{}` of {}",
            format_utc(v.time),
            v.crawler,
            v.identity.name(),
            printable(&v.addr),
            printable(&host),
            printable(&v.url),
            v.line,
            printable(&v.rule),
            version
        )?;
        if v.cached_copy_allowed {
            write!(out, " (its copy fetched {} before allowed it)", v.copy_age.map_or_else(String::new, duration))?;
        }
        writeln!(out)?;
    }
    if audit.dropped() > 0 {
        writeln!(out, "... and {} more not kept (--max-violations)", audit.dropped())?;
    }
    Ok(())
}

fn violation_json(audit: &Audit, v: &Violation) -> serde_json::Value {
    json!({
        "type": "violation",
        "time": format_utc(v.time),
        "address": v.addr,
        "crawler": v.crawler,
        "identity": v.identity.name(),
        "host": v.host,
        "url": v.url,
        "line": v.line,
        "rule": v.rule,
        "version": audit.versions().get(v.version).map(|x| x.label.as_str()),
        "version_from": audit.versions().get(v.version).and_then(|x| (x.from != i64::MIN).then(|| format_utc(x.from))),
        "copy_age_seconds": v.copy_age,
        "cached_copy_allowed": v.cached_copy_allowed,
    })
}

fn jsonl(out: &mut impl Write, audit: &Audit, seen: &Reading) -> io::Result<()> {
    for r in audit.crawlers() {
        let row = json!({
            "type": "crawler",
            "crawler": r.crawler.name,
            "operator": r.crawler.operator,
            "requests": r.requests,
            "verified": r.verified,
            "unverified": r.unverified,
            "spoofed": r.spoofed,
            "disallowed": r.disallowed,
            "disallowed_verified": r.disallowed_verified,
            "robots_fetches": r.robots_fetches,
            "robots_first": r.robots_first,
            "stalest_copy_seconds": r.stalest_copy,
            "beyond_cache": r.beyond_cache,
            "unjudged": r.unjudged,
            "first_seen": format_utc(r.first_seen),
            "last_seen": format_utc(r.last_seen),
        });
        writeln!(out, "{row}")?;
    }
    for v in audit.violations() {
        writeln!(out, "{}", violation_json(audit, v))?;
    }
    let c = audit.counts();
    let bad: Vec<_> = audit.bad_lines().iter().map(|(n, e)| json!({"line": n, "reason": e.message()})).collect();
    let summary = json!({
        "type": "summary",
        "lines": seen.lines,
        "requests": c.requests,
        "no_request": c.no_request,
        "other_agents": c.other_agents,
        "bad_lines": c.bad_lines,
        "first_bad_lines": bad,
        "violations": audit.violations().len() as u64 + audit.dropped(),
        "violations_dropped": audit.dropped(),
        "failing": audit.failing(),
        "unreadable_inputs": seen.failed,
    });
    writeln!(out, "{summary}")
}

/// A CSV field, quoted when it holds a comma, a quote or a line break (RFC 4180).
fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn csv(out: &mut impl Write, audit: &Audit) -> io::Result<()> {
    writeln!(out, "time,address,crawler,identity,host,url,line,rule,version,copy_age_seconds,cached_copy_allowed")?;
    for v in audit.violations() {
        let version = audit.versions().get(v.version).map_or("", |x| x.label.as_str());
        let cells = [
            format_utc(v.time),
            field(&v.addr),
            field(v.crawler),
            String::from(v.identity.name()),
            field(v.host.as_deref().unwrap_or("")),
            field(&v.url),
            v.line.to_string(),
            field(&v.rule),
            field(version),
            v.copy_age.map(|a| a.to_string()).unwrap_or_default(),
            v.cached_copy_allowed.to_string(),
        ];
        writeln!(out, "{}", cells.join(","))?;
    }
    Ok(())
}

/// The counts on standard error: lines, requests, bad lines with the first ones' numbers and reasons.
fn summary(audit: &Audit, seen: &Reading) {
    let c = audit.counts();
    let crawled: u64 = audit.crawlers().iter().map(|r| r.requests).sum();
    eprintln!(
        "robotscope: {} lines, {} requests ({} by catalogue crawlers, {} by other agents, {} without an HTTP request), \
         {} bad lines",
        seen.lines, c.requests, crawled, c.other_agents, c.no_request, c.bad_lines
    );
    for (line, e) in audit.bad_lines().iter().take(10) {
        eprintln!("robotscope: line {line}: {}", e.message());
    }
    if c.bad_lines > 10 {
        eprintln!("robotscope: ... and {} more bad lines", c.bad_lines - 10);
    }
    let spoofed: u64 = audit.crawlers().iter().map(|r| r.spoofed).sum();
    if spoofed > 0 {
        eprintln!("robotscope: {spoofed} requests claimed a crawler from outside its operator's published ranges");
    }
}
