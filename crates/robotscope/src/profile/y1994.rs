//! The `1994` reading: "A Standard for Robot Exclusion" (1994) as SPEC B6 restates it.
//!
//! "The file consists of one or more records separated by one or more blank lines"; "Lines containing only a
//! comment are discarded completely, and therefore do not indicate a record boundary." A record is its
//! `User-agent` lines and its `Disallow` lines ("The record starts with one or more User-agent lines, followed
//! by one or more Disallow lines"); "Unrecognised headers are ignored", and `Allow` did not exist yet. A record
//! names a robot when its value, lower-cased and without version, is part of the robot's name ("A
//! case-insensitive substring match of the name without version information is recommended"); "If the value
//! is '*', the record describes the default access policy for any robot that has not matched any of the
//! other records." "Disallow: ... any URL that starts with this value will not be retrieved", byte for byte,
//! with no wildcards, and "an empty value indicates that all URLs can be retrieved".

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{
    group_lines, ignored_line, path_text, read_lines, rule_match, IgnoredLine, Item, PAgent, PGroup, PRule, Reading,
};
use crate::pattern::find;
use crate::robots::Agents;
use crate::{Scope, Verdict};

/// A robot's or record's name as the standard compares it: without version (the text before `/`), trimmed,
/// lower-cased.
fn name_of(value: &[u8]) -> Vec<u8> {
    let name = value.split(|&c| c == b'/').next().unwrap_or(&[]);
    name.trim_ascii().to_ascii_lowercase()
}

pub(super) fn parse(src: &[u8]) -> (Vec<PGroup>, Vec<IgnoredLine>) {
    let mut records: Vec<PGroup> = Vec::new();
    let mut ignored = Vec::new();
    let mut open = false;
    for (line, item) in read_lines(src, false) {
        if line.metadata.is_empty {
            open = false;
            continue;
        }
        match item {
            None => {}
            Some(Item::Skip(why)) => ignored.push(ignored_line(src, &line, why)),
            Some(Item::Agent(value)) | Some(Item::Rule(_, value)) => {
                if !open {
                    records.push(PGroup { agents: Vec::new(), rules: Vec::new(), end: line.number });
                    open = true;
                }
                let v = &src[value.start..value.end];
                let Some(record) = records.last_mut() else { continue };
                if matches!(item, Some(Item::Agent(_))) {
                    record.agents.push(PAgent { line: line.number, value, name: name_of(v), global: v == b"*" });
                } else {
                    record.rules.push(PRule { line: line.number, allow: false, value, pattern: v.to_vec() });
                }
            }
        }
        if let (true, Some(record)) = (open, records.last_mut()) {
            record.end = line.number;
        }
    }
    (records, ignored)
}

/// The robots' names without version, lower-cased.
fn robot_names(agents: &dyn Agents) -> Vec<Vec<u8>> {
    let mut names = Vec::new();
    agents.each_agent(&mut |a| names.push(name_of(a.as_bytes())));
    names
}

/// The first agent line of `record` whose name is part of one of `robots`' names.
fn naming<'r>(record: &'r PGroup, robots: &[Vec<u8>]) -> Option<&'r PAgent> {
    record.agents.iter().find(|a| !a.global && !a.name.is_empty() && robots.iter().any(|r| find(r, &a.name).is_some()))
}

/// The first record that names one of `agents`.
pub(super) fn first_named(records: &[PGroup], agents: &dyn Agents) -> Option<usize> {
    let robots = robot_names(agents);
    records.iter().position(|g| naming(g, &robots).is_some())
}

pub(super) fn check(r: &Reading<'_>, agents: &dyn Agents, url: &str) -> Verdict {
    let (path, text) = path_text(url);
    let record = match first_named(&r.groups, agents) {
        Some(g) => Some((Scope::Specific, g)),
        None => r.groups.iter().position(|g| g.agents.iter().any(|a| a.global)).map(|g| (Scope::Global, g)),
    };
    let Some((scope, g)) = record else { return Verdict::unrestricted(text) };
    // Every `Disallow` value the path starts with; an empty one matches every path and disallows nothing.
    let matches: Vec<_> = r.groups[g]
        .rules
        .iter()
        .filter(|rule| path.starts_with(&rule.pattern))
        .map(|rule| rule_match(r.robots, rule, rule.pattern.len()))
        .collect();
    let decided_by = matches.iter().find(|m| m.priority > 0).or_else(|| matches.first()).cloned();
    Verdict {
        allowed: decided_by.as_ref().is_none_or(|m| m.priority == 0),
        line: decided_by.as_ref().map_or(0, |m| m.line),
        decided_by,
        scope,
        path: text,
        groups: alloc::vec![g],
        group_lines: group_lines(&r.groups, &[g]).into(),
        matches,
    }
}

pub(super) fn explain(r: &Reading<'_>, v: &Verdict, agent: &str) -> String {
    let (ranges, _) = r.ranges(v);
    let record = v.groups.first().and_then(|&g| r.groups.get(g));
    let mut text = match (v.scope, record) {
        (Scope::Specific, Some(record)) => {
            let robot = name_of(agent.as_bytes());
            let quoted = naming(record, core::slice::from_ref(&robot)).map_or(String::new(), |a| {
                let value = crate::lint::lossy(r.robots.text(a.value));
                if a.name == robot {
                    format!(" (`User-agent: {value}`)")
                } else {
                    let (name, robot) = (crate::lint::lossy(&a.name), crate::lint::lossy(&robot));
                    format!(" (`User-agent: {value}`: `{name}` is part of the name `{robot}`)")
                }
            });
            format!("A 1994 robot stops at the first record that names it: {ranges}{quoted}.")
        }
        (Scope::Global, Some(_)) => {
            format!("No record names {agent}, so a 1994 robot obeys the `*` record ({ranges}).")
        }
        _ => {
            return format!("No record names {agent} and there is no `*` record, so a 1994 robot may fetch everything.")
        }
    };
    let non_empty = record.is_some_and(|g| g.rules.iter().any(|rule| !rule.pattern.is_empty()));
    match &v.decided_by {
        Some(m) if m.priority > 0 => text.push_str(&format!(
            " `Disallow: {}` (line {}) is the first `Disallow` that `{}` starts with, so the URL is disallowed.",
            m.value, m.line, v.path
        )),
        Some(m) if !non_empty => text.push_str(&format!(
            " Its `Disallow:` (line {}) is empty, which allows everything, so the URL is allowed.",
            m.line
        )),
        _ if record.is_some_and(|g| g.rules.is_empty()) => {
            text.push_str(" It has no `Disallow` line, so the URL is allowed.")
        }
        _ => text.push_str(&format!(" `{}` starts with none of its `Disallow` values, so the URL is allowed.", v.path)),
    }
    text.push_str(&r.ignored_sentence(&v.groups, "not part of the 1994 standard"));
    text
}
