//! The policy builder's logic (SPEC B-level helper, not part of Google's behaviour): a choice per kind of
//! crawler ("block AI training, allow search"), the smallest group lines that make a file say it, where they can
//! go without Google's group rules changing what other lines mean, and a check of every catalogue crawler against
//! the choices, with the reason when one does not follow them.
//!
//! ```
//! use robotscope::{Choice, Policy, PolicyKind, Robots};
//! let policy = Policy::default().with(PolicyKind::AiTraining, Choice::Block, "/");
//! let robots = Robots::parse("");
//! let edit = policy.write(&robots).unwrap().unwrap();
//! assert!(edit.text.starts_with("User-agent: "));
//! let after = Robots::parse(edit.apply(b""));
//! assert!(policy.check(&after).iter().all(|c| c.differs.is_none()));
//! ```

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::agent::{Crawler, CrawlerKind, CRAWLERS};
use crate::lines::KeyKind;
use crate::robots::Robots;
use crate::verdict::Scope;

/// What a policy wants for one kind of crawler.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Choice {
    /// Leave it as the file has it: nothing is written, nothing is expected.
    #[default]
    Keep,
    /// Allowed everywhere under the path.
    Allow,
    /// Disallowed everywhere under the path.
    Block,
}

impl Choice {
    /// Every choice, in the order tools offer them.
    pub const ALL: [Choice; 3] = [Choice::Keep, Choice::Allow, Choice::Block];

    /// The stable name: `keep`, `allow` or `block`.
    pub fn name(self) -> &'static str {
        match self {
            Choice::Keep => "keep",
            Choice::Allow => "allow",
            Choice::Block => "block",
        }
    }

    /// The choice named `name` (ASCII case-insensitive).
    pub fn from_name(name: &str) -> Option<Choice> {
        Choice::ALL.into_iter().find(|c| c.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// The kinds of crawler a policy chooses for: the catalogue's kinds, with the control tokens among AI training
/// (they say whether content may train models) and ads, previews and the rest among "others".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PolicyKind {
    /// Search engines' index crawlers.
    Search,
    /// Crawlers that index pages for AI search and assistants.
    AiSearch,
    /// Fetchers that get a page because a person asked.
    UserTriggered,
    /// AI training crawlers and the control tokens (Google-Extended, Applebot-Extended).
    AiTraining,
    /// SEO and marketing tools.
    SeoTool,
    /// Ads, link previews and every other catalogue crawler.
    Other,
}

impl PolicyKind {
    /// Every kind, in the order the builder lists them.
    pub const ALL: [PolicyKind; 6] = [
        PolicyKind::Search,
        PolicyKind::AiSearch,
        PolicyKind::UserTriggered,
        PolicyKind::AiTraining,
        PolicyKind::SeoTool,
        PolicyKind::Other,
    ];

    /// The stable name: `search`, `ai-search`, `user-triggered`, `ai-training`, `seo-tool` or `other`.
    pub fn name(self) -> &'static str {
        match self {
            PolicyKind::Search => "search",
            PolicyKind::AiSearch => "ai-search",
            PolicyKind::UserTriggered => "user-triggered",
            PolicyKind::AiTraining => "ai-training",
            PolicyKind::SeoTool => "seo-tool",
            PolicyKind::Other => "other",
        }
    }

    /// The kind named `name` (ASCII case-insensitive).
    pub fn from_name(name: &str) -> Option<PolicyKind> {
        PolicyKind::ALL.into_iter().find(|k| k.name().eq_ignore_ascii_case(name.trim()))
    }

    /// A heading for people.
    pub fn label(self) -> &'static str {
        match self {
            PolicyKind::Search => "Search",
            PolicyKind::AiSearch => "AI search and assistants",
            PolicyKind::UserTriggered => "User-triggered fetchers",
            PolicyKind::AiTraining => "AI training",
            PolicyKind::SeoTool => "SEO tools",
            PolicyKind::Other => "Others",
        }
    }

    /// The policy kind of a catalogue crawler. AI training is the catalogue's `@ai-training` set (so it follows
    /// the catalogue) together with the control tokens.
    pub fn of(crawler: &Crawler) -> PolicyKind {
        if crawler.kind == CrawlerKind::ControlToken || in_training_set(crawler) {
            return PolicyKind::AiTraining;
        }
        match crawler.kind {
            CrawlerKind::Search => PolicyKind::Search,
            CrawlerKind::AiSearch => PolicyKind::AiSearch,
            CrawlerKind::UserTriggered => PolicyKind::UserTriggered,
            CrawlerKind::AiTraining | CrawlerKind::ControlToken => PolicyKind::AiTraining,
            CrawlerKind::SeoTool => PolicyKind::SeoTool,
            CrawlerKind::Ads | CrawlerKind::Preview | CrawlerKind::Other => PolicyKind::Other,
        }
    }

    /// The catalogue's crawlers of this kind, in catalogue order.
    pub fn crawlers(self) -> impl Iterator<Item = &'static Crawler> {
        CRAWLERS.iter().filter(move |c| PolicyKind::of(c) == self)
    }
}

/// Whether the catalogue's `@ai-training` set holds `crawler`.
fn in_training_set(crawler: &Crawler) -> bool {
    crate::resolve::crawler_set("ai-training").is_some_and(|set| set.iter().any(|c| c.name == crawler.name))
}

/// What a policy says about one kind: the choice and the path it covers (`/` for the whole site).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KindPolicy {
    /// Allow, block, or leave as the file has it.
    pub choice: Choice,
    /// The path the choice covers, starting with `/`.
    pub path: String,
}

/// A choice for each [`PolicyKind`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Policy {
    /// One entry per kind, in [`PolicyKind::ALL`]'s order.
    pub kinds: [KindPolicy; 6],
}

impl Default for Policy {
    /// Every kind left as the file has it, over the whole site.
    fn default() -> Self {
        let keep = || KindPolicy { choice: Choice::Keep, path: "/".to_string() };
        Policy { kinds: [keep(), keep(), keep(), keep(), keep(), keep()] }
    }
}

/// Group lines to add to a file: one insertion of `text` at byte `at`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PolicyEdit {
    /// Where the text goes: a byte offset of the source at a line start, or its end.
    pub at: usize,
    /// The lines, with the blank lines that keep them apart from their neighbours.
    pub text: String,
    /// The number of `User-agent` lines written.
    pub agents: usize,
}

