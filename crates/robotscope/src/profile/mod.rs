//! Interpretation profiles (SPEC B6): one file read as Google reads it, as RFC 9309 is written, and as the
//! 1994 standard is written.
//!
//! `google` is the engine itself: a [`Reading`] under it forwards to [`Robots::check`] and
//! [`Robots::explain`], so it cannot drift from Part A. The two other readings tokenize the source again with
//! the shared tokenizer (without Google's 16,663-byte line cap), keep their own groups, and answer with the
//! shared pattern matcher (`rfc9309`) or a plain prefix test (`1994`). Every reading returns the same
//! [`Verdict`] shape and explains it in its own words.

mod rfc9309;
mod y1994;

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::lines::{Directive, KeyKind, Line, Lines};
use crate::resolve::{AgentCheck, TypedAgent};
use crate::robots::Agents;
use crate::url::match_path;
use crate::verdict::line_ranges;
use crate::{Crawler, Robots, RuleKind, RuleMatch, Scope, Span, Verdict};

/// How a robots.txt file is read (SPEC B6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub enum Profile {
    /// Google's production matcher, byte for byte (SPEC Part A): the engine's own reading.
    #[default]
    Google,
    /// RFC 9309 as written, without Google's leniencies: exact keys with a colon, product-token user agents,
    /// percent-encoding before comparison, `/robots.txt` always allowed, no index.html rule, no line cap.
    Rfc9309,
    /// The 1994 standard ("A Standard for Robot Exclusion"): records separated by blank lines, the first record
    /// that names the robot, plain prefixes, no `Allow`.
    Original1994,
}

impl Profile {
    /// Every profile, the default first.
    pub const ALL: [Profile; 3] = [Profile::Google, Profile::Rfc9309, Profile::Original1994];

    /// `google`, `rfc9309` or `1994`: the name tools take and print.
    pub fn as_str(self) -> &'static str {
        match self {
            Profile::Google => "google",
            Profile::Rfc9309 => "rfc9309",
            Profile::Original1994 => "1994",
        }
    }

    /// `Google`, `RFC 9309` or `the 1994 standard`, for sentences.
    pub fn label(self) -> &'static str {
        match self {
            Profile::Google => "Google",
            Profile::Rfc9309 => "RFC 9309",
            Profile::Original1994 => "the 1994 standard",
        }
    }

    /// The profile named `name` ([`Profile::as_str`], ASCII case ignored, surrounding spaces trimmed).
    ///
    /// ```
    /// use robotscope::Profile;
    /// assert_eq!(Profile::parse("RFC9309"), Some(Profile::Rfc9309));
    /// assert_eq!(Profile::parse("1994"), Some(Profile::Original1994));
    /// assert_eq!(Profile::parse("bing"), None);
    /// ```
    pub fn parse(name: &str) -> Option<Profile> {
        let name = name.trim();
        Profile::ALL.into_iter().find(|p| p.as_str().eq_ignore_ascii_case(name))
    }
}

impl core::fmt::Display for Profile {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Why a reading passes over a line that Google reads as a `User-agent`, `Allow` or `Disallow` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Ignored {
    /// The key is a misspelling (`Dissallow`) or only starts with the word (`Disallowed`, `Disallow /a:b`).
    Key,
    /// Whitespace stands in for the colon (`Disallow /x`).
    MissingColon,
    /// The `User-agent` value is neither a product token (letters, `-` and `_`) nor `*`, so it names no
    /// crawler (`Googlebot/2.1`, `* FooBot`); the line still starts a group.
    NotAToken,
    /// The field does not exist in this reading (`Allow` in 1994).
    NotDefined,
}

impl Ignored {
    /// `key`, `missing-colon`, `not-a-token` or `not-defined`.
    pub fn name(self) -> &'static str {
        match self {
            Ignored::Key => "key",
            Ignored::MissingColon => "missing-colon",
            Ignored::NotAToken => "not-a-token",
            Ignored::NotDefined => "not-defined",
        }
    }
}

/// A line Google reads as a `User-agent`, `Allow` or `Disallow` line that a reading passes over.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IgnoredLine {
    /// Line number.
    pub line: usize,
    /// The part of the line that was read (without comment or terminator), in the source.
    pub span: Span,
    /// What Google reads it as.
    pub google: KeyKind,
    /// Why this reading passes over it.
    pub why: Ignored,
}

