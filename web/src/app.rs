//! The tester's layout: the editor and the lint on one side; agents, URLs, verdicts and the explanation on the
//! other. It restores the saved session on start and saves it (debounced) after each change.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use gloo::events::EventListener;
use gloo::render::{request_animation_frame, AnimationFrame};
use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::agents::Agents;
use crate::components::ai::{AiButtons, AiSummaryList};
use crate::components::detail::Detail;
use crate::components::editor::Editor;
use crate::components::lint::Lint;
use crate::components::live::Live;
use crate::components::notice::NoticeBar;
use crate::components::policy::PolicyBuilder;
use crate::components::results::{ReadAs, Results};
use crate::components::toolbar::Toolbar;
use crate::components::urls::Urls;
use crate::examples::EXAMPLES;
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

/// The state to start with: a share link in the address, else the saved session. The session saved before
/// the link is kept as a backup first, so nothing typed is lost.
fn initial_state() -> (State, bool) {
    match take_link() {
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
    match take_link() {
        None => {}
        Some(Ok(shared)) => {
            let notice = if store::push_backup(&session::encode(&state.session())) {
                opened_link_notice(true)
            } else {
                Notice::info(
                    "Opened a shared session: the file, agents and URLs are the link's. Your previous session was too \
                     large to keep in this browser's storage; Undo (Ctrl+Z in the editor) brings its file back.",
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

/// Restores a backup (`key`, or the newest): the session on screen becomes the newest backup in its place, so
/// pressing "Restore my previous session" again swaps back.
fn restore_backup(state: &UseReducerHandle<State>, key: Option<String>) {
    let key = key.or_else(|| store::backups().first().map(|b| b.key.clone()));
    let Some((key, backup)) = key.and_then(|k| store::take_backup(&k).map(|b| (k, b))) else {
        state.dispatch(Action::Notify(Notice::error("There is no previous session in this browser's storage.")));
        return;
    };
    let _ = key;
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
            sentence(&e.replace("saved session", "backup"))
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
    let Some(window) = web_sys::window() else { return };
    let Some(document) = window.document() else { return };
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

/// The backups menu: each kept session by its time and first line; choosing one restores it.
#[derive(Properties, PartialEq, Clone)]
struct BackupsProps {
    on_restore: Callback<String>,
}

#[function_component]
fn Backups(props: &BackupsProps) -> Html {
    // Listed when the menu is about to open (reading them at every keystroke would cost time).
    let list = use_state(store::backups);
    let refresh = {
        let list = list.clone();
        Callback::from(move |_: FocusEvent| list.set(store::backups()))
    };
    let refresh_pointer = {
        let list = list.clone();
        Callback::from(move |_: PointerEvent| list.set(store::backups()))
    };
    let on_change = {
        let on_restore = props.on_restore.clone();
        let list = list.clone();
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            let key = select.value();
            select.set_value("");
            if !key.is_empty() {
                on_restore.emit(key);
                list.set(store::backups());
            }
        })
    };
    html! {
        <select class="tool backups" aria-label="Backups: restore an earlier session" onfocus={refresh}
            onpointerdown={refresh_pointer} onchange={on_change}>
            <option value="" selected=true>{format!("Backups ({})…", list.len())}</option>
            { for list.iter().map(|b| html! { <option value={b.key.clone()}>{&b.name}</option> }) }
        </select>
    }
}

/// The whole tester.
#[function_component]
pub fn App() -> Html {
    // Whether the file is still being read from IndexedDB: nothing is saved until it is there.
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
        if let Some(shell) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("shell")) {
            shell.remove();
        }
    });

    let latest = use_mut_ref(|| state.clone());
    *latest.borrow_mut() = state.clone();
    // A large file kept in IndexedDB arrives after the first render; the agents and URLs on screen stay.
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

    // A share link pasted into the address of the open tester: the page does not reload, so listen for it.
    // Another tab saving its own session is noticed once: each tab keeps its own.
    {
        let latest = latest.clone();
        use_effect_with((), move |_| {
            let window = web_sys::window();
            let hash = window.as_ref().map(|window| {
                let latest = latest.clone();
                EventListener::new(window, "hashchange", move |_| open_link_in_place(&latest.borrow().clone()))
            });
            let told = Cell::new(false);
            let storage = window.as_ref().map(|window| {
                EventListener::new(window, "storage", move |e| {
                    let key = e.dyn_ref::<web_sys::StorageEvent>().and_then(|e| e.key());
                    if key.is_some_and(|k| store::is_other_tab(&k)) && !told.replace(true) {
                        latest.borrow().dispatch(Action::Notify(Notice::info(
                            "The tester is open in another tab too. Each tab keeps its own session; a new tab starts \
                             from the one saved last.",
                        )));
                    }
                })
            });
            move || drop((hash, storage))
        });
    }
    // On a phone the verdict card sticks to the bottom of the screen; while the selected cell would be under it,
    // the card goes back to its place after the grid, so it never covers the verdict it describes.
    use_effect_with((), |_| {
        let listener = web_sys::window().map(|w| EventListener::new(&w, "scroll", |_| tuck_card()));
        move || drop(listener)
    });
    let on_notice_action = {
        let state = state.clone();
        Callback::from(move |action: NoticeAction| match action {
            NoticeAction::RestoreBackup => restore_backup(&state, None),
            NoticeAction::RebaseUrls(origin) => state.dispatch(Action::RebaseUrls(origin)),
            NoticeAction::UseExampleAsked(i) => state.dispatch(Action::UseExampleAsked(i)),
            NoticeAction::SetAsked(agents, urls) => state.dispatch(Action::SetAsked(agents, urls)),
            NoticeAction::SetUrls(text) => {
                state.dispatch(Action::EditUrls(text));
                state.dispatch(Action::Notify(Notice::info("The URLs are as they were.")));
            }
        })
    };
    let on_restore = {
        let state = state.clone();
        Callback::from(move |key: String| restore_backup(&state, Some(key)))
    };

    // Save after typing pauses: the pending save is replaced at each change, so a burst of keystrokes writes once.
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
    // Leaving or hiding the page saves at once: a reload or a closed tab within the typing pause loses nothing.
    {
        let latest = latest.clone();
        let pending = pending.clone();
        let loading = loading.clone();
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
            let window = web_sys::window();
            let document = window.as_ref().and_then(|w| w.document());
            let hide = window.as_ref().map(|w| {
                let flush = flush.clone();
                EventListener::new(w, "pagehide", move |_| flush())
            });
            let hidden = document.as_ref().map(|d| {
                let d2 = d.clone();
                EventListener::new(d, "visibilitychange", move |_| {
                    if d2.hidden() {
                        flush()
                    }
                })
            });
            move || drop((hide, hidden))
        });
    }

    // Lint after the verdicts are painted: the next animation frame comes before the paint, and a zero timeout
    // from there runs after it. A newer parse replaces both, so a burst of keystrokes lints once.
    let lint_timer: Rc<RefCell<(Option<AnimationFrame>, Option<Timeout>)>> = use_mut_ref(|| (None, None));
    {
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

    // The file on screen is one of the examples (a first visit): it is marked as such, with a Clear button, and
    // the one-line how-to shows.
    let text = &state.document.text;
    let example = EXAMPLES.iter().find(|e| e.text.len() == text.len() && *e.text == **text);
    let on_clear = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| state.dispatch(Action::ClearExample))
    };
    let example_mark = example.map(|e| {
        html! {
            <>
                <span class="badge" title={e.title}>{"Example"}</span>
                <button type="button" class="tool small" onclick={on_clear}>{"Clear"}</button>
            </>
        }
    });
    let howto = example.map(|_| {
        html! {
            <p class="howto">{"Paste your robots.txt, list the URLs and crawlers to check, then select a verdict to \
                see the rule that decided it."}</p>
        }
    });
    // What the components report, made into actions.
    let act = |make: fn(String) -> Action| state.dispatcher().to_callback().reform(make);
    let dispatch = {
        let dispatcher = state.dispatcher();
        Callback::from(move |action: Action| dispatcher.dispatch(action))
    };
    let on_notice = dispatch.reform(Action::Notify);
    let on_reveal = dispatch.reform(Action::Reveal);
    let on_edit = dispatch.reform(Action::Edit);
    let reader = use_mut_ref(|| None);
    let on_open = {
        let on_read = dispatch.reform(|(name, bytes): (String, Vec<u8>)| Action::OpenFile { name, bytes });
        let on_notice = on_notice.clone();
        Callback::from(move |file: web_sys::File| browser::read_file(file, on_read.clone(), on_notice.clone(), &reader))
    };
    let download_url = use_mut_ref(|| None);
    let on_download = {
        let (latest, keep) = (latest.clone(), download_url.clone());
        Callback::from(move |()| {
            let state = latest.borrow();
            browser::download(state.bytes(), &state.document.file_name, "text/plain", &keep)
        })
    };
    let on_csv = {
        let latest = latest.clone();
        Callback::from(move |()| {
            browser::download(latest.borrow().csv().as_bytes(), "robots-verdicts.csv", "text/csv", &download_url)
        })
    };
    let on_share = {
        let (latest, on_notice) = (latest.clone(), on_notice.clone());
        Callback::from(move |()| browser::share(&latest.borrow().session(), on_notice.clone()))
    };
    // The policy builder, open in place of the grid, and the policy chosen (kept while it is closed).
    let policy_open = use_state(|| false);
    let policy = use_state(robotscope::Policy::default);
    let toggle_policy = {
        let open = policy_open.clone();
        Callback::from(move |()| open.set(!*open))
    };
    let close_policy = {
        let open = policy_open.clone();
        Callback::from(move |()| open.set(false))
    };
    let on_policy_change = {
        let policy = policy.clone();
        Callback::from(move |p| policy.set(p))
    };
    let a = &state.analysis;
    let (url, agent) = a.selected;
    html! {
        <>
            <header class="top">
                <h1 class="brand">{"robotscope"}<span class="tagline">{" robots.txt tester: Google's matcher, \
                    explained"}</span></h1>
                <div class="top-tools">
                    <Toolbar full_file={state.inputs.full_file} on_example={dispatch.reform(Action::LoadExample)}
                        on_open={on_open.clone()} {on_download} {on_share} {on_csv}
                            on_full_file={dispatch.reform(Action::SetFullFile)} />
                    <Backups {on_restore} />
                    <Live on_load={dispatch.reform(|(url, bytes)| Action::OpenLive { url, bytes })}
                        on_compare={dispatch.reform(Action::SetBaselineBytes)} on_notice={on_notice.clone()} />
                </div>
                {howto}
            </header>
            <NoticeBar notice={state.notice.clone()} cut_from={a.parsed.robots.cut_from()}
                on_dismiss={dispatch.reform(|()| Action::DismissNotice)} on_action={on_notice_action} />
            <main class="layout">
                <div class="col col-left">
                    <section class="pane pane-editor" aria-labelledby="editor-heading">
                        <div class="pane-head">
                            <h2 id="editor-heading" class="pane-title">{"robots.txt"}</h2>
                            {example_mark}
                        </div>
                        <Editor document={state.document.clone()} parsed={a.parsed.clone()} detail={a.detail.clone()}
                            lint={a.lint.clone()} ignored={a.ignored.clone()} reveal={state.reveal}
                            selected={a.selected}
                            {on_edit} {on_open}
                            on_notice={on_notice.clone()} />
                    </section>
                    <section class="pane pane-lint" aria-labelledby="lint-heading">
                        <h2 id="lint-heading" class="pane-title">{"Lint"}</h2>
                        <Lint lint={a.lint.clone()} on_reveal={on_reveal.clone()} />
                    </section>
                </div>
                <div class="col col-right">
                    <section class="pane pane-ask" aria-labelledby="ask-heading">
                        <h2 id="ask-heading" class="pane-title">{"Ask"}</h2>
                        <Agents text={state.inputs.agents.clone()} agents={a.agents.clone()}
                            tokens={a.tokens()}
                            skipped={a.skipped_agents} on_edit={act(Action::EditAgents)}
                                on_add={dispatch.reform(Action::AddAgents)} />
                        // Under the agents they fill (and before the URLs in the tab order).
                        <AiButtons on_fill={dispatch.reform(Action::FillAgents)} policy={*policy_open}
                            on_policy={toggle_policy} />
                        // How the file is read (before the URLs in the tab order, as the AI buttons are).
                        <ReadAs view={a.view} on_change={dispatch.reform(Action::SetView)} />
                        <Urls text={state.inputs.urls.clone()} urls={a.urls.clone()} skipped={a.skipped_urls}
                            on_edit={act(Action::EditUrls)} />
                    </section>
                    <section class="pane pane-results" aria-labelledby="results-heading">
                        // The heading, the summaries and the grid; on a wide screen the explanation beside them
                        // goes under the editor, so that the grid has the column's height.
                        <div class="results-main">
                            <div class="pane-head">
                                <h2 id="results-heading" class="pane-title">{"Verdicts"}</h2>
                                if !a.ignored.is_empty() {
                                    <span class="readers-note">
                                        {crate::messages::ignored_count(a.view, a.ignored.len())}
                                    </span>
                                }
                            </div>
                            // What the file does to the AI crawlers of the catalogue, whatever agents are listed.
                            <AiSummaryList summary={a.ai.clone()} on_reveal={on_reveal.clone()} />
                            if *policy_open {
                                <PolicyBuilder policy={(*policy).clone()} parsed={a.parsed.clone()}
                                    on_change={on_policy_change} on_write={dispatch.reform(Action::WritePolicy)}
                                    on_reveal={on_reveal.clone()} on_close={close_policy} />
                            } else {
                                <Results agents={a.agents.clone()} urls={a.urls.clone()} survey={a.survey.clone()}
                                    has_baseline={a.baseline.is_some()}
                                    selected={a.selected}
                                    on_select={dispatch.reform(|(url, agent)| Action::Select { url, agent })}
                                    on_set_baseline={dispatch.reform(|()| Action::SetBaseline)}
                                    on_clear_baseline={dispatch.reform(|()| Action::ClearBaseline)} />
                            }
                        </div>
                        <Detail detail={a.detail.clone()} agent={a.agents.get(agent).cloned()}
                            url={a.urls.get(url).cloned()}
                            parsed={a.parsed.clone()} text={state.document.text.clone()} {on_reveal} />
                    </section>
                </div>
            </main>
        </>
    }
}
