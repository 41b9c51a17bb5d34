//! Hand-written cases for every section of `SPEC.md`, one module per section.
//!
//! Each expected value comes from the SPEC text, not from running the engine. A case where the engine and
//! the SPEC disagree is kept, asserting the SPEC, and marked `#[ignore = "BUG: ..."]` until the core is fixed.

use robotscope::{
    crawler, escape_pattern, fetch_outcome, governs, is_valid_agent, key_kind, normalize_url, path_of, pattern_matches,
    product_token, robots_url, token_from_user_agent, Agents, FetchOutcome, Governs, KeyKind, LineMetadata, Robots,
    RuleKind, Scope, Tag, UrlError, Verdict, CRAWLERS, GOOGLE_SIZE_LIMIT, MAX_LINE_LEN,
};

// ---------------------------------------------------------------------------------------------------------
// Helpers shared by all sections.
// ---------------------------------------------------------------------------------------------------------

/// Parses `robots` and answers for `agents` on `url`: (allowed, deciding line).
///
/// Every path to the answer must agree: `decide`, `is_allowed` and the explained `check`.
fn verdict<A: Agents + ?Sized>(robots: impl AsRef<[u8]>, agents: &A, url: &str) -> (bool, usize) {
    let r = Robots::parse(robots);
    let decided = r.decide(agents, url);
    let checked = r.check(agents, url);
    assert_eq!((checked.allowed, checked.line), decided, "check() and decide() disagree on {url:?}");
    assert_eq!(r.is_allowed(agents, url), decided.0, "is_allowed() and decide() disagree on {url:?}");
    decided
}

/// Only the allowed/disallowed half of [`verdict`].
fn allowed<A: Agents + ?Sized>(robots: impl AsRef<[u8]>, agents: &A, url: &str) -> bool {
    verdict(robots, agents, url).0
}

/// The explained verdict.
fn check<A: Agents + ?Sized>(robots: impl AsRef<[u8]>, agents: &A, url: &str) -> Verdict {
    Robots::parse(robots).check(agents, url)
}

/// The matching rules of a verdict as (line, kind, priority), in the order the verdict lists them.
fn matches_of(v: &Verdict) -> Vec<(usize, RuleKind, usize)> {
    v.matches.iter().map(|m| (m.line, m.kind, m.priority)).collect()
}

/// A directive as the tokenizer saw it: kind, key and value bytes.
type Dir = (KeyKind, Vec<u8>, Vec<u8>);

/// The directive and the flags of line `n` of `robots`.
fn line_of(robots: impl AsRef<[u8]>, n: usize) -> (Option<Dir>, LineMetadata) {
    let r = Robots::parse(robots);
    let src = r.source();
    let line = r.lines().find(|l| l.number == n).unwrap_or_else(|| panic!("no line {n}"));
    let dir = line
        .directive
        .map(|d| (d.kind, src[d.key.start..d.key.end].to_vec(), src[d.value.start..d.value.end].to_vec()));
    (dir, line.metadata)
}

/// Builds a flag set from short names.
fn flags(names: &str) -> LineMetadata {
    let mut m = LineMetadata::default();
    for name in names.split_whitespace() {
        match name {
            "empty" => m.is_empty = true,
            "comment" => m.has_comment = true,
            "only_comment" => m.is_comment = true,
            "directive" => m.has_directive = true,
            "typo" => m.is_acceptable_typo = true,
            "too_long" => m.is_line_too_long = true,
            "no_colon" => m.is_missing_colon_separator = true,
            other => panic!("unknown flag {other}"),
        }
    }
    m
}

/// An expected directive: kind, key and value.
type ExpectedDir<'a> = Option<(KeyKind, &'a [u8], &'a [u8])>;

/// Asserts what the tokenizer makes of a one-line file.
fn assert_line(line: &[u8], expected: ExpectedDir<'_>, expected_flags: &str) {
    let (dir, meta) = line_of(line, 1);
    let expected = expected.map(|(k, key, value)| (k, key.to_vec(), value.to_vec()));
    assert_eq!(dir, expected, "directive of {:?}", String::from_utf8_lossy(line));
    assert_eq!(meta, flags(expected_flags), "flags of {:?}", String::from_utf8_lossy(line));
}

/// The normalised patterns of all rules, in file order.
fn patterns(robots: impl AsRef<[u8]>) -> Vec<String> {
    Robots::parse(robots).rules().map(|r| r.pattern_str().into_owned()).collect()
}

fn line_count(robots: impl AsRef<[u8]>) -> usize {
    let r = Robots::parse(robots);
    let numbers: Vec<usize> = r.lines().map(|l| l.number).collect();
    assert_eq!(numbers, (1..=r.line_count()).collect::<Vec<_>>(), "lines() and line_count() disagree");
    r.line_count()
}

fn repeat(s: &str, n: usize) -> String {
    s.repeat(n)
}

// ---------------------------------------------------------------------------------------------------------
// A2: the tokenizer.
// ---------------------------------------------------------------------------------------------------------

mod a2_tokenizer {
    use super::*;
    use KeyKind::{Allow, Disallow, Sitemap, Unknown, UserAgent};

    // --- 2.2 BOM -------------------------------------------------------------------------------------

    #[test]
    fn full_bom_is_removed() {
        let robots = b"\xEF\xBB\xBFUser-Agent: foo\nDisallow: /x";
        assert_eq!(line_of(robots, 1).0, Some((UserAgent, b"User-Agent".to_vec(), b"foo".to_vec())));
        assert_eq!(verdict(robots, "foo", "/x"), (false, 2));
    }

    #[test]
    fn partial_bom_ef_bb_is_removed() {
        let robots = b"\xEF\xBBUser-Agent: foo\nDisallow: /x";
        assert_eq!(line_of(robots, 1).0, Some((UserAgent, b"User-Agent".to_vec(), b"foo".to_vec())));
        assert_eq!(verdict(robots, "foo", "/x"), (false, 2));
    }

    #[test]
    fn partial_bom_ef_is_removed() {
        let robots = b"\xEFUser-Agent: foo\nDisallow: /x";
        assert_eq!(line_of(robots, 1).0, Some((UserAgent, b"User-Agent".to_vec(), b"foo".to_vec())));
        assert_eq!(verdict(robots, "foo", "/x"), (false, 2));
    }

    #[test]
    fn broken_bom_drops_only_the_matching_bytes() {
        let robots = b"\xEF\x11\xBFUser-Agent: foo\nDisallow: /x";
        assert_eq!(line_of(robots, 1).0, Some((Unknown, b"\x11\xBFUser-Agent".to_vec(), b"foo".to_vec())));
        // No user-agent line, so the rule belongs to no group.
        assert_eq!(verdict(robots, "foo", "/x"), (true, 0));
    }

    #[test]
    fn bom_must_start_with_ef() {
        let robots = b"\xBB\xBFUser-agent: a\nDisallow: /";
        assert_eq!(line_of(robots, 1).0, Some((Unknown, b"\xBB\xBFUser-agent".to_vec(), b"a".to_vec())));
    }

    #[test]
    fn only_the_first_bom_is_removed() {
        let robots = b"\xEF\xBB\xBF\xEF\xBB\xBFUser-agent: a\nDisallow: /";
        assert_eq!(line_of(robots, 1).0, Some((Unknown, b"\xEF\xBB\xBFUser-agent".to_vec(), b"a".to_vec())));
        assert_eq!(verdict(robots, "a", "/x"), (true, 0));
    }

    #[test]
    fn bom_after_the_start_is_content() {
        let robots = b"User-Agent: foo\n\xEF\xBB\xBFAllow: /x";
        assert_eq!(line_of(robots, 2).0, Some((Unknown, b"\xEF\xBB\xBFAllow".to_vec(), b"/x".to_vec())));
    }

    #[test]
    fn partial_bom_then_newline_leaves_an_empty_first_line() {
        let robots = b"\xEF\xBB\nUser-agent: a\nDisallow: /";
        assert_eq!(line_of(robots, 1), (None, flags("empty")));
        assert_eq!(line_of(robots, 2).0, Some((UserAgent, b"User-agent".to_vec(), b"a".to_vec())));
        assert_eq!(verdict(robots, "a", "/x"), (false, 3));
    }

    #[test]
    fn bom_bytes_do_not_count_toward_the_line_limit() {
        // 16 663 bytes after the BOM: kept whole.
        let mut robots = b"\xEF\xBB\xBF".to_vec();
        robots.extend_from_slice(format!("Disallow: /{}", repeat("a", MAX_LINE_LEN - 11)).as_bytes());
        let (dir, meta) = line_of(&robots, 1);
        assert!(!meta.is_line_too_long);
        assert_eq!(dir.unwrap().2.len(), 16_653);
    }

    // --- 2.3 line splitting ---------------------------------------------------------------------------

    #[test]
    fn a_final_line_is_always_emitted() {
        assert_eq!(line_count(""), 1);
        assert_eq!(line_count("\n"), 2);
        assert_eq!(line_count("a\n"), 2);
        assert_eq!(line_count("\r\n"), 2);
        assert_eq!(line_count("\r"), 2);
        assert_eq!(line_count("a"), 1);
    }

    #[test]
    fn crlf_is_one_terminator_but_lfcr_and_crcrlf_are_two() {
        assert_eq!(line_count("\n\r"), 3);
        assert_eq!(line_count("\r\r\n"), 3);
        assert_eq!(line_count("a\r\r\nb"), 3);
        assert_eq!(line_count("a\n\rb"), 3);
        assert_eq!(line_count("a\r\n\r\nb"), 3);
        assert_eq!(line_count("\r\n\r\n"), 3);
        assert_eq!(line_count("\n\n"), 3);
        assert_eq!(line_count("\r\r"), 3);
    }

    #[test]
    fn line_numbers_after_cr_combinations() {
        assert_eq!(verdict("User-agent: a\r\r\nDisallow: /", "a", "/x"), (false, 3));
        assert_eq!(verdict("User-agent: a\n\rDisallow: /", "a", "/x"), (false, 3));
        assert_eq!(verdict("User-agent: a\r\n\r\nDisallow: /", "a", "/x"), (false, 3));
        assert_eq!(verdict("User-agent: a\rDisallow: /", "a", "/x"), (false, 2));
        assert_eq!(verdict("User-agent: a\r\nDisallow: /", "a", "/x"), (false, 2));
    }

    #[test]
    fn mixed_line_endings() {
        let robots = "User-Agent: foo\nAllow: /some/path\r\nUser-Agent: bar\n\r\n\nDisallow: /";
        assert_eq!(line_count(robots), 6);
        assert_eq!(line_of(robots, 6).0, Some((Disallow, b"Disallow".to_vec(), b"/".to_vec())));
        assert_eq!(verdict(robots, "bar", "/x"), (false, 6));
    }

    // --- 2.4 line length ------------------------------------------------------------------------------

    #[test]
    fn max_line_len_is_16663() {
        assert_eq!(MAX_LINE_LEN, 16_663);
    }

    #[test]
    fn line_of_exactly_16663_bytes_is_kept_whole() {
        let line = format!("Disallow: /{}", repeat("a", 16_652));
        assert_eq!(line.len(), 16_663);
        let (dir, meta) = line_of(&line, 1);
        assert_eq!(meta, flags("directive"));
        assert_eq!(dir.unwrap().2.len(), 16_653);
    }

    #[test]
    fn line_of_16664_bytes_is_cut_and_flagged() {
        let line = format!("Disallow: /{}", repeat("a", 16_653));
        assert_eq!(line.len(), 16_664);
        let (dir, meta) = line_of(&line, 1);
        assert_eq!(meta, flags("directive too_long"));
        assert_eq!(dir.unwrap().2.len(), 16_653);
    }

