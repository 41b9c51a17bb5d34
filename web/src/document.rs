//! The document: the file being edited, its undo history, and the revision the editor's edits are stamped with.
//! A value: each change makes a new one and leaves the previous one as it was.
//!
//! The editor keeps its own copy of the document with its edits made at once (a render, and with it the
//! state's copy, can come many keystrokes later on a busy machine), and sends each edit stamped with the
//! revision it was made to and the revision it makes. The state makes an edit only to the revision it was made
//! to, so the two copies go through the same revisions; an edit made to any other text (the file was replaced
//! meanwhile) is dropped, never applied to the wrong bytes.

use std::rc::Rc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::shared::Shared;
use crate::text::{ChangeKind, History, Splice};

/// Names one value of the text: every change of it takes a revision never used before in this page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Revision(u64);

impl Revision {
    /// A revision not used before (0, the default, is never given out: it names no text).
    pub fn fresh() -> Revision {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        Revision(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

/// What an edit from the editor was made to, and the revision it makes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    /// The revision of the text the edit was made to.
    pub base: Revision,
    /// The revision of the text it makes.
    pub next: Revision,
}

impl Stamp {
    /// A stamp for an edit of `document` as it is.
    pub fn on(document: &Document) -> Stamp {
        Stamp { base: document.revision, next: Revision::fresh() }
    }
}

/// An edit of the file from the editor.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// The editor's text area changed (it shows the change already): `splice`, in bytes of the whole text.
    Type {
        /// The change, in bytes of the whole text.
        splice: Splice,
        /// Typing or deleting, for the undo history's runs.
        kind: ChangeKind,
        /// When (the event's time stamp, milliseconds).
        time: f64,
        /// The text it was made to, and the revision it makes.
        stamp: Stamp,
    },
    /// A change the app makes for the user (a paste, a cut, typing at a selection the text area does not
    /// hold): the editor then shows the new text with the caret after the change.
    Replace {
        /// The change, in bytes of the whole text.
        splice: Splice,
        /// As for [`Edit::Type`].
        stamp: Stamp,
    },
    /// Undo the last step (typing, a paste, a file opened, an example loaded).
    Undo(Stamp),
    /// Redo the last undone step.
    Redo(Stamp),
}

impl Edit {
    /// What the edit was made to, and the revision it makes.
    pub fn stamp(&self) -> Stamp {
        match self {
            Edit::Type { stamp, .. } | Edit::Replace { stamp, .. } | Edit::Undo(stamp) | Edit::Redo(stamp) => *stamp,
        }
    }
}

/// The file being edited.
#[derive(Debug, Clone, PartialEq)]
pub struct Document {
    /// The editor's text (LF line ends, as a browser's text area holds it).
    pub text: Shared<str>,
    /// The file's bytes as opened, while it is unedited and differs from `text` (CR line ends, invalid
    /// UTF-8): the engine reads these, so the answers are those for the real file.
    pub raw: Option<Shared<[u8]>>,
    /// The file name, for downloads.
    pub file_name: Rc<str>,
    /// Names the text: every change takes a fresh one (an edit from the editor, the one it was stamped with).
    pub revision: Revision,
    /// Where the editor puts the selection (byte offsets) when it shows this text: after the last change.
    pub selection: Option<(usize, usize)>,
    /// How many edits from the editor have been made or dropped: while the state's count is behind the
    /// editor's, the editor's own copy is ahead of the state's, not apart from it.
    pub edits: u64,
    /// The undo history (changed on a copy, see [`History`]).
    history: Shared<History>,
}

impl Default for Document {
    /// An empty document of revision 0, which names no text: the editor's copy before its first render.
    fn default() -> Document {
        Document { revision: Revision::default(), ..Document::new("", None) }
    }
}

impl Document {
    /// A document holding `text` (and the file's own bytes when they differ from it).
    pub fn new(text: &str, raw: Option<Vec<u8>>) -> Document {
        Document {
            text: Shared::from(text),
            raw: raw.map(Shared::from),
            file_name: Rc::from("robots.txt"),
            revision: Revision::fresh(),
            selection: None,
            edits: 0,
            history: Shared::default(),
        }
    }

