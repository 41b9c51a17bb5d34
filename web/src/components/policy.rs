//! The policy builder: what the user wants for each kind of crawler (allow, block, or leave as the file has it,
//! optionally under a path), a button that has the core write the smallest rules for it into the file, and one
//! view of every catalogue crawler against the policy, grouped by kind, with its verdict, the line that decides
//! it, and why it does not follow the policy when it does not. Every answer is the core's
//! ([`robotscope::Policy`]); this file only draws them.

use robotscope::{Choice, CrawlerCheck, Policy, PolicyKind};
use yew::prelude::*;

use crate::analysis::Parsed;
use crate::shared::Shared;

/// The policy builder's props.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct PolicyProps {
    /// The policy chosen so far.
    pub policy: Policy,
    /// The file as Google reads it.
    pub parsed: Shared<Parsed>,
    /// The policy was changed.
    pub on_change: Callback<Policy>,
    /// "Write the rules".
    pub on_write: Callback<Policy>,
    /// A line was chosen: move the editor to it.
    pub on_reveal: Callback<usize>,
    /// "Back to the verdicts".
    pub on_close: Callback<()>,
}

/// The words for a choice in the builder's menus.
fn choice_label(choice: Choice) -> &'static str {
    match choice {
        Choice::Keep => "Leave as the file has it",
        Choice::Allow => "Allow",
        Choice::Block => "Block",
    }
}

/// "Block AI training, allow everything else".
fn block_training() -> Policy {
    PolicyKind::ALL.into_iter().fold(Policy::default(), |p, k| {
        let choice = if k == PolicyKind::AiTraining { Choice::Block } else { Choice::Allow };
        p.with(k, choice, "/")
    })
}

/// The builder.
#[function_component]
pub fn PolicyBuilder(props: &PolicyProps) -> Html {
    let PolicyProps { policy, parsed, on_change, on_write, on_reveal, on_close } = props;
    let checks = {
        let deps = (policy.clone(), parsed.clone());
        use_memo(deps, |(policy, parsed)| policy.check(&parsed.robots))
    };
    let rows = PolicyKind::ALL.into_iter().map(|kind| {
        let k = policy.get(kind);
        let label = kind.label();
        let n = kind.crawlers().count();
        let on_choice = {
            let (policy, on_change, path) = (policy.clone(), on_change.clone(), k.path.clone());
            Callback::from(move |e: Event| {
                let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
                let choice = Choice::from_name(&select.value()).unwrap_or_default();
                on_change.emit(policy.clone().with(kind, choice, &path));
            })
        };
        let on_path = {
            let (policy, on_change, choice) = (policy.clone(), on_change.clone(), k.choice);
            Callback::from(move |e: Event| {
                let input: web_sys::HtmlInputElement = e.target_unchecked_into();
                on_change.emit(policy.clone().with(kind, choice, &input.value()));
            })
        };
        html! {
            <tr data-kind={kind.name()}>
                <th scope="row">{label}<span class="count">{format!(" ({n})")}</span></th>
                <td><select class="tool" aria-label={label} onchange={on_choice}>
                    { for Choice::ALL.into_iter().map(|c| html! {
                        <option value={c.name()} selected={c == k.choice}>{choice_label(c)}</option>
                    }) }
                </select></td>
                <td><input class="path" type="text" value={k.path.clone()}
                    aria-label={format!("{label}: under the path")} disabled={k.choice == Choice::Keep}
                    onchange={on_path} spellcheck="false" /></td>
            </tr>
        }
    });
    let preset = on_change.reform(|_: MouseEvent| block_training());
    let write = {
        let (policy, on_write) = (policy.clone(), on_write.clone());
        Callback::from(move |_: MouseEvent| on_write.emit(policy.clone()))
    };
    let close = on_close.reform(|_: MouseEvent| ());
    let differ = checks.iter().filter(|c| c.differs.is_some()).count();
    let summary = if policy.is_empty() {
        "Choose what you want for a kind of crawler: every catalogue crawler is then checked against it.".to_string()
    } else if differ == 0 {
        format!("All {} catalogue crawlers follow this policy.", checks.len())
    } else {
        format!("{differ} of {} catalogue crawlers do not follow this policy (marked, with the reason).", checks.len())
    };
    let groups = PolicyKind::ALL.into_iter().map(|kind| {
        let items = checks.iter().filter(|c| c.kind == kind).map(|c| crawler_item(c, on_reveal));
        let want = choice_label(policy.get(kind).choice);
        html! {
            <section class="policy-kind" data-kind={kind.name()} aria-label={kind.label()}>
                <h4>{kind.label()}<span class="hint">{format!(": {want}")}</span></h4>
                <ul class="policy-crawlers">{ for items }</ul>
            </section>
        }
    });
    html! {
        <section class="policy" aria-labelledby="policy-heading">
            <div class="pane-head">
                <h3 id="policy-heading" class="pane-title">{"What do you want?"}</h3>
                <button type="button" class="tool small" onclick={close}>{"Back to the verdicts"}</button>
            </div>
            <table class="policy-choices">
                <caption class="sr-only">{"One choice per kind of crawler, optionally under a path"}</caption>
                <tbody>{ for rows }</tbody>
            </table>
            <div class="policy-actions">
                <button type="button" class="tool" onclick={preset}>
                    {"Block AI training, allow everything else"}</button>
                <button type="button" class="tool primary" onclick={write} disabled={policy.is_empty()}>
                    {"Write the rules"}</button>
            </div>
            <p class="hint">{"Writes the fewest group lines that say it, as one edit you can undo, after any managed \
                block (such as Cloudflare's) and where no other line joins their group."}</p>
            <p class="policy-summary" role="status">{summary}</p>
            { for groups }
            <details class="policy-text">
                <summary>{"The policy as text"}</summary>
                <textarea class="list-input" readonly=true rows="6" aria-label="The policy as text"
                    value={policy.to_text()} />
            </details>
        </section>
    }
}

/// One crawler's line: its name, its verdict at the kind's path with the deciding line, and the reason when it
/// does not follow the policy.
fn crawler_item(c: &CrawlerCheck, on_reveal: &Callback<usize>) -> Html {
    let verdict = if c.allowed { "allowed" } else { "disallowed" };
    let follows = match (c.want, &c.differs) {
        (Choice::Keep, _) => "-",
        (_, None) => "true",
        (_, Some(_)) => "false",
    };
    let go = (c.line > 0).then(|| {
        let line = c.line;
        let onclick = on_reveal.reform(move |_: MouseEvent| line);
        html! { <button type="button" class="link go-line" {onclick}>{format!("line {line}")}</button> }
    });
    let why = c.message().map(|m| html! { <span class="policy-why">{m}</span> });
    let word = if c.allowed { "Allowed" } else { "Disallowed" };
    html! {
        <li class={classes!("pc", verdict, (follows == "false").then_some("differs"))} data-crawler={c.crawler.name}
            data-verdict={verdict} data-line={c.line.to_string()} data-follows={follows}>
            <span class="pc-name">{c.crawler.name}</span>{" "}
            <span class="pc-verdict">{format!("{word} at {}", c.path)}</span>{" "}
            {go.unwrap_or_else(|| html! { <span class="sub">{"no rule"}</span> })}
            {why}
        </li>
    }
}
