//! The printers of a [`Survey`]: what `check` (and `diff`) show of the core's answers, as text for people, as
//! one JSON document, or as JSON Lines. They decide nothing: every verdict, mark and sentence comes from
//! `Robots::ask`, `Robots::explain_cell` and `Robots::quoted_lines`; a printer only chooses what to show and
//! how, as ripgrep's printers render what its searcher found.

use std::fmt::Write as _;
use std::io::{self, Write};

use robotscope::{AskedAgent, Cell, Profile, Robots, RuleMatch, Survey, Usage, View};
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
    /// The buffer of a JSON line, kept between lines.
    line: Json,
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
            line: Json::default(),
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
            let mut w = Json::default();
            if self.rows_written > 0 {
                w.buf.push(',');
            }
            self.rows_written += 1;
            w.open();
            w.key("input").str(&asked.typed.input);
            w.key("tested").str(&asked.typed.tested);
            w.key("error").opt_str(asked.typed.error.map(|e| e.to_string()).as_deref());
            w.key("governs").opt_str(asked.governs.map(robotscope::Governs::name));
            w.key("cells");
            if asked.typed.error.is_some() {
                w.null();
            } else {
                w.open_list();
                for a in 0..survey.agents.len() {
                    w.item();
                    match survey.cell(u, a) {
                        Some(c) => self.cell_json(&mut w, src, survey, (u, a), c, false),
                        None => _ = w.null(),
                    }
                }
                w.close_list();
            }
            w.close();
            return out.write_all(w.buf.as_bytes());
        }
        let label_width = label_width(&survey.agents);
        for a in 0..survey.agents.len() {
            let Some(cell) = survey.cell(u, a) else { continue };
            if self.only_blocked && !cell.blocked() {
                continue;
            }
            match self.format {
                Format::JsonLines => {
                    self.line.buf.clear();
                    let mut w = std::mem::take(&mut self.line);
                    self.cell_json(&mut w, src, survey, (u, a), cell, true);
                    w.buf.push('\n');
                    out.write_all(w.buf.as_bytes())?;
                    self.line = w;
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

    /// One answer as a JSON object, written by hand into `w` (serde's `Value` maps cost most of the time of a
    /// long list): with `head`, first the question (URL, agents, what was typed), as JSON Lines print it.
    fn cell_json(
        &self,
        w: &mut Json,
        src: &Source<'_>,
        survey: &Survey,
        (u, a): (usize, usize),
        cell: &Cell,
        head: bool,
    ) {
        let v = &cell.verdict;
        let robots = src.robots;
        w.open();
        if head {
            let asked = &survey.agents[a];
            let url = &survey.urls[u];
            w.key("url").str(&url.typed.tested);
            w.key("agents").open_list();
            if self.exact {
                asked.members.iter().for_each(|m| _ = w.item().str(&m.token));
            } else if let Some(t) = &cell.token {
                t.split(',').for_each(|t| _ = w.item().str(t));
            }
            w.close_list();
            w.key("label").str(&asked.label);
            w.key("profile").str(cell.profile.as_str());
            if !self.exact {
                w.key("input_url").str(&url.typed.input);
                w.key("input_agents").open_list();
                asked.members.iter().for_each(|m| _ = w.item().str(&m.input));
                w.close_list();
                w.key("governs").opt_str(url.governs.map(robotscope::Governs::name));
            }
        } else {
            w.key("profile").str(cell.profile.as_str());
        }
        w.key("allowed").bool(v.allowed);
        w.key("line").num(v.line);
        w.key("rule");
        match &v.decided_by {
            Some(m) => rule_json(w, m),
            None => _ = w.null(),
        }
        w.key("scope").str(v.scope.name());
        w.key("path").str(&v.path);
        w.key("groups").nums(&v.groups);
        w.key("group_lines").nums(&v.group_lines);
        w.key("matches").open_list();
        for m in &v.matches {
            w.item();
            rule_json(w, m);
        }
        w.close_list();
        w.key("usage");
        usage_into(w, &cell.usage);
        w.key("token").opt_str(cell.token.as_deref());
        w.key("follows").opt_str(cell.follows.as_deref());
        w.key("tied_disallow").opt_num(cell.tied_disallow);
        w.key("quoted_lines").nums(&robots.quoted_lines(cell));
        if self.view == View::Compare {
            w.key("readers").open_list();
            for r in &cell.readers {
                w.item().open();
                w.key("profile").str(r.profile.as_str());
                w.key("allowed").bool(r.allowed);
                w.key("line").num(r.line);
                w.key("why").opt_str(robots.explain_cell(survey, u, a, r.profile).as_deref());
                w.close();
            }
            w.close_list();
            w.key("differs").bool(cell.differs);
        }
        if let Some(b) = &cell.baseline {
            w.key("baseline").open();
            w.key("allowed").bool(b.allowed);
            w.key("line").num(b.line);
            w.close();
            w.key("changed").bool(cell.changed);
        }
        if self.verbose {
            w.key("why").opt_str(robots.explain_cell(survey, u, a, cell.profile).as_deref());
        }
        if let Some(f) = src.fetched {
            w.key("fetch").raw(&fetch_json(f).to_string());
        }
        w.close();
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
                    writeln!(
                        out,
                        "{label}{verdict}  {}  ({}) {}",
                        printable(url),
                        f.row.label(),
                        printable(&f.reason)
                    )?;
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
            w.buf.clear();
            if self.format == Format::JsonLines {
                w.open();
                w.key("url").str(&url.tested);
                if !self.exact {
                    w.key("input_url").str(&url.input);
                }
                w.key("label").str(&agent.label);
                w.key("allowed").bool(allowed);
                w.key("line").num(line);
                w.close();
            } else {
                let _ = write!(
                    w.buf,
                    "{}{}  {}  ",
                    label(agent, label_width),
                    crate::color::verdict(allowed, 10),
                    printable(&url.tested)
                );
                if line == 0 {
                    w.buf.push_str("no rule matched");
                } else {
                    let _ = write!(w.buf, "line {line}");
                }
            }
            w.buf.push('\n');
            out.write_all(w.buf.as_bytes())?;
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

fn agent_json(a: &AskedAgent) -> Value {
    let kinds: Vec<&str> = a.members.iter().map(|m| m.kind.name()).collect();
    json!({"input": a.input, "label": a.label, "kinds": kinds, "notes": a.notes})
}

/// The usage preferences as JSON, as `ai --json` and `check --json` print them: `content_usage` (IETF draft;
/// `[{key, granted, line}]`), `content_usage_lines`, `content_usage_unknown` and `content_signal`.
pub fn usage_json(u: &Usage) -> Value {
    let mut w = Json::default();
    usage_into(&mut w, u);
    serde_json::from_str(&w.buf).unwrap_or_default()
}

fn rule_json(w: &mut Json, m: &RuleMatch) {
    w.open();
    w.key("line").num(m.line);
    w.key("kind").str(m.kind.name());
    w.key("value").str(&m.value);
    w.key("pattern").str(&m.pattern);
    w.key("priority").num(m.priority);
    w.key("index_fallback").bool(m.index_fallback);
    w.close();
}

/// The usage preferences (see [`usage_json`]) written into `w`.
fn usage_into(w: &mut Json, u: &Usage) {
    let prefs = |w: &mut Json, prefs: &[robotscope::Preference]| {
        w.open_list();
        for p in prefs {
            w.item().open();
            w.key("key").str(&p.key);
            w.key("granted").bool(p.granted);
            w.key("line").num(p.line);
            w.close();
        }
        w.close_list();
    };
    w.open();
    w.key("content_usage");
    prefs(w, &u.content_usage);
    w.key("content_usage_lines").nums(&u.usage_lines);
    w.key("content_usage_unknown").bool(u.usage_unknown);
    w.key("content_signal");
    prefs(w, &u.content_signal);
    w.close();
}

/// A JSON writer into a string: objects and lists opened and closed in order, commas placed by it.
#[derive(Default)]
pub struct Json {
    pub buf: String,
    /// Whether the innermost open object or list has a member yet.
    first: Vec<bool>,
}

impl Json {
    fn sep(&mut self) {
        if let Some(first) = self.first.last_mut() {
            if !*first {
                self.buf.push(',');
            }
            *first = false;
        }
    }

    pub fn open(&mut self) -> &mut Json {
        self.buf.push('{');
        self.first.push(true);
        self
    }

    pub fn close(&mut self) -> &mut Json {
        self.buf.push('}');
        self.first.pop();
        self
    }

    pub fn open_list(&mut self) -> &mut Json {
        self.buf.push('[');
        self.first.push(true);
        self
    }

    pub fn close_list(&mut self) -> &mut Json {
        self.buf.push(']');
        self.first.pop();
        self
    }

    /// A member's key; its value follows.
    pub fn key(&mut self, key: &str) -> &mut Json {
        self.sep();
        self.escaped(key);
        self.buf.push(':');
        self
    }

    /// The next item of a list.
    pub fn item(&mut self) -> &mut Json {
        self.sep();
        self
    }

    pub fn str(&mut self, s: &str) -> &mut Json {
        self.escaped(s);
        self
    }

    pub fn opt_str(&mut self, s: Option<&str>) -> &mut Json {
        match s {
            Some(s) => self.str(s),
            None => self.null(),
        }
    }

    pub fn num(&mut self, n: usize) -> &mut Json {
        // Not `write!`, which goes through the formatting machinery for every line number.
        self.buf.push_str(itoa::Buffer::new().format(n));
        self
    }

    pub fn opt_num(&mut self, n: Option<usize>) -> &mut Json {
        match n {
            Some(n) => self.num(n),
            None => self.null(),
        }
    }

    pub fn nums(&mut self, ns: &[usize]) -> &mut Json {
        self.open_list();
        for &n in ns {
            self.item().num(n);
        }
        self.close_list()
    }

    pub fn bool(&mut self, b: bool) -> &mut Json {
        self.buf.push_str(if b { "true" } else { "false" });
        self
    }

    pub fn null(&mut self) -> &mut Json {
        self.buf.push_str("null");
        self
    }

    /// JSON text written elsewhere.
    pub fn raw(&mut self, json: &str) -> &mut Json {
        self.buf.push_str(json);
        self
    }

    /// `s` as a JSON string (RFC 8259: `"`, `\\` and control characters escaped).
    fn escaped(&mut self, s: &str) {
        self.buf.reserve(s.len() + 2);
        self.buf.push('"');
        if !s.bytes().any(|b| b < 0x20 || b == b'"' || b == b'\\') {
            self.buf.push_str(s);
            self.buf.push('"');
            return;
        }
        let mut start = 0;
        for (i, b) in s.bytes().enumerate() {
            let esc = match b {
                b'"' => "\\\"",
                b'\\' => "\\\\",
                b'\n' => "\\n",
                b'\r' => "\\r",
                b'\t' => "\\t",
                0..=0x1f => "",
                _ => continue,
            };
            self.buf.push_str(&s[start..i]);
            if esc.is_empty() {
                let _ = write!(self.buf, "\\u{b:04x}");
            } else {
                self.buf.push_str(esc);
            }
            start = i + 1;
        }
        self.buf.push_str(&s[start..]);
        self.buf.push('"');
    }
}

/// What `--live` fetched for a site, in JSON.
pub fn fetch_json(f: &Fetched) -> Value {
    json!({
        "robots_url": f.robots_url,
        "final_url": f.final_url,
        "status": f.status,
        "outcome": f.row.name(),
        "reason": f.reason,
        "error": f.error,
    })
}

/// The line that says which robots.txt was fetched for a site and which SPEC B5 row applied.
pub fn fetched_line(f: &Fetched) -> String {
    let to = if f.redirects.is_empty() { String::new() } else { format!(" -> {}", printable(&f.final_url)) };
    format!("fetched {}{to}: {}", printable(&f.robots_url), printable(&f.reason))
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
