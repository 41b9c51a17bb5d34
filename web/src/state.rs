//! The app's state: what the user typed, and everything computed from it. One [`State`], changed only by
//! [`Action`]s through [`Reducible::reduce`]. No `web-sys` here, so the unit tests run natively.
//!
//! Each edit recomputes only what depends on it: the file is parsed once per edit of the file, the agents and
//! URLs are read once per edit of their box, and the grid is checked after any of them changes.

use std::cell::RefCell;
use std::rc::Rc;

use yew::Reducible;

use robotscope::Robots;

use crate::analysis::{
    list_lines, parse, read_agent, read_urls, AgentEntry, Detail, Grid, Lint, Parsed, UrlEntry, MAX_AGENTS, MAX_URLS,
};
use crate::examples::EXAMPLES;
use crate::session::Session;
use crate::text::{ChangeKind, History, Splice};

/// The largest file the app opens (a robots.txt has no business being larger; Google reads 500 KiB).
pub const MAX_OPEN_BYTES: usize = 32 * 1024 * 1024;

/// How serious a notice is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeKind {
    /// Something worth knowing.
    Info,
    /// Something went wrong; what the user typed is kept.
    Error,
}

/// A message at the top of the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// How serious.
    pub kind: NoticeKind,
    /// The message, a sentence or two.
    pub text: String,
    /// A button the notice offers.
    pub action: Option<NoticeAction>,
    /// Text to copy by hand, shown selected in a read-only field (a share link the clipboard refused).
    pub field: Option<String>,
    /// What the field holds, for screen readers.
    pub field_label: &'static str,
}

/// What a notice's button does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeAction {
    /// Swap the session on screen with the backup kept when a share link replaced it.
    RestoreBackup,
}

impl NoticeAction {
    /// The button's label.
    pub fn label(self) -> &'static str {
        match self {
            NoticeAction::RestoreBackup => "Restore my previous session",
        }
    }
}

impl Notice {
    /// An information notice.
    pub fn info(text: impl Into<String>) -> Notice {
        Notice { kind: NoticeKind::Info, text: text.into(), action: None, field: None, field_label: "Share link" }
    }

    /// An error notice.
    pub fn error(text: impl Into<String>) -> Notice {
        Notice { kind: NoticeKind::Error, text: text.into(), action: None, field: None, field_label: "Share link" }
    }

    /// This notice, with `text` in a read-only field to copy from.
    pub fn with_field(self, text: String) -> Notice {
        Notice { field: Some(text), ..self }
    }

    /// This notice, with a command to run in a read-only field to copy from.
    pub fn with_command(self, command: String) -> Notice {
        Notice { field: Some(command), field_label: "Command to run", ..self }
    }

    /// This notice, with a button.
    pub fn with_action(self, action: NoticeAction) -> Notice {
        Notice { action: Some(action), ..self }
    }
}

/// Everything that changes the state.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// The editor's text became this (a test's shortcut for typing over everything).
    EditRobots(String),
    /// The user changed the editor's text area, which shows the change already.
    Type {
        /// The change, in bytes of the whole text.
        splice: Splice,
        /// The [`State::text_version`] the editor's text area was filled from: a change to an older text is
        /// dropped rather than spliced into the wrong place.
        version: u32,
        /// Typing or deleting, for the undo history's runs.
        kind: ChangeKind,
        /// When (the event's time stamp, milliseconds).
        time: f64,
    },
    /// A change the app makes for the user (a paste, a cut, typing over a selection larger than the text area
    /// holds): the editor then shows the new text with the caret after the change.
    Replace {
        /// The change, in bytes of the whole text.
        splice: Splice,
        /// As for [`Action::Type`].
        version: u32,
    },
    /// Undo the last change of the file (typing, a paste, a file opened, an example loaded).
    Undo,
    /// Redo the last undone change.
    Redo,
    /// The agents box changed.
    EditAgents(String),
    /// The URLs box changed.
    EditUrls(String),
    /// Add agents (preset names) to the agents box, those not there already; the last one is selected.
    AddAgents(Vec<String>),
    /// Select the cell of URL row `url` and agent column `agent`.
    Select {
        /// The URL row.
        url: usize,
        /// The agent column.
        agent: usize,
    },
    /// Replace the file with an example.
    LoadExample(usize),
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
        /// The body of the answer.
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
}

/// A version of the file kept to compare verdicts with: which verdicts the edits since have changed.
#[derive(Debug)]
pub struct Baseline {
    /// Its bytes.
    pub bytes: Vec<u8>,
    /// Its parse (cut at 500 KiB unless the whole file is read, like the file's).
    pub robots: Robots,
}

