//! The app's state: the [`Document`] (the file, its history and the editor's counters), the [`Inputs`] (agents,
//! URLs, options, the selected cell, the baseline), the [`Analysis`] computed from those two, and the page's
//! notice. One [`State`], changed only by [`Action`]s through [`Reducible::reduce`], which is pure: it makes
//! a new state and leaves the previous one as it was. No `web-sys` here, so the unit tests run natively.
//!
//! Each edit recomputes only what depends on it ([`Analysis::update`]): the file is parsed once per edit of
//! the file, the agents and URLs are read once per edit of their box, and the grid is checked after any of
//! them changes.

use std::rc::Rc;

use yew::Reducible;

use crate::analysis::Analysis;
pub use crate::document::{Document, Edit};
use crate::examples::EXAMPLES;
pub use crate::inputs::{Inputs, View};
use crate::messages;
pub use crate::messages::{Notice, NoticeAction, NoticeKind};
use crate::session::Session;
use crate::shared::Shared;

/// The largest file the app opens (a robots.txt has no business being larger; Google reads 500 KiB).
pub const MAX_OPEN_BYTES: usize = 32 * 1024 * 1024;

/// Everything that changes the state.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// The editor's text became this (a test's shortcut for typing over everything).
    EditRobots(String),
    /// An edit from the editor: typing, a replacement the app makes, undo or redo.
    Edit(Edit),
    /// The agents box changed.
    EditAgents(String),
    /// The URLs box changed.
    EditUrls(String),
    /// Add agents (preset names) to the agents box, those not there already; the last one is selected.
    AddAgents(Vec<String>),
    /// Make the agents box the crawlers of a set of the catalogue (`@ai-training`, ...), one per line.
    FillAgents(&'static str),
    /// Select the cell of URL row `url` and agent column `agent`.
    Select {
        /// The URL row.
        url: usize,
        /// The agent column.
        agent: usize,
    },
    /// Replace the file with an example (undoable); the agents and URLs stay.
    LoadExample(usize),
    /// Make the agents and URLs those of an example (undoable from the notice it shows).
    UseExampleAsked(usize),
    /// Put the agents and URLs boxes back to these texts.
    SetAsked(String, String),
    /// Empty the file and the URLs (the example's), to start on one's own; the agents stay. Undoable.
    ClearExample,
    /// Replace the file with one opened from disk (picker or drag-and-drop).
    OpenFile {
        /// Its name.
        name: String,
        /// Its bytes.
        bytes: Vec<u8>,
    },
    /// Replace the file with the live robots.txt fetched from `url` (as opening a file: undoable).
    OpenLive {
        /// The robots.txt URL it came from.
        url: String,
        /// The HTTP status of the answer: what it means is the core's [`robotscope::fetch_outcome`].
        status: u16,
        /// Where the browser's redirects ended, when they did not end at `url`.
        redirected: Option<String>,
        /// The body of the answer (a 2xx answer's; empty otherwise).
        bytes: Vec<u8>,
    },
    /// Show a notice.
    Notify(Notice),
    /// Hide the notice.
    DismissNotice,
    /// Read the whole file (`true`) or only the first 500 KiB as Google does.
    SetFullFile(bool),
    /// Move the editor to this line.
    Reveal(usize),
    /// Lint the file of this parse generation (sent just after the verdicts are drawn).
    Lint(u64),
    /// Replace everything with a saved session.
    Restore(Session),
    /// Keep the file as it is now, to compare the verdicts of later edits with.
    SetBaseline,
    /// Compare with this file (the live robots.txt) rather than the one on screen.
    SetBaselineBytes(Vec<u8>),
    /// Stop comparing.
    ClearBaseline,
    /// Read the file under a profile, or compare the readers.
    SetView(View),
    /// Move every full URL of the URLs box onto this origin (`https://host[:port]`), keeping paths and queries.
    RebaseUrls(String),
    /// Write the smallest group lines that make the file follow this policy, as one undoable edit (the core's
    /// [`robotscope::Policy::plan`] chooses them and their place); `true` when the person chose, after seeing
    /// them, to change crawlers outside the kinds they chose too.
    WritePolicy(robotscope::Policy, bool),
}

/// The app's state.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    /// The file being edited.
    pub document: Document,
    /// What the user asks about it.
    pub inputs: Inputs,
    /// What the page shows, computed from the two.
    pub analysis: Analysis,
    /// The message at the top of the page.
    pub notice: Option<Notice>,
    /// A request to move the editor to a line: (line, request number), so that the same line can be asked twice.
    pub reveal: Option<(usize, u32)>,
}

impl Default for State {
    fn default() -> State {
        State::from_session(Session {
            robots: EXAMPLES[0].text.to_string(),
            agents: EXAMPLES[0].agents.to_string(),
            urls: EXAMPLES[0].urls.to_string(),
            full_file: false,
            raw: None,
            baseline: None,
            selected: (0, 0),
            view: View::default(),
        })
    }
}

/// The inputs a session keeps.
fn inputs_of(session: &Session) -> Inputs {
    Inputs {
        agents: Rc::from(session.agents.as_str()),
        urls: Rc::from(session.urls.as_str()),
        full_file: session.full_file,
        selected: session.selected,
        baseline: session.baseline.clone().map(Shared::from),
        view: session.view,
        base: None,
    }
}

impl State {
    /// A state showing `session`.
    pub fn from_session(session: Session) -> State {
        let document = Document::new(&session.robots, session.raw.clone());
        let mut inputs = inputs_of(&session);
        let analysis = Analysis::new(&document, &inputs);
        inputs.selected = analysis.selected;
        State { document, inputs, analysis, notice: None, reveal: None }
    }

    /// This state with `notice` shown.
    pub fn with_notice(self, notice: Notice) -> State {
        State { notice: Some(notice), ..self }
    }

