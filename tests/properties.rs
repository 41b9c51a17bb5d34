//! Property tests: invariants that hold for any input, per `SPEC.md`.
//!
//! Generators are biased toward the format's corners (directive keys, `*`, `$`, `%`, `#`, CR/LF, NUL, BOM,
//! non-ASCII) so that random files hold groups and rules, not just noise.

use proptest::collection::vec;
use proptest::prelude::*;
use proptest::sample::select;
use robotscope::{
    escape_pattern, governs, is_valid_agent, normalize_url, path_of, pattern_matches, product_token, robots_url,
    token_from_user_agent, Governs, KeyKind, Question, Robots, RuleKind, Scope, Span, Tag, Verdict, CRAWLERS,
};

// ---------------------------------------------------------------------------------------------------------
// Generators.
// ---------------------------------------------------------------------------------------------------------

const KEYS: &[&[u8]] = &[
    b"User-agent",
    b"user-agent",
    b"USER-AGENT",
    b"useragent",
    b"User agent",
    b"Allow",
    b"allow",
    b"Disallow",
    b"disallow",
    b"dissallow",
    b"Disallowed",
    b"Sitemap",
    b"site-map",
    b"Crawl-delay",
    b"Host",
    b"Foo",
    b"",
    b" ",
    b"#",
    b"\xEF\xBB\xBF",
];

const SEPARATORS: &[&[u8]] = &[b":", b": ", b" : ", b" ", b"\t", b"", b"\x0B", b"::"];

const VALUE_PARTS: &[&[u8]] = &[
    b"*",
    b"$",
    b"/",
    b"/a",
    b"/b",
    b"a",
    b"b",
    b"FooBot",
    b"foobot",
    b"Foo",
    b"Bar",
    b"%",
    b"%2f",
    b"%aa",
    b"%C3%A9",
    b"\xC3\xA9",
    b"\xFF",
    b"#",
    b" ",
    b"\t",
    b"\0",
    b"index.html",
    b"?",
    b";",
    b"-",
    b"_",
    b"1",
    b".",
    b":",
    b"\xEF\xBB\xBF",
];

const BOM_PREFIXES: &[&[u8]] = &[b"", b"\xEF\xBB\xBF", b"\xEF\xBB", b"\xEF"];

const TERMINATORS: &[&[u8]] = &[b"\n", b"\n", b"\r\n", b"\r", b"\n\r", b""];

/// Indentation before a key: none, or runs of spaces and tabs (HTML served as robots.txt is full of them) that
/// are shorter and longer than the eight bytes the tokenizer skips at once, some ending in a VT or FF.
const INDENTS: &[&[u8]] = &[
    b"",
    b"",
    b"",
    b" ",
    b"\t",
    b"       ",
    b"        ",
    b"         ",
    b"\t\t\t\t\t\t\t\t\t\t",
    b"    \t   \t      ",
    b"          \x0B",
    b"\t\t\t\t\t\t\t\t\x0C ",
];

/// One line built from an indentation, a key, a separator, value pieces and a terminator.
fn line() -> impl Strategy<Value = Vec<u8>> {
    (select(INDENTS), select(KEYS), select(SEPARATORS), vec(select(VALUE_PARTS), 0..5), select(TERMINATORS)).prop_map(
        |(indent, key, sep, value, term)| {
            let mut out = indent.to_vec();
            out.extend_from_slice(key);
            out.extend_from_slice(sep);
            for part in value {
                out.extend_from_slice(part);
            }
            out.extend_from_slice(term);
            out
        },
    )
}

/// A robots.txt body: mostly directive-shaped lines, sometimes plain noise, sometimes after a (partial) BOM.
fn robots_bytes() -> impl Strategy<Value = Vec<u8>> {
    let structured = (select(BOM_PREFIXES), vec(line(), 0..24)).prop_map(|(bom, lines)| {
        let mut out = bom.to_vec();
        for l in lines {
            out.extend_from_slice(&l);
        }
        out
    });
    let fragments = vec(select(VALUE_PARTS.iter().chain(KEYS).chain(TERMINATORS).copied().collect::<Vec<_>>()), 0..60)
        .prop_map(|parts| parts.concat());
    prop_oneof![
        4 => structured,
        4 => small_vocabulary_robots(),
        2 => fragments,
        1 => vec(any::<u8>(), 0..300),
    ]
}

const SMALL_AGENTS: &[&str] = &["*", "FooBot", "foobot", "Bar", "FooBot/2.1", "* Bar", "", "123"];

const SMALL_PATTERNS: &[&str] =
    &["", "/", "/a", "/a*", "/a$", "*", "/a/", "/a/b", "/*b", "/ab", "/index.html", "/a/index.html", "$", "/a/*$"];

const SMALL_URLS: &[&str] = &["/", "/a", "/a/", "/a/b", "/ab", "/b", "/a$", "http://e.com/a/b", "/a/index.html"];

/// Well-formed files over a tiny vocabulary, so that groups, agents and equal-length rules collide often.
fn small_vocabulary_robots() -> impl Strategy<Value = Vec<u8>> {
    let agent_line = select(SMALL_AGENTS).prop_map(|a| format!("User-agent: {a}"));
    let other_line = prop_oneof![
        3 => select(SMALL_PATTERNS).prop_map(|p| format!("Allow: {p}")),
        3 => select(SMALL_PATTERNS).prop_map(|p| format!("Disallow: {p}")),
        1 => select(&["", "# c", "Sitemap: /s", "Crawl-delay: 1"][..]).prop_map(String::from),
    ];
    let group = (vec(agent_line, 1..3), vec(other_line.clone(), 0..5));
    (vec(other_line, 0..2), vec(group, 0..4)).prop_map(|(preamble, groups)| {
        let mut lines = preamble;
        for (agents, rules) in groups {
            lines.extend(agents);
            lines.extend(rules);
        }
        lines.join("\n").into_bytes()
    })
}

