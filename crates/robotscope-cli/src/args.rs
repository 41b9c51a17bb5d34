//! The command line of one command, read by `lexopt` (options `-a X`, `-aX`, `--agent X`, `--agent=X`, flags,
//! positional arguments in any order, `--` ending the options, a lone `-` as a positional argument for
//! standard input). This adapter only gives each command its options by the name they were written with, so a
//! command's help text and its `match` on option names sit side by side in its own module, and turns
//! `lexopt`'s errors into usage errors that name the command.

use std::ffi::{OsStr, OsString};

use crate::Failure;

/// The options a help text documents, for "did you mean": the `-x` and `--name` words of its option lines
/// (`  -a, --agent AGENT`, `      --compare[=READINGS]`, `      --timeout SECONDS, --user-agent TEXT`).
pub fn documented(help: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for line in help.lines() {
        let rest = line.trim_start();
        if rest.len() == line.len() || !rest.starts_with('-') {
            continue;
        }
        for word in rest.split([' ', ',', '[', '=', ')', ';']) {
            let name = word.trim_start_matches('-');
            let option = word.starts_with('-') && name.starts_with(|c: char| c.is_ascii_alphabetic());
            if option && !out.iter().any(|o| o == word) {
                out.push(word.to_string());
            }
        }
    }
    out
}

/// One item of the command line.
#[derive(Debug, PartialEq, Eq)]
pub enum Arg {
    /// An option, by the name it was written with (`-a`, `--agent`); a value is fetched with
    /// [`Parser::value`].
    Opt(String),
    /// A positional argument.
    Pos(OsString),
}

/// Walks the arguments of one command.
#[derive(Debug)]
pub struct Parser {
    command: &'static str,
    inner: lexopt::Parser,
    /// The option last returned, for messages.
    last: String,
}

impl Parser {
    /// A parser for the arguments of `command` (used in messages and in the `--help` hint).
    pub fn new(command: &'static str, args: Vec<OsString>) -> Parser {
        Parser { command, inner: lexopt::Parser::from_args(args), last: String::new() }
    }

    /// The next item, or `None` at the end.
    pub fn next_arg(&mut self) -> Result<Option<Arg>, Failure> {
        let arg = match self.inner.next() {
            Ok(Some(lexopt::Arg::Short(c))) => format!("-{c}"),
            Ok(Some(lexopt::Arg::Long(name))) => format!("--{name}"),
            Ok(Some(lexopt::Arg::Value(v))) => return Ok(Some(Arg::Pos(v))),
            Ok(None) => return Ok(None),
            Err(e) => return Err(self.lexopt_error(e)),
        };
        self.last.clone_from(&arg);
        Ok(Some(Arg::Opt(arg)))
    }

    /// The value of the option just returned: attached (`--agent=X`, `-aX`), or the next argument.
    pub fn value(&mut self) -> Result<OsString, Failure> {
        self.inner.value().map_err(|e| self.lexopt_error(e))
    }

    /// The value attached to the option just returned (`--compare=X`), if any: an option whose value is optional
    /// never takes the next argument, which stays a positional argument.
    pub fn optional_value(&mut self) -> Option<OsString> {
        self.inner.optional_value()
    }

    /// The value of the option just returned, as UTF-8 text.
    pub fn string_value(&mut self) -> Result<String, Failure> {
        let v = self.value()?;
        let what = format!("the value of '{}'", self.last);
        self.utf8(v, &what)
    }

    /// The value of the option just returned, one of the names of `choices`; `unknown` words the usage error
    /// for any other value.
    pub fn choice<T: Copy>(&mut self, choices: &[(&str, T)], unknown: fn(&str) -> String) -> Result<T, Failure> {
        let v = self.string_value()?;
        choices.iter().find(|(name, _)| *name == v).map(|&(_, t)| t).ok_or_else(|| self.usage(unknown(&v)))
    }

