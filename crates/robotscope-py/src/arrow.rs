//! Arrow batches (`robotscope.arrow`): columns of agents and URLs (and of robots.txt bodies) in, columns of
//! verdicts and deciding lines out, through the Arrow PyCapsule interface (`pyo3-arrow`), so that pyarrow,
//! Polars, DuckDB and Spark hand their buffers over without a copy through Python objects. The batch runs
//! without the GIL; every answer is the core's (`Matcher::decide`, the agents' tokens from `agent_token`).

use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{Array, ArrayRef, BooleanArray, LargeStringArray, UInt32Array};
use arrow_buffer::NullBuffer;
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

    fn len(&self) -> Option<usize> {
        match self {
            Agents::One(_) => None,
            Agents::Column(c) => Some(c.len()),
        }
    }
}

/// The distinct values of a string column, each with the rows that carry it: `ids[row]` is the value's index in
/// `values`, `NULL` for a null row. A batch reads each distinct agent and URL once, not once per row.
struct Interned<'a> {
    ids: Vec<u32>,
    values: Vec<&'a str>,
}

const NULL: u32 = u32::MAX;

fn intern(column: &LargeStringArray) -> Interned<'_> {
    let mut index: foldhash::HashMap<&str, u32> = foldhash::HashMap::default();
    let mut values = Vec::new();
    let ids = (0..column.len())
        .map(|row| {
            if column.is_null(row) {
                return NULL;
            }
            *index.entry(column.value(row)).or_insert_with_key(|v| {
                values.push(*v);
                (values.len() - 1) as u32
            })
        })
        .collect();
    Interned { ids, values }
}

impl Agents {
    /// The batch's distinct agents and each row's.
    fn interned(&self, rows: usize) -> Interned<'_> {
        match self {
            Agents::One(a) => Interned { ids: vec![0; rows], values: vec![a.as_str()] },
            Agents::Column(c) => intern(c.as_string::<i64>()),
        }
    }
}

/// The URLs as the matcher is given them: as they are (`exact`), or each distinct URL read once by the core's
/// `resolve_url` (what `Robots.check` gives the matcher; a URL that cannot be read is given as typed).
enum Urls<'a> {
    Exact(&'a LargeStringArray),
    Typed { ids: Vec<u32>, tested: Vec<String> },
}

impl<'a> Urls<'a> {
    fn new(column: &'a LargeStringArray, exact: bool) -> Self {
        if exact {
            return Urls::Exact(column);
        }
        let Interned { ids, values } = intern(column);
        Urls::Typed { ids, tested: values.into_iter().map(|u| core::resolve_url(u, None).tested).collect() }
    }

    fn get(&self, row: usize) -> Option<&str> {
        match self {
            Urls::Exact(c) => (!c.is_null(row)).then(|| c.value(row)),
            Urls::Typed { ids, tested } => tested.get(ids[row] as usize).map(String::as_str),
        }
    }

    /// The row's distinct URL, when the URLs were interned (typed): rows of one slot that share it share the
    /// answer.
    fn id(&self, row: usize) -> Option<u32> {
        match self {
            Urls::Exact(_) => None,
            Urls::Typed { ids, .. } => Some(ids[row]),
        }
    }

    /// How many distinct URLs were interned (0 for exact URLs).
    fn distinct(&self) -> usize {
        match self {
            Urls::Exact(_) => 0,
            Urls::Typed { tested, .. } => tested.len(),
        }
    }
}

/// The answers of one slot per distinct URL, so that a URL repeated in a slot's rows is matched once: `stamp[id]`
/// is the slot (plus one) whose answer `answers[id]` holds.
struct Memo {
    stamp: Vec<u32>,
    answers: Vec<(bool, usize)>,
}

/// Calls `progress(done, total)` every `PROGRESS_EVERY` rows and once at the end, taking the GIL for the call;
/// an exception it raises stops the batch.
struct Progress {
    callback: Option<Py<PyAny>>,
    total: usize,
    done: usize,
    reported: usize,
}

const PROGRESS_EVERY: usize = 1 << 16;

impl Progress {
    fn new(callback: Option<Py<PyAny>>, total: usize) -> Self {
        Progress { callback, total, done: 0, reported: 0 }
    }

    fn advance(&mut self, rows: usize) -> PyResult<()> {
        self.done += rows;
        if self.done - self.reported >= PROGRESS_EVERY || (self.done == self.total && self.reported < self.total) {
            self.reported = self.done;
            if let Some(callback) = &self.callback {
                Python::attach(|py| callback.call1(py, (self.done, self.total)).map(drop))?;
            }
        }
        Ok(())
    }
}