/// A group (RFC 9309) or record (1994) of a reading.
#[derive(Debug, Clone)]
struct PGroup {
    agents: Vec<PAgent>,
    rules: Vec<PRule>,
    /// The last line before the next group (the end of the file for the last one).
    end: usize,
}

#[derive(Debug, Clone)]
struct PAgent {
    line: usize,
    /// The value as written.
    value: Span,
    /// What the agent is compared with: the product token (RFC 9309), or the lower-cased name without
    /// version (1994). Empty when the line names no crawler.
    name: Vec<u8>,
    global: bool,
}

#[derive(Debug, Clone)]
struct PRule {
    line: usize,
    allow: bool,
    value: Span,
    /// What is compared with the path: RFC 9309's normalised form, or the value as written (1994).
    pattern: Vec<u8>,
}

impl PGroup {
    fn lines(&self) -> impl Iterator<Item = usize> + '_ {
        self.agents.iter().map(|a| a.line).chain(self.rules.iter().map(|r| r.line))
    }

    /// First and last of its user-agent and rule lines.
    fn range(&self) -> (usize, usize) {
        let lines = || self.lines();
        (lines().min().unwrap_or(0), lines().max().unwrap_or(0))
    }
}

/// A file read under one [`Profile`], parsed once for many queries: [`Robots::reading`].
#[derive(Debug, Clone)]
pub struct Reading<'a> {
    pub(crate) robots: &'a Robots,
    profile: Profile,
    groups: Cow<'a, [PGroup]>,
    ignored: Cow<'a, [IgnoredLine]>,
}

/// The groups and passed-over lines of one reading other than Google's.
type Parsed = (Vec<PGroup>, Vec<IgnoredLine>);

/// The RFC 9309 and 1994 readings of a file, kept with its parse by [`Robots::keep_readings`] so that asking
/// under them does not tokenize the source again. Not part of a file's identity: two parses of the same bytes
/// are equal whether or not either keeps its readings.
///
/// Behind a trait object so that a build that never keeps readings (the npm `.wasm`) does not link their drop
/// and clone code into every `Robots` (a plain `Box<KeptReadings>` cost that module 257 B gzipped).
#[derive(Default)]
pub(crate) struct Kept(Option<Box<dyn KeptBox>>);

/// `Send + Sync`, so that a `Robots` stays shareable between threads (the Python package answers without the GIL
/// from several threads at once).
trait KeptBox: Send + Sync {
    fn clone_box(&self) -> Box<dyn KeptBox>;
    fn readings(&self) -> &KeptReadings;
}

#[derive(Clone)]
struct KeptReadings {
    readings: [Parsed; 2],
    /// What they hold on the heap, counted once when they are kept.
    bytes: usize,
}

impl KeptBox for KeptReadings {
    fn clone_box(&self) -> Box<dyn KeptBox> {
        Box::new(self.clone())
    }

    fn readings(&self) -> &KeptReadings {
        self
    }
}

impl Clone for Kept {
    fn clone(&self) -> Kept {
        Kept(self.0.as_ref().map(|k| k.clone_box()))
    }
}

impl PartialEq for Kept {
    fn eq(&self, _: &Kept) -> bool {
        true
    }
}

impl Eq for Kept {}

impl Kept {
    /// The bytes the kept readings hold on the heap, by what is allocated for them.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.0.as_ref().map_or(0, |k| k.readings().bytes)
    }

    fn get(&self, profile: Profile) -> Option<&Parsed> {
        let kept = self.0.as_ref()?.readings();
        match profile {
            Profile::Google => None,
            Profile::Rfc9309 => Some(&kept.readings[0]),
            Profile::Original1994 => Some(&kept.readings[1]),
        }
    }
}

/// The bytes `readings` hold on the heap, by what is allocated for them, and their box.
fn kept_bytes(readings: &[Parsed; 2]) -> usize {
    fn bytes<T>(v: &Vec<T>) -> usize {
        v.capacity() * size_of::<T>()
    }
    let mut total = size_of::<KeptReadings>();
    for (groups, ignored) in readings {
        total += bytes(groups) + bytes(ignored);
        for g in groups {
            total += bytes(&g.agents) + bytes(&g.rules);
            total += g.agents.iter().map(|a| a.name.capacity()).sum::<usize>();
            total += g.rules.iter().map(|r| r.pattern.capacity()).sum::<usize>();
        }
    }
    total
}

