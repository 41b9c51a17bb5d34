//! The `rfc9309` reading: RFC 9309 as written, without Google's leniencies.
//!
//! Section 2.2 (the ABNF): a group is one or more `user-agent` lines, then rules; keys are exactly
//! `user-agent`, `allow` and `disallow` (ASCII case ignored, as ABNF strings are), then optional whitespace and
//! a colon; `product-token = identifier / "*"` with `identifier = 1*(%x2D / %x41-5A / %x5F / %x61-7A)`.
//! Section 2.2.1: groups for the same product token are combined, `*` applies when no group names the
//! crawler, and no rules apply without either. Section 2.2.2: paths are percent-encoded and decoded before
//! comparison (see [`canonical`]), the match with the most octets wins, an equivalent allow beats the
//! disallow, and `/robots.txt` is implicitly allowed. Nothing in the RFC cuts long lines or retries
//! `index.html` allows.
//!
//! Where the RFC is silent this reading does what Google does, so that a file in RFC syntax reads the same
//! under both: lines the ABNF does not know (sitemaps, other keys, garbage) neither start nor end a group; a
//! rule before any group belongs to none; an empty value matches with 0 octets and decides nothing; a pattern
//! that starts with `*` is matched (section 2.2.3 defines `*` anywhere), one that starts with neither `/` nor
//! `*` never matches; a NUL byte ends the line; the tokenizer trims VT and FF as well as the ABNF's SP and HT.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{
    group_lines, ignored_line, path_text, read_lines, rule_match, Ignored, IgnoredLine, Item, PAgent, PGroup, PRule,
    Reading,
};
use crate::agent::token_len;
use crate::pattern::{is_escape_at, pattern_matches, push_escaped};
use crate::robots::Agents;
use crate::{Scope, Verdict};

pub(super) fn parse(src: &[u8], line_count: usize) -> (Vec<PGroup>, Vec<IgnoredLine>) {
    let mut groups: Vec<PGroup> = Vec::new();
    let mut ignored = Vec::new();
    let mut has_rules = false;
    for (line, item) in read_lines(src, true) {
        match item {
            None => {}
            Some(Item::Skip(why)) => ignored.push(ignored_line(src, &line, why)),
            Some(Item::Agent(value)) => {
                // `group = startgroupline *(startgroupline / emptyline) *(rule / emptyline)`: a user-agent line
                // after a rule starts the next group.
                if groups.is_empty() || has_rules {
                    groups.push(PGroup { agents: Vec::new(), rules: Vec::new(), end: 0 });
                    has_rules = false;
                }
                let v = &src[value.start..value.end];
                let global = v == b"*";
                let token = !v.is_empty() && token_len(v) == v.len();
                if !global && !token {
                    ignored.push(ignored_line(src, &line, Ignored::NotAToken));
                }
                let name = if token { v.to_vec() } else { Vec::new() };
                if let Some(g) = groups.last_mut() {
                    g.agents.push(PAgent { line: line.number, value, name, global });
                }
            }
            Some(Item::Rule(allow, value)) => {
                if let Some(g) = groups.last_mut() {
                    let mut pattern = Vec::with_capacity(value.len());
                    canonical(&src[value.start..value.end], true, &mut pattern);
                    g.rules.push(PRule { line: line.number, allow, value, pattern });
                    has_rules = true;
                }
            }
        }
    }
    let starts: Vec<usize> = groups.iter().map(|g| g.range().0).collect();
    for (i, g) in groups.iter_mut().enumerate() {
        g.end = starts.get(i + 1).map_or(line_count, |&next| next - 1);
    }
    (groups, ignored)
}

/// The form in which RFC 9309 section 2.2.2 compares a URL path (`rule` false) or a rule's pattern (`rule`
/// true), appended to `out`.
///
/// The section says: "Octets in the URI and robots.txt paths outside the range of the ASCII coded character
/// set, and those in the reserved range defined by RFC 3986, MUST be percent-encoded ... prior to
/// comparison", and "If a percent-encoded ASCII octet is encountered in the URI, it MUST be unencoded prior
/// to comparison, unless it is a reserved character in the URI ... or the character is outside the unreserved
/// character range." Its table encodes `/foo/bar?baz=https://foo.bar` as `/foo/bar?baz=https%3A%2F%2Ffoo.bar`,
/// keeps `/foo/bar/%E3%83%84` and encodes `ツ` to it, and matches `/foo/bar/%62%61%7A` as `/foo/bar/baz`.
///
/// Read so that every row of the table holds, on both sides alike:
/// * an escape of an unreserved character (letters, digits, `-`, `.`, `_`, `~`) is decoded (`%7E` is `~`),
///   any other escape is kept, with upper-case hex (`%2f` is `%2F`, and stays distinct from `/`);
/// * an octet ≥ 0x80 is percent-encoded (`ツ` is `%E3%83%84`);
/// * reserved characters that structure the URL stay as they are: `/` in the path, the `?` that starts the
///   query, `=`, `&`, `;`, `,`, `+`, `@`, `!`, `'`, `(`, `)` anywhere; the table encodes reserved characters
///   only inside the query's data, so there `:` and `/` are encoded (row 2);
/// * `*` and `$` in a URL are data and are encoded (`%2A`, `%24`), which is how section 2.2.3 has patterns
///   match them; in a pattern `*` is the wildcard and a final `$` the end anchor, and a `$` elsewhere is a
///   literal `%24`.
pub(crate) fn canonical(bytes: &[u8], rule: bool, out: &mut Vec<u8>) {
    let mut query = false;
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c == b'%' && is_escape_at(bytes, i) {
            let octet = (hex(bytes[i + 1]) << 4) | hex(bytes[i + 2]);
            if octet.is_ascii_alphanumeric() || matches!(octet, b'-' | b'.' | b'_' | b'~') {
                out.push(octet);
            } else {
                push_escaped(out, octet);
            }
            i += 3;
            continue;
        }
        match c {
            0x80.. => push_escaped(out, c),
            b'*' if rule => out.push(c),
            b'$' if rule && i + 1 == bytes.len() => out.push(c),
            b'*' | b'$' => push_escaped(out, c),
            b':' | b'/' if query => push_escaped(out, c),
            _ => {
                query |= c == b'?';
                out.push(c);
            }
        }
        i += 1;
    }
}

