//! The `<robots-txt-tester>` files of the npm package that are copied as they are: the docs-site integrations
//! (`docs-plugins/`: the remark, markdown-it and Astro plugins, and the `robotscope-mkdocs` Python package that
//! MkDocs users `pip install`), the `robotscope-element` command (`element/copy.mjs`, which copies the files the
//! element loads into a static folder), and the two README screenshots, which the README shows by absolute URLs
//! into the published package so that they load on the registry's page.

use std::path::Path;
use std::process::exit;

use crate::copy;

/// Copies the widget's plain files from the crate folder `dir` into the package folder `pkg`.
pub fn package_files(dir: &Path, pkg: &Path) {
    copy_tree(&dir.join("docs-plugins"), &pkg.join("docs-plugins"));
    copy(&dir.join("element/copy.mjs"), &pkg.join("element/copy.mjs"));
    let screenshots = dir.join("../../static/screenshots");
    make_dir(&pkg.join("screenshots"));
    for file in ["widget-light.png", "widget-dark.png"] {
        copy(&screenshots.join(file), &pkg.join("screenshots").join(file));
    }
}

fn make_dir(path: &Path) {
    if let Err(e) = std::fs::create_dir_all(path) {
        eprintln!("xtask: cannot create {}: {e}", path.display());
        exit(2);
    }
}

/// Copies a folder's files and subfolders, leaving out what Python builds leave behind.
fn copy_tree(from: &Path, to: &Path) {
    make_dir(to);
    let entries = std::fs::read_dir(from).unwrap_or_else(|e| {
        eprintln!("xtask: cannot read {}: {e}", from.display());
        exit(2);
    });
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name == "__pycache__" || name == "build" || name.ends_with(".egg-info") {
            continue;
        }
        let path = entry.path();
        if path.is_dir() {
            copy_tree(&path, &to.join(&*name));
        } else {
            copy(&path, &to.join(&*name));
        }
    }
}