impl PolicyEdit {
    /// `source` with the edit made.
    pub fn apply(&self, source: &[u8]) -> Vec<u8> {
        let at = self.at.min(source.len());
        let mut out = Vec::with_capacity(source.len() + self.text.len());
        out.extend_from_slice(&source[..at]);
        out.extend_from_slice(self.text.as_bytes());
        out.extend_from_slice(&source[at..]);
        out
    }
}

/// What writing a policy does ([`Policy::plan`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Plan {
    /// The lines to add (`None`: nothing to write).
    pub edit: Option<PolicyEdit>,
    /// Every catalogue crawler whose verdict the edit changes at one of the paths compared, in catalogue order.
    pub changes: Vec<Change>,
    /// Tokens left out because writing them would change crawlers outside the choices.
    pub held: Vec<Held>,
    /// How many paths were compared: `/`, the policy's paths and the paths the file's rules name.
    pub paths: usize,
}

/// One catalogue crawler whose verdicts a write changes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The crawler.
    pub crawler: &'static Crawler,
    /// Its kind in the policy.
    pub kind: PolicyKind,
    /// Whether every change is one the policy chose (its kind's choice, under its kind's path).
    pub chosen: bool,
    /// Paths it may fetch after the write and could not before.
    pub opened: Vec<String>,
    /// Paths it may no longer fetch.
    pub closed: Vec<String>,
}

/// A token the write leaves out: writing it would change a crawler of a kind the policy leaves as it is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Held {
    /// The token.
    pub token: &'static str,
    /// The catalogue crawlers whose first token it is.
    pub crawlers: Vec<&'static Crawler>,
}

/// Crawlers whose verdicts change in the same way, in one sentence ([`Plan::summary`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChangeLine {
    /// Whether these changes are what the policy chose.
    pub chosen: bool,
    /// The crawlers' names, in catalogue order.
    pub crawlers: Vec<&'static str>,
    /// "53 crawlers would be allowed into /cart, /admin/, ...".
    pub text: String,
}

impl Plan {
    /// The changes in sentences: crawlers whose verdicts change at the same paths in the same way share one,
    /// the changes the policy chose first.
    pub fn summary(&self) -> Vec<ChangeLine> {
        // (chosen, opened, closed) with the crawlers that change so.
        let mut lines: Vec<ChangeKey<'_>> = Vec::new();
        for c in &self.changes {
            let key = (c.chosen, c.opened.as_slice(), c.closed.as_slice());
            match lines.iter_mut().find(|l| (l.0, l.1, l.2) == key) {
                Some(l) => l.3.push(c.crawler.name),
                None => lines.push((key.0, key.1, key.2, alloc::vec![c.crawler.name])),
            }
        }
        // The chosen changes first, each part in catalogue order (a partition, not a stable sort).
        let (chosen, outside): (Vec<_>, Vec<_>) = lines.into_iter().partition(|l| l.0);
        chosen
            .into_iter()
            .chain(outside)
            .map(|(chosen, opened, closed, crawlers)| {
                let n = crawlers.len();
                let who = if n == 1 { crawlers[0].to_string() } else { format!("{n} crawlers") };
                let mut parts = Vec::new();
                if !opened.is_empty() {
                    parts.push(format!("allowed into {}", listed(opened)));
                }
                if !closed.is_empty() {
                    parts.push(format!("disallowed from {}", listed(closed)));
                }
                ChangeLine { chosen, crawlers, text: format!("{who} would be {}", parts.join(" and ")) }
            })
            .collect()
    }

    /// Whether the write changes a verdict the policy did not choose.
    pub fn changes_outside(&self) -> bool {
        self.changes.iter().any(|c| !c.chosen)
    }
}

/// Changes of the same shape: whether chosen, the paths opened and closed, and the crawlers' names.
type ChangeKey<'a> = (bool, &'a [String], &'a [String], Vec<&'static str>);

/// A group to write: its rule lines and the tokens it names.
type WriteGroup = (Vec<String>, Vec<&'static str>);

/// Up to six paths, then how many more.
fn listed(paths: &[String]) -> String {
    let shown: Vec<&str> = paths.iter().take(6).map(String::as_str).collect();
    match paths.len().saturating_sub(6) {
        0 => shown.join(", "),
        more => format!("{} and {more} more path{}", shown.join(", "), if more == 1 { "" } else { "s" }),
    }
}

/// Why no place in the file can take the policy's lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NoPlace;

impl NoPlace {
    /// A sentence for people.
    pub fn message(self) -> &'static str {
        "No line of this file can take new groups without changing what other lines mean (every place is inside a \
         managed block, between User-agent lines, or before rules that belong to a group)."
    }
}

/// Why a crawler's verdict differs from what the policy wants.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reason {
    /// Google merges every group that names the token, so rules of another group apply too.
    Merged {
        /// The token.
        token: &'static str,
        /// The first line of each group naming it.
        groups: Vec<usize>,
    },
    /// The crawler has no group of its own and follows another token's group.
    Follows {
        /// The token whose group it follows (Googlebot for Applebot and Google's image, news and video crawlers).
        token: &'static str,
    },
    /// The crawler ignores `*` and no group names it, so nothing applies.
    IgnoresGlobal,
    /// A `User-agent` line seems to name the crawler, but Google reads another token from it.
    Misread {
        /// The line.
        line: usize,
    },
    /// The `*` group decides: the crawler has no group of its own.
    Global,
    /// A rule of the crawler's own group decides.
    OwnGroup,
}

/// One catalogue crawler against a policy.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrawlerCheck {
    /// The crawler.
    pub crawler: &'static Crawler,
    /// Its kind in the policy.
    pub kind: PolicyKind,
    /// What the policy wants for it.
    pub want: Choice,
    /// The path checked: the kind's path.
    pub path: String,
    /// The token the engine was given (`None`: the crawler ignores `*` and has no group).
    pub token: Option<&'static str>,
    /// Whether it may fetch `path`.
    pub allowed: bool,
    /// The line that decides it at `path` (0: no rule).
    pub line: usize,
    /// Where and why it does not follow the policy, when it does not.
    pub differs: Option<Difference>,
}

