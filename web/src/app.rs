//! The tester's layout: the editor and the lint on one side; agents, URLs, verdicts and the explanation on the
//! other. It restores the saved session on start and saves it (debounced) after each change.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::events::EventListener;
use gloo::render::{request_animation_frame, AnimationFrame};
use gloo::timers::callback::Timeout;
use yew::prelude::*;

use crate::components::agents::Agents;
use crate::components::detail::Detail;
use crate::components::editor::Editor;
use crate::components::lint::Lint;
use crate::components::notice::NoticeBar;
use crate::components::results::Results;
use crate::components::toolbar::Toolbar;
use crate::components::urls::Urls;
use crate::session::Session;
use crate::state::{Action, Notice, NoticeAction, State};
use crate::{permalink, session};

/// The local-storage key of the saved session.
const STORAGE_KEY: &str = "robotscope-session";
/// Where the saved session goes when a share link replaces it.
const BACKUP_KEY: &str = "robotscope-session-backup";
/// How long typing must pause before the session is saved.
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

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// The session saved in this browser, or the first example; a damaged session is reported, not fatal.
fn saved_state() -> State {
    let Some(saved) = storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten()) else {
        return State::default();
    };
    match session::decode(&saved) {
        Ok(s) => State::from_session(s),
        Err(e) => State {
            notice: Some(Notice::error(format!("{}, so the tester starts from the example.", sentence(e)))),
            ..State::default()
        },
    }
}

/// The notice shown when a share link has replaced the session on screen.
fn opened_link_notice(backup: bool) -> Notice {
    if backup {
        Notice::info("Opened a shared session: the file, agents and URLs are the link's. Your previous session is kept as a backup in this browser.")
            .with_action(NoticeAction::RestoreBackup)
    } else {
        Notice::info("Opened a shared session: the file, agents and URLs are the link's.")
    }
}

/// Reads the share link in the address, if there is one: its session, or why it cannot be read.
///
/// A link's fragment is removed once read, so that a reload shows the user's edits rather than the link again.
fn take_link() -> Option<Result<Session, String>> {
    let window = web_sys::window()?;
    let hash = window.location().hash().unwrap_or_default();
    if !permalink::is_share_link(&hash) {
        return None;
    }
    if let Ok(history) = window.history() {
        let location = window.location();
        let bare = format!("{}{}", location.pathname().unwrap_or_default(), location.search().unwrap_or_default());
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&bare));
    }
    Some(permalink::from_fragment(&hash))
}

/// Keeps `session` (the one a share link is about to replace) as the backup; whether it was kept.
fn keep_backup(session: &str) -> bool {
    storage().is_some_and(|s| s.set_item(BACKUP_KEY, session).is_ok())
}

/// The state to start with: a share link in the address, else the saved session. The session saved before
/// the link is kept as a backup first, so nothing typed is lost.
fn initial_state() -> State {
    match take_link() {
        None => saved_state(),
        Some(Ok(shared)) => {
            let saved = storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
            let backup = saved.is_some_and(|saved| keep_backup(&saved));
            State { notice: Some(opened_link_notice(backup)), ..State::from_session(shared) }
        }
        Some(Err(e)) => State {
            notice: Some(Notice::error(format!("{}. Your own session is shown instead.", sentence(&e)))),
            ..saved_state()
        },
    }
}

/// Opens the share link pasted into the address of an open tester (`hashchange`): the session on screen
/// becomes the backup.
fn open_link_in_place(state: &UseReducerHandle<State>) {
    match take_link() {
        None => {}
        Some(Ok(shared)) => {
            let notice = if keep_backup(&session::encode(&state.session())) {
                opened_link_notice(true)
            } else {
                Notice::info(
                    "Opened a shared session: the file, agents and URLs are the link's. Your previous session was too large to keep in this browser's storage; Undo (Ctrl+Z in the editor) brings its file back.",
                )
            };
            state.dispatch(Action::Restore(shared));
            state.dispatch(Action::Notify(notice));
        }
        Some(Err(e)) => {
            state.dispatch(Action::Notify(Notice::error(format!("{}. Your session is unchanged.", sentence(&e)))))
        }
    }
}

/// Swaps the session on screen with the backup: "Restore my previous session" (pressed again, it swaps back).
fn restore_backup(state: &UseReducerHandle<State>) {
    let backup = storage().and_then(|s| s.get_item(BACKUP_KEY).ok().flatten());
    let Some(backup) = backup else {
        state.dispatch(Action::Notify(Notice::error("There is no previous session in this browser's storage.")));
        return;
    };
    match session::decode(&backup) {
        Ok(previous) => {
            let notice = if keep_backup(&session::encode(&state.session())) {
                Notice::info("Restored your previous session. The shared one is now the backup.")
                    .with_action(NoticeAction::RestoreBackup)
            } else {
                Notice::info(
                    "Restored your previous session. The shared one was too large to keep as the backup; Undo (Ctrl+Z in the editor) brings its file back.",
                )
            };
            state.dispatch(Action::Restore(previous));
            state.dispatch(Action::Notify(notice));
        }
        Err(e) => state.dispatch(Action::Notify(Notice::error(format!(
            "{}, so it cannot be restored. The session on screen is unchanged.",
            sentence(&e.replace("saved session", "previous session"))
        )))),
    }
}

