"""Fetching a site's robots.txt as a crawler does (SPEC B4 for which file, SPEC B5 for what the answer means).

This module only does HTTP, on the standard library's `urllib`: the core's fetch state (`FetchState`, the same
one the CLI and the npm package use) decides each redirect (at most five), the 500 KiB limit and the outcome with
its words. A 4xx answer (but 429) means no robots.txt, so every URL is allowed; a 5xx or 429 answer, an
unreachable server or a body cut short means every URL is disallowed.

>>> from robotscope.fetch import fetch_robots
>>> site = fetch_robots("https://example.com/shop")          # doctest: +SKIP
>>> site.outcome, site.ask(["Googlebot"], ["/shop"]).cell(0, 0).allowed  # doctest: +SKIP
('parse-body', True)
"""

from __future__ import annotations

import http.client
import socket
import urllib.error
import urllib.request
from typing import Optional

from robotscope._native import VERSION, Fetched, FetchState

__all__ = ["Fetched", "FetchState", "fetch_robots"]

DEFAULT_USER_AGENT = f"robotscope/{VERSION}"


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """Hands every 3xx back as it came: the core follows redirects, not urllib."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):  # type: ignore[no-untyped-def]
        return None


_OPENER = urllib.request.build_opener(_NoRedirects)


def _describe(error: BaseException, timeout: float) -> str:
    """A network failure in the words the CLI and the npm package use."""
    reason = error.reason if isinstance(error, urllib.error.URLError) else error
    if isinstance(reason, (socket.timeout, TimeoutError)):
        return f"no answer within {timeout:g} s (timeout)"
    if isinstance(reason, ConnectionRefusedError):
        return "connection refused"
    if isinstance(reason, socket.gaierror):
        return "host not found (the DNS lookup failed)"
    if isinstance(reason, (ConnectionResetError, http.client.IncompleteRead, http.client.RemoteDisconnected)):
        return "the connection closed before the answer was complete"
    return str(reason)


def fetch_robots(
    page_url: str, *, timeout: float = 10.0, user_agent: Optional[str] = None, limit: Optional[int] = None
) -> Fetched:
    """Fetches the robots.txt that governs `page_url` and returns how it ended (`Fetched`: `outcome`, `status`,
    `reason`, `redirects`, `robots`, and `ask` for a whole question over the site as crawlers find it). Never
    raises for a network failure: that is the `disallow-all` outcome, with `error` set. Raises ValueError for a
    URL that no robots.txt governs. `timeout` is in seconds per request."""
    state = FetchState(page_url) if limit is None else FetchState(page_url, limit)
    headers = {"User-Agent": user_agent or DEFAULT_USER_AGENT}
    while True:
        request = urllib.request.Request(state.url, headers=headers)
        try:
            response = _OPENER.open(request, timeout=timeout)
        except urllib.error.HTTPError as answer:
            # 3xx (not followed), 4xx and 5xx: the status and the Location are all the core needs.
            with answer:
                step = state.response(answer.code, answer.headers.get("Location"))
            if step == "request":
                continue
            return state.result()
        except (urllib.error.URLError, OSError, http.client.HTTPException) as error:
            state.network_error(_describe(error, timeout))
            return state.result()
        with response:
            step = state.response(response.status, response.headers.get("Location"))
            if step == "request":
                continue
            if step == "read-body":
                try:
                    body = response.read(state.limit + 1)
                    # `read(n)` returns what came when the connection closes before Content-Length was met.
                    if len(body) <= state.limit and response.length:
                        raise http.client.IncompleteRead(body, response.length)
                    state.body(body)
                except (OSError, http.client.HTTPException) as error:
                    state.body_error(_describe(error, timeout))
            return state.result()
