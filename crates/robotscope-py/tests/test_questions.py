"""The shared fixture of whole questions (tests/fixtures/questions.json at the repository's root), answered through
the Python API: `Robots.ask` and `Robots.ai_summary` must give the survey every other surface gives."""

import json
from pathlib import Path
from typing import Any, Optional

import pytest

import robotscope
from robotscope import Cell, Robots, Survey

from conftest import REPO

FIXTURE = REPO / "tests" / "fixtures" / "questions.json"


def fixture() -> dict[str, Any]:
    # The fixture is part of the repository; a missing one is a broken checkout, never a skip.
    assert FIXTURE.is_file(), f"the shared question fixture is missing at {FIXTURE}"
    data: dict[str, Any] = json.loads(FIXTURE.read_text(encoding="utf-8"))
    return data


QUESTIONS = fixture()["questions"]
AI = fixture()["ai"]


def says(text: str, allowed: bool) -> bool:
    """Whether an explanation says the answer it explains, and not the other."""
    yes, no = ("is allowed", "is disallowed") if allowed else ("is disallowed", "is allowed")
    return yes in text and no not in text


def preferences(expected: Optional[dict[str, Any]], key: str) -> list[tuple[str, bool, int]]:
    return [(p[0], p[1], p[2]) for p in (expected or {}).get(key, [])]


def check_cell(at: str, survey: Survey, cell: Cell, e: dict[str, Any], readings: list[str]) -> None:
    assert cell.profile == (survey.view if survey.view != "compare" else "google"), at
    assert (cell.allowed, cell.line) == (e["allowed"], e["line"]), at
    assert cell.blocked == (not e["allowed"]), at
    assert cell.token == e["token"], at
    assert cell.follows == e.get("follows"), at
    assert cell.tied_disallow == e.get("tied_disallow"), at
    assert [[r.allowed, r.line] for r in cell.readers] == e.get("readers", []), at
    if cell.readers:
        assert [r.profile for r in cell.readers] == readings, at
    assert cell.differs == e.get("differs", False), at
    baseline = cell.baseline
    assert ([baseline.allowed, baseline.line] if baseline else None) == e.get("baseline"), at
    assert cell.changed == e.get("changed", False), at
    usage = e.get("usage")
    assert [(p.key, p.granted, p.line) for p in cell.usage.content_signal] == preferences(usage, "content_signal"), at
    assert [(p.key, p.granted, p.line) for p in cell.usage.content_usage] == preferences(usage, "content_usage"), at
    used = (usage or {}).get("content_use")
    assert cell.usage.content_use == (tuple(used) if used else None), at
    quoted = cell.quoted_lines
    assert quoted == sorted(set(quoted)), at
    assert (cell.line in quoted) == (cell.line > 0), at
    # The verdict of a cell is the same answer, and every cell explains itself, under every reader.
    assert (cell.verdict.allowed, cell.verdict.line) == (cell.allowed, cell.line), at
    assert says(cell.explain(), cell.allowed), at
    assert cell.verdict.explain() == cell.explain(), at
    for r in cell.readers:
        assert says(cell.explain(r.profile), r.allowed), f"{at} under {r.profile}"


