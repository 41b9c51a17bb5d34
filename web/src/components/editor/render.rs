//! The editor's drawing: the coloured lines in view and their gutter (line numbers, lint marks, the
//! priorities of the rules that matched the selected URL), and the note for files longer than a browser can
//! scroll.

use yew::prelude::*;

use super::EditorProps;
use crate::analysis::highlight;
use crate::caret::{self, LINE_HEIGHT, MAX_SHOWN_LINES};

/// The lines drawn for a view scrolled to `top` and `height` pixels tall, their gutter, and the number of lines
/// of the file.
pub(super) fn lines(props: &EditorProps, top: i32, height: i32) -> (Vec<Html>, Vec<Html>, usize) {
    let parsed = &props.parsed;
    let text: &str = &props.document.text;
    let count = parsed.lines.count();
    let (from, to) = caret::drawn(top, height, count);
    let verdict = props.detail.as_ref().map(|d| &d.cell.verdict);
    let winning = verdict.map_or(0, |v| v.line);
    // The lines past Google's 500 KiB cut are shaded.
    let cut = parsed.first_cut_line();

    let mut lines = Vec::with_capacity(to.saturating_sub(from) + 1);
    let mut gutter = Vec::with_capacity(lines.capacity());
    for n in from..=to {
        let top = format!("top:{}px", (n as i32 - 1) * LINE_HEIGHT);
        let in_group = verdict.is_some_and(|v| v.group_lines.binary_search(&n).is_ok());
        let matched = verdict.and_then(|v| v.matches.iter().find(|m| m.line == n));
        let past = cut.is_some_and(|c| n >= c);
        let mark = props.lint.mark(n);
        let ignored = props.ignored.binary_search_by_key(&n, |m| m.line).ok().map(|i| &props.ignored[i]);
        let class = classes!(
            "ln",
            in_group.then_some("in-group"),
            matched.is_some().then_some("match"),
            (n == winning).then_some("winning"),
            past.then_some("past-limit"),
            ignored.is_some().then_some("ignored"),
        );
        let pieces = highlight(parsed.lines.line(text, n));
        lines.push(html! {
            <div class={class} style={top.clone()} data-line={n.to_string()} data-winning={(n ==
                winning).then_some("true")}>
                { for pieces.into_iter().map(|(c, t)| html! { <span class={c}>{t}</span> }) }
            </div>
        });
        let badge = matched.map(|m| {
            let title = format!(
                "{} rule, priority {}{}",
                m.kind.name(),
                m.priority,
                if n == winning { ", the winner" } else { "" }
            );
            html! { <span class="prio" title={title}>{m.priority}</span> }
        });
        let dot = mark.map(|s| {
            let (name, class) = (s.name(), format!("mark mark-{}", s.name()));
            html! { <span {class} title={format!("{name} on this line: see the lint")}></span> }
        });
        let skip = ignored.map(|m| html! { <span class="ign" title={m.why.clone()}>{"⊘"}</span> });
        gutter.push(html! {
            <div class={classes!("gl", (n == winning).then_some("winning"))} style={top}
                data-ignored={ignored.map(|m| m.why.clone())}>
                {dot}{skip}{badge}<span class="num">{n}</span>
            </div>
        });
    }
    (lines, gutter, count)
}

/// The note for a file of `count` lines, when it is longer than the editor can show.
pub(super) fn too_long(count: usize) -> Option<Html> {
    (count > MAX_SHOWN_LINES).then(|| {
        html! {
            <p class="note editor-note" role="note">
                { format!(
                    "This file has {count} lines; the editor can show only the first {MAX_SHOWN_LINES} (a browser \
                        limit). \
                     The rest is kept: the answers, the download and the share link include it."
                ) }
            </p>
        }
    })
}
