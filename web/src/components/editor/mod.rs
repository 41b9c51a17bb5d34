//! The robots.txt editor: a plain text area over a coloured copy of the text, beside a gutter of line numbers,
//! lint marks and the priorities of the rules that matched the selected URL.
//!
//! Everything scrolls together in one scroller, and only the lines in view (and a few around them) are drawn.
//! The text area holds a window of the file around the view, not the whole file ([`crate::text`] says why):
//! files of up to [`crate::text::WHOLE_LINES`] lines go in whole, larger ones in windows of a few hundred lines
//! that move as the view scrolls. The app keeps the whole text and its own undo history, and handles the few
//! edits the text area cannot make on its own window: pastes, and copying, cutting or typing over a selection
//! that reaches past the window (after "select all" in a large file). The editor works on its own copy of the
//! document, ahead of the state's by the edits on their way ([`window::Held::mirror`]), so that each event is
//! handled against the text the user sees however late the renders come.
//!
//! [`window`] is the window controller, [`input`] the input handling, [`render`] the drawing, and this module
//! the component that wires them to the page; the arithmetic they share is [`crate::caret`]'s.

mod input;
mod render;
mod window;

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::{EventTarget, HtmlElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::analysis::{Detail, IgnoredMark, Lint, Parsed};
pub use crate::document::{Document, Edit};
use crate::messages::Notice;
use crate::shared::Shared;
use window::{Held, Parts};

pub use crate::caret::MAX_SHOWN_LINES;

/// Dropped text up to this size goes where it is dropped, as the text area places it; larger drops go in at
/// the selection, like a paste.
const DROP_IN_PLACE_BYTES: usize = 64 * 1024;

/// Brings line `line` (1-based) of the editor into view, as selecting a cell does (choosing the selected cell
/// again).
pub fn scroll_to_line(line: usize) {
    let scroller = gloo::utils::document().query_selector(".editor .scroller").ok().flatten();
    let scroller = scroller.and_then(|e| e.dyn_into::<HtmlElement>().ok());
    if let (Some(scroller), true) = (scroller, line > 0) {
        Parts::reveal_line(&scroller, line - 1);
    }
}

/// The editor's props.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct EditorProps {
    /// The file.
    pub document: Document,
    /// Its parse and line index.
    pub parsed: Shared<Parsed>,
    /// The explained verdict of the selected cell, whose group and rules are marked.
    pub detail: Option<Shared<Detail>>,
    /// The lint, whose marks are in the gutter.
    pub lint: Shared<Lint>,
    /// The lines the chosen reading passes over, marked in the gutter (none under Google).
    pub ignored: Shared<[IgnoredMark]>,
    /// A request to move to a line: (line, request number).
    pub reveal: Option<(usize, u32)>,
    /// The selected cell: when it changes, its deciding line is brought into view.
    pub selected: (usize, usize),
    /// Edits to make.
    pub on_edit: Callback<Edit>,
    /// A file dropped on the editor.
    pub on_open: Callback<web_sys::File>,
    /// Something to say (a paste too large to open).
    pub on_notice: Callback<Notice>,
}

/// Where the scroller is scrolled, and how tall it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct View {
    top: i32,
    height: i32,
}

impl Parts {
    /// A callback that runs `f` on the editor's parts with its argument.
    fn on<E: 'static>(&self, f: impl Fn(&Parts, E) + 'static) -> Callback<E> {
        let parts = self.clone();
        Callback::from(move |e| f(&parts, e))
    }

    /// Listens to `name` events of `target`, running `f` on the editor's parts with each.
    fn listen(&self, target: &EventTarget, name: &'static str, f: impl Fn(&Parts, &Event) + 'static) -> EventListener {
        let parts = self.clone();
        EventListener::new(target, name, move |e| f(&parts, e))
    }

    /// Notes where the scroller is scrolled and how tall it is (after a scroll, a resize), and shows that view.
    fn measure(&self, view: &UseStateHandle<View>) {
        let Some(scroller) = self.scroller.cast::<HtmlElement>() else { return };
        let mut held = self.held.borrow_mut();
        held.scrolled = (scroller.scroll_top(), scroller.scroll_left());
        held.height = scroller.client_height();
        view.set(View { top: held.scrolled.0, height: held.height });
    }
}

