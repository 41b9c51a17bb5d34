//! `robotscope fetch`: the robots.txt that governs a URL, fetched as a crawler fetches it (SPEC B4, B5).

use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;
use std::time::Duration;

use robotscope::{FetchOutcome, GOOGLE_SIZE_LIMIT};

use crate::args::{Arg, Parser};
use crate::net::{default_user_agent, Fetched, Net};
use serde_json::json;

use crate::{printable, Failure};

pub const HELP: &str = "\
Usage: robotscope fetch [OPTIONS] URL

Fetches the robots.txt that governs URL (any page of the site: same scheme, host and port,
path /robots.txt) as a crawler does, and says what the answer means for crawling (RFC 9309
section 2.3, as Google applies it):

  2xx                       the body is the robots.txt (Google reads the first 500 KiB)
  3xx                       up to 5 redirects are followed; more: no robots.txt, everything allowed
  4xx (401, 403 included)   no robots.txt: everything allowed
  429, 5xx, timeouts, DNS and connection errors, truncated bodies
                            everything disallowed until a later fetch succeeds

The report (request, redirects, status line, final URL, size, outcome) goes to standard error;
the body of a 2xx answer goes to standard output, or to FILE with -o.

Options:
  -o, --output FILE        Save the body to FILE instead of printing it
      --timeout SECONDS    Give up on a request after SECONDS (default 10)
      --user-agent TEXT    The User-Agent header to send (default robotscope/VERSION)
      --json               Print the report as one JSON object on standard output (the body
                           is saved only with -o)
  -h, --help               Print help

Exit status: 0 when a robots.txt was fetched (2xx), 1 when the server answered without one
(the report says which rule applies), 2 on a usage error, a network error (DNS, connection,
timeout, truncated body) or when FILE cannot be written.
A 404 (everything allowed) and a 503 (everything disallowed) both exit 1: each is a finding
about the site, and the exit status keeps one meaning across commands (0 well, 1 a finding,
2 nothing judged). Which it is, is in the report: its outcome line, or \"outcome\"
(allow-all or disallow-all) with --json.
";

/// Options shared by every command that fetches.
#[derive(Debug)]
pub struct NetOptions {
    pub timeout: Duration,
    pub user_agent: String,
}

impl Default for NetOptions {
    fn default() -> NetOptions {
        NetOptions { timeout: Duration::from_secs(10), user_agent: default_user_agent() }
    }
}

impl NetOptions {
    /// Takes `--timeout` or `--user-agent`, the last options a command that fetches looks for: any other `name` is
    /// an option the command does not know.
    pub fn take(&mut self, name: &str, p: &mut Parser) -> Result<(), Failure> {
        match name {
            "--timeout" => {
                let v = p.string_value()?;
                let secs: f64 = v
                    .trim()
                    .parse()
                    .ok()
                    .filter(|s: &f64| s.is_finite() && *s > 0.0 && *s <= 86_400.0)
                    .ok_or_else(|| p.usage(format!("--timeout takes a number of seconds above 0, not '{v}'")))?;
                self.timeout = Duration::from_secs_f64(secs);
            }
            "--user-agent" => {
                let v = p.string_value()?;
                if v.is_empty() || v.bytes().any(|b| b < 0x20 || b == 0x7f) {
                    return Err(p.usage(String::from("--user-agent must be non-empty text without control characters")));
                }
                self.user_agent = v;
            }
            _ => return Err(p.unknown(name)),
        }
        Ok(())
    }

    pub fn net(&self) -> Net {
        Net::new(&self.user_agent, self.timeout)
    }
}