    #[test]
    fn line_of_20000_bytes_is_cut_and_the_next_line_starts_fresh() {
        let robots = format!("Disallow: /{}\r\nAllow: /b", repeat("a", 20_000 - 11));
        let (dir, meta) = line_of(&robots, 1);
        assert_eq!(meta, flags("directive too_long"));
        assert_eq!(dir.unwrap().2.len(), 16_653);
        assert_eq!(line_of(&robots, 2), (Some((Allow, b"Allow".to_vec(), b"/b".to_vec())), flags("directive")));
    }

    #[test]
    fn cut_line_is_still_used_as_a_rule() {
        let robots = format!("User-agent: *\nDisallow: /{}", repeat("a", 20_000));
        let kept = format!("/{}", repeat("a", 16_652));
        assert_eq!(patterns(&robots), vec![kept.clone()]);
        // The rule is the cut prefix, so a URL that matches only the prefix is disallowed.
        assert_eq!(verdict(&robots, "x", &format!("http://e.com{kept}")), (false, 2));
        assert_eq!(verdict(&robots, "x", &format!("http://e.com{}", &kept[..kept.len() - 1])), (true, 0));
    }

    #[test]
    fn comment_beyond_the_cut_is_lost() {
        let line = format!("Disallow: /{}#x", repeat("a", 16_652));
        let (dir, meta) = line_of(&line, 1);
        assert_eq!(meta, flags("directive too_long"));
        assert_eq!(dir.unwrap().2.len(), 16_653);
    }

    #[test]
    fn upstream_line_too_long() {
        // `disallow: /x/aaa…a/qux`, 16 666 bytes: cut after the `/` of `/qux`.
        let a = repeat("a", 16_649);
        let line = format!("disallow: /x/{a}/qux");
        assert_eq!(line.len(), 16_666);
        let robots = format!("user-agent: FooBot\n{line}\n");
        assert_eq!(patterns(&robots), vec![format!("/x/{a}/")]);
        assert_eq!(verdict(&robots, "FooBot", &format!("http://foo.bar/x/{a}/fux")), (false, 2));
    }

    #[test]
    fn non_directive_line_can_be_too_long() {
        assert_line(repeat("a", 20_000).as_bytes(), None, "too_long");
    }

    // --- 2.5 NUL bytes --------------------------------------------------------------------------------

    #[test]
    fn nul_truncates_the_line() {
        let robots = b"User-agent: *\nDisallow: /a\0bc #x";
        assert_eq!(line_of(robots, 2), (Some((Disallow, b"Disallow".to_vec(), b"/a".to_vec())), flags("directive")));
        assert_eq!(verdict(robots, "x", "/ax"), (false, 2));
    }

    #[test]
    fn nul_before_the_colon_leaves_no_directive() {
        assert_line(b"Disallow\0: /x", None, "");
    }

    #[test]
    fn read_span_stops_at_nul_after_a_comment() {
        let r = Robots::parse(b"#:\0x\n");
        let line = r.lines().next().unwrap();
        assert_eq!((line.read.start, line.read.end), (0, 2));
    }

    #[test]
    fn bytes_after_a_nul_still_count_toward_the_limit() {
        let mut line = b"Disallow: /a\0".to_vec();
        line.extend(std::iter::repeat_n(b'b', 16_651));
        assert_eq!(line.len(), 16_664);
        assert_line(&line, Some((Disallow, b"Disallow", b"/a")), "directive too_long");
    }

    // --- 2.6 per-line processing ----------------------------------------------------------------------

    #[test]
    fn hash_starts_a_comment_anywhere() {
        assert_line(b"Disallow: /foo/quz#qux", Some((Disallow, b"Disallow", b"/foo/quz")), "directive comment");
        assert_eq!(verdict("User-agent: *\nDisallow: /a#b", "x", "/a"), (false, 2));
    }

    #[test]
    fn only_ascii_whitespace_is_trimmed() {
        assert_line(b"Disallow:\xC2\xA0/x", Some((Disallow, b"Disallow", b"\xC2\xA0/x")), "directive");
        assert_eq!(patterns(b"User-agent: *\nDisallow:\xC2\xA0/x"), vec!["%C2%A0/x"]);
    }

    #[test]
    fn comment_empty_and_blank_lines() {
        assert_line(b"#", None, "comment only_comment");
        assert_line(b"   # x", None, "comment only_comment");
        assert_line(b"", None, "empty");
        assert_line(b" \t\x0B\x0C ", None, "empty");
        assert_line(b"Error #and comment", None, "comment");
    }

    #[test]
    fn per_line_examples() {
        let cases: &[(&[u8], ExpectedDir<'_>, &str)] = &[
            (b"user-agent: FooBot", Some((UserAgent, b"user-agent", b"FooBot")), "directive"),
            (b"Disallow:/x", Some((Disallow, b"Disallow", b"/x")), "directive"),
            (b"Disallow :  /x  ", Some((Disallow, b"Disallow", b"/x")), "directive"),
            (b"Disallow:", Some((Disallow, b"Disallow", b"")), "directive"),
            (b"Disallow: # nothing", Some((Disallow, b"Disallow", b"")), "directive comment"),
            (b"\x0B\x0CDisallow:\x0B/x\x0C", Some((Disallow, b"Disallow", b"/x")), "directive"),
            (b"user-agent FooBot", Some((UserAgent, b"user-agent", b"FooBot")), "directive no_colon"),
            (b"Disallow\t/x", Some((Disallow, b"Disallow", b"/x")), "directive no_colon"),
            (b"Disallow \t /x", Some((Disallow, b"Disallow", b"/x")), "directive no_colon"),
            (b"Disallow\x0B/x", None, ""),
            (b"Disallow /x /y", None, ""),
            (b"user agent x", None, ""),
            (b"useragent x", Some((UserAgent, b"useragent", b"x")), "directive typo no_colon"),
            (b"a b", Some((Unknown, b"a", b"b")), "directive no_colon"),
            (b"a", None, ""),
            (b"absolutely random line", None, ""),
            (b": foo", None, ""),
            (b"User-agent:foo:bar", Some((UserAgent, b"User-agent", b"foo:bar")), "directive"),
            (b"User-Agent bar # no", Some((UserAgent, b"User-Agent", b"bar")), "directive comment no_colon"),
        ];
        for &(line, expected, f) in cases {
            assert_line(line, expected, f);
        }
    }

    #[test]
    fn first_colon_splits_even_in_missing_colon_lines() {
        // `Disallow /a:b`: the key is `Disallow /a`, which still starts with "disallow".
        assert_line(b"Disallow /a:b", Some((Disallow, b"Disallow /a", b"b")), "directive");
        assert_eq!(verdict("User-agent: *\nDisallow /a:b", "x", "/a"), (true, 0));
        assert_eq!(verdict("User-agent: *\nDisallow /a:b", "x", "/b"), (true, 0)); // `b` never matches
        assert_line(b"Sitemap http://e.com/s.xml", Some((Sitemap, b"Sitemap http", b"//e.com/s.xml")), "directive");
    }

    // --- 2.7 key recognition --------------------------------------------------------------------------

    #[test]
    fn correct_keys_and_typos() {
        let cases: &[(&str, KeyKind, bool)] = &[
            ("user-agent", UserAgent, false),
            ("useragent", UserAgent, true),
            ("user agent", UserAgent, true),
            ("allow", Allow, false),
            ("disallow", Disallow, false),
            ("dissallow", Disallow, true),
            ("dissalow", Disallow, true),
            ("disalow", Disallow, true),
            ("diasllow", Disallow, true),
            ("disallaw", Disallow, true),
            ("sitemap", Sitemap, false),
            ("site-map", Sitemap, true),
        ];
        for &(key, kind, typo) in cases {
            assert_eq!(key_kind(key.as_bytes()), (kind, typo), "{key}");
        }
    }

    #[test]
    fn keys_match_by_prefix() {
        let cases: &[(&str, KeyKind, bool)] = &[
            ("Disallowed", Disallow, false),
            ("user-agentX", UserAgent, false),
            ("Allowance", Allow, false),
            ("sitemaps", Sitemap, false),
            ("SITE-MAPS", Sitemap, true),
            ("DISSALLOW", Disallow, true),
        ];
        for &(key, kind, typo) in cases {
            assert_eq!(key_kind(key.as_bytes()), (kind, typo), "{key}");
        }
        assert_eq!(verdict("User-agent: *\nDisallowed: /x", "a", "/x"), (false, 2));
        assert_eq!(verdict("user-agentX: a\nDisallow: /x", "a", "/x"), (false, 2));
        assert_eq!(verdict("User-agent: *\nDisallow: /\nAllowance: /x", "a", "/x"), (true, 3));
    }

    #[test]
    fn unknown_keys() {
        for key in ["User_agent", "Dis allow", "alow", "Crawl-delay", "Host", "Noindex", "Clean-param", "agent", ""] {
            assert_eq!(key_kind(key.as_bytes()), (Unknown, false), "{key}");
        }
        // There is no typo for allow.
        assert_eq!(verdict("User-agent: *\nDisallow: /\nAlow: /x", "a", "/x"), (false, 2));
    }

    #[test]
    fn keys_ignore_ascii_case() {
        for (key, kind) in
            [("USER-AGENT", UserAgent), ("uSeR-aGeNt", UserAgent), ("AlLoW", Allow), ("dIsAlLoW", Disallow)]
        {
            assert_eq!(key_kind(key.as_bytes()), (kind, false), "{key}");
        }
    }

    #[test]
    fn unknown_key_is_kept_as_written() {
        assert_line(b"  Crawl-Delay : 5 ", Some((Unknown, b"Crawl-Delay", b"5")), "directive");
    }

    // --- 2.8 value normalisation by key type ----------------------------------------------------------

    #[test]
    fn user_agent_and_sitemap_values_are_not_escaped() {
        let r = Robots::parse(b"User-agent: B\xC3\xA9t%aa\nSitemap: http://e/\xC3\xA9%aa\nDisallow: /\xC3\xA9%aa");
        let g = r.group(0).unwrap();
        assert_eq!(g.agents().next().unwrap().value, b"B\xC3\xA9t%aa");
        assert_eq!(r.sitemaps().next().unwrap().url, b"http://e/\xC3\xA9%aa");
        assert_eq!(r.rules().next().unwrap().pattern, b"/%C3%A9%AA");
    }

    #[test]
    fn unknown_values_are_escaped_like_rules() {
        let (dir, _) = line_of(b"Foo: /\xC3\xA9%aa", 1);
        let (kind, _, value) = dir.unwrap();
        assert_eq!(kind, Unknown);
        assert_eq!(escape_pattern(&value), "/%C3%A9%AA");
    }

    // --- 2.9 metadata ---------------------------------------------------------------------------------

    #[test]
    fn unknown_keys_have_a_directive() {
        assert_line(b"Crawl-delay: 10", Some((Unknown, b"Crawl-delay", b"10")), "directive");
    }

    #[test]
    fn typo_flag_only_on_directive_lines() {
        assert_line(b"useragent", None, "");
        assert_line(b"dissallow", None, "");
        assert_line(b"dissallow: /x", Some((Disallow, b"dissallow", b"/x")), "directive typo");
    }
}

// ---------------------------------------------------------------------------------------------------------
// A3: value escaping.
// ---------------------------------------------------------------------------------------------------------

mod a3_escaping {
    use super::*;

