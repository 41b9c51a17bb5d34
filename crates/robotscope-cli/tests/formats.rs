//! `lint --format github` and `--format sarif` (validated against the SARIF 2.1.0 JSON schema), and the CI
//! recipe in `examples/`, whose `robotscope` commands are run here against a local server.

use std::io::Write;
use std::net::TcpListener;
use std::process::Command;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_robotscope");

/// OASIS SARIF 2.1.0 schema (rtm.5, the version GitHub code scanning documents), from the npm package
/// `@microsoft/jest-sarif` 1.0.0-beta.0 (MIT), file `lib/schemas/sarif-2.1.0-rtm.5.json`.
const SARIF_SCHEMA: &str = include_str!("fixtures/sarif-2.1.0-rtm.5.json");

/// A file with an error, warnings, an info, a non-ASCII line and a `%`, `,` and `:` to escape.
const MESSY: &str = "User-agent: *\nDisalow: /x\nCrawl-delay: 5\nDisallow /a:b\nDisallow: /é/*$x\nDisallow: /100%\n\n\
     User-agent: Googlebot\n";

struct Out {
    code: i32,
    stdout: String,
    stderr: String,
}

fn run(args: &[&str], dir: Option<&std::path::Path>) -> Out {
    let mut c = Command::new(BIN);
    c.args(args);
    if let Some(d) = dir {
        c.current_dir(d);
    }
    let o = c.output().unwrap();
    Out {
        code: o.status.code().unwrap(),
        stdout: String::from_utf8(o.stdout).unwrap(),
        stderr: String::from_utf8(o.stderr).unwrap(),
    }
}

fn messy_file() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("my robots,v1.txt");
    std::fs::write(&path, MESSY).unwrap();
    let p = path.to_str().unwrap().to_owned();
    (dir, p)
}

/// The engine's diagnostics, from `--format json`, as the reference for the other formats.
fn json_diagnostics(path: &str) -> Vec<Value> {
    let r = run(&["lint", "--format", "json", path], None);
    assert_eq!(r.code, 1);
    let v: Value = serde_json::from_str(&r.stdout).unwrap();
    let list = v.as_array().unwrap().clone();
    assert!(list.len() >= 5, "{list:?}");
    list
}

/// Undoes GitHub's workflow-command escaping.
fn unescape(s: &str) -> String {
    s.replace("%0A", "\n").replace("%0D", "\r").replace("%3A", ":").replace("%2C", ",").replace("%25", "%")
}

#[test]
fn github_annotations_carry_every_diagnostic() {
    let (_dir, path) = messy_file();
    let expected = json_diagnostics(&path);
    let r = run(&["lint", "--format", "github", &path], None);
    assert_eq!(r.code, 1, "an error still fails the step");
    assert!(r.stderr.is_empty(), "{}", r.stderr);
    let lines: Vec<&str> = r.stdout.lines().collect();
    assert_eq!(lines.len(), expected.len());
    for (line, d) in lines.iter().zip(&expected) {
        // ::LEVEL PROPS::DATA, with no raw newline, and no raw `,` or `:` inside a property.
        let rest = line.strip_prefix("::").unwrap();
        let (head, data) = rest.split_once("::").unwrap();
        let (level, props) = head.split_once(' ').unwrap();
        let want_level = match d["severity"].as_str().unwrap() {
            "info" => "notice",
            other => other,
        };
        assert_eq!(level, want_level);
        let props: Vec<(&str, String)> =
            props.split(',').map(|kv| kv.split_once('=').unwrap()).map(|(k, v)| (k, unescape(v))).collect();
        assert_eq!(props[0], ("file", path.clone()));
        assert_eq!(props[1], ("line", d["line"].to_string()));
        assert_eq!(props[2], ("col", d["column"].to_string()));
        assert_eq!(props[3], ("title", format!("robotscope {}", d["kind"].as_str().unwrap())));
        let mut message = d["message"].as_str().unwrap().to_owned();
        if let Some(help) = d["help"].as_str() {
            message = format!("{message}\nhelp: {help}");
        }
        assert_eq!(unescape(data), message);
    }
    assert!(r.stdout.contains("robots%2Cv1.txt,line="), "a `,` in the file name is escaped");
}

