//! What robotscope answers to the questions the differential test asks Google's library, and the regression
//! cases in `tests/differential/found/` (one JSON file per disagreement, Google's answer included).
//!
//! Shared by the tester (`robotscope-differential`) and the regression test (`tests/differential.rs`), which
//! replays the found cases without Python.

use std::path::Path;

use robotscope::{escape_pattern, is_valid_agent, product_token, KeyKind, Robots};
use serde_json::{json, Map, Value};

/// Google's seven per-line flags packed into a byte, in the order of its `LineMetadata` struct.
pub fn pack_flags(m: &robotscope::LineMetadata) -> u8 {
    u8::from(m.is_empty)
        | u8::from(m.has_comment) << 1
        | u8::from(m.is_comment) << 2
        | u8::from(m.has_directive) << 3
        | u8::from(m.is_acceptable_typo) << 4
        | u8::from(m.is_line_too_long) << 5
        | u8::from(m.is_missing_colon_separator) << 6
}

/// The names of the packed flags, for messages.
pub fn flag_names(flags: u8) -> String {
    let set: Vec<&str> = (0..7).filter(|i| flags & 1 << i != 0).map(|i| robotscope_tests::LINE_FLAGS[i]).collect();
    format!("{{{}}}", set.join(", "))
}

/// One directive callback of Google's parser: kind (0 user-agent, 1 allow, 2 disallow, 3 sitemap, 4 unknown),
/// line, the key as written (unknown keys only) and the value as handed to the handler (escaped except for
/// user-agent and sitemap values).
pub type Call = (u8, u32, Vec<u8>, Vec<u8>);

/// Per-line flags and directive callbacks of one parse.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Parse {
    pub lines: Vec<(u32, u8)>,
    pub calls: Vec<Call>,
}

/// robotscope's `Robots::lines()` as Google's `ReportLineMetadata` and `Handle*` callbacks would report it.
pub fn robotscope_parse(body: &[u8]) -> Parse {
    let robots = Robots::parse(body);
    let mut out = Parse::default();
    for line in robots.lines() {
        out.lines.push((line.number as u32, pack_flags(&line.metadata)));
        if let Some(d) = line.directive {
            let value = &body[d.value.start..d.value.end];
            let (kind, key) = match d.kind {
                KeyKind::UserAgent => (0, Vec::new()),
                KeyKind::Allow => (1, Vec::new()),
                KeyKind::Disallow => (2, Vec::new()),
                KeyKind::Sitemap => (3, Vec::new()),
                _ => (4, body[d.key.start..d.key.end].to_vec()),
            };
            let value = if kind == 0 || kind == 3 { value.to_vec() } else { escape_pattern(value).into_bytes() };
            out.calls.push((kind, line.number as u32, key, value));
        }
    }
    out
}

/// robotscope's verdict and deciding line through each of its three query paths (`decide`, `check` and a
/// `Matcher`); they must all equal Google's `AllowedByRobots` and `matching_line()`.
pub fn robotscope_verdicts(robots: &Robots, agents: &[String], url: &str) -> [(&'static str, (bool, usize)); 3] {
    let check = robots.check(agents, url);
    [
        ("decide", robots.decide(agents, url)),
        ("check", (check.allowed, check.line)),
        ("Matcher::decide", robots.matcher(agents).decide(url)),
    ]
}

/// robotscope's `product_token` and `is_valid_agent`, Google's `ExtractUserAgent` and `IsValidUserAgentToObey`.
pub fn robotscope_agent(agent: &str) -> (String, bool) {
    (product_token(agent).to_string(), is_valid_agent(agent))
}

/// A disagreement with Google's library, as stored in `found/`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Found {
    /// `AllowedByRobots` and `matching_line()`.
    Verdict { robots: Vec<u8>, agents: Vec<String>, url: String, allowed: bool, line: usize },
    /// `ParseRobotsTxt` with a handler: per-line metadata and directive callbacks.
    Parse { robots: Vec<u8>, google: Parse },
    /// `ExtractUserAgent` and `IsValidUserAgentToObey`.
    Agent { agent: String, token: String, valid: bool },
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn unhex(s: &str) -> Result<Vec<u8>, String> {
    if !s.len().is_multiple_of(2) {
        return Err("odd hex length".into());
    }
    (0..s.len() / 2).map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).map_err(|e| e.to_string())).collect()
}

