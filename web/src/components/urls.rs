//! The URLs box: one URL or path per line. Each shows the URL the engine is given after normalisation, or why
//! it could not be normalised (it is then tested as typed).

use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use std::rc::Rc;

use robotscope::AskedUrl;

use crate::components::agents::{arrow, count};
use crate::inputs::MAX_URLS;
use crate::shared::Shared;

/// The URLs box's props.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct UrlsProps {
    /// The URLs box as typed.
    pub text: Rc<str>,
    /// The URLs as the engine is given them.
    pub urls: Shared<[AskedUrl]>,
    /// How many URLs were left out.
    pub skipped: usize,
    /// The URLs box was edited: its text.
    pub on_edit: Callback<String>,
}

/// The URLs box.
#[function_component]
pub fn Urls(props: &UrlsProps) -> Html {
    let UrlsProps { text, urls, skipped, on_edit } = props;
    let oninput = on_edit.reform(|e: InputEvent| e.target_unchecked_into::<HtmlTextAreaElement>().value());
    let changed = urls.iter().map(|u| &u.typed).filter(|u| u.error.is_some() || u.tested != u.input).take(50);
    let changed = changed.map(|u| match u.error {
        Some(e) => html! { <li class="url-error"><code>{&u.input}</code>{format!(": {e}; no verdict")}</li> },
        None => html! { <li><code>{&u.input}</code>{arrow("is tested as")}<code>{&u.tested}</code></li> },
    });
    let skipped = (*skipped > 0).then(|| {
        let text = format!("Only the first {MAX_URLS} URLs are checked; {} more are left out.", *skipped);
        html! { <p class="note">{text}</p> }
    });
    html! {
        <div class={classes!("field", (!urls.is_empty()).then_some("filled"))}>
            <label for="urls" class="field-label">
                {"URLs"}<span class="count">{count(urls.len(), "URL", "URLs")}</span>
                <span class="hint">{" one per line: full URLs or paths; paste a list"}</span>
            </label>
            <textarea id="urls" class="list-input" rows="5" wrap="off" spellcheck="false" autocomplete="off"
                value={AttrValue::from(text.clone())} {oninput} />
            <ul class="resolved" aria-label="URLs changed by normalisation">{ for changed }</ul>
            {skipped}
        </div>
    }
}
