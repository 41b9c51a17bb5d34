//! Interpretation profiles (SPEC B6, issue 13): hand-written cases for each rule of the `rfc9309` and `1994`
//! readings, each citing the sentence of RFC 9309 or of the 1994 standard ("A Standard for Robot Exclusion",
//! robotstxt.org/orig.html) it comes from, then property tests.
//!
//! `verdict(file, profile, agent, url)` gives (allowed, deciding line).

use proptest::prelude::*;
use robotscope::{resolve_agent, Profile, Robots, Scope};

#[track_caller]
fn verdict(file: &str, profile: Profile, agent: &str, url: &str) -> (bool, usize) {
    let v = Robots::parse(file).reading(profile).check(agent, url);
    (v.allowed, v.line)
}

fn rfc(file: &str, agent: &str, url: &str) -> (bool, usize) {
    verdict(file, Profile::Rfc9309, agent, url)
}

fn old(file: &str, agent: &str, url: &str) -> (bool, usize) {
    verdict(file, Profile::Original1994, agent, url)
}

fn google(file: &str, agent: &str, url: &str) -> (bool, usize) {
    verdict(file, Profile::Google, agent, url)
}

#[test]
fn profile_names() {
    let names: Vec<&str> = Profile::ALL.iter().map(|p| p.as_str()).collect();
    assert_eq!(names, ["google", "rfc9309", "1994"]);
    for p in Profile::ALL {
        assert_eq!(Profile::parse(p.as_str()), Some(p));
        assert_eq!(p.to_string(), p.as_str());
    }
    assert_eq!(Profile::parse(" Google "), Some(Profile::Google));
    assert_eq!(Profile::parse("rfc 9309"), None);
    assert_eq!(Profile::default(), Profile::Google);
}

mod rfc9309 {
    use super::*;

    /// Section 2.2: `rule = *WS ("allow" / "disallow") *WS ":" *WS (path-pattern / empty-pattern) EOL`, and ABNF
    /// strings are case-insensitive: the keys are exactly these words, in any case, then optional whitespace
    /// and a colon.
    #[test]
    fn keys_are_exact_words_followed_by_a_colon() {
        let file = |line: &str| format!("User-agent: *\n{line}\n");
        for line in ["Disallow: /x", "DISALLOW: /x", "disallow:/x", "Disallow : /x", "Disallow\t:\t/x"] {
            assert_eq!(rfc(&file(line), "Bot", "/x"), (false, 2), "{line}");
            assert_eq!(google(&file(line), "Bot", "/x"), (false, 2), "{line}");
        }
        // Google's typos, prefix keys and missing colons are not RFC 9309 keys.
        for line in ["Dissallow: /x", "Disalow: /x", "Disallowed: /x", "Disallow /x", "Disallow\t/x"] {
            assert_eq!(rfc(&file(line), "Bot", "/x"), (true, 0), "{line}");
            assert_eq!(google(&file(line), "Bot", "/x"), (false, 2), "{line}");
        }
        // `Disallow /a:b`: Google reads disallow `b` through the first colon; the key is not `disallow` here.
        assert_eq!(rfc("User-agent: *\nDisallow /a:b\nDisallow: /\n", "Bot", "/a:b"), (false, 3));
        // `useragent` and `user agent` start no group: the rule after them joins the `*` group.
        let typo = "User-agent: *\nDisallow: /a\n\nuseragent: Bot\nDisallow: /b\n";
        assert_eq!(google(typo, "Bot", "/a"), (true, 0));
        assert_eq!(rfc(typo, "Bot", "/a"), (false, 2));
        assert_eq!(rfc(typo, "Bot", "/b"), (false, 5));
    }

