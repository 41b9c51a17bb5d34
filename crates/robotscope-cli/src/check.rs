//! `robotscope check`: verdicts with the deciding line, as text or JSON Lines.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use robotscope::{
    is_valid_agent, resolve_agent, resolve_url, token_from_user_agent, AgentKind, Robots, RuleMatch, Scope, TypedAgent,
    Verdict,
};

use crate::args::{shown_path, Arg, Parser};
use crate::{json, printable, Failure};

pub const HELP: &str = "\
Usage: robotscope check [OPTIONS] ROBOTS_FILE --agent AGENT [--agent AGENT...] URL...

Says for each URL whether the agents may fetch it, and which line of ROBOTS_FILE decided.
Several --agent options make one query, pooled as Google's matcher pools them: the rules of
all their groups compete in one longest-match contest.

By default agents and URLs reach the engine exactly as typed, as Google's library takes them:
an agent is compared whole (ignoring ASCII case) with each User-agent line's product token, so
'Googlebot/2.1' matches no group, and the URL is not encoded. --normalize does what a person
means and shows what the engine was given.

With --normalize an agent may be a product token, a whole User-Agent header or a crawler preset
name (Googlebot-Image, GPTBot, AdsBot-Google, ...): a preset is checked with its documented
fallbacks (Googlebot-Image follows the Googlebot group when it has none of its own) and its
handling of '*' (AdsBot ignores it). A URL may be a full URL, a host without a scheme
(example.com/a), a path (/a) or a bare word (cart, read as the path /cart).

Options:
  -a, --agent AGENT   A product token such as Googlebot (repeatable; at least one)
      --normalize     Read each agent as a person means it (a User-Agent header or a crawler
                      preset with its fallbacks) and encode each URL as a browser would
      --json          Print one JSON object per URL (JSON Lines)
  -v, --verbose       Also print the path matched, the lines of the groups that applied,
                      every rule that matched, and why in a sentence
      --no-size-limit Read the whole file (default: only the first 500 KiB, as Google does)
  -h, --help          Print help

ROBOTS_FILE may be '-' to read standard input.

Text output, one line per URL:
  DISALLOWED  https://example.com/x  line 3: Disallow: /x  (priority 2, group for googlebot)

JSON output, one object per URL with the members
  url, agents             what the engine was given
  input_url, input_agents what was typed (only with --normalize)
  allowed, line           the verdict and the deciding line (0: no rule decided)
  rule                    the deciding rule {line, kind, value, pattern, priority,
                          index_fallback}, or null
  scope                   \"specific\" (the agents' own groups), \"global\" (the * groups) or \"none\"
  path                    the part of the URL that rules are matched against
  groups, group_lines     the groups that applied (indices from 0) and their lines
  matches                 every rule that matched, as for rule

Exit status: 0 when every URL is allowed, 1 when any is disallowed, 2 on a usage or I/O error.
";

struct Options {
    file: OsString,
    agents: Vec<String>,
    urls: Vec<String>,
    json: bool,
    normalize: bool,
    verbose: bool,
    size_limit: bool,
}

fn options(mut p: Parser) -> Result<Options, Failure> {
    let mut file = None;
    let mut agents = Vec::new();
    let mut urls = Vec::new();
    let (mut json, mut normalize, mut verbose, mut size_limit) = (false, false, false, true);
    while let Some(arg) = p.next_arg()? {
        match arg {
            Arg::Opt(name) => match name.as_str() {
                "-a" | "--agent" => agents.push(p.string_value()?),
                "--json" => json = true,
                "--normalize" => normalize = true,
                "-v" | "--verbose" => verbose = true,
                "--no-size-limit" => size_limit = false,
                _ => return Err(p.unknown(&name)),
            },
            Arg::Pos(value) if file.is_none() => file = Some(value),
            Arg::Pos(value) => urls.push(p.utf8(value, "the URL")?),
        }
    }
    let Some(file) = file else { return Err(p.usage(String::from("missing ROBOTS_FILE"))) };
    if agents.is_empty() {
        return Err(p.usage(String::from("missing --agent: name at least one agent, such as --agent Googlebot")));
    }
    if urls.is_empty() {
        return Err(p.usage(String::from("missing URL: give at least one URL to check")));
    }
    Ok(Options { file, agents, urls, json, normalize, verbose, size_limit })
}

