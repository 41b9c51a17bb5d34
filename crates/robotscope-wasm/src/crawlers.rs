//! The crawler catalogue, typed agents and URLs, usage preferences and the AI view, for JavaScript.
//!
//! Every reading is the core's: [`robotscope::crawler`], [`robotscope::crawler_set`],
//! [`robotscope::resolve_agent`], [`robotscope::resolve_url`], `Robots::check_agent`, `explain_agent` and
//! `usage_for`. Crawlers cross the boundary as their catalogue name: the façade looks the entry up in the
//! catalogue module that `cargo xtask npm` writes from the core's [`robotscope::CRAWLERS`] (with the facts, which
//! the `.wasm` leaves out for size), so the two cannot disagree. (Indices would need the table in the adapter
//! too: `CRAWLERS` is a `const`, and using it here linked a second copy, about 1 KB gzipped.)

use alloc::string::String;

use robotscope::{crawler_set, resolve_agent, resolve_url, Preference, Profile, TypedAgent, TypedUrl, UrlKind, Usage};
use wasm_bindgen::prelude::*;

use crate::json::Json;
use crate::Robots;

/// Writes `{input, token, kind, crawler, label, note}` of a typed agent (`crawler`: the catalogue name, or null).
fn typed_agent(j: &mut Json, a: &TypedAgent) {
    j.open_object().key("input").str(&a.input).key("token").str(&a.token).key("kind").str(a.kind.name());
    j.key("crawler").opt_str(a.crawler.map(|c| c.name)).key("label").str(a.label());
    j.key("note").opt_str(a.note().as_deref()).close_object();
}

/// Writes `{input, tested, kind, error}` of a typed URL.
fn typed_url(j: &mut Json, u: &TypedUrl) {
    j.open_object().key("input").str(&u.input).key("tested").str(&u.tested);
    j.key("kind").str(if u.kind == UrlKind::Full { "full" } else { "path" });
    j.key("error").opt_str(u.error.as_ref().map(|e| e.message()));
    j.close_object();
}

fn preferences(j: &mut Json, prefs: &[Preference]) {
    j.open_array();
    for p in prefs {
        j.open_object().key("key").str(&p.key).key("granted").bool(p.granted).key("line").num(p.line);
        j.close_object();
    }
    j.close_array();
}

/// Writes the usage preferences: `{crawlable, contentUsage, contentUsageLines, contentUsageUnknown,
/// contentSignal}` (the names of the CLI's `usage_json`, in camelCase).
pub(crate) fn usage(j: &mut Json, u: &Usage) {
    j.open_object().key("crawlable").bool(u.crawlable).key("contentUsage");
    preferences(j, &u.content_usage);
    j.key("contentUsageLines").nums(&u.usage_lines).key("contentUsageUnknown").bool(u.usage_unknown);
    j.key("contentSignal");
    preferences(j, &u.content_signal);
    j.close_object();
}

/// The crawlers of a named set (`@ai-training`, `@search`, `@ai`, `@all`, ...) as a JSON array of catalogue
/// names, or `null` when no set has that name.
#[wasm_bindgen(js_name = crawlerSet)]
pub fn crawler_set_names(name: &str) -> String {
    let mut j = Json::new();
    match crawler_set(name) {
        Some(set) => {
            j.open_array();
            for c in set {
                j.str(c.name);
            }
            j.close_array();
        }
        None => {
            j.null();
        }
    }
    j.finish()
}

