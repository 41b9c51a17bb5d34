//! The interpretation profiles (SPEC B6) for JavaScript: a profile crosses as its index in `Profile::ALL`
//! (the façade reads the names from the data module `cargo xtask npm` writes from that list), and a comparison
//! is the core's readings, written as JSON.
//!
//! The readings other than Google's are behind the crate's `profiles` feature (on by default): the module
//! browsers load first is built without it and answers every query as Google does (`Google` below stands in for
//! `Reading` there), and the façade loads the module built with it when a query names another profile
//! (`initProfiles`). The readings cost 9.5 KB gzipped of a 70 KiB budget, more than the budget had left (see
//! ARCHITECTURE.md).
//!
//! `compare` asks each reading itself rather than calling `Robots::compare`, whose generic agent list (`&[A]`)
//! would compile every reading's matcher once more for a new agent type: 2.1 KB gzipped of the `.wasm`, measured.
//! It marks the rows as `Robots::compare` does (the test below checks the two agree).

use alloc::string::String;
#[cfg(feature = "profiles")]
use alloc::vec::Vec;

#[cfg(feature = "profiles")]
use robotscope::Reading;
#[cfg(not(feature = "profiles"))]
use robotscope::{AgentCheck, TypedAgent};
use robotscope::{Profile, Verdict};
use wasm_bindgen::prelude::*;

#[cfg(feature = "profiles")]
use crate::{json::Json, Robots};

/// The profile of index `i` in `Profile::ALL`; Google for any other number (the façade passes only valid ones).
#[cfg(feature = "profiles")]
pub(crate) fn profile(i: u8) -> Profile {
    Profile::ALL.get(usize::from(i)).copied().unwrap_or_default()
}

/// The file read under the profile of index `i`.
#[cfg(feature = "profiles")]
pub(crate) fn reading(robots: &robotscope::Robots, i: u8) -> Reading<'_> {
    robots.reading(profile(i))
}

/// Without the readings, every profile index reads as Google.
#[cfg(not(feature = "profiles"))]
pub(crate) fn reading(robots: &robotscope::Robots, _: u8) -> Google<'_> {
    Google(robots)
}

/// The verdict for `agents` at `url` under the profile of index `i`.
#[cfg(feature = "profiles")]
pub(crate) fn check(robots: &robotscope::Robots, i: u8, agents: &[&str], url: &str) -> Verdict {
    robots.check_profile(profile(i), agents, url)
}

/// The verdict for `agents` at `url`, as Google reads the file.
#[cfg(not(feature = "profiles"))]
pub(crate) fn check(robots: &robotscope::Robots, _: u8, agents: &[&str], url: &str) -> Verdict {
    robots.check(agents, url)
}

/// Google's reading with the methods of `Reading` the adapter calls, for the module without the other readings.
#[cfg(not(feature = "profiles"))]
pub(crate) struct Google<'a>(&'a robotscope::Robots);

#[cfg(not(feature = "profiles"))]
impl Google<'_> {
    pub(crate) fn profile(&self) -> Profile {
        Profile::Google
    }

    pub(crate) fn check_agent(&self, agent: &TypedAgent, url: &str) -> AgentCheck {
        self.0.check_agent(agent, url)
    }

    pub(crate) fn explain_agent(&self, agent: &TypedAgent, check: &AgentCheck) -> String {
        self.0.explain_agent(agent, check)
    }
}

/// Whether this module answers under every profile (`false`: Google's reading only, see the module's comment).
#[wasm_bindgen(js_name = hasProfiles)]
pub fn has_profiles() -> bool {
    cfg!(feature = "profiles")
}

#[cfg(feature = "profiles")]
#[wasm_bindgen]
impl Robots {
    /// Every URL (separated by `\n`) for every agent (separated by `\n`; the members of a pooled list by `\r`)
    /// under the profiles of the indices in `profiles` (as `Robots::compare`), as a JSON array of rows, URL-major:
    /// `[url, agent, answer..., differs, linesDiffer]` with one answer per profile, `[allowed, line, rule|null,
    /// scope, explanation]` (the marks last: each verdict is written as it comes).
    pub fn compare(&self, agents: &str, urls: &str, profiles: &[u8]) -> String {
        let pools: Vec<Vec<&str>> = agents.split('\n').map(|a| a.split('\r').collect()).collect();
        let urls: Vec<&str> = urls.split('\n').collect();
        let profiles: Vec<Profile> = profiles.iter().map(|&i| profile(i)).collect();
        let readings: Vec<Reading<'_>> = profiles.iter().map(|&p| self.inner.reading(p)).collect();
        let names: Vec<String> = pools.iter().map(|p| p.join(" + ")).collect();
        let mut j = Json::new();
        j.open_array();
        for (u, url) in urls.iter().enumerate() {
            for (a, pool) in pools.iter().enumerate() {
                j.open_array().num(u).num(a);
                // Whether any answer differs from the first (from another one, as `Robots::compare` marks rows).
                let (mut first, mut differs, mut lines_differ) = (None, false, false);
                for reading in &readings {
                    // The agent list type of every other query (`[&str]`): one copy of each reading's matcher.
                    let v = reading.check(pool.as_slice(), url);
                    let &mut (allowed, line) = first.get_or_insert((v.allowed, v.line));
                    differs |= allowed != v.allowed;
                    lines_differ |= line != v.line;
                    self.answer(&mut j, &v, &reading.explain(&v, &names[a]));
                }
                j.bool(differs).bool(lines_differ).close_array();
            }
        }
        j.close_array();
        j.finish()
    }
}

