//! What the page shows, computed from what the user typed: the parsed file and its diagnostics, the agents
//! and URLs as the engine is given them, the grid of verdicts and the explained verdict of the selected cell.
//!
//! Pure Rust over the core crate (no `web-sys`), so `cargo test -p robotscope-web` runs it natively.

use std::rc::Rc;

use crate::document::Document;
use crate::inputs::{Inputs, View};
use crate::shared::Shared;
use crate::text::LineIndex;
use robotscope::{
    AgentCheck, Crawler, CrawlerKind, Diagnostic, Governs, Obeys, Profile, Reading, Robots, Severity, TypedAgent,
    TypedUrl, UrlKind, Usage, Verdict, CRAWLERS, GOOGLE_SIZE_LIMIT,
};

/// The most URLs and agents the grid checks; the rest of a huge paste is listed as skipped, so the page
/// never freezes.
pub const MAX_URLS: usize = 1000;
/// See [`MAX_URLS`].
pub const MAX_AGENTS: usize = 50;
/// The most diagnostics the lint panel lists (the gutter marks every line regardless).
pub const MAX_LISTED_DIAGNOSTICS: usize = 500;

/// The robots.txt file, parsed once per edit.
#[derive(Debug)]
pub struct Parsed {
    /// The engine's view of the file.
    pub robots: Robots,
    /// Where each line of the displayed text starts.
    pub lines: LineIndex,
}

impl Parsed {
    /// Parses `bytes` (the file as the engine reads it) and indexes `text` (the same file as displayed).
    /// With `full_file` unset, only the first 500 KiB are read, as Google does.
    pub fn new(bytes: &[u8], text: &str, full_file: bool) -> Parsed {
        Parsed { robots: parse(bytes, full_file), lines: LineIndex::new(text) }
    }

    /// The number of lines of the displayed text.
    pub fn line_count(&self) -> usize {
        self.lines.count()
    }

    /// The text of line `number` (from 1), without its line end.
    pub fn line<'t>(&self, text: &'t str, number: usize) -> &'t str {
        self.lines.line(text, number)
    }

    /// The first line (from 1) past Google's 500 KiB cut, when the file was cut.
    pub fn first_cut_line(&self) -> Option<usize> {
        let cut = self.robots.cut_from().map(|_| GOOGLE_SIZE_LIMIT)?;
        Some(self.lines.starts().partition_point(|&s| s < cut) + 1)
    }
}

/// The lint of a parsed file (SPEC B3). It is computed just after the verdicts are on screen, so that typing in
/// a large file shows the answers first.
#[derive(Debug, Default)]
pub struct Lint {
    /// Which parse it belongs to (see `State::parse_generation`).
    pub generation: u64,
    /// The diagnostics, sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    /// The most serious diagnostic of each line that has one, sorted by line.
    pub marks: Vec<(usize, Severity)>,
}

impl Lint {
    /// Lints `robots`.
    pub fn new(robots: &Robots, generation: u64) -> Lint {
        let diagnostics = robots.diagnostics();
        // Diagnostics come sorted by line, so one pass keeps the worst per line.
        let mut marks: Vec<(usize, Severity)> = Vec::new();
        for d in &diagnostics {
            match marks.last_mut() {
                Some((line, severity)) if *line == d.line => *severity = (*severity).max(d.severity),
                _ => marks.push((d.line, d.severity)),
            }
        }
        Lint { generation, diagnostics, marks }
    }

    /// The most serious diagnostic on line `number`, if any.
    pub fn mark(&self, number: usize) -> Option<Severity> {
        self.marks.binary_search_by_key(&number, |m| m.0).ok().map(|i| self.marks[i].1)
    }

    /// Whether the body is an HTML page.
    pub fn is_html(&self) -> bool {
        self.diagnostics.iter().any(|d| d.kind == robotscope::DiagnosticKind::HtmlBody)
    }
}

/// Parses a file as the tester reads it: the first 500 KiB as Google does, or all of it.
pub fn parse(bytes: &[u8], full_file: bool) -> Robots {
    if full_file {
        Robots::parse(bytes)
    } else {
        Robots::parse_limited(bytes, GOOGLE_SIZE_LIMIT)
    }
}

/// One agent as typed: the core reads it (token, preset, header, browser; SPEC B2), so every surface reads it
/// the same way.
pub type AgentEntry = TypedAgent;

/// Reads one line of the agents box.
pub fn read_agent(input: &str) -> AgentEntry {
    robotscope::resolve_agent(input)
}

/// One URL as typed, read by the core ([`robotscope::resolve_url`]: a bare word is a path), and whether the
/// file on screen is the one that governs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UrlEntry {
    /// The core's reading.
    pub url: TypedUrl,
    /// Why another robots.txt governs this URL (another host, scheme or port than the site's), if it does.
    pub elsewhere: Option<&'static str>,
}

impl core::ops::Deref for UrlEntry {
    type Target = TypedUrl;
    fn deref(&self) -> &TypedUrl {
        &self.url
    }
}

/// Reads the URLs box. The site the file belongs to is that of the first full URL (paths stay paths: the
/// matcher reads them as they are); a full URL on another host, scheme or port is marked with the reason, for
/// its own robots.txt decides it, not this file.
pub fn read_urls(lines: &[&str]) -> (Vec<UrlEntry>, Option<String>) {
    let typed: Vec<TypedUrl> = lines.iter().map(|l| robotscope::resolve_url(l, None)).collect();
    let full = |u: &&TypedUrl| u.kind == UrlKind::Full && u.error.is_none();
    let site = typed.iter().find(full).and_then(|u| robotscope::robots_url(&u.tested).ok());
    let entries = typed
        .into_iter()
        .map(|url| {
            let elsewhere = match (&site, full(&&url)) {
                (Some(site), true) => match robotscope::governs(site, &url.tested) {
                    Ok(Governs::Yes) | Err(_) => None,
                    Ok(other) => Some(other.message()),
                },
                _ => None,
            };
            UrlEntry { url, elsewhere }
        })
        .collect();
    (entries, site)
}

/// The non-empty lines of a list box, and how many were left out past `max`.
pub fn list_lines(text: &str, max: usize) -> (Vec<&str>, usize) {
    let mut lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let skipped = lines.len().saturating_sub(max);
    lines.truncate(max);
    (lines, skipped)
}

/// One cell of the grid: the verdict and the deciding line (0 when no rule decided).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cell {
    /// Whether the URL may be fetched.
    pub allowed: bool,
    /// The deciding line, 0 when none.
    pub line: usize,
}

