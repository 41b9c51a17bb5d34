//! Load from site: fetch a site's live robots.txt in the browser, to edit it or to compare the file on screen
//! with it. The robots.txt URL and what the answer's status means are the core's (`robots_url`,
//! `fetch_outcome`), as in the CLI's `fetch`.

use robotscope::{fetch_outcome, robots_url, FetchOutcome};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{HtmlInputElement, RequestCache, RequestCredentials, RequestInit, Response};
use yew::prelude::*;

use crate::messages::{self, Notice};
use crate::state::MAX_OPEN_BYTES;

/// The props: where the results go.
#[derive(Properties, PartialEq, Clone, Debug)]
pub struct LiveProps {
    /// A live answer to open in the editor: its URL, status, where redirects ended (when elsewhere) and body.
    pub on_load: Callback<(String, u16, Option<String>, Vec<u8>)>,
    /// A live file to compare with: its bytes.
    pub on_compare: Callback<Vec<u8>>,
    /// What happened, in words.
    pub on_notice: Callback<Notice>,
}

/// What to do with the live file.
#[derive(Clone, Copy, PartialEq)]
enum Use {
    /// Replace the file on screen with it.
    Load,
    /// Make it the baseline the file on screen is compared with.
    Compare,
}

/// What the browser got for a robots.txt URL.
struct Answer {
    status: u16,
    /// Where the browser's redirects ended, when they did not end at the URL asked for.
    redirected: Option<String>,
    /// A 2xx answer's body.
    body: Vec<u8>,
}

/// Fetches `url` without cookies. `Err` when the browser gives no answer to read (the site sends no CORS header,
/// or it cannot be reached).
async fn fetch(url: &str) -> Result<Answer, ()> {
    let init = RequestInit::new();
    init.set_credentials(RequestCredentials::Omit);
    init.set_cache(RequestCache::NoStore);
    let answer = JsFuture::from(gloo::utils::window().fetch_with_str_and_init(url, &init)).await.map_err(|_| ())?;
    let response: Response = answer.dyn_into().map_err(|_| ())?;
    let status = response.status();
    let redirected = (response.redirected() && response.url() != url).then(|| response.url());
    if !(200..300).contains(&status) {
        return Ok(Answer { status, redirected, body: Vec::new() });
    }
    let buffer = JsFuture::from(response.array_buffer().map_err(|_| ())?).await.map_err(|_| ())?;
    Ok(Answer { status, redirected, body: js_sys::Uint8Array::new(&buffer).to_vec() })
}

/// The notice for a site whose robots.txt the browser may not read: the command that fetches it instead.
fn unreadable(url: &str, why: &str) -> Notice {
    Notice::error(format!(
        "The browser could not read {url}: {why}. Fetch it with this command, then open robots.txt with \
         “Open file…” or paste it into the editor:"
    ))
    .with_command(format!("robotscope fetch {url} -o robots.txt"))
}

/// Fetches the robots.txt governing the page typed in, and loads it or compares with it; the results go to the
/// callbacks of `sinks` (the component's props).
fn run(typed: &str, what: Use, sinks: LiveProps) {
    let typed = typed.trim();
    if typed.is_empty() {
        sinks.on_notice.emit(Notice::error("Type a site or page address first, such as https://example.com/."));
        return;
    }
    // A bare host name is a site on https.
    let page = if crate::text::find(typed, "://").is_some() { typed.to_string() } else { format!("https://{typed}") };
    let url = match robots_url(&page) {
        Ok(url) => url,
        Err(e) => {
            sinks.on_notice.emit(Notice::error(format!("Cannot fetch a robots.txt for {typed}: {e}.")));
            return;
        }
    };
    sinks.on_notice.emit(Notice::info(format!("Fetching {url}…")));
    wasm_bindgen_futures::spawn_local(async move {
        let Answer { status, redirected, body } = match fetch(&url).await {
            Ok(answer) => answer,
            Err(()) => {
                let why = "the site sends no CORS header that lets other sites read it (most sites send none on \
                    robots.txt), or it cannot be reached";
                sinks.on_notice.emit(unreadable(&url, why));
                return;
            }
        };
        let outcome = fetch_outcome(status);
        let notice = match outcome {
            FetchOutcome::ParseBody if body.len() > MAX_OPEN_BYTES => messages::too_large(&url, body.len()),
            // The browser follows redirects itself: one it did not follow is reported as such.
            FetchOutcome::FollowRedirect => {
                unreadable(&url, &format!("it answered {status}, a redirect the browser did not follow"))
            }
            FetchOutcome::ParseBody if what == Use::Compare => {
                sinks.on_compare.emit(body);
                Notice::info(format!("Comparing with the live {url}: every verdict your file changes is marked."))
            }
            // No body: compared with the file crawlers read instead.
            _ if what == Use::Compare => match outcome.equivalent_file() {
                Some(file) => {
                    sinks.on_compare.emit(file.into_bytes());
                    Notice::info(format!(
                        "{url} answered {status} ({}). Comparing with that: every verdict your file changes is marked.",
                        outcome.message()
                    ))
                }
                None => unreadable(&url, &format!("it answered {status}")),
            },
            // Loaded: the body, or the file crawlers read instead of an error; the state words the notice.
            _ => {
                sinks.on_load.emit((url, status, redirected, body));
                return;
            }
        };
        sinks.on_notice.emit(notice);
    });
}

/// The "Load from site" field and its two buttons.
#[function_component]
pub fn Live(props: &LiveProps) -> Html {
    let input = use_node_ref();
    let go = |what: Use| {
        let (input, sinks) = (input.clone(), props.clone());
        move || {
            let typed = input.cast::<HtmlInputElement>().map(|i| i.value()).unwrap_or_default();
            run(&typed, what, sinks.clone());
        }
    };
    let on_submit = {
        let load = go(Use::Load);
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            load();
        })
    };
    let on_compare = {
        let compare = go(Use::Compare);
        Callback::from(move |_: MouseEvent| compare())
    };
    html! {
        <form class="toolbar live" aria-label="Load from site" onsubmit={on_submit}>
            <input ref={input} type="text" class="tool" inputmode="url" spellcheck="false" autocomplete="url"
                aria-label="Site or page address" placeholder="https://example.com/" />
            <button type="submit" class="tool"
                title="Fetch the site's robots.txt (in your browser) and edit it">{"Load from site"}</button>
            <button type="button" class="tool" onclick={on_compare}
                title="Fetch the site's live robots.txt and mark every verdict your file changes">
                {"Compare with live"}
            </button>
        </form>
    }
}
