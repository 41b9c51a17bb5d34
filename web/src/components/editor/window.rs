//! The window controller: which lines of the file the text area holds, filling it, mapping its selection to
//! bytes of the whole text, and parking a selection it cannot show. The arithmetic is in [`crate::caret`].
//!
//! The editor works on its own copy of the document ([`Held::mirror`]): the state's, with the edits the
//! editor sent made at once. A render (and with it the state's copy) can come many events after an edit on a
//! busy machine, as Yew yields to the browser between a render and its effects; every event is handled
//! against the text it was made to, and the state makes the same edits in the same order
//! ([`crate::document`] says how).

use std::cell::RefCell;
use std::ops::Deref;
use std::rc::Rc;

use web_sys::{HtmlElement, HtmlTextAreaElement};
use yew::prelude::*;

use super::{Edit, EditorProps};
use crate::analysis::Parsed;
use crate::caret::{self, LINE_HEIGHT};
use crate::document::{Document, Revision, Stamp};
use crate::shared::Shared;
use crate::text::{byte_of_utf16, LineIndex, Span};

/// A selection the text area cannot show: outside its window, or larger than it.
#[derive(Debug, Clone, Copy)]
pub(super) struct Parked {
    /// The selection, in bytes of the whole text.
    pub start: usize,
    pub end: usize,
    /// The text area's own selection (UTF-16) meanwhile: while it is unchanged, the user has not moved.
    pub stand_in: (u32, u32),
    /// Whether the selection runs backwards (its focus, the end that moves, is `start`).
    pub backward: bool,
}

/// What the text area holds. Kept outside Yew's state: it changes with every keystroke, and the handlers of
/// events that arrive between two renders must see the latest.
#[derive(Debug, Default)]
pub(super) struct Held {
    /// Whether the text area has been filled yet.
    pub filled: bool,
    /// The document as the editor holds it: the state's, with the edits the editor has sent since made.
    pub mirror: Document,
    /// The line index of the mirror's text while the state's parse is behind it (made when first needed).
    pub lines: Option<(Revision, Rc<LineIndex>)>,
    /// The lines it holds.
    pub span: Span,
    /// Whether they run to the end of the file (edits in the window do not change that).
    pub to_end: bool,
    /// The lines in view when the span was chosen.
    pub view: (usize, usize),
    /// Where its text starts in the whole text (bytes).
    pub start: usize,
    /// Its text, as last seen.
    pub text: String,
    /// A selection it cannot show.
    pub parked: Option<Parked>,
    /// A pointer is pressed in it (a selection being dragged): the window must not move under the pointer.
    pub dragging: bool,
    /// A Shift+click is under way from this anchor (bytes), which is outside the window: the text area extends
    /// its selection from its stand-in, and the app makes it run from the real anchor when the press ends.
    pub shift_from: Option<usize>,
    /// An input method composition is under way.
    pub composing: bool,
    /// The selection was shown before the render of the text it is in: the sheet may have been too short to
    /// scroll to it, so it is brought into view again after that render.
    pub reveal: bool,
    /// Where the scroller was at its last `scroll` event (browsers scroll a text area being focused into view;
    /// the editor puts the view back, as a text area that scrolls itself keeps its place).
    pub scrolled: (i32, i32),
    /// The scroller's height at its last measure (a scroll, a resize): with `scrolled`, the view, known without
    /// asking the browser, which would lay the page out before the verdicts are drawn.
    pub height: i32,
}

/// The elements the editor works on, what its text area holds, and the latest props.
#[derive(Clone)]
pub(super) struct Parts {
    pub area: NodeRef,
    pub scroller: NodeRef,
    pub code: NodeRef,
    pub held: Rc<RefCell<Held>>,
    pub latest: Rc<RefCell<EditorProps>>,
}

/// A line index: the state's parse's, or the editor's own for a text the state has not parsed yet.
pub(super) enum Lines {
    Parsed(Shared<Parsed>),
    Own(Rc<LineIndex>),
}

impl Deref for Lines {
    type Target = LineIndex;
    fn deref(&self) -> &LineIndex {
        match self {
            Lines::Parsed(parsed) => &parsed.lines,
            Lines::Own(lines) => lines,
        }
    }
}

impl Parts {
    pub fn elements(&self) -> Option<(HtmlTextAreaElement, HtmlElement, HtmlElement)> {
        Some((self.area.cast()?, self.scroller.cast()?, self.code.cast()?))
    }

    /// The lines in view, asking the scroller.
    pub fn view_lines(scroller: &HtmlElement) -> (usize, usize) {
        caret::lines_in(scroller.scroll_top(), scroller.client_height())
    }

    /// The editor's text and its line index.
    pub fn doc(&self) -> (Shared<str>, Lines) {
        let latest = self.latest.borrow();
        let mut held = self.held.borrow_mut();
        let (text, revision) = (held.mirror.text.clone(), held.mirror.revision);
        if revision == latest.document.revision {
            return (text, Lines::Parsed(latest.parsed.clone()));
        }
        let lines = match &held.lines {
            Some((r, lines)) if *r == revision => lines.clone(),
            _ => Rc::new(LineIndex::new(&text)),
        };
        held.lines = Some((revision, lines.clone()));
        (text, Lines::Own(lines))
    }

