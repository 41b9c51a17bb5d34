//! `robotscope`: check URLs against a robots.txt file exactly as Google does, lint the file, or answer
//! JSON Lines queries in bulk. See `robotscope --help`.

mod ai;
mod args;
mod audit;
mod batch;
mod check;
mod color;
mod diff;
mod expect;
mod fetch;
mod lint;
mod net;
mod print;
mod sets;
mod sitemap;
mod suggest;
mod urls;

use std::ffi::{OsStr, OsString};
use std::io::{self, Read, Write};
use std::process::ExitCode;

use robotscope::{Robots, GOOGLE_SIZE_LIMIT};

/// What `--version` prints: the program's version, then the engine it runs and the release of Google's library
/// whose answers the engine reproduces (the engine is a separate crate, so its version may differ).
fn version_text() -> String {
    format!(
        "robotscope {}\nengine: robotscope {}\nverified against: {} (Google's robots.txt library)\n",
        env!("CARGO_PKG_VERSION"),
        robotscope::VERSION,
        robotscope::GOOGLE_REFERENCE
    )
}

const MAIN_HELP: &str = "\
robotscope: reads robots.txt files exactly as Google's crawlers do, and says why.

Usage:
  robotscope check [OPTIONS] ROBOTS_FILE --agent AGENT [--agent AGENT...] (URL... | --urls FILE)
  robotscope check [OPTIONS] --live --agent AGENT (URL... | --urls FILE)
  robotscope check [OPTIONS] (ROBOTS_FILE | --live) --agent AGENT --sitemap FILE_OR_URL
  robotscope lint [OPTIONS] ROBOTS_FILE
  robotscope fetch [OPTIONS] URL
  robotscope diff [OPTIONS] OLD NEW --agent AGENT [URL... | --urls FILE | --sitemap FILE_OR_URL]
  robotscope ai [OPTIONS] ROBOTS_FILE [URL...]
  robotscope test [OPTIONS] ROBOTS_FILE EXPECT_FILE
  robotscope batch --root DIR < QUERIES.jsonl
  robotscope audit [OPTIONS] --robots [[HOST@]DATE=]FILE... LOG...
  robotscope help [COMMAND]

Commands:
  check   Say whether the agents may fetch each URL, and which line decided
  lint    Report lines that crawlers read differently from what the author probably meant
  fetch   Fetch the robots.txt that governs a URL, as a crawler does, and say what applies
  diff    List the verdicts that change between two versions of a file (a release check)
  ai      Show what the file does to each AI crawler, with the usage preferences that apply
  test    Check the file against written expectations (allowed|disallowed AGENT URL)
  batch   Answer JSON Lines queries from standard input with the bare engine
  audit   Say which crawlers fetched what the robots.txt then in force disallowed, verified by IP
  help    Print this help, or the help of a command

Options:
      --color WHEN  Colour verdicts and severities: auto (the default: on a terminal, unless
                    NO_COLOR is set), always or never; every command takes it
  -h, --help      Print help
  -V, --version   Print the version, the engine's and that of Google's library it matches

ROBOTS_FILE may be '-' to read standard input. Answers are printed on standard output;
notes, reports and errors on standard error.
Exit status: 0 when all is well; 1 when something was found: a URL is disallowed (check), the
file has errors at or above --fail-on (lint), an expectation failed (test), a query failed
(batch), the server had no robots.txt (fetch), a verdict changed (diff) or a verified
crawler fetched a disallowed URL (audit); a finding comes before an error. 2 when nothing
could be judged, or some input could not be: a usage, I/O or network error, a URL that cannot
be read.
";

