//! The toolbar: start from an example, open a file, download the edited file, and lift the 500 KiB cut.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::file::callbacks::FileReader;
use gloo::file::{Blob, ObjectUrl};
use wasm_bindgen::JsCast;
use web_sys::{HtmlAnchorElement, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::examples::EXAMPLES;
use crate::permalink;
use crate::state::{Action, Notice, State, MAX_OPEN_BYTES};

/// The toolbar's props.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct ToolbarProps {
    /// The app state.
    pub state: UseReducerHandle<State>,
}

/// Reads a file the user chose or dropped, and opens it in the editor (or says why not). `reader` keeps the
/// read alive until it finishes.
pub fn read_file(file: web_sys::File, dispatch: UseReducerDispatcher<State>, reader: &Rc<RefCell<Option<FileReader>>>) {
    let name = file.name();
    if file.size() > MAX_OPEN_BYTES as f64 {
        let mb = (file.size() / 1_048_576.0) as u64;
        dispatch.dispatch(Action::Notify(Notice::error(format!(
            "{name} is {mb} MB: too large to be a robots.txt (Google reads the first 500 KiB). The editor keeps your text."
        ))));
        return;
    }
    let file = gloo::file::File::from(file);
    let task = gloo::file::callbacks::read_as_bytes(&file, move |result| match result {
        Ok(bytes) => dispatch.dispatch(Action::OpenFile { name, bytes }),
        Err(e) => dispatch.dispatch(Action::Notify(Notice::error(format!("Cannot read {name}: {e}")))),
    });
    *reader.borrow_mut() = Some(task);
}

/// Saves `bytes` as a download named `name`. The object URL is kept until the next download: revoking it at
/// once can cancel the download in some browsers.
fn download(bytes: &[u8], name: &str, mime: &str, keep: &Rc<RefCell<Option<ObjectUrl>>>) {
    let blob = Blob::new_with_options(bytes, Some(mime));
    let url = ObjectUrl::from(blob);
    let anchor = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.create_element("a").ok())
        .and_then(|a| a.dyn_into::<HtmlAnchorElement>().ok());
    if let Some(a) = anchor {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    *keep.borrow_mut() = Some(url);
}

/// The local-storage key of the chosen theme.
const THEME_KEY: &str = "robotscope-theme";

/// The saved theme: `light`, `dark`, or `system` (the default).
pub fn saved_theme() -> String {
    web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item(THEME_KEY).ok().flatten())
        .unwrap_or_else(|| "system".to_string())
}

/// Applies a theme to the page (`data-theme` on the root element; none follows the system).
pub fn apply_theme(theme: &str) {
    let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) else { return };
    let _ = match theme {
        "light" | "dark" => root.set_attribute("data-theme", theme),
        _ => root.remove_attribute("data-theme"),
    };
}

/// The toolbar.
#[function_component]
pub fn Toolbar(props: &ToolbarProps) -> Html {
    let ToolbarProps { state } = props;
    let reader = use_mut_ref(|| None);
    let download_url: Rc<RefCell<Option<ObjectUrl>>> = use_mut_ref(|| None);

    let on_example = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Ok(i) = select.value().parse::<usize>() {
                state.dispatch(Action::LoadExample(i));
            }
            select.set_value("");
        })
    };
    let on_open = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                read_file(file, state.dispatcher(), &reader);
            }
            input.set_value("");
        })
    };
    let on_download = {
        let state = state.clone();
        let download_url = download_url.clone();
        Callback::from(move |_: MouseEvent| download(state.bytes(), &state.file_name, "text/plain", &download_url))
    };
    let on_csv = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            download(state.csv().as_bytes(), "robots-verdicts.csv", "text/csv", &download_url)
        })
    };
    let on_share = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let Some(fragment) = permalink::to_fragment(&state.session()) else {
                state.dispatch(Action::Notify(Notice::error(
                    "The file is too large for a share link (browsers cut URLs of about 2 MB). Download it and share the file instead.",
                )));
                return;
            };
            let Some(window) = web_sys::window() else { return };
            let location = window.location();
            let link = format!(
                "{}{}{}#{fragment}",
                location.origin().unwrap_or_default(),
                location.pathname().unwrap_or_default(),
                location.search().unwrap_or_default()
            );
            // "Copied" only once the browser says so. Without a clipboard (plain http other than localhost) or when
            // it refuses, the link goes in a field, selected, to copy by hand.
            let navigator = window.navigator();
            let has_clipboard =
                js_sys::Reflect::get(&navigator, &"clipboard".into()).is_ok_and(|c| !c.is_undefined() && !c.is_null());
            let dispatcher = state.dispatcher();
            let fallback = move |why: &str, link: String| {
                Notice::error(format!(
                    "The link was not copied: {why}. It is in this field, selected: copy it with Ctrl+C (⌘C on a Mac). It holds the file, the agents and the URLs ({} characters).",
                    link.len()
                ))
                .with_field(link)
            };
            if !has_clipboard {
                dispatcher.dispatch(Action::Notify(fallback(
                    "this page has no clipboard access (it is not served over https)",
                    link,
                )));
                return;
            }
            let promise = navigator.clipboard().write_text(&link);
            wasm_bindgen_futures::spawn_local(async move {
                let notice = match wasm_bindgen_futures::JsFuture::from(promise).await {
                    Ok(_) => Notice::info(format!(
                        "Share link copied to the clipboard ({} characters): it holds the file, the agents and the URLs, and nothing is sent to a server.",
                        link.len()
                    )),
                    Err(_) => fallback("the browser refused to write to the clipboard", link),
                };
                dispatcher.dispatch(Action::Notify(notice));
            });
        })
    };
    let theme = use_state(saved_theme);
    let on_theme = {
        let theme = theme.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            let value = select.value();
            apply_theme(&value);
            if let Some(s) = web_sys::window().and_then(|w| w.local_storage().ok().flatten()) {
                let _ = s.set_item(THEME_KEY, &value);
            }
            theme.set(value);
        })
    };
    let on_full = {
        let state = state.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            state.dispatch(Action::SetFullFile(input.checked()));
        })
    };

    html! {
        <nav class="toolbar" aria-label="File">
            <select class="tool" aria-label="Start from an example" onchange={on_example}>
                <option value="" selected=true>{"Examples…"}</option>
                { for EXAMPLES.iter().enumerate().map(|(i, ex)| html! { <option value={i.to_string()}>{ex.title}</option> }) }
            </select>
            <label class="tool button">
                {"Open file…"}
                <input type="file" class="sr-only" accept=".txt,text/plain" onchange={on_open} />
            </label>
            <button type="button" class="tool" onclick={on_download}>{"Download"}</button>
            <button type="button" class="tool" onclick={on_share}>{"Copy share link"}</button>
            <button type="button" class="tool" onclick={on_csv} title="The verdict grid as a CSV file: URL, agent, token, verdict, line, rule">{"Export CSV"}</button>
            <label class="tool check" title="Google reads only the first 500 KiB of a robots.txt">
                <input type="checkbox" checked={state.full_file} onchange={on_full} />
                {" Read past 500 KiB"}
            </label>
            <select class="tool" aria-label="Theme" onchange={on_theme}>
                { for [("system", "Theme: system"), ("light", "Theme: light"), ("dark", "Theme: dark")].map(|(v, label)| {
                    html! { <option value={v} selected={*theme == v}>{label}</option> }
                }) }
            </select>
        </nav>
    }
}
