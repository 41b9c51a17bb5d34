"""A real Scrapy crawl of a site served on 127.0.0.1 with ROBOTSTXT_PARSER = "robotscope.scrapy.RobotParser":
the pages robots.txt disallows are never fetched, and a page Protego (Scrapy's default) answers differently
from Google is answered as Google does."""

import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

import robotscope
import robotscope.protego

pytest.importorskip("scrapy")
protego = pytest.importorskip("protego")

ROBOTS = b"""User-agent: *
Disallow: /private/
Disallow: /%7Ejoe/
Disallow: /*.pdf$

# Google reads the product token `Scrapy` from this line.
User-agent: Scrapy/2.19
Disallow: /private/
Disallow: /%7Ejoe/
Disallow: /scrapy-not-welcome/
Crawl-delay: 0.01
"""

# Links from the home page: (path, whether Google allows it to Scrapy).
PAGES = {
    "/public.html": True,
    "/private/secret.html": False,
    "/scrapy-not-welcome/": False,  # Scrapy's own group
    "/~joe/": True,  # `/%7Ejoe/` is not `/~joe/` byte for byte for Google; Protego decodes both and skips the page
    "/doc.pdf": True,  # Scrapy's group has no `.pdf` rule
}

SPIDER = """
import json, sys
import scrapy
from scrapy.crawler import CrawlerProcess

class Site(scrapy.Spider):
    name = "site"
    start_urls = [sys.argv[1] + "/"]

    def parse(self, response):
        for href in response.css("a::attr(href)").getall():
            yield response.follow(href, callback=self.page)

    def page(self, response):
        yield {"url": response.url}

middlewares = {}
if len(sys.argv) > 3:  # robotscope's middleware in place of Scrapy's, as the package README shows
    middlewares = {"scrapy.downloadermiddlewares.robotstxt.RobotsTxtMiddleware": None, sys.argv[3]: 100}
process = CrawlerProcess(settings={
    "ROBOTSTXT_OBEY": True,
    "ROBOTSTXT_PARSER": sys.argv[2],
    "DOWNLOADER_MIDDLEWARES": middlewares,
    "LOG_LEVEL": "WARNING",
    "TELNETCONSOLE_ENABLED": False,
    "REQUEST_FINGERPRINTER_IMPLEMENTATION": "2.7",
})
process.crawl(Site)
process.start()
"""


class Site(BaseHTTPRequestHandler):
    requested: list[str] = []
    robots_status = 200

    def do_GET(self) -> None:
        Site.requested.append(self.path)
        status = 200
        if self.path == "/robots.txt" and Site.robots_status != 200:
            # An error page, as servers send with a 5xx or a 429.
            status, body, kind = Site.robots_status, b"<html><body>Come back later</body></html>", "text/html"
        elif self.path == "/robots.txt":
            body, kind = ROBOTS, "text/plain"
        else:
            links = "".join(f'<a href="{p}">{p}</a>' for p in PAGES)
            body, kind = f"<html><body>{links}</body></html>".encode(), "text/html"
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def crawl(tmp_path: Path, parser: str, middleware: str = "", robots_status: int = 200) -> list[str]:
    Site.requested, Site.robots_status = [], robots_status
    server = ThreadingHTTPServer(("127.0.0.1", 0), Site)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        script = tmp_path / "spider.py"
        script.write_text(SPIDER, encoding="utf-8")
        base = f"http://127.0.0.1:{server.server_address[1]}"
        command = [sys.executable, str(script), base, parser, *([middleware] if middleware else [])]
        subprocess.run(command, check=True, timeout=120, cwd=tmp_path)
    finally:
        server.shutdown()
        server.server_close()
    return list(Site.requested)


def test_the_expectations_are_googles() -> None:
    robots = robotscope.Robots.parse(ROBOTS)
    for path, allowed in PAGES.items():
        assert robots.check("Scrapy", path).allowed == allowed, path


def test_scrapy_crawl_obeys_google(tmp_path: Path) -> None:
    requested = crawl(tmp_path, "robotscope.scrapy.RobotParser")
    assert requested.count("/robots.txt") == 1
    for path, allowed in PAGES.items():
        assert (path in requested) == allowed, (path, requested)


def test_protego_answers_differently_on_the_same_site(tmp_path: Path) -> None:
    """Scrapy's default parser on the same crawl: it fetches or skips some page differently from Google."""
    requested = crawl(tmp_path, "scrapy.robotstxt.ProtegoRobotParser")
    differs = [p for p, allowed in PAGES.items() if (p in requested) != allowed]
    rp = protego.Protego.parse(ROBOTS.decode())
    assert "/~joe/" in differs, differs
    assert all(rp.can_fetch(p, "Scrapy/2.19.0 (+https://scrapy.org)") != PAGES[p] for p in differs), differs


def test_parser_interface() -> None:
    from robotscope.scrapy import RobotParser

    parser = RobotParser.from_crawler(None, ROBOTS)
    assert not parser.allowed(b"http://example.com/private/x", b"Scrapy/2.19 (+https://scrapy.org)")
    assert parser.allowed("http://example.com/public.html", "Scrapy")
    assert parser.crawl_delay(b"Scrapy") == 0.01
    scrapy_robotstxt = pytest.importorskip("scrapy.robotstxt")
    assert isinstance(parser, scrapy_robotstxt.RobotParser)


MIDDLEWARE = "robotscope.scrapy.RobotsTxtMiddleware"


@pytest.mark.parametrize("status", [503, 429, 500])
def test_middleware_fetches_nothing_while_robots_txt_is_a_server_error(tmp_path: Path, status: int) -> None:
    """RFC 9309 2.3.1.3 and Google: a 5xx or a 429 for robots.txt disallows the whole site. Only robots.txt is
    requested (Scrapy retries it), not even the start page."""
    assert robotscope.fetch_outcome(status) == "disallow-all"
    requested = crawl(tmp_path, "robotscope.scrapy.RobotParser", MIDDLEWARE, robots_status=status)
    assert set(requested) == {"/robots.txt"}, requested


def test_without_the_middleware_scrapy_parses_the_error_page(tmp_path: Path) -> None:
    """The harness: Scrapy's own middleware hands the parser the 503 page's body, which allows everything."""
    requested = crawl(tmp_path, "robotscope.scrapy.RobotParser", robots_status=503)
    assert all(path in requested for path in PAGES), requested


def test_middleware_allows_everything_when_robots_txt_is_missing(tmp_path: Path) -> None:
    assert robotscope.fetch_outcome(404) == "allow-all"
    requested = crawl(tmp_path, "robotscope.scrapy.RobotParser", MIDDLEWARE, robots_status=404)
    assert all(path in requested for path in PAGES), requested


def test_middleware_parses_a_2xx_body_as_before(tmp_path: Path) -> None:
    requested = crawl(tmp_path, "robotscope.scrapy.RobotParser", MIDDLEWARE)
    assert requested.count("/robots.txt") == 1
    for path, allowed in PAGES.items():
        assert (path in requested) == allowed, (path, requested)
