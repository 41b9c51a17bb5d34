//! The matcher (SPEC A5.2-A5.6): the reference's allow and disallow slots over the rules that apply, and
//! [`Matcher`], which keeps those rules for one agent list. Which rules apply is [`Robots::applicable_groups`]'s
//! business; this module only ranks the rules it is given.

use alloc::boxed::Box;
use alloc::vec::Vec;

use super::{Agents, Robots};
use crate::pattern::{body_matches, pattern_matches, same_bytes};
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
        Matcher::new(self, agents, TABLE_LIMIT, INDEX_ABOVE)
    }

    /// [`Robots::matcher`] with its index of literal starts always built (`indexed`) or never: the answers are
    /// the same, which `tests/properties.rs` checks on random rule sets.
    #[doc(hidden)]
    pub fn matcher_with_index<A: Agents + ?Sized>(&self, agents: &A, indexed: bool) -> Matcher<'_> {
        Matcher::new(self, agents, TABLE_LIMIT, if indexed { 0 } else { usize::MAX })
    }

    /// Runs the matcher over the rules of `groups` (in file order): the reference's allow and disallow slots.
    /// `on_match` sees every rule that matched, in file order, with its priority and whether the index.html
    /// retry matched. A large group's rules come from its index ([`super::index`]): only those a path could
    /// match, in file order, so the answer and the matches are the scan's.
    pub(super) fn run_rules(
        &self,
        groups: impl Iterator<Item = usize>,
        path: &[u8],
        mut on_match: impl FnMut(usize, usize, bool),
    ) -> (bool, Slot) {
        let mut allow = Slot::NONE;
        let mut disallow = Slot::NONE;
        let path_head = head_of(path, path.len());
        let mut rank = |i: usize, r: &super::RuleLine| {
            let pattern = self.pattern(r);
            let Some((priority, fallback)) = rule_priority(pattern, r.literal, r.allow, path) else { return };
            on_match(i, priority, fallback);
            let slot = if r.allow { &mut allow } else { &mut disallow };
            if priority as isize > slot.priority {
                *slot = Slot { priority: priority as isize, line: r.line };
            }
        };
        let index = self.index();
        let mut candidates = Vec::new();
        for g in groups {
            candidates.clear();
            if index.is_some_and(|index| index.candidates(self, g, path, &mut candidates)) {
                for &i in &candidates {
                    let r = &self.rules[i as usize];
                    if head_passes(r.head, r.head_len, path_head) {
                        rank(i as usize, r);
                    }
                }
                continue;
            }
            let range = self.groups[g].rules.clone();
            let start = range.start;
            // Most rules fail on their first bytes: test those for the whole range before touching a rule.
            let passed =
                self.rules[range].iter().enumerate().filter(|&(_, r)| head_passes(r.head, r.head_len, path_head));
            for (k, r) in passed {
                rank(start + k, r);
            }
        }
        verdict(allow, disallow)
    }
}

/// The rules that apply to one agent list, found once by [`Robots::matcher`] and laid out for fast answers.
///
/// The rules are listed in one table sorted by priority (longest pattern first, then file order), so the
/// first rule that matches usually decides and the scan stops there. A larger table is split by the byte
/// after a rule's leading `/`, so a path meets only the rules that can start like it and the few (such as `/`
/// or `/*.php`) with fewer than two literal bytes. Each entry holds the rule's first eight literal bytes, so
/// most rules are rejected without reading the pattern, and the whole table is one allocation of 24 bytes per
/// entry, since a query on a cold matcher costs about one cache miss per allocation it touches.
/// [`Matcher::decide`] answers as [`Robots::decide`] does, line for line; `tests/properties.rs` checks it
/// against a transcription of the reference, and `tests/conformance.rs` on every vector.
#[derive(Debug, Clone)]
pub struct Matcher<'a> {
    robots: &'a Robots,
    /// The table (see [`MAP`]); empty for files over [`TABLE_LIMIT`], whose rules are in `ranges`.
    table: Box<[u32]>,
    own: bool,
    rule_count: usize,
    /// Only on wasm32 and for files too large for the table's 30-bit offsets: the groups whose rules apply,
    /// answered by [`Robots::run_rules`] as [`Robots::decide`] does (with the file's index of large groups).
    ranges: Vec<usize>,
    /// For tables of more than [`INDEX_ABOVE`] entries, the index of their literal starts (see [`Node`]); the
    /// table is then not split into buckets.
    index: Box<[Node]>,
}

