//! The shared fixture of whole questions (`tests/fixtures/questions.json` at the repository's root), asked of
//! the real `robotscope` binary: each question through `check --format json` (and `--json`), each AI summary
//! through `ai --json` and its text, compared with the expected survey. A CLI that answers differently from
//! the core, the npm package, the widget or the tester fails here.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_robotscope");

fn fixture() -> Value {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/questions.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(args: &[String]) -> Run {
    let out = Command::new(BIN).args(args).output().expect("the binary runs");
    Run {
        code: out.status.code().expect("exited normally"),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array().unwrap().iter().map(|s| s.as_str().unwrap().to_string()).collect()
}

/// The readings question `q` compares, in order (all three when it names none); empty when it does not compare.
fn readings(q: &Value) -> Vec<String> {
    match (q["view"].as_str(), q.get("readings")) {
        (Some("compare"), Some(names)) => strings(names),
        (Some("compare"), None) => ["google", "rfc9309", "1994"].map(String::from).to_vec(),
        _ => Vec::new(),
    }
}

/// The command line that asks question `q` of the file `robots` (and `baseline`).
fn check_args(q: &Value, robots: &Path, baseline: Option<&Path>, format: &str) -> Vec<String> {
    let mut args = vec!["check".to_string(), robots.to_str().unwrap().to_string(), format!("--format={format}")];
    for agent in strings(&q["agents"]) {
        args.push(format!("--agent={agent}"));
    }
    match q["view"].as_str().unwrap() {
        // The readings through `--compare=`, or a bare `--compare` (all three) when the question names none.
        "compare" => match q.get("readings") {
            Some(names) => args.push(format!("--compare={}", strings(names).join(","))),
            None => args.push("--compare".into()),
        },
        profile => args.push(format!("--profile={profile}")),
    }
    if let Some(base) = q.get("base").and_then(Value::as_str) {
        args.push(format!("--base={base}"));
    }
    if let Some(path) = baseline {
        args.push(format!("--baseline={}", path.to_str().unwrap()));
    }
    if q.get("exact").and_then(Value::as_bool).unwrap_or(false) {
        args.push("--exact".into());
    }
    args.push("--".into());
    args.extend(strings(&q["urls"]));
    args
}

/// `[allowed, line]` of an answer object.
fn pair(v: &Value) -> Value {
    serde_json::json!([v["allowed"], v["line"]])
}

/// Usage preferences as the fixture writes them: `[key, granted, line]`.
fn prefs(v: &Value) -> Value {
    Value::Array(v.as_array().unwrap().iter().map(|p| serde_json::json!([p["key"], p["granted"], p["line"]])).collect())
}

fn or<'a>(v: &'a Value, key: &str, default: &'a Value) -> &'a Value {
    v.get(key).unwrap_or(default)
}

fn check_cell(at: &str, got: &Value, e: &Value, readings: &[String]) {
    let (null, no, none) = (Value::Null, Value::Bool(false), Value::Array(Vec::new()));
    assert_eq!(got["allowed"], e["allowed"], "{at}: allowed");
    assert_eq!(got["line"], e["line"], "{at}: line");
    assert_eq!(got["token"], e["token"], "{at}: token");
    assert_eq!(got["follows"], *or(e, "follows", &null), "{at}: follows");
    assert_eq!(got["tied_disallow"], *or(e, "tied_disallow", &null), "{at}: tied_disallow");
    let readers: Vec<Value> =
        got.get("readers").and_then(Value::as_array).map_or(Vec::new(), |r| r.iter().map(pair).collect());
    assert_eq!(Value::Array(readers), *or(e, "readers", &none), "{at}: readers");
    let readers = got.get("readers").and_then(Value::as_array).map_or(&[][..], Vec::as_slice);
    let profiles: Vec<&str> = readers.iter().map(|r| r["profile"].as_str().unwrap()).collect();
    assert_eq!(profiles, readings, "{at}: the readers are the readings asked, in order");
    assert!(readers.iter().all(|r| r["why"].is_string()), "{at}: every reader explains itself");
    assert_eq!(*or(got, "differs", &no), *or(e, "differs", &no), "{at}: differs");
    let baseline = got.get("baseline").map_or(Value::Null, pair);
    assert_eq!(baseline, *or(e, "baseline", &null), "{at}: baseline");
    assert_eq!(*or(got, "changed", &no), *or(e, "changed", &no), "{at}: changed");
    let usage = or(e, "usage", &null);
    for key in ["content_signal", "content_usage"] {
        assert_eq!(prefs(&got["usage"][key]), *or(usage, key, &none), "{at}: {key}");
    }
    let used = &got["usage"]["content_use"];
    let used = if used.is_null() { Value::Null } else { serde_json::json!([used["value"], used["line"]]) };
    assert_eq!(used, *or(usage, "content_use", &null), "{at}: content_use");
    let quoted: Vec<u64> = got["quoted_lines"].as_array().unwrap().iter().map(|l| l.as_u64().unwrap()).collect();
    assert!(quoted.windows(2).all(|w| w[0] < w[1]), "{at}: {quoted:?}");
    assert_eq!(quoted.contains(&got["line"].as_u64().unwrap()), got["line"] != 0, "{at}: {quoted:?}");
}

#[test]
fn the_cli_answers_the_shared_questions() {
    let fixture = fixture();
    let questions = fixture["questions"].as_array().unwrap();
    assert!(questions.len() >= 6);
    let dir = tempfile::tempdir().unwrap();
    for (i, q) in questions.iter().enumerate() {
        let name = q["name"].as_str().unwrap();
        let expect = &q["expect"];
        let readings = readings(q);
        let robots = dir.path().join(format!("{i}.txt"));
        std::fs::write(&robots, q["robots"].as_str().unwrap()).unwrap();
        let baseline = q.get("baseline").and_then(Value::as_str).map(|b| {
            let path = dir.path().join(format!("{i}.baseline.txt"));
            std::fs::write(&path, b).unwrap();
            path
        });
        let r = run(&check_args(q, &robots, baseline.as_deref(), "json"));
        let doc: Value = serde_json::from_str(&r.stdout).unwrap_or_else(|e| panic!("{name}: {e}: {}", r.stdout));
        assert_eq!(doc["view"], q["view"], "{name}: view");
        assert_eq!(doc["site"], expect["site"], "{name}: site");
        assert_eq!(doc["differ"], expect["differ"], "{name}: differ");
        assert_eq!(doc["changed"], expect["changed"], "{name}: changed");
        let agents = doc["agents"].as_array().unwrap();
        let want = expect["agents"].as_array().unwrap();
        assert_eq!(agents.len(), want.len(), "{name}: agents");
        // Agent rows past the core's limit are left out, and the note on standard error says how many.
        let left_out = expect.get("left_out").map_or(0, |l| l[0].as_u64().unwrap());
        let said = format!("robotscope: note: {left_out} more agents are left out");
        assert_eq!(r.stderr.contains(&said), left_out > 0, "{name}: {}", r.stderr);
        for (a, e) in agents.iter().zip(want) {
            assert_eq!(a["label"], e["label"], "{name}: label");
            assert_eq!(a["kinds"], e["kinds"], "{name}: kinds of {}", a["input"]);
            assert_eq!(a["notes"].as_array().unwrap().len() as u64, e["notes"].as_u64().unwrap(), "{name}: notes");
            // Every note is on standard error.
            for note in a["notes"].as_array().unwrap() {
                assert!(r.stderr.contains(note.as_str().unwrap()), "{name}: {note} not on stderr: {}", r.stderr);
            }
        }
        let urls = doc["urls"].as_array().unwrap();
        let want = expect["urls"].as_array().unwrap();
        assert_eq!(urls.len(), want.len(), "{name}: urls");
        let rows = expect["cells"].as_array().unwrap();
        let (mut errors, mut blocked, mut answered) = (0, 0, 0);
        for ((u, e), row) in urls.iter().zip(want).zip(rows) {
            let error = e["error"].as_bool().unwrap();
            assert_eq!(!u["error"].is_null(), error, "{name}: error of {}", u["input"]);
            if error {
                errors += 1;
                assert!(u["cells"].is_null() && row.is_null(), "{name}: {} is answered", u["input"]);
                let input = u["input"].as_str().unwrap();
                assert!(r.stderr.contains(&format!("cannot read the URL '{input}'")), "{name}: {}", r.stderr);
                continue;
            }
            assert_eq!(u["tested"], e["tested"], "{name}: tested");
            assert_eq!(u["governs"], *or(e, "governs", &Value::Null), "{name}: governs of {}", u["tested"]);
            let cells = u["cells"].as_array().unwrap();
            let row = row.as_array().unwrap();
            assert_eq!(cells.len(), row.len(), "{name}: row of {}", u["tested"]);
            for ((got, e), agent) in cells.iter().zip(row).zip(agents) {
                check_cell(&format!("{name}: {} for {}", u["tested"], agent["input"]), got, e, &readings);
                answered += 1;
                // Under compare (no --profile) the exit status is the first reader's answer, else the cell's.
                let exit = got.get("readers").and_then(|r| r.get(0)).unwrap_or(got);
                blocked += usize::from(exit["allowed"] == false);
            }
        }
        let code = if blocked > 0 {
            1
        } else if errors > 0 {
            2
        } else {
            0
        };
        assert_eq!(r.code, code, "{name}: exit status: {}", r.stderr);
        // JSON Lines: the same answers, one object each, in order.
        let r = run(&check_args(q, &robots, baseline.as_deref(), "jsonl"));
        let lines: Vec<Value> = r.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines.len(), answered, "{name}: JSON Lines");
        let cells = urls.iter().filter_map(|u| u["cells"].as_array()).flatten();
        for (line, cell) in lines.iter().zip(cells) {
            assert_eq!(pair(line), pair(cell), "{name}: JSON Lines answer of {}", line["url"]);
            assert_eq!(line["token"], cell["token"], "{name}: JSON Lines token of {}", line["url"]);
        }
        assert_eq!(r.code, code, "{name}: exit status of --json");
        // The lean path (--brief) gives the same verdicts and lines, in the same order.
        if q["view"] != "compare" {
            let mut args = check_args(q, &robots, baseline.as_deref(), "jsonl");
            args.insert(1, "--brief".into());
            let r = run(&args);
            let brief: Vec<Value> = r.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
            assert_eq!(brief.len(), lines.len(), "{name}: --brief: {}", r.stdout);
            for (b, l) in brief.iter().zip(&lines) {
                assert_eq!((&b["url"], pair(b)), (&l["url"], pair(l)), "{name}: --brief");
                assert_eq!(b["label"], l["label"], "{name}: --brief");
            }
            assert_eq!(r.code, code, "{name}: exit status of --brief");
        }
        // Text: one line per answer (the row's name first when there are several), the verdict of each.
        let r = run(&check_args(q, &robots, baseline.as_deref(), "text"));
        let verdicts: Vec<bool> = r
            .stdout
            .lines()
            .filter(|l| !l.starts_with(' '))
            .filter_map(|l| l.split_whitespace().find(|w| ["ALLOWED", "DISALLOWED", "DIFFERS", "same"].contains(w)))
            .map(|w| w != "DISALLOWED")
            .collect();
        if q["view"] != "compare" {
            let want: Vec<bool> = lines.iter().map(|l| l["allowed"].as_bool().unwrap()).collect();
            assert_eq!(verdicts, want, "{name}: text verdicts:\n{}", r.stdout);
        } else {
            // The compare table has a column per reading asked, in order.
            let head: Vec<&str> = r.stdout.lines().next().unwrap_or("").split_whitespace().collect();
            assert_eq!(head[1..], readings, "{name}: text columns:\n{}", r.stdout);
        }
        assert_eq!(r.code, code, "{name}: exit status of the text");
    }
}

#[test]
fn the_cli_answers_the_shared_ai_summaries() {
    let fixture = fixture();
    let dir = tempfile::tempdir().unwrap();
    for (i, case) in fixture["ai"].as_array().unwrap().iter().enumerate() {
        let name = case["name"].as_str().unwrap();
        let robots = dir.path().join(format!("ai{i}.txt"));
        std::fs::write(&robots, case["robots"].as_str().unwrap()).unwrap();
        let file = robots.to_str().unwrap().to_string();
        let url = case["url"].as_str().unwrap().to_string();
        let r = run(&["ai".into(), file.clone(), "--json".into(), url.clone()]);
        assert_eq!(r.code, 0, "{name}: {}", r.stderr);
        let lines: Vec<Value> = r.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let text = run(&["ai".into(), file, url]);
        assert_eq!(text.code, 0, "{name}: {}", text.stderr);
        let expect = case["expect"].as_array().unwrap();
        let mut seen = 0;
        for (e, heading) in expect.iter().zip(text.stdout.lines().filter(|l| !l.starts_with(' '))) {
            let group = e["group"].as_str().unwrap();
            let members: Vec<&Value> = lines.iter().filter(|l| l["group"] == group).collect();
            seen += members.len();
            assert_eq!(members.len() as u64, e["total"].as_u64().unwrap(), "{name}: {group} total");
            let blocked: Vec<String> = members
                .iter()
                .filter(|l| l["allowed"] == false)
                .map(|l| l["crawler"].as_str().unwrap().to_string())
                .collect();
            assert_eq!(blocked, strings(&e["blocked_names"]), "{name}: {group} blocked");
            assert_eq!(blocked.len() as u64, e["blocked"].as_u64().unwrap(), "{name}: {group} blocked");
            let looks = members.iter().filter(|l| l["looks_blocked"] == true).count();
            assert_eq!(looks as u64, e["looks_blocked"].as_u64().unwrap(), "{name}: {group} looks blocked");
            for l in &members {
                assert_eq!(l["group_total"], e["total"], "{name}: {group}");
                assert_eq!(l["group_blocked"], e["blocked"], "{name}: {group}");
                assert_eq!(l["group_looks_blocked"], e["looks_blocked"], "{name}: {group}");
            }
            // The text says the same counts in its heading.
            let mut counts = format!("{} of {} blocked at ", e["blocked"], e["total"]);
            assert!(heading.contains(&counts), "{name}: {heading}");
            if e["looks_blocked"] != 0 {
                counts = format!("({} more only look blocked)", e["looks_blocked"]);
                assert!(heading.contains(&counts), "{name}: {heading}");
            } else {
                assert!(!heading.contains("only look blocked"), "{name}: {heading}");
            }
        }
        assert_eq!(seen, lines.len(), "{name}: every line belongs to a group of the fixture");
    }
}

/// The drafts' own examples and Cloudflare's managed block (`lint_clean` in the fixture) pass
/// `lint --fail-on warning`: a file that follows the standards does not fail a CI lint.
#[test]
fn the_standards_examples_pass_lint_with_fail_on_warning() {
    let fixture = fixture();
    let dir = tempfile::tempdir().unwrap();
    let clean: Vec<&Value> =
        fixture["questions"].as_array().unwrap().iter().filter(|q| q["lint_clean"] == Value::Bool(true)).collect();
    assert!(clean.len() >= 2);
    for (i, q) in clean.into_iter().enumerate() {
        let path = dir.path().join(format!("clean-{i}.txt"));
        std::fs::write(&path, q["robots"].as_str().unwrap()).unwrap();
        let r = run(&["lint".into(), "--fail-on".into(), "warning".into(), path.to_str().unwrap().into()]);
        assert_eq!(r.code, 0, "{}: {}{}", q["name"], r.stdout, r.stderr);
    }
}
