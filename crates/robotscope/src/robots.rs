//! [`Robots`]: a parsed file, its groups, and the matcher (SPEC A4, A5, B1).

use alloc::borrow::Cow;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::ops::Range;

use crate::agent::{token_len, Crawler};
use crate::lines::{is_space, KeyKind, Lines};
use crate::pattern::{escape_pattern_into, scan_value};
use crate::url::match_path;
use crate::verdict::{GroupLines, RuleKind, RuleMatch, Scope, Verdict};
use crate::Span;

mod index;
mod matcher;
mod records;

use index::Index;
pub use matcher::Matcher;
use matcher::{head_len, literal_len, literal_prefix, rule_head};

/// A parsed robots.txt file. Parse once with [`Robots::parse`], then ask as often as you like.
///
/// Parsing never fails: any bytes are a robots.txt file to Google, lines it cannot read are skipped, and
/// [`Robots::diagnostics`] says what was skipped and why.
#[derive(Clone, PartialEq, Eq)]
pub struct Robots {
    src: Box<[u8]>,
    /// Rule patterns that escaping changed, back to back (see [`RuleLine::escaped`]).
    patterns: Vec<u8>,
    /// For each rule whose pattern escaping changed (by rule index, in order), its value as written.
    escaped_values: Vec<(usize, Span)>,
    agents: Vec<AgentLine>,
    rules: Vec<RuleLine>,
    groups: Vec<GroupData>,
    sitemaps: Vec<ValueLine>,
    others: Vec<OtherLine>,
    line_count: usize,
    /// The input's full length when [`Robots::parse_limited`] cut it.
    cut_from: Option<usize>,
    /// The RFC 9309 and 1994 readings, once [`Robots::keep_readings`] has parsed them.
    pub(crate) readings: crate::profile::Kept,
    /// The selection and rule indexes, built on the first query ([`Robots::index`]).
    index: index::Lazy<Option<Index>>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct AgentLine {
    line: usize,
    value: Span,
    /// The product token: a prefix of `value`.
    token_len: usize,
    global: bool,
}

/// A rule as parsing keeps it: 48 bytes, since every query scans these. Its group follows from the groups'
/// rule ranges, and its value as written is the pattern unless escaping changed it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct RuleLine {
    line: usize,
    /// The escaped pattern: in `Robots::patterns` if `escaped` (the value as written is then in
    /// `Robots::escaped_values`), else the value in the source.
    pattern: Span,
    /// The length of the pattern's literal start (before the first `*`, or a final `$`): a path that does not
    /// start with it cannot match, which rejects most rules without running the matcher.
    literal: usize,
    /// The first bytes a path must start with for the rule to match (see [`rule_head`]), and how many.
    head: u64,
    head_len: u8,
    allow: bool,
    escaped: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
struct GroupData {
    agents: Range<usize>,
    rules: Range<usize>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ValueLine {
    line: usize,
    value: Span,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct OtherLine {
    line: usize,
    key: Span,
    value: Span,
    group: Option<usize>,
}

impl core::fmt::Debug for Robots {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Robots")
            .field("bytes", &self.src.len())
            .field("lines", &self.line_count)
            .field("groups", &self.groups.len())
            .field("rules", &self.rules.len())
            .field("sitemaps", &self.sitemaps.len())
            .finish()
    }
}

/// Whether a `User-agent:` value names the global group: `*` alone or followed by whitespace (SPEC A4.1).
fn is_global(value: &[u8]) -> bool {
    value.first() == Some(&b'*') && value.get(1).is_none_or(|&c| is_space(c))
}

impl Robots {
    /// Parses a robots.txt body. Any bytes are accepted; this never fails and never panics.
    ///
    /// The engine reads the whole input, as Google's library does. Google's crawlers read only the first
    /// 500 KiB; [`Robots::parse_limited`] applies that cut.
    pub fn parse(body: impl AsRef<[u8]>) -> Robots {
        Robots::from_bytes(Box::from(body.as_ref()))
    }

