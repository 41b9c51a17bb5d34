//! The Python extension module `robotscope._native`: an adapter between CPython and the core crate. Every answer
//! comes from `robotscope`; this file converts arguments and results, and releases the GIL while the core works.
//!
//! Typed agents and URLs are read by the core's `resolve_agent` and `resolve_url` and answered with
//! `check_agent` (what the CLI's `--normalize`, the npm package and the tester do); `exact=True` gives the
//! matcher the strings as they are, as Google's library takes them.

use std::sync::Arc;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyString};
use robotscope as core;
use robotscope::{AgentCheck, Profile, TypedAgent};

mod arrow;

/// A robots.txt body as Python hands it over: `bytes`, `bytearray` or `str` (encoded as UTF-8).
fn body_bytes(body: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    if let Ok(b) = body.cast::<PyBytes>() {
        Ok(b.as_bytes().to_vec())
    } else if let Ok(b) = body.cast::<PyByteArray>() {
        Ok(b.to_vec())
    } else if let Ok(s) = body.cast::<PyString>() {
        // Lone surrogates cannot be UTF-8; they become U+FFFD, as any other undecodable byte would read.
        Ok(s.to_string_lossy().into_owned().into_bytes())
    } else {
        let name = body.get_type().name()?;
        Err(PyTypeError::new_err(format!("a robots.txt body is bytes, bytearray or str, not {name}")))
    }
}

fn profile_of(name: &str) -> PyResult<Profile> {
    Profile::parse(name).ok_or_else(|| {
        PyValueError::new_err(format!("unknown profile {name:?}: use \"google\", \"rfc9309\" or \"1994\""))
    })
}

/// One agent or, in exact mode, a list pooled as Google pools them.
#[derive(FromPyObject)]
enum AgentArg {
    One(String),
    Many(Vec<String>),
}

/// What an answer was asked for: a typed agent (read by the core) or the exact strings.
#[derive(Clone)]
enum Asked {
    Typed { agent: TypedAgent, url: core::TypedUrl, token: Option<String>, follows: Option<String> },
    Exact { agents: Vec<String>, url: String },
}

/// A parsed robots.txt file. Immutable: parse once, ask from any number of threads.
#[pyclass(frozen, module = "robotscope", name = "Robots")]
struct Robots {
    inner: Arc<core::Robots>,
}

/// How one question is answered: the file, the reading and the agent as given.
fn answer(
    robots: &core::Robots,
    profile: Profile,
    agent: &AgentArg,
    url: &str,
    exact: bool,
    base: Option<&str>,
) -> Answer {
    let reading = robots.reading(profile);
    match agent {
        AgentArg::One(a) if !exact => {
            let typed = core::resolve_agent(a);
            let url = core::resolve_url(url, base);
            let AgentCheck { token, follows, verdict } = reading.check_agent(&typed, &url.tested);
            Answer { verdict, asked: Asked::Typed { agent: typed, url, token, follows } }
        }
        AgentArg::One(a) => {
            let agents = vec![a.clone()];
            let verdict = reading.check(&agents, url);
            Answer { verdict, asked: Asked::Exact { agents, url: url.to_string() } }
        }
        AgentArg::Many(agents) => {
            let verdict = reading.check(agents, url);
            Answer { verdict, asked: Asked::Exact { agents: agents.clone(), url: url.to_string() } }
        }
    }
}

struct Answer {
    verdict: core::Verdict,
    asked: Asked,
}

fn typed_only(agent: &AgentArg, exact: bool) -> PyResult<()> {
    if matches!(agent, AgentArg::Many(_)) && !exact {
        return Err(PyValueError::new_err(
            "a list of agents is pooled exactly as Google's library pools it: pass exact=True (typed agents are \
             asked one at a time)",
        ));
    }
    Ok(())
}

#[pymethods]
impl Robots {
    /// Parses a robots.txt body (bytes, bytearray or str). Never raises on content: any bytes are a file.
    /// `limit` keeps only the first `limit` bytes, as a crawler with a size limit reads it (Google: 500 KiB).
    #[staticmethod]
    #[pyo3(signature = (body, *, limit = None))]
    fn parse(py: Python<'_>, body: &Bound<'_, PyAny>, limit: Option<usize>) -> PyResult<Robots> {
        let bytes = body_bytes(body)?;
        let robots = py.detach(move || match limit {
            Some(limit) => core::Robots::parse_limited(bytes, limit),
            None => core::Robots::parse_owned(bytes),
        });
        Ok(Robots { inner: Arc::new(robots) })
    }