    /// Section 2.2: `product-token = identifier / "*"`, `identifier = 1*(%x2D / %x41-5A / %x5F / %x61-7A)`.
    /// A value that is neither names no crawler; Google reduces it to its leading token.
    #[test]
    fn user_agent_values_are_product_tokens_or_star() {
        let file = "User-agent: Googlebot/2.1\nDisallow: /g\n\nUser-agent: *\nDisallow: /all\n";
        assert_eq!(google(file, "Googlebot", "/g"), (false, 2));
        assert_eq!(rfc(file, "Googlebot", "/g"), (true, 0));
        assert_eq!(rfc(file, "Googlebot", "/all"), (false, 5));
        // `* FooBot` is `*` to Google (SPEC A4.1) and nothing to RFC 9309.
        let star = "User-agent: * FooBot\nDisallow: /x\n";
        assert_eq!(google(star, "Bot", "/x"), (false, 2));
        assert_eq!(rfc(star, "Bot", "/x"), (true, 0));
        let v = Robots::parse(star).reading(Profile::Rfc9309).check("Bot", "/x");
        assert_eq!(v.scope, Scope::None);
        // Section 2.2.1: "Crawlers MUST use case-insensitive matching to find the group that matches the product
        // token".
        assert_eq!(rfc("User-agent: FOOBOT\nDisallow: /\n", "foobot", "/a"), (false, 2));
        // The crawler's own name is compared whole, as Google does: `FooBot/1.0` is not `FooBot`.
        assert_eq!(rfc("User-agent: FooBot\nDisallow: /\n", "FooBot/1.0", "/a"), (true, 0));
    }

    /// Section 2.2.2: "The /robots.txt URI is implicitly allowed."
    #[test]
    fn robots_txt_is_always_allowed() {
        let file = "User-agent: *\nDisallow: /\n";
        assert_eq!(google(file, "Bot", "/robots.txt"), (false, 2));
        assert_eq!(rfc(file, "Bot", "/robots.txt"), (true, 0));
        assert_eq!(rfc(file, "Bot", "https://example.com/robots.txt"), (true, 0));
        assert_eq!(rfc(file, "Bot", "/robots.txt.bak"), (false, 2));
        let r = Robots::parse(file);
        let reading = r.reading(Profile::Rfc9309);
        let v = reading.check("Bot", "/robots.txt");
        assert!(reading.explain(&v, "Bot").contains("RFC 9309 always allows `/robots.txt` itself (section 2.2.2)"));
    }

    /// Section 2.2.2, its example table: "/foo/bar/%62%61%7A" is matched as "/foo/bar/baz" (an encoded
    /// unreserved character equals the character), both ways round.
    #[test]
    fn encoded_unreserved_characters_equal_the_characters() {
        let rule = |p: &str| format!("User-agent: *\nDisallow: {p}\n");
        assert_eq!(rfc(&rule("/foo/bar/%62%61%7A"), "Bot", "/foo/bar/baz"), (false, 2));
        assert_eq!(rfc(&rule("/foo/bar/baz"), "Bot", "/foo/bar/%62%61%7A"), (false, 2));
        assert_eq!(google(&rule("/foo/bar/%62%61%7A"), "Bot", "/foo/bar/baz"), (true, 0));
        // The 1996 draft's table, which RFC 9309 keeps: `/%7Ejoe` is `/~joe`, in either case of hex.
        assert_eq!(rfc(&rule("/%7Ejoe/"), "Bot", "/~joe/index.html"), (false, 2));
        assert_eq!(rfc(&rule("/~joe/"), "Bot", "/%7ejoe/index.html"), (false, 2));
        // "unless it is a reserved character": `%2F` stays distinct from `/`, and `%3c` equals `%3C`.
        assert_eq!(rfc(&rule("/a%2Fb"), "Bot", "/a/b"), (true, 0));
        assert_eq!(rfc(&rule("/a/b"), "Bot", "/a%2fb"), (true, 0));
        assert_eq!(rfc(&rule("/a%2fb"), "Bot", "/a%2Fb"), (false, 2));
        assert_eq!(rfc(&rule("/a%3cd"), "Bot", "/a%3Cd.html"), (false, 2));
    }

    /// Section 2.2.2: "Octets in the URI and robots.txt paths outside the range of the ASCII coded character
    /// set ... MUST be percent-encoded"; its table: "/foo/bar/ツ" is matched as "/foo/bar/%E3%83%84".
    #[test]
    fn non_ascii_equals_its_utf8_escapes() {
        let file = "User-agent: *\nDisallow: /foo/bar/ツ\n";
        assert_eq!(rfc(file, "Bot", "/foo/bar/%E3%83%84"), (false, 2));
        assert_eq!(rfc(file, "Bot", "/foo/bar/ツ"), (false, 2));
        assert_eq!(rfc("User-agent: *\nDisallow: /foo/bar/%E3%83%84\n", "Bot", "/foo/bar/ツ"), (false, 2));
        // Google escapes the rule but never the URL (SPEC A3).
        assert_eq!(google(file, "Bot", "/foo/bar/ツ"), (true, 0));
    }