/// One distinct literal start (the pattern up to its first `*`, without a final `$`) of the indexed entries,
/// which are laid out after the general run grouped by literal start, the groups in byte order and each sorted by
/// priority. A node's entries end where the next node's begin. A path can match an entry only if the entry's
/// literal start is a prefix of the path, so a query finds the last node in byte order that is not after the
/// path and follows `parent` from there: every node whose literal start is a prefix of the path is on that
/// chain (it lies between the node and the path in byte order), and the chain's nodes longer than their common
/// prefix with the path are skipped. Entries with an empty literal start (`*x`) stay in the general run.
#[derive(Debug, Clone, Copy)]
struct Node {
    /// The literal start's first eight bytes, zero-padded, as a big-endian word ([`sort_key`]): nodes whose
    /// keys differ compare as their keys do, so the search reads the source only among equal keys.
    key: u64,
    /// Where the literal start is: its first byte, with [`NODE_ARENA`] when it is in `Robots::patterns`.
    start: u32,
    len: u32,
    /// The node of the longest literal start that is a proper prefix of this one, or [`NO_PARENT`].
    parent: u32,
    /// The end of the node's entries, counted in entries from the first indexed one.
    end: u32,
}

/// [`Node::start`] is in `Robots::patterns`, not the source.
const NODE_ARENA: u32 = 1 << 31;
/// [`Node::parent`] of a node that has none.
const NO_PARENT: u32 = u32::MAX;

/// Tables of more entries than this get an index of literal starts: below it, the buckets' scan is as fast.
const INDEX_ABOVE: usize = 256;

/// The layout of [`Matcher::table`], in 32-bit words: how many entries the general run has (the rules with
/// fewer than two literal bytes, or every rule when the table is not split); how many buckets there are (0
/// when the table is not split); when split, at [`MAP`], 256 bytes that give each second literal byte its
/// bucket's number (0 for none; buckets are numbered from 1 in byte order) and where each run starts and ends
/// (counted in entries: `u + 1` words, the first the general run's end); then the entries, [`ENTRY`] words
/// each: the head (two words), the priority with the [`ALLOW`] and [`ARENA`] bits, the line, the pattern's
/// start, and its end with the test in the top two bits. Each run is sorted by priority. (A bitmap with a rank
/// was smaller, but counting its bits cost a quarter of a warm query: baseline x86-64 has no `popcnt`.)
const MAP: usize = 2;
/// Words of the bucket map.
const MAP_WORDS: usize = 64;

/// Words per entry.
const ENTRY: usize = 6;
/// The rule is an `Allow` (in the priority word).
const ALLOW: u32 = 1 << 31;
/// The pattern is in `Robots::patterns`, not the source (in the priority word).
const ARENA: u32 = 1 << 30;
/// What a path that passed the head must still satisfy (the end word's top bits): nothing (the head is the
/// whole pattern), start with the pattern, match the pattern, or match the pattern anchored at the end (the
/// index.html retry's `/dir/$`).
const HEAD: u32 = 0;
const PREFIX: u32 = 1 << 30;
const PATTERN: u32 = 2 << 30;
const ANCHORED: u32 = 3 << 30;
const LOW: u32 = (1 << 30) - 1;

/// The most bytes a file may have for [`Matcher`]'s table: its escaped patterns are at most three times as
/// long, and offsets and priorities must fit 30 bits.
const TABLE_LIMIT: usize = 1 << 28;

