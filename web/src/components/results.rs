//! The grid of verdicts: one row per URL, one column per agent. Each cell carries `data-verdict` and
//! `data-line`, and choosing it shows its explanation.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement};
use yew::prelude::*;

use robotscope::{AskedAgent, AskedUrl, Governs, Survey};

use crate::inputs::{View, VIEWS};
use crate::shared::Shared;

/// The id of a cell's button, for moving the focus with the arrow keys.
fn cell_id(url: usize, agent: usize) -> String {
    format!("cell-{url}-{agent}")
}

/// Selects the cell (`url`, `agent`) and moves the focus to it.
fn focus_cell(on_select: &Callback<(usize, usize)>, url: usize, agent: usize) {
    on_select.emit((url, agent));
    let button = gloo::utils::document().get_element_by_id(&cell_id(url, agent));
    let button = button.and_then(|e| e.dyn_into::<HtmlElement>().ok());
    if let Some(b) = button {
        let options = web_sys::FocusOptions::new();
        options.set_prevent_scroll(true);
        let _ = b.focus_with_options(&options);
    }
}

/// Scrolls the grid (never the page, on a wide screen) so that the selected cell is in view; on a phone, where
/// the page scrolls, it keeps the cell above the verdict card at the bottom of the screen.
/// At the start (a restored session or a share link) only the grid scrolls (`page` unset), never the page.
fn keep_in_view(url: usize, agent: usize, page: bool) {
    let (window, document) = (gloo::utils::window(), gloo::utils::document());
    let Some(button) = document.get_element_by_id(&cell_id(url, agent)) else { return };
    if let Some(wrap) = button.closest(".grid-wrap").ok().flatten().and_then(|w| w.dyn_into::<HtmlElement>().ok()) {
        let (b, w) = (button.get_bounding_client_rect(), wrap.get_bounding_client_rect());
        // The sticky header row covers the top of the scroller.
        let head = wrap.query_selector("thead").ok().flatten().map_or(0.0, |h| h.get_bounding_client_rect().height());
        let sticky = wrap.query_selector("th.url").ok().flatten().map_or(0.0, |h| h.get_bounding_client_rect().width());
        let top = w.top() + head;
        let bottom = w.top() + f64::from(wrap.client_height());
        if b.top() < top {
            wrap.set_scroll_top(wrap.scroll_top() - (top - b.top()).ceil() as i32);
        } else if b.bottom() > bottom {
            wrap.set_scroll_top(wrap.scroll_top() + (b.bottom() - bottom).ceil() as i32);
        }
        let (left, right) = (w.left() + sticky, w.left() + f64::from(wrap.client_width()));
        if b.left() < left {
            wrap.set_scroll_left(wrap.scroll_left() - (left - b.left()).ceil() as i32);
        } else if b.right() > right {
            wrap.set_scroll_left(wrap.scroll_left() + (b.right() - right).ceil() as i32);
        }
    }
    // The page scrolls only where it can (a phone): the cell stays clear of the card at the bottom.
    if !page {
        return;
    }
    let b = button.get_bounding_client_rect();
    let height = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
    let card = document.query_selector(".sheet-card").ok().flatten().map(|c| c.get_bounding_client_rect());
    let limit = card.filter(|c| c.top() > height / 3.0).map_or(height, |c| c.top().min(height));
    if b.bottom() > limit {
        window.scroll_by_with_x_and_y(0.0, b.bottom() - limit + 8.0);
    } else if b.top() < 0.0 {
        window.scroll_by_with_x_and_y(0.0, b.top() - 8.0);
    }
}

/// The grid's props.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct ResultsProps {
    /// The agents, one column each (the survey's rows).
    pub agents: Shared<[AskedAgent]>,
    /// The URLs, one row each (the survey's rows).
    pub urls: Shared<[AskedUrl]>,
    /// The core's answer: the verdicts, the readers' answers under "Compare readers", the baseline's.
    pub survey: Shared<Survey>,
    /// The token each column is checked with, when a URL was answered ([`crate::analysis::Analysis::tokens`]).
    pub tokens: Option<Vec<Option<String>>>,
    /// Whether a baseline is set.
    pub has_baseline: bool,
    /// The selected cell (URL row, agent column).
    pub selected: (usize, usize),
    /// A cell was chosen.
    pub on_select: Callback<(usize, usize)>,
    /// "Set as baseline" or "Update baseline".
    pub on_set_baseline: Callback<()>,
    /// "Stop comparing".
    pub on_clear_baseline: Callback<()>,
}

