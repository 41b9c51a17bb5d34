//! The matcher (SPEC A5.2-A5.6): the reference's allow and disallow slots over the rules that apply, and
//! [`Matcher`], which keeps those rules for one agent list. Which rules apply is [`Robots::applicable_groups`]'s
//! business; this module only ranks the rules it is given.

use alloc::vec::Vec;
use core::ops::Range;

use super::{Agents, Robots};
use crate::pattern::pattern_matches;
use crate::url::match_path;

impl Robots {
    /// Finds the rules that apply to `agents` once, for answering many URLs: [`Matcher::decide`] then costs only
    /// the matching, where [`Robots::decide`] first looks through every group of the file.
    ///
    /// ```
    /// let robots = robotscope::Robots::parse("User-agent: a\nDisallow: /a\n\nUser-agent: *\nDisallow: /\n");
    /// let a = robots.matcher("a");
    /// assert_eq!(a.decide("/a/x"), (false, 2));
    /// assert_eq!(a.decide("/b"), (true, 0));
    /// assert_eq!(a.decide("/b"), robots.decide("a", "/b"));
    /// ```
    pub fn matcher<A: Agents + ?Sized>(&self, agents: &A) -> Matcher<'_> {
        let (own, rules) = self.applicable_rules(agents);
        Matcher { robots: self, own, rules: rules.collect() }
    }

    /// Runs the matcher over `rules` (index ranges in file order): the reference's allow and disallow slots.
    /// `on_match` sees every rule that matched, with its priority and whether the index.html retry matched.
    pub(super) fn run_rules(
        &self,
        rules: impl Iterator<Item = Range<usize>>,
        path: &[u8],
        mut on_match: impl FnMut(usize, usize, bool),
    ) -> (bool, Slot) {
        let mut allow = Slot::NONE;
        let mut disallow = Slot::NONE;
        let path_head = head_of(path, path.len());
        for range in rules {
            let start = range.start;
            // Most rules fail on their first bytes: test those for the whole range before touching a rule.
            let candidates = self.rules[range].iter().enumerate().filter(|&(_, r)| head_matches(r.head, path_head));
            for (k, r) in candidates {
                let i = start + k;
                let pattern = self.pattern(r);
                let Some((priority, fallback)) = rule_priority(pattern, r.literal, r.allow, path) else { continue };
                on_match(i, priority, fallback);
                let slot = if r.allow { &mut allow } else { &mut disallow };
                if priority as isize > slot.priority {
                    *slot = Slot { priority: priority as isize, line: r.line };
                }
            }
        }
        // Only priorities above 0 decide; ties go to allow (SPEC A5.6).
        let disallowed =
            if allow.priority > 0 || disallow.priority > 0 { disallow.priority > allow.priority } else { false };
        (!disallowed, if disallow.priority > allow.priority { disallow } else { allow })
    }
}

/// The rules that apply to one agent list, found once by [`Robots::matcher`].
#[derive(Debug, Clone)]
pub struct Matcher<'a> {
    robots: &'a Robots,
    own: bool,
    /// The applicable rules as index ranges, in file order.
    rules: Vec<Range<usize>>,
}

impl Matcher<'_> {
    /// The verdict and the deciding line (0 when no rule decided) for `url`, as [`Robots::decide`] gives them.
    pub fn decide(&self, url: &str) -> (bool, usize) {
        let mut buf = Vec::new();
        let path = match_path(url.as_bytes(), &mut buf);
        let (allowed, decider) = self.robots.run_rules(self.rules.iter().cloned(), path, |_, _, _| {});
        (allowed, decider.line)
    }

    /// Whether the agents have a group of their own (then the `*` groups are ignored).
    pub fn has_own_group(&self) -> bool {
        self.own
    }

    /// How many rules apply to the agents.
    pub fn rule_count(&self) -> usize {
        self.rules.iter().map(ExactSizeIterator::len).sum()
    }
}

/// A match slot of the reference matcher: the best priority so far and where it came from.
#[derive(Debug, Clone, Copy)]
pub(super) struct Slot {
    priority: isize,
    pub(super) line: usize,
}

impl Slot {
    const NONE: Slot = Slot { priority: -1, line: 0 };
}

/// The length of the literal start of `pattern`: up to its first `*`, and without a final `$`.
pub(super) fn literal_prefix(pattern: &[u8]) -> usize {
    let body = pattern.strip_suffix(b"$").unwrap_or(pattern);
    crate::lines::find_byte(body, b'*').unwrap_or(body.len())
}

/// The first `min(8, literal)` bytes of `pattern` (`literal` is [`literal_prefix`]) as a little-endian word,
/// zero-padded: a path can match the rule only if it starts with them. The pattern holds no NUL byte (the
/// tokenizer cuts values there), so the padding marks the length. An `Allow` rule that the index.html retry
/// may match gets 0, which every path passes, since that retry does not need the path to start with the
/// pattern's literal start.
pub(super) fn rule_head(pattern: &[u8], literal: usize, allow: bool) -> u64 {
    if allow && index_retry_prefix(pattern).is_some() {
        return 0;
    }
    head_of(pattern, literal)
}

/// The first `min(8, n)` bytes of `bytes`, zero-padded, as a little-endian word.
#[inline(always)]
fn head_of(bytes: &[u8], n: usize) -> u64 {
    let n = n.min(bytes.len()).min(8);
    let word = match bytes.first_chunk::<8>() {
        Some(&first) => u64::from_le_bytes(first),
        None => bytes.iter().rev().fold(0, |w, &c| (w << 8) | u64::from(c)),
    };
    word & u64::MAX.checked_shr(64 - 8 * n as u32).unwrap_or(0)
}

/// Whether a path whose [`head_of`] is `path_head` passes a rule's [`rule_head`]: its non-padding bytes equal.
#[inline(always)]
fn head_matches(head: u64, path_head: u64) -> bool {
    // The padding is the head's high zero bytes; the mask keeps the bytes below them.
    let mask = u64::MAX.checked_shr(head.leading_zeros() & !7).unwrap_or(0);
    (head ^ path_head) & mask == 0
}

/// For `Allow: /dir/index.htm...`, the `/dir/` that Google also allows (SPEC A5.4): the pattern up to its last
/// `/`, when `/index.htm` follows.
fn index_retry_prefix(pattern: &[u8]) -> Option<&[u8]> {
    let slash = pattern.iter().rposition(|&c| c == b'/')?;
    pattern[slash..].starts_with(b"/index.htm").then(|| &pattern[..=slash])
}

/// The priority with which a rule matches `path`, and whether it matched through the index.html retry;
/// `None` when it does not match (SPEC A5.3, A5.4). `literal` is [`literal_prefix`] of the pattern.
fn rule_priority(pattern: &[u8], literal: usize, allow: bool, path: &[u8]) -> Option<(usize, bool)> {
    // Most rules fail on their literal start; only the rest need the matcher.
    if path.starts_with(&pattern[..literal]) && pattern_matches(pattern, path) {
        return Some((pattern.len(), false));
    }
    if !allow {
        return None;
    }
    // Google-only: `Allow: /dir/index.htm*` also allows `/dir/` exactly.
    let prefix = index_retry_prefix(pattern)?;
    let matched = if prefix.contains(&b'*') {
        let mut retry = Vec::with_capacity(prefix.len() + 1);
        retry.extend_from_slice(prefix);
        retry.push(b'$');
        pattern_matches(&retry, path)
    } else {
        path == prefix
    };
    matched.then_some((prefix.len() + 1, true))
}
