//! The crawler catalogue, typed agents and URLs, usage preferences and the AI view, for JavaScript.
//!
//! Every reading is the core's: [`robotscope::crawler`], [`robotscope::crawler_set`],
//! [`robotscope::resolve_agent`], [`robotscope::resolve_url`], `Robots::check_agent`, `explain_agent` and
//! `usage_for`. Crawlers cross the boundary as their catalogue name: the façade looks the entry up in the
//! catalogue module that `cargo xtask npm` writes from the core's [`robotscope::CRAWLERS`] (with the facts, which
//! the `.wasm` leaves out for size), so the two cannot disagree. (Indices would need the table in the adapter
//! too: `CRAWLERS` is a `const`, and using it here linked a second copy, about 1 KB gzipped.)

use alloc::string::String;

use robotscope::{
    crawler_set, resolve_agent, resolve_url, Preference, RuleKind, TypedAgent, TypedUrl, UrlKind, Usage, Verdict,
};
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

/// The `Disallow` line an `Allow` beat on a tie of priorities (ties go to Allow, SPEC A5.3), as the verdict's
/// own list of matched rules shows it: the rule a site owner wrote to block the URL and that does nothing.
fn tied_disallow(v: &Verdict) -> Option<usize> {
    let won = v.decided_by.as_ref().filter(|m| m.kind == RuleKind::Allow)?;
    v.matches.iter().find(|m| m.kind == RuleKind::Disallow && m.priority == won.priority).map(|m| m.line)
}

/// What people type, read by the core, as JSON (one export for the three, which keeps the `.wasm` small):
/// `what` 0, a typed agent `{input, token, kind, crawler, label, note}`; 1, a typed URL `{input, tested, kind,
/// error}` joined to `base` ("" for none) when it is a path; 2, the catalogue indices of a named set (`@ai-training`,
/// `@search`, `@ai`, `@all`, ...) as an array, or `null` when no set has that name.
#[wasm_bindgen]
pub fn typed(what: u8, input: &str, base: &str) -> String {
    let mut j = Json::new();
    match what {
        0 => typed_agent(&mut j, &resolve_agent(input)),
        1 => typed_url(&mut j, &resolve_url(input, Some(base).filter(|b| !b.trim().is_empty()))),
        _ => match crawler_set(input) {
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
        },
    }
    j.finish()
}

#[wasm_bindgen]
impl Robots {
    /// A typed agent (token, User-Agent header or preset, with its fallbacks) answered at a typed URL, as JSON:
    /// `{agent, url, token, follows, tiedDisallow (0: none), explanation, usage, verdict}`; `base` "" for none.
    #[wasm_bindgen(js_name = checkAgent)]
    pub fn check_agent(&self, agent: &str, url: &str, base: &str) -> String {
        let agent = resolve_agent(agent);
        let url = resolve_url(url, Some(base).filter(|b| !b.trim().is_empty()));
        let check = self.inner.check_agent(&agent, &url.tested);
        let mut j = Json::new();
        j.open_object().key("agent");
        typed_agent(&mut j, &agent);
        j.key("url");
        typed_url(&mut j, &url);
        j.key("token").opt_str(check.token.as_deref()).key("follows").opt_str(check.follows.as_deref());
        j.key("tiedDisallow").num(tied_disallow(&check.verdict).unwrap_or(0));
        j.key("explanation").str(&self.inner.explain_agent(&agent, &check));
        j.key("usage");
        usage(&mut j, &self.inner.usage_for(&check.verdict));
        j.key("verdict");
        self.verdict_into(&mut j, &check.verdict, false);
        j.close_object();
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
        assert_eq!(typed(2, "@ai-training", ""), alloc::format!("[{}]", names.join(",")));
        assert!(typed(2, "@AI-training", "").contains("\"GPTBot\""));
        assert_eq!(typed(2, "@robots", ""), "null");
        assert!(typed(0, "googlebot-image", "").contains("\"kind\":\"preset\",\"crawler\":\"Googlebot-Image\""));
        assert!(typed(1, "cart", "https://example.com").contains("\"tested\":\"https://example.com/cart\""));
    }

    #[test]
    fn a_typed_agent_names_the_tie_that_lets_it_in() {
        let robots = crate::parse(AI_ERA.as_bytes(), -1.0);
        // CCBot has no group: the two `*` groups merge, and `Allow: /` (line 4) ties `Disallow: /` (line 15).
        let c = robots.check_agent("ccbot", "example.com/", "");
        assert!(
            c.starts_with(
                "{\"agent\":{\"input\":\"ccbot\",\"token\":\"CCBot\",\"kind\":\"preset\",\"crawler\":\"CCBot\","
            ),
            "{c}"
        );
        assert!(c.contains("\"tested\":\"http://example.com/\""), "{c}");
        assert!(c.contains("\"token\":\"CCBot\",\"follows\":null,\"tiedDisallow\":15,"), "{c}");
        assert!(
            c.contains(
                "\"usage\":{\"crawlable\":true,\"contentUsage\":[{\"key\":\"train-ai\",\"granted\":false,\"line\":16}]"
            ),
            "{c}"
        );
        assert!(c.contains("\"verdict\":{\"allowed\":true,\"line\":4,"), "{c}");
        // GPTBot's own group disallows: no tie.
        assert!(robots.check_agent("GPTBot", "/", "").contains("\"tiedDisallow\":0,"));
    }
}
