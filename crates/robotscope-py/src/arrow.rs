//! Arrow batches (`robotscope.arrow`): columns of agents and URLs (and of robots.txt bodies) in, columns of
//! verdicts and deciding lines out, through the Arrow PyCapsule interface (`pyo3-arrow`), so that pyarrow,
//! Polars, DuckDB and Spark hand their buffers over without a copy through Python objects. The batch runs
//! without the GIL; every answer is the core's (`Matcher::decide`, the agents' tokens from `agent_token`).

use std::collections::HashMap;
use std::sync::Arc;

use arrow_array::builder::{BooleanBuilder, UInt32Builder};
use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef};
use arrow_schema::DataType;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3_arrow::input::AnyArray;
use pyo3_arrow::PyArray;
use robotscope as core;

use crate::Robots;

/// One input column (an Arrow array or stream) as one array of `LargeUtf8` (or `LargeBinary` for bodies).
fn column(input: AnyArray, what: &str, binary: bool) -> PyResult<ArrayRef> {
    let chunked = input.into_chunked_array().map_err(|e| PyValueError::new_err(format!("{what}: {e}")))?;
    let (chunks, _) = chunked.into_inner();
    if chunks.is_empty() {
        let target = if binary { DataType::LargeBinary } else { DataType::LargeUtf8 };
        return Ok(arrow_array::new_empty_array(&target));
    }
    let refs: Vec<&dyn Array> = chunks.iter().map(|c| c.as_ref()).collect();
    let whole = if refs.len() == 1 {
        Arc::clone(&chunks[0])
    } else {
        arrow_select::concat::concat(&refs).map_err(|e| PyValueError::new_err(format!("{what}: {e}")))?
    };
    let target = if binary { DataType::LargeBinary } else { DataType::LargeUtf8 };
    let usable = matches!(
        whole.data_type(),
        DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View | DataType::Null | DataType::Dictionary(_, _)
    ) || (binary
        && matches!(whole.data_type(), DataType::Binary | DataType::LargeBinary | DataType::BinaryView));
    if !usable {
        let kind = if binary { "strings or binary" } else { "strings" };
        return Err(PyTypeError::new_err(format!(
            "{what} must be an Arrow array of {kind}, not {}",
            whole.data_type()
        )));
    }
    arrow_cast::cast(&whole, &target).map_err(|e| PyValueError::new_err(format!("{what}: {e}")))
}

/// A column of agents, or one agent for every row.
#[derive(FromPyObject)]
enum AgentsArg {
    One(String),
    Column(AnyArray),
}

/// The agents of each row: a repeated value or a column (None: null).
enum Agents {
    One(String),
    Column(ArrayRef),
}

impl Agents {
    fn from_arg(arg: AgentsArg) -> PyResult<Agents> {
        Ok(match arg {
            AgentsArg::One(a) => Agents::One(a),
            AgentsArg::Column(c) => Agents::Column(column(c, "agents", false)?),
        })
    }

    fn get(&self, row: usize) -> Option<&str> {
        match self {
            Agents::One(a) => Some(a),
            Agents::Column(c) => {
                let c = c.as_string::<i64>();
                (!c.is_null(row)).then(|| c.value(row))
            }
        }
    }

    fn len(&self) -> Option<usize> {
        match self {
            Agents::One(_) => None,
            Agents::Column(c) => Some(c.len()),
        }
    }
}

/// Answers rows for one parsed file. The agent's token is read once per run of rows with the same agent; the
/// rules of that token are laid out in a `Matcher` from the second row of a run on (a file asked once, as in a
/// join with few URLs per origin, is answered by `decide` without building the table).
struct Answerer<'a> {
    robots: &'a core::Robots,
    exact: bool,
    agent: Option<String>,
    /// The token the engine is given for the current agent (None: a crawler that ignores `*` and has no group).
    token: Option<String>,
    rows: usize,
    matcher: Option<core::Matcher<'a>>,
}

impl<'a> Answerer<'a> {
    fn new(robots: &'a core::Robots, exact: bool) -> Self {
        Answerer { robots, exact, agent: None, token: None, rows: 0, matcher: None }
    }

