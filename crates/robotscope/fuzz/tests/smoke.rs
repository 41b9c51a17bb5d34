//! Runs the fuzz targets' checks on stable Rust, without libFuzzer: deterministic pseudo-random inputs (raw
//! bytes decoded by `arbitrary` exactly as libFuzzer's would be, and robots.txt-shaped inputs built from the
//! format's keywords), then every file of the conformance corpus.
//!
//! `cargo test --release --manifest-path crates/robotscope/fuzz/Cargo.toml -- --nocapture`
//!
//! `SMOKE_ITERATIONS` (default 20000) sets how many random inputs each target gets; `SMOKE_SEED` the seed. The
//! corpus is found as the main test suite finds it: `$ROBOTSCOPE_CONFORMANCE`, else `shared/conformance` beside
//! the repository; without it that part is skipped with a message.

use std::path::PathBuf;

use arbitrary::{Arbitrary, Unstructured};
use robotscope::Robots;
use robotscope_fuzz::{parse_check, pattern, ParseInput, PatternInput};

/// SplitMix64: small, fast and good enough to drive a smoke test.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, one_in: usize) -> bool {
        self.below(one_in) == 0
    }

    fn pick<'a, T: ?Sized>(&mut self, items: &[&'a T]) -> &'a T {
        items[self.below(items.len())]
    }

    fn bytes(&mut self, max: usize) -> Vec<u8> {
        let len = self.below(max + 1);
        (0..len).map(|_| self.next() as u8).collect()
    }
}

fn iterations() -> usize {
    std::env::var("SMOKE_ITERATIONS").ok().and_then(|v| v.parse().ok()).unwrap_or(20_000)
}

fn seed() -> u64 {
    std::env::var("SMOKE_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x5EED_0F_2013_0B07)
}

const KEYS: &[&str] = &[
    "User-agent", "user-agent", "USER-AGENT", "useragent", "user agent", "User-agents", "Allow", "allow", "Disallow",
    "disallow", "dissallow", "dissalow", "disalow", "diasllow", "disallaw", "Disallowed", "Sitemap", "site-map",
    "Crawl-delay", "Host", "Clean-param", "Noindex", "Request-rate", "Content-Signal", "foo", "", "*",
];
const SEPARATORS: &[&str] = &[":", ": ", " : ", ":\t", " ", "\t", "", "::", ": :"];
const AGENT_VALUES: &[&str] = &[
    "*", "* ", "*bot", "Googlebot", "googlebot", "Googlebot-Image", "Googlebot-News", "Googlebot/2.1", "FooBot",
    "Foo Bar", "foo_bar", "Bingbot", "AdsBot-Google", "GPTBot", "", "Googlebot*", "Google bot", "ÄBot",
];
const PATH_PIECES: &[&str] = &[
    "/", "/", "/", "a", "b", "fish", "*", "*", "$", "%2f", "%2F", "%aa", "%", "%C3%A9", "é", "?", "?q=1", ";p", "#",
    ".php", "/index.html", "/index.htm", "index.html5", "/private/", "//", "..", "&", "~", " ", "+",
];
const TERMINATORS: &[&str] = &["\n", "\n", "\r\n", "\r", "\n\r", "\r\r", "\n\n"];
const AGENTS: &[&str] = &[
    "Googlebot", "googlebot", "Googlebot-Image", "Googlebot-News", "FooBot", "foo_bar", "Bingbot", "AdsBot-Google",
    "GPTBot", "*", "", "Foo Bar", "Googlebot/2.1", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; MyCrawler/1.0)", "unknown-crawler", "ÄBot",
];
const SCHEMES: &[&str] = &["http://", "https://", "HTTPS://", "//", "", "", "ftp://", "file:///", "mailto:", "a b://"];
const HOSTS: &[&str] = &[
    "example.com", "www.example.com", "EXAMPLE.com:443", "example.com:80", "example.com:8080", "u:p@h", "müller.eu",
    "xn--mller-kva.eu", "[::1]", "127.0.0.1", "", "a", "h\\p", "shop.example.com", "example.com:99999", "ex ample.com",
];

fn path(rng: &mut Rng, pieces: usize) -> String {
    let mut out = String::new();
    for _ in 0..rng.below(pieces + 1) {
        out.push_str(rng.pick(PATH_PIECES));
    }
    out
}

