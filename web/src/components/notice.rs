//! The notice bar: what went wrong with an input (or what happened), in words, with a close button.

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

/// The notice bar, and the standing warning when the file is past Google's 500 KiB limit.
#[function_component]
pub fn NoticeBar(props: &NoticeProps) -> Html {
    let NoticeProps { notice, cut_from, on_dismiss, on_action } = props;
    // A field to copy from gets the focus with its text selected.
    let has_field = notice.as_ref().and_then(|n| n.field.clone());
    use_effect_with(has_field, |field| {
        if field.is_some() {
            let input = gloo::utils::document().get_element_by_id("copy-field");
            let input = input.and_then(|e| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(e).ok());
            if let Some(input) = input {
                let _ = input.focus();
                if let Some(i) = wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlInputElement>(&input) {
                    i.select();
                } else if let Some(a) = wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlTextAreaElement>(&input) {
                    a.select();
                }
            }
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
            let select = Callback::from(|e: FocusEvent| {
                let input: web_sys::HtmlInputElement = e.target_unchecked_into();
                input.select();
            });
            // A command is shown whole (it wraps); a share link, which can be long, in one line.
            let field = if n.field_label == "Command to run" {
                let select = Callback::from(|e: FocusEvent| {
                    let area: web_sys::HtmlTextAreaElement = e.target_unchecked_into();
                    area.select();
                });
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
