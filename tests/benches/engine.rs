//! robotscope against texting_robots 0.2 and robotstxt 0.3 on the conformance corpus.
//!
//! Run with `cargo bench -p robotscope-tests --bench engine`. Criterion's own flags work after `--`
//! (`-- --quick`, `-- parse`, `-- --list`). `ROBOTSCOPE_BENCH_SUMMARY_ONLY=1` prints only the summary table;
//! `ROBOTSCOPE_BENCH_REPS=n` sets how many timed runs the summary takes the minimum of (default 5).
//!
//! Two workloads, both over the data in `shared/conformance` (see [`robotscope_tests::conformance_dir`]):
//!
//! * **parse**: every file of `corpus/` once, as raw bytes. robotstxt 0.3 panics on a few files; those are left
//!   out for all three engines so the work is identical. texting_robots binds one agent when it parses, so it
//!   parses for `Googlebot`; robotstxt has no parse step of its own, so its parser runs with a no-op handler.
//! * **query**: every vector of `vectors.jsonl`, with as few parses as each engine allows: robotscope parses
//!   each file once and answers all its vectors; texting_robots builds one `Robot` per (file, agent) pair (it
//!   takes one agent: for vectors with two agents the first is used); robotstxt re-parses the file for every
//!   vector, as its API requires.
//! * **query, pre-parsed** (robotscope only): the same vectors on files parsed beforehand, with one
//!   [`robotscope::Matcher`] per (file, agent list) built beforehand too: what a crawler that caches parsed
//!   files and matchers sees. Only the `Matcher::decide` calls are timed.
//!
//! Before criterion runs, the summary table is computed with plain `Instant` timings (minimum over a few
//! runs), together with each engine's agreement with the vectors' expected verdicts. Nothing is asserted.
//! Without `--bench` (as under `cargo test --all-targets`) criterion runs each benchmark once as a test and the
//! summary shows agreement only, without timings.

use std::cell::Cell;
use std::collections::HashMap;
use std::hint::black_box;
use std::panic::{self, AssertUnwindSafe};
use std::path::Path;
use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput};
use robotscope::Robots;
use serde_json::Value;

/// One robots.txt file, as bytes and as the lossy text robotstxt needs (converted once, outside all timings).
struct Body {
    name: String,
    bytes: Vec<u8>,
    text: String,
}

impl Body {
    fn read(dir: &Path, name: &str) -> Body {
        let bytes = std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("reading {name}: {e}"));
        let text = String::from_utf8_lossy(&bytes).into_owned();
        Body { name: name.to_owned(), bytes, text }
    }
}

/// One conformance vector.
struct Query {
    agents: Vec<String>,
    url: String,
    allowed: bool,
    line: usize,
}

/// A file and all the vectors that ask about it.
struct QuerySet {
    body: Body,
    queries: Vec<Query>,
    /// The distinct first agents of the queries: texting_robots builds one `Robot` for each.
    first_agents: Vec<String>,
    /// For each query, its first agent's index in `first_agents`.
    agent_index: Vec<usize>,
}

struct Data {
    /// The corpus files robotstxt's parser survives, in name order: the parse workload.
    parse_files: Vec<Body>,
    parse_bytes: u64,
    corpus_files: usize,
    corpus_bytes: u64,
    /// Corpus files left out of the parse workload because robotstxt panics on them.
    robotstxt_parse_panics: Vec<String>,
    sets: Vec<QuerySet>,
    vectors: usize,
    multi_agent_vectors: usize,
    robots_pairs: usize,
}

// ---------------------------------------------------------------------------------------------------------------
// Panics: robotstxt 0.3 panics on some inputs. Those calls run under `catch_unwind` with the panic message
// silenced, while any other panic (a bug here) still prints.

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

fn install_panic_hook() {
    let default = panic::take_hook();
    panic::set_hook(Box::new(move |info| {
        if !QUIET.with(Cell::get) {
            default(info);
        }
    }));
}

/// Runs `f`, returning `None` (silently) if it panics.
fn quietly<T>(f: impl FnOnce() -> T) -> Option<T> {
    QUIET.with(|q| q.set(true));
    let out = panic::catch_unwind(AssertUnwindSafe(f)).ok();
    QUIET.with(|q| q.set(false));
    out
}

