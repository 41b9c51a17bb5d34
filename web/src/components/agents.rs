//! The agents box: one agent per line, as a product token or a whole User-Agent header, plus a searchable
//! list of crawler presets. Each agent shows the token the engine is given.

use robotscope::CRAWLERS;
use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use std::rc::Rc;

use crate::analysis::{AgentEntry, MAX_AGENTS};
use crate::state::{Action, State};

/// The agents box's props.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct AgentsProps {
    /// The agents box as typed.
    pub text: Rc<str>,
    /// The agents as the engine is given them.
    pub agents: Rc<[AgentEntry]>,
    /// The token each agent's rules were found by (`None`: no group applies).
    pub tokens: Vec<Option<String>>,
    /// How many agents were left out.
    pub skipped: usize,
    /// Where edits go.
    pub dispatcher: UseReducerDispatcher<State>,
}

/// The agents box.
#[function_component]
pub fn Agents(props: &AgentsProps) -> Html {
    let AgentsProps { text, agents, tokens, skipped, dispatcher } = props;
    let oninput = {
        let dispatcher = dispatcher.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            dispatcher.dispatch(Action::EditAgents(area.value()));
        })
    };
    // A preset is added when the search box holds exactly one preset's name (picked from the list or typed).
    let on_preset = {
        let dispatcher = dispatcher.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            let value = input.value();
            if let Some(c) = robotscope::crawler(value.trim()) {
                dispatcher.dispatch(Action::AddAgent(c.name.to_string()));
                input.set_value("");
            }
        })
    };
    let resolved = agents.iter().zip(tokens.iter()).map(|(a, token)| {
        let given = match token {
            Some(t) => html! { <>{arrow("token")}{t}</> },
            None => html! { <>{arrow("token")}{"none: no group applies (ignores *)"}</> },
        };
        let preset = a.crawler.map(|c| {
            let star = if c.ignores_global { ", ignores *" } else { "" };
            let chain = c.tokens.iter().enumerate().map(|(i, t)| html! { <>{(i > 0).then(|| arrow("then"))}{*t}</> });
            html! { <span class="chip" title={c.purpose}>{"preset: "}{ for chain }{star}</span> }
        });
        let header = a.is_header().then(|| html! { <span class="chip">{"from header"}</span> });
        let empty = a.token.is_empty().then(
            || html! { <span class="chip chip-warn">{"no product token: matches only empty User-agent lines"}</span> },
        );
        html! {
            <li>
                <span class="given" title={a.input.clone()}>{a.label()}</span>
                <span class="token">{given}</span>
                {preset}{header}{empty}
            </li>
        }
    });
    let skipped = (*skipped > 0).then(|| {
        html! { <p class="note">{format!("Only the first {MAX_AGENTS} agents are checked; {} more are left out.", *skipped)}</p> }
    });
    html! {
        // Once filled, the box is compact (two lines and a count) until it has the focus: the verdicts need the room.
        <div class={classes!("field", (!agents.is_empty()).then_some("filled"))}>
            <label for="agents" class="field-label">{"Agents"}<span class="count">{count(agents.len(), "agent", "agents")}</span><span class="hint">{" one per line: a token (Googlebot) or a whole User-Agent header"}</span></label>
            <textarea id="agents" class="list-input" rows="4" spellcheck="false" autocomplete="off"
                value={AttrValue::from(text.clone())} {oninput} />
            <div class="preset-row">
                <label for="preset" class="sr-only">{"Add a crawler preset"}</label>
                <input id="preset" class="preset" type="search" list="crawler-presets" placeholder="Add a crawler preset (search)…"
                    autocomplete="off" onchange={on_preset} />
                <datalist id="crawler-presets">
                    { for CRAWLERS.iter().map(|c| html! { <option value={c.name}>{format!("{}: {}", c.operator, c.purpose)}</option> }) }
                </datalist>
            </div>
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
