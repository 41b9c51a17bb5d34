//! The lint panel: the file's diagnostics (SPEC B3). Choosing one moves the editor to its line.

use robotscope::Severity;
use yew::prelude::*;

use crate::analysis::MAX_LISTED_DIAGNOSTICS;
use std::rc::Rc;

use crate::analysis::Lint as LintResult;
use crate::state::{Action, State};

/// The lint panel's props.
#[derive(Properties, Clone, Debug)]
pub struct LintProps {
    /// The lint of the file.
    pub lint: Rc<LintResult>,
    /// Where choosing a diagnostic goes.
    pub dispatcher: UseReducerDispatcher<State>,
}

/// The same lint (each lint run makes a new one), so typing does not redraw the panel until the lint is
/// run again.
impl PartialEq for LintProps {
    fn eq(&self, other: &LintProps) -> bool {
        Rc::ptr_eq(&self.lint, &other.lint) && self.dispatcher == other.dispatcher
    }
}

/// The lint panel.
#[function_component]
pub fn Lint(props: &LintProps) -> Html {
    let LintProps { lint, dispatcher } = props;
    let all = &lint.diagnostics;
    if all.is_empty() {
        return html! { <p class="empty">{"No problems found."}</p> };
    }
    let count = |s: Severity, one: &str, many: &str| {
        let n = all.iter().filter(|d| d.severity == s).count();
        format!("{n} {}", if n == 1 { one } else { many })
    };
    let totals = format!(
        "{}, {}, {}",
        count(Severity::Error, "error", "errors"),
        count(Severity::Warning, "warning", "warnings"),
        count(Severity::Info, "note", "notes")
    );
    let items = all.iter().take(MAX_LISTED_DIAGNOSTICS).map(|d| {
        let onclick = {
            let dispatcher = dispatcher.clone();
            let line = d.line;
            Callback::from(move |_: MouseEvent| dispatcher.dispatch(Action::Reveal(line)))
        };
        let sev = d.severity.name();
        html! {
            <li class={format!("diag diag-{sev}")}>
                // Named by what it shows, in order (WCAG 2.5.3).
                <button type="button" {onclick} aria-label={format!("{sev} line {}: {}{} {}", d.line, d.message, d.help.as_ref().map(|h| format!(" Fix: {h}")).unwrap_or_default(), d.kind.code())}>
                    // Spaces between the pieces, so that their text reads as words (and matches the name).
                    <span class="sev">{sev}</span>{" "}
                    <span class="where">{format!("line {}", d.line)}</span>{" "}
                    <span class="msg">{&d.message}</span>{" "}
                    {d.help.as_ref().map(|h| html! { <><span class="help">{format!("Fix: {h}")}</span>{" "}</> })}
                    <span class="code">{d.kind.code()}</span>
                </button>
            </li>
        }
    });
    let more = (all.len() > MAX_LISTED_DIAGNOSTICS)
        .then(|| html! { <p class="note">{format!("{} more are not listed; the gutter marks them all.", all.len() - MAX_LISTED_DIAGNOSTICS)}</p> });
    html! {
        <>
            <p class="totals">{totals}</p>
            <ul class="diags" aria-label="Problems, in line order">{ for items }</ul>
            {more}
        </>
    }
}
