//! The published documents stay true: every repository path that the root documents, the crates' READMEs and
//! `docs/` name exists, every relative link resolves (with its `#anchor`, to a heading of the file), every
//! `cargo xtask TASK` and `robotscope COMMAND` they show is a task or command that exists, and the READMEs the
//! registries show stay short.

use std::path::{Path, PathBuf};

/// Every Markdown file the project publishes: the root documents, each crate's README (and the READMEs inside
/// the packages), and `docs/`. Not CHANGELOG.md, a record of the past whose paths may since have moved, nor the
/// site's pages (`site/`, checked by its own link test) or test fixtures.
fn documents() -> Vec<String> {
    let out = std::process::Command::new("git").args(["ls-files", "*.md"]).current_dir(root()).output();
    let out = out.expect("git lists the repository's files");
    let listed = String::from_utf8_lossy(&out.stdout).into_owned();
    let docs: Vec<String> = listed
        .lines()
        .filter(|f| {
            let top = ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md"].contains(f);
            let readme = f.starts_with("crates/") && f.ends_with("/README.md") && !f.contains("/test/");
            top || readme || (f.starts_with("docs/") && !f.contains("/fixtures/"))
        })
        .map(String::from)
        .collect();
    assert!(docs.len() > 10, "the published documents are found: {docs:?}");
    docs
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("tests/ lives in the workspace").to_path_buf()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// The inline code spans of a Markdown text (single backticks; double-backtick spans are taken whole).
fn code_spans(text: &str) -> Vec<String> {
    let mut spans = Vec::new();
    let mut in_fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
            continue;
        }
        if in_fence {
            continue;
        }
        let mut rest = line;
        while let Some(start) = rest.find('`') {
            let ticks = rest[start..].bytes().take_while(|&b| b == b'`').count();
            let after = &rest[start + ticks..];
            let fence = "`".repeat(ticks);
            let Some(end) = after.find(&fence) else { break };
            spans.push(after[..end].trim().to_string());
            rest = &after[end + ticks..];
        }
    }
    spans
}

/// The lines of the fenced code blocks.
/// In a `text` block (a transcript) only the lines after a `$ ` prompt: the rest is output, such as `robotscope
/// 0.1.0` or a benchmark's title.
fn fenced_lines(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut fence: Option<String> = None;
    for line in text.lines() {
        if let Some(info) = line.trim_start().strip_prefix("```") {
            fence = if fence.is_some() { None } else { Some(info.trim().to_string()) };
        } else if let Some(info) = &fence {
            if info != "text" || line.trim_start().starts_with("$ ") {
                lines.push(line.to_string());
            }
        }
    }
    lines
}

/// The targets of the Markdown links and images, `[text](target)`.
fn link_targets(text: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find("](") {
        let after = &rest[i + 2..];
        let Some(end) = after.find(')') else { break };
        targets.push(after[..end].split_whitespace().next().unwrap_or_default().to_string());
        rest = &after[end..];
    }
    targets
}

/// The top-level entries of the repository that a path in a document may start with.
fn top_level() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(root())
        .expect("the repository root")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n != "target" && n != ".git")
        .collect();
    names.push("../shared".to_string());
    names
}

/// A code span that names a repository path: its first segment is a top-level entry and it has no spaces,
/// wildcards or placeholders. Trailing `/`, `:LINE` and `#anchor` are dropped.
fn repository_path(span: &str, top: &[String]) -> Option<String> {
    if span.contains(char::is_whitespace) || span.contains(['*', '<', '{', '$']) || span.contains("...") {
        return None;
    }
    let path = span.split(['#', ':']).next()?.trim_end_matches('/');
    let starts_at_top = top.iter().any(|t| path == t || path.starts_with(&format!("{t}/")));
    starts_at_top.then(|| path.to_string())
}

/// Whether git ignores the path: what a build writes (`web/dist`, `crates/robotscope-wasm/pkg`) is named in the
/// documents but exists only after that build.
fn build_output(path: &str) -> bool {
    let status = std::process::Command::new("git").args(["check-ignore", "-q", path]).current_dir(root()).status();
    status.is_ok_and(|s| s.success())
}

