//! `cargo xtask site`: robotscope's own site (`site/`), a VitePress site whose guide examples are live
//! `<robots-txt-tester>` widgets (through the npm package's own markdown-it plugin, each with `expect`), the
//! crates' READMEs as references, and the browser tester under `/tester/`. The output is
//! `site/docs/.vitepress/dist`; `ROBOTSCOPE_SITE_BASE` sets the base path it is served under (GitHub Pages:
//! `/REPOSITORY/`).

use std::path::{Path, PathBuf};

use super::{copy, ensure_chromium, npm_dir, npm_install, root, run_in, Done};

fn site_dir() -> PathBuf {
    root().join("site")
}

/// Copies a folder's files into another, recursively.
fn copy_tree(from: &Path, to: &Path) -> Done {
    let entries = match std::fs::read_dir(from) {
        Ok(entries) => entries,
        Err(e) => fail!("cannot read {}: {e}", from.display()),
    };
    create_dir(to)?;
    for entry in entries.flatten() {
        let path = entry.path();
        let target = to.join(entry.file_name());
        if path.is_dir() {
            copy_tree(&path, &target)?;
        } else {
            copy(&path, &target)?;
        }
    }
    Ok(())
}

fn create_dir(dir: &Path) -> Done {
    if let Err(e) = std::fs::create_dir_all(dir) {
        fail!("cannot create {}: {e}", dir.display());
    }
    Ok(())
}

/// The site's pages written from the repository's own documents (site path, source), so the references cannot
/// drift from the READMEs that crates.io, npm and PyPI show.
const PAGES_FROM_DOCUMENTS: [(&str, &str); 5] = [
    ("reference/cli.md", "crates/robotscope-cli/README.md"),
    ("reference/npm.md", "crates/robotscope-wasm/README.md"),
    ("reference/python.md", "crates/robotscope-py/README.md"),
    ("reference/rust.md", "crates/robotscope/README.md"),
    ("performance.md", "docs/performance.md"),
];

/// The repository's address, from the workspace manifest (links to files that are not pages point there).
fn repository() -> String {
    let manifest = std::fs::read_to_string(root().join("Cargo.toml")).unwrap_or_default();
    let url = manifest.lines().find_map(|l| l.strip_prefix("repository = \"")?.strip_suffix('"'));
    url.unwrap_or("https://github.com/robotscope/robotscope").to_string()
}

/// Resolves `target` against the folder `base` (both repository-relative, `/`-separated).
fn resolve(base: &str, target: &str) -> String {
    let mut parts: Vec<&str> = base.split('/').filter(|p| !p.is_empty()).collect();
    for piece in target.split('/') {
        match piece {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    parts.join("/")
}

/// A document as a site page: relative links are read from the document's own folder and point at the page
/// written from that document, at a copy of an image (under `public/files/`), or else at the file in the
/// repository.
fn page_from_document(source: &str, public: &Path) -> Done<String> {
    let text = super::read(&root().join(source))?;
    let folder = source.rsplit_once('/').map_or("", |(folder, _)| folder);
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(i) = rest.find("](") {
        out.push_str(&rest[..i + 2]);
        rest = &rest[i + 2..];
        let end = rest.find(')').unwrap_or(rest.len());
        let target = &rest[..end];
        let (path, anchor) = target.split_once('#').map_or((target, ""), |(p, a)| (p, a));
        let relative = !path.is_empty() && !path.contains("://") && !path.starts_with(['/', '#']);
        if !relative || path.contains(char::is_whitespace) {
            out.push_str(target);
        } else {
            let file = resolve(folder, path);
            let anchor = if anchor.is_empty() { String::new() } else { format!("#{anchor}") };
            if let Some((page, _)) = PAGES_FROM_DOCUMENTS.iter().find(|(_, doc)| *doc == file) {
                out.push_str(&format!("/{}{anchor}", page.trim_end_matches(".md")));
            } else if file.ends_with(".png") || file.ends_with(".svg") {
                let name = file.replace('/', "-");
                create_dir(&public.join("files"))?;
                copy(&root().join(&file), &public.join("files").join(&name))?;
                out.push_str(&format!("/files/{name}"));
            } else {
                out.push_str(&format!("{}/blob/main/{file}{anchor}", repository()));
            }
        }
        rest = &rest[end..];
    }
    out.push_str(rest);
    Ok(out)
}

/// Builds the site from the npm package in `crates/robotscope-wasm/pkg` and the tester in `web/dist`, which must
/// be built already (`site()` builds both; the test command has built them by the time it calls this).
pub fn build_from_builds() -> Done {
    let site = site_dir();
    let public = site.join("docs/public");
    let pkg = npm_dir().join("pkg");
    for dir in ["robotscope", "tester", "files"] {
        let _ = std::fs::remove_dir_all(public.join(dir));
    }
    // The widget's files, copied by the package's own self-hosting command (`npx robotscope-element copy`).
    let copy_command = pkg.join("element/copy.mjs").display().to_string();
    let folder = public.join("robotscope").display().to_string();
    run_in(&root(), &[], "node", &[&copy_command, "copy", &folder])?;
    copy_tree(&root().join("web/dist"), &public.join("tester"))?;
    let _ = std::fs::remove_dir_all(public.join("files"));
    for (page, source) in PAGES_FROM_DOCUMENTS {
        let text = page_from_document(source, &public)?;
        let target = site.join("docs").join(page);
        create_dir(target.parent().expect("a page in a folder"))?;
        super::write(&target, &text)?;
    }
    if !site.join("node_modules/vitepress/package.json").is_file() {
        npm_install(&site)?;
    }
    run_in(&site, &[], "npm", &["run", "--silent", "build"])?;
    eprintln!("\nxtask: the site is in {}", site.join("docs/.vitepress/dist").display());
    Ok(())
}

/// `cargo xtask site`: the npm package and the tester, then the site.
pub fn site() -> Done {
    super::npm()?;
    super::web()?;
    build_from_builds()
}

/// The site's tests in headless Chromium (`site/test`): every guide example's `expect` holds, every page opens,
/// and no internal link is broken.
pub fn test_built_site() -> Done {
    ensure_chromium()?;
    run_in(&site_dir(), &[], "npm", &["test"])
}
