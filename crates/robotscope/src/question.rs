//! The question layer: what every robotscope surface asks, answered in one place (plain data in, plain data
//! out).
//!
//! A [`Question`] holds what a person typed (agents, URLs, an optional base), the view (one reading or every
//! reading compared) and an optional baseline file; [`Robots::ask`] answers it with a [`Survey`]: per URL and
//! agent a [`Cell`] with the verdict and everything a surface shows beside it, per agent the notes on what was
//! typed, per URL which robots.txt governs it. Surfaces render a survey; they decide nothing.
//! [`Robots::ai_summary`] is the one definition of what a file does to the AI crawlers of the catalogue.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::agent::{crawler, is_valid_agent, Crawler, CrawlerKind, Obeys, CRAWLERS};
use crate::profile::Reading;
use crate::resolve::{resolve_agent, resolve_url, AgentCheck, AgentKind, TypedAgent, TypedUrl, UrlKind};
use crate::robots::Selection;
use crate::url::{governs, normalize_url, robots_url, Governs, UrlError};
use crate::usage::Usage;
use crate::{Profile, Robots, RuleMatch, Scope, Verdict};

/// What a survey answers under: one reading (SPEC B6), or every reading side by side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum View {
    /// One reading: each cell is answered under this profile.
    Reading(Profile),
    /// Every profile of [`Profile::ALL`]: each cell is answered as Google reads the file, and carries every
    /// reader's answer and whether they differ.
    Compare,
}

impl Default for View {
    fn default() -> View {
        View::Reading(Profile::Google)
    }
}

impl View {
    /// `google`, `rfc9309`, `1994` ([`Profile::as_str`]) or `compare`: the name tools take and print.
    pub fn name(self) -> &'static str {
        match self {
            View::Reading(p) => p.as_str(),
            View::Compare => "compare",
        }
    }

    /// The view named `name` ([`View::name`], ASCII case ignored, surrounding spaces trimmed).
    ///
    /// ```
    /// use robotscope::{Profile, View};
    /// assert_eq!(View::parse("Compare"), Some(View::Compare));
    /// assert_eq!(View::parse("rfc9309"), Some(View::Reading(Profile::Rfc9309)));
    /// assert_eq!(View::parse("bing"), None);
    /// ```
    pub fn parse(name: &str) -> Option<View> {
        if name.trim().eq_ignore_ascii_case("compare") {
            return Some(View::Compare);
        }
        Profile::parse(name).map(View::Reading)
    }

    /// The profile of a cell's main answer: the view's, or Google's when comparing.
    pub fn profile(self) -> Profile {
        match self {
            View::Reading(p) => p,
            View::Compare => Profile::Google,
        }
    }
}

/// A whole question, as typed.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Question<'a> {
    /// The agents as typed, one row each: a product token, a User-Agent header or a preset name. Several
    /// tokens or preset names separated by commas (`Googlebot-News,Googlebot`) are one pooled agent list,
    /// answered as Google's matcher answers a vector of agents.
    pub agents: Vec<String>,
    /// The URLs as typed: full URLs, hosts without a scheme, paths or bare words.
    pub urls: Vec<String>,
    /// The site (`https://example.com`) that paths are joined to and whose robots.txt the file is taken to be;
    /// without it, paths stay paths and the site is that of the first full URL.
    pub base: Option<String>,
    /// The site whose robots.txt the file is taken to be, when the caller has decided it (any URL of the site; a
    /// survey's [`Survey::site`] will do): it wins over `base` and the first full URL. A long list asked in parts
    /// gives each part the site of the first part that had one, so that every part tells the same file's URLs
    /// (`governs`) as the whole list asked at once would. Paths are still joined to `base` alone.
    pub site: Option<&'a str>,
    /// One reading, or every reading compared.
    pub view: View,
    /// Under [`View::Compare`], the readings compared, in this order (repeats are kept); empty: every profile
    /// of [`Profile::ALL`]. Ignored under one reading.
    pub readings: &'a [Profile],
    /// An earlier version of the file: each cell also carries its answer there, and whether it changed.
    pub baseline: Option<&'a Robots>,
    /// Take agents and URLs exactly as given, as Google's own `robots` binary does (the CLI's `--exact`): each
    /// agent string goes to the matcher unchanged (no presets, no header reading; commas between tokens still
    /// pool them), each URL unchanged (never an error), and no notes are made.
    pub exact: bool,
}

/// One agent row of a survey: what was typed and how it was read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AskedAgent {
    /// What was typed, trimmed.
    pub input: String,
    /// How it was read: one agent, or the members of a pooled list.
    pub members: Vec<TypedAgent>,
    /// The name to show: the crawler's name or the token, members joined with ` + `.
    pub label: String,
    /// Sentences about what was typed when the engine is given something else (a header reduced to its
    /// token, a browser, an invalid token, a pool), in order.
    pub notes: Vec<String>,
}

impl AskedAgent {
    /// Reads one typed agent row as [`Robots::ask`] does (`exact`: see [`Question::exact`]): the row a survey
    /// holds for `input`, for callers that build a survey of their own from answers the core gave (such as one
    /// cell of [`Robots::ai_summary`], asked of the crawler's name).
    ///
    /// ```
    /// let row = robotscope::AskedAgent::read("Googlebot-News, Googlebot", false);
    /// assert!(row.is_pool());
    /// assert_eq!(row.label, "Googlebot-News + Googlebot");
    /// ```
    pub fn read(input: &str, exact: bool) -> AskedAgent {
        ask_agent(input, exact)
    }

    /// Whether several agents are pooled into one list.
    pub fn is_pool(&self) -> bool {
        self.members.len() > 1
    }
}

/// One URL row of a survey.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AskedUrl {
    /// How it was read: what the engine is given (`tested`) or why it cannot be read (`error`: the row has no
    /// answers).
    pub typed: TypedUrl,
    /// Whether the survey's site's robots.txt governs it; `None` when that cannot be told (no site is known,
    /// the URL is a path without a base, or it cannot be read). `Some(Governs::Yes)` is the file on hand.
    pub governs: Option<Governs>,
}

/// One reader's (or the baseline's) short answer for a cell.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Answer {
    /// The profile it was answered under.
    pub profile: Profile,
    /// Whether the URL may be fetched.
    pub allowed: bool,
    /// The deciding line, 0 when none.
    pub line: usize,
    /// The rule on [`Answer::line`], if any.
    pub rule: Option<RuleMatch>,
    /// Whether the agent's own groups, the `*` groups, or no group applied.
    pub scope: Scope,
    /// The token the engine was given (`None`: no rule can apply, a crawler that ignores `*` without a group).
    pub token: Option<String>,
    /// The token whose group a preset follows when it has none of its own.
    pub follows: Option<String>,
}