    #[test]
    fn escape_table() {
        let cases: &[(&[u8], &str)] = &[
            (b"%aa", "%AA"),
            (b"%c3%a9", "%C3%A9"),
            (b"%aA", "%AA"),
            (b"\xC3\xA1", "%C3%A1"),
            (b"\xFF", "%FF"),
            (b"%", "%"),
            (b"%4", "%4"),
            (b"%4g", "%4g"),
            (b"%4G", "%4G"),
            (b"%%41", "%%41"),
            (b"%zz", "%zz"),
            (b"100%", "100%"),
            (b"/a b", "/a b"),
            (b"\xC3\xA9%2f", "%C3%A9%2F"),
            (b"/SanJos\xC3\xA9Sellers", "/SanJos%C3%A9Sellers"),
            (b"/a*b$?\"'", "/a*b$?\"'"),
            (b"%62%61%7A", "%62%61%7A"),
            (b"/A%2fB", "/A%2FB"),
            (b"", ""),
        ];
        for &(input, expected) in cases {
            assert_eq!(escape_pattern(input), expected, "{:?}", String::from_utf8_lossy(input));
        }
    }

    #[test]
    fn escape_stops_at_nul() {
        assert_eq!(escape_pattern(b"/a\0\xC3\xA9"), "/a");
    }

    #[test]
    fn rules_are_escaped_when_parsed() {
        assert_eq!(
            patterns(b"User-agent: *\nDisallow: /%aa\nAllow: /caf\xC3\xA9\nDisallow: /100%"),
            vec!["/%AA", "/caf%C3%A9", "/100%"]
        );
    }

    #[test]
    fn escapes_are_not_decoded() {
        let robots = "User-agent: *\nDisallow: /%62%61%7A";
        assert_eq!(verdict(robots, "x", "/baz"), (true, 0));
        assert_eq!(verdict(robots, "x", "/%62%61%7A"), (false, 2));
    }

    #[test]
    fn url_is_never_normalised() {
        let robots = "User-agent: *\nDisallow: /%aa";
        assert_eq!(verdict(robots, "x", "/%aa"), (true, 0));
        assert_eq!(verdict(robots, "x", "/%AA"), (false, 2));
        let robots = "User-agent: *\nDisallow: /ツ";
        assert_eq!(verdict(robots, "x", "/ツ"), (true, 0));
        assert_eq!(verdict(robots, "x", "/%E3%83%84"), (false, 2));
    }

    #[test]
    fn matching_is_case_sensitive_on_the_value() {
        let robots = "User-agent: *\nDisallow: /Private";
        assert_eq!(verdict(robots, "x", "/private"), (true, 0));
        assert_eq!(verdict(robots, "x", "/Private"), (false, 2));
    }
}

// ---------------------------------------------------------------------------------------------------------
// A4: groups and user agents.
// ---------------------------------------------------------------------------------------------------------

mod a4_groups {
    use super::*;

    // --- 4.1 user-agent lines -------------------------------------------------------------------------

    #[test]
    fn star_alone_or_followed_by_whitespace_is_global() {
        for header in ["*", "* FooBot", "*\tfoo", "*\x0Bfoo", "*\x0Cfoo", "*#c", "*  "] {
            let robots = format!("User-agent: {header}\nDisallow: /");
            assert_eq!(verdict(&robots, "Other", "/x"), (false, 2), "{header:?}");
            assert!(Robots::parse(&robots).group(0).unwrap().is_global(), "{header:?}");
        }
    }

    #[test]
    fn word_after_star_space_is_ignored() {
        let robots = "User-agent: * FooBot\nDisallow: /\nUser-agent: Bar\nDisallow: /bar";
        let v = check(robots, "FooBot", "/x");
        assert_eq!(v.scope, Scope::Global);
        assert_eq!((v.allowed, v.line), (false, 2));
    }

    #[test]
    fn star_glued_to_a_word_is_not_global_and_its_token_is_empty() {
        let robots = "User-agent: *FooBot\nDisallow: /";
        assert_eq!(verdict(robots, "Other", "/x"), (true, 0));
        assert_eq!(verdict(robots, "FooBot", "/x"), (true, 0));
        assert_eq!(verdict(robots, "", "/x"), (false, 2));
        let r = Robots::parse(robots);
        let agent = r.group(0).unwrap().agents().next().unwrap();
        assert!(!agent.global);
        assert_eq!(agent.token, b"");
    }

    #[test]
    fn product_token_table() {
        let cases = [
            ("Googlebot/2.1", "Googlebot"),
            ("Googlebot2", "Googlebot"),
            ("Foo Bar", "Foo"),
            ("Foo.Bar", "Foo"),
            ("Foo-Bar_Baz", "Foo-Bar_Baz"),
            ("*FooBot", ""),
            ("123", ""),
            ("", ""),
            ("Bét", "B"),
            ("/x", ""),
        ];
        for (value, token) in cases {
            assert_eq!(product_token(value), token, "{value:?}");
        }
    }

    #[test]
    fn robots_side_value_is_reduced_to_its_token() {
        for header in ["Googlebot/2.1", "Googlebot2", "Googlebot 2", "Googlebot.com", "googlebot (compatible)"] {
            let robots = format!("User-agent: {header}\nDisallow: /");
            assert_eq!(verdict(&robots, "Googlebot", "/x"), (false, 2), "{header:?}");
        }
        let robots = "User-agent: Foo Bar\nDisallow: /";
        assert_eq!(verdict(robots, "Foo", "/x"), (false, 2));
        // The caller's agent is compared whole: `Foo Bar` never equals the token `Foo`.
        assert_eq!(verdict(robots, "Foo Bar", "/x"), (true, 0));
        assert_eq!(verdict(b"User-agent: B\xC3\xA9t\nDisallow: /", "B", "/x"), (false, 2));
    }

    #[test]
    fn callers_agent_is_not_reduced() {
        let robots = "User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nDisallow: /private";
        assert_eq!(verdict(robots, "Googlebot/2.1", "/x"), (true, 0));
        assert_eq!(verdict(robots, "Googlebot/2.1", "/private"), (false, 5));
        assert_eq!(check(robots, "Googlebot/2.1", "/x").scope, Scope::Global);
    }

    #[test]
    fn no_prefix_matching_of_agent_names() {
        assert_eq!(verdict("User-agent: Googlebot-News\nDisallow: /", "Googlebot", "/x"), (true, 0));
        assert_eq!(verdict("User-agent: Googlebot\nDisallow: /", "Googlebot-News", "/x"), (true, 0));
    }

    #[test]
    fn agent_names_ignore_ascii_case() {
        assert_eq!(verdict("User-agent: GOOGLEBOT\nDisallow: /", "googlebot", "/x"), (false, 2));
        assert_eq!(verdict("User-agent: googlebot\nDisallow: /", "GoogleBot", "/x"), (false, 2));
    }

    #[test]
    fn empty_caller_agent_matches_empty_tokens() {
        for header in ["", "123", "*FooBot", "/x"] {
            let robots = format!("User-agent: *\nDisallow: /\nUser-agent: {header}\nDisallow: /private");
            // The empty agent has its own group, so `*` is off.
            assert_eq!(verdict(&robots, "", "/public"), (true, 0), "{header:?}");
            assert_eq!(verdict(&robots, "", "/private"), (false, 4), "{header:?}");
            // Any other agent follows `*`.
            assert_eq!(verdict(&robots, "Foo", "/public"), (false, 2), "{header:?}");
        }
    }

    #[test]
    fn caller_star_is_just_a_name() {
        let robots = "User-agent: *\nDisallow: /\nUser-agent: Foo\nAllow: /";
        let v = check(robots, "*", "/x");
        assert_eq!(v.scope, Scope::Global);
        assert_eq!((v.allowed, v.line), (false, 2));
    }

    // --- 4.2 allow/disallow lines ---------------------------------------------------------------------

    #[test]
    fn rules_before_any_user_agent_are_ignored() {
        let robots = "Disallow: /\nUser-agent: *\nDisallow: /private";
        assert_eq!(verdict(robots, "x", "/public"), (true, 0));
        assert_eq!(verdict(robots, "x", "/private"), (false, 3));
        assert_eq!(Robots::parse(robots).rules().next().unwrap().group, None);
    }

    #[test]
    fn rules_of_other_agents_are_ignored() {
        let robots = "User-agent: A\nDisallow: /\nUser-agent: B\nDisallow: /b";
        assert_eq!(verdict(robots, "B", "/a"), (true, 0));
        assert_eq!(verdict(robots, "C", "/a"), (true, 0));
    }

    #[test]
    fn header_naming_agent_and_star_is_specific_for_the_agent_and_global_for_others() {
        let robots = "User-agent: *\nUser-agent: A\nDisallow: /a\n\nUser-agent: *\nDisallow: /b";
        // For A the header is specific, so the second `*` group is ignored.
        assert_eq!(verdict(robots, "A", "/a"), (false, 3));
        assert_eq!(verdict(robots, "A", "/b"), (true, 0));
        assert_eq!(check(robots, "A", "/b").scope, Scope::Specific);
        // For others, both `*` groups merge.
        assert_eq!(verdict(robots, "B", "/a"), (false, 3));
        assert_eq!(verdict(robots, "B", "/b"), (false, 6));
    }

    // --- 4.3 other lines are transparent ---------------------------------------------------------------

    #[test]
    fn sitemap_does_not_end_a_group() {
        let robots = "User-agent: BarBot\nSitemap: http://x/s.xml\nUser-agent: *\nDisallow: /";
        assert_eq!(verdict(robots, "BarBot", "/x"), (false, 4));
        assert_eq!(Robots::parse(robots).groups().len(), 1);
    }

    #[test]
    fn unknown_lines_do_not_end_a_group() {
        let robots = "User-agent: BarBot\nInvalid-Unknown-Line: unknown\nUser-agent: *\nDisallow: /";
        assert_eq!(verdict(robots, "BarBot", "/x"), (false, 4));
    }

    #[test]
    fn blank_comment_and_garbage_lines_do_not_end_a_group() {
        let robots = "User-agent: BarBot\n\n# comment\nthis is not a directive\n\nUser-agent: *\nDisallow: /";
        assert_eq!(verdict(robots, "BarBot", "/x"), (false, 7));
        let g = Robots::parse(robots).group(0).unwrap().lines();
        assert_eq!(g, vec![1, 6, 7]);
    }

    #[test]
    fn a_rule_ends_the_group_header() {
        let robots = "User-agent: BarBot\nAllow: /x\nUser-agent: *\nDisallow: /";
        assert_eq!(verdict(robots, "BarBot", "/y"), (true, 0));
        assert_eq!(Robots::parse(robots).groups().len(), 2);
    }

    #[test]
    fn an_empty_rule_ends_the_group_header_too() {
        let robots = "User-agent: BarBot\nDisallow:\nUser-agent: *\nDisallow: /";
        assert_eq!(verdict(robots, "BarBot", "/y"), (true, 2));
    }

    // --- 4.4 is_valid_agent ---------------------------------------------------------------------------

    #[test]
    fn valid_agents() {
        for s in ["Foobot", "Foobot-Bar", "Foo_Bar", "-_-"] {
            assert!(is_valid_agent(s), "{s:?}");
        }
        for s in ["", "ツ", "Foobot*", " Foobot ", "Foobot/2.1", "Foobot Bar", "Googlebot2"] {
            assert!(!is_valid_agent(s), "{s:?}");
        }
    }

    // --- 4.5 merging and the own-group switch ---------------------------------------------------------

