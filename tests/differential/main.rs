//! `robotscope-differential`: robotscope against Google's own library (PyPI `jwm.robotstxt`), on generated
//! cases. `cargo xtask differential` builds it, prepares the Python environment and runs it; see the README's
//! "Differential testing against Google's library".
//!
//! ```text
//! robotscope-differential --python PY [--cases N | --minutes M] [--jobs J] [--found DIR] [--self-test]
//! ```
//!
//! Each run takes a fresh seed (printed) unless `ROBOTSCOPE_SEED=N` replays one. Batches of cases go to `J`
//! long-lived Python processes (`oracle.py`); every answer is compared with robotscope's: verdict and deciding
//! line (`decide`, `check`, `Matcher`), per-line metadata and directive callbacks (`Robots::lines()`), and
//! product tokens (`product_token`, `is_valid_agent`). A disagreement is minimized against the library and
//! written to `found/` as a regression case (`tests/differential.rs` replays them); the run then fails.
//!
//! `--self-test` checks that the comparison can fail: it flips one verdict, one line flag and one agent validity
//! (`ROBOTSCOPE_DIFFERENTIAL_FAULT`, used by nothing else) and asserts that it is caught and minimized.

mod case;
mod gen;
mod protocol;

use std::path::{Path, PathBuf};
use std::process::exit;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use case::{parse_disagreement, robotscope_agent, robotscope_parse, robotscope_verdicts, Found};
use gen::{Corpus, Origin};
use protocol::Oracle;
use robotscope::Robots;

/// The environment variable the self-test sets: flip robotscope's verdict on the first rule-decided case of
/// the first batch at or after this index.
const FAULT_VAR: &str = "ROBOTSCOPE_DIFFERENTIAL_FAULT";

/// Stop taking batches after this many disagreements (each is minimized, which takes a while).
const MAX_MISMATCHES: usize = 8;

#[derive(Debug)]
struct Options {
    python: PathBuf,
    script: PathBuf,
    cases: u64,
    minutes: Option<f64>,
    jobs: usize,
    found: PathBuf,
    self_test: bool,
}

fn usage() -> ! {
    eprintln!(
        "usage: robotscope-differential --python PATH [--oracle oracle.py] [--cases N | --minutes M] [--jobs J] \
         [--found DIR] [--self-test]"
    );
    exit(2);
}

fn options() -> Options {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("differential");
    let mut o = Options {
        python: PathBuf::new(),
        script: here.join("oracle.py"),
        cases: 250_000,
        minutes: None,
        jobs: 2,
        found: here.join("found"),
        self_test: false,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage());
        match a.as_str() {
            "--python" => o.python = PathBuf::from(value()),
            "--oracle" => o.script = PathBuf::from(value()),
            "--cases" => o.cases = value().parse().unwrap_or_else(|_| usage()),
            "--minutes" => o.minutes = Some(value().parse().unwrap_or_else(|_| usage())),
            "--jobs" => o.jobs = value().parse::<usize>().unwrap_or_else(|_| usage()).max(1),
            "--found" => o.found = PathBuf::from(value()),
            "--self-test" => o.self_test = true,
            _ => usage(),
        }
    }
    if o.python.as_os_str().is_empty() {
        usage();
    }
    o
}

/// A fresh seed from the clock and the process id, or `ROBOTSCOPE_SEED`.
fn seed() -> u64 {
    if let Ok(s) = std::env::var("ROBOTSCOPE_SEED") {
        return s.trim().parse().unwrap_or_else(|_| {
            eprintln!("differential: ROBOTSCOPE_SEED must be a number, not {s:?}");
            exit(2);
        });
    }
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    // Keep it short enough to type.
    gen::Rng::new(nanos ^ u64::from(std::process::id()) << 32).next() % 1_000_000_000_000
}

#[derive(Debug, Default, Clone)]
struct Stats {
    batches: u64,
    cases: u64,
    disallowed: u64,
    decided: u64,
    files: [u64; 3],
    bytes: u64,
    lines: u64,
    calls: u64,
    parse_skipped: u64,
    /// Lines with each of Google's seven flags set, and files that are not UTF-8: what the generator reached.
    flags: [u64; 7],
    not_utf8: u64,
    agents: u64,
    mismatches: u64,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.batches += o.batches;
        self.cases += o.cases;
        self.disallowed += o.disallowed;
        self.decided += o.decided;
        for i in 0..3 {
            self.files[i] += o.files[i];
        }
        self.bytes += o.bytes;
        self.lines += o.lines;
        self.calls += o.calls;
        self.parse_skipped += o.parse_skipped;
        for i in 0..7 {
            self.flags[i] += o.flags[i];
        }
        self.not_utf8 += o.not_utf8;
        self.agents += o.agents;
        self.mismatches += o.mismatches;
    }
}

