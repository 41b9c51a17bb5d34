//! The answer to a query, with its explanation (SPEC B1).

use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Deref;

/// Allow or disallow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleKind {
    /// An `Allow:` line.
    Allow,
    /// A `Disallow:` line.
    Disallow,
}

impl RuleKind {
    /// `allow` or `disallow`.
    pub fn name(self) -> &'static str {
        match self {
            RuleKind::Allow => "allow",
            RuleKind::Disallow => "disallow",
        }
    }

    /// The key as a file writes it: `Allow` or `Disallow`.
    pub fn key(self) -> &'static str {
        match self {
            RuleKind::Allow => "Allow",
            RuleKind::Disallow => "Disallow",
        }
    }
}

/// Which groups the answer came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Scope {
    /// The agent has its own group(s); `*` groups were ignored entirely.
    Specific,
    /// The agent has no group of its own; the `*` group(s) applied.
    Global,
    /// No group applies to the agent: everything is allowed.
    None,
}

impl Scope {
    /// `specific`, `global` or `none`.
    pub fn name(self) -> &'static str {
        match self {
            Scope::Specific => "specific",
            Scope::Global => "global",
            Scope::None => "none",
        }
    }
}

/// A rule that matched the path.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RuleMatch {
    /// Line number of the rule.
    pub line: usize,
    /// Allow or disallow.
    pub kind: RuleKind,
    /// The value as written (invalid UTF-8 replaced with U+FFFD).
    pub value: String,
    /// The pattern Google matched: `%xx` upper-cased and bytes ≥ 0x80 percent-encoded.
    pub pattern: String,
    /// The priority it matched with: the byte length of the pattern (of the retry pattern for
    /// `index_fallback`). Priority 0 (an empty value) never decides on its own.
    pub priority: usize,
    /// Whether it matched only through Google's index.html rule: `Allow: /d/index.html` also allows `/d/`.
    pub index_fallback: bool,
}

impl RuleMatch {
    /// The rule as its line reads: `Disallow: /private/`, or `Disallow:` for an empty value.
    ///
    /// ```
    /// let robots = robotscope::Robots::parse("User-agent: *\nDisallow: /private/\n");
    /// let verdict = robots.check("bot", "/private/x");
    /// assert_eq!(verdict.decided_by.unwrap().text(), "Disallow: /private/");
    /// ```
    pub fn text(&self) -> String {
        let key = self.kind.key();
        if self.value.is_empty() {
            String::from(key) + ":"
        } else {
            alloc::format!("{key}: {}", self.value)
        }
    }
}

/// The answer to "may these agents fetch this URL?", with why.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// Whether the URL may be fetched.
    pub allowed: bool,
    /// The deciding line as the reference reports it (`matching_line()`), 0 when no rule matched. It can name
    /// an empty `Disallow:` that matched with priority 0 while the answer is "allowed".
    pub line: usize,
    /// The rule on [`Verdict::line`], if any.
    pub decided_by: Option<RuleMatch>,
    /// Whether the agents' own groups, the `*` groups, or no group applied.
    pub scope: Scope,
    /// The path that was matched, as extracted from the URL (cut at a NUL byte, if any).
    pub path: String,
    /// The indices of the groups that applied (see [`Robots::group`](crate::Robots::group)).
    pub groups: Vec<usize>,
    /// The user-agent and rule lines of those groups, in order.
    pub group_lines: GroupLines,
    /// Every rule of those groups that matched the path, in file order, with its priority.
    pub matches: Vec<RuleMatch>,
}

impl Verdict {
    /// For an allowed verdict decided by an `Allow`, the `Disallow` that matched at the same priority and lost the
    /// tie (ties go to `Allow`, SPEC A5.6): a rule someone wrote to block the URL that does nothing, typically
    /// because Google merged a group that allows everything (a CDN's managed block) with one that disallows it.
    ///
    /// ```
    /// let robots = robotscope::Robots::parse("User-agent: *\nAllow: /\n\nUser-agent: *\nDisallow: /\n");
    /// let v = robots.check("CCBot", "/page");
    /// assert!(v.allowed);
    /// assert_eq!(v.tied_disallow().map(|m| m.line), Some(5));
    /// ```
    pub fn tied_disallow(&self) -> Option<&RuleMatch> {
        let won = self.decided_by.as_ref().filter(|m| self.allowed && m.kind == RuleKind::Allow)?;
        self.matches.iter().find(|m| m.kind == RuleKind::Disallow && m.priority == won.priority)
    }

    /// The verdict when no rule can apply: allowed, nothing matched.
    pub(crate) fn unrestricted(path: String) -> Verdict {
        Verdict {
            allowed: true,
            line: 0,
            decided_by: None,
            scope: Scope::None,
            path,
            groups: Vec::new(),
            group_lines: GroupLines::default(),
            matches: Vec::new(),
        }
    }

    /// Whether the agents have a group of their own (the reference's `ever_seen_specific_agent()`).
    pub fn has_own_group(&self) -> bool {
        self.scope == Scope::Specific
    }
}

/// The lines of the groups that applied ([`Verdict::group_lines`]), in order, read as a `[usize]`. The list is
/// shared, not copied: every verdict on one agent list of [`Robots::ask`](crate::Robots::ask), and every verdict
/// on a large group, holds the same list, so that an answer from a group of 30,000 rules costs no more than one
/// from a group of three.
///
/// ```
/// let robots = robotscope::Robots::parse("User-agent: *\nDisallow: /a\nDisallow: /b\n");
/// let v = robots.check("bot", "/a");
/// assert_eq!(v.group_lines, vec![1, 2, 3]);
/// assert_eq!(v.group_lines.first(), Some(&1));
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct GroupLines(Arc<[usize]>);

