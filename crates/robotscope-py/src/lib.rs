//! The Python extension module `robotscope._native`: an adapter between CPython and the core crate. Every answer
//! comes from `robotscope`; this file converts arguments and results, and releases the GIL while the core works.
//!
//! Typed agents and URLs are read by the core's `resolve_agent` and `resolve_url` and answered with
//! `check_agent` (what the CLI's `--normalize`, the npm package and the tester do); `exact=True` gives the
//! matcher the strings as they are, as Google's library takes them.

use std::sync::Arc;

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyList, PyString, PyTuple};
use robotscope as core;
use robotscope::{Profile, Question, TypedAgent, View};

mod arrow;
mod fetch;

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

/// The body length from which parsing lets other Python threads run meanwhile: releasing and taking back the GIL
/// costs about as much as parsing a small file.
const RELEASE_GIL_FROM: usize = 16 * 1024;

fn profile_of(name: &str) -> PyResult<Profile> {
    Profile::parse(name).ok_or_else(|| {
        PyValueError::new_err(format!("unknown profile {name:?}: use \"google\", \"rfc9309\" or \"1994\""))
    })
}

/// What `Robots.__reduce__` returns: the function that parses again, and its arguments (source, cut length).
type Reduced<'py> = (Bound<'py, PyAny>, (Bound<'py, PyBytes>, Option<usize>));

/// A group as written: user-agent values, rules (allow, value), other lines (key, value).
type GroupWritten = (Vec<String>, Vec<(bool, String)>, Vec<(String, String)>);

/// One agent or, in exact mode, a list pooled as Google pools them.
enum AgentArg {
    One(String),
    Many(Vec<String>),
}

/// The name of a value's type, for errors.
fn type_name(value: &Bound<'_, PyAny>) -> String {
    value.get_type().name().map_or_else(|_| "an unknown type".into(), |n| n.to_string())
}

/// A `str` argument; lone surrogates (which `str` allows and UTF-8 does not) read as U+FFFD, as a browser reads
/// them in a URL.
fn text_of(value: &Bound<'_, PyAny>, what: &str) -> PyResult<String> {
    match value.cast::<PyString>() {
        Ok(s) => match s.to_cow() {
            Ok(text) => Ok(text.into_owned()),
            // Only lone surrogates make a `str` that is not UTF-8: one U+FFFD for each, as WHATWG URLs read them.
            Err(_) => {
                let units = s.call_method1("encode", ("utf-16-le", "surrogatepass"))?;
                let units = units.cast::<PyBytes>()?.as_bytes();
                let units = units.chunks_exact(2).map(|u| u16::from_le_bytes([u[0], u[1]]));
                Ok(char::decode_utf16(units).map(|c| c.unwrap_or(char::REPLACEMENT_CHARACTER)).collect())
            }
        },
        Err(_) => {
            let hint = if value.is_instance_of::<PyBytes>() { " (decode bytes first)" } else { "" };
            Err(PyTypeError::new_err(format!("{what} must be str, not {}{hint}", type_name(value))))
        }
    }
}

impl<'a, 'py> FromPyObject<'a, 'py> for AgentArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let obj: &Bound<'py, PyAny> = &obj;
        if obj.is_instance_of::<PyString>() {
            return Ok(AgentArg::One(text_of(obj, "the agent")?));
        }
        if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
            let agents = obj.try_iter()?.map(|a| text_of(&a?, "each agent of a list")).collect::<PyResult<_>>()?;
            return Ok(AgentArg::Many(agents));
        }
        let hint = if obj.is_instance_of::<PyBytes>() { " (decode bytes first)" } else { "" };
        Err(PyTypeError::new_err(format!(
            "the agent must be str (or, with exact=True, a list of str), not {}{hint}",
            type_name(obj)
        )))
    }
}

/// A URL argument: `str`, lone surrogates read as U+FFFD ([`text_of`]).
struct UrlArg(String);

impl<'a, 'py> FromPyObject<'a, 'py> for UrlArg {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        text_of(&obj, "the URL").map(UrlArg)
    }
}

/// A parsed robots.txt file. Immutable: parse once, ask from any number of threads.
#[pyclass(frozen, module = "robotscope", name = "Robots")]
struct Robots {
    inner: Arc<core::Robots>,
}

fn view_of(name: &str) -> PyResult<View> {
    View::parse(name).ok_or_else(|| {
        PyValueError::new_err(format!("unknown view {name:?}: use \"google\", \"rfc9309\", \"1994\" or \"compare\""))
    })
}

/// Where a verdict comes from: a cell of a survey (every typed question), or the bare matcher given a list of
/// agents exactly (Google's vector of agents).
enum Source {
    Cell { survey: Arc<core::Survey>, url: usize, agent: usize },
    Exact { agents: Vec<String>, url: String, verdict: Box<core::Verdict> },
}

