//! The printers of a [`Survey`]: what `check` (and `diff`) show of the core's answers, as text for people, as
//! one JSON document, or as JSON Lines. They decide nothing: every verdict, mark and sentence comes from
//! `Robots::ask`, `Robots::explain_cell` and `Robots::quoted_lines`; a printer only chooses what to show and
//! how, as ripgrep's printers render what its searcher found.

use std::fmt::Write as _;
use std::io::{self, Write};

use robotscope::{Answer, AskedAgent, Cell, Preference, Profile, Robots, RuleMatch, Survey, Usage, View};
use serde::{Serialize, Serializer};
use serde_json::{json, Value};

use crate::net::Fetched;
use crate::printable;

/// How answers are printed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    /// Aligned columns for people.
    #[default]
    Text,
    /// One JSON document: the agents, then one row per URL with its cells, then the totals.
    Json,
    /// One JSON object per answer (URL and agent row).
    JsonLines,
}

/// Where the answers of one survey come from, for what a printer quotes beside them.
pub struct Source<'a> {
    /// The file the survey was asked of.
    pub robots: &'a Robots,
    /// What `--live` fetched for it.
    pub fetched: Option<&'a Fetched>,
}

/// Renders surveys, chunk after chunk, into one output.
pub struct Printer {
    pub format: Format,
    pub verbose: bool,
    /// Print only the blocked answers (`check --sitemap`).
    pub only_blocked: bool,
    /// Leave out what was typed (`--exact`: it is what the engine was given).
    pub exact: bool,
    /// Align the URL column (URLs from the command line; a streamed list is printed as it comes).
    pub align: bool,
    view: View,
    /// The readings compared, in order: the compare table's columns.
    readings: Vec<Profile>,
    /// Whether the heading (the JSON document's head, the compare table's) was written.
    started: bool,
    rows_written: usize,
    site: Option<String>,
    differ: usize,
    changed: usize,
    /// The buffer of a line, kept between lines.
    line: Vec<u8>,
}

const CELL: usize = 20;

impl Printer {
    pub fn new(format: Format, view: View, readings: &[Profile]) -> Printer {
        Printer {
            format,
            verbose: false,
            only_blocked: false,
            exact: false,
            align: true,
            view,
            readings: readings.to_vec(),
            started: false,
            rows_written: 0,
            site: None,
            differ: 0,
            changed: 0,
            line: Vec::new(),
        }
    }

    /// The heading, once, before the first answers.
    fn start(&mut self, agents: &[AskedAgent], url_width: usize, out: &mut impl Write) -> io::Result<()> {
        if self.started {
            return Ok(());
        }
        self.started = true;
        match self.format {
            Format::Json => {
                let agents: Vec<Value> = agents.iter().map(agent_json).collect();
                let head = json!({"view": self.view.name(), "agents": agents});
                let head = head.to_string();
                // The document stays open: `urls` is streamed row by row, the totals close it.
                write!(out, "{},\"urls\":[", &head[..head.len() - 1])
            }
            Format::Text if self.view == View::Compare => {
                let mut head = format!("{:<7}  {:<url_width$}", "", "URL");
                for p in &self.readings {
                    let _ = write!(head, "  {:<CELL$}", p.as_str());
                }
                writeln!(out, "{}", head.trim_end())
            }
            _ => Ok(()),
        }
    }

    /// Prints every URL row of `survey`, in order.
    pub fn survey(&mut self, src: &Source<'_>, survey: &Survey, out: &mut impl Write) -> io::Result<()> {
        let width = self.url_width(survey);
        self.start(&survey.agents, width, out)?;
        if self.site.is_none() {
            self.site.clone_from(&survey.site);
        }
        self.differ += survey.differ;
        self.changed += survey.changed;
        for u in 0..survey.urls.len() {
            self.url_row(src, survey, u, width, out)?;
        }
        Ok(())
    }