impl GroupLines {
    /// The lines as a slice.
    pub fn as_slice(&self) -> &[usize] {
        &self.0
    }
}

impl Deref for GroupLines {
    type Target = [usize];
    fn deref(&self) -> &[usize] {
        &self.0
    }
}

impl fmt::Debug for GroupLines {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.0.iter()).finish()
    }
}

impl From<Vec<usize>> for GroupLines {
    fn from(lines: Vec<usize>) -> GroupLines {
        GroupLines(lines.into())
    }
}

impl From<GroupLines> for Vec<usize> {
    fn from(lines: GroupLines) -> Vec<usize> {
        lines.0.to_vec()
    }
}

impl<'a> IntoIterator for &'a GroupLines {
    type Item = &'a usize;
    type IntoIter = core::slice::Iter<'a, usize>;
    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl PartialEq<Vec<usize>> for GroupLines {
    fn eq(&self, other: &Vec<usize>) -> bool {
        self.0[..] == other[..]
    }
}

impl PartialEq<[usize]> for GroupLines {
    fn eq(&self, other: &[usize]) -> bool {
        self.0[..] == *other
    }
}

impl<const N: usize> PartialEq<[usize; N]> for GroupLines {
    fn eq(&self, other: &[usize; N]) -> bool {
        self.0[..] == other[..]
    }
}

/// `lines 4-6, line 9` for the (first, last) line ranges given, and whether there were several.
pub(crate) fn line_ranges(ranges: impl Iterator<Item = (usize, usize)>) -> (String, bool) {
    use alloc::format;
    let ranges: Vec<String> =
        crate::pushed(ranges.map(|(a, b)| if a == b { format!("line {a}") } else { format!("lines {a}-{b}") }));
    (ranges.join(", "), ranges.len() > 1)
}

impl crate::Robots {
    /// Says in a sentence or two why `verdict` came out as it did, for people: which groups applied and which
    /// rule beat which. `agent` is how to name the agent(s) in the text.
    ///
    /// ```
    /// let robots = robotscope::Robots::parse(
    ///     "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /shop/\nDisallow: /\n",
    /// );
    /// let v = robots.check("Googlebot", "/shop/shoes");
    /// assert_eq!(
    ///     robots.explain(&v, "Googlebot"),
    ///     "Googlebot has its own group (lines 4-6), so the `*` rules are ignored. \
    ///      `Allow: /shop/` (line 5, priority 6) beats `Disallow: /` (line 6, priority 1), so the URL is allowed."
    /// );
    /// ```
    pub fn explain(&self, verdict: &Verdict, agent: &str) -> String {
        use alloc::format;
        let (groups, plural) = self.group_ranges(verdict);
        let mut text = match verdict.scope {
            Scope::Specific if self.has_global_rules() => {
                format!("{agent} has its own {plural} ({groups}), so the `*` rules are ignored.")
            }
            Scope::Specific => format!("{agent} has its own {plural} ({groups})."),
            Scope::Global => {
                let verb = if plural == "group" { "applies" } else { "apply" };
                format!("{agent} has no group of its own, so the `*` {plural} ({groups}) {verb}.")
            }
            Scope::None => {
                return format!("No group names {agent} and there is no `*` group, so everything is allowed.");
            }
        };
        self.push_rule_sentence(verdict, &mut text);
        text
    }

    /// The line ranges of the groups that applied (`lines 4-6, line 9`), and `group` or `groups`.
    pub(crate) fn group_ranges(&self, verdict: &Verdict) -> (String, &'static str) {
        let (ranges, several) =
            line_ranges(verdict.groups.iter().filter_map(|&g| self.group(g)).map(|g| g.line_range()));
        (ranges, if several { "groups" } else { "group" })
    }

    /// Whether a `*` group has rules (then a specific group's agent ignores them).
    pub(crate) fn has_global_rules(&self) -> bool {
        self.groups().any(|g| g.is_global() && g.rules().len() > 0)
    }

    /// Appends the sentence that says which rule decided, and against which.
    pub(crate) fn push_rule_sentence(&self, verdict: &Verdict, text: &mut String) {
        use alloc::format;
        let rule = |m: &RuleMatch| {
            let kind = m.kind.key();
            let via = if m.index_fallback { ", as Google's index.html rule" } else { "" };
            format!("`{kind}: {}` (line {}, priority {}{via})", m.value, m.line, m.priority)
        };
        let verdict_word = if verdict.allowed { "allowed" } else { "disallowed" };
        match &verdict.decided_by {
            None => text.push_str(&format!(" No rule matches `{}`, so the URL is allowed.", verdict.path)),
            Some(d) if d.priority == 0 => text.push_str(&format!(
                " Only {} matches, and an empty rule decides nothing, so the URL is allowed.",
                rule(d)
            )),
            Some(d) => {
                // The best rule of the other kind, if any matched.
                let other = verdict.matches.iter().filter(|m| m.kind != d.kind).max_by_key(|m| m.priority);
                match other {
                    Some(o) if o.priority == d.priority => text.push_str(&format!(
                        " {} and {} have the same priority, and ties go to Allow, so the URL is allowed.",
                        rule(d),
                        rule(o)
                    )),
                    Some(o) if o.priority > 0 => {
                        text.push_str(&format!(" {} beats {}, so the URL is {verdict_word}.", rule(d), rule(o)))
                    }
                    _ => text.push_str(&format!(" {} matches, so the URL is {verdict_word}.", rule(d))),
                }
            }
        }
    }
}
