//! The shared fixture of whole questions (`tests/fixtures/questions.json` at the repository's root), asked
//! through the tester's own state as a user asks them: the file opened, the agents and URLs typed into their
//! boxes one per line, the reading switched, a baseline set. Each expected survey is compared with what the
//! analysis holds for the page (the grid's verdicts and lines, the marks under Compare, the baseline's marks,
//! the usage preferences, the explanation of every cell when selected), and each AI summary case with the
//! summary the page shows. The core, the CLI, the npm package and the widget answer the same file.
//!
//! Three things a user cannot type are said where they are met: an empty line in a box asks nothing (the boxes
//! skip blank lines), `exact` questions are the CLI's `--exact` (the tester reads what is typed as a crawler
//! does, always), and a chosen set of `readings` is the CLI's and the packages' (the tester compares all three).

use std::rc::Rc;

use robotscope::{Governs, Profile, View};
use robotscope_web::session::Session;
use robotscope_web::state::{Action, State};
use serde_json::Value;
use yew::Reducible;

fn fixture() -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/questions.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
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

fn seen(prefs: &[robotscope::Preference]) -> Vec<(String, bool, usize)> {
    prefs.iter().map(|p| (p.key.clone(), p.granted, p.line)).collect()
}

/// Whether an explanation says the answer it explains, and not the other.
fn says(text: &str, allowed: bool) -> bool {
    let (yes, no) = if allowed { ("is allowed", "is disallowed") } else { ("is disallowed", "is allowed") };
    text.contains(yes) && !text.contains(no)
}

/// The state after the question is asked as a user asks it: the file, the boxes, the reading, the baseline.
fn ask(q: &Value) -> Rc<State> {
    let s = Rc::new(State::from_session(Session {
        robots: q["robots"].as_str().unwrap().to_string(),
        ..Session::default()
    }));
    let s = s.reduce(Action::EditAgents(strings(&q["agents"]).join("\n")));
    let s = s.reduce(Action::EditUrls(strings(&q["urls"]).join("\n")));
    let view = View::parse(q["view"].as_str().unwrap()).unwrap();
    let s = s.reduce(Action::SetView(view));
    let s = match q.get("baseline").and_then(Value::as_str) {
        Some(b) => s.reduce(Action::SetBaselineBytes(b.as_bytes().to_vec())),
        None => s,
    };
    match q.get("base").and_then(Value::as_str) {
        // The page has no field for a base yet: the input the analysis reads is set as a field would set it.
        Some(base) => {
            let mut inputs = s.inputs.clone();
            inputs.base = Some(Rc::from(base));
            let analysis = s.analysis.update((&s.document, &s.inputs), &s.document, &inputs);
            Rc::new(State { inputs, analysis, ..(*s).clone() })
        }
        None => s,
    }
}