    #[test]
    fn groups_for_the_same_agent_merge() {
        let robots = "User-agent: A\nDisallow: /a\n\nUser-agent: B\nDisallow: /b\n\nUser-agent: A\nDisallow: /c";
        assert_eq!(verdict(robots, "A", "/a"), (false, 2));
        assert_eq!(verdict(robots, "A", "/c"), (false, 8));
        assert_eq!(verdict(robots, "A", "/b"), (true, 0));
    }

    #[test]
    fn all_star_groups_merge() {
        let robots = "User-agent: *\nDisallow: /a\nUser-agent: B\nDisallow: /b\nUser-agent: *\nDisallow: /c";
        assert_eq!(verdict(robots, "X", "/a"), (false, 2));
        assert_eq!(verdict(robots, "X", "/c"), (false, 6));
        assert_eq!(verdict(robots, "X", "/b"), (true, 0));
    }

    #[test]
    fn own_group_without_rules_switches_star_off() {
        let robots = "User-agent: *\nDisallow: /\nUser-agent: A";
        assert_eq!(verdict(robots, "A", "/x"), (true, 0));
        assert_eq!(verdict(robots, "B", "/x"), (false, 2));
    }

    #[test]
    fn own_group_with_only_empty_disallow_switches_star_off() {
        let robots = "User-agent: *\nDisallow: /\n\nUser-agent: A\nDisallow:";
        assert_eq!(verdict(robots, "A", "/x"), (true, 5));
    }

    #[test]
    fn own_group_whose_rules_do_not_match_switches_star_off() {
        let robots = "User-agent: *\nDisallow: /\n\nUser-agent: A\nDisallow: /private";
        assert_eq!(verdict(robots, "A", "/public"), (true, 0));
        assert_eq!(verdict(robots, "A", "/private"), (false, 5));
    }

    #[test]
    fn own_group_before_star_group_also_switches_it_off() {
        let robots = "User-agent: A\nAllow: /a\n\nUser-agent: *\nDisallow: /";
        assert_eq!(verdict(robots, "a", "/x"), (true, 0));
    }

    // --- 4.6 several agents -------------------------------------------------------------------------

    #[test]
    fn agents_are_pooled_not_ored() {
        let robots = "User-agent: A\nDisallow: /b\nUser-agent: B\nAllow: /";
        assert_eq!(verdict(robots, &["A", "B"], "/b"), (false, 2));
        assert_eq!(verdict(robots, "B", "/b"), (true, 4));
    }

    #[test]
    fn pooled_disallow_root_beats_empty_disallow() {
        let robots = "User-agent: A\nDisallow: /\nUser-agent: B\nDisallow:";
        assert!(!allowed(robots, &["A", "B"], "/x"));
    }

    #[test]
    fn pooled_tie_goes_to_allow() {
        let robots = "User-agent: A\nDisallow: /\nUser-agent: B\nAllow: /";
        assert_eq!(verdict(robots, &["A", "B"], "/x"), (true, 4));
    }

    #[test]
    fn empty_agent_list_sees_only_star() {
        let robots = "User-agent: A\nAllow: /\n\nUser-agent: *\nDisallow: /";
        let none: &[&str] = &[];
        assert_eq!(verdict(robots, none, "/x"), (false, 5));
        assert_eq!(check(robots, none, "/x").scope, Scope::Global);
    }

    #[test]
    fn agent_lists_of_owned_strings() {
        let robots = "User-agent: A\nDisallow: /b\nUser-agent: B\nAllow: /";
        let list = vec![String::from("A"), String::from("B")];
        assert_eq!(verdict(robots, &list, "/b"), (false, 2));
    }
}

// ---------------------------------------------------------------------------------------------------------
// A5: matching.
// ---------------------------------------------------------------------------------------------------------

mod a5_matching {
    use super::*;

    // --- 5.1 URL to path ------------------------------------------------------------------------------

    #[test]
    fn path_of_upstream_expectations() {
        let cases = [
            ("", "/"),
            ("http://www.example.com", "/"),
            ("http://www.example.com/", "/"),
            ("http://www.example.com/a", "/a"),
            ("http://www.example.com/a/", "/a/"),
            ("http://www.example.com/a/b?c=http://d.e/", "/a/b?c=http://d.e/"),
            ("http://www.example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f"),
            ("example.com", "/"),
            ("example.com/", "/"),
            ("example.com/a", "/a"),
            ("example.com/a/", "/a/"),
            ("example.com/a/b?c=d&e=f#fragment", "/a/b?c=d&e=f"),
            ("a", "/"),
            ("a/", "/"),
            ("/a", "/a"),
            ("a/b", "/b"),
            ("example.com?a", "/?a"),
            ("example.com/a;b#c", "/a;b"),
            ("//a/b/c", "/b/c"),
        ];
        for (url, path) in cases {
            assert_eq!(path_of(url), path, "{url:?}");
        }
    }

    #[test]
    fn path_of_observed_cases() {
        let cases = [
            ("http://a.com?q", "/?q"),
            ("http://a.com;p", "/;p"),
            ("h;x/y", "/;x/y"),
            ("http://a.com#f", "/"),
            ("http://e.com#a/b", "/"),
            ("a#b/c", "/"),
            ("http://a.com/p#f?q", "/p"),
            ("http://h/p?q#f#g", "/p?q"),
            ("http://e.com?#", "/?"),
            ("http://a.com:80/p", "/p"),
            ("http://u:p@h/p", "/p"),
            ("HTTP://A.COM/P", "/P"),
            ("a.com/b?x=http://c", "/b?x=http://c"),
            ("a.com?x=http://c/d", "/?x=http://c/d"),
            ("mailto:x@y.com", "/"),
            ("http:/a/b", "/a/b"),
            ("http:///a", "/a"),
            ("///a", "/a"),
            ("//", "/"),
            ("/", "/"),
            ("?", "/?"),
            (";", "/;"),
            ("#", "/"),
            ("http://", "/"),
            ("://a/b", "/b"),
            ("/a://b/c", "/a://b/c"),
            ("file:///etc/passwd", "/etc/passwd"),
            ("foo://bar://baz/q", "//baz/q"),
            ("a b://c/d", "/d"),
            ("http://h\\p\\q", "/"),
            ("http://h/a/../b", "/a/../b"),
            ("http://h//x", "//x"),
            ("http://a.com/b c", "/b c"),
            ("https://h/%7Ea", "/%7Ea"),
        ];
        for (url, path) in cases {
            assert_eq!(path_of(url), path, "{url:?}");
        }
    }

    #[test]
    fn schemeless_first_segment_is_the_host() {
        let robots = "User-agent: *\nDisallow: /a";
        assert_eq!(verdict(robots, "x", "a/b"), (true, 0));
        assert_eq!(verdict(robots, "x", "/a"), (false, 2));
        assert_eq!(verdict(robots, "x", "x.com/a"), (false, 2));
    }

    #[test]
    fn nul_in_the_url_truncates_the_path() {
        let robots = "User-agent: *\nDisallow: /b$";
        assert_eq!(verdict(robots, "x", "http://e.com/b\0c"), (false, 2));
        assert_eq!(check(robots, "x", "http://e.com/b\0c").path, "/b");
        assert_eq!(verdict(robots, "x", "http://e.com/bc"), (true, 0));
    }

    #[test]
    fn empty_url_is_the_root() {
        assert_eq!(verdict("user-agent: FooBot\ndisallow: /\n", "FooBot", ""), (false, 2));
    }

    #[test]
    fn fragment_is_not_matched() {
        let robots = "User-agent: *\nDisallow: /*frag";
        assert_eq!(verdict(robots, "x", "http://e.com/a#frag"), (true, 0));
        assert_eq!(verdict(robots, "x", "http://e.com/a?frag"), (false, 2));
    }

    // --- 5.2 patterns ---------------------------------------------------------------------------------

    #[test]
    fn pattern_table() {
        let cases: &[(&str, &str, bool)] = &[
            ("/a$b", "/a$b", true),
            ("/a$$", "/a$", true),
            ("/a$$", "/a$x", false),
            ("$", "/", false),
            ("", "/", true),
            ("", "/anything", true),
            ("fish", "/fish", false),
            ("*fish", "/catfish", true),
            ("/fish", "/Fish", false),
            ("/fish", "/fishheads", true),
            ("/fish$", "/fishheads", false),
            ("/fish$", "/fish", true),
            ("/a?b", "/a?b", true),
            ("/a?b", "/axb", false),
            ("/a.b", "/axb", false),
            ("/*", "/", true),
            ("/*$", "/", true),
            ("*", "/", true),
            ("/a*b*c", "/abbc", true),
            ("/a*b*c", "/acb", false),
            ("/a*c$", "/abcc", true),
            ("/a*c$", "/abcd", false),
            ("/%", "/%", true),
            ("/*.php$", "/folder/filename.php", true),
            ("/*.php$", "/filename.php?parameters", false),
        ];
        for &(pattern, path, expected) in cases {
            assert_eq!(pattern_matches(pattern.as_bytes(), path.as_bytes()), expected, "{pattern:?} on {path:?}");
        }
    }

    #[test]
    fn dollar_only_at_the_end() {
        let robots = "User-agent: *\nDisallow: /a$b";
        assert_eq!(verdict(robots, "x", "/a$b"), (false, 2));
        assert_eq!(verdict(robots, "x", "/a"), (true, 0));
        let robots = "User-agent: *\nDisallow: /a$$";
        assert_eq!(verdict(robots, "x", "/a$"), (false, 2));
        assert_eq!(verdict(robots, "x", "/a$x"), (true, 0));
    }

    #[test]
    fn patterns_without_leading_slash_or_star_never_match() {
        let robots = "User-agent: *\nDisallow: fish\nDisallow: *cat";
        assert_eq!(verdict(robots, "x", "/fish"), (true, 0));
        assert_eq!(verdict(robots, "x", "/catfish"), (false, 3));
    }

    #[test]
    fn hostile_pattern_is_fast() {
        let pattern = "/".to_string() + &"*a".repeat(200) + "$";
        let path = "/".to_string() + &"a".repeat(5_000) + "b";
        let start = std::time::Instant::now();
        assert!(!pattern_matches(pattern.as_bytes(), path.as_bytes()));
        assert!(start.elapsed() < std::time::Duration::from_secs(2));
    }

    // --- 5.3 priority ---------------------------------------------------------------------------------

    #[test]
    fn priority_is_the_escaped_length_counting_star_and_dollar() {
        let v = check("User-agent: *\nDisallow: /fish*\nDisallow: /fish\nAllow: /fish$", "x", "/fish");
        assert_eq!(
            matches_of(&v),
            vec![(2, RuleKind::Disallow, 6), (3, RuleKind::Disallow, 5), (4, RuleKind::Allow, 6)]
        );
        assert_eq!((v.allowed, v.line), (true, 4));
    }

    #[test]
    fn equal_priority_goes_to_allow() {
        assert_eq!(verdict("User-agent: *\nDisallow: /ab\nAllow: /a*", "x", "/abc"), (true, 3));
        assert_eq!(verdict("User-agent: *\nDisallow: /ab\nAllow: /a", "x", "/abc"), (false, 2));
    }

    #[test]
    fn priority_is_measured_after_escaping() {
        let robots = b"User-agent: *\nAllow: /\xC3\xA9\nDisallow: /%C3%A9";
        assert_eq!(verdict(robots, "x", "/%C3%A9"), (true, 2));
        let v = check(robots, "x", "/%C3%A9");
        assert_eq!(matches_of(&v), vec![(2, RuleKind::Allow, 7), (3, RuleKind::Disallow, 7)]);
    }

