//! `robotscope ai`: what a robots.txt file does to each AI crawler of the catalogue, with the usage preferences
//! (`Content-Signal`, and `Content-Usage` from the IETF draft) that apply, and what the operators say about
//! obeying robots.txt.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use robotscope::{resolve_agent, resolve_url, Crawler, CrawlerKind, Obeys, Preference, Robots, Usage, CRAWLERS};
use serde_json::{json, Value};

use crate::args::{shown_path, Arg, Parser};
use crate::{printable, Failure};

pub const HELP: &str = "\
Usage: robotscope ai [OPTIONS] ROBOTS_FILE [URL...]

Shows what ROBOTS_FILE does to every AI crawler and control token in robotscope's catalogue,
grouped by kind (AI training, AI search and assistants, fetchers for user requests, control
tokens): allowed or not at each URL (default: the site root, /), the deciding line, the usage
preferences that apply (Content-Signal, and Content-Usage from the IETF AI Preferences draft),
and what the crawler's operator says about obeying robots.txt. Crawlers are answered as the
tester answers them: with their documented fallbacks and handling of '*'.

Usage-preference lines never change whether a URL may be crawled: Google's matcher ignores them.

Options:
      --kind KIND     Only one kind: ai-training, ai-search, user-triggered or control-token
                      (repeatable)
      --json          Print one JSON object per crawler and URL (JSON Lines); tied_disallow is the
                      line of a Disallow that ties the deciding Allow and loses (the crawler
                      only looks blocked), or null
      --no-size-limit Read the whole file (default: only the first 500 KiB, as Google does)
  -h, --help          Print help

ROBOTS_FILE may be '-' to read standard input.
Exit status: 0 when the file was read, 2 on a usage or I/O error.
";

const AI_KINDS: [CrawlerKind; 4] =
    [CrawlerKind::AiTraining, CrawlerKind::AiSearch, CrawlerKind::UserTriggered, CrawlerKind::ControlToken];

struct Options {
    file: OsString,
    urls: Vec<String>,
    kinds: Vec<CrawlerKind>,
    json: bool,
    size_limit: bool,
}

fn options(mut p: Parser) -> Result<Options, Failure> {
    let (mut file, mut urls, mut kinds, mut json, mut size_limit) = (None, Vec::new(), Vec::new(), false, true);
    while let Some(arg) = p.next_arg()? {
        match arg {
            Arg::Opt(name) => match name.as_str() {
                "--json" => json = true,
                "--no-size-limit" => size_limit = false,
                "--kind" => {
                    let value = p.string_value()?;
                    let kind = AI_KINDS.into_iter().find(|k| k.name() == value.trim_start_matches('@'));
                    let Some(kind) = kind else {
                        return Err(p.usage(format!(
                            "unknown kind '{value}': use ai-training, ai-search, user-triggered or control-token"
                        )));
                    };
                    kinds.push(kind);
                }
                _ => return Err(p.unknown(&name)),
            },
            Arg::Pos(value) if file.is_none() => file = Some(value),
            Arg::Pos(value) => urls.push(p.utf8(value, "the URL")?),
        }
    }
    let Some(file) = file else { return Err(p.usage(String::from("missing ROBOTS_FILE"))) };
    if urls.is_empty() {
        urls.push(String::from("/"));
    }
    if kinds.is_empty() {
        kinds = AI_KINDS.to_vec();
    }
    Ok(Options { file, urls, kinds, json, size_limit })
}

/// One crawler at one URL.
struct Answer {
    allowed: bool,
    line: usize,
    rule: Option<String>,
    token: Option<String>,
    follows: Option<String>,
    /// The `Disallow` line that ties the winning `Allow` and loses: the crawler only looks blocked.
    tied: Option<usize>,
    usage: Usage,
}

fn answer(robots: &Robots, c: &Crawler, url: &str) -> Answer {
    let check = robots.check_agent(&resolve_agent(c.name), url);
    let usage = robots.usage_for(&check.verdict);
    let rule = check.verdict.decided_by.as_ref().map(|m| {
        let kind = if m.kind == robotscope::RuleKind::Allow { "Allow" } else { "Disallow" };
        format!("{kind}: {}", m.value)
    });
    Answer {
        allowed: check.verdict.allowed,
        line: check.verdict.line,
        rule,
        token: check.token,
        follows: check.follows,
        tied: check.verdict.tied_disallow().map(|m| m.line),
        usage,
    }
}

/// The usage preferences as JSON, as `ai --json` and `check --json` print them: `content_usage` (IETF draft;
/// `[{key, granted, line}]`), `content_usage_lines`, `content_usage_unknown` and `content_signal`.
pub fn usage_json(u: &Usage) -> Value {
    let prefs = |prefs: &[Preference]| -> Vec<Value> {
        prefs.iter().map(|p| json!({"key": p.key, "granted": p.granted, "line": p.line})).collect()
    };
    json!({
        "content_usage": prefs(&u.content_usage),
        "content_usage_lines": u.usage_lines,
        "content_usage_unknown": u.usage_unknown,
        "content_signal": prefs(&u.content_signal),
    })
}