/// Pieces of rules and paths that share literal starts often: nested prefixes, `*` and `$` anywhere, escapes,
/// and the index.html retry's `/index.htm`.
const INDEX_PIECES: &[&str] =
    &["/", "a", "ab", "b", "/a", "/ab", "*", "$", "%aa", "%AA", "é", "index.htm", "index.html", "x", "?q=", ".php"];

/// Files whose groups hold up to 600 rules over [`INDEX_PIECES`] (many above the index's threshold), and how many
/// groups they have.
fn indexed_robots() -> impl Strategy<Value = (Vec<u8>, usize)> {
    let rule = (any::<bool>(), vec(select(INDEX_PIECES), 0..6))
        .prop_map(|(allow, pieces)| format!("{}: {}", if allow { "Allow" } else { "Disallow" }, pieces.concat()));
    let group = (select(&["*", "FooBot", "Bar"][..]), vec(rule, 0..600));
    vec(group, 0..3).prop_map(|groups| {
        let count = groups.len();
        let mut lines = Vec::new();
        for (agent, rules) in groups {
            lines.push(format!("User-agent: {agent}"));
            lines.extend(rules);
        }
        (lines.join("\n").into_bytes(), count)
    })
}

/// User-agent values for files of many groups: case variants, a crawler's fallback tokens (Googlebot-Image falls
/// back to Googlebot), AdsBot (which ignores `*`), `*` in its forms, values whose product token is a prefix of the
/// value, and a few hundred distinct names so that the index holds many tokens.
fn many_groups_agent() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => select(&[
            "FooBot", "foobot", "FOOBOT", "Bar", "Googlebot", "googlebot-image", "Googlebot-Image", "AdsBot-Google",
            "GPTBot", "*", "* ", "*x", "FooBot/1.0", "Foo Bar", "", "-", "bar_",
        ][..]).prop_map(String::from),
        3 => (0u32..300).prop_map(|n| format!("Bot{n}")),
    ]
}

/// Files of many groups (up to 90, each of one to three user-agent lines), some of them huge (up to 400 rules
/// over [`INDEX_PIECES`]), with `Crawl-delay` lines: both indexes (tokens to groups, rules by literal start) are
/// built for most of them.
fn many_groups_robots() -> impl Strategy<Value = Vec<u8>> {
    let rule = (any::<bool>(), vec(select(INDEX_PIECES), 0..6))
        .prop_map(|(allow, pieces)| format!("{}: {}", if allow { "Allow" } else { "Disallow" }, pieces.concat()));
    let rules = prop_oneof![4 => vec(rule.clone(), 0..4), 1 => vec(rule, 60..400)];
    let group = (vec(many_groups_agent(), 1..4), rules, proptest::option::of(0u8..20));
    vec(group, 0..90).prop_map(|groups| {
        let mut lines = Vec::new();
        for (agents, rules, delay) in groups {
            lines.extend(agents.iter().map(|a| format!("User-agent: {a}")));
            lines.extend(rules);
            lines.extend(delay.map(|d| format!("Crawl-delay: {d}")));
        }
        lines.join("\n").into_bytes()
    })
}

/// URLs and paths over [`INDEX_PIECES`].
fn indexed_url() -> impl Strategy<Value = String> {
    (select(&["", "/", "http://e.com", "http://e.com/"][..]), vec(select(INDEX_PIECES), 0..7))
        .prop_map(|(prefix, pieces)| format!("{prefix}{}", pieces.concat()))
}

const AGENT_NAMES: &[&str] =
    &["FooBot", "foobot", "Foo", "Bar", "bar", "", "*", "a", "b", "Foo Bar", "FooBot/1.0", "Googlebot", "-"];

fn agent() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => select(&["FooBot", "foobot", "Bar"][..]).prop_map(String::from),
        3 => select(AGENT_NAMES).prop_map(String::from),
        1 => "\\PC{0,10}",
    ]
}

fn agents() -> impl Strategy<Value = Vec<String>> {
    vec(agent(), 0..3)
}

const URL_PREFIXES: &[&str] = &["", "http://e.com", "https://E.com:443", "//e.com", "e.com", "/", "a://b", "http://"];

const URL_PARTS: &[&str] = &[
    "/",
    "a",
    "b",
    "*",
    "$",
    "%aa",
    "%AA",
    "%C3%A9",
    "é",
    "?",
    "#",
    ";",
    "index.html",
    "index.htm",
    "\0",
    "//",
    ":",
    "://",
    ".php",
    ".",
    "..",
    " ",
    "\\",
    "@",
    ":8080",
];

fn url() -> impl Strategy<Value = String> {
    let built = (select(URL_PREFIXES), vec(select(URL_PARTS), 0..8)).prop_map(|(prefix, parts)| {
        let mut s = String::from(prefix);
        for p in parts {
            s.push_str(p);
        }
        s
    });
    prop_oneof![
        4 => built,
        3 => select(SMALL_URLS).prop_map(String::from),
        1 => any::<String>(),
    ]
}