    /// Section 2.2.2, its table: "/foo/bar?baz=https://foo.bar" is matched as
    /// "/foo/bar?baz=https%3A%2F%2Ffoo.bar": the reserved `:` and `/` are encoded inside the query, while the
    /// path's `/`, the `?` and the `=` stay (see `canonical` in the core for how the table is read).
    #[test]
    fn reserved_characters_in_the_query() {
        let file = "User-agent: *\nDisallow: /foo/bar?baz=https://foo.bar\n";
        assert_eq!(rfc(file, "Bot", "/foo/bar?baz=https%3A%2F%2Ffoo.bar"), (false, 2));
        assert_eq!(rfc(file, "Bot", "/foo/bar?baz=https://foo.bar"), (false, 2));
        assert_eq!(google(file, "Bot", "/foo/bar?baz=https%3A%2F%2Ffoo.bar"), (true, 0));
        let v = Robots::parse(file).reading(Profile::Rfc9309).check("Bot", "/foo/bar?baz=https://foo.bar");
        assert_eq!(v.path, "/foo/bar?baz=https%3A%2F%2Ffoo.bar");
        assert_eq!(v.decided_by.unwrap().pattern, "/foo/bar?baz=https%3A%2F%2Ffoo.bar");
    }

    /// Section 2.2.3: "If crawlers match special characters verbatim in the URI, crawlers SHOULD use "%"
    /// encoding": `/path/file-with-a-%2A.html` matches `/path/file-with-a-*.html`, `/path/foo-%24` matches
    /// `/path/foo-$`; in a pattern `*` is any sequence and a final `$` the end.
    #[test]
    fn special_characters() {
        let rule = |p: &str| format!("User-agent: *\nDisallow: {p}\n");
        assert_eq!(rfc(&rule("/path/file-with-a-%2A.html"), "Bot", "/path/file-with-a-*.html"), (false, 2));
        assert_eq!(rfc(&rule("/path/foo-%24"), "Bot", "/path/foo-$"), (false, 2));
        assert_eq!(rfc(&rule("/path/file-with-a-%2A.html"), "Bot", "/path/file-with-a-x.html"), (true, 0));
        assert_eq!(rfc(&rule("/*.php$"), "Bot", "/a/b.php"), (false, 2));
        assert_eq!(rfc(&rule("/*.php$"), "Bot", "/a/b.php?x"), (true, 0));
    }

    /// Section 2.2.2: "The most specific match found MUST be used. The most specific match is the match that
    /// has the most octets." and "If an allow rule and a disallow rule are equivalent, then the allow rule
    /// SHOULD be used."
    #[test]
    fn longest_match_and_allow_on_ties() {
        assert_eq!(rfc("User-agent: *\nAllow: /p\nDisallow: /\n", "Bot", "/page"), (true, 2));
        assert_eq!(rfc("User-agent: *\nAllow: /page\nDisallow: /*.htm\n", "Bot", "/page.htm"), (false, 3));
        assert_eq!(rfc("User-agent: *\nAllow: /folder\nDisallow: /folder\n", "Bot", "/folder/page"), (true, 2));
        assert_eq!(rfc("User-agent: *\nDisallow: /folder\nAllow: /folder\n", "Bot", "/folder/page"), (true, 3));
    }

    /// Nothing in RFC 9309 retries an `Allow` for `index.html` (SPEC A5.4 is Google's own rule).
    #[test]
    fn no_index_html_rule() {
        let file = "User-agent: *\nDisallow: /d/\nAllow: /d/index.html\n";
        assert_eq!(google(file, "Bot", "/d/"), (true, 3));
        assert_eq!(rfc(file, "Bot", "/d/"), (false, 2));
        assert_eq!(rfc(file, "Bot", "/d/index.html"), (true, 3));
    }

