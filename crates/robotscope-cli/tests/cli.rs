//! Runs the built `robotscope` binary on temporary files and checks its output and exit status.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_robotscope");

/// The result of one run.
#[derive(Debug)]
struct Run {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run_with_input(args: &[&str], stdin: &[u8]) -> Run {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut pipe = child.stdin.take().unwrap();
    let input = stdin.to_vec();
    // Write from another thread so that a large input cannot deadlock against a full output pipe.
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    Run {
        code: out.status.code().expect("exited normally, not by a signal"),
        stdout: String::from_utf8(out.stdout).expect("stdout is UTF-8"),
        stderr: String::from_utf8(out.stderr).expect("stderr is UTF-8"),
    }
}

fn run(args: &[&str]) -> Run {
    run_with_input(args, b"")
}

/// A temporary folder holding one robots.txt file.
struct Fixture {
    dir: tempfile::TempDir,
    path: PathBuf,
}

impl Fixture {
    fn new(content: impl AsRef<[u8]>) -> Fixture {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("robots.txt");
        std::fs::write(&path, content).unwrap();
        Fixture { dir, path }
    }

    fn path(&self) -> &str {
        self.path.to_str().unwrap()
    }
}

const SHOP: &str = "\
User-agent: *
Disallow: /private/
Allow: /private/press/

User-agent: googlebot
Disallow: /x
Allow: /dir/index.html
Disallow: /ü
";

fn json_lines(s: &str) -> Vec<Value> {
    s.lines().map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}"))).collect()
}

// ---- check ----

