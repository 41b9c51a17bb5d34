"""robotscope.fetch against servers on 127.0.0.1: the outcomes of SPEC B5 as the CLI and the npm package give them
(the core's fetch state decides; this package only does HTTP)."""

from __future__ import annotations

import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Callable, Iterator

import pytest

from robotscope.fetch import fetch_robots

Reply = Callable[[BaseHTTPRequestHandler], None]


def send(status: int, body: bytes = b"", headers: dict[str, str] | None = None, length: int | None = None) -> Reply:
    def reply(h: BaseHTTPRequestHandler) -> None:
        h.send_response(status)
        for key, value in (headers or {}).items():
            h.send_header(key, value)
        h.send_header("Content-Length", str(len(body) if length is None else length))
        h.end_headers()
        h.wfile.write(body)

    return reply


class Site:
    """A server whose paths answer as `routes` says (404 elsewhere), recording each path asked."""

    def __init__(self, routes: dict[str, Reply]) -> None:
        self.asked: list[str] = []
        site = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
                site.asked.append(self.path)
                routes.get(self.path, send(404))(self)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{path}"


@pytest.fixture
def serve() -> Iterator[Callable[[dict[str, Reply]], Site]]:
    sites: list[Site] = []

    def start(routes: dict[str, Reply]) -> Site:
        sites.append(Site(routes))
        return sites[-1]

    yield start
    for s in sites:
        s.server.shutdown()
        s.server.server_close()


def test_a_2xx_body_is_the_file(serve) -> None:
    site = serve({"/robots.txt": send(200, b"User-agent: *\nDisallow: /private\n")})
    f = fetch_robots(site.url("/shop?x=1"))
    assert (f.outcome, f.status, f.robots_url, f.error) == ("parse-body", 200, site.url("/robots.txt"), None)
    assert f.reason.startswith("200 OK (2xx): success")
    assert f.robots is not None and not f.robots.is_allowed("Googlebot", "/private/a")
    cell = f.ask(["Googlebot"], ["/private/a", "/"])
    assert [cell.cell(u, 0).allowed for u in range(2)] == [False, True]


def test_five_redirects_are_followed_and_a_sixth_means_no_robots_txt(serve) -> None:
    hops = {"/robots.txt": send(301, headers={"Location": "/r1"})}
    hops.update({f"/r{i}": send(302, headers={"Location": f"/r{i + 1}"}) for i in range(1, 5)})
    hops["/r5"] = send(200, b"User-agent: *\nDisallow: /\n")
    f = fetch_robots(serve(hops).url("/"))
    assert (f.outcome, len(f.redirects), f.redirects[0][0]) == ("parse-body", 5, 301)
    hops["/r5"] = send(307, headers={"Location": "/r6"})
    f = fetch_robots(serve(hops).url("/"))
    assert (f.outcome, len(f.redirects)) == ("allow-all", 5)
    assert f.reason == "more than 5 redirects: no robots.txt reached, so everything is allowed (as for 4xx)"


def test_a_redirect_without_location_and_a_loop_allow_everything(serve) -> None:
    f = fetch_robots(serve({"/robots.txt": send(302)}).url("/"))
    assert (f.outcome, f.reason.split(":")[0]) == ("allow-all", "302 Found without a Location header")
    there, back = send(302, headers={"Location": "/a"}), send(302, headers={"Location": "/robots.txt"})
    loop = serve({"/robots.txt": there, "/a": back})
    assert "(a redirect loop)" in fetch_robots(loop.url("/")).reason


STATUSES = [(404, "allow-all"), (403, "allow-all"), (429, "disallow-all"), (503, "disallow-all")]


@pytest.mark.parametrize(("status", "outcome"), STATUSES)
def test_statuses(serve, status: int, outcome: str) -> None:
    f = fetch_robots(serve({"/robots.txt": send(status)}).url("/"))
    assert (f.outcome, f.status, f.robots) == (outcome, status, None)
    # A survey over the site's one answer is answered like any other, for every agent (crawlers ignoring * too).
    survey = f.ask(["Googlebot", "AdsBot-Google", "GPTBot"], ["/a", "https://"])
    assert [survey.cell(0, a).allowed for a in range(3)] == [outcome == "allow-all"] * 3
    assert survey.cell(1, 0) is None


def test_a_body_past_500_kib_is_cut_and_one_cut_short_disallows_everything(serve) -> None:
    big = b"User-agent: *\nDisallow: /x\n" + b"#" * (600 * 1024)
    f = fetch_robots(serve({"/robots.txt": send(200, big)}).url("/"))
    assert (f.outcome, f.cut) == ("parse-body", True)
    assert f.robots is not None and not f.robots.is_allowed("Googlebot", "/x")
    # The server promises 5000 bytes and closes after 14.
    cut = serve({"/robots.txt": send(200, b"User-agent: *\n", length=5000)})
    f = fetch_robots(cut.url("/"))
    assert (f.outcome, f.error is not None) == ("disallow-all", True)
    assert "but the body was cut short" in f.reason


def test_a_refused_connection_disallows_everything() -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    f = fetch_robots(f"http://127.0.0.1:{port}/", timeout=5)
    assert (f.outcome, f.status, f.error) == ("disallow-all", None, "connection refused")
    assert f.reason == "network error (connection refused): everything is disallowed until a later fetch succeeds"


def test_a_url_no_robots_txt_governs_is_an_error() -> None:
    with pytest.raises(ValueError):
        fetch_robots("mailto:someone@example.com")


def test_the_shared_fixture_of_fetches(serve) -> None:
    # tests/fixtures/fetches.json, which the core, the CLI and the npm package answer too.
    import json
    from pathlib import Path

    fixture = Path(__file__).resolve().parents[3] / "tests" / "fixtures" / "fetches.json"
    cases = json.loads(fixture.read_text())["fetches"]
    assert len(cases) >= 10
    for case in cases:
        routes: dict[str, Reply] = {}
        for path, r in case["routes"].items():
            body = r.get("body", "").encode() + b"#" * r.get("pad", 0)
            headers = {"Location": r["location"]} if "location" in r else {}
            routes[path] = send(r["status"], body, headers, r.get("length"))
        f = fetch_robots(serve(routes).url("/"))
        e, name = case["expect"], case["name"]
        assert (f.outcome, f.status, len(f.redirects)) == (e["outcome"], e["status"], e["redirects"]), name
        assert f.cut == e.get("cut", False), name
        assert (f.error is not None) == e.get("error", False), f"{name}: {f.error}"
        if "reason" in e:
            assert f.reason == e["reason"], name
        else:
            assert f.reason.startswith(e["reason_starts"]), f"{name}: {f.reason}"
        assert (f.robots is not None) == (e["outcome"] == "parse-body"), name
