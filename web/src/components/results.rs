//! The grid of verdicts: one row per URL, one column per agent. Each cell carries `data-verdict` and
//! `data-line`, and choosing it shows its explanation.

use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::prelude::*;

use crate::state::{Action, State};

/// The id of a cell's button, for moving the focus with the arrow keys.
fn cell_id(url: usize, agent: usize) -> String {
    format!("cell-{url}-{agent}")
}

/// Selects the cell (`url`, `agent`) and moves the focus to it.
fn focus_cell(state: &UseReducerHandle<State>, url: usize, agent: usize) {
    state.dispatch(Action::Select { url, agent });
    let button = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id(&cell_id(url, agent)))
        .and_then(|e| e.dyn_into::<HtmlElement>().ok());
    if let Some(b) = button {
        let _ = b.focus();
    }
}

/// The grid's props.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct ResultsProps {
    /// The app state.
    pub state: UseReducerHandle<State>,
}

/// The grid.
#[function_component]
pub fn Results(props: &ResultsProps) -> Html {
    let ResultsProps { state } = props;
    if state.urls.is_empty() || state.agents.is_empty() {
        return html! { <p class="empty">{"Enter at least one agent and one URL to see verdicts."}</p> };
    }
    let head = state.agents.iter().zip(state.grid.tokens.iter()).map(|(a, t)| {
        let token = t.as_deref().unwrap_or("(none)");
        html! { <th scope="col"><span class="agent">{a.label()}</span><span class="sub">{format!("token {token}")}</span></th> }
    });
    let rows = state.urls.iter().enumerate().map(|(u, url)| {
        let cells = (0..state.agents.len()).map(|a| {
            let cell = state.grid.cell(u, a).unwrap_or(crate::analysis::Cell { allowed: true, line: 0 });
            let verdict = if cell.allowed { "allowed" } else { "disallowed" };
            let selected = state.selected == (u, a);
            let onclick = {
                let state = state.clone();
                Callback::from(move |_: MouseEvent| state.dispatch(Action::Select { url: u, agent: a }))
            };
            // The grid is one tab stop: the arrow keys, Home and End move between cells.
            let onkeydown = {
                let state = state.clone();
                let (rows, columns) = (state.urls.len(), state.agents.len());
                Callback::from(move |e: KeyboardEvent| {
                    let to = match e.key().as_str() {
                        "ArrowUp" => (u.saturating_sub(1), a),
                        "ArrowDown" => ((u + 1).min(rows - 1), a),
                        "ArrowLeft" => (u, a.saturating_sub(1)),
                        "ArrowRight" => (u, (a + 1).min(columns - 1)),
                        "Home" => (u, 0),
                        "End" => (u, columns - 1),
                        _ => return,
                    };
                    e.prevent_default();
                    focus_cell(&state, to.0, to.1);
                })
            };
            let line = if cell.line == 0 { "no rule".to_string() } else { format!("line {}", cell.line) };
            let label = format!("{}: {verdict} for {}, {line}", url.input, state.agents[a].label());
            html! {
                <td class={classes!("cell", verdict, selected.then_some("selected"))} data-verdict={verdict} data-line={cell.line.to_string()}>
                    <button type="button" id={cell_id(u, a)} tabindex={if selected { "0" } else { "-1" }}
                        aria-pressed={selected.to_string()} aria-label={label} {onclick} {onkeydown}>
                        <span class="verdict-word">{if cell.allowed { "Allowed" } else { "Disallowed" }}</span>
                        <span class="sub">{line}</span>
                    </button>
                </td>
            }
        });
        let tested = (url.tested != url.input).then(|| html! { <span class="sub">{format!("tested: {}", url.tested)}</span> });
        html! {
            <tr>
                <th scope="row" class="url"><span class="url-text">{&url.input}</span>{tested}</th>
                { for cells }
            </tr>
        }
    });
    html! {
        <div class="grid-wrap">
            <table class="grid">
                <caption class="sr-only">{"Verdicts: one row per URL, one column per agent. Choose a cell for its explanation; the arrow keys move between cells."}</caption>
                <thead><tr><th scope="col">{"URL"}</th>{ for head }</tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
        </div>
    }
}