impl Baseline {
    fn new(bytes: Vec<u8>, full_file: bool) -> Baseline {
        Baseline { robots: parse(&bytes, full_file), bytes }
    }
}

/// The app's state.
#[derive(Debug, Clone)]
pub struct State {
    /// The editor's text (LF line ends, as a browser's text area holds it).
    pub text: Rc<str>,
    /// The file's bytes as opened, while it is unedited and differs from `text` (CR line ends, invalid
    /// UTF-8): the engine reads these, so the answers are those for the real file.
    pub raw: Option<Rc<[u8]>>,
    /// The file name, for downloads.
    pub file_name: Rc<str>,
    /// The agents box.
    pub agents_text: Rc<str>,
    /// The URLs box.
    pub urls_text: Rc<str>,
    /// Whether the whole file is read (no 500 KiB cut).
    pub full_file: bool,
    /// The selected cell: (URL row, agent column).
    pub selected: (usize, usize),
    /// The message at the top of the page.
    pub notice: Option<Notice>,
    /// A request to move the editor to a line: (line, request number), so that the same line can be asked twice.
    pub reveal: Option<(usize, u32)>,
    /// The parsed file.
    pub parsed: Rc<Parsed>,
    /// Counts parses, so that a late lint request for an older parse is ignored.
    pub parse_generation: u64,
    /// The lint, of the current parse once [`Action::Lint`] has run (the previous one until then).
    pub lint: Rc<Lint>,
    /// Counts replacements of the editor's text from outside the editor (examples, files, sessions), which the
    /// editor then copies into its text area; typing does not change it.
    pub text_version: u32,
    /// Where the editor puts the selection (byte offsets) when it next copies the text in: after an undo, a
    /// paste or a file opened.
    pub selection: Option<(usize, usize)>,
    /// How many [`Action::Type`] changes have been applied: the editor compares it with the number it sent, to
    /// know that the text it renders includes all of them.
    pub typed: u64,
    /// The undo history of the file, shared by the states (each change records into it once).
    pub history: Rc<RefCell<History>>,
    /// The agents as the engine is given them (at most [`MAX_AGENTS`]).
    pub agents: Rc<[AgentEntry]>,
    /// How many agents past [`MAX_AGENTS`] were left out.
    pub skipped_agents: usize,
    /// The URLs as the engine is given them (at most [`MAX_URLS`]).
    pub urls: Rc<[UrlEntry]>,
    /// How many URLs past [`MAX_URLS`] were left out.
    pub skipped_urls: usize,
    /// The robots.txt the file on screen stands for: that of the first full URL's site (`None` without one).
    pub site: Option<Rc<str>>,
    /// The verdicts.
    pub grid: Rc<Grid>,
    /// The explained verdict of the selected cell.
    pub detail: Option<Rc<Detail>>,
    /// The version of the file the verdicts are compared with.
    pub baseline: Option<Rc<Baseline>>,
    /// The verdicts of the baseline, for the same agents and URLs.
    pub baseline_grid: Option<Rc<Grid>>,
}

/// Two states are equal when they show the same thing: the computed parts are compared by identity, which is
/// cheap and exact because every change replaces them.
impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        let same_raw = match (&self.raw, &other.raw) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        let same_detail = match (&self.detail, &other.detail) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        let same_baseline = match (&self.baseline_grid, &other.baseline_grid) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        same_baseline
            && Rc::ptr_eq(&self.text, &other.text)
            && same_raw
            && Rc::ptr_eq(&self.agents_text, &other.agents_text)
            && Rc::ptr_eq(&self.urls_text, &other.urls_text)
            && self.full_file == other.full_file
            && self.selected == other.selected
            && self.notice == other.notice
            && self.reveal == other.reveal
            && Rc::ptr_eq(&self.parsed, &other.parsed)
            && Rc::ptr_eq(&self.lint, &other.lint)
            && self.text_version == other.text_version
            && self.selection == other.selection
            && self.typed == other.typed
            && Rc::ptr_eq(&self.grid, &other.grid)
            && same_detail
    }
}

const DEFAULT_AGENTS: &str =
    "Googlebot\nGPTBot\nMozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)\n";
const DEFAULT_URLS: &str =
    "https://example.com/shop/shoes\nhttps://example.com/cart\n/private/press/launch.html\n/blog/größe\n";

impl Default for State {
    fn default() -> State {
        State::from_session(Session {
            robots: EXAMPLES[0].text.to_string(),
            agents: DEFAULT_AGENTS.to_string(),
            urls: DEFAULT_URLS.to_string(),
            full_file: false,
            raw: None,
            baseline: None,
            selected: (0, 0),
        })
    }
}