    /// The width of the URL column: the longest URL of the chunk, at most 60 columns.
    fn url_width(&self, survey: &Survey) -> usize {
        if self.format != Format::Text || !self.align {
            return 0;
        }
        let answered = survey.urls.iter().filter(|u| u.typed.error.is_none());
        answered.map(|u| printable(&u.typed.tested).chars().count()).max().unwrap_or(0).min(60)
    }

    fn url_row(
        &mut self,
        src: &Source<'_>,
        survey: &Survey,
        u: usize,
        width: usize,
        out: &mut impl Write,
    ) -> io::Result<()> {
        let asked = &survey.urls[u];
        if self.format == Format::Json {
            let cells = asked.typed.error.is_none().then(|| {
                let cell = |a| survey.cell(u, a).map(|c| self.cell_json(src, survey, (u, a), c, false));
                (0..survey.agents.len()).map(cell).collect::<Vec<_>>()
            });
            let row = RowJson {
                input: &asked.typed.input,
                tested: &asked.typed.tested,
                error: asked.typed.error.map(|e| e.to_string()),
                governs: asked.governs.map(robotscope::Governs::name),
                cells,
            };
            if self.rows_written > 0 {
                out.write_all(b",")?;
            }
            self.rows_written += 1;
            return serde_json::to_writer(out, &row).map_err(io::Error::from);
        }
        let label_width = label_width(&survey.agents);
        for a in 0..survey.agents.len() {
            let Some(cell) = survey.cell(u, a) else { continue };
            if self.only_blocked && !cell.blocked() {
                continue;
            }
            match self.format {
                Format::JsonLines => {
                    let line = self.cell_json(src, survey, (u, a), cell, true);
                    self.line.clear();
                    serde_json::to_writer(&mut self.line, &line)?;
                    self.line.push(b'\n');
                    out.write_all(&self.line)?;
                }
                _ => {
                    let label = label(&survey.agents[a], label_width);
                    let text = self.cell_text(src, survey, u, a, cell, width);
                    for line in text.lines() {
                        writeln!(out, "{label}{line}")?;
                    }
                }
            }
        }
        Ok(())
    }

    /// One answer in text: the verdict, the URL and why; under Compare one column per reader.
    fn cell_text(&self, src: &Source<'_>, survey: &Survey, u: usize, a: usize, cell: &Cell, width: usize) -> String {
        let url = printable(&survey.urls[u].typed.tested);
        let robots = src.robots;
        let mut s = if self.view == View::Compare {
            let mark = if cell.differs { "DIFFERS" } else { "same" };
            let mut line = format!("{mark:<7}  {url:<width$}");
            for r in &cell.readers {
                let verdict = if r.allowed { "ALLOWED" } else { "DISALLOWED" };
                let by = if r.line == 0 { String::from("(no rule)") } else { format!("(line {})", r.line) };
                let _ = write!(line, "  {:<CELL$}", format!("{verdict} {by}"));
            }
            let mut s = format!("{}\n", line.trim_end());
            if cell.differs || self.verbose {
                for r in &cell.readers {
                    let why = robots.explain_cell(survey, u, a, r.profile).unwrap_or_default();
                    let _ = writeln!(s, "    {:<9}{}", format!("{}:", r.profile), printable(&why));
                }
            }
            s
        } else {
            format!("{}  {url:<width$}  {}\n", crate::color::verdict(cell.allowed(), 10), reason(robots, cell))
        };
        if let Some(b) = cell.baseline.as_ref().filter(|_| cell.changed) {
            let was = if b.allowed { "allowed" } else { "disallowed" };
            let by = if b.line == 0 { String::from("no rule") } else { format!("line {}", b.line) };
            let _ = writeln!(s, "    changed: the baseline said {was} ({by})");
        }
        if let Some(f) = src.fetched {
            if self.verbose {
                let _ = writeln!(s, "    fetch:  {}", fetched_line(f));
            }
        }
        if self.verbose && self.view != View::Compare {
            let v = &cell.verdict;
            let _ = writeln!(s, "    path:   {}", printable(&v.path));
            if !v.group_lines.is_empty() {
                let lines: Vec<String> = v.group_lines.iter().map(ToString::to_string).collect();
                let _ = writeln!(s, "    groups: lines {}", lines.join(", "));
            }
            for m in &v.matches {
                let decides = if m.line == v.line && v.line != 0 { ", decides" } else { "" };
                let details = rule_details(m, cell.profile);
                let _ = writeln!(s, "    match:  line {}: {}  ({details}{decides})", m.line, rule_text(m));
            }
            for line in robots.quoted_lines(cell) {
                let _ = writeln!(s, "    quote:  {line}: {}", printable(&line_text(robots, line)));
            }
            let why = robots.explain_cell(survey, u, a, cell.profile).unwrap_or_default();
            let _ = writeln!(s, "    why:    {}", printable(&why));
        }
        s
    }

