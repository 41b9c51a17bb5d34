//! Usage-preference lines: Cloudflare's `Content-Signal` and the IETF AI Preferences drafts' `Content-Usage`
//! (`draft-ietf-aipref-attach` with `draft-ietf-aipref-vocab`). Google's matcher ignores both, and so do the
//! verdicts: these lines say what a site owner prefers about the use of what is crawled, never what may be
//! crawled.
//!
//! The vocabulary's labels are data: `draft-ietf-aipref-vocab-07` defines `train-ai` and `search` (and no
//! hierarchy, so one label never stands in for another), earlier revisions had others (`ai-use`, removed in
//! 2025), and proposals add more (`infer-user`): a reader ignores labels it does not know, so any key is kept as
//! written and none is an error.

use alloc::string::String;
use alloc::vec::Vec;

use crate::pattern::{escape_pattern, pattern_matches};
use crate::robots::Agents;
use crate::{Robots, Verdict};

/// The keys of Cloudflare's Content Signals Policy that take `yes` or `no`.
pub const CONTENT_SIGNAL_KEYS: [&str; 3] = ["search", "ai-input", "ai-train"];

/// The values of the `use` key Cloudflare's managed files carry since 2026-07-01 (`use=reference` by default): how
/// AI systems may consume the content, from the most restrictive to the most permissive as Cloudflare lists them.
pub const CONTENT_USE_VALUES: [&str; 3] = ["immediate", "reference", "full"];

/// The labels `draft-ietf-aipref-vocab-07` defines, with what each covers. Other keys are kept as written (a
/// reader of the vocabulary ignores them).
pub const USAGE_LABELS: [(&str, &str); 2] = [
    ("train-ai", "training AI models that generate content"),
    ("search", "search results that link to the page (no generated summaries)"),
];

/// One `key=value` of a `Content-Signal` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Signal {
    /// The key as written.
    pub key: String,
    /// The value as written.
    pub value: String,
    /// `yes` (granted) or `no` (restricted), in any ASCII case; `None` for anything else.
    pub granted: Option<bool>,
}

/// A `Content-Signal` line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentSignal {
    /// Line number.
    pub line: usize,
    /// The group it sits in; `None` before any `User-agent` line.
    pub group: Option<usize>,
    /// Its comma-separated `key=value` pairs, in order; pieces without `=` are dropped (see the lint).
    pub signals: Vec<Signal>,
}

/// A `Content-Usage` line (IETF draft): a path pattern and a Structured Fields dictionary of preferences.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContentUsage {
    /// Line number.
    pub line: usize,
    /// The group it sits in; `None` before any `User-agent` line (where it applies to no crawler).
    pub group: Option<usize>,
    /// The path pattern as written (empty when the line has none).
    pub path: String,
    /// The preferences: `Some` with each key whose value is the token `y` or `n` (last duplicate wins), or
    /// `None` when the dictionary does not parse, which makes every preference unknown.
    pub preferences: Option<Vec<(String, bool)>>,
}

/// One usage preference that applies to a URL, with the line that decided it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Preference {
    /// The key (`train-ai`, `search`, `ai-train`, ...).
    pub key: String,
    /// Whether the use is granted (`y`, `yes`) or restricted (`n`, `no`).
    pub granted: bool,
    /// The line that decided it.
    pub line: usize,
}

/// The usage preferences that apply to one URL for one crawler. They never change the crawl verdict.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Usage {
    /// Whether the crawler may fetch the URL; `Content-Usage` applies only to URLs it may crawl.
    pub crawlable: bool,
    /// The `Content-Usage` lines that decided (the longest matching path; several when they tie), empty when
    /// none matches or the URL may not be crawled.
    pub usage_lines: Vec<usize>,
    /// Whether a deciding `Content-Usage` line's preferences do not parse: that line says nothing (every
    /// preference unknown), and the other deciding lines still count.
    pub usage_unknown: bool,
    /// The deciding `Content-Usage` lines whose preferences do not parse.
    pub unparsed: Vec<usize>,
    /// The `Content-Usage` preferences (IETF draft), most restrictive first among ties.
    pub content_usage: Vec<Preference>,
    /// The `Content-Signal` preferences: from the groups that applied, else from lines before any group.
    pub content_signal: Vec<Preference>,
    /// The `use` level of those `Content-Signal` lines (`immediate`, `reference` or `full`; the most restrictive
    /// when several lines give one), with its line.
    pub content_use: Option<(String, usize)>,
}