impl State {
    /// A state showing `session`.
    pub fn from_session(session: Session) -> State {
        let text: Rc<str> = Rc::from(session.robots.as_str());
        let raw: Option<Rc<[u8]>> = session.raw.map(Rc::from);
        let baseline = session.baseline.map(|b| Rc::new(Baseline::new(b, session.full_file)));
        let mut state = State {
            parsed: Rc::new(Parsed::new(raw.as_deref().unwrap_or(text.as_bytes()), &text, session.full_file)),
            // The default lint has generation 0, so this parse's lint is computed below.
            parse_generation: 1,
            lint: Rc::default(),
            text_version: 0,
            selection: None,
            typed: 0,
            history: Rc::default(),
            text,
            raw,
            file_name: Rc::from("robots.txt"),
            agents_text: Rc::from(session.agents.as_str()),
            urls_text: Rc::from(session.urls.as_str()),
            full_file: session.full_file,
            selected: session.selected,
            notice: None,
            reveal: None,
            agents: Rc::from(Vec::new()),
            skipped_agents: 0,
            urls: Rc::from(Vec::new()),
            skipped_urls: 0,
            site: None,
            grid: Rc::default(),
            detail: None,
            baseline,
            baseline_grid: None,
        };
        state.read_agents();
        state.read_urls();
        state.check();
        state.check_baseline();
        state.lint_now();
        state
    }

    /// Lints the current parse, unless that is done already.
    fn lint_now(&mut self) {
        if self.lint.generation != self.parse_generation {
            self.lint = Rc::new(Lint::new(&self.parsed.robots, self.parse_generation));
        }
    }

    /// What a saved session keeps of this state.
    pub fn session(&self) -> Session {
        Session {
            robots: self.text.to_string(),
            agents: self.agents_text.to_string(),
            urls: self.urls_text.to_string(),
            full_file: self.full_file,
            raw: self.raw.as_deref().map(<[u8]>::to_vec),
            baseline: self.baseline.as_ref().map(|b| b.bytes.clone()),
            selected: self.selected,
        }
    }

    /// The grid as CSV (RFC 4180, CRLF line ends): one row per URL and agent, with the token the engine was
    /// given, the verdict, the deciding line and its text. Cells that a spreadsheet would read as a formula get a
    /// leading `'`.
    pub fn csv(&self) -> String {
        fn field(out: &mut String, value: &str) {
            let value = if value.starts_with(['=', '+', '-', '@']) { format!("'{value}") } else { value.to_string() };
            if value.contains([',', '"', '\n', '\r']) {
                out.push('"');
                out.push_str(&value.replace('"', "\"\""));
                out.push('"');
            } else {
                out.push_str(&value);
            }
        }
        let mut out = String::from("url,agent,token,verdict,line,rule\r\n");
        for (u, url) in self.urls.iter().enumerate() {
            for (a, agent) in self.agents.iter().enumerate() {
                let Some(cell) = self.grid.cell(u, a) else { continue };
                let token = self.grid.tokens.get(a).cloned().flatten().unwrap_or_default();
                let line = if cell.line == 0 { String::new() } else { cell.line.to_string() };
                let rule = if cell.line == 0 { "" } else { self.parsed.line(&self.text, cell.line).trim() };
                let verdict = if cell.allowed { "allowed" } else { "disallowed" };
                for (i, value) in
                    [url.input.as_str(), agent.input.as_str(), &token, verdict, &line, rule].into_iter().enumerate()
                {
                    if i > 0 {
                        out.push(',');
                    }
                    field(&mut out, value);
                }
                out.push_str("\r\n");
            }
        }
        out
    }

    /// The bytes the engine reads.
    pub fn bytes(&self) -> &[u8] {
        match &self.raw {
            Some(raw) => raw,
            None => self.text.as_bytes(),
        }
    }

    fn parse(&mut self) {
        self.parsed = Rc::new(Parsed::new(self.bytes(), &self.text, self.full_file));
        self.parse_generation += 1;
    }

    fn read_agents(&mut self) {
        let (lines, skipped) = list_lines(&self.agents_text, MAX_AGENTS);
        self.agents = lines.into_iter().map(read_agent).collect();
        self.skipped_agents = skipped;
    }

    fn read_urls(&mut self) {
        let (lines, skipped) = list_lines(&self.urls_text, MAX_URLS);
        let (urls, site) = read_urls(&lines);
        self.urls = urls.into();
        self.site = site.map(Rc::from);
        self.skipped_urls = skipped;
    }

