//! Diagnostics (SPEC B3): each test is a small file and the diagnostics it must produce.
//!
//! `check` asserts the exact list of (line, kind) pairs, so a new false positive fails a test as surely as a
//! missing diagnostic; `one` looks at a single diagnostic's span, severity, message and help.

use robotscope::{Diagnostic, DiagnosticKind as K, Robots, Severity};

fn lint(robots: &[u8]) -> Vec<Diagnostic> {
    Robots::parse(robots).diagnostics()
}

#[track_caller]
fn check(robots: &str, want: &[(usize, K)]) {
    let got: Vec<(usize, K)> = lint(robots.as_bytes()).iter().map(|d| (d.line, d.kind)).collect();
    assert_eq!(got, want, "diagnostics of {robots:?}");
}

/// The only diagnostic of `kind`, with its spanned text.
#[track_caller]
fn one(robots: &str, kind: K) -> (Diagnostic, String) {
    let all = lint(robots.as_bytes());
    let mut of_kind = all.iter().filter(|d| d.kind == kind);
    let d = of_kind.next().unwrap_or_else(|| panic!("no {kind:?} in {all:#?}")).clone();
    assert!(of_kind.next().is_none(), "more than one {kind:?}");
    let text = String::from_utf8_lossy(&robots.as_bytes()[d.span.start..d.span.end]).into_owned();
    (d, text)
}

#[test]
fn a_clean_file_has_no_diagnostics() {
    check(
        "# robots.txt for example.com\nUser-agent: *\nDisallow: /private/\nAllow: /private/press/\n\n\
         Sitemap: https://example.com/sitemap.xml\n",
        &[],
    );
}

#[test]
fn typo_and_prefix_keys() {
    check(
        "User-agent: *\nDissallow: /a\nuseragent: b\nDisallowed: /c\nsitemaps: https://e.com/s.xml\n",
        &[
            (2, K::TypoKey),
            (2, K::Rfc9309IgnoresLine),
            (3, K::TypoKey),
            (3, K::Rfc9309IgnoresLine),
            (3, K::GlobalRulesIgnored),
            (4, K::PrefixKey),
            (4, K::Rfc9309IgnoresLine),
            // Google disallows `/c` for `b` (line 4); RFC 9309 crawlers read neither line 3 nor line 4.
            (4, K::ProfilesDisagree),
            (5, K::PrefixKey),
        ],
    );
    let (d, text) = one("User-agent: *\nDissallow: /a\n", K::TypoKey);
    assert_eq!(text, "Dissallow");
    assert_eq!(d.severity, Severity::Warning);
    assert_eq!(d.help.as_deref(), Some("write `Disallow`"));
}

#[test]
fn missing_colon_and_first_colon_split() {
    let (d, text) = one("User-agent: *\nDisallow /x\n", K::MissingColon);
    assert_eq!((d.line, text.as_str()), (2, " "));
    assert_eq!(d.help.as_deref(), Some("write `Disallow: /x`"));
    // `Disallow /a:b` is read as disallow `b`; `Sitemap http://...` as sitemap `//...`.
    let (d, _) = one("User-agent: *\nDisallow /a:b\n", K::FirstColonSplit);
    assert_eq!(d.severity, Severity::Error);
    assert!(d.message.contains("disallow `b`"), "{}", d.message);
    assert_eq!(d.help.as_deref(), Some("write `Disallow: /a:b`"));
    let (d, _) = one("Sitemap http://e.com/s.xml\n", K::FirstColonSplit);
    assert!(d.message.contains("sitemap `//e.com/s.xml`"), "{}", d.message);
}

#[test]
fn unknown_keys_get_suggestions_and_known_ones_are_named() {
    let (d, text) = one("User-agent: *\nUser_agent: x\n", K::UnknownKey);
    assert_eq!(text, "User_agent");
    assert_eq!(d.help.as_deref(), Some("did you mean `User-agent`?"));
    let (d, _) = one("User-agent: *\nalow: /x\n", K::UnknownKey);
    assert_eq!(d.help.as_deref(), Some("did you mean `Allow`?"));
    let (d, _) = one("User-agent: *\nunicorns: many\n", K::UnknownKey);
    assert_eq!(d.help, None);
    let (d, _) = one("User-agent: *\nCrawl-delay: 10\n", K::UnsupportedDirective);
    assert_eq!(d.severity, Severity::Info);
    assert!(d.message.contains("Bingbot"), "{}", d.message);
    for key in ["Host", "Clean-param", "Request-rate", "Visit-time", "Noindex", "Content-Signal"] {
        one(&format!("User-agent: *\n{key}: x\n"), K::UnsupportedDirective);
    }
}

