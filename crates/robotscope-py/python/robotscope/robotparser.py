"""A drop-in for `urllib.robotparser.RobotFileParser` that answers as Google does.

The interface is the standard library's (`set_url`, `read`, `parse`, `can_fetch(useragent, url)`,
`crawl_delay`, `request_rate`, `site_maps`, `mtime`, `modified`); every answer comes from the robotscope engine:
longest match instead of first match, groups kept across blank lines, `*` and `$` in paths, and the user agent
read as a product token or a User-Agent header. Where the answers differ from the standard library's, the
package README has a table.
"""

from __future__ import annotations

import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Iterable, List, Optional, Union
from urllib.robotparser import Entry, RequestRate, RuleLine

from robotscope import _extensions
from robotscope._native import GOOGLE_SIZE_LIMIT, Robots, fetch_outcome

__all__ = ["RequestRate", "RobotFileParser"]


class RobotFileParser:
    """Reads one robots.txt (from `read()` or `parse(lines)`) and answers `can_fetch` as Google does."""

    def __init__(self, url: str = "") -> None:
        self.disallow_all = False
        self.allow_all = False
        self.last_checked = 0.0
        # The standard library's view of the groups, filled in by `parse` and `read` (see `_entries`).
        self.entries: List[Entry] = []
        self.default_entry: Optional[Entry] = None
        self._robots: Optional[Robots] = None
        self.set_url(url)

    def mtime(self) -> float:
        """When the file was last fetched or parsed (0 before)."""
        return self.last_checked

    def modified(self) -> None:
        """Sets the time the file was last fetched to now."""
        self.last_checked = time.time()

    def set_url(self, url: str) -> None:
        """Sets the URL of the robots.txt file."""
        self.url = url
        self.host, self.path = urllib.parse.urlparse(url)[1:3]

    def read(self) -> None:
        """Fetches the file and parses it; the HTTP status counts as Google counts it (SPEC B5): a 4xx other
        than 429 (401 and 403 included) means no robots.txt, so everything is allowed; a 5xx or a 429 means
        everything is disallowed. As in the standard library, a status that is not 2xx leaves `mtime()` at 0,
        and an unreachable server raises `urllib.error.URLError` (after setting `disallow_all`, Google's
        reading of it, for a caller that goes on)."""
        try:
            with urllib.request.urlopen(self.url) as response:
                body = response.read(GOOGLE_SIZE_LIMIT)
        except urllib.error.HTTPError as err:
            # urllib has followed redirects itself: a 3xx here is one it gave up on, no robots.txt reached,
            # which Google reads as a 4xx.
            self.allow_all = fetch_outcome(err.code) in ("allow-all", "follow-redirect")
            self.disallow_all = not self.allow_all
            err.close()
            return
        except urllib.error.URLError:
            self.disallow_all, self.allow_all = True, False
            raise
        self._set(Robots.parse(body))

    def parse(self, lines: Iterable[Union[str, bytes]]) -> None:
        """Parses the lines of a robots.txt file (strings or bytes, with or without line ends)."""
        chunks = [line if isinstance(line, bytes) else line.encode("utf-8", "surrogateescape") for line in lines]
        self._set(Robots.parse(b"\n".join(chunk.rstrip(b"\r\n") for chunk in chunks)))

    def _set(self, robots: Robots) -> None:
        self._robots = robots
        self.disallow_all = self.allow_all = False
        self.entries, self.default_entry = _entries(robots)
        self.modified()

    @property
    def robots(self) -> Optional[Robots]:
        """The parsed file (None before `read` or `parse`): its `check` explains an answer."""
        return self._robots

    def can_fetch(self, useragent: str, url: str) -> bool:
        """Whether `useragent` may fetch `url`, as Google's matcher answers. False before the file was read,
        as the standard library answers."""
        if self.disallow_all:
            return False
        if self.allow_all:
            return True
        if self._robots is None:
            return False
        return self._robots.is_allowed(useragent, url)

    def crawl_delay(self, useragent: str) -> Optional[Union[int, float]]:
        """The last valid `Crawl-delay` of the records that apply to `useragent` (its own, else `*`'s, chosen by
        product token; a record ends at a `User-agent` line after another line), or None."""
        if self._robots is None:
            return None
        delay = self._robots.crawl_delay(useragent)
        return int(delay) if delay is not None and delay.is_integer() else delay

    def request_rate(self, useragent: str) -> Optional[RequestRate]:
        """The last valid `Request-rate` of the records that apply to `useragent` (the standard library keeps the
        last), or None."""
        if self._robots is None:
            return None
        for value in reversed(self._robots.group_values("request-rate", useragent)):
            rate = _extensions.request_rate(value)
            if rate is not None:
                return RequestRate(rate.requests, rate.seconds)
        return None

    def site_maps(self) -> Optional[list[str]]:
        """The `Sitemap:` URLs, or None when there are none."""
        if self._robots is None:
            return None
        return self._robots.sitemaps or None

    def __str__(self) -> str:
        """The entries re-serialised as the standard library writes them (the file as written is
        `robots.source`)."""
        entries = self.entries if self.default_entry is None else [*self.entries, self.default_entry]
        return "\n\n".join(map(str, entries))


def _rule_line(path: str, allowance: bool) -> RuleLine:
    """The standard library's `RuleLine`. A path its URL parser rejects (`//[spam]/path` reads as a host in
    brackets that is no IP address: `ValueError` before CPython 3.15) is kept quoted as written, so that no rule
    fails the parse (CPython 3.15's `LocalNetworkTestCase.testRead`)."""
    try:
        return RuleLine(path, allowance)
    except ValueError:
        line = RuleLine("", True)
        line.path, line.allowance = urllib.parse.quote(path), allowance
        return line


def _entries(robots: Robots) -> tuple[List[Entry], Optional[Entry]]:
    """The groups as the standard library's `Entry` objects: user agents, rules (`RuleLine`, whose path the
    standard library unquotes and quotes again), the last valid `Crawl-delay` and `Request-rate`; the first group
    that names `*` is the default entry, as in the standard library. They describe the file; `can_fetch` does not
    read them (Google merges every group that names the agent)."""
    entries: List[Entry] = []
    default: Optional[Entry] = None
    for agents, rules, others in robots.groups_as_written():
        entry = Entry()
        entry.useragents = [urllib.parse.unquote(a.strip()) for a in agents]
        entry.rulelines = [_rule_line(urllib.parse.unquote(value.strip()), allow) for allow, value in rules]
        for key, value in others:
            key = key.strip().lower()
            if key == "crawl-delay" and value.strip().isdigit():
                entry.delay = int(value)
            elif key == "request-rate":
                numbers = value.split("/")
                if len(numbers) == 2 and numbers[0].strip().isdigit() and numbers[1].strip().isdigit():
                    entry.req_rate = RequestRate(int(numbers[0]), int(numbers[1]))
        if default is None and "*" in entry.useragents:
            default = entry
        else:
            entries.append(entry)
    return entries, default
