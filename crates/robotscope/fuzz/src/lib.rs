//! The bodies of robotscope's fuzz targets.
//!
//! The targets in `fuzz_targets/` only decode their input and call [`parse_check`] or [`pattern`]; keeping the
//! logic here lets the stable-Rust smoke test (`tests/smoke.rs`) run exactly the same checks without libFuzzer.
//!
//! Every check panics (through `assert!`) when robotscope misbehaves, which is what libFuzzer reports as a crash.

#![forbid(unsafe_code)]

use arbitrary::Arbitrary;
use robotscope::{
    crawler, escape_pattern, governs, is_valid_agent, key_kind, normalize_url, path_of, pattern_matches, product_token,
    robots_url, token_from_user_agent, Agents, Governs, KeyKind, Profile, Robots, RuleKind, RuleMatch, Scope, Tag,
    CRAWLERS, MAX_LINE_LEN,
};

/// Input of the `parse_check` target: a robots.txt body and one question about it.
#[derive(Debug, Clone, Arbitrary)]
pub struct ParseInput {
    /// The robots.txt body, any bytes.
    pub robots: Vec<u8>,
    /// The agents, pooled into one query (and also asked one by one).
    pub agents: Vec<String>,
    /// The URL, passed as given.
    pub url: String,
}

/// Input of the `pattern` target: a rule pattern and a path.
#[derive(Debug, Clone, Arbitrary)]
pub struct PatternInput {
    /// Map every byte onto `/ab*$` first, so that matches, stars and anchors are common.
    pub small_alphabet: bool,
    /// The pattern (an escaped rule value, or anything).
    pub pattern: Vec<u8>,
    /// The path (normally starts with `/`, but any bytes are accepted).
    pub path: Vec<u8>,
}

impl PatternInput {
    /// The pattern and path the `pattern` target compares: cut at [`MAX_PATTERN_INPUT`] bytes, and mapped onto
    /// [`SMALL_ALPHABET`] when [`PatternInput::small_alphabet`] is set.
    pub fn shaped(&self) -> (Vec<u8>, Vec<u8>) {
        let shape = |bytes: &[u8]| -> Vec<u8> {
            let bytes = &bytes[..bytes.len().min(MAX_PATTERN_INPUT)];
            if self.small_alphabet {
                bytes.iter().map(|&b| SMALL_ALPHABET[b as usize % SMALL_ALPHABET.len()]).collect()
            } else {
                bytes.to_vec()
            }
        };
        (shape(&self.pattern), shape(&self.path))
    }
}

/// The alphabet [`PatternInput::small_alphabet`] maps bytes onto.
pub const SMALL_ALPHABET: &[u8] = b"/ab*$";

/// Patterns and paths longer than this are cut before the `pattern` target compares them, so the quadratic
/// reference stays fast.
pub const MAX_PATTERN_INPUT: usize = 1024;

/// How many agents and groups [`parse_check`] asks about one by one (the pooled query always uses all).
const SINGLE_QUERIES: usize = 4;

/// Whether `pattern` matches `path`, by the position-set algorithm of SPEC A5.2, written independently of the
/// engine.
///
/// `S` is the set of path offsets reachable after the pattern bytes read so far, starting as {0}. A `*` adds
/// every offset from the smallest one to the end; a `$` that is the pattern's last byte asks whether the end of
/// the path is in `S`; any other byte advances the offsets whose path byte equals it. The pattern matches when
/// it is used up with `S` non-empty (a prefix match).
pub fn reference_matches(pattern: &[u8], path: &[u8]) -> bool {
    let n = path.len();
    let mut set = vec![false; n + 1];
    set[0] = true;
    let mut next = vec![false; n + 1];
    for (k, &c) in pattern.iter().enumerate() {
        if c == b'$' && k + 1 == pattern.len() {
            return set[n];
        }
        if c == b'*' {
            let Some(min) = set.iter().position(|&s| s) else { return false };
            set[min..].fill(true);
            continue;
        }
        next.fill(false);
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
        std::mem::swap(&mut set, &mut next);
    }
    true
}

