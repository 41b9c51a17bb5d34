//! The shared fixture of fetches (`fixtures/fetches.json`): a server's answers and the outcome of fetching its
//! robots.txt (SPEC B4, B5). Here the core's `Fetch` is driven without I/O; the CLI, the npm package and the Python
//! package fetch the same answers from a server on 127.0.0.1.

use robotscope::{Fetch, FetchOutcome, Fetched, Step};
use serde_json::Value;

const ORIGIN: &str = "http://example.test";

fn fixture() -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/fetches.json");
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Fetches as a surface does, answering each request from the case's routes.
fn fetch(routes: &Value) -> Fetched {
    let mut f = Fetch::new(&format!("{ORIGIN}/")).unwrap();
    loop {
        let path = f.url().strip_prefix(ORIGIN).expect("a request to the case's server").to_string();
        let route = &routes[path.as_str()];
        let status = route["status"].as_u64().map_or(404, |s| s as u16);
        match f.response(status, route["location"].as_str()) {
            Step::Request => continue,
            Step::ReadBody => {
                let mut body = route["body"].as_str().unwrap_or("").as_bytes().to_vec();
                body.resize(body.len() + route["pad"].as_u64().unwrap_or(0) as usize, b'#');
                // A surface reads at most one byte past the limit.
                body.truncate(f.limit() + 1);
                return match route["length"].as_u64() {
                    Some(promised) if promised as usize > body.len() => f.body_error("the connection closed"),
                    _ => f.body(&body),
                };
            }
            Step::Done(done) => return done,
            _ => unreachable!(),
        }
    }
}

#[test]
fn every_fetch_ends_as_the_fixture_says() {
    let cases = fixture()["fetches"].as_array().unwrap().clone();
    assert!(cases.len() >= 10);
    for case in cases {
        let (name, e) = (case["name"].as_str().unwrap(), &case["expect"]);
        let f = fetch(&case["routes"]);
        assert_eq!(f.outcome.name(), e["outcome"].as_str().unwrap(), "{name}: {}", f.reason);
        assert_eq!(f.status.map(u64::from), e["status"].as_u64(), "{name}: status");
        assert_eq!(f.redirects.len() as u64, e["redirects"].as_u64().unwrap(), "{name}: redirects");
        assert_eq!(f.cut, e["cut"].as_bool().unwrap_or(false), "{name}: cut");
        assert_eq!(f.error.is_some(), e["error"].as_bool().unwrap_or(false), "{name}: error");
        match (e["reason"].as_str(), e["reason_starts"].as_str()) {
            (Some(reason), _) => assert_eq!(f.reason, reason, "{name}"),
            (None, Some(start)) => assert!(f.reason.starts_with(start), "{name}: {}", f.reason),
            _ => panic!("{name}: no reason expected"),
        }
        let body_kept = f.outcome == FetchOutcome::ParseBody;
        assert_eq!(!f.body.is_empty(), body_kept, "{name}: body");
        assert!(f.body.len() <= robotscope::GOOGLE_SIZE_LIMIT, "{name}: body past the limit");
    }
}
