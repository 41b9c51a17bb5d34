//! `cargo xtask python`: builds the PyPI package `robotscope` (crates/robotscope-py) into an abi3 wheel with
//! maturin, for manylinux2014 (glibc 2.17) as it is published, checks its tag with `auditwheel show`, installs it
//! into a kept virtual environment with the pinned test dependencies from PyPI, and runs the pytest suite,
//! `mypy --strict` on the examples and `mypy.stubtest` on the native module's stubs there. `publish_dry_run` also
//! builds the musllinux wheel. maturin, zig (PyPI's `ziglang`, which links against old glibc and musl without
//! containers) and auditwheel live in a virtual environment of their own under `target/python/`, never in the
//! system Python.

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

/// The build tools' environment (maturin, zig, auditwheel, twine), made once and reused.
fn tools() -> Done<PathBuf> {
    let venv = python_dir().join("tools");
    let ready = ["maturin", "twine", "auditwheel", "python-zig"].iter().all(|t| venv.join("bin").join(t).is_file());
    if !ready {
        run_in(&root(), &[], &host_python(), &["-m", "venv", path_str(&venv)])?;
        let pip = venv_bin(&venv, "pip");
        let args = ["install", "maturin>=1.9,<2", "ziglang", "auditwheel", "twine"];
        quiet("pip install maturin ziglang auditwheel twine", &root(), &[], &pip, &args)?;
    }
    Ok(venv)
}

/// The oldest glibc a published Linux wheel asks for: manylinux2014, glibc 2.17, which RHEL and Rocky 7 and 8,
/// Amazon Linux 2 (EMR 6) and Ubuntu 20.04, where Spark executors run, all have. A plain `maturin build` tags
/// the wheel with the build machine's glibc (2.34 and later), which those machines refuse.
const MANYLINUX: &str = "manylinux2014";
/// The platform tag that names it in a wheel's file name and in `auditwheel show`.
const MANYLINUX_TAG: &str = "manylinux_2_17";
/// Alpine and other musl systems.
const MUSLLINUX: &str = "musllinux_1_2";
const MUSL_TARGET: &str = "x86_64-unknown-linux-musl";

/// The environment maturin runs in: the tools' `bin` first on PATH, so that `--zig` finds PyPI's zig.
fn zig_path(tools: &Path) -> String {
    let path = std::env::var("PATH").unwrap_or_default();
    format!("{}:{path}", path_str(&tools.join("bin")))
}

/// The one file with extension `ext` in `dir`.
fn built(dir: &Path, ext: &str) -> Done<PathBuf> {
    let found = std::fs::read_dir(dir)
        .ok()
        .and_then(|entries| entries.flatten().map(|e| e.path()).find(|p| path_str(p).ends_with(ext)));
    let Some(found) = found else { fail!("maturin built no {ext} into {}", dir.display()) };
    Ok(found)
}

/// Fails unless the wheel's file name carries `tag` and, for manylinux, `auditwheel show` (which reads the
/// symbol versions the extension links against) finds it consistent with that tag.
fn check_platform_tag(tools: &Path, wheel: &Path, tag: &str) -> Done {
    let name = wheel.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    if !name.contains(tag) {
        fail!("{name} is not tagged {tag}");
    }
    if tag != MANYLINUX_TAG {
        return Ok(());
    }
    let shown = Command::new(venv_bin(tools, "auditwheel")).args(["show", path_str(wheel)]).output();
    let text = shown.map(|o| String::from_utf8_lossy(&o.stdout).replace('\n', " ")).unwrap_or_default();
    eprintln!("auditwheel show {name}: {}", text.trim());
    if !text.contains(&format!("\"{tag}_x86_64\"")) {
        fail!("auditwheel does not find {name} consistent with {tag}");
    }
    Ok(())
}