#[test]
fn rules_outside_groups_and_patterns_that_never_match() {
    check(
        "Disallow: /a\nUser-agent: *\nDisallow: a\nDisallow: *a\n",
        &[(1, K::RuleOutsideGroup), (3, K::PatternNeverMatches)],
    );
    let (d, _) = one("User-agent: *\nDisallow: https://example.com/private?x\n", K::PatternNeverMatches);
    assert_eq!(d.help.as_deref(), Some("rules hold paths, not URLs: write `/private?x`"));
}

#[test]
fn dollar_and_hash_in_values() {
    let (d, text) = one("User-agent: *\nDisallow: /a$b\n", K::DollarNotLast);
    assert_eq!((d.line, text.as_str()), (2, "$"));
    check("User-agent: *\nDisallow: /a$\n", &[]);
    let (d, text) = one("User-agent: *\nDisallow: /page#section\n", K::HashCutsValue);
    assert_eq!(text, "#section");
    assert!(d.message.contains("`/page`"), "{}", d.message);
    // A comment after whitespace is an ordinary comment.
    check("User-agent: *\nDisallow: /page # the page\n", &[]);
}

#[test]
fn user_agent_values() {
    // RFC 9309 section 2.2: `product-token = identifier / "*"`, so an empty value names no crawler there either.
    check("User-agent:\nDisallow: /\n", &[(1, K::Rfc9309IgnoresLine), (1, K::EmptyUserAgent)]);
    let (d, _) = one("User-agent: Googlebot/2.1\nDisallow: /\n", K::UserAgentReduced);
    assert!(d.message.contains("as `Googlebot`"), "{}", d.message);
    assert_eq!(d.help.as_deref(), Some("write `User-agent: Googlebot`"));
    let (d, _) = one("User-agent: Foo Bar\nDisallow: /\n", K::UserAgentReduced);
    assert!(d.message.contains("as `Foo`"), "{}", d.message);
    let (d, _) = one("User-agent: *bot\nDisallow: /\n", K::UserAgentReduced);
    assert!(d.message.contains("empty product token"), "{}", d.message);
    let (d, _) = one("User-agent: * FooBot\nDisallow: /\n", K::UserAgentReduced);
    assert!(d.message.contains("as `*`"), "{}", d.message);
}

#[test]
fn own_group_ignores_global_rules() {
    let robots = "User-agent: *\nDisallow: /private/\nDisallow: /tmp/\n\nUser-agent: Googlebot\nDisallow: /nogoogle/\n";
    let (d, text) = one(robots, K::GlobalRulesIgnored);
    assert_eq!((d.line, text.as_str()), (5, "Googlebot"));
    assert!(d.message.contains("(lines 2, 3)"), "{}", d.message);
    // A group that blocks everything loses nothing by ignoring `*`.
    check("User-agent: *\nDisallow: /private/\n\nUser-agent: BadBot\nDisallow: /\n", &[]);
    // A group whose only rule is `Allow: /` says its crawler may fetch everything: the exceptions of `*` it drops
    // are said as information, not as a warning (draft-ietf-aipref-attach-05's example has this shape).
    let attach = "User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: train-ai=n\n\n\
                  User-Agent: ExampleBot\nAllow: /\nContent-Usage: train-ai=y\n";
    let (d, text) = one(attach, K::GlobalRulesIgnored);
    assert_eq!((d.severity, d.line, text.as_str()), (Severity::Info, 6, "ExampleBot"));
    assert!(lint(attach.as_bytes()).iter().all(|d| d.severity < Severity::Warning), "{:#?}", lint(attach.as_bytes()));
    // With any other rule beside it, the group is not a blanket allow, and the warning stays.
    let (d, _) =
        one("User-agent: *\nDisallow: /never/\n\nUser-agent: a\nAllow: /\nDisallow: /x\n", K::GlobalRulesIgnored);
    assert_eq!(d.severity, Severity::Warning);
}