// ---------------------------------------------------------------------------------------------------------------
// The engines. Each workload function returns a small checksum for `black_box`.

/// robotstxt's parser with a handler that only counts callbacks.
#[derive(Default)]
struct CountingHandler {
    events: u32,
}

impl robotstxt::RobotsParseHandler for CountingHandler {
    fn handle_robots_start(&mut self) {}
    fn handle_robots_end(&mut self) {}
    fn handle_user_agent(&mut self, _line: u32, _agent: &str) {
        self.events += 1;
    }
    fn handle_allow(&mut self, _line: u32, _value: &str) {
        self.events += 1;
    }
    fn handle_disallow(&mut self, _line: u32, _value: &str) {
        self.events += 1;
    }
    fn handle_sitemap(&mut self, _line: u32, _value: &str) {
        self.events += 1;
    }
    fn handle_unknown_action(&mut self, _line: u32, _action: &str, _value: &str) {
        self.events += 1;
    }
}

fn robotstxt_parse_one(text: &str) -> u32 {
    let mut handler = CountingHandler::default();
    robotstxt::parse_robotstxt(text, &mut handler);
    handler.events
}

fn parse_robotscope(files: &[Body]) -> usize {
    files.iter().map(|f| black_box(Robots::parse(black_box(&f.bytes))).line_count()).sum()
}

/// Returns the number of files texting_robots rejects.
fn parse_texting_robots(files: &[Body]) -> usize {
    files.iter().filter(|f| black_box(texting_robots::Robot::new("Googlebot", black_box(&f.bytes))).is_err()).count()
}

/// Returns the number of panics (0 on the parse workload, which leaves the panicking files out).
fn parse_robotstxt(files: &[Body]) -> usize {
    files.iter().filter(|f| quietly(|| black_box(robotstxt_parse_one(black_box(&f.text)))).is_none()).count()
}

/// Returns the number of allowed answers.
fn query_robotscope(sets: &[QuerySet]) -> usize {
    let mut allowed = 0;
    for set in sets {
        let robots = Robots::parse(&set.body.bytes);
        for q in &set.queries {
            allowed += usize::from(robots.decide(&q.agents[..], &q.url).0);
        }
    }
    allowed
}

/// Parsed files with one `Matcher` per distinct agent list, and for each query the matcher it uses: the
/// pre-parsed query workload, built outside the timings.
struct Prepared {
    files: Vec<Robots>,
    /// Per file: its distinct agent lists, and each query's index among them.
    lists: Vec<(Vec<Vec<String>>, Vec<usize>)>,
}

impl Prepared {
    fn new(sets: &[QuerySet]) -> Prepared {
        let files = sets.iter().map(|s| Robots::parse(&s.body.bytes)).collect();
        let lists = sets
            .iter()
            .map(|set| {
                let mut lists: Vec<Vec<String>> = Vec::new();
                let index = set
                    .queries
                    .iter()
                    .map(|q| match lists.iter().position(|l| *l == q.agents) {
                        Some(i) => i,
                        None => {
                            lists.push(q.agents.clone());
                            lists.len() - 1
                        }
                    })
                    .collect();
                (lists, index)
            })
            .collect();
        Prepared { files, lists }
    }

    fn matchers(&self) -> Vec<Vec<robotscope::Matcher<'_>>> {
        self.files
            .iter()
            .zip(&self.lists)
            .map(|(r, (lists, _))| lists.iter().map(|l| r.matcher(&l[..])).collect())
            .collect()
    }
}