/// The grid of verdicts, URL by agent, with the tokens the engine was given per agent.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Grid {
    /// The token each agent column was checked with (`None`: a crawler that ignores `*` and has no group).
    pub tokens: Vec<Option<String>>,
    /// Row-major cells: `cells[url * agents + agent]`.
    pub cells: Vec<Cell>,
}

impl Grid {
    /// Checks every URL with every agent. Each agent's rules are found once ([`Robots::matcher`]), so a URL
    /// costs only the matching of those rules, however many groups the file has.
    pub fn new(robots: &Robots, agents: &[AgentEntry], urls: &[UrlEntry]) -> Grid {
        let tokens: Vec<Option<String>> = agents.iter().map(|a| robots.agent_token(a)).collect();
        // `None`: a crawler that ignores `*` and has no group; nothing applies, everything is allowed.
        let columns: Vec<Option<robotscope::Matcher<'_>>> =
            tokens.iter().map(|t| t.as_deref().map(|t| robots.matcher(t))).collect();
        let mut cells = Vec::with_capacity(urls.len() * agents.len());
        for url in urls {
            for column in &columns {
                let (allowed, line) = column.as_ref().map_or((true, 0), |m| m.decide(&url.tested));
                cells.push(Cell { allowed, line });
            }
        }
        Grid { tokens, cells }
    }

    /// Checks every URL with every agent under `reading` ([`Reading::check_agent`]); under Google this is
    /// [`Grid::new`].
    pub fn read(reading: &Reading<'_>, agents: &[AgentEntry], urls: &[UrlEntry]) -> Grid {
        if reading.profile() == Profile::Google {
            return Grid::new(reading.robots(), agents, urls);
        }
        let tokens = agents.iter().map(|a| reading.agent_token(a)).collect();
        let mut cells = Vec::with_capacity(urls.len() * agents.len());
        for url in urls {
            for agent in agents {
                let v = reading.check_agent(agent, &url.tested).verdict;
                cells.push(Cell { allowed: v.allowed, line: v.line });
            }
        }
        Grid { tokens, cells }
    }

    /// The cell for URL `url` and agent `agent`.
    pub fn cell(&self, url: usize, agent: usize) -> Option<Cell> {
        let width = self.tokens.len();
        if agent >= width {
            return None;
        }
        self.cells.get(url * width + agent).copied()
    }
}

/// The answers of the three readers (in [`Profile::ALL`]'s order) for every cell, for "Compare readers".
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Readers {
    /// Row-major like [`Grid::cells`].
    pub cells: Vec<[Cell; 3]>,
    /// How many cells the readers answer differently (allowed against disallowed).
    pub differ: usize,
}

impl Readers {
    /// The readers' answers, from Google's grid and a grid under each other profile (each
    /// [`Reading::check_agent`], as `robotscope check --compare` answers typed agents).
    pub fn new(robots: &Robots, google: &Grid, agents: &[AgentEntry], urls: &[UrlEntry]) -> Readers {
        let others = [Profile::Rfc9309, Profile::Original1994].map(|p| Grid::read(&robots.reading(p), agents, urls));
        let cells: Vec<[Cell; 3]> =
            (0..google.cells.len()).map(|i| [google.cells[i], others[0].cells[i], others[1].cells[i]]).collect();
        let differ = cells.iter().filter(|c| differs(c)).count();
        Readers { cells, differ }
    }

    /// The answers for URL `url` and agent `agent`.
    pub fn cell(&self, url: usize, agent: usize, width: usize) -> Option<[Cell; 3]> {
        (agent < width).then(|| self.cells.get(url * width + agent).copied()).flatten()
    }
}

/// Whether the readers disagree on allowed or disallowed.
pub fn differs(answers: &[Cell; 3]) -> bool {
    answers.iter().any(|c| c.allowed != answers[0].allowed)
}

/// A line that a reading other than Google's passes over, and why, for the editor's gutter.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IgnoredMark {
    /// The line.
    pub line: usize,
    /// Who passes over it and why, in words.
    pub why: String,
}

/// The lines `readings` pass over, one mark per line (sorted), each saying which reading and why.
fn ignored_marks(readings: &[Reading<'_>]) -> Vec<IgnoredMark> {
    let mut marks: Vec<IgnoredMark> = Vec::new();
    for r in readings {
        for i in r.ignored() {
            let why = crate::messages::ignored(r.profile(), i.why);
            match marks.iter_mut().find(|m| m.line == i.line) {
                Some(m) => {
                    m.why.push_str("; ");
                    m.why.push_str(&why);
                }
                None => marks.push(IgnoredMark { line: i.line, why }),
            }
        }
    }
    marks.sort_unstable_by_key(|m| m.line);
    marks
}

/// One reader's answer for the selected cell, explained in its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReaderAnswer {
    /// The profile.
    pub profile: Profile,
    /// Its answer.
    pub cell: Cell,
    /// Why, in its words.
    pub explanation: String,
}

/// The explained verdict of the selected cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Detail {
    /// The URL row.
    pub url: usize,
    /// The agent column.
    pub agent: usize,
    /// The token the engine was given (`None`: a crawler that ignores `*` and has no group of its own).
    pub token: Option<String>,
    /// The token whose group a preset follows when it has none of its own (Googlebot-Image follows Googlebot).
    pub follows: Option<String>,
    /// The full verdict.
    pub verdict: Verdict,
    /// The explanation in words.
    pub explanation: String,
    /// The usage preferences (`Content-Signal`, `Content-Usage`) that apply to the URL for this agent (Google's
    /// reading only: the others know no such lines).
    pub usage: Usage,
    /// The lines to quote beside the verdict (see [`deciding_lines`]).
    pub quoted: Vec<usize>,
    /// Under "Compare readers", each reader's answer and explanation (empty otherwise).
    pub readers: Vec<ReaderAnswer>,
}

impl Detail {
    /// Explains the cell (`url`, `agent`) with the core's explained path, as Google reads the file.
    pub fn new(robots: &Robots, agents: &[AgentEntry], urls: &[UrlEntry], url: usize, agent: usize) -> Option<Detail> {
        Detail::read(robots, View::default(), agents, urls, url, agent)
    }