    /// May `agent` fetch `url`, and why. `agent` is read as a person types it (a product token, a User-Agent
    /// header or a crawler preset, with the preset's fallbacks) and `url` as a URL, host or path, unless
    /// `exact` is true, which gives both to the matcher as they are (then `agent` may also be a list).
    #[pyo3(signature = (agent, url, *, exact = false, profile = "google", base = None))]
    fn check(
        &self,
        py: Python<'_>,
        agent: AgentArg,
        url: &str,
        exact: bool,
        profile: &str,
        base: Option<&str>,
    ) -> PyResult<Verdict> {
        typed_only(&agent, exact)?;
        let profile = profile_of(profile)?;
        let robots = &*self.inner;
        let answer = py.detach(|| answer(robots, profile, &agent, url, exact, base));
        Ok(Verdict { robots: Arc::clone(&self.inner), profile, verdict: answer.verdict, asked: answer.asked })
    }

    /// Whether `agent` may fetch `url` (the answer of `check` without its explanation).
    #[pyo3(signature = (agent, url, *, exact = false))]
    fn is_allowed(&self, py: Python<'_>, agent: AgentArg, url: &str, exact: bool) -> PyResult<bool> {
        typed_only(&agent, exact)?;
        let robots = &*self.inner;
        Ok(py.detach(|| match &agent {
            // The token `check_agent` would give the matcher (a preset's fallback, or none for a crawler that
            // ignores `*` and has no group), answered without the explanation.
            AgentArg::One(a) if !exact => match robots.agent_token(&core::resolve_agent(a)) {
                Some(token) => robots.is_allowed(&[token.as_str()][..], &core::resolve_url(url, None).tested),
                None => true,
            },
            AgentArg::One(a) => robots.is_allowed(a.as_str(), url),
            AgentArg::Many(agents) => robots.is_allowed(agents, url),
        }))
    }