/// Answers every vector with the prepared matchers; returns the number of allowed answers.
fn query_robotscope_matchers(
    sets: &[QuerySet],
    prepared: &Prepared,
    matchers: &[Vec<robotscope::Matcher<'_>>],
) -> usize {
    let mut allowed = 0;
    for ((set, (_, index)), matchers) in sets.iter().zip(&prepared.lists).zip(matchers) {
        for (q, &i) in set.queries.iter().zip(index) {
            allowed += usize::from(matchers[i].decide(&q.url).0);
        }
    }
    allowed
}

/// Builds one `Robot` per (file, first agent), then answers. A file texting_robots rejects answers "allowed",
/// as a crawler would do with a file it cannot read.
fn query_texting_robots(sets: &[QuerySet]) -> usize {
    let mut allowed = 0;
    for set in sets {
        let robots: Vec<_> =
            set.first_agents.iter().map(|a| texting_robots::Robot::new(a, &set.body.bytes).ok()).collect();
        for (q, &i) in set.queries.iter().zip(&set.agent_index) {
            allowed += usize::from(robots[i].as_ref().is_none_or(|r| r.allowed(&q.url)));
        }
    }
    allowed
}

fn robotstxt_allowed(text: &str, q: &Query) -> Option<bool> {
    quietly(|| {
        let agents: Vec<&str> = q.agents.iter().map(String::as_str).collect();
        robotstxt::DefaultMatcher::default().allowed_by_robots(text, agents, &q.url)
    })
}

/// Re-parses the file for every vector (robotstxt's API); a panic counts as no answer.
fn query_robotstxt(sets: &[QuerySet]) -> usize {
    let mut allowed = 0;
    for set in sets {
        for q in &set.queries {
            allowed += usize::from(robotstxt_allowed(&set.body.text, q) == Some(true));
        }
    }
    allowed
}

// ---------------------------------------------------------------------------------------------------------------
// Loading.

fn load(dir: &Path) -> Data {
    let mut names: Vec<String> = std::fs::read_dir(dir.join("corpus"))
        .expect("reading the corpus folder")
        .map(|e| e.expect("corpus entry"))
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .map(|e| format!("corpus/{}", e.file_name().to_string_lossy()))
        .collect();
    names.sort();
    let corpus: Vec<Body> = names.iter().map(|n| Body::read(dir, n)).collect();
    let corpus_files = corpus.len();
    let corpus_bytes = corpus.iter().map(|f| f.bytes.len() as u64).sum();
    let (parse_files, panicked): (Vec<Body>, Vec<Body>) =
        corpus.into_iter().partition(|f| quietly(|| robotstxt_parse_one(&f.text)).is_some());
    let parse_bytes = parse_files.iter().map(|f| f.bytes.len() as u64).sum();

    let text = std::fs::read_to_string(dir.join("vectors.jsonl")).expect("reading vectors.jsonl");
    let mut sets: Vec<QuerySet> = Vec::new();
    let mut by_file: HashMap<String, usize> = HashMap::new();
    let mut vectors = 0;
    let mut multi_agent_vectors = 0;
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        let v: Value = serde_json::from_str(line).expect("a JSON vector");
        let file = v["file"].as_str().expect("file");
        let agents = robotscope_tests::agents(&v);
        let q = Query {
            url: v["url"].as_str().expect("url").to_owned(),
            allowed: v["allowed"].as_bool().expect("allowed"),
            line: v["line"].as_u64().expect("line") as usize,
            agents,
        };
        vectors += 1;
        multi_agent_vectors += usize::from(q.agents.len() > 1);
        let index = *by_file.entry(file.to_owned()).or_insert_with(|| {
            sets.push(QuerySet {
                body: Body::read(dir, file),
                queries: Vec::new(),
                first_agents: Vec::new(),
                agent_index: Vec::new(),
            });
            sets.len() - 1
        });
        let set = &mut sets[index];
        let first = q.agents.first().cloned().unwrap_or_default();
        let agent = match set.first_agents.iter().position(|a| *a == first) {
            Some(i) => i,
            None => {
                set.first_agents.push(first);
                set.first_agents.len() - 1
            }
        };
        set.agent_index.push(agent);
        set.queries.push(q);
    }
    let robots_pairs = sets.iter().map(|s| s.first_agents.len()).sum();
    Data {
        parse_files,
        parse_bytes,
        corpus_files,
        corpus_bytes,
        robotstxt_parse_panics: panicked.into_iter().map(|f| f.name).collect(),
        sets,
        vectors,
        multi_agent_vectors,
        robots_pairs,
    }
}

// ---------------------------------------------------------------------------------------------------------------
// The summary table.

/// The fastest of `reps` runs of `f`, after one untimed warm-up run; `None` (without running `f`) when `reps`
/// is 0.
fn fastest<T>(reps: usize, mut f: impl FnMut() -> T) -> Option<Duration> {
    fastest_with(reps, || (), |()| f())
}