/// A path under the policy's path where a crawler's verdict is not the one wanted, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Difference {
    /// The path.
    pub path: String,
    /// The verdict there.
    pub allowed: bool,
    /// The deciding line there (0: no rule).
    pub line: usize,
    /// Why.
    pub reason: Reason,
}

impl CrawlerCheck {
    /// Says why the crawler does not follow the policy, or `None` when it does.
    pub fn message(&self) -> Option<String> {
        let d = self.differs.as_ref()?;
        let name = self.crawler.name;
        let want = if self.want == Choice::Block { "blocked" } else { "allowed" };
        let verdict = if d.allowed { "allowed" } else { "disallowed" };
        let decided = match d.line {
            0 => String::from("no rule decides"),
            n => format!("line {n} decides"),
        };
        let why = match &d.reason {
            Reason::Merged { token, groups } => {
                let lines: Vec<String> = groups.iter().map(ToString::to_string).collect();
                format!(
                    "Google merges the groups naming {token} (at lines {}) into one, so rules written for it elsewhere \
                     apply too",
                    lines.join(", ")
                )
            }
            Reason::Follows { token } => {
                format!("{name} has no group of its own, so it follows {token}'s group")
            }
            Reason::IgnoresGlobal => format!("{name} ignores the `*` group and no group names it, so nothing applies"),
            Reason::Misread { line } => format!(
                "the User-agent line {line} seems to name {name}, but Google reads another product token from it"
            ),
            Reason::Global => format!("{name} has no group of its own, so the `*` group applies"),
            Reason::OwnGroup => format!("a rule of {name}'s own group wins"),
        };
        Some(format!("Wanted {want}, but {} is {verdict} for {name} ({decided}): {why}.", d.path))
    }
}

impl Policy {
    /// The entry for `kind`.
    pub fn get(&self, kind: PolicyKind) -> &KindPolicy {
        &self.kinds[kind as usize]
    }

    /// The policy with `kind` set to `choice` over `path` (an empty path is the whole site; a path is given its
    /// leading `/`).
    pub fn with(mut self, kind: PolicyKind, choice: Choice, path: &str) -> Policy {
        let path = path.trim();
        let path = if path.starts_with('/') { path.to_string() } else { format!("/{path}") };
        self.kinds[kind as usize] = KindPolicy { choice, path };
        self
    }

    /// Whether every kind is left as the file has it.
    pub fn is_empty(&self) -> bool {
        self.kinds.iter().all(|k| k.choice == Choice::Keep)
    }

