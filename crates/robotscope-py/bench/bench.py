"""robotscope from Python: parse throughput, Arrow batches and the Scrapy parser, against Protego.

    python bench/bench.py [CONFORMANCE_DIR]

Prints one table of figures from one run (each the best of several repetitions). Needs pyarrow and protego,
and scrapy for the parser comparison.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Callable

import robotscope
import robotscope.arrow


def best(run: Callable[[], Any], repeat: int = 5) -> float:
    """The fastest of `repeat` runs, in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)


def main() -> None:
    import pyarrow as pa
    from protego import Protego

    default = Path(__file__).resolve().parents[3].parent / "shared" / "conformance"
    conformance = Path(sys.argv[1] if len(sys.argv) > 1 else os.environ.get("ROBOTSCOPE_CONFORMANCE") or default)
    corpus = sorted(p for p in (conformance / "corpus").iterdir() if p.is_file())
    bodies = [p.read_bytes() for p in corpus]
    megabytes = sum(map(len, bodies)) / 1e6
    with open(conformance / "vectors.jsonl", encoding="utf-8") as f:
        vectors = [v for v in map(json.loads, f) if len(v["agents"]) == 1]
    files = {v["file"]: (conformance / v["file"]).read_bytes() for v in vectors}
    rows: list[tuple[str, str]] = []

    # Parse: one Python call per file, against the engine parsing every body inside one Rust call (the grouped
    # batch with one URL per body: parse plus one query each).
    python_parse = best(lambda: [robotscope.Robots.parse(b) for b in bodies])
    column = pa.array(bodies, pa.large_binary())
    one_url = pa.array(["/"] * len(bodies))
    native_parse = best(lambda: robotscope.arrow.check_grouped(column, "Googlebot", one_url, exact=True))
    rows.append(("parse, Robots.parse per file (Python)", f"{megabytes / python_parse:,.1f} MB/s"))
    rows.append(("parse + 1 query per file, one Rust call", f"{megabytes / native_parse:,.1f} MB/s"))
    rows.append(("Python parse / in-Rust parse", f"{native_parse / python_parse:.0%}"))

    # Pre-parsed Arrow batches: the vectors grouped by file, each file's URLs in one call.
    by_file: dict[str, list[str]] = {}
    for v in vectors:
        by_file.setdefault(v["file"], []).append(v["url"])
    largest = max(by_file, key=lambda k: len(by_file[k]))
    robots = robotscope.Robots.parse(files[largest])
    urls = pa.array(by_file[largest] * max(1, 200_000 // len(by_file[largest])))
    batch = best(lambda: robotscope.arrow.check(robots, "Googlebot", urls, exact=True))
    rows.append((f"Arrow batch, pre-parsed ({len(urls):,} URLs, one file)", f"{len(urls) / batch / 1e6:,.2f} M rows/s"))
    protego = Protego.parse(files[largest].decode("utf-8", "replace"))
    sample = by_file[largest] * max(1, 20_000 // len(by_file[largest]))
    protego_time = best(lambda: [protego.can_fetch(u, "Googlebot") for u in sample], repeat=3)
    protego_rate = len(sample) / protego_time
    rows.append(("Protego can_fetch, same file and URLs", f"{protego_rate / 1e6:,.3f} M rows/s"))
    rows.append(("Arrow batch / Protego", f"{len(urls) / batch / protego_rate:,.0f}x"))

    grouped_bodies = pa.array([files[v["file"]] for v in vectors], pa.large_binary())
    grouped_agents = pa.array([v["agents"][0] for v in vectors])
    grouped_urls = pa.array([v["url"] for v in vectors])
    grouped = best(lambda: robotscope.arrow.check_grouped(grouped_bodies, grouped_agents, grouped_urls, exact=True))
    rows.append((f"Arrow grouped, parse included ({len(vectors):,} vectors)", f"{len(vectors) / grouped / 1e6:,.2f} M rows/s"))

    # Scrapy's per-request cost: the parser object per site (made once), `allowed(url, user_agent)` per request.
    try:
        from scrapy.robotstxt import ProtegoRobotParser

        from robotscope.scrapy import RobotParser
    except ImportError:
        rows.append(("Scrapy parsers", "scrapy not installed"))
    else:
        requests = [(files[v["file"]], v["url"]) for v in vectors[:20_000]]
        ua = "Scrapy/2.19.0 (+https://scrapy.org)"

        def per_request(parser_class: Any) -> float:
            parsers: dict[bytes, Any] = {}

            def run() -> None:
                for body, url in requests:
                    parser = parsers.get(body)
                    if parser is None:
                        parser = parsers[body] = parser_class.from_crawler(None, body)
                    parser.allowed(url, ua)

            run()  # parse every site once, as the middleware keeps one parser per site
            return best(run, repeat=3) / len(requests)

        ours, theirs = per_request(RobotParser), per_request(ProtegoRobotParser)
        rows.append(("Scrapy allowed(), robotscope.scrapy.RobotParser", f"{ours * 1e6:,.2f} µs/request"))
        rows.append(("Scrapy allowed(), ProtegoRobotParser", f"{theirs * 1e6:,.2f} µs/request"))

    width = max(len(name) for name, _ in rows)
    for name, figure in rows:
        print(f"{name:<{width}}  {figure}")


if __name__ == "__main__":
    main()