/// The editor.
#[function_component]
pub fn Editor(props: &EditorProps) -> Html {
    let parts = Parts {
        area: use_node_ref(),
        scroller: use_node_ref(),
        code: use_node_ref(),
        held: use_mut_ref(Held::default),
        latest: use_mut_ref(|| props.clone()),
    };
    *parts.latest.borrow_mut() = props.clone();
    let view = use_state(|| View { top: 0, height: 800 });

    let oninput = parts.on(|p, e: InputEvent| p.input(&e));
    let onkeydown = parts.on(|p, e: KeyboardEvent| p.keydown(&e));
    let onpaste = parts.on(|p, e: Event| p.paste(e.unchecked_ref()));
    let oncopy = parts.on(|p, e: Event| p.copy(e.unchecked_ref(), false));
    let oncut = parts.on(|p, e: Event| p.copy(e.unchecked_ref(), true));
    // A press in the text area starts a drag (the window must not move under it) and places the caret, which
    // ends any parked selection.
    let onpointerdown = parts.on(|p, e: PointerEvent| {
        p.catch_up();
        let mut held = p.held.borrow_mut();
        held.dragging = true;
        // Not for a right click: the context menu's Copy acts on the selection as it is.
        if e.button() == 0 {
            let parked = held.parked.take();
            held.shift_from = parked.filter(|_| e.shift_key()).map(|p| p.start);
        }
    });
    let onscroll = {
        let view = view.clone();
        parts.on(move |p, _: Event| p.measure(&view))
    };
    let ondragover = Callback::from(|e: DragEvent| e.prevent_default());
    let ondrop = {
        let on_open = props.on_open.clone();
        parts.on(move |parts, e: DragEvent| {
            let Some(data) = e.data_transfer() else { return };
            if let Some(file) = data.files().and_then(|f| f.get(0)) {
                e.prevent_default();
                on_open.emit(file);
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
            parts.measure(&view);
            if let Some(area) = parts.area.cast::<HtmlTextAreaElement>() {
                let window = gloo::utils::window();
                listeners.push(parts.listen(&window, "resize", move |p, _| p.measure(&view)));
                listeners.push(parts.listen(&window, "pointerup", |p, _| {
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
                listeners.push(parts.listen(&area, "focus", |p, _| {
                    let (top, left) = p.held.borrow().scrolled;
                    if let Some(scroller) = p.scroller.cast::<HtmlElement>() {
                        scroller.set_scroll_top(top);
                        scroller.set_scroll_left(left);
                    }
                }));
                listeners.push(parts.listen(&area, "compositionstart", |p, _| p.held.borrow_mut().composing = true));
                listeners.push(parts.listen(&area, "compositionend", |p, _| {
                    p.held.borrow_mut().composing = false;
                    p.sync();
                }));
                let p = parts.clone();
                let options = EventListenerOptions::enable_prevent_default();
                listeners.push(EventListener::new_with_options(&area, "beforeinput", options, move |e| {
                    let Some(e) = e.dyn_ref::<InputEvent>() else { return };
                    let edit = match e.input_type().as_str() {
                        "historyUndo" => Edit::Undo,
                        "historyRedo" => Edit::Redo,
                        _ => return p.beforeinput(e),
                    };
                    e.prevent_default();
                    p.catch_up();
                    p.send_and_show(edit);
                }));
            }
            move || drop(listeners)
        });
    }

    // After each render: fill the text area the first time or when the text was replaced from outside, or move
    // its window when the view nears an edge of it.
    {
        let parts = parts.clone();
        use_effect(move || parts.sync());
    }

    // Move to a line on request (a lint entry, a rule of the explanation): select it and scroll it into view.
    {
        let parts = parts.clone();
        use_effect_with(props.reveal, move |reveal| {
            if let Some((line, _)) = *reveal {
                parts.reveal(line);
            }
        });
    }
    // Bring the deciding line (or, when no rule decided, the group that applied) into view when another cell is
    // selected, or when the selected cell's line changes (the first cell, selected by itself, after typing agents
    // and URLs), except while the user types in the editor: the editor scrolls, the page does not.
    {
        let scroller = parts.scroller.clone();
        let area = parts.area.clone();
        let line = props.detail.as_ref().map_or(0, |d| d.cell.focus_line());
        use_effect_with((props.selected, line), move |_| {
            let typing = gloo::utils::document().active_element().is_some_and(|e| area.get() == Some(e.into()));
            if let (true, false, Some(scroller)) = (line > 0, typing, scroller.cast::<HtmlElement>()) {
                Parts::reveal_line(&scroller, line - 1);
            }
        });
    }

    let (lines, gutter, count) = render::lines(props, view.top, view.height);
    let height = format!(
        "height:{}px",
        count.min(MAX_SHOWN_LINES) as i32 * crate::caret::LINE_HEIGHT + crate::caret::LINE_HEIGHT
    );
    let too_long = render::too_long(count);
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
                            placeholder="Paste your robots.txt here, or drop the file"
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
            <p id="editor-help"
                class="sr-only">{"The verdicts update as you type. The lint panel lists problems; choosing one moves \
                    the cursor to its line."}</p>
        </div>
        // Always there, so that the note coming and going never makes Yew redraw the editor (it matches unkeyed
        // siblings from the end), which would lose the text area's focus and selection.
        <div class="editor-notes">{too_long}</div>
        </>
    }
}