/// Tables of more entries than this are split into buckets; smaller ones are scanned whole.
const SPLIT_ABOVE: usize = 12;

/// One entry before it is written into the table: its bucket key and words.
type Keyed = (u16, [u32; ENTRY]);

impl<'a> Matcher<'a> {
    pub(super) fn new<A: Agents + ?Sized>(
        robots: &'a Robots,
        agents: &A,
        limit: usize,
        index_above: usize,
    ) -> Matcher<'a> {
        let (own, groups) = robots.applicable_groups(agents);
        // The table is a native speed-up: in the tester's wasm it cost 3 KB gzipped (over its transfer budget) for
        // answers that take microseconds there either way, so on wasm32 the matcher keeps index ranges, as it does
        // for files too large for the table.
        if cfg!(target_arch = "wasm32") || robots.src.len() > limit {
            let ranges: Vec<usize> = crate::pushed(groups);
            let rule_count = ranges.iter().map(|&g| robots.groups[g].rules.len()).sum();
            return Matcher { robots, table: Box::default(), own, rule_count, ranges, index: Box::default() };
        }
        let mut keyed: Vec<Keyed> = Vec::new();
        let mut rule_count = 0;
        for g in groups {
            for r in &robots.rules[robots.groups[g].rules.clone()] {
                rule_count += 1;
                let pattern = robots.pattern(r);
                let (start, end) = (r.pattern.start as u32, r.pattern.end as u32);
                let mut bits = if r.escaped { ARENA } else { 0 };
                if r.allow {
                    bits |= ALLOW;
                }
                let test = match (r.literal == pattern.len(), r.literal <= 8) {
                    (true, true) => HEAD,
                    (true, false) => PREFIX,
                    (false, _) => PATTERN,
                };
                let line = r.line as u32;
                keyed.push(keyed_entry(pattern, r.literal, end - start, bits, line, start, end | test));
                if r.allow {
                    // Google-only: `Allow: /dir/index.htm*` also allows `/dir/` exactly, one byte above the
                    // priority of `/dir/` (SPEC A5.4): the pattern `/dir/` anchored at the end.
                    if let Some(prefix) = index_retry_prefix(pattern) {
                        let (literal, n) = (literal_prefix(prefix), prefix.len() as u32);
                        keyed.push(keyed_entry(prefix, literal, n + 1, bits, line, start, (start + n) | ANCHORED));
                    }
                }
            }
        }
        if keyed.len() > index_above {
            return Matcher::indexed(robots, keyed, own, rule_count);
        }
        // Key 0 is the general run; key `b + 1` the bucket of second byte `b`. Within each run, higher
        // priority first and file order among equals: the reference's slots keep the first rule of the highest
        // priority.
        let order =
            |(ka, a): &Keyed, (kb, b): &Keyed| ka.cmp(kb).then((b[2] & LOW).cmp(&(a[2] & LOW))).then(a[3].cmp(&b[3]));
        keyed.sort_unstable_by(order);
        let mut buckets = keyed.windows(2).filter(|w| w[1].0 != w[0].0).count()
            + usize::from(keyed.first().is_some_and(|&(k, _)| k != 0));
        // Small tables are scanned whole, and bucket numbers must fit a byte.
        if keyed.len() <= SPLIT_ABOVE || buckets > 255 {
            keyed.iter_mut().for_each(|(k, _)| *k = 0);
            keyed.sort_unstable_by(order);
            buckets = 0;
        }
        let general = keyed.iter().take_while(|(k, _)| *k == 0).count();
        let directory = if buckets == 0 { 0 } else { MAP_WORDS + buckets + 1 };
        let mut table = Vec::with_capacity(MAP + directory + keyed.len() * ENTRY);
        table.extend([general as u32, buckets as u32]);
        if buckets > 0 {
            let mut map = [0u8; 4 * MAP_WORDS];
            let mut bounds = Vec::with_capacity(buckets + 1);
            bounds.push(general as u32);
            for (i, &(k, _)) in keyed.iter().enumerate().skip(general) {
                if keyed.get(i + 1).is_none_or(|&(next, _)| next != k) {
                    bounds.push((i + 1) as u32);
                    map[usize::from(k - 1)] = (bounds.len() - 1) as u8;
                }
            }
            table.extend(map.chunks_exact(4).map(|w| u32::from_le_bytes([w[0], w[1], w[2], w[3]])));
            table.extend(bounds);
        }
        table.extend(keyed.iter().flat_map(|(_, words)| words));
        Matcher { robots, table: table.into_boxed_slice(), own, rule_count, ranges: Vec::new(), index: Box::default() }
    }

    /// The matcher of a large table: the general run of entries with an empty literal start, then the others
    /// grouped by literal start under an index of [`Node`]s.
    fn indexed(robots: &'a Robots, keyed: Vec<Keyed>, own: bool, rule_count: usize) -> Matcher<'a> {
        let mut entries: Vec<(u32, [u32; ENTRY])> = keyed
            .into_iter()
            .map(|(_, e)| {
                let pattern = &store_of(robots, e[2] & ARENA != 0)[e[4] as usize..(e[5] & LOW) as usize];
                (literal_prefix(pattern) as u32, e)
            })
            .collect();
        let literal = |&(len, e): &(u32, [u32; ENTRY])| {
            let start = e[4] as usize;
            &store_of(robots, e[2] & ARENA != 0)[start..start + len as usize]
        };
        // By literal start (the empty ones, the general run, first), then by priority, then in file order.
        entries.sort_unstable_by(|a, b| {
            literal(a).cmp(literal(b)).then((b.1[2] & LOW).cmp(&(a.1[2] & LOW))).then(a.1[3].cmp(&b.1[3]))
        });
        let general = entries.iter().take_while(|&&(len, _)| len == 0).count();
        let mut nodes: Vec<Node> = Vec::new();
        // The nodes whose literal starts are prefixes of the last one, shortest first.
        let mut chain: Vec<usize> = Vec::new();
        for (i, item) in entries.iter().enumerate().skip(general) {
            let end = (i + 1 - general) as u32;
            let bytes = literal(item);
            if let Some(last) = nodes.last_mut() {
                if robots.node_prefix(last) == bytes {
                    last.end = end;
                    continue;
                }
            }
            while chain.last().is_some_and(|&k| !bytes.starts_with(robots.node_prefix(&nodes[k]))) {
                chain.pop();
            }
            let parent = chain.last().map_or(NO_PARENT, |&k| k as u32);
            let arena = if item.1[2] & ARENA != 0 { NODE_ARENA } else { 0 };
            chain.push(nodes.len());
            nodes.push(Node { key: sort_key(bytes), start: item.1[4] | arena, len: item.0, parent, end });
        }
        let mut table = Vec::with_capacity(MAP + entries.len() * ENTRY);
        table.extend([general as u32, 0]);
        table.extend(entries.iter().flat_map(|(_, words)| words));
        Matcher { robots, table: table.into_boxed_slice(), own, rule_count, ranges: Vec::new(), index: nodes.into() }
    }

    /// The verdict and the deciding line (0 when no rule decided) for `url`, as [`Robots::decide`] gives them.
    pub fn decide(&self, url: &str) -> (bool, usize) {
        let mut buf = Vec::new();
        let path = match_path(url.as_bytes(), &mut buf);
        let table = if cfg!(target_arch = "wasm32") { None } else { self.table.first_chunk::<2>() };
        let Some(&[general, buckets]) = table else {
            let (allowed, decider) = self.robots.run_rules(self.ranges.iter().copied(), path, |_, _, _| {});
            return (allowed, decider.line);
        };
        let (general, buckets) = (general as usize, buckets as usize);
        let directory = if buckets == 0 { 0 } else { MAP_WORDS + buckets + 1 };
        let entries = &self.table[MAP + directory..];
        let path_head = head_of(path, path.len());
        let mut allow = Slot::NONE;
        let mut disallow = Slot::NONE;
        self.scan(&entries[..general * ENTRY], path, path_head, &mut allow, &mut disallow);
        if !self.index.is_empty() {
            self.walk(&entries[general * ENTRY..], path, path_head, &mut allow, &mut disallow);
        } else if let (Some(&b), true) = (path.get(1), buckets > 0) {
            let b = usize::from(b);
            let bucket = (self.table[MAP + b / 4] >> (8 * (b % 4))) as u8 as usize;
            if bucket != 0 {
                let bounds = &self.table[MAP + MAP_WORDS..MAP + directory];
                let run = &entries[bounds[bucket - 1] as usize * ENTRY..bounds[bucket] as usize * ENTRY];
                self.scan(run, path, path_head, &mut allow, &mut disallow);
            }
        }
        let (allowed, decider) = verdict(allow, disallow);
        (allowed, decider.line)
    }

    /// Updates the slots with the indexed entries whose literal start is a prefix of `path` (see [`Node`]).
    fn walk(&self, indexed: &[u32], path: &[u8], path_head: u64, allow: &mut Slot, disallow: &mut Slot) {
        let robots = self.robots;
        let key = sort_key(path);
        let after = self.index.partition_point(|n| n.key < key || (n.key == key && robots.node_prefix(n) <= path));
        let Some(last) = after.checked_sub(1) else { return };
        let common = robots.node_prefix(&self.index[last]).iter().zip(path).take_while(|(a, b)| a == b).count();
        let mut k = last;
        loop {
            let node = &self.index[k];
            if node.len as usize <= common {
                let begin = k.checked_sub(1).map_or(0, |p| self.index[p].end as usize);
                self.scan(&indexed[begin * ENTRY..node.end as usize * ENTRY], path, path_head, allow, disallow);
            }
            if node.parent == NO_PARENT {
                break;
            }
            k = node.parent as usize;
        }
    }

    /// Updates the slots with the entries of one run (sorted by priority) that match `path`, skipping every
    /// entry that could not change the answer and stopping where none after could.
    #[inline]
    fn scan(&self, run: &[u32], path: &[u8], path_head: u64, allow: &mut Slot, disallow: &mut Slot) {
        for e in run.chunks_exact(ENTRY) {
            let priority = (e[2] & LOW) as isize;
            if priority < allow.priority.max(disallow.priority) {
                // Lower priorities lose to a slot already filled, whatever they match.
                break;
            }
            let head = u64::from(e[0]) | (u64::from(e[1]) << 32);
            if !head_passes(head, head_len(head), path_head) {
                continue;
            }
            let line = e[3] as usize;
            let slot = if e[2] & ALLOW != 0 {
                // An equal allow from earlier in the file keeps its line (an allow below the disallow cannot
                // win: ruled out above).
                if priority == allow.priority && line > allow.line {
                    continue;
                }
                &mut *allow
            } else {
                // Ties go to allow, and an equal disallow from earlier in the file keeps its line.
                if priority <= allow.priority || (priority == disallow.priority && line > disallow.line) {
                    continue;
                }
                &mut *disallow
            };
            if self.passes(e, path) {
                *slot = Slot { priority, line };
            }
        }
    }

    /// Whether `path`, which passed the entry's head, matches the rest of its pattern.
    #[inline(always)]
    fn passes(&self, e: &[u32], path: &[u8]) -> bool {
        let test = e[5] & !LOW;
        if test == HEAD {
            return true;
        }
        let store: &[u8] = if e[2] & ARENA != 0 { &self.robots.patterns } else { &self.robots.src };
        let pattern = &store[e[4] as usize..(e[5] & LOW) as usize];
        match test {
            // The head held the first eight bytes.
            PREFIX => path.len() >= pattern.len() && same_bytes(&path[8..pattern.len()], &pattern[8..]),
            PATTERN => pattern_matches(pattern, path),
            _ => body_matches(pattern, true, path),
        }
    }

    /// Whether the agents have a group of their own (then the `*` groups are ignored).
    pub fn has_own_group(&self) -> bool {
        self.own
    }

    /// How many rules apply to the agents.
    pub fn rule_count(&self) -> usize {
        self.rule_count
    }
}

