//! The lint panel: the file's diagnostics (SPEC B3). Choosing one moves the editor to its line.

use robotscope::Diagnostic;
use yew::prelude::*;

use crate::analysis::Lint as LintResult;
use crate::analysis::MAX_LISTED_DIAGNOSTICS;
use crate::shared::Shared;

/// The lint panel's props. The lint is compared by identity (each lint run makes a new one), so typing does
/// not redraw the panel until the lint is run again.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct LintProps {
    /// The lint of the file.
    pub lint: Shared<LintResult>,
    /// A diagnostic was chosen: the line to move the editor to.
    pub on_reveal: Callback<usize>,
}

/// The pieces of an engine sentence: its Markdown `code` spans (between backticks, on one line, not empty) marked
/// `true`, the rest `false`; the backticks themselves are dropped.
pub fn code_spans(text: &str) -> Vec<(bool, &str)> {
    let mut pieces = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('`') {
        let after = &rest[open + 1..];
        let Some(close) = after.find(['`', '\n']).filter(|&c| c > 0 && after.as_bytes()[c] == b'`') else {
            // No span starts here: the backtick is text.
            pieces.push((false, &rest[..open + 1]));
            rest = after;
            continue;
        };
        pieces.push((false, &rest[..open]));
        pieces.push((true, &after[..close]));
        rest = &after[close + 1..];
    }
    pieces.push((false, rest));
    pieces.retain(|(_, t)| !t.is_empty());
    pieces
}

/// An engine sentence with its `code` spans as `<code>` (as the widget shows them): the core's sentences quote
/// lines and tokens that way.
pub fn with_code(text: &str) -> Html {
    html! {
        { for code_spans(text).into_iter().map(|(code, t)| {
            if code { html! { <code>{t}</code> } } else { html! { {t} } }
        }) }
    }
}

/// An engine sentence as plain words, for an accessible name (the text shown, without the backticks).
fn plain(text: &str) -> String {
    code_spans(text).into_iter().map(|(_, t)| t).collect()
}

/// The lint panel.
#[function_component]
pub fn Lint(props: &LintProps) -> Html {
    let LintProps { lint, on_reveal } = props;
    let all = &lint.diagnostics;
    if all.is_empty() {
        return html! { <p class="empty">{"No problems found."}</p> };
    }
    let totals = Diagnostic::totals(all);
    let items = all.iter().take(MAX_LISTED_DIAGNOSTICS).map(|d| {
        let line = d.line;
        let onclick = on_reveal.reform(move |_: MouseEvent| line);
        let sev = d.severity.name();
        html! {
            <li class={format!("diag diag-{sev}")}>
                // Named by what it shows, in order (WCAG 2.5.3).
                <button type="button" {onclick} aria-label={format!("{sev} line {}: {}{} {}", d.line, plain(&d.message),
                    d.help.as_ref().map(|h| format!(" Fix: {}", plain(h))).unwrap_or_default(), d.kind.code())}>
                    // Spaces between the pieces, so that their text reads as words (and matches the name).
                    <span class="sev">{sev}</span>{" "}
                    <span class="where">{format!("line {}", d.line)}</span>{" "}
                    <span class="msg">{with_code(&d.message)}</span>{" "}
                    {d.help.as_ref().map(|h| html! { <><span class="help">{"Fix: "}{with_code(h)}</span>{" "}</> })}
                    <span class="code">{d.kind.code()}</span>
                </button>
            </li>
        }
    });
    let more = (all.len() > MAX_LISTED_DIAGNOSTICS).then(|| {
        html! { <p class="note">{format!("{} more are not listed; the gutter marks them all.", all.len() -
        MAX_LISTED_DIAGNOSTICS)}</p> }
    });
    html! {
        <>
            <p class="totals">{totals}</p>
            <ul class="diags" aria-label="Problems, in line order">{ for items }</ul>
            {more}
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::code_spans;

    #[test]
    fn code_spans_drop_their_backticks() {
        let spans = [(false, "write "), (true, "Key: value"), (false, ", or "), (true, "#")];
        assert_eq!(code_spans("write `Key: value`, or `#`"), spans);
        assert_eq!(code_spans("no code"), [(false, "no code")]);
        // A lone backtick, an empty pair and a pair across lines stay text.
        assert_eq!(code_spans("a ` b"), [(false, "a `"), (false, " b")]);
        assert_eq!(code_spans("``x"), [(false, "`"), (false, "`"), (false, "x")]);
        assert_eq!(code_spans("`a\nb`"), [(false, "`"), (false, "a\nb`")]);
    }
}
