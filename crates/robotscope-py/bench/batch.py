"""The Arrow path as the README shows it: typed agents and URLs, one file and many origins, against Protego.

    python bench/batch.py [CONFORMANCE_DIR] [--rows N]

Prints one table from one run (each figure the best of several repetitions, one thread, so rows/s is per core).
Per file class (the corpus file with the fewest rules from 3, the one closest to 48 rules, Protego's typical
file, and the one closest to 1,000) and row order (four agents sorted, interleaved and shuffled), the typed batch
and the same with `exact=True`; the URLs are distinct, made from the file's own rule paths so that rules match.
Protego is compared on the typical file. The DuckDB and Polars
lines run the README's examples on 1,000 origins (each with its own file from the corpus). Needs pyarrow,
protego, polars and duckdb.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

import robotscope
import robotscope.arrow
from bench import best  # the fastest of a few runs, as bench.py times everything

AGENTS = ["Googlebot", "GPTBot", "bingbot", "CCBot"]


def rule_count(robots: robotscope.Robots) -> int:
    return sum(len(rules) for _, rules, _ in robots.groups_as_written())


def urls_for(robots: robotscope.Robots, origin: str, count: int, rng: random.Random) -> list[str]:
    """Distinct URLs under the file's rule paths (wildcards filled in) and elsewhere."""
    stems = sorted({v.split("*")[0].rstrip("$") for _, rules, _ in robots.groups_as_written() for _, v in rules})
    stems = [s if s.startswith("/") else "/" + s for s in stems] + ["/", "/blog/", "/products/", "/search"]
    return [f"{origin}{rng.choice(stems)}{i}/page.html?id={rng.randrange(1000)}" for i in range(count)]


