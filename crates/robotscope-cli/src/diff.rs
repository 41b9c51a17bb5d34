//! `robotscope diff`: the verdicts that change between two versions of a robots.txt, a release check.

use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use robotscope::{resolve_agent, resolve_url, Matcher, Robots, TypedAgent};

use crate::args::{shown_path, Arg, Parser};
use crate::fetch::NetOptions;
use crate::net::{Fetched, Governing, Row};
use serde_json::json;

use crate::{printable, sitemap, Failure};

pub const HELP: &str = "\
Usage: robotscope diff [OPTIONS] OLD NEW --agent AGENT [--agent AGENT...]
                       [URL... | --urls FILE | --sitemap FILE_OR_URL]

Lists every (URL, agent) whose verdict differs between two versions of a robots.txt, with the
deciding line of each:

  https://example.com/shop/x  Googlebot: allowed (line 8: Allow: /shop/) -> disallowed (line 3: Disallow: /)

OLD and NEW are each a file, '-' (standard input), or '--live URL': the robots.txt that governs
URL, fetched as a crawler does (see 'robotscope fetch'); when the server has none (4xx) every URL
is allowed, when it answers 5xx or 429 every URL is disallowed; when it cannot be reached
(DNS, connection, timeout, truncated body) diff stops with exit status 2.
Each agent is asked on its own, not pooled with the others. An agent may be a product token, a
whole User-Agent header or a crawler preset (Googlebot-Image follows the Googlebot group when it
has none of its own; AdsBot ignores '*'). Each URL is encoded as a browser would send it; a path
(/shop/x) is matched as a path.

Options:
  -a, --agent AGENT         An agent to compare (repeatable; at least one), or a crawler set
                            (@search, @ai-training, ...: see 'robotscope check --help'),
                            each of its crawlers compared on its own
      --live URL            Fetch OLD or NEW (in the order given) from URL's site
      --urls FILE           Read the URLs from FILE, one per line ('-': standard input)
      --sitemap FILE_OR_URL Read the URLs from a sitemap (XML, index, gzipped or plain text)
      --json                Print one JSON object per change (JSON Lines): url, agent, old, new,
                            each side {allowed, line, text, outcome}
      --no-size-limit       Read whole files (default: only the first 500 KiB, as Google does;
                            with --live, up to 64 MiB)
      --timeout SECONDS     Give up on a fetch after SECONDS (default 10)
      --user-agent TEXT     The User-Agent header to send (default robotscope/VERSION)
  -h, --help                Print help

Exit status: 0 when no verdict changed, 1 when any did, 2 on a usage, I/O or network error
(a 5xx answer is not an error here: it disallows every URL, as it does for crawlers).
";

/// OLD or NEW as given.
enum SideArg {
    File(OsString),
    Live(String),
}

/// One version of the file, ready to answer.
struct Side {
    name: String,
    governing: Governing,
    fetched: Option<Fetched>,
    /// Start and end of each line in the source (index 0 is line 1), for showing deciding lines.
    lines: Vec<(usize, usize)>,
}

impl Side {
    fn load(arg: &SideArg, size_limit: bool, net: &NetOptions) -> Result<Side, Failure> {
        match arg {
            SideArg::File(path) => {
                let name = shown_path(path);
                let bytes = crate::read_file(path)?;
                Ok(Side::of(
                    name,
                    Governing::File(Box::new(crate::parse(&bytes, size_limit, Some(&shown_path(path))))),
                    None,
                ))
            }
            SideArg::Live(url) => {
                let fetched = net.net().with_size_limit(size_limit).fetch_robots(url)?;
                // No answer at all is an error here: a release gate must not pass because the site was
                // unreachable from CI. (A 5xx answer is the site's state and is compared as crawlers read it.)
                if let Some(e) = &fetched.error {
                    return Err(Failure::Message(format!(
                        "cannot fetch {}: {}",
                        printable(&fetched.final_url),
                        printable(e)
                    )));
                }
                eprintln!("robotscope: fetched {}: {}", printable(&fetched.robots_url), printable(&fetched.reason));
                Ok(Side::of(fetched.final_url.clone(), Governing::of(&fetched), Some(fetched)))
            }
        }
    }

    fn of(name: String, governing: Governing, fetched: Option<Fetched>) -> Side {
        let lines = match &governing {
            Governing::File(r) => r.lines().map(|l| (l.span.start, l.span.end)).collect(),
            _ => Vec::new(),
        };
        Side { name, governing, fetched, lines }
    }

