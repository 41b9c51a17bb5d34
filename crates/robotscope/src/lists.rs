//! Typed lists: how the agents and URLs a person types become a survey's rows, the one rule every surface
//! shares (the CLI's `--agent`s, the npm and Python `ask` and `grid`, the tester's boxes, the widget's
//! attributes).
//!
//! A list typed as text has one item a line ([`list_items`]). An agent item that names a crawler set
//! (`@ai-training`, [`crate::crawler_set`]) is one row per crawler of the set; any other item is one row as
//! typed, so a comma list (`Googlebot-News, Googlebot`) stays one row, which [`crate::Robots::ask`] pools. An
//! agent row that repeats an earlier one (ASCII case ignored) is dropped: a set and a token it holds ask the
//! token once. At most [`MAX_AGENTS`] agent rows and [`MAX_URLS`] URL rows are answered; the rest are left out
//! and counted ([`Rows::left_out`]), so a huge paste never freezes a page. URLs are kept as typed, repeats
//! included (a list of URLs is often a log, whose repeats are its own).

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::resolve::crawler_set;

/// The most agent rows a question answers: more than every crawler of the catalogue (`@all`).
pub const MAX_AGENTS: usize = 250;
/// The most URL rows a question answers at once (the CLI asks a longer list in parts of this size).
pub const MAX_URLS: usize = 1000;

/// The rows a typed list gives: the items answered, in order, and how many were left out past the limit.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Rows {
    /// The rows, in the order typed (a set's crawlers in catalogue order).
    pub rows: Vec<String>,
    /// How many rows past [`MAX_AGENTS`] or [`MAX_URLS`] were left out.
    pub left_out: usize,
}

/// The items of a list typed as text: one a line (LF, CRLF or CR), surrounding white space trimmed, blank
/// lines skipped.
///
/// ```
/// let items: Vec<&str> = robotscope::list_items(" Googlebot \r\n\n@ai-training\rGPTBot, CCBot\n").collect();
/// assert_eq!(items, ["Googlebot", "@ai-training", "GPTBot, CCBot"]);
/// ```
pub fn list_items(text: &str) -> impl Iterator<Item = &str> + '_ {
    text.split(['\n', '\r']).map(str::trim).filter(|l| !l.is_empty())
}

/// The agent rows of `typed` (each item one typed agent): each crawler set expanded into its crawlers' names,
/// every other item kept as typed (trimmed), rows that repeat an earlier one dropped, at most [`MAX_AGENTS`].
///
/// ```
/// use robotscope::{agent_rows, crawler_set};
/// let set = crawler_set("@ai-training").unwrap();
/// let rows = agent_rows(["Googlebot-News, Googlebot", "@ai-training", "gptbot"]);
/// assert_eq!(rows.rows.len(), 1 + set.len());
/// assert_eq!((rows.rows[0].as_str(), rows.rows[1].as_str()), ("Googlebot-News, Googlebot", set[0].name));
/// assert_eq!(rows.left_out, 0);
/// ```
pub fn agent_rows<'a>(typed: impl IntoIterator<Item = &'a str>) -> Rows {
    let mut out = Rows::default();
    let add = |out: &mut Rows, name: &str| {
        if out.rows.iter().any(|r| r.eq_ignore_ascii_case(name)) {
            return;
        }
        if out.rows.len() < MAX_AGENTS {
            out.rows.push(name.to_string());
        } else {
            out.left_out += 1;
        }
    };
    for item in typed {
        let item = item.trim();
        match crawler_set(item).filter(|_| item.starts_with('@')) {
            Some(set) => set.iter().for_each(|c| add(&mut out, c.name)),
            None => add(&mut out, item),
        }
    }
    out
}

/// The URL rows of `typed` (each item one typed URL): kept as typed, at most [`MAX_URLS`].
pub fn url_rows<'a>(typed: impl IntoIterator<Item = &'a str>) -> Rows {
    let mut out = Rows::default();
    for item in typed {
        if out.rows.len() < MAX_URLS {
            out.rows.push(item.to_string());
        } else {
            out.left_out += 1;
        }
    }
    out
}

/// See [`crate::Survey::left_out_notes`].
fn left_out_notes(agents: usize, urls: usize) -> Vec<String> {
    let mut notes = Vec::new();
    for (n, what, max) in [(agents, "agents", MAX_AGENTS), (urls, "URLs", MAX_URLS)] {
        if n > 0 {
            notes.push(format!("{n} more {what} are left out (at most {max})"));
        }
    }
    notes
}

impl crate::Survey {
    /// What the survey says of the rows it left out ([`Survey::left_out`](crate::Survey::left_out)), in the words
    /// every surface shows: `3 more agents are left out (at most 250)`.
    pub fn left_out_notes(&self) -> Vec<String> {
        left_out_notes(self.left_out[0], self.left_out[1])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    #[test]
    fn sets_expand_repeats_drop_and_the_limit_counts_what_it_leaves_out() {
        let training = crawler_set("@ai-training").unwrap();
        let rows = agent_rows(["GPTBot", "@ai-training", "@nothing", "@AI-Training"]);
        // GPTBot is typed first, so the set adds its other crawlers; an unknown set stays as typed.
        assert_eq!(rows.rows.len(), training.len() + 1);
        assert_eq!(rows.rows.last().map(String::as_str), Some("@nothing"));
        let many: Vec<String> = (0..MAX_AGENTS + 3).map(|i| format!("bot{i}")).collect();
        let rows = agent_rows(many.iter().map(String::as_str));
        assert_eq!((rows.rows.len(), rows.left_out), (MAX_AGENTS, 3));
        let urls: Vec<String> = (0..MAX_URLS + 2).map(|i| format!("/{}", i % 2)).collect();
        let rows = url_rows(urls.iter().map(String::as_str));
        assert_eq!(
            (rows.rows.len(), rows.left_out, &rows.rows[..3]),
            (MAX_URLS, 2, &["/0", "/1", "/0"].map(String::from)[..])
        );
        assert_eq!(left_out_notes(3, 0), vec![String::from("3 more agents are left out (at most 250)")]);
        assert!(left_out_notes(0, 0).is_empty());
        assert!(crawler_set("@all").unwrap().len() <= MAX_AGENTS);
    }
}