/// The answer for one URL and one agent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    /// The profile of this answer (the view's; Google's when comparing).
    pub profile: Profile,
    /// The token the engine was given: a preset's first token with a group, the token read from what was
    /// typed, the pooled tokens joined with `,`; `None` when no rule can apply (a crawler that ignores `*` and
    /// has no group).
    pub token: Option<String>,
    /// The token whose group a preset follows when it has none of its own (Googlebot-Image follows Googlebot).
    pub follows: Option<String>,
    /// The whole verdict: allowed, deciding line and rule, scope, matched path, groups and their lines, every
    /// match.
    pub verdict: Verdict,
    /// The line of a `Disallow` that ties the deciding `Allow` and loses (ties go to `Allow`): the URL only
    /// looks blocked.
    pub tied_disallow: Option<usize>,
    /// The usage preferences that apply. One rule under every view: they are read from the groups Google's
    /// reading applies (the other readings know no usage lines), and never change a verdict.
    pub usage: Usage,
    /// Under [`View::Compare`], each compared reading's answer ([`Question::readings`], by default
    /// [`Profile::ALL`], in order); empty otherwise.
    pub readers: Vec<Answer>,
    /// Whether the readers disagree on allowed or disallowed.
    pub differs: bool,
    /// Whether the readers' deciding lines are not all the same (even where they agree on the verdict).
    pub lines_differ: bool,
    /// The answer in the baseline file (under the same profile as this answer), when one was given.
    pub baseline: Option<Answer>,
    /// Whether the baseline answers allowed where this file disallows, or the other way round.
    pub changed: bool,
}

impl Cell {
    /// Why a cell has no [`Cell::token`] and no group applies, in the words every surface shows for it.
    pub const NO_TOKEN: &'static str = "the crawler ignores * and no group names it";

    /// Whether the URL may be fetched.
    pub fn allowed(&self) -> bool {
        self.verdict.allowed
    }

    /// The deciding line, 0 when none.
    pub fn line(&self) -> usize {
        self.verdict.line
    }

    /// Blocked: the URL may not be fetched. The one definition every summary counts.
    pub fn blocked(&self) -> bool {
        !self.verdict.allowed
    }

    /// Only looks blocked: a `Disallow` that applies to the agent matches the URL, but it ties the deciding
    /// `Allow` at the same priority and loses (typically a CDN's managed `Allow: /` merged with the site's own
    /// `Disallow: /`), so the URL may be fetched.
    pub fn looks_blocked(&self) -> bool {
        self.verdict.allowed && self.tied_disallow.is_some()
    }

    /// The line a surface points at for this answer: the deciding line, else the first line of the groups that
    /// applied, else 0.
    pub fn focus_line(&self) -> usize {
        if self.verdict.line > 0 {
            self.verdict.line
        } else {
            self.verdict.group_lines.first().copied().unwrap_or(0)
        }
    }

    /// Why the answer only looks like a block, when it does ([`Cell::looks_blocked`]): `only looks blocked: the
    /// Disallow on line 2 ties the Allow on line 5, and Allow wins`.
    ///
    /// ```
    /// use robotscope::{Question, Robots};
    /// let robots = Robots::parse("User-agent: *\nDisallow: /\n\nUser-agent: *\nAllow: /\n");
    /// let s = robots.ask(&Question { agents: vec!["CCBot".into()], urls: vec!["/".into()], ..Question::default() });
    /// let note = s.cell(0, 0).unwrap().looks_blocked_note().unwrap();
    /// assert_eq!(note, "only looks blocked: the Disallow on line 2 ties the Allow on line 5, and Allow wins");
    /// ```
    pub fn looks_blocked_note(&self) -> Option<String> {
        let disallow = self.tied_disallow.filter(|_| self.looks_blocked())?;
        Some(format!("only looks blocked: {}", tie(disallow, self.line())))
    }
}

/// A `Disallow` that ties the deciding `Allow` and loses, in words.
fn tie(disallow: usize, allow: usize) -> String {
    format!("the Disallow on line {disallow} ties the Allow on line {allow}, and Allow wins")
}

/// The answer to a [`Question`]: [`Robots::ask`].
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Survey {
    /// The view it was answered under.
    pub view: View,
    /// The robots.txt URL the file is taken to be (from the base, else the first full URL), if any.
    pub site: Option<String>,
    /// One row per agent typed, in order.
    pub agents: Vec<AskedAgent>,
    /// One row per URL typed, in order.
    pub urls: Vec<AskedUrl>,
    /// URL-major (`cells[url * agents.len() + agent]`); `None` for a URL that cannot be read.
    pub cells: Vec<Option<Cell>>,
    /// How many cells the readers answer differently (under [`View::Compare`]).
    pub differ: usize,
    /// How many cells changed against the baseline.
    pub changed: usize,
    /// Per URL in order and per [`AI_GROUPS`] group: how many of the agent rows that name one crawler of the group
    /// are blocked, and how many only look blocked (none where the URL cannot be read). For a question of
    /// [`ai_agents`], the counts of [`Robots::ai_summary`].
    ///
    /// ```
    /// use robotscope::{ai_agents, Question, Robots};
    /// let robots = Robots::parse("User-agent: GPTBot\nUser-agent: Google-Extended\nDisallow: /\n");
    /// let q = Question { agents: ai_agents(), urls: vec!["/".into(), "/x".into()], ..Question::default() };
    /// let ai = robots.ask(&q).ai;
    /// assert_eq!((ai.len(), ai[1][0].blocked, ai[1][1].blocked), (2, 2, 0));
    /// ```
    pub ai: Vec<[AiCount; AI_GROUPS.len()]>,
    /// How many agent rows and URL rows past [`crate::MAX_AGENTS`] and [`crate::MAX_URLS`] were left out
    /// ([`crate::agent_rows`]); [`Survey::left_out_notes`] says so.
    pub left_out: [usize; 2],
}

impl Survey {
    /// The cell of URL `url` and agent `agent`, if both exist and the URL could be read.
    pub fn cell(&self, url: usize, agent: usize) -> Option<&Cell> {
        if agent >= self.agents.len() {
            return None;
        }
        self.cells.get(url * self.agents.len() + agent)?.as_ref()
    }

    /// The URLs that could not be read, with their index.
    pub fn url_errors(&self) -> impl Iterator<Item = (usize, &AskedUrl)> + '_ {
        self.urls.iter().enumerate().filter(|(_, u)| u.typed.error.is_some())
    }
}

/// Splits a typed agent into a pooled list: several product tokens or preset names separated by commas.
/// Anything else (a header, whose comments may hold commas) is one agent.
fn pool_members(input: &str) -> Option<Vec<&str>> {
    if !input.contains(',') {
        return None;
    }
    let mut members = Vec::new();
    for member in input.split(',') {
        members.push(member.trim());
    }
    members.iter().all(|m| is_valid_agent(m) || crawler(m).is_some()).then_some(members)
}

/// An agent string given to the matcher as it is.
fn exact_agent(input: &str) -> TypedAgent {
    let kind = if is_valid_agent(input) { AgentKind::Token } else { AgentKind::Invalid };
    TypedAgent { input: input.to_string(), token: input.to_string(), crawler: None, kind }
}

/// Reads one typed agent row (`exact`: see [`Question::exact`]).
#[inline(never)]
pub(crate) fn ask_agent(input: &str, exact: bool) -> AskedAgent {
    let read = if exact { exact_agent } else { resolve_agent };
    let input = if exact { input } else { input.trim() };
    let names = pool_members(input).unwrap_or_else(|| alloc::vec![input]);
    // Lists here are built by pushing, not by `collect`, which links code of its own per iterator type in the npm
    // `.wasm`; labels are `String`s, as every other list joined in the core (one copy of `join`).
    let (mut members, mut labels, mut notes) = (Vec::new(), Vec::new(), Vec::new());
    for name in names {
        let member = read(name);
        labels.push(member.label().to_string());
        if let Some(note) = if exact { None } else { member.note() } {
            notes.push(note);
        }
        members.push(member);
    }
    let label = labels.join(" + ");
    if members.len() > 1 {
        notes.push(format!(
            "{} are pooled into one list of agents, as Google's matcher reads a vector of agents: the rules of \
             all their groups compete as one.",
            labels.join(", ")
        ));
    }
    AskedAgent { input: input.to_string(), members, label, notes }
}

