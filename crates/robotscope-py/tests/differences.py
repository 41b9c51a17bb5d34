"""Reads the differences tables of the package README: where the drop-ins answer as Google does and the
originals' own test suites expect something else."""

import re

from conftest import CRATE


# How each difference is classified: `Google` (Google's library answers so: the engine passes all of its
# conformance vectors), `reading` (a reading the package documents where Google's library has no answer, such as
# what an HTTP status means) or `bug` (a fault of the drop-in, which the suite fails on).
KINDS = {"Google", "reading", "bug"}


def tabled(suite: str) -> dict[str, str]:
    """The rows of the table between `<!-- differences:SUITE -->` and `<!-- /differences:SUITE -->`: test
    id (in backticks, first column) to its kind (second column). Fails on a row of an unknown kind or a bug."""
    # The README, or a page of the docs beside the repository's README that a long table moved to.
    pages = [CRATE / "README.md", *sorted((CRATE.parent.parent / "docs").glob("python*.md"))]
    pattern = f"<!-- differences:{suite} -->(.*?)<!-- /differences:{suite} -->"
    found = (re.search(pattern, p.read_text(encoding="utf-8"), re.S) for p in pages if p.is_file())
    match = next((m for m in found if m), None)
    assert match, f"neither the README nor docs/python*.md has a differences table for {suite}"
    rows = {}
    for line in match.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = cells[1]
    assert set(rows.values()) <= KINDS, f"{suite}: kinds other than {sorted(KINDS)}: {set(rows.values()) - KINDS}"
    bugs = sorted(test for test, kind in rows.items() if kind == "bug")
    assert bugs == [], f"{suite}: differences classified as bugs of the drop-in: {bugs}"
    return rows