#[test]
fn group_structure() {
    // The google/robotstxt#51 trap: a crawl-delay line does not end the `*` group.
    check(
        "User-agent: *\nCrawl-delay: 5\nUser-agent: badbot\nDisallow: /\n",
        &[(2, K::UnsupportedDirective), (3, K::UserAgentsMerged)],
    );
    check("User-agent: a\nDisallow: /x\nUser-agent: b\n", &[(3, K::EmptyGroup)]);
    check("User-agent: a\nDisallow: /x\nUser-agent: A\nDisallow: /y\n", &[(1, K::RepeatedAgent)]);
    check(
        "User-agent: a\nAllow: /x\nDisallow: /x\nDisallow: /x\n",
        &[(3, K::AllowDisallowConflict), (4, K::DuplicateRule)],
    );
}

#[test]
fn sitemaps_must_be_absolute() {
    let (d, text) = one("Sitemap: /sitemap.xml\n", K::SitemapNotAbsolute);
    assert_eq!(text, "/sitemap.xml");
    assert_eq!(d.severity, Severity::Warning);
    check("Sitemap: HTTPS://example.com/s.xml\n", &[]);
}

#[test]
fn byte_level_problems() {
    let mut long = b"User-agent: *\nDisallow: /".to_vec();
    long.extend(std::iter::repeat_n(b'a', 20_000));
    let d: Vec<_> = lint(&long).into_iter().filter(|d| d.kind == K::LineTooLong).collect();
    assert_eq!(d.len(), 1);
    assert_eq!((d[0].line, d[0].span.start), (2, 14 + robotscope::MAX_LINE_LEN));

    check("User-agent: *\nDisallow: /a\0b\n", &[(2, K::NulByte)]);
    let d = lint(b"User-agent: *\nDisallow: /\xff\n");
    assert_eq!(d.iter().map(|d| (d.line, d.kind)).collect::<Vec<_>>(), [(2, K::InvalidUtf8)]);
    let d = lint(b"User-agent: *\n\xEF\xBB\xBFDisallow: /\n");
    assert!(d.iter().any(|d| d.kind == K::BomNotAtStart && d.line == 2), "{d:#?}");
    // A BOM at the start is fine.
    assert!(lint(b"\xEF\xBB\xBFUser-agent: *\nDisallow: /\n").is_empty());
}

#[test]
fn html_bodies_are_one_error_not_hundreds() {
    let html =
        "<!DOCTYPE html>\n<html><head><title>Not found</title></head>\n<body>\n<p>Oops: no page</p>\n</body></html>\n";
    check(html, &[(1, K::HtmlBody)]);
}

#[test]
fn content_past_500_kib() {
    let mut body = String::from("User-agent: *\n");
    while body.len() < 600 * 1024 {
        body.push_str("Disallow: /some/long/path/segment\n");
    }
    let (d, _) = one(&body, K::PastSizeLimit);
    assert_eq!(d.span.start, robotscope::GOOGLE_SIZE_LIMIT);
    // The rules past the cut are counted, and losing rules is an error (issue 27).
    let lost = body.len().saturating_sub(robotscope::GOOGLE_SIZE_LIMIT) / "Disallow: /some/long/path/segment\n".len();
    assert!(d.message.contains("rules are lost, which Google never obeys"), "{}", d.message);
    let n: usize = d.message.split(": ").last().unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(n.abs_diff(lost) <= 1, "{n} rules lost, about {lost} expected: {}", d.message);
    assert_eq!(d.severity, Severity::Error);
    // Past the cut with no rules (padding only): a warning that says no rule is lost.
    let mut padded = String::from("User-agent: *\nDisallow: /a\n");
    while padded.len() < 600 * 1024 {
        padded.push_str("# padding\n");
    }
    let (d, _) = one(&padded, K::PastSizeLimit);
    assert_eq!(d.severity, Severity::Warning);
    assert!(d.message.ends_with("no rule is lost"), "{}", d.message);
    // Many identical rules: the duplicates are capped and summarised.
    let all = lint(body.as_bytes());
    assert_eq!(all.iter().filter(|d| d.kind == K::DuplicateRule).count(), 200);
    let more = all.iter().find(|d| d.kind == K::MoreNotShown).expect("summary");
    assert!(more.message.contains("duplicate-rule"), "{}", more.message);
}