    /// One answer as JSON: with `head`, first the question (URL, agents, what was typed), as JSON Lines print it.
    fn cell_json<'a>(
        &self,
        src: &Source<'a>,
        survey: &'a Survey,
        (u, a): (usize, usize),
        cell: &'a Cell,
        head: bool,
    ) -> CellJson<'a> {
        let (v, robots) = (&cell.verdict, src.robots);
        let (asked, url) = (&survey.agents[a], &survey.urls[u]);
        let head = head.then(|| HeadJson {
            url: &url.typed.tested,
            agents: match &cell.token {
                _ if self.exact => asked.members.iter().map(|m| m.token.as_str()).collect(),
                Some(t) => t.split(',').collect(),
                None => Vec::new(),
            },
            label: &asked.label,
        });
        let typed = head.as_ref().filter(|_| !self.exact).map(|_| TypedJson {
            input_url: &url.typed.input,
            input_agents: asked.members.iter().map(|m| m.input.as_str()).collect(),
            governs: url.governs.map(robotscope::Governs::name),
        });
        let compare = self.view == View::Compare;
        let why = |profile| robots.explain_cell(survey, u, a, profile);
        CellJson {
            head,
            profile: cell.profile.as_str(),
            typed,
            allowed: v.allowed,
            line: v.line,
            rule: v.decided_by.as_ref().map(RuleJson::from),
            scope: v.scope.name(),
            path: &v.path,
            groups: &v.groups,
            group_lines: &v.group_lines,
            matches: &v.matches,
            usage: UsageJson::from(&cell.usage),
            token: cell.token.as_deref(),
            follows: cell.follows.as_deref(),
            tied_disallow: cell.tied_disallow,
            quoted_lines: robots.quoted_lines(cell),
            readers: compare.then(|| {
                let reader = |r: &Answer| ReaderJson {
                    profile: r.profile.as_str(),
                    allowed: r.allowed,
                    line: r.line,
                    why: why(r.profile),
                };
                cell.readers.iter().map(reader).collect()
            }),
            differs: compare.then_some(cell.differs),
            baseline: cell.baseline.as_ref().map(|b| BaselineJson { allowed: b.allowed, line: b.line }),
            changed: cell.baseline.as_ref().map(|_| cell.changed),
            why: self.verbose.then(|| why(cell.profile)),
            fetch: src.fetched.map(fetch_json),
        }
    }

    /// An answer for a whole site (`--live`: a 4xx allows, a 5xx disallows every URL), one per agent row.
    pub fn whole(
        &mut self,
        agents: &[AskedAgent],
        typed: &str,
        url: &str,
        f: &Fetched,
        allowed: bool,
        out: &mut impl Write,
    ) -> io::Result<()> {
        self.start(agents, 0, out)?;
        if self.only_blocked && allowed {
            return Ok(());
        }
        let label_width = label_width(agents);
        match self.format {
            Format::Json => {
                let cells: Vec<Value> =
                    agents.iter().map(|_| json!({"allowed": allowed, "line": 0, "fetch": fetch_json(f)})).collect();
                let row = json!({"input": typed, "tested": url, "error": null, "governs": null, "cells": cells});
                let sep = if self.rows_written == 0 { "" } else { "," };
                self.rows_written += 1;
                write!(out, "{sep}{row}")
            }
            Format::JsonLines => {
                for a in agents {
                    let tokens: Vec<&str> = a.members.iter().map(|m| m.token.as_str()).collect();
                    let profile = self.view.profile().as_str();
                    let mut line = json!({"url": url, "agents": tokens, "label": a.label, "profile": profile});
                    if !self.exact {
                        let inputs: Vec<&str> = a.members.iter().map(|m| m.input.as_str()).collect();
                        line["input_url"] = json!(typed);
                        line["input_agents"] = json!(inputs);
                    }
                    line["allowed"] = json!(allowed);
                    line["line"] = json!(0);
                    line["rule"] = Value::Null;
                    line["scope"] = json!("none");
                    line["fetch"] = fetch_json(f);
                    writeln!(out, "{line}")?;
                }
                Ok(())
            }
            Format::Text => {
                for a in agents {
                    let label = label(a, label_width);
                    let verdict = crate::color::verdict(allowed, 10);
                    writeln!(out, "{label}{verdict}  {}  ({}) {}", printable(url), f.label(), printable(&f.reason))?;
                }
                Ok(())
            }
        }
    }

    /// `--brief`: the verdict and the deciding line of each agent row for one URL (`answers` in row order).
    pub fn brief(
        &mut self,
        agents: &[AskedAgent],
        url: &robotscope::TypedUrl,
        answers: &[(bool, usize)],
        out: &mut impl Write,
    ) -> io::Result<()> {
        let label_width = label_width(agents);
        for (agent, &(allowed, line)) in agents.iter().zip(answers) {
            if self.only_blocked && allowed {
                continue;
            }
            let w = &mut self.line;
            w.clear();
            if self.format == Format::JsonLines {
                let input_url = (!self.exact).then_some(url.input.as_str());
                serde_json::to_writer(
                    &mut *w,
                    &BriefJson { url: &url.tested, input_url, label: &agent.label, allowed, line },
                )?;
            } else {
                let _ = write!(
                    w,
                    "{}{}  {}  ",
                    label(agent, label_width),
                    crate::color::verdict(allowed, 10),
                    printable(&url.tested)
                );
                if line == 0 {
                    w.extend_from_slice(b"no rule matched");
                } else {
                    let _ = write!(w, "line {line}");
                }
            }
            w.push(b'\n');
            out.write_all(w)?;
        }
        Ok(())
    }

    /// Closes the output (the JSON document's totals).
    pub fn finish(&mut self, agents: &[AskedAgent], out: &mut impl Write) -> io::Result<()> {
        if self.format != Format::Json {
            return Ok(());
        }
        self.start(agents, 0, out)?;
        let tail = json!({"site": self.site, "differ": self.differ, "changed": self.changed}).to_string();
        writeln!(out, "],{}", &tail[1..])
    }
}

