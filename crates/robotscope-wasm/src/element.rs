//! What the `<robots-txt-tester>` element needs from the engine, as one wasm-bindgen class: the file, the
//! agents and URLs as typed, the verdict grid, the explanation of a cell and the line classes for colouring.
//!
//! Every reading of a typed agent or URL is the core's ([`robotscope::resolve_agent`], `check_agent`,
//! `explain_agent`, [`robotscope::resolve_url`], [`robotscope::crawler_set`]), as in the tester and the CLI's
//! `--normalize`, so the element cannot answer differently from them. The element's JavaScript reads and
//! decides nothing: it draws what these methods return.

use alloc::string::String;
use alloc::vec::Vec;

use robotscope::{crawler_set, resolve_agent, resolve_url, Tag, TypedAgent, TypedUrl};
use wasm_bindgen::prelude::*;

use crate::crawlers::{typed_agent_members, typed_url};
use crate::json::Json;

/// The most agents and URLs one element answers for; more are left out with a note (a grid of 40 x 200 cells
/// is already more than a reader can use).
const MAX_AGENTS: usize = 40;
const MAX_URLS: usize = 200;

/// "No offset" in [`TesterFile::classes`].
const NONE: u32 = u32::MAX;

/// A robots.txt file with the agents and URLs of one element.
#[wasm_bindgen]
#[derive(Debug)]
pub struct TesterFile {
    file: crate::Robots,
    agents: Vec<TypedAgent>,
    urls: Vec<TypedUrl>,
}

/// Splits the `agents` attribute: at newlines, and at commas outside parentheses (a full User-Agent header
/// such as `Mozilla/5.0 (... (KHTML, like Gecko) ...)` holds commas inside its comments).
fn split_agents(list: &str) -> Vec<&str> {
    let mut out = Vec::new();
    for line in list.split(['\n', '\r']) {
        let (mut depth, mut start) = (0usize, 0);
        for (i, c) in line.char_indices() {
            match c {
                '(' => depth += 1,
                ')' => depth = depth.saturating_sub(1),
                ',' if depth == 0 => {
                    out.push(line[start..i].trim());
                    start = i + 1;
                }
                _ => {}
            }
        }
        out.push(line[start..].trim());
    }
    out.retain(|a| !a.is_empty());
    out
}

#[wasm_bindgen]
impl TesterFile {
    /// Parses `body`; `limit` < 0 reads all of it, otherwise at most `limit` bytes (the element reads the first
    /// 500 KiB, as Google does, the tester's and the CLI's default).
    #[wasm_bindgen(constructor)]
    pub fn new(body: &[u8], limit: f64) -> TesterFile {
        TesterFile { file: crate::parse(body, limit), agents: Vec::new(), urls: Vec::new() }
    }

    /// Parses a new version of the file (an edit), keeping the agents and URLs.
    pub fn reparse(&mut self, body: &[u8], limit: f64) {
        self.file = crate::parse(body, limit);
    }

    /// Reads the `agents` attribute (newline- or comma-separated tokens, User-Agent headers, presets, or named
    /// sets such as `@ai`), the `urls` attribute (whitespace-separated URLs or paths) and the `base` origin.
    /// Returns `{agents: [{input, label, token, kind, note, crawler, set}], urls: [{input, tested, kind, error}],
    /// droppedAgents, droppedUrls}` as JSON.
    pub fn inputs(&mut self, agents: &str, urls: &str, base: &str) -> String {
        let mut typed = Vec::new();
        let mut sets = Vec::new();
        for item in split_agents(agents) {
            match item.strip_prefix('@').and_then(|_| crawler_set(item)) {
                Some(set) => {
                    for c in set {
                        typed.push(resolve_agent(c.name));
                        sets.push(Some(item));
                    }
                }
                None => {
                    typed.push(resolve_agent(item));
                    sets.push(None);
                }
            }
        }
        let dropped_agents = typed.len().saturating_sub(MAX_AGENTS);
        typed.truncate(MAX_AGENTS);
        let base = Some(base.trim()).filter(|b| !b.is_empty());
        let all_urls: Vec<&str> = urls.split_whitespace().collect();
        let dropped_urls = all_urls.len().saturating_sub(MAX_URLS);
        self.urls = all_urls.iter().take(MAX_URLS).map(|u| resolve_url(u, base)).collect();

        let mut j = Json::new();
        j.open_object().key("agents").open_array();
        for (a, set) in typed.iter().zip(&sets) {
            j.open_object();
            typed_agent_members(&mut j, a);
            j.key("set").opt_str(*set).close_object();
        }
        j.close_array().key("urls").open_array();
        for u in &self.urls {
            typed_url(&mut j, u);
        }
        j.close_array().key("droppedAgents").num(dropped_agents).key("droppedUrls").num(dropped_urls);
        j.close_object();
        self.agents = typed;
        j.finish()
    }