pub fn run(mut p: Parser) -> Result<ExitCode, Failure> {
    let mut url: Option<String> = None;
    let mut output: Option<OsString> = None;
    let mut as_json = false;
    let mut net = NetOptions::default();
    while let Some(arg) = p.next_arg()? {
        match arg {
            Arg::Opt(name) => match name.as_str() {
                "-o" | "--output" => output = Some(p.value()?),
                "--json" => as_json = true,
                n => net.take(n, &mut p)?,
            },
            Arg::Pos(value) if url.is_none() => url = Some(p.utf8(value, "the URL")?),
            Arg::Pos(value) => {
                return Err(p.usage(format!("fetch takes one URL; unexpected '{}'", value.to_string_lossy())))
            }
        }
    }
    let Some(url) = url else { return Err(p.usage(String::from("missing URL"))) };
    let f = net.net().fetch_robots(&url)?;

    if let (Some(path), FetchOutcome::ParseBody) = (&output, f.outcome) {
        std::fs::write(path, &f.body).map_err(|e| {
            Failure::Message(format!("cannot write '{}': {}", path.to_string_lossy(), crate::io_reason(&e)))
        })?;
    }
    if as_json {
        let mut out = io::stdout().lock();
        writeln!(out, "{}", report_json(&f))?;
        out.flush()?;
    } else if f.error.is_some() {
        // One line that says what failed and what it means for crawlers.
        eprintln!("robotscope: {}", crate::net::unreachable(&f));
    } else {
        eprint!("{}", report_text(&f));
        if output.is_none() && f.outcome == FetchOutcome::ParseBody {
            let mut out = io::stdout().lock();
            out.write_all(&f.body)?;
            out.flush()?;
        }
    }
    // No answer at all (DNS, connection, timeout) is an error, not a finding.
    Ok(crate::status(
        usize::from(f.error.is_none() && f.outcome != FetchOutcome::ParseBody),
        usize::from(f.error.is_some()),
    ))
}

/// The report in text, one fact per line.
pub fn report_text(f: &Fetched) -> String {
    let mut s = format!("GET        {}\n", printable(&f.robots_url));
    for r in &f.redirects {
        s.push_str(&format!("redirect   {} -> {}\n", robotscope::status_text(r.status), printable(&r.location)));
    }
    if let Some(line) = f.status_line() {
        s.push_str(&format!("status     {line}\n"));
    }
    if !f.redirects.is_empty() {
        s.push_str(&format!("final URL  {}\n", printable(&f.final_url)));
    }
    if f.outcome == FetchOutcome::ParseBody {
        let cut = if f.cut {
            format!(" (cut: the server sent more, and Google reads only the first {GOOGLE_SIZE_LIMIT} bytes, 500 KiB)")
        } else {
            String::new()
        };
        s.push_str(&format!("size       {} bytes{cut}\n", f.body.len()));
        if looks_like_html(&f.body) {
            s.push_str("note       the body looks like an HTML page, not a robots.txt ('robotscope lint' says more)\n");
        }
    }
    s.push_str(&format!("outcome    {}\n", printable(&f.reason)));
    s
}

/// The report as one JSON object.
pub fn report_json(f: &Fetched) -> String {
    let redirects: Vec<_> = f.redirects.iter().map(|r| json!({"status": r.status, "location": r.location})).collect();
    json!({
        "robots_url": f.robots_url,
        "redirects": redirects,
        "final_url": f.final_url,
        "status": f.status,
        "status_line": f.status_line(),
        "outcome": f.outcome.name(),
        "reason": f.reason,
        "error": f.error,
        "size": f.body.len(),
        "cut": f.cut,
    })
    .to_string()
}

/// Whether a body starts like an HTML page (after whitespace and a BOM).
fn looks_like_html(body: &[u8]) -> bool {
    let body = body.strip_prefix(b"\xef\xbb\xbf").unwrap_or(body);
    let start = body.iter().position(|b| !b.is_ascii_whitespace()).unwrap_or(body.len());
    let head: Vec<u8> = body[start..].iter().take(15).map(u8::to_ascii_lowercase).collect();
    head.starts_with(b"<!doctype html") || head.starts_with(b"<html") || head.starts_with(b"<head")
}
