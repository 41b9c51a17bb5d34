//! `cargo xtask cli-bench`: issue 27's throughput figures (item 8). It runs `tests/benches/throughput.rs`, which
//! builds the release CLI and prints queries a second of CPU for the core on one 31,000-rule group (with and
//! without the index of literal starts), `robotscope batch` on one file and `robotscope check --exact --json
//! --urls FILE` on one file, each with the load average. `--quick` runs a tenth of the queries.

use std::process::Command;

pub fn cli_bench(args: &[String]) {
    let mut command = Command::new("cargo");
    command.args(["bench", "-p", "robotscope-tests", "--bench", "throughput"]).current_dir(crate::root());
    if args.iter().any(|a| a == "--quick") {
        command.env("ROBOTSCOPE_THROUGHPUT_QUICK", "1");
    }
    let status = command.status().unwrap_or_else(|e| panic!("cannot run cargo: {e}"));
    if !status.success() {
        std::process::exit(status.code().unwrap_or(1));
    }
}
