//! The case generator: robots.txt files (mutated corpus files, files from a grammar of robots.txt lines, and
//! grammar files mutated), agents, and URLs derived from each file's own patterns so that many answers are
//! decided by a rule. Every batch is a pure function of (seed, batch number), so a seed replays a run.

use crate::protocol::{FileAsk, Query};

/// SplitMix64: small, fast, and good enough to drive a generator.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        let mut r = Rng(seed);
        r.next();
        r
    }
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    /// A number in `lo..=hi`.
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + self.below(hi - lo + 1)
    }
    /// True with probability `percent`/100.
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    pub fn bytes(&mut self, items: &[&'static [u8]]) -> &'static [u8] {
        items[self.below(items.len())]
    }
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// The corpus of real files, split into lines (terminators kept apart).
#[derive(Debug, Default)]
pub struct Corpus {
    pub files: Vec<Vec<Line>>,
}

/// One line: its text and its terminator (`\n`, `\r\n`, `\r` or nothing).
#[derive(Debug, Clone)]
pub struct Line {
    pub text: Vec<u8>,
    pub end: &'static [u8],
}

impl Corpus {
    pub fn load(dir: Option<&std::path::Path>) -> Corpus {
        let mut corpus = Corpus::default();
        let Some(dir) = dir else { return corpus };
        let Ok(entries) = std::fs::read_dir(dir) else { return corpus };
        let mut paths: Vec<_> = entries.filter_map(Result::ok).map(|e| e.path()).collect();
        paths.sort();
        for p in paths {
            if let Ok(bytes) = std::fs::read(&p) {
                corpus.files.push(split_lines(&bytes));
            }
        }
        corpus
    }
}

pub fn split_lines(bytes: &[u8]) -> Vec<Line> {
    let mut lines = Vec::new();
    let mut start = 0;
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'\n' => {
                lines.push(Line { text: bytes[start..i].to_vec(), end: b"\n" });
                i += 1;
                start = i;
            }
            b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                lines.push(Line { text: bytes[start..i].to_vec(), end: b"\r\n" });
                i += 2;
                start = i;
            }
            b'\r' => {
                lines.push(Line { text: bytes[start..i].to_vec(), end: b"\r" });
                i += 1;
                start = i;
            }
            _ => i += 1,
        }
    }
    if start < bytes.len() {
        lines.push(Line { text: bytes[start..].to_vec(), end: b"" });
    }
    lines
}

pub fn join_lines(lines: &[Line]) -> Vec<u8> {
    let mut out = Vec::new();
    for l in lines {
        out.extend_from_slice(&l.text);
        out.extend_from_slice(l.end);
    }
    out
}

/// Where a file came from, for the run's figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    Corpus,
    Grammar,
    Mixed,
}

/// One batch of cases: files with their questions, and agent strings for the token helpers.
#[derive(Debug)]
pub struct Batch {
    pub files: Vec<FileAsk>,
    pub origins: Vec<Origin>,
    pub agents: Vec<String>,
}

/// Cases (file, agents, URL) per batch.
pub const BATCH_CASES: usize = 2_000;

/// The batch number `index` of the run with `seed`.
pub fn batch(seed: u64, index: u64, corpus: &Corpus) -> Batch {
    let mut rng = Rng::new(seed ^ Rng::new(index).next());
    let mut b = Batch { files: Vec::new(), origins: Vec::new(), agents: Vec::new() };
    let mut cases = 0;
    while cases < BATCH_CASES {
        let (lines, origin) = file(&mut rng, corpus);
        let body = join_lines(&lines);
        let facts = Facts::of(&lines);
        // Google's parse costs about 0.1 µs per byte per question: long files get fewer questions.
        let n = if body.len() > 12_000 {
            rng.range(2, 6)
        } else if body.len() > 3_000 {
            rng.range(8, 20)
        } else {
            rng.range(20, 60)
        };
        let n = n.min(BATCH_CASES - cases);
        let queries = (0..n).map(|_| Query { agents: agents(&mut rng, &facts), url: url(&mut rng, &facts) }).collect();
        for _ in 0..3 {
            b.agents.push(agent_string(&mut rng, &facts));
        }
        cases += n;
        b.files.push(FileAsk { parse_body: Some(parse_body(&body)), body, queries });
        b.origins.push(origin);
    }
    b
}

