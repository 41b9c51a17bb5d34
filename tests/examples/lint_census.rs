//! How many diagnostics of each kind the lint gives over the conformance corpus, and the files with the most:
//! the figures behind docs/lint.md. `cargo run --release -p robotscope-tests --example lint_census [KIND...]`;
//! with kinds named, it also lists every file with diagnostics of those kinds.

use std::collections::BTreeMap;

use robotscope::{Robots, Severity};
use robotscope_tests::conformance_dir;

fn main() {
    let Some(dir) = conformance_dir() else { return };
    let named: Vec<String> = std::env::args().skip(1).collect();
    let mut files: Vec<_> = std::fs::read_dir(dir.join("corpus")).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    // Per kind and severity (a kind's severity can depend on the shape): total, files with any, and the file with
    // the most.
    let mut kinds: BTreeMap<(&str, Severity), (usize, usize, usize, String)> = BTreeMap::new();
    let mut listed: Vec<(usize, String, &str)> = Vec::new();
    for file in &files {
        let body = std::fs::read(file).unwrap();
        let name = file.file_name().unwrap().to_string_lossy().into_owned();
        let mut here: BTreeMap<(&str, Severity), usize> = BTreeMap::new();
        for d in Robots::parse_limited(&body, robotscope::GOOGLE_SIZE_LIMIT).diagnostics() {
            *here.entry((d.kind.code(), d.severity)).or_insert(0) += 1;
        }
        for ((code, severity), n) in here {
            let k = kinds.entry((code, severity)).or_insert((0, 0, 0, String::new()));
            k.0 += n;
            k.1 += 1;
            if n > k.2 {
                (k.2, k.3) = (n, name.clone());
            }
            if named.iter().any(|c| c == code) {
                listed.push((n, name.clone(), code));
            }
        }
    }
    println!("{} files", files.len());
    println!("| kind | severity | diagnostics | files | most in one file |");
    println!("|---|---|---:|---:|---|");
    for ((code, severity), (total, with, most, file)) in &kinds {
        println!("| `{code}` | {severity:?} | {total} | {with} | {most} ({file}) |");
    }
    listed.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    for (n, file, code) in listed {
        println!("{n:5} {code} {file}");
    }
}
