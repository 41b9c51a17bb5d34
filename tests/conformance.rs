//! The conformance harness: every public vector and every case of Google's reference suite
//! (`../shared/conformance`, see its README) must give the reference's answer.
//!
//! A case named in `tests/expected_failures.txt` must fail; if it starts passing, the run fails too, so the
//! list never goes stale.

use std::collections::HashMap;
use std::path::Path;

use robotscope::{escape_pattern, is_valid_agent, path_of, product_token, KeyKind, Robots, Scope, Tag};
use robotscope_tests::{agents, case_bytes, conformance_dir, expected_failures, read_json, unhex, LINE_FLAGS};
use serde_json::Value;

/// Collects failures by case name and prints the totals.
struct Tally {
    suite: &'static str,
    passed: usize,
    failures: Vec<(String, String)>,
}

impl Tally {
    fn new(suite: &'static str) -> Tally {
        Tally { suite, passed: 0, failures: Vec::new() }
    }

    fn record(&mut self, name: String, result: Result<(), String>) {
        match result {
            Ok(()) => self.passed += 1,
            Err(why) => self.failures.push((name, why)),
        }
    }

    /// Prints the count and fails on any unexpected failure or unexpected pass.
    fn finish(self) {
        let expected = expected_failures();
        let unexpected: Vec<_> = self.failures.iter().filter(|(n, _)| !expected.contains(n)).collect();
        let failed_names: Vec<&String> = self.failures.iter().map(|(n, _)| n).collect();
        let stale: Vec<_> = expected
            .iter()
            .filter(|n| n.starts_with(&format!("{}:", self.suite)) && !failed_names.contains(n))
            .collect();
        println!(
            "conformance {}: {} passed, {} failed ({} expected)",
            self.suite,
            self.passed,
            self.failures.len(),
            self.failures.len() - unexpected.len()
        );
        for (name, why) in unexpected.iter().take(30) {
            println!("  FAIL {name}: {why}");
        }
        assert!(unexpected.is_empty(), "{} unexpected failures in {}", unexpected.len(), self.suite);
        assert!(stale.is_empty(), "listed as expected failures but passing: {stale:?}");
    }
}

fn eq<T: PartialEq + std::fmt::Debug>(what: &str, got: T, want: T) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: got {got:?}, want {want:?}"))
    }
}

/// Checks one matcher query through the fast path, the explaining path and a [`robotscope::Matcher`].
fn check_query(robots: &Robots, agents: &[String], url: &str, allowed: bool, line: Option<u64>) -> Result<(), String> {
    let (fast_allowed, fast_line) = robots.decide(agents, url);
    let verdict = robots.check(agents, url);
    eq("allowed", fast_allowed, allowed)?;
    eq("check().allowed", verdict.allowed, allowed)?;
    eq("check().line", verdict.line, fast_line)?;
    eq("matcher().decide()", robots.matcher(agents).decide(url), (fast_allowed, fast_line))?;
    if let Some(line) = line {
        eq("line", fast_line as u64, line)?;
    }
    Ok(())
}

#[test]
fn vectors() {
    let Some(dir) = conformance_dir() else { return };
    let text = std::fs::read_to_string(dir.join("vectors.jsonl")).expect("vectors.jsonl");
    let mut cache: HashMap<String, Robots> = HashMap::new();
    let mut tally = Tally::new("vectors");
    for (i, line) in text.lines().enumerate() {
        let v: Value = serde_json::from_str(line).expect("vector JSON");
        let file = v["file"].as_str().expect("file").to_owned();
        let robots = cache
            .entry(file.clone())
            .or_insert_with(|| Robots::parse(std::fs::read(Path::new(&dir).join(&file)).expect("robots file")));
        let result = check_query(
            robots,
            &agents(&v),
            v["url"].as_str().expect("url"),
            v["allowed"].as_bool().expect("allowed"),
            v["line"].as_u64(),
        );
        tally.record(format!("vectors:{}:{file}", i + 1), result);
    }
    assert!(tally.passed + tally.failures.len() >= 74_772, "fewer vectors than the README promises");
    tally.finish();
}

#[test]
fn google_matcher() {
    let Some(dir) = conformance_dir() else { return };
    let mut tally = Tally::new("matcher");
    for case in read_json(&dir, "matcher.json") {
        let robots = Robots::parse(case_bytes(&case, "robots").expect("robots"));
        let url = String::from_utf8(case_bytes(&case, "url").expect("url")).expect("utf-8 url");
        let result = check_query(&robots, &agents(&case), &url, case["allowed"].as_bool().expect("allowed"), None);
        tally.record(format!("matcher:{}:{}", case["name"].as_str().unwrap_or("?"), case["line"]), result);
    }
    tally.finish();
}

#[test]
fn google_helpers() {
    let Some(dir) = conformance_dir() else { return };
    let mut tally = Tally::new("helpers");
    for case in read_json(&dir, "helpers.json") {
        let result = check_helper(case["function"].as_str().expect("function"), &case);
        tally.record(format!("helpers:{}:{}", case["name"].as_str().unwrap_or("?"), case["line"]), result);
    }
    tally.finish();
}