/// Asks the core one question for one agent row (pooled with commas if typed so) and one URL.
fn ask_one(
    robots: &core::Robots,
    view: View,
    agent: &str,
    url: &str,
    exact: bool,
    base: Option<&str>,
) -> PyResult<Arc<core::Survey>> {
    let question = Question {
        agents: vec![agent.to_string()],
        urls: vec![url.to_string()],
        base: base.map(str::to_string),
        site: None,
        view,
        readings: &[],
        baseline: None,
        exact,
    };
    let survey = robots.ask(&question);
    if let Some(e) = survey.urls[0].typed.error {
        return Err(PyValueError::new_err(format!("{url:?} cannot be read as a URL: {}", e.message())));
    }
    Ok(Arc::new(survey))
}

/// The tokens the engine is given for an agent argument: a typed agent's (a preset's fallback, `*` for one that
/// names no token, a pooled list's members), or the strings as they are when `exact`; `None` when no rule can
/// apply (a crawler that ignores `*` and has no group).
fn agent_tokens(robots: &core::Robots, agent: &AgentArg, exact: bool) -> Option<Vec<String>> {
    match agent {
        AgentArg::One(a) if exact => Some(vec![a.clone()]),
        AgentArg::One(a) => {
            let survey = ask_one(robots, View::default(), a, "/", false, None).ok()?;
            let token = survey.cell(0, 0)?.token.clone()?;
            Some(token.split(',').map(str::to_string).collect())
        }
        AgentArg::Many(agents) => Some(agents.clone()),
    }
}

fn typed_only(agent: &AgentArg, exact: bool) -> PyResult<()> {
    if matches!(agent, AgentArg::Many(_)) && !exact {
        return Err(PyValueError::new_err(
            "a list of agents is pooled exactly as Google's library pools it: pass exact=True, or type a pooled \
             agent as one string (\"Googlebot-News,Googlebot\")",
        ));
    }
    Ok(())
}

impl Robots {
    /// The verdict for one agent argument: a survey cell, or the bare matcher for an exact list.
    fn verdict(
        &self,
        py: Python<'_>,
        agent: &AgentArg,
        url: &str,
        exact: bool,
        view: View,
        base: Option<&str>,
    ) -> PyResult<Verdict> {
        typed_only(agent, exact)?;
        let robots = &*self.inner;
        let source = match agent {
            AgentArg::One(a) => {
                let survey = py.detach(|| ask_one(robots, view, a, url, exact, base))?;
                Source::Cell { survey, url: 0, agent: 0 }
            }
            AgentArg::Many(agents) => {
                let verdict = Box::new(py.detach(|| robots.reading(view.profile()).check(agents, url)));
                Source::Exact { agents: agents.clone(), url: url.to_string(), verdict }
            }
        };
        Ok(Verdict { robots: Arc::clone(&self.inner), profile: view.profile(), source, exact })
    }
}

#[pymethods]
impl Robots {
    /// Parses a robots.txt body (bytes, bytearray or str). Never raises on content: any bytes are a file.
    /// `limit` keeps only the first `limit` bytes, as a crawler with a size limit reads it (Google: 500 KiB);
    /// a negative limit is no limit, as for `read(-1)`.
    #[staticmethod]
    #[pyo3(signature = (body, *, limit = None))]
    fn parse(py: Python<'_>, body: &Bound<'_, PyAny>, limit: Option<i64>) -> PyResult<Robots> {
        let limit = limit.and_then(|l| usize::try_from(l).ok());
        let bytes = body_bytes(body)?;
        let release = bytes.len() >= RELEASE_GIL_FROM;
        let parse = move || match limit {
            Some(limit) => core::Robots::parse_limited(bytes, limit),
            None => core::Robots::parse_owned(bytes),
        };
        let robots = if release { py.detach(parse) } else { parse() };
        Ok(Robots { inner: Arc::new(robots) })
    }

    /// May `agent` fetch `url`, and why: one cell of `ask([agent], [url])`. `agent` is read as a person types it
    /// (a product token, a User-Agent header, a crawler preset with its fallbacks, or several tokens pooled with
    /// commas) and `url` as a URL, host or path, unless `exact` is true, which gives both to the matcher as they
    /// are (then `agent` may also be a list). Raises ValueError for a typed URL that cannot be read.
    #[pyo3(signature = (agent, url, *, exact = false, profile = "google", base = None))]
    fn check(
        &self,
        py: Python<'_>,
        agent: AgentArg,
        url: UrlArg,
        exact: bool,
        profile: &str,
        base: Option<&str>,
    ) -> PyResult<Verdict> {
        let view = View::Reading(profile_of(profile)?);
        self.verdict(py, &agent, &url.0, exact, view, base)
    }

    /// Whether `agent` may fetch `url`: the answer of `check` without its explanation, read the same way. A
    /// typed URL that cannot be read is given to the matcher as typed (the drop-ins answer anything).
    #[pyo3(signature = (agent, url, *, exact = false))]
    fn is_allowed(&self, py: Python<'_>, agent: AgentArg, url: UrlArg, exact: bool) -> PyResult<bool> {
        typed_only(&agent, exact)?;
        let url = url.0.as_str();
        let robots = &*self.inner;
        Ok(py.detach(|| match &agent {
            // A pooled agent is a whole question.
            AgentArg::One(a) if !exact && a.contains(',') => {
                match ask_one(robots, View::default(), a, url, false, None) {
                    Ok(survey) => survey.cell(0, 0).is_none_or(|c| c.allowed()),
                    Err(_) => robots.is_allowed(a.as_str(), url),
                }
            }
            // The token the question layer would give the matcher (a preset's fallback, or none for a crawler
            // that ignores `*` and has no group), answered without building the explanation.
            AgentArg::One(a) if !exact => match robots.agent_token(&core::resolve_agent(a)) {
                Some(token) => robots.is_allowed(&[token.as_str()][..], &core::resolve_url(url, None).tested),
                None => true,
            },
            AgentArg::One(a) => robots.is_allowed(a.as_str(), url),
            AgentArg::Many(agents) => robots.is_allowed(agents, url),
        }))
    }