/// A disagreement as found, before minimization.
#[derive(Debug, Clone)]
enum Mismatch {
    Verdict { body: Vec<u8>, agents: Vec<String>, url: String, fault: bool },
    Parse { body: Vec<u8>, fault: bool },
    Agent { agent: String, fault: bool },
}

struct Run {
    seed: u64,
    corpus: Corpus,
    options: Options,
    fault: Option<usize>,
    next: AtomicU64,
    batches: u64,
    deadline: Option<Instant>,
    stop: AtomicBool,
    stats: Mutex<Stats>,
    found: Mutex<Vec<(PathBuf, Found, String)>>,
}

fn percent(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        100.0 * part as f64 / whole as f64
    }
}

/// Whether `ours` (one answer per query path) disagrees with Google's, with the self-test's flip applied.
fn differs(ours: &[(&str, (bool, usize)); 3], google: (bool, usize), flip: bool) -> bool {
    ours.iter().any(|(_, (allowed, line))| (*allowed != flip, *line) != google)
}

impl Run {
    fn worker(&self) -> Result<(), String> {
        let mut oracle = Oracle::start(&self.options.python, &self.options.script)
            .map_err(|e| format!("cannot start {}: {e}", self.options.python.display()))?;
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return Ok(());
            }
            let index = self.next.fetch_add(1, Ordering::Relaxed);
            match self.deadline {
                Some(d) if Instant::now() >= d => return Ok(()),
                None if index >= self.batches => return Ok(()),
                _ => {}
            }
            let batch = gen::batch(self.seed, index, &self.corpus);
            let (answers, tokens) =
                oracle.ask(&batch.files, &batch.agents).map_err(|e| format!("the Python oracle failed: {e}"))?;
            let (stats, mismatches) = self.compare(index, &batch, &answers, &tokens);
            self.stats.lock().expect("stats").add(&stats);
            for m in mismatches {
                if self.found.lock().expect("found").len() >= MAX_MISMATCHES {
                    self.stop.store(true, Ordering::Relaxed);
                    break;
                }
                self.minimize_and_write(&mut oracle, index, m)?;
            }
        }
    }

    fn compare(
        &self,
        index: u64,
        batch: &gen::Batch,
        answers: &[protocol::FileAnswer],
        tokens: &[(String, bool)],
    ) -> (Stats, Vec<Mismatch>) {
        let mut s = Stats { batches: 1, ..Stats::default() };
        let mut out = Vec::new();
        let mut fault = if index == 0 { self.fault } else { None };
        let (mut parse_fault, mut agent_fault) = (fault.is_some(), fault.is_some());
        let mut n = 0;
        for ((file, answer), origin) in batch.files.iter().zip(answers).zip(&batch.origins) {
            s.files[*origin as usize] += 1;
            s.bytes += file.body.len() as u64;
            s.not_utf8 += u64::from(std::str::from_utf8(&file.body).is_err());
            let robots = Robots::parse(&file.body);
            for (q, &google) in file.queries.iter().zip(&answer.verdicts) {
                let ours = robotscope_verdicts(&robots, &q.agents, &q.url);
                let flip = fault.is_some_and(|f| n >= f && ours[0].1 .1 != 0);
                if flip {
                    fault = None;
                }
                n += 1;
                s.cases += 1;
                s.disallowed += u64::from(!google.0);
                s.decided += u64::from(google.1 != 0);
                if differs(&ours, google, flip) {
                    s.mismatches += 1;
                    out.push(Mismatch::Verdict {
                        body: file.body.clone(),
                        agents: q.agents.clone(),
                        url: q.url.clone(),
                        fault: flip,
                    });
                }
            }
            match (&file.parse_body, &answer.parse) {
                (Some(body), Some(Some(google))) => {
                    s.lines += google.lines.len() as u64;
                    s.calls += google.calls.len() as u64;
                    for (_, f) in &google.lines {
                        for (i, count) in s.flags.iter_mut().enumerate() {
                            *count += u64::from(f & 1 << i != 0);
                        }
                    }
                    if faulty_parse(body, parse_fault) != *google {
                        s.mismatches += 1;
                        out.push(Mismatch::Parse { body: body.clone(), fault: parse_fault });
                    }
                    parse_fault = false;
                }
                (Some(_), _) => s.parse_skipped += 1,
                _ => {}
            }
        }
        for (agent, google) in batch.agents.iter().zip(tokens) {
            s.agents += 1;
            let mut ours = robotscope_agent(agent);
            ours.1 ^= agent_fault;
            if ours != *google {
                s.mismatches += 1;
                out.push(Mismatch::Agent { agent: agent.clone(), fault: agent_fault });
            }
            agent_fault = false;
        }
        (s, out)
    }

    fn minimize_and_write(&self, oracle: &mut Oracle, batch: u64, m: Mismatch) -> Result<(), String> {
        let io = |e: std::io::Error| format!("the Python oracle failed while minimizing: {e}");
        let before = describe(&m);
        let (found, original) = match m {
            Mismatch::Verdict { body, agents, url, fault } => {
                let original = (body.len(), line_units(&body).len(), url.len());
                let mut error = None;
                let mut still = |body: &[u8], agents: &[String], url: &str| -> bool {
                    let robots = Robots::parse(body);
                    let ours = robotscope_verdicts(&robots, agents, url);
                    let flip = fault && ours[0].1 .1 != 0;
                    match oracle.verdict(body, agents, url) {
                        Ok(google) => differs(&ours, google, flip),
                        Err(e) => {
                            error.get_or_insert(e);
                            false
                        }
                    }
                };
                let (body, agents, url) = minimize_verdict(body, agents, url, &mut still);
                if let Some(e) = error {
                    return Err(io(e));
                }
                let (allowed, line) = oracle.verdict(&body, &agents, &url).map_err(io)?;
                (Found::Verdict { robots: body, agents, url, allowed, line }, original)
            }
            Mismatch::Parse { body, fault } => {
                let original = (body.len(), line_units(&body).len(), 0);
                let mut error = None;
                let mut still = |body: &[u8]| match oracle.parse(body) {
                    Ok(Some(google)) => faulty_parse(body, fault) != google,
                    Ok(None) => false,
                    Err(e) => {
                        error.get_or_insert(e);
                        false
                    }
                };
                let body = minimize_body(body, &mut Budget::new(), &mut still);
                if let Some(e) = error {
                    return Err(io(e));
                }
                let google = oracle.parse(&body).map_err(io)?.unwrap_or_default();
                (Found::Parse { robots: body, google }, original)
            }
            Mismatch::Agent { agent, .. } => {
                let (_, tokens) = oracle.ask(&[], std::slice::from_ref(&agent)).map_err(io)?;
                let (token, valid) = tokens[0].clone();
                (Found::Agent { agent, token, valid }, (0, 0, 0))
            }
        };
        let why = match &found {
            Found::Parse { robots, google } => {
                parse_disagreement(&robotscope_parse(robots), google).unwrap_or_else(|| "parses differ".into())
            }
            other => other.disagreement().unwrap_or_else(|| "the self-test's flipped answer".into()),
        };
        let from = match &found {
            Found::Verdict { .. } => {
                format!("minimized from {} bytes, {} lines, a {}-byte URL", original.0, original.1, original.2)
            }
            Found::Parse { .. } => format!("minimized from {} bytes, {} lines", original.0, original.1),
            Found::Agent { .. } => String::from("as generated"),
        };
        let note = format!(
            "found by `cargo xtask differential` with ROBOTSCOPE_SEED={} (batch {batch}); {from}; {why}",
            self.seed
        );
        let path = found.write(&self.options.found, &note).map_err(|e| format!("cannot write the case: {e}"))?;
        eprintln!("\ndifferential: DISAGREEMENT {before}\n  minimized: {why}\n  written to {}", path.display());
        eprintln!("{}", serde_json::to_string_pretty(&found.to_json(&note)).unwrap_or_default());
        self.found.lock().expect("found").push((path, found, note));
        Ok(())
    }
}

