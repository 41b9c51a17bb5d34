//! `robotscope-typed-differential`: the typed reading (agents and URLs as people type them, read by the core's
//! `Robots::ask`) against Google's own library (PyPI `jwm.robotstxt`). `cargo xtask differential` runs it after the
//! engine's differential (`main.rs`), with the same Python oracle (`oracle.py`).
//!
//! ```text
//! robotscope-typed-differential --python PY [--files N] [--jobs J] [--no-corpus]
//! ```
//!
//! The engine's differential gives both libraries the same strings. Here robotscope gets what a person types (a
//! token, a full User-Agent header, `*`, a digit-led or non-ASCII name, a preset's name in any case, a pooled list;
//! a bare path, a host without a scheme, a full URL, with spaces, non-ASCII and `%` escapes in either case), and
//! Google's library gets what the crawler would send: the product token the crawler matches with (written down
//! with each generated agent, never read by robotscope's code) and the URL as the crawler requests it (the WHATWG
//! URL parser of the `url` crate, as browsers and crawlers serialise URLs, the fragment dropped). Two runs:
//!
//! * generated files whose user-agent lines are tokens, tokenless values (`*bot`, `008`, `360Spider`,
//!   `日本語bot`, empty), headers and wildcards, asked about with generated typed agents and URLs (a fresh seed
//!   each run, printed; `ROBOTSCOPE_SEED=N` replays);
//! * every corpus file, asked for `*`, `Googlebot`, `Bingbot` and the digit-led `360Spider` at its root and at the
//!   literal start of each of its rules (up to eight URLs a file).
//!
//! A disagreement is either one of the documented readings below, which the tester recomputes from their source
//! (Google's library given the tokens the documented crawler uses), or unexplained: any unexplained one fails the
//! run and is printed with the file, the typed input and both answers.

#[allow(dead_code)]
mod case;
#[allow(dead_code)]
mod gen;
#[allow(dead_code)]
mod protocol;

use std::path::PathBuf;
use std::process::exit;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

use gen::Rng;
use protocol::{FileAsk, Oracle, Query};
use robotscope::{crawler, Crawler, Question, Robots, CRAWLERS};

/// The documented readings: where a crawler does what its operator documents rather than what Google's library
/// answers for the crawler's first token. Each names its source.
const READINGS: [(&str, &str); 2] = [
    (
        "fallback",
        "a crawler with no group of its own follows the group of the next token it obeys (Googlebot-Image, \
         -News and -Video follow Googlebot: \
         developers.google.com/search/docs/crawling-indexing/google-common-crawlers; Applebot follows Googlebot: \
         support.apple.com/en-us/119829)",
    ),
    (
        "ignores-star",
        "a crawler that ignores the `*` group obeys only groups that name it (AdsBot-Google and AdsBot-Google-Mobile: \
         developers.google.com/search/docs/crawling-indexing/google-special-case-crawlers)",
    ),
];

/// One member of a typed agent: what the crawler sends, and the catalogue crawler it is (for the documented
/// readings).
#[derive(Debug, Clone)]
struct Member {
    sent: String,
    crawler: Option<&'static Crawler>,
}

/// A typed agent: what is typed, its kind (for the figures), and its members.
#[derive(Debug, Clone)]
struct TypedAgentCase {
    input: String,
    kind: &'static str,
    members: Vec<Member>,
}

/// A typed URL: what is typed, its kind, and the URL the crawler requests (`None` when the URL parser refuses it).
#[derive(Debug, Clone)]
struct TypedUrlCase {
    input: String,
    kind: &'static str,
    request: Option<String>,
}

/// User-agent line values: tokens, headers, tokenless values and wildcards.
const LINE_AGENTS: &[&str] = &[
    "*",
    "* ",
    "*bot",
    "*Googlebot",
    "Googlebot*",
    "008",
    "360Spider",
    "80legs",
    "日本語bot",
    "Ärgerbot",
    "",
    "Googlebot",
    "googlebot",
    "Googlebot-Image",
    "Googlebot-News",
    "Googlebot/2.1",
    "bingbot",
    "Bingbot/2.0",
    "AdsBot-Google",
    "AdsBot-Google-Mobile",
    "GPTBot",
    "Applebot",
    "MyBot",
    "mybot",
    "MyBot2",
    "Slurp",
    "Foo Bar",
    "Mozilla",
    "jävla-fanbot",
];