    /// A whole question: every typed agent (one row each) against every typed URL, under `view` (`google`,
    /// `rfc9309`, `1994` or `compare`, which compares `readings`, in that order: all three when None), against
    /// an optional `baseline` file. The answer every robotscope surface shows for the same question.
    #[pyo3(signature = (
        agents, urls, *, base = None, view = "google", readings = None, baseline = None, exact = false
    ))]
    #[allow(clippy::too_many_arguments)] // Python's keyword arguments, one per field of the question
    fn ask(
        &self,
        py: Python<'_>,
        agents: Vec<String>,
        urls: Vec<String>,
        base: Option<String>,
        view: &str,
        readings: Option<Vec<String>>,
        baseline: Option<PyRef<'_, Robots>>,
        exact: bool,
    ) -> PyResult<Survey> {
        let view = view_of(view)?;
        let readings = readings.unwrap_or_default().iter().map(|r| profile_of(r)).collect::<PyResult<Vec<_>>>()?;
        let robots = &*self.inner;
        let old = baseline.map(|b| Arc::clone(&b.inner));
        let survey = py.detach(|| {
            let question =
                Question { agents, urls, base, site: None, view, readings: &readings, baseline: old.as_deref(), exact };
            robots.ask(&question)
        });
        Ok(Survey { robots: Arc::clone(&self.inner), inner: Arc::new(survey) })
    }

    /// Every agent against every URL under one reading: one row of verdicts per URL (`grid[url][agent]`, as every
    /// surface's grid), one verdict per agent row of `ask` (a crawler set one row per crawler, repeats dropped),
    /// the cells of `ask`. Raises ValueError for a typed URL that cannot be read.
    #[pyo3(signature = (agents, urls, *, exact = false, profile = "google", base = None))]
    fn grid(
        &self,
        py: Python<'_>,
        agents: Vec<String>,
        urls: Vec<String>,
        exact: bool,
        profile: &str,
        base: Option<String>,
    ) -> PyResult<Vec<Vec<Verdict>>> {
        let view = View::Reading(profile_of(profile)?);
        let robots = &*self.inner;
        let survey = py.detach(|| {
            robots.ask(&Question { agents, urls, base, site: None, view, readings: &[], baseline: None, exact })
        });
        if let Some((_, u)) = survey.url_errors().next() {
            let e = u.typed.error.map_or("", |e| e.message());
            return Err(PyValueError::new_err(format!("{:?} cannot be read as a URL: {e}", u.typed.input)));
        }
        let (width, height) = (survey.agents.len(), survey.urls.len());
        let survey = Arc::new(survey);
        Ok((0..height)
            .map(|url| {
                (0..width)
                    .map(|agent| Verdict {
                        robots: Arc::clone(&self.inner),
                        profile: view.profile(),
                        source: Source::Cell { survey: Arc::clone(&survey), url, agent },
                        exact,
                    })
                    .collect()
            })
            .collect())
    }

    /// The answer under each of the three readings: a list of `(profile name, verdict)` pairs in the order
    /// `google`, `rfc9309`, `1994` (`dict()` of it keys the verdicts by name).
    #[pyo3(signature = (agent, url, *, exact = false, base = None))]
    fn readings(
        &self,
        py: Python<'_>,
        agent: AgentArg,
        url: UrlArg,
        exact: bool,
        base: Option<&str>,
    ) -> PyResult<Vec<(String, Verdict)>> {
        let url = url.0.as_str();
        Profile::ALL
            .iter()
            .map(|&p| Ok((p.as_str().to_string(), self.verdict(py, &agent, url, exact, View::Reading(p), base)?)))
            .collect()
    }

    /// What the file does to every AI crawler and control token of the catalogue at `url` (default the site's
    /// root): one entry per group (`training`, `ai-search`, `user-triggered`), who is blocked and who only looks
    /// blocked. Raises ValueError for a URL that cannot be read.
    #[pyo3(signature = (url = "/"))]
    fn ai_summary(&self, py: Python<'_>, url: &str) -> PyResult<Vec<AiGroupSummary>> {
        let robots = &*self.inner;
        let groups = py
            .detach(|| robots.ai_summary(url))
            .map_err(|e| PyValueError::new_err(format!("{url:?} cannot be read as a URL: {}", e.message())))?;
        groups.into_iter().map(|g| AiGroupSummary::new(py, &self.inner, url, g)).collect()
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

    /// The `Crawl-delay` in seconds for `agent`, or None: the last valid value of its own records, else of `*`'s,
    /// read per record as the crawlers that honour it read it (`Robots::crawl_delay` in the core). Google ignores
    /// it.
    #[pyo3(signature = (agent, *, exact = false))]
    fn crawl_delay(&self, py: Python<'_>, agent: AgentArg, exact: bool) -> PyResult<Option<f64>> {
        typed_only(&agent, exact)?;
        let robots = &*self.inner;
        let tokens = py.detach(|| agent_tokens(robots, &agent, exact));
        Ok(tokens.and_then(|t| robots.crawl_delay(&t[..])).map(|(seconds, _)| seconds))
    }

    /// The values of the `key` lines (ASCII case ignored; `Request-rate`, `Visit-time`, any line Google does not
    /// act on) in the records that apply to `agent`, in file order: its own records, else `*`'s, a record ending
    /// at the next `User-agent` line after a line of another key, as Protego and `urllib.robotparser` read them
    /// (`Robots::record_lines` in the core).
    #[pyo3(signature = (key, agent, *, exact = false))]
    fn group_values(&self, py: Python<'_>, key: &str, agent: AgentArg, exact: bool) -> PyResult<Vec<String>> {
        typed_only(&agent, exact)?;
        let robots = &*self.inner;
        Ok(py.detach(|| {
            let Some(tokens) = agent_tokens(robots, &agent, exact) else { return Vec::new() };
            let lines = robots.record_lines(&tokens[..], key);
            lines.iter().map(|o| String::from_utf8_lossy(o.value).into_owned()).collect()
        }))
    }

    /// The file's groups as written, in file order, for the `urllib.robotparser` drop-in's `entries`: each
    /// group's user-agent values, its rules (`True` for `Allow`, the value) and the other lines inside it (key,
    /// value). Which groups apply to an agent is `check`'s answer, not this list's.
    fn groups_as_written(&self) -> Vec<GroupWritten> {
        let robots = &*self.inner;
        let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
        let mut groups: Vec<GroupWritten> = robots
            .groups()
            .map(|g| {
                let agents = g.agents().map(|a| text(a.value)).collect();
                let rules = g.rules().map(|r| (r.kind == core::RuleKind::Allow, text(r.value))).collect();
                (agents, rules, Vec::new())
            })
            .collect();
        for other in robots.other_directives() {
            if let Some(group) = other.group.and_then(|g| groups.get_mut(g)) {
                group.2.push((text(other.key), text(other.value)));
            }
        }
        groups
    }

    /// The first `Host:` value (Yandex's preferred mirror), or None.
    #[getter]
    fn preferred_host(&self) -> Option<String> {
        self.inner.preferred_host().map(|(h, _)| String::from_utf8_lossy(h).into_owned())
    }

    /// The usage preferences (`Content-Usage`, `Content-Signal`) for `agent` at `url`. They never change the
    /// crawl verdict.
    #[pyo3(signature = (agent, url, *, exact = false, base = None))]
    fn usage(&self, py: Python<'_>, agent: AgentArg, url: UrlArg, exact: bool, base: Option<&str>) -> PyResult<Usage> {
        typed_only(&agent, exact)?;
        let url = url.0.as_str();
        let robots = &*self.inner;
        let usage = py.detach(|| match &agent {
            AgentArg::One(a) => ask_one(robots, View::default(), a, url, exact, base)
                .map(|s| s.cell(0, 0).map_or_else(core::Usage::default, |c| c.usage.clone())),
            AgentArg::Many(agents) => Ok(robots.usage(agents, url)),
        })?;
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

    /// Two files are equal when they were parsed from the same bytes (and cut at the same length): every answer
    /// is then the same.
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
        other.cast::<Robots>().is_ok_and(|o| {
            let o = &o.get().inner;
            o.source() == self.inner.source() && o.cut_from() == self.inner.cut_from()
        })
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut hasher = std::collections::hash_map::DefaultHasher::new();
        self.inner.source().hash(&mut hasher);
        hasher.finish()
    }

    /// Pickled as its source bytes (and the length `limit` cut, if it did): Spark broadcasts and multiprocessing
    /// send those, and the file is parsed again where it is unpickled.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py>> {
        let restore = py.get_type::<Robots>().getattr("_unpickle")?;
        Ok((restore, (PyBytes::new(py, self.inner.source()), self.inner.cut_from())))
    }

    /// The other half of `__reduce__`: the source, parsed again, cut at the same length when it was cut.
    #[staticmethod]
    fn _unpickle(py: Python<'_>, source: &[u8], cut_from: Option<usize>) -> Robots {
        let source = source.to_vec();
        let robots = py.detach(move || match cut_from {
            // `parse_limited` keeps the length it cut from; the bytes past the cut were dropped, so stand-ins of
            // the same length take their place.
            Some(full) if full > source.len() => {
                let kept = source.len();
                let mut padded = source;
                padded.resize(full, 0);
                core::Robots::parse_limited(padded, kept)
            }
            _ => core::Robots::parse_owned(source),
        });
        Robots { inner: Arc::new(robots) }
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
    /// The rule as its line reads: `Disallow: /private/` (the core's `RuleMatch::text`).
    text: String,
}