/// robotscope's parse, with the self-test's fault (line 1's `is_empty` flag flipped) when `fault`.
fn faulty_parse(body: &[u8], fault: bool) -> case::Parse {
    let mut parse = robotscope_parse(body);
    if let Some(first) = parse.lines.first_mut().filter(|_| fault) {
        first.1 ^= 1;
    }
    parse
}

fn describe(m: &Mismatch) -> String {
    match m {
        Mismatch::Verdict { body, agents, url, fault } => format!(
            "on a verdict ({} bytes, agents {agents:?}, URL {url:?}){}",
            body.len(),
            if *fault { ", injected by the self-test" } else { "" }
        ),
        Mismatch::Parse { body, fault } => format!(
            "on per-line metadata or directives ({} bytes){}",
            body.len(),
            if *fault { ", injected by the self-test" } else { "" }
        ),
        Mismatch::Agent { agent, fault } => {
            format!("on the product token of {agent:?}{}", if *fault { ", injected by the self-test" } else { "" })
        }
    }
}

/// Oracle calls allowed per minimization, and its time limit.
struct Budget {
    calls: usize,
    until: Instant,
}

impl Budget {
    fn new() -> Budget {
        Budget { calls: 6_000, until: Instant::now() + Duration::from_secs(90) }
    }
    fn spend(&mut self) -> bool {
        if self.calls == 0 || Instant::now() >= self.until {
            return false;
        }
        self.calls -= 1;
        true
    }
}

