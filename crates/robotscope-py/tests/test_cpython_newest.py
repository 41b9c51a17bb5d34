"""The cases CPython's newest `Lib/test/test_robotparser.py` (the main branch, for 3.15) adds to the one the test
interpreter ships (`test_cpython_suite.py` runs that one as it is), restated as data: each robots.txt, agent and
URL with the answer the standard library's suite expects. Every case the drop-in answers otherwise is a row of the
README's `cpython-newest` table, and every row still differs.

The upstream file's classes, by name: `EmptyFileTest` (an empty file allows `/foo`), `DisallowQueryStringTest`
(queries and their escapes), `PercentEncodingTest` (escapes, raw non-ASCII, reserved characters) and
`LocalNetworkTestCase.testRead` (a served file with raw UTF-8 and non-UTF-8 bytes, read over HTTP from
127.0.0.1). The upstream suite builds the test names as `Class.test_good_urls (url=..., agent=...)`; so do these.
"""

from __future__ import annotations

import http.server
import io
import threading
from typing import Iterator

import robotscope.robotparser
from differences import tabled

AGENT = "test_robotparser"


def cases_of(name: str, robots_txt: str, good: list[str], bad: list[str]) -> list[tuple[str, str, str, str, bool]]:
    """(test id, robots.txt, agent, url, expected) for each URL, as the upstream suite's subtests name them."""
    out = []
    for urls, method, expected in ((good, "test_good_urls", True), (bad, "test_bad_urls", False)):
        for url in urls:
            out.append((f"{name}.{method} (url={url!r}, agent={AGENT!r})", robots_txt, AGENT, url, expected))
    return out


QUERY_TXT = """\
User-agent: *
Disallow: /some/path?name=value
Disallow: /another/path?
Disallow: /yet/one/path?name=value&more
"""
QUERY_GOOD = ["/some/path", "/some/path?", "/some/path%3Fname=value", "/some/path?name%3Dvalue", "/another/path",
              "/another/path%3F", "/yet/one/path?name=value%26more"]
# Upstream's list lacks a comma after its first URL, so its first two strings are one URL.
QUERY_BAD = ["/some/path?name=value/another/path?", "/another/path?name=value", "/yet/one/path?name=value&more"]

PERCENT_TXT = """\
User-agent: *
Disallow: /a1/Z-._~ # unreserved characters
Disallow: /a2/%5A%2D%2E%5F%7E # percent-encoded unreserved characters
Disallow: /u1/%F0%9F%90%8D # percent-encoded ASCII Unicode character
Disallow: /u2/%f0%9f%90%8d
Disallow: /u3/\U0001f40d # raw non-ASCII Unicode character
Disallow: /v1/%F0 # percent-encoded non-ASCII octet
Disallow: /v2/%f0
Disallow: /v3/\udcf0 # raw non-ASCII octet
Disallow: /p1%xy # raw percent
Disallow: /p2%
Disallow: /p3%25xy # percent-encoded percent
Disallow: /p4%2525xy # double percent-encoded percent
Disallow: /john%20smith # space
Disallow: /john doe
Disallow: /trailingspace%20
Disallow: /question%3Fq=v # not query
Disallow: /hash%23f # not fragment
Disallow: /dollar%24
Disallow: /asterisk%2A
Disallow: /sub/dir
Disallow: /slash%2F
Disallow: /query/question?q=%3F
Disallow: /query/raw/question?q=?
Disallow: /query/eq?q%3Dv
Disallow: /query/amp?q=v%26a
"""
PERCENT_GOOD = ["/u1/%F0", "/u1/%f0", "/u2/%F0", "/u2/%f0", "/u3/%F0", "/u3/%f0", "/p1%2525xy", "/p2%f0",
                "/p3%2525xy", "/p4%xy", "/p4%25xy", "/question?q=v", "/dollar", "/asterisk", "/query/eq?q=v",
                "/query/amp?q=v&a"]
