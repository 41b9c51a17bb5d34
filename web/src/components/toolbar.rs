//! The toolbar: start from an example, open a file, download the edited file or the grid, copy a share link,
//! lift the 500 KiB cut, and choose the theme. It says what was chosen; the app does it.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::examples::EXAMPLES;

/// The toolbar's props.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct ToolbarProps {
    /// Whether the whole file is read (no 500 KiB cut).
    pub full_file: bool,
    /// An example was chosen (its index in [`EXAMPLES`]).
    pub on_example: Callback<usize>,
    /// A file was chosen to open.
    pub on_open: Callback<web_sys::File>,
    /// "Download".
    pub on_download: Callback<()>,
    /// "Copy share link".
    pub on_share: Callback<()>,
    /// "Export CSV".
    pub on_csv: Callback<()>,
    /// "Read past 500 KiB" was ticked or cleared.
    pub on_full_file: Callback<bool>,
}

/// The local-storage key of the chosen theme.
const THEME_KEY: &str = "robotscope-theme";

/// The saved theme: `light`, `dark`, or `system` (the default).
pub fn saved_theme() -> String {
    crate::store::local().and_then(|s| s.get_item(THEME_KEY).ok().flatten()).unwrap_or_else(|| "system".to_string())
}

/// Applies a theme to the page (`data-theme` on the root element; none follows the system).
pub fn apply_theme(theme: &str) {
    let root = gloo::utils::document_element();
    let _ = match theme {
        "light" | "dark" => root.set_attribute("data-theme", theme),
        _ => root.remove_attribute("data-theme"),
    };
}

/// The theme choices: the value kept in the session, and the label.
const THEMES: [(&str, &str); 3] = [("system", "Theme: system"), ("light", "Theme: light"), ("dark", "Theme: dark")];

/// The toolbar.
#[function_component]
pub fn Toolbar(props: &ToolbarProps) -> Html {
    let ToolbarProps { full_file, on_example, on_open, on_download, on_share, on_csv, on_full_file } = props;
    let on_example = {
        let on_example = on_example.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Ok(i) = select.value().parse::<usize>() {
                on_example.emit(i);
            }
            select.set_value("");
        })
    };
    let on_open = {
        let on_open = on_open.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Some(file) = input.files().and_then(|f| f.get(0)) {
                on_open.emit(file);
            }
            input.set_value("");
        })
    };
    let on_download = on_download.reform(|_: MouseEvent| ());
    let on_share = on_share.reform(|_: MouseEvent| ());
    let on_csv = on_csv.reform(|_: MouseEvent| ());
    let theme = use_state(saved_theme);
    let on_theme = {
        let theme = theme.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            let value = select.value();
            apply_theme(&value);
            if let Some(s) = crate::store::local() {
                let _ = s.set_item(THEME_KEY, &value);
            }
            theme.set(value);
        })
    };
    let on_full = on_full_file.reform(|e: Event| e.target_unchecked_into::<HtmlInputElement>().checked());

    html! {
        <nav class="toolbar" aria-label="File">
            <select class="tool" aria-label="Start from an example" onchange={on_example}>
                <option value="" selected=true>{"Examples…"}</option>
                {
                    for EXAMPLES.iter().enumerate().map(|(i, ex)| {
                        html! { <option value={i.to_string()}>{ex.title}</option> }
                    })
                }
            </select>
            <label class="tool button">
                {"Open file…"}
                <input type="file" class="sr-only" accept=".txt,text/plain" onchange={on_open} />
            </label>
            <button type="button" class="tool" onclick={on_download}>{"Download"}</button>
            <button type="button" class="tool" onclick={on_share}>{"Copy share link"}</button>
            <button type="button" class="tool" onclick={on_csv}
                title="The verdict grid as a CSV file: URL, agent, token, reading, verdict, line, rule">
                {"Export CSV"}
            </button>
            <label class="tool check" title="Google reads only the first 500 KiB of a robots.txt">
                <input type="checkbox" checked={*full_file} onchange={on_full} />
                {" Read past 500 KiB"}
            </label>
            <select class="tool" aria-label="Theme" onchange={on_theme}>
                {
                    for THEMES.map(|(v, label)| html! { <option value={v} selected={*theme == v}>{label}</option> })
                }
            </select>
        </nav>
    }
}
