//! The task runner: `cargo xtask <task>`. Each task installs what it needs, so both README commands work on
//! a fresh machine with only rustup and cargo.
//!
//! Tasks:
//! * `test [rust|npm|web|python|site]`: everything CI checks, as stages (`stages()`: format, clippy, the core's
//!   `no_std` build for wasm32, the fuzz targets' smoke run, every test with the conformance harness, the
//!   publishing dry runs, the npm package, the tester, the Python package and the site). Every stage runs even
//!   after one fails, and the task ends with one table of stage, result and time. `.ci/run` runs exactly this;
//!   with a group name, only that group's stages (reusing what earlier runs built).
//! * `check`: the inner loop while editing Rust (format, clippy, the core's, CLI's and conformance tests), in
//!   about a minute after a core edit; `test` is the gate.
//! * `demo`: builds the command-line tool and runs it on the example robots.txt.
//! * `bench`: the criterion benchmark over the conformance corpus (prints the summary table), then the query cost
//!   per file class (typical, many groups, huge groups, the largest file: `tests/benches/classes.rs`).
//! * `npm`: builds the npm package `robotscope` into `crates/robotscope-wasm/pkg` (installs the wasm32
//!   target, wasm-pack, wasm-bindgen-cli at the Cargo.lock version and the npm dev dependencies if missing).
//! * `npm-bench`: builds the package and runs its benchmark against robots-parser (size and speed budgets).
//! * `widget-budget`: builds the package and prints `<robots-txt-tester>`'s size and time budgets.
//! * `web`: builds the browser tester (release) into `web/dist`: cargo for wasm32, wasm-bindgen, then binaryen's
//!   wasm-opt and esbuild (`web/build.mjs`); installs the wasm32 target, wasm-bindgen-cli at the Cargo.lock
//!   version, npm's binaryen and the npm dev dependencies if missing.
//! * `serve`: the same build, served on http://127.0.0.1:8080/ and rebuilt on changes (`serve.rs`).
//! * `web-e2e`: the `web` build, then the tester's end-to-end tests in headless Chromium (`web/e2e`, npm test;
//!   installs Debian's chromium and playwright-core if missing).
//! * `web-budget`: the `web` build, then `web/e2e/budget.mjs`: gzipped transfer and edit-to-screen time.
//! * `site [--reuse]`: robotscope's site (`site.rs`) from the npm package and the tester.
//! * `publish-dry-run`: the crates.io packages' file lists and `cargo publish --dry-run` of both crates, the npm
//!   package's `npm publish --dry-run` and the PyPI wheel and sdist's `twine check` (all also run in `test`);
//!   uploads nothing.
//! * `python`: the PyPI wheel (maturin), twine-checked with its sdist, installed into a kept venv, its pytest
//!   suite and `mypy --strict` on the examples run there (`python.rs`).
//! * `differential [--minutes N]`: robotscope against Google's library on generated cases (`differential.rs`).
//! * `cli-bench [--quick]`: issue 27's throughput figures: the core on a 31,000-rule group, `batch` and
//!   `check --urls` on one file (`clibench.rs`).

/// Stops the current step with a message: `fail!("cannot read {}", path)` returns `Err(Failure(...))`. The stage
/// runner records it and goes on with the next stage; a single task prints it and exits 1.
macro_rules! fail {
    ($($arg:tt)*) => {
        return Err($crate::Failure(format!($($arg)*)))
    };
}

mod clibench;
mod differential;
mod python;
mod serve;
mod site;
mod widget;

use std::path::{Path, PathBuf};
use std::process::{exit, Command, Stdio};
use std::time::{Duration, Instant};

/// Why a step failed, in one line (the failing command's own output is already on the terminal, or in the log
/// the line names). Helpers return it rather than exiting, so that one failed stage does not hide the others.
#[derive(Debug)]
pub struct Failure(String);

/// What every step returns.
pub type Done<T = ()> = Result<T, Failure>;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask lives in the workspace").to_path_buf()
}

/// Runs a command in the workspace root, echoing it; fails when it fails.
fn run(program: &str, args: &[&str]) -> Done {
    run_in(&root(), &[], program, args)
}

/// Whether a command runs and succeeds, without echoing it.
fn succeeds(program: &str, args: &[&str]) -> bool {
    Command::new(program).args(args).current_dir(root()).output().is_ok_and(|o| o.status.success())
}

fn wasm_target_installed() -> bool {
    Command::new("rustup")
        .args(["target", "list", "--installed"])
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).lines().any(|l| l.trim() == "wasm32-unknown-unknown"))
        .unwrap_or(false)
}

fn ensure_wasm_target() -> Done {
    if !wasm_target_installed() {
        quiet(
            "rustup target add wasm32-unknown-unknown",
            &root(),
            &[],
            "rustup",
            &["target", "add", "wasm32-unknown-unknown"],
        )?;
    }
    Ok(())
}

fn ensure_components() -> Done {
    for (tool, component) in [("cargo-fmt", "rustfmt"), ("cargo-clippy", "clippy")] {
        if !succeeds(tool, &["--version"]) {
            quiet(
                &format!("rustup component add {component}"),
                &root(),
                &[],
                "rustup",
                &["component", "add", component],
            )?;
        }
    }
    Ok(())
}

/// One stage of `cargo xtask test`: a name for the table, the group `cargo xtask test GROUP` runs it in, the
/// earlier stages whose builds it uses (when one of those failed it is reported as not run, rather than failing
/// again on a missing build or vanishing from the table), and the step itself.
struct Stage {
    name: &'static str,
    group: &'static str,
    needs: &'static [&'static str],
    step: fn() -> Done,
}

/// Every stage of the gate, in order. Nothing is skipped to save time: a stage that cannot run says why.
fn stages() -> Vec<Stage> {
    let stage = |name, group, needs, step| Stage { name, group, needs, step };
    vec![
        stage("fmt and line width", "rust", &[], fmt_and_width),
        stage("clippy", "rust", &[], || {
            run("cargo", &["clippy", "--workspace", "--all-targets", "--", "-D", "warnings"])
        }),
        // The core without `std` on wasm32: proves it is `no_std` + `alloc` and builds for the browser.
        stage("wasm32 no_std build", "rust", &[], no_std_build),
        // The fuzz targets' logic on stable: deterministic random inputs and the corpus files.
        stage("fuzz smoke", "rust", &[], || {
            run("cargo", &["test", "--release", "--manifest-path", "crates/robotscope/fuzz/Cargo.toml"])
        }),
        // Uncaptured, so that its pass counts show in the log.
        stage("conformance", "rust", &[], || {
            let args =
                ["test", "-p", "robotscope-tests", "--test", "conformance", "--", "--nocapture", "--test-threads=1"];
            run("cargo", &args)
        }),
        // Google's own library as an oracle: 250,000 generated cases, fresh seed each run.
        stage("differential", "rust", &[], || differential::differential(&[])),
        // `--no-fail-fast`: every test binary runs, so one failure does not hide the others.
        stage("workspace tests", "rust", &[], || {
            run("cargo", &["test", "--workspace", "--all-targets", "--no-fail-fast"])
        }),
        stage("doc tests", "rust", &[], || run("cargo", &["test", "--workspace", "--doc"])),
        stage("crates publish dry run", "rust", &[], publish_dry_run),
        // The npm package: build it, then its Node (CommonJS and ESM) and headless-Chromium tests.
        stage("npm build", "npm", &[], npm),
        stage("npm tests", "npm", &["npm build"], || {
            ensure_chromium()?;
            run_in(&npm_dir(), &[], "npm", &["test"])
        }),
        stage("npm publish dry run", "npm", &["npm build"], npm_publish_dry_run),
        stage("web build", "web", &[], web),
        stage("web e2e", "web", &["web build"], || {
            ensure_e2e_tools()?;
            run_in(&e2e_dir(), &[], "npm", &["test"])
        }),
        // The PyPI package: wheel and sdist checked, installed into the kept venv, its pytest suite run there.
        stage("python", "python", &[], python::python),
        // The site from the package and the tester just built: every guide example's `expect`, its links.
        stage("site", "site", &["npm build", "web build"], || {
            site::build_from_builds()?;
            site::test_built_site()
        }),
    ]
}

