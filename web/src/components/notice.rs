//! The notice bar: what went wrong with an input (or what happened), in words, with a close button.

use yew::prelude::*;

use crate::state::{Action, Notice, NoticeAction, NoticeKind, State};

/// The notice bar's props.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct NoticeProps {
    /// The message to show, if any.
    pub notice: Option<Notice>,
    /// Where Google's 500 KiB cut falls in the file (the file's size), when it does.
    pub cut_from: Option<usize>,
    /// Where dismissing goes.
    pub dispatcher: UseReducerDispatcher<State>,
    /// What a notice's button does (the app owns the local storage it may need).
    pub on_action: Callback<NoticeAction>,
}

/// The notice bar, and the standing warning when the file is past Google's 500 KiB limit.
#[function_component]
pub fn NoticeBar(props: &NoticeProps) -> Html {
    let NoticeProps { notice, cut_from, dispatcher, on_action } = props;
    let dismiss = {
        let dispatcher = dispatcher.clone();
        Callback::from(move |_: MouseEvent| dispatcher.dispatch(Action::DismissNotice))
    };
    let notice = notice.as_ref().map(|n| {
        let (class, role) = match n.kind {
            NoticeKind::Info => ("notice notice-info", "status"),
            NoticeKind::Error => ("notice notice-error", "alert"),
        };
        let action = n.action.map(|action| {
            let on_action = on_action.clone();
            html! {
                <button type="button" class="tool notice-action" onclick={move |_| on_action.emit(action)}>{action.label()}</button>
            }
        });
        html! {
            <div class={class} role={role}>
                <span class="notice-text">{&n.text}</span>
                {action}
                <button type="button" class="notice-close" aria-label="Dismiss this message" onclick={dismiss}>{"×"}</button>
            </div>
        }
    });
    let cut = cut_from.map(|len| {
        html! {
            <div class="notice notice-info" role="note">
                { format!(
                    "The file is {} KiB; Google reads only the first 500 KiB, so the rest is ignored (shaded in the editor). \
                     Tick “Read past 500 KiB” to check the whole file.",
                    len / 1024
                ) }
            </div>
        }
    });
    html! { <div class="notices">{notice}{cut}</div> }
}