    /// Section 2.5 sets a lower bound on how much is parsed (500 KiB) and no limit on a line: the
    /// 16,663-byte line cap is Google's (SPEC A2.4).
    #[test]
    fn no_line_cap() {
        let long = "a".repeat(20_000);
        let file = format!("User-agent: *\nDisallow: /{long}b\n");
        let url = format!("/{long}c");
        assert_eq!(google(&file, "Bot", &url), (false, 2), "Google cut the rule to `/aaa…`");
        assert_eq!(rfc(&file, "Bot", &url), (true, 0));
        assert_eq!(rfc(&file, "Bot", &format!("/{long}b")), (false, 2));
    }

    /// Section 2.2.1: "If there is more than one group matching the user-agent, the matching groups' rules
    /// MUST be combined into one group"; "If no matching group exists, crawlers MUST obey the group with a
    /// user-agent line with the "*" value, if present"; "If no group matches the product token and there is
    /// no group with a user-agent line with the "*" value, or no groups are present at all, no rules apply."
    #[test]
    fn groups() {
        let file = "User-agent: a\nDisallow: /x\n\nUser-agent: *\nDisallow: /\n\nUser-agent: a\nAllow: /x/y\n";
        assert_eq!(rfc(file, "a", "/x/y"), (true, 8));
        assert_eq!(rfc(file, "a", "/x/z"), (false, 2));
        assert_eq!(rfc(file, "a", "/other"), (true, 0));
        assert_eq!(rfc(file, "b", "/other"), (false, 5));
        assert_eq!(rfc("User-agent: a\nDisallow: /\n", "b", "/x"), (true, 0));
        assert_eq!(rfc("", "b", "/x"), (true, 0));
        // Section 2.2: `group = startgroupline *(startgroupline / emptyline) *(rule / emptyline)`.
        let shared = "User-agent: a\nUser-agent: b\nDisallow: /s\n";
        assert_eq!(rfc(shared, "b", "/s"), (false, 3));
    }

    #[test]
    fn explanation_names_the_lines_it_passes_over() {
        let robots = Robots::parse("User-agent: *\nDisallow /private\nDisallow: /tmp/\n");
        let reading = robots.reading(Profile::Rfc9309);
        let v = reading.check("GPTBot", "/private");
        assert_eq!(
            reading.explain(&v, "GPTBot"),
            "No group names GPTBot for an RFC 9309 crawler, so it obeys the `*` group (lines 1-3). No rule matches \
             `/private`, so the URL is allowed. It passes over line 2 (`Disallow /private`), which is not RFC 9309 \
             syntax."
        );
        let ignored: Vec<(usize, &str)> = reading.ignored().iter().map(|i| (i.line, i.why.name())).collect();
        assert_eq!(ignored, [(2, "missing-colon")]);
        // Three lines are all quoted; from the fourth on they are counted.
        let why = |file: &str| {
            let robots = Robots::parse(file);
            let reading = robots.reading(Profile::Rfc9309);
            let v = reading.check("GPTBot", "/");
            let text = reading.explain(&v, "GPTBot");
            text[text.find(" It passes over").unwrap()..].to_string()
        };
        assert_eq!(
            why("User-agent: *\nDissallow: /a\nDissallow: /b\nDisallow /c\n"),
            " It passes over line 2 (`Dissallow: /a`), line 3 (`Dissallow: /b`) and line 4 (`Disallow /c`), which are \
             not RFC 9309 syntax."
        );
        assert_eq!(
            why("User-agent: *\nDissallow: /a\nDissallow: /b\nDisallow /c\nUser agent: x\n"),
            " It passes over line 2 (`Dissallow: /a`), line 3 (`Dissallow: /b`), line 4 (`Disallow /c`) and 1 more, \
             which are not RFC 9309 syntax."
        );
    }
}

mod y1994 {
    use super::*;

    /// The standard's second example: "User-agent: cybermapper / Disallow:" gives that robot everything, while
    /// the `*` record keeps every other robot out of /cyberworld/map/.
    const CYBERMAPPER: &str = "\
# robots.txt for http://www.example.com/

User-agent: *
Disallow: /cyberworld/map/ # This is an infinite virtual URL space

# Cybermapper knows where to go.
User-agent: cybermapper
Disallow:
";

