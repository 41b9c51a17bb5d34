//! The question layer for JavaScript: `Robots::ask` of the core, written as JSON with named members. Nothing here
//! decides: every cell, mark and explanation is the core's; this file only names the members, once, for every
//! JavaScript renderer (`grid`, `checkAgent`, `compare`, `ai`, the widget). `ai` asks for the catalogue's AI
//! crawlers (`robotscope::ai_agents`) as `Robots::ai_summary` does, and the survey carries the core's counts
//! (`Survey::ai`): an export of its own cost 1.6 KB gzipped in the module browsers
//! load first.
//!
//! The module browsers load first has no reading but Google's (see `profiles.rs`): it asks through
//! `Robots::ask_google`, `explain_cell_google` and `quoted_lines_google`, which link no other reading, and the
//! façade refuses any other view before calling in.

use alloc::string::String;
use alloc::vec::Vec;

use robotscope::{Answer, AskedAgent, AskedUrl, Cell, Profile, Question, Survey, View};
use wasm_bindgen::prelude::*;

use crate::crawlers::{typed_agent, typed_url, usage};
use crate::json::Json;
use crate::Robots;

/// A site's one answer (SPEC B5) from the façade's code: 1 allow-all, 2 disallow-all, anything else none.
fn whole_site(code: u8) -> Option<bool> {
    match code {
        1 => Some(true),
        2 => Some(false),
        _ => None,
    }
}

/// The view of index `i`: a profile's index in `Profile::ALL`, or `Profile::ALL.len()` for `compare`.
fn view(i: u8) -> View {
    Profile::ALL.get(usize::from(i)).map_or(View::Compare, |&p| View::Reading(p))
}

impl Robots {
    /// One reader's (or, written by the baseline's `Robots`, the baseline's) answer: `{profile, allowed, line,
    /// rule, scope, token, follows}`, the rule with its place in the file that answered.
    fn answer(&self, j: &mut Json, a: &Answer) {
        j.open_object().key("profile").str(a.profile.as_str()).key("allowed").bool(a.allowed).key("line").num(a.line);
        j.key("rule").opt(a.rule.as_ref(), |j, m| self.rule_match(j, m));
        j.key("scope").str(a.scope.name());
        j.key("token").opt_str(a.token.as_deref()).key("follows").opt_str(a.follows.as_deref()).close_object();
    }

    #[cfg(feature = "profiles")]
    fn survey(&self, q: &Question<'_>) -> Survey {
        self.inner.ask(q)
    }

    #[cfg(not(feature = "profiles"))]
    fn survey(&self, q: &Question<'_>) -> Survey {
        self.inner.ask_google(q)
    }

    #[cfg(feature = "profiles")]
    fn explain_cell(&self, s: &Survey, url: usize, agent: usize, profile: Profile) -> String {
        self.inner.explain_cell(s, url, agent, profile).unwrap_or_default()
    }

    #[cfg(not(feature = "profiles"))]
    fn explain_cell(&self, s: &Survey, url: usize, agent: usize, _: Profile) -> String {
        self.inner.explain_cell_google(s, url, agent).unwrap_or_default()
    }

    #[cfg(feature = "profiles")]
    fn quoted(&self, cell: &Cell) -> Vec<usize> {
        self.inner.quoted_lines(cell)
    }

    #[cfg(not(feature = "profiles"))]
    fn quoted(&self, cell: &Cell) -> Vec<usize> {
        self.inner.quoted_lines_google(cell)
    }

    /// One cell: `{profile, allowed, line, token, follows, tiedDisallow, blocked, looksBlocked, differs, changed,
    /// readers, baseline, usage, verdict}` (`blocked` and `looksBlocked`: `Cell::blocked` and `Cell::looks_blocked`,
    /// which the AI summary counts), and with `explain` (a survey and the cell's place in it) `explanation`,
    /// `quotedLines` and, when comparing, `explanations` (one per reader).
    // Out of line, as `agent_row` and `url_row` (see the core's `ask_in`).
    #[inline(never)]
    fn cell(&self, j: &mut Json, c: &Cell, baseline: &Robots, explain: Option<(&Survey, usize, usize)>) {
        j.open_object().key("profile").str(c.profile.as_str());
        j.key("allowed").bool(c.allowed()).key("line").num(c.line());
        j.key("token").opt_str(c.token.as_deref()).key("follows").opt_str(c.follows.as_deref());
        j.key("tiedDisallow").opt(c.tied_disallow, |j, l| {
            j.num(l);
        });
        j.key("blocked").bool(c.blocked()).key("looksBlocked").bool(c.looks_blocked());
        j.key("differs").bool(c.differs).key("linesDiffer").bool(c.lines_differ).key("changed").bool(c.changed);
        j.key("readers").open_array();
        for r in &c.readers {
            self.answer(j, r);
        }
        j.close_array().key("baseline").opt(c.baseline.as_ref(), |j, b| baseline.answer(j, b));
        j.key("usage");
        usage(j, &c.usage);
        j.key("verdict");
        self.verdict_into(j, &c.verdict, false);
        if let Some((s, u, a)) = explain {
            j.key("explanation").str(&self.explain_cell(s, u, a, c.profile));
            j.key("quotedLines").nums(&self.quoted(c));
            if !c.readers.is_empty() {
                j.key("explanations").open_array();
                for r in &c.readers {
                    j.str(&self.explain_cell(s, u, a, r.profile));
                }
                j.close_array();
            }
        }
        j.close_object();
    }
}