#[test]
fn every_kind_has_a_distinct_code() {
    let mut codes: Vec<&str> = K::ALL.iter().map(|k| k.code()).collect();
    let n = codes.len();
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(codes.len(), n);
}

#[test]
fn merged_group_tie_names_cloudflares_managed_block() {
    // Two `*` groups: Cloudflare's managed `Allow: /` ties the site's own `Disallow: /`, and the allow wins.
    let file = "# BEGIN Cloudflare Managed content\nUser-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n\
                # END Cloudflare Managed Content\n\nUser-agent: *\nDisallow: /\n";
    check(file, &[(3, K::UnsupportedDirective), (8, K::MergedGroupTie)]);
    let (d, text) = one(file, K::MergedGroupTie);
    assert_eq!((d.severity, text.as_str()), (Severity::Error, "/"));
    assert!(d.message.contains("Cloudflare's managed block, from line 1"), "{}", d.message);
    assert!(d.message.contains("`Allow: /` (line 4) ties `Disallow: /` at priority 1"), "{}", d.message);
    // The verdict it warns about: the disallow does nothing.
    assert!(Robots::parse(file).is_allowed("AnyBot", "/x"));
    // Equal-length patterns that both match everything tie too; a longer disallow does not.
    check(
        "User-agent: a\nAllow: *\n\nUser-agent: b\nDisallow: /x\n\nUser-agent: a\nDisallow: /\n",
        &[(1, K::RepeatedAgent), (8, K::MergedGroupTie)],
    );
    check(
        "User-agent: a\nAllow: /\n\nUser-agent: b\nDisallow: /x\n\nUser-agent: a\nDisallow: /*\n",
        &[(1, K::RepeatedAgent)],
    );
    // Without the marker, no mention of Cloudflare.
    let (d, _) =
        one("User-agent: *\nAllow: /p\nUser-agent: x\nDisallow: /\nUser-agent: *\nDisallow: /p\n", K::MergedGroupTie);
    assert!(!d.message.contains("Cloudflare"), "{}", d.message);
}

#[test]
fn search_crawlers_in_a_training_blocklist() {
    let file =
        "User-agent: GPTBot\nUser-agent: OAI-SearchBot\nUser-agent: Claude-User\nUser-agent: CCBot\nDisallow: /\n";
    check(file, &[(2, K::AiSearchBlocked), (3, K::AiSearchBlocked)]);
    let (d, text) = one("User-agent: GPTBot\nUser-agent: OAI-SearchBot\nDisallow: /\n", K::AiSearchBlocked);
    assert_eq!(text, "OAI-SearchBot");
    assert!(d.message.contains("but it is OpenAI's AI search crawler:"), "{}", d.message);
    assert!(d.help.as_deref().unwrap_or("").contains("`GPTBot`"));
    // Only when the group blocks everything and holds a training crawler.
    check("User-agent: GPTBot\nUser-agent: OAI-SearchBot\nDisallow: /private/\n", &[]);
    check("User-agent: OAI-SearchBot\nUser-agent: Bingbot\nDisallow: /\n", &[]);
}

#[test]
fn retired_anthropic_tokens() {
    let (d, text) = one("User-agent: Claude-Web\nDisallow: /\n", K::DeprecatedAgent);
    assert_eq!((d.severity, text.as_str()), (Severity::Warning, "Claude-Web"));
    assert_eq!(d.help.as_deref(), Some("add `User-agent: ClaudeBot` to this group"));
    let (d, _) = one("User-agent: anthropic-ai\nUser-agent: ClaudeBot\nDisallow: /\n", K::DeprecatedAgent);
    assert_eq!((d.severity, d.help), (Severity::Info, None));
}

