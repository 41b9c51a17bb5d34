//! Indexes over a parsed file, so that a query's cost does not grow with the number of groups or with the size
//! of a group: user-agent tokens to their groups, and each large group's rules by their literal start. They are
//! built once per parsed file, on the first query (a parse that is never asked does not pay for them; without `std`,
//! with the parse and without rule indexes: see [`Lazy`]), and only
//! for files large enough to need them: below [`SELECT_ABOVE`] user-agent lines and [`RULES_ABOVE`] rules in a
//! group, scanning is as fast. An index is an optimisation, never a new meaning: the answers are the scan's,
//! which `tests/properties.rs` checks on generated files of many groups, pooled agents and huge groups.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::matcher::{index_retry_prefix, literal_prefix, sort_key};
use super::{Agents, Robots};

/// Files of more user-agent lines than this select their groups through [`Index::tokens`].
const SELECT_ABOVE: usize = 16;
/// Groups of more rules than this are answered through a [`RuleIndex`].
const RULES_ABOVE: usize = 64;

/// The indexes of one parsed file (see the module's documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Index {
    /// Whether groups are selected through `tokens` and `global` (the file has more than [`SELECT_ABOVE`]
    /// user-agent lines).
    selects: bool,
    /// The file's user-agent lines other than `*`, as (agent line, group), sorted by product token ignoring ASCII
    /// case, then by line.
    tokens: Box<[(u32, u32)]>,
    /// The groups with a `*` line, in file order.
    global: Box<[u32]>,
    /// The rule index of each group of more than [`RULES_ABOVE`] rules, by group, in group order.
    groups: Box<[(u32, RuleIndex)]>,
}

/// One group's rules by literal start (the pattern up to its first `*`, without a final `$`; for an `Allow`
/// that the index.html retry may match, the literal start of the `/dir/` it retries, which is a prefix of the
/// other). A path can match a rule only if the rule's literal start is a prefix of the path, so a query finds the
/// last node in byte order that is not after the path and follows `parent` from there, as [`super::Matcher`]'s
/// index does: every node whose literal start is a prefix of the path is on that chain.
#[derive(Debug, Clone, PartialEq, Eq)]
struct RuleIndex {
    /// Rule indices: those with an empty literal start first (every path meets them), then by literal start in
    /// byte order, in file order within one.
    rules: Box<[u32]>,
    /// How many rules have an empty literal start.
    general: u32,
    nodes: Box<[Node]>,
}

/// One distinct literal start of a [`RuleIndex`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Node {
    /// The literal start's first eight bytes as a big-endian word ([`sort_key`]).
    key: u64,
    /// A rule whose pattern starts with the literal start, and its length.
    rule: u32,
    len: u32,
    /// The node of the longest literal start that is a proper prefix of this one, or `u32::MAX`.
    parent: u32,
    /// Where the node's rules end in `RuleIndex::rules`, counted after the general ones.
    end: u32,
}

/// `a` and `b` compared byte by byte with ASCII letters lower-cased: equal exactly when `eq_ignore_ascii_case`.
fn cmp_ignore_case(a: &[u8], b: &[u8]) -> Ordering {
    a.iter().map(u8::to_ascii_lowercase).cmp(b.iter().map(u8::to_ascii_lowercase))
}

impl Index {
    /// The indexes `robots` needs, or `None` for a file small enough to scan. `rules`: whether large groups get
    /// a [`RuleIndex`] (without `std` the index is built with the parse, and sorting a group of 31,000 rules costs
    /// some ten parses of the file, which a parse that is asked a few URLs should not pay: such groups are scanned).
    pub(super) fn build(robots: &Robots, rules: bool) -> Option<Index> {
        let selects = robots.agents.len() > SELECT_ABOVE;
        let big = |g: &super::GroupData| rules && g.rules.len() > RULES_ABOVE;
        if !selects && !robots.groups.iter().any(big) {
            return None;
        }
        let mut tokens = Vec::new();
        let mut global = Vec::new();
        if selects {
            for (g, data) in robots.groups.iter().enumerate() {
                let lines = &robots.agents[data.agents.clone()];
                if lines.iter().any(|a| a.global) {
                    global.push(g as u32);
                }
                for (k, a) in lines.iter().enumerate() {
                    if !a.global {
                        tokens.push(((data.agents.start + k) as u32, g as u32));
                    }
                }
            }
            let token = |&(a, _): &(u32, u32)| robots.token(&robots.agents[a as usize]);
            tokens.sort_unstable_by(|x, y| cmp_ignore_case(token(x), token(y)).then(x.0.cmp(&y.0)));
        }
        let mut groups = Vec::new();
        for (g, data) in robots.groups.iter().enumerate() {
            if big(data) {
                groups.push((g as u32, RuleIndex::build(robots, data.rules.clone())));
            }
        }
        Some(Index { selects, tokens: tokens.into(), global: global.into(), groups: groups.into() })
    }

    /// The bytes the index holds on the heap.
    pub(super) fn heap_bytes(&self) -> usize {
        let rules: usize = self.groups.iter().map(|(_, r)| r.rules.len() * 4 + r.nodes.len() * size_of::<Node>()).sum();
        self.tokens.len() * 8 + self.global.len() * 4 + self.groups.len() * size_of::<(u32, RuleIndex)>() + rules
    }

