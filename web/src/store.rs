//! Where sessions are kept in the browser: each tab its own session, a stack of backups, and large files in
//! IndexedDB. The text formats are [`crate::session`]'s; this module only stores and finds them.
//!
//! - This tab's id lives in `sessionStorage` (`robotscope-tab`), which a reload keeps and another tab does not
//!   share; its session is `robotscope-session:<id>` in local storage. A new tab starts from the session saved
//!   last by any tab (`robotscope-last` names it), so opening the tester again continues where one left off.
//! - A session whose encoding is larger than [`LOCAL_LIMIT`] keeps its file (text, raw bytes, baseline) in
//!   IndexedDB (database `robotscope`, store `files`, key: the tab id), and the rest (agents, URLs, selection)
//!   in local storage as always: the agents and URLs typed after a large file are kept too.
//! - Backups (`robotscope-backup:<milliseconds>`) are the sessions a share link or a restore replaced, newest
//!   first, at most [`MAX_BACKUPS`].

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::events::EventListener;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{IdbDatabase, IdbOpenDbRequest, IdbRequest, IdbTransactionMode, Storage};

use crate::session::{self, Session};

/// The session key prefix; the tab id follows.
pub const SESSION_PREFIX: &str = "robotscope-session:";
/// The key naming the tab that saved last.
const LAST_KEY: &str = "robotscope-last";
/// The session of tabs from before sessions were per tab (read once, when nothing else is there).
const LEGACY_KEY: &str = "robotscope-session";
/// The `sessionStorage` key of this tab's id.
const TAB_KEY: &str = "robotscope-tab";
/// The backup key prefix; the time in milliseconds follows.
const BACKUP_PREFIX: &str = "robotscope-backup:";
/// The most backups kept.
pub const MAX_BACKUPS: usize = 10;
/// The most tab sessions kept (the oldest go first).
const MAX_TABS: usize = 12;
/// Encoded sessions larger than this keep their file in IndexedDB (local storage holds about 5 MB per site,
/// shared by every tab and backup).
pub const LOCAL_LIMIT: usize = 256 * 1024;
/// What the local-storage entry of a session whose file is in IndexedDB starts with, before the session.
const IN_IDB: &str = "file-in-indexeddb\n";

/// The page's local storage, if the browser allows it.
pub fn local() -> Option<Storage> {
    gloo::utils::window().local_storage().ok()?
}

fn now() -> f64 {
    js_sys::Date::now()
}

/// This tab's id, made on its first load.
pub fn tab_id() -> String {
    thread_local!(static ID: RefCell<Option<String>> = const { RefCell::new(None) });
    ID.with(|id| {
        id.borrow_mut()
            .get_or_insert_with(|| {
                let tab = gloo::utils::window().session_storage().ok().flatten();
                if let Some(existing) = tab.as_ref().and_then(|s| s.get_item(TAB_KEY).ok().flatten()) {
                    return existing;
                }
                let id = format!("{:x}{:06x}", now() as u64, (js_sys::Math::random() * 16_777_216.0) as u32);
                if let Some(s) = tab {
                    let _ = s.set_item(TAB_KEY, &id);
                }
                id
            })
            .clone()
    })
}

/// Whether `key` is another tab's session.
pub fn is_other_tab(key: &str) -> bool {
    key.strip_prefix(SESSION_PREFIX).is_some_and(|id| id != tab_id())
}

/// What was saved for this tab: the session as text, and whether its file is in IndexedDB (then the text is
/// the session without its file). A new tab gets the session saved last by any tab.
pub fn load() -> Option<(String, bool)> {
    let storage = local()?;
    let own = storage.get_item(&format!("{SESSION_PREFIX}{}", tab_id())).ok().flatten();
    let (saved, from) = match own {
        Some(s) => (s, tab_id()),
        None => {
            let last = storage.get_item(LAST_KEY).ok().flatten();
            match last.and_then(|id| storage.get_item(&format!("{SESSION_PREFIX}{id}")).ok().flatten().map(|s| (s, id)))
            {
                Some(found) => found,
                None => (storage.get_item(LEGACY_KEY).ok().flatten()?, String::new()),
            }
        }
    };
    // Another tab's file in IndexedDB is read from that tab's key.
    FILE_KEY.with(|k| *k.borrow_mut() = if from.is_empty() { tab_id() } else { from });
    match saved.strip_prefix(IN_IDB) {
        Some(rest) => Some((rest.to_string(), true)),
        None => Some((saved, false)),
    }
}

