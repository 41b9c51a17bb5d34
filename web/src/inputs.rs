//! The inputs: what the user asks about the document (agents, URLs, the size-limit switch, the reading, the
//! selected cell and the baseline), as typed, and how the boxes become the lists the core is asked about. The
//! analysis reads them; nothing here depends on it.

use std::rc::Rc;

pub use robotscope::View;

use crate::shared::Shared;

/// The most agents and URLs the grid checks: the core's limits of every typed list ([`robotscope::agent_rows`]).
pub use robotscope::{MAX_AGENTS, MAX_URLS};

/// Every reading the switch offers, in its order.
pub const VIEWS: [View; 4] = [
    View::Reading(robotscope::Profile::Google),
    View::Reading(robotscope::Profile::Rfc9309),
    View::Reading(robotscope::Profile::Original1994),
    View::Compare,
];

/// What the user asks, as typed.
#[derive(Debug, Clone, PartialEq)]
pub struct Inputs {
    /// The agents box.
    pub agents: Rc<str>,
    /// The URLs box.
    pub urls: Rc<str>,
    /// Whether the whole file is read (no 500 KiB cut).
    pub full_file: bool,
    /// The selected cell: (URL row, agent column), kept within the grid.
    pub selected: (usize, usize),
    /// The bytes of the file the verdicts are compared with, when there is one.
    pub baseline: Option<Shared<[u8]>>,
    /// How the file is read.
    pub view: View,
    /// The site (`https://example.com`) paths are joined to and whose robots.txt the file is taken to be
    /// ([`robotscope::Question::base`]); without it, that of the first full URL.
    pub base: Option<Rc<str>>,
}

impl Inputs {
    /// Adds the agents `names` (presets) that the box does not list yet, one per line, in any ASCII case.
    /// `false` when all were there.
    pub fn add_agents(&mut self, names: &[String]) -> bool {
        let mut text = self.agents.to_string();
        // Every line typed, also those past the cap.
        let have: Vec<String> = robotscope::list_items(&text).map(str::to_ascii_lowercase).collect();
        let mut added = false;
        for name in names.iter().filter(|n| !have.contains(&n.to_ascii_lowercase())) {
            if !text.is_empty() && !text.ends_with('\n') {
                text.push('\n');
            }
            text.push_str(name);
            text.push('\n');
            added = true;
        }
        if added {
            self.agents = Rc::from(text);
        }
        added
    }

    /// The column of the agent typed as `name` (any ASCII case) among those checked, if it is one.
    pub fn agent_column(&self, name: &str) -> Option<usize> {
        let rows = robotscope::agent_rows(robotscope::list_items(&self.agents));
        rows.rows.iter().position(|a| a.eq_ignore_ascii_case(name.trim()))
    }
}
