"""The Python API answers as the core does: typed inputs, exact mode, readings, lint, catalogue, errors."""

import json
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import robotscope
from robotscope import Robots

from conftest import REPO

FILE = b"""User-agent: Googlebot
Disallow: /photos/
Crawl-delay: 5

User-agent: *
Allow: /
Disallow: /private/
Crawl-delay: 1.5
Sitemap: https://example.com/sitemap.xml
Host: example.com
"""


def test_verdict_fields_and_explanation() -> None:
    robots = Robots.parse(FILE)
    v = robots.check("MyBot", "https://example.com/private/plans")
    assert (v.allowed, v.line, v.scope, v.path) == (False, 7, "global", "/private/plans")
    assert v.rule is not None
    assert (v.rule.kind, v.rule.value, v.rule.priority, v.rule.line) == ("disallow", "/private/", 9, 7)
    # The rule as its line reads, in the words the CLI and the tester print.
    assert (v.rule.text, repr(v.rule)) == ("Disallow: /private/", "<RuleMatch line 7: Disallow: /private/>")
    assert v.group_lines == [5, 6, 7]
    assert [m.line for m in v.matches] == [6, 7]
    assert v.explain() == (
        "MyBot has no group of its own, so the `*` group (lines 5-7) applies. `Disallow: /private/` (line 7, "
        "priority 9) beats `Allow: /` (line 6, priority 1), so the URL is disallowed."
    )


def test_typed_presets_follow_their_fallbacks() -> None:
    robots = Robots.parse(FILE)
    v = robots.check("googlebot-image", "photos/a.jpg")
    assert (v.allowed, v.line, v.token, v.follows, v.agent_kind, v.url) == (
        False,
        2,
        "Googlebot",
        "Googlebot",
        "preset",
        "/photos/a.jpg",
    )
    assert "follows Googlebot's group" in v.explain()
    # Exact mode gives the matcher the strings as they are: `googlebot-image` has no group, `*` applies.
    exact = robots.check("googlebot-image", "/photos/a.jpg", exact=True)
    assert (exact.allowed, exact.line, exact.scope, exact.agent_kind) == (True, 6, "global", "exact")


def test_shared_typed_inputs_fixture() -> None:
    fixture = json.loads((REPO / "tests" / "fixtures" / "typed-inputs.json").read_text(encoding="utf-8"))
    robots = Robots.parse(fixture["robots"])
    for case in fixture["cases"]:
        v = robots.check(case["agent"], case["url"])
        got = {
            "kind": robotscope.resolve_agent(case["agent"]).kind,
            "token": v.token,
            "follows": v.follows,
            "tested": v.url,
            "allowed": v.allowed,
            "line": v.line,
        }
        assert got == {k: case[k] for k in got}, case
        assert robots.is_allowed(case["agent"], case["url"]) == case["allowed"]


def test_agent_lists_are_exact_only() -> None:
    robots = Robots.parse(FILE)
    v = robots.check(["Googlebot", "OtherBot"], "/photos/x", exact=True)
    assert (v.allowed, v.line) == (False, 2)
    with pytest.raises(ValueError, match="exact=True"):
        robots.check(["Googlebot"], "/photos/x")


def test_parse_takes_bytes_bytearray_str_and_never_raises_on_content() -> None:
    for body in [FILE, bytearray(FILE), FILE.decode()]:
        assert not Robots.parse(body).is_allowed("MyBot", "/private/x")
    hostile = [b"", b"\x00" * 1000, bytes(range(256)) * 100, b"\xef\xbb\xbf" * 50, b"Disallow:" * 100_000, "\ud800x"]
    for body in hostile:
        robots = Robots.parse(body)
        assert isinstance(robots.check("a", "/").allowed, bool)
        assert isinstance(robots.lint(), list)
    with pytest.raises(TypeError, match="bytes, bytearray or str"):
        Robots.parse(12)  # type: ignore[arg-type]


def test_limit_cuts_like_a_crawler() -> None:
    body = b"User-agent: *\n" + b"#" * 100 + b"\nDisallow: /\n"
    robots = Robots.parse(body, limit=50)
    assert robots.cut_from == len(body)
    assert robots.is_allowed("a", "/x")
    assert Robots.parse(body).cut_from is None