#[wasm_bindgen]
impl Robots {
    /// Typed agents (separated by `\n`) at typed URLs (separated by `\n`; paths joined to `base`, "" for none),
    /// each read once (the core's `resolve_agent`, `resolve_url` and `check_agent`): the grid, row-major (URL rows,
    /// agent columns), as a JSON array of `[allowed, line, token|null, follows|null, [groups], rule|null, scope,
    /// tiedDisallow (0: none)]`, then under a profile other than Google `[groupLines]`; with `detail`, each cell
    /// goes on with the typed agent, the typed URL, the explanation (`explain_agent`), the usage preferences
    /// (`usage_for`) and the whole verdict. The answers are
    /// those of the profile of index `profile` in `Profile::ALL` (0: Google); the usage preferences are always
    /// read from Google's groups (no other profile defines them).
    pub fn grid(&self, agents: &str, urls: &str, base: &str, detail: bool, profile: u8) -> String {
        let reading = crate::profiles::reading(&self.inner, profile);
        let agents: alloc::vec::Vec<TypedAgent> = agents.split('\n').map(resolve_agent).collect();
        let base = Some(base).filter(|b| !b.trim().is_empty());
        let mut j = Json::new();
        j.open_array();
        for url in urls.split('\n') {
            let url = resolve_url(url, base);
            for agent in &agents {
                let check = reading.check_agent(agent, &url.tested);
                let v = &check.verdict;
                j.open_array().bool(v.allowed).num(v.line);
                j.opt_str(check.token.as_deref()).opt_str(check.follows.as_deref()).nums(&v.groups);
                match &v.decided_by {
                    Some(m) => self.rule_match(&mut j, m),
                    None => {
                        j.null();
                    }
                }
                j.str(v.scope.name()).num(v.tied_disallow().map_or(0, |m| m.line));
                if reading.profile() != Profile::Google {
                    // The groups index this reading's own groups, which `groups()` does not list: their lines.
                    j.nums(&v.group_lines);
                }
                if detail {
                    typed_agent(&mut j, agent);
                    typed_url(&mut j, &url);
                    j.str(&reading.explain_agent(agent, &check));
                    match reading.profile() {
                        Profile::Google => usage(&mut j, &self.inner.usage_for(v)),
                        _ => usage(&mut j, &self.inner.usage_for(&self.inner.check_agent(agent, &url.tested).verdict)),
                    }
                    self.verdict_into(&mut j, v, false);
                }
                j.close_array();
            }
        }
        j.close_array();
        j.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    const AI_ERA: &str = include_str!("../../../static/examples/ai-era.robots.txt");

    #[test]
    fn sets_are_catalogue_names() {
        let names: Vec<String> =
            crawler_set("@ai-training").unwrap().iter().map(|c| alloc::format!("\"{}\"", c.name)).collect();
        assert_eq!(crawler_set_names("@ai-training"), alloc::format!("[{}]", names.join(",")));
        assert!(crawler_set_names("@AI-training").contains("\"GPTBot\""));
        assert_eq!(crawler_set_names("@robots"), "null");
    }

    #[test]
    fn the_grid_names_the_tie_that_lets_a_crawler_in() {
        let robots = crate::parse(AI_ERA.as_bytes(), -1.0);
        // CCBot has no group: the two `*` groups (0 and 2) merge, and `Allow: /` (line 4) ties `Disallow: /`
        // (line 15); GPTBot's own group (1) disallows, with no tie.
        let grid = robots.grid("ccbot\nGPTBot", "/\ndocs/guide", "https://example.com", false, 0);
        assert!(grid.starts_with("[[true,4,\"CCBot\",null,[0,2],{"), "{grid}");
        assert!(grid.contains("\"global\",15],[false,10,\"GPTBot\",null,[1],{"), "{grid}");
        assert!(grid.ends_with("\"specific\",0]]"), "{grid}");
        let c = robots.grid("ccbot", "example.com/", "", true, 0);
        assert!(
            c.contains(",15,{\"input\":\"ccbot\",\"token\":\"CCBot\",\"kind\":\"preset\",\"crawler\":\"CCBot\","),
            "{c}"
        );
        assert!(c.contains("\"tested\":\"http://example.com/\""), "{c}");
        assert!(c.contains("ties go to Allow"), "{c}");
        assert!(
            c.contains("{\"crawlable\":true,\"contentUsage\":[{\"key\":\"train-ai\",\"granted\":false,\"line\":16}]"),
            "{c}"
        );
        // The whole verdict ends the cell: both tied rules match, at their offsets in the file.
        let allow = AI_ERA.find("Allow: /").unwrap() + "Allow: ".len();
        let disallow =
            AI_ERA.find("# Our own rules").and_then(|at| AI_ERA[at..].find("Disallow: /").map(|d| at + d)).unwrap()
                + "Disallow: ".len();
        let rule = |line: usize, kind: &str, column: usize, at: usize| {
            alloc::format!(
                "{{\"line\":{line},\"kind\":\"{kind}\",\"value\":\"/\",\"pattern\":\"/\",\"priority\":1,\
                 \"indexFallback\":false,\"column\":{column},\"start\":{at},\"end\":{},\"byteStart\":{at},\
                 \"byteEnd\":{}}}",
                at + 1,
                at + 1
            )
        };
        let matches =
            alloc::format!("\"matches\":[{},{}]}}]]", rule(4, "allow", 8, allow), rule(15, "disallow", 11, disallow));
        assert!(c.ends_with(&matches), "{c}");
    }
}
