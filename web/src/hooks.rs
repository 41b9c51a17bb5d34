//! The tester's effects as custom hooks, each owning one concern: starting from the saved session or a share
//! link ([`use_session`]), the page's own events ([`use_page_events`]), saving ([`use_autosave`]) and the lint
//! deferred until the verdicts are painted ([`use_deferred_lint`]). `App` lays the page out and calls them.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::events::EventListener;
use gloo::render::{request_animation_frame, AnimationFrame};
use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::messages::{Notice, NoticeAction};
use crate::session::Session;
use crate::state::{Action, State};
use crate::{browser, permalink, session, store};

/// How long typing must pause before the session is saved (it is also saved when the page is hidden or left).
const SAVE_DELAY_MS: u32 = 400;

/// `text` with its first letter in upper case, to start a sentence with a message (ASCII only: Unicode case
/// tables would cost kilobytes of wasm, and the messages start in ASCII).
fn sentence(text: &str) -> String {
    let mut out = text.to_string();
    if let Some(first) = out.get_mut(..1) {
        first.make_ascii_uppercase();
    }
    out
}

/// The session saved for this tab (or the last one saved in this browser), or the first example; a damaged
/// session is reported, not fatal. The flag says the file is still to be read from IndexedDB.
fn saved_state() -> (State, bool) {
    let Some((saved, in_idb)) = store::load() else {
        return (State::default(), false);
    };
    match session::decode(&saved) {
        Ok(s) if in_idb => {
            (State::from_session(s).with_notice(Notice::info("Loading your file from this browser's storage…")), true)
        }
        Ok(s) => (State::from_session(s), false),
        Err(e) => (
            State::default()
                .with_notice(Notice::error(format!("{}, so the tester starts from the example.", sentence(e)))),
            false,
        ),
    }
}

/// The notice shown when a share link has replaced the session on screen.
fn opened_link_notice(backup: bool) -> Notice {
    if backup {
        Notice::info(
            "Opened a shared session: the file, agents and URLs are the link's. Your previous session is \
            kept as a backup in this browser (see Backups).",
        )
        .with_action(NoticeAction::RestoreBackup)
    } else {
        Notice::info("Opened a shared session: the file, agents and URLs are the link's.")
    }
}

/// Takes the share link in the address, if there is one: its fragment, to open with [`browser::open_link`].
///
/// A link's fragment is removed once read, so that a reload shows the user's edits rather than the link again.
fn take_link() -> Option<String> {
    let window = gloo::utils::window();
    let hash = window.location().hash().unwrap_or_default();
    if !permalink::is_share_link(&hash) {
        return None;
    }
    if let Ok(history) = window.history() {
        let location = window.location();
        let bare = format!("{}{}", location.pathname().unwrap_or_default(), location.search().unwrap_or_default());
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&bare));
    }
    Some(hash)
}

thread_local! {
    /// The share link the page started with, opened by [`open_start_link`] before the app is drawn.
    static START_LINK: RefCell<Option<Result<Session, String>>> = const { RefCell::new(None) };
}

/// Opens the share link in the address, if there is one, for the app's first state: the browser inflates links
/// asynchronously, so the entry point awaits this before it draws the app (the page's static shell shows
/// meanwhile), and the app starts on the link's session as it always has.
pub async fn open_start_link() {
    if let Some(link) = take_link() {
        let opened = browser::open_link(&link).await;
        START_LINK.with(|l| *l.borrow_mut() = Some(opened));
    }
}

/// The state to start with: a share link in the address (opened by [`open_start_link`]), else the saved
/// session. The session saved before the link is kept as a backup first, so nothing typed is lost.
fn initial_state() -> (State, bool) {
    match START_LINK.with(|l| l.borrow_mut().take()) {
        None => saved_state(),
        Some(Ok(shared)) => {
            // The tab's own session (a file kept in IndexedDB stays there, under the tab's key, until the next
            // save; its agents and URLs are backed up here).
            let saved = store::load().map(|(text, _)| text);
            let backup = saved.is_some_and(|saved| store::push_backup(&saved));
            (State::from_session(shared).with_notice(opened_link_notice(backup)), false)
        }
        Some(Err(e)) => {
            let (state, loading) = saved_state();
            (state.with_notice(Notice::error(format!("{}. Your own session is shown instead.", sentence(&e)))), loading)
        }
    }
}

