//! Query cost per file class, side by side in one run (issue 40): no robots.txt shape may make a query much
//! slower than a typical file. The classes:
//!
//! - **typical**: corpus files of 1 to 5 KB;
//! - **100+ groups**: corpus files with at least 100 groups;
//! - **2,000 groups**: a generated file of 2,000 one-rule groups, each for a bot of its own;
//! - **huge group**: docs.oracle.com's file (one group of about 17,000 rules) and a generated group of 31,000 rules;
//! - **largest**: the largest corpus file.
//!
//! For every file, the cost of one query through each path that answers one, on a file parsed beforehand (what a
//! crawler or the tester sees once the file is parsed): `decide` (`is_allowed`, the npm drop-in, `--brief`),
//! `check` (the explained verdict: every group line and matching rule), `ask` per cell (what the CLI's `check`,
//! npm `grid`, the tester, the widget and Python answer through), and a `Matcher` (the CLI's `batch`). The first
//! query of a parse also builds the file's indexes: `first` is a parse plus one `decide`, against the parse alone;
//! `scanned` is `decide` on the same file without its indexes (`Robots::without_index`), what a query cost before.
//! Each class prints its median and its worst file, and each figure's ratio to the typical class's median.
//! Figures are the fastest of several rounds of wall time; nothing is asserted.
//!
//! Run with `cargo bench -p robotscope-tests --bench classes` (`cargo xtask bench` runs it after `engine`);
//! `ROBOTSCOPE_BENCH_QUICK=1` takes fewer rounds. Without `--bench` each workload runs once, untimed.

use std::hint::black_box;
use std::time::{Duration, Instant};

use robotscope::{Question, Robots};
use robotscope_tests::Rng;

/// 2,000 groups of one rule each, every group for a bot of its own (`Botaaa`, `Botaab`, ...: a product token is
/// letters, `-` and `_`, so `Bot1` and `Bot2` would both be `Bot`, one agent's 2,000 groups merged).
fn many_groups(groups: usize) -> String {
    let mut s = String::new();
    for g in 0..groups {
        let name: String = [g / 676, g / 26 % 26, g % 26].iter().map(|&k| char::from(b'a' + k as u8)).collect();
        s.push_str(&format!("User-agent: Bot{name}\nDisallow: /private-{g}/\n\n"));
    }
    s + "User-agent: *\nDisallow: /tmp/\n"
}

/// One `User-agent: *` group of `rules` rules shaped like docs.oracle.com's (document folders under `/html/` and
/// `/cd/`, some with a `*` after the literal start, some ending in `$`, `Allow` exceptions for `index.html`).
fn huge_group(rules: usize) -> String {
    let mut rng = Rng(40);
    let mut s = String::from("User-agent: *\nDisallow: /*?sessionid=\nDisallow: /*.pdf$\n");
    for _ in 0..rules {
        let id = format!("{}{:05}_{:02}", ["A", "B", "E", "F"][rng.below(4)], rng.below(100_000), 1 + rng.below(9));
        let line = match rng.below(50) {
            0 => format!("Disallow: /cd/{id}/*/print$\n"),
            1 => format!("Allow: /cd/{id}/index.html\n"),
            2..=24 => format!("Disallow: /cd/{id}/\n"),
            _ => format!("Disallow: /html/{id}/\n"),
        };
        s.push_str(&line);
    }
    s
}

/// URLs to ask a file: paths built from its own rules (so that the rules are met, not only skipped), and a few
/// that no rule names.
fn urls_for(robots: &Robots, count: usize) -> Vec<String> {
    let mut rng = Rng(7);
    let rules: Vec<String> = robots
        .rules()
        .map(|r| String::from_utf8_lossy(r.value).replace(['*', '$'], "x"))
        .filter(|v| v.starts_with('/'))
        .collect();
    let mut urls = Vec::with_capacity(count);
    for i in 0..count {
        let path = match (rules.is_empty(), i % 4) {
            (false, 0..=2) => format!("{}page-{i}.html", rules[rng.below(rules.len())]),
            _ => format!("/section-{}/page-{i}?q={i}", i % 7),
        };
        urls.push(format!("https://example.com{path}"));
    }
    urls
}