    /// Checks the grid and explains the selected cell (kept in bounds).
    fn check(&mut self) {
        self.grid = Rc::new(Grid::new(&self.parsed.robots, &self.agents, &self.urls));
        let (url, agent) = self.selected;
        self.selected = (url.min(self.urls.len().saturating_sub(1)), agent.min(self.agents.len().saturating_sub(1)));
        self.explain();
    }

    /// Checks the baseline's grid: after the baseline, the agents or the URLs change (not the file: typing
    /// leaves the baseline's verdicts as they are).
    fn check_baseline(&mut self) {
        self.baseline_grid = self.baseline.as_ref().map(|b| Rc::new(Grid::new(&b.robots, &self.agents, &self.urls)));
    }

    fn explain(&mut self) {
        let (url, agent) = self.selected;
        self.detail = Detail::new(&self.parsed.robots, &self.agents, &self.urls, url, agent).map(Rc::new);
    }

    /// Replaces the whole file, as one undoable step, and puts the caret at its start.
    fn replace_file(&mut self, text: String, raw: Option<Vec<u8>>, name: &str) {
        self.history.borrow_mut().record_replacement(&self.text, &text);
        self.text = Rc::from(text);
        self.raw = raw.map(Rc::from);
        self.file_name = Rc::from(name);
        self.show_text(Some((0, 0)));
        self.parse();
        self.check();
        self.lint_now();
    }

    /// Has the editor copy the text in again (a change it did not make), with this selection.
    fn show_text(&mut self, selection: Option<(usize, usize)>) {
        self.text_version = self.text_version.wrapping_add(1);
        self.selection = selection;
    }

    /// Makes `splice` to the file (no undo step: the caller records it or is undoing).
    fn splice_text(&mut self, text: String) {
        self.text = Rc::from(text);
        self.raw = None;
        self.parse();
        self.check();
    }

