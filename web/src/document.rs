//! The document: the file being edited, its undo history, and the counters the editor's text area is kept in
//! step with. A value: each change makes a new one and leaves the previous one as it was.

use std::rc::Rc;

use crate::shared::Shared;
use crate::text::{ChangeKind, History, Splice};

/// An edit of the file from the editor.
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// The editor's text area changed (it shows the change already): `splice`, made to the text of `version`.
    Type {
        /// The change, in bytes of the whole text.
        splice: Splice,
        /// The [`Document::version`] the text area was filled from: a change to an older text is dropped
        /// rather than spliced into the wrong place.
        version: u32,
        /// Typing or deleting, for the undo history's runs.
        kind: ChangeKind,
        /// When (the event's time stamp, milliseconds).
        time: f64,
    },
    /// A change the app makes for the user (a paste, a cut, typing at a selection the text area does not
    /// hold): the editor then shows the new text with the caret after the change.
    Replace {
        /// The change, in bytes of the whole text.
        splice: Splice,
        /// As for [`Edit::Type`].
        version: u32,
    },
    /// Undo the last step (typing, a paste, a file opened, an example loaded).
    Undo,
    /// Redo the last undone step.
    Redo,
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
    /// Counts replacements of the text from outside the editor (undo, pastes, files, examples, sessions), which
    /// the editor then copies into its text area; typing does not change it.
    pub version: u32,
    /// Where the editor puts the selection (byte offsets) when it next copies the text in.
    pub selection: Option<(usize, usize)>,
    /// How many typed changes have been applied or dropped: the editor compares it with the number it sent,
    /// to know that the text it renders includes all of them.
    pub typed: u64,
    /// The undo history (changed on a copy, see [`History`]).
    history: Shared<History>,
}

impl Document {
    /// A document holding `text` (and the file's own bytes when they differ from it).
    pub fn new(text: &str, raw: Option<Vec<u8>>) -> Document {
        Document {
            text: Shared::from(text),
            raw: raw.map(Shared::from),
            file_name: Rc::from("robots.txt"),
            version: 0,
            selection: None,
            typed: 0,
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

    /// Sets the text (the bytes are the text's from now on).
    fn set_text(&mut self, text: String) {
        self.text = Shared::from(text);
        self.raw = None;
    }

    /// Has the editor copy the text in again (a change it did not make), with this selection.
    fn show(&mut self, selection: (usize, usize)) {
        self.version = self.version.wrapping_add(1);
        self.selection = Some(selection);
    }

    /// Makes `edit`; `false` when nothing changed (a dropped typed change still counts, see [`Document::typed`]).
    pub fn apply(&mut self, edit: Edit) -> bool {
        match edit {
            Edit::Type { splice, version, kind, time } => {
                let typed = self.typed;
                self.typed(&splice, version, kind, time);
                // Counted even when dropped: the editor waits until the count matches its own.
                self.typed != typed
            }
            Edit::Replace { splice, version } => self.replace(&splice, version),
            Edit::Undo => self.undo(false),
            Edit::Redo => self.undo(true),
        }
    }

    /// The text became `text` (typed over everything), as one undo step; the editor shows it already.
    /// `false` when nothing changed.
    pub fn edit(&mut self, text: String) -> bool {
        if self.raw.is_none() && *self.text == *text {
            return false;
        }
        let old = self.text.clone();
        self.history().record_replacement(&old, &text);
        self.set_text(text);
        true
    }

    /// The editor's text area, filled from `version`, made `splice` (typing or deleting, `kind`, at `time`).
    /// A change to an older text is dropped rather than spliced into the wrong place; either way it is
    /// counted. `true` when the text changed.
    pub fn typed(&mut self, splice: &Splice, version: u32, kind: ChangeKind, time: f64) -> bool {
        self.typed += 1;
        if version != self.version {
            return false;
        }
        let old = self.text.clone();
        self.history().record(&old, splice, kind, time);
        self.set_text(splice.apply(&old));
        true
    }

    /// A change the app makes for the user (a paste, a cut, typing over a selection the text area does not
    /// hold): the editor then shows the new text with the caret after the change. `false` when `version` is
    /// stale.
    pub fn replace(&mut self, splice: &Splice, version: u32) -> bool {
        if version != self.version {
            return false;
        }
        let old = self.text.clone();
        self.history().record(&old, splice, ChangeKind::Other, f64::INFINITY);
        let text = splice.apply(&old);
        let caret = (splice.start + splice.text.len()).min(text.len());
        self.set_text(text);
        self.show((caret, caret));
        true
    }

    /// Undoes (or with `redo`, redoes) a step; `false` when there is none.
    pub fn undo(&mut self, redo: bool) -> bool {
        let old = self.text.clone();
        let step = if redo { self.history().redo(&old) } else { self.history().undo(&old) };
        let Some((text, selection)) = step else { return false };
        self.set_text(text);
        self.show(selection);
        true
    }

    /// Replaces the whole file (a file opened, an example, a session), as one undo step, with the caret at its
    /// start.
    pub fn open(&mut self, text: String, raw: Option<Vec<u8>>, name: &str) {
        let old = self.text.clone();
        self.history().record_replacement(&old, &text);
        self.text = Shared::from(text);
        self.raw = raw.map(Shared::from);
        self.file_name = Rc::from(name);
        self.show((0, 0));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_leave_the_previous_document_as_it_was() {
        let start = Document::new("Disallow: /\n", None);
        let mut typed = start.clone();
        assert!(typed.typed(&Splice { start: 0, end: 0, text: "#".into() }, 0, ChangeKind::Typing, 0.0));
        assert_eq!((&*typed.text, typed.typed, typed.version), ("#Disallow: /\n", 1, 0));
        // The earlier document has its own text and history.
        assert_eq!(&*start.text, "Disallow: /\n");
        assert!(!start.clone().undo(false) && typed.clone().undo(false));
        let mut undone = typed.clone();
        assert!(undone.undo(false));
        assert_eq!((&*undone.text, undone.version, undone.selection), ("Disallow: /\n", 1, Some((0, 0))));
        // Undoing in one copy leaves the other's history: it can still undo, and redo nothing.
        assert!(typed.clone().undo(false));
        let mut again = typed.clone();
        assert!(!again.undo(true));
        // A change typed against an older version is counted and dropped.
        assert!(!undone.typed(&Splice { start: 0, end: 0, text: "x".into() }, 0, ChangeKind::Typing, 1.0));
        assert_eq!((&*undone.text, undone.typed), ("Disallow: /\n", 2));
        assert!(undone.undo(true));
        assert_eq!((&*undone.text, undone.selection), ("#Disallow: /\n", Some((1, 1))));
    }

    #[test]
    fn opened_bytes_last_until_the_first_edit() {
        let mut d = Document::new("a", None);
        d.open("User-agent: *\n".into(), Some(b"User-agent: *\r\n".to_vec()), "r.txt");
        assert_eq!(d.bytes(), b"User-agent: *\r\n");
        assert_eq!((&*d.file_name, d.selection, d.version), ("r.txt", Some((0, 0)), 1));
        // The same text typed over it still switches the engine to the text.
        assert!(d.edit("User-agent: *\n".into()));
        assert_eq!(d.bytes(), b"User-agent: *\n");
        assert!(!d.edit("User-agent: *\n".into()));
        assert!(d.replace(&Splice { start: 0, end: 0, text: "# x\n".into() }, 1));
        assert_eq!((d.selection, d.version), (Some((4, 4)), 2));
        assert!(!d.replace(&Splice { start: 0, end: 0, text: "y".into() }, 1));
    }
}