    /// Parses a body the caller hands over (a `Vec<u8>`, a `String`, a `Box<[u8]>`): as [`Robots::parse`], without
    /// copying it. [`Robots::parse`] copies its input, which over the conformance corpus is about a tenth of the
    /// time parsing takes; a crawler that has just fetched a body into a buffer of its own can give it away.
    ///
    /// ```
    /// let body: Vec<u8> = b"User-agent: *\nDisallow: /private\n".to_vec();
    /// let robots = robotscope::Robots::parse_owned(body);
    /// assert!(!robots.is_allowed("bot", "/private"));
    /// ```
    pub fn parse_owned(body: impl Into<Vec<u8>>) -> Robots {
        Robots::from_bytes(body.into().into_boxed_slice())
    }

    /// Parses at most `limit` bytes of `body`, the way a crawler with a size limit reads it (Google: 500 KiB,
    /// [`GOOGLE_SIZE_LIMIT`](crate::GOOGLE_SIZE_LIMIT)). The rest is dropped.
    pub fn parse_limited(body: impl AsRef<[u8]>, limit: usize) -> Robots {
        let body = body.as_ref();
        let mut robots = Robots::parse(&body[..body.len().min(limit)]);
        if body.len() > limit {
            robots.cut_from = Some(body.len());
        }
        robots
    }

    /// The input's full length, when [`Robots::parse_limited`] cut it; `None` when nothing was cut.
    pub fn cut_from(&self) -> Option<usize> {
        self.cut_from
    }

    fn from_bytes(src: Box<[u8]>) -> Robots {
        let mut r = Robots {
            src: Box::default(),
            patterns: Vec::new(),
            escaped_values: Vec::new(),
            agents: Vec::new(),
            rules: Vec::new(),
            groups: Vec::new(),
            sitemaps: Vec::new(),
            others: Vec::new(),
            line_count: 0,
            cut_from: None,
            readings: crate::profile::Kept::default(),
            index: Default::default(),
        };
        // About one directive per 40 bytes in real files; reserving for more saves regrowth, which costs more
        // than the rest of parsing a small file.
        r.rules.reserve(src.len() / 32 + 4);
        r.agents.reserve(src.len() / 128 + 2);
        r.groups.reserve(src.len() / 256 + 1);
        // Whether a rule has been seen since the current group's first user-agent line.
        let mut group_has_rules = false;
        let mut lines = Lines::new(&src);
        while let Some((number, d)) = lines.next_directive() {
            let value = &src[d.value.start..d.value.end];
            match d.kind {
                KeyKind::UserAgent => {
                    if r.groups.is_empty() || group_has_rules {
                        let at = r.agents.len();
                        r.groups.push(GroupData { agents: at..at, rules: r.rules.len()..r.rules.len() });
                        group_has_rules = false;
                    }
                    r.agents.push(AgentLine {
                        line: number,
                        value: d.value,
                        token_len: token_len(value),
                        global: is_global(value),
                    });
                    if let Some(g) = r.groups.last_mut() {
                        g.agents.end = r.agents.len();
                    }
                }
                KeyKind::Allow | KeyKind::Disallow => {
                    let (escaped, star) = scan_value(value);
                    let pattern = if escaped {
                        let start = r.patterns.len();
                        escape_pattern_into(value, &mut r.patterns);
                        r.escaped_values.push((r.rules.len(), d.value));
                        Span::new(start, r.patterns.len())
                    } else {
                        d.value
                    };
                    let allow = d.kind == KeyKind::Allow;
                    let escaped_pattern: &[u8] = if escaped { &r.patterns[pattern.start..pattern.end] } else { value };
                    // The literal start: up to the first `*`, without a final `$` (escaping moves the `*`).
                    let literal = match escaped {
                        true => literal_prefix(escaped_pattern),
                        false => literal_len(value, star),
                    };
                    let head = rule_head(escaped_pattern, literal, allow);
                    r.rules.push(RuleLine {
                        line: number,
                        pattern,
                        literal,
                        head,
                        head_len: head_len(head),
                        allow,
                        escaped,
                    });
                    if let Some(g) = r.groups.last_mut() {
                        g.rules.end = r.rules.len();
                        group_has_rules = true;
                    }
                }
                KeyKind::Sitemap => r.sitemaps.push(ValueLine { line: number, value: d.value }),
                KeyKind::Unknown => r.others.push(OtherLine {
                    line: number,
                    key: d.key,
                    value: d.value,
                    group: r.groups.len().checked_sub(1),
                }),
            }
        }
        r.line_count = lines.count_so_far();
        // The reservations above are generous for speed; give big unused ones back.
        fn trim_excess<T>(v: &mut Vec<T>) {
            if v.capacity() > 4096 && v.capacity() > 2 * v.len() {
                v.shrink_to_fit();
            }
        }
        trim_excess(&mut r.rules);
        trim_excess(&mut r.agents);
        trim_excess(&mut r.groups);
        trim_excess(&mut r.others);
        r.src = src;
        r
    }

