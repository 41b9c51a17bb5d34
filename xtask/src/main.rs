//! The task runner: `cargo xtask <task>`. Each task installs what it needs, so both README commands work on
//! a fresh machine with only rustup and cargo.
//!
//! Tasks:
//! * `test`: everything CI checks (format, clippy, all tests with the conformance harness, the `no_std` +
//!   wasm32 build of the core, the fuzz targets' smoke run). `.ci/run` runs exactly this.
//! * `demo`: builds the command-line tool and runs it on the example robots.txt (the main job until the
//!   web tester exists).
//! * `bench`: the criterion benchmark over the conformance corpus (prints the summary table).

use std::path::{Path, PathBuf};
use std::process::{exit, Command};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_path_buf()
}

/// Runs a command in the workspace root, echoing it, and stops the task when it fails.
fn run(program: &str, args: &[&str]) {
    eprintln!("\n$ {program} {}", args.join(" "));
    let status = Command::new(program).args(args).current_dir(root()).status();
    match status {
        Ok(s) if s.success() => {}
        Ok(s) => {
            eprintln!("xtask: `{program} {}` failed ({s})", args.join(" "));
            exit(s.code().unwrap_or(1));
        }
        Err(e) => {
            eprintln!("xtask: cannot run `{program}`: {e}");
            exit(2);
        }
    }
}

/// Whether a command runs and succeeds, without echoing it.
fn succeeds(program: &str, args: &[&str]) -> bool {
    Command::new(program).args(args).current_dir(root()).output().is_ok_and(|o| o.status.success())
}

fn ensure_wasm_target() {
    let installed = Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).lines().any(|l| l.trim() == "wasm32-unknown-unknown"))
        .unwrap_or(false);
    if !installed {
        run("rustup", &["target", "add", "wasm32-unknown-unknown"]);
    }
}

fn ensure_components() {
    for (tool, component) in [("cargo-fmt", "rustfmt"), ("cargo-clippy", "clippy")] {
        if !succeeds(tool, &["--version"]) {
            run("rustup", &["component", "add", component]);
        }
    }
}

fn test() {
    ensure_components();
    ensure_wasm_target();
    run("cargo", &["fmt", "--all", "--check"]);
    run("cargo", &["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"]);
    // The core without `std` on wasm32: proves it is `no_std` + `alloc` and builds for the browser.
    run(
        "cargo",
        &["build", "-p", "robotscope", "--no-default-features", "--target", "wasm32-unknown-unknown", "--release"],
    );
    let fuzz = root().join("crates/robotscope/fuzz/Cargo.toml");
    if fuzz.is_file() {
        // The fuzz targets' logic on stable: deterministic random inputs and the corpus files.
        run("cargo", &["test", "--release", "--manifest-path", "crates/robotscope/fuzz/Cargo.toml"]);
    }
    // The conformance harness first and uncaptured, so that its pass counts show in the log.
    run("cargo", &["test", "-p", "robotscope-tests", "--test", "conformance", "--", "--nocapture", "--test-threads=1"]);
    run("cargo", &["test", "--workspace", "--all-targets"]);
    run("cargo", &["test", "--workspace", "--doc"]);
}

fn demo() {
    let example = "static/examples/example.robots.txt";
    run("cargo", &["build", "--release", "-p", "robotscope-cli"]);
    let bin = "target/release/robotscope";
    eprintln!("\nThe example file:\n{}", std::fs::read_to_string(root().join(example)).unwrap_or_default());
    // `check` exits 1 when a URL is disallowed; that is the point of the demo, not a failure.
    for args in [
        &[
            "check",
            example,
            "--agent",
            "Googlebot",
            "https://example.com/shop/shoes",
            "https://example.com/cart",
            "/private/report.pdf",
        ][..],
        &["check", example, "--agent", "GPTBot", "https://example.com/blog/"][..],
        &["lint", example][..],
    ] {
        eprintln!("\n$ robotscope {}", args.join(" "));
        let _ = Command::new(root().join(bin)).args(args).current_dir(root()).status();
    }
}

fn bench() {
    run("cargo", &["bench", "-p", "robotscope-tests", "--bench", "engine"]);
}

fn main() {
    let task = std::env::args().nth(1).unwrap_or_default();
    match task.as_str() {
        "test" => test(),
        "demo" => demo(),
        "bench" => bench(),
        _ => {
            eprintln!("usage: cargo xtask <test|demo|bench>");
            eprintln!("  test   everything CI checks (what .ci/run runs)");
            eprintln!("  demo   build the CLI and run it on static/examples/example.robots.txt");
            eprintln!("  bench  criterion benchmark over ../shared/conformance/corpus");
            exit(2);
        }
    }
}