fn structured_robots(rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::new();
    match rng.below(12) {
        0 => out.extend_from_slice(b"\xEF\xBB\xBF"),
        1 => out.extend_from_slice(b"\xEF\xBB"),
        _ => {}
    }
    for _ in 0..rng.below(24) {
        match rng.below(20) {
            0 => {}
            1 => out.extend_from_slice(b"# a comment"),
            2 => out.extend_from_slice(&rng.bytes(24)),
            3 if rng.chance(40) => out.extend(std::iter::repeat_n(b'a', 16_670)),
            _ => {
                let key = rng.pick(KEYS);
                let key: String = if rng.chance(4) {
                    key.chars().map(|c| if rng.chance(2) { c.to_ascii_uppercase() } else { c }).collect()
                } else {
                    key.to_owned()
                };
                if rng.chance(6) {
                    out.extend_from_slice(b" \t");
                }
                out.extend_from_slice(key.as_bytes());
                out.extend_from_slice(rng.pick(SEPARATORS).as_bytes());
                let value = if key.to_ascii_lowercase().contains("agent") {
                    rng.pick(AGENT_VALUES).to_owned()
                } else {
                    path(rng, 6)
                };
                out.extend_from_slice(value.as_bytes());
                match rng.below(10) {
                    0 => out.extend_from_slice(b" # trailing"),
                    1 => out.push(0),
                    2 => out.push(0xFF),
                    3 => out.extend_from_slice(b"  "),
                    _ => {}
                }
            }
        }
        out.extend_from_slice(rng.pick(TERMINATORS).as_bytes());
    }
    if rng.chance(3) {
        out.extend_from_slice(&rng.bytes(8));
    }
    out
}

fn structured_url(rng: &mut Rng) -> String {
    let mut url = String::new();
    url.push_str(rng.pick(SCHEMES));
    url.push_str(rng.pick(HOSTS));
    url.push_str(&path(rng, 8));
    match rng.below(8) {
        0 => url.push_str("#frag"),
        1 => url.push('\0'),
        2 => url.push_str("?x=http://a/b"),
        3 => url.push_str(" \t"),
        _ => {}
    }
    url
}

fn structured_agents(rng: &mut Rng) -> Vec<String> {
    (0..rng.below(4)).map(|_| rng.pick(AGENTS).to_owned()).collect()
}

thread_local! {
    /// Where and why the last check on this thread panicked.
    static LAST_PANIC: std::cell::RefCell<Option<(String, String)>> = const { std::cell::RefCell::new(None) };
}

/// Replaces the panic message printer by one that records the panic for [`Failures`] (once per process).
fn record_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        std::panic::set_hook(Box::new(|info| {
            let at = info.location().map(|l| format!("{}:{}", l.file(), l.line())).unwrap_or_default();
            let message = match (info.payload().downcast_ref::<&str>(), info.payload().downcast_ref::<String>()) {
                (Some(s), _) => (*s).to_owned(),
                (_, Some(s)) => s.clone(),
                _ => String::from("(no message)"),
            };
            LAST_PANIC.with(|p| *p.borrow_mut() = Some((at, message)));
        }));
    });
}

/// Failed checks, grouped by the assertion that failed: how often, and the first message and input.
#[derive(Default)]
struct Failures(std::collections::BTreeMap<String, (usize, String, String)>);

impl Failures {
    /// Runs one check; a failure is recorded and the run goes on, so one run shows every distinct failure.
    fn run(&mut self, input: &impl std::fmt::Debug, check: impl FnOnce()) {
        record_panics();
        if std::panic::catch_unwind(std::panic::AssertUnwindSafe(check)).is_err() {
            let (at, message) = LAST_PANIC.with(|p| p.borrow_mut().take()).unwrap_or_default();
            let entry = self.0.entry(at).or_insert_with(|| (0, message, format!("{input:?}")));
            entry.0 += 1;
        }
    }

    /// Prints every distinct failure; returns how many there were.
    fn finish(self) -> usize {
        for (at, (count, message, input)) in &self.0 {
            let input: String = if input.len() > 4000 { input.chars().take(4000).chain("... (cut)".chars()).collect() } else { input.clone() };
            println!("FAILED {count}x at {at}: {message}\n  first input: {input}");
        }
        self.0.len()
    }
}

#[derive(Default)]
struct Tally {
    failures: Failures,
    inputs: usize,
    decoded: usize,
    disallowed: usize,
    decided: usize,
}

impl Tally {
    fn parse(&mut self, input: &ParseInput) {
        self.inputs += 1;
        self.failures.run(input, || parse_check(input));
        let (allowed, line) = Robots::parse(&input.robots).decide(&input.agents[..], &input.url);
        self.disallowed += usize::from(!allowed);
        self.decided += usize::from(line != 0);
    }

    /// Prints the counts and every distinct failure; returns how many distinct checks failed.
    fn finish(self, what: &str) -> usize {
        println!(
            "{what}: {} inputs ({} decoded from raw bytes), {} disallowed or matched, {} decided by a line",
            self.inputs, self.decoded, self.disallowed, self.decided
        );
        self.failures.finish()
    }

    fn pattern(&mut self, input: &PatternInput) {
        self.inputs += 1;
        self.failures.run(input, || pattern(input));
        let (pattern, path) = input.shaped();
        self.disallowed += usize::from(robotscope::pattern_matches(&pattern, &path));
    }
}

