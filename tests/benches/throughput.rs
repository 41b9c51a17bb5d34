//! Throughput where issue 27 (item 8) says it is felt, measured as a user runs it:
//!
//! - the core on one group of 31,000 rules (docs.oracle.com's robots.txt is 853 KB of them): queries a second
//!   through a `Matcher` (the index of literal starts), against `Robots::decide`, which tries every rule;
//! - `robotscope batch` on one file (JSON Lines in and out): queries a second of CPU;
//! - `robotscope check --exact --json --urls FILE` on one file, and the same with `--brief` (with and without
//!   `--exact`): URLs a second of CPU.
//!
//! The CLI runs are the release binary's CPU time (user + system, best of the runs), from which a run with one
//! query is subtracted (process start, reading and parsing the file). The machine is shared, so CPU time says
//! more than wall time; the load average is printed with the figures.
//!
//! `cargo bench -p robotscope-tests --bench throughput` (or `cargo xtask cli-bench`) builds the binary and prints
//! the figures; `ROBOTSCOPE_THROUGHPUT_QUICK=1` runs a tenth of the queries. Under `cargo test` it runs each
//! measurement once on a small input, as a smoke test.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::Duration;

use robotscope::Robots;
use robotscope_tests::Rng;

mod common;
use common::{binary, cpu, workspace};

/// A document id as docs.oracle.com writes them: `E12345_01`.
fn doc_id(rng: &mut Rng) -> String {
    let letter = ["A", "B", "E", "F"][rng.below(4)];
    format!("{letter}{:05}_{:02}", rng.below(100_000), 1 + rng.below(9))
}

const AREAS: [&str; 8] =
    ["financials", "sales", "procurement", "risk-management", "loyalty", "talent-management", "cx", "hcm"];

/// One `User-agent: *` group of `rules` Allow and Disallow rules shaped like docs.oracle.com's (document folders
/// under `/html/` and `/cd/`, release folders under `/en/cloud/`), with about 2% holding a `*` after a literal
/// start, some ending in `$`, `Allow` exceptions (some for `index.html`), and a dozen that start with `*` or `/*`.
fn large_group(rules: usize) -> String {
    let mut rng = Rng(27);
    let mut s = String::from("# generated for the benchmark, shaped like docs.oracle.com\nUser-agent: *\n");
    let global = [
        "Disallow: /*?sessionid=",
        "Disallow: /*/print$",
        "Disallow: *.bak$",
        "Disallow: /*.zip$",
        "Allow: /*/public/",
        "Disallow: /*/draft/*",
        "Disallow: /*/tmp/",
        "Allow: /*.css$",
        "Allow: /*.js$",
        "Disallow: /*.pdf$",
        "Disallow: *%7E",
        "Disallow: /*;jsessionid",
    ];
    for rule in global {
        s.push_str(rule);
        s.push('\n');
    }
    for _ in global.len()..rules {
        let id = doc_id(&mut rng);
        let _ = match rng.below(100) {
            0..=79 => writeln!(s, "Disallow: /html/{id}/"),
            80..=87 => writeln!(s, "Disallow: /cd/{id}/"),
            88..=90 => writeln!(s, "Allow: /html/{id}/index.html"),
            91..=92 => writeln!(s, "Allow: /cd/{id}/toc.htm$"),
            93..=95 => writeln!(
                s,
                "Disallow: /en/cloud/saas/{}/r13-update{}{}/",
                AREAS[rng.below(8)],
                17 + rng.below(4),
                ["a", "b", "c", "d"][rng.below(4)]
            ),
            96..=97 => writeln!(s, "Disallow: /html/{id}/*.pdf$"),
            _ => writeln!(s, "Disallow: /cd/{id}/*/print"),
        };
    }
    s
}

/// URLs for the large group: half in folders the file names (so some rule matches), half in folders it does not,
/// with the ids drawn from the same generator as the rules.
fn large_group_urls(count: usize) -> Vec<String> {
    let mut named = Rng(27);
    let mut other = Rng(99);
    (0..count)
        .map(|i| {
            let rng = if i % 2 == 0 { &mut named } else { &mut other };
            let id = doc_id(rng);
            match i % 8 {
                0 | 1 => format!("https://docs.oracle.com/html/{id}/toc.htm"),
                2 | 3 => format!("https://docs.oracle.com/cd/{id}/index.html"),
                4 => format!("https://docs.oracle.com/html/{id}/manual.pdf"),
                5 => format!("https://docs.oracle.com/en/cloud/saas/{}/r13-update18a/", AREAS[i % 8]),
                6 => format!("https://docs.oracle.com/javase/8/docs/api/java/util/{id}.html"),
                _ => format!("https://docs.oracle.com/html/{id}/print"),
            }
        })
        .collect()
}

