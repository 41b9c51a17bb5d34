//! Hostile inputs: huge lines, pathological wildcards, random bytes, HTML. Each must be answered correctly and
//! without a panic; how long they take is measured by the benchmark's `hostile` group, not asserted here.

use robotscope::{DiagnosticKind, Robots, Scope, MAX_LINE_LEN};

/// A deterministic stream of pseudo-random bytes (xorshift64).
fn random_bytes(len: usize, mut seed: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(len + 8);
    while out.len() < len {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        out.extend_from_slice(&seed.to_le_bytes());
    }
    out.truncate(len);
    out
}

/// Runs every entry point once, so that none of them can panic on `body`.
fn exercise(robots: &Robots, url: &str) {
    let agents = ["Googlebot", "*", ""];
    let verdict = robots.check(&agents, url);
    assert_eq!(robots.decide(&agents, url), (verdict.allowed, verdict.line));
    let report = robots.report();
    assert_eq!(report.lines.len(), robots.line_count());
    // Every interpretation profile reads the same bytes (RFC 9309 and 1994 without the line cap).
    for profile in robotscope::Profile::ALL {
        let reading = robots.reading(profile);
        let v = reading.check(&agents, url);
        assert!(!reading.explain(&v, "Googlebot").is_empty());
    }
    for d in robots.diagnostics() {
        assert!(d.span.start <= d.span.end && d.span.end <= robots.source().len(), "{d:?}");
        assert!(d.line >= 1 && d.line <= robots.line_count(), "{d:?}");
    }
}

#[test]
fn a_one_megabyte_line_of_stars() {
    let mut body = b"User-agent: *\nDisallow: /".to_vec();
    body.extend(std::iter::repeat_n(b'*', 1 << 20));
    body.extend_from_slice(b"\nAllow: /public");
    let robots = Robots::parse(&body);
    // The line is cut at 16,663 bytes: a pattern of `/` and `*`s that matches every path.
    let rule = robots.rules().next().unwrap();
    assert_eq!(rule.pattern.len(), MAX_LINE_LEN - "Disallow: ".len());
    let long_url = format!("/{}", "a".repeat(100_000));
    assert_eq!(robots.decide("Googlebot", &long_url), (false, 2));
    // `/public` (7) loses to the 16,653-byte pattern.
    assert_eq!(robots.decide("Googlebot", "/public"), (false, 2));
    let kinds: Vec<_> = robots.diagnostics().iter().map(|d| d.kind).collect();
    assert!(kinds.contains(&DiagnosticKind::LineTooLong), "{kinds:?}");
    exercise(&robots, &long_url);
}

#[test]
fn half_a_megabyte_of_pathological_wildcards() {
    let mut body = b"User-agent: *\n".to_vec();
    while body.len() < 500 * 1024 {
        body.extend_from_slice(b"Disallow: /*a*a*a*a*a*a*a*$\n");
    }
    let robots = Robots::parse(&body);
    // Seven `a`s anywhere after the first byte, then anything: a path of `a`s and a final `b` matches.
    let url = format!("/{}b", "a".repeat(100_000));
    let v = robots.check("Googlebot", &url);
    assert!(!v.allowed);
    assert_eq!(v.line, 2, "the first of the equal rules keeps the line");
    assert_eq!(v.matches.len(), robots.rules().len());
    // Six `a`s are not enough.
    assert_eq!(robots.decide("Googlebot", "/aaaaaa"), (true, 0));
    exercise(&robots, &url);
}

#[test]
fn long_pieces_between_wildcards() {
    // A naive substring search would take |path| × |piece| steps per rule here.
    let mut body = b"User-agent: *\n".to_vec();
    for _ in 0..30 {
        body.extend_from_slice(b"Disallow: /*");
        body.extend(std::iter::repeat_n(b'a', 16_000));
        body.extend_from_slice(b"b\n");
    }
    let robots = Robots::parse(&body);
    let url = format!("/{}", "a".repeat(100_000));
    assert_eq!(robots.decide("Googlebot", &url), (true, 0));
    let url_b = format!("{url}b");
    assert_eq!(robots.decide("Googlebot", &url_b), (false, 2));
    exercise(&robots, &url_b);
}

#[test]
fn ten_megabytes_of_random_bytes() {
    let body = random_bytes(10 << 20, 0x9E37_79B9_7F4A_7C15);
    let robots = Robots::parse(&body);
    // Random bytes hold no `User-agent` line a crawler could match, so nothing applies.
    let v = robots.check("Googlebot", "https://example.com/");
    assert!(v.allowed);
    exercise(&robots, "https://example.com/");
    let diagnostics = robots.diagnostics();
    // Lint output is capped per kind, with a summary of the rest.
    assert!(diagnostics.iter().any(|d| d.kind == DiagnosticKind::MoreNotShown));
    assert!(diagnostics.len() < 100 * DiagnosticKind::ALL.len());
}