/// The width of the agent label column: none for one agent row.
fn label_width(agents: &[AskedAgent]) -> usize {
    let widths = agents.iter().map(|a| printable(&a.label).chars().count());
    if agents.len() > 1 {
        widths.max().unwrap_or(0)
    } else {
        0
    }
}

/// An agent row's name padded to the label column and followed by two spaces (nothing when `width` is 0).
fn label(agent: &AskedAgent, width: usize) -> String {
    if width == 0 {
        return String::new();
    }
    format!("{:<width$}  ", printable(&agent.label))
}

/// Says on standard error how the core read each agent row (its notes).
pub fn agent_notes(agents: &[AskedAgent]) {
    for a in agents {
        for note in &a.notes {
            eprintln!("robotscope: note: agent '{}': {}", printable(&a.input), printable(note));
        }
    }
}

/// Says on standard error which rows a survey left out (past the core's limits), once per command: the CLI asks
/// URLs in parts within the limit, so these are agents.
pub fn left_out(survey: &robotscope::Survey) {
    static SAID: std::sync::Once = std::sync::Once::new();
    let notes = survey.left_out_notes();
    if !notes.is_empty() {
        SAID.call_once(|| notes.iter().for_each(|n| eprintln!("robotscope: note: {n}")));
    }
}

fn agent_json(a: &AskedAgent) -> Value {
    let kinds: Vec<&str> = a.members.iter().map(|m| m.kind.name()).collect();
    json!({"input": a.input, "label": a.label, "kinds": kinds, "notes": a.notes})
}