#[test]
fn user_agent_values_name_the_catalogue_crawler_meant() {
    let (d, _) = one("User-agent: ChatGPT Agent\nDisallow: /\n", K::UserAgentReduced);
    assert!(d.message.ends_with("the catalogue crawler meant is probably `ChatGPT-User`"), "{}", d.message);
    assert_eq!(d.help.as_deref(), Some("write `User-agent: ChatGPT-User`"));
    let (d, _) = one("User-agent: MistralAI-User/1.0\nDisallow: /\n", K::UserAgentReduced);
    assert_eq!(d.help.as_deref(), Some("write `User-agent: MistralAI-User`"));
    // A token that is a catalogue crawler's, in another case, is written as the catalogue writes it.
    let (d, _) = one("User-agent: panscient.com\nDisallow: /\n", K::UserAgentReduced);
    assert_eq!(d.help.as_deref(), Some("write `User-agent: Panscient`"));
    // A token no catalogue crawler continues keeps the plain advice.
    let (d, _) = one("User-agent: Sidetrade indexer bot\nDisallow: /\n", K::UserAgentReduced);
    assert_eq!(d.help.as_deref(), Some("write `User-agent: Sidetrade`"));
}

#[test]
fn content_signal_lines() {
    check(
        "Content-Signal: search=yes\nUser-agent: *\nDisallow:\n",
        &[(1, K::UnsupportedDirective), (1, K::ContentSignalOutsideGroup)],
    );
    let (d, _) = one(
        "User-agent: *\nContent-Signal: search=yes, ai-training=no, ai-input=maybe, train\nAllow: /\n",
        K::ContentSignalInvalid,
    );
    assert!(d.message.contains("`ai-training` is not a signal"), "{}", d.message);
    assert!(d.message.contains("`ai-input=maybe`: a value is `yes` or `no`"), "{}", d.message);
    assert!(d.message.contains("`train` has no `=value`"), "{}", d.message);
    check(
        "User-agent: *\nContent-Signal: search=yes, ai-input=no, ai-train=no\nAllow: /\n",
        &[(2, K::UnsupportedDirective)],
    );
    // Cloudflare's managed files since 2026-07-01: `use` is a fourth key, valued immediate, reference or full.
    check(
        "User-agent: *\nContent-Signal: search=yes,ai-train=no,use=reference\nAllow: /\n",
        &[(2, K::UnsupportedDirective)],
    );
    let (d, _) = one("User-agent: *\nContent-Signal: ai-train=no, use=later\nAllow: /\n", K::ContentSignalInvalid);
    assert!(d.message.contains("`use=later`: `use` is `immediate`, `reference` or `full`"), "{}", d.message);
    assert!(!d.message.contains("validators reject"), "{}", d.message);
    let (d, text) = one("User-agent: *\nContent-Signals: ai-train=no\nAllow: /\n", K::UsageKeyMisspelt);
    assert_eq!((text.as_str(), d.help.as_deref()), ("Content-Signals", Some("write `Content-Signal`")));
    let (d, _) = one("User-agent: *\nContentUsage: / train-ai=n\nAllow: /\n", K::UsageKeyMisspelt);
    assert_eq!(d.help.as_deref(), Some("write `Content-Usage`"));
}

#[test]
fn content_usage_lines() {
    let usage = |line: &str| {
        let file = format!("User-agent: *\nAllow: /\n{line}\n");
        lint(file.as_bytes())
            .into_iter()
            .filter(|d| d.kind == K::ContentUsageInvalid)
            .map(|d| d.message)
            .collect::<Vec<_>>()
    };
    assert!(usage("Content-Usage: / train-ai=n, search=y").is_empty());
    // draft-ietf-aipref-attach-05: the path may be absent; a value that does not start with `/` has none.
    assert!(usage("Content-Usage: train-ai=n").is_empty());
    assert!(usage("Content-Usage: infer-user=n, train-ai=y").is_empty(), "unknown labels are not errors");
    assert!(usage("Content-Usage: *.pdf train-ai=n")[0].contains("starts with `*` has no path"));
    assert!(usage("Content-Usage: / Train-AI=n")[0].contains("case-sensitive"));
    assert!(usage("Content-Usage: / train-ai=n search=y")[0].contains("not a valid Structured Fields dictionary"));
    let outside = lint(b"Content-Usage: / train-ai=n\nUser-agent: *\nAllow: /\n");
    assert!(outside.iter().any(|d| d.kind == K::ContentUsageInvalid && d.message.contains("applies to no crawler")));
}