impl Usage {
    /// The preferences in words, one `(label, text)` per kind of line that applies, as every surface lists
    /// them: `("Content-Usage (IETF draft)", "train-ai=no (line 16)")`, `("Content-Signal", "search=yes (line 3),
    /// ai-train=no (line 3), use=reference (line 3)")`, then `("Validators", ...)`: what Search Console and
    /// Lighthouse say of those lines. Empty when none applies.
    ///
    /// ```
    /// let robots = robotscope::Robots::parse("User-agent: *\nContent-Signal: search=yes, ai-train=no\n");
    /// let usage = robots.usage_for(&robots.check("GPTBot", "/"));
    /// assert_eq!(usage.described()[0], ("Content-Signal", "search=yes (line 2), ai-train=no (line 2)".to_string()));
    /// assert!(usage.described()[1].1.contains("Lighthouse's robots.txt audit accepts it"));
    /// ```
    pub fn described(&self) -> Vec<(&'static str, String)> {
        fn listed(out: &mut String, prefs: &[Preference]) {
            for p in prefs {
                let value = if p.granted { "yes" } else { "no" };
                let sep = if out.is_empty() { "" } else { ", " };
                out.push_str(&alloc::format!("{sep}{}={value} (line {})", p.key, p.line));
            }
        }
        fn lines(numbers: &[usize]) -> String {
            let mut out = String::new();
            for (i, l) in numbers.iter().enumerate() {
                out.push_str(&alloc::format!("{}{l}", if i > 0 { ", " } else { "" }));
            }
            out
        }
        let mut out = Vec::new();
        let mut usage = String::new();
        listed(&mut usage, &self.content_usage);
        if self.usage_unknown {
            // The lines that do not parse say nothing; the others still count (the vocabulary's combining rule).
            let broken = lines(&self.unparsed);
            usage = if usage.is_empty() {
                alloc::format!("unknown: line {broken} does not parse")
            } else {
                alloc::format!("{usage}; line {broken} does not parse (unknown)")
            };
        }
        if !usage.is_empty() {
            out.push(("Content-Usage (IETF draft)", usage));
        }
        let mut signal = String::new();
        listed(&mut signal, &self.content_signal);
        if let Some((value, line)) = &self.content_use {
            let sep = if signal.is_empty() { "" } else { ", " };
            signal.push_str(&alloc::format!("{sep}use={value} (line {line})"));
        }
        if !signal.is_empty() {
            out.push(("Content-Signal", signal));
        }
        let mut validators = String::new();
        if !self.usage_lines.is_empty() {
            validators.push_str(&alloc::format!(
                "Content-Usage (line {}): Google ignores it and Search Console may report \"syntax not understood\"; \
                 Lighthouse's robots.txt audit reports an unknown directive",
                lines(&self.usage_lines)
            ));
        }
        let signal_lines = self.signal_lines();
        if !signal_lines.is_empty() {
            validators.push_str(&alloc::format!(
                "{}Content-Signal (line {}): Google ignores it and Search Console may report \"syntax not \
                 understood\"; Lighthouse's robots.txt audit accepts it",
                if validators.is_empty() { "" } else { "; " },
                lines(&signal_lines)
            ));
        }
        if !validators.is_empty() {
            out.push(("Validators", validators));
        }
        out
    }

    /// The `Content-Signal` lines that give the preferences and the `use` level, in order and each once.
    fn signal_lines(&self) -> Vec<usize> {
        let mut lines: Vec<usize> = Vec::new();
        for &l in self.content_signal.iter().map(|p| &p.line).chain(self.content_use.iter().map(|u| &u.1)) {
            // Kept sorted by insertion: a handful of lines, and no sort of their own in the `.wasm` builds.
            if let Err(k) = lines.binary_search(&l) {
                lines.insert(k, l);
            }
        }
        lines
    }