/// The body whose per-line metadata and directive callbacks are compared. The extension hands values to
/// Python handlers as `str`, which fails on bytes that are not UTF-8 (and on a UTF-8 sequence cut by the
/// 16,663-byte line limit, or left behind when a partial BOM such as `EF BB` is skipped), so such files are
/// compared with each byte ≥ 0x80 after the skipped BOM replaced by `?`: same lengths, same line structure,
/// and `?` means nothing to the parser, as such bytes do not.
pub fn parse_body(body: &[u8]) -> Vec<u8> {
    let bom = body.iter().zip(b"\xef\xbb\xbf").take_while(|(a, b)| a == b).count();
    let (skipped, rest) = body.split_at(bom);
    let long_line = rest.split(|&c| c == b'\n' || c == b'\r').any(|l| l.len() > 16_000);
    if std::str::from_utf8(rest).is_ok() && !long_line {
        body.to_vec()
    } else {
        skipped.iter().copied().chain(rest.iter().map(|&c| if c >= 0x80 { b'?' } else { c })).collect()
    }
}

fn file(rng: &mut Rng, corpus: &Corpus) -> (Vec<Line>, Origin) {
    let roll = rng.below(100);
    if roll < 45 && !corpus.files.is_empty() {
        let mut lines = corpus_window(rng, corpus);
        for _ in 0..rng.range(1, 4) {
            mutate(rng, corpus, &mut lines);
        }
        (lines, Origin::Corpus)
    } else if roll < 80 {
        (grammar_file(rng), Origin::Grammar)
    } else {
        let mut lines = grammar_file(rng);
        for _ in 0..rng.range(1, 5) {
            mutate(rng, corpus, &mut lines);
        }
        (lines, Origin::Mixed)
    }
}

/// A real file, or a window of 5 to 60 of its lines when it is longer.
fn corpus_window(rng: &mut Rng, corpus: &Corpus) -> Vec<Line> {
    let f = rng.pick(&corpus.files);
    if f.len() <= 60 || (rng.chance(3) && f.len() < 400) {
        return f.clone();
    }
    let len = rng.range(5, 60);
    let start = rng.below(f.len() - len);
    f[start..start + len].to_vec()
}

const AGENT_VALUES: &[&str] = &[
    "*",
    "Googlebot",
    "googlebot",
    "GOOGLEBOT",
    "Googlebot-Image",
    "Googlebot-News",
    "Googlebot/2.1",
    "Googlebot/2.1 (+http://www.google.com/bot.html)",
    "Bingbot",
    "bingbot/2.0",
    "GPTBot",
    "AdsBot-Google",
    "Mediapartners-Google",
    "FooBot",
    "foo_bar-baz",
    "Foo Bar",
    "*bot",
    "bot*",
    "Google bot",
    "Mozilla/5.0 (compatible; Googlebot/2.1)",
    "b\u{f8}t",
    "Googlebot\u{e9}",
    "",
    "a",
    "-",
    "_",
    "x-y_z",
];

const SEGMENTS: &[&str] = &[
    "a",
    "b",
    "ab",
    "shop",
    "private",
    "search",
    "x.html",
    "index.html",
    "index.htm",
    "cgi-bin",
    "%2F",
    "%2f",
    "%aa",
    "%AA",
    "%zz",
    "%",
    "%4",
    "%e9",
    "%C3%A9",
    "\u{e9}",
    "\u{65e5}\u{672c}",
    "\u{1f600}",
    "*",
    "*",
    "$",
    "?q=1",
    "?",
    ";p=1",
    "&",
    ".php",
    "-",
    "_",
    "~",
    "+",
    "=",
    "%20",
    " ",
    "..",
    ".",
    "//",
    "@",
    ":",
    "!",
    "'",
    "(",
    ")",
    "A",
    "Z",
    "0",
    "9",
];