def main() -> None:
    import duckdb
    import polars as pl
    import pyarrow as pa
    from protego import Protego

    args = [a for i, a in enumerate(sys.argv[1:], 1) if not a.startswith("--") and sys.argv[i - 1] != "--rows"]
    rows_wanted = int(sys.argv[sys.argv.index("--rows") + 1]) if "--rows" in sys.argv else 400_000
    default = Path(__file__).resolve().parents[3].parent / "shared" / "conformance"
    conformance = Path(args[0] if args else os.environ.get("ROBOTSCOPE_CONFORMANCE") or default)
    corpus = sorted(p for p in (conformance / "corpus").iterdir() if p.is_file())
    parsed = [(p, robotscope.Robots.parse(p.read_bytes())) for p in corpus]
    path, robots = min(parsed, key=lambda pr: (abs(rule_count(pr[1]) - 48), pr[0].name))
    rng = random.Random(9309)
    urls = urls_for(robots, "https://www.example.com", rows_wanted, rng)
    url_column = pa.array(urls)
    n = len(urls)
    interleaved = pa.array([AGENTS[i % len(AGENTS)] for i in range(n)])
    rows: list[tuple[str, str]] = []

    def rate(seconds: float, count: int = n) -> str:
        return f"{count / seconds / 1e6:,.2f} M rows/s"

    # Per file class and row order: the typed batch (the README's path) and exact=True beside it.
    classes = [
        ("small (fewest rules, 3 or more)", min((pr for pr in parsed if rule_count(pr[1]) >= 3),
                                                 key=lambda pr: (rule_count(pr[1]), pr[0].name))),
        ("typical (closest to 48 rules)", (path, robots)),
        ("large (closest to 1,000 rules)", min(parsed, key=lambda pr: (abs(rule_count(pr[1]) - 1000), pr[0].name))),
    ]
    orders = {
        "sorted": [AGENTS[i * len(AGENTS) // n] for i in range(n)],
        "interleaved": [AGENTS[i % len(AGENTS)] for i in range(n)],
        "shuffled": rng.sample([AGENTS[i % len(AGENTS)] for i in range(n)], n),
    }
    for label, (class_path, class_robots) in classes:
        class_urls = pa.array(urls_for(class_robots, "https://www.example.com", n, rng))
        size = f"{rule_count(class_robots)} rules, {len(class_robots.source):,} bytes"
        rows.append((f"{label}: {class_path.name}", size))
        for order, agent_list in orders.items():
            column = pa.array(agent_list)
            typed = best(lambda: robotscope.arrow.check(class_robots, column, class_urls), repeat=3)
            exact = best(lambda: robotscope.arrow.check(class_robots, column, class_urls, exact=True), repeat=3)
            rows.append((f"  4 agents {order}: typed, exact=True", f"{rate(typed)}, {rate(exact)}"))
    one = best(lambda: robotscope.arrow.check(robots, "Googlebot", url_column), repeat=3)
    rows.append((f"typical file, one typed agent ({n:,} distinct URLs)", rate(one)))
    typed_mixed = best(lambda: robotscope.arrow.check(robots, interleaved, url_column), repeat=3)

    protego = Protego.parse(robots.source.decode("utf-8", "replace"))
    sample = urls[:20_000]
    protego_time = best(lambda: [protego.can_fetch(u, AGENTS[i % 4]) for i, u in enumerate(sample)], repeat=3)
    protego_rate = len(sample) / protego_time
    rows.append(("Protego can_fetch, same file, URLs, agents", f"{protego_rate / 1e6:,.3f} M rows/s"))
    rows.append(("typed interleaved batch / Protego", f"{n / typed_mixed / protego_rate:,.0f}x"))

    # The README's examples over 1,000 origins: captures (origin, body) joined with pages (origin, agent, url).
    origins = [f"https://site{i}.example" for i in range(1000)]
    files = [parsed[i % len(parsed)][1] for i in range(1000)]
    per_origin = max(1, n // 1000)
    page_rows = [(o, AGENTS[(i + j) % 4], u) for i, (o, r) in enumerate(zip(origins, files))
                 for j, u in enumerate(urls_for(r, o, per_origin, rng))]
    pages = pa.table({"origin": [p[0] for p in page_rows], "agent": [p[1] for p in page_rows],
                      "url": [p[2] for p in page_rows]})
    captures = pa.table({"origin": origins, "body": [r.source for r in files]})
    m = pages.num_rows

    con = duckdb.connect()
    con.create_function(
        "robots_allowed",
        lambda bodies, agents, urls: robotscope.arrow.check_grouped(bodies, agents, urls)[0],
        [duckdb.sqltype("BLOB"), duckdb.sqltype("VARCHAR"), duckdb.sqltype("VARCHAR")],
        duckdb.sqltype("BOOLEAN"),
        type="arrow",
    )
    con.register("pages", pages)
    con.register("captures", captures)
    sql = "SELECT p.url, robots_allowed(c.body, p.agent, p.url) AS allowed FROM pages p JOIN captures c USING (origin)"
    duck = best(lambda: con.sql(sql).to_arrow_table(), repeat=3)
    rows.append((f"DuckDB UDF over the join ({m:,} rows, 1,000 origins)", rate(duck, m)))

    by_origin = {o: r for o, r in zip(origins, files)}
    frame = pl.from_arrow(pages)

    def polars_per_origin() -> None:
        for (origin,), group in frame.group_by("origin"):
            robotscope.arrow.check(by_origin[origin], group["agent"], group["url"])

    rows.append(("Polars, group_by origin, check per group", rate(best(polars_per_origin, repeat=3), m)))
    joined = pl.from_arrow(pages.join(captures, "origin"))
    polars_grouped = best(lambda: robotscope.arrow.check_grouped(joined["body"], joined["agent"], joined["url"]), 3)
    rows.append(("Polars, joined frame, one check_grouped", rate(polars_grouped, m)))

    rows.insert(0, ("load average, CPUs", f"{os.getloadavg()[0]:.1f}, {os.cpu_count()}"))
    width = max(len(r[0]) for r in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


if __name__ == "__main__":
    main()