/// Paths for rules and URLs: spaces, non-ASCII, escapes in both cases, wildcards, queries.
const PATHS: &[&str] = &[
    "/",
    "/a",
    "/a b",
    "/a%20b",
    "/caf%C3%A9",
    "/caf%c3%a9",
    "/café",
    "/x/y.jpg",
    "/private/",
    "/p?q=a b",
    "/p?q=%7e",
    "/%7Ejoe/",
    "/%7ejoe/",
    "/~joe/",
    "/日本語/",
    "/a\"b",
    "/a<b>",
    "/a{b}",
    "/a|b",
    "/a^b",
    "/a`b",
    "/search?q=ü",
    "/x/../y",
    "/a/./b",
    "/A",
    "/a%2fb",
    "/a%2Fb",
    "/shop/",
];

const RULES: &[&str] = &[
    "/",
    "/a",
    "/a b",
    "/a%20b",
    "/caf%C3%A9",
    "/caf%c3%a9",
    "/café",
    "/*.jpg$",
    "/private/",
    "/p?",
    "/*?q=",
    "/%7Ejoe/",
    "/~joe/",
    "/日本語/",
    "/a\"b",
    "/a%22b",
    "/a<b",
    "/a%3Cb",
    "/x/",
    "/y",
    "",
    "/a%2fb",
    "/*é",
    "/search",
    "/A",
    "/shop/",
    "/a^b",
    "/a|b",
];

/// What a typed URL's path may end with.
const SUFFIXES: &[&str] = &["x", "/z", " y", "é", "%41", "%e9", "#frag", "?", "$"];

/// Names that hold no product token (digit-led, non-ASCII, `*`).
const TOKENLESS: &[&str] = &["*", "360Spider", "80legs", "008", "日本語bot", "Ärgerbot"];

/// Product tokens that name no catalogue crawler.
const TOKENS: &[&str] = &["MyBot", "mybot", "Slurp", "Foo", "Mozilla", "Some_Bot"];

fn random_case(rng: &mut Rng, s: &str) -> String {
    s.chars().map(|c| if rng.chance(30) { c.to_ascii_lowercase() } else { c }).collect()
}

fn member(sent: &str, crawler: Option<&'static Crawler>) -> Member {
    Member { sent: sent.to_string(), crawler }
}

/// A catalogue crawler that reads robots.txt by its tokens (control tokens included).
fn preset(rng: &mut Rng) -> &'static Crawler {
    rng.pick(CRAWLERS)
}

fn typed_agent(rng: &mut Rng) -> TypedAgentCase {
    let (kind, input, members) = match rng.below(9) {
        0 => {
            let t = *rng.pick(TOKENS);
            ("token", t.to_string(), vec![member(t, None)])
        }
        1 | 2 => {
            // A preset by its name or its first token, in any ASCII case: the crawler sends its first token.
            let c = preset(rng);
            let name = if rng.chance(50) { c.name } else { c.tokens[0] };
            let shown = if rng.chance(50) { name.to_ascii_lowercase() } else { name.to_string() };
            ("preset", shown, vec![member(c.tokens[0], Some(c))])
        }
        3 => {
            // A catalogue crawler's own User-Agent header.
            let c = preset(rng);
            match c.facts().user_agent {
                "" => ("preset", c.tokens[0].to_string(), vec![member(c.tokens[0], Some(c))]),
                header => ("header", header.to_string(), vec![member(c.tokens[0], Some(c))]),
            }
        }
        4 => {
            // A header of a crawler outside the catalogue: the crawler's name is what it matches with.
            let name = *rng.pick(&["MyBot", "Slurp", "360Spider", "80legs", "日本語bot", "Some_Bot"]);
            let header = match rng.below(3) {
                0 => format!("Mozilla/5.0 (compatible; {name}/1.0; +http://example.com/bot)"),
                1 => format!("{name}/2.1 (+http://example.com/bot)"),
                _ => format!("{name}/1.0"),
            };
            ("header", header, vec![member(name, None)])
        }
        5 | 6 => {
            let name = *rng.pick(TOKENLESS);
            ("tokenless", name.to_string(), vec![member(name, None)])
        }
        _ => {
            // A pooled list of tokens and presets.
            let n = rng.range(2, 3);
            let mut members = Vec::new();
            let mut names = Vec::new();
            for _ in 0..n {
                if rng.chance(50) {
                    let t = *rng.pick(TOKENS);
                    names.push(t.to_string());
                    members.push(member(t, None));
                } else {
                    let c = preset(rng);
                    names.push(random_case(rng, c.tokens[0]));
                    members.push(member(c.tokens[0], Some(c)));
                }
            }
            let sep = if rng.chance(50) { "," } else { ", " };
            ("pool", names.join(sep), members)
        }
    };
    TypedAgentCase { input, kind, members }
}