#[inline(never)]
fn agent_row(j: &mut Json, a: &AskedAgent) {
    j.open_object().key("input").str(&a.input).key("label").str(&a.label).key("notes").open_array();
    for n in &a.notes {
        j.str(n);
    }
    j.close_array().key("members").open_array();
    for m in &a.members {
        typed_agent(j, m);
    }
    j.close_array().close_object();
}

#[inline(never)]
fn url_row(j: &mut Json, u: &AskedUrl) {
    typed_url(j, &u.typed, Some(u.governs.map(|g| g.name())));
}

/// Splits a list the façade joined with `\n` (it refuses items holding one); an empty list is empty.
fn items(list: &str) -> Vec<String> {
    // Pushed one by one: the `collect` linked code of its own (167 B by zlib level 9).
    let mut out = Vec::new();
    if !list.is_empty() {
        for item in list.split('\n') {
            out.push(String::from(item));
        }
    }
    out
}

#[wasm_bindgen]
impl Robots {
    /// Answers a whole question (the core's `Robots::ask`): agents and URLs as typed (each list joined by `\n`),
    /// paths joined to `base` ("" for none), under the view of index `view` (a profile's index in `Profile::ALL`,
    /// or its length for `compare`, which compares the profiles of the indices in `readings`, all when empty),
    /// against `baseline` when `against`, read exactly as given when `exact`, answered for a site without a file by
    /// `whole` and `baseline_whole` (0: the file; 1: allow-all; 2: disallow-all); with `explain`, each cell carries
    /// its explanation and quoted lines. The survey as JSON: `{view, site, differ, changed, leftOut, leftOutNotes,
    /// agents, urls, cells, ai}`, `cells` URL-major, `null` where the URL cannot be read; `ai` per URL the blocked
    /// and looks-blocked AI crawlers among the agents, `{group, blocked, looksBlocked}` per AI group (`Survey::ai`).
    #[allow(clippy::too_many_arguments)]
    pub fn ask(
        &self,
        agents: &str,
        urls: &str,
        base: &str,
        view_index: u8,
        readings: &[u8],
        baseline: &Robots,
        against: bool,
        exact: bool,
        explain: bool,
        whole: u8,
        baseline_whole: u8,
    ) -> String {
        // The module without the other readings compares none (the façade refuses `compare` there).
        #[cfg(feature = "profiles")]
        let compared: Vec<Profile> =
            readings.iter().filter_map(|&i| Profile::ALL.get(usize::from(i)).copied()).collect();
        #[cfg(not(feature = "profiles"))]
        let compared: [Profile; 0] = {
            let _ = readings;
            []
        };
        let question = Question {
            agents: items(agents),
            urls: items(urls),
            base: Some(base).filter(|b| !b.is_empty()).map(String::from),
            site: None,
            view: view(view_index),
            readings: &compared,
            baseline: against.then_some(&baseline.inner),
            exact,
        };
        let mut s = self.survey(&question);
        // A side that is a site without a file (a fetch's allow-all or disallow-all) answers by the core's rule.
        s.govern(whole_site(whole), whole_site(baseline_whole));
        let mut j = Json::new();
        j.open_object().key("view").str(s.view.name()).key("site").opt_str(s.site.as_deref());
        j.key("differ").num(s.differ).key("changed").num(s.changed);
        // The rows past the core's limits of typed lists, counted and said in its words.
        j.key("leftOut").nums(&s.left_out).key("leftOutNotes").open_array();
        for note in s.left_out_notes() {
            j.str(&note);
        }
        j.close_array().key("agents").open_array();
        for a in &s.agents {
            agent_row(&mut j, a);
        }
        j.close_array().key("urls").open_array();
        for u in &s.urls {
            url_row(&mut j, u);
        }
        j.close_array().key("cells").open_array();
        let n = s.agents.len();
        for (i, c) in s.cells.iter().enumerate() {
            j.opt(c.as_ref(), |j, c| self.cell(j, c, baseline, explain.then_some((&s, i / n.max(1), i % n.max(1)))));
        }
        // Per URL, the core's counts of the AI crawlers among the agents: each AI group's blocked and looks-blocked
        // crawlers, named.
        j.close_array().key("ai").open_array();
        for counts in &s.ai {
            j.open_array();
            for (g, c) in robotscope::AI_GROUPS.iter().zip(counts) {
                j.open_object().key("group").str(g.name);
                j.key("blocked").num(c.blocked).key("looksBlocked").num(c.looks_blocked).close_object();
            }
            j.close_array();
        }
        j.close_array().close_object();
        j.finish()
    }

