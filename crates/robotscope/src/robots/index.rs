//! Indexes over a parsed file, so that a query's cost does not grow with the number of groups or with the size
//! of a group: user-agent tokens to their groups, and each large group's rules by their literal start. They are
//! built once per parsed file, on the first query (a parse that is never asked does not pay for them), and only
//! for files large enough to need them: below [`SELECT_ABOVE`] user-agent lines and [`RULES_ABOVE`] rules in a
//! group, scanning is as fast. An index is an optimisation, never a new meaning: the answers are the scan's,
//! which `tests/properties.rs` checks on generated files of many groups, pooled agents and huge groups.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::cmp::Ordering;

use super::matcher::{index_retry_prefix, literal_prefix, sort_key};
use super::{Agents, Robots};
use crate::verdict::GroupLines;

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
    /// The group's lines (its user-agent lines, then its rules), shared by every verdict on the group alone.
    lines: GroupLines,
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
    /// The indexes `robots` needs, or `None` for a file small enough to scan.
    pub(super) fn build(robots: &Robots) -> Option<Index> {
        let selects = robots.agents.len() > SELECT_ABOVE;
        let big = |g: &super::GroupData| g.rules.len() > RULES_ABOVE;
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
                let mut lines = Vec::with_capacity(data.agents.len() + data.rules.len());
                robots.push_group_lines(g, &mut lines);
                groups.push((g as u32, RuleIndex::build(robots, data.rules.clone(), lines.into())));
            }
        }
        Some(Index { selects, tokens: tokens.into(), global: global.into(), groups: groups.into() })
    }

    /// The bytes the index holds on the heap.
    pub(super) fn heap_bytes(&self) -> usize {
        let rules: usize = self
            .groups
            .iter()
            .map(|(_, r)| r.rules.len() * 4 + r.nodes.len() * size_of::<Node>() + r.lines.len() * size_of::<usize>())
            .sum();
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

    /// The lines of group `group` when it has a rule index (a large group), shared.
    pub(super) fn group_lines(&self, group: usize) -> Option<&GroupLines> {
        let k = self.groups.binary_search_by_key(&(group as u32), |&(g, _)| g).ok()?;
        Some(&self.groups[k].1.lines)
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
    fn build(robots: &Robots, rules: core::ops::Range<usize>, lines: GroupLines) -> RuleIndex {
        // Each rule with its literal start, and that start's first sixteen bytes as two big-endian words: the words
        // order literal starts whose first sixteen bytes differ (a literal start holds no NUL byte), so the bytes,
        // which lie all over the source, are read only where the words tie (a file such as docs.oracle.com's,
        // whose rules share long starts, spent most of the index's build on those reads when only eight bytes
        // were kept).
        let mut keyed: Vec<(u64, u64, &[u8], u32)> = Vec::with_capacity(rules.len());
        for i in rules {
            let r = &robots.rules[i];
            let pattern = robots.pattern(r);
            let len = match r.allow {
                true => index_retry_prefix(pattern).map_or(r.literal, literal_prefix),
                false => r.literal,
            };
            let literal = &pattern[..len];
            keyed.push((sort_key(literal), sort_key(literal.get(8..).unwrap_or_default()), literal, i as u32));
        }
        // Stable, so that rules with one literal start stay in file order.
        keyed.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.cmp(&b.1)).then_with(|| a.2.cmp(b.2)));
        let general = keyed.iter().take_while(|k| k.2.is_empty()).count();
        let mut nodes: Vec<Node> = Vec::new();
        // The nodes whose literal starts are prefixes of the last one, shortest first.
        let mut chain: Vec<usize> = Vec::new();
        let prefix = |n: &Node| &robots.pattern(&robots.rules[n.rule as usize])[..n.len as usize];
        let mut last: &[u8] = &[];
        for (k, &(key, _, bytes, rule)) in keyed.iter().enumerate().skip(general) {
            let end = (k + 1 - general) as u32;
            if let Some(node) = nodes.last_mut().filter(|_| last == bytes) {
                node.end = end;
                continue;
            }
            last = bytes;
            while chain.last().is_some_and(|&c| !bytes.starts_with(prefix(&nodes[c]))) {
                chain.pop();
            }
            let parent = chain.last().map_or(u32::MAX, |&c| c as u32);
            chain.push(nodes.len());
            nodes.push(Node { key, rule, len: bytes.len() as u32, parent, end });
        }
        let rules = keyed.iter().map(|k| k.3).collect();
        RuleIndex { rules, general: general as u32, nodes: nodes.into(), lines }
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

/// A value computed on first use and kept: `std`'s `OnceLock`, so that `Robots` stays `Sync`; without `std`,
/// `core`'s `OnceCell` (neither needs `unsafe`; a `no_std` build, such as the npm package's `.wasm`, runs on one
/// thread, and its `Robots` is `Send` but not `Sync`). It never changes what the value it belongs to means, so it
/// compares equal to any other.
#[derive(Debug, Clone, Default)]
pub(super) struct Lazy<T>(Cell<T>);

#[cfg(feature = "std")]
type Cell<T> = std::sync::OnceLock<T>;
#[cfg(not(feature = "std"))]
type Cell<T> = core::cell::OnceCell<T>;

impl<T> Lazy<T> {
    pub(super) fn get_or_init(&self, f: impl FnOnce() -> T) -> &T {
        self.0.get_or_init(f)
    }

    pub(super) fn get(&self) -> Option<&T> {
        self.0.get()
    }

    /// A cell that already holds `value`.
    pub(super) fn ready(value: T) -> Lazy<T> {
        Lazy(Cell::from(value))
    }
}

impl<T> PartialEq for Lazy<T> {
    fn eq(&self, _: &Lazy<T>) -> bool {
        true
    }
}

impl<T> Eq for Lazy<T> {}
