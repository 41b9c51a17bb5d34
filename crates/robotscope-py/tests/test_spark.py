"""A PySpark job in local mode (`local[2]`): robots.txt captures joined by origin with URLs, answered per
partition with `mapInArrow` and `robotscope.arrow.check_grouped` (each body parsed once per batch), and the
README's broadcast pattern (parsed files pickled to the executors once, rows answered by `check_each`). Both
jobs' answers equal Google's reference answers (the conformance vectors) for every row."""

import json
import os
import sys
from pathlib import Path
from typing import Any, Iterator

import pytest

pytest.importorskip("pyspark")
pa = pytest.importorskip("pyarrow")


def answer_partition(batches: Iterator[Any]) -> Iterator[Any]:
    """What each executor runs: one Arrow batch of joined rows in, the same rows with their answers out."""
    import pyarrow as pa

    import robotscope.arrow

    for batch in batches:
        allowed, line = robotscope.arrow.check_grouped(
            batch.column("body"), batch.column("agent"), batch.column("url"), exact=True
        )
        yield pa.RecordBatch.from_arrays(
            [batch.column("id"), allowed, line.cast(pa.int64())], names=["id", "allowed", "line"]
        )


def test_spark_join_by_origin_and_map_in_arrow(conformance: Path) -> None:
    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    os.environ.setdefault("PYSPARK_DRIVER_PYTHON", sys.executable)
    jdk = Path("/usr/lib/jvm/java-17-openjdk-amd64")
    if "JAVA_HOME" not in os.environ and jdk.is_dir():
        os.environ["JAVA_HOME"] = str(jdk)

    with open(conformance / "vectors.jsonl", encoding="utf-8") as f:
        vectors = [v for v in map(json.loads, f) if len(v["agents"]) == 1 and v["file"].startswith("corpus/")]
    origins = sorted({v["file"] for v in vectors})[:300]
    chosen = [v for v in vectors if v["file"] in set(origins)]
    captures = [(o.removeprefix("corpus/"), (conformance / o).read_bytes()) for o in origins]
    urls = [(i, v["file"].removeprefix("corpus/"), v["agents"][0], v["url"]) for i, v in enumerate(chosen)]

    spark = (
        SparkSession.builder.master("local[2]")
        .appName("robotscope-test")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "4")
        .config("spark.driver.bindAddress", "127.0.0.1")
        .config("spark.driver.host", "127.0.0.1")
        .getOrCreate()
    )
    try:
        robots = spark.createDataFrame(captures, "origin string, body binary")
        queries = spark.createDataFrame(urls, "id long, origin string, agent string, url string")
        joined = queries.join(robots, "origin").repartition(4, "origin")
        answers = joined.mapInArrow(answer_partition, "id long, allowed boolean, line long").collect()
        broadcast = broadcast_job(spark, captures, queries)
    finally:
        spark.stop()

    got = {row["id"]: (row["allowed"], row["line"]) for row in answers}
    want = {i: (v["allowed"], v["line"]) for i, v in enumerate(chosen)}
    print(f"spark: {len(got)} rows over {len(captures)} origins")
    assert len(chosen) > 1000
    assert got == want
    assert broadcast == want


def broadcast_job(spark: Any, captures: list[tuple[str, bytes]], queries: Any) -> dict[int, tuple[bool, int]]:
    """The README's broadcast pattern: the parsed files travel to the executors once (pickled as their bytes)."""
    import robotscope

    files = spark.sparkContext.broadcast([robotscope.Robots.parse(body) for _, body in captures])
    names = spark.sparkContext.broadcast(pa.array([origin for origin, _ in captures]))

    def answer(batches: Iterator[Any]) -> Iterator[Any]:
        import pyarrow as pa
        import pyarrow.compute as pc

        import robotscope.arrow

        for batch in batches:
            which = pc.index_in(batch.column("origin"), value_set=names.value)
            allowed, line = robotscope.arrow.check_each(
                files.value, which, batch.column("agent"), batch.column("url"), exact=True
            )
            yield pa.RecordBatch.from_arrays([batch.column("id"), allowed, line.cast(pa.int64())], names=["id", "allowed", "line"])

    rows = queries.mapInArrow(answer, "id long, allowed boolean, line long").collect()
    return {row["id"]: (row["allowed"], row["line"]) for row in rows}
