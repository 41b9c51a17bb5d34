//! The tester's layout: the editor and the lint on one side; agents, URLs, verdicts and the explanation on the
//! other. Its effects (starting from the saved session, the page's events, saving, the deferred lint) are the
//! custom hooks of [`crate::hooks`].

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
use crate::hooks::{restore_backup, use_autosave, use_deferred_lint, use_page_events, use_session};
use crate::messages::{Notice, NoticeAction};
use crate::state::Action;
use crate::{browser, store};

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
        Callback::from(move |()| list.set(store::backups()))
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
        <select class="tool backups" aria-label="Backups: restore an earlier session" onfocus={refresh.reform(|_| ())}
            onpointerdown={refresh.reform(|_| ())} onchange={on_change}>
            <option value="" selected=true>{format!("Backups ({})…", list.len())}</option>
            { for list.iter().map(|b| html! { <option value={b.key.clone()}>{&b.name}</option> }) }
        </select>
    }
}

/// The whole tester.
#[function_component]
pub fn App() -> Html {
    let (state, latest, loading) = use_session();
    use_page_events(latest.clone());
    use_autosave(&state, latest.clone(), loading);
    use_deferred_lint(&state);
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

    // The file on screen is one of the examples (a first visit): it is marked as such, with a Clear button, and
    // the one-line how-to shows.
    let text = &state.document.text;
    let example = EXAMPLES.iter().find(|e| *e.text == **text);
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
    // Always in the page, hidden once the example goes: a header whose last child comes and goes makes Yew
    // rebuild the tools before it, and "Load from site" lost the address typed into it (issue 37).
    let howto = html! {
        <p class="howto" hidden={example.is_none()}>{"Paste your robots.txt, list the URLs and crawlers to check, \
            then select a verdict to see the rule that decided it."}</p>
    };
    // What the components report, made into actions.
    let dispatch = state.dispatcher().to_callback();
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
            browser::download(state.document.bytes(), &state.document.file_name, "text/plain", &keep)
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
    let a = &state.analysis;
    let (url, agent) = a.selected;
    let tokens = a.tokens();
    html! {
        <>
            <header class="top">
                <h1 class="brand">
                    <a href="../" title="robotscope's site: the guide and the references">{"robotscope"}</a>
                    <span class="tagline">{" robots.txt tester: Google's matcher, \
                    explained"}</span></h1>
                <div class="top-tools">
                    <Toolbar full_file={state.inputs.full_file} on_example={dispatch.reform(Action::LoadExample)}
                        on_open={on_open.clone()} {on_download} {on_share} {on_csv}
                            on_full_file={dispatch.reform(Action::SetFullFile)} />
                    <Backups {on_restore} />
                    <Live on_load={dispatch.reform(|(url, status, redirected, bytes)| {
                            Action::OpenLive { url, status, redirected, bytes }
                        })}
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
                            tokens={tokens.clone()}
                            skipped={a.skipped_agents} on_edit={dispatch.reform(Action::EditAgents)}
                                on_add={dispatch.reform(Action::AddAgents)} />
                        // Under the agents they fill (and before the URLs in the tab order).
                        <AiButtons on_fill={dispatch.reform(Action::FillAgents)} policy={*policy_open}
                            on_policy={toggle_policy} />
                        // How the file is read (before the URLs in the tab order, as the AI buttons are).
                        <ReadAs view={state.inputs.view} on_change={dispatch.reform(Action::SetView)} />
                        <Urls text={state.inputs.urls.clone()} urls={a.urls.clone()} skipped={a.skipped_urls}
                            on_edit={dispatch.reform(Action::EditUrls)} on_notice={on_notice.clone()} />
                    </section>
                    <section class="pane pane-results" aria-labelledby="results-heading">
                        // The heading, the summaries and the grid; on a wide screen the explanation beside them
                        // goes under the editor, so that the grid has the column's height.
                        <div class="results-main">
                            <div class="pane-head">
                                <h2 id="results-heading" class="pane-title">{"Verdicts"}</h2>
                                if !a.ignored.is_empty() {
                                    <span class="readers-note">
                                        {crate::messages::ignored_count(state.inputs.view, a.ignored.len())}
                                    </span>
                                }
                            </div>
                            // What the file does to the AI crawlers of the catalogue, whatever agents are listed.
                            <AiSummaryList summary={a.ai.clone()} on_reveal={on_reveal.clone()} />
                            if *policy_open {
                                <PolicyBuilder policy={(*policy).clone()} parsed={a.parsed.clone()}
                                    on_change={policy.setter().to_callback()}
                                    on_write={dispatch.reform(|(policy, outside)| Action::WritePolicy(policy, outside))}
                                    on_reveal={on_reveal.clone()} on_close={close_policy} />
                            } else {
                                <Results agents={a.agents.clone()} urls={a.urls.clone()} survey={a.survey.clone()}
                                    {tokens}
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
