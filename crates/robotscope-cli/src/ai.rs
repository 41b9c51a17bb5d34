//! `robotscope ai`: what a robots.txt file does to each AI crawler of the catalogue, with the usage preferences
//! (`Content-Signal`, and `Content-Usage` from the IETF draft) that apply, and what the operators say about
//! obeying robots.txt.

use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use robotscope::{Cell, CrawlerKind, AI_GROUPS};
use serde_json::json;

use crate::args::{Arg, Parser};
use crate::{printable, Failure};

pub const HELP: &str = "\
Usage: robotscope ai [OPTIONS] ROBOTS_FILE [URL...]

Shows what ROBOTS_FILE does to every AI crawler and control token in robotscope's catalogue,
in three groups: AI training (the training crawlers and the control tokens Google-Extended and
Applebot-Extended, which govern AI training on Google's and Apple's fetches), AI search and
assistants, and fetchers for user requests. Each group starts with how many are blocked at each
URL (default: the site root, /) and how many only look blocked (a Disallow ties the deciding
Allow and loses); then each crawler: allowed or not, the deciding line, the usage preferences
that apply (Content-Signal, and Content-Usage from the IETF AI Preferences draft), and what its
operator says about obeying robots.txt. The answers are the core's (the same summary as the
tester and the npm package): crawlers with their documented fallbacks and handling of '*'.

Usage-preference lines never change whether a URL may be crawled: Google's matcher ignores them.

Options:
      --kind KIND     Only one group (training, ai-search, user-triggered) or the crawlers of
                      one kind (ai-training, control-token) (repeatable)
      --json          Print one JSON object per crawler and URL (JSON Lines), with its group and
                      the group's counts (group_total, group_blocked, group_looks_blocked);
                      tied_disallow is the line of a Disallow that ties the deciding Allow and
                      loses (the crawler only looks blocked: looks_blocked), or null
      --no-size-limit Read the whole file (default: only the first 500 KiB, as Google does)
  -h, --help          Print help

ROBOTS_FILE may be '-' to read standard input.
Exit status: 0 when the file was read, 2 on a usage or I/O error or a URL that cannot be read.
(To fail a build on what AI crawlers may fetch, write it down for 'robotscope test'.)
";

/// What `--kind` selects: a group of the summary, or the crawlers of one catalogue kind.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Only {
    Group(&'static str),
    Kind(CrawlerKind),
}

struct Options {
    file: OsString,
    urls: Vec<String>,
    only: Vec<Only>,
    json: bool,
    size_limit: bool,
}

fn options(mut p: Parser) -> Result<Options, Failure> {
    let (mut file, mut urls, mut only, mut json, mut size_limit) = (None, Vec::new(), Vec::new(), false, true);
    while let Some(arg) = p.next_arg()? {
        match arg {
            Arg::Opt(name) => match name.as_str() {
                "--json" => json = true,
                "--no-size-limit" => size_limit = false,
                "--kind" => {
                    let value = p.string_value()?;
                    let name = value.trim().trim_start_matches('@');
                    let group = AI_GROUPS.iter().find(|g| g.name == name).map(|g| Only::Group(g.name));
                    let kind = CrawlerKind::ALL.iter().find(|k| k.is_ai() && k.name() == name).map(|&k| Only::Kind(k));
                    let Some(o) = group.or(kind) else {
                        return Err(p.usage(format!(
                            "unknown kind '{}': use training, ai-search, user-triggered, ai-training or control-token",
                            printable(&value)
                        )));
                    };
                    only.push(o);
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
    Ok(Options { file, urls, only, json, size_limit })
}

pub fn run(p: Parser) -> Result<ExitCode, Failure> {
    let o = options(p)?;
    let (_, robots) = crate::load(&o.file, o.size_limit)?;
    // The core's summary at each URL, one entry per group.
    let mut summaries = Vec::with_capacity(o.urls.len());
    for typed in &o.urls {
        let summary = robots
            .ai_summary(typed)
            .map_err(|e| Failure::Message(format!("cannot read URL '{}': {e}", printable(typed))))?;
        summaries.push(summary);
    }
    let shown = |group: &str, kind: CrawlerKind| {
        o.only.is_empty() || o.only.iter().any(|s| matches!(s, Only::Group(g) if *g == group) || *s == Only::Kind(kind))
    };
    let width = robotscope::CRAWLERS.iter().filter(|c| c.kind.is_ai()).map(|c| c.name.len()).max().unwrap_or(0);
    let url_width = summaries.iter().map(|s| printable(&s[0].url).chars().count()).max().unwrap_or(0);
    let mut out = BufWriter::new(io::stdout().lock());
    for (g, group) in AI_GROUPS.iter().enumerate() {
        if !group.kinds.iter().any(|&k| shown(group.name, k)) {
            continue;
        }
        if !o.json {
            // The summary first, in the core's words: how many of the group are blocked at each URL, and what
            // the operators say about the file.
            let mut clauses: Vec<String> = summaries.iter().map(|s| printable(&s[g].counted()).into_owned()).collect();
            clauses.extend(group.statements());
            writeln!(out, "{}: {}", group.title, clauses.join("; "))?;
        }
        for (c, crawler) in group.crawlers().enumerate() {
            if !shown(group.name, crawler.kind) {
                continue;
            }
            for summary in &summaries {
                let s = &summary[g];
                let url = &s.url;
                let Some(answer) = s.crawlers.get(c) else { continue };
                let cell = &answer.cell;
                let v = &cell.verdict;
                let rule = v.decided_by.as_ref().map(crate::print::rule_text);
                let facts = crawler.facts();
                if o.json {
                    let line = json!({
                        "crawler": crawler.name,
                        "operator": crawler.operator,
                        "kind": crawler.kind.name(),
                        "group": group.name,
                        "token": cell.token,
                        "follows": cell.follows,
                        "url": url,
                        "allowed": cell.allowed(),
                        "line": cell.line(),
                        "rule": rule,
                        "tied_disallow": cell.tied_disallow,
                        "looks_blocked": cell.looks_blocked(),
                        "obeys": facts.obeys.name(),
                        "source": facts.source,
                        "as_of": facts.as_of,
                        "scope_note": crawler.scope_note(),
                        "usage": crate::print::UsageJson::from(&cell.usage),
                        "group_total": s.crawlers.len(),
                        "group_blocked": s.blocked,
                        "group_looks_blocked": s.looks_blocked,
                    });
                    writeln!(out, "{line}")?;
                    continue;
                }
                let verdict = if cell.allowed() { "allowed" } else { "DISALLOWED" };
                let why = match (&rule, cell.line()) {
                    (Some(rule), line) => format!("line {line}: {rule}"),
                    (None, _) if cell.token.is_none() => String::from(Cell::NO_TOKEN),
                    (None, _) => String::from("no rule"),
                };
                let follows = cell.follows.as_ref().map(|f| format!(", follows {f}")).unwrap_or_default();
                let obeys = facts.obeys.short().map(|s| format!("  [{s}]")).unwrap_or_default();
                let url = printable(url);
                writeln!(out, "  {:<width$} {verdict:<10} {url:<url_width$}  {why}{follows}{obeys}", crawler.name)?;
                if let Some(note) = cell.looks_blocked_note() {
                    writeln!(out, "  {:<width$} {note}", "")?;
                }
                if let Some(note) = crawler.scope_note() {
                    writeln!(out, "  {:<width$} {note}", "")?;
                }
                for (label, prefs) in cell.usage.described() {
                    writeln!(out, "  {:<width$} {label}: {prefs}", "")?;
                }
            }
        }
    }
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