    fn open_file(&mut self, name: &str, bytes: Vec<u8>) {
        if bytes.len() > MAX_OPEN_BYTES {
            self.notice = Some(Notice::error(format!(
                "{name} is {} MB: too large to be a robots.txt (Google reads the first 500 KiB). The editor keeps your text.",
                bytes.len() / (1024 * 1024)
            )));
            return;
        }
        if looks_binary(&bytes) {
            self.notice = Some(Notice::error(format!(
                "{name} looks like a binary file (an image, an archive or a program), not a robots.txt. The editor keeps your text."
            )));
            return;
        }
        let lossy = std::str::from_utf8(&bytes).is_err();
        // The same reading a session's bytes are checked against.
        let text = crate::session::text_of_bytes(&bytes);
        let raw = (text.as_bytes() != bytes.as_slice()).then_some(bytes);
        self.replace_file(text, raw, name);
        self.notice = if self.lint.is_html() {
            Some(Notice::error(format!(
                "{name} is an HTML page, not a robots.txt: a crawler that gets it reads no rules from it. See the lint."
            )))
        } else if lossy {
            Some(Notice::info(format!(
                "{name} is not valid UTF-8: the editor shows the bad bytes as �, and the answers are for the original bytes until you edit."
            )))
        } else {
            Some(Notice::info(format!("Opened {name}.")))
        };
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
        let mut s = (*self).clone();
        match action {
            Action::EditRobots(text) => {
                if s.raw.is_none() && *s.text == *text {
                    return self;
                }
                s.history.borrow_mut().record_replacement(&s.text, &text);
                s.splice_text(text);
            }
            Action::Type { splice, version, kind, time } => {
                // Counted even when dropped: the editor waits until the count matches its own before it
                // copies the text in again (which then undoes the dropped change on screen too).
                s.typed += 1;
                if version != s.text_version {
                    return Rc::new(s);
                }
                s.history.borrow_mut().record(&s.text, &splice, kind, time);
                let text = splice.apply(&s.text);
                s.splice_text(text);
            }
            Action::Replace { splice, version } => {
                if version != s.text_version {
                    return self;
                }
                s.history.borrow_mut().record(&s.text, &splice, ChangeKind::Other, f64::INFINITY);
                let text = splice.apply(&s.text);
                let caret = (splice.start + splice.text.len()).min(text.len());
                s.splice_text(text);
                s.show_text(Some((caret, caret)));
            }
            Action::Undo | Action::Redo => {
                let step = if action == Action::Undo {
                    s.history.borrow_mut().undo(&s.text)
                } else {
                    s.history.borrow_mut().redo(&s.text)
                };
                let Some((text, selection)) = step else { return self };
                s.splice_text(text);
                s.show_text(Some(selection));
            }
            Action::EditAgents(text) => {
                s.agents_text = Rc::from(text);
                s.read_agents();
                s.check();
                s.check_baseline();
            }
            Action::EditUrls(text) => {
                s.urls_text = Rc::from(text);
                s.read_urls();
                s.check();
                s.check_baseline();
            }
            Action::AddAgents(names) => {
                let mut text = s.agents_text.to_string();
                // Every line typed, also those past the cap.
                let have: Vec<String> =
                    list_lines(&text, usize::MAX).0.iter().map(|a| a.to_ascii_lowercase()).collect();
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
                    s.agents_text = Rc::from(text);
                    s.read_agents();
                }
                // The column of the last one named.
                if let Some(last) = names.last() {
                    if let Some(i) = s.agents.iter().position(|a| a.input.eq_ignore_ascii_case(last)) {
                        s.selected.1 = i;
                    }
                }
                s.check();
                s.check_baseline();
            }
            Action::Select { url, agent } => {
                s.selected = (url, agent);
                s.check();
            }
            Action::LoadExample(i) => {
                let Some(example) = EXAMPLES.get(i) else { return self };
                s.replace_file(example.text.to_string(), None, example.file);
                s.notice = Some(Notice::info(format!("Loaded the example “{}”.", example.title)));
            }
            Action::ClearExample => {
                s.replace_file(String::new(), None, "robots.txt");
                s.urls_text = Rc::from("");
                s.read_urls();
                s.check();
                s.check_baseline();
                s.notice = Some(Notice::info(
                    "Cleared the example: paste or open your robots.txt, then list your URLs. Undo (Ctrl+Z in the editor) brings the example file back.",
                ));
            }
            Action::OpenFile { name, bytes } => s.open_file(&name, bytes),
            Action::Notify(notice) => s.notice = Some(notice),
            Action::DismissNotice => s.notice = None,
            Action::SetFullFile(full) => {
                s.full_file = full;
                s.baseline = s.baseline.take().map(|b| Rc::new(Baseline::new(b.bytes.clone(), full)));
                s.parse();
                s.check();
                s.check_baseline();
            }
            Action::SetBaseline => {
                s.baseline = Some(Rc::new(Baseline::new(s.bytes().to_vec(), s.full_file)));
                s.check_baseline();
            }
            Action::OpenLive { url, bytes } => {
                let version = s.text_version;
                s.open_file(&url, bytes);
                // Opened (a binary or too large answer leaves the file as it was, and says why).
                if s.text_version != version {
                    // Downloads keep the plain name.
                    s.file_name = Rc::from("robots.txt");
                    if s.notice.as_ref().is_some_and(|n| n.kind == NoticeKind::Info) {
                        s.notice = Some(Notice::info(format!(
                            "Loaded the live {url}. Edit it and check; Undo (Ctrl+Z in the editor) brings your previous file back."
                        )));
                    }
                }
            }
            Action::SetBaselineBytes(bytes) => {
                s.baseline = Some(Rc::new(Baseline::new(bytes, s.full_file)));
                s.check_baseline();
            }
            Action::ClearBaseline => {
                s.baseline = None;
                s.check_baseline();
            }
            Action::Reveal(line) => s.reveal = Some((line, s.reveal.map_or(0, |r| r.1.wrapping_add(1)))),
            Action::Restore(session) => {
                let notice = s.notice.take();
                let history = s.history.clone();
                history.borrow_mut().record_replacement(&s.text, &session.robots);
                let (version, typed) = (s.text_version, s.typed);
                s = State::from_session(session);
                s.notice = notice;
                s.history = history;
                // The editor's counts go on: it compares them with its own.
                s.text_version = version;
                s.typed = typed;
                s.show_text(Some((0, 0)));
            }
            Action::Lint(generation) => {
                if generation != s.parse_generation || s.lint.generation == generation {
                    return self;
                }
                let was_html = s.lint.is_html();
                s.lint = Rc::new(Lint::new(&s.parsed.robots, generation));
                if s.lint.is_html() && !was_html {
                    s.notice = Some(Notice::error(
                        "This is an HTML page, not a robots.txt: a crawler that gets it reads no rules from it. See the lint.",
                    ));
                }
            }
        }
        Rc::new(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reduce(state: Rc<State>, action: Action) -> Rc<State> {
        state.reduce(action)
    }

    #[test]
    fn default_state_answers() {
        let s = State::default();
        assert_eq!(s.agents.len(), 3);
        assert_eq!(s.agents[2].token, "bingbot");
        assert_eq!(s.urls.len(), 4);
        assert_eq!(s.grid.cells.len(), 12);
        let first = s.grid.cell(0, 0).unwrap();
        assert!(first.allowed);
        assert_eq!(first.line, 8);
        let detail = s.detail.as_ref().unwrap();
        assert_eq!(detail.verdict.line, 8);
    }

    #[test]
    fn editing_the_file_rechecks() {
        let s = reduce(Rc::new(State::default()), Action::EditRobots("User-agent: *\nDisallow: /\n".into()));
        assert!(!s.grid.cell(0, 0).unwrap().allowed);
        assert_eq!(s.grid.cell(0, 0).unwrap().line, 2);
        assert_eq!(s.parsed.line_count(), 3);
    }

    #[test]
    fn selection_stays_in_bounds() {
        let s = reduce(Rc::new(State::default()), Action::Select { url: 3, agent: 2 });
        assert_eq!(s.selected, (3, 2));
        assert_eq!(s.detail.as_ref().unwrap().url, 3);
        let s = reduce(s, Action::EditUrls("/only\n".into()));
        assert_eq!(s.selected, (0, 2));
        let s = reduce(s, Action::EditAgents(String::new()));
        assert!(s.detail.is_none());
        assert!(s.grid.cells.is_empty());
    }

    #[test]
    fn presets_are_added_and_selected() {
        let s = reduce(Rc::new(State::default()), Action::AddAgents(vec!["AdsBot-Google".into()]));
        assert_eq!(s.agents.len(), 4);
        assert_eq!(s.selected.1, 3);
        assert_eq!(s.detail.as_ref().unwrap().token, None);
        assert!(s.grid.cell(1, 3).unwrap().allowed);
        // A set adds the crawlers not there yet, once.
        let ai: Vec<String> = robotscope::crawler_set("@ai").unwrap().iter().map(|c| c.name.to_string()).collect();
        let s = reduce(s, Action::AddAgents(ai.clone()));
        let s = reduce(s, Action::AddAgents(ai.clone()));
        assert_eq!(s.agents.len() + s.skipped_agents, 4 + ai.len() - 1); // GPTBot was there
        assert_eq!(s.skipped_agents, (4 + ai.len() - 1).saturating_sub(MAX_AGENTS));
    }

    #[test]
    fn opening_files() {
        let start = Rc::new(State::default());
        let s =
            reduce(start.clone(), Action::OpenFile { name: "a.png".into(), bytes: vec![0x89, b'P', 0, 0, 0, 1, 2, 3] });
        assert_eq!(s.notice.as_ref().unwrap().kind, NoticeKind::Error);
        assert_eq!(s.text, start.text);

        let s = reduce(
            start.clone(),
            Action::OpenFile { name: "r.txt".into(), bytes: b"User-agent: *\r\nDisallow: /\xff\r\n".to_vec() },
        );
        assert_eq!(&*s.text, "User-agent: *\nDisallow: /\u{fffd}\n");
        assert_eq!(s.bytes(), b"User-agent: *\r\nDisallow: /\xff\r\n");
        assert_eq!(s.notice.as_ref().unwrap().kind, NoticeKind::Info);
        // The first edit switches the engine to the text.
        let s = reduce(s, Action::EditRobots("User-agent: *\n".into()));
        assert!(s.raw.is_none());

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
            Action::OpenLive { url: url.clone(), bytes: b"User-agent: *\nDisallow: /x\n".to_vec() },
        );
        assert_eq!(&*s.text, "User-agent: *\nDisallow: /x\n");
        assert_eq!(&*s.file_name, "robots.txt");
        assert!(s.notice.as_ref().unwrap().text.starts_with("Loaded the live https://example.com/robots.txt."));
        let s = reduce(s, Action::Undo);
        assert_eq!(s.text, start.text);
        // A binary answer is refused like a binary file, and the text stays.
        let s = reduce(start.clone(), Action::OpenLive { url, bytes: vec![0, 0, 0, 1, 2, 3] });
        assert_eq!(s.text, start.text);
        assert_eq!(s.notice.as_ref().unwrap().kind, NoticeKind::Error);
        // The live bytes become the baseline; the file on screen is unchanged.
        let s = reduce(start.clone(), Action::SetBaselineBytes(b"User-agent: *\nDisallow: /\n".to_vec()));
        assert_eq!(s.baseline.as_ref().unwrap().bytes, b"User-agent: *\nDisallow: /\n");
        assert_eq!(s.text, start.text);
    }