/// One answer as JSON (`check --json`; with the question first in JSON Lines).
#[derive(Serialize)]
struct CellJson<'a> {
    #[serde(flatten)]
    head: Option<HeadJson<'a>>,
    profile: &'static str,
    #[serde(flatten)]
    typed: Option<TypedJson<'a>>,
    allowed: bool,
    line: usize,
    rule: Option<RuleJson<'a>>,
    scope: &'static str,
    path: &'a str,
    groups: &'a [usize],
    group_lines: &'a [usize],
    #[serde(serialize_with = "rules")]
    matches: &'a [RuleMatch],
    usage: UsageJson<'a>,
    token: Option<&'a str>,
    follows: Option<&'a str>,
    tied_disallow: Option<usize>,
    quoted_lines: Vec<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    readers: Option<Vec<ReaderJson>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    differs: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    baseline: Option<BaselineJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    changed: Option<bool>,
    /// With `--verbose`: the explanation (null when there is none).
    #[serde(skip_serializing_if = "Option::is_none")]
    why: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fetch: Option<Value>,
}

/// The question of a JSON line: the URL tested, the agents given to the engine and the row's label.
#[derive(Serialize)]
struct HeadJson<'a> {
    url: &'a str,
    agents: Vec<&'a str>,
    label: &'a str,
}

/// What was typed, beside what the engine was given (left out under `--exact`).
#[derive(Serialize)]
struct TypedJson<'a> {
    input_url: &'a str,
    input_agents: Vec<&'a str>,
    governs: Option<&'static str>,
}

/// A URL row of the JSON document: its cells, or null when the URL cannot be read.
#[derive(Serialize)]
struct RowJson<'a> {
    input: &'a str,
    tested: &'a str,
    error: Option<String>,
    governs: Option<&'static str>,
    cells: Option<Vec<Option<CellJson<'a>>>>,
}

/// A compared reading's answer.
#[derive(Serialize)]
struct ReaderJson {
    profile: &'static str,
    allowed: bool,
    line: usize,
    why: Option<String>,
}

/// The baseline's answer.
#[derive(Serialize)]
struct BaselineJson {
    allowed: bool,
    line: usize,
}

/// A `--brief` JSON line.
#[derive(Serialize)]
struct BriefJson<'a> {
    url: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    input_url: Option<&'a str>,
    label: &'a str,
    allowed: bool,
    line: usize,
}

/// A rule that matched.
#[derive(Serialize)]
struct RuleJson<'a> {
    line: usize,
    kind: &'static str,
    value: &'a str,
    pattern: &'a str,
    priority: usize,
    index_fallback: bool,
}

impl<'a> From<&'a RuleMatch> for RuleJson<'a> {
    fn from(m: &'a RuleMatch) -> Self {
        let (value, pattern) = (m.value.as_str(), m.pattern.as_str());
        RuleJson {
            line: m.line,
            kind: m.kind.name(),
            value,
            pattern,
            priority: m.priority,
            index_fallback: m.index_fallback,
        }
    }
}

fn rules<S: Serializer>(matches: &&[RuleMatch], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(matches.iter().map(RuleJson::from))
}

/// The usage preferences as JSON, as `ai --json` and `check --json` print them: `content_usage` (IETF draft;
/// `[{key, granted, line}]`), `content_usage_lines`, `content_usage_unknown`, `content_signal`, `content_use`
/// (`{value, line}` or null) and `described` (the core's words, `[{label, text}]`).
#[derive(Serialize)]
pub struct UsageJson<'a> {
    #[serde(serialize_with = "preferences")]
    content_usage: &'a [Preference],
    content_usage_lines: &'a [usize],
    content_usage_unknown: bool,
    #[serde(serialize_with = "preferences")]
    content_signal: &'a [Preference],
    content_use: Option<UseJson<'a>>,
    described: Vec<Described>,
}