/// The stages `cargo xtask test GROUP` runs: the group's own, plus the builds they need from other groups (the
/// site needs the npm package and the tester).
fn selected(all: Vec<Stage>, group: Option<&str>) -> Vec<Stage> {
    let Some(group) = group else { return all };
    let needed: Vec<&str> = all.iter().filter(|s| s.group == group).flat_map(|s| s.needs.iter().copied()).collect();
    all.into_iter().filter(|s| s.group == group || needed.contains(&s.name)).collect()
}

/// A stage's outcome, as the table shows it.
enum Outcome {
    Passed,
    Failed(String),
    NotRun(String),
}

/// Runs the stages in order, each whatever the others did (except that a stage is not run when a stage whose
/// build it uses failed), then checks that the work tree is as it was, prints the table and exits non-zero when
/// anything failed or did not run.
fn test(group: Option<&str>) {
    let groups = ["rust", "npm", "web", "python", "site"];
    if group.is_some_and(|g| !groups.contains(&g)) {
        eprintln!("usage: cargo xtask test [{}]", groups.join("|"));
        exit(2);
    }
    let started = Instant::now();
    let before = worktree_changes();
    let mut results = run_stages(&selected(stages(), group));
    // Builds and tests write only ignored files: a tracked file they modify, or an untracked one they leave
    // behind, would show in every contributor's `git status` (a rewritten lock file, a stray screenshot).
    let began = Instant::now();
    let clean = match (before, worktree_changes()) {
        (Ok(before), Ok(after)) => {
            let new: Vec<&String> = after.iter().filter(|line| !before.contains(line)).collect();
            if new.is_empty() {
                Outcome::Passed
            } else {
                eprintln!("xtask: the tests changed the work tree (`git status --porcelain`):");
                for line in &new {
                    eprintln!("  {line}");
                }
                Outcome::Failed(format!("{} path(s) changed", new.len()))
            }
        }
        (Err(Failure(why)), _) | (_, Err(Failure(why))) => Outcome::Failed(why),
    };
    results.push(("clean work tree", clean, began.elapsed()));
    eprintln!("\n{}", table(&results, started.elapsed()));
    let bad = results.iter().filter(|(_, outcome, _)| !matches!(outcome, Outcome::Passed)).count();
    if bad > 0 {
        eprintln!("xtask: {bad} stage(s) failed or did not run");
        exit(1);
    }
    eprintln!("xtask: every stage passed; the work tree is as it was");
}

/// Runs every stage in order whatever the ones before did, except a stage whose needed build did not pass, which
/// is recorded as not run.
fn run_stages(stages: &[Stage]) -> Vec<(&'static str, Outcome, Duration)> {
    let mut results: Vec<(&'static str, Outcome, Duration)> = Vec::new();
    for stage in stages {
        let passed = |need: &&str| results.iter().any(|(name, o, _)| name == need && matches!(o, Outcome::Passed));
        if let Some(need) = stage.needs.iter().find(|need| !passed(need)) {
            results.push((stage.name, Outcome::NotRun(format!("{need} did not pass")), Duration::ZERO));
            continue;
        }
        eprintln!("\n==== xtask: stage {} ====", stage.name);
        let began = Instant::now();
        let outcome = match (stage.step)() {
            Ok(()) => Outcome::Passed,
            Err(Failure(why)) => {
                eprintln!("xtask: stage {} failed: {why}", stage.name);
                Outcome::Failed(why)
            }
        };
        results.push((stage.name, outcome, began.elapsed()));
    }
    results
}

/// Minutes and seconds, `m:ss`.
fn clock(d: Duration) -> String {
    let s = d.as_secs();
    format!("{}:{:02}", s / 60, s % 60)
}

/// The closing table of `test`: stage, result, time.
fn table(results: &[(&str, Outcome, Duration)], total: Duration) -> String {
    let width = results.iter().map(|(name, _, _)| name.len()).max().unwrap_or(0).max("stage".len());
    let mut out = format!("{:width$}  {:>6}  result\n", "stage", "time");
    for (name, outcome, time) in results {
        let (result, time) = match outcome {
            Outcome::Passed => ("passed".to_string(), clock(*time)),
            Outcome::Failed(why) => (format!("FAILED: {}", first_line(why, 90)), clock(*time)),
            Outcome::NotRun(why) => (format!("NOT RUN: {why}"), "-".to_string()),
        };
        out.push_str(&format!("{name:width$}  {time:>6}  {result}\n"));
    }
    out.push_str(&format!("{:width$}  {:>6}", "total", clock(total)));
    out
}

/// A message's first line, cut to `max` characters.
fn first_line(text: &str, max: usize) -> String {
    let line = text.lines().next().unwrap_or_default();
    if line.chars().count() <= max {
        line.to_string()
    } else {
        format!("{}...", line.chars().take(max).collect::<String>())
    }
}

/// `cargo fmt --check` and the line width, which rustfmt does not hold on its own.
fn fmt_and_width() -> Done {
    ensure_components()?;
    run("cargo", &["fmt", "--all", "--check"])?;
    check_line_width()
}

fn no_std_build() -> Done {
    ensure_wasm_target()?;
    run(
        "cargo",
        &["build", "-p", "robotscope", "--no-default-features", "--target", "wasm32-unknown-unknown", "--release"],
    )
}

/// `cargo xtask check`: the inner loop while editing Rust. Format and line width, clippy on the core, the CLI and
/// the tests crate, and the tests that read the core most closely: its own unit tests, the CLI's, the spec and
/// conformance vectors. It prints how long it took; `cargo xtask test` remains the gate.
fn check() -> Done {
    let started = Instant::now();
    fmt_and_width()?;
    let packages = ["-p", "robotscope", "-p", "robotscope-cli", "-p", "robotscope-tests"];
    run("cargo", &[&["clippy"][..], &packages, &["--all-targets", "--", "-D", "warnings"]].concat())?;
    run("cargo", &["test", "-p", "robotscope", "-p", "robotscope-cli"])?;
    run("cargo", &["test", "-p", "robotscope-tests", "--test", "spec", "--test", "conformance"])?;
    eprintln!("\nxtask: check passed in {} (`cargo xtask test` is the gate)", clock(started.elapsed()));
    Ok(())
}

/// `git status --porcelain` as lines: what differs from HEAD, untracked files included.
fn worktree_changes() -> Done<Vec<String>> {
    let output = Command::new("git")
        .args(["status", "--porcelain", "--untracked-files=all"])
        .current_dir(root())
        .output()
        .ok()
        .filter(|o| o.status.success());
    let Some(output) = output else {
        fail!("cannot run `git status`; the test command checks that it leaves the work tree clean");
    };
    Ok(String::from_utf8_lossy(&output.stdout).lines().map(String::from).collect())
}

/// Fails when a tracked Rust file has a line over the 120 columns of `rustfmt.toml`: rustfmt leaves alone what it
/// cannot fit (long strings, macro bodies such as Yew's `html!`), so `cargo fmt --check` alone does not hold the
/// limit.
fn check_line_width() -> Done {
    const WIDTH: usize = 120;
    let out = Command::new("git").args(["ls-files", "*.rs"]).current_dir(root()).output();
    let Some(out) = out.ok().filter(|o| o.status.success()) else {
        fail!("cannot list the Rust files with git; line widths not checked");
    };
    let mut long = Vec::new();
    for file in String::from_utf8_lossy(&out.stdout).lines() {
        let Ok(text) = std::fs::read_to_string(root().join(file)) else { continue };
        for (i, line) in text.lines().enumerate() {
            let width = line.chars().count();
            if width > WIDTH {
                long.push(format!("{file}:{}: {width} columns", i + 1));
            }
        }
    }
    if !long.is_empty() {
        fail!("{} line(s) over {WIDTH} columns:\n  {}", long.len(), long.join("\n  "));
    }
    Ok(())
}

/// The wasm crate, which also holds the npm sources, tests and benchmark.
fn npm_dir() -> PathBuf {
    root().join("crates/robotscope-wasm")
}

/// Runs a command in `dir` with extra environment variables, echoing it; fails when it fails.
fn run_in(dir: &Path, envs: &[(&str, &str)], program: &str, args: &[&str]) -> Done {
    eprintln!("\n$ (cd {}) {program} {}", dir.display(), args.join(" "));
    let status = Command::new(program).args(args).envs(envs.iter().copied()).current_dir(dir).status();
    match status {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => fail!("`{program} {}` failed ({s})", args.join(" ")),
        Err(e) => fail!("cannot run `{program}`: {e}"),
    }
}

/// Runs an install step with its output in a log under `target/xtask-logs/`, printing one line with its time;
/// when it fails, the log's last lines and its path. `cargo install` alone prints a thousand lines.
fn quiet(what: &str, dir: &Path, envs: &[(&str, &str)], program: &str, args: &[&str]) -> Done {
    let logs = root().join("target/xtask-logs");
    if let Err(e) = std::fs::create_dir_all(&logs) {
        fail!("cannot create {}: {e}", logs.display());
    }
    let slug: String =
        what.chars().map(|c| if c.is_ascii_alphanumeric() || c == '.' { c } else { '-' }).take(80).collect();
    let log = logs.join(format!("{slug}.log"));
    let file = match std::fs::File::create(&log) {
        Ok(f) => f,
        Err(e) => fail!("cannot create {}: {e}", log.display()),
    };
    let Ok(copy) = file.try_clone() else { fail!("cannot write {}", log.display()) };
    eprint!("xtask: {what} ... ");
    let started = Instant::now();
    let status = Command::new(program)
        .args(args)
        .envs(envs.iter().copied())
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(file)
        .stderr(copy)
        .status();
    let took = clock(started.elapsed());
    match status {
        Ok(s) if s.success() => {
            eprintln!("done in {took}");
            Ok(())
        }
        Ok(s) => {
            eprintln!("failed in {took} ({s}); the last lines of {}:", log.display());
            let text = std::fs::read_to_string(&log).unwrap_or_default();
            let lines: Vec<&str> = text.lines().collect();
            for line in &lines[lines.len().saturating_sub(30)..] {
                eprintln!("  {line}");
            }
            fail!("{what} failed; the whole log is {}", log.display())
        }
        Err(e) => {
            eprintln!("failed");
            fail!("cannot run `{program}`: {e}")
        }
    }
}

/// `apt-get install -y PACKAGES` (with `apt-get update` first), quietly.
fn apt_install(packages: &[&str]) -> Done {
    quiet("apt-get update", &root(), &[], "apt-get", &["update", "-qq"])?;
    let args = [&["install", "-y", "-qq"][..], packages].concat();
    let envs = [("DEBIAN_FRONTEND", "noninteractive")];
    quiet(&format!("apt-get install {}", packages.join(" ")), &root(), &envs, "apt-get", &args)
}

/// `cargo install ARGS`, quietly: one line with its time; the log under `target/xtask-logs/`.
fn cargo_install(what: &str, args: &[&str]) -> Done {
    quiet(&format!("cargo install {what}"), &root(), &[], "cargo", &[&["install"][..], args].concat())
}

/// The version of a package in Cargo.lock.
fn locked_version(name: &str) -> Option<String> {
    let lock = std::fs::read_to_string(root().join("Cargo.lock")).ok()?;
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        if line == format!("name = \"{name}\"") {
            let version = lines.next()?.strip_prefix("version = \"")?.strip_suffix('"')?;
            return Some(version.to_string());
        }
    }
    None
}

