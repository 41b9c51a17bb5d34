//! robotscope's browser tester: a Yew single-page app over the core crate.
//!
//! Paste or open a robots.txt, list agents and URLs, and see every verdict live, with the deciding line
//! highlighted in the editor, the explanation, and the lint. `cargo xtask serve` builds it (cargo, wasm-bindgen,
//! binaryen and esbuild: `web/build.mjs`) and serves it on <http://127.0.0.1:8080/>.
//!
//! The pure parts ([`state`], [`document`], [`inputs`], [`analysis`], [`text`], [`caret`], [`messages`], [`session`],
//! [`permalink`], [`examples`]) hold no browser code, so
//! `cargo test -p robotscope-web` runs them natively; [`app`] and [`components`] render them.

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
pub mod app;
pub mod browser;
pub mod caret;
pub mod components;
pub mod document;
pub mod examples;
pub mod hooks;
pub mod inputs;
pub mod messages;
pub mod permalink;
pub mod session;
pub mod shared;
pub mod state;
pub mod store;
pub mod text;
pub mod urlfile;

pub use app::App;