def test_profiles_and_readings() -> None:
    robots = Robots.parse(b"User-agent: *\nDissallow: /drafts/\n")
    assert not robots.check("AnyBot", "/drafts/a").allowed
    assert robots.check("AnyBot", "/drafts/a", profile="rfc9309").allowed
    readings = dict(robots.readings("AnyBot", "/drafts/a"))
    assert [name for name, _ in robots.readings("AnyBot", "/drafts/a")] == ["google", "rfc9309", "1994"]
    assert (readings["google"].allowed, readings["rfc9309"].allowed) == (False, True)
    assert readings["rfc9309"].profile == "rfc9309"
    assert "RFC 9309" in readings["rfc9309"].explain() or readings["rfc9309"].explain()
    assert robotscope.profiles() == ["google", "rfc9309", "1994"]
    with pytest.raises(ValueError, match="unknown profile"):
        robots.check("a", "/", profile="bing")  # type: ignore[arg-type]


def test_compare_asks_the_readings_chosen_each_with_its_rule() -> None:
    robots = Robots.parse(b"User-agent: *\nDisallow: /a\nAllow: /a/b\n")
    survey = robots.ask(["bot"], ["/a/b"], view="compare", readings=["1994", "google"])
    cell = survey.cell(0, 0)
    assert cell is not None and cell.differs
    assert [r.profile for r in cell.readers] == ["1994", "google"]
    for r in cell.readers:
        own = robots.check("bot", "/a/b", profile=r.profile)
        assert (r.allowed, r.line, r.scope) == (own.allowed, own.line, own.scope)
        assert r.rule is not None and own.rule is not None
        assert (r.rule.line, r.rule.kind, r.rule.value) == (own.rule.line, own.rule.kind, own.rule.value)
    # Without Google among them, the two modern readings agree.
    agree = robots.ask(["bot"], ["/a/b"], view="compare", readings=["rfc9309", "google"])
    assert agree.differ == 0
    with pytest.raises(ValueError, match="unknown profile"):
        robots.ask(["bot"], ["/a/b"], view="compare", readings=["bing"])  # type: ignore[list-item]


def test_a_cell_says_which_groups_applied() -> None:
    # The words `robotscope check` and the tester print: the group as the file names it, the one a preset follows,
    # the `*` group, and none for a crawler that ignores `*`.
    robots = Robots.parse(b"User-agent: GOOGLEBOT\nDisallow: /x\n\nUser-agent: *\nDisallow: /\n")
    survey = robots.ask(["Googlebot-Image", "GPTBot", "AdsBot-Google"], ["/x"])
    said = [c.groups_applied for c in survey.rows[0] if c is not None]
    assert said[:2] == ["group for GOOGLEBOT, follows Googlebot", "group for *"]
    assert said[2].endswith("ignores * and no group names it")


def test_grid_is_check_per_cell() -> None:
    robots = Robots.parse(FILE)
    agents, urls = ["Googlebot", "GPTBot", "MyBot"], ["/photos/", "/private/", "/"]
    grid = robots.grid(agents, urls)
    # One row per URL, one verdict per agent, as every surface's grid.
    assert [[c.allowed for c in row] for row in grid] == [
        [robots.check(a, u).allowed for a in agents] for u in urls
    ]
    assert [[c.line for c in row] for row in grid] == [[robots.check(a, u).line for a in agents] for u in urls]


def test_non_group_lines() -> None:
    robots = Robots.parse(FILE)
    assert robots.sitemaps == ["https://example.com/sitemap.xml"]
    assert robots.crawl_delay("Googlebot") == 5.0
    assert robots.crawl_delay("MyBot") == 1.5
    assert robots.crawl_delay("googlebot-news") == 5.0  # the preset follows Googlebot's group
    assert Robots.parse(b"User-agent: *\nDisallow: /\n").crawl_delay("a") is None
    assert robots.preferred_host == "example.com"
    assert robots.line_count == 11  # the empty line after the last LF counts, as Google counts it
    assert robots.source == FILE


def test_lint_reports_codes_lines_and_spans() -> None:
    body = b"User-agent: *\nDisalow: /x\nDisallow /y\n"
    found = {(d.code, d.line) for d in Robots.parse(body).lint()}
    assert ("missing-colon", 3) in found
    d = next(d for d in Robots.parse(body).lint() if d.code == "missing-colon")
    assert d.severity in ("error", "warning", "info")
    assert body[d.start : d.end] and d.message


