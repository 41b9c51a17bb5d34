"""The README's Python blocks run as they are written, and answer what `Robots.check` answers."""

import re
from typing import Any

import pytest

import robotscope

from conftest import CRATE

pa = pytest.importorskip("pyarrow")


def blocks() -> list[str]:
    text = (CRATE / "README.md").read_text(encoding="utf-8")
    return re.findall(r"```python\n(.*?)```", text, flags=re.S)


def block(marker: str) -> str:
    found = [b for b in blocks() if marker in b]
    assert len(found) == 1, f"the README has {len(found)} Python blocks holding {marker!r}"
    return found[0]


BODY = b"User-agent: *\nDisallow: /private/\nAllow: /private/press/\n\nUser-agent: GPTBot\nDisallow: /\n"
OTHER = b"User-agent: *\nDisallow: /cart\n"
URLS = ["https://example.com/", "https://example.com/private/a", "https://example.com/private/press/b", "/cart"]


def test_the_quick_start_runs() -> None:
    scope: dict[str, Any] = {"body": BODY}
    exec(block("verdict.explain()"), scope)
    assert (scope["verdict"].allowed, scope["verdict"].line) == (True, 3)


def test_the_whole_question_block_runs() -> None:
    scope: dict[str, Any] = {"robots": robotscope.Robots.parse(BODY), "robotscope": robotscope, "old_body": OTHER}
    exec(block("robots.ask("), scope)
    survey, cell = scope["survey"], scope["cell"]
    first = survey.cell(0, 0)
    assert (cell.allowed, cell.line) == (first.allowed, first.line)
    assert (survey.cell(1, 1).allowed, survey.cell(1, 1).line) == (False, 6)  # GPTBot's own Disallow: /
    assert [a.label for a in survey.agents][2] == "Googlebot-News + Googlebot"
    assert len(cell.readers) == 3 and cell.baseline is not None


def test_the_dataframe_block_runs_and_answers_as_check() -> None:
    pytest.importorskip("pandas")
    pytest.importorskip("polars")
    pytest.importorskip("duckdb")
    origins = ["https://example.com", "https://shop.example"]
    captures = pa.table({"origin": origins, "body": [BODY.decode(), OTHER.decode()]})
    pages = pa.table(
        {
            "origin": [origins[0], origins[0], origins[1], origins[1]],
            "url": [URLS[0], URLS[1], "https://shop.example/cart", "https://shop.example/"],
        }
    )
    agents = ["Googlebot", "GPTBot", "Googlebot-Image", "MyBot"]
    scope: dict[str, Any] = {"body": BODY, "urls": URLS, "agents": agents, "captures": captures, "pages": pages}
    exec(block("import pyarrow as pa, pandas as pd"), scope)
    robots = robotscope.Robots.parse(BODY)
    df = scope["df"]
    assert list(df["allowed"]) == [robots.check("Googlebot", u).allowed for u in URLS]
    assert list(df["line"]) == [robots.check("Googlebot", u).line for u in URLS]
    frame = scope["frame"]
    assert frame["allowed"].to_list() == [robots.check(a, u).allowed for a, u in zip(agents, URLS)]
    bodies = dict(zip(origins, [BODY, OTHER]))
    want = {
        (u, robotscope.Robots.parse(bodies[o]).check("GPTBot", u).allowed)
        for o, u in zip(pages["origin"].to_pylist(), pages["url"].to_pylist())
    }
    assert set(scope["answers"]) == want
    assert any(not allowed for _, allowed in want) and any(allowed for _, allowed in want)