    /// Gives back the room parsing reserved and did not use. Parsing reserves for about one rule per 32 bytes of
    /// input, which is quicker than growing as it goes; over the conformance vector files a parse then holds
    /// about 3.2 times its input on 64-bit targets (2.4 on wasm32), and 1.9 times (1.5) after this
    /// ([`Robots::heap_bytes`]). For callers that keep many parsed files, such as a crawler's cache or the npm
    /// package's.
    ///
    /// ```
    /// let mut robots = robotscope::Robots::parse("User-agent: *\nDisallow: /private\n".repeat(100));
    /// let reserved = robots.heap_bytes();
    /// robots.shrink_to_fit();
    /// assert!(robots.heap_bytes() < reserved);
    /// assert!(!robots.is_allowed("bot", "/private"));
    /// ```
    pub fn shrink_to_fit(&mut self) {
        self.patterns.shrink_to_fit();
        self.escaped_values.shrink_to_fit();
        self.agents.shrink_to_fit();
        self.rules.shrink_to_fit();
        self.groups.shrink_to_fit();
        self.sitemaps.shrink_to_fit();
        self.others.shrink_to_fit();
    }

    /// The bytes this parse holds on the heap: the source, the records of its lines and any kept readings
    /// ([`Robots::keep_readings`]), by what is allocated for them (see [`Robots::shrink_to_fit`]), not counting
    /// the allocator's own overhead.
    pub fn heap_bytes(&self) -> usize {
        fn bytes<T>(v: &Vec<T>) -> usize {
            v.capacity() * size_of::<T>()
        }
        self.src.len()
            + bytes(&self.patterns)
            + bytes(&self.escaped_values)
            + bytes(&self.agents)
            + bytes(&self.rules)
            + bytes(&self.groups)
            + bytes(&self.sitemaps)
            + bytes(&self.others)
            + self.readings.heap_bytes()
            + self.index_built().map_or(0, Index::heap_bytes)
    }

    /// The indexes of a file large enough to need them (see `robots/index.rs`), built on first use.
    fn index(&self) -> Option<&Index> {
        self.index.get_or_init(|| Index::build(self)).as_ref()
    }

    /// The same file answered without its indexes: every query scans every group's user-agent lines and every
    /// selected rule, as the indexes' meaning. For tests that hold indexed answers to it.
    #[doc(hidden)]
    pub fn without_index(mut self) -> Robots {
        self.index = index::Lazy::ready(None);
        self
    }

    /// The indexes, if they have been built.
    fn index_built(&self) -> Option<&Index> {
        self.index.get().and_then(Option::as_ref)
    }

    /// The bytes that were parsed.
    pub fn source(&self) -> &[u8] {
        &self.src
    }

    /// The number of lines, counting the line after the last terminator (so `""` has 1 and `"a\n"` has 2).
    pub fn line_count(&self) -> usize {
        self.line_count
    }

    /// The byte offset where each line starts (index 0 is line 1, which starts after a BOM), as the tokenizer
    /// splits lines (LF, CR and CRLF end a line). The one line index of every tool that turns offsets into
    /// line and column numbers.
    ///
    /// ```
    /// let robots = robotscope::Robots::parse("\u{feff}a\r\nb\rc");
    /// assert_eq!(robots.line_starts(), vec![3, 6, 8]);
    /// ```
    pub fn line_starts(&self) -> Vec<usize> {
        let mut starts = Vec::with_capacity(self.line_count);
        starts.extend(self.lines().map(|l| l.span.start));
        starts
    }

