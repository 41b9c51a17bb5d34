//! The URLs box: one URL or path per line. Each shows the URL the engine is given after normalisation, or why
//! it could not be normalised (it is then tested as typed).

use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use crate::analysis::MAX_URLS;
use crate::components::agents::arrow;
use crate::state::{Action, State};

/// The URLs box's props.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct UrlsProps {
    /// The app state.
    pub state: UseReducerHandle<State>,
}

/// The URLs box.
#[function_component]
pub fn Urls(props: &UrlsProps) -> Html {
    let UrlsProps { state } = props;
    let oninput = {
        let state = state.clone();
        Callback::from(move |e: InputEvent| {
            let area: HtmlTextAreaElement = e.target_unchecked_into();
            state.dispatch(Action::EditUrls(area.value()));
        })
    };
    let changed =
        state.urls.iter().filter(|u| u.error.is_some() || u.tested != u.input).take(50).map(|u| match u.error {
            Some(e) => html! { <li class="url-error"><code>{&u.input}</code>{format!(": {e}; tested as typed")}</li> },
            None => html! { <li><code>{&u.input}</code>{arrow("is tested as")}<code>{&u.tested}</code></li> },
        });
    let skipped = (state.skipped_urls > 0).then(|| {
        html! { <p class="note">{format!("Only the first {MAX_URLS} URLs are checked; {} more are left out.", state.skipped_urls)}</p> }
    });
    html! {
        <div class="field">
            <label for="urls" class="field-label">{"URLs"}<span class="hint">{" one per line: full URLs or paths; paste a list"}</span></label>
            <textarea id="urls" class="list-input" rows="5" spellcheck="false" autocomplete="off"
                value={AttrValue::from(state.urls_text.clone())} {oninput} />
            <ul class="resolved" aria-label="URLs changed by normalisation">{ for changed }</ul>
            {skipped}
        </div>
    }
}
