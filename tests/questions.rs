//! The shared fixture of whole questions (`fixtures/questions.json`): typed agents and URLs, a base, a view and a
//! baseline, with the survey every surface must show for them. Here the core's `Robots::ask` and
//! `Robots::ai_summary` answer it; the CLI, the npm package, the widget and the tester read the same file.

use robotscope::{Governs, Preference, Profile, Question, Robots, Severity, Survey, Usage, View};
use serde_json::Value;

fn fixture() -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/questions.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn view(name: &str) -> View {
    let view = View::parse(name).unwrap_or_else(|| panic!("unknown view {name}"));
    assert_eq!(view.name(), name);
    view
}

/// The readings a question compares, in order (`readings`; none named: all three).
fn readings(q: &Value) -> Vec<Profile> {
    let named = q.get("readings").and_then(Value::as_array).map_or(Vec::new(), |r| {
        r.iter().map(|p| Profile::parse(p.as_str().unwrap()).unwrap_or_else(|| panic!("unknown reading {p}"))).collect()
    });
    if named.is_empty() {
        Profile::ALL.to_vec()
    } else {
        named
    }
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

/// `[allowed, line]`.
fn pair(v: &Value) -> (bool, usize) {
    (v[0].as_bool().unwrap(), v[1].as_u64().unwrap() as usize)
}

fn preferences(v: Option<&Value>) -> Vec<(String, bool, usize)> {
    v.and_then(Value::as_array).map_or(Vec::new(), |a| {
        a.iter()
            .map(|p| (p[0].as_str().unwrap().to_string(), p[1].as_bool().unwrap(), p[2].as_u64().unwrap() as usize))
            .collect()
    })
}

fn seen(prefs: &[Preference]) -> Vec<(String, bool, usize)> {
    prefs.iter().map(|p| (p.key.clone(), p.granted, p.line)).collect()
}

fn check_usage(usage: &Usage, expected: Option<&Value>, at: &str) {
    let e = |key: &str| preferences(expected.and_then(|u| u.get(key)));
    assert_eq!(seen(&usage.content_signal), e("content_signal"), "Content-Signal of {at}");
    assert_eq!(seen(&usage.content_usage), e("content_usage"), "Content-Usage of {at}");
    let used = expected.and_then(|u| u.get("content_use")).map(|u| (u[0].as_str().unwrap().to_string(), pair_line(u)));
    assert_eq!(usage.content_use, used, "Content-Signal use of {at}");
}

fn pair_line(v: &Value) -> usize {
    v[1].as_u64().unwrap() as usize
}

/// Whether an explanation says the answer it explains, and not the other.
fn says(text: &str, allowed: bool) -> bool {
    let (yes, no) = if allowed { ("is allowed", "is disallowed") } else { ("is disallowed", "is allowed") };
    text.contains(yes) && !text.contains(no)
}

fn check_survey(name: &str, robots: &Robots, survey: &Survey, q: &Value) {
    let expect = &q["expect"];
    assert_eq!(survey.site.as_deref(), expect["site"].as_str(), "{name}: site");
    let agents = expect["agents"].as_array().unwrap();
    assert_eq!(survey.agents.len(), agents.len(), "{name}: agents");
    for (a, e) in survey.agents.iter().zip(agents) {
        assert_eq!(a.label, e["label"].as_str().unwrap(), "{name}: label of {}", a.input);
        let kinds: Vec<&str> = a.members.iter().map(|m| m.kind.name()).collect();
        assert_eq!(kinds, strings(&e["kinds"]), "{name}: kinds of {}", a.input);
        assert_eq!(a.is_pool(), kinds.len() > 1);
        assert_eq!(a.notes.len() as u64, e["notes"].as_u64().unwrap(), "{name}: notes of {}: {:?}", a.input, a.notes);
    }
    let urls = expect["urls"].as_array().unwrap();
    assert_eq!(survey.urls.len(), urls.len(), "{name}: urls");
    for (u, e) in survey.urls.iter().zip(urls) {
        let error = e["error"].as_bool().unwrap();
        assert_eq!(u.typed.error.is_some(), error, "{name}: error of {:?}", u.typed.input);
        if !error {
            assert_eq!(u.typed.tested, e["tested"].as_str().unwrap(), "{name}: tested");
            assert_eq!(u.governs.map(Governs::name), e["governs"].as_str(), "{name}: governs {}", u.typed.tested);
        }
    }
    let rows = expect["cells"].as_array().unwrap();
    assert_eq!(rows.len(), survey.urls.len(), "{name}: rows");
    let (mut differ, mut changed) = (0, 0);
    for (u, row) in rows.iter().enumerate() {
        let Some(row) = row.as_array() else {
            assert!(row.is_null());
            assert!((0..survey.agents.len()).all(|a| survey.cell(u, a).is_none()), "{name}: URL {u} is answered");
            continue;
        };
        assert_eq!(row.len(), survey.agents.len(), "{name}: row {u}");
        for (a, e) in row.iter().enumerate() {
            let at = format!("{name}: {} for {}", survey.urls[u].typed.tested, survey.agents[a].input);
            let cell = survey.cell(u, a).unwrap_or_else(|| panic!("{at}: no cell"));
            assert_eq!(cell.profile, survey.view.profile(), "{at}");
            assert_eq!(cell.allowed(), e["allowed"].as_bool().unwrap(), "{at}: allowed");
            assert_eq!(cell.line() as u64, e["line"].as_u64().unwrap(), "{at}: line");
            assert_eq!(cell.token.as_deref(), e["token"].as_str(), "{at}: token");
            assert_eq!(cell.follows.as_deref(), e.get("follows").and_then(Value::as_str), "{at}: follows");
            let tied = e.get("tied_disallow").and_then(Value::as_u64).map(|l| l as usize);
            assert_eq!(cell.tied_disallow, tied, "{at}: tied_disallow");
            let readers: Vec<(bool, usize)> =
                e.get("readers").and_then(Value::as_array).map_or(Vec::new(), |r| r.iter().map(pair).collect());
            assert_eq!(cell.readers.iter().map(|r| (r.allowed, r.line)).collect::<Vec<_>>(), readers, "{at}: readers");
            if !cell.readers.is_empty() {
                let profiles: Vec<Profile> = cell.readers.iter().map(|r| r.profile).collect();
                assert_eq!(profiles, readings(q), "{at}: readers' order");
            }
            assert_eq!(cell.differs, e.get("differs").and_then(Value::as_bool).unwrap_or(false), "{at}: differs");
            let baseline = e.get("baseline").filter(|b| !b.is_null()).map(pair);
            assert_eq!(cell.baseline.as_ref().map(|b| (b.allowed, b.line)), baseline, "{at}: baseline");
            assert_eq!(cell.changed, e.get("changed").and_then(Value::as_bool).unwrap_or(false), "{at}: changed");
            check_usage(&cell.usage, e.get("usage"), &at);
            differ += usize::from(cell.differs);
            changed += usize::from(cell.changed);
            // The quoted lines are in order, hold the deciding line, and come from the groups that applied.
            let quoted = robots.quoted_lines(cell);
            assert!(quoted.windows(2).all(|w| w[0] < w[1]), "{at}: {quoted:?}");
            assert_eq!(quoted.contains(&cell.line()), cell.line() > 0, "{at}: {quoted:?}");
            assert!(quoted.iter().all(|l| cell.verdict.group_lines.contains(l)), "{at}: {quoted:?}");
            // Every cell explains itself, under every reader when comparing.
            let text = robots.explain_cell(survey, u, a, cell.profile).unwrap();
            assert!(says(&text, cell.allowed()), "{at}: {text}");
            for r in &cell.readers {
                let text = robots.explain_cell(survey, u, a, r.profile).unwrap();
                assert!(says(&text, r.allowed), "{at} under {}: {text}", r.profile);
            }
        }
    }
    assert_eq!(survey.differ as u64, expect["differ"].as_u64().unwrap(), "{name}: differ");
    assert_eq!(survey.differ, differ);
    assert_eq!(survey.changed as u64, expect["changed"].as_u64().unwrap(), "{name}: changed");
    assert_eq!(survey.changed, changed);
    let left_out = expect.get("left_out").map_or((0, 0), |l| (l[0].as_u64().unwrap(), l[1].as_u64().unwrap()));
    assert_eq!((survey.left_out[0] as u64, survey.left_out[1] as u64), left_out, "{name}: left out");
    assert_eq!(survey.left_out_notes().len(), usize::from(left_out.0 > 0) + usize::from(left_out.1 > 0), "{name}");
}

#[test]
fn the_core_answers_the_shared_questions() {
    let fixture = fixture();
    let questions = fixture["questions"].as_array().unwrap();
    assert!(questions.len() >= 6);
    for q in questions {
        let name = q["name"].as_str().unwrap();
        let mut robots = Robots::parse(q["robots"].as_str().unwrap());
        let baseline = q.get("baseline").and_then(Value::as_str).map(Robots::parse);
        let compared = readings(q);
        let question = Question {
            agents: strings(&q["agents"]),
            urls: strings(&q["urls"]),
            base: q.get("base").and_then(Value::as_str).map(String::from),
            site: q.get("site").and_then(Value::as_str),
            view: view(q["view"].as_str().unwrap()),
            readings: &compared,
            baseline: baseline.as_ref(),
            exact: q.get("exact").and_then(Value::as_bool).unwrap_or(false),
        };
        let survey = robots.ask(&question);
        check_survey(name, &robots, &survey, q);
        // Kept readings change nothing but the cost.
        let before = robots.heap_bytes();
        robots.keep_readings();
        assert!(robots.keeps_readings() && robots.heap_bytes() > before, "{name}: heap_bytes counts the readings");
        assert_eq!(robots.ask(&question), survey, "{name}: with kept readings");
        let copy = robots.clone();
        assert!(copy.keeps_readings() && copy == robots);
        assert_eq!(copy.ask(&question), survey, "{name}: a copy keeps the readings");
    }
}

/// The drafts' own examples and Cloudflare's managed block (`lint_clean` in the fixture) have no lint warning or
/// error: a file that follows the standards passes `lint --fail-on warning`.
#[test]
fn the_standards_examples_lint_clean() {
    let fixture = fixture();
    let clean: Vec<&Value> =
        fixture["questions"].as_array().unwrap().iter().filter(|q| q["lint_clean"] == Value::Bool(true)).collect();
    assert!(clean.len() >= 2);
    for q in clean {
        let robots = Robots::parse(q["robots"].as_str().unwrap());
        let loud: Vec<_> = robots.diagnostics().into_iter().filter(|d| d.severity != Severity::Info).collect();
        assert!(loud.is_empty(), "{}: {loud:?}", q["name"]);
    }
}

#[test]
fn the_core_answers_the_shared_ai_summaries() {
    let fixture = fixture();
    for case in fixture["ai"].as_array().unwrap() {
        let name = case["name"].as_str().unwrap();
        let robots = Robots::parse(case["robots"].as_str().unwrap());
        let summary = robots.ai_summary(case["url"].as_str().unwrap()).unwrap();
        let expect = case["expect"].as_array().unwrap();
        assert_eq!(summary.len(), expect.len(), "{name}");
        for (s, e) in summary.iter().zip(expect) {
            let group = s.group.name;
            assert_eq!(group, e["group"].as_str().unwrap(), "{name}");
            assert_eq!(s.crawlers.len() as u64, e["total"].as_u64().unwrap(), "{name}: {group} total");
            assert_eq!(s.blocked as u64, e["blocked"].as_u64().unwrap(), "{name}: {group} blocked");
            assert_eq!(s.looks_blocked as u64, e["looks_blocked"].as_u64().unwrap(), "{name}: {group} looks blocked");
            let blocked: Vec<String> =
                s.crawlers.iter().filter(|a| a.cell.blocked()).map(|a| a.crawler.name.to_string()).collect();
            assert_eq!(blocked, strings(&e["blocked_names"]), "{name}: {group} blocked");
            // The group is the crawler set of its name.
            let set = robotscope::crawler_set(group).unwrap();
            assert!(set.iter().map(|c| c.name).eq(s.crawlers.iter().map(|a| a.crawler.name)), "{name}: {group}");
        }
        // Every AI kind of the catalogue is counted once.
        let counted: usize = summary.iter().map(|s| s.crawlers.len()).sum();
        let ai = robotscope::CRAWLERS.iter().filter(|c| c.kind.is_ai()).count();
        assert_eq!(counted, ai, "{name}");
    }
}

/// A survey cell is what the per-query API answers for the same typed agent and URL, under every reading: the
/// question layer adds the reading of what was typed and the marks, never another verdict.
#[test]
fn survey_cells_are_the_per_query_answers() {
    let fixture = fixture();
    let mut files: Vec<String> = Vec::new();
    for q in fixture["questions"].as_array().unwrap().iter().chain(fixture["ai"].as_array().unwrap()) {
        files.push(q["robots"].as_str().unwrap().to_string());
    }
    let agents: Vec<String> = robotscope::CRAWLERS.iter().map(|c| c.name.to_string()).chain(["MyBot".into()]).collect();
    let urls: Vec<String> =
        ["/", "/cart", "/drafts/a", "/private/x", "/shop/x", "/caf%C3%A9", "/about"].map(String::from).into();
    for text in &files {
        let robots = Robots::parse(text);
        for profile in Profile::ALL {
            let question = Question {
                agents: agents.clone(),
                urls: urls.clone(),
                view: View::Reading(profile),
                ..Question::default()
            };
            let survey = robots.ask(&question);
            let reading = robots.reading(profile);
            for (u, url) in urls.iter().enumerate() {
                for (a, agent) in agents.iter().enumerate() {
                    let typed = robotscope::resolve_agent(agent);
                    let check = reading.check_agent(&typed, url);
                    let cell = survey.cell(u, a).unwrap();
                    assert_eq!(cell.verdict, check.verdict, "{agent} at {url} under {profile}");
                    assert_eq!((&cell.token, &cell.follows), (&check.token, &check.follows), "{agent} at {url}");
                    let google = robots.check_agent(&typed, url).verdict;
                    assert_eq!(cell.usage, robots.usage_for(&google), "usage of {agent} at {url} under {profile}");
                }
            }
        }
    }
}

/// A pooled list is Google's vector of agents: the same answer as the engine given the members' tokens, however
/// long the list (each token is kept once).
#[test]
fn pools_answer_as_the_engine_given_the_tokens() {
    let robots =
        Robots::parse("User-agent: A\nDisallow: /b\n\nUser-agent: B\nAllow: /\n\nUser-agent: *\nDisallow: /\n");
    let names: Vec<String> =
        (0..20_000).map(|i| format!("Bot-{}", "x".repeat(i % 7 + 1)) + &"y".repeat(i / 7)).collect();
    let long = names.join(",") + ",a";
    let question = Question {
        agents: vec!["A,B".into(), "B".into(), "A, b, A".into(), long],
        urls: vec!["/b".into(), "/c".into()],
        ..Question::default()
    };
    let survey = robots.ask(&question);
    let pooled = |u: usize, a: usize| survey.cell(u, a).map(|c| (c.allowed(), c.line()));
    // SPEC A4.6: [A, B] at /b is disallowed (priority 2 against 1) while B alone is allowed.
    assert_eq!(pooled(0, 0), Some((false, 2)));
    assert_eq!(pooled(0, 1), Some((true, 5)));
    assert_eq!(pooled(0, 2), Some((false, 2)));
    assert_eq!(survey.cell(0, 2).unwrap().token.as_deref(), Some("A,b"));
    // The long list names A (as `a`) among 20,000 unknown tokens: A's group alone applies, and no rule matches /c.
    assert_eq!(pooled(1, 3), Some((true, 0)));
    assert_eq!(survey.agents[3].members.len(), 20_001);
    assert!(survey.agents[0].is_pool() && !survey.agents[1].is_pool());
    // A header's comment holds a comma; it stays one agent.
    let header = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0";
    let q = Question { agents: vec![header.into()], urls: vec!["/".into()], ..Question::default() };
    assert!(!robots.ask(&q).agents[0].is_pool());
}

/// The lean path (`Robots::brief`) answers every URL as `ask` does: the same allowed and deciding line for each
/// agent row, the same URL reading, under every view and with a baseline.
#[test]
fn brief_answers_as_ask_does() {
    let fixture = fixture();
    let mut cases: Vec<(String, Option<String>, Question<'_>)> = Vec::new();
    for q in fixture["questions"].as_array().unwrap() {
        let question = Question {
            agents: strings(&q["agents"]),
            urls: strings(&q["urls"]),
            base: q.get("base").and_then(Value::as_str).map(String::from),
            site: q.get("site").and_then(Value::as_str),
            view: view(q["view"].as_str().unwrap()),
            readings: &[],
            baseline: None,
            exact: q.get("exact").and_then(Value::as_bool).unwrap_or(false),
        };
        let baseline = q.get("baseline").and_then(Value::as_str).map(String::from);
        cases.push((q["robots"].as_str().unwrap().to_string(), baseline, question));
    }
    // Every catalogue crawler, pools and odd agents, over every reading, on each file.
    let agents: Vec<String> = robotscope::CRAWLERS
        .iter()
        .map(|c| c.name.to_string())
        .chain(
            [
                "MyBot",
                "GPTBot, Googlebot",
                "Googlebot-News,Googlebot",
                "",
                "not a token",
                "AdsBot-Google,AdsBot-Google-Mobile",
            ]
            .map(String::from),
        )
        .collect();
    let urls: Vec<String> =
        ["/", "/cart", "/drafts/a", "/private/x", "/shop/x", "/café", "https://example.com/about", "http://", "x"]
            .map(String::from)
            .into();
    for text in fixture["questions"].as_array().unwrap().iter().map(|q| q["robots"].as_str().unwrap().to_string()) {
        for view in [View::Reading(Profile::Google), View::Reading(Profile::Rfc9309), View::Compare] {
            for exact in [false, true] {
                let question =
                    Question { agents: agents.clone(), urls: urls.clone(), view, exact, ..Question::default() };
                cases.push((text.clone(), None, question));
            }
        }
    }
    for (text, baseline, question) in &cases {
        let robots = Robots::parse(text);
        let old = baseline.as_deref().map(Robots::parse);
        let question = Question { baseline: old.as_ref(), ..question.clone() };
        let survey = robots.ask(&question);
        let brief = robots.brief(&question);
        assert_eq!(brief.agents(), &survey.agents[..]);
        let mut answers = Vec::new();
        for (u, url) in question.urls.iter().enumerate() {
            let typed = brief.answer(url, &mut answers);
            assert_eq!(typed, survey.urls[u].typed, "{url}");
            let want: Vec<(bool, usize)> =
                (0..survey.agents.len()).filter_map(|a| survey.cell(u, a).map(|c| (c.allowed(), c.line()))).collect();
            assert_eq!(answers, want, "{url} under {:?} in {text:?}", question.view);
        }
    }
}

/// A list asked in parts, each part given the site of the first, tells the same URLs governed as the whole list.
#[test]
fn a_list_asked_in_parts_keeps_one_site() {
    let robots = Robots::parse("User-agent: *\nDisallow: /d/\n");
    let urls: Vec<String> =
        ["/a", "https://a.example/x", "https://b.example/y", "https://a.example/d/z"].map(String::from).to_vec();
    let ask = |urls: &[String], site: Option<&str>| {
        let q = Question { agents: vec!["x".into()], urls: urls.to_vec(), site, ..Question::default() };
        robots.ask(&q)
    };
    let whole = ask(&urls, None);
    let first = ask(&urls[..2], None);
    let second = ask(&urls[2..], first.site.as_deref());
    assert_eq!(first.site.as_deref(), Some("https://a.example/robots.txt"));
    assert_eq!(second.site, first.site);
    let parts: Vec<_> = first.urls.iter().chain(&second.urls).map(|u| u.governs).collect();
    assert_eq!(parts, whole.urls.iter().map(|u| u.governs).collect::<Vec<_>>());
    // Without the site, the second part would be governed by its own first full URL.
    assert_eq!(ask(&urls[2..], None).urls[0].governs, Some(Governs::Yes));
    assert_ne!(second.urls[0].governs, Some(Governs::Yes));
}
