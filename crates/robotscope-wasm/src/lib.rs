//! The robotscope engine for JavaScript: the `robotscope` npm package's wasm half.
//!
//! This crate is an adapter (STYLE rule 20). It converts JavaScript arguments to the core's types and the
//! core's answers to JSON strings or numbers that the JS façade (`js/api.mjs`) turns into objects. Every
//! decision (matching, governs, normalisation, tokens, diagnostics, fetch outcomes) is the core's; the only
//! computation here is the UTF-8 → UTF-16 offset conversion (`utf16.rs`), which only JavaScript needs.
//!
//! Argument checks (types, sizes) are the façade's: it throws `TypeError`/`RangeError` before calling in.

#![cfg_attr(target_arch = "wasm32", no_std)]

extern crate alloc;

use alloc::borrow::ToOwned;
use alloc::string::String;
use alloc::vec::Vec;
use core::cell::OnceCell;

use robotscope::{Governs, RuleMatch, Scope, Span, UrlError, Verdict};
use wasm_bindgen::prelude::*;

#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: dlmalloc::GlobalDlmalloc = dlmalloc::GlobalDlmalloc;

/// The core never panics (fuzzed and property-tested); if it did, the module traps and the JS call throws a
/// `RuntimeError`. Ignoring the message keeps formatting code out of the module.
#[cfg(target_arch = "wasm32")]
#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    core::arch::wasm32::unreachable()
}

mod crawlers;
mod json;
mod profiles;
mod survey;
mod utf16;

use json::Json;
use utf16::Positions;

/// A parsed robots.txt file.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Robots {
    inner: robotscope::Robots,
    /// Line starts in bytes and UTF-16 units, built the first time an answer needs a source position.
    positions: OnceCell<Positions>,
    /// `(line, value span)` of every rule, in file order, to give matched rules their source positions.
    rule_spans: OnceCell<Vec<(usize, Span)>>,
}

/// `limit` < 0 means no limit.
fn parse(body: &[u8], limit: f64) -> Robots {
    let inner = if limit >= 0.0 {
        robotscope::Robots::parse_limited(body, limit as usize)
    } else {
        robotscope::Robots::parse(body)
    };
    Robots { inner, positions: OnceCell::new(), rule_spans: OnceCell::new() }
}

/// The URL error's sentence, as the value a failed call throws (the façade rethrows it as a `TypeError`).
fn into_error(e: UrlError) -> JsValue {
    JsValue::from_str(e.message())
}

impl Robots {
    fn src(&self) -> &[u8] {
        self.inner.source()
    }

    fn positions(&self) -> &Positions {
        self.positions.get_or_init(|| Positions::new(self.inner.source(), self.inner.lines()))
    }

    /// Writes `start`, `end` (UTF-16 offsets), `byteStart` and `byteEnd` of a span.
    fn span(&self, j: &mut Json, span: Span) {
        let p = self.positions();
        j.key("start").num(p.offset(self.src(), span.start));
        j.key("end").num(p.offset(self.src(), span.end));
        j.key("byteStart").num(span.start).key("byteEnd").num(span.end);
    }

    /// Writes a span with the 1-based UTF-16 column of its start.
    fn span_with_column(&self, j: &mut Json, span: Span) {
        let (start, column) = self.positions().at(self.src(), span.start);
        j.key("column").num(column).key("start").num(start);
        j.key("end").num(self.positions().offset(self.src(), span.end));
        j.key("byteStart").num(span.start).key("byteEnd").num(span.end);
    }

    fn rule_match(&self, j: &mut Json, m: &RuleMatch) {
        j.open_object();
        j.key("line").num(m.line);
        j.key("kind").str(m.kind.name());
        j.key("value").str(&m.value).key("pattern").str(&m.pattern);
        j.key("priority").num(m.priority).key("indexFallback").bool(m.index_fallback);
        let spans = self.rule_spans.get_or_init(|| {
            // Pushed, not collected: a `collect` links code of its own per iterator type.
            let mut spans = Vec::new();
            for r in self.inner.rules() {
                spans.push((r.line, r.value_span));
            }
            spans
        });
        if let Ok(i) = spans.binary_search_by_key(&m.line, |s| s.0) {
            self.span_with_column(j, spans[i].1);
        }
        j.close_object();
    }

