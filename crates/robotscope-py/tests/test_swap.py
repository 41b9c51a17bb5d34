"""What a swap from Protego or `urllib.robotparser` relies on beyond the answers: pickling (Spark broadcasts,
multiprocessing), equality, clear errors for the wrong argument types, lone surrogates, `limit=-1`, and the
standard library's `entries`, `default_entry`, `str()`, `read()` and `mtime()`."""

import os
import pickle
import threading
import urllib.error
import urllib.robotparser
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.metadata import distribution
from typing import Iterator

import pytest

import robotscope
import robotscope.robotparser

BODY = b"User-agent: Googlebot\nDisallow: /private/\nCrawl-delay: 2\n\nUser-agent: *\nDisallow: /tmp/\n"


def test_robots_pickles_as_its_source_and_answers_the_same() -> None:
    robots = robotscope.Robots.parse(BODY)
    again = pickle.loads(pickle.dumps(robots))
    assert again == robots and hash(again) == hash(robots) and again is not robots
    assert len(pickle.dumps(robots)) < len(BODY) + 200
    for agent, url in [("Googlebot", "/private/a"), ("GPTBot", "/tmp/x"), ("GPTBot", "/private/a")]:
        assert again.check(agent, url).allowed == robots.check(agent, url).allowed
    assert again.crawl_delay("Googlebot") == 2.0


def test_a_cut_file_pickles_with_its_cut() -> None:
    robots = robotscope.Robots.parse(BODY + b"#" * 1000, limit=len(BODY))
    again = pickle.loads(pickle.dumps(robots))
    assert (again.cut_from, again.source) == (robots.cut_from, robots.source) == (len(BODY) + 1000, BODY)
    assert [d.code for d in again.lint()] == [d.code for d in robots.lint()]


def test_equality_is_by_source() -> None:
    assert robotscope.Robots.parse(BODY) == robotscope.Robots.parse(BODY.decode())
    assert robotscope.Robots.parse(BODY) != robotscope.Robots.parse(BODY + b"\n")
    assert robotscope.Robots.parse(BODY) != BODY
    assert len({robotscope.Robots.parse(BODY), robotscope.Robots.parse(BODY)}) == 1


@pytest.mark.parametrize("agent", [b"Googlebot", None, 3, [b"Googlebot"]])
def test_wrong_agent_types_are_clear_type_errors(agent: object) -> None:
    robots = robotscope.Robots.parse(BODY)
    with pytest.raises(TypeError, match="must be str") as error:
        robots.check(agent, "/", exact=isinstance(agent, list))  # type: ignore[arg-type]
    assert "AgentArg" not in str(error.value) and "extract" not in str(error.value)
    if isinstance(agent, bytes):
        assert "decode" in str(error.value)


def test_lone_surrogates_read_as_replacement_characters() -> None:
    robots = robotscope.Robots.parse(b"User-agent: *\nDisallow: /%EF%BF%BD\n")
    assert robots.check("bot", "/\ud800x").url == "/%EF%BF%BDx"
    assert not robots.is_allowed("bot", "/\udfff")
    assert not robotscope.robotparser.RobotFileParser().can_fetch("bot", "/\ud800")  # not read yet: False


def test_a_negative_limit_is_no_limit() -> None:
    robots = robotscope.Robots.parse(BODY, limit=-1)
    assert robots.source == BODY and robots.cut_from is None


def test_usage_has_a_repr() -> None:
    robots = robotscope.Robots.parse(b"User-agent: *\nAllow: /\nContent-Signal: ai-train=no, search=yes\n")
    shown = repr(robots.usage("GPTBot", "/"))
    assert shown.startswith("<Usage crawlable; Content-Signal: ai-train=no (line 3), search=yes (line 3); Validators: ")
    assert shown.endswith(">")
    assert repr(robotscope.Robots.parse(b"").usage("GPTBot", "/")) == "<Usage crawlable, no preferences>"


STRING_FORMATTED = """User-agent: *
Crawl-delay: 1
Request-rate: 3/15
Disallow: /cyberworld/map/ # This is an infinite virtual URL space

# Cybermapper knows where to go.
User-agent: cybermapper
Disallow: /some/path
Allow: /some/path/%7ejoe/
Crawl-delay: 3
Request-rate: 9/30
"""


def test_entries_and_str_are_the_standard_librarys() -> None:
    ours, theirs = robotscope.robotparser.RobotFileParser(), urllib.robotparser.RobotFileParser()
    for parser in (ours, theirs):
        parser.parse(STRING_FORMATTED.splitlines())
    assert str(ours) == str(theirs)
    assert [e.useragents for e in ours.entries] == [e.useragents for e in theirs.entries]
    assert [str(e) for e in ours.entries] == [str(e) for e in theirs.entries]
    assert ours.default_entry is not None and theirs.default_entry is not None
    assert str(ours.default_entry) == str(theirs.default_entry)
    assert (ours.default_entry.delay, ours.default_entry.req_rate) == (1, urllib.robotparser.RequestRate(3, 15))


class Statuses(BaseHTTPRequestHandler):
    def do_GET(self) -> None:
        status = int(self.path.strip("/").split("/")[0])
        self.send_response(status)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Statuses)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


@pytest.mark.parametrize(("status", "allowed"), [(404, True), (403, True), (503, False), (429, False)])
def test_read_statuses_leave_mtime_at_zero(server: str, status: int, allowed: bool) -> None:
    parser = robotscope.robotparser.RobotFileParser(f"{server}/{status}/robots.txt")
    parser.read()
    assert parser.mtime() == 0
    assert (parser.allow_all, parser.disallow_all) == (allowed, not allowed)
    assert parser.can_fetch("bot", f"{server}/page") == allowed


def test_read_raises_url_error_like_the_standard_library() -> None:
    closed = ThreadingHTTPServer(("127.0.0.1", 0), Statuses)
    url = f"http://127.0.0.1:{closed.server_address[1]}/robots.txt"
    closed.server_close()  # nothing listens there now
    for parser_class in (robotscope.robotparser.RobotFileParser, urllib.robotparser.RobotFileParser):
        parser = parser_class(url)
        with pytest.raises(urllib.error.URLError):
            parser.read()
        assert not parser.can_fetch("bot", "/")


def test_the_installed_wheel_has_the_tag_built_for_it() -> None:
    """Under the test command, the package under test was installed from the manylinux2014 wheel."""
    tag = os.environ.get("ROBOTSCOPE_WHEEL_TAG")
    if not tag:
        pytest.skip("ROBOTSCOPE_WHEEL_TAG is set by `cargo xtask python`")
    wheel = distribution("robotscope").read_text("WHEEL") or ""
    tags = [line.split(":", 1)[1].strip() for line in wheel.splitlines() if line.startswith("Tag:")]
    # maturin writes the legacy alias too: `cp39-abi3-manylinux2014_x86_64` beside `..._manylinux_2_17_x86_64`.
    assert tags and all(t.startswith("cp39-abi3-") for t in tags) and any(tag in t for t in tags), tags