/// The words after `prefix` at the start of a command line or code span (`$ ` prompts allowed).
fn commands(text: &str, prefix: &str) -> Vec<String> {
    let mut found = Vec::new();
    let lines = fenced_lines(text).into_iter().chain(code_spans(text));
    for line in lines {
        let line = line.trim_start().trim_start_matches("$ ");
        if let Some(rest) = line.strip_prefix(prefix) {
            let word: String = rest.chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
            if !word.is_empty() && !word.starts_with('-') {
                found.push(word);
            }
        }
    }
    found
}

/// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
fn anchor(heading: &str) -> String {
    let text = heading.trim_start_matches('#').trim().to_lowercase();
    text.chars()
        .filter(|c| c.is_alphanumeric() || [' ', '-', '_'].contains(c))
        .map(|c| if c == ' ' { '-' } else { c })
        .collect()
}

/// The anchors of a Markdown file's headings (outside code blocks).
fn anchors(text: &str) -> Vec<String> {
    let mut found = Vec::new();
    let mut in_fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        } else if !in_fence && line.starts_with('#') {
            found.push(anchor(line));
        }
    }
    found
}

/// Whether a link's anchor names a heading of the Markdown file it points to (other files are not read).
fn anchor_exists(file: &Path, fragment: &str) -> bool {
    if fragment.is_empty() || file.extension().is_none_or(|e| e != "md") {
        return true;
    }
    anchors(&read(file)).iter().any(|a| a == fragment)
}

#[test]
fn named_paths_and_links_exist() {
    let top = top_level();
    let mut missing = Vec::new();
    for doc in documents() {
        let doc = doc.as_str();
        let folder = root().join(doc).parent().expect("a document in a folder").to_path_buf();
        let text = read(&root().join(doc));
        // A crate's README names paths in the crate (`tests/requirements.txt`) or in its built package (the npm
        // package's `web/robotscope_bg.wasm`, built into `pkg/`) as well as in the repository.
        let crate_folder = doc.strip_suffix("README.md").filter(|f| f.starts_with("crates/")).unwrap_or("");
        for span in code_spans(&text) {
            if let Some(path) = repository_path(&span, &top) {
                let places = [path.clone(), format!("{crate_folder}{path}"), format!("{crate_folder}pkg/{path}")];
                let places = if crate_folder.is_empty() { &places[..1] } else { &places[..] };
                if !places.iter().any(|p| root().join(p).exists() || build_output(p)) {
                    missing.push(format!("{doc}: `{span}`"));
                }
            }
        }
        for target in link_targets(&text) {
            let (local, fragment) = target.split_once('#').unwrap_or((target.as_str(), ""));
            if local.contains("://") || local.starts_with("mailto:") || local.starts_with('/') {
                continue;
            }
            // Relative links are read from the document's folder, as GitHub and the registries read them.
            let file = if local.is_empty() { root().join(doc) } else { folder.join(local) };
            if !file.exists() || !anchor_exists(&file, fragment) {
                missing.push(format!("{doc}: link ({target})"));
            }
        }
    }
    assert!(missing.is_empty(), "paths named in the documents that do not exist:\n  {}", missing.join("\n  "));
}

#[test]
fn named_xtask_tasks_exist() {
    let xtask = read(&root().join("xtask/src/main.rs"));
    let mut unknown = Vec::new();
    for doc in documents() {
        for task in commands(&read(&root().join(&doc)), "cargo xtask ") {
            if !xtask.contains(&format!("\"{task}\" =>")) {
                unknown.push(format!("{doc}: cargo xtask {task}"));
            }
        }
    }
    assert!(unknown.is_empty(), "tasks the documents name that xtask does not have:\n  {}", unknown.join("\n  "));
}