/// The `pattern` target: [`pattern_matches`] must agree with [`reference_matches`]; [`escape_pattern`] must
/// give ASCII and be idempotent.
pub fn pattern(input: &PatternInput) {
    let (pat, path) = input.shaped();
    assert_eq!(
        pattern_matches(&pat, &path),
        reference_matches(&pat, &path),
        "pattern_matches(b\"{}\", b\"{}\") differs from the SPEC A5.2 position-set reference",
        pat.escape_ascii(),
        path.escape_ascii(),
    );
    let escaped = escape_pattern(&pat);
    assert!(escaped.is_ascii(), "escape_pattern(b\"{}\") = {escaped:?} is not ASCII", pat.escape_ascii());
    assert_eq!(escape_pattern(escaped.as_bytes()), escaped, "escape_pattern is not idempotent on {escaped:?}");
    // Escaping never shortens (each escape is as long as what it replaces, or longer), up to a NUL.
    let until_nul = pat.iter().position(|&c| c == 0).unwrap_or(pat.len());
    assert!(escaped.len() >= until_nul, "escape_pattern shortened b\"{}\"", pat.escape_ascii());
}

/// Every interpretation profile (SPEC B6) answers any query and explains it: `google` as the engine does, the
/// 1994 reading with plain prefixes only.
fn check_profiles(robots: &Robots, agents: &[String], url: &str) {
    for profile in Profile::ALL {
        let reading = robots.reading(profile);
        let v = reading.check(agents, url);
        if profile == Profile::Google {
            assert_eq!(v, robots.check(agents, url), "the google reading is not the engine");
        }
        assert!(!reading.explain(&v, "agent").is_empty(), "{profile}: no explanation");
        assert!(
            v.group_lines.iter().all(|&l| l >= 1 && l <= robots.line_count()),
            "{profile}: group line out of range"
        );
        assert_eq!(v.allowed, reading.check(agents, url).allowed, "{profile}: not deterministic");
        if profile == Profile::Original1994 {
            // A value cut inside a UTF-8 sequence shows as U+FFFD; the others are prefixes of the path as written.
            for m in v.matches.iter().filter(|m| !m.value.contains('\u{FFFD}')) {
                assert!(v.path.starts_with(m.value.as_str()), "1994 matched {:?} on {:?}", m.value, v.path);
            }
        }
    }
}

/// The `parse_check` target: parses the body, checks the parse's structure against the tokenizer's view, asks
/// the question through every entry point (pooled agents, each agent alone, the file's own agents, every
/// crawler preset) and checks each answer against an oracle built from the public group and rule views, then
/// runs the URL and agent helpers.
pub fn parse_check(input: &ParseInput) {
    let body = &input.robots;
    let url = input.url.as_str();
    let robots = Robots::parse(body);
    assert_eq!(robots.source(), &body[..], "source() is not the parsed bytes");
    assert!(Robots::parse(robots.source()) == robots, "parsing is not deterministic");
    assert!(Robots::parse_limited(body, body.len()) == robots, "parse_limited(body, len) differs from parse");
    let cut = body.len() / 2;
    assert_eq!(Robots::parse_limited(body, cut).source(), &body[..cut], "parse_limited kept the wrong bytes");

    check_lines(&robots);
    check_structure(&robots);
    check_report(&robots);
    check_diagnostics(&robots);

    let agents = &input.agents[..];
    check_query(&robots, agents, url);
    check_profiles(&robots, agents, url);
    let as_strs: Vec<&str> = agents.iter().map(String::as_str).collect();
    assert_eq!(robots.decide(&as_strs, url), robots.decide(agents, url), "Vec<&str> and [String] disagree");
    for agent in agents.iter().take(SINGLE_QUERIES) {
        check_query(&robots, agent.as_str(), url);
    }
    // The file's own agents, so that specific groups are exercised even when the fuzzer's agents miss.
    let own: Vec<String> = robots
        .groups()
        .take(SINGLE_QUERIES)
        .filter_map(|g| g.agents().find(|a| !a.global).map(|a| String::from_utf8_lossy(a.token).into_owned()))
        .collect();
    for agent in &own {
        check_query(&robots, agent.as_str(), url);
    }
    check_query(&robots, &own[..], url);

    for c in CRAWLERS {
        let (token, verdict) = robots.check_crawler(c, url);
        match token {
            Some(t) => {
                assert!(c.tokens.contains(&t), "check_crawler({}) used {t}, not one of its tokens", c.tokens[0]);
                assert_eq!(robots.decide(t, url), (verdict.allowed, verdict.line), "check_crawler({t}) differs");
            }
            None => {
                assert!(c.ignores_global, "check_crawler({}) found no token but the crawler obeys *", c.tokens[0]);
                assert!(verdict.allowed && verdict.line == 0 && verdict.matches.is_empty());
            }
        }
    }
    if let Some((delay, line)) = robots.crawl_delay(agents) {
        assert!(delay.is_finite() && delay >= 0.0 && (1..=robots.line_count()).contains(&line));
    }
    if let Some((_, line)) = robots.preferred_host() {
        assert!((1..=robots.line_count()).contains(&line));
    }

    check_helpers(agents, url);
}