/// Opens the share link pasted into the address of an open tester (`hashchange`): the session on screen
/// becomes the newest backup.
fn open_link_in_place(state: &UseReducerHandle<State>) {
    let Some(link) = take_link() else { return };
    let state = state.clone();
    wasm_bindgen_futures::spawn_local(async move {
        match browser::open_link(&link).await {
            Ok(shared) => {
                let notice = if store::push_backup(&session::encode(&state.session())) {
                    opened_link_notice(true)
                } else {
                    Notice::info(
                        "Opened a shared session: the file, agents and URLs are the link's. Your previous session was \
                         too large to keep in this browser's storage; Undo (Ctrl+Z in the editor) brings its file \
                         back.",
                    )
                };
                state.dispatch(Action::Restore(shared));
                state.dispatch(Action::Notify(notice));
            }
            Err(e) => {
                state.dispatch(Action::Notify(Notice::error(format!("{}. Your session is unchanged.", sentence(&e)))))
            }
        }
    });
}

/// Restores a backup (`key`, or the newest): the session on screen becomes the newest backup in its place, so
/// pressing "Restore my previous session" again swaps back.
pub fn restore_backup(state: &UseReducerHandle<State>, key: Option<String>) {
    let key = key.or_else(|| store::backups().first().map(|b| b.key.clone()));
    let Some(backup) = key.and_then(|k| store::take_backup(&k)) else {
        state.dispatch(Action::Notify(Notice::error("There is no previous session in this browser's storage.")));
        return;
    };
    match session::decode(&backup) {
        Ok(previous) => {
            let notice = if store::push_backup(&session::encode(&state.session())) {
                Notice::info(format!(
                    "Restored your previous session (“{}”). The session it replaced is now the newest backup.",
                    session::first_line(&backup)
                ))
                .with_action(NoticeAction::RestoreBackup)
            } else {
                Notice::info(
                    "Restored your previous session. The one it replaced was too large to keep as a backup; Undo \
                     (Ctrl+Z in the editor) brings its file back.",
                )
            };
            state.dispatch(Action::Restore(previous));
            state.dispatch(Action::Notify(notice));
        }
        Err(e) => state.dispatch(Action::Notify(Notice::error(format!(
            "{}, so it cannot be restored. The session on screen is unchanged.",
            sentence(
                &e.strip_prefix("the saved session").map_or_else(|| e.to_string(), |rest| format!("the backup{rest}"))
            )
        )))),
    }
}

/// Saves the session; a failure is reported, and nothing typed is lost.
fn save(state: &State) -> Result<(), Notice> {
    store::save(&state.session(), &state.document.text.0).map_err(|e| match e {
        store::SaveError::NoStorage => {
            Notice::error("This browser does not allow local storage: the session will not survive a reload.")
        }
        store::SaveError::Full => Notice::error(
            "The browser's storage for this site is full, so the session will not survive a reload. Everything else \
             works; download the file to keep it.",
        ),
    })
}

/// Marks the verdict card `data-tucked` (CSS makes it static there) while the selected cell lies where the card,
/// stuck to the bottom of the screen, would cover it.
fn tuck_card() {
    let (window, document) = (gloo::utils::window(), gloo::utils::document());
    let (Some(card), Some(cell)) = (
        document.query_selector(".sheet-card").ok().flatten(),
        document.query_selector("td.cell.selected").ok().flatten(),
    ) else {
        return;
    };
    let height = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
    let (c, own) = (cell.get_bounding_client_rect(), card.get_bounding_client_rect());
    let covered = c.bottom() > height - own.height() && c.top() < height;
    let _ = if covered { card.set_attribute("data-tucked", "") } else { card.remove_attribute("data-tucked") };
}

/// The latest state handle, for listeners and timers that outlive the render that made them.
pub type Latest = Rc<RefCell<UseReducerHandle<State>>>;

/// The session the page shows: the state, the latest handle (for listeners that outlive a render), and whether
/// the file is still being read from IndexedDB (nothing is saved until it is there). A large file kept in
/// IndexedDB arrives after the first render; the agents and URLs on screen stay.
#[hook]
pub fn use_session() -> (UseReducerHandle<State>, Latest, Rc<RefCell<bool>>) {
    let start = use_mut_ref(|| None::<bool>);
    let state = use_reducer({
        let start = start.clone();
        move || {
            let (state, loading) = initial_state();
            *start.borrow_mut() = Some(loading);
            state
        }
    });
    let loading = use_mut_ref(|| start.borrow().unwrap_or(false));
    use_effect_with((), |_| {
        crate::components::toolbar::apply_theme(&crate::components::toolbar::saved_theme());
        // The static shell of index.html has done its job.
        if let Some(shell) = gloo::utils::document().get_element_by_id("shell") {
            shell.remove();
        }
    });
    let latest = use_mut_ref(|| state.clone());
    *latest.borrow_mut() = state.clone();
    {
        let latest = latest.clone();
        let loading = loading.clone();
        use_effect_with((), move |_| {
            if *loading.borrow() {
                store::load_file(move |text| {
                    *loading.borrow_mut() = false;
                    let state = latest.borrow().clone();
                    match text.as_deref().map(session::decode) {
                        Some(Ok(file)) => {
                            let now = state.session();
                            state.dispatch(Action::Restore(Session {
                                agents: now.agents,
                                urls: now.urls,
                                selected: now.selected,
                                full_file: now.full_file,
                                view: now.view,
                                ..file
                            }));
                            state.dispatch(Action::DismissNotice);
                        }
                        _ => state.dispatch(Action::Notify(Notice::error(
                            "Your file could not be read back from this browser's storage (IndexedDB); the agents and \
                             URLs are kept.",
                        ))),
                    }
                });
            }
        });
    }
    (state, latest, loading)
}