fn prefs_text(prefs: &[Preference]) -> String {
    let parts: Vec<String> =
        prefs.iter().map(|p| format!("{}={} (line {})", p.key, if p.granted { "yes" } else { "no" }, p.line)).collect();
    parts.join(", ")
}

pub fn run(p: Parser) -> Result<ExitCode, Failure> {
    let o = options(p)?;
    let name = shown_path(&o.file);
    let bytes = crate::read_file(&o.file)?;
    let robots = crate::parse(&bytes, o.size_limit, Some(&name));
    drop(bytes);
    let mut urls = Vec::with_capacity(o.urls.len());
    for typed in &o.urls {
        let read = resolve_url(typed, None);
        if let Some(e) = read.error {
            return Err(Failure::Message(format!("cannot read URL '{}': {e}", printable(typed))));
        }
        urls.push(read.tested);
    }
    let mut out = BufWriter::new(io::stdout().lock());
    for &kind in &o.kinds {
        let crawlers: Vec<&Crawler> = CRAWLERS.iter().filter(|c| c.kind == kind).collect();
        if !o.json {
            // The summary first: how many of this kind are blocked at each URL, and who may ignore the file.
            let mut summary = String::new();
            for url in &urls {
                let answers: Vec<Answer> = crawlers.iter().map(|c| answer(&robots, c, url)).collect();
                let blocked = answers.iter().filter(|a| !a.allowed).count();
                let _ = write!(
                    summary,
                    "{}{blocked} of {} blocked at {}",
                    if summary.is_empty() { "" } else { "; " },
                    crawlers.len(),
                    printable(url)
                );
                let looks = answers.iter().filter(|a| a.tied.is_some()).count();
                if looks > 0 {
                    let _ = write!(summary, " ({looks} more only look blocked)");
                }
            }
            let count = |o: Obeys| crawlers.iter().filter(|c| c.facts().obeys == o).count();
            let (may_not, no, unknown) = (count(Obeys::MayNotApply), count(Obeys::No), count(Obeys::Unknown));
            if may_not > 0 {
                let _ = write!(summary, "; operators say robots.txt may not apply to {may_not}");
            }
            if no > 0 {
                let _ = write!(summary, "; {no} reported not to obey it");
            }
            if unknown > 0 {
                let _ = write!(summary, "; {unknown} with no statement");
            }
            writeln!(out, "{}: {summary}", kind.title())?;
        }
        for c in crawlers {
            for url in &urls {
                let a = answer(&robots, c, url);
                let facts = c.facts();
                if o.json {
                    let line = json!({
                        "crawler": c.name,
                        "operator": c.operator,
                        "kind": kind.name(),
                        "token": a.token,
                        "follows": a.follows,
                        "url": url,
                        "allowed": a.allowed,
                        "line": a.line,
                        "rule": a.rule,
                        "tied_disallow": a.tied,
                        "obeys": facts.obeys.name(),
                        "source": facts.source,
                        "as_of": facts.as_of,
                        "usage": usage_json(&a.usage),
                    });
                    writeln!(out, "{line}")?;
                    continue;
                }
                let verdict = if a.allowed { "allowed" } else { "DISALLOWED" };
                let why = match (&a.rule, a.line) {
                    (Some(rule), line) => format!("line {line}: {}", printable(rule)),
                    (None, _) if a.token.is_none() => String::from("ignores * and no group names it"),
                    (None, _) => String::from("no rule"),
                };
                let follows = a.follows.as_ref().map(|f| format!(", follows {f}")).unwrap_or_default();
                let obeys = match facts.obeys {
                    Obeys::Yes => "",
                    Obeys::MayNotApply => "  [operator: robots.txt may not apply]",
                    Obeys::No => "  [reported not to obey robots.txt]",
                    Obeys::Unknown => "  [no statement on robots.txt]",
                };
                writeln!(out, "  {:<22} {:<10} {:<14} {why}{follows}{obeys}", c.name, verdict, printable(url))?;
                if let Some(line) = a.tied {
                    writeln!(
                        out,
                        "  {:<22} only looks blocked: the Disallow on line {line} ties this Allow, and ties go to \
                         Allow",
                        ""
                    )?;
                }
                if !a.usage.content_usage.is_empty() || a.usage.usage_unknown {
                    let prefs = if a.usage.usage_unknown {
                        String::from("unknown (the line does not parse)")
                    } else {
                        prefs_text(&a.usage.content_usage)
                    };
                    writeln!(out, "  {:<22} Content-Usage (IETF draft): {prefs}", "")?;
                }
                if !a.usage.content_signal.is_empty() {
                    writeln!(out, "  {:<22} Content-Signal: {}", "", prefs_text(&a.usage.content_signal))?;
                }
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