#[pymethods]
impl RuleMatch {
    fn __repr__(&self) -> String {
        format!("<RuleMatch line {}: {}>", self.line, self.text)
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
            text: m.text(),
        }
    }
}

/// The answer to one question, with why.
#[pyclass(frozen, module = "robotscope", name = "Verdict")]
struct Verdict {
    robots: Arc<core::Robots>,
    profile: Profile,
    source: Source,
    /// Asked with `exact=True`: the agent was given to the matcher as it is.
    exact: bool,
}

impl Verdict {
    fn cell(&self) -> Option<&core::Cell> {
        match &self.source {
            Source::Cell { survey, url, agent } => survey.cell(*url, *agent),
            Source::Exact { .. } => None,
        }
    }

    fn inner(&self) -> &core::Verdict {
        match (&self.source, self.cell()) {
            (Source::Exact { verdict, .. }, _) => verdict,
            (_, Some(cell)) => &cell.verdict,
            // A survey verdict is only made for a cell that exists.
            (Source::Cell { .. }, None) => unreachable!("a verdict of a survey names one of its cells"),
        }
    }
}

#[pymethods]
impl Verdict {
    /// Whether the URL may be fetched.
    #[getter]
    fn allowed(&self) -> bool {
        self.inner().allowed
    }

    /// The deciding line (0 when no rule decided).
    #[getter]
    fn line(&self) -> usize {
        self.inner().line
    }