// No bare `:` here: a host with an unbracketed colon is a known bug (see `spec.rs`, b4_robots_url).
const HOST_PARTS: &[&str] =
    &["e", "com", ".", "www", "müller", "xn--mller-kva", "ÜBER", "ß", "1", "212", "[", "]", "@", "%", "-"];

/// Strings shaped like absolute URLs, with odd hosts and ports.
fn absolute_url() -> impl Strategy<Value = String> {
    (
        select(&["http", "https", "HTTP", "ftp", "ws", "x-y", "1a", ""][..]),
        select(&["://", ":/", ":", "//"][..]),
        prop_oneof![
            4 => vec(select(HOST_PARTS), 0..6).prop_map(|parts| parts.concat()),
            1 => select(&["[::1]", "[2001:DB8::1]", "[::ffff:1.2.3.4]"][..]).prop_map(String::from),
        ],
        select(&["", ":", ":80", ":443", ":21", ":080", ":8080", ":99999", ":x"][..]),
        select(&["", "/", "/a?b", "/robots.txt", "?q", "#f", "\\x", "/é b"][..]),
    )
        .prop_map(|(scheme, sep, host, port, rest)| format!("{scheme}{sep}{host}{port}{rest}"))
}

// ---------------------------------------------------------------------------------------------------------
// Reference implementations written from the SPEC.
// ---------------------------------------------------------------------------------------------------------

/// The number of lines per SPEC A2.2/A2.3: terminators after the BOM prefix (CR, LF, CRLF once) plus one.
fn expected_line_count(bytes: &[u8]) -> usize {
    let bom = bytes.iter().zip([0xEF, 0xBB, 0xBF]).take_while(|(a, b)| **a == *b).count();
    let mut count = 1;
    let mut after_cr = false;
    for &c in &bytes[bom..] {
        match c {
            b'\r' => {
                count += 1;
                after_cr = true;
            }
            b'\n' => {
                if !after_cr {
                    count += 1;
                }
                after_cr = false;
            }
            _ => after_cr = false,
        }
    }
    count
}

/// The position-set matcher of SPEC A5.2, written out literally.
fn reference_match(pattern: &[u8], path: &[u8]) -> bool {
    let n = path.len();
    // `set[i]`: offset `i` of the path is reachable.
    let mut set = vec![false; n + 1];
    set[0] = true;
    for (k, &c) in pattern.iter().enumerate() {
        if c == b'$' && k + 1 == pattern.len() {
            return set[n];
        }
        if c == b'*' {
            let min = set.iter().position(|&b| b).expect("the set is never empty here");
            for slot in &mut set[min..] {
                *slot = true;
            }
        } else {
            let mut next = vec![false; n + 1];
            let mut any = false;
            for i in 0..n {
                if set[i] && path[i] == c {
                    next[i + 1] = true;
                    any = true;
                }
            }
            if !any {
                return false;
            }
            set = next;
        }
    }
    true
}