    /// Explains the cell (`url`, `agent`) under `view`: its profile's reading ([`Reading::check_agent`] and
    /// [`Reading::explain_agent`]), and when comparing, every reader's.
    pub fn read(
        robots: &Robots,
        view: View,
        agents: &[AgentEntry],
        urls: &[UrlEntry],
        url: usize,
        agent: usize,
    ) -> Option<Detail> {
        let (a, u) = (agents.get(agent)?, urls.get(url)?);
        let reading = robots.reading(view.profile());
        let check: AgentCheck = reading.check_agent(a, &u.tested);
        let explanation = reading.explain_agent(a, &check);
        let google = view.profile() == Profile::Google;
        let usage = if google { robots.usage_for(&check.verdict) } else { Usage::default() };
        let quoted =
            if google { deciding_lines(robots, &check.verdict) } else { reading_lines(&reading, &check.verdict) };
        let readers = if view == View::Compare {
            let answer = |r: &Reading<'_>| {
                let c = r.check_agent(a, &u.tested);
                let cell = Cell { allowed: c.verdict.allowed, line: c.verdict.line };
                ReaderAnswer { profile: r.profile(), cell, explanation: r.explain_agent(a, &c) }
            };
            let first = ReaderAnswer {
                profile: Profile::Google,
                cell: Cell { allowed: check.verdict.allowed, line: check.verdict.line },
                explanation: explanation.clone(),
            };
            let mut all = vec![first];
            all.extend([Profile::Rfc9309, Profile::Original1994].map(|p| answer(&robots.reading(p))));
            all
        } else {
            Vec::new()
        };
        let AgentCheck { token, follows, verdict } = check;
        Some(Detail { url, agent, token, follows, verdict, explanation, usage, quoted, readers })
    }
}

/// [`deciding_lines`] under a reading other than Google's: the first line of each group that applied (at most
/// four) and the deciding rule.
fn reading_lines(reading: &Reading<'_>, verdict: &Verdict) -> Vec<usize> {
    let mut lines: Vec<usize> =
        verdict.groups.iter().take(4).filter_map(|&g| reading.group_line_range(g)).map(|r| r.0).collect();
    if verdict.line > 0 {
        lines.push(verdict.line);
    }
    lines.sort_unstable();
    lines.dedup();
    lines
}

/// The lines that decided a verdict, to quote beside it: the `User-agent` lines of the groups that applied (at
/// most three per group) and the deciding rule. Sorted, no duplicates; empty when no group applied.
pub fn deciding_lines(robots: &Robots, verdict: &Verdict) -> Vec<usize> {
    let mut lines: Vec<usize> = Vec::new();
    for &g in verdict.groups.iter().take(4) {
        if let Some(group) = robots.group(g) {
            lines.extend(group.agents().take(3).map(|a| a.line));
        }
    }
    if verdict.line > 0 {
        lines.push(verdict.line);
    }
    lines.sort_unstable();
    lines.dedup();
    lines
}

/// The line the editor shows for a verdict: the deciding line, else the first line of the group that applied
/// (a verdict no rule decided still shows whose rules were read), else none (0).
pub fn focus_line(verdict: &Verdict) -> usize {
    if verdict.line > 0 {
        verdict.line
    } else {
        verdict.group_lines.first().copied().unwrap_or(0)
    }
}

/// A piece of a line for syntax colouring: its CSS class and its text.
pub type Piece<'a> = (&'static str, &'a str);

/// Splits one line of the file into coloured pieces: key, separator, value (with `*` and a final `$` on their
/// own), comment, and text the parser does not read. The pieces, joined, are the line.
pub fn highlight(line: &str) -> Vec<Piece<'_>> {
    let mut out: Vec<Piece<'_>> = Vec::new();
    let mut push = |class: &'static str, from: usize, to: usize| {
        if to > from {
            out.push((class, line.get(from..to).unwrap_or("")));
        }
    };
    let parsed = robotscope::Lines::new(line.as_bytes()).next();
    let Some(parsed) = parsed else {
        push("t-plain", 0, line.len());
        return out;
    };
    let comment = parsed.comment.unwrap_or(line.len()).min(line.len());
    match parsed.directive {
        Some(d) => {
            let class = match d.kind {
                robotscope::KeyKind::UserAgent => "t-key t-ua",
                robotscope::KeyKind::Allow => "t-key t-allow",
                robotscope::KeyKind::Disallow => "t-key t-disallow",
                robotscope::KeyKind::Sitemap => "t-key t-sitemap",
                _ => "t-key t-unknown",
            };
            push("t-plain", 0, d.key.start);
            push(class, d.key.start, d.key.end);
            push("t-sep", d.key.end, d.value.start);
            let rule = matches!(d.kind, robotscope::KeyKind::Allow | robotscope::KeyKind::Disallow);
            let value = line.get(d.value.start..d.value.end).unwrap_or("");
            if rule {
                let mut at = d.value.start;
                for (i, c) in value.char_indices() {
                    let wild = c == '*' || (c == '$' && i + 1 == value.len());
                    if wild {
                        push("t-value", at, d.value.start + i);
                        push("t-wild", d.value.start + i, d.value.start + i + 1);
                        at = d.value.start + i + 1;
                    }
                }
                push("t-value", at, d.value.end);
            } else {
                push("t-value", d.value.start, d.value.end);
            }
            push("t-plain", d.value.end, comment);
        }
        None if parsed.metadata.is_empty || parsed.metadata.is_comment => push("t-plain", 0, comment),
        None => push("t-invalid", 0, comment),
    }
    push("t-comment", comment, line.len());
    if out.is_empty() {
        out.push(("t-plain", ""));
    }
    out
}

/// The kinds of AI crawler the AI summary counts, in its order.
pub const AI_KINDS: [CrawlerKind; 3] = [CrawlerKind::AiTraining, CrawlerKind::AiSearch, CrawlerKind::UserTriggered];

/// A crawler whose group says `Disallow` for the site's root, but whose verdict is allowed: the `Disallow` ties
/// an `Allow` of the same length (Google merges the groups of one agent) and loses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LooksBlocked {
    /// The crawler's name.
    pub name: &'static str,
    /// The `Disallow` line that loses.
    pub disallow: usize,
    /// The `Allow` line that wins.
    pub allow: usize,
}

/// What the file does to one kind of AI crawler of the catalogue at the site's root (`/`), from the core's
/// explained verdicts ([`Robots::check_agent`]) and the operators' statements ([`robotscope::Crawler::facts`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AiKindSummary {
    /// The kind.
    pub kind: CrawlerKind,
    /// How many crawlers of the catalogue are of this kind.
    pub total: usize,
    /// How many may not fetch `/`.
    pub blocked: usize,
    /// Those whose `Disallow: /` loses a tie.
    pub looks_blocked: Vec<LooksBlocked>,
    /// How many the operator says robots.txt may not apply to (fetches a person asked for).
    pub may_not_apply: usize,
    /// How many are reported not to obey robots.txt.
    pub ignores: usize,
    /// How many have no statement on record.
    pub no_statement: usize,
}

/// The AI crawlers' summary: one entry per kind of [`AI_KINDS`], computed with the lint (after the verdicts are
/// drawn), as the CLI's `robotscope ai` summarises.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AiSummary {
    /// Per kind.
    pub kinds: Vec<AiKindSummary>,
}

