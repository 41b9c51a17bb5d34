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
    std::env::var("SMOKE_SEED").ok().and_then(|v| v.parse().ok()).unwrap_or(0x5EED_0F20_130B_0715)
}

const KEYS: &[&str] = &[
    "User-agent",
    "user-agent",
    "USER-AGENT",
    "useragent",
    "user agent",
    "User-agents",
    "Allow",
    "allow",
    "Disallow",
    "disallow",
    "dissallow",
    "dissalow",
    "disalow",
    "diasllow",
    "disallaw",
    "Disallowed",
    "Sitemap",
    "site-map",
    "Crawl-delay",
    "Host",
    "Clean-param",
    "Noindex",
    "Request-rate",
    "Content-Signal",
    "foo",
    "",
    "*",
];
const SEPARATORS: &[&str] = &[":", ": ", " : ", ":\t", " ", "\t", "", "::", ": :"];
const AGENT_VALUES: &[&str] = &[
    "*",
    "* ",
    "*bot",
    "Googlebot",
    "googlebot",
    "Googlebot-Image",
    "Googlebot-News",
    "Googlebot/2.1",
    "FooBot",
    "Foo Bar",
    "foo_bar",
    "Bingbot",
    "AdsBot-Google",
    "GPTBot",
    "",
    "Googlebot*",
    "Google bot",
    "ÄBot",
];
const PATH_PIECES: &[&str] = &[
    "/",
    "/",
    "/",
    "a",
    "b",
    "fish",
    "*",
    "*",
    "$",
    "%2f",
    "%2F",
    "%aa",
    "%",
    "%C3%A9",
    "é",
    "?",
    "?q=1",
    ";p",
    "#",
    ".php",
    "/index.html",
    "/index.htm",
    "index.html5",
    "/private/",
    "//",
    "..",
    "&",
    "~",
    " ",
    "+",
];
const TERMINATORS: &[&str] = &["\n", "\n", "\r\n", "\r", "\n\r", "\r\r", "\n\n"];
const AGENTS: &[&str] = &[
    "Googlebot",
    "googlebot",
    "Googlebot-Image",
    "Googlebot-News",
    "FooBot",
    "foo_bar",
    "Bingbot",
    "AdsBot-Google",
    "GPTBot",
    "*",
    "",
    "Foo Bar",
    "Googlebot/2.1",
    "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
    "Mozilla/5.0 (compatible; MyCrawler/1.0)",
    "unknown-crawler",
    "ÄBot",
];
const SCHEMES: &[&str] = &["http://", "https://", "HTTPS://", "//", "", "", "ftp://", "file:///", "mailto:", "a b://"];
const HOSTS: &[&str] = &[
    "example.com",
    "www.example.com",
    "EXAMPLE.com:443",
    "example.com:80",
    "example.com:8080",
    "u:p@h",
    "müller.eu",
    "xn--mller-kva.eu",
    "[::1]",
    "127.0.0.1",
    "",
    "a",
    "h\\p",
    "shop.example.com",
    "example.com:99999",
    "ex ample.com",
];

fn path(rng: &mut Rng, pieces: usize) -> String {
    let mut out = String::new();
    for _ in 0..rng.below(pieces + 1) {
        out.push_str(rng.pick(PATH_PIECES));
    }
    out
}

/// A rule value: mostly a path, sometimes anything from the pieces.
fn rule_value(rng: &mut Rng) -> String {
    let mut value = path(rng, 5);
    if !rng.chance(6) && !value.starts_with('/') {
        value.insert(0, '/');
    }
    value
}

/// One line of noise: a comment, garbage bytes, an unknown or misspelt key, or (rarely) an overlong line.
fn noise_line(rng: &mut Rng, out: &mut Vec<u8>) {
    match rng.below(6) {
        0 => {}
        1 => out.extend_from_slice(b"# a comment: with a colon"),
        2 => out.extend_from_slice(&rng.bytes(24)),
        3 if rng.chance(30) => out.extend(std::iter::repeat_n(b'a', 16_670)),
        _ => {
            let (key, value) = (rng.pick(KEYS), rule_value(rng));
            directive(rng, out, key, &value);
        }
    }
}

/// `key`, a separator and `value`, with random case, whitespace and trailing matter.
fn directive(rng: &mut Rng, out: &mut Vec<u8>, key: &str, value: &str) {
    if rng.chance(8) {
        out.extend_from_slice(b" \t");
    }
    if rng.chance(4) {
        out.extend(key.bytes().map(|c| if rng.chance(2) { c.to_ascii_uppercase() } else { c.to_ascii_lowercase() }));
    } else {
        out.extend_from_slice(key.as_bytes());
    }
    out.extend_from_slice(if rng.chance(3) { rng.pick(SEPARATORS) } else { ": " }.as_bytes());
    out.extend_from_slice(value.as_bytes());
    match rng.below(16) {
        0 => out.extend_from_slice(b" # trailing"),
        1 => out.push(0),
        2 => out.extend_from_slice(b"#x\0y"),
        3 => out.push(0xFF),
        4 => out.extend_from_slice(b"  "),
        _ => {}
    }
}