/// The URL a crawler requests for `url` (typed, with the scheme and host it would use), as the WHATWG URL parser
/// serialises it, without the fragment.
fn request(url: &str) -> Option<String> {
    let mut u = url::Url::parse(url).ok()?;
    u.set_fragment(None);
    Some(u.to_string())
}

fn typed_url(rng: &mut Rng) -> TypedUrlCase {
    let mut path = rng.pick(PATHS).to_string();
    if rng.chance(30) {
        path.push_str(rng.pick::<&str>(SUFFIXES));
    }
    let word = path.trim_start_matches('/');
    let first = word.split(['/', '?', '#']).next().unwrap_or("");
    let is_word = !word.is_empty() && !first.contains(['.', ':']) && !first.contains(char::is_whitespace);
    match rng.below(4) {
        0 => TypedUrlCase { request: request(&format!("http://example.com{path}")), input: path, kind: "path" },
        1 if is_word => {
            // A bare word is a path (SPEC B2): `cart` is `/cart`.
            TypedUrlCase { request: request(&format!("http://example.com/{word}")), input: word.into(), kind: "word" }
        }
        1 | 2 => {
            let host = *rng.pick(&["example.com", "Example.COM", "bücher.example", "example.com:8080"]);
            let input = format!("{host}{path}");
            TypedUrlCase { request: request(&format!("http://{input}")), input, kind: "no-scheme" }
        }
        _ => {
            let origin = *rng.pick(&["https://example.com", "HTTPS://Example.COM:443", "http://example.com"]);
            let input = format!("{origin}{path}");
            TypedUrlCase { request: request(&input), input, kind: "full" }
        }
    }
}

fn file(rng: &mut Rng) -> Vec<u8> {
    let mut body = String::new();
    for _ in 0..rng.range(1, 5) {
        for _ in 0..rng.range(1, 3) {
            body.push_str(&format!("User-agent: {}\n", rng.pick(LINE_AGENTS)));
        }
        if rng.chance(20) {
            body.push_str("Crawl-delay: 5\n");
        }
        for _ in 0..rng.range(1, 4) {
            let key = if rng.chance(40) { "Allow" } else { "Disallow" };
            body.push_str(&format!("{key}: {}\n", rng.pick(RULES)));
        }
        body.push('\n');
    }
    body.into_bytes()
}

/// The tokens the documented readings give a typed agent's members in `robots`: a catalogue crawler's first
/// token that has a group, else its first (or none when it ignores `*`); with the readings that changed anything.
fn documented(robots: &Robots, members: &[Member]) -> (Vec<String>, Vec<&'static str>) {
    let (mut tokens, mut readings) = (Vec::new(), Vec::new());
    for m in members {
        let Some(c) = m.crawler else {
            tokens.push(m.sent.clone());
            continue;
        };
        match c.tokens.iter().find(|t| robots.has_own_group(**t)) {
            Some(t) => {
                if *t != m.sent {
                    readings.push(READINGS[0].0);
                }
                tokens.push(t.to_string());
            }
            None if c.ignores_global => readings.push(READINGS[1].0),
            None => tokens.push(m.sent.clone()),
        }
    }
    (tokens, readings)
}