    /// What a saved session keeps of this state.
    pub fn session(&self) -> Session {
        Session {
            robots: self.document.text.to_string(),
            agents: self.inputs.agents.to_string(),
            urls: self.inputs.urls.to_string(),
            full_file: self.inputs.full_file,
            raw: self.document.raw.as_deref().map(<[u8]>::to_vec),
            baseline: self.inputs.baseline.as_deref().map(<[u8]>::to_vec),
            selected: self.inputs.selected,
            view: self.inputs.view,
        }
    }

    /// The grid as CSV (see [`Analysis::csv`]).
    pub fn csv(&self) -> String {
        self.analysis.csv(&self.document.text)
    }

    /// The state after `action`, or `None` when it changes nothing. Pure: `self` is left as it was.
    pub fn next(&self, action: Action) -> Option<State> {
        let mut document = self.document.clone();
        let mut inputs = self.inputs.clone();
        let mut notice = self.notice.clone();
        let mut reveal = self.reveal;
        // A file replaced from outside the editor (a file, an example, a session) is linted at once rather than
        // after the verdicts are drawn; an opened file (named) that is an HTML page is said to be one.
        let mut lint_now = false;
        let mut opened: Option<String> = None;
        match action {
            Action::EditRobots(text) => {
                if !document.edit(text) {
                    return None;
                }
            }
            // Counted even when dropped or when there was nothing to undo: the editor compares the count with its own.
            Action::Edit(edit) => {
                document.apply(edit);
            }
            Action::EditAgents(text) => inputs.agents = Rc::from(text),
            Action::EditUrls(text) => inputs.urls = Rc::from(text),
            Action::AddAgents(names) => {
                inputs.add_agents(&names);
                // The column of the last one named.
                if let Some(column) = names.last().and_then(|last| inputs.agent_column(last)) {
                    inputs.selected.1 = column;
                }
            }
            Action::FillAgents(set) => {
                let text: String = robotscope::crawler_set(set)?.iter().flat_map(|c| [c.name, "\n"]).collect();
                inputs.agents = Rc::from(text);
            }
            Action::Select { url, agent } => inputs.selected = (url, agent),
            Action::LoadExample(i) => {
                let example = EXAMPLES.get(i)?;
                document.open(example.text.to_string(), None, example.file);
                let own = *inputs.agents != *example.agents || *inputs.urls != *example.urls;
                notice = Some(messages::example_loaded(example.title, i, own));
                lint_now = true;
            }
            Action::UseExampleAsked(i) => {
                let example = EXAMPLES.get(i)?;
                notice = Some(messages::example_asked(inputs.agents.to_string(), inputs.urls.to_string()));
                inputs.agents = Rc::from(example.agents);
                inputs.urls = Rc::from(example.urls);
                inputs.selected = (0, 0);
            }
            Action::SetAsked(agents, urls) => {
                inputs.agents = Rc::from(agents);
                inputs.urls = Rc::from(urls);
                notice = Some(Notice::info("The agents and URLs are as they were."));
            }
            Action::ClearExample => {
                document.open(String::new(), None, "robots.txt");
                inputs.urls = Rc::from("");
                notice = Some(messages::example_cleared());
                lint_now = true;
            }
            Action::OpenFile { name, bytes } => {
                let revision = document.revision;
                notice = Some(open_file(&mut document, &name, bytes));
                lint_now = document.revision != revision;
                opened = Some(name);
            }
            Action::OpenLive { url, status, redirected, bytes } => {
                let revision = document.revision;
                // Without a body to read, the file crawlers read instead (none, or everything disallowed), so
                // that the grid answers for what the notice says.
                let outcome = robotscope::fetch_outcome(status);
                let instead = outcome.equivalent_file();
                let bytes = instead.clone().map_or(bytes, String::into_bytes);
                let said = open_file(&mut document, &url, bytes);
                // Opened (a binary or too large answer leaves the file as it was, and says why).
                let opened_now = document.revision != revision;
                if opened_now {
                    // Downloads keep the plain name.
                    document.file_name = Rc::from("robots.txt");
                }
                // The URLs listed on another site are not this file's to decide: a move onto it is offered.
                let elsewhere = self.analysis.survey.site.as_deref().filter(|site| !site.eq_ignore_ascii_case(&url));
                notice = Some(match elsewhere {
                    _ if !opened_now || said.kind != NoticeKind::Info => said,
                    _ if instead.is_some() => messages::live_outcome(&url, status, outcome),
                    Some(site) => messages::live_loaded_elsewhere(&url, site, redirected.as_deref()),
                    None => messages::live_loaded(&url, redirected.as_deref()),
                });
                lint_now = opened_now;
                opened = Some(url);
            }
            Action::Notify(n) => notice = Some(n),
            Action::DismissNotice => notice = None,
            Action::SetFullFile(full) => inputs.full_file = full,
            Action::SetBaseline => inputs.baseline = Some(Shared::from(document.bytes().to_vec())),
            Action::SetBaselineBytes(bytes) => inputs.baseline = Some(Shared::from(bytes)),
            Action::ClearBaseline => inputs.baseline = None,
            Action::SetView(view) => inputs.view = view,
            Action::Reveal(line) => reveal = Some((line, reveal.map_or(0, |r| r.1.wrapping_add(1)))),
            Action::Restore(session) => {
                // The document goes on (its history and the editor's counts); the session's file is a step.
                document.open(session.robots.clone(), session.raw.clone(), "robots.txt");
                inputs = inputs_of(&session);
                lint_now = true;
            }
            Action::RebaseUrls(origin) => {
                let previous = inputs.urls.to_string();
                let (text, moved) = rebase_urls(&previous, &origin);
                if moved == 0 {
                    return None;
                }
                inputs.urls = Rc::from(text);
                notice = Some(messages::urls_rebased(moved, &origin, previous));
            }
            Action::WritePolicy(policy, outside) => {
                // Google's reading of the text on screen: the place is a byte offset of that text.
                let robots = crate::analysis::parse(document.text.as_bytes(), inputs.full_file, false);
                match policy.plan(&robots, outside).map(|plan| plan.edit) {
                    Ok(Some(edit)) => {
                        // The first line written (after the blank lines that set it apart).
                        let first = edit.at + edit.text.len() - edit.text.trim_start_matches(['\r', '\n']).len();
                        let splice = crate::text::Splice { start: edit.at, end: edit.at, text: edit.text.clone() };
                        document.replace(&splice);
                        // The line breaks before the place, counted by the line index of the text before the edit.
                        let line = 1
                            + self.analysis.parsed.lines.line_of(edit.at)
                            + edit.text.as_bytes()[..first - edit.at].iter().filter(|&&b| b == b'\n').count();
                        reveal = Some((line, reveal.map_or(0, |r| r.1.wrapping_add(1))));
                        notice = Some(messages::policy_written(edit.agents, line));
                        lint_now = true;
                    }
                    Ok(None) => notice = Some(messages::policy_unchanged()),
                    Err(e) => notice = Some(Notice::error(e.message())),
                }
            }
            Action::Lint(generation) => {
                let analysis = self.analysis.linted(generation)?;
                if analysis.lint.is_html() && !self.analysis.lint.is_html() {
                    notice = Some(messages::html_text());
                }
                return Some(State { analysis, notice, ..self.clone() });
            }
        }
        let analysis = self.analysis.update((&self.document, &self.inputs), &document, &inputs);
        inputs.selected = analysis.selected;
        let mut next = State { document, inputs, analysis, notice, reveal };
        if lint_now {
            if let Some(linted) = next.analysis.linted(next.analysis.generation) {
                next.analysis = linted;
            }
            if let Some(name) = opened.filter(|_| next.analysis.lint.is_html()) {
                next.notice = Some(messages::html_file(&name));
            }
        }
        Some(next)
    }
}