/// Answers the rows of a batch: each row names a parsed file (`file_of`, None: no file, a null answer), an
/// agent and a URL. Each distinct agent is read once per file it is asked of (a preset's fallback depends on the
/// file's groups), the rows are grouped by file and token, and each group with more than one row is answered by
/// one `Matcher` over that token's rules, whatever the rows' order; a typed URL repeated within a group is
/// matched once and its answer copied to its other rows.
fn answer(
    files: &[&core::Robots],
    file_of: &[u32],
    agents: &Agents,
    urls: &LargeStringArray,
    exact: bool,
    progress: &mut Progress,
) -> PyResult<Columns> {
    let rows = urls.len();
    let agent_ids = agents.interned(rows);
    let urls = Urls::new(urls, exact);
    // One slot per (file, agent); agents of a file that read as the same token share its slot.
    let mut slot_of: foldhash::HashMap<(u32, u32), u32> = foldhash::HashMap::default();
    let mut slot_by_token: foldhash::HashMap<(u32, Option<String>), u32> = foldhash::HashMap::default();
    let mut slots: Vec<(u32, Option<String>)> = Vec::new();
    let row_slot: Vec<u32> = (0..rows)
        .map(|row| {
            let (file, agent) = (file_of[row], agent_ids.ids[row]);
            if file == NULL || agent == NULL || urls.get(row).is_none() {
                return NULL;
            }
            *slot_of.entry((file, agent)).or_insert_with(|| {
                let name = agent_ids.values[agent as usize];
                let robots = files[file as usize];
                let token = if exact { Some(name.to_string()) } else { robots.agent_token(&core::resolve_agent(name)) };
                *slot_by_token.entry((file, token.clone())).or_insert_with(|| {
                    slots.push((file, token));
                    (slots.len() - 1) as u32
                })
            })
        })
        .collect();
    // The rows of each slot, in row order (a counting sort).
    let mut starts = vec![0usize; slots.len() + 1];
    for &s in row_slot.iter().filter(|&&s| s != NULL) {
        starts[s as usize + 1] += 1;
    }
    for i in 1..starts.len() {
        starts[i] += starts[i - 1];
    }
    let mut next = starts.clone();
    let mut order = vec![0u32; starts[slots.len()]];
    for (row, &s) in row_slot.iter().enumerate().filter(|(_, &s)| s != NULL) {
        order[next[s as usize]] = row as u32;
        next[s as usize] += 1;
    }
    let mut out = Columns::new(rows);
    let mut memo = Memo { stamp: vec![0; urls.distinct()], answers: vec![(true, 0); urls.distinct()] };
    progress.advance(rows - order.len())?;
    for (slot, (file, token)) in slots.iter().enumerate() {
        let members = &order[starts[slot]..starts[slot + 1]];
        let robots = files[*file as usize];
        let url = |row: u32| urls.get(row as usize).unwrap_or_default();
        match token {
            // A crawler that ignores `*` and has no group of its own: nothing applies.
            None => members.iter().for_each(|&row| out.set(row, true, 0)),
            Some(token) if members.len() == 1 => {
                let (allowed, line) = robots.decide(&[token.as_str()][..], url(members[0]));
                out.set(members[0], allowed, line);
            }
            Some(token) => {
                let matcher = robots.matcher(&[token.as_str()][..]);
                let stamp = slot as u32 + 1;
                for chunk in members.chunks(PROGRESS_EVERY) {
                    for &row in chunk {
                        let (allowed, line) = match urls.id(row as usize) {
                            Some(id) if memo.stamp[id as usize] == stamp => memo.answers[id as usize],
                            Some(id) => {
                                let answer = matcher.decide(url(row));
                                memo.stamp[id as usize] = stamp;
                                memo.answers[id as usize] = answer;
                                answer
                            }
                            None => matcher.decide(url(row)),
                        };
                        out.set(row, allowed, line);
                    }
                    progress.advance(chunk.len())?;
                }
                continue;
            }
        }
        progress.advance(members.len())?;
    }
    Ok(out)
}

/// The answer columns, filled in any row order: null until a row is answered.
struct Columns {
    allowed: Vec<bool>,
    line: Vec<u32>,
    answered: Vec<bool>,
}

impl Columns {
    fn new(rows: usize) -> Self {
        Columns { allowed: vec![false; rows], line: vec![0; rows], answered: vec![false; rows] }
    }

    fn set(&mut self, row: u32, allowed: bool, line: usize) {
        let row = row as usize;
        self.allowed[row] = allowed;
        self.line[row] = u32::try_from(line).unwrap_or(u32::MAX);
        self.answered[row] = true;
    }