    /// The lines that decide the preferences, in order and each once.
    pub fn lines(&self) -> Vec<usize> {
        let mut lines = self.signal_lines();
        for &l in &self.usage_lines {
            if let Err(k) = lines.binary_search(&l) {
                lines.insert(k, l);
            }
        }
        lines
    }
}

/// `bytes` without leading and trailing spaces and tabs.
fn trim(bytes: &[u8]) -> &[u8] {
    let start = bytes.iter().position(|&c| c != b' ' && c != b'\t').unwrap_or(bytes.len());
    let end = bytes.iter().rposition(|&c| c != b' ' && c != b'\t').map_or(start, |e| e + 1);
    &bytes[start..end]
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// Parses a `Content-Signal` value: `search=yes, ai-train=no`.
pub(crate) fn parse_signals(value: &[u8]) -> Vec<Signal> {
    let mut signals = Vec::new();
    each_signal(value, |key, value, granted| {
        signals.push(Signal { key: lossy(key), value: lossy(value), granted });
    });
    signals
}

/// Calls `f` with the key, the value and what the value grants (`yes`, `no` in any ASCII case; `None` for
/// anything else) of each `key=value` piece of a `Content-Signal` value; pieces without `=` are skipped.
fn each_signal(value: &[u8], mut f: impl FnMut(&[u8], &[u8], Option<bool>)) {
    for piece in value.split(|&c| c == b',') {
        let piece = trim(piece);
        let Some(eq) = piece.iter().position(|&c| c == b'=') else { continue };
        let value = trim(&piece[eq + 1..]);
        let granted = if value.eq_ignore_ascii_case(b"yes") {
            Some(true)
        } else if value.eq_ignore_ascii_case(b"no") {
            Some(false)
        } else {
            None
        };
        f(trim(&piece[..eq]), value, granted);
    }
}

/// Splits a `Content-Usage` value into its path pattern and its preferences (`draft-ietf-aipref-attach-05`
/// section 3.2): the path is the first word when the value starts with `/`; a value that starts with anything
/// else (`*` included) has no path, and all of it is the preferences.
pub(crate) fn split_usage(value: &[u8]) -> (&[u8], &[u8]) {
    let value = trim(value);
    if value.first() != Some(&b'/') {
        return (&[], value);
    }
    let end = value.iter().position(|&c| c == b' ' || c == b'\t').unwrap_or(value.len());
    (&value[..end], trim(&value[end..]))
}

/// Parses a Structured Fields dictionary (RFC 8941 section 3.2) and keeps the members whose value is the token
/// `y` or `n`; `None` when the text is not a valid dictionary.
pub(crate) fn parse_preferences(text: &[u8]) -> Option<Vec<(String, bool)>> {
    let mut p = SfParser { s: text, i: 0 };
    p.skip(b' ');
    let mut out: Vec<(String, bool)> = Vec::new();
    if p.at_end() {
        return Some(out);
    }
    loop {
        let key = p.key()?;
        let value = if p.eat(b'=') {
            if p.peek() == Some(b'(') {
                p.inner_list()?;
                None
            } else {
                p.bare_item()?
            }
        } else {
            None
        };
        p.parameters()?;
        // A later duplicate replaces an earlier one, as in any Structured Fields dictionary.
        out.retain(|(k, _)| k.as_bytes() != key);
        if let Some(v) = value {
            out.push((lossy(key), v));
        }
        p.skip_ows();
        if p.at_end() {
            return Some(out);
        }
        if !p.eat(b',') {
            return None;
        }
        p.skip_ows();
        if p.at_end() {
            return None; // a trailing comma
        }
    }
}

struct SfParser<'a> {
    s: &'a [u8],
    i: usize,
}