fn parse_reading(robots: &Robots, profile: Profile) -> Parsed {
    match profile {
        Profile::Google => (Vec::new(), Vec::new()),
        Profile::Rfc9309 => rfc9309::parse(robots.source(), robots.line_count()),
        Profile::Original1994 => y1994::parse(robots.source()),
    }
}

/// What a line holds for a reading: a user-agent value or a rule, or a reason to pass over it.
enum Item {
    Agent(Span),
    Rule(bool, Span),
    Skip(Ignored),
}

/// How the RFC 9309 and 1994 readings classify a line that Google reads as a directive: the key must be the
/// whole word (ASCII case ignored) followed by a colon. `None` for lines neither reading acts on and Google
/// does not read as a group line either (sitemaps, unknown keys). `allow` says whether `Allow` exists.
fn classify(src: &[u8], line: &Line, d: &Directive, allow: bool) -> Option<Item> {
    let word: &[u8] = match d.kind {
        KeyKind::UserAgent => b"user-agent",
        KeyKind::Allow => b"allow",
        KeyKind::Disallow => b"disallow",
        KeyKind::Sitemap | KeyKind::Unknown => return None,
    };
    let key = &src[d.key.start..d.key.end];
    Some(if !key.eq_ignore_ascii_case(word) {
        Item::Skip(Ignored::Key)
    } else if line.metadata.is_missing_colon_separator {
        Item::Skip(Ignored::MissingColon)
    } else {
        match d.kind {
            KeyKind::UserAgent => Item::Agent(d.value),
            KeyKind::Allow if !allow => Item::Skip(Ignored::NotDefined),
            kind => Item::Rule(kind == KeyKind::Allow, d.value),
        }
    })
}

/// The lines of `src` with their reading, for the RFC 9309 and 1994 parsers: each line, and what it holds
/// when Google reads it as a group line.
fn read_lines(src: &[u8], allow: bool) -> impl Iterator<Item = (Line, Option<Item>)> + '_ {
    Lines::uncapped(src).map(move |line| {
        let item = line.directive.and_then(|d| classify(src, &line, &d, allow));
        (line, item)
    })
}

fn ignored_line(src: &[u8], line: &Line, why: Ignored) -> IgnoredLine {
    let google = line.directive.map_or(KeyKind::Unknown, |d| d.kind);
    let read = Span::new(line.read.start, line.comment.unwrap_or(line.read.end).max(line.read.start));
    IgnoredLine { line: line.number, span: crate::lines::trim(src, read), google, why }
}