/// `url` relative to `origin` (`https://host[:port]`): its path, query and fragment, or `None` when it is on
/// another origin. The path is `/` when the URL has none.
fn on_origin<'a>(origin: &str, url: &'a str) -> Option<&'a str> {
    let rest =
        url.get(..origin.len()).filter(|head| head.eq_ignore_ascii_case(origin)).map(|_| &url[origin.len()..])?;
    match rest.as_bytes().first() {
        None => Some("/"),
        Some(b'/' | b'?' | b'#') => Some(rest),
        Some(_) => None,
    }
}

/// The cell (URL row, agent column) a grid event happened in: its button carries `data-cell="u-a"`.
fn cell_of(e: &Event) -> Option<(usize, usize)> {
    let target: Element = e.target()?.dyn_into().ok()?;
    // The cell's button, or anywhere else in its table cell (a tall cell is more than its text).
    let cell = target.closest("[data-cell]").ok()??.get_attribute("data-cell")?;
    let (u, a) = cell.split_once('-')?;
    Some((u.parse().ok()?, a.parse().ok()?))
}

/// The grid. Its clicks and keys are handled once, on the table (not by a listener per cell), and each row is
/// a component that redraws only when its verdicts change: typing that flips no verdict redraws no row.
#[function_component]
pub fn Results(props: &ResultsProps) -> Html {
    let ResultsProps { agents, urls, survey, tokens, has_baseline, selected, on_select, .. } = props;
    let origin = survey.site.as_deref().map(|s| s.strip_suffix("/robots.txt").unwrap_or(s));
    let (on_set_baseline, on_clear_baseline) = (&props.on_set_baseline, &props.on_clear_baseline);
    // After a selection is drawn, its cell is brought into view.
    {
        // At the start the grid scrolls to it, the page not: a page that opens scrolled to its grid would hide the
        // how-to and the editor.
        let started = use_mut_ref(|| false);
        let selected = *selected;
        use_effect_with(selected, move |&(url, agent)| {
            let page = std::mem::replace(&mut *started.borrow_mut(), true);
            keep_in_view(url, agent, page);
        });
    }
    if urls.is_empty() || agents.is_empty() {
        return html! { <p class="empty">{"Enter at least one agent and one URL to see verdicts."}</p> };
    }
    let (rows, columns) = (urls.len(), agents.len());
    let onclick = {
        let (on_select, selected, survey) = (on_select.clone(), *selected, survey.clone());
        Callback::from(move |e: MouseEvent| {
            if let Some(cell) = cell_of(&e) {
                // The selected cell chosen again brings its deciding line back into the editor's view.
                if cell == selected {
                    let line = survey.cell(cell.0, cell.1).map_or(0, robotscope::Cell::focus_line);
                    crate::components::editor::scroll_to_line(line);
                }
                on_select.emit(cell);
            }
        })
    };
    // The grid is one tab stop: the arrow keys, Home and End move between cells.
    let onkeydown = {
        let on_select = on_select.clone();
        Callback::from(move |e: KeyboardEvent| {
            let Some((u, a)) = cell_of(&e) else { return };
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
            focus_cell(&on_select, to.0, to.1);
        })
    };
    let head = agents.iter().enumerate().map(|(a, agent)| {
        let token = tokens.as_ref().and_then(|t| t.get(a)).map(|t| t.as_deref().unwrap_or("(none)"));
        let token = token.map(|t| html! { <span class="sub">{format!("token {t}")}</span> });
        let browser = agent
            .members
            .iter()
            .any(|m| m.kind == robotscope::AgentKind::Browser)
            .then(|| html! { <span class="sub warn">{"a browser"}</span> });
        html! {
            <th scope="col" title={agent.notes.join(" ")}>
                <span class="agent">{&agent.label}</span>{token}{browser}
            </th>
        }
    });
    let labels: Rc<[String]> = agents.iter().map(|a| a.label.clone()).collect();
    let typed: Rc<[String]> = agents.iter().map(|a| a.input.clone()).collect();
    let body = urls.iter().enumerate().map(|(u, url)| {
        let cells: Option<Vec<Shown>> =
            (0..columns).map(|a| survey.cell(u, a).map(Shown::of)).collect::<Option<Vec<Shown>>>();
        let selected = (selected.0 == u).then_some(selected.1);
        let typed_url = &url.typed;
        let tested = (typed_url.tested != typed_url.input).then(|| typed_url.tested.clone());
        let shown = origin.and_then(|o| on_origin(o, &typed_url.input).or_else(|| on_origin(o, &typed_url.tested)));
        let elsewhere = url.governs.filter(|g| *g != Governs::Yes).map(Governs::message);
        let error = typed_url.error.map(|e| e.to_string());
        html! {
            <Row key={u} row={u} input={typed_url.input.clone()} shown={shown.map(str::to_string)} {tested}
                cells={cells.unwrap_or_default()} {error} agents={labels.clone()} typed={typed.clone()} {selected}
                {elsewhere} />
        }
    });
    let total = survey.cells.iter().flatten().count();
    let summary = (survey.view == View::Compare).then(|| {
        let text = crate::messages::readers_summary(survey.differ, total);
        let class = classes!("readers-summary", (survey.differ > 0).then_some("compare-changed"));
        html! { <p {class} role="status">{text}</p> }
    });
    html! {
        <>
        {summary}
        <Compare {total} changed={has_baseline.then_some(survey.changed)} on_set={on_set_baseline.clone()}
            on_clear={on_clear_baseline.clone()} />
        <div class="grid-wrap">
            <table class="grid" {onclick} {onkeydown}>
                <caption class="sr-only">{"Verdicts: one row per URL, one column per agent. Choose a cell for its \
                    explanation; the arrow keys move between cells."}</caption>
                <thead><tr><th scope="col" class="url-head">{"URL"}{origin.map(|o| html! {
                    <span class="sub origin" title={o.to_string()}>{format!("on {o}")}</span> })}</th>{ for head }</tr>
                </thead>
                <tbody>{ for body }</tbody>
            </table>
        </div>
        </>
    }
}