    fn finish(self) -> (PyArray, PyArray) {
        let valid = NullBuffer::from(self.answered);
        let allowed: ArrayRef = Arc::new(BooleanArray::new(self.allowed.into(), Some(valid.clone())));
        let line: ArrayRef = Arc::new(UInt32Array::new(self.line.into(), Some(valid)));
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
#[pyo3(name = "arrow_check", signature = (robots, agents, urls, *, exact = false, progress = None))]
fn check(
    py: Python<'_>,
    robots: PyRef<'_, Robots>,
    agents: AgentsArg,
    urls: AnyArray,
    exact: bool,
    progress: Option<Py<PyAny>>,
) -> PyResult<(PyArray, PyArray)> {
    let urls = column(urls, "urls", false)?;
    let agents = Agents::from_arg(agents)?;
    same_length("agents", urls.len(), agents.len())?;
    let inner = Arc::clone(&robots.inner);
    py.detach(|| {
        let urls = urls.as_string::<i64>();
        let mut progress = Progress::new(progress, urls.len());
        Ok(answer(&[&*inner], &vec![0; urls.len()], &agents, urls, exact, &mut progress)?.finish())
    })
}

/// Rows that each carry their robots.txt body (a join of captures with URLs): each distinct body is parsed once
/// per call. A null body is a file that could not be had: null answers.
#[pyfunction]
#[pyo3(name = "arrow_check_grouped", signature = (bodies, agents, urls, *, exact = false, progress = None))]
fn check_grouped(
    py: Python<'_>,
    bodies: AnyArray,
    agents: AgentsArg,
    urls: AnyArray,
    exact: bool,
    progress: Option<Py<PyAny>>,
) -> PyResult<(PyArray, PyArray)> {
    let urls = column(urls, "urls", false)?;
    let bodies = column(bodies, "bodies", true)?;
    let agents = Agents::from_arg(agents)?;
    same_length("agents", urls.len(), agents.len())?;
    same_length("bodies", urls.len(), Some(bodies.len()))?;
    py.detach(|| {
        let urls = urls.as_string::<i64>();
        let bodies = bodies.as_binary::<i64>();
        let mut parsed: Vec<core::Robots> = Vec::new();
        let mut index: foldhash::HashMap<&[u8], u32> = foldhash::HashMap::default();
        let file_of: Vec<u32> = (0..urls.len())
            .map(|row| {
                if bodies.is_null(row) {
                    return NULL;
                }
                *index.entry(bodies.value(row)).or_insert_with_key(|body| {
                    parsed.push(core::Robots::parse(body));
                    (parsed.len() - 1) as u32
                })
            })
            .collect();
        let mut progress = Progress::new(progress, urls.len());
        let files: Vec<&core::Robots> = parsed.iter().collect();
        Ok(answer(&files, &file_of, &agents, urls, exact, &mut progress)?.finish())
    })
}

/// Rows that name their file by its index in `files` (parsed files kept once, such as a broadcast table of the
/// captures, instead of a body on every row): a null or out-of-range index answers null.
#[pyfunction]
#[pyo3(name = "arrow_check_each", signature = (files, which, agents, urls, *, exact = false, progress = None))]
#[allow(clippy::too_many_arguments)] // Python's keyword arguments
fn check_each(
    py: Python<'_>,
    files: Vec<PyRef<'_, Robots>>,
    which: AnyArray,
    agents: AgentsArg,
    urls: AnyArray,
    exact: bool,
    progress: Option<Py<PyAny>>,
) -> PyResult<(PyArray, PyArray)> {
    let urls = column(urls, "urls", false)?;
    let agents = Agents::from_arg(agents)?;
    same_length("agents", urls.len(), agents.len())?;
    let which = indices(which, files.len())?;
    same_length("file indices", urls.len(), Some(which.len()))?;
    let files: Vec<Arc<core::Robots>> = files.iter().map(|f| Arc::clone(&f.inner)).collect();
    py.detach(|| {
        let urls = urls.as_string::<i64>();
        let refs: Vec<&core::Robots> = files.iter().map(|f| &**f).collect();
        let mut progress = Progress::new(progress, urls.len());
        Ok(answer(&refs, &which, &agents, urls, exact, &mut progress)?.finish())
    })
}

/// A column of integer indices into `count` files, as each row's file (`NULL` for a null or out-of-range one).
fn indices(input: AnyArray, count: usize) -> PyResult<Vec<u32>> {
    let chunked = input.into_chunked_array().map_err(|e| PyValueError::new_err(format!("which: {e}")))?;
    let (chunks, _) = chunked.into_inner();
    let mut out = Vec::new();
    for chunk in chunks {
        if !chunk.data_type().is_integer() && chunk.data_type() != &DataType::Null {
            return Err(PyTypeError::new_err(format!(
                "which must be an Arrow array of integers, not {}",
                chunk.data_type()
            )));
        }
        let wide =
            arrow_cast::cast(&chunk, &DataType::Int64).map_err(|e| PyValueError::new_err(format!("which: {e}")))?;
        let wide = wide.as_primitive::<arrow_array::types::Int64Type>();
        out.extend((0..wide.len()).map(|i| {
            let index = (!wide.is_null(i)).then(|| wide.value(i));
            index.and_then(|n| u32::try_from(n).ok()).filter(|&n| (n as usize) < count && n != NULL).unwrap_or(NULL)
        }));
    }
    Ok(out)
}

pub(crate) fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(check_grouped, m)?)?;
    m.add_function(wrap_pyfunction!(check_each, m)?)?;
    Ok(())
}