/// One question: a file, a typed agent, a typed URL, robotscope's typed answer, and where Google's answers go.
struct Asked {
    file: usize,
    agent: TypedAgentCase,
    url: TypedUrlCase,
    /// robotscope's answer (`None`: the URL could not be read).
    ours: Option<(bool, usize)>,
    /// The indices of Google's answers in the file's queries: for what the crawler sends, and for the documented
    /// readings (`Some(None)`: no rule can apply, allowed).
    google: Option<usize>,
    documented: Option<(Option<usize>, Vec<&'static str>)>,
}

#[derive(Default)]
struct Tally {
    cases: usize,
    agree: usize,
    /// Questions a documented reading explains (`explained` counts each reading that took part).
    documented: usize,
    explained: std::collections::BTreeMap<&'static str, usize>,
    unexplained: Vec<String>,
    by_kind: std::collections::BTreeMap<String, usize>,
    unreadable: usize,
}

impl Tally {
    fn add(&mut self, o: Tally) {
        self.cases += o.cases;
        self.agree += o.agree;
        self.documented += o.documented;
        for (k, v) in o.explained {
            *self.explained.entry(k).or_default() += v;
        }
        self.unexplained.extend(o.unexplained);
        for (k, v) in o.by_kind {
            *self.by_kind.entry(k).or_default() += v;
        }
        self.unreadable += o.unreadable;
    }
}

/// Asks robotscope and Google about `cases` on `bodies` and compares.
fn compare(oracle: &mut Oracle, bodies: &[(String, Vec<u8>)], cases: Vec<Asked>) -> Result<Tally, String> {
    let mut files: Vec<FileAsk> =
        bodies.iter().map(|(_, b)| FileAsk { body: b.clone(), parse_body: None, queries: Vec::new() }).collect();
    let mut cases = cases;
    let parsed: Vec<Robots> = bodies.iter().map(|(_, b)| Robots::parse(b)).collect();
    for c in &mut cases {
        let Some(url) = c.url.request.clone() else { continue };
        let q = &mut files[c.file].queries;
        let sent: Vec<String> = c.agent.members.iter().map(|m| m.sent.clone()).collect();
        c.google = Some(q.len());
        q.push(Query { agents: sent.clone(), url: url.clone() });
        let (tokens, readings) = documented(&parsed[c.file], &c.agent.members);
        if !readings.is_empty() {
            let index = (!tokens.is_empty()).then(|| {
                q.push(Query { agents: tokens, url });
                q.len() - 1
            });
            c.documented = Some((index, readings));
        }
    }
    let (answers, _) = oracle.ask(&files, &[]).map_err(|e| format!("the Python oracle failed: {e}"))?;
    let mut t = Tally::default();
    for c in &cases {
        t.cases += 1;
        *t.by_kind.entry(format!("agent {}", c.agent.kind)).or_default() += 1;
        *t.by_kind.entry(format!("url {}", c.url.kind)).or_default() += 1;
        let (name, body) = &bodies[c.file];
        let describe = |why: &str| {
            format!(
                "{why}\n    file {name}: {:?}\n    typed agent {:?} ({}), sent {:?}\n    typed URL {:?} ({}), \
                 requested {:?}",
                String::from_utf8_lossy(&body[..body.len().min(600)]),
                c.agent.input,
                c.agent.kind,
                c.agent.members.iter().map(|m| m.sent.as_str()).collect::<Vec<_>>(),
                c.url.input,
                c.url.kind,
                c.url.request
            )
        };
        let (Some(ours), Some(g)) = (c.ours, c.google) else {
            if c.ours.is_none() && c.google.is_none() {
                t.unreadable += 1;
                t.agree += 1;
            } else {
                t.unexplained.push(describe(&format!(
                    "one side cannot read the URL: robotscope {:?}, the URL parser {:?}",
                    c.ours, c.url.request
                )));
            }
            continue;
        };
        let google = answers[c.file].verdicts[g];
        if ours == google {
            t.agree += 1;
            continue;
        }
        let explained = c.documented.as_ref().and_then(|(index, readings)| {
            let alternative = index.map_or((true, 0), |i| answers[c.file].verdicts[i]);
            (alternative == ours).then_some(readings)
        });
        match explained {
            Some(readings) => {
                t.documented += 1;
                for r in readings {
                    *t.explained.entry(r).or_default() += 1;
                }
            }
            None => t.unexplained.push(describe(&format!(
                "robotscope says {ours:?} (allowed, line), Google's library {google:?}{}",
                c.documented.as_ref().map_or(String::new(), |(i, r)| format!(
                    ", the documented readings {r:?} {:?}",
                    i.map_or((true, 0), |i| answers[c.file].verdicts[i])
                ))
            ))),
        }
    }
    Ok(t)
}

/// robotscope's typed answer: the core's question layer, as every surface asks it.
fn ours(robots: &Robots, agent: &str, url: &str) -> Option<(bool, usize)> {
    let q = Question { agents: vec![agent.to_string()], urls: vec![url.to_string()], ..Question::default() };
    let survey = robots.ask(&q);
    survey.cell(0, 0).map(|c| (c.verdict.allowed, c.verdict.line))
}

fn generated(oracle: &mut Oracle, seed: u64, batch: u64, files: usize) -> Result<Tally, String> {
    let mut rng = Rng::new(seed ^ Rng::new(batch).next());
    let mut bodies = Vec::new();
    let mut cases = Vec::new();
    for f in 0..files {
        let body = file(&mut rng);
        let robots = Robots::parse(&body);
        for _ in 0..24 {
            let agent = typed_agent(&mut rng);
            let url = typed_url(&mut rng);
            let ours = ours(&robots, &agent.input, &url.input);
            cases.push(Asked { file: f, agent, url, ours, google: None, documented: None });
        }
        bodies.push((format!("generated #{f} of batch {batch}"), body));
    }
    compare(oracle, &bodies, cases)
}

/// The corpus agents: `*`, two presets and a digit-led name, with what each crawler sends.
fn corpus_agents() -> Vec<TypedAgentCase> {
    let preset = |name: &str| {
        let c = crawler(name).expect("a catalogue crawler");
        TypedAgentCase { input: name.into(), kind: "preset", members: vec![member(c.tokens[0], Some(c))] }
    };
    let tokenless =
        |name: &str| TypedAgentCase { input: name.into(), kind: "tokenless", members: vec![member(name, None)] };
    vec![tokenless("*"), preset("Googlebot"), preset("Bingbot"), tokenless("360Spider")]
}

/// The URLs asked about a corpus file: its root and the literal start of its rules (up to eight in all).
fn corpus_urls(host: &str, robots: &Robots) -> Vec<TypedUrlCase> {
    let mut paths = vec![String::from("/")];
    for rule in robots.rules() {
        let value = String::from_utf8_lossy(rule.value);
        let literal = value.split(['*', '$']).next().unwrap_or("");
        if literal.starts_with('/') && !paths.iter().any(|p| p == literal) {
            paths.push(literal.to_string());
        }
        if paths.len() == 8 {
            break;
        }
    }
    paths
        .into_iter()
        .map(|p| {
            let input = format!("https://{host}{p}");
            TypedUrlCase { request: request(&input), input, kind: "full" }
        })
        .collect()
}

fn corpus_batch(oracle: &mut Oracle, files: &[(String, Vec<u8>)]) -> Result<Tally, String> {
    let mut cases = Vec::new();
    for (f, (host, body)) in files.iter().enumerate() {
        let robots = Robots::parse(body);
        for url in corpus_urls(host, &robots) {
            for agent in corpus_agents() {
                let ours = ours(&robots, &agent.input, &url.input);
                cases.push(Asked { file: f, agent, url: url.clone(), ours, google: None, documented: None });
            }
        }
    }
    compare(oracle, files, cases)
}

fn seed() -> u64 {
    if let Ok(s) = std::env::var("ROBOTSCOPE_SEED") {
        return s.trim().parse().unwrap_or_else(|_| {
            eprintln!("typed differential: ROBOTSCOPE_SEED must be a number, not {s:?}");
            exit(2);
        });
    }
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
    Rng::new(nanos ^ u64::from(std::process::id()) << 32).next() % 1_000_000_000_000
}

fn usage() -> ! {
    eprintln!("usage: robotscope-typed-differential --python PATH [--files N] [--jobs J] [--no-corpus]");
    exit(2);
}

/// Runs `work(oracle, index)` for `count` indices over `jobs` oracle processes and adds up the tallies.
fn parallel(
    python: &std::path::Path,
    jobs: usize,
    count: usize,
    work: &(dyn Fn(&mut Oracle, usize) -> Result<Tally, String> + Sync),
) -> Tally {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("differential/oracle.py");
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Tally::default());
    let errors: Vec<String> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|_| {
                scope.spawn(|| -> Result<(), String> {
                    let mut oracle = Oracle::start(python, &script)
                        .map_err(|e| format!("cannot start {}: {e}", python.display()))?;
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= count {
                            return Ok(());
                        }
                        let t = work(&mut oracle, i)?;
                        total.lock().expect("tally").add(t);
                    }
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().unwrap_or_else(|_| Err("a worker panicked".into())).err()).collect()
    });
    if let Some(e) = errors.first() {
        eprintln!("typed differential: {e}");
        exit(2);
    }
    total.into_inner().expect("tally")
}

