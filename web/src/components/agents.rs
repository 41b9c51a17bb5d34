//! The agents box: one agent per line, as a product token or a whole User-Agent header, plus a searchable
//! list of crawler presets. Each agent shows the token the engine is given.

use robotscope::{AgentKind, Crawler, CrawlerKind, CRAWLERS};
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use std::rc::Rc;

use crate::inputs::MAX_AGENTS;
use crate::shared::Shared;

/// The agents box's props.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct AgentsProps {
    /// The agents box as typed.
    pub text: Rc<str>,
    /// The agents as the engine is given them.
    pub agents: Shared<[robotscope::AskedAgent]>,
    /// The token each agent's rules were found by (`None`: no group applies), when a URL was answered.
    pub tokens: Option<Vec<Option<String>>>,
    /// How many agents were left out.
    pub skipped: usize,
    /// The agents box was edited: its text.
    pub on_edit: Callback<String>,
    /// Agents (preset names) to add, those not listed yet; the last one is selected.
    pub on_add: Callback<Vec<String>>,
}

/// The presets the picker offers, by what they are for (search, ads, AI training, AI search, user-triggered, then
/// every other kind as "Other"): every crawler of the catalogue once.
pub fn preset_groups() -> Vec<(&'static str, Vec<&'static Crawler>)> {
    let kinds = [
        CrawlerKind::Search,
        CrawlerKind::Ads,
        CrawlerKind::AiTraining,
        CrawlerKind::AiSearch,
        CrawlerKind::UserTriggered,
    ];
    let others = ("Other", CRAWLERS.iter().filter(|c| !kinds.contains(&c.kind)).collect());
    let groups = kinds.map(|kind| (kind.title(), CRAWLERS.iter().filter(|c| c.kind == kind).collect::<Vec<_>>()));
    groups.into_iter().chain([others]).filter(|(_, list)| !list.is_empty()).collect()
}

