//! Shared helpers for robotscope's test suites: where the conformance data lives and how to read it.
//!
//! The conformance data (`../shared/conformance` beside the repository, or `$ROBOTSCOPE_CONFORMANCE`) is
//! not part of the repository. Suites that need it call [`conformance_dir`]: when the data is missing they
//! skip with a message, except under `CI=true`, where a missing data set is a failure.

use std::path::PathBuf;

use serde_json::Value;

/// Google's seven per-line flags (`LineMetadata`), in the reference's order: the conformance data names them so,
/// and the differential test packs them into a byte in this order.
pub const LINE_FLAGS: [&str; 7] = [
    "is_empty",
    "has_comment",
    "is_comment",
    "has_directive",
    "is_acceptable_typo",
    "is_line_too_long",
    "is_missing_colon_separator",
];

/// The conformance folder, or `None` (after saying so) when it is missing outside CI.
///
/// # Panics
/// When `CI=true` and the folder is missing: CI must never pass by skipping.
pub fn conformance_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("ROBOTSCOPE_CONFORMANCE") {
        Some(d) => PathBuf::from(d),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/conformance"),
    };
    if dir.join("vectors.jsonl").is_file() {
        return Some(dir);
    }
    let ci = std::env::var("CI").is_ok_and(|v| v == "true" || v == "1");
    assert!(!ci, "CI=true but the conformance data is missing at {} (set ROBOTSCOPE_CONFORMANCE)", dir.display());
    eprintln!("SKIPPED: conformance data not found at {} (set ROBOTSCOPE_CONFORMANCE)", dir.display());
    None
}

/// A small deterministic generator (SplitMix64), so every run of a benchmark measures the same inputs.
#[derive(Debug)]
pub struct Rng(pub u64);

impl Rng {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (which must not be 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Reads a JSON array file from the conformance folder.
pub fn read_json(dir: &std::path::Path, name: &str) -> Vec<Value> {
    let text = std::fs::read_to_string(dir.join("google").join(name)).unwrap_or_else(|e| panic!("reading {name}: {e}"));
    match serde_json::from_str(&text) {
        Ok(Value::Array(items)) => items,
        other => panic!("{name} is not a JSON array: {other:?}"),
    }
}

/// Decodes a hex string.
pub fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).expect("hex")).collect()
}

/// The bytes a case describes under `field`: the string itself, `field_hex`, or a `generator` list of
/// `[text, repeat]` pairs.
pub fn case_bytes(case: &Value, field: &str) -> Option<Vec<u8>> {
    if let Some(hex) = case.get(format!("{field}_hex")).and_then(Value::as_str) {
        return Some(unhex(hex));
    }
    if let Some(s) = case.get(field).and_then(Value::as_str) {
        return Some(s.as_bytes().to_vec());
    }
    let pieces = case.get("generator")?.get(field)?.as_array()?;
    let mut out = Vec::new();
    for piece in pieces {
        let text = piece[0].as_str().expect("generator text");
        let times = piece[1].as_u64().expect("generator count") as usize;
        for _ in 0..times {
            out.extend_from_slice(text.as_bytes());
        }
    }
    Some(out)
}

/// The agent list of a case.
pub fn agents(case: &Value) -> Vec<String> {
    case["agents"].as_array().expect("agents").iter().map(|a| a.as_str().expect("agent").to_owned()).collect()
}

/// The names listed in `tests/expected_failures.txt` (one per line; `#` starts a comment).
pub fn expected_failures() -> Vec<String> {
    let text = include_str!("expected_failures.txt");
    text.lines().map(|l| l.split('#').next().unwrap_or("").trim()).filter(|l| !l.is_empty()).map(String::from).collect()
}

/// The README's Rust example, compiled and run as a doctest so that it cannot rot.
#[doc = include_str!("../README.md")]
#[cfg(doctest)]
pub struct ReadmeDoctests;

/// The core crate's README (its crates.io page) example, compiled and run as a doctest.
#[doc = include_str!("../crates/robotscope/README.md")]
#[cfg(doctest)]
pub struct CoreReadmeDoctests;
