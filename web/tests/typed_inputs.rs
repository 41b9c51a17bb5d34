//! The shared table of typed agents and URLs (`tests/fixtures/typed-inputs.json` at the repository's root),
//! answered through the tester's own state: each row typed into the agents and URLs boxes, read back from the
//! analysis the page shows. The core, the CLI and the npm package answer the same table in their suites.

use robotscope_web::session::Session;
use robotscope_web::state::{Action, State};
use serde_json::Value;
use yew::Reducible;

#[test]
fn the_tester_answers_the_shared_typed_inputs_table() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/typed-inputs.json");
    let table: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let cases = table["cases"].as_array().unwrap();
    assert!(cases.len() >= 10);
    let start = std::rc::Rc::new(State::from_session(Session {
        robots: table["robots"].as_str().unwrap().to_string(),
        ..Session::default()
    }));
    for case in cases {
        let (agent, url) = (case["agent"].as_str().unwrap(), case["url"].as_str().unwrap());
        // Typed as a user types them: into the boxes, one per line.
        let s = start.clone().reduce(Action::EditAgents(format!("{agent}\n")));
        let s = s.reduce(Action::EditUrls(format!("{url}\n")));
        let a = &s.analysis;
        assert_eq!(a.agents.len(), 1, "{agent}");
        assert_eq!(a.agents[0].members[0].kind.name(), case["kind"].as_str().unwrap(), "kind of {agent}");
        assert_eq!(a.urls[0].typed.tested, case["tested"].as_str().unwrap(), "URL tested for {url}");
        let tokens = a.tokens().unwrap();
        assert_eq!(tokens[0].as_deref(), case["token"].as_str(), "token of {agent}");
        let cell = a.survey.cell(0, 0).unwrap();
        assert_eq!(cell.allowed(), case["allowed"].as_bool().unwrap(), "verdict for {agent} {url}");
        assert_eq!(cell.line() as u64, case["line"].as_u64().unwrap(), "line for {agent} {url}");
        // The explanation of the selected cell says the same, and names the group followed.
        let detail = a.detail.as_ref().unwrap();
        assert_eq!(detail.cell.token.as_deref(), case["token"].as_str(), "explained token of {agent}");
        assert_eq!(detail.cell.follows.as_deref(), case["follows"].as_str(), "follows of {agent}");
        assert_eq!(&detail.cell, cell, "{agent} {url}");
    }
}