@pytest.mark.parametrize("q", QUESTIONS, ids=[q["name"] for q in QUESTIONS])
def test_python_answers_the_shared_question(q: dict[str, Any]) -> None:
    robots = Robots.parse(q["robots"])
    baseline = Robots.parse(q["baseline"]) if "baseline" in q else None
    survey = robots.ask(
        q["agents"],
        q["urls"],
        base=q.get("base"),
        view=q["view"],
        readings=q.get("readings"),
        baseline=baseline,
        exact=q.get("exact", False),
    )
    expect = q["expect"]
    name = q["name"]
    assert survey.view == q["view"]
    assert survey.site == expect["site"], name
    assert len(survey.agents) == len(expect["agents"]), name
    # Rows past the core's limits are left out and counted (a crawler set is one row per crawler).
    left_out = tuple(expect.get("left_out", [0, 0]))
    assert survey.left_out == left_out, name
    assert len(survey.left_out_notes) == sum(1 for n in left_out if n), name
    for asked, e in zip(survey.agents, expect["agents"]):
        assert asked.label == e["label"], name
        assert [m.kind for m in asked.members] == e["kinds"], name
        assert asked.is_pool == (len(e["kinds"]) > 1), name
        assert len(asked.notes) == e["notes"], (name, asked.notes)
    assert len(survey.urls) == len(expect["urls"]), name
    for url_row, e in zip(survey.urls, expect["urls"]):
        assert (url_row.typed.error is not None) == e["error"], name
        if not e["error"]:
            assert url_row.typed.tested == e["tested"], name
            assert url_row.governs == e["governs"], name
    rows = survey.rows
    assert len(rows) == len(expect["cells"]), name
    for u, (row, expected_row) in enumerate(zip(rows, expect["cells"])):
        if expected_row is None:
            assert all(c is None for c in row), name
            assert survey.cell(u, 0) is None, name
            continue
        assert len(row) == len(expected_row), name
        for a, (cell, e) in enumerate(zip(row, expected_row)):
            assert cell is not None, name
            at = f"{name}: {survey.urls[u].typed.tested} for {survey.agents[a].input}"
            check_cell(at, survey, cell, e, q.get("readings", robotscope.profiles()))
    assert survey.differ == expect["differ"] == sum(c.differs for row in rows for c in row if c), name
    assert survey.changed == expect["changed"] == sum(c.changed for row in rows for c in row if c), name


@pytest.mark.parametrize("case", AI, ids=[c["name"] for c in AI])
def test_python_answers_the_shared_ai_summary(case: dict[str, Any]) -> None:
    robots = Robots.parse(case["robots"])
    summary = robots.ai_summary(case["url"])
    assert [s.name for s in summary] == [e["group"] for e in case["expect"]]
    for s, e in zip(summary, case["expect"]):
        assert (len(s.crawlers), s.blocked, s.looks_blocked) == (e["total"], e["blocked"], e["looks_blocked"]), s.name
        assert [a.crawler.name for a in s.crawlers if a.cell.blocked] == e["blocked_names"], s.name
        # The summary in words, as the tester and the CLI say it.
        assert s.sentence.startswith(f"{s.title}: {e['blocked']} of {e['total']} blocked at "), s.sentence
        assert ("only look blocked" in s.sentence) == (e["looks_blocked"] > 0), s.sentence
        # The group is the crawler set of its name, and each answer explains itself.
        assert [a.crawler.name for a in s.crawlers] == [c.name for c in robotscope.crawler_set(s.name)]
        for a in s.crawlers:
            assert says(a.cell.explain(), a.cell.allowed), a.crawler.name
            # Who only looks blocked says why, naming the Disallow that lost and the Allow that won.
            note = a.cell.looks_blocked_note
            assert (note is not None) == a.cell.looks_blocked, a.crawler.name
            if note is not None:
                assert f"Disallow on line {a.cell.tied_disallow} ties the Allow on line {a.cell.line}" in note, note
    counted = sum(len(s.crawlers) for s in summary)
    ai = [c for c in robotscope.crawlers() if c.kind in ("ai-training", "ai-search", "user-triggered", "control-token")]
    assert counted == len(ai)


def test_check_is_one_cell_of_ask() -> None:
    """The per-query API answers what the survey answers, and refuses what it cannot read."""
    q = next(q for q in QUESTIONS if q["name"].startswith("agents and URLs are read"))
    robots = Robots.parse(q["robots"])
    survey = robots.ask(q["agents"], q["urls"], base=q.get("base"))
    for u, url in enumerate(q["urls"]):
        for a, agent in enumerate(q["agents"]):
            cell = survey.cell(u, a)
            if cell is None:
                with pytest.raises(ValueError, match="cannot be read"):
                    robots.check(agent, url, base=q.get("base"))
                continue
            v = robots.check(agent, url, base=q.get("base"))
            assert (v.allowed, v.line, v.token, v.follows) == (cell.allowed, cell.line, cell.token, cell.follows)
            if "," not in agent:
                assert robots.is_allowed(agent, survey.urls[u].typed.tested) == cell.allowed
    with pytest.raises(IndexError):
        survey.cell(len(q["urls"]), 0)
    with pytest.raises(ValueError, match="unknown view"):
        robots.ask(["a"], ["/"], view="bing")  # type: ignore[arg-type]
