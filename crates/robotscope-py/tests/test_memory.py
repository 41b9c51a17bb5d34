"""Memory stays flat over ten passes of the corpus when the parsed files are dropped."""

import gc
import os

import robotscope


def _rss_bytes() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def _one_pass(bodies: list[bytes]) -> int:
    answered = 0
    for body in bodies:
        robots = robotscope.Robots.parse(body)
        verdict = robots.check("Googlebot", "https://example.com/private/a?b=1")
        answered += verdict.allowed + len(verdict.explain()) // 1_000_000 + len(robots.sitemaps) * 0
        answered += len(robots.grid(["GPTBot", "bingbot"], ["/", "/search"])) // 2
    return answered


def test_rss_flat_over_ten_passes(corpus_bodies: list[bytes]) -> None:
    total = sum(len(b) for b in corpus_bodies)
    _one_pass(corpus_bodies)
    gc.collect()
    after_first = _rss_bytes()
    for _ in range(9):
        assert _one_pass(corpus_bodies) >= len(corpus_bodies)
    gc.collect()
    growth = _rss_bytes() - after_first
    print(f"RSS after pass 1: {after_first / 2**20:.1f} MiB, growth over 9 more passes: {growth / 2**20:.1f} MiB")
    # A leak of the parsed files would grow by the corpus's size (about 30 MB) on every pass.
    assert growth < total, f"RSS grew by {growth} bytes over nine passes of a {total}-byte corpus"