/// Why a command could not run. Every failure exits with status 2.
#[derive(Debug)]
pub enum Failure {
    /// The command line is wrong; `command` names the command whose help to point at.
    Usage { message: String, command: Option<&'static str> },
    /// Anything else: a message printed as `robotscope: <message>`.
    Message(String),
    /// Writing the output failed (a closed pipe ends the program quietly).
    Output(io::Error),
}

impl From<io::Error> for Failure {
    fn from(e: io::Error) -> Failure {
        Failure::Output(e)
    }
}

/// The reason an I/O operation failed, in words (without the `(os error N)` suffix for the common cases).
pub fn io_reason(e: &io::Error) -> String {
    match e.kind() {
        io::ErrorKind::NotFound => String::from("no such file or directory"),
        io::ErrorKind::PermissionDenied => String::from("permission denied"),
        io::ErrorKind::IsADirectory => String::from("it is a directory"),
        io::ErrorKind::InvalidData => String::from("the data is not valid"),
        _ => e.to_string(),
    }
}

/// Reads a robots.txt file as raw bytes; `-` reads standard input.
pub fn read_file(path: &OsStr) -> Result<Vec<u8>, Failure> {
    let result = if path == "-" {
        let mut buf = Vec::new();
        io::stdin().lock().read_to_end(&mut buf).map(|_| buf)
    } else {
        std::fs::read(path)
    };
    result.map_err(|e| Failure::Message(format!("cannot read '{}': {}", args::shown_path(path), io_reason(&e))))
}

/// Parses `bytes`, cut at Google's 500 KiB when `limit` is set; with a `name`, says on standard error when the
/// cut dropped content. Every command parses here.
pub fn parse(bytes: &[u8], limit: bool, name: Option<&str>) -> Robots {
    if !limit || bytes.len() <= GOOGLE_SIZE_LIMIT {
        return Robots::parse(bytes);
    }
    if let Some(name) = name {
        eprintln!(
            "robotscope: note: '{name}' is {} bytes; Google reads only the first {GOOGLE_SIZE_LIMIT} bytes (500 KiB), \
             so the last {} bytes were ignored (--no-size-limit reads the whole file)",
            bytes.len(),
            bytes.len() - GOOGLE_SIZE_LIMIT
        );
    }
    Robots::parse_limited(bytes, GOOGLE_SIZE_LIMIT)
}

/// The exit status of a command that found `found` things (1) or could not judge `unanswered` inputs (2).
pub fn status(found: usize, unanswered: usize) -> ExitCode {
    match (found, unanswered) {
        (0, 0) => ExitCode::SUCCESS,
        (0, _) => ExitCode::from(2),
        _ => ExitCode::from(1),
    }
}

/// Reads and parses the robots.txt file `path` (`-`: standard input) as [`parse`] does, saying so when the cut
/// dropped content; returns the file's name as messages show it, with the parse.
pub fn load(path: &OsStr, limit: bool) -> Result<(String, Robots), Failure> {
    let name = args::shown_path(path);
    let robots = parse(&read_file(path)?, limit, Some(&name));
    Ok((name, robots))
}

/// `s` with control characters shown as `\xNN`, for text output to a terminal.
pub fn printable(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.chars().any(|c| c.is_control()) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if c.is_control() {
            for b in c.to_string().bytes() {
                out.push_str(&format!("\\x{b:02x}"));
            }
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// What runs one command, given its arguments.
type Command = fn(args::Parser) -> Result<ExitCode, Failure>;

/// Every command: its name and the function that runs it, in the order of the main help.
const COMMANDS: [(&str, Command); 8] = [
    ("check", check::run),
    ("lint", lint::run),
    ("fetch", fetch::run),
    ("diff", diff::run),
    ("ai", ai::run),
    ("test", expect::run),
    ("batch", batch::run),
    ("audit", audit::run),
];

/// Help text of a command, or `None` when there is no such command.
fn help_of(command: &str) -> Option<String> {
    let help = match command {
        "check" => return Some(format!("{}\n{}", check::help(), sitemap::LIMITS_HELP)),
        "diff" => return Some(format!("{}\n{}", diff::HELP, sitemap::LIMITS_HELP)),
        "lint" => lint::HELP,
        "ai" => ai::HELP,
        "batch" => batch::HELP,
        "audit" => audit::HELP,
        "fetch" => fetch::HELP,
        "test" => expect::HELP,
        "help" => MAIN_HELP,
        _ => return None,
    };
    Some(String::from(help))
}

fn print(text: &str) -> Result<ExitCode, Failure> {
    let mut out = io::stdout().lock();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Whether the arguments ask for help (`-h`/`--help` before any `--`).
fn wants_help(args: &[OsString]) -> bool {
    args.iter().take_while(|a| *a != "--").any(|a| a == "-h" || a == "--help")
}

/// A usage error of the program as a whole (not of one command).
fn usage(message: String) -> Failure {
    Failure::Usage { message, command: None }
}

fn run(mut argv: Vec<OsString>) -> Result<ExitCode, Failure> {
    color::take(&mut argv).map_err(usage)?;
    if argv.is_empty() {
        return Err(usage(String::from("no command given")));
    }
    let first = argv.remove(0);
    let Some(command) = first.to_str() else {
        return Err(usage(format!("unknown command '{}'", first.to_string_lossy())));
    };
    if let Some(&(name, run)) = COMMANDS.iter().find(|(name, _)| *name == command) {
        if wants_help(&argv) {
            return print(&help_of(name).unwrap_or_default());
        }
        return run(args::Parser::new(name, argv));
    }
    match (command, argv.as_slice()) {
        ("-h" | "--help", _) | ("help", []) => print(MAIN_HELP),
        ("-V" | "--version", _) => print(&version_text()),
        ("help", [c]) => c
            .to_str()
            .and_then(help_of)
            .map_or_else(|| Err(usage(format!("unknown command '{}'", c.to_string_lossy()))), |h| print(&h)),
        ("help", _) => Err(usage(String::from("'help' takes at most one command"))),
        (other, _) if other.starts_with('-') => Err(usage(format!("unknown option '{other}'"))),
        (other, _) => {
            let commands = COMMANDS.iter().map(|(name, _)| *name).chain(["help"]);
            Err(usage(format!("unknown command '{other}'{}", suggest::hint(other, commands))))
        }
    }
}

fn main() -> ExitCode {
    match run(std::env::args_os().skip(1).collect()) {
        Ok(code) => code,
        Err(Failure::Usage { message, command }) => {
            let hint = match command {
                Some(c) => format!("robotscope {c} --help"),
                None => String::from("robotscope --help"),
            };
            eprintln!("robotscope: {message}\nTry '{hint}' for more information.");
            ExitCode::from(2)
        }
        Err(Failure::Message(message)) => {
            eprintln!("robotscope: {message}");
            ExitCode::from(2)
        }
        // The reader went away (`robotscope check ... | head -1`): stop quietly.
        Err(Failure::Output(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Output(e)) => {
            eprintln!("robotscope: cannot write the output: {}", io_reason(&e));
            ExitCode::from(2)
        }
    }
}