    /// Every agent against every URL: one row of verdicts per agent, each cell answered by `check`.
    #[pyo3(signature = (agents, urls, *, exact = false, profile = "google", base = None))]
    fn grid(
        &self,
        py: Python<'_>,
        agents: Vec<String>,
        urls: Vec<String>,
        exact: bool,
        profile: &str,
        base: Option<&str>,
    ) -> PyResult<Vec<Vec<Verdict>>> {
        let profile = profile_of(profile)?;
        let robots = &*self.inner;
        let rows = py.detach(|| {
            agents
                .into_iter()
                .map(|a| {
                    let a = AgentArg::One(a);
                    urls.iter().map(|u| answer(robots, profile, &a, u, exact, base)).collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        });
        Ok(rows
            .into_iter()
            .map(|row| {
                row.into_iter()
                    .map(|a| Verdict { robots: Arc::clone(&self.inner), profile, verdict: a.verdict, asked: a.asked })
                    .collect()
            })
            .collect())
    }

    /// The answer under each of the three readings (`google`, `rfc9309`, `1994`), keyed by profile name.
    #[pyo3(signature = (agent, url, *, exact = false, base = None))]
    fn readings(
        &self,
        py: Python<'_>,
        agent: AgentArg,
        url: &str,
        exact: bool,
        base: Option<&str>,
    ) -> PyResult<Vec<(String, Verdict)>> {
        typed_only(&agent, exact)?;
        let robots = &*self.inner;
        let answers = py.detach(|| {
            Profile::ALL.map(|p| (p, answer(robots, p, &agent, url, exact, base))).into_iter().collect::<Vec<_>>()
        });
        Ok(answers
            .into_iter()
            .map(|(profile, a)| {
                let v = Verdict { robots: Arc::clone(&self.inner), profile, verdict: a.verdict, asked: a.asked };
                (profile.as_str().to_string(), v)
            })
            .collect())
    }

    /// The file's diagnostics (lint), in line order.
    fn lint(&self, py: Python<'_>) -> Vec<Diagnostic> {
        let robots = &*self.inner;
        py.detach(|| robots.diagnostics()).into_iter().map(Diagnostic::from).collect()
    }

    /// The `Sitemap:` URLs, in file order.
    #[getter]
    fn sitemaps(&self) -> Vec<String> {
        self.inner.sitemaps().map(|s| String::from_utf8_lossy(s.url).into_owned()).collect()
    }

    /// The `Crawl-delay` in seconds for `agent` (its own groups, else `*`), or None. Google ignores it.
    #[pyo3(signature = (agent, *, exact = false))]
    fn crawl_delay(&self, agent: AgentArg, exact: bool) -> PyResult<Option<f64>> {
        typed_only(&agent, exact)?;
        let robots = &*self.inner;
        Ok(match &agent {
            AgentArg::One(a) if !exact => {
                let typed = core::resolve_agent(a);
                robots.agent_token(&typed).and_then(|t| robots.crawl_delay(t.as_str()))
            }
            AgentArg::One(a) => robots.crawl_delay(a.as_str()),
            AgentArg::Many(agents) => robots.crawl_delay(agents),
        }
        .map(|(seconds, _)| seconds))
    }

    /// The values of the `key` lines (ASCII case ignored; `Request-rate`, `Visit-time`, any line Google does not
    /// act on) in the groups that apply to `agent`, in file order: the groups Google's matcher selects.
    #[pyo3(signature = (key, agent, *, exact = false))]
    fn group_values(&self, py: Python<'_>, key: &str, agent: AgentArg, exact: bool) -> PyResult<Vec<String>> {
        typed_only(&agent, exact)?;
        let robots = &*self.inner;
        Ok(py.detach(|| {
            let groups = answer(robots, Profile::Google, &agent, "/", exact, None).verdict.groups;
            robots
                .other_directives()
                .filter(|o| o.group.is_some_and(|g| groups.contains(&g)) && o.key.eq_ignore_ascii_case(key.as_bytes()))
                .map(|o| String::from_utf8_lossy(o.value).into_owned())
                .collect()
        }))
    }

    /// The first `Host:` value (Yandex's preferred mirror), or None.
    #[getter]
    fn preferred_host(&self) -> Option<String> {
        self.inner.preferred_host().map(|(h, _)| String::from_utf8_lossy(h).into_owned())
    }

    /// The usage preferences (`Content-Usage`, `Content-Signal`) for `agent` at `url`. They never change the
    /// crawl verdict.
    #[pyo3(signature = (agent, url, *, exact = false, base = None))]
    fn usage(&self, py: Python<'_>, agent: AgentArg, url: &str, exact: bool, base: Option<&str>) -> PyResult<Usage> {
        typed_only(&agent, exact)?;
        let robots = &*self.inner;
        let usage = py.detach(|| {
            let a = answer(robots, Profile::Google, &agent, url, exact, base);
            robots.usage_for(&a.verdict)
        });
        Ok(Usage::from(usage))
    }

    /// The body that was parsed.
    #[getter]
    fn source<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, self.inner.source())
    }

    /// The number of lines.
    #[getter]
    fn line_count(&self) -> usize {
        self.inner.line_count()
    }

    /// The body's full length when `limit` cut it, else None.
    #[getter]
    fn cut_from(&self) -> Option<usize> {
        self.inner.cut_from()
    }

    fn __repr__(&self) -> String {
        format!("<robotscope.Robots: {} bytes, {} lines>", self.inner.source().len(), self.inner.line_count())
    }
}

/// A matched rule.
#[pyclass(frozen, module = "robotscope", name = "RuleMatch", get_all)]
struct RuleMatch {
    line: usize,
    /// `allow` or `disallow`.
    kind: &'static str,
    value: String,
    pattern: String,
    priority: usize,
    index_fallback: bool,
}

#[pymethods]
impl RuleMatch {
    fn __repr__(&self) -> String {
        let kind = if self.kind == "allow" { "Allow" } else { "Disallow" };
        format!("<RuleMatch line {}: {kind}: {}>", self.line, self.value)
    }
}

impl From<&core::RuleMatch> for RuleMatch {
    fn from(m: &core::RuleMatch) -> Self {
        RuleMatch {
            line: m.line,
            kind: m.kind.name(),
            value: m.value.clone(),
            pattern: m.pattern.clone(),
            priority: m.priority,
            index_fallback: m.index_fallback,
        }
    }
}

/// The answer to one question, with why.
#[pyclass(frozen, module = "robotscope", name = "Verdict")]
struct Verdict {
    robots: Arc<core::Robots>,
    profile: Profile,
    verdict: core::Verdict,
    asked: Asked,
}