    #[test]
    fn rule_priority_helper_is_pattern_length() {
        let r = Robots::parse(b"User-agent: *\nDisallow: /\xC3\xA9*$");
        // `/%C3%A9*$`: 1 + 6 + 1 + 1 bytes.
        assert_eq!(r.rules().next().unwrap().priority(), 9);
    }

    // --- 5.4 index.html -------------------------------------------------------------------------------

    #[test]
    fn index_html_allows_its_directory() {
        let robots = "User-agent: *\nDisallow: /\nAllow: /allowed-slash/index.html";
        assert_eq!(verdict(robots, "x", "/allowed-slash/"), (true, 3));
        let v = check(robots, "x", "/allowed-slash/");
        let d = v.decided_by.unwrap();
        assert!(d.index_fallback);
        assert_eq!(d.priority, 16);
        assert_eq!(d.pattern, "/allowed-slash/index.html");
    }

    #[test]
    fn index_html_fallback_is_exact() {
        let robots = "User-agent: *\nDisallow: /\nAllow: /allowed-slash/index.html";
        // Upstream: `/allowed-slash/index.htm` matches neither the allow nor its `/allowed-slash/$` retry.
        assert_eq!(verdict(robots, "x", "/allowed-slash/index.htm"), (false, 2));
        assert_eq!(verdict(robots, "x", "/allowed-slash/other"), (false, 2));
        assert_eq!(verdict(robots, "x", "/allowed-slash/index.html"), (true, 3));
    }

    #[test]
    fn index_htm_variants_fire() {
        for name in ["index.htm", "index.html", "index.html5", "index.htmx"] {
            let robots = format!("User-agent: *\nDisallow: /\nAllow: /d/{name}");
            assert_eq!(verdict(&robots, "x", "/d/"), (true, 3), "{name}");
        }
    }

    #[test]
    fn other_names_do_not_fire() {
        for allow in ["/d/index.HTML", "/d/index.php", "index.html", "/d/index.html?x=/y", "/d/xindex.html"] {
            let robots = format!("User-agent: *\nDisallow: /\nAllow: {allow}");
            assert_eq!(verdict(&robots, "x", "/d/"), (false, 2), "{allow}");
        }
    }

    #[test]
    fn root_and_wildcard_index() {
        assert_eq!(verdict("User-agent: *\nDisallow: /\nAllow: /index.html", "x", "/"), (true, 3));
        let robots = "User-agent: *\nDisallow: /\nAllow: /*/index.html";
        assert_eq!(verdict(robots, "x", "/d/"), (true, 3));
        assert_eq!(verdict(robots, "x", "/d/x"), (false, 2));
    }

    #[test]
    fn index_fallback_has_the_shorter_priority() {
        let robots = "User-agent: *\nDisallow: /d/\nAllow: /d/index.html";
        assert_eq!(verdict(robots, "x", "/d/"), (true, 3));
        let robots = "User-agent: *\nDisallow: /d/*$\nAllow: /d/index.html";
        assert_eq!(verdict(robots, "x", "/d/"), (false, 2));
    }

    #[test]
    fn no_fallback_for_disallow() {
        assert_eq!(verdict("User-agent: *\nDisallow: /d/index.html", "x", "/d/"), (true, 0));
    }

    #[test]
    fn fallback_only_when_the_original_fails() {
        let v = check("User-agent: *\nDisallow: /\nAllow: /d/index.html", "x", "/d/index.html");
        let d = v.decided_by.unwrap();
        assert!(!d.index_fallback);
        assert_eq!(d.priority, 13);
    }

    // --- 5.5 – 5.7 decision and deciding line --------------------------------------------------------

    #[test]
    fn empty_rules_never_decide() {
        assert_eq!(verdict("User-agent: *\ndisallow: \nallow: ", "x", "/a"), (true, 3));
        assert_eq!(verdict("User-agent: *\nDisallow: /\nAllow:", "x", "/a"), (false, 2));
        assert_eq!(verdict("User-agent: *\nDisallow:", "x", "/a"), (true, 2));
    }

    #[test]
    fn empty_file_and_no_group_allow() {
        assert_eq!(verdict("", "x", "/a"), (true, 0));
        assert_eq!(verdict("User-agent: A\nDisallow: /", "B", "/a"), (true, 0));
        assert_eq!(verdict("Disallow: /", "B", "/a"), (true, 0));
    }

    #[test]
    fn ties_report_the_allow_line() {
        assert_eq!(verdict("User-agent: *\nAllow: /a\nDisallow: /a", "x", "/a"), (true, 2));
        assert_eq!(verdict("User-agent: *\nDisallow: /a\nAllow: /a", "x", "/a"), (true, 3));
    }

    #[test]
    fn first_rule_of_equal_length_keeps_the_line() {
        assert_eq!(verdict("User-agent: *\nDisallow: /ab\nDisallow: /a*", "x", "/abc"), (false, 2));
        assert_eq!(verdict("User-agent: *\nDisallow: /a*\nDisallow: /ab", "x", "/abc"), (false, 2));
        assert_eq!(verdict("User-agent: *\nAllow: /ab\nAllow: /a*\nDisallow: /", "x", "/abc"), (true, 2));
        // Across merged groups too.
        let robots = "User-agent: *\nDisallow: /ab\nUser-agent: B\nAllow: /\nUser-agent: *\nDisallow: /a*";
        assert_eq!(verdict(robots, "x", "/abc"), (false, 2));
    }

    #[test]
    fn longer_rule_later_takes_the_line() {
        assert_eq!(verdict("User-agent: *\nDisallow: /a\nDisallow: /ab", "x", "/abc"), (false, 3));
    }

    #[test]
    fn specific_group_without_match_reports_line_zero() {
        let robots = "User-agent: *\nDisallow: /\nUser-agent: A\nDisallow: /private";
        assert_eq!(verdict(robots, "A", "/x"), (true, 0));
    }

    // --- 5.10 worked examples -------------------------------------------------------------------------

    #[test]
    fn worked_examples() {
        let ua = "User-agent: FooBot\n";
        let v = |rules: &str, url: &str| verdict(format!("{ua}{rules}"), "FooBot", url);
        assert_eq!(v("allow: /p\ndisallow: /", "/page"), (true, 2));
        assert_eq!(v("allow: /folder\ndisallow: /folder", "/folder/page"), (true, 2));
        assert_eq!(v("allow: /page\ndisallow: /*.htm", "/page.htm"), (false, 3));
        assert_eq!(v("allow: /$\ndisallow: /", "/"), (true, 2));
        assert_eq!(v("allow: /$\ndisallow: /", "/page.html"), (false, 3));
        assert_eq!(v("allow: /x/page.\ndisallow: /*.html", "/x/page.html"), (true, 2));
        assert_eq!(v("allow: /x/page.\ndisallow: /*.html", "/x/y.html"), (false, 3));
        assert_eq!(v("disallow: /x\nallow: /x/", "/x"), (false, 2));
        assert_eq!(v("disallow: /x\nallow: /x/", "/x/"), (true, 3));
        assert_eq!(v("Disallow: /foo/bar$\nAllow: /foo/bar/qux", "/foo/bar"), (false, 2));
        assert_eq!(v("Disallow: /foo/bar$\nAllow: /foo/bar/qux", "/foo/bar/"), (true, 0));
        assert_eq!(v("Disallow: /foo/bar$\nAllow: /foo/bar/qux", "/foo/bar/baz"), (true, 0));
    }

