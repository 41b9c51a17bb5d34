//! `robotscope test`: expectations about a robots.txt, the file's unit test. Each line of EXPECT_FILE says
//! `allowed|disallowed AGENT URL`; the agent is read as the crawler (a preset with its fallbacks, a token, or
//! a crawler set, which expands to each member) and the URL as the crawler requests it, through the core's
//! `resolve_agent`, `resolve_url` and `check_agent`, exactly as `check` answers them.

use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use robotscope::{resolve_agent, resolve_url, Robots};
use serde_json::json;

use crate::args::{shown_path, Arg, Parser};
use crate::lint::{artifact_uri, github_data, github_property, information_uri};
use crate::{printable, Failure};

pub const HELP: &str = "\
Usage: robotscope test [OPTIONS] ROBOTS_FILE EXPECT_FILE

Checks ROBOTS_FILE against a list of expectations, one per line of EXPECT_FILE:

  # the AI training crawlers stay out, search stays in
  disallowed @ai-training  https://example.com/blog/
  allowed    Googlebot     https://example.com/shop/shoes
  disallowed Googlebot     /cart

A line is 'allowed' or 'disallowed', an agent and a URL, separated by spaces; blank lines and
lines starting with '#' are skipped. The agent is read as 'check' reads it (a product token, a
crawler preset with its documented fallbacks, or a crawler set such as @ai-training, which
expands to every crawler in it), and the URL as the crawler requests it (a path is a path).
Every expectation that does not hold is listed with the line that decided.

Options:
      --format FORMAT text (the default), github (GitHub Actions annotations on EXPECT_FILE's
                      lines) or sarif (a SARIF 2.1.0 log)
      --no-size-limit Read the whole file (default: only the first 500 KiB, as Google does)
  -h, --help          Print help

ROBOTS_FILE or EXPECT_FILE may be '-' to read standard input (not both).

Exit status: 0 when every expectation holds, 1 when any fails, 2 on a usage or I/O error or a
line of EXPECT_FILE that cannot be read (it names the line).
";

#[derive(Clone, Copy, PartialEq, Eq)]
enum Format {
    Text,
    Github,
    Sarif,
}

/// One expectation that did not hold.
struct Failed {
    line: usize,
    message: String,
}

pub fn run(mut p: Parser) -> Result<ExitCode, Failure> {
    let mut files: Vec<OsString> = Vec::new();
    let (mut format, mut size_limit) = (Format::Text, true);
    while let Some(arg) = p.next_arg()? {
        match arg {
            Arg::Opt(name) => match name.as_str() {
                "--format" => {
                    format = match p.string_value()?.as_str() {
                        "text" => Format::Text,
                        "github" => Format::Github,
                        "sarif" => Format::Sarif,
                        other => return Err(p.usage(format!("unknown format '{other}': use text, github or sarif"))),
                    }
                }
                "--no-size-limit" => size_limit = false,
                _ => return Err(p.unknown(&name)),
            },
            Arg::Pos(v) if files.len() < 2 => files.push(v),
            Arg::Pos(v) => {
                return Err(
                    p.usage(format!("test takes ROBOTS_FILE and EXPECT_FILE; unexpected '{}'", v.to_string_lossy()))
                )
            }
        }
    }
    let [robots_file, expect_file] = files.as_slice() else {
        return Err(p.usage(String::from("test needs ROBOTS_FILE and EXPECT_FILE")));
    };
    if robots_file == "-" && expect_file == "-" {
        return Err(p.usage(String::from("standard input ('-') can be read only once")));
    }
    let robots_name = shown_path(robots_file);
    let robots = crate::parse(&crate::read_file(robots_file)?, size_limit, Some(&robots_name));
    let expect_name = shown_path(expect_file);
    let text = String::from_utf8_lossy(&crate::read_file(expect_file)?).into_owned();
    let (checked, failed) = judge(&robots, &text, &expect_name)?;

    let mut out = BufWriter::new(io::stdout().lock());
    match format {
        Format::Text => {
            for f in &failed {
                writeln!(out, "{expect_name}:{}: {}", f.line, printable(&f.message))?;
            }
        }
        Format::Github => {
            for f in &failed {
                writeln!(
                    out,
                    "::error file={},line={},title={}::{}",
                    github_property(&expect_name),
                    f.line,
                    github_property("robotscope expectation failed"),
                    github_data(&f.message)
                )?;
            }
        }
        Format::Sarif => writeln!(out, "{}", sarif(&expect_name, &failed))?,
    }
    out.flush()?;
    eprintln!(
        "robotscope: {} of {checked} expectation{} hold for '{robots_name}'",
        checked - failed.len(),
        if checked == 1 { "" } else { "s" }
    );
    Ok(if failed.is_empty() { ExitCode::SUCCESS } else { ExitCode::from(1) })
}