/// The page's own events: a share link pasted into the address of the open tester (the page does not reload),
/// another tab saving its own session (said once: each tab keeps its own), and scrolling on a phone, where the
/// verdict card sticks to the bottom of the screen and goes back to its place while it would cover the
/// selected cell.
#[hook]
pub fn use_page_events(latest: Latest) {
    use_effect_with((), move |_| {
        let window = gloo::utils::window();
        let hash = {
            let latest = latest.clone();
            EventListener::new(&window, "hashchange", move |_| open_link_in_place(&latest.borrow().clone()))
        };
        let told = Cell::new(false);
        let storage = EventListener::new(&window, "storage", move |e| {
            let key = e.dyn_ref::<web_sys::StorageEvent>().and_then(|e| e.key());
            if key.is_some_and(|k| store::is_other_tab(&k)) && !told.replace(true) {
                latest.borrow().dispatch(Action::Notify(Notice::info(
                    "The tester is open in another tab too. Each tab keeps its own session; a new tab starts from \
                     the one saved last.",
                )));
            }
        });
        let scroll = EventListener::new(&window, "scroll", |_| tuck_card());
        move || drop((hash, storage, scroll))
    });
}

/// Saves the session after typing pauses (the pending save is replaced at each change, so a burst of
/// keystrokes writes once), and at once when the page is hidden or left, so that a reload or a closed tab within
/// the pause loses nothing.
#[hook]
pub fn use_autosave(state: &UseReducerHandle<State>, latest: Latest, loading: Rc<RefCell<bool>>) {
    let pending: Rc<RefCell<Option<Timeout>>> = use_mut_ref(|| None);
    {
        let handle = state.clone();
        // Everything a session keeps: the baseline by identity (each one set is a new one).
        let deps = (state.document.text.clone(), state.inputs.clone());
        let loading = loading.clone();
        let pending = pending.clone();
        use_effect_with(deps, move |_| {
            let done = pending.clone();
            let timeout = Timeout::new(SAVE_DELAY_MS, move || {
                // No longer pending: leaving the page now has nothing more to save.
                done.borrow_mut().take();
                if *loading.borrow() {
                    return;
                }
                if let Err(notice) = save(&handle) {
                    handle.dispatch(Action::Notify(notice));
                }
            });
            *pending.borrow_mut() = Some(timeout);
        });
    }
    use_effect_with((), move |_| {
        let flush = move || {
            if let Some(timeout) = pending.borrow_mut().take() {
                timeout.cancel();
                if !*loading.borrow() {
                    let _ = save(&latest.borrow());
                }
            }
        };
        let flush = Rc::new(flush);
        let hide = {
            let flush = flush.clone();
            EventListener::new(&gloo::utils::window(), "pagehide", move |_| flush())
        };
        let hidden = EventListener::new(&gloo::utils::document(), "visibilitychange", move |_| {
            if gloo::utils::document().hidden() {
                flush()
            }
        });
        move || drop((hide, hidden))
    });
}

/// Lints after the verdicts are painted: the next animation frame comes before the paint, and a zero timeout
/// from there runs after it. A newer parse replaces both, so a burst of keystrokes lints once.
#[hook]
pub fn use_deferred_lint(state: &UseReducerHandle<State>) {
    let lint_timer: Rc<RefCell<(Option<AnimationFrame>, Option<Timeout>)>> = use_mut_ref(|| (None, None));
    let dispatcher = state.dispatcher();
    use_effect_with(state.analysis.generation, move |&generation| {
        let slot = lint_timer.clone();
        let frame = request_animation_frame(move |_| {
            let timeout = Timeout::new(0, move || dispatcher.dispatch(Action::Lint(generation)));
            slot.borrow_mut().1 = Some(timeout);
        });
        *lint_timer.borrow_mut() = (Some(frame), None);
    });
}