thread_local! {
    /// The IndexedDB key the loaded session's file is under (this tab's, or the tab a new tab started from).
    static FILE_KEY: RefCell<String> = const { RefCell::new(String::new()) };
    /// The text of the file last written to IndexedDB, so that unchanged files are not written again.
    static WRITTEN: RefCell<Option<Rc<str>>> = const { RefCell::new(None) };
}

/// Why a save failed, for the notice.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SaveError {
    /// No local storage at all.
    NoStorage,
    /// Local storage refused even the session without its file.
    Full,
}

/// Saves this tab's session: whole in local storage when it is small, else its file in IndexedDB and the rest in
/// local storage. `text` identifies the file's version (an `Rc` of the editor's text).
pub fn save(session: &Session, text: &Rc<str>) -> Result<(), SaveError> {
    let storage = local().ok_or(SaveError::NoStorage)?;
    let key = format!("{SESSION_PREFIX}{}", tab_id());
    let encoded = session::encode(session);
    let stored = if encoded.len() <= LOCAL_LIMIT {
        storage.set_item(&key, &encoded).is_ok()
    } else {
        let unchanged = WRITTEN.with(|w| w.borrow().as_ref().is_some_and(|t| Rc::ptr_eq(t, text)));
        let same_key = FILE_KEY.with(|k| *k.borrow() == tab_id());
        if !unchanged || !same_key {
            idb_put(&tab_id(), &encoded);
            WRITTEN.with(|w| *w.borrow_mut() = Some(text.clone()));
            FILE_KEY.with(|k| *k.borrow_mut() = tab_id());
        }
        let meta = Session { robots: String::new(), raw: None, baseline: None, ..session.clone() };
        storage.set_item(&key, &format!("{IN_IDB}{}", session::encode(&meta))).is_ok()
    };
    if !stored {
        return Err(SaveError::Full);
    }
    let _ = storage.set_item(LAST_KEY, &tab_id());
    prune_tabs(&storage);
    Ok(())
}

/// Keeps the newest [`MAX_TABS`] tab sessions (tab ids start with their creation time in hex, zero-padded by
/// length): closed tabs do not fill the storage forever.
fn prune_tabs(storage: &Storage) {
    // Oldest first, by insertion (a few dozen ids; a sort of their own would add its code to the module).
    let mut ids: Vec<String> = Vec::new();
    for key in keys(storage) {
        if let Some(id) = key.strip_prefix(SESSION_PREFIX) {
            let k = ids.partition_point(|x| (x.len(), x.as_str()) < (id.len(), id));
            ids.insert(k, id.to_string());
        }
    }
    if ids.len() <= MAX_TABS {
        return;
    }
    let mine = tab_id();
    for id in ids.iter().take(ids.len() - MAX_TABS).filter(|id| **id != mine) {
        let _ = storage.remove_item(&format!("{SESSION_PREFIX}{id}"));
        idb_delete(id);
    }
}

fn keys(storage: &Storage) -> Vec<String> {
    let n = storage.length().unwrap_or(0);
    (0..n).filter_map(|i| storage.key(i).ok().flatten()).collect()
}

/// A kept backup.
#[derive(Debug, Clone, PartialEq)]
pub struct Backup {
    /// Its storage key.
    pub key: String,
    /// When it was kept (milliseconds since 1970).
    pub time: u64,
    /// Its name: the time it was kept and the first line of its file.
    pub name: String,
}

/// The backups, newest first.
pub fn backups() -> Vec<Backup> {
    let Some(storage) = local() else { return Vec::new() };
    let mut out: Vec<Backup> = Vec::new();
    for key in keys(&storage) {
        let Some(time) = key.strip_prefix(BACKUP_PREFIX).and_then(|t| t.parse::<u64>().ok()) else { continue };
        let Some(text) = storage.get_item(&key).ok().flatten() else { continue };
        let name = format!("{} · {}", clock(time), session::first_line(&text));
        // Newest first, by insertion (a few backups), after those of the same time as before.
        let k = out.partition_point(|b| b.time >= time);
        out.insert(k, Backup { key, time, name });
    }
    out
}

/// `2026-11-23 12:40:03`, in local time.
fn clock(time: u64) -> String {
    let d = js_sys::Date::new(&JsValue::from_f64(time as f64));
    format!(
        "{}-{:02}-{:02} {:02}:{:02}:{:02}",
        d.get_full_year(),
        d.get_month() + 1,
        d.get_date(),
        d.get_hours(),
        d.get_minutes(),
        d.get_seconds()
    )
}

