//! The notices at the top of the page, and the sentences they say. The reducer and the components name a
//! message here; none of them writes one.

/// How serious a notice is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeKind {
    /// Something worth knowing.
    Info,
    /// Something went wrong; what the user typed is kept.
    Error,
}

/// A message at the top of the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    /// How serious.
    pub kind: NoticeKind,
    /// The message, a sentence or two.
    pub text: String,
    /// A button the notice offers.
    pub action: Option<NoticeAction>,
    /// Text to copy by hand, shown selected in a read-only field (a share link the clipboard refused).
    pub field: Option<String>,
    /// What the field holds, for screen readers.
    pub field_label: &'static str,
}

/// What a notice's button does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NoticeAction {
    /// Swap the session on screen with the backup kept when a share link replaced it.
    RestoreBackup,
    /// Move the listed full URLs onto this origin (the site whose robots.txt was loaded).
    RebaseUrls(String),
    /// Put the URLs box back to this text (undoing a rebase).
    SetUrls(String),
    /// Ask the example's (this index of the examples) agents and URLs instead of the ones listed.
    UseExampleAsked(usize),
    /// Put the agents and URLs boxes back to these texts (undoing [`NoticeAction::UseExampleAsked`]).
    SetAsked(String, String),
}

impl NoticeAction {
    /// The button's label.
    pub fn label(&self) -> &'static str {
        match self {
            NoticeAction::RestoreBackup => "Restore my previous session",
            NoticeAction::RebaseUrls(_) => "Check the URLs on this site",
            NoticeAction::SetUrls(_) | NoticeAction::SetAsked(..) => "Undo",
            NoticeAction::UseExampleAsked(_) => "Use its agents and URLs",
        }
    }
}

impl Notice {
    /// An information notice.
    pub fn info(text: impl Into<String>) -> Notice {
        Notice { kind: NoticeKind::Info, text: text.into(), action: None, field: None, field_label: "Share link" }
    }

    /// An error notice.
    pub fn error(text: impl Into<String>) -> Notice {
        Notice { kind: NoticeKind::Error, text: text.into(), action: None, field: None, field_label: "Share link" }
    }

    /// This notice, with `text` in a read-only field to copy from.
    pub fn with_field(self, text: String) -> Notice {
        Notice { field: Some(text), ..self }
    }

    /// This notice, with a command to run in a read-only field to copy from.
    pub fn with_command(self, command: String) -> Notice {
        Notice { field: Some(command), field_label: "Command to run", ..self }
    }

    /// This notice, with a button.
    pub fn with_action(self, action: NoticeAction) -> Notice {
        Notice { action: Some(action), ..self }
    }
}

/// `what` (a file, a paste, an answer) of `bytes` bytes is too large to open.
pub fn too_large(what: &str, bytes: usize) -> Notice {
    Notice::error(format!(
        "{what} is {} MB: too large to be a robots.txt (Google reads the first 500 KiB). The editor keeps your text.",
        bytes / (1024 * 1024)
    ))
}

/// The file `name` is not text.
pub fn binary(name: &str) -> Notice {
    Notice::error(format!(
        "{name} looks like a binary file (an image, an archive or a program), not a robots.txt. The editor keeps your \
         text."
    ))
}

/// The file `name` is an HTML page.
pub fn html_file(name: &str) -> Notice {
    Notice::error(format!(
        "{name} is an HTML page, not a robots.txt: a crawler that gets it reads no rules from it. See the lint."
    ))
}

/// The text typed or pasted is an HTML page.
pub fn html_text() -> Notice {
    Notice::error(
        "This is an HTML page, not a robots.txt: a crawler that gets it reads no rules from it. See the lint.",
    )
}

/// The file `name` is not UTF-8.
pub fn not_utf8(name: &str) -> Notice {
    Notice::info(format!(
        "{name} is not valid UTF-8: the editor shows the bad bytes as �, and the answers are for the original bytes \
         until you edit."
    ))
}

/// The file `name` was opened.
pub fn opened(name: &str) -> Notice {
    Notice::info(format!("Opened {name}."))
}

/// The live robots.txt at `url` was loaded.
pub fn live_loaded(url: &str, redirected: Option<&str>) -> Notice {
    Notice::info(format!(
        "Loaded the live {url}{}. Edit it and check; Undo (Ctrl+Z in the editor) brings your previous file back.",
        redirect_words(redirected)
    ))
}

/// How a load was redirected: the browser shows where the redirects ended, not the hops between.
fn redirect_words(redirected: Option<&str>) -> String {
    match redirected {
        Some(to) => format!(
            " (redirected to {to}: Google follows up to 5 redirects and reads the file where they end; the browser \
             shows only that end, `robotscope fetch` lists every hop)"
        ),
        None => String::new(),
    }
}

/// The live `url` answered `status`, which has no body to read: the editor now holds the file crawlers read
/// instead ([`robotscope::FetchOutcome::equivalent_file`]).
pub fn live_outcome(url: &str, status: u16, outcome: robotscope::FetchOutcome) -> Notice {
    match outcome {
        robotscope::FetchOutcome::AllowAll => Notice::info(format!(
            "{url} answered {status}: the site has no robots.txt, so crawlers may fetch everything (everything is \
             allowed). The editor now holds an empty file, which crawlers read the same way; Undo (Ctrl+Z in the \
             editor) brings your previous file back."
        )),
        _ => Notice::error(format!(
            "{url} answered {status}: a server error, so crawlers treat everything as disallowed until a later fetch \
             succeeds. The editor now holds a file that disallows everything for every crawler, which they read the \
             same way; Undo (Ctrl+Z in the editor) brings your previous file back."
        )),
    }
}

