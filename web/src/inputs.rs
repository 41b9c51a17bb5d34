//! The inputs: what the user asks about the document (agents, URLs, the size-limit switch, the reading, the
//! selected cell and the baseline), as typed. The analysis reads them.

use std::rc::Rc;

use robotscope::Profile;

use crate::shared::Shared;

/// How the file is read: under one profile (SPEC B6; Google by default), or under all three side by side.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// One reading: the grid, the highlight and the explanation are that profile's.
    Profile(Profile),
    /// "Compare readers": the grid is Google's, and each cell says where the readings differ.
    Compare,
}

impl Default for View {
    fn default() -> View {
        View::Profile(Profile::Google)
    }
}

impl View {
    /// Every choice, in the switch's order.
    pub const ALL: [View; 4] = [
        View::Profile(Profile::Google),
        View::Profile(Profile::Rfc9309),
        View::Profile(Profile::Original1994),
        View::Compare,
    ];

    /// `google`, `rfc9309`, `1994` or `compare`: the name sessions and links keep.
    pub fn as_str(self) -> &'static str {
        match self {
            View::Profile(p) => p.as_str(),
            View::Compare => "compare",
        }
    }

    /// The choice named `name` ([`View::as_str`]).
    pub fn parse(name: &str) -> Option<View> {
        View::ALL.into_iter().find(|v| v.as_str() == name)
    }

    /// The profile whose verdicts the grid shows (Google's when comparing).
    pub fn profile(self) -> Profile {
        match self {
            View::Profile(p) => p,
            View::Compare => Profile::Google,
        }
    }
}

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
}

impl Inputs {
    /// Adds the agents `names` (presets) that the box does not list yet, one per line, in any ASCII case.
    /// `false` when all were there.
    pub fn add_agents(&mut self, names: &[String]) -> bool {
        let mut text = self.agents.to_string();
        // Every line typed, also those past the cap.
        let have: Vec<String> =
            crate::analysis::list_lines(&text, usize::MAX).0.iter().map(|a| a.to_ascii_lowercase()).collect();
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
        let (lines, _) = crate::analysis::agent_lines(&self.agents, crate::analysis::MAX_AGENTS);
        lines.iter().position(|a| a.eq_ignore_ascii_case(name.trim()))
    }
}