/// The agent lists a file is asked for: a bot it does not name (the `*` groups), and the token of its last
/// named group (a scan meets it last), alone and pooled with Googlebot. (A token that many groups name, such as
/// www.sophos.com's, selects all of them: its rules are many, which no index of groups makes fewer.)
fn agents_for(robots: &Robots) -> Vec<Vec<String>> {
    let mut lists = vec![vec![String::from("SomeBot")]];
    let last = robots.groups().flat_map(|g| g.agents().collect::<Vec<_>>()).filter(|a| !a.global).last();
    if let Some(a) = last {
        let token = String::from_utf8_lossy(a.token).into_owned();
        if !token.is_empty() {
            lists.push(vec![token.clone()]);
            lists.push(vec![token, String::from("Googlebot")]);
        }
    }
    lists
}

/// The fastest of `rounds` runs of `f`, divided by `per`.
fn fastest(rounds: usize, per: usize, mut f: impl FnMut()) -> f64 {
    f();
    let best = (0..rounds)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .min()
        .unwrap_or(Duration::ZERO);
    best.as_nanos() as f64 / per.max(1) as f64
}

/// One file's figures, in ns: a parse, a parse and one query, and one query through each path.
#[derive(Clone, Copy, Default)]
struct Figures {
    parse: f64,
    first: f64,
    decide: f64,
    check: f64,
    ask: f64,
    matcher: f64,
    scanned: f64,
}

const PATHS: [&str; 7] = ["parse", "first", "decide", "check", "ask", "matcher", "scanned"];

impl Figures {
    fn get(&self, k: usize) -> f64 {
        [self.parse, self.first, self.decide, self.check, self.ask, self.matcher, self.scanned][k]
    }

    fn set(&mut self, k: usize, v: f64) {
        *[
            &mut self.parse,
            &mut self.first,
            &mut self.decide,
            &mut self.check,
            &mut self.ask,
            &mut self.matcher,
            &mut self.scanned,
        ][k] = v;
    }
}

fn measure(bytes: &[u8], rounds: usize) -> Figures {
    let robots = Robots::parse(bytes);
    let urls = urls_for(&robots, 100);
    let lists = agents_for(&robots);
    let queries = urls.len() * lists.len();
    // Untimed: the file's indexes are built by the first query.
    black_box(robots.decide("SomeBot", &urls[0]));
    let parse = fastest(rounds, 1, || drop(black_box(Robots::parse(bytes))));
    let first = fastest(rounds, 1, || {
        let r = Robots::parse(bytes);
        black_box(r.decide(&lists[lists.len() - 1], &urls[0]));
    });
    let decide = fastest(rounds, queries, || {
        for agents in &lists {
            for url in &urls {
                black_box(robots.decide(agents, url));
            }
        }
    });
    let check = fastest(rounds, queries, || {
        for agents in &lists {
            for url in &urls {
                black_box(robots.check(agents, url));
            }
        }
    });
    // One question of every agent list (each a row: its members joined by commas) and every URL.
    let question =
        Question { agents: lists.iter().map(|l| l.join(", ")).collect(), urls: urls.clone(), ..Question::default() };
    let ask = fastest(rounds, queries, || drop(black_box(robots.ask(&question))));
    let matchers: Vec<_> = lists.iter().map(|l| robots.matcher(l)).collect();
    let matcher = fastest(rounds, queries, || {
        for m in &matchers {
            for url in &urls {
                black_box(m.decide(url));
            }
        }
    });
    // `decide` without the file's indexes: what every query cost before them.
    let unindexed = robots.clone().without_index();
    let scanned = fastest(rounds, queries, || {
        for agents in &lists {
            for url in &urls {
                black_box(unindexed.decide(agents, url));
            }
        }
    });
    Figures { parse, first, decide, check, ask, matcher, scanned }
}

