//! The crawler catalogue is one data file, `crates/robotscope/data/crawlers.json`; this test generates the core's
//! `src/agent/catalogue.rs` from it and fails when the checked-in code is stale (`ROBOTSCOPE_BLESS=1` rewrites it).
//! Every other surface (npm, widget, tester, Python) takes the catalogue from the core's tables.

use std::fmt::Write as _;
use std::path::PathBuf;

use serde_json::Value;

fn core_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../crates/robotscope")
}

fn data() -> Value {
    let text = std::fs::read_to_string(core_dir().join("data/crawlers.json")).expect("read crawlers.json");
    serde_json::from_str(&text).expect("crawlers.json is JSON")
}

const KINDS: [(&str, &str); 9] = [
    ("search", "Search"),
    ("ads", "Ads"),
    ("ai-training", "AiTraining"),
    ("ai-search", "AiSearch"),
    ("user-triggered", "UserTriggered"),
    ("control-token", "ControlToken"),
    ("preview", "Preview"),
    ("seo-tool", "SeoTool"),
    ("other", "Other"),
];
const OBEYS: [(&str, &str); 4] =
    [("yes", "Yes"), ("may-not-apply", "MayNotApply"), ("no", "No"), ("unknown", "Unknown")];

fn variant(table: &[(&'static str, &'static str)], name: &str, field: &str, crawler: &str) -> &'static str {
    let found = table.iter().find(|(n, _)| *n == name);
    found.unwrap_or_else(|| panic!("{crawler}: unknown {field} `{name}`")).1
}

/// A Rust string literal, split over lines of at most 100 columns with `\` continuations. A continuation drops the
/// next line's leading whitespace, so a piece never ends just before a space.
fn literal(s: &str, indent: usize) -> String {
    let escaped = s.replace('\\', "\\\\").replace('"', "\\\"");
    let width = 100 - indent;
    let mut out = String::from("\"");
    let mut rest = escaped.as_str();
    while rest.len() > width {
        // Break after a space where one falls late enough, else at a char boundary not followed by a space.
        let mut cut = rest[..width].rfind(' ').map(|i| i + 1).filter(|&i| i > width / 2).unwrap_or(width);
        while !rest.is_char_boundary(cut) || rest[cut..].starts_with(' ') || rest[..cut].ends_with('\\') {
            cut -= 1;
        }
        out.push_str(&rest[..cut]);
        out.push_str("\\\n");
        out.push_str(&" ".repeat(indent));
        rest = &rest[cut..];
    }
    out.push_str(rest);
    out.push('"');
    out
}

