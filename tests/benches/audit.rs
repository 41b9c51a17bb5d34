//! Issue 44's throughput figure: `robotscope audit` on a generated 10-million-line nginx combined log (mixed
//! browsers and crawlers, addresses inside and outside the published ranges, a robots.txt that disallows some
//! of the paths), as a user runs it: the release binary's CPU time (user + system) and its peak resident memory,
//! printed as lines a second per core. The machine is shared; the load average is printed with the figures.
//!
//! `cargo bench -p robotscope-tests --bench audit`; `ROBOTSCOPE_AUDIT_LINES=N` sets the log's length. Under
//! `cargo test` it runs once on 10,000 lines, as a smoke test.

use std::io::{BufWriter, Write};
use std::process::{Command, Stdio};

use nix::sys::resource::{getrusage, UsageWho};

mod common;
use common::{binary, cpu};
use robotscope_tests::Rng;

const AGENTS: [&str; 6] = [
    "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0 Safari/537.36",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)",
    "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
    "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
];
const ADDRS: [&str; 5] = ["66.249.66.1", "20.171.206.7", "203.0.113.9", "2001:db8::1", "198.51.100.23"];
const DIRS: [&str; 6] = ["/", "/private/", "/drafts/", "/blog/", "/shop/", "/api/"];

fn main() {
    let bench = std::env::args().any(|a| a == "--bench");
    let lines: u64 = match std::env::var("ROBOTSCOPE_AUDIT_LINES") {
        Ok(n) => n.parse().expect("ROBOTSCOPE_AUDIT_LINES is a number"),
        Err(_) if bench => 10_000_000,
        Err(_) => 10_000,
    };
    let dir = std::env::temp_dir().join(format!("robotscope-audit-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let robots = dir.join("robots.txt");
    std::fs::write(
        &robots,
        "User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n\n\
         User-agent: *\nDisallow: /private/\nDisallow: /api/\n",
    )
    .unwrap();
    let log = dir.join("access.log");
    let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(&log).unwrap());
    let mut rng = Rng(44);
    let mut bytes = 0u64;
    for i in 0..lines {
        let agent = AGENTS[if rng.below(10) < 6 { rng.below(2) } else { 2 + rng.below(4) }];
        let (s, m) = (i % 60, i / 60 % 60);
        let line = format!(
            "{} - - [29/Nov/2026:{:02}:{m:02}:{s:02} +0000] \"GET {}page-{}.html?q={} HTTP/1.1\" 200 {} \"-\" \
             \"{agent}\"\n",
            ADDRS[rng.below(ADDRS.len())],
            i / 3600 % 24,
            DIRS[rng.below(DIRS.len())],
            rng.below(100_000),
            rng.below(1000),
            rng.below(50_000),
        );
        bytes += line.len() as u64;
        out.write_all(line.as_bytes()).unwrap();
    }
    out.flush().unwrap();
    drop(out);
    let bin = binary();
    let before = cpu(UsageWho::RUSAGE_CHILDREN);
    let status = Command::new(&bin)
        .args(["audit", "--robots"])
        .arg(&robots)
        .args(["--format", "jsonl"])
        .arg(&log)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    let spent = cpu(UsageWho::RUSAGE_CHILDREN) - before;
    assert_eq!(status.code(), Some(1), "the log holds verified crawlers' disallowed fetches");
    std::fs::remove_dir_all(&dir).unwrap();
    let peak_kib = getrusage(UsageWho::RUSAGE_CHILDREN).unwrap().max_rss();
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "robotscope audit: {lines} lines ({:.0} MB) in {:.2} s of CPU: {:.0} lines/s; peak RSS {} MiB; load average {}",
        bytes as f64 / 1e6,
        spent.as_secs_f64(),
        lines as f64 / spent.as_secs_f64(),
        peak_kib / 1024,
        load.split(' ').take(3).collect::<Vec<_>>().join(" ")
    );
}