    #[test]
    fn the_cybermapper_record() {
        assert_eq!(old(CYBERMAPPER, "cybermapper", "/cyberworld/map/index.html"), (true, 8));
        assert_eq!(old(CYBERMAPPER, "OtherBot", "/cyberworld/map/index.html"), (false, 4));
        let robots = Robots::parse(CYBERMAPPER);
        let reading = robots.reading(Profile::Original1994);
        let v = reading.check("cybermapper", "/cyberworld/map/");
        assert_eq!(
            reading.explain(&v, "cybermapper"),
            "A 1994 robot stops at the first record that names it: lines 7-8 (`User-agent: cybermapper`). Its \
             `Disallow:` (line 8) is empty, which allows everything, so the URL is allowed."
        );
    }

    /// "Disallow: /help disallows both /help.html and /help/index.html, whereas Disallow: /help/ would
    /// disallow /help/index.html but allow /help.html."
    #[test]
    fn help_versus_help_slash() {
        let help = "User-agent: *\nDisallow: /help\n";
        assert_eq!(old(help, "Bot", "/help.html"), (false, 2));
        assert_eq!(old(help, "Bot", "/help/index.html"), (false, 2));
        let slash = "User-agent: *\nDisallow: /help/\n";
        assert_eq!(old(slash, "Bot", "/help/index.html"), (false, 2));
        assert_eq!(old(slash, "Bot", "/help.html"), (true, 0));
    }

    /// "Any empty value, indicates that all URLs can be retrieved."
    #[test]
    fn an_empty_disallow_allows_everything() {
        assert_eq!(old("User-agent: *\nDisallow:\n", "Bot", "/anything"), (true, 2));
        // The third example, "# go away": `Disallow: /` keeps everything out.
        assert_eq!(old("# go away\nUser-agent: *\nDisallow: /\n", "Bot", "/anything"), (false, 3));
    }

    /// "If the value is '*', the record describes the default access policy for any robot that has not
    /// matched any of the other records": the `*` record applies only when no other record does, wherever
    /// it stands.
    #[test]
    fn the_star_record_applies_only_when_no_other_does() {
        let file = "User-agent: *\nDisallow: /\n\nUser-agent: a\nDisallow: /private\n";
        assert_eq!(old(file, "a", "/public"), (true, 0));
        assert_eq!(old(file, "a", "/private/x"), (false, 5));
        assert_eq!(old(file, "b", "/public"), (false, 2));
        let v = Robots::parse(file).reading(Profile::Original1994).check("b", "/public");
        assert_eq!((v.scope, v.group_lines.as_slice()), (Scope::Global, &[1, 2][..]));
        // A record's lines in file order, its `User-agent` and `Disallow` lines mixed.
        let file = "Disallow: /a\nUser-agent: b\nDisallow: /b\nUser-agent: c\n\nUser-agent: *\nDisallow: /\n";
        let v = Robots::parse(file).reading(Profile::Original1994).check("b", "/x");
        assert_eq!((v.scope, v.group_lines.as_slice()), (Scope::Specific, &[1, 2, 3, 4][..]));
        // RFC 9309 combines the groups that name the crawler: their lines, in file order.
        let file = "User-agent: a\nUser-agent: b\nDisallow: /a\n\nUser-agent: *\nDisallow: /\nUser-agent: b\nAllow: /";
        let v = Robots::parse(file).reading(Profile::Rfc9309).check("b", "/x");
        assert_eq!((v.scope, v.group_lines.as_slice()), (Scope::Specific, &[1, 2, 3, 7, 8][..]));
        assert_eq!(old("User-agent: a\nDisallow: /\n", "b", "/x"), (true, 0));
    }

    /// "The robot should be liberal in interpreting this field. A case insensitive substring match of the name
    /// without version information is recommended." The first record that names the robot wins: records are
    /// not merged.
    #[test]
    fn substring_match_and_the_first_record_wins() {
        let file = "User-agent: WebCrawler/3.0\nDisallow: /a\n\nUser-agent: webcrawler\nDisallow: /b\n";
        assert_eq!(old(file, "WebCrawler", "/a"), (false, 2));
        assert_eq!(old(file, "WebCrawler", "/b"), (true, 0), "the second record is never read");
        assert_eq!(old(file, "MyWebCrawler/1.0", "/a"), (false, 2));
        assert_eq!(google(file, "WebCrawler", "/b"), (false, 5), "Google merges both groups");
        // A record for `googlebot` names Googlebot-Image too, which Google never does by itself.
        let g = "User-agent: googlebot\nDisallow: /photos/\n";
        assert_eq!(old(g, "Googlebot-Image", "/photos/a.jpg"), (false, 2));
        assert_eq!(google(g, "Googlebot-Image", "/photos/a.jpg"), (true, 0));
    }