    /// The rule on `line`, or None.
    #[getter]
    fn rule(&self) -> Option<RuleMatch> {
        self.inner().decided_by.as_ref().map(RuleMatch::from)
    }

    /// `specific` (the agent's own groups), `global` (the `*` groups) or `none`.
    #[getter]
    fn scope(&self) -> &'static str {
        self.inner().scope.name()
    }

    /// The path that was matched.
    #[getter]
    fn path(&self) -> &str {
        &self.inner().path
    }

    /// The indices of the groups that applied.
    #[getter]
    fn groups(&self) -> Vec<usize> {
        self.inner().groups.clone()
    }

    /// The user-agent and rule lines of the groups that applied.
    #[getter]
    fn group_lines(&self) -> Vec<usize> {
        self.inner().group_lines.to_vec()
    }

    /// Every rule of those groups that matched, in file order.
    #[getter]
    fn matches(&self) -> Vec<RuleMatch> {
        self.inner().matches.iter().map(RuleMatch::from).collect()
    }

    /// An `Allow` won a tie against this `Disallow` of the same priority (a rule that does nothing).
    #[getter]
    fn tied_disallow(&self) -> Option<RuleMatch> {
        self.inner().tied_disallow().map(RuleMatch::from)
    }

    /// The reading it was answered under: `google`, `rfc9309` or `1994`.
    #[getter]
    fn profile(&self) -> &'static str {
        self.profile.as_str()
    }

    /// The token the engine was given (pooled tokens joined with `,`; None when a crawler that ignores `*` has
    /// no group, so nothing applies).
    #[getter]
    fn token(&self) -> Option<String> {
        match &self.source {
            Source::Exact { agents, .. } => Some(agents.join(",")),
            Source::Cell { .. } => self.cell().and_then(|c| c.token.clone()),
        }
    }

    /// The token whose group a preset follows when it has none of its own (Googlebot-Image follows Googlebot).
    #[getter]
    fn follows(&self) -> Option<String> {
        self.cell().and_then(|c| c.follows.clone())
    }

    /// How the agent was read: `token`, `preset`, `header`, `browser`, `empty`, `invalid`, `pool` (several
    /// agents pooled into one list) or `exact` (a list given to the matcher as it is).
    #[getter]
    fn agent_kind(&self) -> &'static str {
        match &self.source {
            Source::Cell { .. } if self.exact => "exact",
            Source::Cell { survey, agent, .. } => match &survey.agents[*agent].members[..] {
                [one] => one.kind.name(),
                _ => "pool",
            },
            Source::Exact { .. } => "exact",
        }
    }

    /// What the matcher was given for the URL.
    #[getter]
    fn url(&self) -> &str {
        match &self.source {
            Source::Cell { survey, url, .. } => &survey.urls[*url].typed.tested,
            Source::Exact { url, .. } => url,
        }
    }

    /// A sentence or two saying why: which groups applied and which rule beat which.
    fn explain(&self, py: Python<'_>) -> String {
        py.detach(|| match &self.source {
            Source::Cell { survey, url, agent } => {
                self.robots.explain_cell(survey, *url, *agent, self.profile).unwrap_or_default()
            }
            Source::Exact { agents, verdict, .. } => {
                self.robots.reading(self.profile).explain(verdict, &agents.join(", "))
            }
        })
    }

    fn __repr__(&self) -> String {
        let word = if self.allowed() { "allowed" } else { "disallowed" };
        format!("<Verdict {word}, line {}>", self.line())
    }
}

/// The answer to a whole question (`Robots.ask`): one row per agent typed, one per URL, a cell for each pair.
#[pyclass(frozen, module = "robotscope", name = "Survey")]
struct Survey {
    robots: Arc<core::Robots>,
    inner: Arc<core::Survey>,
}

impl Survey {
    fn cell_at(&self, url: usize, agent: usize) -> Option<Cell> {
        self.inner.cell(url, agent)?;
        Some(Cell { robots: Arc::clone(&self.robots), survey: Arc::clone(&self.inner), url, agent })
    }
}