/// [`fastest`] where each run first gets an input from `setup`, untimed.
fn fastest_with<I, T>(reps: usize, mut setup: impl FnMut() -> I, mut f: impl FnMut(I) -> T) -> Option<Duration> {
    if reps == 0 {
        return None;
    }
    black_box(f(setup()));
    (0..reps)
        .map(|_| {
            let input = setup();
            let start = Instant::now();
            black_box(f(input));
            start.elapsed()
        })
        .min()
}

struct Agreement {
    agree: usize,
    lines: Option<usize>,
    failures: usize,
}

fn agreement(data: &Data) -> [Agreement; 3] {
    let mut ours = Agreement { agree: 0, lines: Some(0), failures: 0 };
    let mut texting = Agreement { agree: 0, lines: None, failures: 0 };
    let mut google_rs = Agreement { agree: 0, lines: None, failures: 0 };
    for set in &data.sets {
        let robots = Robots::parse(&set.body.bytes);
        let bound: Vec<_> =
            set.first_agents.iter().map(|a| texting_robots::Robot::new(a, &set.body.bytes).ok()).collect();
        texting.failures += set.agent_index.iter().filter(|&&i| bound[i].is_none()).count();
        for (q, &i) in set.queries.iter().zip(&set.agent_index) {
            let (allowed, line) = robots.decide(&q.agents[..], &q.url);
            ours.agree += usize::from(allowed == q.allowed);
            if let Some(n) = ours.lines.as_mut() {
                *n += usize::from(allowed == q.allowed && line == q.line);
            }
            let tr = bound[i].as_ref().is_none_or(|r| r.allowed(&q.url));
            texting.agree += usize::from(tr == q.allowed);
            match robotstxt_allowed(&set.body.text, q) {
                Some(a) => google_rs.agree += usize::from(a == q.allowed),
                None => google_rs.failures += 1,
            }
        }
    }
    [ours, texting, google_rs]
}

fn pct(n: usize, of: usize) -> f64 {
    if of == 0 {
        0.0
    } else {
        100.0 * n as f64 / of as f64
    }
}

/// [`fastest`] for parsing owned copies of the parse workload (`Robots::parse_owned`), copied before each timed run.
fn fastest_owned_parse(reps: usize, files: &[Body]) -> Option<Duration> {
    fastest_with(
        reps,
        || files.iter().map(|f| f.bytes.clone()).collect::<Vec<Vec<u8>>>(),
        |copies| copies.into_iter().map(|b| black_box(Robots::parse_owned(black_box(b))).line_count()).sum::<usize>(),
    )
}

