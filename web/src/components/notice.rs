//! The notice bar: what went wrong with an input (or what happened), in words, with a close button.

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlElement, HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::messages::{Notice, NoticeAction, NoticeKind};

/// The notice bar's props.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct NoticeProps {
    /// The message to show, if any.
    pub notice: Option<Notice>,
    /// Where Google's 500 KiB cut falls in the file (the file's size), when it does.
    pub cut_from: Option<usize>,
    /// The notice was dismissed.
    pub on_dismiss: Callback<()>,
    /// What a notice's button does (the app owns the local storage it may need).
    pub on_action: Callback<NoticeAction>,
}

/// Selects the whole text of a field to copy from (a one-line `input` or a `textarea`).
fn select_all(field: &Element) {
    if let Some(input) = field.dyn_ref::<HtmlInputElement>() {
        input.select();
    } else if let Some(area) = field.dyn_ref::<HtmlTextAreaElement>() {
        area.select();
    }
}

/// The notice bar, and the standing warning when the file is past Google's 500 KiB limit.
#[function_component]
pub fn NoticeBar(props: &NoticeProps) -> Html {
    let NoticeProps { notice, cut_from, on_dismiss, on_action } = props;
    // A field to copy from gets the focus with its text selected.
    let has_field = notice.as_ref().and_then(|n| n.field.clone());
    use_effect_with(has_field, |field| {
        let input = field.as_ref().and_then(|_| gloo::utils::document().get_element_by_id("copy-field"));
        if let Some(input) = input.and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
            let _ = input.focus();
            select_all(&input);
        }
    });
    let dismiss = on_dismiss.reform(|_: MouseEvent| ());
    let notice = notice.as_ref().map(|n| {
        let (class, role) = match n.kind {
            NoticeKind::Info => ("notice notice-info", "status"),
            NoticeKind::Error => ("notice notice-error", "alert"),
        };
        let action = n.action.clone().map(|action| {
            let label = action.label();
            let onclick = on_action.reform(move |_: MouseEvent| action.clone());
            html! { <button type="button" class="tool notice-action" {onclick}>{label}</button> }
        });
        // Selected when it appears and when it gets the focus, so Ctrl+C copies it.
        let field = n.field.as_ref().map(|text| {
            let select = Callback::from(|e: FocusEvent| select_all(&e.target_unchecked_into()));
            // A command is shown whole (it wraps); a share link, which can be long, in one line.
            let field = if n.field_label == "Command to run" {
                html! { <textarea class="command" readonly=true rows="2" value={text.clone()} onfocus={select}
                id="copy-field" spellcheck="false" /> }
            } else {
                html! { <input type="text" readonly=true value={text.clone()} onfocus={select} id="copy-field" /> }
            };
            html! {
                <label class="notice-field">
                    <span class="sr-only">{n.field_label}</span>
                    {field}
                </label>
            }
        });
        html! {
            <div class={class} role={role}>
                <span class="notice-text">{&n.text}{field}</span>
                {action}
                <button type="button" class="notice-close" aria-label="Dismiss this message"
                    onclick={dismiss}>{"×"}</button>
            </div>
        }
    });
    let cut = cut_from.map(|len| {
        html! {
            <div class="notice notice-info" role="note">
                { format!(
                    "The file is {} KiB; Google reads only the first 500 KiB, so the rest is ignored (shaded in the \
                        editor). \
                     Tick “Read past 500 KiB” to check the whole file.",
                    len / 1024
                ) }
            </div>
        }
    });
    html! { <div class="notices">{notice}{cut}</div> }
}