/// Installs what building the npm package needs, when it is missing. Nothing is downloaded from outside the
/// package registries: wasm-pack runs with `--mode no-install` and uses the wasm-bindgen installed here.
fn ensure_npm_tools() -> Done {
    ensure_wasm_target()?;
    if !succeeds("wasm-pack", &["--version"]) {
        cargo_install("wasm-pack", &["wasm-pack"])?;
    }
    ensure_wasm_bindgen()?;
    ensure_npm_dev_dependencies()
}

/// What `program --version` prints, trimmed; empty when it does not run.
fn version_of(program: &str) -> String {
    Command::new(program)
        .arg("--version")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_default()
}

/// Installs wasm-bindgen-cli at exactly the version in Cargo.lock when another (or none) is installed: the CLI
/// must match the library, or the generated glue does not fit the module.
fn ensure_wasm_bindgen() -> Done {
    let Some(version) = locked_version("wasm-bindgen") else { fail!("wasm-bindgen is not in Cargo.lock") };
    if version_of("wasm-bindgen") != format!("wasm-bindgen {version}") {
        cargo_install(&format!("wasm-bindgen-cli {version}"), &["wasm-bindgen-cli", "--version", &version, "--force"])?;
    }
    Ok(())
}

/// Node and the npm package's dev dependencies (binaryen's `wasm-opt` among them), installed when missing.
fn ensure_npm_dev_dependencies() -> Done {
    ensure_node()?;
    let dev_dependencies =
        ["binaryen", "robots-parser", "playwright-core", "typescript", "esbuild", "markdown-it", "unified"];
    // The widget's docs-plugin tests render Markdown with remark, MDX (React) and markdown-it.
    let dev_dependencies =
        [&dev_dependencies[..], &["remark-parse", "remark-rehype", "rehype-stringify", "@mdx-js/mdx", "react-dom"]]
            .concat();
    // robots-parser's own suite (mocha, chai) and the bundler recipes (webpack, Vite, Jest with jsdom).
    let dev_dependencies =
        [&dev_dependencies[..], &["mocha", "chai", "webpack", "vite", "jest", "jest-environment-jsdom"]].concat();
    if dev_dependencies.iter().any(|d| !npm_dir().join("node_modules").join(d).join("package.json").is_file()) {
        npm_install(&npm_dir())?;
    }
    Ok(())
}

/// Installs Node and npm from Debian's packages when they are missing.
fn ensure_node() -> Done {
    if !succeeds("node", &["--version"]) || !succeeds("npm", &["--version"]) {
        apt_install(&["nodejs", "npm"])?;
    }
    Ok(())
}

/// Installs a folder's npm dependencies exactly as its lock file names them (`npm ci`), printing one line; npm's
/// own output is in the log, shown when it fails. The lock files are kept in sync with their manifests (a lock file
/// npm refuses is a bug to fix in the repository, not something to paper over with `npm install`, which rewrites
/// it).
fn npm_install(dir: &Path) -> Done {
    let what = format!("npm ci in {}", dir.strip_prefix(root()).unwrap_or(dir).display());
    quiet(&what, dir, &[], "npm", &["ci", "--no-audit", "--no-fund", "--loglevel=error"])
}

/// Installs Chromium for the browser test when it is missing (Debian's package; Playwright downloads nothing).
fn ensure_chromium() -> Done {
    if Path::new("/usr/bin/chromium").exists() {
        return Ok(());
    }
    apt_install(&["chromium"])
}

fn copy(from: &Path, to: &Path) -> Done {
    if let Err(e) = std::fs::copy(from, to) {
        fail!("cannot copy {} to {}: {e}", from.display(), to.display());
    }
    Ok(())
}

fn write(path: &Path, text: &str) -> Done {
    if let Err(e) = std::fs::write(path, text) {
        fail!("cannot write {}: {e}", path.display());
    }
    Ok(())
}

fn read(path: &Path) -> Done<String> {
    match std::fs::read_to_string(path) {
        Ok(text) => Ok(text),
        Err(e) => fail!("cannot read {}: {e}", path.display()),
    }
}