    /// The lines of the file, each with its directive (if any) and the reference's per-line flags (SPEC A2).
    /// The tokenizer runs again for this; it is cheap and keeps [`Robots::parse`] lean.
    pub fn lines(&self) -> Lines<'_> {
        Lines::new(&self.src)
    }

    pub(crate) fn text(&self, span: Span) -> &[u8] {
        &self.src[span.start..span.end]
    }

    /// The groups of the file in order: each is a run of `User-agent` lines and the rules after them.
    pub fn groups(&self) -> impl ExactSizeIterator<Item = Group<'_>> + '_ {
        (0..self.groups.len()).map(move |index| Group { robots: self, index })
    }

    /// The group with this index.
    pub fn group(&self, index: usize) -> Option<Group<'_>> {
        (index < self.groups.len()).then_some(Group { robots: self, index })
    }

    /// Every `Allow`/`Disallow` line, in file order, including those before any `User-agent` line
    /// (which no crawler obeys: their [`Rule::group`] is `None`).
    pub fn rules(&self) -> impl ExactSizeIterator<Item = Rule<'_>> + '_ {
        (0..self.rules.len()).map(move |i| self.rule(i))
    }

    fn rule(&self, index: usize) -> Rule<'_> {
        let r = &self.rules[index];
        let value = match r.escaped {
            true => self
                .escaped_values
                .binary_search_by_key(&index, |&(i, _)| i)
                .map_or(r.pattern, |k| self.escaped_values[k].1),
            false => r.pattern,
        };
        Rule {
            line: r.line,
            kind: if r.allow { RuleKind::Allow } else { RuleKind::Disallow },
            value: self.text(value),
            value_span: value,
            pattern: self.pattern(r),
            group: self.group_of_rule(index),
        }
    }

    /// The group a rule belongs to: the last group that starts at or before it (`None` before the first).
    fn group_of_rule(&self, index: usize) -> Option<usize> {
        self.groups.partition_point(|g| g.rules.start <= index).checked_sub(1)
    }

    /// The `Sitemap:` lines, in file order.
    pub fn sitemaps(&self) -> impl ExactSizeIterator<Item = Sitemap<'_>> + '_ {
        self.sitemaps.iter().map(|s| Sitemap { line: s.line, url: self.text(s.value), span: s.value })
    }

    /// Lines with a key Google does not act on (crawl-delay, host, clean-param, ...), in file order.
    pub fn other_directives(&self) -> impl ExactSizeIterator<Item = OtherDirective<'_>> + '_ {
        self.others.iter().map(|o| OtherDirective {
            line: o.line,
            key: self.text(o.key),
            value: self.text(o.value),
            value_span: o.value,
            group: o.group,
        })
    }

    /// The first `Host:` value (a Yandex extension naming the preferred mirror), and its line.
    pub fn preferred_host(&self) -> Option<(&[u8], usize)> {
        self.other_directives().find(|o| o.key.eq_ignore_ascii_case(b"host")).map(|o| (o.value, o.line))
    }

    /// Whether any `User-agent` line of the file names one of `agents` (not counting `*`).
    pub fn has_own_group<A: Agents + ?Sized>(&self, agents: &A) -> bool {
        if let Some(own) = self.index().and_then(|index| index.own_groups(self, agents)) {
            return !own.is_empty();
        }
        self.agents.iter().any(|a| !a.global && agents.any_equals(self.token(a)))
    }

    #[inline(always)]
    fn pattern(&self, r: &RuleLine) -> &[u8] {
        let store: &[u8] = if r.escaped { &self.patterns } else { &self.src };
        &store[r.pattern.start..r.pattern.end]
    }

    #[inline(always)]
    fn token(&self, a: &AgentLine) -> &[u8] {
        &self.src[a.value.start..a.value.start + a.token_len]
    }

    /// The groups that answer for `agents`, in file order: the agents' own groups if the file has any (SPEC
    /// A4.5), else the `*` groups (which is what the reference's four match slots amount to). Also returns
    /// whether the agents have an own group. Every query of the rules (`decide`, `check`, [`Matcher`])
    /// selects its groups here and nowhere else. A file of many user-agent lines answers from its index of
    /// tokens, so that the cost does not grow with the number of groups; the scan below is the meaning.
    fn applicable_groups<'s, A: Agents + ?Sized>(&'s self, agents: &'s A) -> (bool, Groups<'s, A>) {
        if let Some(index) = self.index() {
            if let Some(own) = index.own_groups(self, agents) {
                if !own.is_empty() {
                    return (true, Groups::Own(own.into_iter()));
                }
                let global = index.global_groups().unwrap_or_default();
                return (false, Groups::Global(global.iter()));
            }
        }
        let own = self.has_own_group(agents);
        (own, Groups::Scan { robots: self, agents, own, next: 0 })
    }

    /// The token a known crawler is checked with in this file (SPEC B2): the first of its tokens that has a
    /// group, else its first token (which falls back to `*`), or `None` when it ignores `*` and has no group,
    /// so that no rule applies to it.
    pub fn crawler_token(&self, crawler: &Crawler) -> Option<&'static str> {
        match crawler.tokens.iter().copied().find(|t| self.has_own_group(t)) {
            Some(t) => Some(t),
            None if crawler.ignores_global => None,
            None => crawler.tokens.first().copied(),
        }
    }

    /// Whether `agents` may fetch `url`: the reference's `AllowedByRobots` (SPEC A4, A5).
    ///
    /// `agents` is one agent (`"Googlebot"`) or several (`&["Googlebot-Image", "Googlebot"]`), compared whole
    /// and ASCII case-insensitively with each `User-agent` line's product token. Several agents are pooled:
    /// the rules of all their groups compete in one longest-match contest (SPEC A4.6). The URL is used as
    /// given; see [`normalize_url`](crate::normalize_url) for what a browser would send.
    pub fn is_allowed<A: Agents + ?Sized>(&self, agents: &A, url: &str) -> bool {
        self.decide(agents, url).0
    }

    /// The verdict and the deciding line (0 when no rule decided): the reference's `AllowedByRobots` and
    /// `matching_line()` without the explanation, and without allocating beyond the path.
    pub fn decide<A: Agents + ?Sized>(&self, agents: &A, url: &str) -> (bool, usize) {
        let mut buf = Vec::new();
        let path = match_path(url.as_bytes(), &mut buf);
        let (_, groups) = self.applicable_groups(agents);
        let (allowed, decider) = self.run_rules(groups, path, |_, _, _| {});
        (allowed, decider.line)
    }

    /// Answers whether `agents` may fetch `url`, and explains the answer (SPEC B1).
    ///
    /// ```
    /// let robots = robotscope::Robots::parse(
    ///     "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /shop/\nDisallow: /",
    /// );
    /// let v = robots.check("Googlebot", "https://example.com/shop/shoes");
    /// assert!(v.allowed);
    /// assert_eq!(v.line, 5);
    /// assert_eq!(v.decided_by.as_ref().unwrap().priority, 6);
    /// assert_eq!(v.matches.len(), 2);
    /// assert_eq!(v.group_lines, vec![4, 5, 6]);
    /// ```
    pub fn check<A: Agents + ?Sized>(&self, agents: &A, url: &str) -> Verdict {
        self.check_selected(&self.select(agents), url)
    }

    /// The groups that answer for `agents` ([`Robots::applicable_groups`]), found once for many URLs, with their
    /// lines, which every verdict on them shares.
    pub(crate) fn select<A: Agents + ?Sized>(&self, agents: &A) -> Selection {
        let (own, groups) = self.applicable_groups(agents);
        let groups = crate::pushed(groups);
        Selection { own, lines: self.lines_of(&groups), groups }
    }

    /// The user-agent and rule lines of `groups` (in file order), in order: a large group's list is kept by its
    /// rule index and shared, so that selecting it does not copy tens of thousands of lines.
    pub(crate) fn lines_of(&self, groups: &[usize]) -> GroupLines {
        if let ([g], Some(index)) = (groups, self.index()) {
            if let Some(lines) = index.group_lines(*g) {
                return lines.clone();
            }
        }
        let mut lines = Vec::new();
        for &g in groups {
            self.push_group_lines(g, &mut lines);
        }
        lines.into()
    }

    /// Pushes the lines of group `g` onto `lines`: its user-agent lines, then its rules.
    pub(super) fn push_group_lines(&self, g: usize, lines: &mut Vec<usize>) {
        let data = &self.groups[g];
        lines.extend(self.agents[data.agents.clone()].iter().map(|a| a.line));
        lines.extend(self.rules[data.rules.clone()].iter().map(|r| r.line));
    }

    /// [`Robots::check`] over the groups of a [`Robots::select`].
    pub(crate) fn check_selected(&self, selection: &Selection, url: &str) -> Verdict {
        let mut buf = Vec::new();
        let path = match_path(url.as_bytes(), &mut buf);
        let (own, groups) = (selection.own, selection.groups.clone());
        let scope = match (own, groups.is_empty()) {
            (true, _) => Scope::Specific,
            (false, false) => Scope::Global,
            (false, true) => Scope::None,
        };
        let mut matches = Vec::new();
        let (allowed, decider) = self.run_rules(groups.iter().copied(), path, |i, priority, index_fallback| {
            matches.push(self.rule_match(i, priority, index_fallback));
        });
        // In order: groups come in file order, and in each its user-agent lines precede its rules.
        let group_lines = selection.lines.clone();
        let decided_by = (decider.line != 0)
            .then(|| matches.iter().find(|m: &&RuleMatch| m.line == decider.line).cloned())
            .flatten();
        Verdict {
            allowed,
            line: decider.line,
            decided_by,
            scope,
            path: String::from_utf8_lossy(path).into_owned(),
            groups,
            group_lines,
            matches,
        }
    }

    /// Answers for a known crawler (SPEC B2): the first of its tokens that has a group in the file is used;
    /// if none has, the crawler falls back to `*`, unless it ignores `*` (AdsBot), in which case everything is
    /// allowed. Returns the token used (`None` when the crawler ignores `*` and none of its tokens has a
    /// group, so no rule can apply) with the verdict.
    pub fn check_crawler(&self, crawler: &Crawler, url: &str) -> (Option<&'static str>, Verdict) {
        match self.crawler_token(crawler) {
            // As a one-agent list: the agent-list type of the other callers, so that `check` is compiled once
            // (a second copy cost the npm `.wasm` 504 B gzipped).
            Some(t) => (Some(t), self.check(&[t][..], url)),
            None => {
                let mut buf = Vec::new();
                let path = String::from_utf8_lossy(match_path(url.as_bytes(), &mut buf)).into_owned();
                (None, Verdict::unrestricted(path))
            }
        }
    }

    fn rule_match(&self, index: usize, priority: usize, index_fallback: bool) -> RuleMatch {
        let r = self.rule(index);
        RuleMatch {
            line: r.line,
            kind: r.kind,
            value: String::from_utf8_lossy(r.value).into_owned(),
            pattern: r.pattern_str().into_owned(),
            priority,
            index_fallback,
        }
    }
}

