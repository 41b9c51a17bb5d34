//! `--color auto|always|never`, taken by every command: colour marks verdicts and severities in text output.
//! `auto` (the default) colours only a terminal, and never when `NO_COLOR` is set to a non-empty value
//! (<https://no-color.org>).

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, Ordering};

static ON: AtomicBool = AtomicBool::new(false);

/// Takes every `--color X` / `--color=X` before `--` out of `args` and decides whether to colour; an unknown
/// value is the error to show.
pub fn take(args: &mut Vec<std::ffi::OsString>) -> Result<(), String> {
    let mut choice = String::from("auto");
    let mut i = 0;
    while i < args.len() {
        let a = args[i].to_string_lossy().into_owned();
        if a == "--" {
            break;
        }
        if a == "--color" {
            let Some(v) = args.get(i + 1) else { return Err(String::from("option '--color' needs a value")) };
            choice = v.to_string_lossy().into_owned();
            args.drain(i..i + 2);
        } else if let Some(v) = a.strip_prefix("--color=") {
            choice = v.to_owned();
            args.remove(i);
        } else {
            i += 1;
        }
    }
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    let on = match choice.as_str() {
        "always" => true,
        "never" => false,
        "auto" => !no_color && std::io::stdout().is_terminal(),
        other => return Err(format!("unknown value '{other}' for --color: use auto, always or never")),
    };
    ON.store(on, Ordering::Relaxed);
    Ok(())
}

/// `text` in red (`31`), green (`32`), yellow (`33`) or bold, when colour is on.
pub fn paint(text: &str, code: &str) -> String {
    if ON.load(Ordering::Relaxed) {
        format!("\x1b[{code}m{text}\x1b[0m")
    } else {
        text.to_owned()
    }
}

/// A verdict word padded to `width` columns, coloured (the padding stays outside the colour).
pub fn verdict(allowed: bool, width: usize) -> String {
    let word = if allowed { "ALLOWED" } else { "DISALLOWED" };
    let pad = " ".repeat(width.saturating_sub(word.len()));
    format!("{}{pad}", paint(word, if allowed { "32" } else { "31" }))
}