/// Builds the npm package into `crates/robotscope-wasm/pkg`: the wasm module through wasm-pack (for Node's
/// `require`, and as ES modules for browsers and bundlers), shrunk by `wasm-opt -Oz`, plus the JS façade, entry
/// points, types, README and licences. Browsers get two modules: `web/robotscope_bg.wasm`, built without the
/// adapter's `profiles` feature (Google's reading only, within the 70 KiB budget), and
/// `web/robotscope_profiles_bg.wasm` with every reading, which `initProfiles()` loads; Node embeds the second.
fn npm() -> Done {
    ensure_npm_tools()?;
    let dir = npm_dir();
    let build = root().join("target/npm");
    let _ = std::fs::remove_dir_all(&build);
    // Each module's optimisation level, for this build only (the workspace profile stays as it is for the CLI).
    // Browsers download theirs: they get `z` with `wasm-opt -Oz`, which keeps the module (with the widget's tester)
    // within the 70 KB gzipped budget. Node reads its copy from disk: it gets `3` with `wasm-opt -O3`, which parses
    // and answers faster (about a third, on queries) for about 20 KB gzipped more. ROBOTSCOPE_WASM_OPT=z|s|3 sets
    // every build's level instead (`z` with -Oz, the others with -O3).
    let forced = std::env::var("ROBOTSCOPE_WASM_OPT").ok().filter(|l| !l.trim().is_empty());
    // At `z`, an inlining threshold of 25: more inlining than `z` allows by default (the matcher's small helpers
    // then inline: answering about a fifth faster for about 700 bytes). Appended to any RUSTFLAGS the caller set.
    let caller_flags = std::env::var("RUSTFLAGS").unwrap_or_default();
    let inline = "-C llvm-args=-inline-threshold=25";
    // (target, output folder, level, cargo arguments). Every build is named `robotscope`: the name is also in the
    // module's imports, so that any of the modules works with any of the glues (checked below).
    let builds = [
        ("nodejs", "node", "3", &[][..]),
        ("web", "web-profiles", "z", &[][..]),
        ("web", "web", "z", &["--", "--no-default-features"][..]),
    ];
    for (target, out, level, cargo) in builds {
        let level = forced.as_deref().unwrap_or(level);
        let wasm_opt_level = if level == "z" { "-Oz" } else { "-O3" };
        let rustflags = if level == "z" { format!("{caller_flags} {inline}") } else { caller_flags.clone() };
        let envs = [
            ("CARGO_PROFILE_RELEASE_OPT_LEVEL", level),
            ("CARGO_PROFILE_RELEASE_PANIC", "abort"),
            ("RUSTFLAGS", rustflags.as_str()),
        ];
        let out_dir = build.join(out);
        let mut args = vec!["build", "crates/robotscope-wasm", "--release", "--mode", "no-install", "--no-pack"];
        args.extend(["--target", target, "--out-name", "robotscope"]);
        args.extend(["--out-dir", out_dir.to_str().expect("UTF-8 path")]);
        args.extend(cargo);
        quiet(&format!("wasm-pack build --target {target} into target/npm/{out}"), &root(), &envs, "wasm-pack", &args)?;
        let wasm = out_dir.join("robotscope_bg.wasm");
        let wasm = wasm.to_str().expect("UTF-8 path");
        quiet(
            &format!("wasm-opt {wasm_opt_level} target/npm/{out}/robotscope_bg.wasm"),
            &dir,
            &[],
            "node",
            &[
                "node_modules/binaryen/bin/wasm-opt",
                wasm_opt_level,
                // Until nothing shrinks any more: 489 B gzipped less than one -Oz run (measured with the usage
                // preferences and typed agents in the module).
                "--converge",
                "--low-memory-unused",
                "--zero-filled-memory",
                "--strip-debug",
                "--strip-producers",
                wasm,
                "-o",
                wasm,
            ],
        )?;
    }
    let pkg = dir.join("pkg");
    let _ = std::fs::remove_dir_all(&pkg);
    for sub in ["node", "web"] {
        if let Err(e) = std::fs::create_dir_all(pkg.join(sub)) {
            fail!("cannot create {}: {e}", pkg.join(sub).display());
        }
    }
    // The façade frees every parsed handle itself (they live in its bounded cache, see js/api.mjs), so the glue's
    // FinalizationRegistry entry per parse, which costs more than a small file's parse, is left out, and so is
    // `free()`'s call to take it out again (about 1% of parsing small files).
    let unregistered = "RobotsFinalization.register(obj, obj.__wbg_ptr, obj);";
    let unregister = "RobotsFinalization.unregister(this);";
    // The module with every reading goes next to the other as `robotscope_profiles`, its glue fetching it by
    // that name.
    let default_url = "new URL('robotscope_bg.wasm', import.meta.url)";
    for (out, name) in [("web", "robotscope"), ("web-profiles", "robotscope_profiles")] {
        let web_glue = read(&build.join(format!("{out}/robotscope.js")))?;
        if ![unregistered, unregister, default_url].iter().all(|s| web_glue.contains(s)) {
            eprintln!(
                "xtask: the web glue no longer contains {unregistered:?}, {unregister:?} and {default_url:?}; \
                 update `npm()`"
            );
            exit(2);
        }
        let web_glue = web_glue
            .replace(unregistered, "")
            .replace(unregister, "")
            .replace(default_url, &default_url.replace("robotscope", name));
        write(&pkg.join(format!("web/{name}.js")), &web_glue)?;
        copy(&build.join(format!("{out}/robotscope_bg.wasm")), &pkg.join(format!("web/{name}_bg.wasm")))?;
    }
    // `init(bytes)` in Node takes a module built for browsers, and `initProfiles()` in a browser may follow Node's:
    // the builds with every reading must import and export the same names, whatever their levels.
    run_in(
        &dir,
        &[],
        "node",
        &[
            "-e",
            concat!(
                "const fs = require('fs');",
                "const face = (f) => { const m = new WebAssembly.Module(fs.readFileSync(f));",
                " return JSON.stringify([WebAssembly.Module.imports(m), WebAssembly.Module.exports(m)]); };",
                "if (face(process.argv[1]) !== face(process.argv[2])) {",
                " console.error('xtask: the nodejs and web builds import or export different names; fix the build');",
                " process.exit(2); }",
            ),
            build.join("node/robotscope_bg.wasm").to_str().expect("UTF-8 path"),
            build.join("web-profiles/robotscope_bg.wasm").to_str().expect("UTF-8 path"),
        ],
    )?;
    // The Node glue reads the module from `${__dirname}` at load time, which fails in bundles (esbuild, webpack)
    // and takes no other bytes. It gets the module from the entry instead (`__instantiate`, called on first use
    // with the bytes embedded in node/wasm.cjs, or with what `init`/`initSync` were given), and its TextEncoder
    // and TextDecoder from codec.cjs (Jest's jsdom environment has neither).
    let mut glue = read(&build.join("node/robotscope.js"))?;
    for (from, to) in [
        (
            concat!(
                "const wasmPath = `${__dirname}/robotscope_bg.wasm`;\n",
                "const wasmBytes = require('fs').readFileSync(wasmPath);\n",
                "const wasmModule = new WebAssembly.Module(wasmBytes);\n",
                "let wasmInstance = new WebAssembly.Instance(wasmModule, __wbg_get_imports());\n",
                "let wasm = wasmInstance.exports;\n",
                "wasm.__wbindgen_start();",
            ),
            concat!(
                "let wasm;\n",
                "/** robotscope: instantiates the module from its bytes or a compiled WebAssembly.Module. */\n",
                "exports.__instantiate = function (source) {\n",
                "    const module = source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source);\n",
                "    wasm = new WebAssembly.Instance(module, __wbg_get_imports()).exports;\n",
                "    /* @reset-caches */\n",
                "    wasm.__wbindgen_start();\n",
                "};\n",
                "exports.__loaded = () => wasm !== undefined;",
            ),
        ),
        (
            "let cachedTextDecoder = new TextDecoder(",
            "const { TextDecoder, TextEncoder } = require('../codec.cjs');\nlet cachedTextDecoder = new TextDecoder(",
        ),
        (unregistered, ""),
        (unregister, ""),
    ] {
        if !glue.contains(from) {
            fail!("the Node glue no longer contains {from:?}; update `npm()`");
        }
        glue = glue.replace(from, to);
    }
    // A second instance (`initProfiles` after `init` was given the module without the profiles) must not reuse
    // the glue's views of the first one's memory.
    let resets: Vec<String> = glue
        .lines()
        .filter_map(|l| l.strip_prefix("let ")?.strip_suffix(" = null;"))
        .filter(|name| name.starts_with("cached"))
        .map(|name| format!("{name} = null;"))
        .collect();
    glue = glue.replace("/* @reset-caches */", &resets.join(" "));
    write(&pkg.join("node/robotscope.js"), &glue)?;
    let module = match std::fs::read(build.join("node/robotscope_bg.wasm")) {
        Ok(module) => module,
        Err(e) => fail!("cannot read the built module: {e}"),
    };
    write(
        &pkg.join("node/wasm.cjs"),
        &format!("// The WebAssembly module, base64.\nmodule.exports = '{}';\n", base64(&module)),
    )?;
    // wasm-bindgen's Node glue is CommonJS; the package is `"type": "module"`.
    write(&pkg.join("node/package.json"), "{ \"type\": \"commonjs\" }\n")?;
    let js = dir.join("js");
    for file in [
        "package.json",
        "index.cjs",
        "index.mjs",
        "index.web.js",
        "index.d.ts",
        "robots-parser.cjs",
        "robots-parser.mjs",
        "robots-parser.web.js",
        "robots-parser.d.ts",
        "robots-parser.d.cts",
        "api.mjs",
        "checks.mjs",
        "buffer.mjs",
        "cache.mjs",
        "robots.mjs",
        "survey.mjs",
        "robots-parser-api.mjs",
        "fetch.mjs",
        "codec.cjs",
    ] {
        copy(&js.join(file), &pkg.join(file))?;
    }
    // The same types serve `require`: TypeScript wants them under a `.d.cts` name for CommonJS.
    copy(&js.join("index.d.ts"), &pkg.join("index.d.cts"))?;
    // The CommonJS copies of the façade's modules, whose only module syntax is their imports and last export line.
    for name in FACADE {
        write(&pkg.join(format!("{name}.cjs")), &common_js(name, &read(&js.join(format!("{name}.mjs")))?)?)?;
    }
    for file in ["README.md", "LICENSE", "LICENSE-APACHE"] {
        copy(&dir.join(file), &pkg.join(file))?;
    }
    widget_files(&dir, &pkg)?;
    crawler_catalogue(&pkg)?;
    export_list(&pkg)?;
    eprintln!("\nxtask: the npm package is in {}", pkg.display());
    Ok(())
}

