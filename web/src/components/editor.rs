//! The robots.txt editor: a plain text area over a coloured copy of the text, beside a gutter of line numbers,
//! lint marks and the priorities of the rules that matched the selected URL.
//!
//! Everything scrolls together in one scroller, and only the lines in view (and a few around them) are drawn.
//! The text area holds a window of the file around the view, not the whole file ([`crate::text`] says why):
//! files of up to [`crate::text::WHOLE_LINES`] lines go in whole, larger ones in windows of a few hundred lines that move
//! as the view scrolls. The app keeps the whole text and its own undo history, and handles the few edits the
//! text area cannot make on its own window: pastes, and copying, cutting or typing over a selection that
//! reaches past the window (after "select all" in a large file).

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::{EventListener, EventListenerOptions};
use robotscope::{RuleKind, Severity, GOOGLE_SIZE_LIMIT};
use wasm_bindgen::JsCast;
use web_sys::{ClipboardEvent, HtmlElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::analysis::highlight;
use crate::components::toolbar::read_file;
use crate::state::{Action, Notice, State, MAX_OPEN_BYTES};
use crate::text::{byte_of_utf16, floor_boundary, line_of, utf16_len, ChangeKind, Span, Splice, WINDOW_BYTES};

/// The height of a line in pixels: `--line-height` in `static/css/app.css`.
const LINE_HEIGHT: i32 = 20;
/// Lines drawn above and below the view, so that fast scrolling shows no gaps.
const OVERSCAN: usize = 20;
/// The most lines the editor can scroll through: browsers cap an element's height at about 33.5 million
/// pixels (Chromium: 2^25). Lines past it are kept (the answers, the download and share links have them), but
/// cannot be shown; the editor says so.
pub const MAX_SHOWN_LINES: usize = 1_600_000;
/// Dropped text up to this size goes where it is dropped, as the text area places it; larger drops go in at
/// the selection, like a paste.
const DROP_IN_PLACE_BYTES: usize = 64 * 1024;

/// The editor's props.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct EditorProps {
    /// The app state.
    pub state: UseReducerHandle<State>,
}

/// Where the scroller is scrolled, and how tall it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct View {
    top: i32,
    height: i32,
}

/// A selection the text area cannot show: outside its window, or larger than it.
#[derive(Debug, Clone, Copy)]
struct Parked {
    /// The selection, in bytes of the whole text.
    start: usize,
    end: usize,
    /// The text area's own selection (UTF-16) meanwhile: while it is unchanged, the user has not moved.
    stand_in: (u32, u32),
    /// Whether the selection runs backwards (its focus, the end that moves, is `start`).
    backward: bool,
}

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

/// What the text area holds. Kept outside Yew's state: it changes with every keystroke, and the handlers of
/// events that arrive between two renders must see the latest.
#[derive(Debug, Default)]
struct Held {
    /// Whether the text area has been filled yet.
    filled: bool,
    /// The [`State::text_version`] of the text it was filled from.
    version: u32,
    /// The lines it holds.
    span: Span,
    /// Whether they run to the end of the file (edits in the window do not change that).
    to_end: bool,
    /// The lines in view when the span was chosen.
    view: (usize, usize),
    /// Where its text starts in the whole text (bytes).
    start: usize,
    /// Its text, as last seen.
    text: String,
    /// How many [`Action::Type`] it has sent (compared with [`State::typed`]).
    sent: u64,
    /// A selection it cannot show.
    parked: Option<Parked>,
    /// A pointer is pressed in it (a selection being dragged): the window must not move under the pointer.
    dragging: bool,
    /// A Shift+click is under way from this anchor (bytes), which is outside the window: the text area extends
    /// its selection from its stand-in, and the app makes it run from the real anchor when the press ends.
    shift_from: Option<usize>,
    /// An input method composition is under way.
    composing: bool,
    /// Where the scroller was at its last `scroll` event (browsers scroll a text area being focused into view;
    /// the editor puts the view back, as a text area that scrolls itself keeps its place).
    scrolled: (i32, i32),
    /// The scroller's height at its last measure (a scroll, a resize): with `scrolled`, the view, known without
    /// asking the browser, which would lay the page out before the verdicts are drawn.
    height: i32,
}