fn check_helper(function: &str, case: &Value) -> Result<(), String> {
    let input = case_bytes(case, "input").expect("input");
    let text = String::from_utf8(input.clone());
    match function {
        "GetPathParamsQuery" => eq("path", path_of(&text.expect("utf-8")), case["expected"].as_str().unwrap().into()),
        "MaybeEscapePattern" => eq("escaped", escape_pattern(&input), case["expected"].as_str().unwrap().into()),
        "IsValidUserAgentToObey" => {
            eq("valid", is_valid_agent(&text.expect("utf-8")), case["expected"].as_bool().unwrap())
        }
        "ExtractUserAgent" => {
            eq("token", product_token(&text.expect("utf-8")).to_owned(), case["expected"].as_str().unwrap().into())
        }
        other => Err(format!("unknown helper {other}")),
    }
}

/// The reference's test-local `RobotsStatsReporter`: counts directive callbacks only.
fn stats(robots: &Robots) -> (usize, usize, usize, String) {
    let (mut valid, mut unknown, mut last) = (0, 0, 0);
    let mut sitemap = String::new();
    for line in robots.lines() {
        let Some(d) = line.directive else { continue };
        last = line.number;
        if d.kind == KeyKind::Unknown {
            unknown += 1;
        } else {
            valid += 1;
        }
        if d.kind == KeyKind::Sitemap {
            sitemap.push_str(&String::from_utf8_lossy(&robots.source()[d.value.start..d.value.end]));
        }
    }
    (valid, unknown, last, sitemap)
}

fn metadata_json(m: &robotscope::LineMetadata) -> Value {
    serde_json::json!({
        "is_empty": m.is_empty, "has_comment": m.has_comment, "is_comment": m.is_comment,
        "has_directive": m.has_directive, "is_acceptable_typo": m.is_acceptable_typo,
        "is_line_too_long": m.is_line_too_long, "is_missing_colon_separator": m.is_missing_colon_separator,
    })
}

fn line_report_json(l: &robotscope::LineReport) -> Value {
    serde_json::json!({
        "line_num": l.line.number, "tag_name": l.tag.reference_name(),
        "is_typo": l.line.metadata.is_acceptable_typo, "metadata": metadata_json(&l.line.metadata),
    })
}

fn check_reporting(case: &Value) -> Result<(), String> {
    let robots = Robots::parse(case_bytes(case, "robots").expect("robots"));
    let expected = &case["expected"];
    if case["handler"] == "RobotsStatsReporter" {
        let (valid, unknown, last, sitemap) = stats(&robots);
        return match case["check"].as_str().unwrap() {
            "valid_directives" => eq("valid", valid as u64, expected.as_u64().unwrap()),
            "unknown_directives" => eq("unknown", unknown as u64, expected.as_u64().unwrap()),
            "last_line_seen" => eq("last", last as u64, expected.as_u64().unwrap()),
            "sitemap" => eq("sitemap", sitemap.as_str(), expected.as_str().unwrap()),
            other => Err(format!("unknown check {other}")),
        };
    }
    let report = robots.report();
    match case["check"].as_str().unwrap() {
        "valid_directives" => eq("valid", report.valid_directives as u64, expected.as_u64().unwrap()),
        "last_line_seen" => eq("last", report.last_line_seen as u64, expected.as_u64().unwrap()),
        "parse_results_size_equals_last_line_seen" => {
            eq("size", report.lines.len() as u64, expected.as_u64().unwrap())?;
            eq("last", report.last_line_seen as u64, expected.as_u64().unwrap())
        }
        "parse_result" => {
            let n = case["line_num"].as_u64().unwrap() as usize;
            let got = report.lines.get(n - 1).map(line_report_json);
            eq("record", got.as_ref(), Some(expected))
        }
        other => Err(format!("unknown check {other}")),
    }
}

#[test]
fn google_reporting() {
    let Some(dir) = conformance_dir() else { return };
    let mut tally = Tally::new("reporting");
    for case in read_json(&dir, "reporting.json") {
        let result = check_reporting(&case);
        tally.record(format!("reporting:{}:{}", case["name"].as_str().unwrap_or("?"), case["line"]), result);
    }
    tally.finish();
}