impl<'a> SfParser<'a> {
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }

    fn at_end(&self) -> bool {
        self.i >= self.s.len() || self.s[self.i..].iter().all(|&c| c == b' ')
    }

    fn eat(&mut self, c: u8) -> bool {
        let hit = self.peek() == Some(c);
        self.i += usize::from(hit);
        hit
    }

    fn skip(&mut self, c: u8) {
        while self.peek() == Some(c) {
            self.i += 1;
        }
    }

    fn skip_ows(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.i += 1;
        }
    }

    fn key(&mut self) -> Option<&'a [u8]> {
        let start = self.i;
        if !matches!(self.peek(), Some(b'a'..=b'z' | b'*')) {
            return None;
        }
        while matches!(self.peek(), Some(b'a'..=b'z' | b'0'..=b'9' | b'_' | b'-' | b'.' | b'*')) {
            self.i += 1;
        }
        Some(&self.s[start..self.i])
    }

    /// A bare item; `Some(Some(granted))` for the tokens `y` and `n`, `Some(None)` for any other valid item.
    fn bare_item(&mut self) -> Option<Option<bool>> {
        match self.peek()? {
            b'-' | b'0'..=b'9' => {
                self.eat(b'-');
                let digits = self.i;
                while matches!(self.peek(), Some(b'0'..=b'9')) {
                    self.i += 1;
                }
                if self.i == digits {
                    return None;
                }
                if self.eat(b'.') {
                    let frac = self.i;
                    while matches!(self.peek(), Some(b'0'..=b'9')) {
                        self.i += 1;
                    }
                    if self.i == frac || self.i - frac > 3 {
                        return None;
                    }
                }
                Some(None)
            }
            b'"' => {
                self.i += 1;
                loop {
                    match self.peek()? {
                        b'"' => {
                            self.i += 1;
                            return Some(None);
                        }
                        b'\\' => {
                            self.i += 1;
                            if !matches!(self.peek()?, b'"' | b'\\') {
                                return None;
                            }
                            self.i += 1;
                        }
                        0x20..=0x7e => self.i += 1,
                        _ => return None,
                    }
                }
            }
            b':' => {
                self.i += 1;
                while matches!(self.peek()?, b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'+' | b'/' | b'=') {
                    self.i += 1;
                }
                self.eat(b':').then_some(None)
            }
            b'?' => {
                self.i += 1;
                matches!(self.peek()?, b'0' | b'1').then(|| {
                    self.i += 1;
                    None
                })
            }
            b'A'..=b'Z' | b'a'..=b'z' | b'*' => {
                let start = self.i;
                self.i += 1;
                while self.peek().is_some_and(|c| is_tchar(c) || c == b':' || c == b'/') {
                    self.i += 1;
                }
                Some(match &self.s[start..self.i] {
                    b"y" => Some(true),
                    b"n" => Some(false),
                    _ => None,
                })
            }
            _ => None,
        }
    }

    fn inner_list(&mut self) -> Option<()> {
        self.eat(b'(');
        loop {
            self.skip(b' ');
            if self.eat(b')') {
                return self.parameters();
            }
            self.bare_item()?;
            self.parameters()?;
            if !matches!(self.peek()?, b' ' | b')') {
                return None;
            }
        }
    }

    fn parameters(&mut self) -> Option<()> {
        while self.eat(b';') {
            self.skip(b' ');
            self.key()?;
            if self.eat(b'=') {
                self.bare_item()?;
            }
        }
        Some(())
    }
}

fn is_tchar(c: u8) -> bool {
    c.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&c)
}

impl Robots {
    /// The `Content-Signal` lines (Cloudflare's content signals), in file order.
    ///
    /// ```
    /// let robots = robotscope::Robots::parse("User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n");
    /// let s = &robots.content_signals()[0];
    /// assert_eq!((s.line, s.group), (2, Some(0)));
    /// assert_eq!(s.signals.iter().map(|s| (s.key.as_str(), s.granted)).collect::<Vec<_>>(),
    ///            [("search", Some(true)), ("ai-train", Some(false))]);
    /// ```
    pub fn content_signals(&self) -> Vec<ContentSignal> {
        crate::pushed(
            self.other_directives().filter(|d| d.key.eq_ignore_ascii_case(b"content-signal")).map(|d| ContentSignal {
                line: d.line,
                group: d.group,
                signals: parse_signals(d.value),
            }),
        )
    }