fn report(what: &str, t: &Tally, elapsed: f64) -> bool {
    eprintln!(
        "typed differential ({what}): {} questions in {elapsed:.1} s: {} agree with Google's library ({} with a URL \
         neither reads), {} explained by documented readings {:?}, {} unexplained",
        t.cases,
        t.agree,
        t.unreadable,
        t.documented,
        t.explained,
        t.unexplained.len()
    );
    eprintln!("typed differential ({what}): questions by kind {:?}", t.by_kind);
    for u in t.unexplained.iter().take(12) {
        eprintln!("typed differential ({what}): UNEXPLAINED {u}");
    }
    t.unexplained.is_empty()
}

/// Checks that the comparison can fail: the answer robotscope once gave `*` on a file whose only other group is
/// for a tokenless name (`User-agent: 008`, the group an empty token matched) must be reported, and the answer it
/// gives now must not.
fn self_check(python: &std::path::Path) {
    let body = b"User-agent: 008\nDisallow: /\n\nUser-agent: *\nAllow: /\n".to_vec();
    let bodies = [(String::from("self-check"), body.clone())];
    let robots = Robots::parse(&body);
    let agent = TypedAgentCase { input: "*".into(), kind: "tokenless", members: vec![member("*", None)] };
    let url = TypedUrlCase { input: "/".into(), kind: "path", request: request("http://example.com/") };
    let ask = |ours| Asked { file: 0, agent: agent.clone(), url: url.clone(), ours, google: None, documented: None };
    let t = parallel(python, 1, 1, &|oracle, _| {
        compare(oracle, &bodies, vec![ask(Some((false, 2))), ask(ours(&robots, "*", "/"))])
    });
    if t.cases != 2 || t.unexplained.len() != 1 || t.agree != 1 {
        eprintln!("typed differential: the self-check FAILED: a wrong answer was not reported, or a right one was");
        exit(1);
    }
}