#[test]
fn parse_check_random() {
    let mut rng = Rng(seed());
    let mut raw = Tally::default();
    let mut shaped = Tally::default();
    for i in 0..iterations() {
        if i % 2 == 0 {
            let bytes = rng.bytes(700);
            if let Ok(input) = ParseInput::arbitrary(&mut Unstructured::new(&bytes)) {
                raw.decoded += 1;
                raw.parse(&input);
            }
        } else {
            let input =
                ParseInput { robots: structured_robots(&mut rng), agents: structured_agents(&mut rng), url: structured_url(&mut rng) };
            shaped.parse(&input);
        }
    }
    assert!(shaped.disallowed > 0 && shaped.decided > 0, "the shaped inputs never reach a rule");
    let failed = raw.finish("parse_check, arbitrary-decoded random bytes")
        + shaped.finish("parse_check, robots.txt-shaped inputs");
    assert_eq!(failed, 0, "distinct failed checks (see above)");
}

#[test]
fn pattern_random() {
    let mut rng = Rng(seed() ^ 0xA5A5);
    let mut raw = Tally::default();
    let mut small = Tally::default();
    let mut shaped = Tally::default();
    for i in 0..iterations() {
        match i % 3 {
            0 => {
                let bytes = rng.bytes(200);
                if let Ok(input) = PatternInput::arbitrary(&mut Unstructured::new(&bytes)) {
                    raw.decoded += 1;
                    raw.pattern(&input);
                }
            }
            1 => {
                let input = PatternInput { small_alphabet: true, pattern: rng.bytes(12), path: rng.bytes(16) };
                small.pattern(&input);
            }
            _ => {
                let pattern = path(&mut rng, 6).into_bytes();
                let path = format!("/{}", path(&mut rng, 8)).into_bytes();
                shaped.pattern(&PatternInput { small_alphabet: false, pattern, path });
            }
        }
    }
    assert!(small.disallowed > 0 && small.disallowed < small.inputs, "the small-alphabet inputs are degenerate");
    let failed = raw.finish("pattern, arbitrary-decoded random bytes")
        + small.finish("pattern, small alphabet /ab*$")
        + shaped.finish("pattern, rule-shaped");
    assert_eq!(failed, 0, "distinct failed checks (see above)");
}

fn corpus_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("ROBOTSCOPE_CONFORMANCE") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../../shared/conformance"),
    };
    let corpus = dir.join("corpus");
    if corpus.is_dir() {
        return Some(corpus);
    }
    println!("SKIPPED: no conformance corpus at {} (set ROBOTSCOPE_CONFORMANCE)", corpus.display());
    None
}

/// Every corpus file through `parse_check` (with agents and URLs drawn from the file's own groups and rules),
/// and every rule pattern of the file through `pattern` against paths drawn from the file's other rules.
#[test]
fn corpus() {
    let Some(dir) = corpus_dir() else { return };
    let mut names: Vec<PathBuf> = std::fs::read_dir(&dir).expect("corpus").map(|e| e.expect("entry").path()).collect();
    names.sort();
    let mut parse = Tally::default();
    let mut patterns = Tally::default();
    for name in &names {
        let body = std::fs::read(name).expect("corpus file");
        let robots = Robots::parse(&body);
        let values: Vec<String> =
            robots.rules().take(64).map(|r| String::from_utf8_lossy(r.value).replace(['*', '$'], "")).collect();
        let url = |i: usize| match values.get(i % values.len().max(1)) {
            Some(v) => format!("https://www.example.com{v}"),
            None => String::from("https://www.example.com/"),
        };
        let own: Vec<String> = robots
            .groups()
            .flat_map(|g| g.agents().map(|a| String::from_utf8_lossy(a.token).into_owned()).collect::<Vec<_>>())
            .filter(|t| !t.is_empty())
            .take(2)
            .collect();
        let questions = [
            (vec![String::from("Googlebot")], url(0)),
            (vec![String::from("Googlebot-Image"), String::from("Googlebot")], url(1)),
            (own, url(2)),
        ];
        for (agents, url) in questions {
            parse.parse(&ParseInput { robots: body.clone(), agents, url });
        }
        for rule in robots.rules().take(64) {
            for path in values.iter().take(8) {
                let path = if path.starts_with('/') { path.clone() } else { format!("/{path}") };
                patterns.pattern(&PatternInput { small_alphabet: false, pattern: rule.pattern.to_vec(), path: path.into_bytes() });
            }
        }
    }
    println!("corpus: {} files", names.len());
    assert!(parse.inputs >= names.len());
    let failed = parse.finish("corpus, parse_check") + patterns.finish("corpus, pattern");
    assert_eq!(failed, 0, "distinct failed checks (see above)");
}
