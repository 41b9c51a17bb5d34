//! The README's transcripts, run: every `$ robotscope ...` line in a `text` block is run on the README's own
//! `robots.txt` block, and what it prints must be the lines that follow it, so the crates.io page cannot rot.

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_robotscope");
const README: &str = include_str!("../README.md");

/// The fenced blocks of the README with their info string (`text`, `sh`, ...), indentation removed.
fn blocks(markdown: &str) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    let mut current: Option<(String, usize, Vec<String>)> = None;
    for line in markdown.lines() {
        let indent = line.len() - line.trim_start().len();
        let trimmed = line.trim_start();
        match current.take() {
            None => {
                if let Some(info) = trimmed.strip_prefix("```") {
                    current = Some((info.trim().to_string(), indent, Vec::new()));
                }
            }
            Some((info, _, lines)) if trimmed == "```" => out.push((info, lines)),
            Some((info, at, mut lines)) => {
                lines.push(line.get(at..).unwrap_or("").to_string());
                current = Some((info, at, lines));
            }
        }
    }
    assert!(current.is_none(), "an unclosed code block");
    out
}

/// Splits a command line as a POSIX shell does for the simple cases the README uses: words, `'...'` and `"..."`.
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut quote: Option<char> = None;
    for c in line.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, ' ') => {
                if in_word {
                    out.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    assert!(quote.is_none(), "unclosed quote in {line}");
    if in_word {
        out.push(word);
    }
    out
}

/// One transcript: the command's arguments, its standard input, and the output the README shows.
#[derive(Debug)]
struct Transcript {
    command: String,
    args: Vec<String>,
    stdin: String,
    expected: String,
}

fn transcripts() -> Vec<Transcript> {
    let mut out: Vec<Transcript> = Vec::new();
    for (info, lines) in blocks(README) {
        // Transcripts are the `text` blocks that start with a command.
        if info != "text" || !lines.first().is_some_and(|l| l.starts_with("$ ")) {
            continue;
        }
        for line in lines {
            if let Some(command) = line.strip_prefix("$ ") {
                let mut words = words(command);
                // `echo 'QUERY' | robotscope ...`: the query is standard input.
                let mut stdin = String::new();
                if words.first().map(String::as_str) == Some("echo") {
                    let bar = words.iter().position(|w| w == "|").expect("echo ... | robotscope");
                    stdin = words[1..bar].join(" ") + "\n";
                    words.drain(..=bar);
                }
                assert_eq!(words.first().map(String::as_str), Some("robotscope"), "{command}");
                words.remove(0);
                out.push(Transcript { command: command.to_string(), args: words, stdin, expected: String::new() });
            } else {
                let t = out.last_mut().expect("the block starts with a command");
                t.expected.push_str(&line);
                t.expected.push('\n');
            }
        }
    }
    out
}

#[test]
fn the_readme_transcripts_are_what_the_program_prints() {
    let robots = blocks(README)
        .into_iter()
        .find(|(info, _)| info == "robots.txt")
        .map(|(_, lines)| lines.join("\n") + "\n")
        .expect("the README shows its robots.txt in a ```robots.txt block");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("robots.txt"), robots).unwrap();
    let transcripts = transcripts();
    // --version, check, check --normalize, lint and batch.
    assert!(transcripts.len() >= 5, "{transcripts:#?}");
    for t in &transcripts {
        let mut child = Command::new(BIN)
            .args(&t.args)
            .current_dir(dir.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        child.stdin.take().unwrap().write_all(t.stdin.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(stdout, t.expected, "`{}` prints something else than the README shows", t.command);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(out.status.code().is_some_and(|c| c <= 1), "`{}`: {:?} {stderr}", t.command, out.status);
    }
}
