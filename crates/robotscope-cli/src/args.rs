//! A small command-line parser: options (`-a X`, `--agent X`, `--agent=X`, flags) and positional arguments,
//! in any order, with `--` ending the options and a lone `-` read as a positional argument (standard input).

use std::ffi::{OsStr, OsString};

use crate::Failure;

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
    args: std::vec::IntoIter<OsString>,
    /// The value given with `--name=value`, until [`Parser::value`] takes it.
    attached: Option<OsString>,
    /// The option last returned, for messages.
    last: String,
    /// After `--`, everything is positional.
    positional_only: bool,
}

impl Parser {
    /// A parser for the arguments of `command` (used in messages and in the `--help` hint).
    pub fn new(command: &'static str, args: Vec<OsString>) -> Parser {
        Parser { command, args: args.into_iter(), attached: None, last: String::new(), positional_only: false }
    }

    /// The next item, or `None` at the end.
    pub fn next_arg(&mut self) -> Result<Option<Arg>, Failure> {
        if self.attached.take().is_some() {
            return Err(self.usage(format!("option '{}' takes no value", self.last)));
        }
        let Some(arg) = self.args.next() else { return Ok(None) };
        if self.positional_only {
            return Ok(Some(Arg::Pos(arg)));
        }
        let bytes = arg.as_encoded_bytes();
        if bytes == b"--" {
            self.positional_only = true;
            return self.next_arg();
        }
        if bytes.len() < 2 || bytes[0] != b'-' {
            return Ok(Some(Arg::Pos(arg)));
        }
        let Some(text) = arg.to_str() else {
            return Err(self.usage(format!("unknown option '{}'", arg.to_string_lossy())));
        };
        let name = match text.strip_prefix("--").and_then(|rest| rest.split_once('=')) {
            Some((name, value)) => {
                self.attached = Some(OsString::from(value));
                format!("--{name}")
            }
            None => text.to_owned(),
        };
        self.last.clone_from(&name);
        Ok(Some(Arg::Opt(name)))
    }

    /// The value of the option just returned: attached with `=`, or the next argument.
    pub fn value(&mut self) -> Result<OsString, Failure> {
        if let Some(v) = self.attached.take() {
            return Ok(v);
        }
        self.args.next().ok_or_else(|| self.usage(format!("option '{}' needs a value", self.last)))
    }

    /// The value of the option just returned, as UTF-8 text.
    pub fn string_value(&mut self) -> Result<String, Failure> {
        let v = self.value()?;
        let what = format!("the value of '{}'", self.last);
        self.utf8(v, &what)
    }

    /// `arg` as UTF-8 text, or a usage error naming `what` it is.
    pub fn utf8(&self, arg: OsString, what: &str) -> Result<String, Failure> {
        arg.into_string().map_err(|a| self.usage(format!("{what} is not valid UTF-8: '{}'", a.to_string_lossy())))
    }

    /// The error for an option this command does not know.
    pub fn unknown(&self, name: &str) -> Failure {
        self.usage(format!("unknown option '{name}'"))
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
    fn options_values_and_positionals() {
        let mut p = parser(&["f", "--agent=A", "-a", "B", "-", "--", "--json"]);
        assert_eq!(p.next_arg().unwrap(), Some(Arg::Pos("f".into())));
        assert_eq!(p.next_arg().unwrap(), Some(Arg::Opt("--agent".into())));
        assert_eq!(p.string_value().unwrap(), "A");
        assert_eq!(p.next_arg().unwrap(), Some(Arg::Opt("-a".into())));
        assert_eq!(p.string_value().unwrap(), "B");
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