    /// The groups whose user-agent lines name one of `agents` (the agents' own groups), in file order, or `None`
    /// when this index does not select groups or cannot list `agents` ([`Agents::lists_every_agent`]).
    pub(super) fn own_groups<A: Agents + ?Sized>(&self, robots: &Robots, agents: &A) -> Option<Vec<usize>> {
        if !self.selects || !agents.lists_every_agent() {
            return None;
        }
        let mut groups = Vec::new();
        agents.each_agent(&mut |name| {
            let name = name.as_bytes();
            let token = |&(a, _): &(u32, u32)| robots.token(&robots.agents[a as usize]);
            let from = self.tokens.partition_point(|t| cmp_ignore_case(token(t), name) == Ordering::Less);
            for t in self.tokens[from..].iter().take_while(|t| token(t).eq_ignore_ascii_case(name)) {
                groups.push(t.1 as usize);
            }
        });
        groups.sort_unstable();
        groups.dedup();
        Some(groups)
    }

    /// The groups with a `*` line, in file order, when this index selects groups.
    pub(super) fn global_groups(&self) -> Option<&[u32]> {
        self.selects.then_some(&self.global[..])
    }

    /// Pushes the rules of group `group` that a path could match onto `out`, in file order, and returns `true`;
    /// returns `false` (pushing nothing) when the group has no rule index.
    pub(super) fn candidates(&self, robots: &Robots, group: usize, path: &[u8], out: &mut Vec<u32>) -> bool {
        let Ok(k) = self.groups.binary_search_by_key(&(group as u32), |&(g, _)| g) else { return false };
        self.groups[k].1.candidates(robots, path, out);
        true
    }
}

impl RuleIndex {
    fn build(robots: &Robots, rules: core::ops::Range<usize>) -> RuleIndex {
        // Each rule with its literal start's sort key and length (see the type's documentation).
        let mut keyed: Vec<(u64, u32, u32)> = Vec::with_capacity(rules.len());
        for i in rules {
            let r = &robots.rules[i];
            let pattern = robots.pattern(r);
            let len = match r.allow {
                true => index_retry_prefix(pattern).map_or(r.literal, literal_prefix),
                false => r.literal,
            };
            keyed.push((sort_key(&pattern[..len]), i as u32, len as u32));
        }
        let literal = |&(_, i, len): &(u64, u32, u32)| &robots.pattern(&robots.rules[i as usize])[..len as usize];
        // The keys order literal starts whose first eight bytes differ (a literal start holds no NUL byte), so the
        // bytes are read only where the keys tie.
        keyed.sort_unstable_by(|a, b| a.0.cmp(&b.0).then_with(|| literal(a).cmp(literal(b))).then(a.1.cmp(&b.1)));
        let general = keyed.iter().take_while(|&&(_, _, len)| len == 0).count();
        let mut nodes: Vec<Node> = Vec::new();
        // The nodes whose literal starts are prefixes of the last one, shortest first.
        let mut chain: Vec<usize> = Vec::new();
        let prefix = |n: &Node| literal(&(n.key, n.rule, n.len));
        for (k, item) in keyed.iter().enumerate().skip(general) {
            let end = (k + 1 - general) as u32;
            let bytes = literal(item);
            if let Some(last) = nodes.last_mut() {
                if prefix(last) == bytes {
                    last.end = end;
                    continue;
                }
            }
            while chain.last().is_some_and(|&c| !bytes.starts_with(prefix(&nodes[c]))) {
                chain.pop();
            }
            let parent = chain.last().map_or(u32::MAX, |&c| c as u32);
            chain.push(nodes.len());
            nodes.push(Node { key: item.0, rule: item.1, len: item.2, parent, end });
        }
        RuleIndex { rules: keyed.iter().map(|&(_, i, _)| i).collect(), general: general as u32, nodes: nodes.into() }
    }

    /// Pushes the rules whose literal start is a prefix of `path` (and those with an empty one), in file order.
    fn candidates(&self, robots: &Robots, path: &[u8], out: &mut Vec<u32>) {
        let from = out.len();
        let general = self.general as usize;
        out.extend_from_slice(&self.rules[..general]);
        let prefix = |n: &Node| &robots.pattern(&robots.rules[n.rule as usize])[..n.len as usize];
        let key = sort_key(path);
        let after = self.nodes.partition_point(|n| n.key < key || (n.key == key && prefix(n) <= path));
        if let Some(last) = after.checked_sub(1) {
            let common = prefix(&self.nodes[last]).iter().zip(path).take_while(|(a, b)| a == b).count();
            let mut k = last;
            loop {
                let node = &self.nodes[k];
                if node.len as usize <= common {
                    let begin = k.checked_sub(1).map_or(0, |p| self.nodes[p].end as usize);
                    out.extend_from_slice(&self.rules[general + begin..general + node.end as usize]);
                }
                if node.parent == u32::MAX {
                    break;
                }
                k = node.parent as usize;
            }
        }
        out[from..].sort_unstable();
    }
}

/// A value computed on first use and kept (`std`'s `OnceLock`, so that `Robots` stays `Sync`). Without `std`
/// there is no such cell that is `Sync` and needs no `unsafe`, so a `no_std` build (the npm package's `.wasm`)
/// builds the index with the parse instead. It never changes what the value it belongs to means, so it compares
/// equal to any other.
#[cfg(feature = "std")]
#[derive(Debug, Clone, Default)]
pub(super) struct Lazy<T>(std::sync::OnceLock<T>);

#[cfg(feature = "std")]
impl<T> Lazy<T> {
    pub(super) fn get_or_init(&self, f: impl FnOnce() -> T) -> &T {
        self.0.get_or_init(f)
    }

    pub(super) fn get(&self) -> Option<&T> {
        self.0.get()
    }

    /// A cell that already holds `value`.
    pub(super) fn ready(value: T) -> Lazy<T> {
        Lazy(std::sync::OnceLock::from(value))
    }
}

#[cfg(feature = "std")]
impl<T> PartialEq for Lazy<T> {
    fn eq(&self, _: &Lazy<T>) -> bool {
        true
    }
}

#[cfg(feature = "std")]
impl<T> Eq for Lazy<T> {}
