"""Shared fixtures: where the conformance data and the repository's shared fixtures are."""

import os
from pathlib import Path

import pytest

CRATE = Path(__file__).resolve().parent.parent
REPO = CRATE.parent.parent


def conformance_dir() -> Path:
    """`$ROBOTSCOPE_CONFORMANCE`, else `../shared/conformance` beside the repository."""
    configured = os.environ.get("ROBOTSCOPE_CONFORMANCE", "").strip()
    return Path(configured) if configured else REPO.parent / "shared" / "conformance"


@pytest.fixture(scope="session")
def conformance() -> Path:
    path = conformance_dir()
    if not (path / "vectors.jsonl").is_file():
        if os.environ.get("CI") == "true":
            pytest.fail(f"the conformance data is missing at {path} (set ROBOTSCOPE_CONFORMANCE)")
        pytest.skip(f"no conformance data at {path}")
    return path


@pytest.fixture(scope="session")
def corpus_bodies(conformance: Path) -> list[bytes]:
    """Every robots.txt body of the conformance corpus, as raw bytes."""
    files = sorted((conformance / "corpus").iterdir())
    return [f.read_bytes() for f in files if f.is_file()]