    #[test]
    fn typing_splices_and_undo_restores() {
        let s = Rc::new(State::default());
        let original = s.text.clone();
        let at = original.find("Disallow").unwrap();
        let typed = |s: Rc<State>, at: usize, text: &str, time: f64| {
            let version = s.text_version;
            let splice = Splice { start: at, end: at, text: text.into() };
            reduce(s, Action::Type { splice, version, kind: ChangeKind::Typing, time })
        };
        let s = typed(s, at, "#", 0.0);
        let s = typed(s, at + 1, " ", 50.0);
        assert_eq!(&s.text[at..at + 10], "# Disallow");
        assert_eq!(s.typed, 2);
        // Typing keeps the text version: the editor already shows the change.
        assert_eq!(s.text_version, 0);
        let s = reduce(s, Action::Undo);
        assert_eq!(s.text, original);
        assert_eq!(s.text_version, 1);
        assert_eq!(s.selection, Some((at, at)));
        let s = reduce(s, Action::Redo);
        assert_eq!(&s.text[at..at + 10], "# Disallow");
        assert_eq!(s.selection, Some((at + 2, at + 2)));
        // (The history is shared by the states: the app never branches, so this check comes last.)
        // A change typed into the text before the redo was shown is dropped, not spliced into the wrong text.
        let typed_x = typed(s.clone(), 0, "x", 99.0);
        assert!(typed_x.text.starts_with("x#") || typed_x.text.starts_with("xUser"));
        let stale = reduce(
            typed_x.clone(),
            Action::Type {
                splice: Splice { start: 0, end: 0, text: "y".into() },
                version: 0,
                kind: ChangeKind::Typing,
                time: 100.0,
            },
        );
        assert_eq!(stale.text, typed_x.text);
        // It still counts, so that the editor knows every change it sent has been seen.
        assert_eq!(stale.typed, typed_x.typed + 1);
    }

