//! The explanation of the selected cell: the verdict in words (announced to screen readers), what the engine
//! was given, the groups that applied, and every rule that matched with its priority.

use yew::prelude::*;

use robotscope::{AskedAgent, AskedUrl, Governs};

use crate::analysis::{Detail as Explained, Parsed};
use crate::components::lint::with_code;
use crate::messages;
use crate::shared::Shared;

/// The explanation's props.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct DetailProps {
    /// The explained verdict of the selected cell, if there is one.
    pub detail: Option<Shared<Explained>>,
    /// Its agent row.
    pub agent: Option<AskedAgent>,
    /// Its URL row.
    pub url: Option<AskedUrl>,
    /// The parsed file, for the lines it quotes.
    pub parsed: Shared<Parsed>,
    /// The file's text.
    pub text: Shared<str>,
    /// A line was chosen: move the editor to it.
    pub on_reveal: Callback<usize>,
}

/// The explanation.
#[function_component]
pub fn Detail(props: &DetailProps) -> Html {
    let DetailProps { detail, agent, url, parsed, text, on_reveal } = props;
    // A URL that cannot be read has no verdict: said, with the reason.
    if let (None, Some(error), Some(url)) = (detail, url.as_ref().and_then(|u| u.typed.error), url) {
        return html! {
            <div class="detail-panel"><div class="detail" aria-live="polite">
                <p class="summary">{format!("No verdict: {} is not a URL a crawler can request ({error}).",
                    url.typed.input)}</p>
            </div></div>
        };
    }
    let (Some(detail), Some(agent), Some(url)) = (detail, agent, url) else {
        return html! {
            <div class="detail-panel"><div class="detail" aria-live="polite">
                <p class="empty">{"Select a verdict to see the rule that decided it and why."}</p>
            </div></div>
        };
    };
    let cell = &detail.cell;
    let v = &cell.verdict;
    let (word, verdict) = if v.allowed { ("Allowed", "allowed") } else { ("Disallowed", "disallowed") };
    let by = match &v.decided_by {
        Some(d) => format!(" by line {}: {}", d.line, d.text()),
        None => " (no rule decided)".to_string(),
    };
    // Read aloud as it stands (a live region): words, no arrows.
    let summary = format!("{word}{by}. {} fetching {}", agent.label, url.typed.input);
    let reveal = |line: usize| on_reveal.reform(move |_: MouseEvent| line);
    let matches = v.matches.iter().map(|m| {
        let winner = m.line == v.line;
        let fallback = m.index_fallback.then_some(" (index.html rule)");
        html! {
            <tr class={classes!(winner.then_some("winner"))}>
                <td><button type="button" class="link go-line" onclick={reveal(m.line)}
                    aria-label={format!("{}: go to line {}", m.line, m.line)}>{m.line}</button></td>
                <td><code>{m.text()}</code>{fallback}</td>
                <td><code>{&m.pattern}</code></td>
                <td class="num">{m.priority}</td>
                <td>{if winner { "wins" } else { "" }}</td>
            </tr>
        }
    });
    let matches_table = if v.matches.is_empty() {
        html! { <p class="note">{"No rule of the applicable groups matches this path."}</p> }
    } else {
        html! {
            <table class="matches">
                <caption>{"Rules that match, longest pattern first wins; ties go to Allow"}</caption>
                <thead><tr><th scope="col">{"Line"}</th><th scope="col">{"Rule"}</th>
                    <th scope="col">{"Pattern matched"}</th><th scope="col">{"Priority"}</th>
                    <th scope="col">{"Result"}</th></tr></thead>
                <tbody>{ for matches }</tbody>
            </table>
        }
    };
    let token = cell.token.clone().unwrap_or_else(|| format!("none: {}", robotscope::Cell::NO_TOKEN));
    // With a baseline: what the baseline answered for this cell, when that differs.
    let before = cell.baseline.as_ref().filter(|_| cell.changed).map(|b| {
        let word = if b.allowed { "allowed" } else { "disallowed" };
        let by =
            if b.line == 0 { "no rule decided".to_string() } else { format!("by line {} of the baseline", b.line) };
        html! { <p class="before">{format!("Changed by your edits: the baseline had it {word} ({by}).")}</p> }
    });
    // The deciding lines, quoted: the verdict and its rule together, even where the editor is out of view (a
    // phone), and the group that applied when no rule decided.
    let quoted = &detail.quoted;
    let quote = if quoted.is_empty() {
        html! { <p class="quote-none">{format!("No group applies to {}: nothing in this file restricts it.",
        agent.label)}</p> }
    } else {
        let items = quoted.iter().map(|&n| {
            let win = n == v.line;
            html! {
                <li class={classes!("q", win.then_some("q-win"))}>
                    <button type="button" class="q-line" onclick={reveal(n)}>{format!("line {n}")}</button>
                    <code>{parsed.lines.line(text, n)}</code>
                </li>
            }
        });
        let none =
            (v.line == 0).then(|| html! { <li class="q q-none">{"no rule of this group matches the path"}</li> });
        html! { <ol class="quote" aria-label="The deciding lines">{ for items }{none}</ol> }
    };
    // A URL of another site: this file's answer is shown, but a crawler reads that site's robots.txt.
    let elsewhere = url.governs.filter(|g| *g != Governs::Yes).map(|g| {
        let why = g.message();
        let theirs = robotscope::robots_url(&url.typed.tested).unwrap_or_default();
        html! {
            <p class="elsewhere-warn">{format!(
                "Not this file's URL ({why}): a crawler reads {theirs} for it. The answer above is what this file \
                 would say."
            )}</p>
        }
    });
    // What the engine was given differs from what was typed: said in words.
    let note = agent.notes.iter().map(|n| html! { <p class="agent-note">{with_code(n)}</p> });
    // The usage preferences that apply (they never change the verdict), with the lines that decide them, and
    // what a catalogue crawler's operator says about robots.txt.
    let (usage, usage_lines) = (cell.usage.described(), cell.usage.lines());
    let usage = (!usage.is_empty()).then(|| {
        html! {
            <div class="usage">
                <p class="usage-title">{"Usage preferences (they never change the verdict):"}</p>
                <ul>{ for usage.into_iter().map(|(label, text)| html! { <li>
                    <strong>{label}</strong>{": "}{text}</li> }) }</ul>
                <p class="usage-go">{ for usage_lines.iter().map(|&n| html! {
                    <button type="button" class="link go-line" onclick={reveal(n)}>{format!("line {n}")}</button>
                }) }</p>
            </div>
        }
    });
    let looks = cell.looks_blocked_note().map(|note| html! { <p class="looks-blocked">{note}</p> });
    // Comparing readers: each reader's answer and why, in turn; otherwise the one reading's explanation.
    let explanation = if cell.readers.is_empty() {
        html! { <p class="explanation">{with_code(&detail.explanation)}</p> }
    } else {
        let said = if cell.differs { "The readers differ: " } else { "The readers agree: " };
        html! {
            <div class="readers">
                <p class="readers-head">{said}{messages::answers(&cell.readers)}</p>
                <ol class="readers-list">{ for cell.readers.iter().zip(&detail.readers).map(|(r, why)| html! {
                    <li data-profile={r.profile.as_str()}>
                        <strong>{format!("{}: {}. ", messages::reader(r.profile), messages::answer(r.allowed,
                            r.line))}</strong>
                        {with_code(why)}
                    </li>
                }) }</ol>
            </div>
        }
    };
    let crawler = match &agent.members[..] {
        [one] => one.crawler,
        _ => None,
    };
    let obeys = crawler.and_then(robotscope::Crawler::obeys_note).map(|s| html! { <p class="obeys">{s}</p> });
    let scope = crawler.and_then(robotscope::Crawler::scope_note).map(|s| html! { <p class="obeys">{s}</p> });
    html! {
        <div class="detail-panel">
        <div class={classes!("sheet-card", verdict)}>
            <p class={classes!("summary", verdict)} role="status"
                aria-live="polite">{summary}</p>
            {quote}
            {elsewhere}
        </div>
        <div class="detail">
            <div class="before-slot">{before}</div>
            { for note }
            {explanation}
            {looks}
            {usage}
            {obeys}
            {scope}
            <dl class="given">
                <dt>{"Agent typed"}</dt><dd><code>{&agent.input}</code></dd>
                <dt>{"Token given to the engine"}</dt><dd><code>{token}</code></dd>
                <dt>{"URL typed"}</dt><dd><code>{&url.typed.input}</code></dd>
                <dt>{"URL tested"}</dt><dd><code>{&url.typed.tested}</code></dd>
                <dt>{"Path matched"}</dt><dd><code>{&v.path}</code></dd>
                <dt>{"Groups that applied"}</dt><dd>{&detail.groups}</dd>
            </dl>
            {matches_table}
        </div>
        </div>
    }
}