    /// One matcher per typed agent, built from the token the core gives it in this file (a preset's first
    /// token that has a group); a crawler that ignores `*` and has no group gets no rules.
    /// `None` for an agent that no rule applies to.
    fn matchers(&self, agents: &[TypedAgent]) -> Vec<Option<Matcher<'_>>> {
        agents
            .iter()
            .map(|a| match &self.governing {
                // A crawler that ignores `*` and has no group gets no token, and no rule applies to it (a matcher
                // for no agents would read the `*` groups).
                Governing::File(r) => r.agent_token(a).map(|token| r.matcher(token.as_str())),
                _ => None,
            })
            .collect()
    }

    /// The verdict and deciding line for one agent's matcher.
    fn decide(&self, matcher: Option<&Matcher<'_>>, url: &str) -> (bool, usize) {
        match (&self.governing, matcher) {
            (Governing::File(_), Some(m)) => m.decide(url),
            (Governing::File(_), None) => (true, 0),
            (Governing::DisallowAll, _) => (false, 0),
            _ => (true, 0),
        }
    }

    fn robots(&self) -> Option<&Robots> {
        match &self.governing {
            Governing::File(r) => Some(r),
            _ => None,
        }
    }

    /// The deciding line's text, or why there is none.
    fn why(&self, line: usize) -> String {
        match (&self.governing, self.fetched.as_ref()) {
            (Governing::AllowAll, Some(f)) | (Governing::DisallowAll, Some(f)) => {
                format!("{}: {}", f.row.label(), status_or_error(f))
            }
            _ if line == 0 => String::from("no rule matched"),
            _ => format!("line {line}: {}", printable(&self.line_text(line))),
        }
    }

    fn line_text(&self, line: usize) -> String {
        let (Some(robots), Some(&(start, end))) = (self.robots(), self.lines.get(line.wrapping_sub(1))) else {
            return String::new();
        };
        String::from_utf8_lossy(&robots.source()[start..end]).trim().to_owned()
    }

    fn outcome(&self) -> &'static str {
        self.fetched.as_ref().map_or(Row::Parse.name(), |f| f.row.name())
    }
}

fn status_or_error(f: &Fetched) -> String {
    match (&f.error, f.status) {
        (Some(e), _) => e.clone(),
        (None, Some(s)) => crate::net::status_text(s),
        (None, None) => String::new(),
    }
}

struct Options {
    sides: Vec<SideArg>,
    agents: Vec<String>,
    urls: Vec<String>,
    urls_file: Option<OsString>,
    sitemap: Option<String>,
    json: bool,
    size_limit: bool,
    net: NetOptions,
}

fn options(mut p: Parser) -> Result<Options, Failure> {
    let mut o = Options {
        sides: Vec::new(),
        agents: Vec::new(),
        urls: Vec::new(),
        urls_file: None,
        sitemap: None,
        json: false,
        size_limit: true,
        net: NetOptions::default(),
    };
    while let Some(arg) = p.next_arg()? {
        match arg {
            Arg::Opt(name) => match name.as_str() {
                "-a" | "--agent" => {
                    let agent = p.string_value()?;
                    if agent.trim().starts_with('@') {
                        let names = crate::sets::expand(agent.trim()).map_err(|m| p.usage(m))?;
                        o.agents.extend(names.into_iter().map(str::to_owned));
                    } else {
                        o.agents.push(agent);
                    }
                }
                "--live" if o.sides.len() < 2 => o.sides.push(SideArg::Live(p.string_value()?)),
                "--live" => return Err(p.usage(String::from("OLD and NEW are already given; '--live' is a third"))),
                "--urls" => o.urls_file = Some(p.value()?),
                "--sitemap" => o.sitemap = Some(p.string_value()?),
                "--json" => o.json = true,
                "--no-size-limit" => o.size_limit = false,
                n => {
                    if !o.net.take(n, &mut p)? {
                        return Err(p.unknown(n));
                    }
                }
            },
            Arg::Pos(value) if o.sides.len() < 2 => o.sides.push(SideArg::File(value)),
            Arg::Pos(value) => o.urls.push(p.utf8(value, "the URL")?),
        }
    }
    if o.sides.len() < 2 {
        return Err(p.usage(String::from("diff needs OLD and NEW (each a file, '-' or '--live URL')")));
    }
    if o.agents.is_empty() {
        return Err(p.usage(String::from("missing --agent: name at least one agent, such as --agent Googlebot")));
    }
    let sources =
        usize::from(!o.urls.is_empty()) + usize::from(o.urls_file.is_some()) + usize::from(o.sitemap.is_some());
    if sources == 0 {
        return Err(p.usage(String::from("missing URLs: give URLs, --urls FILE or --sitemap FILE_OR_URL")));
    }
    if sources > 1 {
        return Err(p.usage(String::from("give URLs, --urls FILE or --sitemap, only one of them")));
    }
    let stdin_uses = o.sides.iter().filter(|s| matches!(s, SideArg::File(f) if f == "-")).count()
        + usize::from(o.urls_file.as_deref() == Some("-".as_ref()));
    if stdin_uses > 1 {
        return Err(p.usage(String::from("standard input ('-') can be read only once")));
    }
    Ok(o)
}