/// Keeps `encoded` (a session) as the newest backup, dropping the oldest when storage is full or there are more
/// than [`MAX_BACKUPS`]; whether it was kept. The same session as the newest backup is not kept twice.
pub fn push_backup(encoded: &str) -> bool {
    let Some(storage) = local() else { return false };
    let list = backups();
    if list.first().is_some_and(|b| storage.get_item(&b.key).ok().flatten().as_deref() == Some(encoded)) {
        return true;
    }
    // A new key even within the same millisecond.
    let mut time = now() as u64;
    if let Some(newest) = list.first() {
        time = time.max(newest.time + 1);
    }
    let key = format!("{BACKUP_PREFIX}{time}");
    let mut oldest = list.iter().rev();
    let mut count = list.len();
    loop {
        if count < MAX_BACKUPS && storage.set_item(&key, encoded).is_ok() {
            return true;
        }
        match oldest.next() {
            Some(b) => {
                let _ = storage.remove_item(&b.key);
                count -= 1;
            }
            None => return false,
        }
    }
}

/// Takes the backup under `key` out of the stack: its session text.
pub fn take_backup(key: &str) -> Option<String> {
    let storage = local()?;
    let text = storage.get_item(key).ok().flatten()?;
    let _ = storage.remove_item(key);
    Some(text)
}

/// Opens the database, then runs `then` with it (or `None` when IndexedDB is missing or refuses).
fn idb_open(then: impl FnOnce(Option<IdbDatabase>) + 'static) {
    let request = gloo::utils::window().indexed_db().ok().flatten().and_then(|f| f.open_with_u32("robotscope", 1).ok());
    let Some(request) = request else { return then(None) };
    let db = |request: &IdbOpenDbRequest| request.result().ok().and_then(|r| r.dyn_into::<IdbDatabase>().ok());
    let upgrade = EventListener::once(&request, "upgradeneeded", {
        let request = request.clone();
        move |_| {
            if let Some(db) = db(&request) {
                let _ = db.create_object_store("files");
            }
        }
    });
    std::mem::forget(upgrade);
    let opened = request.clone();
    when_done(&request, move |ok| then(if ok { db(&opened) } else { None }));
}

/// Runs `then` once `request` is done: `true` when it succeeded, `false` when it failed.
fn when_done(request: &IdbRequest, then: impl FnOnce(bool) + 'static) {
    let then = Rc::new(Cell::new(Some(then)));
    let failed = then.clone();
    let success = EventListener::once(request, "success", move |_| then.take().map_or((), |f| f(true)));
    let error = EventListener::once(request, "error", move |_| failed.take().map_or((), |f| f(false)));
    // The listeners live until the request is done (they are dropped with the closures that ran).
    std::mem::forget((success, error));
}

/// Runs `write` on the files store in a read-write transaction (fire and forget: a failure leaves the store
/// as it was).
fn idb_write(write: impl FnOnce(&web_sys::IdbObjectStore) + 'static) {
    idb_open(move |db| {
        let Some(db) = db else { return };
        let store = db
            .transaction_with_str_and_mode("files", IdbTransactionMode::Readwrite)
            .and_then(|t| t.object_store("files"));
        if let Ok(store) = store {
            write(&store);
        }
    });
}

/// Writes `value` under `key` in the files store (a failure leaves the previous file).
fn idb_put(key: &str, value: &str) {
    let (key, value) = (JsValue::from_str(key), JsValue::from_str(value));
    idb_write(move |store| {
        let _ = store.put_with_key(&value, &key);
    });
}

fn idb_delete(key: &str) {
    let key = JsValue::from_str(key);
    idb_write(move |store| {
        let _ = store.delete(&key);
    });
}

/// Reads the file of the loaded session from IndexedDB, then runs `then` with the whole session's text (or
/// `None`).
pub fn load_file(then: impl FnOnce(Option<String>) + 'static) {
    let key = JsValue::from_str(&FILE_KEY.with(|k| k.borrow().clone()));
    idb_open(move |db| {
        let Some(db) = db else { return then(None) };
        let request: Option<IdbRequest> =
            db.transaction_with_str("files").and_then(|t| t.object_store("files")).and_then(|s| s.get(&key)).ok();
        let Some(request) = request else { return then(None) };
        let read = request.clone();
        when_done(&request, move |ok| then(if ok { read.result().ok().and_then(|v| v.as_string()) } else { None }));
    });
}