impl Robots {
    /// The file read under `profile`, for many queries. Under [`Profile::Google`] it costs nothing and answers
    /// exactly as [`Robots::check`]; the other profiles parse the source once more.
    ///
    /// ```
    /// use robotscope::{Profile, Robots};
    /// let robots = Robots::parse("User-agent: *\nDissallow: /drafts/\n");
    /// assert!(!robots.reading(Profile::Google).check("AnyBot", "/drafts/a").allowed);
    /// // RFC 9309 knows no misspelt keys.
    /// assert!(robots.reading(Profile::Rfc9309).check("AnyBot", "/drafts/a").allowed);
    /// ```
    pub fn reading(&self, profile: Profile) -> Reading<'_> {
        if let Some((groups, ignored)) = self.readings.get(profile) {
            let (groups, ignored) = (Cow::Borrowed(&groups[..]), Cow::Borrowed(&ignored[..]));
            return Reading { robots: self, profile, groups, ignored };
        }
        let (groups, ignored) = parse_reading(self, profile);
        Reading { robots: self, profile, groups: Cow::Owned(groups), ignored: Cow::Owned(ignored) }
    }

    /// Parses the RFC 9309 and 1994 readings of the file once and keeps them with it, so that
    /// [`Robots::reading`] and [`Robots::ask`] under them no longer tokenize the source again (a tool that asks
    /// on every click or keystroke calls this once after parsing). [`Robots::heap_bytes`] counts them. Calling
    /// it again does nothing.
    ///
    /// ```
    /// use robotscope::{Profile, Robots};
    /// let mut robots = Robots::parse("User-agent: *\nDissallow: /drafts/\n");
    /// let before = robots.heap_bytes();
    /// robots.keep_readings();
    /// assert!(robots.heap_bytes() > before);
    /// assert!(robots.reading(Profile::Rfc9309).check("AnyBot", "/drafts/a").allowed);
    /// ```
    pub fn keep_readings(&mut self) {
        if self.readings.0.is_none() {
            let readings = [parse_reading(self, Profile::Rfc9309), parse_reading(self, Profile::Original1994)];
            let bytes = kept_bytes(&readings);
            self.readings = Kept(Some(Box::new(KeptReadings { readings, bytes })));
        }
    }

    /// Whether [`Robots::keep_readings`] has run.
    pub fn keeps_readings(&self) -> bool {
        self.readings.0.is_some()
    }

    /// One query under `profile`: [`Robots::reading`] then [`Reading::check`]. For many queries keep the
    /// reading.
    pub fn check_profile<A: Agents + ?Sized>(&self, profile: Profile, agents: &A, url: &str) -> Verdict {
        self.reading(profile).check(agents, url)
    }

    /// Answers every URL for every agent (each an agent or a pooled list) under each profile, and marks where
    /// the profiles disagree. The readings are kept in the result, for explanations.
    ///
    /// ```
    /// use robotscope::{Profile, Robots};
    /// let robots = Robots::parse("User-agent: *\nDisallow /private\n");
    /// let c = robots.compare(&Profile::ALL, &["AnyBot"], &["/private", "/public"]);
    /// assert_eq!(c.rows.len(), 2);
    /// assert!(c.rows[0].differs); // Google accepts the missing colon; RFC 9309 and 1994 do not.
    /// assert_eq!(c.rows[0].verdicts.iter().map(|v| v.allowed).collect::<Vec<_>>(), [false, true, true]);
    /// assert!(!c.rows[1].differs);
    /// ```
    pub fn compare<A: Agents>(&self, profiles: &[Profile], agents: &[A], urls: &[&str]) -> Comparison<'_> {
        let readings: Vec<Reading<'_>> = profiles.iter().map(|&p| self.reading(p)).collect();
        let mut rows = Vec::with_capacity(urls.len() * agents.len());
        for (u, url) in urls.iter().enumerate() {
            for (a, agent) in agents.iter().enumerate() {
                let verdicts: Vec<Verdict> = readings.iter().map(|r| r.check(agent, url)).collect();
                let (differs, lines_differ) = marks(verdicts.iter().map(|v| (v.allowed, v.line)));
                rows.push(Compared { url: u, agent: a, verdicts, differs, lines_differ });
            }
        }
        Comparison { readings, rows }
    }
}

/// Whether answers (allowed, deciding line) disagree on the verdict, and whether on the deciding line: the one
/// definition of the comparison marks ([`Compared`]'s, and `Cell::differs` and `Cell::lines_differ` of
/// [`Robots::ask`]).
pub(crate) fn marks(mut answers: impl Iterator<Item = (bool, usize)>) -> (bool, bool) {
    let Some((allowed, line)) = answers.next() else { return (false, false) };
    let (mut differs, mut lines_differ) = (false, false);
    for (a, l) in answers {
        differs |= a != allowed;
        lines_differ |= l != line;
    }
    (differs, lines_differ)
}

/// The answers of several profiles, from [`Robots::compare`].
#[derive(Debug, Clone)]
pub struct Comparison<'a> {
    /// One reading per profile, in the order asked: `readings[i].explain(&row.verdicts[i], agent)` says why.
    pub readings: Vec<Reading<'a>>,
    /// One row per URL and agent, URL-major (every agent for the first URL, then the next URL).
    pub rows: Vec<Compared>,
}

/// One URL and agent under each profile.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Compared {
    /// Index of the URL in the list given.
    pub url: usize,
    /// Index of the agent in the list given.
    pub agent: usize,
    /// One verdict per profile, in the order of [`Comparison::readings`].
    pub verdicts: Vec<Verdict>,
    /// Whether the profiles disagree on allowed or disallowed.
    pub differs: bool,
    /// Whether they name different deciding lines (even when they agree on the answer).
    pub lines_differ: bool,
}

impl<'a> Reading<'a> {
    /// The profile.
    pub fn profile(&self) -> Profile {
        self.profile
    }

