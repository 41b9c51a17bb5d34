//! `robotscope audit` on logs written by a real nginx (Debian's, `/usr/sbin/nginx`) on 127.0.0.1 serving a
//! robots.txt that changes midway, while a script (curl) requests pages under crawler User-Agents; inside a
//! network namespace (when `unshare -n` is allowed) the script also sends requests from addresses inside
//! Google's and OpenAI's published ranges. Then bad input: truncated gzip, binary garbage, a 10 MB line,
//! unknown formats, impossible time zones.

use std::collections::BTreeSet;
use std::io::Write;
use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_robotscope");
const NGINX: &str = "/usr/sbin/nginx";

const V1: &str = "User-agent: GPTBot\nDisallow: /private/\n\nUser-agent: Googlebot\nDisallow: /drafts/\n";
const V2: &str = "User-agent: GPTBot\nDisallow: /\n\nUser-agent: Googlebot\nDisallow: /drafts/\nDisallow: /tmp/\n\n\
                  User-agent: ClaudeBot\nDisallow: /archive/\n";

const GOOGLEBOT: &str = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const GPTBOT: &str =
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)";
const CLAUDEBOT: &str =
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)";
const BROWSER: &str = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

/// Addresses inside the published ranges shipped with the core (googlebot.txt: 66.249.66.0/27; gptbot.txt:
/// 20.171.206.0/24), given to the loopback interface of the test's own network namespace.
const GOOGLE_ADDR: &str = "66.249.66.1";
const OPENAI_ADDR: &str = "20.171.206.7";

/// One planted request: the robots.txt version in force (1 or 2), the User-Agent, the source address
/// (`None`: 127.0.0.1), the path, and the line of that version that disallows it, if any.
struct Planted {
    phase: u8,
    agent: &'static str,
    from: Option<&'static str>,
    path: &'static str,
    disallowed_by: Option<usize>,
}

const fn req(phase: u8, agent: &'static str, from: Option<&'static str>, path: &'static str, line: usize) -> Planted {
    Planted { phase, agent, from, path, disallowed_by: if line == 0 { None } else { Some(line) } }
}

const PLAN: &[Planted] = &[
    req(1, GPTBOT, None, "/robots.txt", 0),
    req(1, GPTBOT, None, "/public/e.html", 0),
    req(1, GPTBOT, None, "/private/a.html", 2),
    req(1, GOOGLEBOT, None, "/robots.txt", 0),
    req(1, GOOGLEBOT, None, "/drafts/b.html", 5),
    req(1, GOOGLEBOT, None, "/tmp/c.html", 0),
    req(1, CLAUDEBOT, None, "/archive/d.html", 0),
    req(1, BROWSER, None, "/private/a.html", 0),
    req(1, GOOGLEBOT, Some(GOOGLE_ADDR), "/robots.txt", 0),
    req(1, GOOGLEBOT, Some(GOOGLE_ADDR), "/drafts/b.html", 5),
    req(1, GPTBOT, Some(OPENAI_ADDR), "/private/a.html?x=1", 2),
    req(2, GPTBOT, None, "/public/e.html", 2),
    req(2, GOOGLEBOT, None, "/tmp/c.html", 6),
    req(2, GOOGLEBOT, None, "/drafts/b.html", 5),
    req(2, CLAUDEBOT, None, "/robots.txt", 0),
    req(2, CLAUDEBOT, None, "/archive/d.html", 9),
    req(2, BROWSER, None, "/drafts/b.html", 0),
    req(2, GOOGLEBOT, Some(GOOGLE_ADDR), "/public/e.html", 0),
    req(2, GPTBOT, Some(OPENAI_ADDR), "/index.html", 2),
];

fn crawler_of(agent: &str) -> Option<&'static str> {
    match agent {
        GOOGLEBOT => Some("Googlebot"),
        GPTBOT => Some("GPTBot"),
        CLAUDEBOT => Some("ClaudeBot"),
        _ => None,
    }
}

fn identity(p: &Planted) -> &'static str {
    match (crawler_of(p.agent), p.from) {
        (Some("ClaudeBot"), _) => "unverified",
        (_, Some(_)) => "verified",
        _ => "spoofed",
    }
}