    fn lexopt_error(&self, e: lexopt::Error) -> Failure {
        let message = match e {
            lexopt::Error::MissingValue { .. } => format!("option '{}' needs a value", self.last),
            lexopt::Error::UnexpectedValue { option, .. } => format!("option '{option}' takes no value"),
            other => other.to_string(),
        };
        self.usage(message)
    }

    /// `arg` as UTF-8 text, or a usage error naming `what` it is.
    pub fn utf8(&self, arg: OsString, what: &str) -> Result<String, Failure> {
        arg.into_string().map_err(|a| self.usage(format!("{what} is not valid UTF-8: '{}'", a.to_string_lossy())))
    }

    /// The error for an option this command does not know, with the closest it documents when it looks like a
    /// typo: its own options, and those every command takes (`--color`), read from the help texts only here.
    pub fn unknown(&self, name: &str) -> Failure {
        let help = format!("{}\n{}", crate::help_of(self.command).unwrap_or_default(), crate::MAIN_HELP);
        let known = documented(&help);
        let hint = crate::suggest::hint(name, known.iter().map(String::as_str));
        self.usage(format!("unknown option '{name}'{hint}"))
    }

    /// A usage error for this command.
    pub fn usage(&self, message: String) -> Failure {
        Failure::Usage { message, command: Some(self.command) }
    }
}

/// How a path is shown in messages.
pub fn shown_path(path: &OsStr) -> String {
    if path == "-" {
        String::from("<stdin>")
    } else {
        path.to_string_lossy().into_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parser(args: &[&str]) -> Parser {
        Parser::new("check", args.iter().map(OsString::from).collect())
    }

    #[test]
    fn the_options_a_help_text_documents() {
        let help = [
            "Usage: robotscope x [OPTIONS] FILE",
            "",
            "Options:",
            "  -a, --agent AGENT   An agent, such as",
            "                      Googlebot",
            "      --compare[=READINGS]",
            "                      Compare",
            "      --json          JSON",
        ]
        .join("\n");
        let help = help.as_str();
        assert_eq!(documented(help), ["-a", "--agent", "--compare", "--json"]);
        let net = documented("      --timeout SECONDS, --user-agent TEXT  Both (see --timeout)\n");
        assert_eq!(net, ["--timeout", "--user-agent"]);
        let check = documented(&crate::check::help());
        let wanted = ["--brief", "--compare", "--timeout", "--user-agent", "-v", "--verbose", "--help"];
        assert!(wanted.iter().all(|o| check.iter().any(|c| c == o)), "{check:?}");
    }

    #[test]
    fn options_values_and_positionals() {
        let mut p = parser(&["f", "--agent=A", "-a", "B", "-aC", "-", "--", "--json"]);
        assert_eq!(p.next_arg().unwrap(), Some(Arg::Pos("f".into())));
        assert_eq!(p.next_arg().unwrap(), Some(Arg::Opt("--agent".into())));
        assert_eq!(p.string_value().unwrap(), "A");
        assert_eq!(p.next_arg().unwrap(), Some(Arg::Opt("-a".into())));
        assert_eq!(p.string_value().unwrap(), "B");
        assert_eq!(p.next_arg().unwrap(), Some(Arg::Opt("-a".into())));
        assert_eq!(p.string_value().unwrap(), "C");
        assert_eq!(p.next_arg().unwrap(), Some(Arg::Pos("-".into())));
        assert_eq!(p.next_arg().unwrap(), Some(Arg::Pos("--json".into())));
        assert_eq!(p.next_arg().unwrap(), None);
    }

    #[test]
    fn flag_with_value_and_missing_value_are_errors() {
        let mut p = parser(&["--json=yes"]);
        assert_eq!(p.next_arg().unwrap(), Some(Arg::Opt("--json".into())));
        assert!(p.next_arg().is_err());
        let mut p = parser(&["--agent"]);
        p.next_arg().unwrap();
        assert!(p.value().is_err());
    }

    #[test]
    fn empty_value_is_kept() {
        let mut p = parser(&["--agent", ""]);
        p.next_arg().unwrap();
        assert_eq!(p.string_value().unwrap(), "");
    }
}
