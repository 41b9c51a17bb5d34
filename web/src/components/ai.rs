//! The AI crawlers view: buttons that fill the agents with a group of the crawler catalogue in one click, and a
//! summary of what the file does to each kind of AI crawler at the site's root, who only looks blocked (with
//! the line that decides), and what their operators say about robots.txt.

use yew::prelude::*;

use robotscope::AiGroupSummary;

use crate::shared::Shared;

/// The groups offered, one per kind the summary counts: a label and a set name of [`robotscope::crawler_set`]
/// (all AI crawlers at once are in the presets list).
const GROUPS: [(&str, &str); 3] =
    [("Training", "@training"), ("AI search", "@ai-search"), ("User-triggered", "@user-triggered")];

/// The buttons' props.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct AiButtonsProps {
    /// A group was chosen (its set name): the agents box becomes its crawlers.
    pub on_fill: Callback<&'static str>,
    /// Whether the policy builder is open in place of the grid.
    pub policy: bool,
    /// "Build a policy" was pressed: open or close the builder.
    pub on_policy: Callback<()>,
}

/// One button per group of AI crawlers.
#[function_component]
pub fn AiButtons(props: &AiButtonsProps) -> Html {
    let buttons = GROUPS.iter().map(|&(label, set)| {
        let n = robotscope::crawler_set(set).map_or(0, |s| s.len());
        let title = format!("Check the {n} crawlers of {set} instead of the agents listed");
        let onclick = props.on_fill.reform(move |_: MouseEvent| set);
        html! {
            <button type="button" class="chip-button" {title} {onclick} data-set={set}>{label}</button>
        }
    });
    html! {
        <div class="ai-fill" role="group" aria-label="AI crawlers">
            <span class="ai-title" aria-hidden="true">{"AI crawlers:"}</span>
            { for buttons }
            <button type="button" class="chip-button policy-toggle" aria-pressed={props.policy.to_string()}
                onclick={props.on_policy.reform(|_: MouseEvent| ())}>{"Build a policy"}</button>
        </div>
    }
}

/// The summary's props.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct AiSummaryProps {
    /// What the file does to the AI crawlers of the catalogue ([`robotscope::Robots::ai_summary`]).
    pub summary: Shared<[AiGroupSummary]>,
    /// A line was chosen: move the editor to it.
    pub on_reveal: Callback<usize>,
}

/// One line per kind of AI crawler.
#[function_component]
pub fn AiSummaryList(props: &AiSummaryProps) -> Html {
    let AiSummaryProps { summary, on_reveal } = props;
    let lines = summary.iter().map(|g| {
        let looks = g.crawlers.iter().find(|a| a.cell.looks_blocked());
        let go = looks.and_then(|a| a.cell.tied_disallow).map(|line| {
            let onclick = on_reveal.reform(move |_: MouseEvent| line);
            html! { <button type="button" class="link go-line" {onclick}>{format!("Show line {line}")}</button> }
        });
        let class = if looks.is_none() { "ai-line" } else { "ai-line ai-looks-blocked" };
        let text = g.sentence();
        html! {
            <li {class} data-kind={g.group.kinds[0].name()}>
                <span class="ai-text" title={text.clone()}>{text}</span>{" "}{go}
            </li>
        }
    });
    html! { <ul class="ai-summary" aria-label="What this file does to AI crawlers at /">{ for lines }</ul> }
}