/// Removes chunks of `items` (halves, quarters, ... single items) while `still` holds, until nothing more can
/// go or the budget is spent: a 1-minimal result in the sense of delta debugging.
fn shrink<T: Clone>(mut items: Vec<T>, budget: &mut Budget, still: &mut dyn FnMut(&[T]) -> bool) -> Vec<T> {
    loop {
        let mut progress = false;
        let mut chunk = items.len().div_ceil(2).max(1);
        loop {
            let mut i = 0;
            while i < items.len() {
                if !budget.spend() {
                    return items;
                }
                let end = (i + chunk).min(items.len());
                let mut candidate = items[..i].to_vec();
                candidate.extend_from_slice(&items[end..]);
                if still(&candidate) {
                    items = candidate;
                    progress = true;
                } else {
                    i += chunk;
                }
            }
            if chunk == 1 {
                break;
            }
            chunk = chunk.div_ceil(2);
        }
        if !progress || items.is_empty() {
            return items;
        }
    }
}

/// The lines of `body`, each with its terminator.
fn line_units(body: &[u8]) -> Vec<Vec<u8>> {
    gen::split_lines(body)
        .into_iter()
        .map(|l| {
            let mut t = l.text;
            t.extend_from_slice(l.end);
            t
        })
        .collect()
}

fn minimize_body(body: Vec<u8>, budget: &mut Budget, still: &mut dyn FnMut(&[u8]) -> bool) -> Vec<u8> {
    let lines = shrink(line_units(&body), budget, &mut |ls: &[Vec<u8>]| still(&ls.concat()));
    shrink(lines.concat(), budget, &mut |b: &[u8]| still(b))
}

type VerdictCheck<'a> = dyn FnMut(&[u8], &[String], &str) -> bool + 'a;

fn minimize_verdict(
    mut body: Vec<u8>,
    mut agents: Vec<String>,
    mut url: String,
    still: &mut VerdictCheck<'_>,
) -> (Vec<u8>, Vec<String>, String) {
    let mut budget = Budget::new();
    for _ in 0..3 {
        let before = (body.len(), agents.clone(), url.len());
        body = minimize_body(body, &mut budget, &mut |b: &[u8]| still(b, &agents, &url));
        let chars: Vec<char> = url.chars().collect();
        url = shrink(chars, &mut budget, &mut |c: &[char]| still(&body, &agents, &c.iter().collect::<String>()))
            .into_iter()
            .collect();
        if agents.len() > 1 {
            agents = shrink(agents, &mut budget, &mut |a: &[String]| !a.is_empty() && still(&body, a, &url));
        }
        for i in 0..agents.len() {
            let chars: Vec<char> = agents[i].chars().collect();
            let mut others = agents.clone();
            let shrunk = shrink(chars, &mut budget, &mut |c: &[char]| {
                others[i] = c.iter().collect();
                still(&body, &others, &url)
            });
            agents[i] = shrunk.into_iter().collect();
        }
        if before == (body.len(), agents.clone(), url.len()) {
            break;
        }
    }
    (body, agents, url)
}

