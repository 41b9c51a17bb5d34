"""Every public vector through the Python API: exact mode, raw bytes, agents pooled as given."""

import json
from pathlib import Path
from typing import Any

import robotscope


def _vectors(conformance: Path) -> list[dict[str, Any]]:
    with open(conformance / "vectors.jsonl", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def test_every_public_vector(conformance: Path) -> None:
    vectors = _vectors(conformance)
    assert len(vectors) == 74_772
    parsed: dict[str, robotscope.Robots] = {}
    failures = []
    for v in vectors:
        robots = parsed.get(v["file"])
        if robots is None:
            robots = parsed[v["file"]] = robotscope.Robots.parse((conformance / v["file"]).read_bytes())
        verdict = robots.check(v["agents"], v["url"], exact=True)
        fast = robots.is_allowed(v["agents"], v["url"], exact=True)
        if (verdict.allowed, verdict.line, fast) != (v["allowed"], v["line"], v["allowed"]):
            failures.append((v, verdict.allowed, verdict.line, fast))
    print(f"python conformance: {len(vectors) - len(failures)} passed, {len(failures)} failed")
    assert failures == []


def test_google_matcher_suite(conformance: Path) -> None:
    cases = json.loads((conformance / "google" / "matcher.json").read_text(encoding="utf-8"))
    failures = []
    for case in cases:
        generator = case.get("generator") or {}

        def build(field: str) -> str:
            value = case[field]
            return value if value is not None else "".join(text * n for text, n in generator[field])

        robots, url = build("robots"), build("url")
        verdict = robotscope.Robots.parse(robots).check(case["agents"], url, exact=True)
        if verdict.allowed != case["allowed"]:
            failures.append(case["name"])
    assert len(cases) == 145
    assert failures == []
