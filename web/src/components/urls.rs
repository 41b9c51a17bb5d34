//! The URLs box: one URL or path per line. Each shows the URL the engine is given after normalisation, or why
//! it could not be normalised (it is then tested as typed).

use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use std::rc::Rc;

use robotscope::AskedUrl;

use crate::components::agents::{arrow, count};
use crate::inputs::MAX_URLS;
use crate::messages::Notice;
use crate::shared::Shared;
use crate::urlfile;

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
    /// What reading a URL file found, in words.
    pub on_notice: Callback<Notice>,
}

/// Reads a URL file (a sitemap or a list) into the box, replacing what it holds; says what was read.
fn load(
    file: web_sys::File,
    on_edit: Callback<String>,
    on_notice: Callback<Notice>,
    task: &std::cell::RefCell<Option<gloo::file::callbacks::FileReader>>,
) {
    let name = file.name();
    if file.size() > robotscope::SITEMAP_MAX_BYTES as f64 {
        on_notice.emit(Notice::error(urlfile::too_large(&name, file.size())));
        return;
    }
    let reader = gloo::file::callbacks::read_as_bytes(&gloo::file::File::from(file), move |result| {
        let bytes = match result {
            Ok(bytes) => bytes,
            Err(e) => return on_notice.emit(Notice::error(format!("Cannot read {name}: {e}"))),
        };
        match urlfile::read(&name, &bytes) {
            Ok(read) if read.urls.is_empty() => {
                on_notice.emit(Notice::error(format!("{name} lists no URLs; the URLs box is as it was.")));
            }
            Ok(read) => {
                let n = read.urls.len();
                let what = if read.sitemap { "sitemap" } else { "list" };
                let mut said = format!("Read {n} URL{} from the {what} {name}", if n == 1 { "" } else { "s" });
                if read.cut {
                    said.push_str(&format!(
                        "; it lists more than {}, the sitemaps protocol's limit, and the rest are left out",
                        robotscope::SITEMAP_MAX_URLS
                    ));
                }
                said.push('.');
                on_edit.emit(read.urls.join("\n") + "\n");
                on_notice.emit(Notice::info(said));
            }
            Err(why) => on_notice.emit(Notice::error(why)),
        }
    });
    *task.borrow_mut() = Some(reader);
}

/// The URLs box.
#[function_component]
pub fn Urls(props: &UrlsProps) -> Html {
    let UrlsProps { text, urls, skipped, on_edit, on_notice } = props;
    let task = use_mut_ref(|| None);
    let on_file = {
        let (on_edit, on_notice, task) = (on_edit.clone(), on_notice.clone(), task.clone());
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                load(file, on_edit.clone(), on_notice.clone(), &task);
            }
            input.set_value("");
        })
    };
    let ondragover = Callback::from(|e: DragEvent| {
        if e.data_transfer().is_some_and(|d| d.types().includes(&"Files".into(), 0)) {
            e.prevent_default();
        }
    });
    let ondrop = {
        let (on_edit, on_notice) = (on_edit.clone(), on_notice.clone());
        Callback::from(move |e: DragEvent| {
            // A dropped file is read as a URL file; dropped text goes into the box as the browser places it.
            if let Some(file) = e.data_transfer().and_then(|d| d.files()).and_then(|f| f.get(0)) {
                e.prevent_default();
                load(file, on_edit.clone(), on_notice.clone(), &task);
            }
        })
    };
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
                <span class="hint">{" one per line: full URLs or paths; paste a list, or drop a sitemap"}</span>
            </label>
            <textarea id="urls" class="list-input" rows="5" wrap="off" spellcheck="false" autocomplete="off"
                value={AttrValue::from(text.clone())} {oninput} {ondragover} {ondrop} />
            <label class="tool small button url-file" title={format!("A sitemap (XML) or a list of URLs, one per \
                line: at most {} URLs and {} bytes, as the sitemaps protocol says", robotscope::SITEMAP_MAX_URLS,
                robotscope::SITEMAP_MAX_BYTES)}>
                {"URLs from a sitemap or file…"}
                <input type="file" class="sr-only" accept=".xml,.txt,.csv,text/plain,application/xml,text/xml"
                    onchange={on_file} />
            </label>
            <ul class="resolved" aria-label="URLs changed by normalisation">{ for changed }</ul>
            {skipped}
        </div>
    }
}