/// The façade's ES modules (`js/NAME.mjs`), each also written as CommonJS (`NAME.cjs`).
const FACADE: [&str; 8] = ["api", "checks", "buffer", "cache", "robots", "survey", "robots-parser-api", "fetch"];

/// The CommonJS copy of a façade module: `import { a, b } from './x.mjs';` lines become `require('./x.cjs')`, the
/// last line `export { ... };` becomes `module.exports`. Anything else that looks like module syntax stops the task.
fn common_js(name: &str, text: &str) -> Done<String> {
    let mut out = String::from("'use strict';\n");
    let body = text.trim_end();
    let Some((body, last)) = body.rsplit_once('\n') else {
        fail!("js/{name}.mjs is empty");
    };
    let Some(names) = last.strip_prefix("export {").and_then(|l| l.strip_suffix("};")) else {
        fail!("js/{name}.mjs must end with `export {{ ... }};`");
    };
    for line in body.lines() {
        if let Some(rest) = line.strip_prefix("import {") {
            let Some((names, from)) = rest.split_once("} from './") else {
                fail!("js/{name}.mjs: cannot read the import {line:?}");
            };
            let Some(module) = from.strip_suffix(".mjs';") else {
                fail!("js/{name}.mjs: cannot read the import {line:?}");
            };
            out.push_str(&format!("const {{{names}}} = require('./{module}.cjs');\n"));
        } else if line.starts_with("import ") || line.starts_with("export ") {
            fail!("js/{name}.mjs: only `import {{ ... }} from './x.mjs';` lines and a last export line");
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str(&format!("module.exports = {{{names}}};\n"));
    Ok(out)
}

/// Writes the package's one export list (the names `require('robotscope')` gives: `createApi`'s object in
/// js/api.mjs, with `init`, `initSync` and `initProfiles`) into the ES module entries, whose `export const
/// { /* @exports */ } = api;` line needs the names spelt out.
fn export_list(pkg: &Path) -> Done {
    let script = "process.stdout.write(Object.keys(require(process.argv[1])).join(', '))";
    let entry = pkg.join("index.cjs");
    let output = match Command::new("node").args(["-e", script]).arg(&entry).output() {
        Ok(output) => output,
        Err(e) => fail!("cannot run node: {e}"),
    };
    let names = String::from_utf8_lossy(&output.stdout).into_owned();
    if !output.status.success() || names.is_empty() {
        fail!("cannot read the export list of {}: {}", entry.display(), String::from_utf8_lossy(&output.stderr));
    }
    for file in ["index.mjs", "index.web.js"] {
        let path = pkg.join(file);
        let text = read(&path)?;
        if !text.contains("/* @exports */") {
            fail!("js/{file} must hold `export const {{ /* @exports */ }} = api;`");
        }
        write(&path, &text.replace("/* @exports */", &names))?;
    }
    Ok(())
}

/// A JSON string literal.
fn json_string(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// The core's data as modules (`data.mjs`, `data.cjs`): the crawler catalogue, written from `CRAWLERS` and
/// `Crawler::facts` (which the `.wasm` leaves out for size), its `CrawlerKind` list, the crawler sets and the
/// diagnostic codes, so the npm package carries the same table as the CLI and the tester, not a copy. The façade
/// maps the crawler names the `.wasm` returns to these entries.
fn crawler_catalogue(pkg: &Path) -> Done {
    let mut crawlers = String::new();
    for c in robotscope::CRAWLERS {
        let f = c.facts();
        let tokens: Vec<String> = c.tokens.iter().map(|t| json_string(t)).collect();
        crawlers.push_str(&format!(
            concat!(
                "  {{ \"name\": {}, \"operator\": {}, \"tokens\": [{}], \"ignoresGlobal\": {}, \"kind\": {}, ",
                "\"purpose\": {}, \"userAgent\": {}, \"obeys\": {}, \"source\": {}, \"asOf\": {}, ",
                "\"ipRangesUrl\": {}, \"signatureAgent\": {}, \"note\": {}, \"scopeNote\": {} }},\n",
            ),
            json_string(c.name),
            json_string(c.operator),
            tokens.join(", "),
            c.ignores_global,
            json_string(c.kind.name()),
            json_string(f.purpose),
            json_string(f.user_agent),
            json_string(f.obeys.name()),
            json_string(f.source),
            json_string(f.as_of),
            json_string(f.ip_ranges_url),
            json_string(f.signature_agent),
            json_string(f.note),
            c.scope_note().map_or_else(|| String::from("null"), json_string),
        ));
    }
    let mut kinds = String::new();
    for k in robotscope::CrawlerKind::ALL {
        kinds.push_str(&format!(
            "  {{ \"kind\": {}, \"title\": {}, \"ai\": {} }},\n",
            json_string(k.name()),
            json_string(k.title()),
            k.is_ai()
        ));
    }
    let codes: Vec<String> = robotscope::DiagnosticKind::ALL.iter().map(|k| json_string(k.code())).collect();
    // The interpretation profiles in `Profile::ALL` order: the façade passes a profile to the `.wasm` as its index.
    let profiles: Vec<String> = robotscope::Profile::ALL
        .iter()
        .map(|p| format!("{{ \"name\": {}, \"label\": {} }}", json_string(p.as_str()), json_string(p.label())))
        .collect();
    let head = concat!(
        "// Data of robotscope's core (the crawler catalogue `CRAWLERS` with `Crawler::facts`, `CrawlerKind`, ",
        "the diagnostic codes, the profiles, the AI groups, `Cell::NO_TOKEN`), written by `cargo xtask npm`."
    );
    let body = format!(
        concat!(
            "const CRAWLERS = [\n{crawlers}];\nconst CRAWLER_KINDS = [\n{kinds}];\n",
            "const DIAGNOSTIC_KINDS = [{}];\nconst PROFILES = [{}];\n"
        ),
        codes.join(", "),
        profiles.join(", "),
        crawlers = crawlers,
        kinds = kinds
    );
    // The core's AI groups (`AI_GROUPS`), whose names `robots.ai()` reports and takes.
    let groups: Vec<String> = robotscope::AI_GROUPS
        .iter()
        .map(|g| {
            let kinds: Vec<String> = g.kinds.iter().map(|k| json_string(k.name())).collect();
            format!(
                "{{ \"name\": {}, \"title\": {}, \"kinds\": [{}] }}",
                json_string(g.name),
                json_string(g.title),
                kinds.join(", ")
            )
        })
        .collect();
    let body = format!("{body}const AI_GROUPS = [{}];\n", groups.join(", "));
    // The crawler sets, each name `crawler_set` takes (without `@`, in lower case) with the names of its crawlers,
    // as the core lists them: `robots.crawlerSet` looks them up here (an export of its own cost 593 B gzipped in the
    // module browsers load first). `crawler_set` takes each kind's name and the names of its sets of several kinds.
    let set_names = robotscope::CrawlerKind::ALL.iter().map(|k| k.name()).chain(["ai", "all"]);
    let set_names = set_names.chain(robotscope::AI_GROUPS.iter().map(|g| g.name));
    let mut sets: Vec<String> = Vec::new();
    for name in set_names {
        let Some(set) = robotscope::crawler_set(name) else {
            fail!("the core has no crawler set named {name:?}; update `crawler_catalogue`");
        };
        let entry = format!(
            "{}: [{}]",
            json_string(name),
            set.iter().map(|c| json_string(c.name)).collect::<Vec<_>>().join(", ")
        );
        if !sets.contains(&entry) {
            sets.push(entry);
        }
    }
    let body = format!("{body}const CRAWLER_SETS = {{ {} }};\n", sets.join(", "));
    // Why a cell has no token, in the words every surface shows (`Cell::NO_TOKEN`).
    let body = format!("{body}const NO_TOKEN = {};\n", json_string(robotscope::Cell::NO_TOKEN));
    let names = "CRAWLERS, CRAWLER_KINDS, DIAGNOSTIC_KINDS, PROFILES, AI_GROUPS, CRAWLER_SETS, NO_TOKEN";
    write(&pkg.join("data.mjs"), &format!("{head}\n{body}export {{ {names} }};\n"))?;
    write(&pkg.join("data.cjs"), &format!("{head}\n'use strict';\n{body}module.exports = {{ {names} }};\n"))
}

/// Standard base64 with padding (the npm package embeds its module in JavaScript).
fn base64(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            out.push(if i <= chunk.len() { DIGITS[(n >> (18 - 6 * i)) as usize & 63] as char } else { '=' });
        }
    }
    out
}

/// The `<robots-txt-tester>` element (`robotscope/element`): its definition script at the package root, the UI
/// module it loads on activation, and the docs-site plugins (`robotscope/remark`, `robotscope/markdown-it`).
fn widget_files(dir: &Path, pkg: &Path) -> Done {
    let element = dir.join("element");
    if let Err(e) = std::fs::create_dir_all(pkg.join("element")) {
        fail!("cannot create {}: {e}", pkg.join("element").display());
    }
    copy(&element.join("element.js"), &pkg.join("element.js"))?;
    copy(&element.join("element.d.ts"), &pkg.join("element.d.ts"))?;
    // The UI loads on the first activation of a widget: esbuild takes out the whitespace and comments (not the
    // names, so errors stay readable), which is about a fifth of its gzipped size.
    let esbuild = dir.join("node_modules/.bin/esbuild");
    // "Open in the tester" links, by default, to the tester on robotscope's site (none while it has no address).
    let tester = tester_address(&read(&root().join("Cargo.toml"))?).unwrap_or_default();
    let define = format!("--define:ROBOTSCOPE_TESTER=\"{tester}\"");
    for file in ["ui.js", "style.js"] {
        let out = format!("--outfile={}", pkg.join("element").join(file).display());
        let source = format!("element/{file}");
        run_in(
            dir,
            &[],
            &esbuild.display().to_string(),
            &[&source, "--minify-whitespace", "--log-level=warning", &define, &out],
        )?;
    }
    widget::package_files(dir, pkg)
}

/// The tester on robotscope's site (`cargo xtask site` puts it at `/tester/`), from the workspace's `homepage`;
/// `None` while that is the `example.invalid` placeholder (CONTRIBUTING.md: set before the first release).
fn tester_address(cargo_toml: &str) -> Option<String> {
    let line = cargo_toml.lines().find_map(|l| l.trim().strip_prefix("homepage"))?;
    let home = line.trim().strip_prefix('=')?.trim().trim_matches('"').trim_end_matches('/');
    let real = home.starts_with("https://") && !home.contains(".invalid") && !home.contains(['"', '\\']);
    real.then(|| format!("{home}/tester/"))
}

/// `<robots-txt-tester>`'s size and time budgets (`bench/widget-budget.mjs` on the built package).
fn widget_budget() -> Done {
    npm()?;
    ensure_chromium()?;
    run_in(&npm_dir(), &[], "node", &["bench/widget-budget.mjs"])
}

/// The crates that go to crates.io, in dependency order.
const PUBLISHED_CRATES: [&str; 2] = ["robotscope", "robotscope-cli"];

/// What each published crate's package must hold, and what it must not: its tests, fuzz targets and benchmarks
/// stay in the repository.
const PACKAGE_MUST_HAVE: [&str; 4] = ["README.md", "LICENSE", "LICENSE-APACHE", "src/"];
const PACKAGE_MUST_NOT_HAVE: [&str; 5] = ["tests/", "fuzz/", "benches/", "target/", "node_modules/"];

/// Checks the file lists of the crates.io packages, then `cargo publish --dry-run` of both crates together:
/// cargo packages them, resolves robotscope-cli's `robotscope` dependency against the just-packed core (it is not
/// on crates.io yet, or not at this version), builds each from its package and stops before uploading. It reads
/// only crates.io. `--allow-dirty` because the check is about the packages, not the work tree; a release runs the
/// same command without it (CONTRIBUTING.md).
fn publish_dry_run() -> Done {
    for krate in PUBLISHED_CRATES {
        eprintln!("\n$ cargo package --list --allow-dirty -p {krate}");
        let output = Command::new("cargo")
            .args(["package", "--list", "--allow-dirty", "-p", krate])
            .current_dir(root())
            .output();
        let output = match output {
            Ok(output) => output,
            Err(e) => fail!("cannot run cargo: {e}"),
        };
        if !output.status.success() {
            eprintln!("{}", String::from_utf8_lossy(&output.stderr));
            fail!("`cargo package --list -p {krate}` failed");
        }
        let files: Vec<String> = String::from_utf8_lossy(&output.stdout).lines().map(String::from).collect();
        eprintln!("{} files: {}", files.len(), files.join(" "));
        let stray: Vec<&String> =
            files.iter().filter(|f| PACKAGE_MUST_NOT_HAVE.iter().any(|p| f.starts_with(p))).collect();
        let missing: Vec<&str> = PACKAGE_MUST_HAVE
            .into_iter()
            .filter(|m| !files.iter().any(|f| if m.ends_with('/') { f.starts_with(m) } else { f == m }))
            .collect();
        if !stray.is_empty() || !missing.is_empty() {
            fail!(
                "the {krate} package holds {stray:?}, which must stay out, and lacks {missing:?} (see `include` in \
                 crates/{krate}/Cargo.toml)"
            );
        }
    }
    // Cargo treats a registry crate of one version as unchanging: it reuses both the sources it extracted and the
    // build of them. A fresh target folder and no extracted sources make it build the engine as it is now.
    forget_packed_sources()?;
    let target = root().join("target/publish-dry-run");
    let _ = std::fs::remove_dir_all(&target);
    let mut args = vec!["publish", "--dry-run", "--allow-dirty"];
    for krate in PUBLISHED_CRATES {
        args.extend(["-p", krate]);
    }
    run_in(&root(), &[("CARGO_TARGET_DIR", target.to_str().expect("UTF-8 path"))], "cargo", &args)
}

/// Removes the sources cargo extracted from earlier dry runs' temporary registry: cargo keeps them in
/// `$CARGO_HOME/registry/src/-HASH/robotscope-VERSION` (a local registry's folder name starts with `-`) and
/// reuses them while the version stays the same, so the next dry run would build robotscope-cli against the
/// engine as it was then, not as it is now. Only our own crates' folders in local registries are removed.
fn forget_packed_sources() -> Done {
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo")));
    let Some(src) = cargo_home.map(|h| h.join("registry/src")) else { return Ok(()) };
    let Ok(registries) = std::fs::read_dir(&src) else { return Ok(()) };
    for registry in registries.flatten() {
        if !registry.file_name().to_string_lossy().starts_with('-') {
            continue;
        }
        let Ok(entries) = std::fs::read_dir(registry.path()) else { continue };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().into_owned();
            let ours = PUBLISHED_CRATES.iter().any(|krate| {
                name.strip_prefix(krate)
                    .and_then(|v| v.strip_prefix('-'))
                    .is_some_and(|v| v.starts_with(|c: char| c.is_ascii_digit()))
            });
            if ours {
                if let Err(e) = std::fs::remove_dir_all(entry.path()) {
                    fail!("cannot remove the stale {}: {e}", entry.path().display());
                }
            }
        }
    }
    Ok(())
}