    /// Sends an edit made to the editor's text, which it makes to its own copy at once; `f` makes the edit
    /// from its stamp. `true` when the text changed.
    pub fn send(&self, f: impl FnOnce(Stamp) -> Edit) -> bool {
        let edit = {
            let mut held = self.held.borrow_mut();
            let edit = f(Stamp::on(&held.mirror));
            let changed = held.mirror.apply(edit.clone());
            (edit, changed)
        };
        let on_edit = self.latest.borrow().on_edit.clone();
        on_edit.emit(edit.0);
        self.mark_pending(true);
        edit.1
    }

    /// Marks the editor (`data-pending`) while the state has not made all the edits sent to it: the hook the
    /// end-to-end tests wait on before they read the file.
    fn mark_pending(&self, pending: bool) {
        let Some(editor) = self.scroller.cast::<HtmlElement>().and_then(|s| s.parent_element()) else { return };
        let _ = match pending {
            true => editor.set_attribute("data-pending", "true"),
            false => editor.remove_attribute("data-pending"),
        };
    }

    /// Sends an edit the text area does not show (a paste, undo, typing at a parked selection): the text area
    /// then shows the new text with the selection after the change, at once.
    pub fn send_and_show(&self, f: impl FnOnce(Stamp) -> Edit) {
        if self.send(f) {
            let selection = self.held.borrow().mirror.selection.unwrap_or_default();
            self.go_to(selection.0, selection.1, false);
            self.held.borrow_mut().reveal = true;
        }
    }

    /// Shows the state's text when something else replaced it (a file opened, an example, the policy builder's
    /// lines) or dropped the editor's edits, once the state has seen all of them: before an event is handled,
    /// and after a render. `true` when it did.
    pub fn catch_up(&self) -> bool {
        let (edits, revision) = {
            let latest = self.latest.borrow();
            (latest.document.edits, latest.document.revision)
        };
        let behind = {
            let held = self.held.borrow();
            held.filled && held.mirror.edits == edits && held.mirror.revision != revision
        };
        if behind {
            let document = self.latest.borrow().document.clone();
            let (start, end) = document.selection.unwrap_or_default();
            self.held.borrow_mut().mirror = document;
            self.go_to(start, end, false);
        }
        behind
    }

    /// The text area's selection in bytes of the whole text (a parked one if the user has not moved since),
    /// and whether it runs backwards.
    pub fn selection(&self, area: &HtmlTextAreaElement) -> (usize, usize, bool) {
        let mut held = self.held.borrow_mut();
        let start = area.selection_start().ok().flatten().unwrap_or(0);
        let end = area.selection_end().ok().flatten().unwrap_or(start);
        let backward = area.selection_direction().ok().flatten().as_deref() == Some("backward");
        if let Some(p) = held.parked {
            if p.stand_in == (start, end) {
                return (p.start, p.end, p.backward);
            }
            held.parked = None;
        }
        (held.start + byte_of_utf16(&held.text, start), held.start + byte_of_utf16(&held.text, end), backward)
    }

    /// The window for `view` of the editor's text.
    fn around(&self, view: (usize, usize)) -> Span {
        let (_, lines) = self.doc();
        Span::around(lines.starts(), lines.text_len(), view)
    }

    /// Fills the text area with the lines of `span` of the editor's text, keeping the scroller where it is.
    pub fn fill(&self, span: Span, view: (usize, usize)) {
        let Some((area, scroller, code)) = self.elements() else { return };
        let (text, lines) = self.doc();
        let (start, end) = span.bytes(lines.starts(), text.len());
        let (top, left) = (scroller.scroll_top(), scroller.scroll_left());
        {
            let mut held = self.held.borrow_mut();
            let held = &mut *held;
            *held = Held {
                filled: true,
                mirror: std::mem::take(&mut held.mirror),
                lines: held.lines.take(),
                span,
                to_end: span.last >= lines.count(),
                view,
                start,
                text: text[start..end].to_string(),
                parked: None,
                dragging: held.dragging,
                shift_from: held.shift_from,
                composing: held.composing,
                reveal: held.reveal,
                scrolled: held.scrolled,
                height: held.height,
            };
            let _ = area.style().set_property("top", &format!("{}px", span.first as i32 * LINE_HEIGHT));
            let _ = code.style().remove_property("min-width");
            area.set_value(&held.text);
        }
        self.fit(&area, &code);
        scroller.set_scroll_top(top);
        scroller.set_scroll_left(left);
    }

    /// Sizes the text area to its lines (it never scrolls itself: the scroller does), and widens the code column
    /// to its longest line.
    pub fn fit(&self, area: &HtmlTextAreaElement, code: &HtmlElement) {
        let (span, to_end) = {
            let held = self.held.borrow();
            (held.span, held.to_end)
        };
        let style = area.style();
        if to_end {
            // The window reaches the end of the file: the text area reaches the bottom, so that a click below
            // the last line puts the caret there.
            let _ = style.set_property("height", "auto");
            let _ = style.set_property("bottom", "0");
        } else {
            let _ = style.set_property("bottom", "auto");
            let _ = style.set_property("height", &format!("{}px", (span.last - span.first) as i32 * LINE_HEIGHT));
        }
        let (wide, room) = (area.scroll_width(), area.client_width());
        if wide > room {
            let _ = code.style().set_property("min-width", &format!("{wide}px"));
        }
    }

