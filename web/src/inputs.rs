//! The inputs: what the user asks about the document (agents, URLs, the size-limit switch, the reading, the
//! selected cell and the baseline), as typed, and how the boxes become the lists the core is asked about. The
//! analysis reads them; nothing here depends on it.

use std::rc::Rc;

pub use robotscope::View;

use crate::shared::Shared;

/// The most URLs and agents the grid checks; the rest of a huge paste is listed as skipped, so the page
/// never freezes.
pub const MAX_URLS: usize = 1000;
/// See [`MAX_URLS`].
pub const MAX_AGENTS: usize = 50;

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
        let have: Vec<String> = list_lines(&text, usize::MAX).0.iter().map(|a| a.to_ascii_lowercase()).collect();
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
        let (lines, _) = agent_lines(&self.agents, MAX_AGENTS);
        lines.iter().position(|a| a.eq_ignore_ascii_case(name.trim()))
    }
}

/// The non-empty lines of a list box, trimmed, and how many were left out past `max`.
pub fn list_lines(text: &str, max: usize) -> (Vec<&str>, usize) {
    let mut lines: Vec<&str> = text.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
    let skipped = lines.len().saturating_sub(max);
    lines.truncate(max);
    (lines, skipped)
}

/// The agents box's lines, with each catalogue set (`@ai-training`, `@search`, ...) expanded into its crawlers'
/// names as the preset field adds them (those not listed already), up to `max`; and how many were left out.
pub fn agent_lines(text: &str, max: usize) -> (Vec<String>, usize) {
    let mut out: Vec<String> = Vec::new();
    let mut add = |name: &str| {
        if !out.iter().any(|o| o.eq_ignore_ascii_case(name)) {
            out.push(name.to_string());
        }
    };
    for line in text.lines().map(str::trim).filter(|l| !l.is_empty()) {
        match robotscope::crawler_set(line).filter(|_| line.starts_with('@')) {
            Some(set) => set.iter().for_each(|c| add(c.name)),
            None => add(line),
        }
    }
    let skipped = out.len().saturating_sub(max);
    out.truncate(max);
    (out, skipped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn list_lines_skip_blanks_and_cap() {
        assert_eq!(list_lines(" a \n\n b\n", 10), (vec!["a", "b"], 0));
        assert_eq!(list_lines("a\nb\nc", 2), (vec!["a", "b"], 1));
    }

    #[test]
    fn sets_in_the_agents_box_expand_as_in_the_preset_field() {
        let training: Vec<String> =
            robotscope::crawler_set("@ai-training").unwrap().iter().map(|c| c.name.to_string()).collect();
        let (lines, skipped) = agent_lines("Googlebot\n@ai-training\ngptbot\n@nothing\n", 100);
        let mut expected = vec!["Googlebot".to_string()];
        expected.extend(training.iter().cloned());
        expected.push("@nothing".to_string());
        // GPTBot is in the set already; an unknown set stays as typed (the grid says it names no crawler).
        assert!(training.iter().any(|t| t == "GPTBot"));
        assert_eq!((lines, skipped), (expected, 0));
        assert_eq!(agent_lines("@search\n", 2).1, robotscope::crawler_set("@search").unwrap().len() - 2);
    }
}
