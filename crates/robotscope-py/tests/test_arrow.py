"""Arrow batches through the PyCapsule interface: pyarrow, Polars and DuckDB (a vectorised Arrow UDF)."""

import json
from pathlib import Path
from typing import Any

import pytest

import robotscope
import robotscope.arrow

pa = pytest.importorskip("pyarrow")

BODY = b"User-agent: Googlebot\nDisallow: /photos/\n\nUser-agent: *\nAllow: /\nDisallow: /private/\n"
URLS = ["/photos/a.jpg", "https://example.com/private/x", "example.com/ok", None, "/private/a b", "cart"]


def _expected(robots: robotscope.Robots, agent: str, urls: list[Any], exact: bool = False) -> tuple[list, list]:
    verdicts = [None if u is None else robots.check(agent, u, exact=exact) for u in urls]
    return [v and v.allowed for v in verdicts], [v and v.line for v in verdicts]


def test_one_file_typed_and_exact_equal_check() -> None:
    robots = robotscope.Robots.parse(BODY)
    for agent in ["Googlebot", "googlebot-image", "AdsBot-Google", "MyBot/1.0", "*"]:
        for exact in (False, True):
            allowed, line = robotscope.arrow.check(robots, agent, pa.array(URLS), exact=exact)
            assert (allowed.to_pylist(), line.to_pylist()) == _expected(robots, agent, URLS, exact), (agent, exact)
            assert allowed.type == pa.bool_() and line.type == pa.uint32()


def test_agent_column_nulls_and_chunked_input() -> None:
    robots = robotscope.Robots.parse(BODY)
    agents = pa.chunked_array([["Googlebot", None, "GPTBot"], ["Googlebot-Image", "x", "Googlebot"]])
    urls = pa.chunked_array([pa.array(URLS[:3], pa.large_string()), pa.array(URLS[3:], pa.large_string())])
    allowed, line = robotscope.arrow.check(robots, agents, urls)
    want = [
        None if a is None or u is None else robots.check(a, u).allowed
        for a, u in zip(agents.to_pylist(), urls.to_pylist())
    ]
    assert allowed.to_pylist() == want
    views, _ = robotscope.arrow.check(robots, "Googlebot", pa.array(URLS, pa.string_view()))
    assert views.to_pylist() == robotscope.arrow.check(robots, "Googlebot", pa.array(URLS))[0].to_pylist()


def test_bad_columns_are_clear_errors() -> None:
    robots = robotscope.Robots.parse(BODY)
    with pytest.raises(TypeError, match="Arrow array of strings"):
        robotscope.arrow.check(robots, "a", pa.array([1, 2]))
    with pytest.raises(ValueError, match="rows"):
        robotscope.arrow.check(robots, pa.array(["a"]), pa.array(["/", "/x"]))
    with pytest.raises(ValueError, match="rows"):
        robotscope.arrow.check_grouped(pa.array([BODY]), "a", pa.array(["/", "/x"]))


def test_every_single_agent_vector_through_the_grouped_batch(conformance: Path) -> None:
    with open(conformance / "vectors.jsonl", encoding="utf-8") as f:
        vectors = [v for v in map(json.loads, f) if len(v["agents"]) == 1]
    bodies: dict[str, bytes] = {}
    for v in vectors:
        if v["file"] not in bodies:
            bodies[v["file"]] = (conformance / v["file"]).read_bytes()
    allowed, line = robotscope.arrow.check_grouped(
        pa.array([bodies[v["file"]] for v in vectors], pa.large_binary()),
        pa.array([v["agents"][0] for v in vectors]),
        pa.array([v["url"] for v in vectors]),
        exact=True,
    )
    got = list(zip(allowed.to_pylist(), line.to_pylist()))
    want = [(v["allowed"], v["line"]) for v in vectors]
    mismatches = sum(g != w for g, w in zip(got, want))
    print(f"arrow conformance: {len(vectors) - mismatches} passed, {mismatches} failed")
    assert len(vectors) > 60_000 and mismatches == 0


def test_polars_series_and_dataframe() -> None:
    pl = pytest.importorskip("polars")
    robots = robotscope.Robots.parse(BODY)
    frame = pl.DataFrame({"agent": ["Googlebot", "GPTBot", "Googlebot"], "url": ["/photos/x", "/private/", "/"]})
    allowed, line = robotscope.arrow.check(robots, frame["agent"], frame["url"])
    frame = frame.with_columns(allowed=pl.Series(allowed), line=pl.Series(line))
    assert frame["allowed"].to_list() == [False, False, True]
    assert frame["line"].to_list() == [2, 6, 0]  # Googlebot's own group has no rule for `/`