/// The musllinux wheel, built with zig for the musl target (added with rustup when missing) and tag-checked.
fn build_musl_wheel(published: bool) -> Done<PathBuf> {
    let tools = tools()?;
    let installed = Command::new("rustup").args(["target", "list", "--installed"]).output();
    if !installed.is_ok_and(|o| String::from_utf8_lossy(&o.stdout).lines().any(|l| l.trim() == MUSL_TARGET)) {
        quiet("rustup target add x86_64-unknown-linux-musl", &root(), &[], "rustup", &["target", "add", MUSL_TARGET])?;
    }
    let out = python_dir().join("wheels-musl");
    let _ = std::fs::remove_dir_all(&out);
    let path = zig_path(&tools);
    let mut envs = vec![("PATH", path.as_str())];
    if !published {
        envs.extend(FAST_BUILD);
    }
    let args = ["build", "--release", "--zig", "--target", MUSL_TARGET, "--compatibility", MUSLLINUX];
    run_in(&crate_dir(), &envs, &venv_bin(&tools, "maturin"), &[&args[..], &["--out", path_str(&out)]].concat())?;
    let wheel = built(&out, ".whl")?;
    check_platform_tag(&tools, &wheel, MUSLLINUX)?;
    Ok(wheel)
}

/// The release profile without LTO and with parallel codegen, which the tests use: on 2 cores the arrow-rs
/// crates took most of the test command's time under fat LTO.
const FAST_BUILD: [(&str, &str); 2] =
    [("CARGO_PROFILE_RELEASE_LTO", "off"), ("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")];

/// Builds the manylinux2014 wheel (release profile, linked by zig against glibc 2.17) into
/// `target/python/wheels`, checks its tag and returns its path. `published`: with the workspace's release
/// settings (fat LTO, one codegen unit), as it is uploaded; otherwise [`FAST_BUILD`].
fn build_wheel(published: bool) -> Done<PathBuf> {
    let tools = tools()?;
    let out = python_dir().join("wheels");
    let _ = std::fs::remove_dir_all(&out);
    let path = zig_path(&tools);
    let mut envs = vec![("PATH", path.as_str())];
    if !published {
        envs.extend(FAST_BUILD);
    }
    let args = ["build", "--release", "--zig", "--compatibility", MANYLINUX, "--out", path_str(&out)];
    run_in(&crate_dir(), &envs, &venv_bin(&tools, "maturin"), &args)?;
    let wheel = built(&out, ".whl")?;
    check_platform_tag(&tools, &wheel, MANYLINUX_TAG)?;
    Ok(wheel)
}

/// Builds the manylinux2014 and musllinux wheels and the source distribution, checks their tags and checks all
/// three with `twine check` (metadata and README rendering); returns the manylinux wheel. Uploads nothing.
pub fn publish_dry_run() -> Done<PathBuf> {
    let wheel = checked_wheel(true)?;
    let musl = build_musl_wheel(true)?;
    run_in(&root(), &[], &venv_bin(&tools()?, "twine"), &["check", "--strict", path_str(&musl)])?;
    Ok(wheel)
}

/// The wheel and sdist checked by `twine check`; `published` as in `build_wheel`.
fn checked_wheel(published: bool) -> Done<PathBuf> {
    let tools = tools()?;
    let wheel = build_wheel(published)?;
    let out = python_dir().join("wheels");
    run_in(&crate_dir(), &[], &venv_bin(&tools, "maturin"), &["sdist", "--out", path_str(&out)])?;
    let sdist = built(&out, ".tar.gz")?;
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
    // Nothing may be written into the work tree: no bytecode, no pytest cache, mypy's cache under target/. The
    // suite checks that what it imports was installed from a wheel with the tag built here.
    let mypy_cache = python_dir().join("mypy-cache");
    let envs = [
        ("PYTHONDONTWRITEBYTECODE", "1"),
        ("MYPY_CACHE_DIR", path_str(&mypy_cache)),
        ("ROBOTSCOPE_WHEEL_TAG", MANYLINUX_TAG),
    ];
    run_in(
        &crate_dir(),
        &envs,
        &python,
        &["-m", "mypy", "--strict", "--cache-dir", path_str(&mypy_cache), "examples"],
    )?;
    // The hand-kept stubs against the built module (issue 39): every name, signature and class, with no
    // allowlist.
    run_in(&crate_dir(), &envs, &python, &["-m", "mypy.stubtest", "robotscope._native"])?;
    // The tests import the installed package, never the sources beside them (`-p no:cacheprovider`: no
    // `.pytest_cache`). Exit status 5 (no tests collected) fails like any other.
    run_in(&crate_dir().join("tests"), &envs, &python, &["-m", "pytest", "-p", "no:cacheprovider", "-q", "-rs", "."])
}