/// Issue 13: each line that only Google reads as written gets "RFC 9309 crawlers ignore this line" (RFC 9309
/// section 2.2: keys are exactly `user-agent`, `allow` and `disallow`, followed by `:`; a user agent is a
/// product token or `*`).
#[test]
fn lines_only_google_reads() {
    let file = "User-agent: *\nDissallow: /a\nDisallowed: /b\nDisallow /c\nDisallow : /d\n\n\
                User-agent: Googlebot/2.1\nUser-agent: * FooBot\nDisallow: /e\n";
    let got: Vec<(usize, String)> = lint(file.as_bytes())
        .into_iter()
        .filter(|d| d.kind == K::Rfc9309IgnoresLine)
        .map(|d| (d.line, d.message))
        .collect();
    let want = [
        (2, "RFC 9309 crawlers ignore this line: its key is not exactly `Disallow`, which Google accepts"),
        (3, "RFC 9309 crawlers ignore this line: its key is not exactly `Disallow`, which Google accepts"),
        (4, "RFC 9309 crawlers ignore this line: the key is not followed by `:`"),
        (
            7,
            "RFC 9309 crawlers ignore this line: `Googlebot/2.1` is neither a product token (letters, `-` and `_`) \
             nor `*`, so it names no crawler (Google reads it as `Googlebot`)",
        ),
        (
            8,
            "RFC 9309 crawlers ignore this line: `* FooBot` is neither a product token (letters, `-` and `_`) nor \
             `*`, so it names no crawler (Google reads it as `*`)",
        ),
    ];
    // `Disallow : /d` (line 5) is RFC syntax: `*WS ":"` allows space before the colon.
    assert_eq!(got, want.map(|(l, m)| (l, m.to_string())));
    let (d, text) = one("User-agent: *\nDisallow /c\n", K::Rfc9309IgnoresLine);
    assert_eq!((d.severity, text.as_str()), (Severity::Info, "Disallow /c"));
    assert_eq!(d.help.as_deref(), Some("write `Disallow: /c`"));
    // RFC syntax in any ASCII case draws nothing.
    check("USER-AGENT: FooBot\nallow: /a\nDISALLOW: /\n", &[]);
}

/// Issue 13: a file whose verdicts differ between Google and RFC 9309 for paths drawn from its rules.
#[test]
fn google_and_rfc9309_disagree() {
    let (d, text) = one("User-agent: *\nDisallow /private\n", K::ProfilesDisagree);
    assert_eq!((d.line, d.severity, text.as_str()), (2, Severity::Warning, "Disallow /private"));
    assert_eq!(
        d.message,
        "Google and RFC 9309 crawlers read this file differently: for `Any-Other-Crawler`, `/private` is \
         disallowed for Google (line 2) and allowed for RFC 9309 crawlers (no rule decides); 1 of the 2 agent and \
         path pairs drawn from the file differ"
    );
    // The index.html rule is Google's: RFC 9309 disallows `/d/`.
    let (d, _) = one("User-agent: *\nDisallow: /d/\nAllow: /d/index.html\n", K::ProfilesDisagree);
    assert!(
        d.message.contains("`/d/` is allowed for Google (line 3) and disallowed for RFC 9309 crawlers (line 2)"),
        "{}",
        d.message
    );
    // Percent-escapes of unreserved characters: Google compares them as written, RFC 9309 decodes them.
    let (d, _) = one("User-agent: *\nDisallow: /%7Ejoe/\nAllow: /~joe/\n", K::ProfilesDisagree);
    assert!(
        d.message.contains("`/%7Ejoe/` is disallowed for Google (line 2) and allowed for RFC 9309 crawlers (line 3)"),
        "{}",
        d.message
    );
    check("User-agent: *\nDisallow: /private\nAllow: /private/press\n", &[]);
}