/// What answering a question needs of a reading: [`Reading`] (any profile), or the file itself for Google's reading
/// alone, so that a build that asks only as Google reads ([`Robots::ask_google`]) links no other reading.
pub(crate) trait Reader {
    /// The groups that answer for an agent list, found once for all its URLs.
    type Selected;
    fn profile(&self) -> Profile;
    fn agent_token(&self, agent: &TypedAgent) -> Option<String>;
    /// The groups that answer for `tokens` (not empty).
    fn select(&self, tokens: &[String]) -> Self::Selected;
    fn check_selected(&self, selected: &Self::Selected, url: &str) -> Verdict;
    /// The verdict when no rule can apply: allowed, with the path as this reading compares it.
    fn unrestricted(&self, url: &str) -> Verdict;
    fn explain_answer(&self, agent: &TypedAgent, token: Option<&str>, follows: Option<&str>, v: &Verdict) -> String;
    fn explain(&self, verdict: &Verdict, agent: &str) -> String;
    /// The first line of group `index` (of [`Verdict::groups`]).
    fn group_first_line(&self, index: usize) -> Option<usize>;
}

impl Reader for Reading<'_> {
    /// Google's groups selected once ([`Robots::select`]), or the tokens another reading checks per URL.
    type Selected = Result<Selection, Vec<String>>;
    fn profile(&self) -> Profile {
        Reading::profile(self)
    }
    fn agent_token(&self, agent: &TypedAgent) -> Option<String> {
        Reading::agent_token(self, agent)
    }
    fn select(&self, tokens: &[String]) -> Self::Selected {
        match self.profile() {
            Profile::Google => Ok(Reader::select(&self.robots, tokens)),
            _ => Err(tokens.to_vec()),
        }
    }
    fn check_selected(&self, selected: &Self::Selected, url: &str) -> Verdict {
        match selected {
            Ok(selection) => self.robots.check_selected(selection, url),
            Err(tokens) => self.check(&tokens[..], url),
        }
    }
    fn unrestricted(&self, url: &str) -> Verdict {
        Verdict::unrestricted(self.check("", url).path)
    }
    fn explain_answer(&self, agent: &TypedAgent, token: Option<&str>, follows: Option<&str>, v: &Verdict) -> String {
        Reading::explain_answer(self, agent, token, follows, v)
    }
    fn explain(&self, verdict: &Verdict, agent: &str) -> String {
        Reading::explain(self, verdict, agent)
    }
    fn group_first_line(&self, index: usize) -> Option<usize> {
        self.group_line_range(index).map(|(first, _)| first)
    }
}

// Groups are selected through the agent list type of `Robots::check_agent` (`[&str]`), so that a build asking only
// as Google reads compiles the selection once.
impl Reader for &Robots {
    type Selected = Selection;
    fn profile(&self) -> Profile {
        Profile::Google
    }
    fn agent_token(&self, agent: &TypedAgent) -> Option<String> {
        Robots::agent_token(self, agent)
    }
    fn select(&self, tokens: &[String]) -> Selection {
        let mut agents = Vec::with_capacity(tokens.len());
        for token in tokens {
            agents.push(token.as_str());
        }
        Robots::select(self, &agents[..])
    }
    fn check_selected(&self, selected: &Selection, url: &str) -> Verdict {
        Robots::check_selected(self, selected, url)
    }
    fn unrestricted(&self, url: &str) -> Verdict {
        Robots::check_selected(self, &Selection { own: false, groups: Vec::new(), lines: Default::default() }, url)
    }
    fn explain_answer(&self, agent: &TypedAgent, token: Option<&str>, follows: Option<&str>, v: &Verdict) -> String {
        Robots::explain_answer(self, agent, token, follows, v)
    }
    fn explain(&self, verdict: &Verdict, agent: &str) -> String {
        Robots::explain(self, verdict, agent)
    }
    fn group_first_line(&self, index: usize) -> Option<usize> {
        self.group(index).map(|g| g.line_range().0)
    }
}

/// Where a question's readings come from: every reading ([`Robots::reading`]) or Google's alone.
pub(crate) trait Readings {
    /// Whether the other readings are linked (`false`: every view is answered as Google reads the file).
    const EVERY: bool;
    type Of<'a>: Reader;
    fn of(robots: &Robots, profile: Profile) -> Self::Of<'_>;
}

pub(crate) struct Every;

impl Readings for Every {
    const EVERY: bool = true;
    type Of<'a> = Reading<'a>;
    fn of(robots: &Robots, profile: Profile) -> Reading<'_> {
        robots.reading(profile)
    }
}

pub(crate) struct GoogleAlone;

impl Readings for GoogleAlone {
    const EVERY: bool = false;
    type Of<'a> = &'a Robots;
    fn of(robots: &Robots, _: Profile) -> &Robots {
        robots
    }
}

/// The tokens of a pooled agent row: each member's token as it would be given alone (a preset's fallback
/// included), once each (ASCII case ignored), in order; empty when every member ignores `*` and none has a group.
pub(crate) fn pool_tokens(reading: &impl Reader, agent: &AskedAgent) -> Vec<String> {
    // A map of the lower-cased tokens keeps a long typed list from costing the square of its length (the lint's
    // map type, so that the npm `.wasm` links one copy of its code).
    let mut seen: alloc::collections::BTreeMap<Vec<u8>, Vec<usize>> = alloc::collections::BTreeMap::new();
    let mut tokens: Vec<String> = Vec::new();
    for token in agent.members.iter().filter_map(|m| reading.agent_token(m)) {
        let places = seen.entry(token.to_ascii_lowercase().into_bytes()).or_default();
        if places.is_empty() {
            places.push(tokens.len());
            tokens.push(token);
        }
    }
    tokens
}

/// One agent row prepared under one reading, once for all its URLs: the token the engine is given (a preset's
/// fallback, or the pooled tokens joined with `,`), the groups that answer for it (`None`: every member ignores
/// `*` and none has a group, so no rule applies) and the token a preset follows when that group is its own.
struct Row<S> {
    token: Option<String>,
    follows: Option<String>,
    selected: Option<S>,
}

impl<S> Row<S> {
    /// [`Robots::check_agent`] for one member (the same token, fallback and `follows`), the pooled answer for
    /// several.
    fn new<R: Reader<Selected = S>>(reading: &R, agent: &AskedAgent) -> Row<S> {
        let tokens = pool_tokens(reading, agent);
        let follows = match (&agent.members[..], tokens.first()) {
            ([one], Some(t)) => one.crawler.filter(|c| t != c.tokens[0]).map(|_| t.clone()),
            _ => None,
        };
        let selected = (!tokens.is_empty()).then(|| reading.select(&tokens));
        Row { token: (!tokens.is_empty()).then(|| tokens.join(",")), follows, selected }
    }

    fn check<R: Reader<Selected = S>>(&self, reading: &R, url: &str) -> AgentCheck {
        let verdict = match &self.selected {
            Some(s) => reading.check_selected(s, url),
            None => reading.unrestricted(url),
        };
        // A preset follows another token's group only when that group is its own, not `*`.
        let follows = self.follows.clone().filter(|_| verdict.scope == Scope::Specific);
        AgentCheck { token: self.token.clone(), follows, verdict }
    }
}

/// A reading with its agent rows.
fn prepare<R: Reader>(reading: R, agents: &[AskedAgent]) -> (R, Vec<Row<R::Selected>>) {
    let mut rows = Vec::with_capacity(agents.len());
    for agent in agents {
        rows.push(Row::new(&reading, agent));
    }
    (reading, rows)
}