    /// The file.
    pub fn robots(&self) -> &'a Robots {
        self.robots
    }

    /// Lines Google reads as `User-agent`, `Allow` or `Disallow` lines that this reading passes over (empty
    /// under Google), in file order.
    pub fn ignored(&self) -> &[IgnoredLine] {
        &self.ignored
    }

    /// The first and last user-agent or rule line of group `index` of this reading (the indices in
    /// [`Verdict::groups`]; under Google they are [`Robots::group`]'s).
    pub fn group_line_range(&self, index: usize) -> Option<(usize, usize)> {
        match self.profile {
            Profile::Google => self.robots.group(index).map(|g| g.line_range()),
            _ => self.groups.get(index).map(PGroup::range),
        }
    }

    /// Whether a group of this reading names one of `agents` (not counting `*`).
    pub fn has_own_group<A: Agents + ?Sized>(&self, agents: &A) -> bool {
        match self.profile {
            Profile::Google => self.robots.has_own_group(agents),
            Profile::Rfc9309 => self.groups.iter().any(|g| rfc9309::names(g, &agents)),
            Profile::Original1994 => y1994::first_named(&self.groups, &agents).is_some(),
        }
    }

    /// Whether `agents` may fetch `url` under this reading, and why (the same shape as [`Robots::check`];
    /// [`Verdict::groups`] indexes this reading's groups).
    pub fn check<A: Agents + ?Sized>(&self, agents: &A, url: &str) -> Verdict {
        match self.profile {
            Profile::Google => self.robots.check(agents, url),
            // One compiled copy of each reading, whatever the agent list's type.
            Profile::Rfc9309 => rfc9309::check(self, &agents, url),
            Profile::Original1994 => y1994::check(self, &agents, url),
        }
    }

    /// Says why `verdict` (from [`Reading::check`]) came out as it did, in this reading's terms.
    pub fn explain(&self, verdict: &Verdict, agent: &str) -> String {
        match self.profile {
            Profile::Google => self.robots.explain(verdict, agent),
            Profile::Rfc9309 => rfc9309::explain(self, verdict, agent),
            Profile::Original1994 => y1994::explain(self, verdict, agent),
        }
    }

    /// Answers for a typed agent (see [`resolve_agent`](crate::resolve_agent)) with its preset's fallbacks,
    /// as [`Robots::check_agent`] does: the first of a preset's tokens that has a group in this reading
    /// decides; a preset that ignores `*` and has none is allowed everything.
    pub fn check_agent(&self, agent: &TypedAgent, url: &str) -> AgentCheck {
        if self.profile == Profile::Google {
            return self.robots.check_agent(agent, url);
        }
        let Some(c) = agent.crawler else {
            let verdict = self.check(agent.engine_token(), url);
            return AgentCheck { token: Some(agent.engine_token().to_string()), follows: None, verdict };
        };
        let token = self.crawler_token(c);
        let verdict = match token {
            Some(t) => self.check(t, url),
            // No rule can apply; the check is only for the path as this reading compares it.
            None => Verdict::unrestricted(self.check("", url).path),
        };
        let follows = token.filter(|&t| t != c.tokens[0] && verdict.scope == Scope::Specific);
        AgentCheck { token: token.map(ToString::to_string), follows: follows.map(ToString::to_string), verdict }
    }

    /// The token the engine is given for `agent` under this reading, as [`Robots::agent_token`] gives it under
    /// Google: a preset's first token that has a group in this reading (else its first token, or `None` when it
    /// ignores `*`), otherwise the token read from what was typed, or `*` when none can be read.
    pub fn agent_token(&self, agent: &TypedAgent) -> Option<String> {
        match agent.crawler {
            Some(c) => self.crawler_token(c).map(ToString::to_string),
            None => Some(agent.engine_token().to_string()),
        }
    }

    fn crawler_token(&self, c: &Crawler) -> Option<&'static str> {
        if self.profile == Profile::Google {
            return self.robots.crawler_token(c);
        }
        match c.tokens.iter().copied().find(|t| self.has_own_group(t)) {
            Some(t) => Some(t),
            None if c.ignores_global => None,
            None => c.tokens.first().copied(),
        }
    }

    /// Says why [`Reading::check_agent`] came out as it did, naming the agent as typed.
    pub fn explain_agent(&self, agent: &TypedAgent, check: &AgentCheck) -> String {
        self.explain_answer(agent, check.token.as_deref(), check.follows.as_deref(), &check.verdict)
    }

    /// [`Self::explain_agent`] for an answer's parts: its token, the token it follows and its verdict.
    pub(crate) fn explain_answer(
        &self,
        agent: &TypedAgent,
        token: Option<&str>,
        follows: Option<&str>,
        verdict: &Verdict,
    ) -> String {
        if self.profile == Profile::Google {
            return self.robots.explain_answer(agent, token, follows, verdict);
        }
        let label = agent.label();
        match (token, follows) {
            (None, _) => format!(
                "{label} ignores the `*` group and no group names it under {}, so no rule applies and the URL is \
                 allowed.",
                self.profile.label()
            ),
            (Some(_), Some(followed)) => {
                let operator = agent.crawler.map_or("its operator", |c| c.operator);
                let why = self.explain(verdict, followed);
                format!("{label} has no group of its own, so it follows {followed}'s, as {operator} documents. {why}")
            }
            (Some(_), None) => self.explain(verdict, label),
        }
    }

    /// `lines 4-6, line 9` for the groups of `verdict`, and whether there are several.
    fn ranges(&self, verdict: &Verdict) -> (String, bool) {
        line_ranges(verdict.groups.iter().filter_map(|&g| self.group_line_range(g)))
    }

    /// A sentence naming the lines of `groups` this reading passes over (at most three quoted), or nothing.
    fn ignored_sentence(&self, groups: &[usize], what: &str) -> String {
        // The ignored lines are in file order: find each group's by binary search, so that a file of many
        // groups and many ignored lines costs no more than its size.
        let (mut count, mut first): (usize, Vec<&IgnoredLine>) = (0, Vec::new());
        for &g in groups {
            let Some(group) = self.groups.get(g) else { continue };
            let (start, _) = group.range();
            let from = self.ignored.partition_point(|i| i.line < start);
            let to = self.ignored.partition_point(|i| i.line <= group.end).max(from);
            count += to - from;
            first.extend(self.ignored[from..to].iter().take(3 - first.len().min(3)));
        }
        if count == 0 {
            return String::new();
        }
        // `line 2 (`...`)`, `line 2 (...) and line 4 (...)`, `line 2 (...), line 4 (...) and 3 more`.
        let mut text = String::from(" It passes over ");
        for (k, i) in first.iter().enumerate() {
            if k > 0 {
                text.push_str(if k + 1 == first.len() && count <= 3 { " and " } else { ", " });
            }
            text.push_str("line ");
            push_number(&mut text, i.line);
            text.push_str(" (`");
            text.push_str(&crate::lint::lossy(self.robots.text(i.span)));
            text.push_str("`)");
        }
        if count > 3 {
            text.push_str(" and ");
            push_number(&mut text, count - 3);
            text.push_str(" more");
        }
        text.push_str(if count == 1 { ", which is " } else { ", which are " });
        text.push_str(what);
        text.push('.');
        text
    }
}