    /// "The file consists of one or more records separated by one or more blank lines"; "Lines containing
    /// only a comment are discarded completely, and therefore do not indicate a record boundary."
    #[test]
    fn records_and_blank_lines() {
        assert_eq!(old("User-agent: a\n# note\nDisallow: /x\n", "a", "/x"), (false, 3));
        // A blank line ends the record: the `Disallow` below belongs to a record that names nobody.
        assert_eq!(old("User-agent: a\n\nDisallow: /x\n", "a", "/x"), (true, 0));
        assert_eq!(google("User-agent: a\n\nDisallow: /x\n", "a", "/x"), (false, 3));
        // Without blank lines, two groups are one record for both robots.
        let joined = "User-agent: a\nDisallow: /a\nUser-agent: b\nDisallow: /b\n";
        assert_eq!(old(joined, "a", "/b"), (false, 4));
        assert_eq!(google(joined, "a", "/b"), (true, 0));
    }

    /// "Unrecognised headers are ignored." The 1994 standard has `User-agent` and `Disallow` only: `Allow` is
    /// ignored; the path is compared byte for byte with no wildcards; "The field name is case insensitive."
    #[test]
    fn allow_and_wildcards_do_not_exist() {
        let file = "User-agent: *\nDisallow: /\nAllow: /public\n";
        assert_eq!(old(file, "Bot", "/public/x"), (false, 2));
        assert_eq!(google(file, "Bot", "/public/x"), (true, 3));
        let stars = "user-agent: *\nDISALLOW: /*.gif\nDisallow: /end$\n";
        assert_eq!(old(stars, "Bot", "/a.gif"), (true, 0));
        assert_eq!(old(stars, "Bot", "/*.gif"), (false, 2));
        assert_eq!(old(stars, "Bot", "/end"), (true, 0));
        assert_eq!(old(stars, "Bot", "/end$/x"), (false, 3));
    }

    /// "any URL that starts with this value will not be retrieved": the first `Disallow` the path starts
    /// with is the deciding line, not the longest.
    #[test]
    fn the_first_matching_disallow_decides() {
        let file = "User-agent: *\nDisallow: /a\nDisallow: /ab\n";
        let v = Robots::parse(file).reading(Profile::Original1994).check("Bot", "/abc");
        assert_eq!((v.allowed, v.line, v.matches.len()), (false, 2, 2));
    }

    /// "The presence of an empty "/robots.txt" file has no explicit associated semantics, it will be treated
    /// as if it was not present, i.e. all robots will consider themselves welcome."
    #[test]
    fn an_empty_file_welcomes_everyone() {
        assert_eq!(old("", "Bot", "/x"), (true, 0));
        let v = Robots::parse("").reading(Profile::Original1994).check("Bot", "/x");
        assert_eq!(v.scope, Scope::None);
    }
}

#[test]
fn typed_agents_follow_their_presets_under_every_profile() {
    let robots = Robots::parse("User-agent: Googlebot\nDisallow: /photos/\n\nUser-agent: *\nAllow: /\n");
    let agent = resolve_agent("Googlebot-Image");
    for p in [Profile::Google, Profile::Rfc9309] {
        let reading = robots.reading(p);
        let c = reading.check_agent(&agent, "/photos/a.jpg");
        assert_eq!((c.verdict.allowed, c.verdict.line, c.follows.as_deref()), (false, 2, Some("Googlebot")), "{p}");
        assert_eq!(reading.agent_token(&agent).as_deref(), Some("Googlebot"));
    }
    // For the 1994 reading, `googlebot` is part of `googlebot-image`: the preset's own token finds the record.
    let reading = robots.reading(Profile::Original1994);
    let c = reading.check_agent(&agent, "/photos/a.jpg");
    assert_eq!((c.verdict.allowed, c.verdict.line, c.follows.as_deref()), (false, 2, None));
    // AdsBot ignores `*` under every profile: no group names it, so nothing applies.
    let ads = resolve_agent("AdsBot-Google");
    for p in Profile::ALL {
        let robots = Robots::parse("User-agent: *\nDisallow: /\n");
        let reading = robots.reading(p);
        let c = reading.check_agent(&ads, "/x");
        assert_eq!((c.token.as_deref(), c.verdict.allowed), (None, true), "{p}");
        assert!(reading.explain_agent(&ads, &c).contains("ignores the `*` group"), "{p}");
    }
}