/// The live `url` was loaded, but the URLs listed are on `site` (a robots.txt URL): they are offered a move.
pub fn live_loaded_elsewhere(url: &str, site: &str, redirected: Option<&str>) -> Notice {
    let origin = url.strip_suffix("/robots.txt").unwrap_or(url);
    let theirs = site.strip_suffix("/robots.txt").unwrap_or(site);
    Notice::info(format!(
        "Loaded the live {url}{}. The URLs listed are on {theirs}, another site: this file does not decide them. \
         Move them onto {origin}? Undo (Ctrl+Z in the editor) brings your previous file back.",
        redirect_words(redirected)
    ))
    .with_action(NoticeAction::RebaseUrls(origin.to_string()))
}

/// The full URLs listed were moved onto `origin`; `previous` is the box as it was.
pub fn urls_rebased(count: usize, origin: &str, previous: String) -> Notice {
    let what = if count == 1 { "1 URL".to_string() } else { format!("{count} URLs") };
    Notice::info(format!("Moved {what} onto {origin} (paths and queries kept)."))
        .with_action(NoticeAction::SetUrls(previous))
}

/// The example `title` (the `index`th) was loaded; `own` when the boxes hold other agents and URLs than its own,
/// which stay unless the user takes the example's.
pub fn example_loaded(title: &str, index: usize, own: bool) -> Notice {
    if own {
        Notice::info(format!(
            "Loaded the example “{title}”; your agents and URLs are kept. Undo (Ctrl+Z in the editor) brings your file \
             back."
        ))
        .with_action(NoticeAction::UseExampleAsked(index))
    } else {
        Notice::info(format!("Loaded the example “{title}”. Undo (Ctrl+Z in the editor) brings your file back."))
    }
}

/// The agents and URLs became the example's; `agents` and `urls` are the boxes as they were.
pub fn example_asked(agents: String, urls: String) -> Notice {
    Notice::info("The agents and URLs are the example's.").with_action(NoticeAction::SetAsked(agents, urls))
}

/// The policy builder wrote its lines, from `line`.
pub fn policy_written(agents: usize, line: usize) -> Notice {
    let named = if agents == 1 { "1 User-agent line".to_string() } else { format!("{agents} User-agent lines") };
    Notice::info(format!(
        "Wrote the policy's rules from line {line} ({named}). Undo (Ctrl+Z in the editor) takes them out again."
    ))
}

/// The policy asked for nothing the file does not say already.
pub fn policy_unchanged() -> Notice {
    Notice::info("The file already follows this policy for every crawler it can: nothing was written.")
}

/// The example file was cleared.
pub fn example_cleared() -> Notice {
    Notice::info(
        "Cleared the example: paste or open your robots.txt, then list your URLs. Undo (Ctrl+Z in the editor) brings \
         the example file back.",
    )
}

/// A reader's short name in the compare view: `Google`, `RFC 9309` or `1994`.
pub fn reader(profile: robotscope::Profile) -> &'static str {
    match profile {
        robotscope::Profile::Google => "Google",
        robotscope::Profile::Rfc9309 => "RFC 9309",
        robotscope::Profile::Original1994 => "1994",
    }
}

/// `allowed, line 8` or `disallowed, no rule`.
pub fn answer(allowed: bool, line: usize) -> String {
    let word = if allowed { "allowed" } else { "disallowed" };
    if line == 0 {
        format!("{word}, no rule")
    } else {
        format!("{word}, line {line}")
    }
}

/// Every reader's answer in one line: `Google: allowed, line 8 · RFC 9309: disallowed, line 3 · 1994: …`.
pub fn answers(readers: &[robotscope::Answer]) -> String {
    let mut out = String::new();
    for r in readers {
        if !out.is_empty() {
            out.push_str(" · ");
        }
        out.push_str(reader(r.profile));
        out.push_str(": ");
        out.push_str(&answer(r.allowed, r.line));
    }
    out
}

/// The line above the grid under "Compare readers".
pub fn readers_summary(differ: usize, total: usize) -> String {
    match (differ, total) {
        (0, t) => format!("No answer differs between readers ({t} checked)."),
        (1, t) => format!("1 of {t} answers differs between readers (marked “differs”)."),
        (n, t) => format!("{n} of {t} answers differ between readers (marked “differs”)."),
    }
}

/// Why `profile` passes over a line Google reads, for the editor's gutter.
pub fn ignored(profile: robotscope::Profile, why: robotscope::Ignored) -> String {
    let because = match why {
        robotscope::Ignored::Key => "the key is not spelt exactly",
        robotscope::Ignored::MissingColon => "there is no colon after the key",
        robotscope::Ignored::NotAToken => "the user-agent is not a product token, so it names no crawler",
        robotscope::Ignored::NotDefined => "it knows no such field",
    };
    format!("{} passes over this line: {because}", reader(profile))
}

/// Beside the Verdicts heading: how many lines the reading passes over (each marked in the editor's gutter).
pub fn ignored_count(view: robotscope::View, count: usize) -> String {
    let (who, verb) = match view {
        robotscope::View::Reading(p) => (reader(p), "passes"),
        robotscope::View::Compare => ("RFC 9309 and 1994", "pass"),
    };
    let lines = if count == 1 { "line" } else { "lines" };
    format!("{who} {verb} over {count} {lines} (⊘ in the gutter)")
}