#[test]
fn random_bytes_shaped_like_robots_txt() {
    // Directive keywords between random runs: exercises group building on garbage.
    let noise = random_bytes(1 << 20, 42);
    let words: [&[u8]; 6] = [b"\nUser-agent: ", b"\nDisallow: /", b"\nAllow: /", b"*", b"$", b"\r\n"];
    let mut body = Vec::new();
    for (i, chunk) in noise.chunks(17).enumerate() {
        body.extend_from_slice(words[i % words.len()]);
        body.extend_from_slice(chunk);
    }
    let robots = Robots::parse(&body);
    assert!(robots.groups().len() > 1000);
    exercise(&robots, "/a/b?c");
}

#[test]
fn an_html_page_served_as_robots_txt() {
    let mut body = String::from("<!DOCTYPE html>\n<html><head><title>Welcome</title></head><body>\n");
    for i in 0..5000 {
        body.push_str(&format!("<p>Item {i}: <a href=\"/item/{i}\">link</a></p>\n"));
    }
    body.push_str("</body></html>\n");
    let robots = Robots::parse(&body);
    let v = robots.check("Googlebot", "/item/1");
    assert!(v.allowed);
    assert_eq!(v.scope, Scope::None);
    let kinds: Vec<_> = robots.diagnostics().iter().map(|d| d.kind).collect();
    assert_eq!(kinds, [DiagnosticKind::HtmlBody]);
}

#[test]
fn malformed_urls() {
    let robots = Robots::parse("User-agent: *\nDisallow: /private\n");
    for url in ["", "://", "http://", "#", "?", "\0", "http://[::1", "http://e.com:99999/private", "\u{fffd}/private"] {
        exercise(&robots, url);
    }
    // A NUL byte cuts the path the matcher sees.
    assert_eq!(robots.decide("a", "http://e.com/private\0/x"), (false, 2));
}

#[test]
fn many_groups_with_lines_other_readings_pass_over() {
    // 50,000 `*` groups, each with a line that RFC 9309 and 1994 pass over: explaining a verdict lists three
    // of them and counts the rest.
    let body = "User-agent: *\nDisallow: /a\nDissallow: /b\n".repeat(50_000);
    let robots = Robots::parse(&body);
    let rfc = robots.reading(robotscope::Profile::Rfc9309);
    assert_eq!(rfc.ignored().len(), 50_000);
    let v = rfc.check("Bot", "/b");
    assert_eq!((v.allowed, v.groups.len()), (true, 50_000));
    let why = rfc.explain(&v, "Bot");
    assert!(
        why.ends_with(
            "It passes over line 3 (`Dissallow: /b`), line 6 (`Dissallow: /b`), line 9 (`Dissallow: /b`) and 49997 \
             more, which are not RFC 9309 syntax."
        ),
        "{why}"
    );
    assert_eq!(robots.decide("Bot", "/b"), (false, 3));
    exercise(&robots, "/b");
}

#[test]
fn many_merged_groups_whose_rules_tie() {
    // 50,000 `*` groups, half `Allow: /` and half `Disallow: /`: Google merges them, and every `Disallow` ties an
    // `Allow` of another group. The merged-group check looks each disallow up (a scan of every allow per
    // disallow took 18 s here).
    let body = "User-agent: *\nAllow: /\n\nUser-agent: *\nDisallow: /\n".repeat(25_000);
    let robots = Robots::parse(&body);
    exercise(&robots, "/x");
    assert_eq!(robots.decide("Bot", "/x"), (true, 2));
    let diagnostics = robots.diagnostics();
    let first = diagnostics.iter().find(|d| d.kind == DiagnosticKind::MergedGroupTie).expect("a merged-group tie");
    assert_eq!(first.line, 5);
    assert!(first.message.contains("`Allow: /` (line 2) ties `Disallow: /`"), "{}", first.message);
}

#[test]
fn many_groups_of_retired_and_search_tokens() {
    // 20,000 groups naming a training crawler, an AI search crawler and a retired token, each blocking
    // everything: every retired token is reported, and whether ClaudeBot is named is looked up once (once per
    // token was quadratic: 3.8 s here).
    let body = "User-agent: GPTBot\nUser-agent: OAI-SearchBot\nUser-agent: Claude-Web\nDisallow: /\n".repeat(20_000);
    let robots = Robots::parse(&body);
    exercise(&robots, "/x");
    let diagnostics = robots.diagnostics();
    let retired = diagnostics.iter().find(|d| d.kind == DiagnosticKind::DeprecatedAgent).expect("a retired token");
    assert_eq!(retired.line, 3);
    assert!(retired.message.ends_with("and this file names none of them"), "{}", retired.message);
    assert!(diagnostics.iter().any(|d| d.kind == DiagnosticKind::AiSearchBlocked && d.line == 2));
}
