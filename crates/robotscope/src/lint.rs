//! Diagnostics: what a crawler reads differently from what the author probably meant (SPEC B3).
//!
//! Every diagnostic names a byte span, a severity, a message that says what Google reads, and where
//! possible a fix. The messages are written once, in [`Linter`]'s methods, one per kind.

use alloc::collections::BTreeMap;

use crate::pushed;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::lines::{KeyKind, Line};
use crate::report::UNUSED_KEYS;
use crate::{Robots, Span, GOOGLE_SIZE_LIMIT, MAX_LINE_LEN};

/// The fix for a file past a crawler's size limit.
const SHORTEN: &str = "shorten the file: merge rules with wildcards, drop rules for crawlers that no longer exist";

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Worth knowing; nothing is wrong for Google.
    Info,
    /// Probably not what the author meant, or read differently by other crawlers.
    Warning,
    /// Ignored or misread by Google: certainly not what the author meant.
    Error,
}

impl Severity {
    /// `info`, `warning` or `error`.
    pub fn name(self) -> &'static str {
        match self {
            Severity::Info => "info",
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

macro_rules! kinds {
    ($($(#[$doc:meta])* $name:ident => $code:literal,)+) => {
        /// The kinds of diagnostics.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum DiagnosticKind {
            $($(#[$doc])* $name,)+
        }

        impl DiagnosticKind {
            /// A stable kebab-case name, for tools and JSON.
            pub fn code(self) -> &'static str {
                match self {
                    $(DiagnosticKind::$name => $code,)+
                }
            }

            /// Every kind, in declaration order.
            pub const ALL: &'static [DiagnosticKind] = &[$(DiagnosticKind::$name,)+];
        }
    };
}

kinds! {
    /// The body is an HTML page, not a robots.txt.
    HtmlBody => "html-body",
    /// Content past Google's 500 KiB limit.
    PastSizeLimit => "past-size-limit",
    /// A line longer than 16,663 bytes was cut.
    LineTooLong => "line-too-long",
    /// A NUL byte ends the line early.
    NulByte => "nul-byte",
    /// The line is not valid UTF-8.
    InvalidUtf8 => "invalid-utf8",
    /// A byte-order mark that is not at the very start.
    BomNotAtStart => "bom-not-at-start",
    /// A line that is neither empty, a comment, nor a key/value pair.
    NotADirective => "not-a-directive",
    /// A key accepted only as a known typo.
    TypoKey => "typo-key",
    /// A key accepted only because it starts with a directive name.
    PrefixKey => "prefix-key",
    /// Whitespace instead of `:`.
    MissingColon => "missing-colon",
    /// The first `:` of the line is inside the value, so the value is cut.
    FirstColonSplit => "first-colon-split",
    /// A key Google does not know.
    UnknownKey => "unknown-key",
    /// A directive other crawlers know and Google ignores.
    UnsupportedDirective => "unsupported-directive",
    /// A rule before any `User-agent` line.
    RuleOutsideGroup => "rule-outside-group",
    /// A pattern that starts with neither `/` nor `*`.
    PatternNeverMatches => "pattern-never-matches",
    /// A `$` that is not the last character is a literal `$`.
    DollarNotLast => "dollar-not-last",
    /// A `#` in a value starts a comment and cuts the value short.
    HashCutsValue => "hash-cuts-value",
    /// An empty `User-agent:` value.
    EmptyUserAgent => "empty-user-agent",
    /// A `User-agent` value that Google reduces to a shorter product token.
    UserAgentReduced => "user-agent-reduced",
    /// User-agent lines separated by other lines still form one group.
    UserAgentsMerged => "user-agents-merged",
    /// A rule after a `Sitemap:` line (or after a blank line and another non-group line) still belongs to the
    /// group above: only a `User-agent` line starts a group.
    RuleJoinsGroup => "rule-joins-group",
    /// A group with no rules.
    EmptyGroup => "empty-group",
    /// An agent with its own group ignores every `*` rule.
    GlobalRulesIgnored => "global-rules-ignored",
    /// Several groups for the same agent are merged.
    RepeatedAgent => "repeated-agent",
    /// The same pattern is both allowed and disallowed: allow wins.
    AllowDisallowConflict => "allow-disallow-conflict",
    /// The same rule twice.
    DuplicateRule => "duplicate-rule",
    /// A sitemap that is not an absolute URL.
    SitemapNotAbsolute => "sitemap-not-absolute",
    /// Groups for the same agent, merged, tie an `Allow` against a `Disallow` of the same priority: the allow
    /// wins, so the `Disallow` does nothing.
    MergedGroupTie => "merged-group-tie",
    /// A search, AI search or user-triggered crawler blocked in a group that otherwise blocks AI training.
    AiSearchBlocked => "ai-search-blocked",
    /// A retired crawler token, with its successors.
    DeprecatedAgent => "deprecated-agent",
    /// A misspelt `Content-Signal` or `Content-Usage` key.
    UsageKeyMisspelt => "usage-key-misspelt",
    /// A `Content-Signal` line before any `User-agent` line.
    ContentSignalOutsideGroup => "content-signal-outside-group",
    /// A `Content-Signal` line with unknown keys or values.
    ContentSignalInvalid => "content-signal-invalid",
    /// A `Content-Usage` line without a path, outside any group, or whose preferences do not parse.
    ContentUsageInvalid => "content-usage-invalid",
    /// A line Google reads as a `User-agent`, `Allow` or `Disallow` line that RFC 9309 crawlers ignore: a
    /// misspelt or prefixed key, a missing colon, a `User-agent` value that is not a product token.
    Rfc9309IgnoresLine => "rfc9309-ignores-line",
    /// Google and RFC 9309 crawlers answer differently for paths and agents drawn from the file.
    ProfilesDisagree => "profiles-disagree",
    /// More diagnostics of one kind than are listed.
    MoreNotShown => "more-not-shown",
}

/// One diagnostic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// What kind.
    pub kind: DiagnosticKind,
    /// How serious.
    pub severity: Severity,
    /// The line, from 1.
    pub line: usize,
    /// The bytes concerned, in the source.
    pub span: Span,
    /// A sentence saying what the crawler reads and why it matters.
    pub message: String,
    /// A suggested fix, where there is one.
    pub help: Option<String>,
}

/// The most diagnostics of one kind that are listed; the rest are counted in one
/// [`DiagnosticKind::MoreNotShown`], so a 10 MB file of garbage stays readable.
const MAX_PER_KIND: usize = 200;

struct Linter<'a> {
    robots: &'a Robots,
    /// The body is an HTML page: per-line syntax diagnostics would only be noise.
    html: bool,
    out: Vec<Diagnostic>,
    /// How many diagnostics of each kind were found, indexed by the kind (in `DiagnosticKind::ALL` order).
    counts: Vec<usize>,
}

pub(crate) fn lossy(bytes: &[u8]) -> String {
    const MAX: usize = 80;
    let s = String::from_utf8_lossy(&bytes[..bytes.len().min(MAX)]).into_owned();
    if bytes.len() > MAX {
        s + "…"
    } else {
        s
    }
}

fn canonical(kind: KeyKind) -> &'static str {
    match kind {
        KeyKind::UserAgent => "User-agent",
        KeyKind::Allow => "Allow",
        KeyKind::Disallow => "Disallow",
        KeyKind::Sitemap => "Sitemap",
        KeyKind::Unknown => "",
    }
}

/// Levenshtein distance over ASCII-lower-cased bytes, for "did you mean" suggestions.
fn distance(a: &[u8], b: &[u8]) -> usize {
    let mut prev: Vec<usize> = pushed(0..=b.len());
    for (i, &ca) in a.iter().enumerate() {
        let mut cur = Vec::with_capacity(b.len() + 1);
        cur.push(i + 1);
        for (j, &cb) in b.iter().enumerate() {
            let cost = usize::from(!ca.eq_ignore_ascii_case(&cb));
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

/// Who acts on a directive that Google ignores.
fn unsupported_note(key: &str) -> &'static str {
    match key {
        "crawl-delay" => "Bingbot and several smaller crawlers honour it; Google ignores it",
        "host" => "only Yandex used it, to name the preferred mirror, and it has retired it; Google ignores it",
        "clean-param" => "Yandex honours it; Google ignores it",
        "request-rate" | "visit-time" => "a few old crawlers honour it; Google and Bing ignore it",
        "noindex" => "Google stopped honouring it in 2019; use a noindex meta tag or header instead",
        "nofollow" | "noarchive" => "it belongs in a robots meta tag or X-Robots-Tag header, not in robots.txt",
        "content-signal" => {
            "it states preferences for AI use (Cloudflare's content signals); it allows or blocks nothing"
        }
        "content-usage" => "it states AI usage preferences (IETF draft); it allows or blocks nothing",
        _ => "no major crawler acts on it in robots.txt",
    }
}

impl<'a> Linter<'a> {
    /// Records a diagnostic; `text` gives its message and help, and runs only while the kind is under its
    /// cap, so a huge file of garbage costs a count, not a formatted message, per line.
    fn push(
        &mut self,
        kind: DiagnosticKind,
        severity: Severity,
        line: usize,
        span: Span,
        text: impl FnOnce() -> (String, Option<String>),
    ) {
        let Some(n) = self.counts.get_mut(kind as usize) else { return };
        *n += 1;
        if *n <= MAX_PER_KIND {
            let (message, help) = text();
            self.out.push(Diagnostic { kind, severity, line, span, message, help });
        }
    }

    fn text(&self, span: Span) -> &'a [u8] {
        self.robots.text(span)
    }

    fn whole_file(&mut self) {
        let src = self.robots.source();
        let start = crate::lines::bom_len(src);
        let head = &src[start..src.len().min(start + 1024)];
        let first = head.iter().position(|c| !c.is_ascii_whitespace());
        if let Some(p) = first {
            let lower: Vec<u8> = pushed(head[p..].iter().map(u8::to_ascii_lowercase));
            let looks_html = lower.starts_with(b"<")
                && [&b"<!doctype html"[..], b"<html", b"<head", b"<body"]
                    .iter()
                    .any(|t| lower.windows(t.len()).any(|w| w == *t));
            if looks_html {
                self.html = true;
                let span = Span::new(start + p, head.len().min(start + p + 64).max(start + p));
                self.push(DiagnosticKind::HtmlBody, Severity::Error, 1, span, || {
                    (
                        "this is an HTML page, not a robots.txt: crawlers find no rules in it and may crawl everything"
                            .into(),
                        Some("serve a plain-text robots.txt at /robots.txt (or a 404 if you have none)".into()),
                    )
                });
            }
        }
        if let Some(full) = self.robots.cut_from() {
            // The file was cut when it was parsed: say so at the cut.
            let (line, span) = (self.robots.line_count(), Span::new(src.len(), src.len()));
            self.push(DiagnosticKind::PastSizeLimit, Severity::Warning, line, span, || {
                (
                    format!(
                        "the file is {full} bytes long; only the first {} were read, as a crawler with that limit \
                         reads them (Google reads 500 KiB)",
                        src.len()
                    ),
                    Some(SHORTEN.into()),
                )
            });
        }
    }

    /// Google's 500 KiB cut on a file parsed whole: the lines and rules Google never reads.
    fn past_size_limit(&mut self) {
        let src = self.robots.source();
        if self.robots.cut_from().is_none() && src.len() > GOOGLE_SIZE_LIMIT {
            let line = self.robots.lines().find(|l| l.span.end >= GOOGLE_SIZE_LIMIT).map_or(1, |l| l.number);
            let ignored = self.robots.rules().filter(|r| r.value_span.start >= GOOGLE_SIZE_LIMIT).count();
            let span = Span::new(GOOGLE_SIZE_LIMIT, src.len());
            // Rules past the cut are rules Google never obeys: an error, since verdicts change with them.
            let severity = if ignored > 0 { Severity::Error } else { Severity::Warning };
            self.push(DiagnosticKind::PastSizeLimit, severity, line, span, || {
                let lost = match ignored {
                    0 => String::from("no rule is lost"),
                    1 => String::from("1 rule is lost, which Google never obeys"),
                    n => format!("{n} rules are lost, which Google never obeys"),
                };
                (
                    format!(
                        "the file is {} bytes long; Google reads only the first 500 KiB (512,000 bytes), so \
                         everything from line {line} on is ignored: {lost}",
                        src.len()
                    ),
                    Some(SHORTEN.into()),
                )
            });
        }
    }

    fn line(&mut self, line: &Line) {
        let robots = self.robots;
        let n = line.number;
        let src = self.robots.source();
        let raw = &src[line.span.start..line.span.end];
        if line.metadata.is_line_too_long {
            self.push(
                DiagnosticKind::LineTooLong,
                Severity::Error,
                n,
                Span::new(line.span.start + MAX_LINE_LEN, line.span.end),
                || {
                    (
                        format!(
                            "this line is {} bytes long; Google keeps only the first {MAX_LINE_LEN} and drops the rest",
                            line.span.len()
                        ),
                        Some("split the rule, or shorten it with a `*` wildcard".into()),
                    )
                },
            );
        }
        // The read part is shorter than the kept part only when a NUL byte cut it.
        if line.read.len() < line.span.len().min(MAX_LINE_LEN) {
            self.push(DiagnosticKind::NulByte, Severity::Error, n, Span::new(line.read.end, line.read.end + 1), || {
                (
                    "a NUL byte ends this line for Google: everything after it is ignored".into(),
                    Some("remove the NUL byte (the file may have been saved as UTF-16 or be binary)".into()),
                )
            });
        }
        if core::str::from_utf8(raw).is_err() {
            self.push(DiagnosticKind::InvalidUtf8, Severity::Warning, n, line.span, || {
                (
                    "this line is not valid UTF-8: non-ASCII bytes in rules are matched as raw %XX escapes, which \
                     may not be what you meant"
                        .into(),
                    Some("save the file as UTF-8".into()),
                )
            });
        }
        if n > 1 && raw.windows(3).any(|w| w == [0xEF, 0xBB, 0xBF]) {
            let at = line.span.start + raw.windows(3).position(|w| w == [0xEF, 0xBB, 0xBF]).unwrap_or(0);
            self.push(DiagnosticKind::BomNotAtStart, Severity::Warning, n, Span::new(at, at + 3), || {
                (
                    "a byte-order mark (U+FEFF) inside the file is ordinary content: a key after it is not recognised"
                        .into(),
                    Some("delete the invisible U+FEFF character (files were probably concatenated)".into()),
                )
            });
        }
        if self.html {
            return;
        }
        let Some(d) = line.directive else {
            let content = crate::lines::trim(src, Span::new(line.read.start, line.comment.unwrap_or(line.read.end)));
            if !content.is_empty() {
                self.push(DiagnosticKind::NotADirective, Severity::Warning, n, content, || {
                    (
                        format!("`{}` is not a `key: value` line; crawlers ignore it", lossy(robots.text(content))),
                        Some("write `Key: value`, or start the line with `#` to make it a comment".into()),
                    )
                });
            }
            return;
        };
        let key = robots.text(d.key);
        let key_str = lossy(key);
        let word = canonical(d.kind);
        // `Disallow /a:b`: a key with whitespace in it that starts with a known word.
        let spaced = key.iter().position(|&c| c == b' ' || c == b'\t');
        let first_colon_split = d.kind != KeyKind::Unknown
            && spaced
                .is_some_and(|p| crate::lines::key_kind(&key[..p]).0 == d.kind && !line.metadata.is_acceptable_typo);
        if first_colon_split {
            let p = spaced.unwrap_or(0);
            let intended = lossy(robots.text(crate::lines::trim(src, Span::new(d.key.start + p, d.value.end))));
            self.push(DiagnosticKind::FirstColonSplit, Severity::Error, n, Span::new(d.key.start, d.value.end), || {
                (
                    format!(
                        "there is no `:` after `{}`, so the first `:` in the line splits it: Google reads {} `{}`",
                        lossy(&key[..p]),
                        word.to_ascii_lowercase(),
                        lossy(robots.text(d.value))
                    ),
                    Some(format!("write `{word}: {}`", intended.trim_start())),
                )
            });
        } else if line.metadata.is_acceptable_typo {
            self.push(DiagnosticKind::TypoKey, Severity::Warning, n, d.key, || {
                (
                    format!("`{key_str}` is a misspelling of `{word}`; Google accepts it, other crawlers may not"),
                    Some(format!("write `{word}`")),
                )
            });
        } else if d.kind != KeyKind::Unknown && key.len() > word.len() {
            self.push(DiagnosticKind::PrefixKey, Severity::Warning, n, d.key, || {
                (
                    format!(
                    "Google reads `{key_str}` as `{word}` because it starts with that word; other crawlers ignore it"
                ),
                    Some(format!("write `{word}`")),
                )
            });
        }
        if line.metadata.is_missing_colon_separator {
            self.push(DiagnosticKind::MissingColon, Severity::Warning, n, Span::new(d.key.end, d.value.start), || {
                (
                    format!(
                        "there is no `:` after `{key_str}`; Google accepts the space instead, other crawlers may not"
                    ),
                    Some(format!("write `{key_str}: {}`", lossy(robots.text(d.value)))),
                )
            });
        }
        match d.kind {
            KeyKind::Unknown => self.unknown_key(n, d.key, key),
            KeyKind::Allow | KeyKind::Disallow => self.rule_value(line, d.value),
            KeyKind::UserAgent => self.user_agent(n, d.value),
            KeyKind::Sitemap => {
                let v = robots.text(d.value);
                let lower: Vec<u8> = pushed(v.iter().take(8).map(u8::to_ascii_lowercase));
                if !(lower.starts_with(b"http://") || lower.starts_with(b"https://")) {
                    self.push(DiagnosticKind::SitemapNotAbsolute, Severity::Warning, n, d.value, || {
                        (
                            format!("the sitemap `{}` is not an absolute http(s) URL; crawlers ignore it", lossy(v)),
                            Some("write the full URL, such as `Sitemap: https://example.com/sitemap.xml`".into()),
                        )
                    });
                }
            }
        }
    }

    fn unknown_key(&mut self, n: usize, span: Span, key: &[u8]) {
        #[cfg(feature = "ai-lint")]
        let usage_key = ["Content-Signal", "Content-Usage"]
            .into_iter()
            .find(|k| key.len() < 24 && distance(key, k.as_bytes()) <= 2 && !key.eq_ignore_ascii_case(k.as_bytes()));
        #[cfg(not(feature = "ai-lint"))]
        let usage_key: Option<&str> = None;
        if let Some(k) = usage_key {
            self.push(DiagnosticKind::UsageKeyMisspelt, Severity::Warning, n, span, || {
                (
                    format!(
                        "`{}` is not `{k}`: validators and AI crawlers that read `{k}` ignore this line",
                        lossy(key)
                    ),
                    Some(format!("write `{k}`")),
                )
            });
            return;
        }
        if let Some(known) = UNUSED_KEYS.iter().find(|k| key.eq_ignore_ascii_case(k.as_bytes())) {
            self.push(DiagnosticKind::UnsupportedDirective, Severity::Info, n, span, || {
                (format!("`{}` is not a Google directive: {}", lossy(key), unsupported_note(known)), None)
            });
            return;
        }
        const KNOWN: [&str; 8] =
            ["User-agent", "Allow", "Disallow", "Sitemap", "Crawl-delay", "Host", "Clean-param", "Noindex"];
        self.push(DiagnosticKind::UnknownKey, Severity::Warning, n, span, || {
            let short = &key[..key.len().min(32)];
            let suggestion = KNOWN
                .iter()
                .map(|k| (distance(short, k.as_bytes()), *k))
                .filter(|(d, k)| *d <= if k.len() > 5 { 2 } else { 1 })
                .min();
            (
                format!("`{}` is not a directive Google knows; the line is ignored", lossy(key)),
                suggestion.map(|(_, k)| format!("did you mean `{k}`?")),
            )
        });
    }

    fn rule_value(&mut self, line: &Line, value: Span) {
        let n = line.number;
        let v = self.text(value);
        if let Some(&c) = v.first() {
            if c != b'/' && c != b'*' {
                let lower: Vec<u8> = pushed(v.iter().take(8).map(u8::to_ascii_lowercase));
                let url = lower.starts_with(b"http://") || lower.starts_with(b"https://");
                let fix = if url {
                    let path = crate::url::path_of(&String::from_utf8_lossy(v));
                    format!("rules hold paths, not URLs: write `{path}`")
                } else {
                    format!("start the pattern with `/`: `/{}`", lossy(v))
                };
                self.push(DiagnosticKind::PatternNeverMatches, Severity::Error, n, value, || {
                    (format!("`{}` starts with neither `/` nor `*`, so it never matches any URL", lossy(v)), Some(fix))
                });
            }
        }
        if let Some(p) = v.iter().position(|&c| c == b'$') {
            if p + 1 < v.len() {
                self.push(
                    DiagnosticKind::DollarNotLast,
                    Severity::Warning,
                    n,
                    Span::new(value.start + p, value.start + p + 1),
                    || {
                        (
                            "`$` anchors the end only as the last character; here it matches a literal `$`".into(),
                            Some("move `$` to the end, or write `%24` to match a `$` in URLs".into()),
                        )
                    },
                );
            }
        }
        if let Some(h) = line.comment {
            let before = self.robots.source()[..h].last().copied();
            if h == value.end && before.is_some_and(|c| !crate::lines::is_space(c)) && !v.is_empty() {
                self.push(DiagnosticKind::HashCutsValue, Severity::Warning, n, Span::new(h, line.read.end), || {
                    (format!("`#` starts a comment, so Google reads the pattern as `{}`", lossy(v)), Some(
                        "URL fragments (#...) never reach the server; drop this part, or write `%23` for a literal `#`"
                            .into(),
                    ))
                });
            }
        }
    }

    fn user_agent(&mut self, n: usize, value: Span) {
        let v = self.text(value);
        if v.is_empty() {
            self.push(DiagnosticKind::EmptyUserAgent, Severity::Warning, n, value, || {
                (
                    "empty `User-agent:` names no crawler".into(),
                    Some("write a crawler's product token, or `*` for all crawlers".into()),
                )
            });
            return;
        }
        let token = &v[..crate::agent::token_len(v)];
        let global = v[0] == b'*' && v.get(1).is_none_or(|&c| crate::lines::is_space(c));
        let message = if global {
            (v.len() > 1).then(|| format!("Google reads `{}` as `*`: the words after `*` are ignored", lossy(v)))
        } else if token.is_empty() {
            Some(format!(
                "Google reduces `{}` to an empty product token (tokens are letters, `-` and `_`), so no crawler \
                 matches it",
                lossy(v)
            ))
        } else if token.len() < v.len() {
            Some(format!(
                "Google reads `{}` as `{}`: the product token ends at the first other character",
                lossy(v),
                lossy(token)
            ))
        } else {
            None
        };
        // A catalogue crawler probably meant: the token itself, or the only catalogue token that continues it
        // (`ChatGPT Agent` -> `ChatGPT-User`).
        let meant = (!global && !token.is_empty() && token.len() < v.len()).then(|| {
            let t = core::str::from_utf8(token).unwrap_or("");
            crate::agent::crawler(t).map(|c| c.tokens[0]).or_else(|| {
                let mut found = crate::CRAWLERS.iter().map(|c| c.tokens[0]).filter(|c| {
                    c.len() > t.len() + 1 && c[..t.len()].eq_ignore_ascii_case(t) && c.as_bytes()[t.len()] == b'-'
                });
                let first = found.next();
                first.filter(|_| found.next().is_none())
            })
        });
        let message = match (message, meant.flatten()) {
            (Some(m), Some(c)) if !c.as_bytes().eq_ignore_ascii_case(token) => {
                Some(format!("{m}; the catalogue crawler meant is probably `{c}`"))
            }
            (m, _) => m,
        };
        if let Some(message) = message {
            let help = if global {
                "write `User-agent: *` on its own line".into()
            } else if token.is_empty() {
                "write the crawler's product token, such as `Googlebot`".into()
            } else if let Some(c) = meant.flatten() {
                format!("write `User-agent: {c}`")
            } else {
                format!("write `User-agent: {}`", lossy(token))
            };
            self.push(DiagnosticKind::UserAgentReduced, Severity::Warning, n, value, || (message, Some(help)));
        }
    }

    fn groups(&mut self) {
        let robots = self.robots;
        // Rules before the first group.
        for r in robots.rules().filter(|r| r.group.is_none()) {
            self.push(DiagnosticKind::RuleOutsideGroup, Severity::Error, r.line, r.value_span, || {
                (
                    "this rule comes before any `User-agent` line, so no crawler obeys it".into(),
                    Some("put a `User-agent: *` line (or the crawler's name) above it".into()),
                )
            });
        }
        // For each line, whether it is blank or holds a directive: what separates user-agent lines visually.
        let separator: Vec<bool> = if robots.groups().len() > 0 {
            pushed(robots.lines().map(|l| l.metadata.is_empty || l.directive.is_some()))
        } else {
            Vec::new()
        };
        let mut by_token: BTreeMap<Vec<u8>, Vec<usize>> = BTreeMap::new();
        // Groups that block everything (`Disallow: /`): ignoring `*` changes nothing for them.
        let blocks_all: Vec<bool> = pushed(robots.groups().map(|g| {
            g.rules().any(|r| r.kind == crate::RuleKind::Disallow && (r.pattern == b"/" || r.pattern == b"/*"))
        }));
        let mut global_rules: Vec<usize> = Vec::new();
        // For each line, what may make a reader think the group ended before it: a `Sitemap:` line, a blank
        // line, or a line with another key (`Crawl-delay`, `Content-Usage`, an unknown key).
        let (sitemap_line, blank_line, other_line): (Vec<bool>, Vec<bool>, Vec<bool>) = if separator.is_empty() {
            (Vec::new(), Vec::new(), Vec::new())
        } else {
            let lines: Vec<_> = pushed(robots.lines());
            let kind = |l: &Line| l.directive.as_ref().map(|d| d.kind);
            (
                pushed(lines.iter().map(|l| kind(l) == Some(KeyKind::Sitemap))),
                pushed(lines.iter().map(|l| l.metadata.is_empty)),
                pushed(lines.iter().map(|l| kind(l) == Some(KeyKind::Unknown))),
            )
        };
        for g in robots.groups() {
            let agents: Vec<_> = pushed(g.agents());
            // Rules after a `Sitemap:` line, or after a blank line and another non-group line, look like the
            // start of something new but join this group (Google's matcher confirms: google/robotstxt#51).
            let group_rules: Vec<_> = pushed(g.rules());
            for pair in group_rules.windows(2) {
                let between = pair[0].line..pair[1].line.saturating_sub(1);
                let any = |v: &[bool]| v.get(between.clone()).is_some_and(|s| s.iter().any(|&b| b));
                let after_sitemap = any(&sitemap_line);
                if !(after_sitemap || (any(&blank_line) && any(&other_line))) {
                    continue;
                }
                let first = agents.first().map_or(0, |a| a.line);
                let names: Vec<String> = pushed(agents.iter().map(|a| lossy(a.value)));
                let what = if after_sitemap { "a `Sitemap:` line" } else { "a blank line and another line" };
                let r = pair[1];
                self.push(DiagnosticKind::RuleJoinsGroup, Severity::Warning, r.line, r.value_span, || {
                    (
                        format!(
                            "this rule comes after {what}, but it still belongs to the group for {} that starts on \
                             line {first}: only a `User-agent` line starts a new group",
                            names.join(", ")
                        ),
                        Some(
                            "put a `User-agent` line above it for the crawlers it is meant for, or move it up into \
                             its group"
                                .into(),
                        ),
                    )
                });
            }
            // User-agent lines with blank lines or other directives between them still form one group.
            for pair in agents.windows(2) {
                let separated = separator[pair[0].line..pair[1].line - 1].iter().any(|&s| s);
                if separated {
                    let first = agents[0].line;
                    let (line, span) = (pair[1].line, pair[1].value_span);
                    self.push(DiagnosticKind::UserAgentsMerged, Severity::Warning, line, span, || {
                        (
                            format!(
                                "`User-agent: {}` joins the group that starts on line {first}: only rules end a \
                                 group, not blank lines or other lines",
                                lossy(pair[1].value)
                            ),
                            Some(
                                "if the crawlers above should have rules of their own, give them rules before this \
                                 line"
                                    .into(),
                            ),
                        )
                    });
                }
            }
            let rules: Vec<_> = pushed(g.rules());
            if rules.is_empty() {
                let last = agents.last().map_or(0, |a| a.line);
                let names: Vec<String> = pushed(agents.iter().map(|a| lossy(a.value)));
                self.push(
                    DiagnosticKind::EmptyGroup,
                    Severity::Warning,
                    last,
                    agents.last().map_or(Span::default(), |a| a.value_span),
                    || {
                        (
                            format!(
                        "the group for {} has no rules: those crawlers may fetch everything, and they ignore the `*` \
                         group",
                        names.join(", ")
                    ),
                            Some("add `Disallow:` to say so explicitly, or add rules".into()),
                        )
                    },
                );
            }
            if agents.iter().any(|a| a.global) {
                // Groups come in file order, so the list stays sorted.
                for r in rules.iter().filter(|r| !r.pattern.is_empty()) {
                    global_rules.push(r.line);
                }
            }
            for a in &agents {
                if !a.global && !a.token.is_empty() {
                    let entry = by_token.entry(a.token.to_ascii_lowercase()).or_default();
                    if entry.last() != Some(&g.index) {
                        entry.push(g.index);
                    }
                }
            }
            self.conflicts(&rules);
        }
        for (token, groups) in &by_token {
            let first = robots.group(groups[0]).map(|g| pushed(g.agents())).unwrap_or_default();
            let Some(agent) = first.iter().find(|a| !a.global && a.token.eq_ignore_ascii_case(token)) else {
                continue;
            };
            if groups.len() > 1 {
                let starts: Vec<String> =
                    pushed(groups.iter().filter_map(|&g| robots.group(g)).map(|g| g.line_range().0.to_string()));
                self.push(DiagnosticKind::RepeatedAgent, Severity::Info, agent.line, agent.value_span, || {
                    (
                        format!(
                            "`{}` has {} groups (starting on lines {}); Google merges them into one",
                            lossy(agent.token),
                            groups.len(),
                            starts.join(", ")
                        ),
                        Some("keep one group per crawler so that readers see all its rules together".into()),
                    )
                });
            }
            let own_has_global = first.iter().any(|a| a.global);
            let blocked = groups.iter().any(|&g| blocks_all[g]);
            if !global_rules.is_empty() && !own_has_global && !blocked {
                let list: Vec<String> = pushed(global_rules.iter().take(8).map(|l| l.to_string()));
                let more = if global_rules.len() > 8 { ", …" } else { "" };
                let word = if global_rules.len() == 1 { "line" } else { "lines" };
                self.push(DiagnosticKind::GlobalRulesIgnored, Severity::Warning, agent.line, agent.value_span, || {
                    (
                        format!(
                            "`{}` has its own group, so it ignores every `*` rule ({word} {}{more})",
                            lossy(agent.token),
                            list.join(", ")
                        ),
                        Some(format!("repeat the `*` rules that should apply to {} in its group", lossy(agent.token))),
                    )
                });
            }
        }
    }

    #[cfg(feature = "ai-lint")]
    /// The traps of AI-era files: merged groups whose allow ties a disallow, search crawlers caught in a
    /// training blocklist, retired tokens.
    fn ai(&mut self) {
        let robots = self.robots;
        // Groups by agent (`*` under the empty key), in file order.
        let mut by_agent: BTreeMap<Vec<u8>, Vec<usize>> = BTreeMap::new();
        for g in robots.groups() {
            for a in g.agents() {
                let key = if a.global { Vec::new() } else { a.token.to_ascii_lowercase() };
                if a.global || !a.token.is_empty() {
                    let entry = by_agent.entry(key).or_default();
                    if entry.last() != Some(&g.index) {
                        entry.push(g.index);
                    }
                }
            }
        }
        let cloudflare = robots
            .lines()
            .find(|l| {
                const MARKER: &[u8] = b"# BEGIN Cloudflare Managed content";
                robots.text(l.span).windows(MARKER.len()).any(|w| w.eq_ignore_ascii_case(MARKER))
            })
            .map(|l| l.number);
        // Whether a pattern matches every path: `/`, `*`, `/*`, `**`...
        let matches_all = |p: &[u8]| {
            !p.is_empty()
                && p.iter().all(|&c| c == b'*' || c == b'/')
                && p.iter().filter(|&&c| c == b'/').count() <= 1
                && (p[0] == b'/' || p[0] == b'*')
        };
        for (key, groups) in &by_agent {
            if groups.len() < 2 {
                continue;
            }
            let rules: Vec<crate::Rule<'_>> =
                pushed(groups.iter().filter_map(|&g| robots.group(g)).flat_map(|g| pushed(g.rules())));
            // The allows a disallow can tie, found in one pass (a scan per disallow was quadratic: 18 s for a file
            // of 50,000 repeated groups): by pattern, and by length for the match-everything patterns. Each keeps
            // the first allow and the first from another group, so the first allow outside any given group is one
            // of the two.
            let mut by_pattern: BTreeMap<&[u8], Ties> = BTreeMap::new();
            let mut by_length: BTreeMap<usize, Ties> = BTreeMap::new();
            for (i, a) in rules.iter().enumerate().filter(|(_, r)| r.kind == crate::RuleKind::Allow) {
                by_pattern.entry(a.pattern).or_default().add(i, a.group);
                if matches_all(a.pattern) {
                    by_length.entry(a.pattern.len()).or_default().add(i, a.group);
                }
            }
            for d in rules.iter().filter(|r| r.kind == crate::RuleKind::Disallow && !r.pattern.is_empty()) {
                let exact = by_pattern.get(d.pattern).and_then(|t| t.outside(d.group));
                let all =
                    by_length.get(&d.pattern.len()).filter(|_| matches_all(d.pattern)).and_then(|t| t.outside(d.group));
                let first = match (exact, all) {
                    (Some(x), Some(y)) => Some(x.min(y)),
                    (x, y) => x.or(y),
                };
                let Some(a) = first.map(|i| &rules[i]) else { continue };
                let who = if key.is_empty() { String::from("`*`") } else { format!("`{}`", lossy(key)) };
                let marker = cloudflare
                    .map(|l| format!(" (Cloudflare's managed block, from line {l}, adds one of these groups)"))
                    .unwrap_or_default();
                self.push(DiagnosticKind::MergedGroupTie, Severity::Error, d.line, d.value_span, || {
                    (
                        format!(
                            "{who} has several groups{marker}, and Google merges them: `Allow: {}` (line {}) ties \
                             `Disallow: {}` at priority {}, and ties go to Allow, so this `Disallow` does nothing",
                            lossy(a.value),
                            a.line,
                            lossy(d.value),
                            d.pattern.len()
                        ),
                        Some(format!(
                            "remove `Allow: {}` on line {}, or make the `Disallow` longer (such as `/*`)",
                            lossy(a.value),
                            a.line
                        )),
                    )
                });
            }
        }
        let mut claudebot_named: Option<bool> = None;
        for g in robots.groups() {
            let agents: Vec<_> = pushed(g.agents());
            let blocks_all = g.rules().any(|r| r.kind == crate::RuleKind::Disallow && matches_all(r.pattern));
            let kind_of = |a: &crate::UserAgent<'_>| {
                core::str::from_utf8(a.token).ok().and_then(crate::agent::crawler).map(|c| (c, c.kind))
            };
            let trainer = agents.iter().filter_map(kind_of).find(|(_, k)| *k == crate::CrawlerKind::AiTraining);
            if let (true, Some((trainer, _))) = (blocks_all, trainer) {
                for a in &agents {
                    let Some((c, kind)) = kind_of(a) else { continue };
                    let kinds =
                        [crate::CrawlerKind::AiSearch, crate::CrawlerKind::UserTriggered, crate::CrawlerKind::Search];
                    if !kinds.contains(&kind) {
                        continue;
                    }
                    let trainer_token = trainer.tokens[0];
                    let what = match kind {
                        crate::CrawlerKind::AiSearch => "AI search crawler",
                        crate::CrawlerKind::UserTriggered => "fetcher for user requests",
                        _ => "search crawler",
                    };
                    self.push(DiagnosticKind::AiSearchBlocked, Severity::Warning, a.line, a.value_span, || {
                        (
                            format!(
                                "`{}` is disallowed together with training crawlers, but it is {}'s {what}: this \
                                 group keeps the site out of it",
                                c.tokens[0], c.operator
                            ),
                            Some(format!(
                                "did you mean to block only training crawlers such as `{trainer_token}`? Then give \
                                 `{}` its own group",
                                c.tokens[0]
                            )),
                        )
                    });
                }
            }
            for a in &agents {
                if a.token.eq_ignore_ascii_case(b"anthropic-ai") || a.token.eq_ignore_ascii_case(b"Claude-Web") {
                    // Looked up once for the file, not once per retired token (that was quadratic).
                    let missing = !*claudebot_named.get_or_insert_with(|| robots.has_own_group("ClaudeBot"));
                    let severity = if missing { Severity::Warning } else { Severity::Info };
                    self.push(DiagnosticKind::DeprecatedAgent, severity, a.line, a.value_span, || {
                        (
                            format!(
                                "`{}` is a retired token of Anthropic's crawler; Anthropic's current tokens are \
                                 ClaudeBot (training), Claude-SearchBot (search) and Claude-User (user requests){}",
                                lossy(a.token),
                                if missing { ", and this file names none of them" } else { "" }
                            ),
                            missing.then(|| String::from("add `User-agent: ClaudeBot` to this group")),
                        )
                    });
                }
            }
        }
    }

    #[cfg(feature = "ai-lint")]
    /// `Content-Signal` and `Content-Usage` lines that validators or AI crawlers read differently.
    fn usage(&mut self) {
        let robots = self.robots;
        for d in robots.other_directives() {
            if d.key.eq_ignore_ascii_case(b"content-signal") {
                if d.group.is_none() {
                    self.push(DiagnosticKind::ContentSignalOutsideGroup, Severity::Info, d.line, d.value_span, || {
                        (
                            "`Content-Signal` comes before any `User-agent` line: Cloudflare's policy puts it in the \
                             `User-agent: *` group, and readers differ on whether a line here applies to the whole \
                             site"
                                .into(),
                            Some("move it under `User-agent: *`".into()),
                        )
                    });
                }
                let mut problems: Vec<String> = Vec::new();
                for piece in d.value.split(|&c| c == b',') {
                    let piece = piece.trim_ascii();
                    if piece.is_empty() {
                        continue;
                    }
                    let Some(eq) = piece.iter().position(|&c| c == b'=') else {
                        problems.push(format!("`{}` has no `=value`", lossy(piece)));
                        continue;
                    };
                    let (k, v) = (piece[..eq].trim_ascii(), piece[eq + 1..].trim_ascii());
                    if !crate::CONTENT_SIGNAL_KEYS.iter().any(|x| x.as_bytes() == k) {
                        problems.push(format!(
                            "`{}` is not a signal (the policy defines `search`, `ai-input` and `ai-train`)",
                            lossy(k)
                        ));
                    }
                    if !(v.eq_ignore_ascii_case(b"yes") || v.eq_ignore_ascii_case(b"no")) {
                        problems.push(format!("`{}={}`: a value is `yes` or `no`", lossy(k), lossy(v)));
                    }
                }
                if !problems.is_empty() {
                    self.push(DiagnosticKind::ContentSignalInvalid, Severity::Warning, d.line, d.value_span, || {
                        (
                            format!("validators reject this `Content-Signal`: {}", problems.join("; ")),
                            Some("write it as `Content-Signal: search=yes, ai-input=no, ai-train=no`".into()),
                        )
                    });
                }
            } else if d.key.eq_ignore_ascii_case(b"content-usage") {
                let (path, prefs) = crate::usage::split_usage(d.value);
                let problem = if path.is_empty() {
                    Some(String::from(
                        "`Content-Usage` needs a path before its preferences (IETF draft), so crawlers cannot tell \
                         what it covers",
                    ))
                } else if d.group.is_none() {
                    Some(String::from(
                        "`Content-Usage` comes before any `User-agent` line, so it applies to no crawler (IETF draft)",
                    ))
                } else if crate::usage::parse_preferences(prefs).is_none() {
                    let upper = prefs.iter().any(u8::is_ascii_uppercase);
                    Some(if upper {
                        String::from(
                            "preference keys are case-sensitive and lower-case (IETF draft): with upper-case letters \
                             the line does not parse, so every preference is unknown",
                        )
                    } else {
                        format!(
                            "`{}` is not a valid Structured Fields dictionary (IETF draft), so every preference is \
                             unknown",
                            lossy(prefs)
                        )
                    })
                } else {
                    None
                };
                if let Some(message) = problem {
                    self.push(DiagnosticKind::ContentUsageInvalid, Severity::Warning, d.line, d.value_span, || {
                        (message, Some("write it as `Content-Usage: / train-ai=n` inside a group".into()))
                    });
                }
            }
        }
    }

    #[cfg(feature = "profile-lint")]
    /// Lines only Google reads as written, and files that Google and RFC 9309 crawlers answer differently.
    fn profiles(&mut self) {
        use crate::{Ignored, Profile};
        let robots = self.robots;
        let rfc = robots.reading(Profile::Rfc9309);
        // The ignored lines come in file order, as the lines do.
        let mut ignored = rfc.ignored().iter().peekable();
        for line in robots.lines() {
            let (Some(i), Some(d)) = (ignored.next_if(|i| i.line == line.number), line.directive) else { continue };
            let word = canonical(d.kind);
            let value = lossy(robots.text(d.value));
            let (why, help) = match i.why {
                Ignored::NotAToken if value.is_empty() => {
                    ("the value is empty, so it names no crawler".into(), "write a product token, or `*`".into())
                }
                Ignored::NotAToken => {
                    let v = robots.text(d.value);
                    let token = if v.first() == Some(&b'*') { &v[..1] } else { &v[..crate::agent::token_len(v)] };
                    let google = if token.is_empty() {
                        String::from("reduces it to an empty token")
                    } else {
                        format!("reads it as `{}`", lossy(token))
                    };
                    (
                        format!(
                            "`{value}` is neither a product token (letters, `-` and `_`) nor `*`, so it names no \
                             crawler (Google {google})"
                        ),
                        "write the product token alone, such as `User-agent: Googlebot`, or `*`".into(),
                    )
                }
                Ignored::MissingColon => ("the key is not followed by `:`".into(), format!("write `{word}: {value}`")),
                _ => (
                    format!("its key is not exactly `{word}`, which Google accepts"),
                    format!("write `{word}: {value}`"),
                ),
            };
            self.push(DiagnosticKind::Rfc9309IgnoresLine, Severity::Info, i.line, i.span, || {
                (format!("RFC 9309 crawlers ignore this line: {why}"), Some(help))
            });
        }
        self.disagreement(&rfc);
    }

    #[cfg(feature = "profile-lint")]
    /// One diagnostic when Google and RFC 9309 crawlers answer differently for the paths of the file's rules
    /// (at most 32, and `/`) and the agents it names (at most 8, and one it does not name): at most 297 queries.
    fn disagreement(&mut self, rfc: &crate::Reading<'_>) {
        let robots = self.robots;
        let mut paths: Vec<Vec<u8>> = alloc::vec![b"/".to_vec()];
        for r in robots.rules().filter(|r| r.group.is_some()) {
            // The rule's path with its wildcards matching nothing; `/robots.txt` is not a page.
            let body = r.pattern.strip_suffix(b"$").unwrap_or(r.pattern);
            let path: Vec<u8> = pushed(body.iter().copied().filter(|&c| c != b'*'));
            if path.first() == Some(&b'/') && path != b"/robots.txt" && !paths.contains(&path) {
                paths.push(path);
            }
            if paths.len() > 32 {
                break;
            }
        }
        let mut agents: Vec<String> = Vec::new();
        for a in robots.groups().flat_map(|g| pushed(g.agents())) {
            let token = String::from_utf8_lossy(a.token).into_owned();
            if !a.global
                && !token.is_empty()
                && agents.len() < 8
                && !agents.iter().any(|t| t.eq_ignore_ascii_case(&token))
            {
                agents.push(token);
            }
        }
        let other = "Any-Other-Crawler";
        if !robots.has_own_group(other) {
            agents.push(other.into());
        }
        let (mut first, mut differ, mut total) = (None, 0usize, 0usize);
        for agent in &agents {
            // A few dozen paths per agent: building the index of literal starts for a large group would cost more
            // than it saves (the hostile benchmark's merged groups measured it).
            let google = robots.matcher_with_index(agent.as_str(), false);
            for path in &paths {
                let path = String::from_utf8_lossy(path);
                let (allowed, line) = google.decide(&path);
                let v = rfc.check(agent.as_str(), &path);
                total += 1;
                if v.allowed != allowed {
                    differ += 1;
                    first.get_or_insert((agent.clone(), path.into_owned(), allowed, line, v.line));
                }
            }
        }
        let Some((agent, path, allowed, line, rfc_line)) = first else { return };
        let at = [line, rfc_line].into_iter().find(|&l| l != 0).unwrap_or(1);
        let span = robots.lines().nth(at - 1).map_or(Span::default(), |l| crate::lines::trim(robots.source(), l.read));
        let word = |allowed: bool| if allowed { "allowed" } else { "disallowed" };
        let by = |l: usize| if l == 0 { String::from("no rule decides") } else { format!("line {l}") };
        self.push(DiagnosticKind::ProfilesDisagree, Severity::Warning, at, span, || {
            (
                format!(
                    "Google and RFC 9309 crawlers read this file differently: for `{agent}`, `{path}` is {} for \
                     Google ({}) and {} for RFC 9309 crawlers ({}); {differ} of the {total} agent and path pairs \
                     drawn from the file differ",
                    word(allowed),
                    by(line),
                    word(!allowed),
                    by(rfc_line)
                ),
                Some(
                    "write every group line as RFC 9309 does (exact keys followed by `:`, product tokens as user \
                     agents), so that all crawlers read the file alike"
                        .into(),
                ),
            )
        });
    }

    fn conflicts(&mut self, rules: &[crate::Rule<'_>]) {
        let mut seen: BTreeMap<(&[u8], bool), usize> = BTreeMap::new();
        for r in rules {
            let allow = r.kind == crate::RuleKind::Allow;
            if let Some(&first) = seen.get(&(r.pattern, allow)) {
                self.push(DiagnosticKind::DuplicateRule, Severity::Info, r.line, r.value_span, || {
                    (format!("the same rule is on line {first}"), Some("delete one of them".into()))
                });
                continue;
            }
            if let Some(&other) = seen.get(&(r.pattern, !allow)) {
                if !r.pattern.is_empty() {
                    self.push(DiagnosticKind::AllowDisallowConflict, Severity::Warning, r.line, r.value_span, || {
                        (
                            format!(
                            "`{}` is both allowed and disallowed (line {other}); equal priority goes to Allow, so it \
                             is allowed",
                            lossy(r.value)
                        ),
                            Some("delete the rule that should not apply".into()),
                        )
                    });
                }
            }
            seen.insert((r.pattern, allow), r.line);
        }
    }
}

impl Robots {
    /// The `past-size-limit` diagnostic of this file parsed whole (`Robots::parse`): where Google's 500 KiB cut
    /// falls and how many rules it drops (an error when it drops any, a warning otherwise); `None` for a file
    /// within the limit or one already cut when it was parsed. Tools that lint the cut file, as Google reads it,
    /// take this one from the whole file in place of the cut file's, which cannot count what it no longer holds.
    pub fn size_limit_diagnostic(&self) -> Option<Diagnostic> {
        let mut l =
            Linter { robots: self, html: false, out: Vec::new(), counts: alloc::vec![0; DiagnosticKind::ALL.len()] };
        l.past_size_limit();
        l.out.pop()
    }

    /// Lints the file (SPEC B3): per-line problems, group-level surprises and whole-file issues, sorted by
    /// position. At most 200 diagnostics of one kind are listed; one
    /// [`DiagnosticKind::MoreNotShown`] per kind counts the rest.
    ///
    /// ```
    /// use robotscope::{DiagnosticKind, Robots};
    /// let robots = Robots::parse("User-agent: *\nDisallow /private\nDissallow: /tmp\n");
    /// let found: Vec<_> = robots.diagnostics().iter().map(|d| (d.line, d.kind)).collect();
    /// assert!(found.contains(&(2, DiagnosticKind::MissingColon)));
    /// assert!(found.contains(&(3, DiagnosticKind::TypoKey)));
    /// ```
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        let mut l =
            Linter { robots: self, html: false, out: Vec::new(), counts: alloc::vec![0; DiagnosticKind::ALL.len()] };
        l.whole_file();
        l.past_size_limit();
        for line in self.lines() {
            l.line(&line);
        }
        l.groups();
        #[cfg(feature = "ai-lint")]
        if !l.html {
            l.ai();
            l.usage();
        }
        #[cfg(feature = "profile-lint")]
        if !l.html {
            l.profiles();
        }
        for (&kind, &count) in DiagnosticKind::ALL.iter().zip(&l.counts) {
            if count > MAX_PER_KIND {
                let last =
                    l.out.iter().rev().find(|d| d.kind == kind).map_or((0, Span::default()), |d| (d.line, d.span));
                l.out.push(Diagnostic {
                    kind: DiagnosticKind::MoreNotShown,
                    severity: Severity::Info,
                    line: last.0,
                    span: last.1,
                    message: format!("{} more `{}` diagnostics are not listed", count - MAX_PER_KIND, kind.code()),
                    help: None,
                });
            }
        }
        // Unstable sort: the stable one would add its own code to the wasm module for no gain here.
        l.out.sort_unstable_by_key(|d| (d.line, d.span.start, d.kind, d.span.end));
        l.out
    }
}

/// The first two allows of a pattern in file order that lie in different groups (for the merged-group tie).
#[cfg(feature = "ai-lint")]
#[derive(Default)]
struct Ties {
    first: Option<(usize, Option<usize>)>,
    other: Option<usize>,
}

#[cfg(feature = "ai-lint")]
impl Ties {
    /// Records rule `index` of group `group`.
    fn add(&mut self, index: usize, group: Option<usize>) {
        match self.first {
            None => self.first = Some((index, group)),
            Some((_, g)) if g != group && self.other.is_none() => self.other = Some(index),
            Some(_) => {}
        }
    }

    /// The first recorded allow outside `group`.
    fn outside(&self, group: Option<usize>) -> Option<usize> {
        let (index, g) = self.first?;
        if g != group {
            Some(index)
        } else {
            self.other
        }
    }
}