def test_duckdb_vectorised_udf() -> None:
    duckdb = pytest.importorskip("duckdb")
    try:
        from duckdb.sqltypes import BOOLEAN, VARCHAR
    except ImportError:  # DuckDB before 1.4 names the module `typing`
        from duckdb.typing import BOOLEAN, VARCHAR

    con = duckdb.connect()

    def robots_allowed(bodies: Any, agents: Any, urls: Any) -> Any:
        return robotscope.arrow.check_grouped(bodies, agents, urls)[0]

    con.create_function("robots_allowed", robots_allowed, [VARCHAR, VARCHAR, VARCHAR], BOOLEAN, type="arrow")
    con.execute("CREATE TABLE robots (origin VARCHAR, body VARCHAR)")
    con.execute("CREATE TABLE urls (origin VARCHAR, url VARCHAR)")
    captures = [("a.com", BODY.decode()), ("b.com", "User-agent: *\nDisallow: /\n")]
    con.executemany("INSERT INTO robots VALUES (?, ?)", captures)
    con.executemany(
        "INSERT INTO urls VALUES (?, ?)",
        [("a.com", "/photos/1"), ("a.com", "/private/1"), ("b.com", "/x"), ("a.com", "/ok")],
    )
    rows = con.execute(
        "SELECT u.origin, u.url, robots_allowed(r.body, 'Googlebot', u.url) AS allowed "
        "FROM urls u JOIN robots r USING (origin) ORDER BY u.origin, u.url"
    ).fetchall()
    assert rows == [
        ("a.com", "/ok", True),
        ("a.com", "/photos/1", False),
        ("a.com", "/private/1", True),
        ("b.com", "/x", False),
    ]


def test_rows_in_any_order_answer_as_check() -> None:
    """Rows are grouped by file and agent inside the call: interleaved agents (presets, a crawler that ignores
    `*`, headers, agents that read as the same token), repeated URLs and nulls answer as `Robots.check` row by
    row, in the rows' order."""
    import random

    rng = random.Random(43)
    robots = robotscope.Robots.parse(BODY)
    agents = ["Googlebot", "googlebot-image", "AdsBot-Google", "GPTBot", "Mozilla/5.0 (compatible; Googlebot/2.1)"]
    rows = [(rng.choice(agents + [None]), rng.choice(URLS)) for _ in range(500)]
    for exact in (False, True):
        allowed, line = robotscope.arrow.check(robots, pa.array([a for a, _ in rows]), pa.array([u for _, u in rows]),
                                               exact=exact)
        want = [None if a is None or u is None else robots.check(a, u, exact=exact) for a, u in rows]
        assert allowed.to_pylist() == [w and w.allowed for w in want]
        assert line.to_pylist() == [w and w.line for w in want]
    bodies = pa.array([BODY if i % 3 else b"User-agent: *\nDisallow: /\n" for i in range(len(rows))])
    allowed, _ = robotscope.arrow.check_grouped(bodies, pa.array([a for a, _ in rows]), pa.array([u for _, u in rows]))
    want_grouped = [
        None if a is None or u is None else robotscope.Robots.parse(bodies[i].as_py()).check(a, u).allowed
        for i, (a, u) in enumerate(rows)
    ]
    assert allowed.to_pylist() == want_grouped


def test_progress_is_reported_and_can_stop_the_batch() -> None:
    robots = robotscope.Robots.parse(BODY)
    urls = pa.array([f"/photos/{i}" for i in range(200_000)])
    seen: list[tuple[int, int]] = []
    robotscope.arrow.check(robots, "Googlebot", urls, progress=lambda done, total: seen.append((done, total)))
    assert len(seen) >= 3 and seen[-1] == (200_000, 200_000)
    assert all(a[0] < b[0] for a, b in zip(seen, seen[1:]))

    def stop(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        robotscope.arrow.check(robots, "Googlebot", urls, progress=stop)


def test_without_pyarrow_the_error_comes_first_and_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    polars = pytest.importorskip("polars")
    monkeypatch.setitem(sys.modules, "pyarrow", None)  # `import pyarrow` now raises ImportError
    called: list[int] = []
    with pytest.raises(ImportError, match=r"robotscope\[arrow\]"):
        robotscope.arrow.check(robotscope.Robots.parse(BODY), "Googlebot", polars.Series(["/a"]),
                               progress=lambda d, t: called.append(d))
    assert called == []
