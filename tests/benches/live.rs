//! Budgets of the CLI's release checks (issue 15), measured on the release binary as a user runs it:
//!
//! - `check ROBOTS --sitemap SITEMAP` over 50,000 URLs and a 500 KiB robots.txt: at least 1 million URLs per
//!   second after the fetch (the sitemap is a local file; the time of the same command on a 1-URL sitemap,
//!   which is process start, reading and parsing the robots.txt, is subtracted);
//! - `diff OLD NEW` of two 500 KiB files over 100,000 URLs x 5 agents: under 1 second, the whole command.
//!
//! `cargo bench -p robotscope-tests --bench live` builds the binary (release) and prints the figures; under
//! `cargo test` (no `--bench` argument) it runs each command once on a small input, as a smoke test.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::binary;

const KIB_500: usize = 500 * 1024;

/// A 500 KiB robots.txt as large sites write them: many named groups (one per crawler) of a few dozen rules,
/// with wildcards and `$`, plus Googlebot's and `*`'s groups. `shift` changes a few rules, for `diff`.
fn big_robots(shift: usize) -> String {
    let mut s = String::from("# generated for the benchmark\nSitemap: https://example.com/sitemap.xml\n\n");
    let mut group = 0;
    let mut names = vec![String::from("Googlebot"), String::from("Bingbot"), String::from("*")];
    // Product tokens are letters, `-` and `_` only (`Crawler7` would be read as `Crawler` and merge every group).
    let letter = |n: usize| char::from(b'a' + (n % 26) as u8);
    names.extend((0..2000).map(|i| format!("Crawler-{}{}", letter(i / 26), letter(i))));
    while s.len() < KIB_500 - 4096 {
        let name = &names[group % names.len()];
        let _ = writeln!(s, "User-agent: {name}");
        for r in 0..30 {
            let n = group * 31 + r;
            match r % 5 {
                0 => writeln!(s, "Disallow: /section{n}/"),
                1 => writeln!(s, "Allow: /section{n}/public/"),
                2 => writeln!(s, "Disallow: /*.pdf$"),
                3 => writeln!(s, "Disallow: /search/*?q={n}"),
                _ => writeln!(s, "Disallow: /p/{}/", (n + shift) % 100_000),
            }
            .unwrap();
        }
        s.push('\n');
        group += 1;
    }
    s
}

/// The same size, but every rule in the `*` group: the worst case for one agent (every rule is tried).
fn big_robots_one_group() -> String {
    let mut s = String::from("User-agent: *\n");
    let mut n = 0;
    while s.len() < KIB_500 - 64 {
        let _ = writeln!(s, "Disallow: /section{n}/*.pdf$");
        n += 1;
    }
    s
}

fn urls(count: usize) -> Vec<String> {
    (0..count)
        .map(|i| match i % 4 {
            0 => format!("https://example.com/p/{i}/item"),
            1 => format!("https://example.com/section{}/public/doc-{i}.pdf", i % 3000),
            2 => format!("https://example.com/search/results?q={}", i % 977),
            _ => format!("https://example.com/shop/category-{}/product-{i}?color=blue", i % 50),
        })
        .collect()
}

fn urlset(urls: &[String]) -> String {
    let mut s = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for u in urls {
        let _ = writeln!(s, "  <url><loc>{u}</loc><lastmod>2024-05-01</lastmod><changefreq>weekly</changefreq></url>");
    }
    s.push_str("</urlset>\n");
    s
}

/// CPU time (user + system) of the children waited for so far.
fn children_cpu() -> Duration {
    common::cpu(nix::sys::resource::UsageWho::RUSAGE_CHILDREN)
}

