//! `cargo xtask python`: builds the PyPI package `robotscope` (crates/robotscope-py) into an abi3 wheel with
//! maturin, installs it into a kept virtual environment with the pinned test dependencies from PyPI, and runs
//! the pytest suite, `mypy --strict` on the examples and `mypy.stubtest` on the hand-kept stubs there. maturin
//! itself lives in a virtual environment of its own under `target/python/`, never in the system Python.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::{apt_install, quiet, root, run_in, Done};

/// The crate with the Python sources, tests and examples.
fn crate_dir() -> PathBuf {
    root().join("crates/robotscope-py")
}

fn python_dir() -> PathBuf {
    root().join("target/python")
}

fn path_str(p: &Path) -> &str {
    p.to_str().expect("UTF-8 path")
}

/// A virtual environment's `bin/NAME`.
fn venv_bin(venv: &Path, name: &str) -> String {
    path_str(&venv.join("bin").join(name)).to_string()
}

/// The interpreter that makes the virtual environments: `$ROBOTSCOPE_PYTHON`, else `python3`.
fn host_python() -> String {
    std::env::var("ROBOTSCOPE_PYTHON").ok().filter(|p| !p.trim().is_empty()).unwrap_or_else(|| "python3".into())
}

/// The build tools' environment (maturin, twine), made once and reused.
fn tools() -> Done<PathBuf> {
    let venv = python_dir().join("tools");
    let ready = ["maturin", "twine"].iter().all(|t| venv.join("bin").join(t).is_file());
    if !ready {
        run_in(&root(), &[], &host_python(), &["-m", "venv", path_str(&venv)])?;
        let pip = venv_bin(&venv, "pip");
        quiet("pip install maturin twine", &root(), &[], &pip, &["install", "maturin>=1.9,<2", "twine"])?;
    }
    Ok(venv)
}

/// Builds the wheel (release profile) into `target/python/wheels` and returns its path. `published`: with the
/// workspace's release settings (fat LTO, one codegen unit), as it is uploaded; otherwise the same optimisation
/// without LTO and with parallel codegen, which the tests use: on 2 cores the arrow-rs crates took most of the
/// test command's time under fat LTO.
fn build_wheel(published: bool) -> Done<PathBuf> {
    let tools = tools()?;
    let out = python_dir().join("wheels");
    let _ = std::fs::remove_dir_all(&out);
    let fast = [("CARGO_PROFILE_RELEASE_LTO", "off"), ("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")];
    let envs: &[(&str, &str)] = if published { &[] } else { &fast };
    run_in(&crate_dir(), envs, &venv_bin(&tools, "maturin"), &["build", "--release", "--out", path_str(&out)])?;
    let wheel = std::fs::read_dir(&out)
        .ok()
        .and_then(|entries| entries.flatten().map(|e| e.path()).find(|p| p.extension().is_some_and(|x| x == "whl")));
    let Some(wheel) = wheel else { fail!("maturin built no wheel into {}", out.display()) };
    Ok(wheel)
}

/// Builds the wheel and the source distribution and checks both with `twine check` (metadata and README
/// rendering); returns the wheel. Uploads nothing.
pub fn publish_dry_run() -> Done<PathBuf> {
    checked_wheel(true)
}

/// The wheel and sdist checked by `twine check`; `published` as in `build_wheel`.
fn checked_wheel(published: bool) -> Done<PathBuf> {
    let tools = tools()?;
    let wheel = build_wheel(published)?;
    let out = python_dir().join("wheels");
    run_in(&crate_dir(), &[], &venv_bin(&tools, "maturin"), &["sdist", "--out", path_str(&out)])?;
    let sdist = std::fs::read_dir(&out)
        .ok()
        .and_then(|entries| entries.flatten().map(|e| e.path()).find(|p| path_str(p).ends_with(".tar.gz")));
    let Some(sdist) = sdist else { fail!("maturin built no sdist into {}", out.display()) };
    run_in(&root(), &[], &venv_bin(&tools, "twine"), &["check", "--strict", path_str(&wheel), path_str(&sdist)])?;
    Ok(wheel)
}

/// The PySpark test needs a JDK: Debian's, installed when `java` does not run.
fn ensure_java() -> Done {
    let runs = Command::new("java").arg("-version").output().is_ok_and(|o| o.status.success());
    if !runs {
        apt_install(&["openjdk-17-jre-headless"])?;
    }
    Ok(())
}

/// The test environment, kept between runs: made afresh, with the pinned test dependencies, only when it is
/// missing or `tests/requirements.txt` changed since it was made (installing PySpark and the rest takes minutes;
/// the wheel is reinstalled every run).
fn test_venv() -> Done<PathBuf> {
    let venv = python_dir().join("test-venv");
    let requirements = crate_dir().join("tests/requirements.txt");
    let wanted = crate::read(&requirements)?;
    let stamp = venv.join("robotscope-requirements.txt");
    let current = std::fs::read_to_string(&stamp).ok();
    if current.as_deref() == Some(wanted.as_str()) && venv.join("bin/python").is_file() {
        return Ok(venv);
    }
    let _ = std::fs::remove_dir_all(&venv);
    run_in(&root(), &[], &host_python(), &["-m", "venv", path_str(&venv)])?;
    let pip = venv_bin(&venv, "pip");
    let args = ["install", "--disable-pip-version-check", "-r", path_str(&requirements)];
    quiet("pip install -r crates/robotscope-py/tests/requirements.txt", &root(), &[], &pip, &args)?;
    crate::write(&stamp, &wanted)?;
    Ok(venv)
}

/// Builds and checks the wheel and sdist, installs the wheel into the kept virtual environment and runs the suite
/// there.
pub fn python() -> Done {
    ensure_java()?;
    let wheel = checked_wheel(false)?;
    let venv = test_venv()?;
    let pip = venv_bin(&venv, "pip");
    // `--force-reinstall`: the wheel keeps its version from build to build, and pip would keep the old one.
    let args =
        ["install", "--quiet", "--no-deps", "--force-reinstall", "--disable-pip-version-check", path_str(&wheel)];
    run_in(&root(), &[], &pip, &args)?;
    let python = venv_bin(&venv, "python");
    // Nothing may be written into the work tree: no bytecode, no pytest cache, mypy's cache under target/.
    let mypy_cache = python_dir().join("mypy-cache");
    let envs = [("PYTHONDONTWRITEBYTECODE", "1"), ("MYPY_CACHE_DIR", path_str(&mypy_cache))];
    run_in(
        &crate_dir(),
        &envs,
        &python,
        &["-m", "mypy", "--strict", "--cache-dir", path_str(&mypy_cache), "examples"],
    )?;
    // `_native.pyi` is written by hand: stubtest imports the built module and fails on every name, signature or
    // type the stub gets wrong or leaves out. Run from `target/python` so that it sees the installed package only.
    run_in(&python_dir(), &envs, &python, &["-m", "mypy.stubtest", "robotscope._native"])?;
    // The tests import the installed package, never the sources beside them (`-p no:cacheprovider`: no
    // `.pytest_cache`). Exit status 5 (no tests collected) fails like any other.
    run_in(&crate_dir().join("tests"), &envs, &python, &["-m", "pytest", "-p", "no:cacheprovider", "-q", "-rs", "."])
}