/// The agents box.
#[function_component]
pub fn Agents(props: &AgentsProps) -> Html {
    let AgentsProps { text, agents, tokens, skipped, on_edit, on_add } = props;
    let oninput = on_edit.reform(|e: InputEvent| e.target_unchecked_into::<HtmlTextAreaElement>().value());
    // What the preset box said about the last thing typed into it (an unknown name), cleared by the next.
    let feedback = use_state(|| None::<String>);
    // A preset is added when the search box holds a preset's name (picked from the list or typed), or a set's
    // (`@ai`, `@search`, ...): the box is then emptied. Anything else is said to be unknown, and emptied too.
    let on_preset = {
        let on_add = on_add.clone();
        let feedback = feedback.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let value = input.value();
            let value = value.trim();
            if value.is_empty() {
                return;
            }
            input.set_value("");
            if let Some(c) = robotscope::crawler(value) {
                on_add.emit(vec![c.name.to_string()]);
                feedback.set(None);
            } else if let Some(set) = robotscope::crawler_set(value) {
                on_add.emit(set.iter().map(|c| c.name.to_string()).collect());
                feedback.set(Some(format!("Added the set {value}: {} crawlers.", set.len())));
            } else {
                feedback.set(Some(format!(
                    "No crawler preset is called “{value}”. Choose one from the presets below, or type any product \
                     token in the Agents box."
                )));
            }
        })
    };
    let add = |names: Vec<String>| on_add.reform(move |_: MouseEvent| names.clone());
    // The presets by what they are for, each a button; and every AI crawler at once.
    let group = |(title, list): (&'static str, Vec<&Crawler>)| {
        html! {
            <div class="preset-group" role="group" aria-label={title}>
                <span class="preset-title">{title}</span>
                { for list.iter().map(|c| html! {
                    <button type="button" class="chip-button" title={format!("{}: {}", c.operator, c.facts().purpose)}
                        onclick={add(vec![c.name.to_string()])}>{c.name}</button>
                }) }
            </div>
        }
    };
    let groups = preset_groups().into_iter().map(group);
    let all_ai = robotscope::crawler_set("@ai").unwrap_or_default();
    let all_ai_button = html! {
        <button type="button" class="tool small" onclick={add(all_ai.iter().map(|c| c.name.to_string()).collect())}>
            {format!("Add all AI crawlers ({})", all_ai.len())}
        </button>
    };
    let resolved = agents.iter().enumerate().map(|(i, asked)| {
        let given = match tokens.as_ref().map(|t| t.get(i).cloned().flatten()) {
            Some(Some(t)) => html! { <>{arrow("token")}{t}</> },
            Some(None) => html! { <>{arrow("token")}{"none: "}{robotscope::Cell::NO_TOKEN}</> },
            None => html! {},
        };
        let one = match &asked.members[..] {
            [one] => Some(one),
            _ => None,
        };
        let preset = one.and_then(|a| a.crawler).map(|c| {
            let star = if c.ignores_global { ", ignores *" } else { "" };
            let chain = c.tokens.iter().enumerate().map(|(i, t)| html! { <>{(i > 0).then(|| arrow("then"))}{*t}</> });
            html! { <span class="chip" title={c.facts().purpose}>{"preset: "}{ for chain }{star}</span> }
        });
        let header =
            one.filter(|a| a.kind == AgentKind::Header).map(|_| html! { <span class="chip">{"from header"}</span> });
        let empty = one.filter(|a| a.token.is_empty()).map(
            |_| html! { <span class="chip chip-warn">{"no product token: matches only empty User-agent lines"}</span> },
        );
        html! {
            <li>
                <span class="given" title={asked.input.clone()}>{&asked.label}</span>
                <span class="token">{given}</span>
                {preset}{header}{empty}
            </li>
        }
    });
    // What the engine is given differs from what was typed in a way worth saying (a browser's header, no token):
    // said in words, visible even when the box is compact.
    let notes = agents.iter().flat_map(|a| {
        let worth = a.is_pool()
            || a.members.iter().any(|m| matches!(m.kind, AgentKind::Browser | AgentKind::Invalid | AgentKind::Empty));
        a.notes.iter().filter(move |_| worth).map(|note| {
            html! {
            <li class="agent-note">{crate::components::lint::with_code(note)}</li> }
        })
    });
    let skipped = (*skipped > 0).then(|| {
        html! { <p class="note">{format!("Only the first {MAX_AGENTS} agents are checked; {} more are left out.",
        *skipped)}</p> }
    });
    html! {
        // Once filled, the box is compact (two lines and a count) until it has the focus: the verdicts need the room.
        <div class={classes!("field", (!agents.is_empty()).then_some("filled"))}>
            <label for="agents" class="field-label">
                {"Agents"}<span class="count">{count(agents.len(), "agent", "agents")}</span>
                <span class="hint">{" one per line: a token (Googlebot) or a whole User-Agent header"}</span>
            </label>
            <textarea id="agents" class="list-input" rows="4" spellcheck="false" autocomplete="off"
                value={AttrValue::from(text.clone())} {oninput} />
            <div class="preset-row">
                <label for="preset" class="sr-only">{"Add a crawler preset"}</label>
                <input id="preset" class="preset" type="search" list="crawler-presets"
                    placeholder="Add a preset or @set…"
                    autocomplete="off" onchange={on_preset} />
                <datalist id="crawler-presets">
                    { for CRAWLERS.iter().map(|c| html! { <option value={c.name}>{format!("{}: {}", c.operator,
                        c.facts().purpose)}</option> }) }
                    { for ["@ai", "@search", "@ads", "@ai-training", "@ai-search", "@user-triggered"].iter().map(|s|
                        html! { <option value={*s}>{"a set of presets"}</option> }) }
                </datalist>
                <details class="presets">
                    <summary>{"Presets"}</summary>
                    {all_ai_button}
                    { for groups }
                </details>
            </div>
            <p class="note preset-feedback" role="status">{(*feedback).clone()}</p>
            <ul class="agent-notes" aria-label="Notes on the agents">{ for notes }</ul>
            <ul class="resolved" aria-label="What the engine is given for each agent">{ for resolved }</ul>
            {skipped}
        </div>
    }
}

/// ` (3 agents)`: how many entries a list box holds, for its compact form.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!(" ({n} {})", if n == 1 { one } else { many })
}

/// An arrow for the eye, and `words` for a screen reader instead.
pub fn arrow(words: &'static str) -> Html {
    html! { <><span aria-hidden="true">{" → "}</span><span class="sr-only">{format!(" {words} ")}</span></> }
}
