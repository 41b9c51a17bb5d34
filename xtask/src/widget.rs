//! The `<robots-txt-tester>` files of the npm package that are copied as they are: the docs-site integrations
//! (`docs-plugins/`: the remark, markdown-it and Astro plugins, and the `robotscope-mkdocs` Python package that
//! MkDocs users `pip install`), the `robotscope-element` command (`element/copy.mjs`, which copies the files the
//! element loads into a static folder), and the two README screenshots, which the README shows by absolute URLs
//! into the published package so that they load on the registry's page.

use std::path::Path;

use crate::{copy, Done};

/// Copies the widget's plain files from the crate folder `dir` into the package folder `pkg`.
pub fn package_files(dir: &Path, pkg: &Path) -> Done {
    copy_tree(&dir.join("docs-plugins"), &pkg.join("docs-plugins"))?;
    copy(&dir.join("element/copy.mjs"), &pkg.join("element/copy.mjs"))?;
    let screenshots = dir.join("../../static/screenshots");
    make_dir(&pkg.join("screenshots"))?;
    for file in ["widget-light.png", "widget-dark.png"] {
        copy(&screenshots.join(file), &pkg.join("screenshots").join(file))?;
    }
    Ok(())
}

fn make_dir(path: &Path) -> Done {
    if let Err(e) = std::fs::create_dir_all(path) {
        fail!("cannot create {}: {e}", path.display());
    }
    Ok(())
}

/// Copies a folder's files and subfolders, leaving out what Python builds leave behind.
fn copy_tree(from: &Path, to: &Path) -> Done {
    make_dir(to)?;
    let entries = match std::fs::read_dir(from) {
        Ok(entries) => entries,
        Err(e) => fail!("cannot read {}: {e}", from.display()),
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name == "__pycache__" || name == "build" || name.ends_with(".egg-info") {
            continue;
        }
        let path = entry.path();
        if path.is_dir() {
            copy_tree(&path, &to.join(&*name))?;
        } else {
            copy(&path, &to.join(&*name))?;
        }
    }
    Ok(())
}