    /// Writes a verdict as a JSON object, with the usage preferences that apply when asked.
    fn verdict_into(&self, j: &mut Json, v: &Verdict, with_usage: bool) {
        j.open_object();
        j.key("allowed").bool(v.allowed).key("line").num(v.line);
        j.key("rule").opt(v.decided_by.as_ref(), |j, m| self.rule_match(j, m));
        j.key("scope").str(v.scope.name()).key("ownGroup").bool(v.scope == Scope::Specific);
        j.key("path").str(&v.path);
        j.key("groups").nums(&v.groups).key("groupLines").nums(&v.group_lines);
        j.key("matches").open_array();
        for m in &v.matches {
            self.rule_match(j, m);
        }
        j.close_array();
        if with_usage {
            j.key("usage");
            crawlers::usage(j, &self.inner.usage_for(v));
        }
        j.close_object();
    }
}

#[wasm_bindgen]
impl Robots {
    /// Parses the first `len` bytes of `scratch` (the façade writes a string's UTF-8 or the caller's bytes
    /// there). `limit` < 0: all of them; otherwise at most `limit` bytes.
    #[wasm_bindgen(js_name = fromScratch)]
    pub fn from_scratch(scratch: &Scratch, len: usize, limit: f64) -> Robots {
        let mut robots = parse(&scratch.buf[..len], limit);
        // The façade keeps parsed files in a cache bounded by their size: give back the room parsing reserved.
        robots.inner.shrink_to_fit();
        robots
    }

    /// The bytes the parsed file holds in wasm memory (`robotscope::Robots::heap_bytes`), which the façade's
    /// cache counts.
    #[wasm_bindgen(getter, js_name = heapBytes)]
    pub fn heap_bytes(&self) -> usize {
        self.inner.heap_bytes()
    }

    /// `line * 2 + allowed`: the verdict and deciding line for the agents and the URL in `scratch` (see
    /// [`Scratch`]).
    pub fn decide(&self, scratch: &Scratch, several: bool, agents_len: usize, url_len: usize) -> f64 {
        let (allowed, line) = scratch.read(several, agents_len, url_len, |agents, url| self.inner.decide(agents, url));
        (line as f64) * 2.0 + if allowed { 1.0 } else { 0.0 }
    }

    /// The explained verdict (SPEC B1) as JSON, for the agents and the URL in `scratch`, under the profile of
    /// index `profile` in `Profile::ALL` (0: Google); with `usage`, also the usage preferences that apply
    /// (`Robots::usage_for`) as its `usage` member (the façade asks for them only under Google).
    pub fn check(
        &self,
        scratch: &Scratch,
        several: bool,
        agents_len: usize,
        url_len: usize,
        usage: bool,
        profile: u8,
    ) -> String {
        let v = scratch
            .read(several, agents_len, url_len, |agents, url| profiles::check(&self.inner, profile, agents, url));
        let mut j = Json::new();
        self.verdict_into(&mut j, &v, usage);
        j.finish()
    }

    /// The diagnostics (SPEC B3) as a JSON array.
    pub fn diagnostics(&self) -> String {
        let mut j = Json::new();
        j.open_array();
        for d in self.inner.diagnostics() {
            j.open_object();
            j.key("kind").str(d.kind.code()).key("severity").str(d.severity.name());
            j.key("line").num(d.line);
            self.span_with_column(&mut j, d.span);
            j.key("message").str(&d.message).key("help").opt_str(d.help.as_deref());
            j.close_object();
        }
        j.close_array();
        j.finish()
    }

    /// The per-line report (SPEC A2.9, A6) and its totals as JSON.
    pub fn report(&self) -> String {
        let report = self.inner.report();
        let src = self.src();
        let mut j = Json::new();
        j.open_object().key("lines").open_array();
        for l in &report.lines {
            let line = &l.line;
            j.open_object();
            j.key("line").num(line.number).key("tag").str(l.tag.name());
            self.span(&mut j, line.span);
            j.key("text").bytes(&src[line.span.start..line.span.end]);
            j.key("directive").opt(line.directive.as_ref(), |j, d| {
                j.open_object();
                j.key("kind").str(d.kind.name());
                j.key("key").bytes(&src[d.key.start..d.key.end]);
                j.key("value").bytes(&src[d.value.start..d.value.end]);
                let p = self.positions();
                j.key("keyStart").num(p.offset(src, d.key.start)).key("keyEnd").num(p.offset(src, d.key.end));
                j.key("valueStart").num(p.offset(src, d.value.start));
                j.key("valueEnd").num(p.offset(src, d.value.end));
                j.close_object();
            });
            j.key("comment").opt(line.comment, |j, c| {
                j.num(self.positions().offset(src, c));
            });
            let m = &line.metadata;
            j.key("isEmpty").bool(m.is_empty).key("hasComment").bool(m.has_comment);
            j.key("isComment").bool(m.is_comment).key("hasDirective").bool(m.has_directive);
            j.key("isAcceptableTypo").bool(m.is_acceptable_typo).key("isLineTooLong").bool(m.is_line_too_long);
            j.key("isMissingColonSeparator").bool(m.is_missing_colon_separator);
            j.close_object();
        }
        j.close_array();
        j.key("validDirectives").num(report.valid_directives);
        j.key("unusedDirectives").num(report.unused_directives);
        j.key("lastLineSeen").num(report.last_line_seen);
        j.close_object();
        j.finish()
    }

