//! Input handling: the text area's edits become splices of the whole text, and the app makes the edits the
//! text area cannot make on its window (pastes, keys and input at a parked selection, copies and cuts past the
//! window, undo and redo). Where a key moves the caret and what a delete removes is [`crate::caret`]'s.

use web_sys::{ClipboardEvent, HtmlTextAreaElement};
use yew::prelude::*;

use super::window::Parts;
use super::Edit;
use crate::caret::{self, Move, LINE_HEIGHT};
use crate::messages;
use crate::state::MAX_OPEN_BYTES;
use crate::text::{ChangeKind, Splice, WINDOW_BYTES};

/// An edit the app makes at a parked selection.
#[derive(Debug, Clone, PartialEq, Eq)]
enum ParkedEdit {
    /// Replace the selection with this text.
    Insert(String),
    /// Backspace: the selection, or the character before the caret.
    DeleteBackward,
    /// Delete: the selection, or the character after the caret.
    DeleteForward,
}

impl Parts {
    /// Replaces the selection with `text` (a paste, a cut, typing over a selection larger than the window).
    fn replace_selection(&self, area: &HtmlTextAreaElement, text: String) {
        let (start, end, _) = self.selection(area);
        self.send_and_show(|stamp| Edit::Replace { splice: Splice { start, end, text }, stamp });
    }

    /// The text area changed: the change goes to the state as a splice of the whole text, made to the text the
    /// text area was showing (no catching up first: the change is made already).
    pub fn input(&self, e: &InputEvent) {
        let Some((area, _, code)) = self.elements() else { return };
        let value = area.value();
        let splice = {
            let mut held = self.held.borrow_mut();
            let Some(splice) = Splice::between(held.start, &held.text, &value) else { return };
            let old = &held.text[splice.start - held.start..splice.end - held.start];
            held.span = caret::span_after_edit(held.span, old, &splice.text);
            held.text = value;
            held.parked = None;
            splice
        };
        let kind = match e.input_type().as_str() {
            "insertText" | "insertCompositionText" if !splice.text.contains('\n') => ChangeKind::Typing,
            "deleteContentBackward" | "deleteContentForward" => ChangeKind::Deleting,
            _ => ChangeKind::Other,
        };
        self.fit(&area, &code);
        let time = e.time_stamp();
        self.send(|stamp| Edit::Type { splice, kind, time, stamp });
    }

    /// Keys the app handles itself: undo and redo, "select all" in a windowed file, and keys pressed while the
    /// selection is outside the window (the window first moves to it, as a text area scrolls to its caret).
    pub fn keydown(&self, e: &KeyboardEvent) {
        let Some((area, _, _)) = self.elements() else { return };
        self.catch_up();
        let key = e.key();
        let (whole, len) = {
            let (text, lines) = self.doc();
            (self.held.borrow().span.is_whole(lines.count()), text.len())
        };
        if (e.ctrl_key() || e.meta_key()) && !e.alt_key() {
            match key.to_ascii_lowercase().as_str() {
                "z" => {
                    e.prevent_default();
                    self.send_and_show(if e.shift_key() { Edit::Redo } else { Edit::Undo });
                }
                "y" => {
                    e.prevent_default();
                    self.send_and_show(Edit::Redo);
                }
                "a" if !whole => {
                    e.prevent_default();
                    self.place(&area, 0, len, false);
                }
                // To the start or the end of the file, not of the window (with Shift: select to there).
                "home" | "end" if !whole => {
                    e.prevent_default();
                    let (start, end, backward) = self.selection(&area);
                    let target = if key == "Home" { 0 } else { len };
                    if e.shift_key() {
                        let anchor = if backward { end } else { start };
                        self.go_to(anchor.min(target), anchor.max(target), target < anchor);
                    } else {
                        self.go_to(target, target, false);
                    }
                }
                // Copying, cutting and pasting arrive as their own events.
                _ => {}
            }
            return;
        }
        if matches!(key.as_str(), "Shift" | "Control" | "Alt" | "Meta" | "CapsLock" | "Tab" | "Escape") {
            return;
        }
        let (start, end, backward) = self.selection(&area);
        if self.held.borrow().parked.is_none() {
            return;
        }
        if end - start <= WINDOW_BYTES {
            // Bring the selection into the window; the key then does what it does.
            self.go_to(start, end, backward);
            if self.held.borrow().parked.is_none() {
                return;
            }
            // Still outside: past the lines the editor can show. The app makes the edit.
        }
        e.prevent_default();
        let edit = match key.as_str() {
            "Backspace" => Some(ParkedEdit::DeleteBackward),
            "Delete" => Some(ParkedEdit::DeleteForward),
            "Enter" => Some(ParkedEdit::Insert("\n".to_string())),
            k if k.chars().count() == 1 && !e.alt_key() => Some(ParkedEdit::Insert(k.to_string())),
            _ => None,
        };
        match (edit, Move::of_key(&key)) {
            (Some(edit), _) => self.edit_parked(start, end, edit),
            // Shift with a movement key extends the selection from its anchor, as a text area does.
            (None, Some(mv)) if e.shift_key() => {
                let (anchor, focus) = if backward { (end, start) } else { (start, end) };
                let focus = {
                    let (text, lines) = self.doc();
                    let page = (self.held.borrow().height / LINE_HEIGHT).max(1) as usize;
                    caret::moved(&text, &lines, mv, focus, page)
                };
                self.go_to(anchor.min(focus), anchor.max(focus), focus < anchor);
            }
            (None, _) if e.shift_key() => {}
            (None, mv) => {
                let at = if mv.is_some_and(Move::toward_start) { start } else { end };
                self.go_to(at, at, false);
            }
        }
    }

