//! What the page shows, computed from what the user typed: the parsed file and its diagnostics, and the core's
//! answer to the whole question ([`Robots::ask`]: the grid, the marks under Compare, the baseline's marks),
//! the selected cell explained ([`Robots::explain_cell`], [`Robots::quoted_lines`]) and the AI summary
//! ([`Robots::ai_summary`]). The tester decides none of these; it keeps them, and recomputes only what an edit
//! feeds.
//!
//! Pure Rust over the core crate (no `web-sys`), so `cargo test -p robotscope-web` runs it natively.

use std::rc::Rc;

use crate::document::Document;
use crate::inputs::{Inputs, View};
use crate::shared::Shared;
use crate::text::LineIndex;
use robotscope::{
    AiGroupSummary, AskedAgent, AskedUrl, Cell, Diagnostic, Profile, Question, Reading, Robots, Severity, Survey,
    GOOGLE_SIZE_LIMIT,
};

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
    /// With `full_file` unset, only the first 500 KiB are read, as Google does; with `readings` set, the other
    /// readings are kept with the parse ([`Robots::keep_readings`]), so that no click re-reads the file.
    pub fn new(bytes: &[u8], text: &str, full_file: bool, readings: bool) -> Parsed {
        Parsed { robots: parse(bytes, full_file, readings), lines: LineIndex::new(text) }
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

/// Parses a file as the tester reads it: the first 500 KiB as Google does, or all of it; the other readings
/// kept with it when `readings` is set.
pub fn parse(bytes: &[u8], full_file: bool, readings: bool) -> Robots {
    let mut robots = if full_file { Robots::parse(bytes) } else { Robots::parse_limited(bytes, GOOGLE_SIZE_LIMIT) };
    if readings {
        robots.keep_readings();
    }
    robots
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
            // Kept sorted as they come (each reading lists its lines in order): no sort is linked for it.
            match marks.binary_search_by_key(&i.line, |m| m.line) {
                Ok(k) => {
                    marks[k].why.push_str("; ");
                    marks[k].why.push_str(&why);
                }
                Err(k) => marks.insert(k, IgnoredMark { line: i.line, why }),
            }
        }
    }
    marks
}

/// The selected cell explained: the core's cell, its explanation and the lines it quotes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Detail {
    /// The URL row.
    pub url: usize,
    /// The agent column.
    pub agent: usize,
    /// The core's answer for the cell.
    pub cell: Cell,
    /// The explanation in words, under the cell's reading ([`Robots::explain_cell`]).
    pub explanation: String,
    /// The lines to quote beside the verdict ([`Robots::quoted_lines`]).
    pub quoted: Vec<usize>,
    /// The groups that applied, in words ([`Robots::groups_applied`]).
    pub groups: String,
    /// Under "Compare readers", each reader's explanation, in the order of the cell's `readers` (empty
    /// otherwise).
    pub readers: Vec<String>,
}