/// One URL to ask about: what was typed and what the engine is given.
struct Query {
    typed: String,
    url: String,
}

pub fn run(p: Parser) -> Result<ExitCode, Failure> {
    let o = options(p)?;
    let mut queries = Vec::with_capacity(o.urls.len());
    for typed in &o.urls {
        let url = if o.normalize {
            let read = resolve_url(typed, None);
            if let Some(e) = read.error {
                return Err(Failure::Message(format!("cannot normalize URL '{}': {e}", printable(typed))));
            }
            read.tested
        } else {
            typed.clone()
        };
        queries.push(Query { typed: typed.clone(), url });
    }
    let name = shown_path(&o.file);
    let bytes = crate::read_file(&o.file)?;
    if bytes.is_empty() {
        eprintln!("robotscope: note: '{name}' is empty, so every agent may fetch every URL");
    }
    if !o.normalize {
        for agent in &o.agents {
            agent_note(agent);
        }
    }
    let robots = crate::parse(&bytes, o.size_limit, &name);
    drop(bytes);
    // What the engine is given: the agents as typed, or with --normalize the core's reading of each (a preset's
    // first token that has a group); a crawler that ignores `*` and has no group contributes no token.
    let typed: Vec<TypedAgent> = o.agents.iter().map(|a| resolve_agent(a)).collect();
    let agents: Vec<String> =
        if o.normalize { typed.iter().filter_map(|a| robots.agent_token(a)).collect() } else { o.agents.clone() };

    let mut out = BufWriter::new(io::stdout().lock());
    if o.normalize && !o.json {
        for a in &typed {
            match robots.agent_token(a) {
                Some(token) if token != a.input => {
                    writeln!(out, "agent '{}' is read as '{}'", printable(&a.input), printable(&token))?
                }
                Some(_) => {}
                None => {
                    writeln!(out, "agent '{}' ignores '*' and no group names it: no rule applies", printable(&a.input))?
                }
            }
            if a.kind == AgentKind::Browser {
                writeln!(out, "note: {}", a.note().unwrap_or_default())?;
            }
        }
        for q in &queries {
            if q.typed != q.url {
                writeln!(out, "URL '{}' is sent as '{}'", printable(&q.typed), printable(&q.url))?;
            }
        }
    }
    let width = queries.iter().map(|q| printable(&q.url).chars().count()).max().unwrap_or(0).min(60);
    let mut any_disallowed = false;
    for q in &queries {
        // One typed agent, or several of which none has a token to give (crawlers that ignore `*`): the core
        // answers for the typed agent itself, fallbacks and all, exactly as the tester and the npm package do.
        let single = (o.normalize && (typed.len() == 1 || agents.is_empty())).then(|| &typed[0]);
        let (v, why) = match single {
            Some(a) => {
                let c = robots.check_agent(a, &q.url);
                let why = robots.explain_agent(a, &c);
                (c.verdict, why)
            }
            None => {
                let v = robots.check(agents.as_slice(), &q.url);
                let why = robots.explain(&v, &agents.join(" + "));
                (v, why)
            }
        };
        any_disallowed |= !v.allowed;
        let text = if o.json {
            json_line(&o, &agents, q, &v)
        } else {
            text_line(&robots, &agents, q, &v, width, o.verbose.then_some(why.as_str()))
        };
        out.write_all(text.as_bytes())?;
    }
    out.flush()?;
    Ok(if any_disallowed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// Warns about an agent the engine can only compare whole with product tokens.
fn agent_note(agent: &str) {
    if agent.is_empty() {
        eprintln!(
            "robotscope: note: the agent is empty; it matches only User-agent lines whose product token is empty \
             (such as 'User-agent: *bot')"
        );
    } else if !is_valid_agent(agent) {
        let token = token_from_user_agent(agent);
        let hint = if token.is_empty() || token == agent {
            String::new()
        } else {
            format!("; --normalize reads '{}' from it", printable(token))
        };
        eprintln!(
            "robotscope: note: agent '{}' is not a product token (letters, '-' and '_'), so it can match no named \
             group, only '*'{hint}",
            printable(agent)
        );
    }
}

/// The groups that applied, in words: `group for googlebot`, `groups for *`, `no group for this agent`.
fn group_label(robots: &Robots, agents: &[String], v: &Verdict) -> String {
    let noun = if v.groups.len() == 1 { "group" } else { "groups" };
    match v.scope {
        Scope::None => {
            String::from(if agents.len() <= 1 { "no group for this agent" } else { "no group for these agents" })
        }
        Scope::Global => format!("{noun} for *"),
        Scope::Specific => {
            let mut names: Vec<String> = Vec::new();
            for g in v.groups.iter().filter_map(|&g| robots.group(g)) {
                for ua in g.agents() {
                    let named = !ua.global && agents.iter().any(|a| a.as_bytes().eq_ignore_ascii_case(ua.token));
                    let token = String::from_utf8_lossy(ua.token);
                    if named && !names.iter().any(|n| n.eq_ignore_ascii_case(&token)) {
                        names.push(token.into_owned());
                    }
                }
            }
            let names: Vec<String> = names
                .iter()
                .map(|n| if n.is_empty() { String::from("''") } else { printable(n).into_owned() })
                .collect();
            format!("{noun} for {}", names.join(", "))
        }
    }
}

/// `Disallow: /x`, with the pattern Google matched when it differs from what is written.
fn rule_text(m: &RuleMatch) -> String {
    let kind = match m.kind {
        robotscope::RuleKind::Allow => "Allow",
        robotscope::RuleKind::Disallow => "Disallow",
    };
    if m.value.is_empty() {
        format!("{kind}:")
    } else {
        format!("{kind}: {}", printable(&m.value))
    }
}

/// Details of a matched rule: priority, escaping and the index.html retry.
fn rule_details(m: &RuleMatch) -> String {
    let mut d = String::new();
    if m.pattern != m.value {
        let _ = write!(d, "matched as {}, ", printable(&m.pattern));
    }
    if m.index_fallback {
        d.push_str("through Google's index.html rule, ");
    }
    if m.priority == 0 {
        d.push_str("empty value: priority 0, decides nothing");
    } else {
        let _ = write!(d, "priority {}", m.priority);
    }
    d
}

fn text_line(
    robots: &Robots,
    agents: &[String],
    q: &Query,
    v: &Verdict,
    width: usize,
    explained: Option<&str>,
) -> String {
    let verdict = if v.allowed { "ALLOWED" } else { "DISALLOWED" };
    let groups = group_label(robots, agents, v);
    let reason = match &v.decided_by {
        Some(m) => format!("line {}: {}  ({}, {groups})", m.line, rule_text(m), rule_details(m)),
        None if v.line != 0 => format!("line {}  ({groups})", v.line),
        None => format!("no rule matched  ({groups})"),
    };
    let mut s = format!("{verdict:<10}  {:<width$}  {reason}\n", printable(&q.url));
    if let Some(why) = explained {
        let _ = writeln!(s, "    path:   {}", printable(&v.path));
        if !v.group_lines.is_empty() {
            let lines: Vec<String> = v.group_lines.iter().map(ToString::to_string).collect();
            let _ = writeln!(s, "    groups: lines {}", lines.join(", "));
        }
        for m in &v.matches {
            let decides = if m.line == v.line && v.line != 0 { ", decides" } else { "" };
            let _ = writeln!(s, "    match:  line {}: {}  ({}{decides})", m.line, rule_text(m), rule_details(m));
        }
        let _ = writeln!(s, "    why:    {}", printable(why));
    }
    s
}

fn rule_json(m: &RuleMatch) -> String {
    json::Object::new()
        .num("line", m.line)
        .str("kind", m.kind.name())
        .str("value", &m.value)
        .str("pattern", &m.pattern)
        .num("priority", m.priority)
        .bool("index_fallback", m.index_fallback)
        .finish()
}

fn json_line(o: &Options, agents: &[String], q: &Query, v: &Verdict) -> String {
    let mut obj = json::Object::new().str("url", &q.url).strs("agents", agents);
    if o.normalize {
        obj = obj.str("input_url", &q.typed).strs("input_agents", &o.agents);
    }
    let rule = v.decided_by.as_ref().map_or_else(|| String::from("null"), rule_json);
    let matches: Vec<String> = v.matches.iter().map(rule_json).collect();
    let mut line = obj
        .bool("allowed", v.allowed)
        .num("line", v.line)
        .raw("rule", &rule)
        .str("scope", v.scope.name())
        .str("path", &v.path)
        .nums("groups", &v.groups)
        .nums("group_lines", &v.group_lines)
        .raw_array("matches", &matches)
        .finish();
    line.push('\n');
    line
}