#[pymethods]
impl Verdict {
    /// Whether the URL may be fetched.
    #[getter]
    fn allowed(&self) -> bool {
        self.verdict.allowed
    }

    /// The deciding line (0 when no rule decided).
    #[getter]
    fn line(&self) -> usize {
        self.verdict.line
    }

    /// The rule on `line`, or None.
    #[getter]
    fn rule(&self) -> Option<RuleMatch> {
        self.verdict.decided_by.as_ref().map(RuleMatch::from)
    }

    /// `specific` (the agent's own groups), `global` (the `*` groups) or `none`.
    #[getter]
    fn scope(&self) -> &'static str {
        self.verdict.scope.name()
    }

    /// The path that was matched.
    #[getter]
    fn path(&self) -> &str {
        &self.verdict.path
    }

    /// The indices of the groups that applied.
    #[getter]
    fn groups(&self) -> Vec<usize> {
        self.verdict.groups.clone()
    }

    /// The user-agent and rule lines of the groups that applied.
    #[getter]
    fn group_lines(&self) -> Vec<usize> {
        self.verdict.group_lines.clone()
    }

    /// Every rule of those groups that matched, in file order.
    #[getter]
    fn matches(&self) -> Vec<RuleMatch> {
        self.verdict.matches.iter().map(RuleMatch::from).collect()
    }

    /// An `Allow` won a tie against this `Disallow` of the same priority (a rule that does nothing).
    #[getter]
    fn tied_disallow(&self) -> Option<RuleMatch> {
        self.verdict.tied_disallow().map(RuleMatch::from)
    }

    /// The reading it was answered under: `google`, `rfc9309` or `1994`.
    #[getter]
    fn profile(&self) -> &'static str {
        self.profile.as_str()
    }

    /// The token the engine was given (None when a crawler that ignores `*` has no group, so nothing applies).
    #[getter]
    fn token(&self) -> Option<String> {
        match &self.asked {
            Asked::Typed { token, .. } => token.clone(),
            Asked::Exact { agents, .. } => Some(agents.join(", ")),
        }
    }

    /// The token whose group a preset follows when it has none of its own (Googlebot-Image follows Googlebot).
    #[getter]
    fn follows(&self) -> Option<String> {
        match &self.asked {
            Asked::Typed { follows, .. } => follows.clone(),
            Asked::Exact { .. } => None,
        }
    }

    /// How the agent was read: `token`, `preset`, `header`, `browser`, `empty`, `invalid`, or `exact`.
    #[getter]
    fn agent_kind(&self) -> &'static str {
        match &self.asked {
            Asked::Typed { agent, .. } => agent.kind.name(),
            Asked::Exact { .. } => "exact",
        }
    }

    /// What the matcher was given for the URL.
    #[getter]
    fn url(&self) -> &str {
        match &self.asked {
            Asked::Typed { url, .. } => &url.tested,
            Asked::Exact { url, .. } => url,
        }
    }

    /// Why a typed URL could not be normalised (it was then given as typed), or None.
    #[getter]
    fn url_error(&self) -> Option<&'static str> {
        match &self.asked {
            Asked::Typed { url, .. } => url.error.map(|e| e.message()),
            Asked::Exact { .. } => None,
        }
    }

    /// A sentence or two saying why: which groups applied and which rule beat which.
    fn explain(&self, py: Python<'_>) -> String {
        py.detach(|| {
            let reading = self.robots.reading(self.profile);
            match &self.asked {
                Asked::Typed { agent, token, follows, .. } => {
                    let check =
                        AgentCheck { token: token.clone(), follows: follows.clone(), verdict: self.verdict.clone() };
                    reading.explain_agent(agent, &check)
                }
                Asked::Exact { agents, .. } => reading.explain(&self.verdict, &agents.join(", ")),
            }
        })
    }

    fn __repr__(&self) -> String {
        let word = if self.verdict.allowed { "allowed" } else { "disallowed" };
        format!("<Verdict {word}, line {}>", self.verdict.line)
    }
}

/// One lint finding.
#[pyclass(frozen, module = "robotscope", name = "Diagnostic", get_all)]
struct Diagnostic {
    /// The stable code (`missing-colon`, ...).
    code: &'static str,
    /// `error`, `warning` or `info`.
    severity: &'static str,
    line: usize,
    /// Byte offsets in the source.
    start: usize,
    end: usize,
    message: String,
    help: Option<String>,
}