impl AiSummary {
    /// What `robots` does to the AI crawlers of the catalogue at `/`.
    pub fn new(robots: &Robots) -> AiSummary {
        let kinds = AI_KINDS
            .iter()
            .map(|&kind| {
                let crawlers: Vec<&Crawler> = CRAWLERS.iter().filter(|c| c.kind == kind).collect();
                let mut summary = AiKindSummary {
                    kind,
                    total: crawlers.len(),
                    blocked: 0,
                    looks_blocked: Vec::new(),
                    may_not_apply: 0,
                    ignores: 0,
                    no_statement: 0,
                };
                for c in crawlers {
                    let verdict = robots.check_agent(&robotscope::resolve_agent(c.name), "/").verdict;
                    if !verdict.allowed {
                        summary.blocked += 1;
                    } else if let Some(tie) = verdict.tied_disallow().map(|m| m.line) {
                        summary.looks_blocked.push(LooksBlocked { name: c.name, disallow: tie, allow: verdict.line });
                    }
                    match c.facts().obeys {
                        Obeys::Yes => {}
                        Obeys::MayNotApply => summary.may_not_apply += 1,
                        Obeys::No => summary.ignores += 1,
                        Obeys::Unknown => summary.no_statement += 1,
                    }
                }
                summary
            })
            .collect();
        AiSummary { kinds }
    }
}

/// Everything the page shows that is computed from the [`Document`] and the [`Inputs`]: a pure function of
/// the two ([`Analysis::new`]), updated part by part ([`Analysis::update`]) so that an edit recomputes only
/// what depends on it. The lint is the one part computed later ([`Analysis::linted`]), just after the verdicts
/// are on screen.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// The parsed file.
    pub parsed: Shared<Parsed>,
    /// Counts parses, so that a late lint request for an older parse is ignored.
    pub generation: u64,
    /// The lint, of the current parse once [`Analysis::linted`] has run (the previous one until then).
    pub lint: Shared<Lint>,
    /// The agents as the engine is given them (at most [`MAX_AGENTS`]).
    pub agents: Shared<[AgentEntry]>,
    /// How many agents past [`MAX_AGENTS`] were left out.
    pub skipped_agents: usize,
    /// The URLs as the engine is given them (at most [`MAX_URLS`]).
    pub urls: Shared<[UrlEntry]>,
    /// How many URLs past [`MAX_URLS`] were left out.
    pub skipped_urls: usize,
    /// The robots.txt the file on screen stands for: that of the first full URL's site (`None` without one).
    pub site: Option<Rc<str>>,
    /// The verdicts.
    pub grid: Shared<Grid>,
    /// The selected cell, within the grid.
    pub selected: (usize, usize),
    /// The explained verdict of the selected cell.
    pub detail: Option<Shared<Detail>>,
    /// The baseline's parse (cut at 500 KiB unless the whole file is read, like the file's).
    pub baseline: Option<Shared<Robots>>,
    /// The verdicts of the baseline, for the same agents and URLs.
    pub baseline_grid: Option<Shared<Grid>>,
    /// What the file does to the AI crawlers of the catalogue; computed with the lint.
    pub ai: Shared<AiSummary>,
    /// How the file is read: the grid, the highlight and the explanation follow it.
    pub view: View,
    /// Under "Compare readers", every reader's answer per cell.
    pub readers: Option<Shared<Readers>>,
    /// The lines the reading shown (or, comparing, either other reading) passes over; none under Google.
    pub ignored: Shared<[IgnoredMark]>,
}

impl Analysis {
    /// Everything computed from `document` and `inputs`, the lint included.
    pub fn new(document: &Document, inputs: &Inputs) -> Analysis {
        let parsed = Parsed::new(document.bytes(), &document.text, inputs.full_file);
        let lint = Lint::new(&parsed.robots, 1);
        let ai = AiSummary::new(&parsed.robots);
        let (agents, skipped_agents) = read_agents(&inputs.agents);
        let (urls, skipped_urls, site) = read_url_box(&inputs.urls);
        let baseline = inputs.baseline.as_ref().map(|b| Shared::new(parse(b, inputs.full_file)));
        let mut analysis = Analysis {
            parsed: Shared::new(parsed),
            generation: 1,
            lint: Shared::new(lint),
            agents,
            skipped_agents,
            urls,
            skipped_urls,
            site,
            grid: Shared::default(),
            selected: (0, 0),
            detail: None,
            baseline,
            baseline_grid: None,
            ai: Shared::new(ai),
            view: inputs.view,
            readers: None,
            ignored: Vec::new().into(),
        };
        analysis.check(inputs.selected);
        analysis.check_baseline();
        analysis
    }

    /// This analysis, brought up to date with `document` and `inputs` (which were `before` when it was
    /// computed). Inputs are compared by identity, so only what changed is recomputed; the lint stays that of
    /// the previous parse until [`Analysis::linted`].
    pub fn update(&self, before: (&Document, &Inputs), document: &Document, inputs: &Inputs) -> Analysis {
        let (old_doc, old_in) = before;
        let mut a = self.clone();
        let reread = old_in.full_file != inputs.full_file;
        let file =
            reread || old_doc.text != document.text || !Shared::same(old_doc.raw.as_ref(), document.raw.as_ref());
        if file {
            a.parsed = Shared::new(Parsed::new(document.bytes(), &document.text, inputs.full_file));
            a.generation += 1;
        }
        let agents = !Rc::ptr_eq(&old_in.agents, &inputs.agents) && old_in.agents != inputs.agents;
        if agents {
            (a.agents, a.skipped_agents) = read_agents(&inputs.agents);
        }
        let urls = !Rc::ptr_eq(&old_in.urls, &inputs.urls) && old_in.urls != inputs.urls;
        if urls {
            (a.urls, a.skipped_urls, a.site) = read_url_box(&inputs.urls);
        }
        let baseline = reread || !Shared::same(old_in.baseline.as_ref(), inputs.baseline.as_ref());
        if baseline {
            a.baseline = inputs.baseline.as_ref().map(|b| Shared::new(parse(b, inputs.full_file)));
        }
        let view = old_in.view != inputs.view;
        a.view = inputs.view;
        if file || agents || urls || view {
            a.check(inputs.selected);
        } else if inputs.selected != self.selected {
            a.select(inputs.selected);
        }
        if baseline || agents || urls || view {
            a.check_baseline();
        }
        a
    }

    /// Whether the agents are all AI crawlers of the catalogue (a group of them was chosen): the AI view then
    /// shows its summary.
    pub fn agents_are_ai(&self) -> bool {
        !self.agents.is_empty() && self.agents.iter().all(|a| a.crawler.is_some_and(|c| c.kind.is_ai()))
    }

