//! The AI era (issue 14): the crawler catalogue's invariants, and the usage-preference lines
//! (`Content-Signal`, and `Content-Usage` from the IETF AI Preferences drafts) that never change a verdict.

use proptest::prelude::*;
use robotscope::{
    crawler_set, is_valid_agent, resolve_agent, token_from_user_agent, CrawlerKind, Obeys, Robots, CRAWLERS,
};

#[test]
fn every_catalogue_entry_has_a_valid_token_a_kind_and_a_source() {
    assert!(CRAWLERS.len() >= 60, "{} crawlers", CRAWLERS.len());
    for c in CRAWLERS {
        assert!(!c.tokens.is_empty(), "{}", c.name);
        for t in c.tokens {
            assert!(is_valid_agent(t), "{}: `{t}` is not a product token", c.name);
        }
        assert!(c.facts().source.starts_with("https://"), "{}: source {}", c.name, c.facts().source);
        let date = c.facts().as_of.as_bytes();
        assert!(date.len() == 10 && date[4] == b'-' && date[7] == b'-', "{}: date {}", c.name, c.facts().as_of);
        assert!(!c.operator.is_empty() && !c.facts().purpose.is_empty(), "{}", c.name);
        // A full User-Agent header reads back to the crawler's first token.
        if !c.facts().user_agent.is_empty() {
            assert_eq!(token_from_user_agent(c.facts().user_agent), c.tokens[0], "{}", c.name);
        }
        // Its name finds it (names are unique, ignoring case).
        assert_eq!(resolve_agent(c.name).crawler.map(|x| x.name), Some(c.name));
        // Control tokens name no crawler that fetches.
        if c.kind == CrawlerKind::ControlToken {
            assert!(c.facts().user_agent.is_empty(), "{}", c.name);
        }
    }
    assert_eq!(robotscope::CRAWLER_FACTS.len(), CRAWLERS.len());
    let names: Vec<String> = CRAWLERS.iter().map(|c| c.name.to_ascii_lowercase()).collect();
    let mut unique = names.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), names.len(), "names are unique");
    // Every kind but `other` and the statements people ask about are represented.
    for k in CrawlerKind::ALL {
        assert!(CRAWLERS.iter().any(|c| c.kind == k) || k == CrawlerKind::Other, "{k:?}");
    }
    for o in [Obeys::Yes, Obeys::MayNotApply, Obeys::No, Obeys::Unknown] {
        assert!(CRAWLERS.iter().any(|c| c.facts().obeys == o), "{o:?}");
    }
}

#[test]
fn named_groups_of_the_catalogue() {
    let names = |set: &str| crawler_set(set).unwrap().iter().map(|c| c.name).collect::<Vec<_>>();
    let training = names("@ai-training");
    assert!(training.contains(&"GPTBot") && training.contains(&"ClaudeBot") && training.contains(&"CCBot"));
    assert!(!training.contains(&"OAI-SearchBot") && !training.contains(&"Googlebot"));
    let search = names("@ai-search");
    assert!(
        search.contains(&"OAI-SearchBot") && search.contains(&"PerplexityBot") && search.contains(&"Claude-SearchBot")
    );
    let user = names("user-triggered");
    assert!(user.contains(&"ChatGPT-User") && user.contains(&"Claude-User") && user.contains(&"Perplexity-User"));
    let engines = names("@SEARCH");
    assert!(engines.contains(&"Googlebot") && engines.contains(&"Bingbot") && !engines.contains(&"GPTBot"));
    let ai = names("@ai");
    for n in training.iter().chain(&search).chain(&user).chain(&["Google-Extended", "Applebot-Extended"]) {
        assert!(ai.contains(n), "{n}");
    }
    assert!(!ai.contains(&"Googlebot"));
    assert!(crawler_set("@nonsense").is_none());
}

/// The IETF draft's own example (draft-ietf-aipref-attach): a `*` group with Allow, Disallow and two
/// `Content-Usage` lines.
const DRAFT_EXAMPLE: &str =
    "User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: / train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n";

#[test]
fn content_usage_longest_path_decides_and_only_for_crawlable_urls() {
    let robots = Robots::parse(DRAFT_EXAMPLE);
    let u = robots.usage("AnyBot", "https://example.com/ai-ok/x");
    assert_eq!(u.usage_lines, [5]);
    assert_eq!(
        u.content_usage.iter().map(|p| (p.key.as_str(), p.granted, p.line)).collect::<Vec<_>>(),
        [("train-ai", true, 5)]
    );
    let u = robots.usage("AnyBot", "https://example.com/blog/x");
    assert_eq!((u.usage_lines.as_slice(), u.content_usage[0].granted), (&[4][..], false));
    // Not crawlable: the preferences do not apply.
    let u = robots.usage("AnyBot", "https://example.com/never/x");
    assert!(!u.crawlable && u.content_usage.is_empty() && u.usage_lines.is_empty());
    // The lines change no verdict and no deciding line.
    let plain = Robots::parse("User-Agent: *\nAllow: /\nDisallow: /never/\n");
    for url in ["/", "/ai-ok/x", "/never/x", "/blog"] {
        assert_eq!(robots.decide("AnyBot", url), plain.decide("AnyBot", url), "{url}");
    }
}