fn short(profile: Profile, check: &AgentCheck) -> Answer {
    Answer {
        profile,
        allowed: check.verdict.allowed,
        line: check.verdict.line,
        rule: check.verdict.decided_by.clone(),
        scope: check.verdict.scope,
        token: check.token.clone(),
        follows: check.follows.clone(),
    }
}

/// Reads one typed URL as [`Robots::ask`] does (`exact`: see [`Question::exact`]).
#[inline(never)]
fn read_url(u: &str, base: Option<&str>, exact: bool) -> TypedUrl {
    if !exact {
        return resolve_url(u, base);
    }
    let kind = if crate::pattern::find_str(u, "://").is_some() { UrlKind::Full } else { UrlKind::Path };
    TypedUrl { input: u.to_string(), tested: u.to_string(), kind, error: None }
}

/// The robots.txt URL of the site given, else of a base, else of the first full URL that can be read.
#[inline(never)]
fn site_of(site: Option<&str>, base: Option<&str>, urls: &[AskedUrl]) -> Option<String> {
    if let Some(base) = site.or(base).map(str::trim).filter(|b| !b.is_empty()) {
        // Read as paths are joined to it: a base without a scheme is an `http` site.
        return normalize_url(base).and_then(|b| robots_url(&b)).ok();
    }
    let first = urls.iter().find(|u| u.typed.kind == UrlKind::Full && u.typed.error.is_none())?;
    robots_url(&first.typed.tested).ok()
}

impl Robots {
    /// Answers a whole [`Question`]: every typed URL for every typed agent, read as the tester reads them
    /// (presets with their fallbacks, crawlers that ignore `*`, headers reduced to their token, URLs
    /// percent-encoded as a crawler sends them, bare words as paths), under the question's view and against its
    /// baseline.
    ///
    /// Call [`Robots::keep_readings`] first when asking under other readings more than once.
    ///
    /// ```
    /// use robotscope::{Question, Robots};
    /// let robots = Robots::parse("User-agent: Googlebot\nDisallow: /photos/\n\nUser-agent: *\nDisallow: /cart\n");
    /// let q = Question {
    ///     agents: vec!["Googlebot-Image".into(), "AdsBot-Google".into()],
    ///     urls: vec!["https://example.com/photos/a.jpg".into(), "cart".into(), "http://".into()],
    ///     ..Question::default()
    /// };
    /// let s = robots.ask(&q);
    /// let image = s.cell(0, 0).unwrap();
    /// assert_eq!((image.allowed(), image.line(), image.follows.as_deref()), (false, 2, Some("Googlebot")));
    /// // AdsBot ignores `*`: no group names it, so nothing applies.
    /// let ads = s.cell(1, 1).unwrap();
    /// assert_eq!((ads.allowed(), ads.token.as_deref()), (true, None));
    /// assert_eq!(s.urls[1].typed.tested, "/cart");
    /// assert!(s.cell(2, 0).is_none() && s.urls[2].typed.error.is_some());
    /// ```
    pub fn ask(&self, question: &Question<'_>) -> Survey {
        self.ask_in::<Every>(question, question.view)
    }

    /// [`Robots::ask`] as Google reads the file, whatever the question's view (the survey's view is Google's
    /// reading): for builds that must not link the other readings (the npm package's first `.wasm`). Under
    /// `View::Reading(Profile::Google)` the survey is [`Robots::ask`]'s.
    ///
    /// ```
    /// use robotscope::{Question, Robots, View};
    /// let robots = Robots::parse("User-agent: *\nDisallow: /cart\n");
    /// let q = Question { agents: vec!["Googlebot".into()], urls: vec!["/cart".into()], ..Question::default() };
    /// assert_eq!(robots.ask_google(&q), robots.ask(&q));
    /// let compare = Question { view: View::Compare, ..q };
    /// assert!(robots.ask_google(&compare).cell(0, 0).unwrap().readers.is_empty());
    /// ```
    pub fn ask_google(&self, question: &Question<'_>) -> Survey {
        self.ask_in::<GoogleAlone>(question, View::default())
    }

    /// [`Robots::ask`] with the readings of `R`: each agent row is prepared once per reading ([`Row`]: its token,
    /// and its groups selected once for all its URLs, which matters in files of thousands of groups), then
    /// answered per URL.
    // Out of line, as `ask_agent`, `read_url` and `site_of` (called once per question or row): with the adapter's
    // row writers, 84 B less in the npm `.wasm` by zlib level 9.
    #[inline(never)]
    fn ask_in<R: Readings>(&self, question: &Question<'_>, view: View) -> Survey {
        let base = question.base.as_deref();
        // The rows, by the one rule of typed lists (sets expanded, repeats dropped, the limits).
        let rows = crate::lists::agent_rows(question.agents.iter().map(String::as_str));
        let mut agents = Vec::with_capacity(rows.rows.len());
        for a in &rows.rows {
            agents.push(ask_agent(a, question.exact));
        }
        let typed_urls = &question.urls[..question.urls.len().min(crate::lists::MAX_URLS)];
        let mut urls = Vec::with_capacity(typed_urls.len());
        for u in typed_urls {
            urls.push(AskedUrl { typed: read_url(u, base, question.exact), governs: None });
        }
        let site = site_of(question.site, base, &urls);
        for u in &mut urls {
            let readable = u.typed.error.is_none() && crate::pattern::find_str(&u.typed.tested, "://").is_some();
            if let (Some(site), true) = (&site, readable) {
                u.governs = governs(site, &u.typed.tested).ok();
            }
        }
        // Without the other readings, every view is Google's: no readers, and the usage is the main answer's.
        let profiles: &[Profile] = match (view, question.readings) {
            (View::Compare, []) if R::EVERY => &Profile::ALL,
            (View::Compare, some) if R::EVERY => some,
            _ => &[],
        };
        let prepare = |reading| prepare(reading, &agents);
        let main = prepare(R::of(self, view.profile()));
        let google = (R::EVERY && view.profile() != Profile::Google).then(|| prepare(R::of(self, Profile::Google)));
        let others: Vec<_> = crate::pushed(profiles.iter().map(|&p| prepare(R::of(self, p))));
        let old = question.baseline.map(|b| prepare(R::of(b, view.profile())));
        let (mut differ, mut changed) = (0, 0);
        let mut cells = Vec::with_capacity(urls.len() * agents.len());
        // The AI group of each row that names one AI crawler.
        let mut ai_groups = Vec::with_capacity(agents.len());
        for agent in &agents {
            ai_groups.push(match &agent.members[..] {
                [one] => one.crawler.and_then(|c| AI_GROUPS.iter().position(|g| g.kinds.contains(&c.kind))),
                _ => None,
            });
        }
        let mut ai = Vec::with_capacity(urls.len());
        for u in &urls {
            let mut count = [AiCount::default(); AI_GROUPS.len()];
            for a in 0..agents.len() {
                if u.typed.error.is_some() {
                    cells.push(None);
                    continue;
                }
                let url = u.typed.tested.as_str();
                let check = main.1[a].check(&main.0, url);
                let usage = match &google {
                    None => self.usage_for(&check.verdict),
                    Some((g, rows)) => self.usage_for(&rows[a].check(g, url).verdict),
                };
                let readers: Vec<Answer> = crate::pushed(others.iter().map(|(r, rows)| {
                    if r.profile() == view.profile() {
                        short(r.profile(), &check)
                    } else {
                        short(r.profile(), &rows[a].check(r, url))
                    }
                }));
                let (differs, lines_differ) = crate::profile::marks(readers.iter().map(|r| (r.allowed, r.line)));
                let baseline = old.as_ref().map(|(r, rows)| short(r.profile(), &rows[a].check(r, url)));
                let flipped = baseline.as_ref().is_some_and(|b| b.allowed != check.verdict.allowed);
                differ += usize::from(differs);
                changed += usize::from(flipped);
                let AgentCheck { token, follows, verdict } = check;
                let tied_disallow = verdict.tied_disallow().map(|m| m.line);
                let cell = Cell {
                    profile: view.profile(),
                    token,
                    follows,
                    verdict,
                    tied_disallow,
                    usage,
                    readers,
                    differs,
                    lines_differ,
                    baseline,
                    changed: flipped,
                };
                if let Some(g) = ai_groups[a] {
                    count[g].blocked += usize::from(cell.blocked());
                    count[g].looks_blocked += usize::from(cell.looks_blocked());
                }
                cells.push(Some(cell));
            }
            ai.push(count);
        }
        let left_out = [rows.left_out, question.urls.len() - typed_urls.len()];
        Survey { view, site, agents, urls, cells, differ, changed, ai, left_out }
    }

