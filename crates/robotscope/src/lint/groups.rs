//! Group diagnostics: rules outside any group, rules and user agents that join a group their reader thinks
//! ended, empty groups, repeated agents, agents that lose the `*` rules, and conflicting or repeated rules.

use alloc::collections::BTreeMap;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use super::{lossy, DiagnosticKind, Linter, Severity};
use crate::lines::{KeyKind, Line};
use crate::pushed;
use crate::Span;

impl Linter<'_> {
    pub(super) fn groups(&mut self) {
        let robots = self.robots;
        // Rules before the first group.
        for r in robots.rules().filter(|r| r.group.is_none()) {
            self.push(DiagnosticKind::RuleOutsideGroup, Severity::Error, r.line, r.value_span, || {
                (
                    "this rule comes before any `User-agent` line, so no crawler obeys it".into(),
                    Some("put a `User-agent: *` line (or the crawler's name) above it".into()),
                )
            });
        }
        // For each line, whether it is blank or holds a directive: what separates user-agent lines visually.
        let separator: Vec<bool> = if robots.groups().len() > 0 {
            pushed(robots.lines().map(|l| l.metadata.is_empty || l.directive.is_some()))
        } else {
            Vec::new()
        };
        let mut by_token: BTreeMap<Vec<u8>, Vec<usize>> = BTreeMap::new();
        // Groups that block everything (`Disallow: /`): ignoring `*` changes nothing for them.
        let blocks_all: Vec<bool> = pushed(robots.groups().map(|g| {
            g.rules().any(|r| r.kind == crate::RuleKind::Disallow && (r.pattern == b"/" || r.pattern == b"/*"))
        }));
        // Groups whose only rules are `Allow: /` (or `/*`): they say in so many words that their crawlers may fetch
        // everything, so that they fetch the `*` group's exceptions too is what they say, not an oversight (the
        // shape of draft-ietf-aipref-attach-05's example, whose named group exists for its Content-Usage line).
        // Still said, as information.
        let allows_all: Vec<bool> = pushed(robots.groups().map(|g| {
            let mut rules = g.rules().peekable();
            rules.peek().is_some()
                && rules.all(|r| r.kind == crate::RuleKind::Allow && (r.pattern == b"/" || r.pattern == b"/*"))
        }));
        let mut global_rules: Vec<usize> = Vec::new();
        let mut global: Vec<crate::Rule<'_>> = Vec::new();
        // For each line, what may make a reader think the group ended before it: a `Sitemap:` line, a blank
        // line, or a line with another key (`Crawl-delay`, `Content-Usage`, an unknown key).
        let (sitemap_line, blank_line, other_line): (Vec<bool>, Vec<bool>, Vec<bool>) = if separator.is_empty() {
            (Vec::new(), Vec::new(), Vec::new())
        } else {
            let lines: Vec<_> = pushed(robots.lines());
            let kind = |l: &Line| l.directive.as_ref().map(|d| d.kind);
            (
                pushed(lines.iter().map(|l| kind(l) == Some(KeyKind::Sitemap))),
                pushed(lines.iter().map(|l| l.metadata.is_empty)),
                pushed(lines.iter().map(|l| kind(l) == Some(KeyKind::Unknown))),
            )
        };
        for g in robots.groups() {
            let agents: Vec<_> = pushed(g.agents());
            // Rules after a `Sitemap:` line, or after a blank line and another non-group line, look like the
            // start of something new but join this group (Google's matcher confirms: google/robotstxt#51).
            let group_rules: Vec<_> = pushed(g.rules());
            for pair in group_rules.windows(2) {
                let between = pair[0].line..pair[1].line.saturating_sub(1);
                let any = |v: &[bool]| v.get(between.clone()).is_some_and(|s| s.iter().any(|&b| b));
                let after_sitemap = any(&sitemap_line);
                if !(after_sitemap || (any(&blank_line) && any(&other_line))) {
                    continue;
                }
                let first = agents.first().map_or(0, |a| a.line);
                let names: Vec<String> = pushed(agents.iter().map(|a| lossy(a.value)));
                let what = if after_sitemap { "a `Sitemap:` line" } else { "a blank line and another line" };
                let r = pair[1];
                self.push(DiagnosticKind::RuleJoinsGroup, Severity::Warning, r.line, r.value_span, || {
                    (
                        format!(
                            "this rule comes after {what}, but it still belongs to the group for {} that starts on \
                             line {first}: only a `User-agent` line starts a new group",
                            names.join(", ")
                        ),
                        Some(
                            "put a `User-agent` line above it for the crawlers it is meant for, or move it up into \
                             its group"
                                .into(),
                        ),
                    )
                });
            }
            // User-agent lines with blank lines or other directives between them still form one group.
            for pair in agents.windows(2) {
                let separated = separator[pair[0].line..pair[1].line - 1].iter().any(|&s| s);
                if separated {
                    let first = agents[0].line;
                    let (line, span) = (pair[1].line, pair[1].value_span);
                    self.push(DiagnosticKind::UserAgentsMerged, Severity::Warning, line, span, || {
                        (
                            format!(
                                "`User-agent: {}` joins the group that starts on line {first}: only rules end a \
                                 group, not blank lines or other lines",
                                lossy(pair[1].value)
                            ),
                            Some(
                                "if the crawlers above should have rules of their own, give them rules before this \
                                 line"
                                    .into(),
                            ),
                        )
                    });
                }
            }
            let rules: Vec<_> = pushed(g.rules());
            if rules.is_empty() {
                let last = agents.last().map_or(0, |a| a.line);
                let names: Vec<String> = pushed(agents.iter().map(|a| lossy(a.value)));
                self.push(
                    DiagnosticKind::EmptyGroup,
                    Severity::Warning,
                    last,
                    agents.last().map_or(Span::default(), |a| a.value_span),
                    || {
                        (
                            format!(
                        "the group for {} has no rules: those crawlers may fetch everything, and they ignore the `*` \
                         group",
                        names.join(", ")
                    ),
                            Some("add `Disallow:` to say so explicitly, or add rules".into()),
                        )
                    },
                );
            }
            if agents.iter().any(|a| a.global) {
                // Groups come in file order, so the list stays sorted.
                for r in rules.iter().filter(|r| !r.pattern.is_empty()) {
                    global_rules.push(r.line);
                    global.push(*r);
                }
            }
            for a in &agents {
                if !a.global && !a.token.is_empty() {
                    let entry = by_token.entry(a.token.to_ascii_lowercase()).or_default();
                    if entry.last() != Some(&g.index) {
                        entry.push(g.index);
                    }
                }
            }
            self.conflicts(&rules);
        }
        // The allowlist shape: the `*` rules block everything (a `Disallow: /` that no `Allow: /` ties), so a
        // crawler without a group of its own may fetch nothing, and each named group says what its crawlers may
        // fetch. That they ignore the `*` group is the point; only its other rules can still matter to them.
        let blanket = |r: &crate::Rule<'_>| r.pattern == b"/" || r.pattern == b"/*";
        let allowlist = global.iter().find(|r| r.kind == crate::RuleKind::Disallow && blanket(r)).copied();
        let allowlist = allowlist.filter(|_| !global.iter().any(|r| r.kind == crate::RuleKind::Allow && blanket(r)));
        // Named crawlers that lose nothing but the blanket rule: the tokens, for the one note.
        let mut opened: Vec<String> = Vec::new();
        for (token, groups) in &by_token {
            let first = robots.group(groups[0]).map(|g| pushed(g.agents())).unwrap_or_default();
            let Some(agent) = first.iter().find(|a| !a.global && a.token.eq_ignore_ascii_case(token)) else {
                continue;
            };
            if groups.len() > 1 {
                let starts: Vec<String> =
                    pushed(groups.iter().filter_map(|&g| robots.group(g)).map(|g| g.line_range().0.to_string()));
                self.push(DiagnosticKind::RepeatedAgent, Severity::Info, agent.line, agent.value_span, || {
                    (
                        format!(
                            "`{}` has {} groups (starting on lines {}); Google merges them into one",
                            lossy(agent.token),
                            groups.len(),
                            starts.join(", ")
                        ),
                        Some("keep one group per crawler so that readers see all its rules together".into()),
                    )
                });
            }
            let own_has_global = first.iter().any(|a| a.global);
            let blocked = groups.iter().any(|&g| blocks_all[g]);
            if global_rules.is_empty() || own_has_global || blocked {
                continue;
            }
            let severity = if groups.iter().all(|&g| allows_all[g]) { Severity::Info } else { Severity::Warning };
            let Some(all) = allowlist else {
                let list: Vec<String> = pushed(global_rules.iter().take(8).map(|l| l.to_string()));
                let more = if global_rules.len() > 8 { ", …" } else { "" };
                let word = if global_rules.len() == 1 { "line" } else { "lines" };
                self.push(DiagnosticKind::GlobalRulesIgnored, severity, agent.line, agent.value_span, || {
                    (
                        format!(
                            "`{}` has its own group, so it ignores every `*` rule ({word} {}{more})",
                            lossy(agent.token),
                            list.join(", ")
                        ),
                        Some(format!("repeat the `*` rules that should apply to {} in its group", lossy(agent.token))),
                    )
                });
                continue;
            };
            let needed = still_needed(robots, agent.token, &global);
            if needed.is_empty() {
                opened.push(lossy(agent.token));
                continue;
            }
            let list: Vec<String> = pushed(needed.iter().take(8).map(|l| l.to_string()));
            let more = if needed.len() > 8 { ", …" } else { "" };
            let word = if needed.len() == 1 { "line" } else { "lines" };
            self.push(DiagnosticKind::GlobalRulesIgnored, severity, agent.line, agent.value_span, || {
                (
                    format!(
                        "`{}` has its own group, so it ignores the `*` rules, and its group answers otherwise at the \
                         paths of {word} {}{more}",
                        lossy(agent.token),
                        list.join(", ")
                    ),
                    Some(format!(
                        "repeat {word} {}{more} in its group if {} should follow them (not line {}, which would \
                         block it)",
                        list.join(", "),
                        lossy(agent.token),
                        all.line
                    )),
                )
            });
        }
        if let (Some(all), false) = (allowlist, opened.is_empty()) {
            let n = opened.len();
            let names: Vec<String> = pushed(opened.iter().take(8).cloned());
            let more = if n > 8 { ", …" } else { "" };
            let who = if n == 1 { "1 crawler".to_string() } else { format!("{n} crawlers") };
            self.push(DiagnosticKind::Allowlist, Severity::Info, all.line, all.value_span, || {
                (
                    format!(
                        "an allowlist: the `*` group blocks everything here, and {who} with groups of their own \
                         ({}{more}) ignore it and may fetch what their own groups allow",
                        names.join(", ")
                    ),
                    None,
                )
            });
        }
    }

    fn conflicts(&mut self, rules: &[crate::Rule<'_>]) {
        let mut seen: BTreeMap<(&[u8], bool), usize> = BTreeMap::new();
        for r in rules {
            let allow = r.kind == crate::RuleKind::Allow;
            if let Some(&first) = seen.get(&(r.pattern, allow)) {
                self.push(DiagnosticKind::DuplicateRule, Severity::Info, r.line, r.value_span, || {
                    (format!("the same rule is on line {first}"), Some("delete one of them".into()))
                });
                continue;
            }
            if let Some(&other) = seen.get(&(r.pattern, !allow)) {
                if !r.pattern.is_empty() {
                    self.push(DiagnosticKind::AllowDisallowConflict, Severity::Warning, r.line, r.value_span, || {
                        (
                            format!(
                            "`{}` is both allowed and disallowed (line {other}); equal priority goes to Allow, so it \
                             is allowed",
                            lossy(r.value)
                        ),
                            Some("delete the rule that should not apply".into()),
                        )
                    });
                }
            }
            seen.insert((r.pattern, allow), r.line);
        }
    }
}