fn run(options: Options, fault: Option<usize>) -> (Stats, Vec<(PathBuf, Found, String)>, u64, Duration) {
    let seed = seed();
    let corpus_dir = robotscope_tests::conformance_dir().map(|d| d.join("corpus"));
    let corpus = Corpus::load(corpus_dir.as_deref());
    if corpus.files.is_empty() {
        eprintln!("differential: no corpus files; generating from the grammar only");
    }
    let batches = options.cases.div_ceil(gen::BATCH_CASES as u64);
    let deadline = options.minutes.map(|m| Instant::now() + Duration::from_secs_f64(m * 60.0));
    match options.minutes {
        Some(m) => eprintln!(
            "differential: seed {seed} (replay with ROBOTSCOPE_SEED={seed}); {m} minutes, {} Python processes, {} \
             corpus files",
            options.jobs,
            corpus.files.len()
        ),
        None => eprintln!(
            "differential: seed {seed} (replay with ROBOTSCOPE_SEED={seed}); {} cases, {} Python processes, {} \
             corpus files",
            batches * gen::BATCH_CASES as u64,
            options.jobs,
            corpus.files.len()
        ),
    }
    let jobs = options.jobs;
    let run = Run {
        seed,
        corpus,
        options,
        fault,
        next: AtomicU64::new(0),
        batches,
        deadline,
        stop: AtomicBool::new(false),
        stats: Mutex::new(Stats::default()),
        found: Mutex::new(Vec::new()),
    };
    let start = Instant::now();
    let errors: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs).map(|_| scope.spawn(|| run.worker())).collect();
        if deadline.is_some() {
            let mut last = Instant::now();
            while !handles.iter().all(|h| h.is_finished()) {
                std::thread::sleep(Duration::from_millis(200));
                if last.elapsed() >= Duration::from_secs(60) {
                    last = Instant::now();
                    let s = run.stats.lock().expect("stats").clone();
                    eprintln!(
                        "differential: {:.0} min, {} cases, {} disagreements",
                        start.elapsed().as_secs_f64() / 60.0,
                        s.cases,
                        s.mismatches
                    );
                }
            }
        }
        handles.into_iter().filter_map(|h| h.join().unwrap_or_else(|_| Err("a worker panicked".into())).err()).collect()
    });
    if let Some(e) = errors.first() {
        eprintln!("differential: {e}");
        exit(2);
    }
    let stats = run.stats.into_inner().expect("stats");
    (stats, run.found.into_inner().expect("found"), seed, start.elapsed())
}

fn report(s: &Stats, seed: u64, elapsed: Duration) {
    let agree = s.cases - s.mismatches.min(s.cases);
    eprintln!(
        "differential: seed {seed}: {} cases in {:.1} s ({:.0} cases/s) on {} files ({} mutated corpus files, {} from \
         the grammar, {} grammar files mutated; {:.1} MB)",
        s.cases,
        elapsed.as_secs_f64(),
        s.cases as f64 / elapsed.as_secs_f64(),
        s.files.iter().sum::<u64>(),
        s.files[Origin::Corpus as usize],
        s.files[Origin::Grammar as usize],
        s.files[Origin::Mixed as usize],
        s.bytes as f64 / 1e6,
    );
    eprintln!(
        "differential: Google says disallowed for {:.1}% of the cases and a rule decided {:.1}%",
        percent(s.disallowed, s.cases),
        percent(s.decided, s.cases)
    );
    eprintln!(
        "differential: compared {} lines' metadata and {} directive callbacks ({} files' parse not reportable by the \
         extension), {} product tokens",
        s.lines, s.calls, s.parse_skipped, s.agents
    );
    eprintln!(
        "differential: lines by Google's flags: {} empty, {} with a comment, {} comment only, {} directives, {} \
         accepted typos, {} too long, {} missing the colon; {} files not UTF-8",
        s.flags[0], s.flags[1], s.flags[2], s.flags[3], s.flags[4], s.flags[5], s.flags[6], s.not_utf8
    );
    eprintln!(
        "differential: agreement {agree}/{} cases ({:.3}%); {} disagreements in all",
        s.cases,
        percent(agree, s.cases),
        s.mismatches
    );
}