#[test]
fn named_cli_commands_exist() {
    let cli = read(&root().join("crates/robotscope-cli/src/main.rs"));
    let mut unknown = Vec::new();
    let mut seen = 0;
    for doc in documents() {
        for command in commands(&read(&root().join(&doc)), "robotscope ") {
            seen += 1;
            if !cli.contains(&format!("\"{command}\"")) {
                unknown.push(format!("{doc}: robotscope {command}"));
            }
        }
    }
    assert!(seen > 0, "the documents show no `robotscope` command; the README should");
    assert!(unknown.is_empty(), "commands the documents name that the CLI does not have:\n  {}", unknown.join("\n  "));
}

#[test]
fn the_readers_find_what_they_look_for() {
    let text = "Run `cargo xtask serve` or see [the guide](docs/guide.md#x) and `crates/robotscope/src/lib.rs:12`.\n\
                ```sh\n$ robotscope check robots.txt\nrobotscope lint x\n```\n";
    assert_eq!(code_spans(text), ["cargo xtask serve", "crates/robotscope/src/lib.rs:12"]);
    assert_eq!(link_targets(text), ["docs/guide.md#x"]);
    assert_eq!(commands(text, "robotscope "), ["check", "lint"]);
    assert_eq!(commands(text, "cargo xtask "), ["serve"]);
    let top = ["crates".to_string(), "docs".to_string()];
    assert_eq!(
        repository_path("crates/robotscope/src/lib.rs:12", &top).as_deref(),
        Some("crates/robotscope/src/lib.rs")
    );
    assert_eq!(repository_path("robotscope/element", &top), None);
    assert_eq!(repository_path("crates/*/src", &top), None);
    assert_eq!(anchor("## Embeddable widget: `<robots-txt-tester>`"), "embeddable-widget-robots-txt-tester");
    assert_eq!(anchors("# A\n```sh\n# not a heading\n```\n### Errors and limits\n"), ["a", "errors-and-limits"]);
}

/// A section named in prose after a document, "ARCHITECTURE.md (Speed)": the document must have that heading.
#[test]
fn named_sections_exist() {
    let mut missing = Vec::new();
    for doc in documents() {
        let text = read(&root().join(&doc));
        let mut rest = text.as_str();
        while let Some(i) = rest.find(".md (") {
            let before = &rest[..i];
            let start = before.char_indices().rev().find(|&(_, c)| c.is_whitespace() || c == '`' || c == '(');
            let name_start = start.map_or(0, |(j, c)| j + c.len_utf8());
            let name = format!("{}.md", &before[name_start..]);
            let after = &rest[i + 5..];
            rest = after;
            let Some(end) = after.find(')') else { continue };
            let section = &after[..end];
            // Only a capitalised section title: "(Speed)", not "(see ...)" or "(2026-11-28)".
            if !section.starts_with(|c: char| c.is_ascii_uppercase()) || section.contains(['`', ',']) {
                continue;
            }
            let path = root().join(&name);
            let exists = path.is_file() && anchors(&read(&path)).contains(&anchor(section));
            if !exists {
                missing.push(format!("{doc}: {name} ({section})"));
            }
        }
    }
    assert!(missing.is_empty(), "sections the documents name that do not exist:\n  {}", missing.join("\n  "));
}

/// The READMEs the registries show (crates.io, npm, PyPI) and the repository's front page hold what a user needs:
/// measurement diaries and history go to `docs/`.
#[test]
fn published_readmes_stay_short() {
    // 20 KB each: the npm README went from 60.7 KB to under 20 KB (its differences from robots-parser, the survey's
    // fields and the benchmark's output are in docs/npm.md), the PyPI README from 25.5 KB (its figures in
    // docs/python.md).
    let limit = |_: &str| 20_000;
    let mut long = Vec::new();
    for doc in documents().iter().filter(|d| d.ends_with("README.md")) {
        let size = read(&root().join(doc)).len();
        if size > limit(doc.as_str()) {
            long.push(format!("{doc}: {size} bytes (at most {})", limit(doc.as_str())));
        }
    }
    assert!(long.is_empty(), "READMEs too long for their registry pages:\n  {}", long.join("\n  "));
}