    /// The `Content-Usage` lines (IETF AI Preferences draft), in file order.
    ///
    /// ```
    /// let robots = robotscope::Robots::parse("User-agent: *\nAllow: /\nContent-Usage: /ai-ok/ train-ai=y\n");
    /// let u = &robots.content_usage_lines()[0];
    /// assert_eq!((u.line, u.path.as_str()), (3, "/ai-ok/"));
    /// assert_eq!(u.preferences, Some(vec![("train-ai".to_string(), true)]));
    /// ```
    pub fn content_usage_lines(&self) -> Vec<ContentUsage> {
        crate::pushed(self.other_directives().filter(|d| d.key.eq_ignore_ascii_case(b"content-usage")).map(|d| {
            let (path, prefs) = split_usage(d.value);
            ContentUsage { line: d.line, group: d.group, path: lossy(path), preferences: parse_preferences(prefs) }
        }))
    }

    /// The usage preferences that apply when `agents` fetch `url` (see [`Robots::usage_for`]).
    pub fn usage<A: Agents + ?Sized>(&self, agents: &A, url: &str) -> Usage {
        self.usage_for(&self.check(agents, url))
    }

    /// The usage preferences for a verdict (from [`Robots::check`] or [`Robots::check_agent`]): the groups
    /// that applied give the lines.
    ///
    /// `Content-Usage` (IETF draft, `draft-ietf-aipref-attach-05`): the lines of those groups whose path
    /// matches (as `Allow` and `Disallow` patterns match) compete, a line without a path matching every path
    /// with a length of 0; the longest path decides, and lines with paths of the same length combine with the
    /// most restrictive value winning for each key. It applies only to URLs the crawler may fetch.
    /// `Content-Signal`: the lines of those groups, else the lines before any group; for a key given more than
    /// once, a restriction wins, and of several `use` levels the most restrictive.
    ///
    /// ```
    /// let robots = robotscope::Robots::parse(
    ///     "User-Agent: *\nAllow: /\nDisallow: /never/\n\
    ///      Content-Usage: train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\n",
    /// );
    /// let u = robots.usage("AnyBot", "https://example.com/ai-ok/page");
    /// let first = &u.content_usage[0];
    /// assert_eq!((first.key.as_str(), first.granted, u.usage_lines.as_slice()), ("train-ai", true, &[5][..]));
    /// let u = robots.usage("AnyBot", "https://example.com/blog");
    /// assert_eq!((u.content_usage[0].granted, u.usage_lines.as_slice()), (false, &[4][..]));
    /// assert!(robots.usage("AnyBot", "https://example.com/never/x").content_usage.is_empty());
    /// ```
    pub fn usage_for(&self, verdict: &Verdict) -> Usage {
        // One pass over the other lines, keeping borrowed values: the preferences are parsed only for the
        // `Content-Usage` lines that decide (building every line's `ContentUsage` and `ContentSignal` first, as
        // `content_usage_lines` and `content_signals` do, took 3.8 KB gzipped of the npm `.wasm` for this).
        let mut usage = Usage { crawlable: verdict.allowed, ..Usage::default() };
        let in_groups = |g: Option<usize>| g.is_some_and(|g| verdict.groups.contains(&g));
        let is = |key: &[u8], name: &str| key.eq_ignore_ascii_case(name.as_bytes());
        let mut best: Option<usize> = None;
        // (line, preferences) of the matching lines with the longest path so far.
        let mut deciders: Vec<(usize, &[u8])> = Vec::new();
        let mut signals_in_groups = false;
        for d in self.other_directives() {
            if is(d.key, "content-signal") {
                signals_in_groups |= in_groups(d.group);
            }
            if !verdict.allowed || !in_groups(d.group) || !is(d.key, "content-usage") {
                continue;
            }
            // A line without a path covers every path the crawler may fetch, with a match length of 0, so any line
            // with a matching path overrides it.
            let (path, preferences) = split_usage(d.value);
            let len = if path.is_empty() {
                0
            } else {
                let pattern = escape_pattern(lossy(path).as_bytes());
                if !pattern_matches(pattern.as_bytes(), verdict.path.as_bytes()) {
                    continue;
                }
                pattern.len()
            };
            match best {
                Some(b) if len < b => continue,
                Some(b) if len == b => {}
                _ => {
                    best = Some(len);
                    deciders.clear();
                }
            }
            deciders.push((d.line, preferences));
        }
        for &(line, preferences) in &deciders {
            usage.usage_lines.push(line);
            // Lines of the same length combine as the vocabulary combines statements (section 7.1): a
            // restriction wins, then a grant; a line that does not parse states nothing.
            match parse_preferences(preferences) {
                None => {
                    usage.usage_unknown = true;
                    usage.unparsed.push(line);
                }
                Some(prefs) => {
                    for (key, granted) in prefs {
                        combine(&mut usage.content_usage, &key, granted, line);
                    }
                }
            }
        }
        // `Content-Signal`: the lines of the groups that applied, else the lines before any group.
        for d in self.other_directives() {
            let chosen = if signals_in_groups { in_groups(d.group) } else { d.group.is_none() };
            if chosen && is(d.key, "content-signal") {
                each_signal(d.value, |key, value, granted| {
                    if let Some(granted) = granted {
                        combine(&mut usage.content_signal, &lossy(key), granted, d.line);
                    } else if key.eq_ignore_ascii_case(b"use") {
                        let level =
                            |v: &[u8]| CONTENT_USE_VALUES.iter().position(|u| v.eq_ignore_ascii_case(u.as_bytes()));
                        if let Some(k) = level(value) {
                            // Several lines: the most restrictive level wins, as a restriction does for the others.
                            if usage.content_use.as_ref().is_none_or(|(u, _)| level(u.as_bytes()).is_none_or(|j| k < j))
                            {
                                usage.content_use = Some((String::from(CONTENT_USE_VALUES[k]), d.line));
                            }
                        }
                    }
                });
            }
        }
        usage
    }
}

