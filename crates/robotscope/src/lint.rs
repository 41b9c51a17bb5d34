//! Diagnostics: what a crawler reads differently from what the author probably meant (SPEC B3).

use alloc::string::String;
use alloc::vec::Vec;

use crate::{Robots, Span};

/// How serious a diagnostic is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Severity {
    /// Worth knowing; nothing is wrong.
    Info,
    /// Probably not what the author meant, or read differently by other crawlers.
    Warning,
    /// Ignored by crawlers, or certainly not what the author meant.
    Error,
}

/// The kinds of diagnostics.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum DiagnosticKind {
    /// Placeholder.
    Todo,
}

/// One diagnostic.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// What kind.
    pub kind: DiagnosticKind,
    /// How serious.
    pub severity: Severity,
    /// The line, from 1.
    pub line: usize,
    /// The bytes concerned.
    pub span: Span,
    /// A sentence saying what the crawler reads and why it matters.
    pub message: String,
    /// A suggested fix, where there is one.
    pub help: Option<String>,
}

impl Robots {
    /// Lints the file (SPEC B3).
    pub fn diagnostics(&self) -> Vec<Diagnostic> {
        Vec::new()
    }
}
