//! The robots.txt editor: a plain text area over a coloured copy of the text, with a gutter of line numbers,
//! lint marks and the priorities of the rules that matched the selected URL.
//!
//! Only the lines in view (and a few around them) are drawn, so a file of many megabytes stays as responsive
//! as a small one: the text area holds the text, and the overlay follows its scroll position.

use robotscope::{RuleKind, Severity, GOOGLE_SIZE_LIMIT};
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use crate::analysis::{highlight, utf16_offset};
use crate::components::toolbar::read_file;
use crate::state::{Action, State};

/// The height of a line in pixels: `--line-height` in `static/css/app.css`.
const LINE_HEIGHT: i32 = 20;
/// Lines drawn above and below the view, so that fast scrolling shows no gaps.
const OVERSCAN: usize = 20;

/// The editor's props.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct EditorProps {
    /// The app state.
    pub state: UseReducerHandle<State>,
}

/// Where the text area is scrolled, and how tall it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct View {
    top: i32,
    left: i32,
    height: i32,
}

/// The editor.
#[function_component]
pub fn Editor(props: &EditorProps) -> Html {
    let EditorProps { state } = props;
    let textarea = use_node_ref();
    let view = use_state(|| View { top: 0, left: 0, height: 800 });
    let reader = use_mut_ref(|| None);

    let oninput = {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            state.dispatch(Action::EditRobots(area.value()));
        })
    };
    let onscroll = {
        let view = view.clone();
        Callback::from(move |e: Event| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            view.set(View { top: area.scroll_top(), left: area.scroll_left(), height: area.client_height() });
        })
    };
    let ondragover = Callback::from(|e: DragEvent| e.prevent_default());
    let ondrop = {
        let state = state.clone();
        Callback::from(move |e: DragEvent| {
            e.prevent_default();
            let file = e.data_transfer().and_then(|d| d.files()).and_then(|f| f.get(0));
            if let Some(file) = file {
                read_file(file, state.dispatcher(), &reader);
            }
        })
    };

    // The text area is not controlled: typing changes it directly (copying a large file back into it at each
    // keystroke would cost more than the answers). Text from elsewhere (an example, a file, a session) is
    // copied in when `text_version` changes, and once at the start.
    {
        let textarea = textarea.clone();
        let text = state.text.clone();
        use_effect_with(state.text_version, move |_| {
            if let Some(area) = textarea.cast::<HtmlTextAreaElement>() {
                area.set_value(&text);
            }
        });
    }

    // Move to a line on request (a lint entry, a rule of the explanation): select it and scroll it into view.
    {
        let textarea = textarea.clone();
        let state = state.clone();
        let view = view.clone();
        use_effect_with(state.reveal, move |reveal| {
            if let (Some((line, _)), Some(area)) = (reveal, textarea.cast::<HtmlTextAreaElement>()) {
                let text = &state.text;
                let starts = &state.parsed.line_starts;
                let start = starts.get(line.saturating_sub(1)).copied().unwrap_or(text.len());
                let end = starts.get(*line).map_or(text.len(), |&n| n - 1);
                let _ = area.focus();
                let _ = area.set_selection_range(utf16_offset(text, start), utf16_offset(text, end));
                scroll_to_line(&area, *line, &view);
            }
        });
    }
    // Bring the deciding line into view when another cell is selected.
    {
        let textarea = textarea.clone();
        let view = view.clone();
        let line = state.detail.as_ref().map_or(0, |d| d.verdict.line);
        use_effect_with(state.selected, move |_| {
            if let Some(area) = textarea.cast::<HtmlTextAreaElement>() {
                let (top, height) = (area.scroll_top(), area.client_height());
                let y = (line as i32 - 1) * LINE_HEIGHT;
                if line > 0 && (y < top || y + LINE_HEIGHT > top + height) {
                    scroll_to_line(&area, line, &view);
                }
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
    let full = format!("height:{}px", count as i32 * LINE_HEIGHT + LINE_HEIGHT);
    let shift = format!("transform:translate({}px,{}px)", -view.left, -view.top);
    let gutter_shift = format!("transform:translateY({}px)", -view.top);
    let digits = count.to_string().len().max(2);

    html! {
        <div class="editor" style={format!("--digits:{digits}")} {ondragover} {ondrop}>
            <div class="gutter" aria-hidden="true">
                <div class="gutter-inner" style={format!("{full};{gutter_shift}")}>{ for gutter }</div>
            </div>
            <div class="code">
                <div class="overlay" aria-hidden="true">
                    <div class="overlay-inner" style={format!("{full};{shift}")}>{ for lines }</div>
                </div>
                <textarea
                    ref={textarea}
                    class="source"
                    aria-label="robots.txt file: type, paste, or drop a file here"
                    aria-describedby="editor-help"
                    spellcheck="false"
                    autocomplete="off"
                    autocapitalize="off"
                    wrap="off"
                    {oninput}
                    {onscroll}
                />
            </div>
            <p id="editor-help" class="sr-only">{"The verdicts update as you type. The lint panel lists problems; choosing one moves the cursor to its line."}</p>
        </div>
    }
}

/// Scrolls the text area so that `line` sits a third of the way down, and redraws the overlay there.
fn scroll_to_line(area: &HtmlTextAreaElement, line: usize, view: &UseStateHandle<View>) {
    let height = area.client_height();
    let top = ((line as i32 - 1) * LINE_HEIGHT - height / 3).max(0);
    area.set_scroll_top(top);
    view.set(View { top: area.scroll_top(), left: area.scroll_left(), height });
}