/// The matcher of SPEC A4/A5 as the reference runs it: one pass over the tokenizer's directives with the four
/// flags and the four slots. Returns (allowed, matching line).
fn reference_decide(robots: &Robots, agents: &[String], url: &str) -> (bool, usize) {
    #[derive(Clone, Copy)]
    struct Slot {
        priority: isize,
        line: usize,
    }
    let src = robots.source();
    let full = path_of(url);
    let path = full.as_bytes().split(|&c| c == 0).next().unwrap_or(b"");
    let (mut seen_global, mut seen_specific, mut ever_specific, mut seen_separator) = (false, false, false, false);
    let none = Slot { priority: -1, line: 0 };
    // [allow, disallow] for global and specific.
    let (mut global, mut specific) = ([none; 2], [none; 2]);
    for line in robots.lines() {
        let Some(d) = line.directive else { continue };
        let value = &src[d.value.start..d.value.end];
        match d.kind {
            KeyKind::UserAgent => {
                if seen_separator {
                    (seen_specific, seen_global, seen_separator) = (false, false, false);
                }
                let c_space = |c: u8| matches!(c, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r');
                if value.first() == Some(&b'*') && (value.len() == 1 || c_space(value[1])) {
                    seen_global = true;
                } else {
                    let len = value.iter().take_while(|&&c| c.is_ascii_alphabetic() || c == b'-' || c == b'_').count();
                    if agents.iter().any(|a| a.as_bytes().eq_ignore_ascii_case(&value[..len])) {
                        seen_specific = true;
                        ever_specific = true;
                    }
                }
            }
            KeyKind::Allow | KeyKind::Disallow => {
                if !seen_global && !seen_specific {
                    continue;
                }
                seen_separator = true;
                let allow = d.kind == KeyKind::Allow;
                let pattern = escape_pattern(value).into_bytes();
                let priority = if reference_match(&pattern, path) {
                    pattern.len() as isize
                } else {
                    match pattern.iter().rposition(|&c| c == b'/') {
                        Some(slash) if allow && pattern[slash..].starts_with(b"/index.htm") => {
                            let mut retry = pattern[..=slash].to_vec();
                            retry.push(b'$');
                            if reference_match(&retry, path) {
                                retry.len() as isize
                            } else {
                                -1
                            }
                        }
                        _ => -1,
                    }
                };
                let slots = if seen_specific { &mut specific } else { &mut global };
                let slot = &mut slots[usize::from(!allow)];
                if priority >= 0 && priority > slot.priority {
                    *slot = Slot { priority, line: line.number };
                }
            }
            _ => {}
        }
    }
    let [allow_s, disallow_s] = specific;
    let [allow_g, disallow_g] = global;
    let disallowed = if allow_s.priority > 0 || disallow_s.priority > 0 {
        disallow_s.priority > allow_s.priority
    } else if ever_specific {
        false
    } else if allow_g.priority > 0 || disallow_g.priority > 0 {
        disallow_g.priority > allow_g.priority
    } else {
        false
    };
    let [allow, disallow] = if ever_specific { specific } else { global };
    let line = if disallow.priority > allow.priority { disallow.line } else { allow.line };
    (!disallowed, line)
}

/// Whether a `User-agent:` line appended to `robots` would join the last group's header (SPEC A4.3): there
/// is a user-agent line and no allow/disallow line after it.
fn last_group_is_open(robots: &Robots) -> bool {
    let mut open = false;
    for line in robots.lines() {
        match line.directive.map(|d| d.kind) {
            Some(KeyKind::UserAgent) => open = true,
            Some(KeyKind::Allow | KeyKind::Disallow) => open = false,
            _ => {}
        }
    }
    open
}

/// Checks that a verdict explains itself: the decision and the line follow from `matches` by SPEC A5.5–A5.7,
/// and `matches`, `groups` and `scope` are consistent with the file's groups (SPEC A4, B1).
fn assert_explained(robots: &Robots, agents: &[String], url: &str, v: &Verdict) -> Result<(), TestCaseError> {
    // The path is the URL's path, cut at NUL (SPEC A5.1).
    let full = path_of(url);
    let cut = full.split('\0').next().unwrap_or("");
    prop_assert_eq!(&v.path, cut);

    // Matches are in file order, one per rule line.
    prop_assert!(v.matches.windows(2).all(|w| w[0].line < w[1].line), "matches out of order: {:?}", v.matches);

    // Decision and line from the four slots (only one pair can be live).
    let best = |kind: RuleKind| v.matches.iter().filter(|m| m.kind == kind).map(|m| m.priority as isize).max();
    let allow = best(RuleKind::Allow).unwrap_or(-1);
    let disallow = best(RuleKind::Disallow).unwrap_or(-1);
    let disallowed = (allow > 0 || disallow > 0) && disallow > allow;
    prop_assert_eq!(v.allowed, !disallowed);
    let first_with = |kind: RuleKind, p: isize| {
        v.matches.iter().find(|m| m.kind == kind && m.priority as isize == p).map_or(0, |m| m.line)
    };
    let line =
        if disallow > allow { first_with(RuleKind::Disallow, disallow) } else { first_with(RuleKind::Allow, allow) };
    prop_assert_eq!(v.line, line);
    match &v.decided_by {
        Some(d) => prop_assert_eq!(d.line, v.line),
        None => prop_assert_eq!(v.line, 0),
    }

    // Groups: own groups if any user-agent line names an agent, else the `*` groups.
    let names = |token: &[u8]| agents.iter().any(|a| a.as_bytes().eq_ignore_ascii_case(token));
    let own = robots.groups().any(|g| g.agents().any(|a| !a.global && names(a.token)));
    let applies: Vec<usize> = robots
        .groups()
        .filter(|g| if own { g.agents().any(|a| !a.global && names(a.token)) } else { g.is_global() })
        .map(|g| g.index)
        .collect();
    prop_assert_eq!(&v.groups, &applies);
    let expected_scope = if own {
        Scope::Specific
    } else if robots.groups().any(|g| g.is_global()) {
        Scope::Global
    } else {
        Scope::None
    };
    prop_assert_eq!(v.scope, expected_scope);
    let mut group_lines: Vec<usize> = applies.iter().flat_map(|&g| robots.group(g).unwrap().lines()).collect();
    group_lines.sort_unstable();
    prop_assert_eq!(&v.group_lines, &group_lines);

    // Every rule of those groups that matches the path is listed, with its length as priority.
    let path = v.path.as_bytes();
    let mut direct = 0;
    for &g in &applies {
        for rule in robots.group(g).unwrap().rules() {
            if pattern_matches(rule.pattern, path) {
                direct += 1;
                let m = v.matches.iter().find(|m| m.line == rule.line);
                prop_assert!(m.is_some(), "rule on line {} matches {:?} but is not listed", rule.line, v.path);
                let m = m.unwrap();
                prop_assert_eq!((m.priority, m.index_fallback, m.kind), (rule.priority(), false, rule.kind));
            }
        }
    }
    // The others matched only through the index.html retry, which only allows may use (SPEC A5.4).
    for m in v.matches.iter().filter(|m| m.index_fallback) {
        prop_assert_eq!(m.kind, RuleKind::Allow);
        prop_assert!(m.priority < m.pattern.len());
    }
    prop_assert_eq!(direct + v.matches.iter().filter(|m| m.index_fallback).count(), v.matches.len());
    Ok(())
}

/// `cases` cases, and no regression files written into the repository.
fn config(cases: u32) -> ProptestConfig {
    ProptestConfig { cases, failure_persistence: None, ..ProptestConfig::default() }
}

// ---------------------------------------------------------------------------------------------------------
// Tokenizer and reporting.
// ---------------------------------------------------------------------------------------------------------

/// Every directive the parse kept, as (line, kind, key, value span), in line order.
fn parsed_directives(r: &Robots) -> Vec<(usize, String, Vec<u8>, Span)> {
    let mut out: Vec<(usize, String, Vec<u8>, Span)> = Vec::new();
    for g in r.groups() {
        out.extend(g.agents().map(|a| (a.line, "user-agent".into(), Vec::new(), a.value_span)));
    }
    out.extend(r.rules().map(|x| (x.line, format!("{:?}", x.kind).to_lowercase(), Vec::new(), x.value_span)));
    out.extend(r.sitemaps().map(|x| (x.line, "sitemap".into(), Vec::new(), x.span)));
    out.extend(r.other_directives().map(|x| (x.line, "unknown".into(), x.key.to_vec(), x.value_span)));
    out.sort_by_key(|d| d.0);
    out
}

/// Every directive of the per-line records ([`Robots::lines`]), in the form of [`parsed_directives`].
fn line_directives(r: &Robots) -> Vec<(usize, String, Vec<u8>, Span)> {
    let src = r.source();
    r.lines()
        .filter_map(|l| {
            let d = l.directive?;
            let key = if d.kind == KeyKind::Unknown { src[d.key.start..d.key.end].to_vec() } else { Vec::new() };
            Some((l.number, d.kind.name().to_owned(), key, d.value))
        })
        .collect()
}

#[test]
fn the_parse_reads_long_and_odd_lines_as_the_line_records_do() {
    let long = "a".repeat(robotscope::MAX_LINE_LEN + 20);
    let files = [
        format!("User-agent: {long}\nDisallow: /x"),
        format!("Disallow: /{long}#c\nAllow: /y"),
        format!("allow:{}\r\nSITEMAP:\t x \x0b\r\rDisallow: /a#b\0c\nuser-agent:\0x\nDisallow: /z", "b".repeat(16_650)),
        "Disallow:/a\tb \nDisallow: /\u{e9}*$\r\nUser-Agent :x\nuser-agent:".to_owned(),
        "disallow: /0123456789abcdef".to_owned(),
        "disallow: /0123456789abcde\n".to_owned(),
    ];
    for file in files {
        let r = Robots::parse(&file);
        assert_eq!(parsed_directives(&r), line_directives(&r), "{:?}", &file[..file.len().min(80)]);
    }
}

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn the_parse_keeps_the_directives_of_the_line_records(bytes in robots_bytes()) {
        let r = Robots::parse(&bytes);
        prop_assert_eq!(parsed_directives(&r), line_directives(&r));
    }

    #[test]
    fn parsing_an_owned_body_is_parsing_a_borrowed_one(bytes in robots_bytes()) {
        prop_assert_eq!(Robots::parse_owned(bytes.clone()), Robots::parse(&bytes));
    }

    #[test]
    fn arbitrary_bytes_parse_and_count_lines(bytes in vec(any::<u8>(), 0..600)) {
        let r = Robots::parse(&bytes);
        prop_assert_eq!(r.source(), &bytes[..]);
        prop_assert_eq!(r.line_count(), expected_line_count(&bytes));
        let numbers: Vec<usize> = r.lines().map(|l| l.number).collect();
        prop_assert_eq!(numbers, (1..=r.line_count()).collect::<Vec<_>>());
    }

    #[test]
    fn biased_bytes_count_lines(bytes in robots_bytes()) {
        let r = Robots::parse(&bytes);
        prop_assert_eq!(r.line_count(), expected_line_count(&bytes));
    }

    #[test]
    fn report_totals_follow_the_lines(bytes in robots_bytes()) {
        let r = Robots::parse(&bytes);
        let report = r.report();
        // A fresh reporter has one record per line, the final empty line included (SPEC A6).
        prop_assert_eq!(report.last_line_seen, r.line_count());
        prop_assert_eq!(report.lines.len(), r.line_count());
        let mut valid = 0;
        let mut unused = 0;
        for l in &report.lines {
            match l.line.directive.map(|d| d.kind) {
                Some(KeyKind::Unknown) => {
                    unused += 1;
                    prop_assert!(matches!(l.tag, Tag::Unknown | Tag::Unused));
                }
                Some(_) => valid += 1,
                None => prop_assert_eq!(l.tag, Tag::Unknown),
            }
            prop_assert_eq!(l.line.metadata.has_directive, l.line.directive.is_some());
            prop_assert!(!l.line.metadata.is_acceptable_typo || l.line.directive.is_some());
        }
        prop_assert_eq!((report.valid_directives, report.unused_directives), (valid, unused));
    }

    #[test]
    fn line_flags_are_consistent(bytes in robots_bytes()) {
        let r = Robots::parse(&bytes);
        for l in r.lines() {
            let m = l.metadata;
            prop_assert!(!(m.is_empty && m.has_comment));
            prop_assert!(!m.is_comment || m.has_comment);
            prop_assert!(!(m.is_empty || m.is_comment) || l.directive.is_none());
            prop_assert_eq!(m.is_line_too_long, l.span.len() > robotscope::MAX_LINE_LEN);
            // What the parser read never holds a CR or LF, nor a NUL before its comment (SPEC A2.5).
            let read = &bytes[l.read.start..l.read.end];
            prop_assert!(!read.iter().any(|&c| c == b'\r' || c == b'\n'));
            let before_comment = &bytes[l.read.start..l.comment.unwrap_or(l.read.end)];
            prop_assert!(!before_comment.contains(&0));
        }
    }

    #[test]
    fn parse_limited_is_parse_of_the_prefix(bytes in robots_bytes(), limit in 0usize..400, url in url()) {
        let cut = &bytes[..bytes.len().min(limit)];
        let limited = Robots::parse_limited(&bytes, limit);
        let prefix = Robots::parse(cut);
        prop_assert_eq!(limited.source(), prefix.source());
        prop_assert_eq!(limited.line_count(), prefix.line_count());
        prop_assert_eq!(limited.cut_from(), (bytes.len() > limit).then_some(bytes.len()));
        for agent in ["FooBot", "", "Bar"] {
            prop_assert_eq!(limited.check(agent, &url), prefix.check(agent, &url));
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// Matching.
// ---------------------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn decide_and_check_agree_and_explain(bytes in robots_bytes(), agents in agents(), url in url()) {
        let r = Robots::parse(&bytes);
        let decided = r.decide(&agents, &url);
        let v = r.check(&agents, &url);
        prop_assert_eq!((v.allowed, v.line), decided);
        prop_assert_eq!(r.is_allowed(&agents, &url), decided.0);
        prop_assert_eq!(v.has_own_group(), r.has_own_group(&agents));
        // The matcher that finds the agents' rules once answers the same.
        let m = r.matcher(&agents);
        prop_assert_eq!(m.decide(&url), decided);
        prop_assert_eq!(m.has_own_group(), r.has_own_group(&agents));
        assert_explained(&r, &agents, &url, &v)?;
    }

    #[test]
    fn the_index_of_literal_starts_answers_as_the_scan(
        (bytes, groups) in indexed_robots(),
        agents in vec(select(&["FooBot", "Bar", "Other"][..]), 0..3),
        urls in vec(indexed_url(), 1..12),
    ) {
        let r = Robots::parse(&bytes);
        let indexed = r.matcher_with_index(&agents, true);
        let scanned = r.matcher_with_index(&agents, false);
        let default = r.matcher(&agents);
        prop_assert_eq!(indexed.rule_count(), scanned.rule_count());
        prop_assert!(groups > 0 || indexed.rule_count() == 0);
        for url in &urls {
            let want = r.decide(&agents, url);
            prop_assert_eq!(indexed.decide(url), want, "indexed, {}", url);
            prop_assert_eq!(scanned.decide(url), want, "scanned, {}", url);
            prop_assert_eq!(default.decide(url), want, "default, {}", url);
        }
        let owned: Vec<String> = agents.iter().map(|a| a.to_string()).collect();
        prop_assert_eq!(r.decide(&agents, &urls[0]), reference_decide(&r, &owned, &urls[0]));
    }

    #[test]
    fn the_files_indexes_answer_as_the_scan(
        bytes in many_groups_robots(),
        agents in vec(many_groups_agent(), 0..4),
        urls in vec(indexed_url(), 1..8),
    ) {
        let indexed = Robots::parse(&bytes);
        let scanned = Robots::parse(&bytes).without_index();
        prop_assert_eq!(indexed.has_own_group(&agents), scanned.has_own_group(&agents));
        prop_assert_eq!(indexed.crawl_delay(&agents), scanned.crawl_delay(&agents));
        let (m, n) = (indexed.matcher(&agents), scanned.matcher(&agents));
        prop_assert_eq!((m.has_own_group(), m.rule_count()), (n.has_own_group(), n.rule_count()));
        let google = |t: &&str| t.starts_with("Googlebot") || t.starts_with("AdsBot");
        let crawlers: Vec<_> = CRAWLERS.iter().filter(|c| c.tokens.iter().any(google)).collect();
        for url in &urls {
            // `check` is the explained answer: the groups, their lines and every rule that matched, in order.
            prop_assert_eq!(indexed.check(&agents, url), scanned.check(&agents, url), "{:?} {}", agents, url);
            prop_assert_eq!(indexed.decide(&agents, url), scanned.decide(&agents, url));
            prop_assert_eq!(m.decide(url), n.decide(url));
            // Crawler fallbacks: the first token with a group, or `*`, or nothing for a crawler that ignores it.
            for c in &crawlers {
                prop_assert_eq!(indexed.check_crawler(c, url), scanned.check_crawler(c, url), "{}", c.name);
            }
            for agent in &agents {
                prop_assert_eq!(indexed.check(agent.as_str(), url), scanned.check(agent.as_str(), url));
            }
        }
        // `ask` (the tester, the widget, npm `grid`, Python): each row's groups are selected once and their lines
        // shared by its cells (a large group's lines by the file's index); rows alone, pooled, and crawlers with a
        // fallback (Googlebot-Image follows Googlebot) or none (AdsBot ignores `*`).
        let mut rows: Vec<String> = agents.to_vec();
        rows.push(agents.join(", "));
        rows.extend(["Googlebot-Image", "AdsBot-Google", "Googlebot-Image, AdsBot-Google"].map(String::from));
        let question = Question { agents: rows, urls: urls.clone(), exact: true, ..Question::default() };
        prop_assert_eq!(indexed.ask(&question), scanned.ask(&question));
        let owned: Vec<String> = agents.to_vec();
        prop_assert_eq!(indexed.decide(&agents, &urls[0]), reference_decide(&indexed, &owned, &urls[0]));
    }

    #[test]
    fn engine_agrees_with_the_reference_state_machine(bytes in robots_bytes(), agents in agents(), url in url()) {
        let r = Robots::parse(&bytes);
        prop_assert_eq!(r.decide(&agents, &url), reference_decide(&r, &agents, &url));
    }

    #[test]
    fn engine_agrees_with_the_reference_on_small_files(
        bytes in small_vocabulary_robots(),
        agents in vec(select(&["FooBot", "foobot", "Bar", "", "*", "Other"][..]), 0..3),
        url in select(SMALL_URLS),
    ) {
        let r = Robots::parse(&bytes);
        let owned: Vec<String> = agents.iter().map(|a| a.to_string()).collect();
        prop_assert_eq!(r.decide(&agents, url), reference_decide(&r, &owned, url));
        prop_assert_eq!(r.matcher(&agents).decide(url), r.decide(&agents, url));
        let v = r.check(&agents, url);
        prop_assert_eq!((v.allowed, v.line), r.decide(&agents, url));
    }

    #[test]
    fn engine_agrees_with_the_reference_on_arbitrary_bytes(
        bytes in vec(any::<u8>(), 0..300),
        agents in vec(any::<String>(), 0..3),
        url in any::<String>(),
    ) {
        let r = Robots::parse(&bytes);
        prop_assert_eq!(r.decide(&agents, &url), reference_decide(&r, &agents, &url));
    }

    #[test]
    fn single_agent_is_a_one_element_list(bytes in robots_bytes(), agent in agent(), url in url()) {
        let r = Robots::parse(&bytes);
        prop_assert_eq!(r.check(agent.as_str(), &url), r.check(&[agent.as_str()], &url));
    }

    #[test]
    fn arbitrary_robots_agents_and_urls(
        bytes in vec(any::<u8>(), 0..400),
        agents in vec(any::<String>(), 0..3),
        url in any::<String>(),
    ) {
        let r = Robots::parse(&bytes);
        let v = r.check(&agents, &url);
        prop_assert_eq!((v.allowed, v.line), r.decide(&agents, &url));
        assert_explained(&r, &agents, &url, &v)?;
    }

    #[test]
    fn checking_is_deterministic(bytes in robots_bytes(), agents in agents(), url in url()) {
        let r = Robots::parse(&bytes);
        let first = r.check(&agents, &url);
        prop_assert_eq!(&first, &r.check(&agents, &url));
        let again = Robots::parse(bytes.clone());
        prop_assert_eq!(&r, &again);
        prop_assert_eq!(&first, &again.check(&agents, &url));
        prop_assert_eq!(r.decide(&agents, &url), again.decide(&agents, &url));
    }

    #[test]
    fn trailing_comment_or_blank_lines_change_nothing(
        bytes in robots_bytes(),
        suffix in select(&["\n# comment", "\n\n", "\r\n#x\r\n", "\n   \n\t", "\r#", "\n"][..]),
        agents in agents(),
        url in url(),
    ) {
        let before = Robots::parse(&bytes);
        let mut longer = bytes.clone();
        longer.extend_from_slice(suffix.as_bytes());
        let after = Robots::parse(&longer);
        prop_assert_eq!(before.decide(&agents, &url), after.decide(&agents, &url));
        let (b, a) = (before.check(&agents, &url), after.check(&agents, &url));
        prop_assert_eq!((b.scope, &b.groups, &b.matches), (a.scope, &a.groups, &a.matches));
    }

    #[test]
    fn unrelated_group_changes_nothing_unless_it_merges(
        bytes in robots_bytes(),
        agents in agents(),
        url in url(),
        real_rule in any::<bool>(),
    ) {
        // No query agent equals the new group's token.
        prop_assume!(!agents.iter().any(|a| a.eq_ignore_ascii_case("Zqxjkbot")));
        let before = Robots::parse(&bytes);
        let mut longer = bytes.clone();
        let group: &[u8] =
            if real_rule { b"\nUser-agent: Zqxjkbot\nDisallow: /\n" } else { b"\nUser-agent: Zqxjkbot\nDisallow:\n" };
        longer.extend_from_slice(group);
        let after = Robots::parse(&longer);
        let (b, a) = (before.decide(&agents, &url), after.decide(&agents, &url));
        if !last_group_is_open(&before) {
            // A group of its own, for an agent nobody asked about.
            prop_assert_eq!(b, a);
        } else if !real_rule {
            // Joined the last group's header: an empty `Disallow:` matches with priority 0 and never decides,
            // though it may become the reported line.
            prop_assert_eq!(b.0, a.0);
        }
    }

    #[test]
    fn agent_case_does_not_matter(bytes in robots_bytes(), agent in agent(), url in url()) {
        let r = Robots::parse(&bytes);
        prop_assert_eq!(r.decide(agent.as_str(), &url), r.decide(agent.to_ascii_uppercase().as_str(), &url));
    }

    #[test]
    fn fragment_does_not_matter(
        bytes in robots_bytes(),
        agents in agents(),
        path in "/[a-z/.]{0,8}",
        fragment in "[a-z/?]{0,6}",
    ) {
        let r = Robots::parse(&bytes);
        let plain = format!("http://e.com{path}");
        let with = format!("{plain}#{fragment}");
        prop_assert_eq!(r.decide(&agents, &plain), r.decide(&agents, &with));
    }
}

// ---------------------------------------------------------------------------------------------------------
// Patterns, escaping and paths.
// ---------------------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(2000))]

    #[test]
    fn pattern_matches_agrees_with_the_position_set(
        pattern in vec(select(&b"/ab*$"[..]), 0..10),
        path in vec(select(&b"/ab$*"[..]), 0..14),
    ) {
        prop_assert_eq!(pattern_matches(&pattern, &path), reference_match(&pattern, &path));
    }

    #[test]
    fn pattern_matches_agrees_on_arbitrary_bytes(pattern in vec(any::<u8>(), 0..8), path in vec(any::<u8>(), 0..12)) {
        prop_assert_eq!(pattern_matches(&pattern, &path), reference_match(&pattern, &path));
    }

    #[test]
    fn escape_pattern_is_idempotent(value in vec(select(&b"%aAfg49/*$\xC3\xA9\xFF\0 "[..]), 0..16)) {
        let once = escape_pattern(&value);
        prop_assert!(once.is_ascii());
        prop_assert_eq!(escape_pattern(once.as_bytes()), once);
    }

    #[test]
    fn escape_pattern_is_idempotent_on_arbitrary_bytes(value in vec(any::<u8>(), 0..24)) {
        let once = escape_pattern(&value);
        prop_assert!(once.is_ascii());
        prop_assert_eq!(escape_pattern(once.as_bytes()), once);
    }

    #[test]
    fn escape_pattern_keeps_ascii_outside_escapes(value in "[ -$&-~]{0,20}") {
        // No `%` and no byte >= 0x80: nothing to change (SPEC A3 step 3).
        prop_assert_eq!(escape_pattern(value.as_bytes()), value);
    }

    #[test]
    fn path_of_starts_with_slash(url in url()) {
        let p = path_of(&url);
        prop_assert!(p.starts_with('/'), "{:?} -> {:?}", url, p);
        prop_assert!(!p.contains('#'), "{:?} -> {:?}", url, p);
    }

    #[test]
    fn path_of_arbitrary_strings(url in any::<String>()) {
        let p = path_of(&url);
        prop_assert!(p.starts_with('/'));
        prop_assert!(!p.contains('#'));
    }

    #[test]
    fn path_only_urls_are_kept(path in "/[^/#][^#]{0,12}") {
        // A URL that starts with a single `/` is its own path (SPEC A5.1).
        prop_assert_eq!(path_of(&path), path);
    }
}