/// Google's matcher (PyPI `jwm.robotstxt` 1.0.8) confirms each case: `Disallow: /page1` after the final
/// `Sitemap:` line disallows /page1 for GPTBot (line 5) and allows it for other crawlers; a rule after a blank
/// line and a `Crawl-delay` line stays in its group too.
#[test]
fn rules_after_a_sitemap_line_join_the_group_above() {
    let body = "User-agent: GPTBot\nDisallow: /gpt\n\nSitemap: https://a.com/s.xml\nDisallow: /page1\n";
    check(body, &[(5, K::RuleJoinsGroup)]);
    let robots = Robots::parse(body);
    assert_eq!(robots.decide(&["GPTBot"][..], "https://a.com/page1"), (false, 5));
    assert_eq!(robots.decide(&["Other"][..], "https://a.com/page1"), (true, 0));
    let (d, text) = one(body, K::RuleJoinsGroup);
    assert_eq!((text.as_str(), d.severity), ("/page1", Severity::Warning));
    assert!(d.message.contains("after a `Sitemap:` line, but it still belongs to the group for GPTBot"), "{d:?}");
    check(
        "User-agent: a\nDisallow: /x\n\nCrawl-delay: 5\nDisallow: /y\n",
        &[(4, K::UnsupportedDirective), (5, K::RuleJoinsGroup)],
    );
    // Rules of one group separated only by blank lines, or by a usage line without a blank line, are not flagged.
    check("User-agent: *\nDisallow: /x\n\nDisallow: /y\n", &[]);
    check("User-agent: *\nDisallow: /x\nContent-Usage: / train-ai=n\nDisallow: /y\n", &[(3, K::UnsupportedDirective)]);
}

#[test]
fn an_allowlist_is_said_once_as_a_note_without_a_fix_that_blocks() {
    // The shape of github.com's and www.linkedin.com's files: named crawlers get groups that open paths, `*`
    // gets `Disallow: /` (here with one exception, as GitHub's `Allow: /humans.txt`).
    let robots = "User-agent: Googlebot\nAllow: /\nDisallow: /search\n\nUser-agent: bingbot\nAllow: /\n\n\
                  User-agent: *\nAllow: /humans.txt\nDisallow: /\n";
    check(robots, &[(10, K::Allowlist)]);
    let (d, text) = one(robots, K::Allowlist);
    assert_eq!((d.severity, text.as_str(), d.help), (Severity::Info, "/", None));
    assert!(d.message.contains("2 crawlers with groups of their own (bingbot, Googlebot)"), "{}", d.message);
    // `Disallow: /*` blocks everything too; an `Allow: /` in a `*` group ties it, so that is no allowlist.
    check("User-agent: a\nAllow: /x\n\nUser-agent: *\nDisallow: /*\n", &[(5, K::Allowlist)]);
    check(
        "User-agent: a\nAllow: /x\n\nUser-agent: *\nDisallow: /\nAllow: /\n",
        &[(1, K::GlobalRulesIgnored), (6, K::AllowDisallowConflict)],
    );
}

#[test]
fn an_allowlist_keeps_the_warning_where_the_star_group_holds_rules_the_crawler_still_needs() {
    // The `*` group also keeps everyone out of /admin/ (said beside the blanket rule); Googlebot's group opens
    // everything, /admin/ included, so it plausibly still needs that rule. bingbot's group keeps /admin/ out.
    let robots = "User-agent: Googlebot\nAllow: /\n\nUser-agent: bingbot\nDisallow: /admin/\n\n\
                  User-agent: *\nDisallow: /admin/\nDisallow: /\n";
    check(robots, &[(1, K::GlobalRulesIgnored), (9, K::Allowlist)]);
    let (d, _) = one(robots, K::GlobalRulesIgnored);
    assert!(d.message.contains("at the paths of line 8"), "{}", d.message);
    let help = d.help.unwrap();
    assert!(help.starts_with("repeat line 8 in its group") && help.contains("not line 9"), "{help}");
    // An exception of the `*` group that the named group closes: still needed too.
    check(
        "User-agent: a\nAllow: /\nDisallow: /humans.txt\n\nUser-agent: *\nAllow: /humans.txt\nDisallow: /\n",
        &[(1, K::GlobalRulesIgnored)],
    );
}