#[cfg(feature = "profiles")]
impl Robots {
    /// One profile's answer in a row of `compare`: `[allowed, line, rule|null, scope, explanation]`.
    fn answer(&self, j: &mut Json, v: &Verdict, explanation: &str) {
        j.open_array().bool(v.allowed).num(v.line);
        match &v.decided_by {
            Some(m) => self.rule_match(j, m),
            None => {
                j.null();
            }
        }
        j.str(v.scope.name()).str(explanation).close_array();
    }
}

#[cfg(all(test, feature = "profiles"))]
mod tests {
    use super::*;

    const PITFALLS: &str = include_str!("../../../static/examples/pitfalls.robots.txt");

    #[test]
    fn profiles_cross_as_their_index() {
        assert_eq!(Profile::ALL.map(|p| p.as_str()), ["google", "rfc9309", "1994"]);
        assert_eq!(profile(1), Profile::Rfc9309);
        assert_eq!(profile(2), Profile::Original1994);
        assert_eq!(profile(9), Profile::Google);
    }

    #[test]
    fn a_comparison_is_the_cores() {
        let robots = crate::parse(PITFALLS.as_bytes(), -1.0);
        let (agents, urls) = (["GPTBot", "Googlebot"], ["/", "/private/a", "/drafts/x"]);
        let json = robots.compare("GPTBot\nGooglebot\rBingbot", &urls.join("\n"), &[0, 1, 2]);
        let pooled: [&[&str]; 2] = [&agents[..1], &["Googlebot", "Bingbot"]];
        let c = robots.inner.compare(&Profile::ALL, &pooled, &urls);
        let names = ["GPTBot", "Googlebot + Bingbot"];
        // The same JSON written from the core's comparison, row by row.
        let mut want = Json::new();
        want.open_array();
        for row in &c.rows {
            want.open_array().num(row.url).num(row.agent);
            for (reading, v) in c.readings.iter().zip(&row.verdicts) {
                robots.answer(&mut want, v, &reading.explain(v, names[row.agent]));
            }
            want.bool(row.differs).bool(row.lines_differ).close_array();
        }
        want.close_array();
        assert_eq!(json, want.finish());
        assert!(c.rows.iter().any(|r| r.differs && r.lines_differ), "the pitfalls file reads differently somewhere");
        assert!(c.rows.iter().any(|r| !r.differs && r.lines_differ), "and names other lines elsewhere");
    }

    /// The npm tests' expected answers (`test/fixtures/pitfalls-compare.jsonl`, the CLI's `check --compare --json`)
    /// are the core's: each line's answer under each profile.
    #[test]
    fn the_cli_fixture_is_the_cores() {
        let robots = robotscope::Robots::parse(PITFALLS);
        let fixture = include_str!("../test/fixtures/pitfalls-compare.jsonl");
        let mut rows = 0;
        for line in fixture.lines() {
            // The first string after `before` (the fixture's values hold no quotes).
            let value = |before: &str| {
                let at = line.find(before).unwrap() + before.len();
                &line[at..at + line[at..].find('"').unwrap()]
            };
            let (agent, url) = (value("\"agents\":[\""), value("\"url\":\""));
            let c = robots.compare(&Profile::ALL, &[agent], &[url]);
            let row = &c.rows[0];
            assert!(line.contains(&alloc::format!("\"differs\":{},", row.differs)), "{line}");
            for (p, v) in Profile::ALL.iter().zip(&row.verdicts) {
                let answer = alloc::format!("{{\"profile\":\"{p}\",\"allowed\":{},\"line\":{},", v.allowed, v.line);
                assert!(line.contains(&answer), "{answer} in {line}");
            }
            rows += 1;
        }
        assert_eq!(rows, 21);
    }
}