    /// This analysis with the lint of parse `generation`, or `None` when that parse is gone or linted already.
    pub fn linted(&self, generation: u64) -> Option<Analysis> {
        if generation != self.generation || self.lint.generation == generation {
            return None;
        }
        let robots = &self.parsed.robots;
        Some(Analysis {
            lint: Shared::new(Lint::new(robots, generation)),
            ai: Shared::new(AiSummary::new(robots)),
            ..self.clone()
        })
    }

    /// Checks the grid and explains the cell `selected` (kept in bounds).
    fn check(&mut self, selected: (usize, usize)) {
        let robots = &self.parsed.robots;
        let (agents, urls) = (&*self.agents, &*self.urls);
        let (grid, readers, ignored) = match self.view {
            View::Profile(Profile::Google) => (Grid::new(robots, agents, urls), None, Vec::new()),
            View::Profile(p) => {
                let reading = robots.reading(p);
                (Grid::read(&reading, agents, urls), None, ignored_marks(&[reading]))
            }
            View::Compare => {
                let grid = Grid::new(robots, agents, urls);
                let readers = Readers::new(robots, &grid, agents, urls);
                let ignored = ignored_marks(&[robots.reading(Profile::Rfc9309), robots.reading(Profile::Original1994)]);
                (grid, Some(Shared::new(readers)), ignored)
            }
        };
        self.grid = Shared::new(grid);
        self.readers = readers;
        self.ignored = ignored.into();
        self.select(selected);
    }

    /// Selects the cell `selected` (kept in bounds) and explains it.
    fn select(&mut self, (url, agent): (usize, usize)) {
        self.selected = (url.min(self.urls.len().saturating_sub(1)), agent.min(self.agents.len().saturating_sub(1)));
        let (url, agent) = self.selected;
        self.detail =
            Detail::read(&self.parsed.robots, self.view, &self.agents, &self.urls, url, agent).map(Shared::new);
    }

    /// Checks the baseline's grid: after the baseline, the agents or the URLs change (not the file: typing
    /// leaves the baseline's verdicts as they are).
    fn check_baseline(&mut self) {
        let profile = self.view.profile();
        self.baseline_grid =
            self.baseline.as_ref().map(|b| Shared::new(Grid::read(&b.reading(profile), &self.agents, &self.urls)));
    }

    /// The grid as CSV (RFC 4180, CRLF line ends): one row per URL and agent, with the token the engine was
    /// given, the reading (`google`, `rfc9309` or `1994`), the verdict, the deciding line and its text (of
    /// `text`, the file shown); under "Compare readers", one row per URL, agent and reading. Cells that a
    /// spreadsheet would read as a formula get a leading `'`.
    pub fn csv(&self, text: &str) -> String {
        fn field(out: &mut String, value: &str) {
            let value = if value.starts_with(['=', '+', '-', '@']) { format!("'{value}") } else { value.to_string() };
            if value.contains([',', '"', '\n', '\r']) {
                out.push('"');
                out.push_str(&value.replace('"', "\"\""));
                out.push('"');
            } else {
                out.push_str(&value);
            }
        }
        let mut out = String::from("url,agent,token,reading,verdict,line,rule\r\n");
        let width = self.agents.len();
        for (u, url) in self.urls.iter().enumerate() {
            for (a, agent) in self.agents.iter().enumerate() {
                let Some(cell) = self.grid.cell(u, a) else { continue };
                let token = self.grid.tokens.get(a).cloned().flatten().unwrap_or_default();
                let answers: Vec<(Profile, Cell)> = match (&self.readers, self.view) {
                    (Some(readers), View::Compare) => {
                        let cells = readers.cell(u, a, width).unwrap_or([cell; 3]);
                        Profile::ALL.into_iter().zip(cells).collect()
                    }
                    _ => vec![(self.view.profile(), cell)],
                };
                for (profile, cell) in answers {
                    let line = if cell.line == 0 { String::new() } else { cell.line.to_string() };
                    let rule = if cell.line == 0 { "" } else { self.parsed.line(text, cell.line).trim() };
                    let verdict = if cell.allowed { "allowed" } else { "disallowed" };
                    let row =
                        [url.input.as_str(), agent.input.as_str(), &token, profile.as_str(), verdict, &line, rule];
                    for (i, value) in row.into_iter().enumerate() {
                        if i > 0 {
                            out.push(',');
                        }
                        field(&mut out, value);
                    }
                    out.push_str("\r\n");
                }
            }
        }
        out
    }
}

/// Reads the agents box: the agents checked, and how many were left out.
fn read_agents(text: &str) -> (Shared<[AgentEntry]>, usize) {
    let (lines, skipped) = agent_lines(text, MAX_AGENTS);
    (lines.iter().map(|l| read_agent(l)).collect::<Vec<_>>().into(), skipped)
}

/// The agents box's lines, with each catalogue set (`@ai-training`, `@search`, ...) expanded into its crawlers'
/// names as the preset field adds them (those not listed already), up to `max`; and how many were left out.
pub fn agent_lines(text: &str, max: usize) -> (Vec<String>, usize) {
    let mut out: Vec<String> = Vec::new();
    let mut add = |name: &str| {
        if !out.iter().any(|o| o.eq_ignore_ascii_case(name)) {
            out.push(name.to_string());
        }
    };
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        match robotscope::crawler_set(line).filter(|_| line.starts_with('@')) {
            Some(set) => set.iter().for_each(|c| add(c.name)),
            None => add(line),
        }
    }
    let skipped = out.len().saturating_sub(max);
    out.truncate(max);
    (out, skipped)
}