    /// Says in words why the cell of URL `url` and agent `agent` of `survey` (from [`Robots::ask`] on this
    /// file) came out as it did, under `profile` (the cell's own, or another reader's when comparing); `None`
    /// when there is no such cell.
    ///
    /// ```
    /// use robotscope::{Profile, Question, Robots};
    /// let robots = Robots::parse("User-agent: *\nDisallow: /private/\n");
    /// let q = Question { agents: vec!["MyBot".into()], urls: vec!["/private/x".into()], ..Question::default() };
    /// let s = robots.ask(&q);
    /// let text = robots.explain_cell(&s, 0, 0, Profile::Google).unwrap();
    /// assert!(text.starts_with("MyBot has no group of its own, so the `*` group (lines 1-2) applies."));
    /// ```
    pub fn explain_cell(&self, survey: &Survey, url: usize, agent: usize, profile: Profile) -> Option<String> {
        self.explain_cell_in::<Every>(survey, url, agent, profile)
    }

    /// [`Robots::explain_cell`] under Google's reading, for a survey from [`Robots::ask_google`], linking no other
    /// reading (`None` for a cell answered under another reading).
    ///
    /// ```
    /// use robotscope::{Profile, Question, Robots};
    /// let robots = Robots::parse("User-agent: *\nDisallow: /private/\n");
    /// let q = Question { agents: vec!["MyBot".into()], urls: vec!["/private/x".into()], ..Question::default() };
    /// let s = robots.ask_google(&q);
    /// assert_eq!(robots.explain_cell_google(&s, 0, 0), robots.explain_cell(&s, 0, 0, Profile::Google));
    /// ```
    pub fn explain_cell_google(&self, survey: &Survey, url: usize, agent: usize) -> Option<String> {
        self.explain_cell_in::<GoogleAlone>(survey, url, agent, Profile::Google)
    }

    fn explain_cell_in<R: Readings>(
        &self,
        survey: &Survey,
        url: usize,
        agent: usize,
        profile: Profile,
    ) -> Option<String> {
        let cell = survey.cell(url, agent)?;
        let asked = survey.agents.get(agent)?;
        let reading = R::of(self, profile);
        let other;
        let (token, follows, verdict) = if profile == cell.profile {
            (cell.token.as_deref(), cell.follows.as_deref(), &cell.verdict)
        } else if !R::EVERY {
            // Google's reading alone explains only cells answered under it.
            return None;
        } else {
            other = Row::new(&reading, asked).check(&reading, &survey.urls.get(url)?.typed.tested);
            (other.token.as_deref(), other.follows.as_deref(), &other.verdict)
        };
        Some(match &asked.members[..] {
            [one] => reading.explain_answer(one, token, follows, verdict),
            _ if token.is_none() => format!(
                "{} all ignore the `*` group and no group names any of them, so no rule applies and the URL is \
                 allowed.",
                asked.label
            ),
            _ => reading.explain(verdict, &asked.label),
        })
    }
}

impl Robots {
    /// The lines to quote beside a cell's answer (from [`Robots::ask`] on this file), in order: under Google's
    /// reading the `User-agent` lines of the groups that applied (at most three per group, four groups), under
    /// another reading the first line of each (at most four), and the deciding line. Empty when no group applied.
    ///
    /// ```
    /// use robotscope::{Question, Robots};
    /// let robots = Robots::parse("User-agent: a\nUser-agent: b\nDisallow: /x\n\nUser-agent: b\nAllow: /x/y\n");
    /// let q = Question { agents: vec!["b".into()], urls: vec!["/x/y".into()], ..Question::default() };
    /// let s = robots.ask(&q);
    /// assert_eq!(robots.quoted_lines(s.cell(0, 0).unwrap()), [1, 2, 5, 6]);
    /// ```
    pub fn quoted_lines(&self, cell: &Cell) -> Vec<usize> {
        self.quoted_lines_in::<Every>(cell)
    }

    /// [`Robots::quoted_lines`] for a cell of [`Robots::ask_google`], linking no other reading (a cell under another
    /// reading quotes the first line of each group as Google numbers its groups).
    pub fn quoted_lines_google(&self, cell: &Cell) -> Vec<usize> {
        self.quoted_lines_in::<GoogleAlone>(cell)
    }

    /// The groups that applied to a cell, in words: `group for Googlebot` (named as the file names it), `groups
    /// for *`, `record for googlebot` (the 1994 reading), `no group for this agent`, or [`Cell::NO_TOKEN`]; then
    /// `, follows Googlebot` when a preset follows another token's group.
    ///
    /// ```
    /// use robotscope::{Question, Robots};
    /// let robots = Robots::parse("User-agent: Googlebot\nDisallow: /x\n\nUser-agent: *\nDisallow: /\n");
    /// let agents = vec!["Googlebot-Image".into(), "GPTBot".into(), "AdsBot-Google".into()];
    /// let s = robots.ask(&Question { agents, urls: vec!["/x".into()], ..Question::default() });
    /// assert_eq!(robots.groups_applied(s.cell(0, 0).unwrap()), "group for Googlebot, follows Googlebot");
    /// assert_eq!(robots.groups_applied(s.cell(0, 1).unwrap()), "group for *");
    /// assert_eq!(robots.groups_applied(s.cell(0, 2).unwrap()), robotscope::Cell::NO_TOKEN);
    /// ```
    pub fn groups_applied(&self, cell: &Cell) -> String {
        let v = &cell.verdict;
        let Some(token) = cell.token.as_deref() else { return String::from(Cell::NO_TOKEN) };
        let tokens: Vec<&str> = token.split(',').collect();
        let noun = match (cell.profile, v.groups.len()) {
            (Profile::Original1994, _) => "record",
            (_, 1) => "group",
            _ => "groups",
        };
        match v.scope {
            // The reading's groups are not the file's groups (`Robots::group`): name the agents asked about.
            Scope::Specific if cell.profile != Profile::Google => format!("{noun} for {}", tokens.join(", ")),
            Scope::None => {
                String::from(if tokens.len() <= 1 { "no group for this agent" } else { "no group for these agents" })
            }
            Scope::Global => format!("{noun} for *"),
            Scope::Specific => {
                let mut names: Vec<String> = Vec::new();
                for group in v.groups.iter().filter_map(|&g| self.group(g)) {
                    for ua in group.agents() {
                        let named = !ua.global && tokens.iter().any(|a| a.as_bytes().eq_ignore_ascii_case(ua.token));
                        let name = String::from_utf8_lossy(ua.token);
                        let name = if name.is_empty() { String::from("''") } else { name.into_owned() };
                        if named && !names.iter().any(|n| n.eq_ignore_ascii_case(&name)) {
                            names.push(name);
                        }
                    }
                }
                let follows = cell.follows.as_ref().map(|f| format!(", follows {f}")).unwrap_or_default();
                format!("{noun} for {}{follows}", names.join(", "))
            }
        }
    }