/// The reading switch's props.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct ReadAsProps {
    /// The reading chosen.
    pub view: View,
    /// Another was chosen.
    pub on_change: Callback<View>,
}

/// The reading switch: Google's (the default), RFC 9309's, the 1994 standard's, or all three compared.
#[function_component]
pub fn ReadAs(props: &ReadAsProps) -> Html {
    let onchange = props.on_change.reform(|e: Event| {
        let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
        View::parse(&select.value()).unwrap_or_default()
    });
    let label = |v: View| match v {
        View::Reading(p) => format!("Read as {}", crate::messages::reader(p)),
        View::Compare => "Compare readers".to_string(),
    };
    html! {
        <select class="tool read-as" aria-label="Read the file as" {onchange}
            title="How the file is read: Google's matcher, RFC 9309 as written, the 1994 standard, or all three">
            { for VIEWS.into_iter().map(|v| html! {
                <option value={v.name()} selected={v == props.view}>{label(v)}</option>
            }) }
        </select>
    }
}

/// The baseline bar's props.
#[derive(Properties, PartialEq, Clone, Debug)]
struct CompareProps {
    /// How many cells have answers.
    total: usize,
    /// How many changed against the baseline, when there is one.
    changed: Option<usize>,
    on_set: Callback<()>,
    on_clear: Callback<()>,
}

/// The baseline bar: keep the file as it is to see which verdicts later edits change, and how many did.
#[function_component]
fn Compare(props: &CompareProps) -> Html {
    let CompareProps { total, changed, on_set, on_clear } = props;
    let set = on_set.reform(|_: MouseEvent| ());
    let Some(changed) = *changed else {
        return html! {
            <div class="compare">
                <button type="button" class="tool" onclick={set}>{"Set as baseline"}</button>
                <span class="hint">{" Keep this file as it is: verdicts your edits then change are marked."}</span>
            </div>
        };
    };
    let clear = on_clear.reform(|_: MouseEvent| ());
    let summary = match changed {
        0 => format!("No verdict differs from the baseline ({total} checked)."),
        1 => format!("1 of {total} verdicts differs from the baseline (marked “was …”)."),
        n => format!("{n} of {total} verdicts differ from the baseline (marked “was …”)."),
    };
    html! {
        <div class="compare">
            <span class={classes!("compare-summary", (changed > 0).then_some("compare-changed"))}
                role="status">{summary}</span>
            <button type="button" class="tool" onclick={set}>{"Update baseline"}</button>
            <button type="button" class="tool" onclick={clear}>{"Stop comparing"}</button>
        </div>
    }
}

/// What a grid cell shows of the core's cell, compared by value so that a row redraws only when it changes.
#[derive(Clone, Debug, PartialEq)]
struct Shown {
    allowed: bool,
    line: usize,
    /// The baseline's answer, when it changed (`allowed`, line).
    was: Option<(bool, usize)>,
    /// Every reader's answers in words, under "Compare readers".
    answers: Option<String>,
    /// Whether the readers differ.
    differs: bool,
}

impl Shown {
    fn of(cell: &robotscope::Cell) -> Shown {
        Shown {
            allowed: cell.allowed(),
            line: cell.line(),
            was: cell.baseline.as_ref().filter(|_| cell.changed).map(|b| (b.allowed, b.line)),
            answers: (!cell.readers.is_empty()).then(|| crate::messages::answers(&cell.readers)),
            differs: cell.differs,
        }
    }
}