def test_usage_preferences() -> None:
    body = b"User-agent: *\nAllow: /\nContent-Signal: ai-train=no, search=yes\n"
    usage = Robots.parse(body).usage("GPTBot", "/a")
    assert usage.crawlable
    assert {(p.key, p.granted, p.line) for p in usage.content_signal} == {("ai-train", False, 3), ("search", True, 3)}
    # In words, as every surface lists them.
    assert usage.described[0] == ("Content-Signal", "ai-train=no (line 3), search=yes (line 3)")
    assert usage.described[1][0] == "Validators" and "Lighthouse's robots.txt audit accepts it" in usage.described[1][1]
    unknown = Robots.parse(b"User-agent: *\nContent-Usage: / train-ai=\n").usage("GPTBot", "/a")
    assert unknown.described[0] == ("Content-Usage (IETF draft)", "unknown: line 2 does not parse")
    assert unknown.unparsed == [2]
    # Cloudflare's managed files since 2026-07-01, and a Content-Usage line without a path (IETF attach draft -05).
    body = b"User-agent: *\nContent-Signal: search=yes,ai-train=no,use=reference\nAllow: /\nContent-Usage: train-ai=n\n"
    usage = Robots.parse(body).usage("GPTBot", "/a")
    assert usage.content_use == ("reference", 2)
    assert [(p.key, p.granted, p.line) for p in usage.content_usage] == [("train-ai", False, 4)]


def test_catalogue_and_sets() -> None:
    gpt = robotscope.crawler("gptbot")
    assert gpt is not None and gpt.name == "GPTBot" and gpt.kind == "ai-training" and gpt.obeys == "yes"
    assert "GPTBot/" in gpt.user_agent
    # What an operator says about robots.txt, in the words the tester shows (none for a plain yes).
    assert gpt.obeys_note is None
    assert gpt.scope_note is None
    assert "AI Overviews" in robotscope.crawler("Google-Extended").scope_note
    chat = robotscope.crawler("ChatGPT-User")
    assert chat is not None and chat.obeys == "may-not-apply" and chat.obeys_note is not None
    assert chat.obeys_note.startswith("ChatGPT-User's operator, OpenAI, says robots.txt may not apply") and chat.source in chat.obeys_note
    training = {c.name for c in robotscope.crawler_set("@ai-training")}
    assert "GPTBot" in training and "OAI-SearchBot" not in training
    assert len(robotscope.crawler_set("all")) == len(robotscope.crawlers())
    # The catalogue is generated from the core's one data file: every entry, with its IP-range and signature fields.
    data = json.loads((REPO / "crates" / "robotscope" / "data" / "crawlers.json").read_text(encoding="utf-8"))
    assert [(c.name, c.ip_ranges_url, c.signature_agent) for c in robotscope.crawlers()] == [
        (e["name"], e["ip_ranges_url"], e["signature_agent"]) for e in data["crawlers"]
    ]
    assert robotscope.crawler("Google-Agent").signature_agent == "https://agent.bot.goog"
    ads = robotscope.crawler("AdsBot-Google")
    assert ads is not None and ads.ignores_global
    with pytest.raises(ValueError, match="unknown crawler set"):
        robotscope.crawler_set("robots")
    assert robotscope.crawler("NoSuchBot") is None


def test_resolve_and_robots_url() -> None:
    assert robotscope.resolve_url("cart").tested == "/cart"
    assert robotscope.resolve_url("/a b", "https://example.com").tested == "https://example.com/a%20b"
    assert robotscope.resolve_agent("Mozilla/5.0 (compatible; Googlebot/2.1)").token == "Googlebot"
    assert robotscope.robots_url("https://Example.com:443/a/b?c#d") == "https://example.com/robots.txt"
    with pytest.raises(ValueError):
        robotscope.robots_url("mailto:a@example.com")


def test_fetch_outcomes_have_the_names_every_surface_uses() -> None:
    # The npm package's fetchOutcome and the CLI's fetch --json use the same names (SPEC B5's rows).
    assert [robotscope.fetch_outcome(s) for s in (200, 301, 404, 429, 503)] == [
        "parse-body",
        "follow-redirect",
        "allow-all",
        "disallow-all",
        "disallow-all",
    ]


def test_threads_share_one_file() -> None:
    robots = Robots.parse(FILE)
    queries = [(a, f"/{p}/{i}") for i in range(300) for a in ("Googlebot", "MyBot") for p in ("photos", "private", "x")]
    expected = [robots.check(a, u).line for a, u in queries]
    barrier = threading.Barrier(4)

    def run(_: int) -> list[int]:
        barrier.wait()
        return [robots.check(a, u).line for a, u in queries]

    with ThreadPoolExecutor(4) as pool:
        results = list(pool.map(run, range(4)))
    assert all(r == expected for r in results)


def test_robots_is_immutable() -> None:
    robots = Robots.parse(FILE)
    with pytest.raises(AttributeError):
        robots.sitemaps = []  # type: ignore[misc]
    v = robots.check("a", "/")
    with pytest.raises(AttributeError):
        v.allowed = False  # type: ignore[misc]
