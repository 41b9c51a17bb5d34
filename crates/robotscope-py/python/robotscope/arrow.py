"""Arrow batches: columns of agents and URLs in, columns of verdicts and deciding lines out.

Any Arrow array or stream goes in through the Arrow PyCapsule interface (pyarrow arrays and chunked arrays,
Polars Series, DuckDB's Arrow results, nanoarrow, arro3); the batch runs in Rust without the GIL, answering with
the engine's matcher for each run of rows with the same agent. Results are pyarrow arrays: `allowed` (bool) and
`line` (uint32, 0 when no rule decided), null where an input row is null.

    import pyarrow as pa, robotscope, robotscope.arrow
    robots = robotscope.Robots.parse(body)
    allowed, line = robotscope.arrow.check(robots, "Googlebot", pa.array(urls))

Agents and URLs are read as people type them (the default) or, with `exact=True`, given to the matcher as they
are, as everywhere in this package.
"""

from __future__ import annotations

from typing import Any, Tuple, Union

from robotscope import _native
from robotscope._native import Robots

__all__ = ["check", "check_grouped"]


def _pyarrow(array: Any) -> Any:
    import pyarrow  # noqa: PLC0415 (pyarrow is needed only to hand the results back)

    return pyarrow.array(array)


def check(robots: Robots, agents: Union[str, Any], urls: Any, *, exact: bool = False) -> Tuple[Any, Any]:
    """One parsed file against a column of URLs and one agent (a `str`) or a column of agents."""
    allowed, line = _native.arrow_check(robots, agents, urls, exact=exact)
    return _pyarrow(allowed), _pyarrow(line)


def check_grouped(bodies: Any, agents: Union[str, Any], urls: Any, *, exact: bool = False) -> Tuple[Any, Any]:
    """Rows that carry their own robots.txt body (binary or string column: a join of captures with URLs by
    origin): each distinct body is parsed once per call; a null body answers null."""
    allowed, line = _native.arrow_check_grouped(bodies, agents, urls, exact=exact)
    return _pyarrow(allowed), _pyarrow(line)