/// A rule pattern from a small grammar: `/`-separated segments with `*`, `$`, escapes and non-ASCII.
fn pattern(rng: &mut Rng) -> Vec<u8> {
    let mut p = Vec::new();
    match rng.below(20) {
        0 => {}
        1 => p.push(b'*'),
        2 => {}
        _ => p.push(b'/'),
    }
    for i in 0..rng.range(0, 4) {
        if i > 0 && rng.chance(70) {
            p.push(b'/');
        }
        for _ in 0..rng.range(1, 2) {
            p.extend_from_slice(rng.pick(SEGMENTS).as_bytes());
        }
    }
    if rng.chance(15) {
        p.push(b'$');
    }
    if rng.chance(10) {
        p.push(b'/');
    }
    p
}

const SEPARATORS: &[&str] = &[": ", ":", " : ", ":\t", "\t:\t", ":  ", " ", "\t", "::", ": :", " :"];

fn key(rng: &mut Rng, base: &str) -> Vec<u8> {
    let variants: &[&str] = match base {
        "user-agent" => {
            &["User-agent", "user-agent", "USER-AGENT", "User-Agent", "useragent", "user agent", "User_agent"]
        }
        "disallow" => &[
            "Disallow",
            "disallow",
            "DISALLOW",
            "dissallow",
            "dissalow",
            "disalow",
            "diasllow",
            "disallaw",
            "Disallowed",
        ],
        "allow" => &["Allow", "allow", "ALLOW", "Alow", "Allowed", "allow-"],
        "sitemap" => &["Sitemap", "sitemap", "site-map", "SiteMap", "Site map"],
        _ => &["Crawl-delay", "Host", "Clean-param", "Noindex", "Request-rate", "Visit-time", "foo", "#"],
    };
    rng.pick(variants).as_bytes().to_vec()
}

fn directive(rng: &mut Rng, base: &str, value: &[u8]) -> Vec<u8> {
    let mut line = Vec::new();
    if rng.chance(5) {
        line.extend_from_slice(rng.pick(&[" ", "\t", "  "]).as_bytes());
    }
    line.extend(key(rng, base));
    line.extend_from_slice(if rng.chance(80) { b": " } else { rng.pick(SEPARATORS).as_bytes() });
    line.extend_from_slice(value);
    if rng.chance(8) {
        line.extend_from_slice(rng.pick(&[" # comment", "#", " ", "\t", " #x:y"]).as_bytes());
    }
    line
}

/// A file from a grammar of robots.txt lines: groups of user-agent lines and rules, sitemaps, other lines,
/// comments and blank lines, with varied keys, separators and terminators.
fn grammar_file(rng: &mut Rng) -> Vec<Line> {
    let end: &'static [u8] = match rng.below(10) {
        0 => b"\r\n",
        1 => b"\r",
        _ => b"\n",
    };
    let mut texts: Vec<Vec<u8>> = Vec::new();
    if rng.chance(10) {
        for _ in 0..rng.range(1, 2) {
            let base = if rng.chance(50) { "allow" } else { "disallow" };
            let value = pattern(rng);
            texts.push(directive(rng, base, &value));
        }
    }
    for _ in 0..rng.range(1, 5) {
        for _ in 0..rng.range(1, 3) {
            let value = rng.pick(AGENT_VALUES).as_bytes();
            texts.push(directive(rng, "user-agent", value));
        }
        for _ in 0..rng.range(0, 8) {
            let line = match rng.below(20) {
                0 => directive(rng, "sitemap", b"https://example.com/sitemap.xml"),
                1 => directive(rng, "other", b"10"),
                2 => b"# a comment".to_vec(),
                3 => Vec::new(),
                4..=10 => {
                    let value = pattern(rng);
                    directive(rng, "allow", &value)
                }
                _ => {
                    let value = pattern(rng);
                    directive(rng, "disallow", &value)
                }
            };
            texts.push(line);
        }
        if rng.chance(60) {
            texts.push(Vec::new());
        }
    }
    let last_end = if rng.chance(15) { b"" as &'static [u8] } else { end };
    let n = texts.len();
    texts.into_iter().enumerate().map(|(i, text)| Line { text, end: if i + 1 == n { last_end } else { end } }).collect()
}

