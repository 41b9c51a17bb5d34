"""A drop-in for Protego (`Protego.parse(content)`, `can_fetch(url, user_agent)`, `crawl_delay`,
`request_rate`, `visit_time`, `sitemaps`, `preferred_host`) that answers as Google does.

Every answer comes from the robotscope engine: the groups Google selects for an agent, Google's longest match
on the URL as a crawler requests it (query strings and percent-encoding as Google compares them), and no regular
expressions. Where the answers differ from Protego's, the package README has a table.
"""

from __future__ import annotations

import datetime
from typing import Iterator, NamedTuple, Optional

from robotscope import _extensions
from robotscope._native import Robots

__all__ = ["Protego", "RequestRate", "VisitTime"]


class RequestRate(NamedTuple):
    requests: int
    seconds: int
    start_time: Optional[datetime.time]
    end_time: Optional[datetime.time]


class VisitTime(NamedTuple):
    start_time: datetime.time
    end_time: datetime.time


class Protego:
    """One parsed robots.txt file, asked as Protego is asked."""

    def __init__(self, robots: Optional[Robots] = None) -> None:
        self._robots = robots if robots is not None else Robots.parse(b"")

    @classmethod
    def parse(cls, content: str) -> "Protego":
        """Parses a robots.txt body given as `str`, as Protego takes it (`robotscope.Robots.parse` takes bytes)."""
        if not isinstance(content, str):
            raise TypeError(f"Protego.parse expects str, got {type(content).__name__}")
        return cls(Robots.parse(content))

    @property
    def robots(self) -> Robots:
        """The parsed file: its `check` explains an answer."""
        return self._robots

    def can_fetch(self, url: str, user_agent: str) -> bool:
        """Whether `user_agent` may fetch `url` (a full URL or a path), as Google's matcher answers."""
        return self._robots.is_allowed(user_agent, url)

    def crawl_delay(self, user_agent: str) -> Optional[float]:
        """The last valid `Crawl-delay` of the records that apply to `user_agent` (its own, else `*`'s; a record
        ends at a `User-agent` line after another line, as Protego reads records), or None."""
        return self._robots.crawl_delay(user_agent)

    def request_rate(self, user_agent: str) -> Optional[RequestRate]:
        """The last valid `Request-rate` of the records that apply to `user_agent` (as Protego keeps the last), or
        None."""
        for value in reversed(self._robots.group_values("request-rate", user_agent)):
            rate = _extensions.request_rate(value)
            if rate is not None:
                return RequestRate(*rate)
        return None

    def visit_time(self, user_agent: str) -> Optional[VisitTime]:
        """The last valid `Visit-time` of the records that apply to `user_agent`, or None."""
        for value in reversed(self._robots.group_values("visit-time", user_agent)):
            period = _extensions.time_period(value)
            if period is not None:
                return VisitTime(*period)
        return None

    @property
    def sitemaps(self) -> Iterator[str]:
        """The `Sitemap:` URLs, in file order."""
        return iter(self._robots.sitemaps)

    @property
    def preferred_host(self) -> Optional[str]:
        """The first `Host:` value, or None."""
        return self._robots.preferred_host
