//! What the app asks of the browser outside the page's own elements: reading a file the user chose, saving a
//! download, putting a share link on the clipboard, and the raw deflate of share links. Each reports through a
//! callback or a future.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::file::callbacks::FileReader;
use gloo::file::{Blob, ObjectUrl};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{HtmlAnchorElement, ReadableStream, ReadableStreamDefaultReader, ReadableWritablePair, Response};
use yew::Callback;

use crate::messages::{self, Notice};
use crate::permalink::{self, InflateError};
use crate::session::Session;
use crate::state::MAX_OPEN_BYTES;

/// Reads a file the user chose or dropped: `on_read` gets its name and bytes, `on_notice` why it was not read.
/// `reader` keeps the read alive until it finishes.
pub fn read_file(
    file: web_sys::File,
    on_read: Callback<(String, Vec<u8>)>,
    on_notice: Callback<Notice>,
    reader: &Rc<RefCell<Option<FileReader>>>,
) {
    let name = file.name();
    if file.size() > MAX_OPEN_BYTES as f64 {
        on_notice.emit(messages::too_large(&name, file.size() as usize));
        return;
    }
    let file = gloo::file::File::from(file);
    let task = gloo::file::callbacks::read_as_bytes(&file, move |result| match result {
        Ok(bytes) => on_read.emit((name, bytes)),
        Err(e) => on_notice.emit(Notice::error(format!("Cannot read {name}: {e}"))),
    });
    *reader.borrow_mut() = Some(task);
}

/// Saves `bytes` as a download named `name`. The object URL is kept until the next download: revoking it at
/// once can cancel the download in some browsers.
pub fn download(bytes: &[u8], name: &str, mime: &str, keep: &Rc<RefCell<Option<ObjectUrl>>>) {
    let blob = Blob::new_with_options(bytes, Some(mime));
    let url = ObjectUrl::from(blob);
    let anchor = gloo::utils::document().create_element("a").ok().and_then(|a| a.dyn_into::<HtmlAnchorElement>().ok());
    if let Some(a) = anchor {
        a.set_href(&url);
        a.set_download(name);
        a.click();
    }
    *keep.borrow_mut() = Some(url);
}

// The browser's streams for raw deflate (web-sys has them only behind `web_sys_unstable_apis`). Each is a
// `ReadableWritablePair`: bytes written to one side come out (de)compressed on the other.
#[wasm_bindgen]
extern "C" {
    #[wasm_bindgen(extends = js_sys::Object)]
    type CompressionStream;
    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<CompressionStream, JsValue>;
    #[wasm_bindgen(extends = js_sys::Object)]
    type DecompressionStream;
    #[wasm_bindgen(constructor, catch)]
    fn new(format: &str) -> Result<DecompressionStream, JsValue>;
}

/// `bytes` through a (de)compression stream `pair`, as a stream.
fn piped(bytes: &[u8], pair: &ReadableWritablePair) -> Result<ReadableStream, JsValue> {
    let blob: web_sys::Blob = Blob::new(bytes).into();
    Ok(blob.stream().pipe_through(pair))
}

/// The raw deflate of `bytes` (`CompressionStream('deflate-raw')`).
pub async fn deflate(bytes: &[u8]) -> Result<Vec<u8>, JsValue> {
    let stream = piped(bytes, CompressionStream::new("deflate-raw")?.unchecked_ref())?;
    let response = Response::new_with_opt_readable_stream(Some(&stream))?;
    let buffer = JsFuture::from(response.array_buffer()?).await?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// The bytes raw-deflated `packed` holds (`DecompressionStream('deflate-raw')`), read until they pass `limit`.
pub async fn inflate(packed: &[u8], limit: usize) -> Result<Vec<u8>, InflateError> {
    let stream = DecompressionStream::new("deflate-raw")
        .and_then(|pair| piped(packed, pair.unchecked_ref()))
        .map_err(|_| InflateError::Damaged)?;
    let reader: ReadableStreamDefaultReader = stream.get_reader().unchecked_into();
    let mut out = Vec::new();
    loop {
        // A stream that fails (bytes that are not raw deflate, or end too soon) rejects its read.
        let chunk = JsFuture::from(reader.read()).await.map_err(|_| InflateError::Damaged)?;
        if js_sys::Reflect::get(&chunk, &"done".into()).is_ok_and(|d| d.is_truthy()) {
            return Ok(out);
        }
        let value = js_sys::Reflect::get(&chunk, &"value".into()).map_err(|_| InflateError::Damaged)?;
        let value: js_sys::Uint8Array = value.dyn_into().map_err(|_| InflateError::Damaged)?;
        if out.len() + value.length() as usize > limit {
            // The rest is not inflated at all.
            let _ = reader.cancel();
            return Err(InflateError::TooLarge);
        }
        let at = out.len();
        out.resize(at + value.length() as usize, 0);
        value.copy_to(&mut out[at..]);
    }
}

/// The session of the share link `fragment` (with or without `#`); the error says in words what is wrong.
pub async fn open_link(fragment: &str) -> Result<Session, String> {
    let packed = permalink::packed_of(fragment)?;
    permalink::session_of(inflate(&packed, permalink::MAX_INFLATED).await)
}

/// Puts a share link to `session` on the clipboard; `on_notice` says whether it did, or shows the link to copy
/// by hand.
pub fn share(session: &Session, on_notice: Callback<Notice>) {
    let too_large = Notice::error(
        "The file is too large for a share link (browsers cut URLs of about 2 MB). Download it and share the file \
         instead.",
    );
    let Some(text) = permalink::to_share(session) else {
        on_notice.emit(too_large);
        return;
    };
    wasm_bindgen_futures::spawn_local(async move {
        match deflate(text.as_bytes()).await.ok().and_then(|packed| permalink::fragment_of(&packed)) {
            Some(fragment) => copy_link(&fragment, on_notice),
            None => on_notice.emit(too_large),
        }
    });
}

/// Puts the link to this page with `fragment` on the clipboard; `on_notice` says whether it did, or shows the
/// link to copy by hand.
fn copy_link(fragment: &str, on_notice: Callback<Notice>) {
    let window = gloo::utils::window();
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
    let fallback = move |why: &str, link: String| {
        Notice::error(format!(
            "The link was not copied: {why}. It is in this field, selected: copy it with Ctrl+C (⌘C on a Mac). It \
             holds the file, the agents and the URLs ({} characters).",
            link.len()
        ))
        .with_field(link)
    };
    if !has_clipboard {
        on_notice.emit(fallback("this page has no clipboard access (it is not served over https)", link));
        return;
    }
    let promise = navigator.clipboard().write_text(&link);
    wasm_bindgen_futures::spawn_local(async move {
        let notice = match wasm_bindgen_futures::JsFuture::from(promise).await {
            Ok(_) => Notice::info(format!(
                "Share link copied to the clipboard ({} characters): it holds the file, the agents and the URLs, and \
                 nothing is sent to a server.",
                link.len()
            )),
            Err(_) => fallback("the browser refused to write to the clipboard", link),
        };
        on_notice.emit(notice);
    });
}