/// A `Content-Signal` `use` level: `{value, line}`.
#[derive(Serialize)]
struct UseJson<'a> {
    value: &'a str,
    line: usize,
}

/// One kind of usage line in words: `{label, text}`.
#[derive(Serialize)]
struct Described {
    label: &'static str,
    text: String,
}

impl<'a> From<&'a Usage> for UsageJson<'a> {
    fn from(u: &'a Usage) -> Self {
        UsageJson {
            content_usage: &u.content_usage,
            content_usage_lines: &u.usage_lines,
            content_usage_unknown: u.usage_unknown,
            content_signal: &u.content_signal,
            content_use: u.content_use.as_ref().map(|(value, line)| UseJson { value, line: *line }),
            described: u.described().into_iter().map(|(label, text)| Described { label, text }).collect(),
        }
    }
}

fn preferences<S: Serializer>(prefs: &&[Preference], s: S) -> Result<S::Ok, S::Error> {
    /// One preference: `{key, granted, line}`.
    #[derive(Serialize)]
    struct One<'a> {
        key: &'a str,
        granted: bool,
        line: usize,
    }
    s.collect_seq(prefs.iter().map(|p| One { key: &p.key, granted: p.granted, line: p.line }))
}

/// What `--live` fetched for a site, in JSON.
pub fn fetch_json(f: &Fetched) -> Value {
    json!({
        "robots_url": f.robots_url,
        "final_url": f.final_url,
        "status": f.status,
        "outcome": f.outcome.name(),
        "reason": f.reason,
        "error": f.error,
    })
}

/// The line that says which robots.txt was fetched for a site and which SPEC B5 row applied.
pub fn fetched_line(f: &Fetched) -> String {
    printable(&f.line()).into_owned()
}

/// The text of line `line` (from 1) of the file, trimmed.
pub fn line_text(robots: &Robots, line: usize) -> String {
    robots
        .lines()
        .nth(line.wrapping_sub(1))
        .map(|l| String::from_utf8_lossy(&robots.source()[l.span.start..l.span.end]).trim().to_owned())
        .unwrap_or_default()
}

/// `Disallow: /x`, printable.
pub fn rule_text(m: &RuleMatch) -> String {
    printable(&m.text()).into_owned()
}

/// Details of a matched rule: priority, escaping and the index.html retry (under the 1994 reading, which has
/// no priorities: whether it is a prefix of the path or empty).
fn rule_details(m: &RuleMatch, profile: Profile) -> String {
    if profile == Profile::Original1994 {
        let what = if m.priority == 0 { "empty: allows everything" } else { "a prefix of the path" };
        return format!("{what}, 1994 standard");
    }
    let mut d = String::new();
    if m.pattern != m.value {
        let _ = write!(d, "matched as {}, ", printable(&m.pattern));
    }
    if m.index_fallback {
        d.push_str("through Google's index.html rule, ");
    }
    if m.priority == 0 {
        d.push_str("empty value: priority 0, decides nothing");
    } else {
        let _ = write!(d, "priority {}", m.priority);
    }
    d
}

/// Why, in the text output: the deciding line and rule, its priority and the groups that applied.
pub fn reason(robots: &Robots, cell: &Cell) -> String {
    let v = &cell.verdict;
    let groups = printable(&robots.groups_applied(cell)).into_owned();
    let mut s = match &v.decided_by {
        Some(m) => format!("line {}: {}  ({}, {groups})", m.line, rule_text(m), rule_details(m, cell.profile)),
        None if v.line != 0 => format!("line {}  ({groups})", v.line),
        None => format!("no rule matched  ({groups})"),
    };
    if let Some(note) = cell.looks_blocked_note() {
        let _ = write!(s, "  [{note}]");
    }
    s
}