/// Reads the URLs box: the URLs checked, how many were left out, and the site they stand for.
fn read_url_box(text: &str) -> (Shared<[UrlEntry]>, usize, Option<Rc<str>>) {
    let (lines, skipped) = list_lines(text, MAX_URLS);
    let (urls, site) = read_urls(&lines);
    (urls.into(), skipped, site.map(Rc::from))
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /shop/\nDisallow: /\n";

    #[test]
    fn lines_are_indexed() {
        let p = Parsed::new(FILE.as_bytes(), FILE, false);
        assert_eq!(p.line_count(), 7);
        assert_eq!(p.line(FILE, 1), "User-agent: *");
        assert_eq!(p.line(FILE, 6), "Disallow: /");
        assert_eq!(p.line(FILE, 7), "");
        assert_eq!(p.line(FILE, 8), "");
        assert_eq!(p.line(FILE, 0), "");
    }

    #[test]
    fn marks_keep_the_worst_severity_per_line() {
        let lint = Lint::new(&Robots::parse("Disallow: /x\nUser-agent: *\nDisallow /y\n"), 0);
        assert_eq!(lint.mark(1), Some(Severity::Error));
        assert!(lint.mark(3).is_some());
        assert_eq!(lint.mark(2), None);
    }

    #[test]
    fn agents_read_headers_and_presets() {
        let a = read_agent(" Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html) ");
        assert_eq!(a.token, "Googlebot");
        assert_eq!(a.kind, robotscope::AgentKind::Header);
        assert_eq!(a.crawler.map(|c| c.name), Some("Googlebot"));
        let a = read_agent("MyBot/1.0");
        assert_eq!((a.token.as_str(), a.crawler), ("MyBot", None));
        let robots = Robots::parse(FILE);
        assert_eq!(robots.agent_token(&read_agent("Googlebot-Image")).as_deref(), Some("Googlebot"));
        assert_eq!(robots.agent_token(&read_agent("AdsBot-Google")), None);
        assert_eq!(robots.agent_token(&read_agent("MyBot")).as_deref(), Some("MyBot"));
        // A fallback is said to be one: Googlebot-Image follows Googlebot's group, it has none of its own.
        let only_googlebot = Robots::parse("User-agent: Googlebot\nDisallow: /p/\n");
        let d = Detail::new(&only_googlebot, &[read_agent("Googlebot-Image")], &read_urls(&["/p/x"]).0, 0, 0).unwrap();
        assert_eq!(d.follows.as_deref(), Some("Googlebot"));
        assert!(
            d.explanation.starts_with("Googlebot-Image has no group of its own, so it follows Googlebot's group"),
            "{}",
            d.explanation
        );
        // A browser's header: browsers do not read robots.txt, and the note names the token given.
        let browser =
            read_agent("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36");
        assert!(browser
            .note()
            .unwrap()
            .starts_with("Browsers do not read robots.txt; the engine is given the token `Mozilla`"));
    }

    #[test]
    fn urls_are_normalised_or_kept_with_a_reason() {
        let (urls, site) = read_urls(&["/a b/ü", "mailto:x@example.com", "cart"]);
        assert_eq!((urls[0].tested.as_str(), urls[0].error), ("/a%20b/%C3%BC", None));
        assert_eq!(urls[1].tested, "mailto:x@example.com");
        assert!(urls[1].error.is_some());
        // A bare word is a path, not a host.
        assert_eq!(urls[2].tested, "/cart");
        assert_eq!(site, None);
    }

    #[test]
    fn urls_of_another_site_are_marked() {
        let (urls, site) = read_urls(&[
            "/private",
            "https://example.com/a",
            "https://example.com:443/b",
            "http://example.com/c",
            "https://shop.example.com/d",
            "https://example.org/e",
            "https://example.com:8443/f",
        ]);
        assert_eq!(site.as_deref(), Some("https://example.com/robots.txt"));
        let marked: Vec<bool> = urls.iter().map(|u| u.elsewhere.is_some()).collect();
        assert_eq!(marked, [false, false, false, true, true, true, true]);
        assert!(urls[3].elsewhere.unwrap().contains("scheme"));
        assert!(urls[6].elsewhere.unwrap().contains("port"));
    }

    #[test]
    fn grid_matches_the_explained_path() {
        let robots = Robots::parse(FILE);
        let agents: Vec<AgentEntry> = ["Googlebot", "GPTBot", "AdsBot-Google"].map(read_agent).to_vec();
        let urls: Vec<UrlEntry> = read_urls(&["https://example.com/shop/shoes", "/cart"]).0;
        let grid = Grid::new(&robots, &agents, &urls);
        assert_eq!(grid.cell(0, 0), Some(Cell { allowed: true, line: 5 }));
        assert_eq!(grid.cell(1, 0), Some(Cell { allowed: false, line: 6 }));
        assert_eq!(grid.cell(0, 1), Some(Cell { allowed: false, line: 2 }));
        assert_eq!(grid.cell(0, 2), Some(Cell { allowed: true, line: 0 }));
        assert_eq!(grid.cell(0, 3), None);
        for u in 0..urls.len() {
            for a in 0..agents.len() {
                let d = Detail::new(&robots, &agents, &urls, u, a).unwrap();
                let cell = grid.cell(u, a).unwrap();
                assert_eq!((d.verdict.allowed, d.verdict.line), (cell.allowed, cell.line));
            }
        }
        let d = Detail::new(&robots, &agents, &urls, 0, 0).unwrap();
        assert!(d.explanation.starts_with("Googlebot has its own group"));
    }

    /// The grid's shortcut gives exactly the core's verdict and line, for every example and tricky file.
    #[test]
    fn grid_agrees_with_the_engine() {
        let mut files: Vec<String> = crate::examples::EXAMPLES.iter().map(|e| e.text.to_string()).collect();
        files.extend(
            [
                "User-agent: a\nDisallow: /b\nUser-agent: B\nAllow: /\n",
                "User-agent: a\nDisallow: /\nUser-agent: b\nDisallow:\n",
                "Disallow: /x\nUser-agent: *\nDisallow:\nAllow: /d/index.html\nDisallow: /d/\n",
                "User-agent: *\nDisallow: /\nUser-agent: a\n",
                "User-agent: a\nSitemap: x\nUser-agent: *\nDisallow: /p\n\nUser-agent: a\nAllow: /p$\ndisalow /p%aa\n",
                "useragent a\nDisallow: /%C3%A9\nAllow: /é\nDisallow: /*$\nAllow: /$\n",
                "User-agent:\nDisallow: /e\nUser-agent: 123\nAllow: /e/\n",
            ]
            .map(String::from),
        );
        let agents: Vec<AgentEntry> =
            ["a", "b", "", "Googlebot", "Googlebot-Image", "GPTBot", "AdsBot-Google", "bingbot", "zzz"]
                .map(read_agent)
                .to_vec();
        let urls: Vec<UrlEntry> = read_urls(&[
            "/",
            "/b",
            "/p",
            "/p%aa",
            "/p%AA",
            "/d/",
            "/d/index.html",
            "/x",
            "/e",
            "/e/f",
            "/%C3%A9",
            "/é",
            "/cart",
            "/shop/a",
            "/private/press/x",
            "/a.pdf",
            "/catalog/a.pdf",
            "/search$q",
            "/docs/a",
        ])
        .0;
        for file in &files {
            let robots = Robots::parse(file);
            let grid = Grid::new(&robots, &agents, &urls);
            for (u, url) in urls.iter().enumerate() {
                for (a, token) in grid.tokens.iter().enumerate() {
                    let expected = match token {
                        Some(t) => robots.decide(t.as_str(), &url.tested),
                        None => (true, 0),
                    };
                    let cell = grid.cell(u, a).unwrap();
                    assert_eq!((cell.allowed, cell.line), expected, "{file:?} {token:?} {}", url.tested);
                }
            }
        }
    }

    #[test]
    fn highlight_splits_and_rejoins() {
        let pieces = highlight("Disallow: /*.pdf$ # docs");
        let classes: Vec<&str> = pieces.iter().map(|p| p.0).collect();
        assert_eq!(
            classes,
            ["t-key t-disallow", "t-sep", "t-value", "t-wild", "t-value", "t-wild", "t-plain", "t-comment"]
        );
        for line in ["Disallow: /*.pdf$ # docs", "", "# c", "garbage here", "Foo: bar", "\u{feff}User-agent: é*"] {
            let joined: String = highlight(line).iter().map(|p| p.1).collect();
            assert_eq!(joined, line);
        }
        assert_eq!(highlight("absolutely random line")[0].0, "t-invalid");
        assert_eq!(highlight("garbage here")[0].0, "t-key t-unknown");
    }

    #[test]
    fn deciding_lines_quote_the_groups_and_the_rule() {
        let robots = Robots::parse(FILE);
        let v = robots.check("Googlebot", "/shop/x");
        assert_eq!(deciding_lines(&robots, &v), vec![4, 5]);
        assert_eq!(focus_line(&v), 5);
        let v = robots.check("Googlebot", "/other");
        assert_eq!((v.line, deciding_lines(&robots, &v)), (6, vec![4, 6]));
        // No rule matched: the group that applied is still quoted and shown.
        let robots = Robots::parse("User-agent: a\nUser-agent: b\nDisallow: /x\n");
        let v = robots.check("b", "/y");
        assert_eq!((v.line, deciding_lines(&robots, &v), focus_line(&v)), (0, vec![1, 2], 1));
        // No group applied: nothing to quote or show.
        let v = robots.check("c", "/y");
        assert_eq!((deciding_lines(&robots, &v), focus_line(&v)), (vec![], 0));
    }

    #[test]
    fn list_lines_skip_blanks_and_cap() {
        assert_eq!(list_lines(" a \n\n b\n", 10), (vec!["a", "b"], 0));
        assert_eq!(list_lines("a\nb\nc", 2), (vec!["a", "b"], 1));
    }

    #[test]
    fn sets_in_the_agents_box_expand_as_in_the_preset_field() {
        let training: Vec<String> =
            robotscope::crawler_set("@ai-training").unwrap().iter().map(|c| c.name.to_string()).collect();
        let (lines, skipped) = agent_lines("Googlebot\n@ai-training\ngptbot\n@nothing\n", 100);
        let mut expected = vec!["Googlebot".to_string()];
        expected.extend(training.iter().cloned());
        expected.push("@nothing".to_string());
        // GPTBot is in the set already; an unknown set stays as typed (the grid says it names no crawler).
        assert!(training.iter().any(|t| t == "GPTBot"));
        assert_eq!((lines, skipped), (expected, 0));
        let (agents, _) = read_agents("@ai-training");
        assert_eq!(agents.len(), training.len());
        assert!(agents.iter().all(|a| a.crawler.is_some()));
        assert_eq!(agent_lines("@search\n", 2).1, robotscope::crawler_set("@search").unwrap().len() - 2);
    }
}

