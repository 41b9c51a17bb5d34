//! `cargo xtask differential [--minutes N] [--cases N] [--jobs N]`: robotscope against Google's own library.
//!
//! Google's C++ matcher is on PyPI as `jwm.robotstxt` (a Python extension). This task makes a virtual
//! environment under `target/differential-venv` and installs the package there when it is missing (it needs
//! `python3` with `venv`; on Debian, `apt-get install python3 python3-venv`, which it runs itself when they
//! are missing), builds the tester (`tests/differential/main.rs`), runs its self-test (a verdict flipped on
//! purpose must be caught and minimized), then the run: a fresh seed (printed; `ROBOTSCOPE_SEED=N` replays),
//! 250,000 generated cases by default, or as many as fit in `--minutes N`. A disagreement is minimized and
//! written to `tests/differential/found/`, which `cargo test` replays without Python, and the task fails.
//! Then the typed differential (`tests/differential/typed.rs`): agents and URLs as people type them, read by the
//! core's question layer, against the library given what the crawler sends, on generated files and on every
//! corpus file; any disagreement that is not one of its documented readings fails the task.

use std::path::{Path, PathBuf};

use crate::{apt_install, quiet, root, run, succeeds, Done};

/// The library's release the oracle is pinned to.
const JWM_ROBOTSTXT: &str = "jwm.robotstxt==1.0.8";

fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR").map_or_else(|| root().join("target"), |d| root().join(d))
}

/// The virtual environment's Python, with `jwm.robotstxt` installed.
fn ensure_python() -> Done<PathBuf> {
    let venv = target_dir().join("differential-venv");
    let python = venv.join("bin/python");
    if !python.is_file() {
        // A half-made environment (an earlier attempt without `venv`) is made again.
        let _ = std::fs::remove_dir_all(&venv);
        if !succeeds("python3", &["-m", "venv", path(&venv)]) {
            let _ = std::fs::remove_dir_all(&venv);
            apt_install(&["python3", "python3-venv"])?;
            run("python3", &["-m", "venv", path(&venv)])?;
        }
    }
    let py = path(&python);
    if !succeeds(py, &["-c", "import jwm.robotstxt.googlebot"]) {
        let args = ["-m", "pip", "install", "--disable-pip-version-check", JWM_ROBOTSTXT];
        quiet(&format!("pip install {JWM_ROBOTSTXT}"), &root(), &[], py, &args)?;
    }
    Ok(python)
}

fn path(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// Prepares Python, builds the tester, runs its self-test, then the run itself with `args` passed on.
pub fn differential(args: &[String]) -> Done {
    let python = ensure_python()?;
    run("cargo", &["build", "--release", "-p", "robotscope-tests", "--bin", "robotscope-differential"])?;
    let bin = target_dir().join("release/robotscope-differential");
    let self_test_dir = target_dir().join("differential-self-test");
    run(path(&bin), &["--python", path(&python), "--self-test", "--found", path(&self_test_dir)])?;
    let mut all = vec!["--python", path(&python)];
    all.extend(args.iter().map(String::as_str));
    run(path(&bin), &all)?;
    // The typed reading (what people type) against the same library: generated files and the whole corpus.
    run("cargo", &["build", "--release", "-p", "robotscope-tests", "--bin", "robotscope-typed-differential"])?;
    run(path(&target_dir().join("release/robotscope-typed-differential")), &["--python", path(&python)])
}