#[test]
fn sarif_log_is_valid_against_the_2_1_0_schema_and_carries_every_diagnostic() {
    let mut schema: Value = serde_json::from_str(SARIF_SCHEMA).unwrap();
    // rtm.5's pattern for the `language` members has a stray `]` (`...{2}]?$`) that JavaScript reads as a
    // literal and Rust's regex engines reject; the final 2.1.0 schema fixed it. robotscope writes no `language`.
    assert_eq!(fix_language_patterns(&mut schema), 2);
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles");

    let (_dir, path) = messy_file();
    let expected = json_diagnostics(&path);
    let r = run(&["lint", "--format", "sarif", &path], None);
    assert_eq!(r.code, 1);
    let log: Value = serde_json::from_str(&r.stdout).unwrap();
    let errors: Vec<String> = validator.iter_errors(&log).map(|e| format!("{e} at {}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{errors:#?}");

    let run0 = &log["runs"][0];
    assert_eq!(run0["tool"]["driver"]["name"], "robotscope");
    assert_eq!(
        run0["artifacts"][0]["location"]["uri"],
        run0["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    );
    assert!(run0["artifacts"][0]["location"]["uri"].as_str().unwrap().ends_with("my%20robots%2Cv1.txt"));
    let results = run0["results"].as_array().unwrap();
    assert_eq!(results.len(), expected.len());
    let rules = run0["tool"]["driver"]["rules"].as_array().unwrap();
    for (res, d) in results.iter().zip(&expected) {
        assert_eq!(res["ruleId"], d["kind"]);
        assert_eq!(rules[res["ruleIndex"].as_u64().unwrap() as usize]["id"], d["kind"]);
        let level = match d["severity"].as_str().unwrap() {
            "info" => "note",
            other => other,
        };
        assert_eq!(res["level"], level);
        let region = &res["locations"][0]["physicalLocation"]["region"];
        assert_eq!(region["startLine"], d["line"]);
        assert_eq!(region["byteOffset"], d["span"]["start"]);
        assert_eq!(
            region["byteLength"].as_u64().unwrap(),
            d["span"]["end"].as_u64().unwrap() - d["span"]["start"].as_u64().unwrap()
        );
        assert!(res["message"]["text"].as_str().unwrap().starts_with(d["message"].as_str().unwrap()));
    }
    // Columns count code points: on `Disallow: /é/*$x` a column after the `é` is one less than in bytes.
    let after_e: Vec<(&Value, &Value)> =
        results.iter().zip(&expected).filter(|(_, d)| d["line"] == 5 && d["column"].as_u64().unwrap() > 13).collect();
    assert!(!after_e.is_empty(), "{expected:#?}");
    for (res, d) in after_e {
        let col = res["locations"][0]["physicalLocation"]["region"]["startColumn"].as_u64().unwrap();
        assert_eq!(col + 1, d["column"].as_u64().unwrap());
    }

    // A clean file is a valid log with no results.
    let dir = tempfile::tempdir().unwrap();
    let clean = dir.path().join("robots.txt");
    std::fs::write(&clean, "User-agent: *\nDisallow: /private/\n").unwrap();
    let r = run(&["lint", "--format", "sarif", clean.to_str().unwrap()], None);
    assert_eq!(r.code, 0);
    let log: Value = serde_json::from_str(&r.stdout).unwrap();
    assert!(validator.is_valid(&log));
    assert_eq!(log["runs"][0]["results"].as_array().unwrap().len(), 0);

    // The validator does reject a broken log (so the check above can fail).
    let mut broken = log.clone();
    broken["runs"][0]["results"] = serde_json::json!([{ "level": "fatal", "message": {} }]);
    assert!(!validator.is_valid(&broken));
}

/// Replaces rtm.5's broken language-tag pattern wherever it occurs; returns how many it replaced.
fn fix_language_patterns(v: &mut Value) -> usize {
    match v {
        Value::Object(map) => {
            let mut n = 0;
            for (k, child) in map.iter_mut() {
                if k == "pattern" && child == "^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$" {
                    *child = Value::from("^[a-zA-Z]{2}(-[a-zA-Z]{2})?$");
                    n += 1;
                } else {
                    n += fix_language_patterns(child);
                }
            }
            n
        }
        Value::Array(items) => items.iter_mut().map(fix_language_patterns).sum(),
        _ => 0,
    }
}

#[test]
fn unknown_format_is_a_usage_error() {
    let r = run(&["lint", "--format", "xml", "-"], None);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("unknown format 'xml': use text, json, github or sarif"), "{}", r.stderr);
}

// ---- the CI recipe ----

const RECIPE: &str = include_str!("../../../examples/github-actions-robots.yml");

/// Splits a shell command line into words (double and single quotes, backslash line continuations).
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quote: Option<char> = None;
    let mut any = false;
    for c in line.replace("\\\n", " ").chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                any = true;
            }
            (None, c) if c.is_whitespace() => {
                if any || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                any = false;
            }
            (None, c) => cur.push(c),
        }
    }
    if any || !cur.is_empty() {
        out.push(cur);
    }
    out
}