// ---------------------------------------------------------------------------------------------------------
// Agents and URLs (Part B): never panic, and keep their promises.
// ---------------------------------------------------------------------------------------------------------

proptest! {
    #![proptest_config(config(1000))]

    #[test]
    fn product_token_is_the_longest_token_prefix(s in "\\PC{0,12}|[A-Za-z_/ .*-]{0,12}") {
        let t = product_token(&s);
        prop_assert!(s.starts_with(t));
        prop_assert!(t.is_empty() || is_valid_agent(t));
        prop_assert!(!s[t.len()..].starts_with(|c: char| c.is_ascii_alphabetic() || c == '-' || c == '_'));
    }

    #[test]
    fn token_from_user_agent_gives_a_token(header in "\\PC{0,40}|[A-Za-z0-9/ .;()+:-]{0,40}") {
        let t = token_from_user_agent(&header);
        prop_assert!(t.is_empty() || is_valid_agent(t), "{:?} -> {:?}", header, t);
        // A token typed as a token stays as it is.
        if is_valid_agent(header.trim()) {
            prop_assert_eq!(t, header.trim());
        }
    }

    #[test]
    fn normalize_url_never_panics(input in url()) {
        if let Ok(out) = normalize_url(&input) {
            prop_assert!(!out.is_empty());
            prop_assert!(!out.contains('#'), "{:?} -> {:?}", input, out);
            prop_assert!(!out.contains(' '), "{:?} -> {:?}", input, out);
            prop_assert!(out.is_ascii(), "{:?} -> {:?}", input, out);
        }
    }

    #[test]
    fn normalize_url_never_panics_on_arbitrary_strings(input in any::<String>()) {
        let _ = normalize_url(&input);
    }

    #[test]
    fn robots_url_governs_its_page(page in absolute_url()) {
        if let Ok(robots) = robots_url(&page) {
            prop_assert!(robots.ends_with("/robots.txt"));
            prop_assert_eq!(governs(&robots, &page), Ok(Governs::Yes), "{} for {}", robots, page);
        }
    }

    #[test]
    fn url_helpers_never_panic(a in absolute_url(), b in any::<String>(), c in url()) {
        let _ = robots_url(&a);
        let _ = robots_url(&b);
        let _ = robots_url(&c);
        let _ = governs(&a, &c);
        let _ = governs(&b, &a);
        let _ = governs(&c, &b);
        let _ = normalize_url(&a);
    }
}

