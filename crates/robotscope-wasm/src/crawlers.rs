//! Typed agents and URLs and usage preferences, for JavaScript.
//!
//! Every reading is the core's: [`robotscope::resolve_agent`], [`robotscope::resolve_url`] and `usage_for`.
//! Crawlers cross the boundary as their catalogue name: the façade looks the entry up in the
//! catalogue module that `cargo xtask npm` writes from the core's [`robotscope::CRAWLERS`] (with the facts, which
//! the `.wasm` leaves out for size), so the two cannot disagree. (Indices would need the table in the adapter
//! too: `CRAWLERS` is a `const`, and using it here linked a second copy, about 1 KB gzipped.) The crawler sets are
//! in that module too (`CRAWLER_SETS`, written from `crawler_set`).

use alloc::string::String;

use robotscope::{resolve_agent, resolve_url, Preference, TypedAgent, TypedUrl, UrlKind, Usage};
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
/// contentSignal, contentUse, described}` (the names of the CLI's `usage_json`, in camelCase; `contentUse` is
/// `{value, line}` or null, `described` the core's words as `[{label, text}]`).
pub(crate) fn usage(j: &mut Json, u: &Usage) {
    j.open_object().key("crawlable").bool(u.crawlable).key("contentUsage");
    preferences(j, &u.content_usage);
    j.key("contentUsageLines").nums(&u.usage_lines).key("contentUsageUnknown").bool(u.usage_unknown);
    j.key("contentSignal");
    preferences(j, &u.content_signal);
    j.key("contentUse");
    match &u.content_use {
        Some((value, line)) => {
            j.open_object().key("value").str(value).key("line").num(*line);
            j.close_object();
        }
        None => {
            j.null();
        }
    }
    j.key("described").open_array();
    for (label, text) in u.described() {
        j.open_object().key("label").str(label).key("text").str(&text);
        j.close_object();
    }
    j.close_array();
    j.close_object();
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