const WHITESPACE: &[&[u8]] = &[b" ", b"\t", b"\x0b", b"\x0c", b"  \t", b"\r", b"\xc2\xa0"];
const NON_ASCII: &[&[u8]] = &[
    "\u{e9}".as_bytes(),
    "\u{65e5}\u{672c}".as_bytes(),
    "\u{1f600}".as_bytes(),
    b"\xff",
    b"\xc3",
    b"\x80",
    b"\xed\xa0\x80",
    b"\xc0\xaf",
    b"\xef\xbb\xbf",
];
const BOMS: &[&[u8]] = &[b"\xef\xbb\xbf", b"\xef\xbb", b"\xef", b"\xef\xbb\xbf\xef\xbb\xbf", b"\xbb\xbf"];
const ENDS: &[&[u8]] = &[b"\n", b"\r\n", b"\r"];
const FILLS: &[&[u8]] = &[b"a", b"/a*", b"%2F", b"\xc3\xa9", b"$", b" ", b"#"];
const ESCAPES: &[&[u8]] =
    &[b"%2F", b"%2f", b"%aB", b"%e9", b"%C3%A9", b"%c3%a9", b"%", b"%4", b"%zz", b"%%", b"%G1", b"%00"];

/// Where the separator is in a line (the first `:`), or where the key ends.
fn colon(text: &[u8]) -> Option<usize> {
    text.iter().position(|&c| c == b':')
}

fn insert(text: &mut Vec<u8>, at: usize, piece: &[u8]) {
    let at = at.min(text.len());
    text.splice(at..at, piece.iter().copied());
}

/// A random position in the value part of a line (after the separator), or anywhere when it has none.
fn value_pos(rng: &mut Rng, text: &[u8]) -> usize {
    match colon(text) {
        Some(c) => rng.range(c + 1, text.len().max(c + 1)),
        None => rng.range(0, text.len()),
    }
}