impl Detail {
    /// Explains the cell (`url`, `agent`) of `survey` (from `robots`); `None` when there is no such cell (a URL
    /// that cannot be read has none).
    pub fn new(robots: &Robots, survey: &Survey, url: usize, agent: usize) -> Option<Detail> {
        let cell = survey.cell(url, agent)?.clone();
        let explanation = robots.explain_cell(survey, url, agent, cell.profile)?;
        let readers = cell.readers.iter().filter_map(|r| robots.explain_cell(survey, url, agent, r.profile)).collect();
        let (quoted, groups) = (robots.quoted_lines(&cell), robots.groups_applied(&cell));
        Some(Detail { url, agent, quoted, groups, cell, explanation, readers })
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

/// Everything the page shows that is computed from the [`Document`] and the [`Inputs`]: a pure function of
/// the two ([`Analysis::new`]), updated part by part ([`Analysis::update`]) so that an edit recomputes only
/// what depends on it. The lint and the AI summary are computed later ([`Analysis::linted`]), just after the
/// verdicts are on screen.
#[derive(Debug, Clone, PartialEq)]
pub struct Analysis {
    /// The parsed file.
    pub parsed: Shared<Parsed>,
    /// Counts parses, so that a late lint request for an older parse is ignored.
    pub generation: u64,
    /// The lint, of the current parse once [`Analysis::linted`] has run (the previous one until then).
    pub lint: Shared<Lint>,
    /// The agents asked about: the box's lines, sets expanded (at most [`robotscope::MAX_AGENTS`]).
    pub agent_lines: Shared<[String]>,
    /// How many agents past [`robotscope::MAX_AGENTS`] were left out.
    pub skipped_agents: usize,
    /// The URLs asked about: the box's lines (at most [`robotscope::MAX_URLS`]).
    pub url_lines: Shared<[String]>,
    /// How many URLs past [`robotscope::MAX_URLS`] were left out.
    pub skipped_urls: usize,
    /// The core's answer: agent rows, URL rows and cells.
    pub survey: Shared<Survey>,
    /// The survey's agent rows, kept while the agents box is unchanged (so that what shows them redraws only
    /// when they change).
    pub agents: Shared<[AskedAgent]>,
    /// The survey's URL rows, kept while the URLs box is unchanged.
    pub urls: Shared<[AskedUrl]>,
    /// The selected cell, within the grid.
    pub selected: (usize, usize),
    /// The explained verdict of the selected cell.
    pub detail: Option<Shared<Detail>>,
    /// The baseline's parse (cut at 500 KiB unless the whole file is read, like the file's).
    pub baseline: Option<Shared<Robots>>,
    /// What the file does to the AI crawlers of the catalogue at `/`; computed with the lint.
    pub ai: Shared<[AiGroupSummary]>,
    /// The lines the reading shown (or, comparing, either other reading) passes over; none under Google.
    pub ignored: Shared<[IgnoredMark]>,
}

/// Whether a view reads the file other than as Google does, so that the readings are kept with the parse.
fn readings(view: View) -> bool {
    view != View::default()
}

impl Analysis {
    /// Everything computed from `document` and `inputs`, the lint included.
    pub fn new(document: &Document, inputs: &Inputs) -> Analysis {
        let keep = readings(inputs.view);
        let parsed = Parsed::new(document.bytes(), &document.text, inputs.full_file, keep);
        let lint = Lint::new(&parsed.robots, 1);
        let ai = parsed.robots.ai_summary("/").unwrap_or_default();
        let (agent_lines, skipped_agents) = read_agents(&inputs.agents);
        let (url_lines, skipped_urls) = read_urls(&inputs.urls);
        let baseline = inputs.baseline.as_ref().map(|b| Shared::new(parse(b, inputs.full_file, keep)));
        let mut analysis = Analysis {
            parsed: Shared::new(parsed),
            generation: 1,
            lint: Shared::new(lint),
            agent_lines,
            skipped_agents,
            url_lines,
            skipped_urls,
            survey: Shared::default(),
            agents: Vec::new().into(),
            urls: Vec::new().into(),
            selected: (0, 0),
            detail: None,
            baseline,
            ai: ai.into(),
            ignored: Vec::new().into(),
        };
        analysis.ignored = analysis.ignored_marks(inputs.view);
        analysis.ask(inputs, true, true);
        analysis.select(inputs.selected);
        analysis
    }

    /// This analysis, brought up to date with `document` and `inputs` (which were `before` when it was
    /// computed). Inputs are compared by identity, so only what changed is recomputed; the lint stays that of
    /// the previous parse until [`Analysis::linted`].
    pub fn update(&self, before: (&Document, &Inputs), document: &Document, inputs: &Inputs) -> Analysis {
        let (old_doc, old_in) = before;
        let mut a = self.clone();
        let keep = readings(inputs.view);
        let reread = old_in.full_file != inputs.full_file;
        let edited = old_doc.text != document.text || !Shared::same(old_doc.raw.as_ref(), document.raw.as_ref());
        // Another reading asked for: the readings are kept with the parse from now on.
        let file = reread || edited || (keep && !a.parsed.robots.keeps_readings());
        if file {
            a.parsed = Shared::new(Parsed::new(document.bytes(), &document.text, inputs.full_file, keep));
            a.generation += 1;
        }
        let agents = !Rc::ptr_eq(&old_in.agents, &inputs.agents) && old_in.agents != inputs.agents;
        if agents {
            (a.agent_lines, a.skipped_agents) = read_agents(&inputs.agents);
        }
        let urls =
            (!Rc::ptr_eq(&old_in.urls, &inputs.urls) && old_in.urls != inputs.urls) || old_in.base != inputs.base;
        if urls {
            (a.url_lines, a.skipped_urls) = read_urls(&inputs.urls);
        }
        let baseline = reread
            || !Shared::same(old_in.baseline.as_ref(), inputs.baseline.as_ref())
            || (keep && a.baseline.as_ref().is_some_and(|b| !b.keeps_readings()));
        if baseline {
            a.baseline = inputs.baseline.as_ref().map(|b| Shared::new(parse(b, inputs.full_file, keep)));
        }
        let view = old_in.view != inputs.view;
        if file || view {
            a.ignored = a.ignored_marks(inputs.view);
        }
        if file || agents || urls || view || baseline {
            a.ask(inputs, agents, urls);
            a.select(inputs.selected);
        } else if inputs.selected != self.selected {
            a.select(inputs.selected);
        }
        a
    }

    /// This analysis with the lint and the AI summary of parse `generation`, or `None` when that parse is gone
    /// or linted already.
    pub fn linted(&self, generation: u64) -> Option<Analysis> {
        if generation != self.generation || self.lint.generation == generation {
            return None;
        }
        let robots = &self.parsed.robots;
        Some(Analysis {
            lint: Shared::new(Lint::new(robots, generation)),
            ai: robots.ai_summary("/").unwrap_or_default().into(),
            ..self.clone()
        })
    }

    /// The question the page asks the core.
    pub fn question(&self, inputs: &Inputs) -> Survey {
        let question = Question {
            agents: self.agent_lines.to_vec(),
            urls: self.url_lines.to_vec(),
            base: inputs.base.as_deref().map(String::from),
            site: None,
            view: inputs.view,
            readings: &[],
            baseline: self.baseline.as_deref(),
            exact: false,
        };
        self.parsed.robots.ask(&question)
    }

    /// Asks the core; the agent and URL rows are taken from the answer when they changed.
    fn ask(&mut self, inputs: &Inputs, agents: bool, urls: bool) {
        let survey = self.question(inputs);
        if agents {
            self.agents = survey.agents.clone().into();
        }
        if urls {
            self.urls = survey.urls.clone().into();
        }
        self.survey = Shared::new(survey);
    }

    /// The lines the other readings of `view` pass over.
    fn ignored_marks(&self, view: View) -> Shared<[IgnoredMark]> {
        let robots = &self.parsed.robots;
        let marks = match view {
            View::Reading(Profile::Google) => Vec::new(),
            View::Reading(p) => ignored_marks(&[robots.reading(p)]),
            View::Compare => ignored_marks(&[robots.reading(Profile::Rfc9309), robots.reading(Profile::Original1994)]),
        };
        marks.into()
    }

    /// Selects the cell `selected` (kept in bounds) and explains it.
    fn select(&mut self, (url, agent): (usize, usize)) {
        let s = &self.survey;
        self.selected = (url.min(s.urls.len().saturating_sub(1)), agent.min(s.agents.len().saturating_sub(1)));
        let (url, agent) = self.selected;
        self.detail = Detail::new(&self.parsed.robots, s, url, agent).map(Shared::new);
    }

    /// The token each agent column is checked with, from the first URL row that has answers (`None` when no
    /// row has).
    pub fn tokens(&self) -> Option<Vec<Option<String>>> {
        let s = &self.survey;
        let row = (0..s.urls.len()).find(|&u| s.cell(u, 0).is_some())?;
        Some((0..s.agents.len()).map(|a| s.cell(row, a).and_then(|c| c.token.clone())).collect())
    }

    /// How many cells have answers.
    pub fn answered(&self) -> usize {
        self.survey.cells.iter().flatten().count()
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
        let s = &self.survey;
        for (u, url) in s.urls.iter().enumerate() {
            for (a, agent) in s.agents.iter().enumerate() {
                let Some(cell) = s.cell(u, a) else { continue };
                // Each reader's own token: a reading may give the engine another one.
                let answers: Vec<(Profile, bool, usize, &Option<String>)> = if cell.readers.is_empty() {
                    vec![(cell.profile, cell.allowed(), cell.line(), &cell.token)]
                } else {
                    cell.readers.iter().map(|r| (r.profile, r.allowed, r.line, &r.token)).collect()
                };
                for (profile, allowed, line, token) in answers {
                    let token = token.as_deref().unwrap_or_default();
                    let rule = if line == 0 { "" } else { self.parsed.lines.line(text, line).trim() };
                    let line = if line == 0 { String::new() } else { line.to_string() };
                    let verdict = if allowed { "allowed" } else { "disallowed" };
                    let row =
                        [url.typed.input.as_str(), agent.input.as_str(), token, profile.as_str(), verdict, &line, rule];
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

/// Reads the agents box: the agents asked about, and how many were left out.
fn read_agents(text: &str) -> (Shared<[String]>, usize) {
    let rows = robotscope::agent_rows(robotscope::list_items(text));
    (rows.rows.into(), rows.left_out)
}

/// Reads the URLs box: the URLs asked about, and how many were left out.
fn read_urls(text: &str) -> (Shared<[String]>, usize) {
    let rows = robotscope::url_rows(robotscope::list_items(text));
    (rows.rows.into(), rows.left_out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const FILE: &str = "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /shop/\nDisallow: /\n";

    #[test]
    fn lines_are_indexed() {
        let p = Parsed::new(FILE.as_bytes(), FILE, false, false);
        assert_eq!(p.lines.count(), 7);
        assert_eq!(p.lines.line(FILE, 1), "User-agent: *");
        assert_eq!(p.lines.line(FILE, 6), "Disallow: /");
        assert_eq!(p.lines.line(FILE, 7), "");
        assert_eq!(p.lines.line(FILE, 8), "");
        assert_eq!(p.lines.line(FILE, 0), "");
    }

    #[test]
    fn marks_keep_the_worst_severity_per_line() {
        let lint = Lint::new(&Robots::parse("Disallow: /x\nUser-agent: *\nDisallow /y\n"), 0);
        assert_eq!(lint.mark(1), Some(Severity::Error));
        assert!(lint.mark(3).is_some());
        assert_eq!(lint.mark(2), None);
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
}
