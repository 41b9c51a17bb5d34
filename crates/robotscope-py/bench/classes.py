"""Query cost per file class from Python (issue 40), the figures `tests/benches/classes.rs` prints for the core.

    python bench/classes.py [CONFORMANCE_DIR]

Classes: corpus files of 1 to 5 KB, corpus files of 100 groups or more, a generated file of 2,000 one-rule groups,
a generated `*` group of 31,000 rules, docs.oracle.com's file (one group of about 17,000 rules), the largest
corpus file. Per file, one query on the parsed file through `is_allowed`, `check` and `grid` (per cell), asked for
a bot the file does not name and its last named group's bot, 100 URLs built from the file's own rules; per class,
the median and the worst file, each over the typical class's median. Figures are the best of ROUNDS (environment,
default 5) rounds of wall time; nothing is asserted.
"""

from __future__ import annotations

import os
import re
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

import robotscope

ROUNDS = int(os.environ.get("CLASS_ROUNDS", "5"))


def best(per: int, run: Callable[[], Any]) -> float:
    """The fastest of ROUNDS runs, in ns per `per` queries."""
    run()
    fastest = min(_timed(run) for _ in range(ROUNDS))
    return fastest * 1e9 / per


def _timed(run: Callable[[], Any]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def many_groups(n: int) -> bytes:
    # Bot names of letters: a product token stops at a digit, so `Bot1` and `Bot2` would both be `Bot`.
    letters = lambda g: "".join(chr(97 + k) for k in (g // 676, g // 26 % 26, g % 26))  # noqa: E731
    body = "".join(f"User-agent: Bot{letters(g)}\nDisallow: /private-{g}/\n\n" for g in range(n))
    return (body + "User-agent: *\nDisallow: /tmp/\n").encode()


def huge_group(n: int) -> bytes:
    seed = 40

    def below(k: int) -> int:
        nonlocal seed
        seed = (seed * 1103515245 + 12345) % 2147483648
        return seed % k

    lines = ["User-agent: *\nDisallow: /*?sessionid=\nDisallow: /*.pdf$\n"]
    for _ in range(n):
        doc = f"{'ABEF'[below(4)]}{below(100000):05}_0{1 + below(9)}"
        k = below(50)
        if k == 0:
            lines.append(f"Disallow: /cd/{doc}/*/print$\n")
        elif k == 1:
            lines.append(f"Allow: /cd/{doc}/index.html\n")
        elif k <= 24:
            lines.append(f"Disallow: /cd/{doc}/\n")
        else:
            lines.append(f"Disallow: /html/{doc}/\n")
    return "".join(lines).encode()


RULE = re.compile(rb"^\s*(?:dis)?allow\s*:\s*(/\S*)", re.I | re.M)
AGENT = re.compile(rb"^\s*user-agent\s*:\s*([A-Za-z_-]+)", re.I | re.M)


def urls_for(body: bytes, count: int) -> list[str]:
    """Paths built from a file's own rules (so rules are met, not only skipped), and some no rule names."""
    rules = [m.group(1).decode("utf-8", "replace").replace("*", "x").replace("$", "x") for m in RULE.finditer(body)]
    urls = []
    for i in range(count):
        if rules and i % 4 != 3:
            path = f"{rules[(i * 7919) % len(rules)]}page-{i}.html"
        else:
            path = f"/section-{i % 7}/page-{i}?q={i}"
        urls.append(f"https://example.com{path}")
    return urls


def agents_for(body: bytes) -> list[str]:
    named = [m.group(1).decode() for m in AGENT.finditer(body)]
    return ["SomeBot", named[-1]] if named else ["SomeBot"]


KEYS = ["parse", "is_allowed", "check", "grid"]


def measure(body: bytes) -> dict[str, float]:
    urls = urls_for(body, 100)
    agents = agents_for(body)
    queries = len(urls) * len(agents)
    robots = robotscope.Robots.parse(body)
    return {
        "parse": best(1, lambda: robotscope.Robots.parse(body)),
        "is_allowed": best(queries, lambda: [robots.is_allowed(a, u) for a in agents for u in urls]),
        "check": best(queries, lambda: [robots.check(a, u) for a in agents for u in urls]),
        "grid": best(queries, lambda: robots.grid(agents, urls)),
    }


def main() -> None:
    default = Path(__file__).resolve().parents[3].parent / "shared" / "conformance"
    conformance = Path(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("ROBOTSCOPE_CONFORMANCE") or default)
    corpus = sorted((p.name, p.read_bytes()) for p in (conformance / "corpus").iterdir() if p.is_file())
    largest = max(corpus, key=lambda f: len(f[1]))
    classes = [
        ("typical (1-5 KB)", [f for f in corpus if 1024 <= len(f[1]) <= 5 * 1024]),
        ("100+ groups", [f for f in corpus if len(robotscope.Robots.parse(f[1]).groups_as_written()) >= 100]),
        ("2,000 groups", [("generated", many_groups(2000))]),
        ("31,000-rule group", [("generated", huge_group(31000))]),
        ("huge group (oracle)", [f for f in corpus if f[0] == "docs.oracle.com"]),
        ("largest", [largest]),
    ]
    load = " ".join(f"{x:.1f}" for x in os.getloadavg())
    print(f"Query cost per file class from Python (ns, best of {ROUNDS} rounds, wall time; load average {load}):")
    typical: dict[str, float] = {}
    for name, files in classes:
        if not files:
            continue
        figs = [(f[0], len(f[1]), measure(f[1])) for f in files]
        med = {k: statistics.median_low([fig[k] for _, _, fig in figs]) for k in KEYS}
        typical = typical or med
        print(f"{name} ({len(files)} files):")
        for k in KEYS:
            worst = max(figs, key=lambda f: f[2][k])
            ratio = lambda v: "" if k == "parse" else f" ({v / typical[k]:.1f}x)"  # noqa: E731
            print(
                f"  {k:<11} median {med[k]:>11.0f}{ratio(med[k]):<8} worst {worst[2][k]:>11.0f}"
                f"{ratio(worst[2][k]):<8} ({worst[0]}, {worst[1]} B)"
            )


if __name__ == "__main__":
    main()