    #[test]
    fn replacements_move_the_caret_and_undo_as_one_step() {
        let s = Rc::new(State::default());
        let original = s.text.clone();
        let version = s.text_version;
        let end = original.len();
        let s = reduce(
            s,
            Action::Replace { splice: Splice { start: 0, end, text: "User-agent: *\nDisallow: /\n".into() }, version },
        );
        assert_eq!(&*s.text, "User-agent: *\nDisallow: /\n");
        assert_eq!(s.selection, Some((26, 26)));
        assert!(!s.grid.cell(0, 0).unwrap().allowed);
        // Loading an example is a step too; two undos bring the first text back.
        let s = reduce(s, Action::LoadExample(1));
        assert_eq!(s.selection, Some((0, 0)));
        let s = reduce(reduce(s, Action::Undo), Action::Undo);
        assert_eq!(s.text, original);
        assert_eq!(s.selection, Some((0, end)));
        // Nothing more to undo: the state is unchanged.
        let again = reduce(s.clone(), Action::Undo);
        assert!(Rc::ptr_eq(&again, &s));
    }

    #[test]
    fn restoring_a_session_keeps_the_editor_counts_and_the_history() {
        let s = Rc::new(State::default());
        let version = s.text_version;
        let s = reduce(
            s,
            Action::Type {
                splice: Splice { start: 0, end: 0, text: "#".into() },
                version,
                kind: ChangeKind::Typing,
                time: 0.0,
            },
        );
        let typed_text = s.text.clone();
        let session = Session {
            robots: "User-agent: *\n".into(),
            agents: "a\n".into(),
            urls: "/\n".into(),
            full_file: true,
            raw: None,
            baseline: None,
            selected: (0, 0),
        };
        let s = reduce(s, Action::Restore(session));
        assert_eq!((s.typed, s.text_version), (1, version + 1));
        assert_eq!(&*s.agents_text, "a\n");
        let s = reduce(s, Action::Undo);
        assert_eq!(s.text, typed_text);
    }

    #[test]
    fn a_baseline_shows_which_verdicts_edits_change() {
        let s = reduce(Rc::new(State::default()), Action::EditRobots("User-agent: *\nDisallow: /private/\n".into()));
        let s = reduce(s, Action::EditUrls("/private/x\n/public/y\n".into()));
        assert!(s.baseline_grid.is_none());
        let s = reduce(s, Action::SetBaseline);
        assert_eq!(s.baseline_grid.as_ref().unwrap().cells, s.grid.cells);
        // An edit changes the file, not the baseline: /public/y flips, /private/x keeps its verdict (and line).
        let s = reduce(s, Action::EditRobots("User-agent: *\nDisallow: /\n".into()));
        let before = s.baseline_grid.clone().unwrap();
        let flipped: Vec<bool> = s.grid.cells.iter().zip(&before.cells).map(|(a, b)| a.allowed != b.allowed).collect();
        assert_eq!(flipped.iter().filter(|&&f| f).count(), 3); // /public/y for each of the 3 agents
        assert!(before.cell(1, 0).unwrap().allowed && !s.grid.cell(1, 0).unwrap().allowed);
        // Typing does not check the baseline again: its verdicts are the same grid.
        let typed = reduce(s.clone(), Action::EditRobots("User-agent: *\nDisallow: /x\n".into()));
        assert!(Rc::ptr_eq(typed.baseline_grid.as_ref().unwrap(), &before));
        // New URLs are checked against the baseline too; it survives a session round trip.
        let s = reduce(s, Action::EditUrls("/public/z\n".into()));
        assert!(s.baseline_grid.as_ref().unwrap().cell(0, 0).unwrap().allowed);
        let restored = State::from_session(s.session());
        assert_eq!(restored.baseline_grid, s.baseline_grid);
        let s = reduce(s, Action::ClearBaseline);
        assert!(s.baseline_grid.is_none() && s.session().baseline.is_none());
    }