/// Whether the pooled `agents` name the `User-agent` token `token` (a group's specific line).
fn names<A: Agents + ?Sized>(agents: &A, token: &[u8]) -> bool {
    agents.any_equals(token)
}

/// Asks one question through `decide`, `is_allowed` and `check`, and checks all three against an oracle
/// computed from the public views: which groups apply (SPEC A4.5), which rules match (SPEC A5.2 by
/// [`reference_matches`], the index.html retry of A5.4), and the two slots that decide (A5.5, A5.6).
fn check_query<A: Agents + ?Sized + core::fmt::Debug>(robots: &Robots, agents: &A, url: &str) {
    let (allowed, line) = robots.decide(agents, url);
    assert_eq!(robots.is_allowed(agents, url), allowed, "is_allowed and decide disagree for {agents:?} {url:?}");
    let v = robots.check(agents, url);
    assert_eq!((v.allowed, v.line), (allowed, line), "check and decide disagree for {agents:?} {url:?}");

    let path = path_of(url);
    let path = &path[..path.find('\0').unwrap_or(path.len())];
    assert_eq!(v.path, path, "the verdict's path is not path_of(url) cut at NUL");

    let specific = |g: &robotscope::Group<'_>| g.agents().any(|a| !a.global && names(agents, a.token));
    let own = robots.groups().any(|g| specific(&g));
    assert_eq!(robots.has_own_group(agents), own, "has_own_group for {agents:?}");
    let applied: Vec<usize> =
        robots.groups().filter(|g| if own { specific(g) } else { g.is_global() }).map(|g| g.index).collect();
    assert_eq!(v.groups, applied, "groups that apply to {agents:?}");
    let scope = if own {
        Scope::Specific
    } else if applied.is_empty() {
        Scope::None
    } else {
        Scope::Global
    };
    assert_eq!(v.scope, scope, "scope for {agents:?}");
    let mut lines: Vec<usize> =
        applied.iter().flat_map(|&g| robots.group(g).map(|g| g.lines()).unwrap_or_default()).collect();
    lines.sort_unstable();
    assert_eq!(v.group_lines, lines, "group_lines for {agents:?}");

    let mut expected = Vec::new();
    for &g in &applied {
        let Some(group) = robots.group(g) else { continue };
        for rule in group.rules() {
            let direct = reference_matches(rule.pattern, path.as_bytes());
            let (priority, index_fallback) = if direct {
                (rule.pattern.len(), false)
            } else if rule.kind == RuleKind::Allow {
                let Some(slash) = rule.pattern.iter().rposition(|&c| c == b'/') else { continue };
                if !rule.pattern[slash..].starts_with(b"/index.htm") {
                    continue;
                }
                let mut retry = rule.pattern[..=slash].to_vec();
                retry.push(b'$');
                if !reference_matches(&retry, path.as_bytes()) {
                    continue;
                }
                (slash + 2, true)
            } else {
                continue;
            };
            expected.push(RuleMatch {
                line: rule.line,
                kind: rule.kind,
                value: String::from_utf8_lossy(rule.value).into_owned(),
                pattern: rule.pattern_str().into_owned(),
                priority,
                index_fallback,
            });
        }
    }
    assert_eq!(v.matches, expected, "matching rules for {agents:?} on {path:?}");

    // The two slots: the first rule with the highest priority of each kind, in file order.
    let (mut allow, mut disallow) = ((-1isize, 0usize), (-1isize, 0usize));
    for m in &expected {
        let slot = if m.kind == RuleKind::Allow { &mut allow } else { &mut disallow };
        if m.priority as isize > slot.0 {
            *slot = (m.priority as isize, m.line);
        }
    }
    let disallowed = (allow.0 > 0 || disallow.0 > 0) && disallow.0 > allow.0;
    let decider = if disallow.0 > allow.0 { disallow.1 } else { allow.1 };
    assert_eq!((allowed, line), (!disallowed, decider), "verdict for {agents:?} on {path:?}");
    let decided_by = (decider != 0).then(|| expected.iter().find(|m| m.line == decider).cloned()).flatten();
    assert_eq!(v.decided_by, decided_by, "decided_by for {agents:?} on {path:?}");
    assert_eq!(v.has_own_group(), own);
}