    #[test]
    fn php_dollar_example() {
        let robots = "User-agent: FooBot\nAllow: /*.php$\nDisallow: /";
        for url in ["/filename.php", "/folder/filename.php"] {
            assert_eq!(verdict(robots, "FooBot", url), (true, 2), "{url}");
        }
        for url in ["/filename.php?parameters", "/filename.php/", "/filename.php5", "//windows.PHP"] {
            assert_eq!(verdict(robots, "FooBot", url), (false, 3), "{url}");
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// A6: the reporting parser.
// ---------------------------------------------------------------------------------------------------------

mod a6_reporting {
    use super::*;

    const UPSTREAM: &str = "User-Agent: foo\nAllow: /some/path\nUser-Agent bar # no\nabsolutely random line\n\
        #so comment, much wow\n\nunicorns: /extinct\nnoarchive: /some\nDisallow: /\nError #and comment\n\
        useragent: baz\ndisallaw: /some\nsite-map: https://e/s.xml #comment\nsitemap: https://e/t.xml\n\
        Noarchive: /someCapital\n";

    #[test]
    fn upstream_totals() {
        let report = Robots::parse(UPSTREAM).report();
        assert_eq!(report.valid_directives, 8);
        assert_eq!(report.unused_directives, 3);
        assert_eq!(report.last_line_seen, 16);
        assert_eq!(report.lines.len(), 16);
    }

    #[test]
    fn upstream_tags_and_typos() {
        use Tag::*;
        let report = Robots::parse(UPSTREAM).report();
        let tags: Vec<Tag> = report.lines.iter().map(|l| l.tag).collect();
        assert_eq!(
            tags,
            vec![
                UserAgent, Allow, UserAgent, Unknown, Unknown, Unknown, Unknown, Unused, Disallow, Unknown, UserAgent,
                Disallow, Sitemap, Sitemap, Unused, Unknown
            ]
        );
        let typos: Vec<usize> =
            report.lines.iter().filter(|l| l.line.metadata.is_acceptable_typo).map(|l| l.line.number).collect();
        assert_eq!(typos, vec![11, 12, 13]);
        let numbers: Vec<usize> = report.lines.iter().map(|l| l.line.number).collect();
        assert_eq!(numbers, (1..=16).collect::<Vec<_>>());
    }

    #[test]
    fn upstream_line_flags() {
        let report = Robots::parse(UPSTREAM).report();
        let meta = |n: usize| report.lines[n - 1].line.metadata;
        assert_eq!(meta(3), flags("directive comment no_colon"));
        assert_eq!(meta(4), flags(""));
        assert_eq!(meta(5), flags("comment only_comment"));
        assert_eq!(meta(6), flags("empty"));
        assert_eq!(meta(10), flags("comment"));
        assert_eq!(meta(13), flags("directive comment typo"));
        assert_eq!(meta(16), flags("empty"));
    }

    #[test]
    fn dos_and_mac_files_have_a_final_empty_line() {
        let dos = "User-Agent: foo\r\nAllow: /some/path\r\nUser-Agent: bar\r\n\r\n\r\nDisallow: /\r\n";
        let mac = "User-Agent: foo\rAllow: /some/path\rUser-Agent: bar\r\r\rDisallow: /\r";
        for robots in [dos, mac] {
            let report = Robots::parse(robots).report();
            assert_eq!((report.valid_directives, report.last_line_seen), (4, 7), "{robots:?}");
        }
    }

    #[test]
    fn last_line_seen_counts_the_final_line() {
        assert_eq!(Robots::parse("a\n").report().last_line_seen, 2);
        assert_eq!(Robots::parse("").report().last_line_seen, 1);
    }

    #[test]
    fn line_too_long_is_reported() {
        let robots = format!("user-agent: foo\ndisallow: /x/{}\nallow: /\n", repeat("a", 16_669));
        let report = Robots::parse(robots).report();
        assert_eq!((report.valid_directives, report.last_line_seen), (3, 4));
        assert_eq!(report.lines[1].tag, Tag::Disallow);
        assert_eq!(report.lines[1].line.metadata, flags("directive too_long"));
    }

    #[test]
    fn unused_needs_an_exact_key() {
        let robots =
            "CRAWL-DELAY: 1\nNoarchive: /\ncrawl-delays: 1\nunicorns: 1\nHost: x\nContent-Signal: a\nvisit-time: 1";
        let report = Robots::parse(robots).report();
        let tags: Vec<Tag> = report.lines.iter().map(|l| l.tag).collect();
        use Tag::*;
        assert_eq!(tags, vec![Unused, Unused, Unknown, Unknown, Unused, Unused, Unused]);
        // Every unknown key counts as unused, whatever its tag.
        assert_eq!((report.unused_directives, report.valid_directives), (7, 0));
    }

    #[test]
    fn all_twelve_unused_keys() {
        let keys = [
            "clean-param",
            "content-signal",
            "content-usage",
            "crawl-delay",
            "domain",
            "host",
            "noarchive",
            "nofollow",
            "noindex",
            "request-rate",
            "revisit-after",
            "visit-time",
        ];
        let robots: String = keys.iter().map(|k| format!("{k}: x\n")).collect();
        let report = Robots::parse(robots).report();
        assert!(report.lines[..12].iter().all(|l| l.tag == Tag::Unused));
    }

    #[test]
    fn reference_tag_names() {
        let names: Vec<&str> = [Tag::Unknown, Tag::UserAgent, Tag::Allow, Tag::Disallow, Tag::Sitemap, Tag::Unused]
            .iter()
            .map(|t| t.reference_name())
            .collect();
        assert_eq!(names, vec!["kUnknown", "kUserAgent", "kAllow", "kDisallow", "kSitemap", "kUnused"]);
    }
}

// ---------------------------------------------------------------------------------------------------------
// B1: explanations and views of the file.
// ---------------------------------------------------------------------------------------------------------

mod b1_explanations {
    use super::*;

    /// Lines: 1 `*`, 2 Disallow /, 4 Googlebot, 5 Allow /shop/, 6 Disallow /shop/cart, 7 Crawl-delay,
    /// 8 Disallow /*.pdf$, 10 bingbot, 11 Disallow /shop/.
    const SHOP: &str = "User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /shop/\nDisallow: /shop/cart\n\
        Crawl-delay: 3\nDisallow: /*.pdf$\n\nUser-agent: bingbot\nDisallow: /shop/\n";

    #[test]
    fn verdict_lists_every_match_and_the_winner() {
        let v = check(SHOP, "Googlebot", "https://e.com/shop/cart/list.pdf");
        assert!(!v.allowed);
        assert_eq!(v.line, 6);
        assert_eq!(
            matches_of(&v),
            vec![(5, RuleKind::Allow, 6), (6, RuleKind::Disallow, 10), (8, RuleKind::Disallow, 7)]
        );
        let d = v.decided_by.clone().unwrap();
        assert_eq!(
            (d.line, d.kind, d.value.as_str(), d.pattern.as_str()),
            (6, RuleKind::Disallow, "/shop/cart", "/shop/cart")
        );
        assert_eq!((d.priority, d.index_fallback), (10, false));
        assert_eq!(v.scope, Scope::Specific);
        assert!(v.has_own_group());
        assert_eq!(v.groups, vec![1]);
        assert_eq!(v.group_lines, vec![4, 5, 6, 8]);
        assert_eq!(v.path, "/shop/cart/list.pdf");
    }

    #[test]
    fn verdict_for_an_allowed_url() {
        let v = check(SHOP, "googlebot", "https://e.com/shop/shoes?size=42#top");
        assert!(v.allowed);
        assert_eq!(v.line, 5);
        assert_eq!(v.path, "/shop/shoes?size=42");
        assert_eq!(matches_of(&v), vec![(5, RuleKind::Allow, 6)]);
        assert_eq!(v.decided_by.unwrap().kind, RuleKind::Allow);
    }

    #[test]
    fn verdict_from_the_star_group() {
        let v = check(SHOP, "Otherbot", "/shop/");
        assert_eq!((v.allowed, v.line), (false, 2));
        assert_eq!(v.scope, Scope::Global);
        assert!(!v.has_own_group());
        assert_eq!(v.groups, vec![0]);
        assert_eq!(v.group_lines, vec![1, 2]);
        assert_eq!(matches_of(&v), vec![(2, RuleKind::Disallow, 1)]);
    }

    #[test]
    fn verdict_when_no_group_applies() {
        let v = check("User-agent: A\nDisallow: /", "B", "/x");
        assert_eq!((v.allowed, v.line), (true, 0));
        assert_eq!(v.scope, Scope::None);
        assert_eq!(v.decided_by, None);
        assert!(v.groups.is_empty() && v.group_lines.is_empty() && v.matches.is_empty());
    }

    #[test]
    fn own_group_without_match_lists_no_global_matches() {
        let v = check(SHOP, "bingbot", "/about");
        assert_eq!((v.allowed, v.line), (true, 0));
        assert_eq!(v.scope, Scope::Specific);
        assert_eq!(v.groups, vec![2]);
        assert!(v.matches.is_empty(), "the `*` rule on line 2 does not apply to bingbot");
        assert_eq!(v.decided_by, None);
    }

    #[test]
    fn pooled_verdict_covers_all_groups() {
        let v = check(SHOP, &["Googlebot", "bingbot"], "/shop/x");
        assert_eq!((v.allowed, v.line), (true, 5));
        assert_eq!(v.groups, vec![1, 2]);
        assert_eq!(v.group_lines, vec![4, 5, 6, 8, 10, 11]);
        assert_eq!(matches_of(&v), vec![(5, RuleKind::Allow, 6), (11, RuleKind::Disallow, 6)]);
    }

    #[test]
    fn written_and_normalised_pattern() {
        let v = check(b"User-agent: *\nDisallow: /caf\xC3\xA9", "x", "/caf%C3%A9/menu");
        let d = v.decided_by.unwrap();
        assert_eq!(d.value, "/café");
        assert_eq!(d.pattern, "/caf%C3%A9");
        assert_eq!(d.priority, 10);
    }

    #[test]
    fn priority_zero_decider_is_explained() {
        let v = check("User-agent: *\nDisallow: /\n\nUser-agent: A\nDisallow:", "A", "/x");
        assert_eq!((v.allowed, v.line), (true, 5));
        let d = v.decided_by.unwrap();
        assert_eq!((d.line, d.kind, d.priority), (5, RuleKind::Disallow, 0));
    }

    #[test]
    fn group_header_lines_include_joined_user_agents() {
        let robots = "User-agent: a\n# c\nUser-agent: b\nDisallow: /x\nAllow: /y\n";
        let v = check(robots, "b", "/x");
        assert_eq!(v.group_lines, vec![1, 3, 4, 5]);
        assert_eq!(v.groups, vec![0]);
    }

    #[test]
    fn groups_view() {
        let r = Robots::parse(SHOP);
        assert_eq!(r.groups().len(), 3);
        let star = r.group(0).unwrap();
        assert!(star.is_global());
        let a = star.agents().next().unwrap();
        assert_eq!((a.line, a.value, a.token, a.global), (1, &b"*"[..], &b""[..], true));

        let google = r.group(1).unwrap();
        assert_eq!(google.index, 1);
        assert!(!google.is_global());
        let agents: Vec<_> = google.agents().map(|a| (a.line, a.value, a.token, a.global)).collect();
        assert_eq!(agents, vec![(4, &b"Googlebot"[..], &b"Googlebot"[..], false)]);
        let rules: Vec<_> = google.rules().map(|r| (r.line, r.kind, r.pattern_str().into_owned(), r.group)).collect();
        assert_eq!(
            rules,
            vec![
                (5, RuleKind::Allow, "/shop/".to_string(), Some(1)),
                (6, RuleKind::Disallow, "/shop/cart".to_string(), Some(1)),
                (8, RuleKind::Disallow, "/*.pdf$".to_string(), Some(1)),
            ]
        );
        assert_eq!(google.lines(), vec![4, 5, 6, 8]);
        assert_eq!(google.line_range(), (4, 8));
        assert!(r.group(3).is_none());
    }

    #[test]
    fn user_agent_view_reduces_tokens() {
        let r = Robots::parse("User-agent: Googlebot/2.1\nUser-agent: * foo\nDisallow: /");
        let agents: Vec<_> = r.group(0).unwrap().agents().map(|a| (a.value, a.token, a.global)).collect();
        assert_eq!(agents, vec![(&b"Googlebot/2.1"[..], &b"Googlebot"[..], false), (&b"* foo"[..], &b""[..], true)]);
    }

    #[test]
    fn rule_view_keeps_the_written_value_and_its_span() {
        let robots = b"User-agent: *\nDisallow:  /%aa\xC3\xA9  # c\n";
        let r = Robots::parse(robots);
        let rule = r.rules().next().unwrap();
        assert_eq!(rule.value, b"/%aa\xC3\xA9");
        assert_eq!(&robots[rule.value_span.start..rule.value_span.end], b"/%aa\xC3\xA9");
        assert_eq!(rule.pattern, b"/%AA%C3%A9");
    }

    // --- presets ------------------------------------------------------------------------------------

    #[test]
    fn googlebot_image_falls_back_to_googlebot_group() {
        let robots = "User-agent: googlebot\nDisallow: /private\n\nUser-agent: *\nDisallow: /";
        let image = crawler("Googlebot-Image").unwrap();
        let r = Robots::parse(robots);
        let (token, v) = r.check_crawler(image, "/private/a.png");
        assert_eq!(token, Some("Googlebot"));
        assert_eq!((v.allowed, v.line, v.scope), (false, 2, Scope::Specific));
        let (_, v) = r.check_crawler(image, "/public/a.png");
        assert_eq!((v.allowed, v.line), (true, 0));
        // The plain engine, given only `Googlebot-Image`, would follow `*`.
        assert_eq!(r.decide("Googlebot-Image", "/public/a.png"), (false, 5));
    }

    #[test]
    fn googlebot_image_prefers_its_own_group() {
        let robots = "User-agent: Googlebot\nDisallow: /\n\nUser-agent: Googlebot-Image\nAllow: /";
        let (token, v) = Robots::parse(robots).check_crawler(crawler("Googlebot-Image").unwrap(), "/a.png");
        assert_eq!(token, Some("Googlebot-Image"));
        assert_eq!((v.allowed, v.line), (true, 5));
    }

    #[test]
    fn crawler_without_any_group_follows_star() {
        let (token, v) =
            Robots::parse("User-agent: *\nDisallow: /").check_crawler(crawler("Googlebot-Image").unwrap(), "/a");
        assert_eq!(token, Some("Googlebot-Image"));
        assert_eq!((v.allowed, v.line, v.scope), (false, 2, Scope::Global));
    }

    #[test]
    fn adsbot_ignores_star() {
        let adsbot = crawler("AdsBot-Google").unwrap();
        assert!(adsbot.ignores_global);
        let (token, v) = Robots::parse("User-agent: *\nDisallow: /").check_crawler(adsbot, "https://e.com/landing?x");
        assert_eq!(token, None);
        assert_eq!((v.allowed, v.line, v.scope), (true, 0, Scope::None));
        assert_eq!(v.path, "/landing?x");
        assert!(v.matches.is_empty());
    }

    #[test]
    fn crawler_token_follows_the_fallback_chain() {
        let r = Robots::parse("User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /");
        assert_eq!(r.crawler_token(crawler("Googlebot-Image").unwrap()), Some("Googlebot"));
        assert_eq!(r.crawler_token(crawler("Bingbot").unwrap()), Some("bingbot"));
        assert_eq!(r.crawler_token(crawler("AdsBot-Google").unwrap()), None);
    }

    #[test]
    fn adsbot_obeys_its_own_group() {
        let robots = "User-agent: *\nDisallow: /\n\nUser-agent: AdsBot-Google\nDisallow: /ads";
        let (token, v) = Robots::parse(robots).check_crawler(crawler("AdsBot-Google").unwrap(), "/ads/1");
        assert_eq!(token, Some("AdsBot-Google"));
        assert_eq!((v.allowed, v.line), (false, 5));
    }

    #[test]
    fn applebot_falls_back_to_googlebot() {
        let robots = "User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /";
        let apple = crawler("Applebot").unwrap();
        let (token, v) = Robots::parse(robots).check_crawler(apple, "/g/x");
        assert_eq!(token, Some("Googlebot"));
        assert_eq!((v.allowed, v.line), (false, 2));
        let robots = "User-agent: Applebot\nAllow: /\n\nUser-agent: Googlebot\nDisallow: /";
        let (token, v) = Robots::parse(robots).check_crawler(apple, "/g/x");
        assert_eq!(token, Some("Applebot"));
        assert!(v.allowed);
    }

    // --- non-group lines ----------------------------------------------------------------------------

    #[test]
    fn crawl_delay_from_own_or_star_group() {
        let robots =
            "User-agent: *\nCrawl-delay: 10\nDisallow: /x\n\nUser-agent: bingbot\nCrawl-delay: 1.5\nDisallow: /y\n";
        let r = Robots::parse(robots);
        assert_eq!(r.crawl_delay("bingbot"), Some((1.5, 6)));
        assert_eq!(r.crawl_delay("BINGBOT"), Some((1.5, 6)));
        assert_eq!(r.crawl_delay("Googlebot"), Some((10.0, 2)));
    }

    #[test]
    fn crawl_delay_own_group_without_delay_ignores_star() {
        let robots = "User-agent: *\nCrawl-delay: 10\nDisallow: /\n\nUser-agent: bingbot\nDisallow: /y";
        assert_eq!(Robots::parse(robots).crawl_delay("bingbot"), None);
        assert_eq!(Robots::parse(SHOP).crawl_delay("Googlebot"), Some((3.0, 7)));
        assert_eq!(Robots::parse(SHOP).crawl_delay("Otherbot"), None);
    }

    #[test]
    fn crawl_delay_skips_invalid_values_and_ungrouped_lines() {
        assert_eq!(Robots::parse("Crawl-delay: 5\nUser-agent: *\nDisallow:").crawl_delay("x"), None);
        let r = Robots::parse("User-agent: *\nCrawl-delay: soon\nCrawl-delay: -1\nCrawl-delay: 4\nDisallow:");
        assert_eq!(r.crawl_delay("x"), Some((4.0, 4)));
        // Decimal seconds only: no sign, exponent or infinity.
        let r = Robots::parse(
            "User-agent: *\nCrawl-delay: +5\nCrawl-delay: 1e3\nCrawl-delay: inf\nCrawl-delay: .\nCrawl-delay: .25",
        );
        assert_eq!(r.crawl_delay("x"), Some((0.25, 6)));
        assert_eq!(Robots::parse("User-agent: *\nCrawl-delay: 7.\n").crawl_delay("x"), Some((7.0, 2)));
    }

    #[test]
    fn preferred_host_is_the_first_host_line() {
        let r = Robots::parse("User-agent: *\nDisallow:\nHost: www.example.com\nhost: other.example.com");
        assert_eq!(r.preferred_host(), Some((&b"www.example.com"[..], 3)));
        assert_eq!(Robots::parse("User-agent: *").preferred_host(), None);
    }

    #[test]
    fn sitemaps_are_listed_as_written() {
        let robots = b"Sitemap: http://e.com/a.xml\nUser-agent: *\nsite-map: http://e.com/\xC3\xA9%aa.xml\n\
            Sitemap http://e.com/c.xml\nDisallow: /";
        let r = Robots::parse(&robots[..]);
        let maps: Vec<_> = r.sitemaps().map(|s| (s.line, s.url.to_vec())).collect();
        assert_eq!(
            maps,
            vec![
                (1, b"http://e.com/a.xml".to_vec()),
                (3, b"http://e.com/\xC3\xA9%aa.xml".to_vec()),
                (4, b"//e.com/c.xml".to_vec()),
            ]
        );
        let s = r.sitemaps().next().unwrap();
        assert_eq!(&robots[s.span.start..s.span.end], b"http://e.com/a.xml");
    }

    #[test]
    fn other_directives_with_their_group() {
        let robots =
            "Host: e.com\nUser-agent: *\nCrawl-delay: 5\nDisallow: /\nUser-agent: b\nClean-param: ref /x\nDisallow: /b";
        let r = Robots::parse(robots);
        let others: Vec<_> = r.other_directives().map(|o| (o.line, o.key, o.value, o.group)).collect();
        assert_eq!(
            others,
            vec![
                (1, &b"Host"[..], &b"e.com"[..], None),
                (3, &b"Crawl-delay"[..], &b"5"[..], Some(0)),
                (6, &b"Clean-param"[..], &b"ref /x"[..], Some(1)),
            ]
        );
    }

    #[test]
    fn parse_limited_drops_the_rest() {
        let head = "User-agent: *\nDisallow: /private\n";
        let body = format!("{head}Disallow: /secret\n");
        let r = Robots::parse_limited(&body, head.len());
        assert_eq!(r.source(), head.as_bytes());
        assert_eq!(r.line_count(), 3);
        assert_eq!(r.decide("x", "/secret"), (true, 0));
        assert_eq!(r.decide("x", "/private"), (false, 2));
        // A cut inside a line keeps its prefix.
        let r = Robots::parse_limited(&body, head.len() + "Disallow: /sec".len());
        assert_eq!(r.decide("x", "/secret"), (false, 3));
        assert_eq!(r.cut_from(), Some(body.len()));
        // A limit beyond the end keeps everything.
        let whole = Robots::parse_limited(&body, usize::MAX);
        assert_eq!(whole.cut_from(), None);
        assert_eq!(whole, Robots::parse(&body));
    }

    #[test]
    fn google_size_limit_is_500_kib() {
        assert_eq!(GOOGLE_SIZE_LIMIT, 512_000);
    }

    #[test]
    fn one_shot_is_allowed() {
        assert!(!robotscope::is_allowed(b"User-agent: *\nDisallow: /", "x", "/a"));
        assert!(robotscope::is_allowed(b"User-agent: *\nDisallow: /b", "x", "/a"));
    }
}

// ---------------------------------------------------------------------------------------------------------
// B2: agents and URLs as people type them.
// ---------------------------------------------------------------------------------------------------------

mod b2_agents_and_urls {
    use super::*;

    #[test]
    fn tokens_from_full_headers() {
        let cases = [
            ("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Googlebot"),
            (
                "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) \
                 Chrome/125.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
                "Googlebot",
            ),
            ("Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "bingbot"),
            (
                "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; \
                 +https://openai.com/gptbot)",
                "GPTBot",
            ),
            (
                "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; \
                 +claudebot@anthropic.com)",
                "ClaudeBot",
            ),
            ("Googlebot-Image/1.0", "Googlebot-Image"),
            ("MyBot/1.0 (+http://x)", "MyBot"),
            ("Mozilla/5.0 (compatible; FooBot/1.0)", "FooBot"),
        ];
        for (header, token) in cases {
            assert_eq!(token_from_user_agent(header), token, "{header}");
        }
    }

    #[test]
    fn tokens_typed_as_tokens_stay() {
        assert_eq!(token_from_user_agent("Googlebot"), "Googlebot");
        assert_eq!(token_from_user_agent("Googlebot-News"), "Googlebot-News");
        assert_eq!(token_from_user_agent("  my-bot  "), "my-bot");
        assert_eq!(token_from_user_agent(""), "");
    }

    #[test]
    fn every_preset_header_gives_its_documented_token() {
        for c in CRAWLERS.iter().filter(|c| !c.facts().user_agent.is_empty()) {
            assert_eq!(token_from_user_agent(c.facts().user_agent), c.tokens[0], "{}", c.name);
        }
    }

    #[test]
    fn preset_tokens_are_valid_agents() {
        for c in CRAWLERS {
            assert!(!c.tokens.is_empty(), "{}", c.name);
            for t in c.tokens {
                assert!(is_valid_agent(t), "{}: {t}", c.name);
            }
        }
    }

    #[test]
    fn required_presets_exist() {
        let names = [
            "Googlebot",
            "Googlebot-Image",
            "AdsBot-Google",
            "Bingbot",
            "DuckDuckBot",
            "Applebot",
            "YandexBot",
            "Baiduspider",
            "GPTBot",
            "ChatGPT-User",
            "OAI-SearchBot",
            "ClaudeBot",
            "anthropic-ai",
            "PerplexityBot",
            "CCBot",
            "Google-Extended",
            "Amazonbot",
            "Bytespider",
            "facebookexternalhit",
            "meta-externalagent",
        ];
        for name in names {
            assert!(crawler(name).is_some(), "{name}");
            assert!(crawler(&name.to_ascii_lowercase()).is_some(), "{name} in lower case");
        }
        assert!(crawler("NoSuchBot").is_none());
    }

    #[test]
    fn preset_tables() {
        assert_eq!(crawler("googlebot-image").unwrap().tokens, &["Googlebot-Image", "Googlebot"]);
        assert!(!crawler("Googlebot").unwrap().ignores_global);
        assert_eq!(crawler("Applebot").unwrap().tokens, &["Applebot", "Googlebot"]);
        for c in CRAWLERS.iter().filter(|c| c.name.starts_with("AdsBot")) {
            assert!(c.ignores_global, "{}", c.name);
        }
    }

    #[test]
    fn normalize_url_cases() {
        let cases = [
            ("HTTPS://Example.COM:443/a b/ü?q=ü#top", "https://example.com/a%20b/%C3%BC?q=%C3%BC"),
            ("http://e.com/caf\u{e9}", "http://e.com/caf%C3%A9"),
            ("http://e.com/a b", "http://e.com/a%20b"),
            ("http://e.com/a/%aa%2f/ü", "http://e.com/a/%aa%2f/%C3%BC"),
            ("http://e.com/%7e", "http://e.com/%7e"),
            ("HTTP://WWW.EXAMPLE.COM/Path", "http://www.example.com/Path"),
            ("http://example.com:80/a", "http://example.com/a"),
            ("https://example.com:443/", "https://example.com/"),
            ("http://example.com:8080/a", "http://example.com:8080/a"),
            ("http://www.müller.eu/ü", "http://www.xn--mller-kva.eu/%C3%BC"),
            ("http://ÜBER.de/", "http://xn--ber-goa.de/"),
            ("/a b", "/a%20b"),
            ("/just/a/path?q=1#f", "/just/a/path?q=1"),
            ("example.com", "http://example.com/"),
            ("example.com/a", "http://example.com/a"),
            ("http://e.com/p#frag", "http://e.com/p"),
            ("http://e.com/a/./b/../c", "http://e.com/a/c"),
            ("http://e.com/a/..", "http://e.com/"),
            ("/a/./b/../c d", "/a/c%20d"),
            ("http://e.com\\a\\b", "http://e.com/a/b"),
            ("http://e.com/a\\b", "http://e.com/a/b"),
            ("  http://e.com/a  ", "http://e.com/a"),
            ("http://e.com", "http://e.com/"),
        ];
        for (input, expected) in cases {
            assert_eq!(normalize_url(input).as_deref(), Ok(expected), "{input:?}");
        }
    }

    #[test]
    fn normalize_url_keeps_backslash_in_the_query() {
        assert_eq!(normalize_url("http://e.com/a?x=a\\b").as_deref(), Ok("http://e.com/a?x=a\\b"));
    }

    #[test]
    fn normalize_url_reads_host_and_port_without_scheme_and_refuses_hostless_schemes() {
        assert_eq!(normalize_url("localhost:8080/a b").as_deref(), Ok("http://localhost:8080/a%20b"));
        assert_eq!(normalize_url("//Example.com/x").as_deref(), Ok("http://example.com/x"));
        assert_eq!(normalize_url("mailto:x@y.com"), Err(UrlError::MissingHost));
    }

    #[test]
    fn a_crawler_name_inside_a_url_is_not_the_product() {
        assert_eq!(token_from_user_agent("MyBot/1.0 (+http://googlebot.com/info)"), "MyBot");
        assert_eq!(
            token_from_user_agent("Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)"),
            "ClaudeBot"
        );
    }

    #[test]
    fn normalize_url_schemeless_with_url_in_query() {
        assert_eq!(
            normalize_url("example.com/search?u=http://x.com").as_deref(),
            Ok("http://example.com/search?u=http://x.com")
        );
    }

    #[test]
    fn normalize_url_errors() {
        assert_eq!(normalize_url(""), Err(UrlError::Empty));
        assert_eq!(normalize_url("   "), Err(UrlError::Empty));
        assert_eq!(normalize_url("http://e.com:99999/"), Err(UrlError::InvalidPort));
        assert_eq!(normalize_url("http://e.com:8o/"), Err(UrlError::InvalidPort));
    }

    #[test]
    fn normalised_url_matches_escaped_rules() {
        let robots = "User-agent: *\nDisallow: /caf%C3%A9";
        let typed = "http://e.com/café";
        assert_eq!(verdict(robots, "x", typed), (true, 0), "the engine takes the URL as given");
        assert_eq!(verdict(robots, "x", &normalize_url(typed).unwrap()), (false, 2));
    }
}

// ---------------------------------------------------------------------------------------------------------
// B4: which robots.txt governs a URL.
// ---------------------------------------------------------------------------------------------------------

mod b4_robots_url {
    use super::*;

    #[test]
    fn robots_url_table() {
        let cases = [
            ("http://example.com/folder/file", "http://example.com/robots.txt"),
            ("http://example.com", "http://example.com/robots.txt"),
            ("https://WWW.Example.com:443/a/b?c", "https://www.example.com/robots.txt"),
            ("http://example.com:80/", "http://example.com/robots.txt"),
            ("http://example.com:8181/x", "http://example.com:8181/robots.txt"),
            ("https://example.com:80/", "https://example.com:80/robots.txt"),
            ("http://example.com:443/", "http://example.com:443/robots.txt"),
            ("ftp://example.com:21/f", "ftp://example.com/robots.txt"),
            ("HTTP://EXAMPLE.COM/A#f", "http://example.com/robots.txt"),
            ("http://212.96.82.21/a", "http://212.96.82.21/robots.txt"),
            ("http://www.müller.eu/x", "http://www.xn--mller-kva.eu/robots.txt"),
            ("http://www.xn--mller-kva.eu/x", "http://www.xn--mller-kva.eu/robots.txt"),
            ("http://ÜBER.de/", "http://xn--ber-goa.de/robots.txt"),
        ];
        for (page, expected) in cases {
            assert_eq!(robots_url(page).as_deref(), Ok(expected), "{page:?}");
        }
    }

    #[test]
    fn robots_url_errors() {
        assert_eq!(robots_url(""), Err(UrlError::Empty));
        assert!(robots_url("/just/a/path").is_err());
        assert_eq!(robots_url("http://e.com:99999/"), Err(UrlError::InvalidPort));
    }

    #[test]
    fn seed_table() {
        use Governs::*;
        let cases = [
            ("http://example.com/robots.txt", "http://example.com/", Yes),
            ("http://example.com/robots.txt", "http://example.com/folder/file", Yes),
            ("http://example.com/robots.txt", "http://other.example.com/", Subdomain),
            ("http://example.com/robots.txt", "https://example.com/", OtherScheme),
            ("http://example.com/robots.txt", "http://example.com:8181/", OtherPort),
            ("http://www.example.com/robots.txt", "http://example.com/", Subdomain),
            ("http://www.example.com/robots.txt", "http://shop.www.example.com/", Subdomain),
            ("http://example.com/folder/robots.txt", "http://example.com/folder/file", NotAtRoot),
            ("http://212.96.82.21/robots.txt", "http://212.96.82.21/", Yes),
            ("http://212.96.82.21/robots.txt", "http://212.96.82.21/page?x", Yes),
            ("http://212.96.82.21/robots.txt", "http://example.com/", OtherHost),
            ("http://212.96.82.21/robots.txt", "http://212.96.82.22/", OtherHost),
            ("http://example.com:80/robots.txt", "http://example.com/", Yes),
        ];
        for (robots, page, expected) in cases {
            assert_eq!(governs(robots, page), Ok(expected), "{robots} for {page}");
        }
    }

    #[test]
    fn default_ports_and_case() {
        use Governs::*;
        let cases = [
            ("http://example.com/robots.txt", "http://example.com:80/a", Yes),
            ("https://example.com:443/robots.txt", "https://example.com/a", Yes),
            ("ftp://example.com:21/robots.txt", "ftp://example.com/a", Yes),
            ("http://example.com/robots.txt", "http://example.com:443/", OtherPort),
            ("https://example.com/robots.txt", "https://example.com:80/", OtherPort),
            ("http://example.com/robots.txt", "HTTP://EXAMPLE.com/a", Yes),
            ("http://example.com/robots.txt", "http://badexample.com/", OtherHost),
            ("http://example.com/robots.txt", "http://example.com.evil.org/", OtherHost),
        ];
        for (robots, page, expected) in cases {
            assert_eq!(governs(robots, page), Ok(expected), "{robots} for {page}");
        }
    }

    #[test]
    fn idn_spellings_are_the_same_host() {
        assert_eq!(governs("http://www.müller.eu/robots.txt", "http://www.xn--mller-kva.eu/x"), Ok(Governs::Yes));
        assert_eq!(governs("http://www.xn--mller-kva.eu/robots.txt", "http://www.müller.eu/x"), Ok(Governs::Yes));
        assert_eq!(governs("http://www.xn--mller-kva.eu/robots.txt", "http://www.MÜLLER.eu/x"), Ok(Governs::Yes));
        assert_eq!(governs("http://www.müller.eu/robots.txt", "http://www.muller.eu/x"), Ok(Governs::OtherHost));
    }

    #[test]
    fn robots_url_of_a_page_governs_it() {
        for page in ["http://example.com/a/b", "https://www.müller.eu:8443/x?y", "http://212.96.82.21:80/"] {
            let robots = robots_url(page).unwrap();
            assert_eq!(governs(&robots, page), Ok(Governs::Yes), "{page}");
        }
    }

    #[test]
    fn host_with_a_bare_colon_is_rejected() {
        // `e::` is host `e` with the port `:`, which is no number; `::1` is an IPv6 address without brackets.
        assert!(robots_url("http://e::/").is_err(), "{:?}", robots_url("http://e::/"));
        assert!(robots_url("http://::1/").is_err(), "{:?}", robots_url("http://::1/"));
    }

    #[test]
    fn ip_hosts_are_never_subdomains() {
        assert_eq!(governs("http://212.96.82.21/robots.txt", "http://96.82.21/"), Ok(Governs::OtherHost));
    }
}

// ---------------------------------------------------------------------------------------------------------
// B5: fetch outcomes.
// ---------------------------------------------------------------------------------------------------------

mod b5_fetch {
    use super::*;

    #[test]
    fn success_parses_the_body() {
        assert_eq!(fetch_outcome(200), FetchOutcome::ParseBody);
        assert_eq!(fetch_outcome(204), FetchOutcome::ParseBody);
    }

    #[test]
    fn redirects_are_followed() {
        assert_eq!(fetch_outcome(301), FetchOutcome::FollowRedirect);
        assert_eq!(fetch_outcome(302), FetchOutcome::FollowRedirect);
        assert_eq!(fetch_outcome(308), FetchOutcome::FollowRedirect);
    }

    #[test]
    fn client_errors_allow_everything() {
        // SPEC B5: every 4xx, 401 and 403 included, means "no robots.txt"...
        for status in [400, 401, 403, 404, 410, 499] {
            assert_eq!(fetch_outcome(status), FetchOutcome::AllowAll, "{status}");
        }
    }

    #[test]
    fn too_many_requests_is_a_server_error() {
        // ...except 429, which Google's documentation treats as a server error: the server asks for less
        // traffic, it does not say the file is missing.
        assert_eq!(fetch_outcome(429), FetchOutcome::DisallowAll);
    }

    #[test]
    fn server_errors_disallow_everything() {
        for status in [500, 502, 503, 504, 599] {
            assert_eq!(fetch_outcome(status), FetchOutcome::DisallowAll, "{status}");
        }
    }
}

// ---------------------------------------------------------------------------------------------------------
// B1: the plain-language explanation.
// ---------------------------------------------------------------------------------------------------------

mod b1_explain {
    use super::*;

    fn explain(robots: &str, agent: &str, url: &str) -> String {
        let r = Robots::parse(robots);
        let v = r.check(agent, url);
        r.explain(&v, agent)
    }

    #[test]
    fn global_group_and_a_plain_match() {
        assert_eq!(
            explain("User-agent: *\nDisallow: /private/\n", "Bingbot", "/private/x"),
            "Bingbot has no group of its own, so the `*` group (lines 1-2) applies. \
             `Disallow: /private/` (line 2, priority 9) matches, so the URL is disallowed."
        );
    }

    #[test]
    fn no_group_at_all() {
        assert_eq!(
            explain("User-agent: a\nDisallow: /\n", "b", "/x"),
            "No group names b and there is no `*` group, so everything is allowed."
        );
    }

    #[test]
    fn ties_go_to_allow() {
        assert_eq!(
            explain("User-agent: *\nDisallow: /a\nAllow: /a\n", "x", "/a"),
            "x has no group of its own, so the `*` group (lines 1-3) applies. \
             `Allow: /a` (line 3, priority 2) and `Disallow: /a` (line 2, priority 2) have the same priority, \
             and ties go to Allow, so the URL is allowed."
        );
    }

    #[test]
    fn nothing_matches_or_only_an_empty_rule() {
        let text = explain("User-agent: x\nDisallow: /a\n", "x", "/b");
        assert!(text.ends_with("No rule matches `/b`, so the URL is allowed."), "{text}");
        let text = explain("User-agent: x\nDisallow:\n", "x", "/b");
        let empty =
            "Only `Disallow: ` (line 2, priority 0) matches, and an empty rule decides nothing, so the URL is allowed.";
        assert!(text.ends_with(empty), "{text}");
    }

    #[test]
    fn index_html_rule_and_several_groups() {
        let text = explain("User-agent: x\nDisallow: /d/\n\nUser-agent: x\nAllow: /d/index.html\n", "x", "/d/");
        assert!(text.starts_with("x has its own groups (lines 1-2, lines 4-5)."), "{text}");
        assert!(
            text.contains("`Allow: /d/index.html` (line 5, priority 4, as Google's index.html rule) beats"),
            "{text}"
        );
    }
}