pub fn run(p: Parser) -> Result<ExitCode, Failure> {
    let o = options(p)?;
    let old = Side::load(&o.sides[0], o.size_limit, &o.net)?;
    let new = Side::load(&o.sides[1], o.size_limit, &o.net)?;
    let typed: Vec<TypedAgent> = o.agents.iter().map(|a| resolve_agent(a)).collect();
    for a in &typed {
        if let Some(note) = a.note() {
            eprintln!("robotscope: note: agent '{}': {}", printable(&a.input), printable(&note));
        }
    }
    let (old_m, new_m) = (old.matchers(&typed), new.matchers(&typed));
    let mut out = BufWriter::new(io::stdout().lock());
    let (mut urls, mut changed) = (0usize, 0usize);
    let mut each = |typed_url: &str| -> Result<(), Failure> {
        urls += 1;
        // What the engine is given: the URL as a browser would send it (a path stays a path).
        let url = &resolve_url(typed_url, None).tested;
        for (i, agent) in o.agents.iter().enumerate() {
            let a = old.decide(old_m[i].as_ref(), url);
            let b = new.decide(new_m[i].as_ref(), url);
            if a.0 != b.0 {
                changed += 1;
                let text = if o.json {
                    change_json(url, agent, &old, a, &new, b)
                } else {
                    change_text(url, agent, &old, a, &new, b)
                };
                out.write_all(text.as_bytes())?;
            }
        }
        Ok(())
    };
    let mut summary = sitemap::Summary::default();
    let result = if let Some(sitemap) = &o.sitemap {
        sitemap::for_each_url(sitemap, &o.net.net(), &mut summary, &mut each)
    } else if let Some(file) = &o.urls_file {
        crate::urls::for_each(file, &mut each).map(|_| ())
    } else {
        o.urls.iter().try_for_each(|url| each(url))
    };
    out.flush()?;
    drop(out);
    if o.sitemap.is_some() {
        return sitemap::finish(result, &summary, changed, "verdicts changed", 0);
    }
    result?;
    let pairs = urls * o.agents.len();
    if changed == 0 {
        eprintln!(
            "robotscope: no verdict changed between '{}' and '{}' ({urls} URL{} x {} agent{})",
            printable(&old.name),
            printable(&new.name),
            if urls == 1 { "" } else { "s" },
            o.agents.len(),
            if o.agents.len() == 1 { "" } else { "s" }
        );
    } else {
        eprintln!(
            "robotscope: {changed} of {pairs} verdicts changed between '{}' and '{}'",
            printable(&old.name),
            printable(&new.name)
        );
    }
    Ok(if changed > 0 { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

fn verdict_word(allowed: bool) -> &'static str {
    if allowed {
        "allowed"
    } else {
        "disallowed"
    }
}

fn change_text(url: &str, agent: &str, old: &Side, a: (bool, usize), new: &Side, b: (bool, usize)) -> String {
    format!(
        "{}  {}: {} ({}) -> {} ({})\n",
        printable(url),
        printable(agent),
        verdict_word(a.0),
        old.why(a.1),
        verdict_word(b.0),
        new.why(b.1)
    )
}

fn side_json(side: &Side, v: (bool, usize)) -> serde_json::Value {
    let text = if v.1 == 0 { None } else { Some(side.line_text(v.1)) };
    json!({"allowed": v.0, "line": v.1, "text": text, "outcome": side.outcome()})
}

fn change_json(url: &str, agent: &str, old: &Side, a: (bool, usize), new: &Side, b: (bool, usize)) -> String {
    let mut s = json!({"url": url, "agent": agent, "old": side_json(old, a), "new": side_json(new, b)}).to_string();
    s.push('\n');
    s
}