/// One mutation of a file.
fn mutate(rng: &mut Rng, corpus: &Corpus, lines: &mut Vec<Line>) {
    if lines.is_empty() {
        lines.push(Line { text: b"User-agent: *".to_vec(), end: b"\n" });
    }
    let i = rng.below(lines.len());
    match rng.below(19) {
        // Line splices: a line from another file, or from the grammar.
        0 => {
            let text = if !corpus.files.is_empty() && rng.chance(50) {
                let f = rng.pick(&corpus.files);
                if f.is_empty() {
                    Vec::new()
                } else {
                    rng.pick(f).text.clone()
                }
            } else {
                let base = *rng.pick(&["user-agent", "allow", "disallow", "sitemap", "other"]);
                let value = pattern(rng);
                directive(rng, base, &value)
            };
            lines.insert(rng.range(0, lines.len()), Line { text, end: b"\n" });
        }
        1 => match rng.below(3) {
            0 if lines.len() > 1 => {
                lines.remove(i);
            }
            1 => {
                let l = lines[i].clone();
                lines.insert(i, l);
            }
            _ => {
                let j = rng.below(lines.len());
                lines.swap(i, j);
            }
        },
        // Key typos and case.
        2 => {
            let text = &mut lines[i].text;
            let c = colon(text).unwrap_or(text.len());
            let base = *rng.pick(&["user-agent", "allow", "disallow", "sitemap", "other"]);
            let k = key(rng, base);
            text.splice(..c, k);
        }
        3 => {
            let text = &mut lines[i].text;
            let c = colon(text).unwrap_or(text.len());
            let upper = rng.chance(50);
            for b in &mut text[..c] {
                if rng.chance(50) {
                    *b = if upper { b.to_ascii_uppercase() } else { b.to_ascii_lowercase() };
                }
            }
        }
        // Missing, doubled or replaced colons.
        4 => {
            let text = &mut lines[i].text;
            if let Some(c) = colon(text) {
                match rng.below(5) {
                    0 => {
                        text.remove(c);
                    }
                    1 => insert(text, c, b":"),
                    2 => text[c] = b' ',
                    3 => text[c] = b'\t',
                    _ => insert(text, c, rng.bytes(&[&b" "[..], b"\t", b"\x0b"])),
                }
            }
        }
        // Whitespace of every kind, anywhere.
        5 => {
            let text = &mut lines[i].text;
            let at = match rng.below(4) {
                0 => 0,
                1 => colon(text).map_or(0, |c| c + 1),
                2 => text.len(),
                _ => rng.range(0, text.len()),
            };
            insert(text, at, rng.bytes(WHITESPACE));
        }
        // Byte order marks, whole or partial, at the start or elsewhere.
        6 => {
            let bom = rng.bytes(BOMS);
            let j = if rng.chance(70) { 0 } else { i };
            insert(&mut lines[j].text, 0, bom);
        }
        // Line terminators.
        7 => {
            let end: &'static [u8] = rng.bytes(ENDS);
            match rng.below(3) {
                0 => lines.iter_mut().for_each(|l| l.end = end),
                1 => lines[i].end = end,
                _ => {
                    if let Some(l) = lines.last_mut() {
                        l.end = b"";
                    }
                }
            }
        }
        // NUL bytes.
        8 => {
            let text = &mut lines[i].text;
            let at = rng.range(0, text.len());
            insert(text, at, b"\0");
        }
        // Lines around the 16,663-byte limit (rarely: Google's parse of them is slow).
        9 if rng.chance(15) => {
            let target = 16_663 + rng.range(0, 12) - 6;
            let fill = rng.bytes(FILLS);
            let text = &mut lines[i].text;
            if text.len() < target {
                let mut pad = Vec::with_capacity(target - text.len());
                while pad.len() < target - text.len() {
                    pad.extend_from_slice(fill);
                }
                pad.truncate(target - text.len());
                let at = value_pos(rng, text);
                insert(text, at, &pad);
            }
        }
        // `*` and `$` anywhere.
        10 | 11 => {
            let text = &mut lines[i].text;
            let at = if rng.chance(80) { value_pos(rng, text) } else { rng.range(0, text.len()) };
            insert(text, at, rng.bytes(&[&b"*"[..], b"$", b"*$", b"$*", b"**"]));
        }
        // Percent-escapes, valid in both cases and invalid.
        12 => {
            let text = &mut lines[i].text;
            let at = value_pos(rng, text);
            insert(text, at, rng.bytes(ESCAPES));
        }
        13 => {
            // Escape or unescape one byte of the value.
            let text = &mut lines[i].text;
            let at = value_pos(rng, text);
            if at < text.len() {
                if text[at] == b'%' && rng.chance(50) {
                    text.drain(at..(at + 3).min(text.len()));
                } else {
                    let b = text[at];
                    let hex = if rng.chance(50) { format!("%{b:02X}") } else { format!("%{b:02x}") };
                    text.splice(at..=at, hex.into_bytes());
                }
            }
        }
        // Non-ASCII and invalid UTF-8.
        14 | 15 => {
            let text = &mut lines[i].text;
            let at = if rng.chance(80) { value_pos(rng, text) } else { rng.range(0, text.len()) };
            insert(text, at, rng.bytes(NON_ASCII));
        }
        // Comments.
        16 => {
            let text = &mut lines[i].text;
            let at = rng.range(0, text.len());
            insert(text, at, rng.bytes(&[&b"#"[..], b" # c", b"#:", b"\t#"]));
        }
        // Cut a line, or empty its value.
        17 => {
            let text = &mut lines[i].text;
            let at = rng.range(0, text.len());
            text.truncate(at);
        }
        _ => {
            let text = &mut lines[i].text;
            let at = rng.range(0, text.len());
            let piece: Vec<u8> = (0..rng.range(1, 3)).map(|_| rng.range(0, 255) as u8).collect();
            insert(text, at, &piece);
        }
    }
}