/// `npm publish --dry-run` of the built package (`pkg/`, after `npm()`): npm's own checks of the manifest and the
/// file list it would upload, without uploading (it reads nothing but the npm registry, and needs no login). It
/// also fails when npm says it had to correct package.json, which a real publish would do silently. The
/// tarball's contents are checked by `test/package.test.mjs`.
fn npm_publish_dry_run() -> Done {
    let pkg = npm_dir().join("pkg");
    eprintln!("\n$ (cd {}) npm publish --dry-run", pkg.display());
    let output = match Command::new("npm").args(["publish", "--dry-run"]).current_dir(&pkg).output() {
        Ok(output) => output,
        Err(e) => fail!("cannot run npm: {e}"),
    };
    let text = format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr));
    eprint!("{text}");
    if !output.status.success() || text.contains("auto-corrected") || text.contains("npm error") {
        fail!("`npm publish --dry-run` failed or corrected package.json ({})", output.status);
    }
    Ok(())
}

fn npm_bench() -> Done {
    npm()?;
    run_in(&npm_dir(), &[], "npm", &["run", "bench"])
}

fn demo() -> Done {
    let example = "static/examples/example.robots.txt";
    run("cargo", &["build", "--release", "-p", "robotscope-cli"])?;
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
    Ok(())
}

