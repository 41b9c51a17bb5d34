//! Interpretation-profile diagnostics (feature `profile-lint`): lines only Google reads as written, and files
//! that Google and RFC 9309 crawlers answer differently.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{canonical, lossy, DiagnosticKind, Linter, Severity};
use crate::pushed;
use crate::Span;

impl Linter<'_> {
    /// Lines only Google reads as written, and files that Google and RFC 9309 crawlers answer differently.
    pub(super) fn profiles(&mut self) {
        use crate::{Ignored, Profile};
        let robots = self.robots;
        let rfc = robots.reading(Profile::Rfc9309);
        // The ignored lines come in file order, as the lines do.
        let mut ignored = rfc.ignored().iter().peekable();
        for line in robots.lines() {
            let (Some(i), Some(d)) = (ignored.next_if(|i| i.line == line.number), line.directive) else { continue };
            let word = canonical(d.kind);
            let value = lossy(robots.text(d.value));
            let (why, help) = match i.why {
                Ignored::NotAToken if value.is_empty() => {
                    ("the value is empty, so it names no crawler".into(), "write a product token, or `*`".into())
                }
                Ignored::NotAToken => {
                    let v = robots.text(d.value);
                    let token = if v.first() == Some(&b'*') { &v[..1] } else { &v[..crate::agent::token_len(v)] };
                    let google = if token.is_empty() {
                        String::from("reduces it to an empty token")
                    } else {
                        format!("reads it as `{}`", lossy(token))
                    };
                    (
                        format!(
                            "`{value}` is neither a product token (letters, `-` and `_`) nor `*`, so it names no \
                             crawler (Google {google})"
                        ),
                        "write the product token alone, such as `User-agent: Googlebot`, or `*`".into(),
                    )
                }
                Ignored::MissingColon => ("the key is not followed by `:`".into(), format!("write `{word}: {value}`")),
                _ => (
                    format!("its key is not exactly `{word}`, which Google accepts"),
                    format!("write `{word}: {value}`"),
                ),
            };
            self.push(DiagnosticKind::Rfc9309IgnoresLine, Severity::Info, i.line, i.span, || {
                (format!("RFC 9309 crawlers ignore this line: {why}"), Some(help))
            });
        }
        self.disagreement(&rfc);
    }

    /// One diagnostic when Google and RFC 9309 crawlers answer differently for the paths of the file's rules
    /// (at most 32, and `/`) and the agents it names (at most 8, and one it does not name): at most 297 queries.
    fn disagreement(&mut self, rfc: &crate::Reading<'_>) {
        let robots = self.robots;
        let mut paths: Vec<Vec<u8>> = alloc::vec![b"/".to_vec()];
        for r in robots.rules().filter(|r| r.group.is_some()) {
            // The rule's path with its wildcards matching nothing; `/robots.txt` is not a page.
            let body = r.pattern.strip_suffix(b"$").unwrap_or(r.pattern);
            let path: Vec<u8> = pushed(body.iter().copied().filter(|&c| c != b'*'));
            if path.first() == Some(&b'/') && path != b"/robots.txt" && !paths.contains(&path) {
                paths.push(path);
            }
            if paths.len() > 32 {
                break;
            }
        }
        let mut agents: Vec<String> = Vec::new();
        for a in robots.groups().flat_map(|g| pushed(g.agents())) {
            let token = String::from_utf8_lossy(a.token).into_owned();
            if !a.global
                && !token.is_empty()
                && agents.len() < 8
                && !agents.iter().any(|t| t.eq_ignore_ascii_case(&token))
            {
                agents.push(token);
            }
        }
        let other = "Any-Other-Crawler";
        if !robots.has_own_group(other) {
            agents.push(other.into());
        }
        let (mut first, mut differ, mut total) = (None, 0usize, 0usize);
        for agent in &agents {
            // A few dozen paths per agent: building the index of literal starts for a large group would cost more
            // than it saves (the hostile benchmark's merged groups measured it).
            let google = robots.matcher_with_index(agent.as_str(), false);
            for path in &paths {
                let path = String::from_utf8_lossy(path);
                let (allowed, line) = google.decide(&path);
                let v = rfc.check(agent.as_str(), &path);
                total += 1;
                if v.allowed != allowed {
                    differ += 1;
                    first.get_or_insert((agent.clone(), path.into_owned(), allowed, line, v.line));
                }
            }
        }
        let Some((agent, path, allowed, line, rfc_line)) = first else { return };
        let at = [line, rfc_line].into_iter().find(|&l| l != 0).unwrap_or(1);
        let span = robots.lines().nth(at - 1).map_or(Span::default(), |l| crate::lines::trim(robots.source(), l.read));
        let word = |allowed: bool| if allowed { "allowed" } else { "disallowed" };
        let by = |l: usize| if l == 0 { String::from("no rule decides") } else { format!("line {l}") };
        self.push(DiagnosticKind::ProfilesDisagree, Severity::Warning, at, span, || {
            (
                format!(
                    "Google and RFC 9309 crawlers read this file differently: for `{agent}`, `{path}` is {} for \
                     Google ({}) and {} for RFC 9309 crawlers ({}); {differ} of the {total} agent and path pairs \
                     drawn from the file differ",
                    word(allowed),
                    by(line),
                    word(!allowed),
                    by(rfc_line)
                ),
                Some(
                    "write every group line as RFC 9309 does (exact keys followed by `:`, product tokens as user \
                     agents), so that all crawlers read the file alike"
                        .into(),
                ),
            )
        });
    }
}