    /// The `Sitemap:` lines as a JSON array.
    pub fn sitemaps(&self) -> String {
        let mut j = Json::new();
        j.open_array();
        for s in self.inner.sitemaps() {
            j.open_object().key("url").bytes(s.url).key("line").num(s.line);
            self.span(&mut j, s.span);
            j.close_object();
        }
        j.close_array();
        j.finish()
    }

    /// The groups (user-agent lines and rules) as a JSON array.
    pub fn groups(&self) -> String {
        let mut j = Json::new();
        j.open_array();
        for g in self.inner.groups() {
            j.open_object().key("index").num(g.index).key("global").bool(g.is_global());
            j.key("agents").open_array();
            for a in g.agents() {
                j.open_object().key("line").num(a.line).key("value").bytes(a.value).key("token").bytes(a.token);
                j.key("global").bool(a.global);
                self.span(&mut j, a.value_span);
                j.close_object();
            }
            j.close_array().key("rules").open_array();
            for r in g.rules() {
                j.open_object().key("line").num(r.line);
                j.key("kind").str(r.kind.name());
                j.key("value").bytes(r.value).key("pattern").bytes(r.pattern).key("priority").num(r.priority());
                self.span(&mut j, r.value_span);
                j.close_object();
            }
            j.close_array().close_object();
        }
        j.close_array();
        j.finish()
    }

    /// Lines with keys Google does not act on (crawl-delay, host, ...) as a JSON array.
    #[wasm_bindgen(js_name = otherDirectives)]
    pub fn other_directives(&self) -> String {
        let mut j = Json::new();
        j.open_array();
        for o in self.inner.other_directives() {
            j.open_object().key("line").num(o.line).key("key").bytes(o.key).key("value").bytes(o.value);
            j.key("group").opt(o.group, |j, g| {
                j.num(g);
            });
            self.span(&mut j, o.value_span);
            j.close_object();
        }
        j.close_array();
        j.finish()
    }

    /// The crawl-delay that applies to the agents in `scratch`: `[seconds, line]`, empty when none applies.
    #[wasm_bindgen(js_name = crawlDelay)]
    pub fn crawl_delay(&self, scratch: &Scratch, several: bool, agents_len: usize) -> Vec<f64> {
        match scratch.read(several, agents_len, 0, |agents, _| self.inner.crawl_delay(agents)) {
            Some((seconds, line)) => alloc::vec![seconds, line as f64],
            None => Vec::new(),
        }
    }

    /// The first `Host:` value and its line as JSON `[value, line]`, or `null`.
    #[wasm_bindgen(js_name = preferredHost)]
    pub fn preferred_host(&self) -> String {
        let mut j = Json::new();
        j.opt(self.inner.preferred_host(), |j, (host, line)| {
            j.open_array().bytes(host).num(line).close_array();
        });
        j.finish()
    }

    /// Whether any `User-agent` line names one of the agents in `scratch` (not counting `*`).
    #[wasm_bindgen(js_name = hasOwnGroup)]
    pub fn has_own_group(&self, scratch: &Scratch, several: bool, agents_len: usize) -> bool {
        scratch.read(several, agents_len, 0, |agents, _| self.inner.has_own_group(agents))
    }

    #[wasm_bindgen(getter, js_name = lineCount)]
    pub fn line_count(&self) -> usize {
        self.inner.line_count()
    }

    #[wasm_bindgen(getter, js_name = byteLength)]
    pub fn byte_length(&self) -> usize {
        self.src().len()
    }

