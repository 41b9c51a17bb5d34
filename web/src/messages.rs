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
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeAction {
    /// Swap the session on screen with the backup kept when a share link replaced it.
    RestoreBackup,
}

impl NoticeAction {
    /// The button's label.
    pub fn label(self) -> &'static str {
        match self {
            NoticeAction::RestoreBackup => "Restore my previous session",
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
        "{name} looks like a binary file (an image, an archive or a program), not a robots.txt. The editor keeps your text."
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
        "{name} is not valid UTF-8: the editor shows the bad bytes as �, and the answers are for the original bytes until you edit."
    ))
}

/// The file `name` was opened.
pub fn opened(name: &str) -> Notice {
    Notice::info(format!("Opened {name}."))
}

/// The live robots.txt at `url` was loaded.
pub fn live_loaded(url: &str) -> Notice {
    Notice::info(format!(
        "Loaded the live {url}. Edit it and check; Undo (Ctrl+Z in the editor) brings your previous file back."
    ))
}

/// The example `title` was loaded.
pub fn example_loaded(title: &str) -> Notice {
    Notice::info(format!("Loaded the example “{title}”."))
}

/// The example was cleared.
pub fn example_cleared() -> Notice {
    Notice::info(
        "Cleared the example: paste or open your robots.txt, then list your URLs. Undo (Ctrl+Z in the editor) brings the example file back.",
    )
}