    /// The bytes the engine reads.
    pub fn bytes(&self) -> &[u8] {
        match &self.raw {
            Some(raw) => raw,
            None => self.text.as_bytes(),
        }
    }

    fn history(&mut self) -> &mut History {
        Rc::make_mut(&mut self.history.0)
    }

    /// Sets the text (the bytes are the text's from now on), as revision `revision`, with `selection` shown.
    fn set_text(&mut self, text: String, revision: Revision, selection: (usize, usize)) {
        self.text = Shared::from(text);
        self.raw = None;
        self.revision = revision;
        self.selection = Some(selection);
    }

    /// Makes an edit from the editor when it was made to this text, else drops it; either way it is counted
    /// (see [`Document::edits`]). `true` when the text changed.
    pub fn apply(&mut self, edit: Edit) -> bool {
        self.edits += 1;
        let stamp = edit.stamp();
        if stamp.base != self.revision {
            return false;
        }
        let old = self.text.clone();
        match edit {
            Edit::Type { splice, kind, time, .. } => {
                self.history().record(&old, &splice, kind, time);
                let text = splice.apply(&old);
                let caret = (splice.start + splice.text.len()).min(text.len());
                self.set_text(text, stamp.next, (caret, caret));
            }
            Edit::Replace { splice, .. } => {
                self.history().record(&old, &splice, ChangeKind::Other, f64::INFINITY);
                let text = splice.apply(&old);
                let caret = (splice.start + splice.text.len()).min(text.len());
                self.set_text(text, stamp.next, (caret, caret));
            }
            Edit::Undo(_) | Edit::Redo(_) => {
                let redo = matches!(edit, Edit::Redo(_));
                let step = if redo { self.history().redo(&old) } else { self.history().undo(&old) };
                let Some((text, selection)) = step else { return false };
                self.set_text(text, stamp.next, selection);
            }
        }
        true
    }

    /// The text became `text` (typed over everything), as one undo step. `false` when nothing changed.
    pub fn edit(&mut self, text: String) -> bool {
        if self.raw.is_none() && *self.text == *text {
            return false;
        }
        let old = self.text.clone();
        self.history().record_replacement(&old, &text);
        let end = text.len();
        self.set_text(text, Revision::fresh(), (end, end));
        true
    }

    /// A change the state makes (the policy builder's lines): as a paste, with the caret after it.
    pub fn replace(&mut self, splice: &Splice) {
        let old = self.text.clone();
        self.history().record(&old, splice, ChangeKind::Other, f64::INFINITY);
        let text = splice.apply(&old);
        let caret = (splice.start + splice.text.len()).min(text.len());
        self.set_text(text, Revision::fresh(), (caret, caret));
    }