/// Saves the session; a full storage is reported once per failure, and nothing typed is lost.
fn save(state: &State) -> Result<(), Notice> {
    let storage = storage().ok_or_else(|| {
        Notice::error("This browser does not allow local storage: the session will not survive a reload.")
    })?;
    storage.set_item(STORAGE_KEY, &session::encode(&state.session())).map_err(|_| {
        Notice::error(
            "The session is too large for the browser's local storage, so it will not survive a reload. Everything else works; download the file to keep it.",
        )
    })
}

/// The whole tester.
#[function_component]
pub fn App() -> Html {
    let state = use_reducer(initial_state);
    use_effect_with((), |_| crate::components::toolbar::apply_theme(&crate::components::toolbar::saved_theme()));

    // A share link pasted into the address of the open tester: the page does not reload, so listen for it.
    let latest = use_mut_ref(|| state.clone());
    *latest.borrow_mut() = state.clone();
    use_effect_with((), move |_| {
        let listener = web_sys::window().map(|window| {
            EventListener::new(&window, "hashchange", move |_| open_link_in_place(&latest.borrow().clone()))
        });
        move || drop(listener)
    });
    let on_notice_action = {
        let state = state.clone();
        Callback::from(move |action: NoticeAction| match action {
            NoticeAction::RestoreBackup => restore_backup(&state),
        })
    };

    // Save after typing pauses: the pending save is replaced at each change, so a burst of keystrokes writes once.
    let pending: Rc<RefCell<Option<Timeout>>> = use_mut_ref(|| None);
    {
        let handle = state.clone();
        // Everything a session keeps: the baseline by identity (each one set is a new one).
        let baseline = state.baseline.as_ref().map_or(0, |b| Rc::as_ptr(b) as usize);
        let deps = (
            state.text.clone(),
            state.agents_text.clone(),
            state.urls_text.clone(),
            state.full_file,
            state.selected,
            baseline,
        );
        use_effect_with(deps, move |_| {
            let timeout = Timeout::new(SAVE_DELAY_MS, move || {
                if let Err(notice) = save(&handle) {
                    handle.dispatch(Action::Notify(notice));
                }
            });
            *pending.borrow_mut() = Some(timeout);
        });
    }

    // Lint after the verdicts are painted: the next animation frame comes before the paint, and a zero timeout
    // from there runs after it. A newer parse replaces both, so a burst of keystrokes lints once.
    let lint_timer: Rc<RefCell<(Option<AnimationFrame>, Option<Timeout>)>> = use_mut_ref(|| (None, None));
    {
        let dispatcher = state.dispatcher();
        use_effect_with(state.parse_generation, move |&generation| {
            let slot = lint_timer.clone();
            let frame = request_animation_frame(move |_| {
                let timeout = Timeout::new(0, move || dispatcher.dispatch(Action::Lint(generation)));
                slot.borrow_mut().1 = Some(timeout);
            });
            *lint_timer.borrow_mut() = (Some(frame), None);
        });
    }

    html! {
        <>
            <header class="top">
                <h1 class="brand">{"robotscope"}<span class="tagline">{" robots.txt tester: Google's matcher, explained"}</span></h1>
                <Toolbar state={state.clone()} />
            </header>
            <NoticeBar notice={state.notice.clone()} cut_from={state.parsed.robots.cut_from()}
                dispatcher={state.dispatcher()} on_action={on_notice_action} />
            <main class="layout">
                <div class="col col-left">
                    <section class="pane pane-editor" aria-labelledby="editor-heading">
                        <h2 id="editor-heading" class="pane-title">{"robots.txt"}</h2>
                        <Editor state={state.clone()} />
                    </section>
                    <section class="pane pane-lint" aria-labelledby="lint-heading">
                        <h2 id="lint-heading" class="pane-title">{"Lint"}</h2>
                        <Lint lint={state.lint.clone()} dispatcher={state.dispatcher()} />
                    </section>
                </div>
                <div class="col col-right">
                    <section class="pane pane-ask" aria-labelledby="ask-heading">
                        <h2 id="ask-heading" class="pane-title">{"Ask"}</h2>
                        <Agents text={state.agents_text.clone()} agents={state.agents.clone()} tokens={state.grid.tokens.clone()}
                            skipped={state.skipped_agents} dispatcher={state.dispatcher()} />
                        <Urls text={state.urls_text.clone()} urls={state.urls.clone()} skipped={state.skipped_urls}
                            dispatcher={state.dispatcher()} />
                    </section>
                    <section class="pane pane-results" aria-labelledby="results-heading">
                        <h2 id="results-heading" class="pane-title">{"Verdicts"}</h2>
                        <Results state={state.clone()} />
                        <Detail state={state.clone()} />
                    </section>
                </div>
            </main>
        </>
    }
}
