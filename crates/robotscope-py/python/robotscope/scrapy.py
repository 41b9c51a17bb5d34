"""Scrapy's robots.txt parser backend, answering as Google does.

    # settings.py
    ROBOTSTXT_OBEY = True
    ROBOTSTXT_PARSER = "robotscope.scrapy.RobotParser"

Scrapy's `RobotsTxtMiddleware` fetches each site's robots.txt once and asks this parser about every request.
The body is read as raw bytes (the first 500 KiB, as Google's crawlers read it), never decoded and re-encoded;
the user agent (`ROBOTSTXT_USER_AGENT` or the request's User-Agent header) is read as a User-Agent header.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Optional, Union

from robotscope._native import GOOGLE_SIZE_LIMIT, Robots

if TYPE_CHECKING:
    _Base = object
else:
    try:
        from scrapy.robotstxt import RobotParser as _Base
    except ImportError:  # Scrapy is optional: the class works on its own too.
        _Base = object

__all__ = ["RobotParser"]


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