/// The groups [`Robots::applicable_groups`] selects, in file order: listed by the file's index, or found by
/// scanning every group's user-agent lines.
enum Groups<'s, A: ?Sized> {
    Own(alloc::vec::IntoIter<usize>),
    Global(core::slice::Iter<'s, u32>),
    Scan { robots: &'s Robots, agents: &'s A, own: bool, next: usize },
}

impl<A: Agents + ?Sized> Iterator for Groups<'_, A> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        match self {
            Groups::Own(groups) => groups.next(),
            Groups::Global(groups) => groups.next().map(|&g| g as usize),
            Groups::Scan { robots, agents, own, next } => {
                // Without an own group only the `*` flags matter, and they need no comparison with the agents.
                while *next < robots.groups.len() {
                    let g = *next;
                    *next += 1;
                    let lines = &robots.agents[robots.groups[g].agents.clone()];
                    let applies = match *own {
                        true => lines.iter().any(|a| !a.global && agents.any_equals(robots.token(a))),
                        false => lines.iter().any(|a| a.global),
                    };
                    if applies {
                        return Some(g);
                    }
                }
                None
            }
        }
    }
}

/// The groups that answer for an agent list: whether they are its own, and their indices in file order.
#[derive(Debug, Clone)]
pub(crate) struct Selection {
    pub(crate) own: bool,
    pub(crate) groups: Vec<usize>,
    /// The lines of `groups` ([`Robots::lines_of`]).
    pub(crate) lines: GroupLines,
}