#[test]
fn compare_marks_the_rows_that_differ() {
    let robots =
        Robots::parse("User-agent: Bingbot\nDisallow: /images\nAllow: /images\n\nUser-agent: *\nDisallow /private\n");
    let c = robots.compare(&Profile::ALL, &["Bingbot", "GPTBot"], &["/images/a", "/private"]);
    let rows: Vec<(usize, usize, Vec<bool>, bool)> =
        c.rows.iter().map(|r| (r.url, r.agent, r.verdicts.iter().map(|v| v.allowed).collect(), r.differs)).collect();
    assert_eq!(
        rows,
        [
            (0, 0, vec![true, true, false], true),
            (0, 1, vec![true, true, true], false),
            (1, 0, vec![true, true, true], false),
            (1, 1, vec![false, true, true], true),
        ]
    );
    assert!(c.rows[0].lines_differ);
    let why = c.readings[2].explain(&c.rows[0].verdicts[2], "Bingbot");
    assert!(why.starts_with("A 1994 robot stops at the first record that names it: lines 1-2"), "{why}");
    // Agents pooled as Google pools them work too.
    let pooled = robots.compare(&[Profile::Google], &[["Bingbot", "GPTBot"]], &["/private"]);
    assert!(pooled.rows[0].verdicts[0].allowed);
}

// ---------------------------------------------------------------------------------------------------------
// Properties.
// ---------------------------------------------------------------------------------------------------------

/// Lines of a robots.txt, RFC 9309 syntax or not, with the corners of the format.
fn any_line() -> impl Strategy<Value = String> {
    let key = prop::sample::select(vec![
        "User-agent",
        "user-agent",
        "Allow",
        "Disallow",
        "DISALLOW",
        "Dissallow",
        "Disallowed",
        "useragent",
        "Sitemap",
        "Crawl-delay",
    ]);
    let sep = prop::sample::select(vec![": ", ":", " ", " : ", "\t", ""]);
    let value = "[/a-cA-C*$%0-9?=#.~é -]{0,12}";
    prop_oneof![
        (key, sep, value).prop_map(|(k, s, v)| format!("{k}{s}{v}")),
        Just(String::new()),
        Just(String::from("# comment")),
        "[ -~]{0,20}",
    ]
}

/// A file in RFC 9309 syntax whose reading cannot differ from Google's: exact keys in any case, with `:`,
/// product tokens or `*`, patterns with no percent-escapes, no non-ASCII, `$` only at the end, no query
/// (Google leaves reserved characters there as they are) and no `index.htm`.
fn rfc_line() -> impl Strategy<Value = String> {
    let ws = prop::sample::select(vec!["", " ", "\t", "  "]);
    let pattern = ("/[a-c/._~*-]{0,10}", any::<bool>()).prop_map(|(p, end)| if end { p + "$" } else { p });
    let rule = (
        prop::sample::select(vec!["Allow", "allow", "Disallow", "DISALLOW"]),
        ws.clone(),
        ws.clone(),
        prop_oneof![pattern, Just(String::new())],
    )
        .prop_map(|(k, a, b, p)| format!("{k}{a}:{b}{p}"));
    let agent = (
        prop::sample::select(vec!["User-agent", "user-agent", "USER-AGENT"]),
        ws,
        prop_oneof![
            Just(String::from("*")),
            "[A-Za-z_-]{1,6}",
            prop::sample::select(vec!["FooBot", "foobot", "BarBot"]).prop_map(String::from),
        ],
    )
        .prop_map(|(k, w, v)| format!("{k}{w}: {v}"));
    prop_oneof![3 => rule, 2 => agent, 1 => Just(String::new()), 1 => Just(String::from("# c"))]
}