    #[test]
    fn the_grid_exports_as_csv() {
        let s = reduce(Rc::new(State::default()), Action::EditRobots("User-agent: *\nDisallow: /a,b\n".into()));
        let s = reduce(s, Action::EditAgents("Googlebot\n=cmd\n".into()));
        let s = reduce(s, Action::EditUrls("/a,b/x\n/c\n".into()));
        assert_eq!(
            s.csv(),
            "url,agent,token,verdict,line,rule\r\n\
             \"/a,b/x\",Googlebot,Googlebot,disallowed,2,\"Disallow: /a,b\"\r\n\
             \"/a,b/x\",'=cmd,,disallowed,2,\"Disallow: /a,b\"\r\n\
             /c,Googlebot,Googlebot,allowed,,\r\n\
             /c,'=cmd,,allowed,,\r\n"
        );
    }

    #[test]
    fn huge_lists_are_capped() {
        let urls: String = (0..MAX_URLS + 5).map(|i| format!("/p{i}\n")).collect();
        let s = reduce(Rc::new(State::default()), Action::EditUrls(urls));
        assert_eq!(s.urls.len(), MAX_URLS);
        assert_eq!(s.skipped_urls, 5);
    }

    #[test]
    fn lint_follows_the_parse() {
        let s = Rc::new(State::default());
        let lint = s.lint.clone();
        let s = reduce(s, Action::EditRobots("User-agent: *\nDisallow /x\n".into()));
        // Typing keeps the previous lint until the deferred request arrives.
        assert!(Rc::ptr_eq(&lint, &s.lint));
        let stale = reduce(s.clone(), Action::Lint(s.parse_generation - 1));
        assert!(Rc::ptr_eq(&lint, &stale.lint));
        let s = reduce(s.clone(), Action::Lint(s.parse_generation));
        assert!(s.lint.diagnostics.iter().any(|d| d.line == 2 && d.kind == robotscope::DiagnosticKind::MissingColon));
        let s = reduce(s.clone(), Action::EditRobots("<!DOCTYPE html><html><body></body></html>".into()));
        let s = reduce(s.clone(), Action::Lint(s.parse_generation));
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
        assert_eq!(s.grid.cell(0, 0).map(|c| (c.allowed, c.line)), Some((false, 2)));
        let restored = State::from_session(s.session());
        assert_eq!(restored.bytes(), bytes.as_slice());
        assert_eq!(restored.grid.cell(0, 0).map(|c| (c.allowed, c.line)), Some((false, 2)));
        // Once edited, the text is the file: the session no longer carries the bytes, and the UTF-8 `é`
        // (%C3%A9) does not match /caf%E9.
        let edited = reduce(s, Action::EditRobots("User-agent: *\nDisallow: /caf\u{e9}\n".into()));
        assert_eq!(edited.session().raw, None);
        assert_eq!(edited.grid.cell(0, 0).map(|c| (c.allowed, c.line)), Some((true, 0)));
    }

    #[test]
    fn sessions_round_trip() {
        let s = reduce(Rc::new(State::default()), Action::SetFullFile(true));
        let s = reduce(s, Action::Select { url: 3, agent: 2 });
        let restored = State::from_session(s.session());
        assert_eq!(restored.session(), s.session());
        assert!(restored.full_file);
        assert_eq!(restored.selected, (3, 2));
        assert_eq!(restored.detail.as_ref().map(|d| (d.url, d.agent)), Some((3, 2)));
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
        let s = reduce(s.clone(), Action::Lint(s.parse_generation));
        let lint = start.elapsed() - edit;
        assert_eq!(s.grid.cells.len(), 500);
        println!(
            "500 KiB x 100 URLs x 5 agents: one edit takes {edit:?} natively, then the lint {lint:?} ({} diagnostics)",
            s.lint.diagnostics.len()
        );
    }
}