/// Checks every expectation of `text`; returns how many were checked (a set counts each member) and those
/// that failed. A line that cannot be read is a usage error naming it.
fn judge(robots: &Robots, text: &str, name: &str) -> Result<(usize, Vec<Failed>), Failure> {
    let (mut checked, mut failed) = (0usize, Vec::new());
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = |why: &str| Failure::Message(format!("{name}:{}: {why}: '{}'", i + 1, printable(line)));
        let mut words = line.split_whitespace();
        let (Some(verdict), Some(agent), Some(url), None) = (words.next(), words.next(), words.next(), words.next())
        else {
            return Err(bad("expected 'allowed|disallowed AGENT URL'"));
        };
        let want = match verdict.to_ascii_lowercase().as_str() {
            "allowed" => true,
            "disallowed" => false,
            _ => return Err(bad("a line starts with 'allowed' or 'disallowed'")),
        };
        let typed_url = resolve_url(url, None);
        if let Some(e) = &typed_url.error {
            return Err(bad(&format!("the URL cannot be read ({e})")));
        }
        let agents: Vec<String> = if agent.starts_with('@') {
            crate::sets::expand(agent).map_err(|m| bad(&m))?.into_iter().map(str::to_owned).collect()
        } else {
            vec![agent.to_owned()]
        };
        for a in &agents {
            checked += 1;
            let typed = resolve_agent(a);
            let c = robots.check_agent(&typed, &typed_url.tested);
            if c.verdict.allowed == want {
                continue;
            }
            let word = |allowed: bool| if allowed { "allowed" } else { "disallowed" };
            let set = if agents.len() > 1 { format!(" (of {agent})") } else { String::new() };
            failed.push(Failed {
                line: i + 1,
                message: format!(
                    "expected {} for {a}{set} at {}, but it is {}: {}",
                    word(want),
                    typed_url.tested,
                    word(c.verdict.allowed),
                    robots.explain_agent(&typed, &c)
                ),
            });
        }
    }
    Ok((checked, failed))
}

fn sarif(name: &str, failed: &[Failed]) -> serde_json::Value {
    let mut driver = json!({
        "name": "robotscope",
        "version": env!("CARGO_PKG_VERSION"),
        "rules": [{"id": "expectation-failed", "name": "expectation-failed"}],
    });
    if let Some(home) = information_uri() {
        driver["informationUri"] = json!(home);
    }
    let uri = artifact_uri(name);
    let results: Vec<_> = failed
        .iter()
        .map(|f| {
            json!({
                "ruleId": "expectation-failed",
                "ruleIndex": 0,
                "level": "error",
                "message": {"text": f.message},
                "locations": [{"physicalLocation": {
                    "artifactLocation": {"uri": uri},
                    "region": {"startLine": f.line},
                }}],
            })
        })
        .collect();
    json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{"tool": {"driver": driver}, "artifacts": [{"location": {"uri": uri}}], "results": results}],
    })
}
