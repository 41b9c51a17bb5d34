//! Per-line diagnostics: bytes Google cuts or misreads, lines that are not directives, misspelt, prefixed or
//! unknown keys, and the value checks of each key (patterns, user agents, sitemaps).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{canonical, lossy, DiagnosticKind, Linter, Severity};
use crate::lines::{KeyKind, Line};
use crate::pushed;
use crate::report::UNUSED_KEYS;
use crate::{Span, MAX_LINE_LEN};

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

/// Whether `v` starts with `http://` or `https://`, in any case.
fn is_http_url(v: &[u8]) -> bool {
    let starts = |scheme: &[u8]| v.get(..scheme.len()).is_some_and(|p| p.eq_ignore_ascii_case(scheme));
    starts(b"http://") || starts(b"https://")
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

impl Linter<'_> {
    pub(super) fn line(&mut self, line: &Line) {
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
                if !is_http_url(v) {
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
                let fix = if is_http_url(v) {
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
                    c.len() > t.len() + 1
                        && c.as_bytes()[..t.len()].eq_ignore_ascii_case(t.as_bytes())
                        && c.as_bytes()[t.len()] == b'-'
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
}