/// One row's props: everything it shows, compared by value.
#[derive(Properties, PartialEq, Clone, Debug)]
struct RowProps {
    /// The row's index.
    row: usize,
    /// The URL as typed.
    input: String,
    /// What the URL column shows: the path and query when the URL is on the site's origin.
    shown: Option<String>,
    /// The URL tested, when normalisation changed it.
    tested: Option<String>,
    /// Why the URL cannot be read (the row then has no verdicts).
    error: Option<String>,
    /// The row's verdicts, one per agent column.
    cells: Vec<Shown>,
    /// The agents' labels.
    agents: Rc<[String]>,
    /// The agents as typed.
    typed: Rc<[String]>,
    /// The selected column, when the selected cell is in this row.
    selected: Option<usize>,
    /// Why another site's robots.txt governs this URL, when it does.
    elsewhere: Option<&'static str>,
}

/// One URL's row of verdicts.
#[function_component]
fn Row(props: &RowProps) -> Html {
    let RowProps { row, input, shown, tested, error, cells, agents, typed, selected, elsewhere } = props;
    let cells = cells.iter().zip(agents.iter()).enumerate().map(|(a, (cell, agent))| {
        let as_typed = typed.get(a).cloned().unwrap_or_default();
        let (word, verdict) = if cell.allowed { ("Allowed", "allowed") } else { ("Disallowed", "disallowed") };
        let is_selected = *selected == Some(a);
        let line = if cell.line == 0 { "no rule".to_string() } else { format!("line {}", cell.line) };
        // A verdict that differs from the baseline's says what it was.
        let was = cell.was.map(|(allowed, line)| format!("was {}", crate::messages::answer(allowed, line)));
        // The accessible name starts with what the cell shows (WCAG 2.5.3: speech users say what they see), then
        // says which URL and agent it answers.
        // Comparing readers: a cell they answer differently is marked, and says every answer on hover.
        let split = cell.answers.as_ref().filter(|_| cell.differs);
        let mut label = format!("{word} {line}");
        if let Some(was) = &was {
            label.push_str(&format!(", {was}"));
        }
        if split.is_some() {
            label.push_str(" differs");
        }
        label.push_str(&format!(": {input} for {agent}"));
        if elsewhere.is_some() {
            label.push_str("; another site's robots.txt decides this URL");
        }
        if let Some(split) = split {
            label.push_str(&format!("; {split}"));
        }
        let changed = was.as_ref().map(|w| html! { <span class="sub was">{w}</span> });
        let badge = split.is_some().then(|| html! { <span class="sub differs">{"differs"}</span> });
        html! {
            <td class={classes!("cell", verdict, is_selected.then_some("selected"), was.is_some().then_some("changed"),
                elsewhere.is_some().then_some("elsewhere"))}
                data-cell={format!("{row}-{a}")} data-verdict={verdict} data-line={cell.line.to_string()}
                data-url={input.clone()} data-agent={as_typed}
                data-changed={was.is_some().then_some("true")} data-differs={split.is_some().then_some("true")}
                title={cell.answers.clone()}>
                // The agent's name shows where the grid is one card per URL (a phone), hidden elsewhere; outside the
                // button, whose name starts with what it shows.
                <span class="cell-agent" aria-hidden="true">{agent}</span>
                <button type="button" id={cell_id(*row, a)} data-cell={format!("{row}-{a}")} tabindex={if is_selected {
                    "0" } else { "-1" }}
                    aria-pressed={is_selected.to_string()} aria-label={label}>
                    // Spaces between the pieces, so that their text reads as words (and matches the name).
                    <span class="verdict-word">{word}</span>{" "}
                    <span class="sub">{line}</span>{" "}
                    {changed}{" "}{badge}
                </button>
            </td>
        }
    });
    // A URL that cannot be read has no verdicts: the row says why, across the agents' columns.
    let error = error.as_ref().map(|e| {
        html! { <td class="cell url-unreadable" colspan={agents.len().to_string()}>
        {format!("Not a URL a crawler can request ({e}): no verdict.")}</td> }
    });
    let tested =
        tested.as_ref().map(|t| html! { <span class="sub tested" title={t.clone()}>{format!("tested: {t}")}</span> });
    // Answered by this file only as what it would say: the crawler reads the other site's robots.txt.
    let note = elsewhere
        .map(|why| html! { <span class="sub elsewhere-note" title={why}>{"other site: not this file's"}</span> });
    let text = shown.as_deref().unwrap_or(input);
    html! {
        <tr>
            // The path and query on the site's origin (the origin is in the column's header), else the whole URL;
            // a long one is cut with an ellipsis, and the whole of it shows on hover (and its title) and in the
            // explanation.
            <th scope="row" class={classes!("url", elsewhere.is_some().then_some("other-origin"))}
                title={input.clone()}><span class="url-text">{text}</span>{tested}{note}</th>
            { for cells }{error}
        </tr>
    }
}
