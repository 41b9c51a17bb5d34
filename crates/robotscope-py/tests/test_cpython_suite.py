"""CPython's own `test_robotparser`, run against `robotscope.robotparser.RobotFileParser`: every failure is a
row of the README's differences table, and every row still fails."""

import unittest
import urllib.robotparser

import pytest

import robotscope.robotparser
from differences import tabled

support = pytest.importorskip("test.support")
suite_module = pytest.importorskip("test.test_robotparser")


def run_cpython_suite() -> tuple[unittest.TestResult, set[str]]:
    original = urllib.robotparser.RobotFileParser
    resources = support.use_resources
    urllib.robotparser.RobotFileParser = robotscope.robotparser.RobotFileParser  # type: ignore[misc]
    # NetworkTestCase fetches from the internet, which the test machine has no route to: with no resources
    # enabled it is skipped (`support.requires("network")`); the local-server test still runs.
    support.use_resources = []
    try:
        result = unittest.TestResult()
        unittest.defaultTestLoader.loadTestsFromModule(suite_module).run(result)
    finally:
        urllib.robotparser.RobotFileParser = original  # type: ignore[misc]
        support.use_resources = resources
    failed = {t.id().removeprefix("test.test_robotparser.") for t, _ in result.failures + result.errors}
    return result, failed


def test_cpython_suite_failures_are_the_tabled_differences() -> None:
    result, failed = run_cpython_suite()
    print(f"CPython test_robotparser against the drop-in: {result.testsRun} run, {len(failed)} failed (tabled)")
    assert result.testsRun > 40
    table = tabled("cpython")
    assert sorted(failed - table.keys()) == [], "failures that are not in the README's table"
    assert sorted(table.keys() - failed) == [], "README rows that no longer fail"


def test_the_original_passes_its_own_suite() -> None:
    """The harness itself: without the substitution the standard library passes, so the failures are ours."""
    resources = support.use_resources
    support.use_resources = []
    try:
        result = unittest.TestResult()
        unittest.defaultTestLoader.loadTestsFromModule(suite_module).run(result)
    finally:
        support.use_resources = resources
    assert result.wasSuccessful(), result.failures + result.errors