/// At most this many `*` rules are compared with each named crawler's answers in an allowlist.
const ALLOWLIST_RULES: usize = 256;

/// The lines of the `*` rules (besides the blanket `Disallow: /`) that the crawler named `token` answers
/// otherwise than they do at their own path: a `Disallow` its group allows there, an `Allow` its group
/// disallows. Each rule's path is its pattern without `*` and a final `$`, which the rule itself matches.
fn still_needed(robots: &crate::Robots, token: &[u8], global: &[crate::Rule<'_>]) -> Vec<usize> {
    let token = core::str::from_utf8(token).unwrap_or("");
    let matcher = robots.matcher(&[token][..]);
    let mut out = Vec::new();
    for r in global.iter().filter(|r| r.pattern != b"/" && r.pattern != b"/*").take(ALLOWLIST_RULES) {
        let pattern = r.pattern.strip_suffix(b"$").unwrap_or(r.pattern);
        let path: Vec<u8> = pushed(pattern.iter().copied().filter(|&b| b != b'*'));
        if path.first() != Some(&b'/') {
            continue;
        }
        let allowed = matcher.decide(&String::from_utf8_lossy(&path)).0;
        if allowed == (r.kind == crate::RuleKind::Disallow) {
            out.push(r.line);
        }
    }
    out
}