#[test]
fn check_disallowed_names_the_deciding_line() {
    let f = Fixture::new(SHOP);
    let r = run(&["check", f.path(), "--agent", "Googlebot", "https://example.com/x/y"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(
        r.stdout.starts_with(
            "DISALLOWED  https://example.com/x/y  line 6: Disallow: /x  (priority 2, group for googlebot)"
        ),
        "{r:?}"
    );
}

#[test]
fn check_allowed_exits_zero() {
    let f = Fixture::new(SHOP);
    let r = run(&["check", f.path(), "-a", "Bingbot", "https://example.com/private/press/1", "https://example.com/"]);
    assert_eq!(r.code, 0, "{r:?}");
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(lines[0].starts_with("ALLOWED "));
    assert!(lines[0].contains("line 3: Allow: /private/press/  (priority 15, group for *)"), "{}", lines[0]);
    assert!(lines[1].starts_with("ALLOWED "));
    assert!(lines[1].contains("no rule matched  (group for *)"), "{}", lines[1]);
}

#[test]
fn check_mixed_exits_one_and_keeps_order_and_alignment() {
    let f = Fixture::new(SHOP);
    let r = run(&["check", f.path(), "-a", "Bingbot", "/a", "https://example.com/private/x", "/b"]);
    assert_eq!(r.code, 1, "{r:?}");
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 3);
    assert!(lines[0].starts_with("ALLOWED     /a "));
    assert!(lines[1].starts_with("DISALLOWED  https://example.com/private/x  line 2: Disallow: /private/"));
    assert!(lines[2].starts_with("ALLOWED     /b "));
    // The explanations start in one column.
    let col = |l: &str| l.find("  line ").or_else(|| l.find("  no rule")).unwrap();
    assert_eq!(col(lines[0]), col(lines[1]));
    assert_eq!(col(lines[1]), col(lines[2]));
}

#[test]
fn check_index_html_and_escaped_patterns_are_explained() {
    let f = Fixture::new(SHOP);
    let r = run(&["check", f.path(), "-a", "googlebot", "/dir/", "/%C3%BC"]);
    assert_eq!(r.code, 1, "{r:?}");
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert!(
        lines[0].contains("line 7: Allow: /dir/index.html  (through Google's index.html rule, priority 6"),
        "{}",
        lines[0]
    );
    assert!(lines[1].contains("line 8: Disallow: /ü  (matched as /%C3%BC, priority 7"), "{}", lines[1]);
}

#[test]
fn check_pools_several_agents() {
    let f = Fixture::new("User-agent: a\nAllow: /\n\nUser-agent: b\nDisallow: /shop\n");
    let alone = run(&["check", f.path(), "-a", "a", "/shop/x"]);
    assert_eq!(alone.code, 0, "{alone:?}");
    assert!(alone.stdout.contains("line 2: Allow: /"));
    // Pooled with a comma, both groups' rules compete: `Disallow: /shop` (5) beats `Allow: /` (1).
    let pooled = run(&["check", f.path(), "-a", "a,b", "/shop/x", "--json"]);
    assert_eq!(pooled.code, 1, "{pooled:?}");
    let v = &json_lines(&pooled.stdout)[0];
    assert_eq!(v["allowed"], false);
    assert_eq!(v["line"], 5);
    assert_eq!(v["agents"], serde_json::json!(["a", "b"]));
    assert_eq!(v["groups"], serde_json::json!([0, 1]));
    assert_eq!(v["matches"].as_array().unwrap().len(), 2);
    // Two --agent options are two rows, each answered on its own and named at the start of its line.
    let rows = run(&["check", f.path(), "-a", "a", "--agent", "b", "/shop/x"]);
    assert_eq!(rows.code, 1, "{rows:?}");
    assert_eq!(
        rows.stdout,
        "a  ALLOWED     /shop/x  line 2: Allow: /  (priority 1, group for a)\n\
         b  DISALLOWED  /shop/x  line 5: Disallow: /shop  (priority 5, group for b)\n"
    );
}

#[test]
fn check_answers_each_agent_on_its_own_row_as_diff_does() {
    // Issue 26: GPTBot's `Disallow: /` must not disappear when it is asked beside Googlebot and Bingbot.
    let f = Fixture::new("User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n");
    let r = run(&["check", f.path(), "--json", "-a", "Googlebot", "-a", "GPTBot", "-a", "Bingbot", "https://a.com/"]);
    assert_eq!(r.code, 1, "{r:?}");
    let got: Vec<(String, bool)> = json_lines(&r.stdout)
        .iter()
        .map(|v| (v["input_agents"][0].as_str().unwrap().to_owned(), v["allowed"].as_bool().unwrap()))
        .collect();
    let want = [("Googlebot", true), ("GPTBot", false), ("Bingbot", true)].map(|(a, b)| (a.to_owned(), b));
    assert_eq!(got, want);
}

#[test]
fn check_json_has_every_field() {
    let f = Fixture::new(SHOP);
    let r = run(&[
        "check",
        "--json",
        "--exact",
        f.path(),
        "-a",
        "Googlebot",
        "https://example.com/x?q=1",
        "https://example.com/ok",
    ]);
    assert_eq!(r.code, 1, "{r:?}");
    let v = json_lines(&r.stdout);
    assert_eq!(v.len(), 2);
    let d = &v[0];
    assert_eq!(d["url"], "https://example.com/x?q=1");
    assert_eq!(d["allowed"], false);
    assert_eq!(d["line"], 6);
    assert_eq!(d["rule"]["kind"], "disallow");
    assert_eq!(d["rule"]["value"], "/x");
    assert_eq!(d["rule"]["pattern"], "/x");
    assert_eq!(d["rule"]["priority"], 2);
    assert_eq!(d["rule"]["line"], 6);
    assert_eq!(d["scope"], "specific");
    assert_eq!(d["path"], "/x?q=1");
    assert_eq!(d["group_lines"], serde_json::json!([5, 6, 7, 8]));
    assert_eq!(d["matches"][0]["line"], 6);
    assert!(d.get("input_url").is_none());
    let ok = &v[1];
    assert_eq!(ok["allowed"], true);
    assert_eq!(ok["line"], 0);
    assert!(ok["rule"].is_null());
    assert_eq!(ok["matches"], serde_json::json!([]));
}

#[test]
fn check_json_scope_global_and_none() {
    let f = Fixture::new("User-agent: *\nDisallow: /a\n");
    let r = run(&["check", "--json", f.path(), "-a", "x", "/a"]);
    assert_eq!(json_lines(&r.stdout)[0]["scope"], "global");
    let f = Fixture::new("User-agent: other\nDisallow: /a\n");
    let r = run(&["check", "--json", f.path(), "-a", "x", "/a"]);
    assert_eq!(r.code, 0);
    assert_eq!(json_lines(&r.stdout)[0]["scope"], "none");
    let r = run(&["check", f.path(), "-a", "x", "/a"]);
    assert!(r.stdout.contains("no rule matched  (no group for this agent)"), "{r:?}");
}

#[test]
fn check_exact_passes_agents_and_urls_unchanged() {
    let f = Fixture::new("User-agent: *\nAllow: /\nDisallow: /caf\u{e9}\n\nUser-agent: Googlebot\nDisallow: /\n");
    // The engine compares the agent whole: `Googlebot/2.1` names no group, so `*` applies.
    let r = run(&["check", "--exact", f.path(), "-a", "Googlebot/2.1", "/page"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("group for *"));
    assert!(r.stderr.contains("not a product token"), "{r:?}");
    assert!(r.stderr.contains("without --exact, 'Googlebot' is read from it"), "{r:?}");
    // By default the agent is read as a crawler sends it, and so is the URL: Googlebot requests /caf%C3%A9.
    let r = run(&["check", f.path(), "-a", "Googlebot/2.1", "/page"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stdout.contains("group for Googlebot"), "{r:?}");
    let r = run(&["check", f.path(), "-a", "Bingbot", "https://example.com/caf\u{e9}"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stdout.contains("DISALLOWED  https://example.com/caf%C3%A9  line 3"), "{r:?}");
    let r = run(&["check", "--exact", f.path(), "-a", "Bingbot", "https://example.com/caf\u{e9}"]);
    assert_eq!(r.code, 0, "{r:?}");
}

#[test]
fn check_normalize_shows_what_the_engine_was_given() {
    let f = Fixture::new(SHOP);
    let ua = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    let r = run(&["check", f.path(), "--normalize", "-a", ua, "example.com/ü"]);
    assert_eq!(r.code, 1, "{r:?}");
    // What the core read is a note on standard error; only answers go to standard output.
    assert!(r.stderr.contains(&format!("note: agent '{ua}': Read the token `Googlebot`")), "{r:?}");
    assert!(r.stderr.contains("note: URL 'example.com/ü' is sent as 'http://example.com/%C3%BC'"), "{r:?}");
    assert_eq!(r.stdout.lines().count(), 1, "{r:?}");
    assert!(r.stdout.contains("DISALLOWED  http://example.com/%C3%BC  line 8: Disallow: /ü"), "{r:?}");

    let r = run(&["check", f.path(), "--normalize", "--json", "-a", ua, "example.com/ü"]);
    let v = &json_lines(&r.stdout)[0];
    assert_eq!(v["url"], "http://example.com/%C3%BC");
    assert_eq!(v["input_url"], "example.com/ü");
    assert_eq!(v["agents"], serde_json::json!(["Googlebot"]));
    assert_eq!(v["input_agents"], serde_json::json!([ua]));
    assert_eq!(v["line"], 8);
}

#[test]
fn check_reports_unusable_urls_and_answers_the_rest() {
    let f = Fixture::new(SHOP);
    let r = run(&["check", f.path(), "-a", "x", "https://"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("cannot read the URL 'https://'"), "{r:?}");
    assert!(r.stdout.is_empty());
    // Invalid URLs are errors on standard error (exit 2); the others are still answered.
    let r = run(&["check", f.path(), "-a", "x", "", "/ok", "::::", "http://"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert_eq!(r.stdout, "ALLOWED     /ok  no rule matched  (group for *)\n");
    assert_eq!(r.stderr.matches("cannot read the URL").count(), 3, "{r:?}");
    // A finding still comes first: a disallowed URL exits 1 though another could not be read.
    let r = run(&["check", f.path(), "-a", "x", "http://", "/private/x"]);
    assert_eq!(r.code, 1, "{r:?}");
}

#[test]
fn check_verbose_lists_every_match() {
    let f = Fixture::new(SHOP);
    let r = run(&["check", "-v", "--exact", f.path(), "-a", "bingbot", "/private/press/a"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("    path:   /private/press/a\n"), "{r:?}");
    assert!(r.stdout.contains("    groups: lines 1, 2, 3\n"), "{r:?}");
    assert!(r.stdout.contains("    match:  line 2: Disallow: /private/  (priority 9)\n"), "{r:?}");
    assert!(r.stdout.contains("    match:  line 3: Allow: /private/press/  (priority 15, decides)\n"), "{r:?}");
    assert!(
        r.stdout.contains(
            "    why:    bingbot has no group of its own, so the `*` group (lines 1-3) applies. \
             `Allow: /private/press/` (line 3, priority 15) beats `Disallow: /private/` (line 2, priority 9), so \
             the URL is allowed.\n"
        ),
        "{r:?}"
    );
}

#[test]
fn check_reads_stdin_for_dash() {
    let r = run_with_input(&["check", "-", "-a", "x", "/secret", "/open"], b"User-agent: *\nDisallow: /secret\n");
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stdout.starts_with("DISALLOWED  /secret  line 2: Disallow: /secret"), "{r:?}");
}

#[test]
fn check_empty_file_allows_everything_with_a_note() {
    let f = Fixture::new("");
    let r = run(&["check", f.path(), "-a", "x", "/"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stderr.contains("is empty"), "{r:?}");
}

#[test]
fn check_usage_errors_exit_two() {
    let f = Fixture::new(SHOP);
    for args in [
        vec!["check", f.path(), "/x"],                        // no agent
        vec!["check", f.path(), "-a", "x"],                   // no URL
        vec!["check", "-a", "x"],                             // no file
        vec!["check", f.path(), "-a", "x", "--bogus", "/x"],  // unknown flag
        vec!["check", f.path(), "-a", "x", "--json=1", "/x"], // value for a flag
        vec!["check", f.path(), "/x", "-a"],                  // missing value
    ] {
        let r = run(&args);
        assert_eq!(r.code, 2, "{args:?}: {r:?}");
        assert!(r.stderr.starts_with("robotscope: "), "{r:?}");
        assert!(r.stderr.contains("robotscope check --help"), "{r:?}");
        assert!(r.stdout.is_empty());
    }
}

// ---- size limit ----

#[test]
fn a_50_mb_file_works_and_is_cut_at_500_kib_by_default() {
    let mut body = String::from("User-agent: *\n");
    let mut i = 0;
    while body.len() < 50 * 1024 * 1024 {
        body.push_str(&format!("Disallow: /dir{i}/page\n"));
        i += 1;
    }
    body.push_str("Disallow: /final\n");
    let last_line = body.lines().count();
    let f = Fixture::new(&body);

    let r = run(&["check", f.path(), "-a", "x", "/final", "/dir0/page"]);
    assert_eq!(r.code, 1, "{:?}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert!(lines[0].starts_with("ALLOWED "), "{}", lines[0]);
    assert!(lines[1].starts_with("DISALLOWED "), "{}", lines[1]);
    assert!(r.stderr.contains("Google reads only the first 512000 bytes"), "{}", r.stderr);

    let r = run(&["check", f.path(), "--no-size-limit", "-a", "x", "/final"]);
    assert_eq!(r.code, 1, "{:?}", r.stderr);
    assert!(r.stdout.contains(&format!("line {last_line}: Disallow: /final")), "{}", r.stdout);
    assert!(r.stderr.is_empty(), "{}", r.stderr);

    let r = run(&["lint", "--json", f.path()]);
    // Rules lost to the cut are an error, and the message says how many (issue 27).
    assert_eq!(r.code, 1, "{r:?}");
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    let cut = v.as_array().unwrap().iter().find(|d| d["kind"] == "past-size-limit").expect("the cut is reported");
    assert_eq!(cut["severity"], "error");
    let whole = robotscope::Robots::parse(body.as_bytes());
    let lost = whole.rules().filter(|r| r.value_span.start >= 512_000).count();
    assert!(cut["message"].as_str().unwrap().contains(&format!("{lost} rules are lost")), "{cut} {lost}");
    // The span marks the cut (spans never point past what was parsed); the message gives the full size.
    assert_eq!(cut["span"]["start"], 512_000);
    assert_eq!(cut["span"]["end"], 512_000);
    assert!(cut["message"].as_str().unwrap().contains(&body.len().to_string()), "{cut}");
}

// ---- lint ----

#[test]
fn lint_clean_file_exits_zero() {
    let f = Fixture::new("User-agent: *\nDisallow: /private/\n");
    let r = run(&["lint", f.path()]);
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(r.stdout, "");
    assert!(r.stderr.contains("no problems found"), "{r:?}");
    let r = run(&["lint", "--json", f.path()]);
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(r.stdout, "[]\n");
}

// These two depend on the engine's diagnostics (SPEC B3): `missing-colon` is a warning, and a rule before any
// user-agent line is an error. If the lint's kinds or severities change, update them here.
#[test]
fn lint_warning_is_printed_compiler_style_and_exits_zero() {
    let f = Fixture::new("User-agent: *\nDisallow /x\n");
    let r = run(&["lint", f.path()]);
    assert_eq!(r.code, 0, "{r:?}");
    // The profile lint says first, at column 1, that RFC 9309 crawlers ignore the line (info).
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert!(lines[0].starts_with(&format!("{}:2:1: info: RFC 9309 crawlers ignore this line", f.path())), "{r:?}");
    assert!(lines.iter().any(|l| l.starts_with(&format!("{}:2:9: warning: ", f.path()))), "{r:?}");
    assert!(r.stdout.lines().any(|l| l.starts_with("  help: ")), "{r:?}");
    // The totals in the core's words, as the tester sums up its lint.
    let robots = robotscope::Robots::parse("User-agent: *\nDisallow /x\n");
    let totals = robotscope::Diagnostic::totals(&robots.diagnostics());
    assert_eq!(r.stderr.trim_end(), format!("{}: {totals}", f.path()));
    assert!(totals.contains(" warning") && totals.ends_with("1 note"), "{totals}");

    let r = run(&["lint", "--json", f.path()]);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    let d = v.as_array().unwrap().iter().find(|d| d["kind"] == "missing-colon").expect("missing-colon");
    assert_eq!(d["severity"], "warning");
    assert_eq!(d["line"], 2);
    assert_eq!(d["column"], 9);
    assert_eq!(d["span"]["start"], 22);
    assert!(d["message"].as_str().is_some_and(|m| !m.is_empty()));
    assert!(d["help"].is_string() || d["help"].is_null());
}

#[test]
fn lint_error_exits_one() {
    let r = run_with_input(&["lint", "-"], b"Disallow: /x\nUser-agent: *\nDisallow: /y\n");
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stdout.starts_with("<stdin>:1:11: error: "), "{r:?}");
    assert!(r.stderr.contains("1 error"), "{r:?}");
}

#[test]
fn lint_usage_errors_exit_two() {
    let f = Fixture::new("");
    assert_eq!(run(&["lint"]).code, 2);
    assert_eq!(run(&["lint", f.path(), f.path()]).code, 2);
    assert_eq!(run(&["lint", "--agent", "x", f.path()]).code, 2);
}

// ---- files that cannot be read ----

#[test]
fn missing_file_and_directory_exit_two_with_a_message() {
    let f = Fixture::new("");
    let missing = f.dir.path().join("nope.txt");
    let missing = missing.to_str().unwrap();
    let dir = f.dir.path().to_str().unwrap();
    for args in [
        vec!["check", missing, "-a", "x", "/"],
        vec!["lint", missing],
        vec!["check", dir, "-a", "x", "/"],
        vec!["lint", dir],
    ] {
        let r = run(&args);
        assert_eq!(r.code, 2, "{args:?}: {r:?}");
        let file = args[1];
        assert!(r.stderr.starts_with(&format!("robotscope: cannot read '{file}': ")), "{r:?}");
        assert!(r.stdout.is_empty());
        assert!(!r.stderr.contains("panicked"));
    }
    assert!(run(&["lint", missing]).stderr.contains("no such file"));
    assert!(run(&["lint", dir]).stderr.contains("directory"));
}

// ---- batch ----

fn batch_root() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("a.txt"), "User-agent: *\nDisallow: /a\n").unwrap();
    std::fs::create_dir(dir.path().join("sub")).unwrap();
    std::fs::write(dir.path().join("sub/b.txt"), b"User-agent: foo\nAllow: /\n\xff\nUser-agent: bar\nDisallow: /b\n")
        .unwrap();
    dir
}

fn root_arg(dir: &Path) -> &str {
    dir.to_str().unwrap()
}

#[test]
fn batch_answers_in_order() {
    let dir = batch_root();
    let input = concat!(
        r#"{"file": "a.txt", "agents": ["x"], "url": "https://e.com/a/1", "allowed": "ignored"}"#,
        "\n",
        r#"{"file": "a.txt", "agents": ["x"], "url": "/b"}"#,
        "\n",
        r#"{"file": "sub/b.txt", "agents": ["foo"], "url": "/b"}"#,
        "\n",
        r#"{"file": "sub/b.txt", "agents": ["foo", "bar"], "url": "/b"}"#,
        "\n",
        r#"{"file": "sub/b.txt", "agents": [], "url": "/b"}"#,
        "\n",
        r#"{"url": "/a", "agents": ["x"], "file": "a.txt"}"#,
    );
    let r = run_with_input(&["batch", "--root", root_arg(dir.path())], input.as_bytes());
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(
        r.stdout,
        concat!(
            "{\"allowed\": false, \"line\": 2}\n",
            "{\"allowed\": true, \"line\": 0}\n",
            "{\"allowed\": true, \"line\": 2}\n",
            "{\"allowed\": false, \"line\": 5}\n",
            "{\"allowed\": true, \"line\": 0}\n",
            "{\"allowed\": false, \"line\": 2}\n",
        )
    );
}

#[test]
fn batch_bad_lines_give_errors_and_processing_goes_on() {
    let dir = batch_root();
    let input = [
        r#"{"file": "a.txt", "agents": ["x"], "url": "/a"}"#,
        r#"not json"#,
        r#"{"file": "a.txt", "agents": ["x"]}"#,
        r#"{"file": "a.txt", "agents": "x", "url": "/a"}"#,
        r#"{"file": "missing.txt", "agents": ["x"], "url": "/a"}"#,
        r#"{"file": "sub", "agents": ["x"], "url": "/a"}"#,
        r#"[1, 2]"#,
        "",
        r#"{"file": "a.txt", "agents": ["x"], "url": "/z"}"#,
    ]
    .join("\n");
    let r = run_with_input(&["batch", "--root", root_arg(dir.path())], input.as_bytes());
    assert_eq!(r.code, 1, "{r:?}");
    let out = json_lines(&r.stdout);
    // The blank line is skipped: no answer for it.
    assert_eq!(out.len(), 8, "{r:?}");
    assert_eq!(out[0], serde_json::json!({"allowed": false, "line": 2}));
    for (i, v) in out.iter().enumerate().take(7).skip(1) {
        assert!(v["error"].is_string(), "line {}: {v}", i + 1);
    }
    assert!(out[2]["error"].as_str().unwrap().contains("'url'"));
    assert!(out[4]["error"].as_str().unwrap().contains("cannot read 'missing.txt'"));
    assert_eq!(out[7], serde_json::json!({"allowed": true, "line": 0}));
}

#[test]
fn batch_files_stay_inside_the_root_and_blank_lines_are_skipped() {
    let outside = tempfile::tempdir().unwrap();
    std::fs::write(outside.path().join("robots.txt"), "User-agent: *\nDisallow: /\n").unwrap();
    let dir = batch_root();
    let root = dir.path().join("root");
    std::fs::create_dir(&root).unwrap();
    std::fs::write(root.join("in.txt"), "User-agent: *\nDisallow: /in\n").unwrap();
    std::os::unix::fs::symlink(outside.path().join("robots.txt"), root.join("link.txt")).unwrap();
    let escape = format!("../{}", "../".repeat(20)) + outside.path().join("robots.txt").to_str().unwrap();
    let input = [
        r#"{"file": "in.txt", "agents": ["x"], "url": "/in"}"#.to_owned(),
        format!(r#"{{"file": "{escape}", "agents": ["x"], "url": "/a"}}"#),
        r#"{"file": "../a.txt", "agents": ["x"], "url": "/a"}"#.to_owned(),
        r#"{"file": "link.txt", "agents": ["x"], "url": "/a"}"#.to_owned(),
        String::from("   "),
        r#"{"file": "./sub/../in.txt", "agents": ["x"], "url": "/in"}"#.to_owned(),
    ]
    .join("\n");
    std::fs::create_dir(root.join("sub")).unwrap();
    let r = run_with_input(&["batch", "--root", root.to_str().unwrap()], input.as_bytes());
    let out = json_lines(&r.stdout);
    assert_eq!(out.len(), 5, "{r:?}");
    assert_eq!(out[0], serde_json::json!({"allowed": false, "line": 2}));
    for v in &out[1..4] {
        assert!(v["error"].as_str().unwrap().contains("is outside --root"), "{v}");
    }
    assert_eq!(out[4], serde_json::json!({"allowed": false, "line": 2}));
}

#[test]
fn batch_usage_errors_exit_two() {
    let dir = batch_root();
    assert_eq!(run(&["batch"]).code, 2);
    let r = run(&["batch", "--root", dir.path().join("a.txt").to_str().unwrap()]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("not a directory"), "{r:?}");
    assert_eq!(run(&["batch", "--root", root_arg(dir.path()), "extra"]).code, 2);
}

// ---- help and version ----

#[test]
fn help_and_version() {
    for args in [vec!["--help"], vec!["-h"], vec!["help"]] {
        let r = run(&args);
        assert_eq!(r.code, 0, "{args:?}");
        assert!(r.stdout.contains("robotscope check"), "{args:?}");
        assert!(r.stdout.contains("robotscope lint"));
        assert!(r.stdout.contains("robotscope batch"));
    }
    for cmd in ["check", "lint", "batch"] {
        let a = run(&[cmd, "--help"]);
        let b = run(&["help", cmd]);
        assert_eq!(a.code, 0);
        assert_eq!(a.stdout, b.stdout);
        assert!(a.stdout.starts_with(&format!("Usage: robotscope {cmd}")), "{}", a.stdout);
    }
}

#[test]
fn version_names_the_engine_and_googles_library() {
    let r = run(&["--version"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(r.stderr, "");
    let lines: Vec<&str> = r.stdout.lines().collect();
    // The first line stays `robotscope VERSION`, for scripts that read it.
    assert_eq!(lines[0], format!("robotscope {}", env!("CARGO_PKG_VERSION")));
    // The engine is a separate crate: the version linked in, which crates.io may resolve to a newer patch.
    assert_eq!(lines[1], format!("engine: robotscope {}", robotscope::VERSION));
    let reference = lines[2].strip_prefix("verified against: google/robotstxt ").expect("names Google's library");
    let (release, note) = reference.split_once(' ').expect("a release and a note");
    assert!(release.split('.').count() == 3 && release.split('.').all(|n| n.parse::<u32>().is_ok()), "{release}");
    assert_eq!(note, "(Google's robots.txt library)");
    assert_eq!(lines.len(), 3, "{}", r.stdout);
    assert_eq!(run(&["-V"]).stdout, r.stdout);
}

#[test]
fn unknown_commands_and_flags_exit_two() {
    for args in [vec![], vec!["frobnicate"], vec!["--frob"], vec!["help", "frobnicate"]] {
        let r = run(&args);
        assert_eq!(r.code, 2, "{args:?}: {r:?}");
        assert!(r.stderr.contains("robotscope --help"), "{r:?}");
    }
}

/// The shared table of typed agents and URLs (`tests/fixtures/typed-inputs.json`), which the core, the npm
/// package and the tester answer too: `check --normalize` must give the same token, URL, verdict and line.
#[test]
fn check_normalize_answers_the_shared_typed_inputs_table() {
    let table: Value = serde_json::from_str(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/typed-inputs.json"))
            .unwrap(),
    )
    .unwrap();
    let f = Fixture::new(table["robots"].as_str().unwrap());
    let cases = table["cases"].as_array().unwrap();
    assert!(cases.len() >= 10);
    for case in cases {
        let (agent, url) = (case["agent"].as_str().unwrap(), case["url"].as_str().unwrap());
        let r = run(&["check", f.path(), "--normalize", "--json", "-a", agent, url]);
        let out: Value = serde_json::from_str(r.stdout.trim()).unwrap_or_else(|e| panic!("{e}: {r:?}"));
        let tokens: Vec<Value> = case["token"].as_str().map(Value::from).into_iter().collect();
        assert_eq!(out["agents"], Value::Array(tokens), "token for {agent}");
        assert_eq!(out["url"], case["tested"], "URL tested for {url}");
        assert_eq!(out["allowed"], case["allowed"], "verdict for {agent} {url}");
        assert_eq!(out["line"], case["line"], "line for {agent} {url}");
        assert_eq!(r.code, if case["allowed"].as_bool().unwrap() { 0 } else { 1 }, "{r:?}");
    }
}

#[test]
fn check_normalize_follows_the_googlebot_group_for_googlebot_image() {
    let f = Fixture::new("User-agent: Googlebot\nDisallow: /photos/\nUser-agent: *\nAllow: /\n");
    let r = run(&["check", f.path(), "--normalize", "-v", "-a", "Googlebot-Image", "/photos/a.jpg"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stdout.contains("DISALLOWED  /photos/a.jpg  line 2: Disallow: /photos/"), "{r:?}");
    assert!(r.stdout.contains("it follows Googlebot's group (lines 1-2)"), "{r:?}");
}

#[test]
fn ai_shows_each_ai_crawler_with_its_verdict_and_usage_preferences() {
    let f = Fixture::new(
        "User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\nContent-Usage: / train-ai=n\n\
         Content-Signal: search=yes, ai-train=no\n",
    );
    let r = run(&["ai", f.path(), "/", "/docs/"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("AI training: 1 of "), "{}", r.stdout);
    // Columns are aligned: the longest crawler name of the catalogue, the longest URL.
    let width = robotscope::CRAWLERS.iter().filter(|c| c.kind.is_ai()).map(|c| c.name.len()).max().unwrap();
    let gpt = format!("  {:<width$} DISALLOWED /       line 2: Disallow: /\n", "GPTBot");
    assert!(r.stdout.contains(&gpt), "{}", r.stdout);
    assert!(r.stdout.contains("Content-Usage (IETF draft): train-ai=no (line 6)"), "{}", r.stdout);
    assert!(r.stdout.contains("Content-Signal: search=yes (line 7), ai-train=no (line 7)"), "{}", r.stdout);
    assert!(r.stdout.contains("AI search and assistants: 0 of "), "{}", r.stdout);
    // What Google-Extended does not govern, from the core, beside its line.
    assert!(r.stdout.contains("Google-Extended does not govern AI Overviews or AI Mode"), "{}", r.stdout);
    // The usage lines in the core's words, with what validators say of them.
    assert!(r.stdout.contains("Validators: Content-Usage (line 6): Google ignores it"), "{}", r.stdout);
    // JSON Lines: one object per crawler and URL; a disallowed URL has no usage preferences.
    let r = run(&["ai", f.path(), "--json", "--kind", "ai-training", "/x"]);
    let lines: Vec<Value> = r.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let gpt = lines.iter().find(|l| l["crawler"] == "GPTBot").unwrap();
    assert_eq!(
        (gpt["allowed"].as_bool(), gpt["line"].as_u64(), gpt["obeys"].as_str()),
        (Some(false), Some(2), Some("yes"))
    );
    assert_eq!(gpt["usage"]["content_usage"], Value::Array(vec![]));
    let cc = lines.iter().find(|l| l["crawler"] == "CCBot").unwrap();
    assert_eq!(cc["usage"]["content_usage"][0]["granted"], Value::Bool(false));
    assert!(lines.iter().all(|l| l["kind"] == "ai-training"));
    assert!(run(&["ai", f.path(), "--kind", "robots"]).stderr.contains("unknown kind 'robots'"));
}

#[test]
fn check_json_carries_the_usage_preferences() {
    let f = Fixture::new(
        "User-agent: *\nAllow: /\nContent-Usage: / train-ai=n\nContent-Usage: /ok/ train-ai=y\n\
         Content-Signal: ai-train=no\n",
    );
    let r = run(&["check", f.path(), "--json", "-a", "GPTBot", "/ok/x", "/other"]);
    let lines: Vec<Value> = r.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines[0]["usage"]["content_usage"][0]["granted"], Value::Bool(true));
    assert_eq!(lines[0]["usage"]["content_usage_lines"], serde_json::json!([4]));
    assert_eq!(lines[1]["usage"]["content_usage"][0]["granted"], Value::Bool(false));
    assert_eq!(
        lines[1]["usage"]["content_signal"][0],
        serde_json::json!({"key": "ai-train", "granted": false, "line": 5})
    );
    // The verdict itself ignores them.
    assert_eq!((lines[1]["allowed"].as_bool(), lines[1]["line"].as_u64()), (Some(true), Some(2)));
}

#[test]
fn check_answers_each_crawler_of_a_set_on_its_own() {
    let body = "User-agent: GPTBot\nUser-agent: CCBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n";
    let f = Fixture::new(body);
    let r = run(&["check", f.path(), "--json", "-a", "@ai-training", "/", "/private/x"]);
    assert_eq!(r.code, 1, "{r:?}");
    let lines = json_lines(&r.stdout);
    let set = robotscope::crawler_set("@ai-training").unwrap();
    assert_eq!(lines.len(), 2 * set.len(), "one line per crawler and URL: {}", r.stdout);
    let robots = robotscope::Robots::parse(body);
    // URL by URL (a URL list is streamed), each crawler of the set in catalogue order.
    for (per_url, url) in lines.chunks(set.len()).zip(["/", "/private/x"]) {
        for (line, crawler) in per_url.iter().zip(&set) {
            // What the core says for the crawler typed by name, fallbacks and all.
            let v = robots.check_agent(&robotscope::resolve_agent(crawler.name), url).verdict;
            assert_eq!(line["input_agents"], serde_json::json!([crawler.name]), "{line}");
            assert_eq!((line["allowed"].as_bool(), line["line"].as_u64()), (Some(v.allowed), Some(v.line as u64)));
        }
    }
    let gpt = lines.iter().find(|l| l["input_agents"][0] == "GPTBot" && l["url"] == "/").unwrap();
    assert_eq!((gpt["allowed"].as_bool(), gpt["line"].as_u64()), (Some(false), Some(3)));
    // In text, one table: each line starts with the crawler it answers for.
    let r = run(&["check", f.path(), "-a", "@ai-training", "-a", "Googlebot", "/"]);
    let width = set.iter().map(|c| c.name.len()).max().unwrap();
    let gpt = format!("{:<width$}  DISALLOWED  /  line 3: Disallow: /  (priority 1, group for GPTBot)\n", "GPTBot");
    assert!(r.stdout.contains(&gpt), "{}", r.stdout);
    assert!(r.stdout.ends_with(&format!("{:<width$}  ALLOWED     /  no rule matched  (group for *)\n", "Googlebot")));
    assert_eq!(r.stdout.lines().count(), set.len() + 1, "{}", r.stdout);
    let r = run(&["check", f.path(), "-a", "@robots", "/"]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("unknown crawler set '@robots': use @search,"), "{r:?}");
}

// ---- check --profile and --compare (issue 13) ----

fn pitfalls() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../static/examples/pitfalls.robots.txt").to_str().unwrap().to_owned()
}

#[test]
fn check_compare_on_the_pitfalls_example() {
    let file = pitfalls();
    let r = run(&["check", "--compare", &file, "-a", "GPTBot", "/private", "/tmp/x"]);
    // Google disallows /private (the missing colon on line 5 is accepted), so the exit status is 1.
    assert_eq!(r.code, 1, "{r:?}");
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0].split_whitespace().collect::<Vec<_>>(), ["URL", "google", "rfc9309", "1994"]);
    let row: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(
        row,
        ["DIFFERS", "/private", "DISALLOWED", "(line", "5)", "ALLOWED", "(no", "rule)", "ALLOWED", "(no", "rule)"]
    );
    assert!(lines[2].starts_with("    google:  GPTBot has no group of its own"), "{}", lines[2]);
    assert!(
        lines[3].starts_with("    rfc9309: No group names GPTBot for an RFC 9309 crawler")
            && lines[3].contains(
                "It passes over line 5 (`Disallow /private`) and line 6 (`Dissallow: /drafts/`), which are not RFC \
                 9309 syntax."
            ),
        "{}",
        lines[3]
    );
    assert!(
        lines[4].starts_with("    1994:    No record names GPTBot, so a 1994 robot obeys the `*` record"),
        "{}",
        lines[4]
    );
    // A URL on which they agree is marked as such and not explained (without -v).
    assert_eq!(lines[5].split_whitespace().next(), Some("same"));
    assert_eq!(lines.len(), 6, "{}", r.stdout);
}

#[test]
fn check_compare_exit_status_follows_the_chosen_profile() {
    let f = Fixture::new("User-agent: *\nDisallow /private\n");
    // Google reads the missing-colon line; RFC 9309 does not.
    assert_eq!(run(&["check", "--compare", f.path(), "-a", "Bot", "/private"]).code, 1);
    assert_eq!(run(&["check", "--compare", "--profile", "rfc9309", f.path(), "-a", "Bot", "/private"]).code, 0);
    let same = run(&["check", "--compare", f.path(), "-a", "Bot", "/public"]);
    assert_eq!(same.code, 0, "{same:?}");
    assert!(same.stdout.lines().nth(1).unwrap().starts_with("same"), "{}", same.stdout);
}

#[test]
fn check_compare_json() {
    let f = Fixture::new("User-agent: Bingbot\nDisallow: /images\nAllow: /images\n");
    let r = run(&["check", "--compare", "--json", f.path(), "-a", "Bingbot", "/images/a", "/x"]);
    assert_eq!(r.code, 0, "{r:?}");
    let v = json_lines(&r.stdout);
    assert_eq!(v.len(), 2);
    assert_eq!(
        (v[0]["profile"].as_str(), v[0]["allowed"].as_bool(), v[0]["line"].as_u64()),
        (Some("google"), Some(true), Some(3))
    );
    assert_eq!(v[0]["differs"], true);
    let profiles = v[0]["readers"].as_array().unwrap();
    let names: Vec<&str> = profiles.iter().map(|p| p["profile"].as_str().unwrap()).collect();
    assert_eq!(names, ["google", "rfc9309", "1994"]);
    // The 1994 standard has no `Allow`: the first `Disallow` the path starts with decides.
    assert_eq!((profiles[2]["allowed"].as_bool(), profiles[2]["line"].as_u64()), (Some(false), Some(2)));
    assert!(profiles[2]["why"]
        .as_str()
        .unwrap()
        .contains("It passes over line 3 (`Allow: /images`), which is not part of the 1994 standard."));
    assert_eq!(v[1]["differs"], false);
}

#[test]
fn check_compare_chosen_readings_set_the_columns_the_readers_and_the_exit_status() {
    // Google reads the missing-colon line and disallows /private; RFC 9309 and the 1994 standard do not.
    let f = Fixture::new("User-agent: *\nDisallow /private\n");
    let r = run(&["check", f.path(), "--compare=rfc9309,google", "-a", "Bot", "/private"]);
    // The first reading compared gives the exit status: RFC 9309 allows.
    assert_eq!(r.code, 0, "{r:?}");
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines[0].split_whitespace().collect::<Vec<_>>(), ["URL", "rfc9309", "google"]);
    let row: Vec<&str> = lines[1].split_whitespace().collect();
    assert_eq!(row, ["DIFFERS", "/private", "ALLOWED", "(no", "rule)", "DISALLOWED", "(line", "2)"]);
    assert!(lines[2].starts_with("    rfc9309: ") && lines[3].starts_with("    google:  "), "{}", r.stdout);
    assert_eq!(lines.len(), 4, "{}", r.stdout);
    // --profile picks another of the readings compared.
    let google = run(&["check", f.path(), "--compare=rfc9309,google", "--profile", "google", "-a", "Bot", "/private"]);
    assert_eq!(google.code, 1, "{google:?}");
    // Two readings that agree: nothing differs, whatever Google (the cell's own answer) says.
    let r = run(&["check", f.path(), "--compare=1994,rfc9309", "--json", "-a", "Bot", "/private"]);
    assert_eq!(r.code, 0, "{r:?}");
    let v = &json_lines(&r.stdout)[0];
    let readers: Vec<&str> = v["readers"].as_array().unwrap().iter().map(|r| r["profile"].as_str().unwrap()).collect();
    assert_eq!(readers, ["1994", "rfc9309"]);
    assert_eq!((v["differs"].as_bool(), v["allowed"].as_bool()), (Some(false), Some(false)));
    let doc = run(&["check", f.path(), "--compare=1994,rfc9309", "--format", "json", "-a", "Bot", "/private"]);
    let doc: Value = serde_json::from_str(&doc.stdout).unwrap();
    assert_eq!((doc["view"].as_str(), doc["differ"].as_u64()), (Some("compare"), Some(0)));
    let readers = doc["urls"][0]["cells"][0]["readers"].as_array().unwrap();
    assert_eq!(readers.iter().map(|r| r["profile"].as_str().unwrap()).collect::<Vec<_>>(), ["1994", "rfc9309"]);
}

#[test]
fn check_compare_without_a_value_takes_no_argument_and_bad_readings_are_usage_errors() {
    let f = Fixture::new("User-agent: *\nDisallow /private\n");
    // A bare --compare compares all three and leaves the next argument a URL.
    let r = run(&["check", f.path(), "--compare", "/private", "-a", "Bot"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert_eq!(
        r.stdout.lines().next().unwrap().split_whitespace().collect::<Vec<_>>(),
        ["URL", "google", "rfc9309", "1994"]
    );
    assert_eq!(r.stdout, run(&["check", f.path(), "--compare=google,rfc9309,1994", "/private", "-a", "Bot"]).stdout);
    let cases: [(&[&str], &str); 5] = [
        (
            &["--compare=gogle"],
            "unknown reading 'gogle' for --compare (did you mean 'google'?): give google, rfc9309 or 1994",
        ),
        (&["--compare=google,bing"], "unknown reading 'bing' for --compare: give google, rfc9309 or 1994"),
        (&["--compare="], "unknown reading '' for --compare"),
        (&["--compare=google,RFC9309,google"], "--compare names 'google' twice: name each reading once"),
        (
            &["--compare=rfc9309,1994", "--profile", "google"],
            "--profile google gives the exit status under --compare, so it must be one of the readings compared \
             (rfc9309, 1994): add it to --compare or leave --profile out",
        ),
    ];
    for (options, message) in cases {
        let mut args = vec!["check", f.path(), "-a", "Bot", "/private"];
        args.extend_from_slice(options);
        let r = run(&args);
        assert_eq!((r.code, r.stdout.as_str()), (2, ""), "{options:?}: {r:?}");
        assert!(r.stderr.contains(message), "{options:?}: {}", r.stderr);
        assert!(r.stderr.contains("Try 'robotscope check --help'"), "{options:?}: {}", r.stderr);
    }
}

#[test]
fn check_profile_option() {
    let f = Fixture::new("User-agent: *\nDisallow: /d/\nAllow: /d/index.html\n");
    // Google's index.html rule allows /d/; RFC 9309 has no such rule.
    let google = run(&["check", "--json", f.path(), "-a", "Bot", "/d/"]);
    assert_eq!((google.code, json_lines(&google.stdout)[0]["profile"].as_str()), (0, Some("google")));
    let rfc = run(&["check", "--json", "--profile", "RFC9309", f.path(), "-a", "Bot", "/d/"]);
    assert_eq!(rfc.code, 1, "{rfc:?}");
    let v = &json_lines(&rfc.stdout)[0];
    assert_eq!((v["profile"].as_str(), v["line"].as_u64()), (Some("rfc9309"), Some(2)));
    let text = run(&["check", "-v", "--profile", "1994", f.path(), "-a", "Bot", "/d/x"]);
    assert_eq!(text.code, 1, "{text:?}");
    assert!(
        text.stdout.contains("line 2: Disallow: /d/  (a prefix of the path, 1994 standard, record for *)"),
        "{}",
        text.stdout
    );
    assert!(
        text.stdout.contains("why:    No record names Bot, so a 1994 robot obeys the `*` record (lines 1-2)."),
        "{}",
        text.stdout
    );
    let bad = run(&["check", "--profile", "bing", f.path(), "-a", "Bot", "/"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("unknown profile 'bing': give google, rfc9309 or 1994"), "{}", bad.stderr);
    let live = run(&["check", "--compare", "--live", "-a", "Bot", "http://127.0.0.1:9/"]);
    assert_eq!(live.code, 2);
    assert!(live.stderr.contains("--compare answers from a ROBOTS_FILE: not with --live"), "{}", live.stderr);
}

#[test]
fn check_profile_with_normalize_uses_the_presets_fallbacks() {
    // Googlebot-Image follows the Googlebot group under every profile (its operator's documented fallback).
    let f = Fixture::new("User-agent: Googlebot\nDisallow: /photos/\n\nUser-agent: *\nAllow: /\n");
    for profile in ["google", "rfc9309", "1994"] {
        let r = run(&[
            "check",
            "--normalize",
            "--json",
            "--profile",
            profile,
            f.path(),
            "-a",
            "googlebot-image",
            "/photos/a.jpg",
        ]);
        assert_eq!(r.code, 1, "{profile}: {r:?}");
        assert_eq!(json_lines(&r.stdout)[0]["line"], 2, "{profile}");
    }
}

#[test]
fn ai_says_which_crawlers_only_look_blocked() {
    // Cloudflare's managed `Allow: /` ties the site's own `Disallow: /` in another `*` group: Google merges the
    // groups, the allow wins, and a crawler without its own group only looks blocked.
    let body = "# BEGIN Cloudflare Managed content\nUser-agent: *\nAllow: /\n# END Cloudflare Managed Content\n\n\
                User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /\n";
    let f = Fixture::new(body);
    let robots = robotscope::Robots::parse(body);
    // The core's summary: the training group holds the control tokens too (Google-Extended, Applebot-Extended).
    let training = &robots.ai_summary("/").unwrap()[0];
    let looks = training.crawlers.iter().filter(|a| a.cell.looks_blocked()).count();
    assert!(looks > 0 && looks < training.crawlers.len() && looks == training.looks_blocked);
    let r = run(&["ai", f.path(), "--kind", "training"]);
    assert_eq!(r.code, 0, "{r:?}");
    let first = r.stdout.lines().next().unwrap();
    assert!(
        first.starts_with(&format!(
            "AI training: 1 of {} blocked at / ({looks} more only look blocked)",
            training.crawlers.len()
        )),
        "{first}"
    );
    // Who only looks blocked is said in the core's words, under the crawler's row.
    let cc = training.crawlers.iter().find(|a| a.crawler.name == "CCBot").unwrap();
    let note = cc.cell.looks_blocked_note().unwrap();
    assert!(note.contains("the Disallow on line 10 ties the Allow on line 3"), "{note}");
    assert!(r.stdout.lines().any(|l| l.trim() == note), "{}", r.stdout);
    let r = run(&["ai", f.path(), "--json", "--kind", "ai-training"]);
    let lines = json_lines(&r.stdout);
    let gpt = lines.iter().find(|l| l["crawler"] == "GPTBot").unwrap();
    assert_eq!((gpt["allowed"].as_bool(), gpt["tied_disallow"].is_null()), (Some(false), true));
    let cc = lines.iter().find(|l| l["crawler"] == "CCBot").unwrap();
    assert_eq!((cc["allowed"].as_bool(), cc["tied_disallow"].as_u64()), (Some(true), Some(10)));
    // The summary's words are the core's: the count at each URL asked, then what the operators say.
    let r = run(&["ai", f.path(), "--kind", "training", "/", "/docs/a"]);
    let at_docs = &robots.ai_summary("/docs/a").unwrap()[0];
    let mut said = vec![training.counted(), at_docs.counted()];
    said.extend(training.group.statements());
    assert_eq!(r.stdout.lines().next().unwrap(), format!("AI training: {}", said.join("; ")));
    // The usage preferences are said as every surface says them, an unreadable Content-Usage line by its number.
    let g = Fixture::new("User-agent: *\nAllow: /\nContent-Usage: / train-ai=\nContent-Signal: ai-train=no\n");
    let r = run(&["ai", g.path(), "--kind", "training"]);
    assert!(r.stdout.contains("Content-Usage (IETF draft): unknown: line 3 does not parse\n"), "{}", r.stdout);
    assert!(r.stdout.contains("Content-Signal: ai-train=no (line 4)\n"), "{}", r.stdout);
}

// ---- URL lists (issue 27) and the crawler's reading in every command (issue 26) ----

#[test]
fn check_reads_a_url_list_from_a_file_or_standard_input() {
    let f = Fixture::new("User-agent: *\nDisallow: /private/\n");
    let list = f.dir.path().join("urls.txt");
    std::fs::write(&list, "# pages to check\n/open\n\n   \n/private/a\r\n  # indented comment\n/private/b").unwrap();
    let from_file = run(&["check", f.path(), "-a", "x", "--urls", list.to_str().unwrap()]);
    assert_eq!(from_file.code, 1, "{from_file:?}");
    let verdicts: Vec<&str> = from_file.stdout.lines().map(|l| l.split_whitespace().next().unwrap()).collect();
    assert_eq!(verdicts, ["ALLOWED", "DISALLOWED", "DISALLOWED"], "{from_file:?}");
    let input = std::fs::read(&list).unwrap();
    for args in [vec!["check", f.path(), "-a", "x", "--urls", "-"], vec!["check", f.path(), "-a", "x", "-"]] {
        let r = run_with_input(&args, &input);
        assert_eq!((r.code, &r.stdout), (1, &from_file.stdout), "{args:?}: {r:?}");
    }
    // Standard input is one stream: not for the file and the list at once.
    let r = run_with_input(&["check", "-", "-a", "x", "--urls", "-"], b"");
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("standard input ('-') can be read only once"), "{r:?}");
    let r = run(&["check", f.path(), "-a", "x", "--urls", "/no/such/list"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("cannot read the URL list '/no/such/list'"), "{r:?}");
}

#[test]
fn a_list_of_200000_urls_is_streamed() {
    let f = Fixture::new("User-agent: *\nDisallow: /d/\n");
    let mut input = String::new();
    for i in 0..200_000 {
        input.push_str(if i % 2 == 0 { "/d/" } else { "/a/" });
        input.push_str(&i.to_string());
        input.push('\n');
    }
    let r = run_with_input(&["check", f.path(), "-a", "x", "--json", "--urls", "-"], input.as_bytes());
    assert_eq!(r.code, 1, "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), 200_000);
    assert_eq!(lines.iter().filter(|l| l.contains("\"allowed\":false")).count(), 100_000);
}

#[test]
fn a_list_asked_in_chunks_is_governed_by_one_site() {
    // The list's first full URL (on a.example) names the site; the second chunk (a question answers at most
    // MAX_URLS URLs, so the CLI asks in parts of that size) starts with a URL of b.example, which must not become
    // that chunk's site.
    let f = Fixture::new("User-agent: *\nDisallow: /d/\n");
    let mut urls = vec![String::from("https://a.example/first")];
    urls.extend((1..robotscope::MAX_URLS).map(|i| format!("/p/{i}")));
    let second = ["https://b.example/other", "https://a.example/d/x", "http://a.example/y", "https://sub.a.example/"];
    urls.extend(second.into_iter().chain(["/d/last"]).map(String::from));
    let input = urls.join("\n") + "\n";
    let r = run_with_input(&["check", f.path(), "-a", "x", "--format", "json", "--urls", "-"], input.as_bytes());
    assert_eq!(r.code, 1, "{}", r.stderr);
    let doc: Value = serde_json::from_str(&r.stdout).unwrap();
    // Each URL asked by the core of the site the list's first full URL names.
    let robots = robotscope::Robots::parse("User-agent: *\nDisallow: /d/\n");
    let ask = |urls: Vec<String>, site| {
        let question = robotscope::Question { agents: vec!["x".into()], urls, site, ..robotscope::Question::default() };
        robots.ask(&question)
    };
    let site = ask(urls[..1].to_vec(), None).site.unwrap();
    assert_eq!(doc["site"].as_str(), Some(site.as_str()));
    let rows = doc["urls"].as_array().unwrap();
    assert_eq!(rows.len(), urls.len());
    for (row, url) in rows.iter().zip(&urls) {
        let survey = ask(vec![url.clone()], Some(&site));
        let asked = &survey.urls[0];
        let governs = asked.governs.map(robotscope::Governs::name);
        assert_eq!(row["governs"].as_str(), governs, "{row}");
        assert_eq!(row["tested"].as_str(), Some(asked.typed.tested.as_str()));
    }
    let governs_of = |url: &str| rows.iter().find(|r| r["input"] == url).map(|r| r["governs"].clone());
    assert_eq!(governs_of("https://a.example/d/x"), Some(Value::from("yes")));
    assert_ne!(governs_of("https://b.example/other"), Some(Value::from("yes")));
    // JSON Lines give each answer the same `governs`.
    let r = run_with_input(&["check", f.path(), "-a", "x", "--json", "--urls", "-"], input.as_bytes());
    let lines = json_lines(&r.stdout);
    assert_eq!(lines.len(), rows.len());
    for (line, row) in lines.iter().zip(rows) {
        assert_eq!(line["governs"], row["governs"], "{line}");
    }
}

#[test]
fn diff_reads_the_same_url_lists() {
    let old = Fixture::new("User-agent: *\nDisallow:\n");
    let new = Fixture::new("User-agent: *\nDisallow: /d/\n");
    let list = new.dir.path().join("urls.txt");
    std::fs::write(&list, "# changed\n/d/x\n\n/a\n").unwrap();
    let r = run(&["diff", old.path(), new.path(), "-a", "x", "--urls", list.to_str().unwrap()]);
    assert_eq!(r.code, 1, "{r:?}");
    assert_eq!(r.stdout.lines().count(), 1, "{r:?}");
    assert!(r.stderr.contains("1 of 2 verdicts changed"), "{r:?}");
}

#[test]
fn crawlers_that_ignore_the_star_group_agree_in_check_diff_and_sitemaps() {
    // Issue 26: AdsBot-Google ignores `*`; no group names it here, so no rule applies to it anywhere.
    let f = Fixture::new("User-agent: *\nDisallow: /cart\n");
    let empty = Fixture::new("");
    for agent in ["AdsBot-Google", "AdsBot-Google-Mobile", "Mediapartners-Google"] {
        let check = run(&["check", f.path(), "-a", agent, "https://example.com/cart"]);
        assert_eq!(check.code, 0, "{agent}: {check:?}");
        let diff = run(&["diff", empty.path(), f.path(), "-a", agent, "https://example.com/cart"]);
        assert_eq!((diff.code, diff.stdout.as_str()), (0, ""), "{agent}: {diff:?}");
        let sitemap = f.dir.path().join("sitemap.xml");
        std::fs::write(&sitemap, "<urlset><url><loc>https://example.com/cart</loc></url></urlset>").unwrap();
        let r = run(&["check", f.path(), "-a", agent, "--sitemap", sitemap.to_str().unwrap()]);
        assert_eq!((r.code, r.stdout.as_str()), (0, ""), "{agent}: {r:?}");
        assert!(r.stderr.contains("1 URL read from 1 sitemap file; 0 disallowed"), "{r:?}");
    }
    // Googlebot-Image follows Googlebot's group in check and in diff alike.
    let g = Fixture::new("User-agent: Googlebot\nDisallow: /about\n\nUser-agent: *\nAllow: /\n");
    let check = run(&["check", g.path(), "--json", "-a", "Googlebot-Image", "https://example.com/about"]);
    assert_eq!(json_lines(&check.stdout)[0]["line"], 2, "{check:?}");
    let diff = run(&["diff", empty.path(), g.path(), "-a", "Googlebot-Image", "https://example.com/about"]);
    assert_eq!(diff.code, 1, "{diff:?}");
    assert!(diff.stdout.contains("-> disallowed (line 2: Disallow: /about)"), "{diff:?}");
    // Crawler sets are taken by diff too, and each crawler is compared on its own.
    let sets = run(&["diff", empty.path(), g.path(), "-a", "@search", "/about"]);
    assert!(sets.stdout.contains("Googlebot: allowed"), "{sets:?}");
    let bad = run(&["diff", empty.path(), g.path(), "-a", "@serch", "/about"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("did you mean '@search'?"), "{bad:?}");
}

#[test]
fn lint_fail_on_chooses_the_level_that_fails() {
    // Issue 27: a rule after the final `Sitemap:` line joins the GPTBot group; a warning, so it fails only
    // with --fail-on warning or note.
    let f = Fixture::new("User-agent: GPTBot\nDisallow: /gpt\n\nSitemap: https://a.com/s.xml\nDisallow: /page1\n");
    let r = run(&["lint", f.path()]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains(":5:11: warning: this rule comes after a `Sitemap:` line"), "{r:?}");
    assert_eq!(run(&["lint", "--fail-on", "warning", f.path()]).code, 1);
    assert_eq!(run(&["lint", "--fail-on", "note", f.path()]).code, 1);
    assert_eq!(run(&["lint", "--fail-on", "error", f.path()]).code, 0);
    // Infos alone fail only with --fail-on note.
    let info = Fixture::new("User-agent: *\nDisallow: /x\nCrawl-delay: 5\n");
    assert_eq!(run(&["lint", "--fail-on", "warning", info.path()]).code, 0);
    assert_eq!(run(&["lint", "--fail-on", "note", info.path()]).code, 1);
    let bad = run(&["lint", "--fail-on", "fatal", f.path()]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("unknown level 'fatal' for --fail-on"), "{bad:?}");
}

// ---- test: expectations (issue 27) ----

#[test]
fn test_checks_written_expectations_and_lists_the_failures() {
    let robots = Fixture::new("User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /cart\n");
    let expect = robots.dir.path().join("expect.txt");
    let write = |text: &str| std::fs::write(&expect, text).unwrap();
    let e = expect.to_str().unwrap();
    write("# gates\n\ndisallowed GPTBot https://example.com/blog/\nallowed   Googlebot /shop\n");
    std::fs::OpenOptions::new().append(true).open(&expect).unwrap().write_all(b"disallowed Googlebot cart\n").unwrap();
    let r = run(&["test", robots.path(), e]);
    assert_eq!((r.code, r.stdout.as_str()), (0, ""), "{r:?}");
    assert!(r.stderr.contains("3 of 3 expectations hold"), "{r:?}");
    // A set expands to every member: each crawler that is not disallowed is a failure of its own.
    write("disallowed @ai-training /blog/\n");
    let set = robotscope::crawler_set("@ai-training").unwrap();
    let r = run(&["test", robots.path(), e]);
    assert_eq!(r.code, 1, "{r:?}");
    assert_eq!(r.stdout.lines().count(), set.len() - 1, "{r:?}");
    assert!(!r.stdout.contains("for GPTBot"), "{r:?}");
    assert!(r.stdout.contains(":1: expected disallowed for ClaudeBot (of @ai-training) at /blog/, but it is allowed"));
    assert!(r.stderr.contains(&format!("1 of {} expectations hold", set.len())), "{r:?}");
    // GitHub annotations and SARIF point at the expectation's line.
    write("# one\nallowed GPTBot /x\n");
    let r = run(&["test", "--format", "github", robots.path(), e]);
    assert_eq!(r.code, 1);
    assert!(r.stdout.starts_with(&format!("::error file={e},line=2,title=robotscope expectation failed::")), "{r:?}");
    let r = run(&["test", "--format", "sarif", robots.path(), e]);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    let result = &v["runs"][0]["results"][0];
    assert_eq!(result["locations"][0]["physicalLocation"]["region"]["startLine"], 2);
    assert!(v["runs"][0]["tool"]["driver"].get("informationUri").is_none(), "the placeholder is not named");
    // A line that cannot be read is an error naming it.
    write("allowed GPTBot\n");
    let r = run(&["test", robots.path(), e]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains(":1: expected 'allowed|disallowed AGENT URL'"), "{r:?}");
    write("maybe GPTBot /x\n");
    assert_eq!(run(&["test", robots.path(), e]).code, 2);
}

#[test]
fn color_is_chosen_with_color_and_no_color() {
    let f = Fixture::new("User-agent: *\nDisallow: /x\n");
    let always = run(&["check", "--color", "always", f.path(), "-a", "a", "/x", "/y"]);
    assert!(always.stdout.starts_with("\x1b[31mDISALLOWED\x1b[0m  /x  line 2"), "{always:?}");
    assert!(always.stdout.contains("\x1b[32mALLOWED\x1b[0m     /y"), "{always:?}");
    // Not a terminal: no colour by default, nor with never.
    for args in [vec!["check", f.path(), "-a", "a", "/x"], vec!["check", "--color=never", f.path(), "-a", "a", "/x"]] {
        assert!(!run(&args).stdout.contains('\x1b'), "{args:?}");
    }
    let typo = Fixture::new("User-agent: *\nDissallow: /a\n");
    let lint = run(&["lint", typo.path(), "--color", "always"]);
    assert!(lint.stdout.contains(":2:1: \x1b[33mwarning\x1b[0m: "), "{lint:?}");
    let bad = run(&["check", "--color", "sometimes", f.path(), "-a", "a", "/x"]);
    assert_eq!(bad.code, 2);
    assert!(bad.stderr.contains("unknown value 'sometimes' for --color"), "{bad:?}");
}

#[test]
fn mistyped_options_and_commands_get_a_suggestion() {
    let f = Fixture::new(SHOP);
    for (args, hint) in [
        (vec!["check", f.path(), "--agnet", "x", "/"], "unknown option '--agnet' (did you mean '--agent'?)"),
        (vec!["lint", f.path(), "--fail-onn", "warning"], "(did you mean '--fail-on'?)"),
        (vec!["diff", f.path(), f.path(), "--jsn"], "(did you mean '--json'?)"),
        (vec!["chekc", f.path()], "unknown command 'chekc' (did you mean 'check'?)"),
        // Each command suggests what its own help documents, and nothing it does not take.
        (vec!["check", f.path(), "--brif", "-a", "x", "/"], "unknown option '--brif' (did you mean '--brief'?)"),
        (vec!["ai", f.path(), "--kindd", "training"], "(did you mean '--kind'?)"),
        (vec!["fetch", "https://example.com/", "--outptu", "x"], "(did you mean '--output'?)"),
        (vec!["batch", "--rot", "."], "(did you mean '--root'?)"),
        (vec!["test", f.path(), f.path(), "--lvie", "x"], "(did you mean '--live'?)"),
        (vec!["lint", f.path(), "--agen", "x"], "unknown option '--agen'\n"),
        (vec!["diff", f.path(), f.path(), "-a", "x", "/", "--user-agnet", "x"], "(did you mean '--user-agent'?)"),
        (vec!["lint", f.path(), "--colr", "never"], "(did you mean '--color'?)"),
    ] {
        let r = run(&args);
        assert_eq!(r.code, 2, "{args:?}");
        assert!(r.stderr.contains(hint), "{args:?}: {}", r.stderr);
        assert!(r.stdout.is_empty());
    }
}

#[test]
fn check_marks_the_answers_a_baseline_changes() {
    let old = Fixture::new("User-agent: *\nAllow: /\n");
    let new = Fixture::new("User-agent: *\nDisallow: /shop/\n");
    let r = run(&["check", new.path(), "--baseline", old.path(), "-a", "Googlebot", "/shop/x", "/blog"]);
    assert_eq!(r.code, 1, "{r:?}");
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert!(lines[0].starts_with("DISALLOWED  /shop/x  line 2: Disallow: /shop/"), "{}", r.stdout);
    assert_eq!(lines[1], "    changed: the baseline said allowed (line 2)");
    assert!(lines[2].starts_with("ALLOWED     /blog "), "{}", r.stdout);
    assert_eq!(lines.len(), 3, "{}", r.stdout);
    let r = run(&["check", new.path(), "--baseline", old.path(), "--json", "-a", "Googlebot", "/shop/x"]);
    let v = &json_lines(&r.stdout)[0];
    assert_eq!((v["changed"].as_bool(), v["baseline"]["allowed"].as_bool()), (Some(true), Some(true)));
}