/// Adds a preference, the most restrictive value winning for a key given more than once.
fn combine(prefs: &mut Vec<Preference>, key: &str, granted: bool, line: usize) {
    match prefs.iter_mut().find(|p| p.key == key) {
        Some(p) if p.granted && !granted => {
            p.granted = false;
            p.line = line;
        }
        Some(_) => {}
        None => prefs.push(Preference { key: String::from(key), granted, line }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn structured_fields_dictionaries() {
        let p = |s: &str| parse_preferences(s.as_bytes());
        assert_eq!(p("train-ai=n"), Some(alloc::vec![(String::from("train-ai"), false)]));
        assert_eq!(p("train-ai=n, search=y"), Some(alloc::vec![("train-ai".into(), false), ("search".into(), true)]));
        // Last duplicate wins; values other than the tokens y and n are valid but say nothing.
        assert_eq!(p("a=y, a=n"), Some(alloc::vec![("a".into(), false)]));
        assert_eq!(p("a=yes, b=1, c=\"n\", d, e=?1, f=:aGk=:, g=(y n);x=1"), Some(alloc::vec![]));
        // Parameters are allowed and ignored.
        assert_eq!(p("a=y;v=2"), Some(alloc::vec![("a".into(), true)]));
        // Keys are case-sensitive and must start lower-case; a failure makes every preference unknown.
        assert_eq!(p("Train-AI=n"), None);
        assert_eq!(p("train-ai=n,"), None);
        assert_eq!(p("train-ai=n search=y"), None);
        assert_eq!(p("train-ai="), None);
        assert_eq!(p("a=\"unterminated"), None);
        assert_eq!(p(""), Some(alloc::vec![]));
    }

    #[test]
    fn preferences_in_words_name_their_lines() {
        let robots = Robots::parse(
            "Content-Signal: ai-train=no\nUser-agent: *\nContent-Usage: /a/ train-ai=n\nContent-Usage: /b/ train-ai=\n\
             Content-Signal: search=yes, ai-input=no\nContent-Usage: /c/ train-ai=n\nContent-Usage: /b/ search=n\n",
        );
        let said = |url: &str| {
            let u = robots.usage_for(&robots.check("GPTBot", url));
            (u.described().into_iter().filter(|(l, _)| *l != "Validators").collect::<Vec<_>>(), u.lines())
        };
        let signal = ("Content-Signal", String::from("search=yes (line 5), ai-input=no (line 5)"));
        let usage = |text: &str| ("Content-Usage (IETF draft)", String::from(text));
        assert_eq!(said("/a/x"), (alloc::vec![usage("train-ai=no (line 3)"), signal.clone()], alloc::vec![3, 5]));
        // Two lines of one path: the one that does not parse says nothing, the other still counts.
        assert_eq!(
            said("/b/x"),
            (
                alloc::vec![usage("search=no (line 7); line 4 does not parse (unknown)"), signal.clone()],
                alloc::vec![4, 5, 7]
            )
        );
        assert_eq!(said("/x"), (alloc::vec![signal], alloc::vec![5]));
        let robots = Robots::parse("User-agent: *\nContent-Usage: train-ai=\n");
        let u = robots.usage("GPTBot", "/x");
        assert_eq!(u.described()[0], usage("unknown: line 2 does not parse"));
    }

    /// The robots.txt example of `draft-ietf-aipref-attach-05` section 3.4 with its table of paths, and its
    /// introduction's example (section 1.2): a line without a path covers every crawlable path.
    #[test]
    fn the_attach_drafts_examples() {
        let robots = Robots::parse(
            "User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: train-ai=n\n\
             Content-Usage: /ai-ok/ train-ai=y\n\nUser-Agent: ExampleBot\nAllow: /\nContent-Usage: train-ai=y\n",
        );
        let train = |agent: &str, url: &str| {
            let u = robots.usage(agent, url);
            (u.crawlable, u.content_usage.iter().map(|p| (p.key.clone(), p.granted)).collect::<Vec<_>>())
        };
        let pref = |granted: bool| alloc::vec![(String::from("train-ai"), granted)];
        assert_eq!(train("AnyBot", "/test"), (true, pref(false)));
        assert_eq!(train("AnyBot", "/never/test"), (false, alloc::vec![]));
        assert_eq!(train("AnyBot", "/ai-ok/test"), (true, pref(true)));
        assert_eq!(train("ExampleBot", "/never/test"), (true, pref(true)));
        let robots = Robots::parse("User-Agent: *\nAllow: /\nContent-Usage: train-ai=n\n");
        assert_eq!(robots.usage("AnyBot", "/any/page").usage_lines, [3]);
    }

    /// Cloudflare's managed block since 2026-07-01: `use=reference` is read as the `use` level.
    #[test]
    fn content_signal_use_levels() {
        let robots = Robots::parse(
            "User-agent: *\nContent-Signal: search=yes,ai-train=no,use=reference\nAllow: /\n\
             Content-Signal: use=full\n",
        );
        let u = robots.usage("GPTBot", "/");
        assert_eq!(u.content_use, Some((String::from("reference"), 2)));
        assert_eq!(u.described()[0].1, "search=yes (line 2), ai-train=no (line 2), use=reference (line 2)");
        assert!(u.described()[1].1.contains("Content-Signal (line 2): Google ignores it"), "{:?}", u.described());
        let robots = Robots::parse("User-agent: *\nContent-Signal: use=later\n");
        assert_eq!(robots.usage("GPTBot", "/").content_use, None);
    }

    #[test]
    fn content_usage_values_split_into_path_and_preferences() {
        assert_eq!(split_usage(b"/a/ train-ai=n"), (&b"/a/"[..], &b"train-ai=n"[..]));
        assert_eq!(split_usage(b"train-ai=n"), (&b""[..], &b"train-ai=n"[..]));
        assert_eq!(split_usage(b"  /x\t a=y  "), (&b"/x"[..], &b"a=y"[..]));
        // Only `/` starts a path: a `*`-led value is all preferences.
        assert_eq!(split_usage(b"*.pdf train-ai=n"), (&b""[..], &b"*.pdf train-ai=n"[..]));
    }
}
