//! The crawler catalogue, typed agents and URLs, usage preferences and the AI view, for JavaScript.
//!
//! Every reading is the core's: [`robotscope::crawler`], [`robotscope::crawler_set`],
//! [`robotscope::resolve_agent`], [`robotscope::resolve_url`], `Robots::check_agent`, `explain_agent` and
//! `usage_for`. Crawlers cross the boundary as their catalogue name: the façade looks the entry up in the
//! catalogue module that `cargo xtask npm` writes from the core's [`robotscope::CRAWLERS`] (with the facts, which
//! the `.wasm` leaves out for size), so the two cannot disagree. (Indices would need the table in the adapter
//! too: `CRAWLERS` is a `const`, and using it here linked a second copy, about 1 KB gzipped.)

use alloc::string::String;

use robotscope::{crawler_set, resolve_agent, resolve_url, Preference, TypedAgent, TypedUrl, UrlKind, Usage};
use wasm_bindgen::prelude::*;

use crate::json::Json;

/// Writes `{input, token, kind, crawler, label, note}` of a typed agent (`crawler`: the catalogue name, or null).
pub(crate) fn typed_agent(j: &mut Json, a: &TypedAgent) {
    j.open_object().key("input").str(&a.input).key("token").str(&a.token).key("kind").str(a.kind.name());
    j.key("crawler").opt_str(a.crawler.map(|c| c.name)).key("label").str(a.label());
    j.key("note").opt_str(a.note().as_deref()).close_object();
}

/// Writes `{input, tested, kind, error}` of a typed URL, and `governs` (a `Governs` name or null) when given.
pub(crate) fn typed_url(j: &mut Json, u: &TypedUrl, governs: Option<Option<&str>>) {
    j.open_object().key("input").str(&u.input).key("tested").str(&u.tested);
    j.key("kind").str(if u.kind == UrlKind::Full { "full" } else { "path" });
    j.key("error").opt_str(u.error.as_ref().map(|e| e.message()));
    if let Some(g) = governs {
        j.key("governs").opt_str(g);
    }
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

/// The typed agent the core reads from what a person typed (`resolve_agent`), as JSON (see `typed_agent`).
#[wasm_bindgen(js_name = resolveAgent)]
pub fn resolve_agent_json(agent: &str) -> String {
    let mut j = Json::new();
    typed_agent(&mut j, &resolve_agent(agent));
    j.finish()
}

/// The typed URL the core reads from what a person typed (`resolve_url`, paths joined to `base`, "" for none), as
/// JSON (see `typed_url`).
#[wasm_bindgen(js_name = resolveUrl)]
pub fn resolve_url_json(url: &str, base: &str) -> String {
    let mut j = Json::new();
    typed_url(&mut j, &resolve_url(url, Some(base).filter(|b| !b.trim().is_empty())), None);
    j.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    #[test]
    fn sets_are_catalogue_names() {
        let names: Vec<String> =
            crawler_set("@ai-training").unwrap().iter().map(|c| alloc::format!("\"{}\"", c.name)).collect();
        assert_eq!(crawler_set_names("@ai-training"), alloc::format!("[{}]", names.join(",")));
        assert!(crawler_set_names("@AI-training").contains("\"GPTBot\""));
        assert_eq!(crawler_set_names("@robots"), "null");
    }
}