    fn quoted_lines_in<R: Readings>(&self, cell: &Cell) -> Vec<usize> {
        let mut lines = Vec::new();
        let groups = cell.verdict.groups.iter().take(4);
        if cell.profile == Profile::Google {
            for group in groups.filter_map(|&g| self.group(g)) {
                for a in group.agents().take(3) {
                    lines.push(a.line);
                }
            }
        } else {
            let reading = R::of(self, cell.profile);
            for line in groups.filter_map(|&g| reading.group_first_line(g)) {
                lines.push(line);
            }
        }
        // Groups come in file order, each with its user-agent lines first: only the deciding line needs a place.
        let line = cell.verdict.line;
        let at = lines.partition_point(|&l| l < line);
        if line > 0 && lines.get(at) != Some(&line) {
            lines.insert(at, line);
        }
        lines
    }
}

/// A group of AI crawlers the summary counts: a name (a [`crawler_set`](crate::crawler_set) name), a title and
/// the catalogue kinds it holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct AiGroup {
    /// The set name: `training`, `ai-search` or `user-triggered`.
    pub name: &'static str,
    /// A heading for people.
    pub title: &'static str,
    /// The catalogue kinds it holds.
    pub kinds: &'static [CrawlerKind],
}

impl AiGroup {
    /// Its crawlers, in catalogue order.
    pub fn crawlers(&self) -> impl Iterator<Item = &'static Crawler> + '_ {
        CRAWLERS.iter().filter(|c| self.kinds.contains(&c.kind))
    }

    /// What the operators of its crawlers say about robots.txt where it is not a plain yes
    /// ([`Crawler::facts`]), as the clauses every surface ends the group's summary with: `robots.txt may not
    /// apply to 2 of them`, `2 reported not to obey it`, `8 with no statement`.
    pub fn statements(&self) -> Vec<String> {
        let said = |obeys: Obeys| self.crawlers().filter(|c| c.facts().obeys == obeys).count();
        let mut out = Vec::new();
        match said(Obeys::MayNotApply) {
            0 => {}
            n => out.push(format!("robots.txt may not apply to {n} of them")),
        }
        match said(Obeys::No) {
            0 => {}
            n => out.push(format!("{n} reported not to obey it")),
        }
        match said(Obeys::Unknown) {
            0 => {}
            n => out.push(format!("{n} with no statement")),
        }
        out
    }
}

/// The groups of [`Robots::ai_summary`], which hold every AI kind of the catalogue once: training includes the
/// control tokens (Google-Extended, Applebot-Extended), which govern how Google's and Apple's fetches may train
/// AI models, so "every training crawler is blocked" also says whether those are.
pub const AI_GROUPS: [AiGroup; 3] = [
    AiGroup { name: "training", title: "AI training", kinds: &[CrawlerKind::AiTraining, CrawlerKind::ControlToken] },
    AiGroup { name: "ai-search", title: "AI search and assistants", kinds: &[CrawlerKind::AiSearch] },
    AiGroup { name: "user-triggered", title: "User-triggered fetchers", kinds: &[CrawlerKind::UserTriggered] },
];

/// One crawler of the catalogue at one URL, for the AI summary: its whole answer, as [`Robots::ask`] gives it
/// for the crawler's name typed as an agent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AiAnswer {
    /// The crawler.
    pub crawler: &'static Crawler,
    /// Its answer (with its fallbacks and handling of `*`; usage preferences included).
    pub cell: Cell,
}

/// What a file does to one [`AiGroup`] at one URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AiGroupSummary {
    /// The group.
    pub group: AiGroup,
    /// The URL asked, as the crawlers request it (`/` for the site's root).
    pub url: String,
    /// Each of its crawlers, in catalogue order.
    pub crawlers: Vec<AiAnswer>,
    /// How many are blocked ([`Cell::blocked`]).
    pub blocked: usize,
    /// How many only look blocked ([`Cell::looks_blocked`]).
    pub looks_blocked: usize,
}

impl AiGroupSummary {
    /// How many are blocked at the URL asked, and how many more only look blocked: `4 of 14 blocked at / (10
    /// more only look blocked)`.
    pub fn counted(&self) -> String {
        let mut out = format!("{} of {} blocked at {}", self.blocked, self.crawlers.len(), self.url);
        if self.looks_blocked > 0 {
            out.push_str(&format!(" ({} more only look blocked)", self.looks_blocked));
        }
        out
    }

    /// Who only looks blocked and why, when any does: `CCBot, Bytespider and 8 more: the Disallow on line 15
    /// ties the Allow on line 4, and Allow wins` (the lines of the first of them).
    pub fn looks_blocked_note(&self) -> Option<String> {
        let mut looks = self.crawlers.iter().filter(|a| a.cell.looks_blocked());
        let first = looks.next()?;
        let mut names = alloc::vec![first.crawler.name];
        names.extend(looks.map(|a| a.crawler.name));
        let who = match names.len() {
            n if n <= 3 => names.join(", "),
            n => format!("{} and {} more", names[..2].join(", "), n - 2),
        };
        Some(format!("{who}: {}", tie(first.cell.tied_disallow.unwrap_or(0), first.cell.line())))
    }

    /// What the group's tokens do not govern where people think they do ([`Crawler::scope_note`]): the notes
    /// the tester and `robotscope ai` show under the group (Google-Extended and AI Overviews, in the training group).
    ///
    /// ```
    /// let robots = robotscope::Robots::parse("User-agent: Google-Extended\nDisallow: /\n");
    /// let summary = robots.ai_summary("/").unwrap();
    /// assert!(summary[0].scope_notes().iter().any(|n| n.contains("AI Overviews")));
    /// assert!(summary[1].scope_notes().is_empty());
    /// ```
    pub fn scope_notes(&self) -> Vec<&'static str> {
        self.group.crawlers().filter_map(Crawler::scope_note).collect()
    }

    /// The group's summary at the URL asked, as a sentence: its title, [`AiGroupSummary::counted`],
    /// [`AiGroupSummary::looks_blocked_note`] and [`AiGroup::statements`].
    ///
    /// ```
    /// let robots = robotscope::Robots::parse("User-agent: GPTBot\nDisallow: /\n");
    /// let search = &robots.ai_summary("/").unwrap()[1];
    /// assert!(search.sentence().starts_with("AI search and assistants: 0 of "));
    /// ```
    pub fn sentence(&self) -> String {
        let mut out = format!("{}: {}", self.group.title, self.counted());
        for clause in self.looks_blocked_note().into_iter().chain(self.group.statements()) {
            out.push_str("; ");
            out.push_str(&clause);
        }
        out.push('.');
        out
    }
}

