//! The core's fetch of a robots.txt without I/O (`robotscope::Fetch`, SPEC B4 and B5) for Python: `robotscope.fetch`
//! (python/robotscope/fetch.py) does HTTP on `urllib` and reports each answer here; the core decides the redirects,
//! the size limit and the outcome with its words, and answers questions over a site without a file.

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use robotscope as core;
use robotscope::Question;

use crate::{view_of, Robots, Survey};

/// One fetch in progress: `url` to request (no automatic redirects), then `response(status, location)` says
/// `request` (ask `url` again), `read-body` (read at most `limit + 1` bytes and call `body`) or `done` (`result`).
#[pyclass(module = "robotscope", name = "FetchState")]
struct FetchState {
    fetch: core::Fetch,
    done: Option<core::Fetched>,
}

#[pymethods]
impl FetchState {
    /// The fetch of the robots.txt that governs `page_url`, keeping at most `limit` bytes (Google's 500 KiB).
    #[new]
    #[pyo3(signature = (page_url, limit = core::GOOGLE_SIZE_LIMIT))]
    fn new(page_url: &str, limit: usize) -> PyResult<FetchState> {
        let fetch = core::Fetch::new(page_url).map_err(|e| PyValueError::new_err(e.message()))?.with_limit(limit);
        Ok(FetchState { fetch, done: None })
    }

    /// The URL to request next.
    #[getter]
    fn url(&self) -> &str {
        self.fetch.url()
    }

    /// The most of a body that counts.
    #[getter]
    fn limit(&self) -> usize {
        self.fetch.limit()
    }

    /// An answer's status and `Location` header: `request`, `read-body` or `done`.
    #[pyo3(signature = (status, location = None))]
    fn response(&mut self, status: u16, location: Option<&str>) -> &'static str {
        match self.fetch.response(status, location) {
            core::Step::Request => "request",
            core::Step::Done(done) => {
                self.done = Some(done);
                "done"
            }
            _ => "read-body",
        }
    }

    /// The body of a 2xx answer, at most `limit + 1` bytes.
    fn body(&mut self, body: &[u8]) {
        self.done = Some(self.fetch.body(body));
    }

    /// A 2xx body that could not be read to its end, in words.
    fn body_error(&mut self, error: &str) {
        self.done = Some(self.fetch.body_error(error));
    }

    /// No answer (DNS, connection, timeout), in words.
    fn network_error(&mut self, error: &str) {
        self.done = Some(self.fetch.network_error(error));
    }

    /// The outcome, once `done`.
    fn result(&mut self) -> PyResult<Fetched> {
        let done = self.done.take().ok_or_else(|| PyValueError::new_err("the fetch is not over"))?;
        let governing = done.governing();
        let whole = governing.whole();
        let robots = match governing {
            core::Governing::File(robots) => *robots,
            _ => core::Robots::parse(b""),
        };
        Ok(Fetched { done, robots: Arc::new(robots), whole })
    }
}

/// How the fetch of a robots.txt ended (SPEC B5): the file, or one answer for every URL, with the words every
/// robotscope surface prints.
#[pyclass(frozen, module = "robotscope", name = "Fetched")]
struct Fetched {
    done: core::Fetched,
    /// The file, or an empty one standing in for a site without a file.
    robots: Arc<core::Robots>,
    /// The answer for every URL when there is no file.
    whole: Option<bool>,
}

#[pymethods]
impl Fetched {
    /// The governing robots.txt URL.
    #[getter]
    fn robots_url(&self) -> &str {
        &self.done.robots_url
    }

    /// Where the redirects led.
    #[getter]
    fn final_url(&self) -> &str {
        &self.done.final_url
    }

    /// Each redirect followed: `(status, location)`.
    #[getter]
    fn redirects(&self) -> Vec<(u16, String)> {
        self.done.redirects.iter().map(|r| (r.status, r.location.clone())).collect()
    }

    /// The status of the last answer; None when there was none.
    #[getter]
    fn status(&self) -> Option<u16> {
        self.done.status
    }

    /// `parse-body`, `allow-all` or `disallow-all`.
    #[getter]
    fn outcome(&self) -> &'static str {
        self.done.outcome.name()
    }

    /// The row of SPEC B5 that applied, in words.
    #[getter]
    fn reason(&self) -> &str {
        &self.done.reason
    }

    /// No answer, or a body cut short, in words; None otherwise.
    #[getter]
    fn error(&self) -> Option<&str> {
        self.done.error.as_deref()
    }

    /// The server sent more than the limit.
    #[getter]
    fn cut(&self) -> bool {
        self.done.cut
    }

    /// The parsed file (`parse-body`), else None.
    #[getter]
    fn robots(&self) -> Option<Robots> {
        self.whole.is_none().then(|| Robots { inner: Arc::clone(&self.robots) })
    }

    /// `fetched URL -> FINAL: reason`.
    fn line(&self) -> String {
        self.done.line()
    }

    /// A whole question asked of the site as crawlers find it (`Robots.ask`'s agents, URLs, base and view): over
    /// its file, or its one answer for every URL.
    #[pyo3(signature = (agents, urls, *, base = None, view = "google"))]
    fn ask(
        &self,
        py: Python<'_>,
        agents: Vec<String>,
        urls: Vec<String>,
        base: Option<String>,
        view: &str,
    ) -> PyResult<Survey> {
        let question = Question { agents, urls, base, view: view_of(view)?, ..Question::default() };
        let (robots, whole) = (&*self.robots, self.whole);
        let survey = py.detach(|| {
            let mut survey = robots.ask(&question);
            survey.govern(whole, None);
            survey
        });
        Ok(Survey { robots: Arc::clone(&self.robots), inner: Arc::new(survey) })
    }

    fn __repr__(&self) -> String {
        format!("<Fetched {}: {}>", self.done.outcome.name(), self.done.final_url)
    }
}

/// Adds the classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<FetchState>()?;
    m.add_class::<Fetched>()?;
    Ok(())
}