fn summary(data: &Data, reps: usize) {
    let bytes = data.parse_bytes as f64;
    let files = &data.parse_files;
    let parse = [
        fastest(reps, || parse_robotscope(files)),
        fastest(reps, || parse_texting_robots(files)),
        fastest(reps, || parse_robotstxt(files)),
    ];
    let query = [
        fastest(reps, || query_robotscope(&data.sets)),
        fastest(reps, || query_texting_robots(&data.sets)),
        fastest(reps, || query_robotstxt(&data.sets)),
    ];
    let owned = fastest_owned_parse(reps, files);
    let prepared = Prepared::new(&data.sets);
    let matchers = prepared.matchers();
    let cached = fastest(reps, || query_robotscope_matchers(&data.sets, &prepared, &matchers));
    let cached_agree = data
        .sets
        .iter()
        .zip(&prepared.lists)
        .zip(&matchers)
        .map(|((set, (_, index)), m)| {
            set.queries.iter().zip(index).filter(|&(q, &i)| m[i].decide(&q.url) == (q.allowed, q.line)).count()
        })
        .sum::<usize>();
    let texting_errors = parse_texting_robots(files);
    let agree = agreement(data);
    let mbps: Option<Vec<f64>> = parse.iter().map(|d| d.map(|d| bytes / d.as_secs_f64() / 1e6)).collect();
    let qps: Option<Vec<f64>> = query.iter().map(|d| d.map(|d| data.vectors as f64 / d.as_secs_f64())).collect();

    let rule = "-".repeat(96);
    println!("{rule}");
    if reps == 0 {
        println!("robotscope engine summary (test mode: agreement only, no timings; MB = 10^6 bytes)");
    } else {
        println!("robotscope engine summary (min of {reps} runs; MB = 10^6 bytes)");
    }
    println!(
        "parse workload: {} of {} corpus files, {:.2} MB of {:.2} MB ({} left out: robotstxt 0.3 panics on them: {})",
        files.len(),
        data.corpus_files,
        bytes / 1e6,
        data.corpus_bytes as f64 / 1e6,
        data.robotstxt_parse_panics.len(),
        data.robotstxt_parse_panics.join(", "),
    );
    println!(
        "query workload: {} vectors over {} files ({} with two agents: texting_robots gets only the first), \
         {} texting_robots (file, agent) parses",
        data.vectors,
        data.sets.len(),
        data.multi_agent_vectors,
        data.robots_pairs,
    );
    println!("{rule}");
    println!(
        "{:<16} {:>12} {:>11} {:>14} {:>11} {:>26}",
        "engine", "parse MB/s", "rs speedup", "queries/s", "rs speedup", "agrees with vectors"
    );
    let names = ["robotscope", "texting_robots", "robotstxt"];
    for i in 0..3 {
        let value = |v: &Option<Vec<f64>>, digits: usize| match v {
            Some(v) => format!("{:.digits$}", v[i]),
            None => String::from("-"),
        };
        let ratio = |v: &Option<Vec<f64>>| match v {
            Some(v) if i > 0 => format!("{:.1}x", v[0] / v[i]),
            _ => String::from("-"),
        };
        println!(
            "{:<16} {:>12} {:>11} {:>14} {:>11} {:>17} {:>7.3}%",
            names[i],
            value(&mbps, 1),
            ratio(&mbps),
            value(&qps, 0),
            ratio(&qps),
            format!("{}/{}", agree[i].agree, data.vectors),
            pct(agree[i].agree, data.vectors),
        );
    }
    println!("{rule}");
    if let Some(lines) = agree[0].lines {
        println!("robotscope verdict and deciding line: {lines}/{} ({:.3}%)", data.vectors, pct(lines, data.vectors));
    }
    println!(
        "robotscope parsing bodies it is handed (Robots::parse_owned, no copy of the input): {} MB/s",
        owned.map_or_else(|| String::from("-"), |d| format!("{:.1}", bytes / d.as_secs_f64() / 1e6)),
    );
    let cached_qps = cached.map(|d| data.vectors as f64 / d.as_secs_f64());
    println!(
        "robotscope on pre-parsed files, one Matcher per (file, agent list): {} queries/s; verdict and deciding \
         line agree on {cached_agree}/{}",
        cached_qps.map_or_else(|| String::from("-"), |q| format!("{q:.0}")),
        data.vectors,
    );
    println!(
        "texting_robots: Robot::new(\"Googlebot\") fails on {texting_errors} of {} parse-workload files; \
         {} vectors hit a failed (file, agent) parse and count as \"allowed\"",
        files.len(),
        agree[1].failures,
    );
    println!(
        "robotstxt: panics on {} corpus files when parsing and on {} of {} vectors (counted as disagreeing)",
        data.robotstxt_parse_panics.len(),
        agree[2].failures,
        data.vectors,
    );
    let faster = |v: &[f64]| v[1].max(v[2]);
    let verdict = |ok: bool| if ok { "met" } else { "MISSED" };
    let (Some(mbps), Some(qps)) = (mbps, qps) else {
        println!("{rule}");
        return;
    };
    println!(
        "goals: parse >= 2000 MB/s: {} ({:.0}); queries >= 3 M/s: {} ({:.2} M); pre-parsed queries >= 20 M/s: {} \
         ({:.2} M)",
        verdict(mbps[0] >= 2000.0),
        mbps[0],
        verdict(qps[0] >= 3e6),
        qps[0] / 1e6,
        verdict(cached_qps.is_some_and(|q| q >= 20e6)),
        cached_qps.unwrap_or(0.0) / 1e6,
    );
    println!(
        "goals: parse >= 4x the faster peer: {} ({:.1}x); queries >= 4x the faster peer: {} ({:.1}x)",
        verdict(mbps[0] >= 4.0 * faster(&mbps)),
        mbps[0] / faster(&mbps),
        verdict(qps[0] >= 4.0 * faster(&qps)),
        qps[0] / faster(&qps),
    );
    println!("{rule}");
}

// ---------------------------------------------------------------------------------------------------------------
// Criterion.