    fn decide(&mut self, agent: &str, url: &str) -> (bool, u32) {
        if self.agent.as_deref() != Some(agent) {
            self.token =
                if self.exact { Some(agent.to_string()) } else { self.robots.agent_token(&core::resolve_agent(agent)) };
            self.agent = Some(agent.to_string());
            self.rows = 0;
            self.matcher = None;
        }
        let Some(token) = &self.token else { return (true, 0) };
        let typed;
        let url = if self.exact {
            url
        } else {
            typed = core::resolve_url(url, None).tested;
            typed.as_str()
        };
        self.rows += 1;
        if self.rows == 2 {
            self.matcher = Some(self.robots.matcher(&[token.as_str()][..]));
        }
        let (allowed, line) = match &self.matcher {
            Some(matcher) => matcher.decide(url),
            None => self.robots.decide(&[token.as_str()][..], url),
        };
        (allowed, line as u32)
    }
}

struct Columns {
    allowed: BooleanBuilder,
    line: UInt32Builder,
}

impl Columns {
    fn new(rows: usize) -> Self {
        Columns { allowed: BooleanBuilder::with_capacity(rows), line: UInt32Builder::with_capacity(rows) }
    }

    fn push(&mut self, answer: Option<(bool, u32)>) {
        self.allowed.append_option(answer.map(|a| a.0));
        self.line.append_option(answer.map(|a| a.1));
    }

    fn finish(mut self) -> (PyArray, PyArray) {
        let allowed: ArrayRef = Arc::new(self.allowed.finish());
        let line: ArrayRef = Arc::new(self.line.finish());
        (PyArray::from_array_ref(allowed), PyArray::from_array_ref(line))
    }
}

fn same_length(what: &str, a: usize, b: Option<usize>) -> PyResult<()> {
    match b {
        Some(b) if a != b => Err(PyValueError::new_err(format!("{what} have {b} rows where the URLs have {a}"))),
        _ => Ok(()),
    }
}

/// One file against columns of agents and URLs: (allowed, line) columns, null where an input is null.
#[pyfunction]
#[pyo3(name = "arrow_check", signature = (robots, agents, urls, *, exact = false))]
fn check(
    py: Python<'_>,
    robots: PyRef<'_, Robots>,
    agents: AgentsArg,
    urls: AnyArray,
    exact: bool,
) -> PyResult<(PyArray, PyArray)> {
    let urls = column(urls, "urls", false)?;
    let agents = Agents::from_arg(agents)?;
    same_length("agents", urls.len(), agents.len())?;
    let inner = Arc::clone(&robots.inner);
    Ok(py.detach(|| {
        let urls = urls.as_string::<i64>();
        let mut answerer = Answerer::new(&inner, exact);
        let mut out = Columns::new(urls.len());
        for row in 0..urls.len() {
            let url = (!urls.is_null(row)).then(|| urls.value(row));
            out.push(url.zip(agents.get(row)).map(|(u, a)| answerer.decide(a, u)));
        }
        out.finish()
    }))
}

/// Rows that each carry their robots.txt body (a join of captures with URLs): each distinct body is parsed once
/// per call. A null body is a file that could not be had: null answers.
#[pyfunction]
#[pyo3(name = "arrow_check_grouped", signature = (bodies, agents, urls, *, exact = false))]
fn check_grouped(
    py: Python<'_>,
    bodies: AnyArray,
    agents: AgentsArg,
    urls: AnyArray,
    exact: bool,
) -> PyResult<(PyArray, PyArray)> {
    let urls = column(urls, "urls", false)?;
    let bodies = column(bodies, "bodies", true)?;
    let agents = Agents::from_arg(agents)?;
    same_length("agents", urls.len(), agents.len())?;
    same_length("bodies", urls.len(), Some(bodies.len()))?;
    Ok(py.detach(|| {
        let urls = urls.as_string::<i64>();
        let bodies = bodies.as_binary::<i64>();
        let mut parsed: Vec<core::Robots> = Vec::new();
        let mut index: HashMap<&[u8], usize> = HashMap::new();
        let rows: Vec<Option<usize>> = (0..urls.len())
            .map(|row| {
                (!bodies.is_null(row)).then(|| {
                    let body = bodies.value(row);
                    *index.entry(body).or_insert_with(|| {
                        parsed.push(core::Robots::parse(body));
                        parsed.len() - 1
                    })
                })
            })
            .collect();
        let mut answerers: Vec<Answerer<'_>> = parsed.iter().map(|r| Answerer::new(r, exact)).collect();
        let mut out = Columns::new(urls.len());
        for (row, file) in rows.into_iter().enumerate() {
            let url = (!urls.is_null(row)).then(|| urls.value(row));
            let answer = file.zip(url).zip(agents.get(row)).map(|((f, u), a)| answerers[f].decide(a, u));
            out.push(answer);
        }
        out.finish()
    }))
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(check_grouped, m)?)?;
    Ok(())
}
