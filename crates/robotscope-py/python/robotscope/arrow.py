"""Arrow batches: columns of agents and URLs in, columns of verdicts and deciding lines out.

Any Arrow array or stream goes in through the Arrow PyCapsule interface (pyarrow arrays and chunked arrays,
Polars Series, DuckDB's Arrow results, nanoarrow, arro3); the batch runs in Rust without the GIL. Each distinct
agent and URL is read once per call, and the rows are grouped by file and agent inside the call, so that each
group is answered by the engine's matcher whatever the order of the rows. Results are pyarrow arrays (the
`arrow` extra: `pip install 'robotscope[arrow]'`): `allowed` (bool) and `line` (uint32, 0 when no rule decided),
null where an input row is null.

    import pyarrow as pa, robotscope, robotscope.arrow
    robots = robotscope.Robots.parse(body)
    allowed, line = robotscope.arrow.check(robots, "Googlebot", pa.array(urls))

Agents and URLs are read as people type them (the default) or, with `exact=True`, given to the matcher as they
are, as everywhere in this package. `progress`, when given, is called as `progress(rows_done, rows_total)` about
every 65,536 rows and at the end (from the thread that called; an exception it raises stops the batch).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence, Tuple, Union

from robotscope import _native
from robotscope._native import Robots

if TYPE_CHECKING:
    import pyarrow

__all__ = ["check", "check_each", "check_grouped"]

Progress = Callable[[int, int], object]


def _pyarrow() -> Any:
    """pyarrow, which the answers are returned as; checked before any work is done."""
    try:
        import pyarrow  # noqa: PLC0415 (an optional dependency: the `arrow` extra)
    except ImportError as err:
        raise ImportError(
            "robotscope.arrow returns pyarrow arrays, and pyarrow is not installed: "
            "pip install 'robotscope[arrow]' (or pyarrow)"
        ) from err
    return pyarrow


def check(
    robots: Robots,
    agents: Union[str, Any],
    urls: Any,
    *,
    exact: bool = False,
    progress: Optional[Progress] = None,
) -> Tuple["pyarrow.BooleanArray", "pyarrow.UInt32Array"]:
    """One parsed file against a column of URLs and one agent (a `str`) or a column of agents."""
    pa = _pyarrow()
    allowed, line = _native.arrow_check(robots, agents, urls, exact=exact, progress=progress)
    return pa.array(allowed), pa.array(line)


def check_grouped(
    bodies: Any,
    agents: Union[str, Any],
    urls: Any,
    *,
    exact: bool = False,
    progress: Optional[Progress] = None,
) -> Tuple["pyarrow.BooleanArray", "pyarrow.UInt32Array"]:
    """Rows that carry their own robots.txt body (binary or string column: a join of captures with URLs by
    origin): each distinct body is parsed once per call; a null body answers null."""
    pa = _pyarrow()
    allowed, line = _native.arrow_check_grouped(bodies, agents, urls, exact=exact, progress=progress)
    return pa.array(allowed), pa.array(line)


def check_each(
    files: Sequence[Robots],
    which: Any,
    agents: Union[str, Any],
    urls: Any,
    *,
    exact: bool = False,
    progress: Optional[Progress] = None,
) -> Tuple["pyarrow.BooleanArray", "pyarrow.UInt32Array"]:
    """Rows that name their file by its index in `files` (an integer column): parsed files kept once, such as a
    broadcast table of captures, rather than a body on every row. A null or out-of-range index answers null."""
    pa = _pyarrow()
    allowed, line = _native.arrow_check_each(list(files), which, agents, urls, exact=exact, progress=progress)
    return pa.array(allowed), pa.array(line)
