//! `cargo xtask cli-bench`: issue 27's throughput figures (item 8). It runs `tests/benches/throughput.rs`, which
//! builds the release CLI and prints queries a second of CPU for the core on one 31,000-rule group (with and
//! without the index of literal starts), `robotscope batch` on one file and `robotscope check --exact --json
//! --urls FILE` on one file, each with the load average. `--quick` runs a tenth of the queries.

use crate::{root, run_in, Done};

pub fn cli_bench(args: &[String]) -> Done {
    let quick = args.iter().any(|a| a == "--quick");
    let envs: &[(&str, &str)] = if quick { &[("ROBOTSCOPE_THROUGHPUT_QUICK", "1")] } else { &[] };
    run_in(&root(), envs, "cargo", &["bench", "-p", "robotscope-tests", "--bench", "throughput"])
}