/// A `Crawl-delay` value in seconds: decimal digits with an optional fraction (`10`, `0.5`, `.5`, `5.`).
/// Hand-written because `str::parse::<f64>` brings about 15 KB (gzipped) of tables into the wasm module; it
/// also refuses what no crawler accepts there (`+5`, `1e3`, `inf`).
fn parse_seconds(value: &[u8]) -> Option<f64> {
    let (int, frac) = match value.iter().position(|&c| c == b'.') {
        Some(dot) => (&value[..dot], &value[dot + 1..]),
        None => (value, &value[..0]),
    };
    if (int.is_empty() && frac.is_empty()) || !int.iter().chain(frac).all(u8::is_ascii_digit) {
        return None;
    }
    let digits = |d: &[u8]| d.iter().fold(0.0f64, |v, &c| v * 10.0 + f64::from(c - b'0'));
    // Beyond fifteen decimals an f64 has no precision left to gain.
    let frac = &frac[..frac.len().min(15)];
    let scale = frac.iter().fold(1.0f64, |s, _| s * 10.0);
    Some(digits(int) + digits(frac) / scale)
}

/// One agent, or a list of agents pooled into one query.
///
/// Implemented for `str`, `String`, slices, arrays and vectors of them.
pub trait Agents {
    /// Whether any of the agents equals `token`, ignoring ASCII case.
    fn any_equals(&self, token: &[u8]) -> bool;