/// The tokenizer's per-line view: numbering, spans, flags, and agreement with what the parse kept.
fn check_lines(robots: &Robots) {
    let src = robots.source();
    let n = robots.line_count();
    let mut count = 0;
    let mut prev_end = 0;
    let (mut agents, mut rules, mut sitemaps, mut others) = (0, 0, 0, 0);
    for line in robots.lines() {
        count += 1;
        assert_eq!(line.number, count, "lines are not numbered 1, 2, ...");
        let (span, read) = (line.span, line.read);
        assert!(span.start <= span.end && span.end <= src.len(), "line {count}: span {span:?} out of bounds");
        assert!(count == 1 || span.start > prev_end, "line {count} overlaps the previous line");
        assert!(
            !src[span.start..span.end].iter().any(|&c| c == b'\n' || c == b'\r'),
            "line {count} holds a terminator"
        );
        prev_end = span.end;
        assert_eq!(read.start, span.start, "line {count}: read does not start at the line");
        assert!(read.end <= span.end && read.len() <= MAX_LINE_LEN, "line {count}: read {read:?} too long");
        assert!(!src[read.start..read.end].contains(&0), "line {count}: read past a NUL");
        let meta = line.metadata;
        assert_eq!(meta.is_line_too_long, span.len() > MAX_LINE_LEN, "line {count}: is_line_too_long");
        assert_eq!(meta.has_comment, line.comment.is_some(), "line {count}: has_comment");
        if let Some(c) = line.comment {
            assert!(c >= read.start && c < read.end && src[c] == b'#', "line {count}: comment at {c}");
            assert!(!src[read.start..c].contains(&b'#'), "line {count}: not the first #");
        }
        assert_eq!(meta.has_directive, line.directive.is_some(), "line {count}: has_directive");
        assert!(!(meta.is_empty && meta.has_comment), "line {count}: empty yet commented");
        assert!(!meta.is_comment || (meta.has_comment && line.directive.is_none()), "line {count}: is_comment");
        assert!(!meta.is_empty || line.directive.is_none(), "line {count}: is_empty with a directive");
        match line.directive {
            Some(d) => {
                let end = line.comment.unwrap_or(read.end);
                for s in [d.key, d.value] {
                    assert!(read.start <= s.start && s.start <= s.end && s.end <= end, "line {count}: {s:?} outside");
                }
                assert!(!d.key.is_empty() && d.key.end <= d.value.start, "line {count}: key {:?}", d.key);
                let (kind, typo) = key_kind(&src[d.key.start..d.key.end]);
                assert_eq!((kind, typo), (d.kind, meta.is_acceptable_typo), "line {count}: key kind");
                match d.kind {
                    KeyKind::UserAgent => agents += 1,
                    KeyKind::Allow | KeyKind::Disallow => rules += 1,
                    KeyKind::Sitemap => sitemaps += 1,
                    _ => others += 1,
                }
            }
            None => assert!(!meta.is_acceptable_typo && !meta.is_missing_colon_separator, "line {count}: flags"),
        }
    }
    assert_eq!(count, n, "line_count() differs from lines().count()");
    let kept_agents: usize = robots.groups().map(|g| g.agents().len()).sum();
    assert_eq!(agents, kept_agents, "user-agent lines");
    assert_eq!(rules, robots.rules().len(), "allow/disallow lines");
    assert_eq!(sitemaps, robots.sitemaps().len(), "sitemap lines");
    assert_eq!(others, robots.other_directives().len(), "other directives");
}