impl Robots {
    /// The literal start of an index node.
    #[inline]
    fn node_prefix(&self, node: &Node) -> &[u8] {
        let start = (node.start & !NODE_ARENA) as usize;
        &store_of(self, node.start & NODE_ARENA != 0)[start..start + node.len as usize]
    }
}

/// The first eight bytes of `bytes`, zero-padded, as a big-endian word. Where two keys differ, the strings
/// compare as the keys do when one of them holds no NUL byte (a padding zero then never ties with a byte of the
/// other), which holds for literal starts (the tokenizer cuts values at NUL).
#[inline(always)]
pub(super) fn sort_key(bytes: &[u8]) -> u64 {
    let mut word = [0u8; 8];
    let n = bytes.len().min(8);
    word[..n].copy_from_slice(&bytes[..n]);
    u64::from_be_bytes(word)
}

/// Where a pattern is: `Robots::patterns` (`arena`) or the source.
#[inline]
fn store_of(robots: &Robots, arena: bool) -> &[u8] {
    if arena {
        &robots.patterns
    } else {
        &robots.src
    }
}

/// A table entry (see [`MAP`]) for `pattern` with its literal start, keyed by its bucket.
fn keyed_entry(pattern: &[u8], literal: usize, priority: u32, bits: u32, line: u32, start: u32, end: u32) -> Keyed {
    let head = head_of(pattern, literal);
    (key(pattern, literal), [head as u32, (head >> 32) as u32, priority | bits, line, start, end])
}