#[pymethods]
impl Survey {
    /// `google`, `rfc9309`, `1994` or `compare`.
    #[getter]
    fn view(&self) -> &'static str {
        self.inner.view.name()
    }

    /// The robots.txt URL the file is taken to be (from the base, else the first full URL), or None.
    #[getter]
    fn site(&self) -> Option<String> {
        self.inner.site.clone()
    }

    /// One entry per agent typed, in order.
    #[getter]
    fn agents(&self) -> Vec<AskedAgent> {
        self.inner.agents.iter().cloned().map(AskedAgent).collect()
    }

    /// One entry per URL typed, in order.
    #[getter]
    fn urls(&self) -> Vec<AskedUrl> {
        self.inner.urls.iter().cloned().map(AskedUrl).collect()
    }

    /// URL-major rows of cells (`rows[url][agent]`); None for a URL that cannot be read.
    #[getter]
    fn rows(&self) -> Vec<Vec<Option<Cell>>> {
        let width = self.inner.agents.len();
        (0..self.inner.urls.len()).map(|u| (0..width).map(|a| self.cell_at(u, a)).collect()).collect()
    }

    /// How many agent rows and URL rows past the core's limits (250 agents, 1,000 URLs) were left out.
    #[getter]
    fn left_out(&self) -> (usize, usize) {
        (self.inner.left_out[0], self.inner.left_out[1])
    }

    /// What the survey says of the rows it left out, in the core's words.
    #[getter]
    fn left_out_notes(&self) -> Vec<String> {
        self.inner.left_out_notes()
    }

    /// How many cells the readers answer differently (under `compare`).
    #[getter]
    fn differ(&self) -> usize {
        self.inner.differ
    }

    /// How many cells changed against the baseline.
    #[getter]
    fn changed(&self) -> usize {
        self.inner.changed
    }

    /// The cell of URL `url` and agent `agent` (indices), or None when the URL cannot be read.
    fn cell(&self, url: usize, agent: usize) -> PyResult<Option<Cell>> {
        if url >= self.inner.urls.len() || agent >= self.inner.agents.len() {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "no cell ({url}, {agent}) in a survey of {} URLs and {} agents",
                self.inner.urls.len(),
                self.inner.agents.len()
            )));
        }
        Ok(self.cell_at(url, agent))
    }

    fn __repr__(&self) -> String {
        format!(
            "<Survey {}: {} agents x {} URLs>",
            self.inner.view.name(),
            self.inner.agents.len(),
            self.inner.urls.len()
        )
    }
}

/// One answer of a survey: a URL for an agent, with everything shown beside it.
#[pyclass(frozen, module = "robotscope", name = "Cell")]
struct Cell {
    robots: Arc<core::Robots>,
    survey: Arc<core::Survey>,
    url: usize,
    agent: usize,
}

impl Cell {
    fn inner(&self) -> &core::Cell {
        self.survey.cell(self.url, self.agent).expect("a Cell is only made for a cell that exists")
    }
}

#[pymethods]
impl Cell {
    /// Whether the URL may be fetched.
    #[getter]
    fn allowed(&self) -> bool {
        self.inner().allowed()
    }

    /// The deciding line, 0 when none.
    #[getter]
    fn line(&self) -> usize {
        self.inner().line()
    }

    /// Blocked: the URL may not be fetched.
    #[getter]
    fn blocked(&self) -> bool {
        self.inner().blocked()
    }

    /// Allowed although a `Disallow` matches: it ties the deciding `Allow` and loses.
    #[getter]
    fn looks_blocked(&self) -> bool {
        self.inner().looks_blocked()
    }

    /// The line to point at: the deciding line, else the first line of the groups that applied, else 0.
    #[getter]
    fn focus_line(&self) -> usize {
        self.inner().focus_line()
    }

    /// The whole verdict, with its explanation.
    #[getter]
    fn verdict(&self) -> Verdict {
        let source = Source::Cell { survey: Arc::clone(&self.survey), url: self.url, agent: self.agent };
        let exact = false; // a cell's agent kinds say how each agent was read
        Verdict { robots: Arc::clone(&self.robots), profile: self.inner().profile, source, exact }
    }