#[test]
fn the_ci_recipe_parses_and_its_commands_run() {
    let doc: serde_yaml::Value = serde_yaml::from_str(RECIPE).expect("the recipe is YAML");
    assert!(doc["on"]["pull_request"].is_mapping() || doc["on"]["pull_request"].is_null(), "runs on pull requests");
    let jobs = doc["jobs"].as_mapping().expect("jobs");
    let mut commands = Vec::new();
    for (_, job) in jobs {
        for step in job["steps"].as_sequence().expect("steps") {
            if let Some(run) = step["run"].as_str() {
                let joined = run.replace("\\\n", " ");
                for line in joined.lines() {
                    let w = words(line);
                    if w.first().map(String::as_str) == Some("robotscope") {
                        commands.push(w);
                    }
                }
            }
        }
    }
    let subcommands: Vec<&str> = commands.iter().map(|c| c[1].as_str()).collect();
    assert!(["lint", "diff", "test"].iter().all(|c| subcommands.contains(c)), "{subcommands:?}");

    // Run each command as the workflow would, with the site's address pointing at a local server that serves
    // the live file, in a checkout holding public/robots.txt and an env var the recipe reads.
    let live = "User-agent: *\nDisallow: /private/\n";
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let site = format!("http://127.0.0.1:{}", listener.local_addr().unwrap().port());
    let sitemap = format!(
        "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>{site}/</loc></url>\
         <url><loc>{site}/private/x</loc></url></urlset>"
    );
    std::thread::spawn(move || {
        for mut s in listener.incoming().flatten() {
            let mut buf = [0u8; 4096];
            let n = std::io::Read::read(&mut s, &mut buf).unwrap_or(0);
            let request = String::from_utf8_lossy(&buf[..n]);
            let body = if request.starts_with("GET /robots.txt ") { live } else { sitemap.as_str() };
            let _ = write!(s, "HTTP/1.1 200 OK\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}", body.len());
        }
    });
    let checkout = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(checkout.path().join("public")).unwrap();
    std::fs::write(checkout.path().join("public/robots.txt"), "User-agent: *\nDisallow: /\n").unwrap();
    std::fs::write(checkout.path().join("public/robots.expect"), "allowed Googlebot /\ndisallowed GPTBot /private/\n")
        .unwrap();
    let site_var = doc["env"]["SITE"].as_str().expect("the recipe names its site in env.SITE").to_owned();
    assert!(site_var.starts_with("https://"));
    for cmd in &commands {
        let args: Vec<String> =
            cmd[1..].iter().map(|a| a.replace("${{ env.SITE }}", &site).replace("$SITE", &site)).collect();
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let r = run(&args, Some(checkout.path()));
        assert_ne!(r.code, 2, "{cmd:?} is not a usage or network error: {}", r.stderr);
        if cmd[1] == "test" {
            // The staging `Disallow: /` breaks the written expectation that Googlebot may fetch `/`.
            assert_eq!(r.code, 1, "{cmd:?}: {}{}", r.stdout, r.stderr);
            assert!(r.stdout.starts_with("::error file=public/robots.expect,line=1,"), "{}", r.stdout);
            assert_eq!(r.stdout.lines().count(), 1, "{}", r.stdout);
        }
        if cmd[1] == "diff" {
            // The staging `Disallow: /` against the live file: the gate fails.
            assert_eq!(r.code, 1, "{cmd:?}: {}{}", r.stdout, r.stderr);
            // Only `/` changes (`/private/x` was disallowed already), for each of the agents.
            let agents = cmd.iter().filter(|w| *w == "--agent").count();
            let want = format!("{site}/  Googlebot: allowed (no rule matched) -> disallowed (line 2: Disallow: /)");
            assert!(r.stdout.lines().any(|l| l == want), "{}", r.stdout);
            assert_eq!(r.stdout.lines().count(), agents, "{}", r.stdout);
        }
    }
}