/// A robots.txt as sites write them: a `*` group and a few named groups of a few dozen rules.
fn typical_robots() -> String {
    let mut s = String::from("Sitemap: https://example.com/sitemap.xml\n\n");
    for (agent, n) in [("*", 40), ("Googlebot", 25), ("Bingbot", 10), ("GPTBot", 1)] {
        let _ = writeln!(s, "User-agent: {agent}");
        for r in 0..n {
            let _ = match r % 6 {
                0 => writeln!(s, "Disallow: /section{r}/"),
                1 => writeln!(s, "Allow: /section{}/public/", r - 1),
                2 => writeln!(s, "Disallow: /*.pdf$"),
                3 => writeln!(s, "Disallow: /search/*?q={r}"),
                4 => writeln!(s, "Disallow: /account/{r}"),
                _ => writeln!(s, "Disallow: /p/{r}/"),
            };
        }
        s.push('\n');
    }
    s
}

fn typical_urls(count: usize) -> Vec<String> {
    (0..count)
        .map(|i| match i % 5 {
            0 => format!("https://example.com/p/{}/item", i % 50),
            1 => format!("https://example.com/section{}/public/doc-{i}.pdf", i % 40),
            2 => format!("https://example.com/search/results?q={}", i % 977),
            3 => format!("https://example.com/account/{}/orders", i % 30),
            _ => format!("https://example.com/shop/category-{}/product-{i}?color=blue", i % 50),
        })
        .collect()
}

fn self_cpu() -> Duration {
    cpu(nix::sys::resource::UsageWho::RUSAGE_SELF)
}

/// The best CPU time of `reps` runs of the command with each binary, the binaries taking turns (so a
/// comparison sees the same load), its standard input from `stdin`, its output discarded.
fn time_cli(bins: &[PathBuf], args: &[&str], stdin: Option<&Path>, reps: usize) -> Vec<Duration> {
    let mut best = vec![Duration::MAX; bins.len()];
    for _ in 0..reps {
        for (bin, best) in bins.iter().zip(&mut best) {
            let before = cpu(nix::sys::resource::UsageWho::RUSAGE_CHILDREN);
            let input = match stdin {
                Some(path) => Stdio::from(std::fs::File::open(path).expect("the query file opens")),
                None => Stdio::null(),
            };
            let status = Command::new(bin)
                .args(args)
                .stdin(input)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .status()
                .expect("the binary runs");
            assert!(matches!(status.code(), Some(0 | 1)), "{args:?} failed: {status}");
            *best = (*best).min(cpu(nix::sys::resource::UsageWho::RUSAGE_CHILDREN).saturating_sub(before));
        }
    }
    best
}

/// The best CPU time of `reps` runs of `f`.
fn time_here(reps: usize, mut f: impl FnMut() -> usize) -> Duration {
    let mut best = Duration::MAX;
    let mut sink = 0;
    for _ in 0..reps {
        let before = self_cpu();
        sink += f();
        best = best.min(self_cpu().saturating_sub(before));
    }
    std::hint::black_box(sink);
    best
}

fn per_second(count: usize, t: Duration) -> f64 {
    count as f64 / t.as_secs_f64().max(1e-9)
}

fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map_or_else(|_| String::from("?"), |l| l.split(' ').take(3).collect::<Vec<_>>().join(" "))
}

fn query_line(file: &str, agent: &str, url: &str) -> String {
    format!("{{\"file\": \"{file}\", \"agents\": [\"{agent}\"], \"url\": \"{url}\"}}\n")
}

