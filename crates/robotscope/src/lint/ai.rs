//! The AI-era diagnostics (feature `ai-lint`): merged groups whose allow ties a disallow, search crawlers caught
//! in a training blocklist, retired tokens.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{lossy, DiagnosticKind, Linter, Severity};
use crate::pushed;

impl Linter<'_> {
    /// The traps of AI-era files: merged groups whose allow ties a disallow, search crawlers caught in a
    /// training blocklist, retired tokens.
    pub(super) fn ai(&mut self) {
        let robots = self.robots;
        // Groups by agent (`*` under the empty key), in file order.
        let mut by_agent: BTreeMap<Vec<u8>, Vec<usize>> = BTreeMap::new();
        for g in robots.groups() {
            for a in g.agents() {
                let key = if a.global { Vec::new() } else { a.token.to_ascii_lowercase() };
                if a.global || !a.token.is_empty() {
                    let entry = by_agent.entry(key).or_default();
                    if entry.last() != Some(&g.index) {
                        entry.push(g.index);
                    }
                }
            }
        }
        let cloudflare = robots
            .lines()
            .find(|l| {
                const MARKER: &[u8] = b"# BEGIN Cloudflare Managed content";
                robots.text(l.span).windows(MARKER.len()).any(|w| w.eq_ignore_ascii_case(MARKER))
            })
            .map(|l| l.number);
        // Whether a pattern matches every path: `/`, `*`, `/*`, `**`...
        let matches_all = |p: &[u8]| {
            !p.is_empty()
                && p.iter().all(|&c| c == b'*' || c == b'/')
                && p.iter().filter(|&&c| c == b'/').count() <= 1
                && (p[0] == b'/' || p[0] == b'*')
        };
        for (key, groups) in &by_agent {
            if groups.len() < 2 {
                continue;
            }
            let rules: Vec<crate::Rule<'_>> =
                pushed(groups.iter().filter_map(|&g| robots.group(g)).flat_map(|g| pushed(g.rules())));
            // The allows a disallow can tie, found in one pass (a scan per disallow was quadratic: 18 s for a file
            // of 50,000 repeated groups): by pattern, and by length for the match-everything patterns. Each keeps
            // the first allow and the first from another group, so the first allow outside any given group is one
            // of the two.
            let mut by_pattern: BTreeMap<&[u8], Ties> = BTreeMap::new();
            let mut by_length: BTreeMap<usize, Ties> = BTreeMap::new();
            for (i, a) in rules.iter().enumerate().filter(|(_, r)| r.kind == crate::RuleKind::Allow) {
                by_pattern.entry(a.pattern).or_default().add(i, a.group);
                if matches_all(a.pattern) {
                    by_length.entry(a.pattern.len()).or_default().add(i, a.group);
                }
            }
            for d in rules.iter().filter(|r| r.kind == crate::RuleKind::Disallow && !r.pattern.is_empty()) {
                let exact = by_pattern.get(d.pattern).and_then(|t| t.outside(d.group));
                let all =
                    by_length.get(&d.pattern.len()).filter(|_| matches_all(d.pattern)).and_then(|t| t.outside(d.group));
                let first = match (exact, all) {
                    (Some(x), Some(y)) => Some(x.min(y)),
                    (x, y) => x.or(y),
                };
                let Some(a) = first.map(|i| &rules[i]) else { continue };
                let who = if key.is_empty() { String::from("`*`") } else { format!("`{}`", lossy(key)) };
                let marker = cloudflare
                    .map(|l| format!(" (Cloudflare's managed block, from line {l}, adds one of these groups)"))
                    .unwrap_or_default();
                self.push(DiagnosticKind::MergedGroupTie, Severity::Error, d.line, d.value_span, || {
                    (
                        format!(
                            "{who} has several groups{marker}, and Google merges them: `Allow: {}` (line {}) ties \
                             `Disallow: {}` at priority {}, and ties go to Allow, so this `Disallow` does nothing",
                            lossy(a.value),
                            a.line,
                            lossy(d.value),
                            d.pattern.len()
                        ),
                        Some(format!(
                            "remove `Allow: {}` on line {}, or make the `Disallow` longer (such as `/*`)",
                            lossy(a.value),
                            a.line
                        )),
                    )
                });
            }
        }
        let mut claudebot_named: Option<bool> = None;
        for g in robots.groups() {
            let agents: Vec<_> = pushed(g.agents());
            let blocks_all = g.rules().any(|r| r.kind == crate::RuleKind::Disallow && matches_all(r.pattern));
            let kind_of = |a: &crate::UserAgent<'_>| {
                core::str::from_utf8(a.token).ok().and_then(crate::agent::crawler).map(|c| (c, c.kind))
            };
            let trainer = agents.iter().filter_map(kind_of).find(|(_, k)| *k == crate::CrawlerKind::AiTraining);
            if let (true, Some((trainer, _))) = (blocks_all, trainer) {
                for a in &agents {
                    let Some((c, kind)) = kind_of(a) else { continue };
                    let kinds =
                        [crate::CrawlerKind::AiSearch, crate::CrawlerKind::UserTriggered, crate::CrawlerKind::Search];
                    if !kinds.contains(&kind) {
                        continue;
                    }
                    let trainer_token = trainer.tokens[0];
                    let what = match kind {
                        crate::CrawlerKind::AiSearch => "AI search crawler",
                        crate::CrawlerKind::UserTriggered => "fetcher for user requests",
                        _ => "search crawler",
                    };
                    self.push(DiagnosticKind::AiSearchBlocked, Severity::Warning, a.line, a.value_span, || {
                        (
                            format!(
                                "`{}` is disallowed together with training crawlers, but it is {}'s {what}: this \
                                 group keeps the site out of it",
                                c.tokens[0], c.operator
                            ),
                            Some(format!(
                                "did you mean to block only training crawlers such as `{trainer_token}`? Then give \
                                 `{}` its own group",
                                c.tokens[0]
                            )),
                        )
                    });
                }
            }
            for a in &agents {
                if a.token.eq_ignore_ascii_case(b"anthropic-ai") || a.token.eq_ignore_ascii_case(b"Claude-Web") {
                    // Looked up once for the file, not once per retired token (that was quadratic).
                    let missing = !*claudebot_named.get_or_insert_with(|| robots.has_own_group("ClaudeBot"));
                    let severity = if missing { Severity::Warning } else { Severity::Info };
                    self.push(DiagnosticKind::DeprecatedAgent, severity, a.line, a.value_span, || {
                        (
                            format!(
                                "`{}` is a retired token of Anthropic's crawler; Anthropic's current tokens are \
                                 ClaudeBot (training), Claude-SearchBot (search) and Claude-User (user requests){}",
                                lossy(a.token),
                                if missing { ", and this file names none of them" } else { "" }
                            ),
                            missing.then(|| String::from("add `User-agent: ClaudeBot` to this group")),
                        )
                    });
                }
            }
        }
    }
}

/// The first two allows of a pattern in file order that lie in different groups (for the merged-group tie).
#[derive(Default)]
struct Ties {
    first: Option<(usize, Option<usize>)>,
    other: Option<usize>,
}

impl Ties {
    /// Records rule `index` of group `group`.
    fn add(&mut self, index: usize, group: Option<usize>) {
        match self.first {
            None => self.first = Some((index, group)),
            Some((_, g)) if g != group && self.other.is_none() => self.other = Some(index),
            Some(_) => {}
        }
    }

    /// The first recorded allow outside `group`.
    fn outside(&self, group: Option<usize>) -> Option<usize> {
        let (index, g) = self.first?;
        if g != group {
            Some(index)
        } else {
            self.other
        }
    }
}