/// Groups, rules, sitemaps and other directives: spans, lines and escaping.
fn check_structure(robots: &Robots) {
    let src = robots.source();
    let n = robots.line_count();
    let in_file = |line: usize| (1..=n).contains(&line);
    let groups = robots.groups().len();
    let mut grouped_rules = 0;
    for g in robots.groups() {
        assert!(g.agents().len() > 0, "group {} has no user-agent line", g.index);
        let lines = g.lines();
        assert!(lines.windows(2).all(|w| w[0] < w[1]), "group {} lines {lines:?}", g.index);
        assert_eq!(g.line_range(), (lines[0], lines[lines.len() - 1]));
        for a in g.agents() {
            assert!(in_file(a.line));
            assert_eq!(a.value, &src[a.value_span.start..a.value_span.end], "agent value span");
            assert!(a.value.starts_with(a.token), "the token is not a prefix of the value");
            assert!(a.token.iter().all(|&c| c.is_ascii_alphabetic() || c == b'-' || c == b'_'), "token bytes");
            assert!(a.value.get(a.token.len()).is_none_or(|&c| !(c.is_ascii_alphabetic() || c == b'-' || c == b'_')));
            let star = a.value.first() == Some(&b'*') && a.value.get(1).is_none_or(|c| b" \t\n\x0b\x0c\r".contains(c));
            assert_eq!(a.global, star, "global flag of {:?}", a.value.escape_ascii().to_string());
        }
        assert_eq!(g.is_global(), g.agents().any(|a| a.global));
        for r in g.rules() {
            assert_eq!(r.group, Some(g.index), "rule on line {} in the wrong group", r.line);
            grouped_rules += 1;
        }
    }
    let mut prev = 0;
    for r in robots.rules() {
        assert!(in_file(r.line) && r.line > prev, "rule lines not increasing");
        prev = r.line;
        assert_eq!(r.value, &src[r.value_span.start..r.value_span.end], "rule value span");
        assert_eq!(r.pattern_str(), escape_pattern(r.value), "rule pattern is not escape_pattern(value)");
        assert_eq!(r.priority(), r.pattern.len());
        assert!(r.group.is_none_or(|g| g < groups), "rule group out of range");
    }
    let ungrouped = robots.rules().filter(|r| r.group.is_none()).count();
    assert_eq!(grouped_rules + ungrouped, robots.rules().len(), "rules lost between groups");
    for s in robots.sitemaps() {
        assert!(in_file(s.line));
        assert_eq!(s.url, &src[s.span.start..s.span.end], "sitemap span");
    }
    for o in robots.other_directives() {
        assert!(in_file(o.line) && !o.key.is_empty());
        assert_eq!(o.value, &src[o.value_span.start..o.value_span.end], "other directive span");
        assert!(o.group.is_none_or(|g| g < groups));
    }
}