    /// The reading of this answer (`compare` answers as Google reads the file).
    #[getter]
    fn profile(&self) -> &'static str {
        self.inner().profile.as_str()
    }

    /// The token the engine was given; None when no rule can apply.
    #[getter]
    fn token(&self) -> Option<String> {
        self.inner().token.clone()
    }

    /// The token whose group a preset follows when it has none of its own.
    #[getter]
    fn follows(&self) -> Option<String> {
        self.inner().follows.clone()
    }

    /// The line of a `Disallow` that ties the deciding `Allow` and loses, or None.
    #[getter]
    fn tied_disallow(&self) -> Option<usize> {
        self.inner().tied_disallow
    }

    /// Why it only looks blocked, in the words `robotscope ai` and the tester print; None when it does not.
    #[getter]
    fn looks_blocked_note(&self) -> Option<String> {
        self.inner().looks_blocked_note()
    }

    /// The groups that applied, in the words `robotscope check` and the tester print: `group for Googlebot`,
    /// `groups for *`, `no group for this agent`.
    #[getter]
    fn groups_applied(&self) -> String {
        self.robots.groups_applied(self.inner())
    }

    /// The usage preferences that apply (one rule under every view).
    #[getter]
    fn usage(&self) -> Usage {
        Usage::from(self.inner().usage.clone())
    }

    /// Under `compare`, every reader's answer (google, rfc9309, 1994); empty otherwise.
    #[getter]
    fn readers(&self) -> Vec<Answer> {
        self.inner().readers.iter().cloned().map(Answer).collect()
    }

    /// Whether the readers disagree on allowed or disallowed.
    #[getter]
    fn differs(&self) -> bool {
        self.inner().differs
    }

    /// The answer in the baseline file, when one was given.
    #[getter]
    fn baseline(&self) -> Option<Answer> {
        self.inner().baseline.clone().map(Answer)
    }

    /// Whether the baseline answered the other way.
    #[getter]
    fn changed(&self) -> bool {
        self.inner().changed
    }

    /// The lines to quote beside the answer: the groups' `User-agent` lines and the deciding line.
    #[getter]
    fn quoted_lines(&self) -> Vec<usize> {
        self.robots.quoted_lines(self.inner())
    }

    /// Why, in words, under this cell's reading or another reader's (`profile`).
    #[pyo3(signature = (profile = None))]
    fn explain(&self, py: Python<'_>, profile: Option<&str>) -> PyResult<String> {
        let profile = profile.map(profile_of).transpose()?.unwrap_or(self.inner().profile);
        Ok(py.detach(|| self.robots.explain_cell(&self.survey, self.url, self.agent, profile).unwrap_or_default()))
    }

    fn __repr__(&self) -> String {
        let word = if self.allowed() { "allowed" } else { "disallowed" };
        format!("<Cell {word}, line {}>", self.line())
    }
}

/// One reader's (or the baseline's) short answer.
#[pyclass(frozen, module = "robotscope", name = "Answer")]
struct Answer(core::Answer);

#[pymethods]
impl Answer {
    #[getter]
    fn profile(&self) -> &'static str {
        self.0.profile.as_str()
    }
    #[getter]
    fn allowed(&self) -> bool {
        self.0.allowed
    }
    #[getter]
    fn line(&self) -> usize {
        self.0.line
    }
    /// The rule on `line`, or None.
    #[getter]
    fn rule(&self) -> Option<RuleMatch> {
        self.0.rule.as_ref().map(RuleMatch::from)
    }
    /// `specific` (the agent's own groups), `global` (the `*` groups) or `none`.
    #[getter]
    fn scope(&self) -> &'static str {
        self.0.scope.name()
    }
    #[getter]
    fn token(&self) -> Option<String> {
        self.0.token.clone()
    }
    #[getter]
    fn follows(&self) -> Option<String> {
        self.0.follows.clone()
    }
    fn __repr__(&self) -> String {
        let word = if self.0.allowed { "allowed" } else { "disallowed" };
        format!("<Answer {}: {word}, line {}>", self.0.profile.as_str(), self.0.line)
    }
}

/// One agent row of a survey: what was typed and how it was read.
#[pyclass(frozen, module = "robotscope", name = "AskedAgent")]
struct AskedAgent(core::AskedAgent);

#[pymethods]
impl AskedAgent {
    /// What was typed, trimmed.
    #[getter]
    fn input(&self) -> &str {
        &self.0.input
    }
    /// The name to show (members of a pool joined with ` + `).
    #[getter]
    fn label(&self) -> &str {
        &self.0.label
    }
    /// How each member was read.
    #[getter]
    fn members(&self) -> Vec<PyTypedAgent> {
        self.0.members.iter().cloned().map(PyTypedAgent).collect()
    }
    /// Sentences about what was typed when the engine is given something else.
    #[getter]
    fn notes(&self) -> Vec<String> {
        self.0.notes.clone()
    }
    /// Whether several agents are pooled into one list.
    #[getter]
    fn is_pool(&self) -> bool {
        self.0.is_pool()
    }
    fn __repr__(&self) -> String {
        format!("<AskedAgent {:?}: {}>", self.0.input, self.0.label)
    }
}

/// One URL row of a survey.
#[pyclass(frozen, module = "robotscope", name = "AskedUrl")]
struct AskedUrl(core::AskedUrl);

#[pymethods]
impl AskedUrl {
    /// How it was read.
    #[getter]
    fn typed(&self) -> PyTypedUrl {
        PyTypedUrl(self.0.typed.clone())
    }
    /// Whether the survey's site's robots.txt governs it (`yes`, `not-at-root`, `other-site`, ...), or None when
    /// that cannot be told.
    #[getter]
    fn governs(&self) -> Option<&'static str> {
        self.0.governs.map(core::Governs::name)
    }
    fn __repr__(&self) -> String {
        format!("<AskedUrl {:?} -> {:?}>", self.0.typed.input, self.0.typed.tested)
    }
}

/// One crawler of the catalogue in the AI summary, with its answer.
#[pyclass(frozen, module = "robotscope", name = "AiAnswer", get_all)]
struct AiAnswer {
    crawler: Py<Crawler>,
    cell: Py<Cell>,
}