/// The events the reference's parser emits for a file, as `extra.json` spells them.
fn events(robots: &Robots) -> Vec<Value> {
    let src = robots.source();
    let mut out = Vec::new();
    for line in robots.lines() {
        if let Some(d) = line.directive {
            let raw = &src[d.value.start..d.value.end];
            let name = match d.kind {
                KeyKind::UserAgent => "user_agent",
                KeyKind::Allow => "allow",
                KeyKind::Disallow => "disallow",
                KeyKind::Sitemap => "sitemap",
                _ => "unknown",
            };
            let value = match d.kind {
                KeyKind::UserAgent | KeyKind::Sitemap => raw.to_vec(),
                _ => escape_pattern(raw).into_bytes(),
            };
            let mut e = serde_json::json!({"line": line.number, "event": name, "value": hexish(&value)});
            if d.kind == KeyKind::Unknown {
                e["key"] = hexish(&src[d.key.start..d.key.end]);
            }
            out.push(e);
        }
        let m = line.metadata;
        let flags: Vec<&str> = [
            ("is_empty", m.is_empty),
            ("has_comment", m.has_comment),
            ("is_comment", m.is_comment),
            ("has_directive", m.has_directive),
            ("is_acceptable_typo", m.is_acceptable_typo),
            ("is_line_too_long", m.is_line_too_long),
            ("is_missing_colon_separator", m.is_missing_colon_separator),
        ]
        .into_iter()
        .filter_map(|(n, on)| on.then_some(n))
        .collect();
        out.push(serde_json::json!({"line": line.number, "event": "metadata", "flags": flags}));
    }
    out
}

/// Bytes as a JSON string when they are UTF-8, else as `{"hex": ...}`.
fn hexish(bytes: &[u8]) -> Value {
    match std::str::from_utf8(bytes) {
        Ok(s) => Value::String(s.to_owned()),
        Err(_) => serde_json::json!({"hex": bytes.iter().map(|b| format!("{b:02x}")).collect::<String>()}),
    }
}

/// Rewrites an expected event so that `key_hex`/`value_hex` compare like [`hexish`] output.
fn normalise_expected_event(e: &Value) -> Value {
    let mut e = e.clone();
    for field in ["key", "value"] {
        if let Some(hex) = e.get(format!("{field}_hex")).and_then(Value::as_str).map(str::to_owned) {
            e[field] = hexish(&unhex(&hex));
            e.as_object_mut().unwrap().remove(&format!("{field}_hex"));
        }
    }
    if let Some(flags) = e.get_mut("flags").and_then(Value::as_array_mut) {
        flags.sort_by_key(|f| f.as_str().map(flag_order));
    }
    e
}

fn flag_order(f: &str) -> usize {
    LINE_FLAGS.iter().position(|x| *x == f).unwrap_or(99)
}

fn check_extra(case: &Value) -> Result<(), String> {
    let kind = case["kind"].as_str().unwrap();
    match kind {
        "matcher" => {
            let robots = Robots::parse(case_bytes(case, "robots").expect("robots"));
            let url = String::from_utf8(case_bytes(case, "url").expect("url")).expect("utf-8 url");
            let agents = agents(case);
            let allowed = case["allowed"].as_bool().unwrap();
            check_query(&robots, &agents, &url, allowed, case["matching_line"].as_u64())?;
            let v = robots.check(&agents, &url);
            if let Some(ever) = case["ever_seen_specific_agent"].as_bool() {
                eq("ever_seen_specific_agent", v.scope == Scope::Specific, ever)?;
            }
            if let Some(dig) = case["disallow_ignore_global"].as_bool() {
                eq("disallow_ignore_global", v.scope == Scope::Specific && !v.allowed, dig)?;
            }
            Ok(())
        }
        "parse" => {
            let robots = Robots::parse(case_bytes(case, "robots").expect("robots"));
            let want: Vec<Value> = case["events"].as_array().unwrap().iter().map(normalise_expected_event).collect();
            eq("events", events(&robots), want)
        }
        "parse_summary" => {
            let robots = Robots::parse(case_bytes(case, "robots").expect("robots"));
            let line = robots.lines().next().unwrap();
            let rule = robots.rules().next().ok_or("no rule")?;
            eq("value length", rule.pattern.len() as u64, case["disallow_value_length"].as_u64().unwrap())?;
            eq("too long", line.metadata.is_line_too_long, case["is_line_too_long"].as_bool().unwrap())
        }
        "reporting" => {
            let robots = Robots::parse(case_bytes(case, "robots").expect("robots"));
            let r = robots.report();
            let got = serde_json::json!({
                "valid_directives": r.valid_directives, "last_line_seen": r.last_line_seen,
                "unused_directives": r.unused_directives, "parse_results_size": r.lines.len(),
                "parse_results": r.lines.iter().map(line_report_json).collect::<Vec<_>>(),
            });
            eq("report", &got, &case["expected"])
        }
        helper => check_helper(helper, case),
    }
}

#[test]
fn google_extra() {
    let Some(dir) = conformance_dir() else { return };
    let mut tally = Tally::new("extra");
    for (i, case) in read_json(&dir, "extra.json").iter().enumerate() {
        let result = check_extra(case);
        let note = case["note"].as_str().unwrap_or("");
        tally.record(format!("extra:{}:{}:{note}", i + 1, case["kind"].as_str().unwrap()), result);
    }
    tally.finish();
}

#[test]
fn tags_cover_every_line() {
    // A cheap cross-check that runs without the data: the report has one entry per line.
    let robots = Robots::parse("a\nUser-agent: x\n\nCrawl-delay: 1\n");
    let report = robots.report();
    assert_eq!(report.lines.len(), robots.line_count());
    assert_eq!(report.lines[3].tag, Tag::Unused);
}