impl Robots {
    /// What the file does to every AI crawler and control token of the catalogue at `url` (typed, read as
    /// [`Robots::ask`] reads URLs; the site's root is `/`), one entry per [`AI_GROUPS`] group: who is blocked and
    /// who only looks blocked. What the operators say about obeying robots.txt is [`Crawler::facts`]. An error
    /// when the URL cannot be read.
    ///
    /// ```
    /// let robots = robotscope::Robots::parse("User-agent: GPTBot\nUser-agent: Google-Extended\nDisallow: /\n");
    /// let training = &robots.ai_summary("/").unwrap()[0];
    /// assert_eq!(training.group.name, "training");
    /// assert_eq!(training.blocked, 2);
    /// assert!(training.crawlers.iter().any(|a| a.crawler.name == "Google-Extended" && a.cell.blocked()));
    /// assert!(robots.ai_summary("http://").is_err());
    /// ```
    pub fn ai_summary(&self, url: &str) -> Result<Vec<AiGroupSummary>, UrlError> {
        // Google's reading (the question's view): the same survey as `ask`, with no other reading linked.
        let question = Question { agents: ai_agents(), urls: alloc::vec![String::from(url)], ..Question::default() };
        let survey = self.ask_google(&question);
        if let Some(e) = survey.urls[0].typed.error {
            return Err(e);
        }
        let (url, counts) = (&survey.urls[0].typed.tested, &survey.ai);
        let mut cells = survey.cells.into_iter();
        let mut groups = Vec::with_capacity(AI_GROUPS.len());
        for (group, count) in AI_GROUPS.into_iter().zip(&counts[0]) {
            let mut crawlers = Vec::new();
            for (crawler, cell) in group.crawlers().zip(cells.by_ref()) {
                crawlers.extend(cell.map(|cell| AiAnswer { crawler, cell }));
            }
            let (blocked, looks_blocked) = (count.blocked, count.looks_blocked);
            groups.push(AiGroupSummary { group, url: url.clone(), crawlers, blocked, looks_blocked });
        }
        Ok(groups)
    }
}

/// How many crawlers of one [`AiGroup`] a file blocks at one URL, and how many it only seems to block.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct AiCount {
    /// How many are blocked ([`Cell::blocked`]).
    pub blocked: usize,
    /// How many only look blocked ([`Cell::looks_blocked`]).
    pub looks_blocked: usize,
}

/// The agents a survey of the AI crawlers asks: every crawler of each [`AI_GROUPS`] group, by name, group after
/// group (the rows [`Survey::ai`] counts).
pub fn ai_agents() -> Vec<String> {
    let mut agents = Vec::new();
    for group in AI_GROUPS {
        for c in group.crawlers() {
            agents.push(String::from(c.name));
        }
    }
    agents
}

/// The lean path of [`Robots::ask`] for long URL lists ([`Robots::brief`]): a question's agent rows read once,
/// then each URL read as `ask` reads it and answered for every row with only whether it may be fetched and the
/// deciding line, the same as [`Cell::allowed`] and [`Cell::line`] of the survey `ask` gives for it. Under
/// Google's reading without a baseline each row is one [`Matcher`](crate::Matcher) built from the tokens `ask`
/// gives it (no verdict is explained, nothing is allocated per answer); under another view, or with a baseline,
/// each URL is asked whole.
#[derive(Debug)]
pub struct Brief<'r> {
    robots: &'r Robots,
    question: Question<'r>,
    agents: Vec<AskedAgent>,
    /// Per agent row under Google's reading: its matcher, `None` when no rule can apply (crawlers that ignore
    /// `*` and have no group); `None` as a whole when each URL is asked whole.
    matchers: Option<Vec<Option<crate::Matcher<'r>>>>,
}

impl Robots {
    /// The lean path of [`Robots::ask`] for `question`'s agents, view and baseline (its URLs are not read):
    /// see [`Brief`].
    ///
    /// ```
    /// use robotscope::{Question, Robots};
    /// let robots = Robots::parse("User-agent: Googlebot\nDisallow: /photos/\n\nUser-agent: *\nDisallow: /cart\n");
    /// let q = Question { agents: vec!["Googlebot-Image".into(), "AdsBot-Google".into()], ..Question::default() };
    /// let brief = robots.brief(&q);
    /// let mut answers = Vec::new();
    /// let url = brief.answer("https://example.com/photos/a.jpg", &mut answers);
    /// assert_eq!(url.tested, "https://example.com/photos/a.jpg");
    /// assert_eq!(answers, [(false, 2), (true, 0)]);
    /// assert!(brief.answer("http://", &mut answers).error.is_some() && answers.is_empty());
    /// ```
    pub fn brief<'r>(&'r self, question: &Question<'r>) -> Brief<'r> {
        let rows = crate::lists::agent_rows(question.agents.iter().map(String::as_str));
        let agents: Vec<AskedAgent> = rows.rows.iter().map(|a| ask_agent(a, question.exact)).collect();
        let lean = question.view == View::Reading(Profile::Google) && question.baseline.is_none();
        let matchers = lean.then(|| {
            let reading = self.reading(Profile::Google);
            agents
                .iter()
                .map(|a| {
                    let tokens = pool_tokens(&reading, a);
                    (!tokens.is_empty()).then(|| self.matcher(&tokens[..]))
                })
                .collect()
        });
        let question = Question { urls: Vec::new(), ..question.clone() };
        Brief { robots: self, question, agents, matchers }
    }
}

impl Brief<'_> {
    /// The agent rows, read as [`Robots::ask`] reads them.
    pub fn agents(&self) -> &[AskedAgent] {
        &self.agents
    }

    /// Reads `url` as [`Robots::ask`] does and puts `(allowed, deciding line)` for each agent row into `answers`
    /// (emptied first; left empty when the URL cannot be read); returns the URL as read.
    pub fn answer(&self, url: &str, answers: &mut Vec<(bool, usize)>) -> TypedUrl {
        answers.clear();
        let typed = read_url(url, self.question.base.as_deref(), self.question.exact);
        if typed.error.is_some() {
            return typed;
        }
        match &self.matchers {
            Some(matchers) => {
                answers.extend(matchers.iter().map(|m| m.as_ref().map_or((true, 0), |m| m.decide(&typed.tested))));
            }
            None => {
                let question = Question { urls: alloc::vec![String::from(url)], ..self.question.clone() };
                let survey = self.robots.ask(&question);
                answers.extend(survey.cells.iter().map(|c| c.as_ref().map_or((true, 0), |c| (c.allowed(), c.line()))));
            }
        }
        typed
    }
}