/// Bytes as JSON: a string when they are UTF-8, else `{"hex": ...}`.
fn bytes_json(bytes: &[u8]) -> Value {
    match std::str::from_utf8(bytes) {
        Ok(s) => Value::String(s.to_string()),
        Err(_) => json!({ "hex": hex(bytes) }),
    }
}

fn json_bytes(v: &Value) -> Result<Vec<u8>, String> {
    match v {
        Value::String(s) => Ok(s.as_bytes().to_vec()),
        Value::Object(o) => unhex(o.get("hex").and_then(Value::as_str).ok_or("bytes object without hex")?),
        _ => Err(format!("not bytes: {v}")),
    }
}

impl Found {
    /// The case as JSON; `note` says how it was found (seed, what robotscope answered then).
    pub fn to_json(&self, note: &str) -> Value {
        let mut o = Map::new();
        o.insert("note".into(), Value::String(note.to_string()));
        match self {
            Found::Verdict { robots, agents, url, allowed, line } => {
                o.insert("kind".into(), "verdict".into());
                o.insert("robots".into(), bytes_json(robots));
                o.insert("agents".into(), json!(agents));
                o.insert("url".into(), Value::String(url.clone()));
                o.insert("google".into(), json!({ "allowed": allowed, "line": line }));
            }
            Found::Parse { robots, google } => {
                o.insert("kind".into(), "parse".into());
                o.insert("robots".into(), bytes_json(robots));
                let lines: Vec<Value> = google.lines.iter().map(|(n, f)| json!([n, f])).collect();
                let calls: Vec<Value> =
                    google.calls.iter().map(|(k, n, key, v)| json!([k, n, bytes_json(key), bytes_json(v)])).collect();
                o.insert("google".into(), json!({ "lines": lines, "calls": calls }));
            }
            Found::Agent { agent, token, valid } => {
                o.insert("kind".into(), "agent".into());
                o.insert("agent".into(), Value::String(agent.clone()));
                o.insert("google".into(), json!({ "token": token, "valid": valid }));
            }
        }
        Value::Object(o)
    }

    /// Reads a case written by [`Found::to_json`].
    pub fn from_json(v: &Value) -> Result<Found, String> {
        let google = v.get("google").ok_or("no google answer")?;
        let string = |v: &Value, key: &str| v.get(key).and_then(Value::as_str).map(String::from);
        match v.get("kind").and_then(Value::as_str) {
            Some("verdict") => Ok(Found::Verdict {
                robots: json_bytes(v.get("robots").ok_or("no robots")?)?,
                agents: v
                    .get("agents")
                    .and_then(Value::as_array)
                    .ok_or("no agents")?
                    .iter()
                    .map(|a| a.as_str().map(String::from).ok_or("agent is not a string"))
                    .collect::<Result<_, _>>()?,
                url: string(v, "url").ok_or("no url")?,
                allowed: google.get("allowed").and_then(Value::as_bool).ok_or("no google.allowed")?,
                line: google.get("line").and_then(Value::as_u64).ok_or("no google.line")? as usize,
            }),
            Some("parse") => {
                let number = |v: &Value| v.as_u64().ok_or("not a number");
                let mut parse = Parse::default();
                for l in google.get("lines").and_then(Value::as_array).ok_or("no google.lines")? {
                    parse.lines.push((number(&l[0])? as u32, number(&l[1])? as u8));
                }
                for c in google.get("calls").and_then(Value::as_array).ok_or("no google.calls")? {
                    parse.calls.push((
                        number(&c[0])? as u8,
                        number(&c[1])? as u32,
                        json_bytes(&c[2])?,
                        json_bytes(&c[3])?,
                    ));
                }
                Ok(Found::Parse { robots: json_bytes(v.get("robots").ok_or("no robots")?)?, google: parse })
            }
            Some("agent") => Ok(Found::Agent {
                agent: string(v, "agent").ok_or("no agent")?,
                token: string(google, "token").ok_or("no google.token")?,
                valid: google.get("valid").and_then(Value::as_bool).ok_or("no google.valid")?,
            }),
            other => Err(format!("unknown kind {other:?}")),
        }
    }

