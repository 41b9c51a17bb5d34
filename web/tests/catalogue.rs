//! The tester's preset picker offers the crawler catalogue generated from the core's one data file,
//! `crates/robotscope/data/crawlers.json`: every entry once, none added.

use serde_json::Value;

#[test]
fn the_preset_picker_offers_every_entry_of_the_data_file() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../crates/robotscope/data/crawlers.json");
    let data: Value = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    let mut want: Vec<&str> =
        data["crawlers"].as_array().unwrap().iter().map(|e| e["name"].as_str().unwrap()).collect();
    let groups = robotscope_web::components::agents::preset_groups();
    let mut offered: Vec<&str> = groups.iter().flat_map(|(_, list)| list.iter().map(|c| c.name)).collect();
    assert_eq!(offered.len(), want.len());
    want.sort_unstable();
    offered.sort_unstable();
    assert_eq!(offered, want);
}
