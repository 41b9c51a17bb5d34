"""Scrapy's robots.txt parser backend, answering as Google does, and a middleware for the fetch's status.

    # settings.py
    ROBOTSTXT_OBEY = True
    ROBOTSTXT_PARSER = "robotscope.scrapy.RobotParser"
    # Optional: the HTTP status of the robots.txt fetch as RFC 9309 and Google read it (503 or 429: nothing is
    # fetched; 404: everything may be), instead of parsing whatever body came back.
    DOWNLOADER_MIDDLEWARES = {
        "scrapy.downloadermiddlewares.robotstxt.RobotsTxtMiddleware": None,
        "robotscope.scrapy.RobotsTxtMiddleware": 100,
    }

Scrapy's `RobotsTxtMiddleware` fetches each site's robots.txt once and asks this parser about every request.
The body is read as raw bytes (the first 500 KiB, as Google's crawlers read it), never decoded and re-encoded;
the user agent (`ROBOTSTXT_USER_AGENT` or the request's User-Agent header) is read as a User-Agent header.
Scrapy hands a parser only the body, whatever the status; `RobotsTxtMiddleware` below reads the status first.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Union

from robotscope._native import GOOGLE_SIZE_LIMIT, Robots, fetch_outcome

if TYPE_CHECKING:
    _Base = object
    _Middleware = object
else:
    try:
        from scrapy.robotstxt import RobotParser as _Base
    except ImportError:  # Scrapy is optional: the class works on its own too.
        _Base = object
    try:
        from scrapy.downloadermiddlewares.robotstxt import RobotsTxtMiddleware as _Middleware
    except ImportError:
        _Middleware = object

__all__ = ["RobotParser", "RobotsTxtMiddleware", "StatusAnswer"]


def _text(value: Union[str, bytes]) -> str:
    return value.decode("utf-8", "replace") if isinstance(value, bytes) else value


class RobotParser(_Base):
    """A `scrapy.robotstxt.RobotParser` backed by the robotscope engine."""

    def __init__(self, robotstxt_body: bytes, spider: Any = None) -> None:
        self.spider = spider
        self.robots = Robots.parse(robotstxt_body, limit=GOOGLE_SIZE_LIMIT)

    @classmethod
    def from_crawler(cls, crawler: Any, robotstxt_body: bytes) -> "RobotParser":
        return cls(robotstxt_body, getattr(crawler, "spider", None) if crawler else None)

    def allowed(self, url: Union[str, bytes], user_agent: Union[str, bytes]) -> bool:
        return self.robots.is_allowed(_text(user_agent), _text(url))

    def crawl_delay(self, user_agent: Union[str, bytes]) -> Optional[float]:
        return self.robots.crawl_delay(_text(user_agent))


class StatusAnswer(_Base):
    """The parser for a site whose robots.txt fetch gave no file to parse: every URL allowed (a 4xx other than
    429: there is no robots.txt) or none (a 5xx, a 429, or no answer at all), as `fetch_outcome` says."""

    def __init__(self, allowed: bool, status: Optional[int] = None) -> None:
        self.allowed_all = allowed
        self.status = status

    @classmethod
    def from_crawler(cls, crawler: Any, robotstxt_body: bytes) -> "StatusAnswer":
        return cls(True)

    def allowed(self, url: Union[str, bytes], user_agent: Union[str, bytes]) -> bool:
        return self.allowed_all

    def crawl_delay(self, user_agent: Union[str, bytes]) -> Optional[float]:
        return None


class RobotsTxtMiddleware(_Middleware):
    """Scrapy's `RobotsTxtMiddleware`, reading the status of the robots.txt fetch as RFC 9309 section 2.3 and
    Google do (`robotscope.fetch_outcome`, the engine's table): a 2xx body is parsed by `ROBOTSTXT_PARSER`; a 4xx
    other than 429, or a redirect Scrapy gave up on, allows everything; a 5xx, a 429 (after Scrapy's retries) or
    a fetch that failed disallows everything on the site. Scrapy's own middleware parses the error page instead,
    which allows nearly everything."""

    async def _parse_robots(self, response: Any, netloc: str, request: Any) -> None:
        outcome = fetch_outcome(response.status)
        if outcome == "parse-body":
            await super()._parse_robots(response, netloc, request)
            return
        self._stats.inc_value("robotstxt/response_count")
        self._stats.inc_value(f"robotstxt/response_status_count/{response.status}")
        self._stats.inc_value(f"robotstxt/{outcome}")
        await self._settle(netloc, StatusAnswer(outcome != "disallow-all", response.status), request)

    def _robots_error(self, exc: Exception, netloc: str) -> None:
        from scrapy.exceptions import IgnoreRequest  # noqa: PLC0415 (Scrapy is present when this runs)

        if isinstance(exc, IgnoreRequest):  # another middleware dropped the request: Scrapy's reading stands
            super()._robots_error(exc, netloc)
            return
        self._stats.inc_value(f"robotstxt/exception_count/{type(exc)}")
        self._stats.inc_value("robotstxt/disallow-all")
        parser = StatusAnswer(False)
        waiting = self._parsers[netloc]
        self._parsers[netloc] = parser
        waiting.callback(parser)

    async def _settle(self, netloc: str, parser: StatusAnswer, request: Any) -> None:
        from scrapy import signals  # noqa: PLC0415

        await self.crawler.signals.send_catch_log_async(signal=signals.robots_parsed, robotparser=parser, request=request)
        waiting = self._parsers[netloc]
        self._parsers[netloc] = parser
        waiting.callback(parser)
