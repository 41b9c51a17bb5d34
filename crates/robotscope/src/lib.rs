//! robotscope reads robots.txt files exactly as Google's production matcher does (RFC 9309 as deployed),
//! and says why: the deciding line, the group that applied, every rule that matched, and per-line
//! diagnostics for what a crawler reads differently from what the author probably meant.
//!
//! ```
//! use robotscope::Robots;
//!
//! let robots = Robots::parse("User-agent: *\nDisallow: /private/\nAllow: /private/press/\n");
//! let verdict = robots.check("Googlebot", "https://example.com/private/press/2024.html");
//! assert!(verdict.allowed);
//! assert_eq!(verdict.line, 3); // `Allow: /private/press/` (priority 15) beats `Disallow: /private/` (9)
//! assert!(!robots.is_allowed("Googlebot", "https://example.com/private/plans"));
//! ```
//!
//! # Overview
//!
//! * [`Robots::parse`] takes any bytes and never fails. Parse once, then ask many times.
//! * [`Robots::is_allowed`] and [`Robots::decide`] answer fast; [`Robots::check`] returns a [`Verdict`] that
//!   explains the answer, and [`Robots::explain`] says it in words. Agents are one `&str` or a list, pooled as
//!   Google pools them. [`Robots::matcher`] finds the rules for one agent list once, for many URLs.
//! * [`Robots::lines`] is the tokenizer's per-line view with Google's flags; [`Robots::report`] tags each
//!   line as Search Console's report does; [`Robots::diagnostics`] lints the file.
//! * [`Robots::sitemaps`], [`Robots::other_directives`], [`Robots::crawl_delay`] and
//!   [`Robots::preferred_host`] expose the non-group lines.
//! * Helpers: [`path_of`] (URL to matchable path), [`escape_pattern`], [`pattern_matches`],
//!   [`product_token`], [`is_valid_agent`], [`token_from_user_agent`], [`normalize_url`], [`robots_url`],
//!   [`governs`], [`fetch_outcome`], and the crawler presets [`CRAWLERS`].
//! * Three readings of one file (SPEC B6): [`Robots::reading`] answers under a [`Profile`] (`google`, the
//!   default and the engine itself; `rfc9309`, RFC 9309 as written; `1994`, the original standard), with the
//!   same [`Verdict`] and its own explanation, and [`Robots::compare`] marks where the profiles disagree.
//! * What people type: [`resolve_agent`] reads a product token, a full User-Agent header or a preset name,
//!   [`Robots::check_agent`] answers with the preset's fallbacks, and [`resolve_url`] reads a URL, a path or a
//!   bare word. Every robotscope tool reads typed input through these.
//! * Whole questions: [`Robots::ask`] answers a [`Question`] (typed agents and URLs, a view, a baseline) with a
//!   [`Survey`] of plain data that every surface renders; [`Robots::explain_cell`] says a cell in words, and
//!   [`Robots::ai_summary`] is what the file does to the catalogue's AI crawlers.
//!
//! # Features
//!
//! * `std` (default): implements `std::error::Error`. Without it the crate is `no_std` and needs only
//!   `alloc`.
//! * `ai-lint`: the AI-era diagnostics (merged-group ties, search crawlers in training blocklists, retired
//!   tokens, malformed `Content-Signal` and `Content-Usage` lines). Off by default because it costs about 4 KB
//!   in a size-sensitive `.wasm`; the CLI, the tester and the Python package turn it on.
//! * `profile-lint`: the interpretation-profile diagnostics (`rfc9309-ignores-line` on each line only Google
//!   reads as written, `profiles-disagree` when Google and RFC 9309 crawlers answer the file differently). Off
//!   by default; the CLI, the tester, the Python package and the tests turn it on, so their lint agrees.
#![no_std]
#![forbid(unsafe_code)]
#![deny(missing_docs)]
#![warn(missing_debug_implementations, rustdoc::broken_intra_doc_links)]

extern crate alloc;
#[cfg(feature = "std")]
extern crate std;

mod agent;
pub mod audit;

/// The items of `iter` in a `Vec`, pushed one by one: `collect` links code of its own for each iterator type
/// (size hints, specialisations), which the npm package's `.wasm` pays for every list built that way.
pub(crate) fn pushed<I: Iterator>(iter: I) -> alloc::vec::Vec<I::Item> {
    let mut items = alloc::vec::Vec::with_capacity(iter.size_hint().0);
    for item in iter {
        items.push(item);
    }
    items
}

/// `&s[a..b]`, or `""` where `a..b` does not lie on character boundaries of `s` (every caller cuts next to
/// ASCII bytes, so it always does): `str`'s slicing panic links `char`'s and `Range`'s `Debug`, the printable
/// tables and integer padding, about 4.6 KB of the npm package's `.wasm`.
#[inline]
pub(crate) fn cut(s: &str, a: usize, b: usize) -> &str {
    s.get(a..b).unwrap_or("")
}