/// What a file does to one group of AI crawlers at one URL.
#[pyclass(frozen, module = "robotscope", name = "AiGroupSummary", get_all)]
struct AiGroupSummary {
    /// `training`, `ai-search` or `user-triggered`.
    name: &'static str,
    title: &'static str,
    crawlers: Vec<Py<AiAnswer>>,
    blocked: usize,
    looks_blocked: usize,
    /// The summary in words, as the tester and `robotscope ai` say it (the core's `AiGroupSummary::sentence`).
    sentence: String,
}

impl AiGroupSummary {
    fn new(py: Python<'_>, robots: &Arc<core::Robots>, url: &str, g: core::AiGroupSummary) -> PyResult<Self> {
        // Each crawler's answer is kept as a one-cell survey of its name at the URL (the agent row and the URL
        // read as the core reads them), so it explains itself like any other cell.
        let typed_url = core::resolve_url(url, None);
        let sentence = g.sentence();
        let crawlers = g
            .crawlers
            .into_iter()
            .map(|a| {
                let survey = core::Survey {
                    agents: vec![core::AskedAgent::read(a.crawler.name, false)],
                    urls: vec![core::AskedUrl { typed: typed_url.clone(), governs: None }],
                    cells: vec![Some(a.cell)],
                    ..core::Survey::default()
                };
                let cell = Cell { robots: Arc::clone(robots), survey: Arc::new(survey), url: 0, agent: 0 };
                Py::new(py, AiAnswer { crawler: Py::new(py, Crawler::from(a.crawler))?, cell: Py::new(py, cell)? })
            })
            .collect::<PyResult<Vec<_>>>()?;
        Ok(AiGroupSummary {
            name: g.group.name,
            title: g.group.title,
            crawlers,
            blocked: g.blocked,
            looks_blocked: g.looks_blocked,
            sentence,
        })
    }
}

#[pymethods]
impl AiGroupSummary {
    fn __repr__(&self) -> String {
        format!("<AiGroupSummary {}: {} of {} blocked>", self.name, self.blocked, self.crawlers.len())
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
    /// The `Content-Signal` `use` level (`immediate`, `reference` or `full`) and its line, or `None`.
    content_use: Option<(String, usize)>,
    /// The deciding `Content-Usage` lines whose preferences do not parse (they state nothing).
    unparsed: Vec<usize>,
    /// The preferences in words, `(label, text)` per kind of line, as every surface lists them
    /// (`Usage::described`).
    described: Vec<(&'static str, String)>,
}

#[pymethods]
impl Usage {
    fn __repr__(&self) -> String {
        let said: Vec<String> = self.described.iter().map(|(label, text)| format!("{label}: {text}")).collect();
        let crawl = if self.crawlable { "crawlable" } else { "not crawlable" };
        if said.is_empty() {
            format!("<Usage {crawl}, no preferences>")
        } else {
            format!("<Usage {crawl}; {}>", said.join("; "))
        }
    }
}

impl From<core::Usage> for Usage {
    fn from(u: core::Usage) -> Self {
        let described = u.described();
        let prefs = |p: Vec<core::Preference>| {
            p.into_iter().map(|p| Preference { key: p.key, granted: p.granted, line: p.line }).collect()
        };
        Usage {
            crawlable: u.crawlable,
            usage_lines: u.usage_lines,
            usage_unknown: u.usage_unknown,
            content_usage: prefs(u.content_usage),
            content_signal: prefs(u.content_signal),
            content_use: u.content_use,
            unparsed: u.unparsed,
            described,
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
    /// What the operator says about obeying robots.txt, as a sentence with its source (None for a plain yes).
    obeys_note: Option<String>,
    /// What the token does not govern, where people think it does (`Crawler::scope_note`).
    scope_note: Option<&'static str>,
    source: &'static str,
    as_of: &'static str,
    /// Where the operator publishes the IP ranges its requests come from (empty when none is known).
    ip_ranges_url: &'static str,
    /// The origin its requests name in a Web Bot Auth `Signature-Agent` header (empty when it signs none).
    signature_agent: &'static str,
    /// What was not checked at the operator's own page, and why the entry has its kind (may be empty).
    note: &'static str,
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
            obeys_note: c.obeys_note(),
            scope_note: c.scope_note(),
            source: facts.source,
            as_of: facts.as_of,
            ip_ranges_url: facts.ip_ranges_url,
            signature_agent: facts.signature_agent,
            note: facts.note,
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

/// What an HTTP status of a robots.txt fetch means (SPEC B5), by the core's name every surface uses:
/// `parse-body` (2xx), `follow-redirect` (3xx), `allow-all` (4xx but 429: there is no robots.txt) or
/// `disallow-all` (5xx, 429, anything else).
#[pyfunction]
fn fetch_outcome(status: u16) -> &'static str {
    core::fetch_outcome(status).name()
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
    m.add_class::<Survey>()?;
    m.add_class::<Cell>()?;
    m.add_class::<Answer>()?;
    m.add_class::<AskedAgent>()?;
    m.add_class::<AskedUrl>()?;
    m.add_class::<AiAnswer>()?;
    m.add_class::<AiGroupSummary>()?;
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
    fetch::register(m)?;
    Ok(())
}