/// Counts [`Survey::ai`] again from the survey's cells, as [`Robots::ask`] counts it (for a survey whose cells were
/// answered by a site's one answer: [`crate::Governing::ask`]).
pub(crate) fn count_ai(survey: &mut Survey) {
    let agents = survey.agents.len();
    survey.ai.clear();
    for u in 0..survey.urls.len() {
        let mut count = [AiCount::default(); AI_GROUPS.len()];
        for (a, agent) in survey.agents.iter().enumerate() {
            let group = match &agent.members[..] {
                [one] => one.crawler.and_then(|c| AI_GROUPS.iter().position(|g| g.kinds.contains(&c.kind))),
                _ => None,
            };
            if let (Some(g), Some(Some(cell))) = (group, survey.cells.get(u * agents + a)) {
                count[g].blocked += usize::from(cell.blocked());
                count[g].looks_blocked += usize::from(cell.looks_blocked());
            }
        }
        survey.ai.push(count);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every cell is what `check_agent` (one member) or the pooled `check` (several) answers, under every view,
    /// on presets with fallbacks, crawlers that ignore `*`, pools, headers, exact strings, bad URLs and a
    /// baseline; `ask_google` is `ask` under Google's reading.
    #[test]
    fn cells_are_the_checks_of_their_rows() {
        let files = [
            "User-agent: Googlebot\nDisallow: /p/\n\nUser-agent: *\nDisallow: /cart\nAllow: /cart/ok\n",
            "User-agent: a\nDisallow: /b\n\nUser-agent: B\nAllow: /\n\nUser-agent: *\nDisallow: /\n",
            "User-agent: *\nAllow: /\nDisallow: /\nContent-Signal: ai-train=no\n\nUser-agent: GPTBot\nDisallow: /x\n",
            "",
        ];
        let agents: Vec<String> = [
            "Googlebot-Image",
            "AdsBot-Google",
            "GPTBot",
            "a,B",
            "A, b, A",
            "AdsBot-Google,Mediapartners-Google",
            "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
            "MyBot",
            "",
            "not a token!",
        ]
        .map(String::from)
        .into();
        let urls: Vec<String> =
            ["/p/x", "cart", "https://example.com/cart/ok", "http://", "/b", "/x", "/", "https://other.org/cart"]
                .map(String::from)
                .into();
        let views = [View::Compare, View::Reading(Profile::Google), View::Reading(Profile::Rfc9309)];
        for file in files {
            let robots = Robots::parse(file);
            for base in files {
                let baseline = Robots::parse(base);
                for (exact, baseline, view) in [false, true]
                    .into_iter()
                    .flat_map(|e| [None, Some(&baseline)].map(|b| (e, b)))
                    .flat_map(|(e, b)| views.map(|v| (e, b, v)))
                {
                    let q = Question {
                        agents: agents.clone(),
                        urls: urls.clone(),
                        baseline,
                        exact,
                        view,
                        ..Default::default()
                    };
                    let s = robots.ask(&q);
                    if view == View::Reading(Profile::Google) {
                        assert_eq!(robots.ask_google(&q), s);
                    }
                    for (u, url) in s.urls.iter().enumerate() {
                        for (a, agent) in s.agents.iter().enumerate() {
                            let Some(cell) = s.cell(u, a) else { continue };
                            let reading = robots.reading(cell.profile);
                            let check = match &agent.members[..] {
                                [one] => reading.check_agent(one, &url.typed.tested),
                                _ => {
                                    let tokens = pool_tokens(&reading, agent);
                                    let verdict = if tokens.is_empty() {
                                        Verdict::unrestricted(reading.check("", &url.typed.tested).path)
                                    } else {
                                        reading.check(&tokens[..], &url.typed.tested)
                                    };
                                    let token = (!tokens.is_empty()).then(|| tokens.join(","));
                                    AgentCheck { token, follows: None, verdict }
                                }
                            };
                            let got = AgentCheck {
                                token: cell.token.clone(),
                                follows: cell.follows.clone(),
                                verdict: cell.verdict.clone(),
                            };
                            assert_eq!(got, check, "{file:?}, {:?} at {:?}", agent.input, url.typed.input);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn the_ai_summary_says_its_counts_who_only_looks_blocked_and_the_operators_statements() {
        // GPTBot is blocked by its own group; every other crawler falls to `*`, where `Allow: /` (line 5) ties
        // `Disallow: /` (line 6) and wins: they only look blocked.
        let robots = Robots::parse("User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\nDisallow: /\n");
        let training = &robots.ai_summary("/").unwrap()[0];
        let total = training.crawlers.len();
        assert_eq!((training.blocked, training.looks_blocked), (1, total - 1));
        let looks: Vec<&str> =
            training.crawlers.iter().filter(|a| a.cell.looks_blocked()).map(|a| a.crawler.name).collect();
        assert!(looks.len() > 3 && !looks.contains(&"GPTBot"));
        let sentence = training.sentence();
        let head = format!(
            "AI training: 1 of {total} blocked at / ({} more only look blocked); {}, {} and {} more: the Disallow on \
             line 6 ties the Allow on line 5, and Allow wins",
            total - 1,
            looks[0],
            looks[1],
            looks.len() - 2
        );
        assert!(sentence.starts_with(&head), "{sentence}");
        let statements = training.group.statements();
        assert!(!statements.is_empty());
        assert_eq!(sentence, format!("{head}; {}.", statements.join("; ")));
        // Nothing that only looks blocked, nothing said of it.
        let plain = &Robots::parse("User-agent: *\nDisallow: /\n").ai_summary("/docs").unwrap()[0];
        assert_eq!(plain.looks_blocked_note(), None);
        assert!(plain.sentence().starts_with(&format!("AI training: {total} of {total} blocked at /docs; ")));
    }

    /// Compared readings that are a subset of [`Profile::ALL`] are marked over their own answers: `differs` and
    /// `lines_differ` say whether those readers disagree, whatever the readings left out answer.
    #[test]
    fn a_subset_of_readings_is_marked_over_its_own_answers() {
        // Google and RFC 9309 take the longest match (`Allow: /a/b`, line 3); the 1994 reading knows no `Allow`,
        // so `Disallow: /a` (line 2) decides. `/a/c` is disallowed by line 2 under all three.
        let robots = Robots::parse("User-agent: *\nDisallow: /a\nAllow: /a/b\n");
        let ask = |readings: &[Profile]| {
            let q = Question {
                agents: alloc::vec!["bot".into()],
                urls: alloc::vec!["/a/b".into(), "/a/c".into()],
                view: View::Compare,
                readings,
                ..Default::default()
            };
            robots.ask(&q)
        };
        let all = ask(&[]);
        let both = ask(&[Profile::Original1994, Profile::Google]);
        let modern = ask(&[Profile::Rfc9309, Profile::Google]);
        let cell = |s: &Survey, u| s.cell(u, 0).unwrap().clone();
        assert_eq!(cell(&all, 0).readers.iter().map(|r| r.profile).collect::<Vec<_>>(), Profile::ALL);
        assert_eq!(
            cell(&both, 0).readers.iter().map(|r| r.profile).collect::<Vec<_>>(),
            [Profile::Original1994, Profile::Google]
        );
        for s in [&all, &both] {
            let (b, c) = (cell(s, 0), cell(s, 1));
            assert!(b.differs && b.lines_differ, "{:?}", b.readers);
            assert!(!c.differs && !c.lines_differ, "{:?}", c.readers);
            assert_eq!(s.differ, 1);
        }
        // Each reader's answer is that reading's own verdict: its rule and scope too.
        for (u, url) in ["/a/b", "/a/c"].into_iter().enumerate() {
            for r in &cell(&all, u).readers {
                let v = robots.reading(r.profile).check("bot", url);
                assert_eq!(
                    (r.allowed, r.line, r.rule.as_ref(), r.scope),
                    (v.allowed, v.line, v.decided_by.as_ref(), v.scope)
                );
            }
        }
        assert_eq!(cell(&all, 0).readers[2].rule.as_ref().map(|m| m.value.as_str()), Some("/a"));
        let b = cell(&modern, 0);
        assert!(!b.differs && !b.lines_differ && b.allowed() && b.line() == 3, "{:?}", b.readers);
        assert_eq!(modern.differ, 0);
        // Under one reading, nothing is compared.
        let one =
            Question { view: View::Reading(Profile::Original1994), readings: &[Profile::Google], ..Default::default() };
        assert!(robots
            .ask(&Question { agents: alloc::vec!["bot".into()], urls: alloc::vec!["/a/b".into()], ..one })
            .cells[0]
            .as_ref()
            .is_some_and(|c| c.readers.is_empty() && !c.differs && !c.lines_differ));
    }
}