fn bench() -> Done {
    run("cargo", &["bench", "-p", "robotscope-tests", "--bench", "engine"])?;
    run("cargo", &["bench", "-p", "robotscope-tests", "--bench", "classes"])
}

/// The versions of npm's `binaryen` (for `wasm-opt`) and `esbuild` that the npm package's lock file installs.
fn web_tool_versions() -> Done<[(&'static str, String); 2]> {
    let lock = read(&npm_dir().join("package-lock.json"))?;
    let version = |name: &str| {
        let mut lines = lock.lines().skip_while(|l| l.trim() != format!("\"node_modules/{name}\": {{"));
        let line = lines.nth(1)?;
        Some(line.trim().strip_prefix("\"version\": \"")?.split('"').next()?.to_string())
    };
    let (Some(binaryen), Some(esbuild)) = (version("binaryen"), version("esbuild")) else {
        fail!("crates/robotscope-wasm/package-lock.json has no `binaryen` or `esbuild` version");
    };
    Ok([("binaryen", binaryen), ("esbuild", esbuild)])
}

/// Where the tester's build finds `wasm-opt` and `esbuild`: npm's `binaryen` (Debian's is too old for rustc's
/// output) and `esbuild` alone, installed under `target/`, so that serving does not need the npm package's whole
/// development tree.
fn web_tools_dir() -> PathBuf {
    root().join("target/tools/web")
}

/// Installs what building the web tester needs, when it is missing: the wasm32 target, wasm-bindgen-cli at the
/// Cargo.lock version, and npm's `binaryen` and `esbuild` at the npm package's locked versions. It first says what
/// it will install and about how long that takes on 2 cores, since the `cargo install` is most of a first run.
fn ensure_web_tools() -> Done {
    let bindgen = locked_version("wasm-bindgen").unwrap_or_default();
    let tools = web_tool_versions()?;
    let installed = |(name, version): &(&str, String)| {
        let manifest = web_tools_dir().join("node_modules").join(name).join("package.json");
        std::fs::read_to_string(manifest).is_ok_and(|m| m.contains(&format!("\"version\": \"{version}\"")))
    };
    let has_tools = tools.iter().all(installed);
    let packages: Vec<String> = tools.iter().map(|(name, version)| format!("{name}@{version}")).collect();
    let mut plan = Vec::new();
    if !wasm_target_installed() {
        plan.push("the wasm32 target (rustup, under a minute)".to_string());
    }
    if version_of("wasm-bindgen") != format!("wasm-bindgen {bindgen}") {
        plan.push(format!("wasm-bindgen-cli {bindgen} (cargo install, 2 to 10 minutes on 2 cores)"));
    }
    if !has_tools {
        plan.push(format!("npm's {} for wasm-opt and minifying (under a minute)", packages.join(" and ")));
    }
    if !plan.is_empty() {
        eprintln!("xtask: installing what the tester's build needs, once per machine:");
        for step in &plan {
            eprintln!("  - {step}");
        }
        eprintln!("xtask: then the build itself takes 1 to 3 minutes.");
    }
    ensure_wasm_target()?;
    ensure_wasm_bindgen()?;
    if !has_tools {
        ensure_node()?;
        let dir = web_tools_dir();
        if let Err(e) = std::fs::create_dir_all(&dir) {
            fail!("cannot create {}: {e}", dir.display());
        }
        let mut args = vec!["install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error", "--prefix", "."];
        args.extend(packages.iter().map(String::as_str));
        quiet(&format!("npm install {} into target/tools/web", packages.join(" ")), &dir, &[], "npm", &args)?;
    }
    Ok(())
}

/// The cargo target folder (`CARGO_TARGET_DIR`, or `target/`).
fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map(PathBuf::from).unwrap_or_else(|| root().join("target"))
}

