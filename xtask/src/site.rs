//! `cargo xtask site`: robotscope's own site (`site/`), a VitePress site whose guide examples are live
//! `<robots-txt-tester>` widgets (through the npm package's own markdown-it plugin, each with `expect`), the
//! crates' READMEs as references, and the browser tester under `/tester/`. The output is
//! `site/docs/.vitepress/dist`; `ROBOTSCOPE_SITE_BASE` sets the base path it is served under (GitHub Pages:
//! `/REPOSITORY/`).

use std::path::{Path, PathBuf};
use std::process::exit;

use super::{copy, ensure_chromium, npm_dir, npm_install, root, run_in};

fn site_dir() -> PathBuf {
    root().join("site")
}

/// What the element loads, relative to the npm package: its definition script, the UI it imports on activation,
/// the browser entry with the façade and the catalogue, and both browser modules.
const WIDGET_FILES: [&str; 11] = [
    "element.js",
    "element/ui.js",
    "element/style.js",
    "index.web.js",
    "api.mjs",
    "fetch.mjs",
    "data.mjs",
    "web/robotscope.js",
    "web/robotscope_bg.wasm",
    "web/robotscope_profiles.js",
    "web/robotscope_profiles_bg.wasm",
];

/// Copies a folder's files into another, recursively.
fn copy_tree(from: &Path, to: &Path) {
    let entries = std::fs::read_dir(from).unwrap_or_else(|e| {
        eprintln!("xtask: cannot read {}: {e}", from.display());
        exit(2);
    });
    create_dir(to);
    for entry in entries.flatten() {
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_tree(&path, &target);
        } else {
            copy(&path, &target);
        }
    }
}

fn create_dir(dir: &Path) {
    if let Err(e) = std::fs::create_dir_all(dir) {
        eprintln!("xtask: cannot create {}: {e}", dir.display());
        exit(2);
    }
}

/// Builds the site from the npm package in `crates/robotscope-wasm/pkg` and the tester in `web/dist`, which must
/// be built already (`site()` builds both; the test command has built them by the time it calls this).
pub fn build_from_builds() {
    let site = site_dir();
    let public = site.join("docs/public");
    let pkg = npm_dir().join("pkg");
    for dir in ["robotscope", "tester"] {
        let _ = std::fs::remove_dir_all(public.join(dir));
    }
    for file in WIDGET_FILES {
        let target = public.join("robotscope").join(file);
        create_dir(target.parent().expect("a file in a folder"));
        copy(&pkg.join(file), &target);
    }
    copy_tree(&root().join("web/dist"), &public.join("tester"));
    if !site.join("node_modules/vitepress/package.json").is_file() {
        npm_install(&site);
    }
    run_in(&site, &[], "npm", &["run", "--silent", "build"]);
    eprintln!("\nxtask: the site is in {}", site.join("docs/.vitepress/dist").display());
}

/// `cargo xtask site`: the npm package and the tester, then the site.
pub fn site() {
    super::npm();
    super::web();
    build_from_builds();
}

/// The site's tests in headless Chromium (`site/test`): every guide example's `expect` holds, every page opens,
/// and no internal link is broken.
pub fn test_built_site() {
    ensure_chromium();
    run_in(&site_dir(), &[], "npm", &["test"]);
}