    /// Replaces the whole file (a file opened, an example, a session), as one undo step, with the caret at its
    /// start.
    pub fn open(&mut self, text: String, raw: Option<Vec<u8>>, name: &str) {
        let old = self.text.clone();
        self.history().record_replacement(&old, &text);
        self.text = Shared::from(text);
        self.raw = raw.map(Shared::from);
        self.file_name = Rc::from(name);
        self.revision = Revision::fresh();
        self.selection = Some((0, 0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn typed(d: &Document, at: usize, text: &str, time: f64) -> Edit {
        let splice = Splice { start: at, end: at, text: text.into() };
        Edit::Type { splice, kind: ChangeKind::Typing, time, stamp: Stamp::on(d) }
    }

    #[test]
    fn changes_leave_the_previous_document_as_it_was() {
        let start = Document::new("Disallow: /\n", None);
        let mut typed_in = start.clone();
        assert!(typed_in.apply(typed(&start, 0, "#", 0.0)));
        assert_eq!((&*typed_in.text, typed_in.edits), ("#Disallow: /\n", 1));
        assert_ne!(typed_in.revision, start.revision);
        // The earlier document has its own text and history.
        assert_eq!(&*start.text, "Disallow: /\n");
        assert!(!start.clone().apply(Edit::Undo(Stamp::on(&start))));
        let mut undone = typed_in.clone();
        assert!(undone.apply(Edit::Undo(Stamp::on(&typed_in))));
        assert_eq!((&*undone.text, undone.selection), ("Disallow: /\n", Some((0, 0))));
        // Undoing in one copy leaves the other's history: it can still undo, and redo nothing.
        assert!(typed_in.clone().apply(Edit::Undo(Stamp::on(&typed_in))));
        assert!(!typed_in.clone().apply(Edit::Redo(Stamp::on(&typed_in))));
        // An edit made to another revision (here the one before the undo) is counted and dropped.
        assert!(!undone.apply(typed(&typed_in, 0, "x", 1.0)));
        assert_eq!((&*undone.text, undone.edits), ("Disallow: /\n", 3));
        assert!(undone.apply(Edit::Redo(Stamp::on(&undone))));
        assert_eq!((&*undone.text, undone.selection), ("#Disallow: /\n", Some((1, 1))));
    }

    #[test]
    fn opened_bytes_last_until_the_first_edit() {
        let mut d = Document::new("a", None);
        d.open("User-agent: *\n".into(), Some(b"User-agent: *\r\n".to_vec()), "r.txt");
        assert_eq!(d.bytes(), b"User-agent: *\r\n");
        assert_eq!((&*d.file_name, d.selection), ("r.txt", Some((0, 0))));
        // The same text typed over it still switches the engine to the text.
        assert!(d.edit("User-agent: *\n".into()));
        assert_eq!(d.bytes(), b"User-agent: *\n");
        assert!(!d.edit("User-agent: *\n".into()));
        let before = d.revision;
        d.replace(&Splice { start: 0, end: 0, text: "# x\n".into() });
        assert_eq!(d.selection, Some((4, 4)));
        assert_ne!(d.revision, before);
        // An edit the editor made to the text before the replacement is dropped.
        let stale = Edit::Replace {
            splice: Splice { start: 0, end: 0, text: "y".into() },
            stamp: Stamp { base: before, next: Revision::fresh() },
        };
        assert!(!d.apply(stale));
        assert_eq!(&*d.text, "# x\nUser-agent: *\n");
    }

    /// One step of the property below.
    #[derive(Debug, Clone)]
    enum Step {
        /// The editor types `text` over bytes `at..at + len` (fractions of the text's length, in thousandths).
        Type(u16, u16, String),
        /// The editor has the app replace bytes `at..at + len` (a paste, typing at a parked selection).
        Replace(u16, u16, String),
        Undo,
        Redo,
        /// The state makes the next queued edit (a render: the editor's props catch up by one).
        Reduce,
        /// Something else replaces the file (a file opened, the policy builder's lines) at the state's end.
        Outside,
    }

    fn step() -> impl proptest::strategy::Strategy<Value = Step> {
        use proptest::prelude::*;
        let text = || proptest::string::string_regex("[a/é😀\n]{0,6}").unwrap();
        prop_oneof![
            4 => (0u16..=1000, 0u16..=300, text()).prop_map(|(a, l, t)| Step::Type(a, l, t)),
            2 => (0u16..=1000, 0u16..=1000, text()).prop_map(|(a, l, t)| Step::Replace(a, l, t)),
            1 => Just(Step::Undo),
            1 => Just(Step::Redo),
            6 => Just(Step::Reduce),
            1 => Just(Step::Outside),
        ]
    }

    /// The state's end of the property below: makes the next queued item (an edit from the editor, or `None`
    /// for a change from elsewhere).
    fn reduce(state: &mut Document, item: Option<Edit>) {
        match item {
            Some(edit) => {
                state.apply(edit);
            }
            None => state.replace(&Splice { start: 0, end: 0, text: "# outside\n".into() }),
        }
    }

    proptest::proptest! {
        /// The editor's copy and the state's go through the same revisions whatever the delay between an edit
        /// and the state making it: with nothing else changing the file, every edit is made, in order, and the
        /// text is what a plain string with the same splices holds; an edit made to a text that something else
        /// replaced meanwhile is dropped, never spliced into the new text.
        #[test]
        fn edits_are_made_in_order_or_dropped_whatever_the_delay(steps in proptest::collection::vec(step(), 1..60)) {
            let mut state = Document::new("User-agent: *\nDisallow: /é\n", None);
            let mut mirror = state.clone();
            // A plain model of what the user did (`None` from a change from elsewhere until the editor shows it).
            let mut model = Some(state.text.to_string());
            // The state's text after a change from elsewhere, until the editor shows it: no edit made before
            // may change it.
            let mut frozen: Option<String> = None;
            let mut queue: std::collections::VecDeque<Option<Edit>> = Default::default();
            for (i, step) in steps.into_iter().enumerate() {
                let cut = |at: u16, len: u16| {
                    let text = &mirror.text;
                    let start = crate::text::floor_boundary(text, text.len() * at as usize / 1000);
                    (start, crate::text::floor_boundary(text, start + text.len() * len as usize / 1000))
                };
                let edit = match step {
                    Step::Type(a, l, text) => {
                        let (start, end) = cut(a, l);
                        let splice = Splice { start, end, text };
                        Some(Edit::Type { splice, kind: ChangeKind::Typing, time: i as f64, stamp: Stamp::on(&mirror) })
                    }
                    Step::Replace(a, l, text) => {
                        let (start, end) = cut(a, l);
                        Some(Edit::Replace { splice: Splice { start, end, text }, stamp: Stamp::on(&mirror) })
                    }
                    Step::Undo => Some(Edit::Undo(Stamp::on(&mirror))),
                    Step::Redo => Some(Edit::Redo(Stamp::on(&mirror))),
                    Step::Reduce => {
                        if let Some(item) = queue.pop_front() {
                            let from_elsewhere = item.is_none();
                            reduce(&mut state, item);
                            if from_elsewhere {
                                frozen = Some(state.text.to_string());
                            }
                            if let Some(frozen) = &frozen {
                                proptest::prop_assert_eq!(&*state.text, frozen.as_str());
                            }
                        }
                        None
                    }
                    Step::Outside => {
                        queue.push_back(None);
                        model = None;
                        None
                    }
                };
                if let Some(edit) = edit {
                    let splice = match &edit {
                        Edit::Type { splice, .. } | Edit::Replace { splice, .. } => Some(splice),
                        Edit::Undo(_) | Edit::Redo(_) => None,
                    };
                    if let (Some(model), Some(splice)) = (&mut model, splice) {
                        *model = splice.apply(model);
                    }
                    mirror.apply(edit.clone());
                    // Undo and redo: the model follows the editor's copy (the history's own tests check them).
                    if let (Some(model), Edit::Undo(_) | Edit::Redo(_)) = (&mut model, &edit) {
                        *model = mirror.text.to_string();
                    }
                    queue.push_back(Some(edit));
                }
                // After a render: the editor shows the state's text once the state has seen all its edits and
                // has another revision.
                if state.edits == mirror.edits && state.revision != mirror.revision {
                    mirror = state.clone();
                    model = Some(mirror.text.to_string());
                    frozen = None;
                }
                if let Some(model) = &model {
                    proptest::prop_assert_eq!(&*mirror.text, model.as_str());
                }
            }
            // An outside change since the editor last showed the state's text: still queued, or made (`frozen`)
            // while edits the editor made to the text before it were on their way. (The editor can show the
            // state's text while further outside changes are queued: `model` then holds again, for its copy.)
            let outside = model.is_none() || frozen.is_some() || queue.iter().any(Option::is_none);
            while let Some(item) = queue.pop_front() {
                reduce(&mut state, item);
            }
            proptest::prop_assert_eq!(state.edits, mirror.edits);
            // The next render shows the state's text, whatever happened: the two copies never stay apart.
            if state.revision != mirror.revision {
                proptest::prop_assert!(outside, "the copies parted with nothing else changing the file");
                mirror = state.clone();
            }
            proptest::prop_assert_eq!(&*mirror.text, &*state.text);
            if !outside {
                // Nothing else changed the file since the editor last showed the state's text: the state made
                // every edit, in order.
                proptest::prop_assert_eq!(state.revision, mirror.revision);
                let model = model.unwrap_or_default();
                proptest::prop_assert_eq!(&*state.text, model.as_str());
            }
        }
    }
}
