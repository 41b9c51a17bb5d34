//! Diagnostics: what a crawler reads differently from what the author probably meant (SPEC B3).
//!
//! Every diagnostic names a byte span, a severity, a message that says what Google reads, and where
//! possible a fix. The messages are written once, in [`Linter`]'s methods, one per kind.
//!
//! One module per family of diagnostics, each adding its checks to [`Linter`]: whole-file problems (`file`),
//! per-line syntax and values (`lines`), groups and their rules (`groups`), the AI-era traps (`ai`), usage
//! preferences (`usage`) and the interpretation profiles (`profiles`). [`Robots::diagnostics`] runs them in
//! that order and sorts what they found.

#[cfg(feature = "ai-lint")]
mod ai;
mod file;
mod groups;
mod lines;
#[cfg(feature = "profile-lint")]
mod profiles;
#[cfg(feature = "ai-lint")]
mod usage;

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::lines::KeyKind;
use crate::{Robots, Span};

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
    /// The allowlist shape: the `*` group blocks everything and named groups open paths for their crawlers
    /// (said once, as a note).
    Allowlist => "allowlist",
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
    /// A `Content-Usage` line outside any group, or whose preferences do not parse (a `*`-led value included).
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

impl Diagnostic {
    /// How many of `diagnostics` there are of each severity, in words, as every surface sums up a lint:
    /// `1 error, 7 warnings, 7 notes` (a severity with none left out; empty when there are none).
    ///
    /// ```
    /// use robotscope::{Diagnostic, Robots, Severity};
    /// let all = Robots::parse("User-agent: *\nDisalow: /private\nCrawl-delay: 2\n").diagnostics();
    /// let pick = |s: Severity| all.iter().find(|d| d.severity == s).unwrap().clone();
    /// let (typo, delay) = (pick(Severity::Warning), pick(Severity::Info));
    /// assert_eq!(Diagnostic::totals(&[typo.clone(), delay.clone(), delay]), "1 warning, 2 notes");
    /// assert_eq!(Diagnostic::totals(&[typo]), "1 warning");
    /// assert_eq!(Diagnostic::totals(&[] as &[Diagnostic]), "");
    /// ```
    pub fn totals<'a>(diagnostics: impl IntoIterator<Item = &'a Diagnostic>) -> String {
        let mut counts = [0usize; 3];
        for d in diagnostics {
            counts[match d.severity {
                Severity::Error => 0,
                Severity::Warning => 1,
                Severity::Info => 2,
            }] += 1;
        }
        let mut out = String::new();
        for (n, one, many) in
            [(counts[0], "error", "errors"), (counts[1], "warning", "warnings"), (counts[2], "note", "notes")]
        {
            if n > 0 {
                let sep = if out.is_empty() { "" } else { ", " };
                out.push_str(&alloc::format!("{sep}{n} {}", if n == 1 { one } else { many }));
            }
        }
        out
    }
}

/// The most diagnostics of one kind that are listed; the rest are counted in one
/// [`DiagnosticKind::MoreNotShown`], so a 10 MB file of garbage stays readable.
const MAX_PER_KIND: usize = 200;

/// Collects the diagnostics of one file: the checks of each family are its methods, in that family's module.
struct Linter<'a> {
    robots: &'a Robots,
    /// The body is an HTML page: per-line syntax diagnostics would only be noise.
    html: bool,
    out: Vec<Diagnostic>,
    /// How many diagnostics of each kind were found, indexed by the kind (in `DiagnosticKind::ALL` order).
    counts: Vec<usize>,
}

/// Up to 80 bytes of `bytes` as text for a message (invalid UTF-8 replaced), with `…` when cut.
pub(crate) fn lossy(bytes: &[u8]) -> String {
    const MAX: usize = 80;
    let s = String::from_utf8_lossy(&bytes[..bytes.len().min(MAX)]).into_owned();
    if bytes.len() > MAX {
        s + "…"
    } else {
        s
    }
}

/// The directive's name as written in the standard (empty for an unknown key).
fn canonical(kind: KeyKind) -> &'static str {
    match kind {
        KeyKind::UserAgent => "User-agent",
        KeyKind::Allow => "Allow",
        KeyKind::Disallow => "Disallow",
        KeyKind::Sitemap => "Sitemap",
        KeyKind::Unknown => "",
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
