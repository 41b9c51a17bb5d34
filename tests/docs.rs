//! The root documents stay true: every repository path that README.md, ARCHITECTURE.md and CONTRIBUTING.md name
//! exists, every relative link resolves, and every `cargo xtask TASK` and `robotscope COMMAND` they show is a task
//! or command that exists.

use std::path::{Path, PathBuf};

const DOCUMENTS: [&str; 3] = ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md"];

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
fn fenced_lines(text: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut in_fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        } else if in_fence {
            lines.push(line.to_string());
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

#[test]
fn named_paths_and_links_exist() {
    let top = top_level();
    let mut missing = Vec::new();
    for doc in DOCUMENTS {
        let text = read(&root().join(doc));
        for span in code_spans(&text) {
            if let Some(path) = repository_path(&span, &top) {
                if !root().join(&path).exists() && !build_output(&path) {
                    missing.push(format!("{doc}: `{span}`"));
                }
            }
        }
        for target in link_targets(&text) {
            let local = target.split('#').next().unwrap_or_default();
            if local.is_empty() || local.contains("://") || local.starts_with("mailto:") {
                continue;
            }
            if !root().join(local).exists() {
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
    for doc in DOCUMENTS {
        for task in commands(&read(&root().join(doc)), "cargo xtask ") {
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
    for doc in DOCUMENTS {
        for command in commands(&read(&root().join(doc)), "robotscope ") {
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
}