    /// Makes an edit at a parked selection `start..end` (bytes): the text area cannot, as it does not hold it.
    fn edit_parked(&self, start: usize, end: usize, edit: ParkedEdit) {
        let ((start, end), text) = match edit {
            ParkedEdit::Insert(text) => ((start, end), text),
            ParkedEdit::DeleteBackward | ParkedEdit::DeleteForward => {
                let backward = edit == ParkedEdit::DeleteBackward;
                (caret::deleted(&self.doc().0, start, end, backward), String::new())
            }
        };
        self.send_and_show(|stamp| Edit::Replace { splice: Splice { start, end, text }, stamp });
    }

    /// Text input that came without a key the app saw (an input method's commit, a virtual keyboard, dictation,
    /// an emoji picker) while the selection is parked: the app makes the edit at the real selection.
    pub fn beforeinput(&self, e: &InputEvent) {
        let Some(area) = self.area.cast::<HtmlTextAreaElement>() else { return };
        self.catch_up();
        let (start, end, _) = self.selection(&area);
        if self.held.borrow().parked.is_none() {
            return;
        }
        let edit = match e.input_type().as_str() {
            "insertText" | "insertReplacementText" => ParkedEdit::Insert(e.data().unwrap_or_default()),
            "insertLineBreak" | "insertParagraph" => ParkedEdit::Insert("\n".to_string()),
            "deleteContentBackward" => ParkedEdit::DeleteBackward,
            "deleteContentForward" => ParkedEdit::DeleteForward,
            // Anything else (a composition under way cannot be cancelled): move the window to the selection first.
            _ => {
                self.go_to(start, end, false);
                return;
            }
        };
        e.prevent_default();
        self.edit_parked(start, end, edit);
    }

    /// Pastes the clipboard's text: the app splices it in, so that a paste of megabytes never goes through the
    /// text area's layout.
    pub fn paste(&self, e: &ClipboardEvent) {
        let Some(text) = e.clipboard_data().and_then(|d| d.get_data("text/plain").ok()) else { return };
        e.prevent_default();
        self.catch_up();
        self.insert_text(text);
    }

    /// Puts `text` (pasted or dropped) in place of the selection, with line ends made LF.
    pub fn insert_text(&self, text: String) {
        let Some(area) = self.area.cast::<HtmlTextAreaElement>() else { return };
        if text.len() > MAX_OPEN_BYTES {
            let on_notice = self.latest.borrow().on_notice.clone();
            on_notice.emit(messages::too_large("The text", text.len()));
            return;
        }
        // A text area turns pasted CR LF and CR line ends into LF; so does the app.
        self.replace_selection(&area, crate::text::lf(text));
    }

    /// Copies (and for a cut, deletes) a selection that reaches past the window; others are the text area's.
    pub fn copy(&self, e: &ClipboardEvent, cut: bool) {
        let Some(area) = self.area.cast::<HtmlTextAreaElement>() else { return };
        self.catch_up();
        let (start, end, _) = self.selection(&area);
        if self.held.borrow().parked.is_none() || start == end {
            return;
        }
        let Some(data) = e.clipboard_data() else { return };
        e.prevent_default();
        let text = self.doc().0.get(start..end).unwrap_or_default().to_string();
        let _ = data.set_data("text/plain", &text);
        if cut {
            self.replace_selection(&area, String::new());
        }
    }
}