    /// The policy as text, one `kind choice path` line per kind not kept: what [`Policy::parse`] reads.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for kind in PolicyKind::ALL {
            let k = self.get(kind);
            if k.choice != Choice::Keep {
                out.push_str(&format!("{} {} {}\n", kind.name(), k.choice.name(), k.path));
            }
        }
        out
    }

    /// Reads [`Policy::to_text`]'s lines (blank lines and `#` comments skipped); an error names the line.
    pub fn parse(text: &str) -> Result<Policy, String> {
        let mut policy = Policy::default();
        for (i, line) in text.lines().enumerate() {
            let line = line.split('#').next().unwrap_or("").trim();
            if line.is_empty() {
                continue;
            }
            let mut words = line.split_whitespace();
            let (kind, choice, path) = (words.next(), words.next(), words.next().unwrap_or("/"));
            let kind = kind.and_then(PolicyKind::from_name);
            let choice = choice.and_then(Choice::from_name);
            match (kind, choice, words.next()) {
                (Some(kind), Some(choice), None) => policy = policy.with(kind, choice, path),
                _ => {
                    return Err(format!(
                        "line {}: expected `KIND allow|block|keep [PATH]` with KIND one of search, ai-search, \
                         user-triggered, ai-training, seo-tool, other",
                        i + 1
                    ))
                }
            }
        }
        Ok(policy)
    }

    /// Every catalogue crawler against the policy, in [`PolicyKind::ALL`]'s order then the catalogue's. Each is
    /// checked at its kind's path and, for a kind not kept, at the literal start of the first 64 rules of the file
    /// under that path, so that an exception another group adds is found.
    pub fn check(&self, robots: &Robots) -> Vec<CrawlerCheck> {
        let probes = self.probes(robots);
        let mut out = Vec::new();
        for kind in PolicyKind::ALL {
            let k = self.get(kind);
            for crawler in kind.crawlers() {
                out.push(self.check_one(robots, crawler, kind, k, &probes[kind as usize]));
            }
        }
        out
    }

    /// Per kind, the paths checked besides its own: the literal start of each rule under it (at most 64, which
    /// bounds a check of a 500 KiB file of rules to about 70 x 65 queries).
    fn probes(&self, robots: &Robots) -> [Vec<String>; 6] {
        let mut out: [Vec<String>; 6] = Default::default();
        for kind in PolicyKind::ALL {
            let k = self.get(kind);
            if k.choice == Choice::Keep {
                continue;
            }
            let list = &mut out[kind as usize];
            for rule in robots.rules() {
                let end = rule.pattern.iter().position(|&b| b == b'*' || b == b'$').unwrap_or(rule.pattern.len());
                let start = String::from_utf8_lossy(&rule.pattern[..end]);
                if start.len() > k.path.len() && start.starts_with(k.path.as_str()) && !list.iter().any(|p| *p == start)
                {
                    list.push(start.into_owned());
                    if list.len() == 64 {
                        break;
                    }
                }
            }
        }
        out
    }

    fn check_one(
        &self,
        robots: &Robots,
        crawler: &'static Crawler,
        kind: PolicyKind,
        k: &KindPolicy,
        probes: &[String],
    ) -> CrawlerCheck {
        let (token, verdict) = robots.check_crawler(crawler, &k.path);
        let mut check = CrawlerCheck {
            crawler,
            kind,
            want: k.choice,
            path: k.path.clone(),
            token,
            allowed: verdict.allowed,
            line: verdict.line,
            differs: None,
        };
        if k.choice == Choice::Keep {
            return check;
        }
        let wanted = k.choice == Choice::Allow;
        let answer = |path: &str| match token {
            Some(t) => robots.decide(&[t][..], path),
            None => (true, 0),
        };
        let found = core::iter::once(k.path.as_str())
            .chain(probes.iter().map(String::as_str))
            .map(|p| (p, answer(p)))
            .find(|(_, (allowed, _))| *allowed != wanted);
        if let Some((path, (allowed, line))) = found {
            let reason = reason(robots, crawler, token, verdict.scope);
            check.differs = Some(Difference { path: path.to_string(), allowed, line, reason });
        }
        check
    }

    /// The smallest group lines that make `robots` follow the policy for every catalogue crawler they can, and
    /// change nothing else: [`Policy::plan`] without leave to change crawlers outside the choices.
    /// `Ok(None)`: nothing to write.
    pub fn write(&self, robots: &Robots) -> Result<Option<PolicyEdit>, NoPlace> {
        self.plan(robots, false).map(|p| p.edit)
    }

    /// What writing the policy does: the edit, every catalogue crawler whose verdict it changes at `/`, the
    /// policy's paths and the paths the file's rules name ([`Plan::changes`]), and the tokens held back.
    ///
    /// The edit is one group per set of rules, naming the first token of each crawler whose verdict is not yet
    /// the one wanted. A crawler that had no group of its own and is chosen under a path narrower than `/` gets
    /// the rules it followed before in its new group, so it keeps its verdicts outside that path. A crawler of
    /// a kind left as the file has it, whose verdict a new group would change (it shares a fallback token with a
    /// chosen one), gets a group of its own with the rules it followed before; where that cannot be done (it
    /// has the same first token as a chosen crawler) the token is held back ([`Plan::held`]) unless `outside`
    /// is true: the person has seen what that changes and chose it (every other crawler is still kept).
    ///
    /// The lines go where Google's group rules leave every other line's meaning as it was: after a group's
    /// rules (not between `User-agent` lines), before a `User-agent` line or the end (never in front of rules
    /// they would capture), outside a managed block (`# BEGIN ...` to `# END ...`, such as Cloudflare's), and
    /// before the part of a long file Google does not read; the last such place is chosen, usually the end.
    /// Crawlers that still differ afterwards (merged groups, say) are what [`Policy::check`] reports.
    pub fn plan(&self, robots: &Robots, outside: bool) -> Result<Plan, NoPlace> {
        let source = robots.source();
        let at = place(robots).ok_or(NoPlace)?;
        let paths = self.paths(robots);
        let before = verdicts(robots, &paths);
        let mut held: Vec<&'static str> = Vec::new();
        let mut edit = None;
        // Each pass either ends or holds one more token back: at most as many passes as crawlers, plus one.
        for _ in 0..=CRAWLERS.len() {
            match self.draft(robots, at, &paths, &before, &held, outside) {
                Ok(e) => {
                    edit = e;
                    break;
                }
                Err(token) => held.push(token),
            }
        }
        let after = match &edit {
            Some(e) => verdicts(&Robots::parse(e.apply(source)), &paths),
            None => before.clone(),
        };
        let mut changes = Vec::new();
        for (i, crawler) in CRAWLERS.iter().enumerate() {
            let (mut opened, mut closed, mut chosen) = (Vec::new(), Vec::new(), true);
            for (j, path) in paths.iter().enumerate() {
                if before[i][j] != after[i][j] {
                    chosen &= self.chosen(crawler, path, after[i][j]);
                    if after[i][j] { &mut opened } else { &mut closed }.push(path.clone());
                }
            }
            if !opened.is_empty() || !closed.is_empty() {
                changes.push(Change { crawler, kind: PolicyKind::of(crawler), chosen, opened, closed });
            }
        }
        let held = held
            .into_iter()
            .map(|token| Held {
                token,
                crawlers: CRAWLERS
                    .iter()
                    .filter(|c| c.tokens.first().is_some_and(|t| t.eq_ignore_ascii_case(token)))
                    .collect(),
            })
            .collect();
        Ok(Plan { edit, changes, held, paths: paths.len() })
    }

    /// One attempt at the edit with the tokens of `held` left out: `Err(token)` when writing `token` changes a
    /// crawler outside the choices that no group of its own can keep as it was.
    fn draft(
        &self,
        robots: &Robots,
        at: usize,
        paths: &[String],
        before: &[Vec<bool>],
        held: &[&'static str],
        outside: bool,
    ) -> Result<Option<PolicyEdit>, &'static str> {
        let source = robots.source();
        let same = |a: &str, b: &str| a.eq_ignore_ascii_case(b);
        // Groups by their rule lines, in the order met, each with its tokens; and the tokens written for the policy.
        let mut groups: Vec<WriteGroup> = Vec::new();
        let mut chosen_tokens: Vec<&'static str> = Vec::new();
        let mut edit: Option<PolicyEdit> = None;
        // Each round adds at least one token, so there are at most as many rounds as crawlers.
        for _ in 0..=CRAWLERS.len() {
            let parsed;
            let now = match &edit {
                Some(e) => {
                    parsed = Robots::parse(e.apply(source));
                    &parsed
                }
                None => robots,
            };
            let mut added = false;
            let written = |groups: &[WriteGroup], t: &str| groups.iter().any(|g| g.1.iter().any(|w| same(w, t)));
            for c in self.check(now) {
                let Some(first) = c.crawler.tokens.first().copied() else { continue };
                if c.differs.is_none() || written(&groups, first) || held.iter().any(|h| same(h, first)) {
                    continue;
                }
                let lines = self.lines_for(robots, c.crawler, self.get(c.kind));
                add(&mut groups, lines, first);
                chosen_tokens.push(first);
                added = true;
            }
            if edit.is_some() {
                let after = verdicts(now, paths);
                for (i, crawler) in CRAWLERS.iter().enumerate() {
                    let changed = (0..paths.len())
                        .any(|j| after[i][j] != before[i][j] && !self.chosen(crawler, &paths[j], after[i][j]));
                    let Some(first) = crawler.tokens.first().copied() else { continue };
                    if !changed || written(&groups, first) && !chosen_tokens.iter().any(|t| same(t, first)) {
                        continue;
                    }
                    if chosen_tokens.iter().any(|t| same(t, first)) {
                        // Chosen by the person after seeing what it changes; else held back.
                        if outside {
                            continue;
                        }
                        return Err(first);
                    }
                    add(&mut groups, rules_followed(robots, crawler), first);
                    added = true;
                }
            }
            if !added {
                break;
            }
            edit = Some(render(source, at, &groups));
        }
        Ok(edit)
    }

    /// The paths a write's changes are counted at: `/`, each chosen path, then the paths the file's rules name
    /// (each rule's literal start and its pattern without a final `$`), at most [`PLAN_PATHS`] in all.
    fn paths(&self, robots: &Robots) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut seen = alloc::collections::BTreeSet::new();
        let mut push = |path: &[u8], out: &mut Vec<String>| {
            let path = String::from_utf8_lossy(path);
            let path = if path.starts_with('/') { path.into_owned() } else { format!("/{path}") };
            if out.len() < PLAN_PATHS && seen.insert(path.clone()) {
                out.push(path);
            }
        };
        push(b"/", &mut out);
        for kind in PolicyKind::ALL.into_iter().filter(|&k| self.get(k).choice != Choice::Keep) {
            push(self.get(kind).path.as_bytes(), &mut out);
        }
        for rule in robots.rules() {
            let p = rule.pattern;
            let end = p.iter().position(|&b| b == b'*' || b == b'$').unwrap_or(p.len());
            push(&p[..end], &mut out);
            push(p.strip_suffix(b"$").unwrap_or(p), &mut out);
            if out.len() == PLAN_PATHS {
                break;
            }
        }
        out
    }

    /// Whether `crawler` being `allowed` at `path` is what the policy chose: its kind is not kept, the path is
    /// under the kind's path, and the verdict is the one chosen.
    fn chosen(&self, crawler: &Crawler, path: &str, allowed: bool) -> bool {
        let k = self.get(PolicyKind::of(crawler));
        k.choice != Choice::Keep && path.starts_with(k.path.as_str()) && allowed == (k.choice == Choice::Allow)
    }

    /// The rule lines of a new group for `crawler` under `k`: the policy's rule and, when the path is narrower
    /// than `/` and the crawler has no group under its first token (one there would be merged with the new one),
    /// the rules it followed before that lie outside the path.
    fn lines_for(&self, robots: &Robots, crawler: &Crawler, k: &KindPolicy) -> Vec<String> {
        let key = if k.choice == Choice::Block { "Disallow" } else { "Allow" };
        let mut lines = alloc::vec![format!("{key}: {}", k.path)];
        let own = crawler.tokens.first().is_some_and(|t| robots.has_own_group(t));
        if k.path != "/" && !own {
            lines.extend(rules_followed(robots, crawler).into_iter().filter(|l| {
                let value = l.split_once(": ").map_or("", |(_, v)| v);
                !value.starts_with(k.path.as_str())
            }));
        }
        lines
    }
}