/// Runs the command `reps` times: the best CPU time (user + system) of one run, which other work on a shared
/// machine disturbs far less than wall time, the best wall time, and the exit status.
fn time(bin: &Path, args: &[&str], reps: usize) -> (Duration, Duration, i32) {
    let (mut best_cpu, mut best_wall) = (Duration::MAX, Duration::MAX);
    let mut code = -1;
    for _ in 0..reps {
        let cpu = children_cpu();
        let start = Instant::now();
        let status =
            Command::new(bin).args(args).stdout(Stdio::null()).stderr(Stdio::null()).status().expect("the binary runs");
        best_wall = best_wall.min(start.elapsed());
        best_cpu = best_cpu.min(children_cpu().saturating_sub(cpu));
        code = status.code().unwrap_or(-1);
    }
    (best_cpu, best_wall, code)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let (sitemap_urls, diff_urls, reps) = if full { (50_000, 100_000, 5) } else { (500, 1_000, 1) };
    let bin =
        if full { binary() } else { PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../target/release/robotscope") };
    if !full && !bin.exists() {
        println!(
            "live bench: smoke run skipped (no release binary; `cargo bench -p robotscope-tests --bench live` builds \
             it)"
        );
        return;
    }
    let dir = std::env::temp_dir().join(format!("robotscope-live-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_owned();

    let (old, new, worst) = (big_robots(0), big_robots(7), big_robots_one_group());
    std::fs::write(path("old.txt"), &old).unwrap();
    std::fs::write(path("new.txt"), &new).unwrap();
    std::fs::write(path("worst.txt"), &worst).unwrap();
    let list = urls(sitemap_urls.max(diff_urls));
    std::fs::write(path("sitemap.xml"), urlset(&list[..sitemap_urls])).unwrap();
    std::fs::write(path("one.xml"), urlset(&list[..1])).unwrap();
    std::fs::write(path("urls.txt"), list[..diff_urls].join("\n")).unwrap();

    println!(
        "robots.txt: {} bytes ({} groups), worst case {} bytes ({} rules in one `*` group)",
        old.len(),
        old.matches("User-agent:").count(),
        worst.len(),
        worst.lines().count() - 1
    );
    // The worst case tries every one of its ~17,000 rules on each URL (the core has no index of rules), so it
    // gets a tenth of the URLs and one run.
    let small = sitemap_urls / 10;
    std::fs::write(path("small.xml"), urlset(&list[..small])).unwrap();
    for (label, robots, sitemap, count, reps) in [
        ("500 KiB, many groups", "old.txt", "sitemap.xml", sitemap_urls, reps),
        ("500 KiB, one group ", "worst.txt", "small.xml", small, 1),
    ] {
        for agent in ["Googlebot", "OtherBot"] {
            let robots = path(robots);
            let base = ["check", robots.as_str(), "--agent", agent, "--sitemap"];
            let one = path("one.xml");
            let all = path(sitemap);
            let (c1, _, _) = time(&bin, &[&base[..], &[one.as_str()]].concat(), reps);
            let (cn, wn, code) = time(&bin, &[&base[..], &[all.as_str()]].concat(), reps);
            assert!(code == 0 || code == 1, "check --sitemap failed ({code})");
            let per_second = (count - 1) as f64 / (cn.saturating_sub(c1)).as_secs_f64().max(1e-9);
            println!(
                "check --sitemap  {label}  {agent:<9}  {count:>5} URLs: CPU {:8.1} ms in all ({:8.1} ms wall), \
                 {:8.1} ms without start and parse -> {:5.2} M URLs/s (budget 1 M/s)",
                ms(cn),
                ms(wn),
                ms(cn.saturating_sub(c1)),
                per_second / 1e6
            );
        }
    }
    let agents = [
        "--agent",
        "Googlebot",
        "--agent",
        "Bingbot",
        "--agent",
        "GPTBot",
        "--agent",
        "Crawler-ah",
        "--agent",
        "Googlebot-Image",
    ];
    let (old_p, new_p, urls_p) = (path("old.txt"), path("new.txt"), path("urls.txt"));
    let args: Vec<&str> =
        [&["diff", old_p.as_str(), new_p.as_str(), "--urls", urls_p.as_str()][..], &agents[..]].concat();
    let (c, w, code) = time(&bin, &args, reps);
    assert!(code == 0 || code == 1, "diff failed ({code})");
    println!(
        "diff             two 500 KiB files, {diff_urls} URLs x 5 agents: CPU {:7.1} ms in all ({:7.1} ms wall; \
         budget 1000 ms); verdicts changed: {}",
        ms(c),
        ms(w),
        if code == 1 { "some" } else { "none" }
    );
    let _ = std::fs::remove_dir_all(&dir);
}