    /// Calls `f` with each agent. Google's reading needs only [`Agents::any_equals`]; the 1994 reading
    /// ([`Profile::Original1994`](crate::Profile)) looks for a record's name inside each agent's name. The
    /// default names no agent, so that under the 1994 profile only the `*` record can apply.
    fn each_agent(&self, f: &mut dyn FnMut(&str)) {
        let _ = f;
    }

    /// Whether [`Agents::each_agent`] calls `f` with every agent that [`Agents::any_equals`] compares: then a
    /// file with many groups finds the agents' groups through its index of tokens rather than asking
    /// [`Agents::any_equals`] about every `User-agent` line. The default, `false`, always scans, so an
    /// implementation that overrides only [`Agents::any_equals`] answers as before.
    fn lists_every_agent(&self) -> bool {
        false
    }
}

impl Agents for str {
    fn any_equals(&self, token: &[u8]) -> bool {
        self.as_bytes().eq_ignore_ascii_case(token)
    }

    fn each_agent(&self, f: &mut dyn FnMut(&str)) {
        f(self);
    }

    fn lists_every_agent(&self) -> bool {
        true
    }
}

impl Agents for String {
    fn any_equals(&self, token: &[u8]) -> bool {
        self.as_bytes().eq_ignore_ascii_case(token)
    }

    fn each_agent(&self, f: &mut dyn FnMut(&str)) {
        f(self);
    }

    fn lists_every_agent(&self) -> bool {
        true
    }
}

impl<T: Agents + ?Sized> Agents for &T {
    fn any_equals(&self, token: &[u8]) -> bool {
        (**self).any_equals(token)
    }

    fn each_agent(&self, f: &mut dyn FnMut(&str)) {
        (**self).each_agent(f);
    }

    fn lists_every_agent(&self) -> bool {
        (**self).lists_every_agent()
    }
}

impl<T: Agents> Agents for [T] {
    fn any_equals(&self, token: &[u8]) -> bool {
        self.iter().any(|a| a.any_equals(token))
    }

    fn each_agent(&self, f: &mut dyn FnMut(&str)) {
        self.iter().for_each(|a| a.each_agent(f));
    }

    fn lists_every_agent(&self) -> bool {
        self.iter().all(Agents::lists_every_agent)
    }
}

impl<T: Agents, const N: usize> Agents for [T; N] {
    fn any_equals(&self, token: &[u8]) -> bool {
        self.iter().any(|a| a.any_equals(token))
    }

    fn each_agent(&self, f: &mut dyn FnMut(&str)) {
        self.iter().for_each(|a| a.each_agent(f));
    }

    fn lists_every_agent(&self) -> bool {
        self.iter().all(Agents::lists_every_agent)
    }
}