impl From<core::Diagnostic> for Diagnostic {
    fn from(d: core::Diagnostic) -> Self {
        Diagnostic {
            code: d.kind.code(),
            severity: d.severity.name(),
            line: d.line,
            start: d.span.start,
            end: d.span.end,
            message: d.message,
            help: d.help,
        }
    }
}

#[pymethods]
impl Diagnostic {
    fn __repr__(&self) -> String {
        format!("<Diagnostic {} line {}: {}>", self.code, self.line, self.message)
    }
}

/// One usage preference.
#[pyclass(frozen, module = "robotscope", name = "Preference", get_all)]
#[derive(Clone)]
struct Preference {
    key: String,
    granted: bool,
    line: usize,
}

/// The usage preferences for one URL and crawler.
#[pyclass(frozen, module = "robotscope", name = "Usage", get_all)]
struct Usage {
    crawlable: bool,
    usage_lines: Vec<usize>,
    usage_unknown: bool,
    content_usage: Vec<Preference>,
    content_signal: Vec<Preference>,
}

impl From<core::Usage> for Usage {
    fn from(u: core::Usage) -> Self {
        let prefs = |p: Vec<core::Preference>| {
            p.into_iter().map(|p| Preference { key: p.key, granted: p.granted, line: p.line }).collect()
        };
        Usage {
            crawlable: u.crawlable,
            usage_lines: u.usage_lines,
            usage_unknown: u.usage_unknown,
            content_usage: prefs(u.content_usage),
            content_signal: prefs(u.content_signal),
        }
    }
}

/// A crawler of the catalogue.
#[pyclass(frozen, module = "robotscope", name = "Crawler", get_all)]
struct Crawler {
    name: &'static str,
    operator: &'static str,
    /// The product tokens it obeys, in fallback order.
    tokens: Vec<&'static str>,
    /// Whether it ignores the `*` group (Google's AdsBot crawlers).
    ignores_global: bool,
    /// `search`, `ads`, `ai-training`, `ai-search`, `user-triggered`, `control-token`, `preview`, `seo-tool`,
    /// `other`.
    kind: &'static str,
    purpose: &'static str,
    user_agent: &'static str,
    /// `yes`, `may-not-apply`, `no` or `unknown`.
    obeys: &'static str,
    source: &'static str,
    as_of: &'static str,
}

impl From<&'static core::Crawler> for Crawler {
    fn from(c: &'static core::Crawler) -> Self {
        let facts = c.facts();
        Crawler {
            name: c.name,
            operator: c.operator,
            tokens: c.tokens.to_vec(),
            ignores_global: c.ignores_global,
            kind: c.kind.name(),
            purpose: facts.purpose,
            user_agent: facts.user_agent,
            obeys: facts.obeys.name(),
            source: facts.source,
            as_of: facts.as_of,
        }
    }
}

#[pymethods]
impl Crawler {
    fn __repr__(&self) -> String {
        format!("<Crawler {} ({})>", self.name, self.kind)
    }
}

/// A typed agent as the core reads it.
#[pyclass(frozen, module = "robotscope", name = "TypedAgent")]
struct PyTypedAgent(TypedAgent);

#[pymethods]
impl PyTypedAgent {
    #[getter]
    fn input(&self) -> &str {
        &self.0.input
    }
    #[getter]
    fn token(&self) -> &str {
        &self.0.token
    }
    #[getter]
    fn kind(&self) -> &'static str {
        self.0.kind.name()
    }
    #[getter]
    fn crawler(&self) -> Option<Crawler> {
        self.0.crawler.map(Crawler::from)
    }
    #[getter]
    fn label(&self) -> &str {
        self.0.label()
    }
    #[getter]
    fn note(&self) -> Option<String> {
        self.0.note()
    }
    fn __repr__(&self) -> String {
        format!("<TypedAgent {:?}: {} {:?}>", self.0.input, self.0.kind.name(), self.0.token)
    }
}

/// A typed URL as the core reads it.
#[pyclass(frozen, module = "robotscope", name = "TypedUrl")]
struct PyTypedUrl(core::TypedUrl);