#[cfg(test)]
mod ai_tests {
    use super::*;

    /// The AI summary counts from the core's verdicts and the catalogue, as `robotscope ai` does: on the AI-era
    /// example, Cloudflare's `Allow: /` ties the site's own `Disallow: /`, so every crawler that follows `*` only
    /// looks blocked.
    #[test]
    fn the_ai_summary_says_who_is_blocked_and_who_only_looks_blocked() {
        let robots = Robots::parse(include_str!("../../static/examples/ai-era.robots.txt"));
        let s = AiSummary::new(&robots);
        let training = &s.kinds[0];
        assert_eq!(training.kind, CrawlerKind::AiTraining);
        let expected = robotscope::crawler_set("@ai-training").unwrap();
        assert_eq!(training.total, expected.len());
        let blocked =
            expected.iter().filter(|c| !robots.check_agent(&robotscope::resolve_agent(c.name), "/").verdict.allowed);
        assert_eq!(training.blocked, blocked.count());
        assert_eq!(training.blocked, 4);
        let ccbot = training.looks_blocked.iter().find(|l| l.name == "CCBot").unwrap();
        assert_eq!((ccbot.disallow, ccbot.allow), (15, 4));
        assert!(!training.looks_blocked.iter().any(|l| l.name == "GPTBot"));
        let text = crate::messages::ai_kind(training);
        assert!(text.starts_with("AI training: 4 of "), "{text}");
        assert!(
            text.contains(" only look blocked (the Disallow on line 15 ties the Allow on line 4, and Allow wins)"),
            "{text}"
        );
        let user = &s.kinds[2];
        assert_eq!(user.kind, CrawlerKind::UserTriggered);
        assert!(user.may_not_apply > 0);
        assert!(crate::messages::ai_kind(user)
            .contains(&format!("robots.txt may not apply to {} of them", user.may_not_apply)));
        // A file that blocks them all: no one only looks blocked, and the sentence says "all".
        let all = AiSummary::new(&Robots::parse("User-agent: *\nDisallow: /\n"));
        assert!(all.kinds.iter().all(|k| k.looks_blocked.is_empty()));
        assert!(crate::messages::ai_kind(&all.kinds[1]).starts_with("AI search and assistants: all "));
        let none = AiSummary::new(&Robots::parse(""));
        assert!(crate::messages::ai_kind(&none.kinds[0]).starts_with("AI training: all allowed at /"));
    }

    #[test]
    fn the_explanation_carries_the_usage_preferences() {
        let robots = Robots::parse(include_str!("../../static/examples/ai-era.robots.txt"));
        let (urls, _) = read_urls(&["/", "/docs/guide"]);
        let agents = [read_agent("CCBot"), read_agent("GPTBot")];
        let d = Detail::new(&robots, &agents, &urls, 0, 0).unwrap();
        let said = crate::messages::usage(&d.usage);
        assert_eq!(
            said,
            [
                ("Content-Usage (IETF draft)", "train-ai=no (line 16)".to_string()),
                ("Content-Signal", "search=yes (line 3), ai-train=no (line 3)".to_string())
            ]
        );
        let d = Detail::new(&robots, &agents, &urls, 1, 0).unwrap();
        assert_eq!(crate::messages::usage(&d.usage)[0].1, "train-ai=yes (line 17), search=yes (line 17)");
        // GPTBot may not fetch the URL: Content-Usage does not apply, and its own group has no Content-Signal.
        let d = Detail::new(&robots, &agents, &urls, 0, 1).unwrap();
        assert!(crate::messages::usage(&d.usage).is_empty());
    }
}