fn generate(data: &Value) -> String {
    let crawlers = data["crawlers"].as_array().expect("crawlers is an array");
    let mut out = String::from(
        "//! The crawler catalogue, generated from `data/crawlers.json` by `tests/catalogue.rs` (run it with\n\
         //! `ROBOTSCOPE_BLESS=1` after editing the data file): do not edit by hand.\n\n\
         use super::{Crawler, CrawlerFacts, CrawlerKind as K, Obeys as O};\n\n\
         /// The crawler catalogue: well-known crawlers and control tokens, for presets, for reading tokens out\n\
         /// of full User-Agent headers, and for the AI view. One source for every robotscope tool:\n\
         /// `data/crawlers.json`.\n\
         pub const CRAWLERS: &[Crawler] = &[\n",
    );
    let s = |c: &Value, k: &str| -> String {
        c[k].as_str().unwrap_or_else(|| panic!("{}: `{k}` is not a string", c["name"])).to_string()
    };
    for c in crawlers {
        let name = s(c, "name");
        let tokens: Vec<String> =
            c["tokens"].as_array().expect("tokens").iter().map(|t| literal(t.as_str().expect("token"), 0)).collect();
        let kind = variant(&KINDS, &s(c, "kind"), "kind", &name);
        let ignores = c["ignores_global"].as_bool().expect("ignores_global");
        let _ = writeln!(out, "    Crawler {{");
        let _ = writeln!(out, "        name: {},", literal(&name, 8));
        let _ = writeln!(out, "        operator: {},", literal(&s(c, "operator"), 8));
        let _ = writeln!(out, "        tokens: &[{}],", tokens.join(", "));
        let _ = writeln!(out, "        ignores_global: {ignores},");
        let _ = writeln!(out, "        kind: K::{kind},");
        let _ = writeln!(out, "    }},");
    }
    out.push_str(
        "];\n\n/// [`CrawlerFacts`] for each crawler of [`CRAWLERS`], in the same order (see [`Crawler::facts`]).\n\
         pub const CRAWLER_FACTS: &[CrawlerFacts] = &[\n",
    );
    for c in crawlers {
        let name = s(c, "name");
        let obeys = variant(&OBEYS, &s(c, "obeys"), "obeys", &name);
        let _ = writeln!(out, "    CrawlerFacts {{");
        for (field, key) in [("purpose", "purpose"), ("user_agent", "user_agent")] {
            let _ = writeln!(out, "        {field}: {},", literal(&s(c, key), 8));
        }
        let _ = writeln!(out, "        obeys: O::{obeys},");
        for (field, key) in [
            ("source", "source"),
            ("as_of", "checked"),
            ("ip_ranges_url", "ip_ranges_url"),
            ("signature_agent", "signature_agent"),
            ("note", "note"),
        ] {
            let _ = writeln!(out, "        {field}: {},", literal(&s(c, key), 8));
        }
        let _ = writeln!(out, "    }},");
    }
    out.push_str("];\n");
    out
}

#[test]
fn generated_catalogue_is_fresh() {
    let path = core_dir().join("src/agent/catalogue.rs");
    let want = generate(&data());
    if std::env::var_os("ROBOTSCOPE_BLESS").is_some() {
        std::fs::write(&path, &want).expect("write catalogue.rs");
    }
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        have == want,
        "{} is stale: run ROBOTSCOPE_BLESS=1 cargo test -p robotscope-tests --test catalogue",
        path.display()
    );
}

#[test]
fn the_core_sees_every_entry_of_the_data_file() {
    let data = data();
    let entries = data["crawlers"].as_array().unwrap();
    assert_eq!(robotscope::CRAWLERS.len(), entries.len());
    assert_eq!(robotscope::CRAWLER_FACTS.len(), entries.len());
    assert!(entries.len() >= 150, "the catalogue has {} entries", entries.len());
    for (c, e) in robotscope::CRAWLERS.iter().zip(entries) {
        assert_eq!(c.name, e["name"].as_str().unwrap());
        assert_eq!(c.facts().ip_ranges_url, e["ip_ranges_url"].as_str().unwrap(), "{}", c.name);
    }
}

#[test]
fn every_entry_is_dated_and_sourced() {
    let data = data();
    let mut names = std::collections::HashSet::new();
    for e in data["crawlers"].as_array().unwrap() {
        let name = e["name"].as_str().unwrap();
        assert!(names.insert(name.to_ascii_lowercase()), "{name} twice");
        let checked = e["checked"].as_str().unwrap().as_bytes();
        let date = checked.len() == 10 && checked[4] == b'-' && checked[7] == b'-';
        assert!(date && checked.iter().enumerate().all(|(i, b)| i == 4 || i == 7 || b.is_ascii_digit()), "{name}");
        assert!(e["source"].as_str().unwrap().starts_with("https://"), "{name}: source");
        for url in ["ip_ranges_url", "signature_agent"] {
            let v = e[url].as_str().unwrap();
            assert!(v.is_empty() || v.starts_with("https://"), "{name}: {url}");
        }
        // What was taken from the ai.robots.txt list unchecked says so.
        if e["source"] == "https://github.com/ai-robots-txt/ai.robots.txt" {
            assert!(e["note"].as_str().unwrap().contains("ai.robots.txt list"), "{name}: say it is unverified");
        }
    }
}