/// A robots.txt-like body: groups of user-agent lines and rules, with noise, odd terminators and BOMs.
fn structured_robots(rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::new();
    match rng.below(12) {
        0 => out.extend_from_slice(b"\xEF\xBB\xBF"),
        1 => out.extend_from_slice(b"\xEF\xBB"),
        _ => {}
    }
    let end_line = |rng: &mut Rng, out: &mut Vec<u8>| {
        out.extend_from_slice(if rng.chance(3) { rng.pick(TERMINATORS) } else { "\n" }.as_bytes());
        if rng.chance(5) {
            noise_line(rng, out);
            out.extend_from_slice(b"\n");
        }
    };
    for _ in 0..rng.below(3) {
        let (key, value) = (if rng.chance(2) { "Allow" } else { "Disallow" }, rule_value(rng));
        directive(rng, &mut out, key, &value);
        end_line(rng, &mut out);
    }
    for _ in 0..rng.below(6) {
        for _ in 0..1 + rng.below(3) {
            let key = if rng.chance(5) { rng.pick(&["useragent", "user agent", "User-Agent"]) } else { "User-agent" };
            let agent = rng.pick(AGENT_VALUES);
            directive(rng, &mut out, key, agent);
            end_line(rng, &mut out);
        }
        for _ in 0..rng.below(6) {
            let key = match rng.below(10) {
                0..=3 => "Disallow",
                4..=6 => "Allow",
                7 => rng.pick(&["dissallow", "disalow", "Sitemap", "Crawl-delay"]),
                _ => rng.pick(KEYS),
            };
            let value = rule_value(rng);
            directive(rng, &mut out, key, &value);
            end_line(rng, &mut out);
        }
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
    if !rng.chance(8) {
        url.push('/');
    }
    url.push_str(&path(rng, 6));
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
    fn run(&mut self, describe: impl FnOnce() -> String, check: impl FnOnce()) {
        record_panics();
        if std::panic::catch_unwind(std::panic::AssertUnwindSafe(check)).is_err() {
            let (at, message) = LAST_PANIC.with(|p| p.borrow_mut().take()).unwrap_or_default();
            let entry = self.0.entry(at).or_insert_with(|| (0, message, describe()));
            entry.0 += 1;
        }
    }

    /// Prints every distinct failure; returns how many there were.
    fn finish(self) -> usize {
        for (at, (count, message, input)) in &self.0 {
            let input: String = if input.len() > 4000 {
                input.chars().take(4000).chain("... (cut)".chars()).collect()
            } else {
                input.clone()
            };
            println!("FAILED {count}x at {at}: {message}\n  first input: {input}");
        }
        self.0.len()
    }
}

#[derive(Default)]
struct Tally {
    failures: Failures,
    /// Whether the inputs are queries (`parse_check`) rather than patterns.
    queries: bool,
    inputs: usize,
    decoded: usize,
    disallowed: usize,
    decided: usize,
}

impl Tally {
    fn parse(&mut self, input: &ParseInput) {
        self.queries = true;
        self.inputs += 1;
        let describe = || {
            format!("robots: b\"{}\", agents: {:?}, url: {:?}", input.robots.escape_ascii(), input.agents, input.url)
        };
        self.failures.run(describe, || parse_check(input));
        let (allowed, line) = Robots::parse(&input.robots).decide(&input.agents[..], &input.url);
        self.disallowed += usize::from(!allowed);
        self.decided += usize::from(line != 0);
    }

    /// Prints the counts and every distinct failure; returns how many distinct checks failed.
    fn finish(self, what: &str) -> usize {
        let outcome = if self.queries {
            format!("{} disallowed, {} decided by a line", self.disallowed, self.decided)
        } else {
            format!("{} matched", self.disallowed)
        };
        println!("{what}: {} inputs ({} decoded from raw bytes), {outcome}", self.inputs, self.decoded);
        self.failures.finish()
    }

    fn pattern(&mut self, input: &PatternInput) {
        self.inputs += 1;
        let describe = || {
            let (pattern, path) = input.shaped();
            format!("pattern: b\"{}\", path: b\"{}\" (as compared)", pattern.escape_ascii(), path.escape_ascii())
        };
        self.failures.run(describe, || pattern(input));
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
            let input = ParseInput {
                robots: structured_robots(&mut rng),
                agents: structured_agents(&mut rng),
                url: structured_url(&mut rng),
            };
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
    let mut long = Tally::default();
    for i in 0..iterations() {
        match i % 4 {
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
            2 => {
                // Long pieces over a two-letter alphabet: the engine searches pieces over 32 bytes differently.
                let piece = |rng: &mut Rng| -> Vec<u8> { (0..rng.below(90)).map(|_| b"ab"[rng.below(2)]).collect() };
                let mut pattern = vec![b'/'];
                let mut path = vec![b'/'];
                for k in 0..1 + rng.below(3) {
                    let p = piece(&mut rng);
                    pattern.extend_from_slice(&p);
                    pattern.push(b'*');
                    if k > 0 {
                        // Filler before the piece; the first piece is a prefix (the match is anchored).
                        let filler = piece(&mut rng);
                        path.extend_from_slice(&filler[..filler.len().min(20)]);
                    }
                    let cut = usize::from(rng.chance(6)).min(p.len());
                    path.extend_from_slice(&p[..p.len() - cut]);
                }
                pattern.pop();
                if rng.chance(3) {
                    pattern.push(b'$');
                }
                long.pattern(&PatternInput { small_alphabet: false, pattern, path });
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
        + shaped.finish("pattern, rule-shaped")
        + long.finish("pattern, long pieces");
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
                patterns.pattern(&PatternInput {
                    small_alphabet: false,
                    pattern: rule.pattern.to_vec(),
                    path: path.into_bytes(),
                });
            }
        }
    }
    println!("corpus: {} files", names.len());
    assert!(parse.inputs >= names.len());
    let failed = parse.finish("corpus, parse_check") + patterns.finish("corpus, pattern");
    assert_eq!(failed, 0, "distinct failed checks (see above)");
}