fn rfc_url() -> impl Strategy<Value = String> {
    let path = "/[a-c/._~-]{0,12}";
    let query = prop_oneof![Just(String::new()), "[?][a-c=&]{0,6}"];
    let prefix = prop::sample::select(vec!["", "http://example.com", "https://example.com:8080"]);
    (prefix, path, query).prop_map(|(p, path, q)| format!("{p}{path}{q}"))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// `google` is today's engine: the same verdict and explanation as `Robots::check` on any input.
    #[test]
    fn google_is_the_engine(
        lines in prop::collection::vec(any_line(), 0..12),
        agent in "[A-Za-z*/0-9 -]{0,8}",
        url in "[/a-c*$%?#é]{0,12}",
    ) {
        let robots = Robots::parse(lines.join("\n"));
        let reading = robots.reading(Profile::Google);
        let v = reading.check(agent.as_str(), &url);
        prop_assert_eq!(&v, &robots.check(agent.as_str(), &url));
        prop_assert_eq!(reading.explain(&v, &agent), robots.explain(&v, &agent));
        prop_assert!(reading.ignored().is_empty());
    }

    /// `rfc9309` equals `google` on files in RFC syntax and URLs with no percent-escapes, no `/robots.txt`
    /// and no `index.html` (see `rfc_line` for what else the RFC encodes).
    #[test]
    fn rfc9309_equals_google_on_rfc_syntax(
        lines in prop::collection::vec(rfc_line(), 0..14),
        agent in prop::sample::select(vec!["FooBot", "foobot", "BarBot", "Other", "a"]),
        url in rfc_url(),
    ) {
        let robots = Robots::parse(lines.join("\n"));
        let reading = robots.reading(Profile::Rfc9309);
        let (g, r) = (robots.check(agent, &url), reading.check(agent, &url));
        prop_assert_eq!((g.allowed, g.line, g.scope), (r.allowed, r.line, r.scope), "file {:?}", lines);
        prop_assert_eq!(g.matches.len(), r.matches.len());
        prop_assert!(reading.ignored().is_empty());
    }

    /// `1994` never panics on any bytes, and matches plain prefixes only: every rule that matched is a prefix
    /// of the path as written, so a `*` or `$` in a rule matches only itself.
    #[test]
    fn y1994_is_total_and_literal(
        body in prop::collection::vec(any::<u8>(), 0..300),
        lines in prop::collection::vec(any_line(), 0..12),
        agent in "[A-Za-z*/0-9 -]{0,8}",
        url in "[/a-c*$%?é]{0,12}",
    ) {
        for file in [body, lines.join("\n").into_bytes()] {
            let robots = Robots::parse(&file);
            let reading = robots.reading(Profile::Original1994);
            let v = reading.check(agent.as_str(), &url);
            let _ = reading.explain(&v, &agent);
            prop_assert!(v.group_lines.windows(2).all(|w| w[0] < w[1]), "{:?} in order", v.group_lines);
            // A value that ends inside a UTF-8 sequence shows as U+FFFD; the others are prefixes as written.
            for m in v.matches.iter().filter(|m| !m.value.contains('\u{FFFD}')) {
                prop_assert!(v.path.starts_with(m.value.as_str()), "{:?} does not start with {:?}", v.path, m.value);
            }
            if !url.contains('*') {
                prop_assert!(v.matches.iter().all(|m| !m.value.contains('*')));
            }
            prop_assert_eq!(v.allowed, v.decided_by.as_ref().is_none_or(|m| m.priority == 0));
        }
    }

    /// No reading panics on any bytes, agents or URLs, and each explains itself.
    #[test]
    fn every_reading_is_total(
        body in prop::collection::vec(any::<u8>(), 0..400),
        agent in ".{0,10}",
        url in ".{0,16}",
    ) {
        let robots = Robots::parse(&body);
        for p in Profile::ALL {
            let reading = robots.reading(p);
            let v = reading.check(agent.as_str(), &url);
            prop_assert!(!reading.explain(&v, &agent).is_empty());
            prop_assert!(v.group_lines.iter().all(|&l| l >= 1 && l <= robots.line_count()));
        }
    }
}
