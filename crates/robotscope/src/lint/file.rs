//! Whole-file diagnostics: an HTML page served as robots.txt, and content past a crawler's size limit.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{DiagnosticKind, Linter, Severity};
use crate::pushed;
use crate::{Span, GOOGLE_SIZE_LIMIT};

/// The fix for a file past a crawler's size limit.
const SHORTEN: &str = "shorten the file: merge rules with wildcards, drop rules for crawlers that no longer exist";

impl Linter<'_> {
    pub(super) fn whole_file(&mut self) {
        let src = self.robots.source();
        let start = crate::lines::bom_len(src);
        let head = &src[start..src.len().min(start + 1024)];
        let first = head.iter().position(|c| !c.is_ascii_whitespace());
        if let Some(p) = first {
            let lower: Vec<u8> = pushed(head[p..].iter().map(u8::to_ascii_lowercase));
            let looks_html = lower.starts_with(b"<")
                && [&b"<!doctype html"[..], b"<html", b"<head", b"<body"]
                    .iter()
                    .any(|t| lower.windows(t.len()).any(|w| w == *t));
            if looks_html {
                self.html = true;
                let span = Span::new(start + p, head.len().min(start + p + 64).max(start + p));
                self.push(DiagnosticKind::HtmlBody, Severity::Error, 1, span, || {
                    (
                        "this is an HTML page, not a robots.txt: crawlers find no rules in it and may crawl everything"
                            .into(),
                        Some("serve a plain-text robots.txt at /robots.txt (or a 404 if you have none)".into()),
                    )
                });
            }
        }
        if let Some(full) = self.robots.cut_from() {
            // The file was cut when it was parsed: say so at the cut.
            let (line, span) = (self.robots.line_count(), Span::new(src.len(), src.len()));
            self.push(DiagnosticKind::PastSizeLimit, Severity::Warning, line, span, || {
                (
                    format!(
                        "the file is {full} bytes long; only the first {} were read, as a crawler with that limit \
                         reads them (Google reads 500 KiB)",
                        src.len()
                    ),
                    Some(SHORTEN.into()),
                )
            });
        }
    }

    /// Google's 500 KiB cut on a file parsed whole: the lines and rules Google never reads.
    pub(super) fn past_size_limit(&mut self) {
        let src = self.robots.source();
        if self.robots.cut_from().is_none() && src.len() > GOOGLE_SIZE_LIMIT {
            let line = self.robots.lines().find(|l| l.span.end >= GOOGLE_SIZE_LIMIT).map_or(1, |l| l.number);
            let ignored = self.robots.rules().filter(|r| r.value_span.start >= GOOGLE_SIZE_LIMIT).count();
            let span = Span::new(GOOGLE_SIZE_LIMIT, src.len());
            // Rules past the cut are rules Google never obeys: an error, since verdicts change with them.
            let severity = if ignored > 0 { Severity::Error } else { Severity::Warning };
            self.push(DiagnosticKind::PastSizeLimit, severity, line, span, || {
                let lost = match ignored {
                    0 => String::from("no rule is lost"),
                    1 => String::from("1 rule is lost, which Google never obeys"),
                    n => format!("{n} rules are lost, which Google never obeys"),
                };
                (
                    format!(
                        "the file is {} bytes long; Google reads only the first 500 KiB (512,000 bytes), so \
                         everything from line {line} on is ignored: {lost}",
                        src.len()
                    ),
                    Some(SHORTEN.into()),
                )
            });
        }
    }
}