/// `text` (the URLs box) with each full URL moved onto `origin`, its path, query and fragment kept; and how many
/// were moved. Paths and lines that are no full URL stay as typed.
pub fn rebase_urls(text: &str, origin: &str) -> (String, usize) {
    let mut moved = 0;
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        let body = line.trim_end_matches(['\r', '\n']);
        let end = &line[body.len()..];
        let typed = robotscope::resolve_url(body, None);
        let rest = (typed.kind == robotscope::UrlKind::Full && typed.error.is_none())
            .then(|| crate::text::find(&typed.tested, "://"))
            .flatten()
            .map(|i| {
                let after = &typed.tested[i + "://".len()..];
                after.find(['/', '?', '#']).map_or("/", |i| &after[i..])
            });
        match rest {
            Some(rest) if !typed.tested.starts_with(origin) || !typed.tested[origin.len()..].starts_with(rest) => {
                out.push_str(origin);
                out.push_str(rest);
                out.push_str(end);
                moved += 1;
            }
            _ => out.push_str(line),
        }
    }
    (out, moved)
}

/// Opens `bytes` as the file `name` (or says why not): the notice to show.
fn open_file(document: &mut Document, name: &str, bytes: Vec<u8>) -> Notice {
    if bytes.len() > MAX_OPEN_BYTES {
        return messages::too_large(name, bytes.len());
    }
    if looks_binary(&bytes) {
        return messages::binary(name);
    }
    let lossy = std::str::from_utf8(&bytes).is_err();
    // The same reading a session's bytes are checked against.
    let text = crate::session::text_of_bytes(&bytes);
    let raw = (text.as_bytes() != bytes.as_slice()).then_some(bytes);
    document.open(text, raw, name);
    if lossy {
        messages::not_utf8(name)
    } else {
        messages::opened(name)
    }
}