PERCENT_BAD = ["/a1/Z-._~", "/a1/%5A%2D%2E%5F%7E", "/a2/Z-._~", "/a2/%5A%2D%2E%5F%7E",
               "/u1/%F0%9F%90%8D", "/u1/%f0%9f%90%8d", "/u1/\U0001f40d",
               "/u2/%F0%9F%90%8D", "/u2/%f0%9f%90%8d", "/u2/\U0001f40d",
               "/u3/%F0%9F%90%8D", "/u3/%f0%9f%90%8d", "/u3/\U0001f40d",
               "/v1/%F0", "/v1/%f0", "/v1/\udcf0", "/v1/\U0001f40d",
               "/v2/%F0", "/v2/%f0", "/v2/\udcf0", "/v2/\U0001f40d",
               "/v3/%F0", "/v3/%f0", "/v3/\udcf0", "/v3/\U0001f40d",
               "/p1%xy", "/p1%25xy", "/p2%", "/p2%25", "/p2%2525", "/p2%xy", "/p3%xy", "/p3%25xy", "/p4%2525xy",
               "/john%20smith", "/john smith", "/john%20doe", "/john doe", "/trailingspace%20", "/trailingspace ",
               "/question%3Fq=v", "/hash#f", "/hash%23f", "/dollar$", "/dollar%24", "/asterisk*", "/asterisk%2A",
               "/sub/dir", "/sub%2Fdir", "/slash%2F", "/slash/", "/query/question?q=?", "/query/question?q=%3F",
               "/query/raw/question?q=?", "/query/raw/question?q=%3F", "/query/eq?q%3Dv", "/query/amp?q=v%26a"]
# Upstream adds two rules and four bad URLs for each other reserved character.
for _c in ":/#[]@!$&'()*+,;=":
    PERCENT_TXT += f"Disallow: /raw{_c}\nDisallow: /pc%{ord(_c):02X}\n"
    PERCENT_BAD += [f"/raw{_c}", f"/raw%{ord(_c):02X}", f"/pc{_c}", f"/pc%{ord(_c):02X}"]

CASES = (
    cases_of("EmptyFileTest", "", ["/foo"], [])
    + cases_of("DisallowQueryStringTest", QUERY_TXT, QUERY_GOOD, QUERY_BAD)
    + cases_of("PercentEncodingTest", PERCENT_TXT, PERCENT_GOOD, PERCENT_BAD)
)

# LocalNetworkTestCase: a file with raw UTF-8 and non-UTF-8 bytes, served over HTTP; paths after the origin.
SERVED = (b"User-agent: test_robotparser\nDisallow: /utf8/\xf0\x9f\x90\x8d\nDisallow: /non-utf8/\xf0\n"
          b"Disallow: //[spam]/path\n")
SERVED_CASES = [("/robots.txt", True), ("/utf8/", True), ("/utf8/\U0001f40d", False), ("/utf8/%F0%9F%90%8D", False),
                ("/non-utf8/", True), ("/non-utf8/%F0", False), ("/non-utf8/\U0001f40d", False),
                ("/%2F[spam]/path", False)]


def answers_from_parse() -> Iterator[tuple[str, bool, bool]]:
    """(test id, expected, the drop-in's answer) for the parsed cases."""
    for test, robots_txt, agent, url, expected in CASES:
        parser = robotscope.robotparser.RobotFileParser()
        parser.parse(io.StringIO(robots_txt).readlines())
        yield test, expected, parser.can_fetch(agent, url)


class Served(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
        self.send_response(200)
        self.end_headers()
        self.wfile.write(SERVED)

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


def answers_from_server() -> Iterator[tuple[str, bool, bool]]:
    server = http.server.HTTPServer(("127.0.0.1", 0), Served)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True)
    thread.start()
    try:
        origin = f"http://127.0.0.1:{server.server_address[1]}"
        parser = robotscope.robotparser.RobotFileParser()
        parser.set_url(origin + "/robots.txt")
        parser.read()
        for path, expected in SERVED_CASES:
            yield f"LocalNetworkTestCase.testRead (url={path!r})", expected, parser.can_fetch(AGENT, origin + path)
    finally:
        server.shutdown()
        thread.join()
        server.server_close()


def test_newest_cpython_cases_differ_only_where_tabled() -> None:
    answers = list(answers_from_parse()) + list(answers_from_server())
    differ = {test for test, expected, got in answers if expected != got}
    print(f"CPython main's new test_robotparser cases: {len(answers)} asked, {len(differ)} differ (tabled)")
    assert len(answers) > 150
    table = tabled("cpython-newest")
    assert sorted(differ - table.keys()) == [], "differences that are not in the README's table"
    assert sorted(table.keys() - differ) == [], "README rows that no longer differ"
