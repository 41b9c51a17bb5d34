//! Usage-preference diagnostics (feature `ai-lint`): `Content-Signal` and `Content-Usage` lines that validators
//! or AI crawlers read differently.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{lossy, DiagnosticKind, Linter, Severity};

impl Linter<'_> {
    /// `Content-Signal` and `Content-Usage` lines that validators or AI crawlers read differently.
    pub(super) fn usage(&mut self) {
        let robots = self.robots;
        for d in robots.other_directives() {
            if d.key.eq_ignore_ascii_case(b"content-signal") {
                if d.group.is_none() {
                    self.push(DiagnosticKind::ContentSignalOutsideGroup, Severity::Info, d.line, d.value_span, || {
                        (
                            "`Content-Signal` comes before any `User-agent` line: Cloudflare's policy puts it in the \
                             `User-agent: *` group, and readers differ on whether a line here applies to the whole \
                             site"
                                .into(),
                            Some("move it under `User-agent: *`".into()),
                        )
                    });
                }
                let mut problems: Vec<String> = Vec::new();
                for piece in d.value.split(|&c| c == b',') {
                    let piece = piece.trim_ascii();
                    if piece.is_empty() {
                        continue;
                    }
                    let Some(eq) = piece.iter().position(|&c| c == b'=') else {
                        problems.push(format!("`{}` has no `=value`", lossy(piece)));
                        continue;
                    };
                    let (k, v) = (piece[..eq].trim_ascii(), piece[eq + 1..].trim_ascii());
                    if k == b"use" {
                        // Cloudflare's managed files carry `use=reference` since 2026-07-01.
                        if !crate::usage::CONTENT_USE_VALUES.iter().any(|x| v.eq_ignore_ascii_case(x.as_bytes())) {
                            problems.push(format!("`use={}`: `use` is `immediate`, `reference` or `full`", lossy(v)));
                        }
                        continue;
                    }
                    if !crate::CONTENT_SIGNAL_KEYS.iter().any(|x| x.as_bytes() == k) {
                        problems.push(format!(
                            "`{}` is not a signal (the policy defines `search`, `ai-input`, `ai-train` and `use`)",
                            lossy(k)
                        ));
                    }
                    if !(v.eq_ignore_ascii_case(b"yes") || v.eq_ignore_ascii_case(b"no")) {
                        problems.push(format!("`{}={}`: a value is `yes` or `no`", lossy(k), lossy(v)));
                    }
                }
                if !problems.is_empty() {
                    self.push(DiagnosticKind::ContentSignalInvalid, Severity::Warning, d.line, d.value_span, || {
                        (
                            format!(
                                "AI crawlers that read Content Signals cannot read all of this line: {}",
                                problems.join("; ")
                            ),
                            Some("write it as `Content-Signal: search=yes, ai-input=no, ai-train=no`".into()),
                        )
                    });
                }
            } else if d.key.eq_ignore_ascii_case(b"content-usage") {
                let (_, prefs) = crate::usage::split_usage(d.value);
                // A line without a path is valid (`draft-ietf-aipref-attach-05`): it covers every path the group
                // may crawl.
                let star = d.value.trim_ascii_start().first() == Some(&b'*');
                let problem = if d.group.is_none() {
                    Some(String::from(
                        "`Content-Usage` comes before any `User-agent` line, so it applies to no crawler (IETF draft)",
                    ))
                } else if star && crate::usage::parse_preferences(prefs).is_none() {
                    Some(String::from(
                        "a path starts with `/` (IETF draft): a value that starts with `*` has no path, so all of \
                         it is read as preferences, which do not parse, and every preference is unknown",
                    ))
                } else if crate::usage::parse_preferences(prefs).is_none() {
                    let upper = prefs.iter().any(u8::is_ascii_uppercase);
                    Some(if upper {
                        String::from(
                            "preference keys are case-sensitive and lower-case (IETF draft): with upper-case letters \
                             the line does not parse, so every preference is unknown",
                        )
                    } else {
                        format!(
                            "`{}` is not a valid Structured Fields dictionary (IETF draft), so every preference is \
                             unknown",
                            lossy(prefs)
                        )
                    })
                } else {
                    None
                };
                if let Some(message) = problem {
                    self.push(DiagnosticKind::ContentUsageInvalid, Severity::Warning, d.line, d.value_span, || {
                        let fix = if star {
                            "start the path with `/`, such as `Content-Usage: /*.pdf train-ai=n`"
                        } else {
                            "write it as `Content-Usage: train-ai=n`, or `Content-Usage: /path/ train-ai=n`, inside a \
                             group"
                        };
                        (message, Some(fix.into()))
                    });
                }
            }
        }
    }
}