/// Slow benchmarks: one iteration per sample, ten samples.
fn slow(group: &mut BenchmarkGroup<'_, WallTime>, seconds: u64) {
    group.sampling_mode(SamplingMode::Flat).sample_size(10).warm_up_time(Duration::from_secs(1));
    group.measurement_time(Duration::from_secs(seconds));
}

fn bench_parse(c: &mut Criterion, data: &Data) {
    let files = &data.parse_files;
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Bytes(data.parse_bytes));
    slow(&mut group, 3);
    group.bench_function("robotscope", |b| b.iter(|| parse_robotscope(files)));
    slow(&mut group, 8);
    group.bench_function("texting_robots", |b| b.iter(|| parse_texting_robots(files)));
    slow(&mut group, 5);
    group.bench_function("robotstxt", |b| b.iter(|| parse_robotstxt(files)));
    group.finish();
}

fn bench_query(c: &mut Criterion, data: &Data) {
    let sets = &data.sets;
    let mut group = c.benchmark_group("query");
    group.throughput(Throughput::Elements(data.vectors as u64));
    slow(&mut group, 3);
    group.bench_function("robotscope", |b| b.iter(|| query_robotscope(sets)));
    let prepared = Prepared::new(sets);
    let matchers = prepared.matchers();
    group.bench_function("robotscope pre-parsed", |b| b.iter(|| query_robotscope_matchers(sets, &prepared, &matchers)));
    slow(&mut group, 18);
    group.bench_function("texting_robots", |b| b.iter(|| query_texting_robots(sets)));
    slow(&mut group, 18);
    group.bench_function("robotstxt", |b| b.iter(|| query_robotstxt(sets)));
    group.finish();
}

/// Hostile inputs (see `tests/hostile.rs`): parse, one explained query and the lint, timed together.
fn bench_hostile(c: &mut Criterion) {
    let mut star = b"User-agent: *\nDisallow: /".to_vec();
    star.extend(std::iter::repeat_n(b'*', 1 << 20));
    let mut wild = b"User-agent: *\n".to_vec();
    while wild.len() < 500 * 1024 {
        wild.extend_from_slice(b"Disallow: /*a*a*a*a*a*a*a*$\n");
    }
    let mut random = Vec::with_capacity(10 << 20);
    let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
    while random.len() < 10 << 20 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        random.extend_from_slice(&x.to_le_bytes());
    }
    let merged = "User-agent: *\nAllow: /\n\nUser-agent: *\nDisallow: /\n".repeat(25_000).into_bytes();
    let long_url = format!("/{}b", "a".repeat(100_000));
    let mut group = c.benchmark_group("hostile");
    slow(&mut group, 3);
    for (name, body) in [
        ("1 MB line of *", &star),
        ("500 KiB of /*a*a*a*a*a*a*a*$", &wild),
        ("10 MB random bytes", &random),
        ("50,000 merged groups that tie", &merged),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let robots = robotscope::Robots::parse(body);
                let v = robots.check("Googlebot", &long_url);
                (v.allowed, robots.diagnostics().len())
            })
        });
    }
    group.finish();
}

fn main() {
    let Some(dir) = robotscope_tests::conformance_dir() else {
        println!("engine bench: no conformance data, nothing to measure");
        return;
    };
    install_panic_hook();
    let args: Vec<String> = std::env::args().collect();
    let has = |flag: &str| args.iter().any(|a| a == flag);
    let summary_only = std::env::var("ROBOTSCOPE_BENCH_SUMMARY_ONLY").is_ok_and(|v| !v.is_empty() && v != "0");
    // `cargo test --benches` runs this without `--bench`: criterion then runs each benchmark once as a test.
    let test_mode = !has("--bench") || has("--test");
    // `--list` only names the benchmarks: no summary.
    let list = has("--list") && !summary_only;
    let data = load(&dir);
    let reps = match std::env::var("ROBOTSCOPE_BENCH_REPS").ok().and_then(|v| v.parse().ok()) {
        Some(n) => n,
        // Test mode (`cargo test --all-targets`) checks that everything runs; timings would mean nothing.
        None if test_mode && !summary_only => 0,
        None => 5,
    };
    if !list {
        summary(&data, reps);
    }
    if summary_only {
        return;
    }
    let mut c = Criterion::default().configure_from_args();
    bench_parse(&mut c, &data);
    bench_query(&mut c, &data);
    bench_hostile(&mut c);
    c.final_summary();
}