    /// The grid, row-major (URL rows, agent columns), as a JSON array of
    /// `[allowed, line, token|null, follows|null, [group indices], rule|null, scope]`.
    pub fn evaluate(&self) -> String {
        let mut j = Json::new();
        j.open_array();
        for u in &self.urls {
            for a in &self.agents {
                let c = self.file.inner.check_agent(a, &u.tested);
                let v = &c.verdict;
                j.open_array().bool(v.allowed).num(v.line).opt_str(c.token.as_deref()).opt_str(c.follows.as_deref());
                j.nums(&v.groups);
                match &v.decided_by {
                    Some(m) => self.file.rule_match(&mut j, m),
                    None => {
                        j.null();
                    }
                }
                j.str(v.scope.name()).close_array();
            }
        }
        j.close_array();
        j.finish()
    }

    /// The explanation of one cell in words (the core's `explain_agent`), or "" outside the grid.
    pub fn explain(&self, url: usize, agent: usize) -> String {
        match (self.urls.get(url), self.agents.get(agent)) {
            (Some(u), Some(a)) => {
                let c = self.file.inner.check_agent(a, &u.tested);
                self.file.inner.explain_agent(a, &c)
            }
            _ => String::new(),
        }
    }

    /// The line numbers of each group (user-agent and rule lines), as a JSON array of arrays by group index.
    #[wasm_bindgen(js_name = groupLines)]
    pub fn group_lines(&self) -> String {
        let mut j = Json::new();
        j.open_array();
        for g in self.file.inner.groups() {
            j.nums(&g.lines());
        }
        j.close_array();
        j.finish()
    }

    /// Eight numbers per line, for colouring: the tag (0 unknown or comment-only, 1 user-agent, 2 allow,
    /// 3 disallow, 4 sitemap, 5 unused: a rule outside any group), then the UTF-16 offsets into `text` of the
    /// line's start and end, the key's start and end, the value's start and end, and the comment's start
    /// (`0xFFFFFFFF` when there is none).
    pub fn classes(&self) -> Vec<u32> {
        let report = self.file.inner.report();
        let src = self.file.src();
        let p = self.file.positions();
        let at = |b: usize| p.offset(src, b) as u32;
        let mut out = Vec::with_capacity(report.lines.len() * 8);
        for l in &report.lines {
            let line = &l.line;
            out.push(match l.tag {
                Tag::UserAgent => 1,
                Tag::Allow => 2,
                Tag::Disallow => 3,
                Tag::Sitemap => 4,
                Tag::Unused => 5,
                _ => 0,
            });
            out.push(at(line.span.start));
            out.push(at(line.span.end));
            match &line.directive {
                Some(d) => out.extend([at(d.key.start), at(d.key.end), at(d.value.start), at(d.value.end)]),
                None => out.extend([NONE; 4]),
            }
            out.push(line.comment.map_or(NONE, at));
        }
        out
    }

    /// The lint, as `Robots.diagnostics` gives it.
    pub fn diagnostics(&self) -> String {
        self.file.diagnostics()
    }

    /// The text that the offsets index (invalid UTF-8 replaced).
    pub fn text(&self) -> String {
        self.file.text()
    }

    /// The input's full length when the size limit cut it, else -1.
    #[wasm_bindgen(getter, js_name = cutFrom)]
    pub fn cut_from(&self) -> f64 {
        self.file.cut_from()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agents_split_at_newlines_and_commas_outside_comments() {
        let ua =
            "Mozilla/5.0 (X11; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79 Safari/537.36";
        assert_eq!(
            split_agents(&alloc::format!("Googlebot, GPTBot\n{ua}\n\n , bingbot")),
            ["Googlebot", "GPTBot", ua, "bingbot"]
        );
    }

    #[test]
    fn sets_expand_and_presets_fall_back() {
        let mut t = TesterFile::new(b"User-agent: Googlebot\nDisallow: /photos/\n\nUser-agent: *\nAllow: /\n", -1.0);
        let inputs = t.inputs("googlebot-image, @ai-training", "/photos/a.jpg cart", "https://example.com");
        assert!(inputs.contains("\"set\":\"@ai-training\""));
        assert!(inputs.contains("\"tested\":\"https://example.com/cart\""));
        let grid = t.evaluate();
        assert!(grid.starts_with("[[false,2,\"Googlebot\",\"Googlebot\",[0],{"), "{grid}");
        assert!(t.explain(0, 0).contains("follows Googlebot's group"));
        assert_eq!(t.explain(9, 9), "");
    }

    #[test]
    fn classes_cover_every_line() {
        let t = TesterFile::new("User-agent: *\nDisallow: /é # x\n\nAllow: /".as_bytes(), -1.0);
        let c = t.classes();
        assert_eq!(c.len(), 4 * 8);
        assert_eq!(&c[8..16], &[3, 14, 30, 14, 22, 24, 26, 27]);
        assert_eq!(c[16..24], [0, 31, 31, NONE, NONE, NONE, NONE, NONE]);
    }
}
