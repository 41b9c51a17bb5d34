//! The differential test's regression cases: every disagreement `cargo xtask differential` ever found with
//! Google's library (PyPI `jwm.robotstxt`) is minimized and stored in `tests/differential/found/` with Google's
//! answer, and replayed here forever, without Python.
//!
//! A case listed in `expected_failures.txt` as `differential/<file stem>` is a known divergence: it must still
//! disagree (a listed case that passes fails, so the list cannot go stale).

#[path = "differential/case.rs"]
#[allow(dead_code)]
mod case;

use std::path::Path;

fn found_dir() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("differential/found")
}

#[test]
fn found_cases_agree_with_google() {
    let expected = robotscope_tests::expected_failures();
    let cases = case::read_found(&found_dir());
    let mut problems = Vec::new();
    for (name, case) in &cases {
        let listed = expected.iter().any(|e| *e == format!("differential/{name}"));
        match (case, listed) {
            (Err(e), _) => problems.push(format!("{name}: cannot read: {e}")),
            (Ok(c), false) => {
                if let Some(why) = c.disagreement() {
                    problems.push(format!("{name}: {why}"));
                }
            }
            (Ok(c), true) => {
                if c.disagreement().is_none() {
                    problems.push(format!("{name}: listed in expected_failures.txt but agrees now; unlist it"));
                }
            }
        }
    }
    eprintln!("differential regression cases: {} replayed, {} problems", cases.len(), problems.len());
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The reader and the comparison are themselves tested: a case written with a wrong answer for Google must be
/// reported as a disagreement, and one with the right answer must not.
#[test]
fn a_wrong_answer_is_reported() {
    let dir = std::env::temp_dir().join(format!("robotscope-differential-test-{}", std::process::id()));
    let robots = b"User-agent: *\r\nDisallow: /a\xff*$\n".to_vec();
    // `/a\xff*$` is matched as `/a%FF*$`, which covers `/a%FFbc`: disallowed by line 2.
    let verdict = |allowed, line| case::Found::Verdict {
        robots: robots.clone(),
        agents: vec!["Googlebot".into()],
        url: "http://x/a%FFbc".into(),
        allowed,
        line,
    };
    let (right, wrong) = (verdict(false, 2), verdict(true, 0));
    let parse = case::Found::Parse { robots: robots.clone(), google: case::robotscope_parse(&robots) };
    let agent = case::Found::Agent { agent: "Googlebot/2.1".into(), token: "Googlebot".into(), valid: true };
    for c in [&right, &wrong, &parse, &agent] {
        c.write(&dir, "test").expect("write");
    }
    let read = case::read_found(&dir);
    std::fs::remove_dir_all(&dir).expect("clean up");
    let answers: Vec<(case::Found, bool)> =
        read.into_iter().map(|(_, c)| c.expect("reads")).map(|c| (c.clone(), c.disagreement().is_some())).collect();
    assert_eq!(answers.len(), 4);
    assert!(answers.contains(&(right, false)), "{answers:?}");
    assert!(answers.contains(&(wrong, true)), "{answers:?}");
    assert!(answers.contains(&(parse, false)), "{answers:?}");
    assert!(answers.contains(&(agent, true)), "Googlebot/2.1 is not a valid agent to obey: {answers:?}");
}