/// What the URL and agent generators draw on: the file's rule patterns and user-agent values, as written.
#[derive(Debug, Default)]
pub struct Facts {
    pub patterns: Vec<Vec<u8>>,
    pub agents: Vec<Vec<u8>>,
}

impl Facts {
    /// A rough scan of the lines, written independently of the engine: anything before a `:` that looks
    /// like an allow or user-agent key gives its trimmed value.
    pub fn of(lines: &[Line]) -> Facts {
        let mut facts = Facts::default();
        for l in lines {
            let text = &l.text;
            let text = &text[..text.iter().position(|&c| c == b'#').unwrap_or(text.len())];
            let Some(c) = colon(text) else { continue };
            let key = text[..c].to_ascii_lowercase();
            let value = text[c + 1..].trim_ascii().to_vec();
            if key.windows(5).any(|w| w == b"allow") || key.windows(5).any(|w| w == b"allaw") {
                facts.patterns.push(value);
            } else if key.windows(5).any(|w| w == b"agent") {
                facts.agents.push(value);
            }
        }
        facts
    }
}

const FILLERS: &[&str] = &["", "x", "abc", "/", "a/b/", "%2F", "%2f", "\u{e9}", "%C3%A9", ".php", "?a=1", "*", "$"];
const SUFFIXES: &[&str] = &["", "", "x", "/", "/index.html", "index.html", "?a=1", "#frag", ".html", "$", "%", ";x"];
const HOSTS: &[&str] = &[
    "http://example.com",
    "https://www.example.com:8080",
    "HTTP://EXAMPLE.COM",
    "//example.com",
    "example.com",
    "ftp://x",
    "http://user:pw@example.com",
    "http://example.com?",
    "https://xn--bcher-kva.example",
];

/// A URL whose path comes from one of the file's patterns (usually) or from the grammar.
fn url(rng: &mut Rng, facts: &Facts) -> String {
    let mut path: Vec<u8> = if !facts.patterns.is_empty() && rng.chance(85) {
        let p = rng.pick(&facts.patterns).clone();
        path_from_pattern(rng, &p)
    } else {
        let p = pattern(rng);
        path_from_pattern(rng, &p)
    };
    // A pattern from a line of 16,663 bytes gives as long a path, and Google's matcher takes time in the
    // product of the two lengths (a third of a second for a line full of `*`): keep most such paths short.
    if path.len() > 300 {
        let keep = if rng.chance(90) { rng.range(1, 300) } else { rng.range(300, 2_000) };
        path.truncate(keep.min(path.len()));
    }
    if rng.chance(8) {
        let at = rng.range(0, path.len());
        insert(&mut path, at, rng.bytes(NON_ASCII));
    }
    // The engine takes URLs as `str`: bytes that are not UTF-8 are percent-encoded, in either case.
    let upper = rng.chance(50);
    let path = utf8_or_escaped(&path, upper);
    let url = match rng.below(100) {
        0..=64 => format!("{}{}", rng.pick(HOSTS), path),
        65..=89 => path,
        90..=94 => format!("{}{}", rng.pick(HOSTS), path.trim_start_matches('/')),
        _ => rng
            .pick(&["", "http://", "http://a", "http://a#x/", "/a b", "http://a?b/c", "https://a/b;c", "//", "*", "a"])
            .to_string(),
    };
    if rng.chance(15) {
        sprinkle(rng, url, URL_CHARS)
    } else {
        url
    }
}

/// Characters that mean something in URLs and patterns, to sprinkle into URLs.
const URL_CHARS: &[char] = &['/', '?', '#', ';', ':', '@', '%', '*', '$', ' ', '.', '\\', '&', '=', '\u{e9}', '\t'];
/// Characters that end or break a product token, to sprinkle into agents.
const AGENT_CHARS: &[char] = &[' ', '-', '_', '*', '/', '.', '1', '\u{e9}', '\t', 'A', 'z'];