    /// The input's full length when a size limit cut it, else -1.
    #[wasm_bindgen(getter, js_name = cutFrom)]
    pub fn cut_from(&self) -> f64 {
        self.inner.cut_from().map_or(-1.0, |n| n as f64)
    }

    /// The parsed source as text (invalid UTF-8 replaced), the string UTF-16 offsets index.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(self.src()).into_owned()
    }
}

/// The byte between two agents in a [`Scratch`]: UTF-8 never holds it, so any agent string can be passed.
const AGENT_SEPARATOR: u8 = 0xFF;

/// A buffer in the module's memory that the façade writes arguments into: a query's agents (several joined by
/// [`AGENT_SEPARATOR`]) and URL as UTF-8, or a robots.txt body. A call then crosses the boundary as numbers,
/// without allocating, copying and freeing strings in wasm per call. The façade holds one for the module's
/// lifetime.
#[wasm_bindgen]
#[derive(Debug, Default)]
pub struct Scratch {
    buf: Vec<u8>,
}

#[wasm_bindgen]
impl Scratch {
    #[wasm_bindgen(constructor)]
    pub fn new() -> Scratch {
        Scratch::default()
    }

    /// Makes the buffer exactly `len` bytes long (growing or shrinking it) and returns its address in the
    /// module's memory. The address changes when the size does; the bytes are not kept.
    pub fn resize(&mut self, len: usize) -> usize {
        self.buf = alloc::vec![0; len];
        self.buf.as_ptr() as usize
    }
}

impl Scratch {
    /// Calls `f` with the agents (the first `agents_len` bytes: one agent, or `several` joined by
    /// [`AGENT_SEPARATOR`]) and the URL (the next `url_len` bytes). Every query goes through the one
    /// agent-list type `[&str]`, so the matcher is compiled once.
    fn read<T>(&self, several: bool, agents_len: usize, url_len: usize, f: impl FnOnce(&[&str], &str) -> T) -> T {
        let (agents, rest) = self.buf.split_at(agents_len);
        let url = utf8(&rest[..url_len]);
        if several {
            f(&agents.split(|&b| b == AGENT_SEPARATOR).map(utf8).collect::<Vec<&str>>(), url)
        } else {
            f(&[utf8(agents)], url)
        }
    }
}

/// The façade writes with `TextEncoder`, which always produces UTF-8; anything else is a bug that traps.
fn utf8(bytes: &[u8]) -> &str {
    core::str::from_utf8(bytes).unwrap_or_else(|_| panic!())
}

/// The robots.txt URL that governs `pageUrl` (SPEC B4). Throws the error's sentence for a bad URL.
#[wasm_bindgen(js_name = robotsUrl)]
pub fn robots_url(page_url: &str) -> Result<String, JsValue> {
    robotscope::robots_url(page_url).map_err(into_error)
}

/// Whether the robots.txt at `robotsUrl` governs `pageUrl` (SPEC B4), as JSON `{governs, reason, message}`.
#[wasm_bindgen]
pub fn governs(robots_url: &str, page_url: &str) -> Result<String, JsValue> {
    let g = robotscope::governs(robots_url, page_url).map_err(into_error)?;
    let mut j = Json::new();
    j.open_object().key("governs").bool(g == Governs::Yes);
    j.key("reason").str(g.name()).key("message").str(g.message()).close_object();
    Ok(j.finish())
}

/// The URL as a browser would send it (SPEC B2). Throws the error's sentence for a bad URL.
#[wasm_bindgen(js_name = normalizeUrl)]
pub fn normalize_url(url: &str) -> Result<String, JsValue> {
    robotscope::normalize_url(url).map_err(into_error)
}

/// The path rules are matched against (SPEC A5.1).
#[wasm_bindgen(js_name = pathOf)]
pub fn path_of(url: &str) -> String {
    robotscope::path_of(url)
}

/// The product token a person meant (SPEC B2): a token as it is, or the crawler a full User-Agent header
/// names (`Mozilla/5.0 (compatible; Googlebot/2.1; ...)` → `Googlebot`).
#[wasm_bindgen(js_name = productToken)]
pub fn product_token(user_agent: &str) -> String {
    robotscope::token_from_user_agent(user_agent).to_owned()
}

/// Whether `agent` is a valid product token to obey (SPEC A4.4).
#[wasm_bindgen(js_name = isValidAgent)]
pub fn is_valid_agent(agent: &str) -> bool {
    robotscope::is_valid_agent(agent)
}