#[test]
fn the_tester_answers_the_shared_questions() {
    let fixture = fixture();
    let questions = fixture["questions"].as_array().unwrap();
    let mut asked = 0;
    for q in questions {
        let name = q["name"].as_str().unwrap();
        if q.get("exact").and_then(Value::as_bool).unwrap_or(false) || q.get("readings").is_some() {
            continue;
        }
        asked += 1;
        let s = ask(q);
        let a = &s.analysis;
        let survey = &a.survey;
        let expect = &q["expect"];
        // The page's survey is the core's `Robots::ask` of the same question, field for field.
        let baseline = q.get("baseline").and_then(Value::as_str).map(robotscope::Robots::parse);
        let question = robotscope::Question {
            agents: a.agent_lines.to_vec(),
            urls: a.url_lines.to_vec(),
            base: q.get("base").and_then(Value::as_str).map(String::from),
            site: None,
            view: survey.view,
            readings: &[],
            baseline: baseline.as_ref(),
            exact: false,
        };
        assert_eq!(**survey, a.parsed.robots.ask(&question), "{name}: the core's survey");
        assert_eq!(survey.view, View::parse(q["view"].as_str().unwrap()).unwrap(), "{name}: view");
        assert_eq!(survey.site.as_deref(), expect["site"].as_str(), "{name}: site");
        // The agent rows are the core's (sets expanded, repeats dropped, the limit: `robotscope::agent_rows`); of
        // the URLs typed, blank lines ask nothing.
        let typed_agents: Vec<usize> = (0..expect["agents"].as_array().unwrap().len()).collect();
        let left_out = expect.get("left_out").map_or(0, |l| l[0].as_u64().unwrap() as usize);
        assert_eq!(a.skipped_agents, left_out, "{name}: agents left out");
        let typed_urls: Vec<usize> = (0..q["urls"].as_array().unwrap().len())
            .filter(|&i| !q["urls"][i].as_str().unwrap().trim().is_empty())
            .collect();
        assert_eq!(a.agents.len(), typed_agents.len(), "{name}: agents");
        assert_eq!(a.urls.len(), typed_urls.len(), "{name}: urls");
        assert!(a.agents[..] == survey.agents[..] && a.urls[..] == survey.urls[..], "{name}: rows shown");
        for (row, &i) in survey.agents.iter().zip(&typed_agents) {
            let e = &expect["agents"][i];
            assert_eq!(row.label, e["label"].as_str().unwrap(), "{name}: label of {}", row.input);
            let kinds: Vec<&str> = row.members.iter().map(|m| m.kind.name()).collect();
            assert_eq!(kinds, strings(&e["kinds"]), "{name}: kinds of {}", row.input);
            assert_eq!(row.notes.len() as u64, e["notes"].as_u64().unwrap(), "{name}: notes of {}", row.input);
        }
        for (row, &i) in survey.urls.iter().zip(&typed_urls) {
            let e = &expect["urls"][i];
            assert_eq!(
                row.typed.error.is_some(),
                e["error"].as_bool().unwrap(),
                "{name}: error of {}",
                row.typed.input
            );
            if row.typed.error.is_none() {
                assert_eq!(row.typed.tested, e["tested"].as_str().unwrap(), "{name}: tested");
                assert_eq!(row.governs.map(Governs::name), e["governs"].as_str(), "{name}: governs");
            }
        }
        let (mut differ, mut changed) = (0, 0);
        for (u, &eu) in typed_urls.iter().enumerate() {
            let row = &expect["cells"][eu];
            for (ag, &ea) in typed_agents.iter().enumerate() {
                let at = format!("{name}: {} for {}", survey.urls[u].typed.input, survey.agents[ag].input);
                let Some(e) = row.as_array().map(|r| &r[ea]) else {
                    assert!(survey.cell(u, ag).is_none(), "{at}: answered");
                    // Selected, the unreadable URL explains nothing.
                    let s = s.clone().reduce(Action::Select { url: u, agent: ag });
                    assert!(s.analysis.detail.is_none(), "{at}: explained");
                    continue;
                };
                let cell = survey.cell(u, ag).unwrap_or_else(|| panic!("{at}: no cell"));
                assert_eq!(cell.profile, survey.view.profile(), "{at}");
                assert_eq!(cell.allowed(), e["allowed"].as_bool().unwrap(), "{at}: allowed");
                assert_eq!(cell.line() as u64, e["line"].as_u64().unwrap(), "{at}: line");
                assert_eq!(cell.token.as_deref(), e["token"].as_str(), "{at}: token");
                assert_eq!(cell.follows.as_deref(), e.get("follows").and_then(Value::as_str), "{at}: follows");
                let tied = e.get("tied_disallow").and_then(Value::as_u64).map(|l| l as usize);
                assert_eq!(cell.tied_disallow, tied, "{at}: tied_disallow");
                let readers: Vec<(bool, usize)> =
                    e.get("readers").and_then(Value::as_array).map_or(Vec::new(), |r| r.iter().map(pair).collect());
                assert_eq!(cell.readers.iter().map(|r| (r.allowed, r.line)).collect::<Vec<_>>(), readers, "{at}");
                assert_eq!(cell.differs, e.get("differs").and_then(Value::as_bool).unwrap_or(false), "{at}: differs");
                let baseline = e.get("baseline").filter(|b| !b.is_null()).map(pair);
                assert_eq!(cell.baseline.as_ref().map(|b| (b.allowed, b.line)), baseline, "{at}: baseline");
                assert_eq!(cell.changed, e.get("changed").and_then(Value::as_bool).unwrap_or(false), "{at}: changed");
                let usage = e.get("usage");
                let prefs = |key: &str| preferences(usage.and_then(|u| u.get(key)));
                assert_eq!(seen(&cell.usage.content_signal), prefs("content_signal"), "{at}: Content-Signal");
                assert_eq!(seen(&cell.usage.content_usage), prefs("content_usage"), "{at}: Content-Usage");
                let used =
                    usage.and_then(|u| u.get("content_use")).map(|u| (u[0].as_str().unwrap().to_string(), line_of(u)));
                assert_eq!(cell.usage.content_use, used, "{at}: Content-Signal use");
                differ += usize::from(cell.differs);
                changed += usize::from(cell.changed);
                // Selected, the cell is explained in the panel: the same answer, in words, under each reader.
                let s = s.clone().reduce(Action::Select { url: u, agent: ag });
                let detail = s.analysis.detail.as_ref().unwrap_or_else(|| panic!("{at}: not explained"));
                assert_eq!((detail.url, detail.agent), (u, ag), "{at}");
                assert_eq!(&detail.cell, cell, "{at}: the detail is the grid's cell");
                assert!(says(&detail.explanation, cell.allowed()), "{at}: {}", detail.explanation);
                assert_eq!(detail.readers.len(), cell.readers.len(), "{at}");
                for (r, text) in cell.readers.iter().zip(&detail.readers) {
                    assert!(says(text, r.allowed), "{at} under {}: {text}", r.profile);
                }
                assert_eq!(detail.quoted.contains(&cell.line()), cell.line() > 0, "{at}: {:?}", detail.quoted);
                // The editor is moved to the line the core points at.
                assert_eq!(detail.cell.focus_line(), cell.focus_line());
            }
        }
        assert_eq!(survey.differ as u64, expect["differ"].as_u64().unwrap(), "{name}: differ");
        assert_eq!((survey.differ, survey.changed), (differ, changed), "{name}");
        assert_eq!(survey.changed as u64, expect["changed"].as_u64().unwrap(), "{name}: changed");
        // The CSV export says the same verdicts: one row per answered cell (per reader when comparing).
        let rows = s.csv().lines().count() - 1;
        let per = if survey.view == View::Compare { Profile::ALL.len() } else { 1 };
        assert_eq!(rows, survey.cells.iter().flatten().count() * per, "{name}: CSV rows");
    }
    assert!(asked >= 6, "{asked} questions asked");
}

