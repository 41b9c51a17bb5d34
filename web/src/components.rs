//! The tester's components, one per file.

pub mod agents;
pub mod ai;
pub mod detail;
pub mod editor;
pub mod lint;
pub mod live;
pub mod notice;
pub mod policy;
pub mod results;
pub mod toolbar;
pub mod urls;