/// The bucket of a pattern with this literal start (see [`Matcher::new`]).
fn key(pattern: &[u8], literal: usize) -> u16 {
    if literal >= 2 {
        u16::from(pattern[1]) + 1
    } else {
        0
    }
}

/// The answer of the two slots: only priorities above 0 decide, and ties go to allow (SPEC A5.6). Returns
/// whether the path is allowed and the slot that decided (its line is 0 when no rule matched).
pub(super) fn verdict(allow: Slot, disallow: Slot) -> (bool, Slot) {
    let disallowed =
        if allow.priority > 0 || disallow.priority > 0 { disallow.priority > allow.priority } else { false };
    (!disallowed, if disallow.priority > allow.priority { disallow } else { allow })
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
#[inline]
pub(super) fn literal_prefix(pattern: &[u8]) -> usize {
    literal_len(pattern, crate::lines::find_any(pattern, [b'*']))
}

/// [`literal_prefix`] of `pattern` whose first `*` is at `star` (a final `$` comes after any `*`).
#[inline]
pub(super) fn literal_len(pattern: &[u8], star: Option<usize>) -> usize {
    star.unwrap_or(pattern.len() - usize::from(pattern.last() == Some(&b'$')))
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

/// The mask of a head of `n` bytes, for `n` up to 8 (the rest of the table keeps indices in bounds).
const HEAD_MASKS: [u64; 16] = {
    let mut masks = [u64::MAX; 16];
    let mut n = 0;
    while n < 8 {
        masks[n] = (1u64 << (8 * n)) - 1;
        n += 1;
    }
    masks
};

/// How many bytes of a [`rule_head`] count: its non-zero bytes.
pub(super) fn head_len(head: u64) -> u8 {
    (8 - head.leading_zeros() / 8) as u8
}

/// Whether a path whose [`head_of`] is `path_head` passes a rule's [`rule_head`] of [`head_len`] `len`: the
/// head's bytes equal the path's first ones.
#[inline(always)]
fn head_passes(head: u64, len: u8, path_head: u64) -> bool {
    (head ^ path_head) & HEAD_MASKS[usize::from(len & 15)] == 0
}

/// For `Allow: /dir/index.htm...`, the `/dir/` that Google also allows (SPEC A5.4): the pattern up to its last
/// `/`, when `/index.htm` follows.
pub(super) fn index_retry_prefix(pattern: &[u8]) -> Option<&[u8]> {
    let slash = pattern.iter().rposition(|&c| c == b'/')?;
    pattern[slash..].starts_with(b"/index.htm").then(|| &pattern[..=slash])
}

/// The priority with which a rule matches `path`, and whether it matched through the index.html retry;
/// `None` when it does not match (SPEC A5.3, A5.4). `literal` is [`literal_prefix`] of the pattern.
fn rule_priority(pattern: &[u8], literal: usize, allow: bool, path: &[u8]) -> Option<(usize, bool)> {
    // Most rules fail on their literal start; only the rest need the matcher, and a pattern that is all
    // literal start (no `*`, no final `$`) has matched already.
    // (The rule's head held the first eight bytes, unless it is an `Allow` of the index.html retry.)
    let starts = path.len() >= literal && same_bytes(&path[..literal], &pattern[..literal]);
    if starts && (literal == pattern.len() || pattern_matches(pattern, path)) {
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

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::String;

    /// A file whose `*` group has more rules than [`SPLIT_ABOVE`], of every shape the table tells apart.
    const FILE: &str = "User-agent: *\nDisallow: /\nAllow: /$\nDisallow: /*.php$\nAllow: /a/index.html\n\
        Allow: /b*/index.htm\nDisallow: /a\nDisallow: /ab\nAllow: /abcdefghij\nDisallow: /abcdefghijk$\n\
        Disallow: /café\nAllow: /%7euser\nDisallow: /x*y\nDisallow: *z\nAllow: /x\nDisallow:\n\
        Allow: /abcdefgh\nDisallow: /abcdefgh\nDisallow: ?q\n\nUser-agent: few\nDisallow: /a\nAllow: /a/index.htm\n\n\
        User-agent: none\n";

    #[test]
    fn the_table_answers_as_the_engine_split_or_whole_or_not_built() {
        let robots = Robots::parse(FILE);
        let mut urls: Vec<String> = Vec::new();
        for path in ["", "/", "/a", "/a/", "/a/index.html", "/ab", "/abc", "/abcdefgh", "/abcdefghij", "/abcdefghijk"] {
            for tail in ["", "x", "$", ".php", "?q", "z", "/index.htm"] {
                urls.push(format!("https://example.com{path}{tail}"));
            }
        }
        urls.extend(
            ["/b/", "/bb/", "/b/index.htm", "/caf%C3%A9", "/%7Euser", "/x", "/xy", "/xay", "?q", "/z"]
                .map(String::from),
        );
        for agent in ["any", "few", "none"] {
            let table = Matcher::new(&robots, agent, TABLE_LIMIT, INDEX_ABOVE);
            let indexed = Matcher::new(&robots, agent, TABLE_LIMIT, 0);
            let ranges = Matcher::new(&robots, agent, 0, INDEX_ABOVE);
            assert!(table.ranges.is_empty() && ranges.table.is_empty() && table.index.is_empty());
            assert_eq!(indexed.index.is_empty(), agent == "none");
            assert_eq!(table.rule_count(), ranges.rule_count());
            assert_eq!(indexed.rule_count(), ranges.rule_count());
            for url in &urls {
                let want = robots.decide(agent, url);
                assert_eq!(table.decide(url), want, "{agent} {url}");
                assert_eq!(indexed.decide(url), want, "{agent} {url}");
                assert_eq!(ranges.decide(url), want, "{agent} {url}");
            }
        }
        // The `*` group is split into buckets; the small group is scanned whole.
        let split = |agent: &str| Matcher::new(&robots, agent, TABLE_LIMIT, INDEX_ABOVE).table[1] != 0;
        assert!(split("any") && !split("few"));
    }
}