fn main() {
    let full = std::env::args().any(|a| a == "--bench");
    let quick = std::env::var_os("ROBOTSCOPE_THROUGHPUT_QUICK").is_some();
    let scale = if !full {
        1_000
    } else if quick {
        10
    } else {
        1
    };
    let reps = if full { 5 } else { 1 };
    println!("load average before: {}", load());

    // The core on one large group.
    let text = large_group(31_000);
    let robots = Robots::parse(&text);
    let urls = large_group_urls(1_000_000 / scale);
    let matcher = robots.matcher("Googlebot");
    let scanned = robots.matcher_with_index("Googlebot", false);
    for url in urls.iter().take(2_000) {
        assert_eq!(matcher.decide(url), robots.decide("Googlebot", url), "{url}");
    }
    let disallowed = urls.iter().filter(|u| !matcher.decide(u).0).count();
    let build = time_here(reps, || robots.matcher("Googlebot").rule_count());
    let indexed = time_here(reps, || urls.iter().filter(|u| matcher.decide(u).0).count());
    let few = &urls[..urls.len() / 100];
    let plain = time_here(reps, || few.iter().filter(|u| scanned.decide(u).0).count());
    let decide = time_here(reps, || few.iter().filter(|u| robots.decide("Googlebot", u).0).count());
    println!(
        "large group: {} bytes, {} rules in one `*` group; {} URLs, {} disallowed",
        text.len(),
        matcher.rule_count(),
        urls.len(),
        disallowed
    );
    println!(
        "  Matcher (index of literal starts): {:>10.0} queries/s CPU (build {:.1} ms)",
        per_second(urls.len(), indexed),
        build.as_secs_f64() * 1e3
    );
    println!("  Matcher without the index:         {:>10.0} queries/s CPU", per_second(few.len(), plain));
    println!("  Robots::decide:                    {:>10.0} queries/s CPU", per_second(few.len(), decide));

    // The CLI on one file.
    let bin = if full { binary() } else { workspace().join("target/release/robotscope") };
    if !full && !bin.exists() {
        println!("throughput bench: CLI part skipped (no release binary; `cargo xtask cli-bench` builds it)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("robotscope-throughput-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("typical.txt"), typical_robots()).unwrap();
    std::fs::write(dir.join("large.txt"), &text).unwrap();
    let count = 1_000_000 / scale;
    let typical = typical_urls(count);
    // `ROBOTSCOPE_THROUGHPUT_BEFORE=PATH` also times another build of the CLI (say, the one before a change),
    // taking turns with this one.
    let mut bins = vec![bin];
    bins.extend(std::env::var_os("ROBOTSCOPE_THROUGHPUT_BEFORE").map(PathBuf::from));
    let label = |i: usize| if i == 0 { "this build" } else { "before" };
    // `check --json` explains every URL, which tries every rule of the large group: it gets a hundredth; `batch` on
    // the large group a tenth, for a build from before the index.
    for (name, list, checked) in [("typical.txt", &typical[..], count), ("large.txt", &urls[..count / 10], count / 100)]
    {
        let mut queries = String::with_capacity(list.len() * 110);
        let mut plain = String::with_capacity(checked * 60);
        for (i, url) in list.iter().enumerate() {
            queries.push_str(&query_line(name, "Googlebot", url));
            if i < checked {
                plain.push_str(url);
                plain.push('\n');
            }
        }
        std::fs::write(dir.join("queries.jsonl"), queries).unwrap();
        std::fs::write(dir.join("one.jsonl"), query_line(name, "Googlebot", &list[0])).unwrap();
        std::fs::write(dir.join("urls.txt"), plain).unwrap();
        std::fs::write(dir.join("one.txt"), format!("{}\n", list[0])).unwrap();
        let root = dir.to_str().unwrap();
        let batch = ["batch", "--root", root];
        let base = time_cli(&bins, &batch, Some(&dir.join("one.jsonl")), reps);
        let all = time_cli(&bins, &batch, Some(&dir.join("queries.jsonl")), reps);
        for (i, (all, base)) in all.into_iter().zip(base).enumerate() {
            println!(
                "batch {name:<12} {} queries ({}): CPU {:7.1} ms, {:7.1} ms without start and parse -> {:>9.0} \
                 queries/s (target 1.5 M/s), load {}",
                list.len(),
                label(i),
                all.as_secs_f64() * 1e3,
                all.saturating_sub(base).as_secs_f64() * 1e3,
                per_second(list.len() - 1, all.saturating_sub(base)),
                load()
            );
        }
        let file = dir.join(name);
        // The full answer (every verdict explained), then `--brief` (verdict and deciding line, through the core's
        // lean path), with the URLs as given and read as a crawler sends them.
        for flags in [&["--exact"][..], &["--exact", "--brief"][..], &["--brief"][..]] {
            let check = |urls: &str| {
                let (file, urls) = (file.to_str().unwrap().to_owned(), dir.join(urls).to_str().unwrap().to_owned());
                let mut args = vec!["check", &file];
                args.extend_from_slice(flags);
                args.extend(["--json", "--no-size-limit", "--agent", "Googlebot", "--urls", &urls]);
                time_cli(&bins[..1], &args, None, reps)[0]
            };
            let (base, all) = (check("one.txt"), check("urls.txt"));
            let shown = format!("check {} --json --urls", flags.join(" "));
            println!(
                "{shown:<36} {name:<12} {checked} URLs: CPU {:7.1} ms, {:7.1} ms without start and parse -> {:>9.0} \
                 URLs/s (target 2 M/s), load {}",
                all.as_secs_f64() * 1e3,
                all.saturating_sub(base).as_secs_f64() * 1e3,
                per_second(checked - 1, all.saturating_sub(base)),
                load()
            );
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
