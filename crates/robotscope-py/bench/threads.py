"""Whether two Python threads answer faster than one: the engine releases the GIL while it parses (files of 16 KiB
and more) and answers batches, so two threads on two cores should come close to twice the rows a second.

    python bench/threads.py [CONFORMANCE_DIR] [--rows N]

Prints, for each kind of work, the rows (or bytes) a second of one thread doing it all and of two threads each
doing half, and their ratio (2.0x is perfect scaling; 1.0x is none). Each figure is the best of five runs. On a
machine with other work the ratio says how much of a second core was free as much as it says anything about
the GIL: note the load average beside the figures. Needs pyarrow.
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path
from typing import Any, Callable, Sequence

import robotscope
import robotscope.arrow
from bench import best  # the fastest of a few runs, as bench.py times everything


def in_threads(work: Sequence[Callable[[], Any]]) -> None:
    threads = [threading.Thread(target=w) for w in work]
    for t in threads:
        t.start()
    for t in threads:
        t.join()


def main() -> None:
    import pyarrow as pa

    args = [a for i, a in enumerate(sys.argv[1:], 1) if not a.startswith("--") and sys.argv[i - 1] != "--rows"]
    rows = int(sys.argv[sys.argv.index("--rows") + 1]) if "--rows" in sys.argv else 1_000_000
    default = Path(__file__).resolve().parents[3].parent / "shared" / "conformance"
    conformance = Path(args[0] if args else os.environ.get("ROBOTSCOPE_CONFORMANCE") or default)
    bodies = [p.read_bytes() for p in sorted((conformance / "corpus").iterdir()) if p.is_file()]
    large = [b for b in bodies if len(b) >= 16 * 1024]
    robots = robotscope.Robots.parse(max(bodies, key=lambda b: (abs(len(b) - 4000), b)))
    agents = ["Googlebot", "GPTBot", "bingbot", "CCBot"]
    urls = pa.array([f"https://www.example.com/p{i % 977}/item{i}.html?id={i % 89}" for i in range(rows)])
    agent_column = pa.array([agents[i % 4] for i in range(rows)])
    half = rows // 2
    halves = [(agent_column.slice(0, half), urls.slice(0, half)), (agent_column.slice(half), urls.slice(half))]

    def parse_all(files: Sequence[bytes]) -> Callable[[], None]:
        return lambda: [robotscope.Robots.parse(b) for b in files]

    def check(a: Any, u: Any, exact: bool) -> Callable[[], None]:
        return lambda: robotscope.arrow.check(robots, a, u, exact=exact)

    def python_calls(count: int) -> Callable[[], None]:
        return lambda: [robots.is_allowed("Googlebot", f"/p{i}/x.html") for i in range(count)]

    large_bytes = sum(len(b) for b in large)
    kinds: list[tuple[str, float, Callable[[], None], list[Callable[[], None]], str]] = [
        (f"Robots.parse, {len(large):,} files of 16 KiB or more", large_bytes / 1e6, parse_all(large),
         [parse_all(large[0::2]), parse_all(large[1::2])], "MB/s"),
        (f"arrow.check, typed, {rows:,} rows", rows / 1e6, check(agent_column, urls, False),
         [check(a, u, False) for a, u in halves], "M rows/s"),
        (f"arrow.check, exact=True, {rows:,} rows", rows / 1e6, check(agent_column, urls, True),
         [check(a, u, True) for a, u in halves], "M rows/s"),
        ("Robots.is_allowed, one call a row (holds the GIL between calls)", 0.2, python_calls(200_000),
         [python_calls(100_000), python_calls(100_000)], "M rows/s"),
    ]
    print(f"load average {os.getloadavg()[0]:.1f}, {os.cpu_count()} CPUs")
    width = max(len(k[0]) for k in kinds)
    print(f"{'':<{width}}  {'1 thread':>14}  {'2 threads':>14}  ratio")
    for name, amount, one, two, unit in kinds:
        single = best(one)
        double = best(lambda: in_threads(two))
        print(f"{name:<{width}}  {amount / single:>8.2f} {unit:<5}  {amount / double:>8.2f} {unit:<5}  "
              f"{single / double:.2f}x")


if __name__ == "__main__":
    main()