/// Builds the web tester (release) into `web/dist`: the `app` binary for wasm32 at the size-tuned settings
/// (`opt-level = "z"`, `panic = "abort"`, for this build only: the workspace profile stays as it is for the CLI),
/// wasm-bindgen's glue for browsers (`--target web`), then `web/build.mjs`: wasm-opt, short import and export
/// names, esbuild's minifying of the glue and the CSS, and `index.html` from its template. Each step prints one line
/// with its time; its output is in `target/xtask-logs/`.
fn web() -> Done {
    ensure_web_tools()?;
    let envs = [("CARGO_PROFILE_RELEASE_OPT_LEVEL", "z"), ("CARGO_PROFILE_RELEASE_PANIC", "abort")];
    let build = ["build", "-p", "robotscope-web", "--bin", "app", "--release", "--target", "wasm32-unknown-unknown"];
    quiet("cargo build the tester for wasm32", &root(), &envs, "cargo", &build)?;
    let wasm = target_dir().join("wasm32-unknown-unknown/release/app.wasm");
    let bindgen = root().join("target/web-bindgen");
    let _ = std::fs::remove_dir_all(&bindgen);
    let (wasm, bindgen) = (wasm.display().to_string(), bindgen.display().to_string());
    let args = ["--target", "web", "--no-typescript", "--out-dir", &bindgen, "--out-name", "app", &wasm];
    quiet("wasm-bindgen the tester", &root(), &[], "wasm-bindgen", &args)?;
    let bin = web_tools_dir().join("node_modules/.bin");
    let (esbuild, wasm_opt) = (bin.join("esbuild").display().to_string(), bin.join("wasm-opt").display().to_string());
    let dist = root().join("web/dist").display().to_string();
    let args = ["web/build.mjs", &bindgen, &dist, &esbuild, &wasm_opt];
    quiet("wasm-opt, esbuild and index.html (web/build.mjs)", &root(), &[], "node", &args)?;
    eprintln!("xtask: the tester is in {dist}");
    Ok(())
}

/// The tester's end-to-end tests and budget script (Node, playwright-core, Debian's Chromium).
fn e2e_dir() -> PathBuf {
    root().join("web/e2e")
}

/// Installs the end-to-end tests' dev dependencies (playwright-core and axe-core, from the lock file) when missing.
fn ensure_e2e_tools() -> Done {
    ensure_chromium()?;
    let installed = ["playwright-core", "axe-core"]
        .iter()
        .all(|p| e2e_dir().join("node_modules").join(p).join("package.json").is_file());
    if !installed {
        npm_install(&e2e_dir())?;
    }
    Ok(())
}

/// Builds the web tester (release) and runs its end-to-end tests in headless Chromium against `web/dist`.
fn web_e2e() -> Done {
    web()?;
    ensure_e2e_tools()?;
    run_in(&e2e_dir(), &[], "npm", &["test"])
}

/// Builds the web tester (release) and prints its budgets: gzipped transfer, and edit-to-screen time for a
/// 500 KiB file with 100 URLs and 5 agents.
fn web_budget() -> Done {
    web()?;
    ensure_e2e_tools()?;
    run_in(&e2e_dir(), &[], "node", &["budget.mjs"])
}

/// The usage line and one line per task.
const USAGE: &str = "\
usage: cargo xtask <task>
  check  the inner loop: format, clippy, the core's, CLI's, spec and conformance tests
  test [rust|npm|web|python|site]  every stage CI runs (what .ci/run runs), or one group of them, then a table
  demo   build the CLI and run it on static/examples/example.robots.txt
  bench  criterion benchmark over ../shared/conformance/corpus
  npm    build the npm package into crates/robotscope-wasm/pkg
  npm-bench  build the npm package and run its size and speed benchmark
  widget-budget  build the npm package and print <robots-txt-tester>'s size and time budgets
  web    build the browser tester (release) into web/dist
  serve  build the browser tester and serve it on http://127.0.0.1:8080/
  web-e2e  build the browser tester and run its end-to-end tests in headless Chromium
  web-budget  build the browser tester and print its transfer size and edit-to-screen time
  site [--reuse]  build robotscope's site (guide, references, tester) into site/docs/.vitepress/dist
  python  build the PyPI wheel, install it into the kept venv and run its pytest suite and mypy
  publish-dry-run  check the crates.io, npm and PyPI packages without uploading
  differential [--minutes N]  compare with Google's library (PyPI jwm.robotstxt) on generated cases
  cli-bench [--quick]  throughput of the core on a 31,000-rule group, batch and check --urls";

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let task = args.first().map(String::as_str).unwrap_or_default();
    let rest = args.get(1..).unwrap_or_default();
    let done = match task {
        // `test` prints its own table and exits with its own status.
        "test" => {
            test(rest.first().map(String::as_str));
            return;
        }
        "check" => check(),
        "demo" => demo(),
        "bench" => bench(),
        "npm" => npm(),
        "npm-bench" => npm_bench(),
        "widget-budget" => widget_budget(),
        "web" => web(),
        "serve" => serve::serve(),
        "web-e2e" => web_e2e(),
        "web-budget" => web_budget(),
        // `--reuse`: from the npm package and tester already built (while editing the guide).
        "site" if rest.first().map(String::as_str) == Some("--reuse") => site::build_from_builds(),
        "site" => site::site(),
        "publish-dry-run" => publish_dry_run()
            .and_then(|()| npm())
            .and_then(|()| npm_publish_dry_run())
            .and_then(|()| python::publish_dry_run().map(drop)),
        "python" => python::python(),
        "cli-bench" => clibench::cli_bench(rest),
        "differential" => differential::differential(rest),
        _ => {
            eprintln!("{USAGE}");
            exit(2);
        }
    };
    if let Err(Failure(why)) = done {
        eprintln!("xtask: {why}");
        exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::{run_stages, selected, stages, table, tester_address, Done, Outcome, Stage};
    use std::time::Duration;

    #[test]
    fn a_failed_stage_does_not_stop_the_later_ones_and_its_dependants_say_why_they_did_not_run() {
        fn broken() -> Done {
            fail!("made to fail")
        }
        let stage = |name, needs, step| Stage { name, group: "rust", needs, step };
        let stages = [
            stage("build", &[][..], broken as fn() -> Done),
            stage("tests of the build", &["build"][..], || Ok(())),
            stage("later", &[][..], || Ok(())),
        ];
        let results = run_stages(&stages);
        let outcomes: Vec<String> = results
            .iter()
            .map(|(name, outcome, _)| match outcome {
                Outcome::Passed => format!("{name}: passed"),
                Outcome::Failed(why) => format!("{name}: failed: {why}"),
                Outcome::NotRun(why) => format!("{name}: not run: {why}"),
            })
            .collect();
        assert_eq!(
            outcomes,
            ["build: failed: made to fail", "tests of the build: not run: build did not pass", "later: passed"]
        );
        let printed = table(&results, Duration::from_secs(75));
        assert!(printed.contains("FAILED: made to fail") && printed.contains("NOT RUN: build did not pass"));
        assert!(printed.ends_with("1:15"), "{printed}");
    }

    #[test]
    fn a_group_brings_the_builds_it_needs_and_nothing_else() {
        let names = |group| selected(stages(), Some(group)).iter().map(|s| s.name).collect::<Vec<_>>();
        assert_eq!(names("site"), ["npm build", "web build", "site"]);
        assert_eq!(names("npm"), ["npm build", "npm tests", "npm publish dry run"]);
        assert_eq!(names("python"), ["python"]);
        assert_eq!(selected(stages(), None).len(), stages().len());
    }

    #[test]
    fn the_widget_links_to_the_sites_tester_once_the_workspace_has_an_address() {
        let placeholder = "[workspace.package]\nhomepage = \"https://example.invalid/robotscope\"\n";
        assert_eq!(tester_address(placeholder), None);
        let real = "[workspace.package]\nrepository = \"x\"\nhomepage = \"https://robotscope.dev/\"\n";
        assert_eq!(tester_address(real).as_deref(), Some("https://robotscope.dev/tester/"));
        assert_eq!(tester_address("homepage = \"http://plain.example/\""), None, "only an https address");
        assert_eq!(tester_address("[package]\nname = \"x\"\n"), None);
    }
}