/// `text` with one to three characters inserted or removed at random places.
fn sprinkle(rng: &mut Rng, text: String, chars: &[char]) -> String {
    let mut cs: Vec<char> = text.chars().collect();
    for _ in 0..rng.range(1, 3) {
        let at = rng.range(0, cs.len());
        if rng.chance(25) && at < cs.len() {
            cs.remove(at);
        } else {
            cs.insert(at, *rng.pick(chars));
        }
    }
    cs.into_iter().collect()
}

fn utf8_or_escaped(bytes: &[u8], upper: bool) -> String {
    let mut out = String::new();
    for chunk in bytes.utf8_chunks() {
        out.push_str(chunk.valid());
        for b in chunk.invalid() {
            out.push_str(&if upper { format!("%{b:02X}") } else { format!("%{b:02x}") });
        }
    }
    out
}

/// A path meant to be matched (or just missed) by `pattern`.
fn path_from_pattern(rng: &mut Rng, pattern: &[u8]) -> Vec<u8> {
    let mut p = Vec::new();
    let last = pattern.len().wrapping_sub(1);
    for (i, &c) in pattern.iter().enumerate() {
        match c {
            b'*' if rng.chance(90) => p.extend_from_slice(rng.pick(FILLERS).as_bytes()),
            b'$' if i == last && rng.chance(80) => {}
            _ => p.push(c),
        }
    }
    match rng.below(10) {
        0 => {
            p.pop();
        }
        1 => {
            if let Some(b) = p.iter_mut().filter(|b| b.is_ascii_alphabetic()).nth(rng.below(4)) {
                *b ^= 0x20;
            }
        }
        2 => {
            let at = rng.range(0, p.len());
            if at < p.len() {
                let b = p[at];
                let hex = if rng.chance(50) { format!("%{b:02X}") } else { format!("%{b:02x}") };
                p.splice(at..=at, hex.into_bytes());
            }
        }
        _ => {}
    }
    if !pattern.ends_with(b"$") || rng.chance(20) {
        p.extend_from_slice(rng.pick(SUFFIXES).as_bytes());
    }
    if !p.starts_with(b"/") && rng.chance(70) {
        p.insert(0, b'/');
    }
    p
}

const QUERY_AGENTS: &[&str] = &[
    "Googlebot",
    "googlebot",
    "Googlebot-Image",
    "Googlebot-News",
    "Bingbot",
    "GPTBot",
    "FooBot",
    "foo_bar-baz",
    "Mediapartners-Google",
    "*",
    "",
    "Googlebot/2.1",
    "my bot",
    "b\u{f8}t",
    "x",
];

/// One to three agents: the file's own tokens (as written, as tokens, in other cases) and common ones.
fn agents(rng: &mut Rng, facts: &Facts) -> Vec<String> {
    let n = match rng.below(10) {
        0..=6 => 1,
        7 | 8 => 2,
        _ => 3,
    };
    (0..n).map(|_| agent_string(rng, facts)).collect()
}

fn agent_string(rng: &mut Rng, facts: &Facts) -> String {
    let agent = plain_agent(rng, facts);
    if rng.chance(10) {
        sprinkle(rng, agent, AGENT_CHARS)
    } else {
        agent
    }
}

fn plain_agent(rng: &mut Rng, facts: &Facts) -> String {
    if facts.agents.is_empty() || rng.chance(35) {
        return rng.pick(QUERY_AGENTS).to_string();
    }
    let value = String::from_utf8_lossy(rng.pick(&facts.agents).as_slice()).into_owned();
    let token_len =
        value.bytes().position(|c| !(c.is_ascii_alphabetic() || c == b'-' || c == b'_')).unwrap_or(value.len());
    match rng.below(10) {
        0..=4 => value[..token_len].to_string(),
        5 => value[..token_len].to_ascii_uppercase(),
        6 => value[..token_len].to_ascii_lowercase(),
        7 => value,
        8 => format!("{}/1.0", &value[..token_len]),
        _ => {
            let mut t = value[..token_len].to_string();
            t.pop();
            t
        }
    }
}