#[pymethods]
impl PyTypedUrl {
    #[getter]
    fn input(&self) -> &str {
        &self.0.input
    }
    #[getter]
    fn tested(&self) -> &str {
        &self.0.tested
    }
    #[getter]
    fn kind(&self) -> &'static str {
        match self.0.kind {
            core::UrlKind::Full => "full",
            core::UrlKind::Path => "path",
        }
    }
    #[getter]
    fn error(&self) -> Option<&'static str> {
        self.0.error.map(|e| e.message())
    }
    fn __repr__(&self) -> String {
        format!("<TypedUrl {:?} -> {:?}>", self.0.input, self.0.tested)
    }
}

/// Reads a typed agent: a product token, a User-Agent header or a crawler preset.
#[pyfunction]
fn resolve_agent(agent: &str) -> PyTypedAgent {
    PyTypedAgent(core::resolve_agent(agent))
}

/// Reads a typed URL: a full URL, a host without a scheme, a path or a bare word; paths join `base`.
#[pyfunction]
#[pyo3(signature = (url, base = None))]
fn resolve_url(url: &str, base: Option<&str>) -> PyTypedUrl {
    PyTypedUrl(core::resolve_url(url, base))
}

/// The robots.txt URL that governs `page_url` (`https://example.com/robots.txt`). Raises ValueError for URLs
/// that have none (no host, another scheme).
#[pyfunction]
fn robots_url(page_url: &str) -> PyResult<String> {
    core::robots_url(page_url).map_err(|e| PyValueError::new_err(format!("{page_url:?}: {}", e.message())))
}

/// Every crawler of the catalogue.
#[pyfunction]
fn crawlers() -> Vec<Crawler> {
    core::CRAWLERS.iter().map(Crawler::from).collect()
}

/// The catalogue crawler named `name` (its name or first token, any ASCII case), or None.
#[pyfunction]
fn crawler(name: &str) -> Option<Crawler> {
    core::crawler(name).map(Crawler::from)
}

/// A named set of crawlers: `search`, `ads`, `ai-training`, `ai-search`, `user-triggered`, `control-token`,
/// `preview`, `seo-tool`, `ai` or `all` (with or without `@`).
#[pyfunction]
fn crawler_set(name: &str) -> PyResult<Vec<Crawler>> {
    match core::crawler_set(name) {
        Some(set) => Ok(set.into_iter().map(Crawler::from).collect()),
        None => {
            let kinds: Vec<&str> = core::CrawlerKind::ALL.iter().map(|k| k.name()).collect();
            Err(PyValueError::new_err(format!(
                "unknown crawler set {name:?}: use one of {}, ai, all",
                kinds.join(", ")
            )))
        }
    }
}

/// What an HTTP status of a robots.txt fetch means (SPEC B5): `parse` (2xx), `redirect` (3xx), `allow-all`
/// (4xx but 429: there is no robots.txt) or `disallow-all` (5xx, 429, anything else).
#[pyfunction]
fn fetch_outcome(status: u16) -> &'static str {
    match core::fetch_outcome(status) {
        core::FetchOutcome::ParseBody => "parse",
        core::FetchOutcome::FollowRedirect => "redirect",
        core::FetchOutcome::AllowAll => "allow-all",
        _ => "disallow-all",
    }
}

/// The three readings' names: `google`, `rfc9309`, `1994`.
#[pyfunction]
fn profiles() -> Vec<&'static str> {
    Profile::ALL.iter().map(|p| p.as_str()).collect()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Robots>()?;
    m.add_class::<Verdict>()?;
    m.add_class::<RuleMatch>()?;
    m.add_class::<Diagnostic>()?;
    m.add_class::<Usage>()?;
    m.add_class::<Preference>()?;
    m.add_class::<Crawler>()?;
    m.add_class::<PyTypedAgent>()?;
    m.add_class::<PyTypedUrl>()?;
    for f in [
        wrap_pyfunction!(resolve_agent, m)?,
        wrap_pyfunction!(resolve_url, m)?,
        wrap_pyfunction!(robots_url, m)?,
        wrap_pyfunction!(crawlers, m)?,
        wrap_pyfunction!(crawler, m)?,
        wrap_pyfunction!(crawler_set, m)?,
        wrap_pyfunction!(profiles, m)?,
        wrap_pyfunction!(fetch_outcome, m)?,
    ] {
        m.add_function(f)?;
    }
    m.add("VERSION", core::VERSION)?;
    m.add("GOOGLE_REFERENCE", core::GOOGLE_REFERENCE)?;
    m.add("GOOGLE_SIZE_LIMIT", core::GOOGLE_SIZE_LIMIT)?;
    arrow::register(m)?;
    Ok(())
}
