//! The shared table of typed agents and URLs (`fixtures/typed-inputs.json`), answered by the core's reading of
//! what people type. The CLI, the npm package and the tester read the same table in their own test suites.

use robotscope::{resolve_agent, resolve_url, Robots};
use serde_json::Value;

#[test]
fn the_core_answers_the_shared_typed_inputs_table() {
    let table: Value = serde_json::from_str(
        &std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/typed-inputs.json"))
            .unwrap(),
    )
    .unwrap();
    let robots = Robots::parse(table["robots"].as_str().unwrap());
    for case in table["cases"].as_array().unwrap() {
        let (typed, url) = (case["agent"].as_str().unwrap(), case["url"].as_str().unwrap());
        let agent = resolve_agent(typed);
        let url = resolve_url(url, None);
        assert_eq!(agent.kind.name(), case["kind"].as_str().unwrap(), "kind of {typed}");
        assert_eq!(url.tested, case["tested"].as_str().unwrap());
        let check = robots.check_agent(&agent, &url.tested);
        assert_eq!(check.token.as_deref(), case["token"].as_str(), "token of {typed}");
        assert_eq!(robots.agent_token(&agent), check.token);
        assert_eq!(check.follows.as_deref(), case["follows"].as_str(), "follows of {typed}");
        assert_eq!(check.verdict.allowed, case["allowed"].as_bool().unwrap(), "{typed} {}", url.tested);
        assert_eq!(check.verdict.line as u64, case["line"].as_u64().unwrap(), "{typed} {}", url.tested);
    }
}