#[test]
fn content_usage_lines_with_the_same_path_combine_most_restrictively() {
    let robots = Robots::parse(
        "User-agent: *\nAllow: /\nContent-Usage: /a/ train-ai=y, search=y\nContent-Usage: /a/ train-ai=n\n",
    );
    let u = robots.usage("x", "/a/page");
    assert_eq!(u.usage_lines, [3, 4]);
    let prefs: Vec<_> = u.content_usage.iter().map(|p| (p.key.as_str(), p.granted, p.line)).collect();
    assert_eq!(prefs, [("train-ai", false, 4), ("search", true, 3)]);
    // Wildcards and `$` match as in Allow and Disallow.
    let robots = Robots::parse("User-agent: *\nContent-Usage: /*.pdf$ train-ai=n\n");
    assert_eq!(robots.usage("x", "/doc.pdf").usage_lines, [2]);
    assert!(robots.usage("x", "/doc.pdf?x=1").usage_lines.is_empty());
}

#[test]
fn an_unparseable_dictionary_makes_every_preference_unknown() {
    let robots = Robots::parse("User-agent: *\nContent-Usage: / Train-AI=n\nContent-Usage: /a train-ai=y\n");
    let u = robots.usage("x", "/b");
    assert!(u.usage_unknown && u.content_usage.is_empty());
    assert_eq!(u.usage_lines, [2]);
    assert_eq!(robots.content_usage_lines()[0].preferences, None);
    // The longer valid line still decides where it matches.
    assert!(!robots.usage("x", "/a").usage_unknown);
}

#[test]
fn content_usage_follows_the_group_that_applies() {
    let robots = Robots::parse(
        "User-agent: GPTBot\nAllow: /\nContent-Usage: / train-ai=n\n\nUser-agent: *\nAllow: /\n\
         Content-Usage: / train-ai=y\n",
    );
    assert!(!robots.usage("GPTBot", "/x").content_usage[0].granted);
    assert!(robots.usage("OtherBot", "/x").content_usage[0].granted);
    // A crawler that follows another's group (a preset's fallback) gets that group's lines.
    let robots = Robots::parse(
        "User-agent: Googlebot\nAllow: /\nContent-Usage: / train-ai=n\n\nUser-agent: *\nContent-Usage: / train-ai=y\n",
    );
    let image = resolve_agent("Googlebot-Image");
    let check = robots.check_agent(&image, "/x");
    assert_eq!(robots.usage_for(&check.verdict).usage_lines, [3]);
}

#[test]
fn content_signal_from_the_group_else_from_before_any_group() {
    let robots = Robots::parse(
        "Content-Signal: search=yes, ai-train=no\n\nUser-agent: *\nAllow: /\n\n\
         User-agent: GPTBot\nContent-Signal: ai-train=yes, ai-input=no\nDisallow: /x\n",
    );
    let signals = |agent: &str| {
        robots.usage(agent, "/").content_signal.iter().map(|p| (p.key.clone(), p.granted, p.line)).collect::<Vec<_>>()
    };
    assert_eq!(signals("AnyBot"), [("search".to_string(), true, 1), ("ai-train".to_string(), false, 1)]);
    assert_eq!(signals("GPTBot"), [("ai-train".to_string(), true, 7), ("ai-input".to_string(), false, 7)]);
    // A key given twice: the restriction wins. Values are yes or no in any case; anything else says nothing.
    let robots =
        Robots::parse("User-agent: *\nContent-Signal: ai-train=yes, search=maybe\nContent-Signal: ai-train=NO\n");
    let u = robots.usage("x", "/");
    assert_eq!(
        u.content_signal.iter().map(|p| (p.key.as_str(), p.granted, p.line)).collect::<Vec<_>>(),
        [("ai-train", false, 3)]
    );
    let lines = robots.content_signals();
    assert_eq!((lines[0].signals[1].value.as_str(), lines[0].signals[1].granted), ("maybe", None));
}

