//! What the benchmarks that run the release CLI share: the binary, built once per run, and CPU time read with
//! `getrusage` (which a machine shared with other work disturbs far less than wall time).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use nix::sys::resource::{getrusage, UsageWho};
use nix::sys::time::TimeValLike;

pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap().to_path_buf()
}

/// Builds the release binary and returns its path.
pub fn binary() -> PathBuf {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| String::from("cargo"));
    let status = Command::new(cargo)
        .args(["build", "--release", "-p", "robotscope-cli"])
        .current_dir(workspace())
        .status()
        .expect("cargo runs");
    assert!(status.success(), "cargo build --release -p robotscope-cli failed");
    let target = std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| workspace().join("target"), PathBuf::from);
    target.join("release").join("robotscope")
}

/// CPU time (user + system) of this process (`RUSAGE_SELF`) or of the children waited for so far
/// (`RUSAGE_CHILDREN`).
pub fn cpu(who: UsageWho) -> Duration {
    let usage = getrusage(who).expect("getrusage");
    let micros = usage.user_time().num_microseconds() + usage.system_time().num_microseconds();
    Duration::from_micros(micros.max(0) as u64)
}