    /// How robotscope's answer differs from Google's, or `None` when they agree.
    pub fn disagreement(&self) -> Option<String> {
        match self {
            Found::Verdict { robots, agents, url, allowed, line } => {
                let parsed = Robots::parse(robots);
                let wrong: Vec<String> = robotscope_verdicts(&parsed, agents, url)
                    .iter()
                    .filter(|(_, answer)| *answer != (*allowed, *line))
                    .map(|(api, (a, l))| format!("{api} says allowed={a} line={l}"))
                    .collect();
                (!wrong.is_empty())
                    .then(|| format!("Google says allowed={allowed} line={line}; robotscope's {}", wrong.join(", ")))
            }
            Found::Parse { robots, google } => parse_disagreement(&robotscope_parse(robots), google),
            Found::Agent { agent, token, valid } => {
                let ours = robotscope_agent(agent);
                (ours != (token.clone(), *valid)).then(|| {
                    format!("Google: token {token:?} valid {valid}; robotscope: token {:?} valid {}", ours.0, ours.1)
                })
            }
        }
    }

    /// A short stable name for the case's file.
    pub fn file_name(&self) -> String {
        let text = self.to_json("").to_string();
        // FNV-1a: stable across Rust versions, unlike `DefaultHasher`.
        let hash =
            text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
        let kind = match self {
            Found::Verdict { .. } => "verdict",
            Found::Parse { .. } => "parse",
            Found::Agent { .. } => "agent",
        };
        format!("{kind}-{hash:016x}.json")
    }

    /// Writes the case into `dir` (created if missing); returns the path.
    pub fn write(&self, dir: &Path, note: &str) -> std::io::Result<std::path::PathBuf> {
        std::fs::create_dir_all(dir)?;
        let path = dir.join(self.file_name());
        let mut text = serde_json::to_string_pretty(&self.to_json(note)).map_err(std::io::Error::other)?;
        text.push('\n');
        std::fs::write(&path, text)?;
        Ok(path)
    }
}

/// The first difference between two parses, in words.
pub fn parse_disagreement(ours: &Parse, google: &Parse) -> Option<String> {
    if ours == google {
        return None;
    }
    for i in 0..ours.lines.len().max(google.lines.len()) {
        let (a, b) = (ours.lines.get(i), google.lines.get(i));
        if a != b {
            let show =
                |x: Option<&(u32, u8)>| x.map_or("nothing".into(), |(n, f)| format!("line {n} {}", flag_names(*f)));
            return Some(format!("metadata: Google reports {}, robotscope {}", show(b), show(a)));
        }
    }
    for i in 0..ours.calls.len().max(google.calls.len()) {
        let (a, b) = (ours.calls.get(i), google.calls.get(i));
        if a != b {
            let show = |x: Option<&Call>| {
                x.map_or("nothing".into(), |(k, n, key, v)| {
                    let kind =
                        ["user-agent", "allow", "disallow", "sitemap", "unknown"].get(*k as usize).unwrap_or(&"?");
                    format!(
                        "{kind} on line {n} key {:?} value {:?}",
                        String::from_utf8_lossy(key),
                        String::from_utf8_lossy(v)
                    )
                })
            };
            return Some(format!("directives: Google calls {}, robotscope has {}", show(b), show(a)));
        }
    }
    Some("parses differ".into())
}

/// Every case in `dir` (`*.json`), sorted by name, each read or the reason it cannot be.
pub fn read_found(dir: &Path) -> Vec<(String, Result<Found, String>)> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut out: Vec<(String, Result<Found, String>)> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let name = p.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            let case = std::fs::read_to_string(&p)
                .map_err(|e| e.to_string())
                .and_then(|t| serde_json::from_str::<Value>(&t).map_err(|e| e.to_string()))
                .and_then(|v| Found::from_json(&v));
            (name, case)
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}
