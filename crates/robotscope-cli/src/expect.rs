//! `robotscope test`: expectations about a robots.txt, the file's unit test. Each line of EXPECT_FILE says
//! `allowed|disallowed AGENT URL`; the agent is read as the crawler (a preset with its fallbacks, a token, or
//! a crawler set, which expands to each member) and the URL as the crawler requests it: each line is a question
//! to the core (`Robots::ask`), answered exactly as `check` answers it.

use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use robotscope::Question;
use serde_json::json;

use crate::args::{shown_path, Arg, Parser};
use crate::fetch::NetOptions;
use crate::lint::{artifact_uri, github_command, sarif_driver, sarif_log};
use crate::net::{Loaded, RobotsArg};
use crate::{printable, Failure};

pub const HELP: &str = "\
Usage: robotscope test [OPTIONS] ROBOTS_FILE EXPECT_FILE
       robotscope test [OPTIONS] --live URL EXPECT_FILE

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
      --live URL      Test the robots.txt that governs URL, fetched as a crawler does (see
                      'robotscope fetch'): a 4xx answer allows every URL, a 5xx or 429 answer
                      disallows every URL; a site that cannot be reached (DNS, connection,
                      timeout, truncated body) exits 2, as in 'fetch', 'check --live' and
                      'diff --live'. Paths in EXPECT_FILE are paths of that site
      --timeout SECONDS, --user-agent TEXT
                      For --live: as for 'robotscope fetch'
      --format FORMAT text (the default), github (GitHub Actions annotations on EXPECT_FILE's
                      lines) or sarif (a SARIF 2.1.0 log)
      --no-size-limit Read the whole file (default: only the first 500 KiB, as Google does;
                      with --live, up to 64 MiB)
  -h, --help          Print help

ROBOTS_FILE or EXPECT_FILE may be '-' to read standard input (not both).

Exit status: 0 when every expectation holds, 1 when any fails, 2 on a usage, I/O or network
error or a line of EXPECT_FILE that cannot be read (it names the line).
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
    let (mut format, mut size_limit, mut live) = (Format::Text, true, None);
    let mut net = NetOptions::default();
    while let Some(arg) = p.next_arg()? {
        match arg {
            Arg::Opt(name) => match name.as_str() {
                "--format" => {
                    let names = [("text", Format::Text), ("github", Format::Github), ("sarif", Format::Sarif)];
                    format = p.choice(&names, |o| format!("unknown format '{o}': use text, github or sarif"))?;
                }
                "--no-size-limit" => size_limit = false,
                "--live" => live = Some(p.string_value()?),
                n => net.take(n, &mut p)?,
            },
            Arg::Pos(v) if files.len() < 2 - usize::from(live.is_some()) => files.push(v),
            Arg::Pos(v) => {
                return Err(
                    p.usage(format!("test takes ROBOTS_FILE and EXPECT_FILE; unexpected '{}'", v.to_string_lossy()))
                )
            }
        }
    }
    let (robots, expect_file) = match (live, files.as_slice()) {
        (Some(url), [expect_file]) => (RobotsArg::Live(url), expect_file),
        (None, [robots_file, expect_file]) => {
            if robots_file == "-" && expect_file == "-" {
                return Err(p.usage(String::from("standard input ('-') can be read only once")));
            }
            (RobotsArg::File(robots_file.clone()), expect_file)
        }
        _ => return Err(p.usage(String::from("test needs ROBOTS_FILE (or --live URL) and EXPECT_FILE"))),
    };
    let rules = Loaded::load(&robots, size_limit, &net)?;
    let expect_name = shown_path(expect_file);
    let text = String::from_utf8_lossy(&crate::read_file(expect_file)?).into_owned();
    let (checked, failed) = judge(&rules, &text, &expect_name)?;

    let mut out = BufWriter::new(io::stdout().lock());
    match format {
        Format::Text => {
            for f in &failed {
                writeln!(out, "{expect_name}:{}: {}", f.line, printable(&f.message))?;
            }
        }
        Format::Github => {
            for f in &failed {
                let title = "robotscope expectation failed";
                writeln!(out, "{}", github_command("error", &expect_name, f.line, None, title, &f.message))?;
            }
        }
        Format::Sarif => writeln!(out, "{}", sarif(&expect_name, &failed))?,
    }
    out.flush()?;
    eprintln!(
        "robotscope: {} of {checked} expectation{} hold for '{}'",
        checked - failed.len(),
        if checked == 1 { "" } else { "s" },
        rules.name
    );
    Ok(crate::status(failed.len(), 0))
}

/// Checks every expectation of `text`; returns how many were checked (a set counts each member) and those
/// that failed. A line that cannot be read is a usage error naming it.
fn judge(rules: &Loaded, text: &str, name: &str) -> Result<(usize, Vec<Failed>), Failure> {
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
        let agents: Vec<String> = if agent.starts_with('@') {
            crate::sets::expand(agent).map_err(|m| bad(&m))?.into_iter().map(str::to_owned).collect()
        } else {
            vec![agent.to_owned()]
        };
        let question = Question { agents: agents.clone(), urls: vec![url.to_owned()], ..Question::default() };
        let survey = rules.governing.ask(&question);
        if let Some(e) = survey.urls[0].typed.error {
            return Err(bad(&format!("the URL cannot be read ({e})")));
        }
        let tested = &survey.urls[0].typed.tested;
        for (a, member) in agents.iter().enumerate() {
            checked += 1;
            let Some(cell) = survey.cell(0, a) else { continue };
            // A site without a file answers every URL alike: the fetch says why.
            let why = match (rules.robots(), &rules.fetched) {
                (Some(robots), _) => robots.explain_cell(&survey, 0, a, cell.profile).unwrap_or_default(),
                (None, fetched) => fetched.as_ref().map(|f| f.reason.clone()).unwrap_or_default(),
            };
            let allowed = cell.allowed();
            if allowed == want {
                continue;
            }
            let word = |allowed: bool| if allowed { "allowed" } else { "disallowed" };
            let set = if agents.len() > 1 { format!(" (of {agent})") } else { String::new() };
            failed.push(Failed {
                line: i + 1,
                message: format!(
                    "expected {} for {member}{set} at {tested}, but it is {}: {why}",
                    word(want),
                    word(allowed),
                ),
            });
        }
    }
    Ok((checked, failed))
}

fn sarif(name: &str, failed: &[Failed]) -> serde_json::Value {
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
    let driver = sarif_driver(&["expectation-failed"], false);
    sarif_log(json!({"tool": {"driver": driver}, "artifacts": [{"location": {"uri": uri}}], "results": results}))
}
