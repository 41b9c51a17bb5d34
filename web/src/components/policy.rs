//! The policy builder: what the user wants for each kind of crawler (allow, block, or leave as the file has it,
//! optionally under a path), what writing it would change for every catalogue crawler at the file's own paths, a
//! button that has the core write the smallest rules for it into the file, and one view of every catalogue
//! crawler against the policy, grouped by kind, with its verdict, the line that decides it, and why it does not
//! follow the policy when it does not. Every answer is the core's ([`robotscope::Policy::plan`] and
//! [`robotscope::Policy::check`]); this file only draws them.

use robotscope::{ChangeLine, Choice, CrawlerCheck, Plan, Policy, PolicyKind};
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
    /// "Write the rules", with whether the person chose to change crawlers outside the kinds they chose too.
    pub on_write: Callback<(Policy, bool)>,
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

/// The presets: each names the kinds it sets and leaves every other kind as the file has it.
const PRESETS: [(&str, &[PolicyKind]); 2] = [
    ("Block AI training", &[PolicyKind::AiTraining]),
    ("Block AI training and AI search", &[PolicyKind::AiTraining, PolicyKind::AiSearch]),
];

/// A preset's policy: its kinds blocked over the whole site, the others left as the file has them.
fn preset(kinds: &[PolicyKind]) -> Policy {
    kinds.iter().fold(Policy::default(), |p, &k| p.with(k, Choice::Block, "/"))
}

/// The builder.
#[function_component]
pub fn PolicyBuilder(props: &PolicyProps) -> Html {
    let PolicyProps { policy, parsed, on_change, on_write, on_reveal, on_close } = props;
    let checks = {
        let deps = (policy.clone(), parsed.clone());
        use_memo(deps, |(policy, parsed)| policy.check(&parsed.robots))
    };
    // What the write changes; when it holds tokens back, what writing them too would change besides.
    let plans = {
        let deps = (policy.clone(), parsed.clone());
        use_memo(deps, |(policy, parsed)| {
            let safe = policy.plan(&parsed.robots, false).ok();
            let forced =
                safe.as_ref().filter(|p| !p.held.is_empty()).and_then(|_| policy.plan(&parsed.robots, true).ok());
            (safe, forced)
        })
    };
    // The person ticked "also make these changes" for this policy and file.
    let outside = use_state(|| false);
    {
        let outside = outside.clone();
        use_effect_with((policy.clone(), parsed.clone()), move |_| outside.set(false));
    }
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
    let presets = PRESETS.iter().map(|&(label, kinds)| {
        let onclick = on_change.reform(move |_: MouseEvent| preset(kinds));
        html! { <button type="button" class="tool" {onclick}>{label}</button> }
    });
    let reset = on_change.reform(|_: MouseEvent| Policy::default());
    let write = {
        let (policy, on_write, outside) = (policy.clone(), on_write.clone(), outside.clone());
        Callback::from(move |_: MouseEvent| on_write.emit((policy.clone(), *outside)))
    };
    let changes = changes_view(&plans.0, &plans.1, &outside);
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
                { for presets }
                <button type="button" class="tool" onclick={reset} disabled={policy.is_empty()}>
                    {"Leave everything as the file has it"}</button>
            </div>
            <p class="hint">{"Presets set only the kinds they name; every other kind stays as the file has it."}</p>
            {changes}
            <div class="policy-actions">
                <button type="button" class="tool primary" onclick={write} disabled={policy.is_empty()}>
                    {"Write the rules"}</button>
            </div>
            <p class="hint">{"Writes the fewest group lines that say it, as one edit you can undo, after any managed \
                block (such as Cloudflare's) and where no other line joins their group. Crawlers of the kinds you \
                leave as they are keep every verdict."}</p>
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

/// What writing the policy changes, in the core's sentences: the changes chosen, and the tokens held back with
/// what writing them too would change for crawlers outside the choices (which the person may then choose).
fn changes_view(safe: &Option<Plan>, forced: &Option<Plan>, outside: &UseStateHandle<bool>) -> Html {
    let Some(plan) = safe else { return html! {} };
    let line = |l: &ChangeLine| {
        let names = l.crawlers.join(", ");
        html! {
            <li class={classes!("pc-change", (!l.chosen).then_some("outside"))} data-chosen={l.chosen.to_string()}>
                {l.text.clone()}
                <details class="pc-who"><summary>{"Which"}</summary>{names}</details>
            </li>
        }
    };
    let summary = plan.summary();
    let head = if plan.edit.is_none() {
        "Writing changes nothing: the file already says this for every crawler it can.".to_string()
    } else if summary.is_empty() {
        format!("Writing changes no crawler's verdict at the {} paths compared.", plan.paths)
    } else {
        format!("Writing changes these verdicts (at /, your paths and the {} paths compared):", plan.paths)
    };
    let held = (!plan.held.is_empty()).then(|| {
        let tokens: Vec<&str> = plan.held.iter().map(|h| h.token).collect();
        let extra: Vec<ChangeLine> =
            forced.as_ref().map(|f| f.summary().into_iter().filter(|l| !l.chosen).collect()).unwrap_or_default();
        let toggle = {
            let outside = outside.clone();
            Callback::from(move |e: Event| {
                let input: web_sys::HtmlInputElement = e.target_unchecked_into();
                outside.set(input.checked());
            })
        };
        html! {
            <div class="policy-held" role="group" aria-label="Tokens not written">
                <p>{format!("Not written: {}. Naming {} would also change crawlers you left as the file has them:",
                    tokens.join(", "), if tokens.len() == 1 { "it" } else { "them" })}</p>
                <ul class="policy-changes">{ for extra.iter().map(line) }</ul>
                <label><input type="checkbox" checked={**outside} onchange={toggle} />
                    {" Write them anyway and make these changes too"}</label>
            </div>
        }
    });
    html! {
        <section class="policy-plan" aria-label="What writing changes">
            <p class="policy-plan-head">{head}</p>
            <ul class="policy-changes">{ for summary.iter().map(line) }</ul>
            {held}
        </section>
    }
}