/// Whether this machine lets the test make a network namespace (root, or unprivileged user namespaces).
fn netns_allowed() -> bool {
    Command::new("unshare").args(["-n", "true"]).status().is_ok_and(|s| s.success())
}

fn curl_line(p: &Planted, port: u16) -> String {
    let iface = p.from.map(|a| format!("--interface {a} ")).unwrap_or_default();
    format!("curl -s -o /dev/null {iface}-A '{}' 'http://127.0.0.1:{port}{}'\n", p.agent, p.path)
}

/// Serves the site with nginx, runs the plan and returns the access log, the change time and the plan run.
fn run_nginx(dir: &Path, netns: bool) -> (String, i64, Vec<&'static Planted>) {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let d = dir.display();
    for page in ["index.html", "public/e.html", "private/a.html", "drafts/b.html", "tmp/c.html", "archive/d.html"] {
        let path = dir.join("html").join(page);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, "<p>page</p>\n").unwrap();
    }
    std::fs::create_dir_all(dir.join("tmp")).unwrap();
    std::fs::write(dir.join("html/robots.txt"), V1).unwrap();
    std::fs::write(dir.join("v2.txt"), V2).unwrap();
    let temp = format!("{d}/tmp");
    std::fs::write(
        dir.join("nginx.conf"),
        format!(
            "worker_processes 1;\nerror_log {d}/error.log;\npid {d}/nginx.pid;\nevents {{ worker_connections 64; }}\n\
             http {{\n  access_log {d}/access.log combined;\n  \
             client_body_temp_path {temp}; proxy_temp_path {temp};\n  \
             fastcgi_temp_path {temp}; uwsgi_temp_path {temp}; scgi_temp_path {temp};\n  \
             server {{ listen 127.0.0.1:{port}; root {d}/html; }}\n}}\n"
        ),
    )
    .unwrap();
    let nginx = format!("{NGINX} -p {d} -c {d}/nginx.conf -e {d}/error.log");
    let mut script = String::from("set -e\n");
    if netns {
        script.push_str(&format!(
            "ip link set lo up\nip addr add {GOOGLE_ADDR}/32 dev lo\nip addr add {OPENAI_ADDR}/32 dev lo\n"
        ));
    }
    script.push_str(&format!(
        "{nginx}\ni=0; until curl -s -o /dev/null http://127.0.0.1:{port}/ping-before-plan; do i=$((i+1)); \
         [ $i -lt 100 ] || exit 3; sleep 0.05; done\n"
    ));
    let run: Vec<&Planted> = PLAN.iter().filter(|p| netns || p.from.is_none()).collect();
    for p in run.iter().filter(|p| p.phase == 1) {
        script.push_str(&curl_line(p, port));
    }
    // The change happens on a second boundary after every phase-1 request was logged, so that the log's
    // one-second times put each request on its side of it.
    script.push_str(&format!(
        "now=$(date +%s); while [ \"$(date +%s)\" -eq \"$now\" ]; do sleep 0.02; done\n\
         date +%s > {d}/changed\ncp {d}/v2.txt {d}/html/robots.txt\n"
    ));
    for p in run.iter().filter(|p| p.phase == 2) {
        script.push_str(&curl_line(p, port));
    }
    script.push_str(&format!(
        "{nginx} -s quit\ni=0; while [ -e {d}/nginx.pid ] && [ $i -lt 100 ]; do i=$((i+1)); sleep 0.05; done\n"
    ));
    std::fs::write(dir.join("plan.sh"), &script).unwrap();
    let plan = format!("{d}/plan.sh");
    let status = if netns {
        Command::new("unshare").args(["-n", "sh", &plan]).status()
    } else {
        Command::new("sh").arg(&plan).status()
    };
    assert!(
        status.unwrap().success(),
        "the plan failed: {}",
        std::fs::read_to_string(dir.join("error.log")).unwrap_or_default()
    );
    let changed: i64 = std::fs::read_to_string(dir.join("changed")).unwrap().trim().parse().unwrap();
    (std::fs::read_to_string(dir.join("access.log")).unwrap(), changed, run)
}