fn hex(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        _ => (c | 0x20).wrapping_sub(b'a' - 10),
    }
}

/// Whether `group` names one of `agents`: a valid product token equal to one, ASCII case ignored (section
/// 2.2.1: "Crawlers MUST use case-insensitive matching to find the group that matches the product token").
pub(super) fn names(group: &PGroup, agents: &dyn Agents) -> bool {
    group.agents.iter().any(|a| !a.name.is_empty() && agents.any_equals(&a.name))
}

pub(super) fn check(r: &Reading<'_>, agents: &dyn Agents, url: &str) -> Verdict {
    let (raw, _) = path_text(url);
    let mut path = Vec::with_capacity(raw.len() + 8);
    canonical(&raw, false, &mut path);
    let own = r.groups.iter().any(|g| names(g, agents));
    let groups: Vec<usize> = (0..r.groups.len())
        .filter(|&g| if own { names(&r.groups[g], agents) } else { r.groups[g].agents.iter().any(|a| a.global) })
        .collect();
    let scope = match (own, groups.is_empty()) {
        (true, _) => Scope::Specific,
        (false, false) => Scope::Global,
        (false, true) => Scope::None,
    };
    let mut matches = Vec::new();
    // (octets, line) of the best allow and disallow.
    let (mut allow, mut disallow) = ((-1isize, 0usize), (-1isize, 0usize));
    // Section 2.2.2: "The /robots.txt URI is implicitly allowed."
    if path != b"/robots.txt" {
        for rule in groups.iter().flat_map(|&g| &r.groups[g].rules) {
            if !pattern_matches(&rule.pattern, &path) {
                continue;
            }
            // "The most specific match is the match that has the most octets."
            let octets = rule.pattern.len();
            matches.push(rule_match(r.robots, rule, octets));
            let best = if rule.allow { &mut allow } else { &mut disallow };
            if octets as isize > best.0 {
                *best = (octets as isize, rule.line);
            }
        }
    }
    // "If an allow rule and a disallow rule are equivalent, then the allow rule SHOULD be used"; an empty
    // pattern (0 octets) decides nothing.
    let disallowed = disallow.0 > 0 && disallow.0 > allow.0;
    let line = if disallow.0 > allow.0 { disallow.1 } else { allow.1 };
    let decided_by = matches.iter().find(|m| line != 0 && m.line == line).cloned();
    Verdict {
        allowed: !disallowed,
        line,
        decided_by,
        scope,
        path: String::from_utf8_lossy(&path).into_owned(),
        group_lines: group_lines(&r.groups, &groups).into(),
        groups,
        matches,
    }
}

pub(super) fn explain(r: &Reading<'_>, v: &Verdict, agent: &str) -> String {
    let (ranges, several) = r.ranges(v);
    let group = if several { "groups" } else { "group" };
    let global_rules = r.groups.iter().any(|g| g.agents.iter().any(|a| a.global) && !g.rules.is_empty());
    let mut text = match v.scope {
        Scope::Specific if global_rules => {
            format!("An RFC 9309 crawler obeys the {group} naming {agent} ({ranges}) and ignores the `*` rules.")
        }
        Scope::Specific => format!("An RFC 9309 crawler obeys the {group} naming {agent} ({ranges})."),
        Scope::Global => {
            format!("No group names {agent} for an RFC 9309 crawler, so it obeys the `*` {group} ({ranges}).")
        }
        Scope::None => {
            format!(
                "No group names {agent} for an RFC 9309 crawler and there is no `*` group, so everything is allowed."
            )
        }
    };
    if v.scope != Scope::Specific {
        // A user-agent line Google reads as this agent's, but whose value is not a product token.
        let unnamed = r.ignored.iter().filter(|i| i.why == Ignored::NotAToken).find(|i| {
            let value = r.robots.text(i.span);
            let value = value.iter().position(|&c| c == b':').map_or(value, |p| value[p + 1..].trim_ascii());
            !agent.is_empty() && value[..token_len(value)].eq_ignore_ascii_case(agent.as_bytes())
        });
        if let Some(i) = unnamed {
            text.push_str(&format!(
                " Line {} (`{}`) names no crawler: its value is not a product token (letters, `-` and `_`).",
                i.line,
                crate::lint::lossy(r.robots.text(i.span))
            ));
        }
    }
    if v.path == "/robots.txt" {
        text.push_str(" RFC 9309 always allows `/robots.txt` itself (section 2.2.2), so the URL is allowed.");
    } else if v.scope != Scope::None {
        r.robots.push_rule_sentence(v, &mut text);
    }
    text.push_str(&r.ignored_sentence(&v.groups, "not RFC 9309 syntax"));
    text
}