/// The elements the editor works on, and the latest state.
#[derive(Clone)]
struct Parts {
    area: NodeRef,
    scroller: NodeRef,
    code: NodeRef,
    held: Rc<RefCell<Held>>,
    latest: Rc<RefCell<UseReducerHandle<State>>>,
}

impl Parts {
    fn elements(&self) -> Option<(HtmlTextAreaElement, HtmlElement, HtmlElement)> {
        Some((self.area.cast()?, self.scroller.cast()?, self.code.cast()?))
    }

    /// The lines in view of a scroller scrolled to `top` and `height` pixels tall, `first..last` (0-based;
    /// `last` may pass the end of the file).
    fn lines_in(top: i32, height: i32) -> (usize, usize) {
        ((top.max(0) / LINE_HEIGHT) as usize, ((top + height).max(0) / LINE_HEIGHT + 1) as usize)
    }

    /// The lines in view, asking the scroller.
    fn view_lines(scroller: &HtmlElement) -> (usize, usize) {
        Parts::lines_in(scroller.scroll_top(), scroller.client_height())
    }

    /// The text area's selection in bytes of the whole text (a parked one if the user has not moved since),
    /// and whether it runs backwards.
    fn selection(&self, area: &HtmlTextAreaElement) -> (usize, usize, bool) {
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

    /// Fills the text area with the lines of `span` of the current text, keeping the scroller where it is.
    fn fill(&self, span: Span, view: (usize, usize)) {
        let Some((area, scroller, code)) = self.elements() else { return };
        let state = self.latest.borrow();
        let starts = &state.parsed.line_starts;
        let (start, end) = span.bytes(starts, state.text.len());
        let (top, left) = (scroller.scroll_top(), scroller.scroll_left());
        {
            let mut held = self.held.borrow_mut();
            *held = Held {
                filled: true,
                version: state.text_version,
                span,
                to_end: span.last >= starts.len(),
                view,
                start,
                text: state.text[start..end].to_string(),
                sent: held.sent,
                parked: None,
                dragging: held.dragging,
                shift_from: held.shift_from,
                composing: held.composing,
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
    fn fit(&self, area: &HtmlTextAreaElement, code: &HtmlElement) {
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
    fn place(&self, area: &HtmlTextAreaElement, start: usize, end: usize, backward: bool) {
        let mut held = self.held.borrow_mut();
        let (from, to) = (held.start, held.start + held.text.len());
        let direction = if backward { "backward" } else { "forward" };
        if start >= from && end <= to {
            let a = utf16_len(&held.text, start - from);
            let b = utf16_len(&held.text, end - from);
            let _ = area.set_selection_range_with_direction(a, b, direction);
            held.parked = None;
        } else {
            let all = utf16_len(&held.text, held.text.len());
            let stand_in = if end < from {
                (0, 0)
            } else if start > to {
                (all, all)
            } else {
                let a = if start < from { 0 } else { utf16_len(&held.text, start - from) };
                let b = if end > to { all } else { utf16_len(&held.text, end - from) };
                (a, b)
            };
            let _ = area.set_selection_range_with_direction(stand_in.0, stand_in.1, direction);
            held.parked = Some(Parked { start, end, stand_in, backward });
        }
    }

    /// Scrolls so that line `line` (0-based) is in view, a third of the way down, unless it is in view already.
    fn reveal_line(scroller: &HtmlElement, line: usize) {
        let (top, height) = (scroller.scroll_top(), scroller.client_height());
        let y = line as i32 * LINE_HEIGHT;
        if y < top || y + LINE_HEIGHT > top + height {
            scroller.set_scroll_top((y - height / 3).max(0));
        }
    }

    /// Moves the window to the selection `start..end` (bytes), scrolling its end into view, and selects it there.
    fn go_to(&self, start: usize, end: usize, backward: bool) {
        let Some((area, scroller, _)) = self.elements() else { return };
        let (span, view) = {
            let state = self.latest.borrow();
            let starts = &state.parsed.line_starts;
            Parts::reveal_line(&scroller, line_of(starts, if backward { start } else { end }));
            let view = Parts::view_lines(&scroller);
            let (a, b) = (line_of(starts, start), line_of(starts, end));
            // The whole selection, if it fits and can be shown; else the view (the selection is then parked).
            let shown = b < MAX_SHOWN_LINES;
            let wanted = if end - start <= WINDOW_BYTES && shown { (a.min(view.0), (b + 1).max(view.1)) } else { view };
            (Span::around(starts, state.text.len(), wanted), view)
        };
        self.fill(span, view);
        self.place(&area, start, end, backward);
    }

    /// After a render: refills the text area when the text was replaced from outside, or when the view has
    /// scrolled near the edge of its window.
    fn sync(&self) {
        let Some((area, scroller, _)) = self.elements() else { return };
        let (version, selection, typed, count) = {
            let state = self.latest.borrow();
            (state.text_version, state.selection, state.typed, state.parsed.line_count())
        };
        let (filled, held_version, sent, moving, span, given) = {
            let h = self.held.borrow();
            (h.filled, h.version, h.sent, h.dragging || h.composing, h.span, h.view)
        };
        if typed != sent {
            // Keystrokes are on their way to the state: the next render syncs.
            return;
        }
        if !filled || held_version != version {
            match selection {
                Some((start, end)) if filled => self.go_to(start, end, false),
                _ => {
                    let view = Parts::view_lines(&scroller);
                    let span =
                        Span::around(&self.latest.borrow().parsed.line_starts, self.latest.borrow().text.len(), view);
                    self.fill(span, view);
                    self.place(&area, 0, 0, false);
                }
            }
            return;
        }
        let view = {
            let h = self.held.borrow();
            Parts::lines_in(h.scrolled.0, h.height)
        };
        if !moving && !span.holds(given, view, count) {
            let (start, end, backward) = self.selection(&area);
            let span = Span::around(&self.latest.borrow().parsed.line_starts, self.latest.borrow().text.len(), view);
            self.fill(span, view);
            self.place(&area, start, end, backward);
        }
    }

    /// Ends a Shift+click from `anchor` (bytes, outside the window): the selection runs from the anchor to where
    /// the click put the text area's caret.
    fn extend_from(&self, anchor: usize) {
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

    /// The state's dispatcher.
    fn dispatch(&self, action: Action) {
        let state = self.latest.borrow().clone();
        state.dispatch(action);
    }

    /// Replaces the selection with `text` (a paste, a cut, typing over a selection larger than the window).
    fn replace_selection(&self, area: &HtmlTextAreaElement, text: String) {
        let (start, end, _) = self.selection(area);
        let version = self.held.borrow().version;
        self.dispatch(Action::Replace { splice: Splice { start, end, text }, version });
    }

    /// The text area changed: the change goes to the state as a splice of the whole text.
    fn input(&self, e: &InputEvent) {
        let Some((area, _, code)) = self.elements() else { return };
        let value = area.value();
        let (splice, version) = {
            let mut held = self.held.borrow_mut();
            let Some(splice) = Splice::between(held.start, &held.text, &value) else { return };
            let old = &held.text[splice.start - held.start..splice.end - held.start];
            let removed = old.bytes().filter(|&b| b == b'\n').count();
            let added = splice.text.bytes().filter(|&b| b == b'\n').count();
            held.span.last = (held.span.last + added).saturating_sub(removed).max(held.span.first + 1);
            held.text = value;
            held.parked = None;
            held.sent += 1;
            (splice, held.version)
        };
        let kind = match e.input_type().as_str() {
            "insertText" | "insertCompositionText" if !splice.text.contains('\n') => ChangeKind::Typing,
            "deleteContentBackward" | "deleteContentForward" => ChangeKind::Deleting,
            _ => ChangeKind::Other,
        };
        self.fit(&area, &code);
        self.dispatch(Action::Type { splice, version, kind, time: e.time_stamp() });
    }

    /// Keys the app handles itself: undo and redo, "select all" in a windowed file, and keys pressed while the
    /// selection is outside the window (the window first moves to it, as a text area scrolls to its caret).
    fn keydown(&self, e: &KeyboardEvent) {
        let Some((area, _, _)) = self.elements() else { return };
        let key = e.key();
        let (whole, len) = {
            let state = self.latest.borrow();
            (self.held.borrow().span.is_whole(state.parsed.line_count()), state.text.len())
        };
        if (e.ctrl_key() || e.meta_key()) && !e.alt_key() {
            match key.to_ascii_lowercase().as_str() {
                "z" => {
                    e.prevent_default();
                    self.dispatch(if e.shift_key() { Action::Redo } else { Action::Undo });
                }
                "y" => {
                    e.prevent_default();
                    self.dispatch(Action::Redo);
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
        match edit {
            Some(edit) => self.edit_parked(start, end, edit),
            // Shift with a movement key extends the selection from its anchor, as a text area does.
            None if e.shift_key() => {
                let (anchor, focus) = if backward { (end, start) } else { (start, end) };
                if let Some(focus) = self.moved(&key, focus) {
                    self.go_to(anchor.min(focus), anchor.max(focus), focus < anchor);
                }
            }
            None => {
                let at = if matches!(key.as_str(), "ArrowLeft" | "ArrowUp" | "Home" | "PageUp") { start } else { end };
                self.go_to(at, at, false);
            }
        }
    }

    /// Where a movement key takes the offset `at` (bytes): a character left or right, a line or a page up or
    /// down (keeping the column where the line is long enough), the start or end of the line.
    fn moved(&self, key: &str, at: usize) -> Option<usize> {
        let state = self.latest.borrow();
        let (text, starts) = (&*state.text, &state.parsed.line_starts);
        let line = line_of(starts, at);
        let line_end = |n: usize| starts.get(n + 1).map_or(text.len(), |&next| next - 1);
        let page = (self.held.borrow().height / LINE_HEIGHT).max(1) as usize;
        let to_line = |n: usize| {
            let column = at - starts[line];
            floor_boundary(text, (starts[n] + column).min(line_end(n)))
        };
        Some(match key {
            "ArrowLeft" => text[..at].char_indices().next_back().map_or(0, |(i, _)| i),
            "ArrowRight" => text[at..].chars().next().map_or(at, |c| at + c.len_utf8()),
            "ArrowUp" => to_line(line.saturating_sub(1)),
            "ArrowDown" => to_line((line + 1).min(starts.len() - 1)),
            "PageUp" => to_line(line.saturating_sub(page)),
            "PageDown" => to_line((line + page).min(starts.len() - 1)),
            "Home" => starts[line],
            "End" => line_end(line),
            _ => return None,
        })
    }

    /// Makes an edit at a parked selection `start..end` (bytes): the text area cannot, as it does not hold it.
    fn edit_parked(&self, start: usize, end: usize, edit: ParkedEdit) {
        let (mut start, mut end) = (start, end);
        let text = match edit {
            ParkedEdit::Insert(text) => text,
            ParkedEdit::DeleteBackward | ParkedEdit::DeleteForward => {
                if start == end {
                    // At a caret: the character before or after it.
                    let state = self.latest.borrow();
                    if edit == ParkedEdit::DeleteBackward {
                        start = state.text[..start].char_indices().next_back().map_or(0, |(i, _)| i);
                    } else {
                        end = state.text[end..].chars().next().map_or(end, |c| end + c.len_utf8());
                    }
                }
                String::new()
            }
        };
        let version = self.held.borrow().version;
        self.dispatch(Action::Replace { splice: Splice { start, end, text }, version });
    }

    /// Text input that came without a key the app saw (an input method's commit, a virtual keyboard, dictation,
    /// an emoji picker) while the selection is parked: the app makes the edit at the real selection.
    fn beforeinput(&self, e: &InputEvent) {
        let Some(area) = self.area.cast::<HtmlTextAreaElement>() else { return };
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
    fn paste(&self, e: &ClipboardEvent) {
        let Some(text) = e.clipboard_data().and_then(|d| d.get_data("text/plain").ok()) else { return };
        e.prevent_default();
        self.insert_text(text);
    }

    /// Puts `text` (pasted or dropped) in place of the selection, with line ends made LF.
    fn insert_text(&self, text: String) {
        let Some(area) = self.area.cast::<HtmlTextAreaElement>() else { return };
        if text.len() > MAX_OPEN_BYTES {
            self.dispatch(Action::Notify(Notice::error(format!(
                "The text is {} MB: too large to be a robots.txt (Google reads the first 500 KiB). The editor keeps your text.",
                text.len() / (1024 * 1024)
            ))));
            return;
        }
        // A text area turns pasted CR LF and CR line ends into LF; so does the app.
        let text = if text.contains('\r') { text.replace("\r\n", "\n").replace('\r', "\n") } else { text };
        self.replace_selection(&area, text);
    }

    /// Copies (and for a cut, deletes) a selection that reaches past the window; others are the text area's.
    fn copy(&self, e: &ClipboardEvent, cut: bool) {
        let Some(area) = self.area.cast::<HtmlTextAreaElement>() else { return };
        let (start, end, _) = self.selection(&area);
        if self.held.borrow().parked.is_none() || start == end {
            return;
        }
        let Some(data) = e.clipboard_data() else { return };
        e.prevent_default();
        let text = self.latest.borrow().text.get(start..end).unwrap_or_default().to_string();
        let _ = data.set_data("text/plain", &text);
        if cut {
            self.replace_selection(&area, String::new());
        }
    }
}

/// The editor.
#[function_component]
pub fn Editor(props: &EditorProps) -> Html {
    let EditorProps { state } = props;
    let parts = Parts {
        area: use_node_ref(),
        scroller: use_node_ref(),
        code: use_node_ref(),
        held: use_mut_ref(Held::default),
        latest: use_mut_ref(|| state.clone()),
    };
    *parts.latest.borrow_mut() = state.clone();
    let view = use_state(|| View { top: 0, height: 800 });
    let reader = use_mut_ref(|| None);

    let oninput = {
        let parts = parts.clone();
        Callback::from(move |e: InputEvent| parts.input(&e))
    };
    let onkeydown = {
        let parts = parts.clone();
        Callback::from(move |e: KeyboardEvent| parts.keydown(&e))
    };
    let onpaste = {
        let parts = parts.clone();
        Callback::from(move |e: Event| parts.paste(e.unchecked_ref()))
    };
    let oncopy = {
        let parts = parts.clone();
        Callback::from(move |e: Event| parts.copy(e.unchecked_ref(), false))
    };
    let oncut = {
        let parts = parts.clone();
        Callback::from(move |e: Event| parts.copy(e.unchecked_ref(), true))
    };
    // A press in the text area starts a drag (the window must not move under it) and places the caret, which
    // ends any parked selection.
    let onpointerdown = {
        let held = parts.held.clone();
        Callback::from(move |e: PointerEvent| {
            let mut held = held.borrow_mut();
            held.dragging = true;
            // Not for a right click: the context menu's Copy acts on the selection as it is.
            if e.button() == 0 {
                let parked = held.parked.take();
                held.shift_from = parked.filter(|_| e.shift_key()).map(|p| p.start);
            }
        })
    };
    let onscroll = {
        let view = view.clone();
        let held = parts.held.clone();
        Callback::from(move |e: Event| {
            let scroller: HtmlElement = e.target_unchecked_into();
            let mut held = held.borrow_mut();
            held.scrolled = (scroller.scroll_top(), scroller.scroll_left());
            held.height = scroller.client_height();
            view.set(View { top: held.scrolled.0, height: held.height });
        })
    };
    let ondragover = Callback::from(|e: DragEvent| e.prevent_default());
    let ondrop = {
        let state = state.clone();
        let parts = parts.clone();
        Callback::from(move |e: DragEvent| {
            let Some(data) = e.data_transfer() else { return };
            if let Some(file) = data.files().and_then(|f| f.get(0)) {
                e.prevent_default();
                read_file(file, state.dispatcher(), &reader);
                return;
            }
            // Large dropped text goes in as a paste does (at the selection), never through the text area's
            // layout; small drops are the text area's own (at the drop point).
            let text = data.get_data("text/plain").unwrap_or_default();
            if text.len() > DROP_IN_PLACE_BYTES {
                e.prevent_default();
                parts.insert_text(text);
            }
        })
    };

    // Listeners Yew has no attribute for: the window's size (the editor's height follows it), the end of a
    // pointer press (anywhere), focus (to undo the browser's scrolling to the text area), input method
    // compositions, undo or redo from a menu, and text input that came without a key (`beforeinput`).
    {
        let parts = parts.clone();
        let view = view.clone();
        use_effect_with((), move |_| {
            let mut listeners = Vec::new();
            let measure = {
                let scroller = parts.scroller.clone();
                let held = parts.held.clone();
                move || {
                    if let Some(s) = scroller.cast::<HtmlElement>() {
                        let mut held = held.borrow_mut();
                        held.scrolled = (s.scroll_top(), s.scroll_left());
                        held.height = s.client_height();
                        view.set(View { top: held.scrolled.0, height: held.height });
                    }
                }
            };
            measure();
            if let (Some(window), Some(area)) = (web_sys::window(), parts.area.cast::<HtmlTextAreaElement>()) {
                listeners.push(EventListener::new(&window, "resize", move |_| measure()));
                let p = parts.clone();
                listeners.push(EventListener::new(&window, "pointerup", move |_| {
                    let was = std::mem::replace(&mut p.held.borrow_mut().dragging, false);
                    // Taken first: the borrow must end before `extend_from` borrows again.
                    let shift_from = p.held.borrow_mut().shift_from.take();
                    if let Some(anchor) = shift_from {
                        p.extend_from(anchor);
                    }
                    if was {
                        p.sync();
                    }
                }));
                let p = parts.clone();
                listeners.push(EventListener::new(&area, "focus", move |_| {
                    let (top, left) = p.held.borrow().scrolled;
                    if let Some(scroller) = p.scroller.cast::<HtmlElement>() {
                        scroller.set_scroll_top(top);
                        scroller.set_scroll_left(left);
                    }
                }));
                let p = parts.clone();
                listeners
                    .push(EventListener::new(&area, "compositionstart", move |_| p.held.borrow_mut().composing = true));
                let p = parts.clone();
                listeners.push(EventListener::new(&area, "compositionend", move |_| {
                    p.held.borrow_mut().composing = false;
                    p.sync();
                }));
                let p = parts.clone();
                let options = EventListenerOptions::enable_prevent_default();
                listeners.push(EventListener::new_with_options(&area, "beforeinput", options, move |e| {
                    let Some(e) = e.dyn_ref::<InputEvent>() else { return };
                    let action = match e.input_type().as_str() {
                        "historyUndo" => Action::Undo,
                        "historyRedo" => Action::Redo,
                        _ => return p.beforeinput(e),
                    };
                    e.prevent_default();
                    p.dispatch(action);
                }));
            }
            move || drop(listeners)
        });
    }

    // After each render: fill the text area when the text was replaced from outside, or move its window when
    // the view nears an edge of it.
    {
        let parts = parts.clone();
        use_effect(move || parts.sync());
    }

    // Move to a line on request (a lint entry, a rule of the explanation): select it and scroll it into view.
    {
        let parts = parts.clone();
        let state = state.clone();
        use_effect_with(state.reveal, move |reveal| {
            if let Some((line, _)) = *reveal {
                let starts = &state.parsed.line_starts;
                let start = starts.get(line.saturating_sub(1)).copied().unwrap_or(state.text.len());
                let end = starts.get(line).map_or(state.text.len(), |&n| n - 1);
                if let Some(area) = parts.area.cast::<HtmlTextAreaElement>() {
                    let options = web_sys::FocusOptions::new();
                    options.set_prevent_scroll(true);
                    let _ = area.focus_with_options(&options);
                }
                if let Some(scroller) = parts.scroller.cast::<HtmlElement>() {
                    scroller.set_scroll_top(((line as i32 - 1) * LINE_HEIGHT - scroller.client_height() / 3).max(0));
                }
                parts.go_to(start, end, false);
            }
        });
    }
    // Bring the deciding line (or, when no rule decided, the group that applied) into view when another cell is
    // selected: the editor scrolls, the page does not.
    {
        let scroller = parts.scroller.clone();
        let line = state.detail.as_ref().map_or(0, |d| crate::analysis::focus_line(&d.verdict));
        use_effect_with(state.selected, move |_| {
            if let (true, Some(scroller)) = (line > 0, scroller.cast::<HtmlElement>()) {
                Parts::reveal_line(&scroller, line - 1);
            }
        });
    }

    let parsed = &state.parsed;
    let text: &str = &state.text;
    let count = parsed.line_count();
    let first = (view.top / LINE_HEIGHT).max(0) as usize;
    let shown = (view.height / LINE_HEIGHT).max(1) as usize + 1;
    let from = first.saturating_sub(OVERSCAN) + 1;
    let to = (first + shown + OVERSCAN).min(count);

    let verdict = state.detail.as_ref().map(|d| &d.verdict);
    let winning = verdict.map_or(0, |v| v.line);
    let cut = (!state.full_file && state.bytes().len() > GOOGLE_SIZE_LIMIT).then_some(GOOGLE_SIZE_LIMIT);

    let mut lines = Vec::with_capacity(to.saturating_sub(from) + 1);
    let mut gutter = Vec::with_capacity(lines.capacity());
    for n in from..=to {
        let top = format!("top:{}px", (n as i32 - 1) * LINE_HEIGHT);
        let in_group = verdict.is_some_and(|v| v.group_lines.binary_search(&n).is_ok());
        let matched = verdict.and_then(|v| v.matches.iter().find(|m| m.line == n));
        let past = cut.is_some_and(|c| parsed.line_starts.get(n - 1).is_some_and(|&s| s >= c));
        let mark = state.lint.mark(n);
        let class = classes!(
            "ln",
            in_group.then_some("in-group"),
            matched.map(|m| if m.kind == RuleKind::Allow { "match match-allow" } else { "match match-disallow" }),
            (n == winning).then_some("winning"),
            past.then_some("past-limit"),
        );
        let pieces = highlight(parsed.line(text, n));
        lines.push(html! {
            <div class={class} style={top.clone()} data-line={n.to_string()} data-winning={(n == winning).then_some("true")}>
                { for pieces.into_iter().map(|(c, t)| html! { <span class={c}>{t}</span> }) }
            </div>
        });
        let badge = matched.map(|m| {
            let title = format!(
                "{} rule, priority {}{}",
                m.kind.name(),
                m.priority,
                if n == winning { ", the winner" } else { "" }
            );
            html! { <span class="prio" title={title}>{m.priority}</span> }
        });
        let dot = mark.map(|s| {
            let class = match s {
                Severity::Error => "mark mark-error",
                Severity::Warning => "mark mark-warning",
                Severity::Info => "mark mark-info",
            };
            html! { <span class={class} title={format!("{} on this line: see the lint", s.name())}></span> }
        });
        gutter.push(html! {
            <div class={classes!("gl", (n == winning).then_some("winning"))} style={top}>
                {dot}{badge}<span class="num">{n}</span>
            </div>
        });
    }
    let height = format!("height:{}px", count.min(MAX_SHOWN_LINES) as i32 * LINE_HEIGHT + LINE_HEIGHT);
    let too_long = (count > MAX_SHOWN_LINES).then(|| {
        html! {
            <p class="note editor-note" role="note">
                { format!(
                    "This file has {count} lines; the editor can show only the first {MAX_SHOWN_LINES} (a browser limit). \
                     The rest is kept: the answers, the download and the share link include it."
                ) }
            </p>
        }
    });
    let digits = count.to_string().len().max(2);

    html! {
        <>
        <div class="editor" style={format!("--digits:{digits}")} {ondragover} {ondrop}>
            <div class="scroller" ref={parts.scroller.clone()} {onscroll}>
                <div class="sheet" style={height}>
                    <div class="gutter" aria-hidden="true">{ for gutter }</div>
                    <div class="code" ref={parts.code.clone()}>
                        <div class="overlay" aria-hidden="true">{ for lines }</div>
                        <textarea
                            ref={parts.area.clone()}
                            class="source"
                            aria-label="robots.txt file: type, paste, or drop a file here"
                            aria-describedby="editor-help"
                            spellcheck="false"
                            autocomplete="off"
                            autocapitalize="off"
                            wrap="off"
                            {oninput}
                            {onkeydown}
                            {onpaste}
                            {oncopy}
                            {oncut}
                            {onpointerdown}
                        />
                    </div>
                </div>
            </div>
            <p id="editor-help" class="sr-only">{"The verdicts update as you type. The lint panel lists problems; choosing one moves the cursor to its line."}</p>
        </div>
        // Always there, so that the note coming and going never makes Yew redraw the editor (it matches unkeyed
        // siblings from the end), which would lose the text area's focus and selection.
        <div class="editor-notes">{too_long}</div>
        </>
    }
}