    /// Selects `start..end` (bytes of the whole text) in the text area, or parks the selection when the window
    /// cannot show it.
    pub fn place(&self, area: &HtmlTextAreaElement, start: usize, end: usize, backward: bool) {
        let mut held = self.held.borrow_mut();
        let direction = if backward { "backward" } else { "forward" };
        match caret::place(&held.text, held.start, start, end) {
            Ok((a, b)) => {
                let _ = area.set_selection_range_with_direction(a, b, direction);
                held.parked = None;
            }
            Err(stand_in) => {
                let _ = area.set_selection_range_with_direction(stand_in.0, stand_in.1, direction);
                held.parked = Some(Parked { start, end, stand_in, backward });
            }
        }
    }

    /// Scrolls so that line `line` (0-based) is in view, a third of the way down, unless it is in view already.
    pub fn reveal_line(scroller: &HtmlElement, line: usize) {
        if let Some(top) = caret::reveal_top(scroller.scroll_top(), scroller.client_height(), line) {
            scroller.set_scroll_top(top);
        }
    }

    /// Moves the window to the selection `start..end` (bytes), scrolling its end into view, and selects it there.
    pub fn go_to(&self, start: usize, end: usize, backward: bool) {
        let Some((area, scroller, _)) = self.elements() else { return };
        let (span, view) = {
            let (_, lines) = self.doc();
            Parts::reveal_line(&scroller, lines.line_of(if backward { start } else { end }));
            let view = Parts::view_lines(&scroller);
            (caret::window_for(&lines, start, end, view), view)
        };
        self.fill(span, view);
        self.place(&area, start, end, backward);
    }

    /// After a render: fills the text area the first time, shows the state's text when something else
    /// replaced it, and moves the window when the view has scrolled near the edge of it.
    pub fn sync(&self) {
        let Some((area, scroller, _)) = self.elements() else { return };
        if !self.held.borrow().filled {
            let document = self.latest.borrow().document.clone();
            self.held.borrow_mut().mirror = document;
            let view = Parts::view_lines(&scroller);
            self.fill(self.around(view), view);
            self.place(&area, 0, 0, false);
            return;
        }
        let caught_up = self.catch_up();
        if self.held.borrow().mirror.edits == self.latest.borrow().document.edits {
            self.mark_pending(false);
        }
        if caught_up {
            return;
        }
        let reveal = {
            let mut held = self.held.borrow_mut();
            let rendered = held.mirror.revision == self.latest.borrow().document.revision;
            rendered && std::mem::replace(&mut held.reveal, false)
        };
        if reveal {
            let (start, end, backward) = self.selection(&area);
            self.go_to(start, end, backward);
            return;
        }
        let (moving, span, given, view) = {
            let h = self.held.borrow();
            (h.dragging || h.composing, h.span, h.view, caret::lines_in(h.scrolled.0, h.height))
        };
        let count = self.doc().1.count();
        if !moving && !span.holds(given, view, count) {
            let (start, end, backward) = self.selection(&area);
            self.fill(self.around(view), view);
            self.place(&area, start, end, backward);
        }
    }

    /// Ends a Shift+click from `anchor` (bytes, outside the window): the selection runs from the anchor to where
    /// the click put the text area's caret.
    pub fn extend_from(&self, anchor: usize) {
        let Some(area) = self.area.cast::<HtmlTextAreaElement>() else { return };
        let focus = {
            let held = self.held.borrow();
            // The text area extended its selection from the stand-in at one end of the window: the focus is
            // the other end of it.
            let (start, end) = (area.selection_start().ok().flatten(), area.selection_end().ok().flatten());
            let Some((start, end)) = start.zip(end) else { return };
            let moved = if anchor < held.start { end } else { start };
            held.start + byte_of_utf16(&held.text, moved)
        };
        self.go_to(anchor.min(focus), anchor.max(focus), focus < anchor);
    }

    /// Selects line `line` (from 1) and scrolls it into view, a third of the way down.
    pub fn reveal(&self, line: usize) {
        self.catch_up();
        let (start, end) = {
            let (_, lines) = self.doc();
            (lines.start(line.saturating_sub(1)), lines.end(line.saturating_sub(1)))
        };
        if let Some(area) = self.area.cast::<HtmlTextAreaElement>() {
            let options = web_sys::FocusOptions::new();
            options.set_prevent_scroll(true);
            let _ = area.focus_with_options(&options);
        }
        if let Some(scroller) = self.scroller.cast::<HtmlElement>() {
            scroller.set_scroll_top(((line as i32 - 1) * LINE_HEIGHT - scroller.client_height() / 3).max(0));
        }
        self.go_to(start, end, false);
    }
}