/// At most this many paths are compared before and after a write (a 500 KiB file of rules names thousands).
pub const PLAN_PATHS: usize = 1024;

/// Adds `token` to the group with exactly these rule lines, or a new one.
fn add(groups: &mut Vec<WriteGroup>, lines: Vec<String>, token: &'static str) {
    match groups.iter_mut().find(|g| g.0 == lines) {
        Some(g) => g.1.push(token),
        None => groups.push((lines, alloc::vec![token])),
    }
}

/// The rules `crawler` follows in `robots`, as lines to write: each rule of the groups that apply to it, as
/// Google matches it (its pattern is the value written again), or `Disallow:` (which matches nothing) when
/// none applies, so that the group is not empty and does not join the next one.
fn rules_followed(robots: &Robots, crawler: &Crawler) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(token) = robots.crawler_token(crawler) {
        for g in robots.check(&[token][..], "/").groups {
            for r in robots.group(g).into_iter().flat_map(|g| g.rules()) {
                let key = if r.kind == crate::verdict::RuleKind::Allow { "Allow" } else { "Disallow" };
                lines.push(format!("{key}: {}", r.pattern_str()));
            }
        }
    }
    if lines.is_empty() {
        lines.push("Disallow:".to_string());
    }
    lines
}

/// Per catalogue crawler, whether it may fetch each of `paths`: crawlers that select the same groups are
/// answered once (every crawler without a group of its own reads the `*` groups), through a [`Matcher`].
///
/// [`Matcher`]: crate::Matcher
fn verdicts(robots: &Robots, paths: &[String]) -> Vec<Vec<bool>> {
    let mut answered: Vec<(Option<&'static str>, usize)> = Vec::new();
    let mut answers: Vec<Vec<bool>> = Vec::new();
    let mut out = Vec::with_capacity(CRAWLERS.len());
    for crawler in CRAWLERS {
        let token = robots.crawler_token(crawler);
        // The `*` groups answer for every token without a group of its own.
        let key = token.map(|t| if robots.has_own_group(&t) { t } else { "*" });
        let same = |k: &Option<&str>| match (k, key) {
            (Some(a), Some(b)) => a.eq_ignore_ascii_case(b),
            (a, b) => a.is_none() && b.is_none(),
        };
        let index = match answered.iter().find(|a| same(&a.0)) {
            Some(a) => a.1,
            None => {
                let row = match token {
                    Some(t) => {
                        let matcher = robots.matcher(&[t][..]);
                        paths.iter().map(|p| matcher.decide(p).0).collect()
                    }
                    None => alloc::vec![true; paths.len()],
                };
                answers.push(row);
                answered.push((key, answers.len() - 1));
                answers.len() - 1
            }
        };
        out.push(answers[index].clone());
    }
    out
}

/// Why a crawler's verdict is what it is, for a crawler that does not follow the policy.
fn reason(robots: &Robots, crawler: &'static Crawler, token: Option<&'static str>, scope: Scope) -> Reason {
    let Some(token) = token else { return Reason::IgnoresGlobal };
    let naming: Vec<usize> = robots
        .groups()
        .filter(|g| g.agents().any(|a| !a.global && a.token.eq_ignore_ascii_case(token.as_bytes())))
        .map(|g| g.line_range().0)
        .collect();
    if naming.len() > 1 {
        return Reason::Merged { token, groups: naming };
    }
    if scope == Scope::Specific && Some(token) != crawler.tokens.first().copied() {
        return Reason::Follows { token };
    }
    if scope == Scope::Specific {
        return Reason::OwnGroup;
    }
    // No own group: a User-agent line that holds the name but reads as another token.
    let name = crawler.tokens.first().copied().unwrap_or(crawler.name).as_bytes();
    let misread = robots
        .groups()
        .flat_map(|g| g.agents().collect::<Vec<_>>())
        .find(|a| !a.global && a.value.windows(name.len()).any(|w| w.eq_ignore_ascii_case(name)));
    match misread {
        Some(a) => Reason::Misread { line: a.line },
        None => Reason::Global,
    }
}

/// The text that writes `groups` (rule lines, tokens) at byte `at` of `source`, with a blank line on each side
/// where a neighbour needs one, in the file's own line ending.
fn render(source: &[u8], at: usize, groups: &[WriteGroup]) -> PolicyEdit {
    let eol = if source.windows(2).any(|w| w == b"\r\n") { "\r\n" } else { "\n" };
    let before = &source[..at];
    let mut text = String::new();
    if !before.is_empty() && !before.ends_with(b"\n") && !before.ends_with(b"\r") {
        text.push_str(eol);
    }
    // A blank line after the previous one, unless it is blank already.
    let trimmed = before.strip_suffix(b"\n").unwrap_or(before);
    let trimmed = trimmed.strip_suffix(b"\r").unwrap_or(trimmed);
    let last = trimmed.rsplit(|&b| b == b'\n' || b == b'\r').next().unwrap_or(b"");
    if !before.is_empty() && !last.iter().all(u8::is_ascii_whitespace) {
        text.push_str(eol);
    }
    let mut agents = 0;
    for (i, (lines, tokens)) in groups.iter().enumerate() {
        if i > 0 {
            text.push_str(eol);
        }
        for t in tokens {
            text.push_str(&format!("User-agent: {t}{eol}"));
            agents += 1;
        }
        for line in lines {
            text.push_str(line);
            text.push_str(eol);
        }
    }
    if at < source.len() {
        text.push_str(eol);
    }
    PolicyEdit { at, text, agents }
}

/// The last place new groups can go (see [`Policy::write`]): a line start or the end of the file.
fn place(robots: &Robots) -> Option<usize> {
    let source = robots.source();
    let limit = robots.cut_from().unwrap_or(source.len());
    // Per line: its start, its directive's kind, and whether a managed block is open after it.
    let mut lines: Vec<(usize, Option<KeyKind>, bool)> = Vec::new();
    let mut open = false;
    for line in robots.lines() {
        let text = robots.text(line.span).trim_ascii_start();
        if let Some(words) = text.strip_prefix(b"#").map(<[u8]>::trim_ascii_start) {
            let starts = |w: &[u8]| words.len() >= w.len() && words[..w.len()].eq_ignore_ascii_case(w);
            if starts(b"BEGIN ") {
                open = true;
            } else if starts(b"END ") {
                open = false;
            }
        }
        lines.push((line.span.start, line.directive.map(|d| d.kind), open));
    }
    let is_rule = |k: Option<KeyKind>| matches!(k, Some(KeyKind::Allow | KeyKind::Disallow));
    let is_group_line = |k: Option<KeyKind>| k == Some(KeyKind::UserAgent) || is_rule(k);
    // Whether the previous group line of each place is a User-agent line, from the start.
    let mut after_agent = Vec::with_capacity(lines.len() + 1);
    let mut agent = false;
    after_agent.push(false);
    for l in &lines {
        if is_group_line(l.1) {
            agent = l.1 == Some(KeyKind::UserAgent);
        }
        after_agent.push(agent);
    }
    // Scanned from the end, with whether the next group line is a rule.
    let mut rule_next = false;
    for i in (0..=lines.len()).rev() {
        if let Some(l) = lines.get(i).filter(|l| is_group_line(l.1)) {
            rule_next = is_rule(l.1);
        }
        let at = lines.get(i).map_or(source.len(), |l| l.0);
        let managed = i > 0 && lines[i - 1].2;
        if at <= limit && !after_agent[i] && !rule_next && !managed {
            return Some(at);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block_training() -> Policy {
        let mut p = Policy::default().with(PolicyKind::AiTraining, Choice::Block, "/");
        for kind in PolicyKind::ALL.into_iter().filter(|&k| k != PolicyKind::AiTraining) {
            p = p.with(kind, Choice::Allow, "/");
        }
        p
    }

    fn written(policy: &Policy, file: &str) -> (PolicyEdit, Robots) {
        let robots = Robots::parse(file);
        let edit = policy.write(&robots).unwrap().unwrap();
        let after = Robots::parse(edit.apply(file.as_bytes()));
        (edit, after)
    }

    const CLOUDFLARE: &str = "# BEGIN Cloudflare Managed content\n\nUser-agent: *\nContent-signal: search=yes,\
        ai-train=no\nAllow: /\n\nUser-agent: Amazonbot\nDisallow: /\n\nUser-agent: GPTBot\nDisallow: /\n\n\
        # END Cloudflare Managed Content\n\nUser-agent: *\nDisallow: /admin/\n";

    #[test]
    fn block_training_on_an_empty_file_writes_one_group_and_every_crawler_follows() {
        let (edit, after) = written(&block_training(), "");
        assert_eq!(edit.at, 0);
        let training: Vec<&str> = PolicyKind::AiTraining.crawlers().map(|c| c.tokens[0]).collect();
        assert!(training.contains(&"Google-Extended") && training.contains(&"Applebot-Extended"));
        let mut expected = String::new();
        for t in &training {
            expected.push_str(&format!("User-agent: {t}\n"));
        }
        expected.push_str("Disallow: /\n");
        assert_eq!(edit.text, expected);
        assert_eq!(edit.agents, training.len());
        let checks = block_training().check(&after);
        assert_eq!(checks.len(), CRAWLERS.len());
        for c in &checks {
            assert_eq!(c.differs, None, "{}", c.crawler.name);
            assert_eq!(c.allowed, c.kind != PolicyKind::AiTraining, "{}", c.crawler.name);
        }
    }

    #[test]
    fn nothing_is_written_when_the_file_already_follows() {
        let robots = Robots::parse("User-agent: *\nAllow: /\n");
        let p = Policy::default().with(PolicyKind::Search, Choice::Allow, "/");
        assert_eq!(p.write(&robots), Ok(None));
        assert_eq!(Policy::default().write(&robots), Ok(None));
    }

    #[test]
    fn the_lines_go_after_a_cloudflare_managed_block_and_leave_it_untouched() {
        let (edit, after) = written(&block_training(), CLOUDFLARE);
        assert_eq!(edit.at, CLOUDFLARE.len());
        let text = String::from_utf8(edit.apply(CLOUDFLARE.as_bytes())).unwrap();
        assert!(text.starts_with(CLOUDFLARE));
        // GPTBot is blocked by the managed block already; Amazonbot is blocked there but wanted allowed.
        assert!(!edit.text.contains("User-agent: GPTBot\n"));
        for c in block_training().check(&after) {
            assert_eq!(c.differs, None, "{}: {:?}", c.crawler.name, c.message());
        }
        // The `*` group's /admin/ rule applies to every crawler without a group of its own: allowing "everything"
        // means an Allow group for them too, and the check looks under /admin/ as well.
        let bing = block_training().check(&after).into_iter().find(|c| c.crawler.name == "Bingbot").unwrap();
        assert_eq!((bing.allowed, bing.token), (true, Some("bingbot")));
        assert!(edit.text.contains("User-agent: bingbot\n"));
    }

    #[test]
    fn a_managed_block_left_open_at_the_end_puts_the_lines_before_it() {
        // Closed, the lines go after its END marker; left open, it runs to the end of the file.
        let closed = "User-agent: *\nDisallow: /x\n\n# BEGIN Managed\nUser-agent: GPTBot\nDisallow: /\n# END Managed\n";
        let p = Policy::default().with(PolicyKind::AiTraining, Choice::Block, "/");
        assert_eq!(written(&p, closed).0.at, closed.len());
        let file = "User-agent: *\nDisallow: /x\n\n# BEGIN Managed\nUser-agent: GPTBot\nDisallow: /\n";
        let (edit, after) = written(&p, file);
        assert_eq!(&file[edit.at..], "# BEGIN Managed\nUser-agent: GPTBot\nDisallow: /\n");
        assert!(edit.text.ends_with("Disallow: /\n\n"));
        assert!(p.check(&after).iter().all(|c| c.differs.is_none()));
        // The `*` group keeps its own rule.
        assert!(!after.is_allowed("Googlebot", "/x"));
    }

    #[test]
    fn an_open_group_at_the_end_is_not_joined() {
        // The file ends with User-agent lines that have no rules yet: appending would join their group.
        let file = "User-agent: *\nDisallow: /x\n\nUser-agent: foo\n";
        let p = Policy::default().with(PolicyKind::AiTraining, Choice::Block, "/");
        let (edit, after) = written(&p, file);
        assert_eq!(&file[edit.at..], "User-agent: foo\n");
        assert!(after.is_allowed("foo", "/y"));
        assert!(p.check(&after).iter().all(|c| c.differs.is_none()));
    }

    #[test]
    fn rules_before_any_user_agent_are_not_captured() {
        let file = "Disallow: /orphan\n";
        let robots = Robots::parse(file);
        let p = Policy::default().with(PolicyKind::AiTraining, Choice::Block, "/");
        let edit = p.write(&robots).unwrap().unwrap();
        assert_eq!(edit.at, file.len());
        let after = Robots::parse(edit.apply(file.as_bytes()));
        assert!(p.check(&after).iter().all(|c| c.differs.is_none()));
        // No place at all: before rules that no group owns, or inside a managed block that never ends.
        let robots = Robots::parse("# BEGIN Managed\nDisallow: /orphan\nUser-agent: a\n");
        assert_eq!(p.write(&robots), Err(NoPlace));
    }

    #[test]
    fn merged_groups_and_fallbacks_are_reported_with_their_reason() {
        // GPTBot's own group allows /public/; a new group blocking it merges with that one.
        let file = "User-agent: GPTBot\nAllow: /public/\n\nUser-agent: Googlebot\nDisallow: /\n";
        let p = block_training();
        let (edit, after) = written(&p, file);
        assert!(edit.text.contains("User-agent: GPTBot\n") && edit.text.contains("User-agent: Googlebot\n"));
        let checks = p.check(&after);
        let gpt = checks.iter().find(|c| c.crawler.name == "GPTBot").unwrap();
        let d = gpt.differs.as_ref().unwrap();
        assert_eq!((d.path.as_str(), d.allowed, d.line), ("/public/", true, 2));
        let Reason::Merged { token: "GPTBot", groups } = &d.reason else { panic!("{:?}", d.reason) };
        assert_eq!((groups.len(), groups[0]), (2, 1));
        let message = gpt.message().unwrap();
        assert!(
            message.starts_with("Wanted blocked, but /public/ is allowed for GPTBot (line 2 decides): Google merges")
        );
        // Googlebot gets an Allow group, merged with its Disallow: / (the allow wins the tie of equal length).
        let google = checks.iter().find(|c| c.crawler.name == "Googlebot").unwrap();
        assert_eq!(google.differs, None);

        // Before any edit, Googlebot-Image follows Googlebot's group.
        let before = Robots::parse(file);
        let image = p.check(&before).into_iter().find(|c| c.crawler.name == "Googlebot-Image").unwrap();
        assert_eq!(image.differs.unwrap().reason, Reason::Follows { token: "Googlebot" });
    }

    #[test]
    fn crawlers_that_ignore_the_global_group_and_misread_tokens_are_explained() {
        let robots = Robots::parse(
            "User-agent: *\nDisallow: /\n\nUser-agent: Mozilla/5.0 (compatible; GPTBot)\n\
            Allow: /\n",
        );
        let p = Policy::default().with(PolicyKind::Other, Choice::Block, "/").with(
            PolicyKind::AiTraining,
            Choice::Allow,
            "/",
        );
        let checks = p.check(&robots);
        let ads = checks.iter().find(|c| c.crawler.name == "AdsBot-Google").unwrap();
        assert_eq!((ads.token, ads.allowed), (None, true));
        assert_eq!(ads.differs.as_ref().unwrap().reason, Reason::IgnoresGlobal);
        let gpt = checks.iter().find(|c| c.crawler.name == "GPTBot").unwrap();
        assert_eq!(gpt.differs.as_ref().unwrap().reason, Reason::Misread { line: 4 });
        // Written, AdsBot gets its own group and is blocked.
        let edit = p.write(&robots).unwrap().unwrap();
        let after = Robots::parse(edit.apply(robots.source()));
        assert!(p.check(&after).iter().all(|c| c.differs.is_none()));
    }

    #[test]
    fn a_path_limits_the_rule_and_crlf_files_keep_their_line_ending() {
        let file = "User-agent: *\r\nAllow: /\r\n";
        let p = Policy::default().with(PolicyKind::AiTraining, Choice::Block, "private/");
        let (edit, after) = written(&p, file);
        assert!(edit.text.starts_with("\r\nUser-agent: "));
        // GPTBot had no group: its new one keeps the `*` group's rule, so only /private/ changes for it.
        assert!(edit.text.ends_with("Disallow: /private/\r\nAllow: /\r\n"), "{:?}", edit.text);
        assert!(after.is_allowed("GPTBot", "/public"));
        assert!(!after.is_allowed("GPTBot", "/private/x"));
    }

    #[test]
    fn the_policy_reads_back_from_its_text() {
        let p = block_training().with(PolicyKind::SeoTool, Choice::Keep, "/");
        let text = p.to_text();
        assert!(text.contains("ai-training block /\n") && !text.contains("seo-tool"));
        assert_eq!(Policy::parse(&text), Ok(p));
        assert!(Policy::parse("search maybe /").unwrap_err().starts_with("line 1:"));
        assert_eq!(Policy::parse("# nothing\n\n"), Ok(Policy::default()));
    }

    /// A typical shop's file: the `*` group keeps crawlers out of the admin, the cart, the checkout, sorted
    /// listings and search.
    const SHOP: &str = "User-agent: *\nDisallow: /admin/\nDisallow: /cart\nDisallow: /checkout\nDisallow: /*?sort=\n\
        Disallow: /search\n\nSitemap: https://shop.example/sitemap.xml\n";

    #[test]
    fn blocking_ai_training_on_a_shop_file_leaves_every_other_crawler_as_it_was() {
        let p = Policy::default().with(PolicyKind::AiTraining, Choice::Block, "/");
        let robots = Robots::parse(SHOP);
        let plan = p.plan(&robots, false).unwrap();
        let edit = plan.edit.clone().unwrap();
        // One group: the training crawlers, `Disallow: /`. No `Allow: /` for anyone.
        assert!(!edit.text.contains("Allow: /\n") && !edit.text.contains("bingbot"), "{}", edit.text);
        assert_eq!(edit.agents, PolicyKind::AiTraining.crawlers().count());
        let after = Robots::parse(edit.apply(SHOP.as_bytes()));
        for c in CRAWLERS.iter().filter(|c| PolicyKind::of(c) != PolicyKind::AiTraining) {
            for path in ["/", "/admin/", "/cart", "/checkout", "/shoes?sort=price", "/search"] {
                assert_eq!(after.check_crawler(c, path).1.allowed, robots.check_crawler(c, path).1.allowed);
            }
        }
        // The changes: the training crawlers lose what the `*` group let them fetch, and nothing else changes.
        assert!(plan.changes.iter().all(|c| c.chosen && c.kind == PolicyKind::AiTraining && c.opened.is_empty()));
        assert_eq!(plan.changes.len(), PolicyKind::AiTraining.crawlers().count());
        let summary = plan.summary();
        assert_eq!(summary.len(), 1);
        assert!(summary[0].text.ends_with("crawlers would be disallowed from /"), "{}", summary[0].text);
        assert!(plan.held.is_empty() && !plan.changes_outside());
    }

    #[test]
    fn allowing_search_on_a_shop_file_lists_the_paths_it_opens() {
        // Chosen explicitly, "allow search" opens the cart to search crawlers: the plan says so before the write.
        let p = Policy::default().with(PolicyKind::Search, Choice::Allow, "/");
        let plan = p.plan(&Robots::parse(SHOP), false).unwrap();
        let search = PolicyKind::Search.crawlers().count();
        assert_eq!(plan.changes.len(), search);
        let summary = plan.summary();
        assert_eq!(summary.len(), 1);
        let expected = format!("{search} crawlers would be allowed into /admin/, /cart, /checkout, /*?sort=, /search");
        assert_eq!(summary[0].text, expected);
        assert!(summary[0].chosen && summary[0].crawlers.contains(&"Bingbot"));
    }

    #[test]
    fn a_crawler_outside_the_choice_that_follows_a_written_token_gets_its_rules_kept() {
        // Applebot (search) follows Googlebot's group when it has none. Blocking search under /private/ names
        // Googlebot... and Applebot itself, with the `*` rules it followed; blocking AI training names no
        // token Applebot reads, so nothing changes for it.
        let file = "User-agent: *\nDisallow: /cart\n";
        let p = Policy::default().with(PolicyKind::Search, Choice::Block, "/private/");
        let plan = p.plan(&Robots::parse(file), false).unwrap();
        let edit = plan.edit.unwrap();
        let after = Robots::parse(edit.apply(file.as_bytes()));
        for c in CRAWLERS {
            let before = Robots::parse(file);
            assert_eq!(after.check_crawler(c, "/cart").1.allowed, before.check_crawler(c, "/cart").1.allowed);
            assert_eq!(after.check_crawler(c, "/other").1.allowed, before.check_crawler(c, "/other").1.allowed);
            let blocked = PolicyKind::of(c) == PolicyKind::Search && !c.ignores_global;
            assert_eq!(!after.check_crawler(c, "/private/x").1.allowed, blocked, "{}", c.name);
        }
        assert!(plan.changes.iter().all(|c| c.chosen), "{:?}", plan.changes);
    }

    #[test]
    fn a_token_shared_with_a_crawler_left_alone_is_held_back_unless_chosen() {
        // YandexBot (search) and YandexAdditional (AI search) both fall back to `Yandex`. With a group for
        // `Yandex` only, blocking AI search names YandexAdditional, which changes nothing for YandexBot; the
        // protection step is what keeps the others. A policy that would change a kept crawler through its
        // first token is held back: here every first token is its own crawler's, so nothing is held.
        let file = "User-agent: Yandex\nDisallow: /private/\n";
        let p = Policy::default().with(PolicyKind::AiSearch, Choice::Block, "/");
        let plan = p.plan(&Robots::parse(file), false).unwrap();
        assert!(plan.held.is_empty());
        let after = Robots::parse(plan.edit.unwrap().apply(file.as_bytes()));
        let bot = crate::agent::crawler("YandexBot").unwrap();
        assert!(after.check_crawler(bot, "/").1.allowed && !after.check_crawler(bot, "/private/").1.allowed);
        let extra = crate::agent::crawler("YandexAdditional").unwrap();
        assert!(!after.check_crawler(extra, "/").1.allowed);
    }
}