    /// Keeps the readings other than Google's with the parse (the core's `Robots::keep_readings`), so that asking
    /// under them again tokenizes nothing; `heapBytes` counts them. Not in the module without them (the façade
    /// calls it only after asking for another reading, which that module refuses).
    #[cfg(feature = "profiles")]
    #[wasm_bindgen(js_name = keepReadings)]
    pub fn keep_readings(&mut self) {
        self.inner.keep_readings();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const AI_ERA: &str = include_str!("../../../static/examples/ai-era.robots.txt");

    #[test]
    fn a_survey_names_its_members_and_the_cells_are_the_cores() {
        let robots = crate::parse(AI_ERA.as_bytes(), -1.0);
        let json =
            robots.ask("ccbot\nGPTBot", "/\nhttp://", "https://example.com", 0, &[], &robots, false, false, true, 0, 0);
        let q = Question {
            agents: ["ccbot", "GPTBot"].map(String::from).into(),
            urls: ["/", "http://"].map(String::from).into(),
            base: Some("https://example.com".into()),
            ..Question::default()
        };
        let s = robots.inner.ask(&q);
        assert!(json.starts_with("{\"view\":\"google\",\"site\":\"https://example.com/robots.txt\",\"differ\":0,"));
        // CCBot has no group: the two `*` groups merge and `Allow: /` (line 4) ties `Disallow: /` (line 15).
        let ccbot = s.cell(0, 0).unwrap();
        assert_eq!((ccbot.line(), ccbot.tied_disallow), (4, Some(15)));
        assert!(json.contains("\"cells\":[{\"profile\":\"google\",\"allowed\":true,\"line\":4,\"token\":\"CCBot\""));
        assert!(json.contains("\"tiedDisallow\":15,"), "{json}");
        assert!(json.contains(&alloc::format!(
            "\"explanation\":\"{}",
            &robots.inner.explain_cell(&s, 0, 0, Profile::Google).unwrap()[..40]
        )));
        assert!(json.contains(",null,null],\"ai\":"), "the URL that cannot be read has no cells: {json}");
        assert_eq!(
            robots.ask("", "/", "", 0, &[], &robots, false, false, false, 0, 0).matches("\"cells\":[]").count(),
            1
        );
    }

    #[test]
    fn the_survey_carries_the_ai_summary_counts() {
        let robots = crate::parse(AI_ERA.as_bytes(), -1.0);
        let json = robots.ask(&robotscope::ai_agents().join("\n"), "/", "", 0, &[], &robots, false, false, false, 0, 0);
        let counts: Vec<String> = robots
            .inner
            .ai_summary("/")
            .unwrap()
            .iter()
            .map(|g| {
                let (name, b, l) = (g.group.name, g.blocked, g.looks_blocked);
                alloc::format!("{{\"group\":\"{name}\",\"blocked\":{b},\"looksBlocked\":{l}}}")
            })
            .collect();
        assert!(json.ends_with(&alloc::format!(",\"ai\":[[{}]]}}", counts.join(","))), "{json}");
        let other = robots.ask("GPTBot\nGooglebot", "/", "", 0, &[], &robots, false, false, false, 0, 0);
        let named = "{\"group\":\"training\",\"blocked\":1,\"looksBlocked\":0},\
            {\"group\":\"ai-search\",\"blocked\":0,\"looksBlocked\":0},\
            {\"group\":\"user-triggered\",\"blocked\":0,\"looksBlocked\":0}";
        assert!(other.ends_with(&alloc::format!(",\"ai\":[[{named}]]}}")), "{other}");
    }
}