/// The Search Console style report: one entry per line, tags that follow the directive, totals that add up.
fn check_report(robots: &Robots) {
    let report = robots.report();
    let n = robots.line_count();
    assert_eq!(report.lines.len(), n, "report lines");
    assert_eq!(report.last_line_seen, n, "last_line_seen");
    let (mut valid, mut unused) = (0, 0);
    for (entry, line) in report.lines.iter().zip(robots.lines()) {
        assert_eq!(entry.line, line, "report line {} differs from lines()", line.number);
        let expected = match line.directive.map(|d| d.kind) {
            None => Some(Tag::Unknown),
            Some(KeyKind::UserAgent) => Some(Tag::UserAgent),
            Some(KeyKind::Allow) => Some(Tag::Allow),
            Some(KeyKind::Disallow) => Some(Tag::Disallow),
            Some(KeyKind::Sitemap) => Some(Tag::Sitemap),
            Some(_) => None,
        };
        match expected {
            Some(tag) => assert_eq!(entry.tag, tag, "tag of line {}", line.number),
            None => assert!(matches!(entry.tag, Tag::Unused | Tag::Unknown), "tag of line {}", line.number),
        }
        match entry.tag {
            Tag::UserAgent | Tag::Allow | Tag::Disallow | Tag::Sitemap => valid += 1,
            Tag::Unused => unused += 1,
            Tag::Unknown if line.directive.is_some() => unused += 1,
            Tag::Unknown => {}
        }
    }
    assert_eq!((report.valid_directives, report.unused_directives), (valid, unused), "report totals");
}

/// Diagnostics point inside the file and say something.
fn check_diagnostics(robots: &Robots) {
    let n = robots.line_count();
    for d in robots.diagnostics() {
        assert!(d.line <= n, "diagnostic on line {} of {n}", d.line);
        assert!(d.span.start <= d.span.end && d.span.end <= robots.source().len(), "diagnostic span {:?}", d.span);
        assert!(!d.message.is_empty(), "diagnostic {:?} without a message", d.kind);
    }
}

/// The URL and agent helpers: no panics, and the properties their documentation promises.
fn check_helpers(agents: &[String], url: &str) {
    let path = path_of(url);
    assert!(path.starts_with('/'), "path_of({url:?}) = {path:?}");
    assert!(url.contains(path.get(1..).unwrap_or("")), "path_of({url:?}) = {path:?} is not from the URL");

    if let Ok(normal) = normalize_url(url) {
        assert!(!normal.is_empty());
        assert_eq!(normalize_url(&normal).as_deref(), Ok(normal.as_str()), "normalize_url not idempotent on {url:?}");
    }
    if let Ok(robots) = robots_url(url) {
        assert!(robots.ends_with("/robots.txt"), "robots_url({url:?}) = {robots:?}");
        assert_eq!(robots_url(&robots).as_deref(), Ok(robots.as_str()), "robots_url not idempotent on {url:?}");
        assert_eq!(governs(&robots, url), Ok(Governs::Yes), "robots_url({url:?}) = {robots:?} does not govern it");
    }
    let _ = governs(url, url);

    for agent in agents.iter().map(String::as_str).chain([url]) {
        let token = product_token(agent);
        assert!(agent.starts_with(token), "product_token({agent:?}) = {token:?}");
        assert_eq!(is_valid_agent(agent), !agent.is_empty() && token == agent, "is_valid_agent({agent:?})");
        let from_header = token_from_user_agent(agent);
        assert!(
            from_header.is_empty() || is_valid_agent(from_header),
            "token_from_user_agent({agent:?}) = {from_header:?} is not a valid token"
        );
        if let Some(c) = crawler(agent) {
            assert!(!c.tokens.is_empty());
        }
        assert!(escape_pattern(agent.as_bytes()).is_ascii());
    }
}