proptest! {
    #![proptest_config(config(256))]

    #[test]
    fn file_views_never_panic(bytes in robots_bytes(), agents in agents(), url in url()) {
        let r = Robots::parse(&bytes);
        let _ = r.diagnostics();
        let _ = r.report();
        let _ = r.crawl_delay(&agents);
        let _ = r.preferred_host();
        prop_assert!(r.sitemaps().all(|s| s.line >= 1 && s.line <= r.line_count()));
        prop_assert!(r.other_directives().all(|o| o.group.is_none_or(|g| g < r.groups().len())));
        prop_assert!(r.rules().all(|rule| rule.group.is_none_or(|g| g < r.groups().len())));
        for c in CRAWLERS {
            let (token, v) = r.check_crawler(c, &url);
            if let Some(t) = token {
                prop_assert!(c.tokens.contains(&t));
            }
            let full = path_of(&url);
            prop_assert_eq!(v.path.as_str(), full.split('\0').next().unwrap_or(""));
        }
    }

    #[test]
    fn diagnostics_never_panic_on_arbitrary_bytes(bytes in vec(any::<u8>(), 0..600)) {
        let r = Robots::parse(&bytes);
        for d in r.diagnostics() {
            prop_assert!(d.line >= 1 && d.line <= r.line_count());
            prop_assert!(d.span.start <= d.span.end && d.span.end <= bytes.len());
        }
        let _ = r.report();
    }
}