#[cfg(test)]
mod profile_tests {
    use super::*;
    use crate::document::Document;

    const PITFALLS: &str = include_str!("../../static/examples/pitfalls.robots.txt");

    fn inputs(view: View) -> Inputs {
        Inputs {
            agents: Rc::from("Googlebot\nGPTBot\nBingbot\n"),
            urls: Rc::from("/private\n/drafts/a\n/images/a\n/search$q\n"),
            full_file: false,
            selected: (0, 1),
            baseline: None,
            view,
        }
    }

    fn cells(a: &Analysis) -> Vec<(bool, usize)> {
        a.grid.cells.iter().map(|c| (c.allowed, c.line)).collect()
    }

    /// Each reading's grid is the core's [`Reading::check_agent`] (the values `robotscope check --normalize
    /// --compare --json` prints for this file), and switching recomputes the grid, the explanation and the marks.
    #[test]
    fn the_switch_reads_the_file_under_each_profile() {
        let doc = Document::new(PITFALLS, None);
        let google = Analysis::new(&doc, &inputs(View::default()));
        assert!(google.readers.is_none() && google.ignored.is_empty());
        // URL-major: Googlebot, GPTBot, Bingbot for each URL.
        assert_eq!(cells(&google)[..6], [(true, 13), (false, 5), (true, 0), (true, 13), (false, 6), (true, 0)]);
        assert_eq!(google.grid.cell(2, 2), Some(Cell { allowed: true, line: 17 }));
        assert_eq!(google.grid.cell(3, 0), Some(Cell { allowed: true, line: 13 }));

        let rfc_in = inputs(View::Profile(Profile::Rfc9309));
        let rfc = google.update((&doc, &inputs(View::default())), &doc, &rfc_in);
        let fresh = Analysis::new(&doc, &rfc_in);
        assert_eq!(
            (&*rfc.grid, &*rfc.ignored, rfc.detail.as_deref()),
            (&*fresh.grid, &*fresh.ignored, fresh.detail.as_deref())
        );
        assert_eq!(cells(&rfc)[..6], [(true, 0), (true, 0), (true, 0), (true, 0), (true, 0), (true, 0)]);
        assert_eq!(rfc.grid.cell(2, 2), Some(Cell { allowed: true, line: 17 }));
        assert_eq!(rfc.grid.cell(3, 0), Some(Cell { allowed: false, line: 7 }));
        // The lines `robotscope lint` says RFC 9309 crawlers ignore.
        assert_eq!(rfc.ignored.iter().map(|m| m.line).collect::<Vec<_>>(), [5, 6, 12]);
        assert!(rfc.ignored[0].why.starts_with("RFC 9309 passes over this line: there is no colon"));
        let d = rfc.detail.as_deref().unwrap();
        assert_eq!((d.verdict.allowed, d.verdict.line), (true, 0));
        assert!(d.explanation.contains("passes over line 5 (`Disallow /private`)"), "{}", d.explanation);
        assert!(d.usage == Usage::default() && d.readers.is_empty());

        let old = inputs(View::Profile(Profile::Original1994));
        let y1994 = Analysis::new(&doc, &old);
        assert_eq!(y1994.grid.cell(2, 2), Some(Cell { allowed: false, line: 16 }));
        assert!(y1994.ignored.iter().any(|m| m.line == 17 && m.why.starts_with("1994 passes over")));
    }

    /// "Compare readers": the grid is Google's, every cell has the three answers, and the cells the readers
    /// answer differently are counted (GPTBot's /private and /drafts/a, Bingbot's /images/a, Googlebot's
    /// /search$q, as `robotscope check --compare` marks them).
    #[test]
    fn comparing_marks_the_cells_the_readers_answer_differently() {
        let doc = Document::new(PITFALLS, None);
        let google = Analysis::new(&doc, &inputs(View::default()));
        let compare = Analysis::new(&doc, &inputs(View::Compare));
        assert_eq!(*compare.grid, *google.grid);
        let readers = compare.readers.as_deref().unwrap();
        assert_eq!((readers.differ, readers.cells.len()), (4, 12));
        let split: Vec<(usize, usize)> = (0..4)
            .flat_map(|u| (0..3).map(move |a| (u, a)))
            .filter(|&(u, a)| differs(&readers.cell(u, a, 3).unwrap()))
            .collect();
        assert_eq!(split, [(0, 1), (1, 1), (2, 2), (3, 0)]);
        assert_eq!(
            crate::messages::answers(&readers.cell(2, 2, 3).unwrap()),
            "Google: allowed, line 17 · RFC 9309: allowed, line 17 · 1994: disallowed, line 16"
        );
        assert_eq!(
            crate::messages::readers_summary(readers.differ, 12),
            "4 of 12 answers differ between readers (marked “differs”)."
        );
        // The selected cell (GPTBot, /private) is explained by each reader in turn, each in its own words.
        let d = compare.detail.as_deref().unwrap();
        let said: Vec<(Profile, bool, usize)> =
            d.readers.iter().map(|r| (r.profile, r.cell.allowed, r.cell.line)).collect();
        assert_eq!(said, [(Profile::Google, false, 5), (Profile::Rfc9309, true, 0), (Profile::Original1994, true, 0)]);
        let doc_g = robotscope::Robots::parse(PITFALLS);
        let gpt = read_agent("GPTBot");
        for r in &d.readers {
            let reading = doc_g.reading(r.profile);
            assert_eq!(r.explanation, reading.explain_agent(&gpt, &reading.check_agent(&gpt, "/private")));
        }
        // Both other readings' ignored lines are marked, each saying who passes over it.
        let marked: Vec<usize> = compare.ignored.iter().map(|m| m.line).collect();
        assert!(marked.starts_with(&[5, 6]) && marked.contains(&12) && marked.contains(&17), "{marked:?}");
        assert!(compare.ignored[0].why.contains("RFC 9309") && compare.ignored[0].why.contains("1994"));
        // Back to Google: exactly the analysis that never left it.
        let back = compare.update((&doc, &inputs(View::Compare)), &doc, &inputs(View::default()));
        assert_eq!(
            (back.grid.cells.clone(), back.readers.is_none(), back.ignored.is_empty()),
            (google.grid.cells.clone(), true, true)
        );
        assert_eq!(back.detail.as_deref().map(|d| &d.explanation), google.detail.as_deref().map(|d| &d.explanation));
    }
}
