"""Protego's own test suite, from its PyPI sdist, run against `robotscope.protego.Protego`: every failure is a
row of the README's differences table, and every row still fails."""

import os
import subprocess
import sys
import tarfile
import xml.etree.ElementTree as ET
from importlib.metadata import version
from pathlib import Path

from differences import tabled

PLUGIN = '''
import protego
import robotscope.protego

protego.Protego = robotscope.protego.Protego
'''


def run_protego_suite(tmp: Path, substitute: bool) -> tuple[int, set[str]]:
    """Runs the sdist's tests; returns how many ran and the ids of those that failed."""
    release = version("protego")
    downloads = tmp / "sdist"
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check", "--no-binary", ":all:",
         "--no-deps", f"protego=={release}", "-d", str(downloads)],
        check=True,
    )
    (archive,) = downloads.glob("protego-*.tar.gz")
    with tarfile.open(archive) as tar:
        tar.extractall(tmp, filter="data")
    source = tmp / f"protego-{release}"
    (tmp / "robotscope_as_protego.py").write_text(PLUGIN, encoding="utf-8")
    report = tmp / "report.xml"
    plugin = ["-p", "robotscope_as_protego"] if substitute else []
    tests = ["tests/test_protego.py", "tests/test_on_google_spec.py", "tests/test_on_fetched_robotstxt.py"]
    subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *plugin, f"--junitxml={report}",
         "--rootdir", str(source), *tests],
        cwd=source,
        env={**os.environ, "PYTHONPATH": str(tmp), "PYTHONDONTWRITEBYTECODE": "1"},
        stdout=subprocess.DEVNULL,
    )
    failed, ran = set(), 0
    for case in ET.parse(report).iter("testcase"):
        ran += 1
        if case.find("failure") is not None or case.find("error") is not None:
            failed.add(f"{case.get('classname', '').removeprefix('tests.')}::{case.get('name')}")
    return ran, failed


def test_protego_suite_failures_are_the_tabled_differences(tmp_path: Path) -> None:
    ran, failed = run_protego_suite(tmp_path, substitute=True)
    print(f"Protego's suite against the drop-in: {ran} run, {len(failed)} failed (tabled)")
    assert ran > 4000
    table = tabled("protego")
    assert sorted(failed - table.keys()) == [], "failures that are not in the README's table"
    assert sorted(table.keys() - failed) == [], "README rows that no longer fail"


def test_protego_passes_its_own_suite(tmp_path: Path) -> None:
    """The harness itself: without the substitution Protego passes, so the failures are the drop-in's."""
    ran, failed = run_protego_suite(tmp_path, substitute=False)
    assert ran > 4000 and failed == set()