/// Flips one verdict on purpose and checks that the run catches it, minimizes it and writes a case that
/// replays (robotscope, unflipped, agrees with Google's answer in it).
fn self_test(mut options: Options) {
    options.cases = gen::BATCH_CASES as u64;
    options.jobs = 1;
    let _ = std::fs::remove_dir_all(&options.found);
    let dir = options.found.clone();
    let fault = std::env::var(FAULT_VAR).ok().and_then(|v| v.parse().ok()).unwrap_or(100);
    let (stats, found, _, elapsed) = run(options, Some(fault));
    let fail = |why: &str| -> ! {
        eprintln!("differential self-test FAILED: {why}");
        exit(1);
    };
    // The faults: one verdict, line 1's `is_empty` flag of the first file, the first agent string's validity.
    if stats.mismatches != 3 || found.len() != 3 {
        fail(&format!("expected exactly the three injected disagreements, got {}", stats.mismatches));
    }
    let written = case::read_found(&dir);
    for (path, case, _) in &found {
        if !written.iter().any(|(_, w)| w.as_ref().ok() == Some(case)) {
            fail(&format!("{} does not read back as the case", path.display()));
        }
        if let Some(why) = case.disagreement() {
            fail(&format!("a minimized case disagrees without the fault: {why}"));
        }
    }
    let verdict = found.iter().find_map(|(_, c, note)| match c {
        Found::Verdict { robots, agents, url, line, .. } => Some((robots, agents, url, *line, note)),
        _ => None,
    });
    let Some((robots, agents, url, line, note)) = verdict else { fail("the flipped verdict was not reported") };
    if line == 0 {
        fail("the minimized case lost the rule that decided it");
    }
    let lines = line_units(robots).len();
    if lines > 3 || robots.len() > 64 || url.len() > 16 || agents.len() != 1 {
        fail(&format!("not minimized: {lines} lines, {} bytes, URL {url:?}, agents {agents:?}", robots.len()));
    }
    let parse = found.iter().find_map(|(_, c, _)| match c {
        Found::Parse { robots, .. } => Some(robots),
        _ => None,
    });
    let Some(parse) = parse else { fail("the flipped line flag was not reported") };
    if parse.len() > 1 {
        fail(&format!("the flipped line flag was not minimized: {:?}", String::from_utf8_lossy(parse)));
    }
    if !found.iter().any(|(_, c, _)| matches!(c, Found::Agent { .. })) {
        fail("the flipped agent validity was not reported");
    }
    eprintln!(
        "differential self-test: the three injected faults were caught; the flipped verdict was minimized to {} \
         bytes ({lines} lines), URL {url:?}, agents {agents:?}, the flipped line flag to a {}-byte file, in {:.1} s \
         ({note})",
        robots.len(),
        parse.len(),
        elapsed.as_secs_f64()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

fn main() {
    let options = options();
    if options.self_test {
        self_test(options);
        return;
    }
    if std::env::var_os(FAULT_VAR).is_some() {
        eprintln!("differential: {FAULT_VAR} is for --self-test only");
        exit(2);
    }
    let dir = options.found.clone();
    let (stats, found, seed, elapsed) = run(options, None);
    report(&stats, seed, elapsed);
    if !found.is_empty() || stats.mismatches > 0 {
        eprintln!(
            "differential: FAILED: robotscope disagrees with Google's library; the minimized cases are in {} (replay \
             this run with ROBOTSCOPE_SEED={seed})",
            dir.display()
        );
        exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrink_keeps_exactly_what_the_predicate_needs() {
        let items: Vec<u32> = (0..40).collect();
        let kept = shrink(items, &mut Budget::new(), &mut |c: &[u32]| c.contains(&3) && c.contains(&37));
        assert_eq!(kept, vec![3, 37]);
    }

    #[test]
    fn minimize_body_removes_lines_then_bytes() {
        let body = b"User-agent: *\nDisallow: /a\r\n# comment\nAllow: /b\rSitemap: x\n".to_vec();
        let kept = minimize_body(body, &mut Budget::new(), &mut |b: &[u8]| {
            b.windows(2).any(|w| w == b"/a") && b.contains(&b'\r')
        });
        assert_eq!(kept, b"/a\r");
    }

    #[test]
    fn minimize_verdict_shrinks_url_and_agents() {
        let (body, agents, url) = minimize_verdict(
            b"User-agent: x\nDisallow: /p\n".to_vec(),
            vec!["FooBot".into(), "x".into(), "Other".into()],
            "https://example.com/p/q?r".into(),
            &mut |b: &[u8], a: &[String], u: &str| b.contains(&b'p') && u.contains('q') && a.iter().any(|a| a == "x"),
        );
        assert_eq!((body, agents, url), (b"p".to_vec(), vec!["x".to_string()], "q".to_string()));
    }
}