impl<T: Agents> Agents for Vec<T> {
    fn any_equals(&self, token: &[u8]) -> bool {
        self.iter().any(|a| a.any_equals(token))
    }

    fn each_agent(&self, f: &mut dyn FnMut(&str)) {
        self.iter().for_each(|a| a.each_agent(f));
    }

    fn lists_every_agent(&self) -> bool {
        self.iter().all(Agents::lists_every_agent)
    }
}

/// A group: one or more `User-agent` lines and the rules that follow them.
#[derive(Clone, Copy)]
pub struct Group<'a> {
    robots: &'a Robots,
    /// The group's position among the file's groups, from 0.
    pub index: usize,
}

impl core::fmt::Debug for Group<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Group").field("index", &self.index).field("lines", &self.lines()).finish()
    }
}

impl<'a> Group<'a> {
    fn data(&self) -> &'a GroupData {
        &self.robots.groups[self.index]
    }

    /// The group's `User-agent` lines.
    pub fn agents(&self) -> impl ExactSizeIterator<Item = UserAgent<'a>> + 'a {
        let robots = self.robots;
        robots.agents[self.data().agents.clone()].iter().map(move |a| UserAgent {
            line: a.line,
            value: robots.text(a.value),
            value_span: a.value,
            token: robots.token(a),
            global: a.global,
        })
    }

    /// The group's rules.
    pub fn rules(&self) -> impl ExactSizeIterator<Item = Rule<'a>> + 'a {
        let robots = self.robots;
        self.data().rules.clone().map(move |i| robots.rule(i))
    }

    /// The line numbers of the group's user-agent and rule lines, in order (a group's user-agent lines all
    /// come before its rules).
    pub fn lines(&self) -> Vec<usize> {
        crate::pushed(self.agents().map(|a| a.line).chain(self.rules().map(|r| r.line)))
    }

    /// The first and last line of the group's user-agent and rule lines.
    pub fn line_range(&self) -> (usize, usize) {
        let lines = self.lines();
        (lines.first().copied().unwrap_or(0), lines.last().copied().unwrap_or(0))
    }

    /// Whether one of its `User-agent` lines is `*`.
    pub fn is_global(&self) -> bool {
        self.agents().any(|a| a.global)
    }
}

/// A `User-agent` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UserAgent<'a> {
    /// Line number.
    pub line: usize,
    /// The value as written.
    pub value: &'a [u8],
    /// Where the value is in the source.
    pub value_span: Span,
    /// The product token Google compares agents with (a prefix of `value`, possibly empty).
    pub token: &'a [u8],
    /// Whether the line names the global group (`*`).
    pub global: bool,
}

/// An `Allow` or `Disallow` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rule<'a> {
    /// Line number.
    pub line: usize,
    /// Allow or disallow.
    pub kind: RuleKind,
    /// The value as written.
    pub value: &'a [u8],
    /// Where the value is in the source.
    pub value_span: Span,
    /// The value as Google matches it: `%xx` upper-cased, bytes ≥ 0x80 percent-encoded (ASCII only).
    pub pattern: &'a [u8],
    /// The group the rule belongs to; `None` for rules before any `User-agent` line.
    pub group: Option<usize>,
}

impl Rule<'_> {
    /// The normalised pattern as text (it is always ASCII).
    pub fn pattern_str(&self) -> Cow<'_, str> {
        String::from_utf8_lossy(self.pattern)
    }

    /// The priority of the rule when it matches: the byte length of its pattern.
    pub fn priority(&self) -> usize {
        self.pattern.len()
    }
}

/// A `Sitemap:` line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sitemap<'a> {
    /// Line number.
    pub line: usize,
    /// The URL as written (not escaped).
    pub url: &'a [u8],
    /// Where the URL is in the source.
    pub span: Span,
}

/// A line with a key that Google does not act on: `Crawl-delay`, `Host`, `Clean-param`, or any other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OtherDirective<'a> {
    /// Line number.
    pub line: usize,
    /// The key as written.
    pub key: &'a [u8],
    /// The value as written.
    pub value: &'a [u8],
    /// Where the value is in the source.
    pub value_span: Span,
    /// The group the line sits in (it does not end the group); `None` before any `User-agent` line.
    pub group: Option<usize>,
}