/// Whether `bytes` look like a binary file rather than text: NUL bytes or many control bytes in the first 8 KiB.
pub fn looks_binary(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(8192)];
    let nul = head.iter().filter(|&&b| b == 0).count();
    let control = head.iter().filter(|&&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)).count();
    nul > 2 || control * 10 > head.len().max(1)
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        match self.next(action) {
            Some(next) => Rc::new(next),
            None => self,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::inputs::{MAX_AGENTS, MAX_URLS};

    /// The verdict and deciding line of a cell of the survey.
    fn at(s: &State, url: usize, agent: usize) -> Option<(bool, usize)> {
        s.analysis.survey.cell(url, agent).map(|c| (c.allowed(), c.line()))
    }

    /// Every cell's verdict and line.
    fn grid(s: &State) -> Vec<Option<(bool, usize)>> {
        s.analysis.survey.cells.iter().map(|c| c.as_ref().map(|c| (c.allowed(), c.line()))).collect()
    }

    /// The baseline's answer of a cell.
    fn was(s: &State, url: usize, agent: usize) -> Option<(bool, usize)> {
        s.analysis.survey.cell(url, agent)?.baseline.as_ref().map(|b| (b.allowed, b.line))
    }
    use crate::text::{ChangeKind, Splice};

    fn reduce(state: Rc<State>, action: Action) -> Rc<State> {
        state.reduce(action)
    }

    /// The stamp of an edit the editor makes to the state's text.
    fn stamp(s: &State) -> crate::document::Stamp {
        crate::document::Stamp::on(&s.document)
    }

    #[test]
    fn default_state_answers() {
        let s = State::default();
        assert_eq!(s.analysis.agents.len(), 3);
        assert_eq!(s.analysis.agents[2].members[0].token, "bingbot");
        assert_eq!(s.analysis.urls.len(), 4);
        assert_eq!(s.analysis.answered(), 12);
        assert_eq!(at(&s, 0, 0), Some((true, 8)));
        let detail = s.analysis.detail.as_ref().unwrap();
        assert_eq!(detail.cell.line(), 8);
    }

    /// The reading switch is an input like the others: the session (and so the share link) keeps it, the
    /// previous state is left as it was, and the baseline is read under the same profile.
    #[test]
    fn the_reading_switch_is_kept_and_reread() {
        use robotscope::Profile;
        let s = reduce(Rc::new(State::default()), Action::EditRobots("User-agent: *\nDisallow /x\n".into()));
        let s = reduce(s, Action::EditUrls("/x\n".into()));
        let s = reduce(s, Action::SetBaseline);
        assert!(!at(&s, 0, 0).unwrap().0);
        let rfc = reduce(s.clone(), Action::SetView(View::Reading(Profile::Rfc9309)));
        assert_eq!(s.inputs.view, View::default());
        assert_eq!(at(&rfc, 0, 0), Some((true, 0)));
        // The baseline (the same file) is read as RFC 9309 too, so nothing is marked as changed.
        assert_eq!(was(&rfc, 0, 0), at(&rfc, 0, 0));
        assert_eq!(rfc.session().view, View::Reading(Profile::Rfc9309));
        let restored = State::from_session(rfc.session());
        assert_eq!(grid(&restored), grid(&rfc));
        assert!(s.next(Action::SetView(View::default())).is_some_and(|n| grid(&n) == grid(&s)));
    }

    #[test]
    fn editing_the_file_rechecks() {
        let s = reduce(Rc::new(State::default()), Action::EditRobots("User-agent: *\nDisallow: /\n".into()));
        assert!(!at(&s, 0, 0).unwrap().0);
        assert_eq!(at(&s, 0, 0).unwrap().1, 2);
        assert_eq!(s.analysis.parsed.lines.count(), 3);
    }

    #[test]
    fn selection_stays_in_bounds() {
        let s = reduce(Rc::new(State::default()), Action::Select { url: 3, agent: 2 });
        assert_eq!(s.inputs.selected, (3, 2));
        assert_eq!(s.analysis.detail.as_ref().unwrap().url, 3);
        let s = reduce(s, Action::EditUrls("/only\n".into()));
        assert_eq!(s.inputs.selected, (0, 2));
        let s = reduce(s, Action::EditAgents(String::new()));
        assert!(s.analysis.detail.is_none());
        assert!(s.analysis.survey.cells.is_empty());
    }

    #[test]
    fn presets_are_added_and_selected() {
        let s = reduce(Rc::new(State::default()), Action::AddAgents(vec!["AdsBot-Google".into()]));
        assert_eq!(s.analysis.agents.len(), 4);
        assert_eq!(s.inputs.selected.1, 3);
        assert_eq!(s.analysis.detail.as_ref().unwrap().cell.token, None);
        assert!(at(&s, 1, 3).unwrap().0);
        // A set adds the crawlers not there yet, once.
        let ai: Vec<String> = robotscope::crawler_set("@ai").unwrap().iter().map(|c| c.name.to_string()).collect();
        let s = reduce(s, Action::AddAgents(ai.clone()));
        let s = reduce(s, Action::AddAgents(ai.clone()));
        assert_eq!(s.analysis.agents.len() + s.analysis.skipped_agents, 4 + ai.len() - 1); // GPTBot was there
        assert_eq!(s.analysis.skipped_agents, (4 + ai.len() - 1).saturating_sub(MAX_AGENTS));
    }

    #[test]
    fn a_catalogue_group_fills_the_agents_and_the_ai_summary_is_the_cores() {
        let s = reduce(Rc::new(State::default()), Action::LoadExample(3));
        assert_eq!(&*s.document.file_name, "ai-era.robots.txt");
        let s = reduce(s, Action::FillAgents("@training"));
        let training = robotscope::crawler_set("@training").unwrap();
        assert_eq!(s.analysis.agents.len(), training.len());
        assert!(s.analysis.agents.iter().zip(&training).all(|(a, c)| a.input == c.name));
        // The summary is the core's, whatever agents are listed.
        assert_eq!(*s.analysis.ai, *s.analysis.parsed.robots.ai_summary("/").unwrap());
        assert_eq!(s.analysis.ai[0].crawlers.len(), training.len());
        // An unknown set changes nothing.
        assert!(s.next(Action::FillAgents("@robots")).is_none());
    }

    /// Choosing an example keeps the agents and URLs typed, and offers the example's; taking them is undone from
    /// the notice, and the file from the editor's history.
    #[test]
    fn examples_keep_or_replace_the_agents_and_urls_by_choice() {
        let start = reduce(Rc::new(State::default()), Action::EditAgents("MyBot\n".into()));
        let start = reduce(start, Action::EditUrls("/mine\n".into()));
        let s = reduce(start.clone(), Action::LoadExample(1));
        assert_eq!(&*s.document.text, EXAMPLES[1].text);
        assert_eq!((&*s.inputs.agents, &*s.inputs.urls), ("MyBot\n", "/mine\n"));
        let offer = s.notice.as_ref().and_then(|n| n.action.clone());
        assert_eq!(offer, Some(NoticeAction::UseExampleAsked(1)));
        let taken = reduce(s.clone(), Action::UseExampleAsked(1));
        assert_eq!((&*taken.inputs.agents, &*taken.inputs.urls), (EXAMPLES[1].agents, EXAMPLES[1].urls));
        assert_eq!(taken.analysis.agents.len(), 4);
        let Some(NoticeAction::SetAsked(agents, urls)) = taken.notice.as_ref().and_then(|n| n.action.clone()) else {
            panic!("no undo offered: {:?}", taken.notice)
        };
        let back = reduce(taken, Action::SetAsked(agents, urls));
        assert_eq!((&*back.inputs.agents, &*back.inputs.urls), ("MyBot\n", "/mine\n"));
        let undone = reduce(back.clone(), Action::Edit(Edit::Undo(stamp(&back))));
        assert_eq!(&*undone.document.text, &*start.document.text);
        // The example's own agents and URLs listed already: nothing to offer.
        let s = reduce(Rc::new(State::default()), Action::LoadExample(0));
        assert!(s.notice.as_ref().is_some_and(|n| n.action.is_none()));
    }

    #[test]
    fn opening_files() {
        let start = Rc::new(State::default());
        let s =
            reduce(start.clone(), Action::OpenFile { name: "a.png".into(), bytes: vec![0x89, b'P', 0, 0, 0, 1, 2, 3] });
        assert_eq!(s.notice.as_ref().unwrap().kind, NoticeKind::Error);
        assert_eq!(&*s.document.text, &*start.document.text);

        let s = reduce(
            start.clone(),
            Action::OpenFile { name: "r.txt".into(), bytes: b"User-agent: *\r\nDisallow: /\xff\r\n".to_vec() },
        );
        assert_eq!(&*s.document.text, "User-agent: *\nDisallow: /\u{fffd}\n");
        assert_eq!(s.document.bytes(), b"User-agent: *\r\nDisallow: /\xff\r\n");
        assert_eq!(s.notice.as_ref().unwrap().kind, NoticeKind::Info);
        // The first edit switches the engine to the text.
        let s = reduce(s, Action::EditRobots("User-agent: *\n".into()));
        assert!(s.document.raw.is_none());

        let s = reduce(
            start,
            Action::OpenFile {
                name: "index.html".into(),
                bytes: b"<!DOCTYPE html><html><body>x</body></html>".to_vec(),
            },
        );
        assert_eq!(s.notice.as_ref().unwrap().kind, NoticeKind::Error);
    }

    #[test]
    fn live_file_opens_undoably_and_can_be_the_baseline() {
        let start = Rc::new(State::default());
        let url = "https://example.com/robots.txt".to_string();
        let s = reduce(
            start.clone(),
            Action::OpenLive {
                url: url.clone(),
                status: 200,
                redirected: None,
                bytes: b"User-agent: *\nDisallow: /x\n".to_vec(),
            },
        );
        assert_eq!(&*s.document.text, "User-agent: *\nDisallow: /x\n");
        assert_eq!(&*s.document.file_name, "robots.txt");
        assert!(s.notice.as_ref().unwrap().text.starts_with("Loaded the live https://example.com/robots.txt."));
        let s = reduce(s.clone(), Action::Edit(Edit::Undo(stamp(&s))));
        assert_eq!(&*s.document.text, &*start.document.text);
        // A binary answer is refused like a binary file, and the text stays.
        let s = reduce(
            start.clone(),
            Action::OpenLive { url, status: 200, redirected: None, bytes: vec![0, 0, 0, 1, 2, 3] },
        );
        assert_eq!(&*s.document.text, &*start.document.text);
        assert_eq!(s.notice.as_ref().unwrap().kind, NoticeKind::Error);
        // The live bytes become the baseline; the file on screen is unchanged.
        let s = reduce(start.clone(), Action::SetBaselineBytes(b"User-agent: *\nDisallow: /\n".to_vec()));
        assert_eq!(&**s.inputs.baseline.as_ref().unwrap(), b"User-agent: *\nDisallow: /\n");
        assert_eq!(&*s.document.text, &*start.document.text);
    }

    #[test]
    fn typing_splices_and_undo_restores() {
        let s = Rc::new(State::default());
        let original = s.document.text.clone();
        let at = original.find("Disallow").unwrap();
        let typed = |s: Rc<State>, at: usize, text: &str, time: f64| {
            let (splice, stamp) = (Splice { start: at, end: at, text: text.into() }, stamp(&s));
            reduce(s, Action::Edit(Edit::Type { splice, kind: ChangeKind::Typing, time, stamp }))
        };
        let s = typed(s, at, "#", 0.0);
        let s = typed(s, at + 1, " ", 50.0);
        assert_eq!(&s.document.text[at..at + 10], "# Disallow");
        assert_eq!(s.document.edits, 2);
        let s = reduce(s.clone(), Action::Edit(Edit::Undo(stamp(&s))));
        assert_eq!(&*s.document.text, &*original);
        assert_eq!(s.document.selection, Some((at, at)));
        let undone = s.clone();
        let s = reduce(s.clone(), Action::Edit(Edit::Redo(stamp(&s))));
        assert_eq!(&s.document.text[at..at + 10], "# Disallow");
        assert_eq!(s.document.selection, Some((at + 2, at + 2)));
        // The reducer is pure: the state before the redo is as it was, and redoes the same step again.
        assert_eq!(&*undone.document.text, &*original);
        let again = reduce(undone.clone(), Action::Edit(Edit::Redo(stamp(&undone))));
        assert_eq!(&*again.document.text, &*s.document.text);
        // A change typed into the text before the redo is dropped, not spliced into the wrong text.
        let typed_x = typed(s.clone(), 0, "x", 99.0);
        assert!(typed_x.document.text.starts_with("x#") || typed_x.document.text.starts_with("xUser"));
        let stale = reduce(
            typed_x.clone(),
            Action::Edit(Edit::Type {
                splice: Splice { start: 0, end: 0, text: "y".into() },
                kind: ChangeKind::Typing,
                time: 100.0,
                stamp: stamp(&undone),
            }),
        );
        assert_eq!(&*stale.document.text, &*typed_x.document.text);
        // It still counts, so that the editor knows every change it sent has been seen.
        assert_eq!(stale.document.edits, typed_x.document.edits + 1);
    }

    #[test]
    fn urls_move_onto_the_loaded_site() {
        let text = "https://example.com/docs?q=1\n/private/a\nhttps://site.test/already\nhttp://example.com\n";
        let (moved, n) = rebase_urls(text, "https://site.test");
        assert_eq!(moved, "https://site.test/docs?q=1\n/private/a\nhttps://site.test/already\nhttps://site.test/\n");
        assert_eq!(n, 2);
        // Through the reducer: the notice offers to put them back.
        let s = reduce(Rc::new(State::default()), Action::EditUrls(text.to_string()));
        let s = reduce(s, Action::RebaseUrls("https://site.test".to_string()));
        assert_eq!(&*s.inputs.urls, moved);
        let notice = s.notice.clone().unwrap();
        assert_eq!(notice.action, Some(NoticeAction::SetUrls(text.to_string())));
        assert!(notice.text.starts_with("Moved 2 URLs onto https://site.test"));
        // Loading another site's robots.txt offers the move.
        let s = reduce(s, Action::EditUrls("https://example.com/a\n".to_string()));
        let s = reduce(
            s,
            Action::OpenLive {
                url: "https://site.test/robots.txt".to_string(),
                status: 200,
                redirected: None,
                bytes: b"User-agent: *\n".to_vec(),
            },
        );
        assert_eq!(s.notice.clone().unwrap().action, Some(NoticeAction::RebaseUrls("https://site.test".to_string())));
    }

    #[test]
    fn a_live_answer_without_a_body_opens_the_file_crawlers_read_instead() {
        let start = reduce(Rc::new(State::default()), Action::EditRobots("User-agent: *\nDisallow: /x\n".into()));
        let url = "https://site.test/robots.txt".to_string();
        let gone =
            reduce(start.clone(), Action::OpenLive { url: url.clone(), status: 404, redirected: None, bytes: vec![] });
        assert_eq!(&*gone.document.text, "");
        assert!(gone
            .notice
            .as_ref()
            .unwrap()
            .text
            .starts_with(&format!("{url} answered 404: the site has no robots.txt")));
        assert!(gone.analysis.parsed.robots.is_allowed("Googlebot", "/x"));
        let down =
            reduce(start.clone(), Action::OpenLive { url: url.clone(), status: 503, redirected: None, bytes: vec![] });
        assert!(down.notice.as_ref().unwrap().text.contains("answered 503: a server error"));
        for agent in ["Googlebot", "AdsBot-Google", "GPTBot"] {
            assert!(!down.analysis.parsed.robots.is_allowed(agent, "/"), "{agent}");
        }
        // One edit each: Undo brings the file back.
        let undone = reduce(down.clone(), Action::Edit(Edit::Undo(stamp(&down))));
        assert_eq!(&*undone.document.text, "User-agent: *\nDisallow: /x\n");
        // A redirect is said with where it ended.
        let moved = reduce(
            start,
            Action::OpenLive {
                url: url.clone(),
                status: 200,
                redirected: Some("https://www.site.test/robots.txt".into()),
                bytes: b"User-agent: *\n".to_vec(),
            },
        );
        assert!(moved.notice.clone().unwrap().text.contains("(redirected to https://www.site.test/robots.txt:"));
    }

    #[test]
    fn a_policy_is_written_as_one_undoable_edit_after_a_managed_block() {
        use robotscope::{Choice, Policy, PolicyKind};
        let managed = "# BEGIN Cloudflare Managed content\nUser-agent: *\nAllow: /\n# END Cloudflare Managed Content\n";
        let s = reduce(Rc::new(State::default()), Action::EditRobots(managed.to_string()));
        let policy = Policy::default().with(PolicyKind::AiTraining, Choice::Block, "/");
        let s = reduce(s, Action::WritePolicy(policy.clone(), false));
        let text = s.document.text.to_string();
        assert!(text.starts_with(managed) && text.contains("User-agent: Google-Extended\n"), "{text}");
        // The editor is moved to the first line written (after the blank line that sets it apart).
        assert_eq!(s.reveal.map(|r| r.0), Some(6));
        assert_eq!(text.lines().nth(5), Some("User-agent: Google-Extended"));
        assert!(s.notice.as_ref().unwrap().text.starts_with("Wrote the policy's rules from line 6"));
        assert!(policy.check(&s.analysis.parsed.robots).iter().all(|c| c.differs.is_none()));
        // Written again, nothing changes; undone, the file is as it was.
        let again = reduce(s.clone(), Action::WritePolicy(policy, false));
        assert_eq!(*again.document.text, *s.document.text);
        assert!(again.notice.as_ref().unwrap().text.contains("nothing was written"));
        let undone = reduce(again.clone(), Action::Edit(Edit::Undo(stamp(&again))));
        assert_eq!(&*undone.document.text, managed);
    }

    #[test]
    fn replacements_move_the_caret_and_undo_as_one_step() {
        let s = Rc::new(State::default());
        let original = s.document.text.clone();
        let end = original.len();
        let s = reduce(
            s.clone(),
            Action::Edit(Edit::Replace {
                splice: Splice { start: 0, end, text: "User-agent: *\nDisallow: /\n".into() },
                stamp: stamp(&s),
            }),
        );
        assert_eq!(&*s.document.text, "User-agent: *\nDisallow: /\n");
        assert_eq!(s.document.selection, Some((26, 26)));
        assert!(!at(&s, 0, 0).unwrap().0);
        // Loading an example is a step too; two undos bring the first text back.
        let s = reduce(s, Action::LoadExample(1));
        assert_eq!(s.document.selection, Some((0, 0)));
        let s = reduce(s.clone(), Action::Edit(Edit::Undo(stamp(&s))));
        let s = reduce(s.clone(), Action::Edit(Edit::Undo(stamp(&s))));
        assert_eq!(&*s.document.text, &*original);
        assert_eq!(s.document.selection, Some((0, end)));
        // Nothing more to undo: only the count of the editor's edits changes.
        let again = reduce(s.clone(), Action::Edit(Edit::Undo(stamp(&s))));
        assert!(again.document.text == s.document.text && again.document.revision == s.document.revision);
        assert_eq!(again.document.edits, s.document.edits + 1);
    }

    #[test]
    fn restoring_a_session_keeps_the_editor_counts_and_the_history() {
        let s = Rc::new(State::default());
        let s = reduce(
            s.clone(),
            Action::Edit(Edit::Type {
                splice: Splice { start: 0, end: 0, text: "#".into() },
                kind: ChangeKind::Typing,
                time: 0.0,
                stamp: stamp(&s),
            }),
        );
        let revision = s.document.revision;
        let typed_text = s.document.text.clone();
        let session = Session {
            robots: "User-agent: *\n".into(),
            agents: "a\n".into(),
            urls: "/\n".into(),
            full_file: true,
            raw: None,
            baseline: None,
            selected: (0, 0),
            view: View::default(),
        };
        let s = reduce(s, Action::Restore(session));
        assert_eq!(s.document.edits, 1);
        assert_ne!(s.document.revision, revision);
        assert_eq!(&*s.inputs.agents, "a\n");
        let s = reduce(s.clone(), Action::Edit(Edit::Undo(stamp(&s))));
        assert_eq!(&*s.document.text, &*typed_text);
    }

    #[test]
    fn a_baseline_shows_which_verdicts_edits_change() {
        let s = reduce(Rc::new(State::default()), Action::EditRobots("User-agent: *\nDisallow: /private/\n".into()));
        let s = reduce(s, Action::EditUrls("/private/x\n/public/y\n".into()));
        assert!(s.analysis.baseline.is_none() && was(&s, 0, 0).is_none());
        let s = reduce(s, Action::SetBaseline);
        assert_eq!((was(&s, 0, 0), s.analysis.survey.changed), (at(&s, 0, 0), 0));
        // An edit changes the file, not the baseline: /public/y flips, /private/x keeps its verdict (and line).
        let s = reduce(s, Action::EditRobots("User-agent: *\nDisallow: /\n".into()));
        let flipped: Vec<bool> = s.analysis.survey.cells.iter().flatten().map(|c| c.changed).collect();
        assert_eq!(flipped.iter().filter(|&&f| f).count(), 3); // /public/y for each of the 3 agents
        assert_eq!(s.analysis.survey.changed, 3);
        assert!(was(&s, 1, 0).unwrap().0 && !at(&s, 1, 0).unwrap().0);
        assert_eq!(was(&s, 0, 0), Some((false, 2)));
        // Typing does not parse the baseline again.
        let typed = reduce(s.clone(), Action::EditRobots("User-agent: *\nDisallow: /x\n".into()));
        assert!(typed.analysis.baseline == s.analysis.baseline);
        // New URLs are checked against the baseline too; it survives a session round trip.
        let s = reduce(s, Action::EditUrls("/public/z\n".into()));
        assert!(was(&s, 0, 0).unwrap().0);
        let restored = State::from_session(s.session());
        assert_eq!(was(&restored, 0, 0), was(&s, 0, 0));
        let s = reduce(s, Action::ClearBaseline);
        assert!(s.analysis.baseline.is_none() && s.session().baseline.is_none() && was(&s, 0, 0).is_none());
    }

    #[test]
    fn the_grid_exports_as_csv() {
        let s = reduce(Rc::new(State::default()), Action::EditRobots("User-agent: *\nDisallow: /a,b\n".into()));
        let s = reduce(s, Action::EditAgents("Googlebot\n=cmd\n".into()));
        let s = reduce(s, Action::EditUrls("/a,b/x\n/c\n".into()));
        assert_eq!(
            s.csv(),
            "url,agent,token,reading,verdict,line,rule\r\n\
             \"/a,b/x\",Googlebot,Googlebot,google,disallowed,2,\"Disallow: /a,b\"\r\n\
             \"/a,b/x\",'=cmd,*,google,disallowed,2,\"Disallow: /a,b\"\r\n\
             /c,Googlebot,Googlebot,google,allowed,,\r\n\
             /c,'=cmd,*,google,allowed,,\r\n"
        );
    }

    #[test]
    fn the_csv_names_the_reading_and_has_a_row_per_reader_when_comparing() {
        use robotscope::Profile;
        // Google reads `Disalow` as `Disallow`; RFC 9309 and 1994 crawlers ignore the line.
        let s = reduce(Rc::new(State::default()), Action::EditRobots("User-agent: *\nDisalow: /private\n".into()));
        let s = reduce(s, Action::EditAgents("Googlebot\n".into()));
        let s = reduce(s, Action::EditUrls("/private/x\n".into()));
        let rfc = reduce(s.clone(), Action::SetView(View::Reading(Profile::Rfc9309)));
        assert_eq!(
            rfc.csv(),
            "url,agent,token,reading,verdict,line,rule\r\n/private/x,Googlebot,Googlebot,rfc9309,allowed,,\r\n"
        );
        let compare = reduce(s, Action::SetView(View::Compare));
        assert_eq!(
            compare.csv(),
            "url,agent,token,reading,verdict,line,rule\r\n\
             /private/x,Googlebot,Googlebot,google,disallowed,2,Disalow: /private\r\n\
             /private/x,Googlebot,Googlebot,rfc9309,allowed,,\r\n\
             /private/x,Googlebot,Googlebot,1994,allowed,,\r\n"
        );
    }

    #[test]
    fn the_csv_gives_each_reader_its_own_token() {
        // Googlebot-Image follows Googlebot's group where Google and RFC 9309 read it; the 1994 reading matches
        // the record whose name is part of the robot's name, and gives the engine the crawler's own name.
        let s = reduce(Rc::new(State::default()), Action::EditRobots("User-agent: Googlebot\nDisallow: /p\n".into()));
        let s = reduce(s, Action::EditAgents("Googlebot-Image\n".into()));
        let s = reduce(s, Action::EditUrls("/p\n".into()));
        let compare = reduce(s, Action::SetView(View::Compare));
        let readers = &compare.analysis.survey.cell(0, 0).unwrap().readers;
        let tokens: Vec<&str> = readers.iter().map(|r| r.token.as_deref().unwrap_or_default()).collect();
        assert!(tokens.iter().any(|&t| t != tokens[0]), "{tokens:?}");
        let csv = compare.csv();
        let rows: Vec<&str> = csv.lines().skip(1).map(|row| row.split(',').nth(2).unwrap()).collect();
        assert_eq!(rows, tokens);
    }

    #[test]
    fn huge_lists_are_capped() {
        let urls: String = (0..MAX_URLS + 5).map(|i| format!("/p{i}\n")).collect();
        let s = reduce(Rc::new(State::default()), Action::EditUrls(urls));
        assert_eq!(s.analysis.urls.len(), MAX_URLS);
        assert_eq!(s.analysis.skipped_urls, 5);
    }

    #[test]
    fn lint_follows_the_parse() {
        let s = Rc::new(State::default());
        let lint = s.analysis.lint.clone();
        let s = reduce(s, Action::EditRobots("User-agent: *\nDisallow /x\n".into()));
        // Typing keeps the previous lint until the deferred request arrives.
        assert!(lint == s.analysis.lint);
        let stale = reduce(s.clone(), Action::Lint(s.analysis.generation - 1));
        assert!(lint == stale.analysis.lint);
        let s = reduce(s.clone(), Action::Lint(s.analysis.generation));
        let diagnostics = &s.analysis.lint.diagnostics;
        assert!(diagnostics.iter().any(|d| d.line == 2 && d.kind == robotscope::DiagnosticKind::MissingColon));
        let s = reduce(s.clone(), Action::EditRobots("<!DOCTYPE html><html><body></body></html>".into()));
        let s = reduce(s.clone(), Action::Lint(s.analysis.generation));
        assert_eq!(s.notice.as_ref().unwrap().kind, NoticeKind::Error);
    }

    #[test]
    fn reveal_counts_requests() {
        let s = reduce(Rc::new(State::default()), Action::Reveal(4));
        let s = reduce(s, Action::Reveal(4));
        assert_eq!(s.reveal, Some((4, 1)));
    }

    #[test]
    fn an_opened_files_bytes_survive_the_session() {
        // A Latin-1 `é` in a rule: the engine percent-encodes the byte itself (%E9), where the editor's text has
        // U+FFFD (%EF%BF%BD); only the real bytes block /caf%E9.
        let bytes = b"User-agent: *\r\nDisallow: /caf\xe9\r\n".to_vec();
        let s = reduce(Rc::new(State::default()), Action::EditUrls("/caf%E9\n".into()));
        let s = reduce(s, Action::OpenFile { name: "latin1.txt".into(), bytes: bytes.clone() });
        assert_eq!(at(&s, 0, 0), Some((false, 2)));
        let restored = State::from_session(s.session());
        assert_eq!(restored.document.bytes(), bytes.as_slice());
        assert_eq!(at(&restored, 0, 0), Some((false, 2)));
        // Once edited, the text is the file: the session no longer carries the bytes, and the UTF-8 `é`
        // (%C3%A9) does not match /caf%E9.
        let edited = reduce(s, Action::EditRobots("User-agent: *\nDisallow: /caf\u{e9}\n".into()));
        assert_eq!(edited.session().raw, None);
        assert_eq!(at(&edited, 0, 0), Some((true, 0)));
    }

    #[test]
    fn sessions_round_trip() {
        let s = reduce(Rc::new(State::default()), Action::SetFullFile(true));
        let s = reduce(s, Action::Select { url: 3, agent: 2 });
        let restored = State::from_session(s.session());
        assert_eq!(restored.session(), s.session());
        assert!(restored.inputs.full_file);
        assert_eq!(restored.inputs.selected, (3, 2));
        assert_eq!(restored.analysis.detail.as_ref().map(|d| (d.url, d.agent)), Some((3, 2)));
    }

    /// The budget workload: a 500 KiB file, 100 URLs, 5 agents. Prints the time of one edit (parse,
    /// lint, grid and explanation) natively; the browser measures the real budget. `cargo test -p
    /// robotscope-web --release -- --ignored --nocapture budget`.
    #[test]
    #[ignore]
    fn budget_workload() {
        let mut file = String::from("User-agent: *\nDisallow: /private/\n");
        let mut i = 0;
        while file.len() < 500 * 1024 {
            // Tokens are letters only: `bot7` would read as `bot`, and all the groups would apply.
            let name: String =
                [i / 676, i / 26 % 26, i % 26].iter().map(|&d| char::from(b'a' + (d % 26) as u8)).collect();
            file.push_str(&format!("User-agent: bot-{name}\nDisallow: /p{i}/*.pdf$\nAllow: /p{i}/public/\n\n"));
            i += 1;
        }
        let urls: String = (0..100).map(|i| format!("https://example.com/p{i}/doc/{i}.pdf\n")).collect();
        let agents = "Googlebot\nbot-aah\nGPTBot\nMozilla/5.0 (compatible; bingbot/2.0)\nGooglebot-Image\n";
        let s = Rc::new(State::default());
        let s = reduce(s, Action::EditUrls(urls));
        let s = reduce(s, Action::EditAgents(agents.into()));
        let start = std::time::Instant::now();
        let s = reduce(s, Action::EditRobots(file.clone()));
        let edit = start.elapsed();
        let s = reduce(s.clone(), Action::Lint(s.analysis.generation));
        let lint = start.elapsed() - edit;
        assert_eq!(s.analysis.answered(), 500);
        println!(
            "500 KiB x 100 URLs x 5 agents: one edit takes {edit:?} natively, then the lint {lint:?} ({} diagnostics)",
            s.analysis.lint.diagnostics.len()
        );
    }
}