/// The rule pattern as Google matches it (SPEC A3).
#[wasm_bindgen(js_name = escapePattern)]
pub fn escape_pattern(value: &str) -> String {
    robotscope::escape_pattern(value.as_bytes())
}

/// What an HTTP status of a robots.txt fetch means (SPEC B5), as JSON `{outcome, message}`.
#[wasm_bindgen(js_name = fetchOutcome)]
pub fn fetch_outcome(status: u16) -> String {
    let o = robotscope::fetch_outcome(status);
    let mut j = Json::new();
    j.open_object().key("outcome").str(o.name()).key("message").str(o.message()).close_object();
    j.finish()
}

/// A robots.txt fetch without I/O (the core's `Fetch`, SPEC B4 and B5): the façade sends each request and reports
/// each answer; the core decides the redirects, the size limit and the outcome with its words.
#[wasm_bindgen(js_name = FetchState)]
#[derive(Debug)]
pub struct FetchState {
    fetch: robotscope::Fetch,
    done: Option<robotscope::Fetched>,
}

#[wasm_bindgen(js_class = FetchState)]
impl FetchState {
    /// The fetch of the robots.txt that governs `pageUrl`. Throws the error's sentence for a bad URL.
    #[wasm_bindgen(constructor)]
    pub fn new(page_url: &str) -> Result<FetchState, JsValue> {
        Ok(FetchState { fetch: robotscope::Fetch::new(page_url).map_err(into_error)?, done: None })
    }

    /// The URL to request next.
    pub fn url(&self) -> String {
        self.fetch.url().to_owned()
    }

    /// The most of a body that counts: read one byte more to tell a cut file.
    pub fn limit(&self) -> usize {
        self.fetch.limit()
    }

    /// An answer's status and `Location`: `request` (ask `url()` next), `read-body` or `done`.
    pub fn response(&mut self, status: u16, location: Option<String>) -> String {
        match self.fetch.response(status, location.as_deref()) {
            robotscope::Step::Request => "request",
            robotscope::Step::Done(done) => {
                self.done = Some(done);
                "done"
            }
            _ => "read-body",
        }
        .to_owned()
    }

    /// The body of a 2xx answer, at most `limit() + 1` bytes.
    pub fn body(&mut self, bytes: &[u8]) {
        self.done = Some(self.fetch.body(bytes));
    }

    /// A 2xx body that could not be read to its end, in words.
    #[wasm_bindgen(js_name = bodyError)]
    pub fn body_error(&mut self, error: &str) {
        self.done = Some(self.fetch.body_error(error));
    }

    /// No answer (DNS, connection, timeout), in words.
    #[wasm_bindgen(js_name = networkError)]
    pub fn network_error(&mut self, error: &str) {
        self.done = Some(self.fetch.network_error(error));
    }

    /// The outcome as JSON: `{outcome, status, robotsUrl, finalUrl, redirects: [{status, location}], reason, error,
    /// cut}` (before the end: the redirects so far and a `disallow-all` outcome with no reason).
    pub fn result(&self) -> String {
        let (mut j, redirects) = (Json::new(), self.fetch.redirects());
        let d = self.done.as_ref();
        j.open_object().key("outcome").str(d.map_or("disallow-all", |d| d.outcome.name()));
        j.key("status").opt(d.and_then(|d| d.status), |j, s| {
            j.num(usize::from(s));
        });
        j.key("robotsUrl").str(d.map_or("", |d| &d.robots_url)).key("finalUrl").str(self.fetch.url());
        j.key("redirects").open_array();
        for r in redirects {
            j.open_object().key("status").num(usize::from(r.status)).key("location").str(&r.location).close_object();
        }
        j.close_array()
            .key("reason")
            .str(d.map_or("", |d| &d.reason))
            .key("error")
            .opt_str(d.and_then(|d| d.error.as_deref()));
        j.key("cut").bool(d.is_some_and(|d| d.cut)).close_object();
        j.finish()
    }

    /// The file the fetch kept (a `parse-body` outcome), handed over once.
    #[wasm_bindgen(js_name = takeBody)]
    pub fn take_body(&mut self) -> Vec<u8> {
        self.done.as_mut().map(|d| core::mem::take(&mut d.body)).unwrap_or_default()
    }
}

/// The module's `WebAssembly.Memory`, for the façade to write into a [`Scratch`].
#[wasm_bindgen(js_name = wasmMemory)]
pub fn wasm_memory() -> JsValue {
    wasm_bindgen::memory()
}