/// A corpus file: its name and its bytes.
type NamedFile = (String, Vec<u8>);

fn main() {
    let timed = std::env::args().any(|a| a == "--bench");
    let quick = std::env::var_os("ROBOTSCOPE_BENCH_QUICK").is_some();
    let rounds = match (timed, quick) {
        (false, _) => 0,
        (true, true) => 3,
        (true, false) => 15,
    };
    let Some(entries) = robotscope_tests::conformance_dir().and_then(|d| std::fs::read_dir(d.join("corpus")).ok())
    else {
        println!("classes: SKIPPED, no conformance corpus (set ROBOTSCOPE_CONFORMANCE)");
        return;
    };
    let mut files: Vec<(String, Vec<u8>)> = entries
        .filter_map(Result::ok)
        .filter_map(|e| Some((e.file_name().to_string_lossy().into_owned(), std::fs::read(e.path()).ok()?)))
        .collect();
    files.sort();
    let groups = |b: &[u8]| Robots::parse(b).groups().len();
    let largest = files.iter().max_by_key(|(_, b)| b.len()).cloned().expect("a corpus file");
    let oracle = files.iter().find(|(n, _)| n == "docs.oracle.com").cloned();
    let mut classes: Vec<(String, Vec<NamedFile>)> = vec![
        (
            String::from("typical (1-5 KB)"),
            files.iter().filter(|(_, b)| (1024..=5 * 1024).contains(&b.len())).cloned().collect(),
        ),
        (String::from("100+ groups"), files.iter().filter(|(_, b)| groups(b) >= 100).cloned().collect()),
        (String::from("2,000 groups"), vec![(String::from("generated"), many_groups(2000).into_bytes())]),
        (String::from("31,000-rule group"), vec![(String::from("generated"), huge_group(31_000).into_bytes())]),
    ];
    if let Some(oracle) = oracle {
        classes.push((String::from("huge group (oracle)"), vec![oracle]));
    }
    classes.push((String::from("largest"), vec![largest]));
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!(
        "Query cost per file class (ns, fastest of {rounds} rounds, wall time; load average {}); x: over the \
         typical class's median",
        load.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
    );
    let mut typical = Figures::default();
    for (k, (class, members)) in classes.iter().enumerate() {
        let measured: Vec<(String, usize, Figures)> =
            members.iter().map(|(name, bytes)| (name.clone(), bytes.len(), measure(bytes, rounds))).collect();
        if !timed {
            println!("{class}: {} files", measured.len());
            continue;
        }
        let mut median = Figures::default();
        let mut worst = Figures::default();
        let mut worst_names = vec![String::new(); PATHS.len()];
        let mut values: Vec<Vec<f64>> = vec![Vec::new(); PATHS.len()];
        for (name, len, f) in &measured {
            for (p, v) in values.iter_mut().enumerate() {
                v.push(f.get(p));
                if f.get(p) >= worst.get(p) {
                    worst.set(p, f.get(p));
                    worst_names[p] = format!("{name}, {len} B");
                }
            }
        }
        for (p, v) in values.iter_mut().enumerate() {
            v.sort_by(f64::total_cmp);
            median.set(p, v[v.len() / 2]);
        }
        if k == 0 {
            typical = median;
        }
        println!("{class} ({} files):", measured.len());
        for (p, path) in PATHS.iter().enumerate() {
            let x = |v: f64| if p < 2 { String::new() } else { format!(" ({:.1}x)", v / typical.get(p)) };
            println!(
                "  {path:<8} median {:>11.0}{:<8} worst {:>11.0}{:<8} ({})",
                median.get(p),
                x(median.get(p)),
                worst.get(p),
                x(worst.get(p)),
                worst_names[p]
            );
        }
    }
}