/// `usage_for` as its documentation states it, from the public per-line readings (`content_usage_lines`,
/// `content_signals`): the reference the one-pass implementation is held to.
fn usage_from_the_lines(robots: &Robots, verdict: &robotscope::Verdict) -> robotscope::Usage {
    let in_groups = |g: Option<usize>| g.is_some_and(|g| verdict.groups.contains(&g));
    let add = |prefs: &mut Vec<robotscope::Preference>, key: &str, granted: bool, line: usize| match prefs
        .iter_mut()
        .find(|p| p.key == key)
    {
        Some(p) if p.granted && !granted => (p.granted, p.line) = (false, line),
        Some(_) => {}
        None => prefs.push(robotscope::Preference { key: key.to_string(), granted, line }),
    };
    let mut usage = robotscope::Usage { crawlable: verdict.allowed, ..Default::default() };
    if verdict.allowed {
        let lines = robots.content_usage_lines();
        let matching: Vec<_> = lines
            .iter()
            .filter(|l| in_groups(l.group))
            .map(|l| (robotscope::escape_pattern(l.path.as_bytes()), l))
            // A line without a path matches every path with a length of 0 (draft-ietf-aipref-attach-05).
            .filter(|(pattern, _)| {
                pattern.is_empty() || robotscope::pattern_matches(pattern.as_bytes(), verdict.path.as_bytes())
            })
            .map(|(pattern, l)| (pattern.len(), l))
            .collect();
        let longest = matching.iter().map(|(len, _)| *len).max();
        for (_, l) in matching.iter().filter(|(len, _)| Some(*len) == longest) {
            usage.usage_lines.push(l.line);
            match &l.preferences {
                None => {
                    usage.usage_unknown = true;
                    usage.unparsed.push(l.line);
                }
                Some(prefs) => prefs.iter().for_each(|(k, g)| add(&mut usage.content_usage, k, *g, l.line)),
            }
        }
    }
    let signals = robots.content_signals();
    let from_groups = signals.iter().any(|s| in_groups(s.group));
    for s in signals.iter().filter(|s| if from_groups { in_groups(s.group) } else { s.group.is_none() }) {
        for sig in s.signals.iter().filter(|sig| sig.granted.is_some()) {
            add(&mut usage.content_signal, &sig.key, sig.granted == Some(true), s.line);
        }
        // `use`: the most restrictive level of `immediate`, `reference` and `full`.
        for sig in s.signals.iter().filter(|sig| sig.key.eq_ignore_ascii_case("use")) {
            let level = |v: &str| robotscope::CONTENT_USE_VALUES.iter().position(|u| v.eq_ignore_ascii_case(u));
            if let Some(k) = level(&sig.value) {
                if usage.content_use.as_ref().is_none_or(|(u, _)| level(u).is_none_or(|j| k < j)) {
                    usage.content_use = Some((robotscope::CONTENT_USE_VALUES[k].to_string(), s.line));
                }
            }
        }
    }
    usage
}

/// A line of a file with usage preferences: groups, rules, and `Content-Usage` and `Content-Signal` lines with
/// paths of several lengths, valid and invalid dictionaries, restrictions and grants.
fn usage_line() -> impl Strategy<Value = String> {
    prop::sample::select(vec![
        "User-agent: *",
        "User-agent: GPTBot",
        "User-agent: x",
        "",
        "Allow: /",
        "Disallow: /never/",
        "Disallow: /a/b",
        "Content-Usage: / train-ai=n",
        "Content-Usage: /a/ train-ai=y, search=n",
        "Content-Usage: /a/ train-ai=n",
        "Content-Usage: /*.pdf$ ai-use=y",
        "Content-Usage: /ä/ train-ai=y",
        "Content-Usage: train-ai=y",
        "Content-Usage: /b bad=",
        "Content-Usage: /a/b search=y;v=1",
        "Content-Signal: search=yes, ai-train=no",
        "Content-Signal: ai-train=YES, ai-input=maybe",
        "Content-Signal: ai-input=no",
        "Content-Signal: search=yes,ai-train=no,use=reference",
        "Content-Signal: use=FULL, use=immediate",
        "Content-Signal: use=later",
        "content-usage: /a train-ai=n",
        "Content-Usage: train-ai=n",
        "Content-Usage: *.pdf train-ai=n",
        "Content-Usage: infer-user=n, train-ai=y",
        "Content-Usage:",
    ])
    .prop_map(String::from)
}

proptest! {
    /// `usage_for` (one pass, preferences parsed only where they decide) equals its documented reading of the
    /// file's lines.
    #[test]
    fn usage_is_the_reading_of_the_lines(
        lines in prop::collection::vec(usage_line(), 0..12),
        agent in prop::sample::select(vec!["GPTBot", "x", "Other"]),
        url in prop::sample::select(vec!["/", "/a/", "/a/b", "/a/doc.pdf", "/never/x", "/%C3%A4/x", "/b"]),
    ) {
        let robots = Robots::parse(lines.join("\n"));
        let verdict = robots.check(agent, url);
        prop_assert_eq!(robots.usage_for(&verdict), usage_from_the_lines(&robots, &verdict), "{:?}", lines);
    }
}
