"""Reads the differences tables of the package README: where the drop-ins answer as Google does and the
originals' own test suites expect something else."""

import re

from conftest import CRATE


def tabled(suite: str) -> dict[str, str]:
    """The rows of the README table between `<!-- differences:SUITE -->` and `<!-- /differences:SUITE -->`: test
    id (in backticks, first column) to the reason."""
    text = (CRATE / "README.md").read_text(encoding="utf-8")
    match = re.search(f"<!-- differences:{suite} -->(.*?)<!-- /differences:{suite} -->", text, re.S)
    assert match, f"the README has no differences table for {suite}"
    rows = {}
    for line in match.group(1).splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 2 and cells[0].startswith("`"):
            rows[cells[0].strip("`")] = cells[1]
    return rows