fn main() {
    let (mut python, mut files, mut jobs, mut corpus) = (PathBuf::new(), 3_000usize, 2usize, true);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage());
        match a.as_str() {
            "--python" => python = PathBuf::from(value()),
            "--files" => files = value().parse().unwrap_or_else(|_| usage()),
            "--jobs" => jobs = value().parse::<usize>().unwrap_or_else(|_| usage()).max(1),
            "--no-corpus" => corpus = false,
            _ => usage(),
        }
    }
    if python.as_os_str().is_empty() {
        usage();
    }
    self_check(&python);
    for (name, source) in READINGS {
        eprintln!("typed differential: documented reading `{name}`: {source}");
    }
    let seed = seed();
    eprintln!("typed differential: seed {seed} (replay with ROBOTSCOPE_SEED={seed}); {files} generated files");
    const PER_BATCH: usize = 100;
    let start = Instant::now();
    let batches = files.div_ceil(PER_BATCH);
    let t = parallel(&python, jobs, batches, &|oracle, b| generated(oracle, seed, b as u64, PER_BATCH));
    let mut ok = report("generated", &t, start.elapsed().as_secs_f64());
    if corpus {
        match robotscope_tests::conformance_dir() {
            None => eprintln!("typed differential: no conformance corpus; the corpus run is skipped"),
            Some(dir) => {
                let mut paths: Vec<_> = std::fs::read_dir(dir.join("corpus"))
                    .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
                    .unwrap_or_default();
                paths.sort();
                let all: Vec<(String, Vec<u8>)> = paths
                    .iter()
                    .filter_map(|p| {
                        let host = p.file_name()?.to_str()?.to_string();
                        Some((host, std::fs::read(p).ok()?))
                    })
                    .collect();
                const CORPUS_BATCH: usize = 40;
                let start = Instant::now();
                let chunks: Vec<&[(String, Vec<u8>)]> = all.chunks(CORPUS_BATCH).collect();
                let t = parallel(&python, jobs, chunks.len(), &|oracle, i| corpus_batch(oracle, chunks[i]));
                let what = format!("{} corpus files", all.len());
                ok &= report(&what, &t, start.elapsed().as_secs_f64());
            }
        }
    }
    if !ok {
        eprintln!("typed differential: FAILED: unexplained disagreements with Google's library (seed {seed})");
        exit(1);
    }
}