mod fetch;
mod idna;
mod lines;
mod lint;
mod lists;
mod pattern;
mod policy;
mod profile;
mod question;
mod report;
mod resolve;
mod robots;
mod url;
mod usage;
mod verdict;

pub use agent::{
    crawler, is_valid_agent, product_token, token_from_user_agent, Crawler, CrawlerFacts, CrawlerKind, Obeys, CRAWLERS,
    CRAWLER_FACTS,
};
pub use fetch::{
    fetch_outcome, join_location, status_text, Fetch, FetchOutcome, Fetched, Governing, Redirect, Step, MAX_REDIRECTS,
};
pub use lines::{key_kind, Directive, KeyKind, Line, LineMetadata, Lines, MAX_LINE_LEN};
pub use lint::{Diagnostic, DiagnosticKind, Severity};
pub use lists::{agent_rows, list_items, url_rows, Rows, MAX_AGENTS, MAX_URLS};
pub use pattern::{escape_pattern, pattern_matches};
pub use policy::{
    Change, ChangeLine, Choice, CrawlerCheck, Difference, Held, KindPolicy, NoPlace, Plan, Policy, PolicyEdit,
    PolicyKind, Reason, PLAN_PATHS,
};
pub use profile::{Compared, Comparison, Ignored, IgnoredLine, Profile, Reading};
pub use question::{
    ai_agents, AiAnswer, AiCount, AiGroup, AiGroupSummary, Answer, AskedAgent, AskedUrl, Brief, Cell, Question, Survey,
    View, AI_GROUPS,
};
pub use report::{LineReport, Report, Tag};
pub use resolve::{crawler_set, resolve_agent, resolve_url, AgentCheck, AgentKind, TypedAgent, TypedUrl, UrlKind};
pub use robots::{Agents, Group, Matcher, OtherDirective, Robots, Rule, Sitemap, UserAgent};
pub use url::{governs, normalize_url, path_of, robots_url, Governs, UrlError};
pub use usage::{
    ContentSignal, ContentUsage, Preference, Signal, Usage, CONTENT_SIGNAL_KEYS, CONTENT_USE_VALUES, USAGE_LABELS,
};
pub use verdict::{GroupLines, RuleKind, RuleMatch, Scope, Verdict};

/// Google's crawlers read only the first 500 KiB of a robots.txt file.
pub const GOOGLE_SIZE_LIMIT: usize = 500 * 1024;

/// The sitemaps protocol's limits for one sitemap file (sitemaps.org): at most 50,000 URLs and 50 MB
/// (52,428,800 bytes) uncompressed. Every surface that reads a list of URLs from a sitemap or a file (the CLI's
/// `--sitemap` and `--urls`, the tester's URL file) stops there.
pub const SITEMAP_MAX_URLS: usize = 50_000;
/// See [`SITEMAP_MAX_URLS`].
pub const SITEMAP_MAX_BYTES: u64 = 50 * 1024 * 1024;

/// This crate's version, the engine's version (`robotscope --version` prints it).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

/// The release of Google's robots.txt library (<https://github.com/google/robotstxt>) whose answers this
/// version of the engine reproduces and is tested against. Its matcher is the same code as in the 2024 snapshot
/// the PyPI package `jwm.robotstxt` 1.0.8 wraps; 1.0.0 added the Search Console report's list of unsupported
/// tags that [`Robots::report`] follows.
pub const GOOGLE_REFERENCE: &str = "google/robotstxt 1.0.0";

/// A byte range of the parsed source: `start..end`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Span {
    /// First byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The span `start..end`.
    pub const fn new(start: usize, end: usize) -> Span {
        Span { start, end }
    }

    /// Its length in bytes.
    pub const fn len(&self) -> usize {
        self.end - self.start
    }

    /// Whether it is empty.
    pub const fn is_empty(&self) -> bool {
        self.end == self.start
    }
}

/// One-shot form of [`Robots::is_allowed`]: parses `robots` and answers one query.
///
/// ```
/// assert!(!robotscope::is_allowed(b"User-agent: *\nDisallow: /", "AnyBot", "https://example.com/"));
/// ```
pub fn is_allowed(robots: &[u8], agent: &str, url: &str) -> bool {
    Robots::parse(robots).is_allowed(agent, url)
}

/// A parsed file is shared between threads (a crawler's workers, the Python package without the GIL): this fails to
/// compile when a field makes `Robots` (or what borrows it) `!Send` or `!Sync`. Without `std` (one thread: the npm
/// package's `.wasm`) its indexes are built in a `core::cell::OnceCell`, so a parsed file is `Send` but not `Sync`.
#[cfg(feature = "std")]
const _: fn() = || {
    fn shareable<T: Send + Sync>() {}
    shareable::<Robots>();
    shareable::<Matcher<'static>>();
    shareable::<Reading<'static>>();
};

#[cfg(not(feature = "std"))]
const _: fn() = || {
    fn sendable<T: Send>() {}
    sendable::<Robots>();
    sendable::<crate::Verdict>();
};