/// Appends `n` in decimal: the readings' explanations are built by appending, which costs less code in the npm
/// `.wasm` than `format!` (310 B gzipped for `Reading::ignored_sentence`).
fn push_number(text: &mut String, n: usize) {
    let (mut digits, mut at, mut n) = ([0u8; 20], 20, n);
    loop {
        at -= 1;
        digits[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    text.extend(digits[at..].iter().map(|&d| char::from(d)));
}

/// The path `url` is matched with, as the tools show it.
fn path_text(url: &str) -> (Vec<u8>, String) {
    let mut buf = Vec::new();
    let path = match_path(url.as_bytes(), &mut buf).to_vec();
    let text = String::from_utf8_lossy(&path).into_owned();
    (path, text)
}

/// A [`RuleMatch`] for a rule of a reading.
fn rule_match(robots: &Robots, r: &PRule, priority: usize) -> RuleMatch {
    RuleMatch {
        line: r.line,
        kind: if r.allow { RuleKind::Allow } else { RuleKind::Disallow },
        value: String::from_utf8_lossy(robots.text(r.value)).into_owned(),
        pattern: String::from_utf8_lossy(&r.pattern).into_owned(),
        priority,
        index_fallback: false,
    }
}

/// The user-agent and rule lines of `groups` (indices in file order), in order. A reading's groups do not
/// overlap and each keeps its agents and its rules in file order, so each group's two lists are merged; no
/// sort (a sort of `usize` linked 3.4 KB of the npm `.wasm`).
fn group_lines(groups: &[PGroup], indices: &[usize]) -> Vec<usize> {
    let mut lines = Vec::new();
    for g in indices.iter().filter_map(|&g| groups.get(g)) {
        let mut agents = g.agents.iter().map(|a| a.line).peekable();
        for rule in g.rules.iter().map(|r| r.line) {
            while let Some(a) = agents.next_if(|&a| a < rule) {
                lines.push(a);
            }
            lines.push(rule);
        }
        lines.extend(agents);
    }
    lines
}