#[test]
fn the_tester_shows_the_shared_ai_summaries() {
    let fixture = fixture();
    for case in fixture["ai"].as_array().unwrap() {
        let name = case["name"].as_str().unwrap();
        // The summary is of the site's root, whatever agents and URLs are listed.
        assert!(matches!(case["url"].as_str().unwrap(), "/" | "https://example.com/"), "{name}");
        let s = Rc::new(State::from_session(Session {
            robots: case["robots"].as_str().unwrap().to_string(),
            ..Session::default()
        }));
        let shown = &s.analysis.ai;
        let expect = case["expect"].as_array().unwrap();
        assert_eq!(shown.len(), expect.len(), "{name}");
        for (g, e) in shown.iter().zip(expect) {
            let group = g.group.name;
            assert_eq!(group, e["group"].as_str().unwrap(), "{name}");
            let total = e["total"].as_u64().unwrap() as usize;
            let blocked = e["blocked"].as_u64().unwrap() as usize;
            assert_eq!((g.crawlers.len(), g.blocked), (total, blocked), "{name}: {group}");
            assert_eq!(g.looks_blocked as u64, e["looks_blocked"].as_u64().unwrap(), "{name}: {group} looks blocked");
            let names: Vec<String> =
                g.crawlers.iter().filter(|a| a.cell.blocked()).map(|a| a.crawler.name.to_string()).collect();
            assert_eq!(names, strings(&e["blocked_names"]), "{name}: {group}");
            // The sentence the page shows says the same counts.
            let text = g.sentence();
            assert!(
                text.starts_with(&format!("{}: {blocked} of {total} blocked at /", g.group.title)),
                "{name}: {text}"
            );
            assert_eq!(text.contains("only look"), g.looks_blocked > 0, "{name}: {text}");
        }
    }
}

/// The line of a `[value, line]` pair.
fn line_of(v: &Value) -> usize {
    v[1].as_u64().unwrap() as usize
}
