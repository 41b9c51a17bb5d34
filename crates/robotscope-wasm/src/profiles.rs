//! The interpretation profiles (SPEC B6) for JavaScript: a profile crosses as its index in `Profile::ALL` (the
//! façade reads the names from the data module `cargo xtask npm` writes from that list).
//!
//! The readings other than Google's are behind the crate's `profiles` feature (on by default): the module
//! browsers load first is built without it and answers every query as Google does, and the façade loads the
//! module built with it when a query names another profile (`initProfiles`). The readings cost 9.5 KB gzipped of
//! a 70 KiB budget, more than the budget had left (see docs/sizes.md). Whole questions, compared readings
//! included, are `survey.rs`'s (the core's `Robots::ask`).

#[cfg(feature = "profiles")]
use robotscope::Profile;
use robotscope::Verdict;
use wasm_bindgen::prelude::*;

/// The profile of index `i` in `Profile::ALL`; Google for any other number (the façade passes only valid ones).
#[cfg(feature = "profiles")]
pub(crate) fn profile(i: u8) -> Profile {
    Profile::ALL.get(usize::from(i)).copied().unwrap_or_default()
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

/// Whether this module answers under every profile (`false`: Google's reading only, see the module's comment).
#[wasm_bindgen(js_name = hasProfiles)]
pub fn has_profiles() -> bool {
    cfg!(feature = "profiles")
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