fn audit(args: &[&str]) -> Output {
    Command::new(BIN).arg("audit").args(args).output().unwrap()
}

fn jsonl(out: &Output) -> Vec<Value> {
    String::from_utf8_lossy(&out.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

fn iso(t: i64) -> String {
    // The CLI reads RFC 3339; write the Unix time through `date`, which the script used too.
    let out = Command::new("date").args(["-u", "-d", &format!("@{t}"), "+%Y-%m-%dT%H:%M:%SZ"]).output().unwrap();
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

#[test]
fn nginx_log_with_a_robots_txt_change_midway() {
    if !Path::new(NGINX).exists() {
        assert!(std::env::var_os("CI").is_none(), "nginx is missing at {NGINX}");
        eprintln!("SKIPPED: no nginx at {NGINX}");
        return;
    }
    let netns = netns_allowed();
    if !netns {
        eprintln!("note: no network namespace here (unshare -n failed): only the 127.0.0.1 requests are planted");
    }
    let dir = tempfile::tempdir().unwrap();
    // nginx's workers run as `nobody` when the test runs as root: they must read the site.
    Command::new("chmod").args(["755", &dir.path().display().to_string()]).status().unwrap();
    let (log, changed, run) = run_nginx(dir.path(), netns);
    std::fs::write(dir.path().join("v1.txt"), V1).unwrap();
    let log_path = dir.path().join("access.log");
    let start = iso(changed - 3600);
    let v1 = format!("{start}={}", dir.path().join("v1.txt").display());
    let v2 = format!("{}={}", iso(changed), dir.path().join("v2.txt").display());
    let out = audit(&["--robots", &v1, "--robots", &v2, "--format", "jsonl", log_path.to_str().unwrap()]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let rows = jsonl(&out);

    // Exactly the planted violations, each against its version and line, with its identity.
    let found: BTreeSet<(String, String, String, u64, String)> = rows
        .iter()
        .filter(|r| r["type"] == "violation")
        .map(|r| {
            let version = r["version"].as_str().unwrap();
            let version = if version.ends_with("v1.txt") { "v1" } else { "v2" };
            (
                r["crawler"].as_str().unwrap().to_string(),
                r["url"].as_str().unwrap().to_string(),
                version.to_string(),
                r["line"].as_u64().unwrap(),
                r["identity"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let planted: BTreeSet<(String, String, String, u64, String)> = run
        .iter()
        .filter_map(|p| {
            let line = p.disallowed_by?;
            let crawler = crawler_of(p.agent)?;
            Some((
                crawler.to_string(),
                p.path.to_string(),
                format!("v{}", p.phase),
                line as u64,
                identity(p).to_string(),
            ))
        })
        .collect();
    assert_eq!(found, planted, "log:\n{log}\nstderr:\n{stderr}");
    assert_eq!(found.len(), run.iter().filter(|p| p.disallowed_by.is_some()).count());

    // The per-crawler rows: requests and identities as planted.
    for crawler in ["Googlebot", "GPTBot", "ClaudeBot"] {
        let row = rows.iter().find(|r| r["type"] == "crawler" && r["crawler"] == crawler).unwrap();
        let mine: Vec<&&Planted> = run.iter().filter(|p| crawler_of(p.agent) == Some(crawler)).collect();
        let count = |id: &str| mine.iter().filter(|p| identity(p) == id).count() as u64;
        assert_eq!(row["requests"], mine.len() as u64, "{crawler}");
        for id in ["verified", "unverified", "spoofed"] {
            assert_eq!(row[id], count(id), "{crawler} {id}");
        }
        let disallowed = mine.iter().filter(|p| p.disallowed_by.is_some()).count() as u64;
        assert_eq!(row["disallowed"], disallowed, "{crawler}");
        // Googlebot and GPTBot fetched robots.txt before anything else; ClaudeBot did not.
        assert_eq!(row["robots_first"], crawler != "ClaudeBot", "{crawler}");
    }
    assert_eq!(rows.iter().filter(|r| r["type"] == "crawler").count(), 3, "the browser is no crawler");
    let summary = rows.last().unwrap();
    assert_eq!(summary["bad_lines"], 0, "{stderr}");
    // The requests from inside the published ranges are verified; with them the audit fails (exit 1).
    assert_eq!(out.status.code(), Some(if netns { 1 } else { 0 }), "{stderr}");
    if netns {
        assert!(log.contains(GOOGLE_ADDR) && log.contains(OPENAI_ADDR), "{log}");
    }

    // The table and CSV say the same violations.
    let csv = audit(&["--robots", &v1, "--robots", &v2, "--format", "csv", log_path.to_str().unwrap()]);
    assert_eq!(String::from_utf8_lossy(&csv.stdout).lines().count(), planted.len() + 1);
    let table = audit(&["--robots", &v1, "--robots", &v2, log_path.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(text.contains(&format!("Requests for disallowed URLs ({})", planted.len())), "{text}");
    assert!(text.contains("line 9 `Disallow: /archive/`"), "{text}");
}

fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path.display().to_string()
}

fn line(t: &str, path: &str, agent: &str) -> String {
    format!("127.0.0.1 - - [{t}] \"GET {path} HTTP/1.1\" 200 5 \"-\" \"{agent}\"\n")
}

#[test]
fn bad_input_is_counted_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let robots = write(d, "robots.txt", b"User-agent: GPTBot\nDisallow: /private/\n");

    // A gzip log cut short: the lines before the cut are audited, the cut is reported, exit 2.
    let mut log = String::new();
    for i in 0..20_000 {
        log.push_str(&line("29/Nov/2026:10:00:00 +0000", &format!("/private/{i}"), GPTBOT));
    }
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(log.as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    let whole = write(d, "whole.log.gz", &gz);
    let cut = write(d, "cut.log.gz", &gz[..gz.len() / 2]);
    let out = audit(&["--robots", &robots, "--format", "jsonl", &whole]);
    assert_eq!(jsonl(&out).last().unwrap()["requests"], 20_000);
    let out = audit(&["--robots", &robots, "--format", "jsonl", "--max-violations", "5", &cut]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("the gzip stream is cut short or corrupt after line"), "{stderr}");
    let rows = jsonl(&out);
    let summary = rows.last().unwrap();
    let read = summary["requests"].as_u64().unwrap();
    assert!(read > 0 && read < 20_000, "{summary}");
    assert_eq!(summary["violations"], read, "every line read was judged: {summary}");
    assert_eq!(rows.iter().filter(|r| r["type"] == "violation").count(), 5, "the list is capped");
    assert_eq!(summary["violations_dropped"], read - 5);
    assert_eq!(summary["unreadable_inputs"], 1);
    assert_eq!(out.status.code(), Some(2), "every request came from 127.0.0.1 (spoofed), and one input failed");

    // Binary garbage: counted line by line, no request, exit 2.
    let mut state = 0x2545_f491_4f6c_dd1du64;
    let garbage: Vec<u8> = (0..1 << 20)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state as u8
        })
        .collect();
    let out = audit(&["--robots", &robots, "--format", "jsonl", &write(d, "garbage.log", &garbage)]);
    let summary = jsonl(&out).pop().unwrap();
    assert_eq!(summary["requests"], 0);
    // Every line that is not blank is bad.
    let (bad, lines) = (summary["bad_lines"].as_u64().unwrap(), summary["lines"].as_u64().unwrap());
    assert!(bad > 1000 && bad <= lines, "{summary}");
    assert_eq!(out.status.code(), Some(2));

    // A 10 MB line between two good ones: one bad line, numbered, its bytes skipped.
    let mut log = line("29/Nov/2026:10:00:00 +0000", "/a", GPTBOT).into_bytes();
    log.extend(std::iter::repeat_n(b'x', 10 << 20));
    log.push(b'\n');
    log.extend(line("29/Nov/2026:10:00:01 +0000", "/private/b", GPTBOT).into_bytes());
    let out = audit(&["--robots", &robots, "--format", "jsonl", &write(d, "long.log", &log)]);
    let summary = jsonl(&out).pop().unwrap();
    assert_eq!((summary["requests"].as_u64(), summary["bad_lines"].as_u64()), (Some(2), Some(1)), "{summary}");
    assert_eq!(summary["first_bad_lines"][0]["line"], 2);
    assert_eq!(summary["first_bad_lines"][0]["reason"], "the line is too long to be a log line");

    // An unknown format.
    let out = audit(&["--robots", &robots, &write(d, "unknown.log", b"hello world\nthis is no log\n")]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("line 1: no known log format reads this line"));
    assert_eq!(out.status.code(), Some(2));

    // Time zones: 10:20 at +0530 is 04:50 UTC, before a change at 05:00 UTC; a +2500 zone is no time.
    let old = write(d, "old.txt", b"User-agent: GPTBot\nDisallow: /old/\n");
    let new = write(d, "new.txt", b"User-agent: GPTBot\nDisallow: /new/\n");
    let mut log = line("29/Nov/2026:10:20:00 +0530", "/old/x", GPTBOT);
    log.push_str(&line("29/Nov/2026:10:40:00 +0530", "/new/x", GPTBOT));
    log.push_str(&line("29/Nov/2026:00:10:00 -0500", "/new/y", GPTBOT));
    log.push_str(&line("29/Nov/2026:10:40:00 +2500", "/new/z", GPTBOT));
    let out = audit(&[
        "--robots",
        &format!("2026-11-01={old}"),
        "--robots",
        &format!("2026-11-29T05:00:00Z={new}"),
        "--format",
        "jsonl",
        &write(d, "zones.log", log.as_bytes()),
    ]);
    let rows = jsonl(&out);
    let urls: Vec<(&str, &str)> = rows
        .iter()
        .filter(|r| r["type"] == "violation")
        .map(|r| (r["url"].as_str().unwrap(), r["time"].as_str().unwrap()))
        .collect();
    assert_eq!(
        urls,
        [("/old/x", "2026-11-29T04:50:00Z"), ("/new/x", "2026-11-29T05:10:00Z"), ("/new/y", "2026-11-29T05:10:00Z")]
    );
    let summary = rows.last().unwrap();
    assert_eq!(summary["first_bad_lines"][0]["line"], 4);
    assert_eq!(summary["first_bad_lines"][0]["reason"], "the time is missing or out of range");
}

#[test]
fn caddy_json_log() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let robots = write(d, "robots.txt", b"User-agent: Googlebot\nDisallow: /private/\n");
    let entry = |ts: &str, ip: &str, uri: &str| {
        format!(
            "{{\"level\":\"info\",\"ts\":{ts},\"logger\":\"http.log.access\",\"msg\":\"handled request\",\"request\":\
             {{\"remote_ip\":\"{ip}\",\"remote_port\":\"5000\",\"client_ip\":\"{ip}\",\"proto\":\"HTTP/1.1\",\
             \"method\":\"GET\",\"host\":\"example.com\",\"uri\":\"{uri}\",\
             \"headers\":{{\"User-Agent\":[\"{GOOGLEBOT}\"]}}}},\
             \"status\":200,\"size\":5}}\n"
        )
    };
    let log = [entry("1795000000.5", "66.249.66.9", "/private/a"), entry("1795000001.25", "203.0.113.9", "/private/b")]
        .concat();
    let out = audit(&["--robots", &robots, "--format", "jsonl", &write(d, "caddy.log", log.as_bytes())]);
    let rows = jsonl(&out);
    let v: Vec<(&str, &str, &str)> = rows
        .iter()
        .filter(|r| r["type"] == "violation")
        .map(|r| (r["url"].as_str().unwrap(), r["identity"].as_str().unwrap(), r["host"].as_str().unwrap()))
        .collect();
    assert_eq!(v, [("/private/a", "verified", "example.com"), ("/private/b", "spoofed", "example.com")]);
    assert_eq!(out.status.code(), Some(1), "a verified Googlebot fetched a disallowed URL");
}
