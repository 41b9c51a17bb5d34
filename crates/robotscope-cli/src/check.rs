//! `robotscope check`: verdicts with the deciding line, as text or JSON Lines.

use std::ffi::OsString;
use std::fmt::Write as _;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use std::collections::HashMap;

use robotscope::{
    is_valid_agent, resolve_agent, resolve_url, robots_url, token_from_user_agent, AgentKind, Profile, Reading, Robots,
    RuleMatch, Scope, TypedAgent, Verdict,
};

use crate::args::{shown_path, Arg, Parser};
use crate::fetch::NetOptions;
use crate::net::{Fetched, Governing, Net, Row};
use serde::Serialize;

use crate::{printable, sitemap, Failure};

pub const HELP: &str = "\
Usage: robotscope check [OPTIONS] ROBOTS_FILE --agent AGENT [--agent AGENT...] (URL... | --urls FILE)
       robotscope check [OPTIONS] --live --agent AGENT [--agent AGENT...] (URL... | --urls FILE)
       robotscope check [OPTIONS] (ROBOTS_FILE | --live) --agent AGENT --sitemap FILE_OR_URL

Says for each URL whether each agent may fetch it, and which line of ROBOTS_FILE decided.
Each --agent is answered on its own row; agents separated by commas in one --agent
(--agent \"Googlebot-News,Googlebot\") make one query, pooled as Google's matcher pools them:
the rules of all their groups compete in one longest-match contest.

By default agents and URLs are read as the crawler sends them: an agent may be a product
token, a whole User-Agent header (its token is read from it) or a crawler preset name
(Googlebot-Image, GPTBot, AdsBot-Google, ...), checked with its documented fallbacks
(Googlebot-Image follows the Googlebot group when it has none of its own) and its handling of
'*' (AdsBot ignores it). A URL may be a full URL, a host without a scheme (example.com/a), a
path (/a) or a bare word (cart, read as the path /cart), and is percent-encoded as a crawler
requests it (/caf\u{e9} is sent as /caf%C3%A9). What was read is a note on standard error; a URL
that cannot be read is an error there, and the others are still answered.
--exact gives the agents and URLs to Google's matcher exactly as typed, as Google's own
robots tool does: an agent is compared whole (ignoring ASCII case) with each User-agent line's
product token, so 'Googlebot/2.1' matches no group, and the URL is not encoded.

Options:
  -a, --agent AGENT   An agent (repeatable; at least one; see above), several pooled with
                      commas, or a set of catalogue crawlers: @search, @ai-training, ...
                      (the list is in the error for an unknown set, and in the README). The
                      crawlers of a set are answered one by one, each with its fallbacks
      --urls FILE     Read the URLs from FILE, one per line ('-': standard input; a URL
                      argument '-' does the same); blank lines and lines starting with '#'
                      are skipped. The list is streamed: its length does not change memory
      --exact         Give agents and URLs to the matcher exactly as typed (see above)
      --profile NAME  Read the file as NAME reads it: google (the default: Google's matcher,
                      byte for byte), rfc9309 (RFC 9309 as written: exact keys with a colon,
                      product-token user agents, percent-encoding before comparison, /robots.txt
                      always allowed, no index.html rule) or 1994 (the original standard: records
                      separated by blank lines, the first record whose name is part of the
                      robot's name, plain prefixes, no Allow)
      --compare       Answer each URL under all three profiles, one column each, mark the URLs
                      on which they differ and say why under each; the exit status still comes
                      from --profile (google by default). One agent row; not with --live or
                      --sitemap
      --json          Print one JSON object per answer (JSON Lines)
  -v, --verbose       Also print the path matched, the lines of the groups that applied,
                      every rule that matched, and why in a sentence
      --no-size-limit Read the whole file (default: only the first 500 KiB, as Google does);
                      with --live, up to 64 MiB of each fetched robots.txt
      --live          Fetch the robots.txt that governs each URL (once per site) instead of
                      reading ROBOTS_FILE, and apply what the fetch means for crawling: a 4xx
                      answer allows everything, a server error (5xx, 429, timeout, network
                      error) disallows everything; each site's outcome is reported on standard
                      error (and in JSON, a \"fetch\" member {robots_url, final_url, status,
                      outcome, reason, error} on each line). See 'robotscope fetch --help'.
      --sitemap FILE_OR_URL
                      Check every URL of a sitemap (XML urlset, sitemap index followed to its
                      sitemaps, gzipped or plain text; a file, '-' or a URL) for one agent row
                      and print only the disallowed ones, with a count on standard error
      --timeout SECONDS, --user-agent TEXT
                      For --live and sitemap URLs: as for 'robotscope fetch'
  -h, --help          Print help

ROBOTS_FILE may be '-' to read standard input.

Text output, one line per URL:
  DISALLOWED  https://example.com/x  line 3: Disallow: /x  (priority 2, group for googlebot)

JSON output, one object per URL with the members
  url, agents             what the engine was given
  profile                 the profile that answered (--profile; google by default)
  input_url, input_agents what was typed (not with --exact)
  allowed, line           the verdict and the deciding line (0: no rule decided)
  rule                    the deciding rule {line, kind, value, pattern, priority,
                          index_fallback}, or null
  scope                   \"specific\" (the agents' own groups), \"global\" (the * groups) or \"none\"
  path                    the part of the URL that rules are matched against
  groups, group_lines     the groups that applied (indices from 0) and their lines
  matches                 every rule that matched, as for rule
  usage                   the usage preferences that apply, which never change the verdict:
                          content_usage (IETF draft; [{key, granted, line}], most restrictive
                          of the longest matching path), content_usage_lines,
                          content_usage_unknown (a deciding line does not parse), and
                          content_signal ([{key, granted, line}])
With --compare, one object per URL with url, agents, profile, allowed, line (under --profile),
differs (whether the profiles disagree on allowed) and profiles: one object per profile with
profile, allowed, line, rule, scope, path, group_lines and why (the explanation).

Exit status: 0 when every answer is allowed, 1 when any is disallowed (a finding comes first),
2 when nothing could be judged or some input could not be (a usage or I/O error, a URL that
cannot be read, a sitemap that could not be read to its end).
";

struct Options {
    /// The robots.txt file; `None` with `--live`.
    file: Option<OsString>,
    /// Each row of answers: the agents pooled into one query (one `--agent`, split at commas), as typed or as
    /// named by a crawler set.
    rows: Vec<Vec<String>>,
    urls: Vec<String>,
    /// A URL list to read (`--urls FILE`, or a URL argument `-` for standard input).
    urls_file: Option<OsString>,
    sitemap: Option<String>,
    net: NetOptions,
    json: bool,
    profile: Profile,
    compare: bool,
    /// Agents and URLs read through the core as crawlers read them (the default; `--exact` turns it off).
    normalize: bool,
    verbose: bool,
    size_limit: bool,
}

fn options(mut p: Parser) -> Result<Options, Failure> {
    let mut positionals = Vec::new();
    let mut agents = Vec::new();
    let (mut sitemap, mut urls_file) = (None, None);
    let mut net = NetOptions::default();
    let (mut json, mut exact, mut verbose, mut size_limit, mut live) = (false, false, false, true, false);
    let (mut profile, mut compare) = (Profile::Google, false);
    while let Some(arg) = p.next_arg()? {
        match arg {
            Arg::Opt(name) => match name.as_str() {
                "-a" | "--agent" => agents.push(p.string_value()?),
                "--json" => json = true,
                "--profile" => {
                    let name = p.string_value()?;
                    profile = Profile::parse(&name).ok_or_else(|| {
                        p.usage(format!("unknown profile '{}': give google, rfc9309 or 1994", printable(&name)))
                    })?;
                }
                "--compare" => compare = true,
                // The default since agents and URLs are read as crawlers read them; kept for scripts.
                "--normalize" => {}
                "--exact" => exact = true,
                "-v" | "--verbose" => verbose = true,
                "--no-size-limit" => size_limit = false,
                "--live" => live = true,
                "--sitemap" => sitemap = Some(p.string_value()?),
                "--urls" => urls_file = Some(p.value()?),
                n => {
                    if !net.take(n, &mut p)? {
                        return Err(p.unknown(n));
                    }
                }
            },
            Arg::Pos(value) => positionals.push(value),
        }
    }
    let mut positionals = positionals.into_iter();
    let file = if live {
        None
    } else {
        match positionals.next() {
            Some(f) => Some(f),
            None => return Err(p.usage(String::from("missing ROBOTS_FILE (or --live to fetch each URL's robots.txt)"))),
        }
    };
    let mut urls = Vec::new();
    for u in positionals {
        if u == "-" && urls_file.is_none() {
            urls_file = Some(u);
        } else if u == "-" {
            return Err(p.usage(String::from("give one URL list: '-' and --urls are both lists")));
        } else {
            urls.push(p.utf8(u, "the URL")?);
        }
    }
    if agents.is_empty() {
        return Err(p.usage(String::from("missing --agent: name at least one agent, such as --agent Googlebot")));
    }
    let lists = usize::from(!urls.is_empty() || urls_file.is_some()) + usize::from(sitemap.is_some());
    if lists == 0 {
        return Err(p.usage(String::from("missing URL: give at least one URL to check, --urls FILE or --sitemap")));
    }
    if lists > 1 {
        return Err(p.usage(String::from("give URLs (or --urls) or --sitemap, not both")));
    }
    let stdin_uses = usize::from(file.as_deref() == Some("-".as_ref()))
        + usize::from(urls_file.as_deref() == Some("-".as_ref()))
        + usize::from(sitemap.as_deref() == Some("-"));
    if stdin_uses > 1 {
        return Err(p.usage(String::from("standard input ('-') can be read only once")));
    }
    let sets = agents.iter().any(|a| a.split(',').any(|a| a.trim().starts_with('@')));
    if exact && sets {
        return Err(p.usage(String::from(
            "a crawler set names presets, which --exact does not read: drop --exact or name the tokens",
        )));
    }
    let rows = agent_rows(&p, &agents)?;
    if compare && (live || sitemap.is_some() || rows.len() > 1) {
        return Err(p.usage(String::from(
            "--compare answers one agent row from a ROBOTS_FILE: not with --live, --sitemap, several --agent or a \
             crawler set (pool agents with commas: --agent \"Googlebot-News,Googlebot\")",
        )));
    }
    if sitemap.is_some() && rows.len() > 1 {
        return Err(p.usage(String::from(
            "--sitemap answers one agent row: give one --agent (pool agents with commas: --agent \"A,B\")",
        )));
    }
    let normalize = !exact;
    Ok(Options { file, rows, urls, urls_file, sitemap, net, json, profile, compare, normalize, verbose, size_limit })
}

/// The rows of answers: one per `--agent`, its comma-separated agents pooled into one query, and one per
/// crawler of a set (`@ai-training`), each on its own.
fn agent_rows(p: &Parser, agents: &[String]) -> Result<Vec<Vec<String>>, Failure> {
    let mut rows: Vec<Vec<String>> = Vec::new();
    for agent in agents {
        // Commas pool product tokens (`Googlebot-News,Googlebot`); a User-Agent header keeps its commas.
        let split: Vec<&str> = agent.split(',').map(str::trim).collect();
        let pooled = split.len() > 1 && split.iter().all(|a| is_valid_agent(a) || a.starts_with('@'));
        let parts = if pooled { split } else { vec![agent.as_str()] };
        if parts.len() > 1 && parts.iter().any(|a| a.starts_with('@')) {
            return Err(p.usage(format!(
                "'{}' pools a crawler set with other agents; a set's crawlers are answered one by one",
                printable(agent)
            )));
        }
        match parts.as_slice() {
            [set] if set.starts_with('@') => {
                for name in crate::sets::expand(set).map_err(|m| p.usage(m))? {
                    if !rows.iter().any(|r| r.len() == 1 && r[0] == name) {
                        rows.push(vec![name.to_owned()]);
                    }
                }
            }
            _ => rows.push(parts.iter().map(|a| (*a).to_owned()).collect()),
        }
    }
    Ok(rows)
}

/// One URL to ask about: what was typed and what the engine is given.
struct Query {
    typed: String,
    url: String,
}

/// Where the rules come from: one file for every URL (read under the chosen profile once), or each URL's live
/// robots.txt (fetched once per origin).
enum Rules<'r> {
    File(Reading<'r>),
    Live { net: Net, origins: Vec<(Fetched, Governing)>, by_url: HashMap<String, usize> },
}

impl Rules<'_> {
    /// The index of the live origin that governs `url`, fetching it the first time; `None` for a file.
    fn origin(&mut self, url: &str) -> Result<Option<(usize, bool)>, Failure> {
        let Rules::Live { net, origins, by_url } = self else { return Ok(None) };
        let key = robots_url(url)
            .map_err(|e| Failure::Message(format!("cannot tell which robots.txt governs '{}': {e}", printable(url))))?;
        if let Some(&i) = by_url.get(&key) {
            return Ok(Some((i, false)));
        }
        let fetched = net.fetch_robots(url)?;
        let governing = Governing::of(&fetched);
        origins.push((fetched, governing));
        by_url.insert(key, origins.len() - 1);
        Ok(Some((origins.len() - 1, true)))
    }
}

pub fn run(p: Parser) -> Result<ExitCode, Failure> {
    let o = options(p)?;
    let file = match &o.file {
        Some(file) => {
            let name = shown_path(file);
            let bytes = crate::read_file(file)?;
            if bytes.is_empty() {
                eprintln!("robotscope: note: '{name}' is empty, so every agent may fetch every URL");
            }
            Some(crate::parse(&bytes, o.size_limit, Some(&name)))
        }
        None => None,
    };
    let mut rules = match &file {
        Some(robots) => Rules::File(robots.reading(o.profile)),
        None => {
            Rules::Live { net: o.net.net().with_size_limit(o.size_limit), origins: Vec::new(), by_url: HashMap::new() }
        }
    };
    let rows: Vec<(Vec<TypedAgent>, &[String])> =
        o.rows.iter().map(|r| (r.iter().map(|a| resolve_agent(a)).collect(), r.as_slice())).collect();
    for (typed, inputs) in &rows {
        if o.normalize {
            agent_notes(typed, &rules);
        } else {
            inputs.iter().for_each(|a| agent_note(a));
        }
    }
    // With several rows, each line starts with the agents it answers for.
    let labels: Vec<String> =
        if rows.len() > 1 { o.rows.iter().map(|r| printable(&r.join(",")).into_owned()).collect() } else { Vec::new() };
    let label_width = labels.iter().map(|l| l.chars().count()).max().unwrap_or(0);
    let mut out = BufWriter::new(io::stdout().lock());
    if let Some(sitemap) = &o.sitemap {
        let ask = Ask { o: &o, typed: &rows[0].0, inputs: rows[0].1 };
        return run_sitemap(&ask, sitemap, &mut rules, &mut out);
    }
    // URLs on the command line are aligned; a streamed list is not held to measure it.
    let width = o
        .urls
        .iter()
        .filter_map(|u| query(&o, u).ok())
        .map(|q| printable(&q.url).chars().count())
        .max()
        .unwrap_or(0)
        .min(60);
    let readings: Vec<Reading<'_>> = match (&file, o.compare) {
        (Some(robots), true) => Profile::ALL.iter().map(|&p| robots.reading(p)).collect(),
        _ => Vec::new(),
    };
    if o.compare && !o.json {
        compare_head(&readings, width, &mut out)?;
    }
    let (mut any_disallowed, mut unanswered) = (false, 0usize);
    let mut sink = Vec::new();
    let mut each = |typed: &str, listed: bool| -> Result<(), Failure> {
        let q = match query(&o, typed) {
            Ok(q) => q,
            Err(message) => {
                eprintln!("robotscope: {message}");
                unanswered += 1;
                return Ok(());
            }
        };
        if o.normalize && !o.json && !listed && q.typed != q.url {
            eprintln!("robotscope: note: URL '{}' is sent as '{}'", printable(&q.typed), printable(&q.url));
        }
        if o.compare {
            let ask = Ask { o: &o, typed: &rows[0].0, inputs: rows[0].1 };
            any_disallowed |= !compare_one(&ask, &readings, &q, width, &mut out)?;
            return Ok(());
        }
        for (i, (typed, inputs)) in rows.iter().enumerate() {
            let ask = Ask { o: &o, typed, inputs };
            sink.clear();
            let allowed = match answer_one(&ask, &q, &mut rules, width, &mut sink) {
                Ok(allowed) => allowed,
                // The URL has no robots.txt to fetch (--live): it is reported and the rest are answered.
                Err(Failure::Message(m)) => {
                    eprintln!("robotscope: {m}");
                    unanswered += 1;
                    return Ok(());
                }
                Err(e) => return Err(e),
            };
            any_disallowed |= !allowed;
            match labels.get(i) {
                Some(label) if !o.json => {
                    for line in String::from_utf8_lossy(&sink).lines() {
                        writeln!(out, "{label:<label_width$}  {line}")?;
                    }
                }
                _ => out.write_all(&sink)?,
            }
        }
        Ok(())
    };
    for u in &o.urls {
        each(u, false)?;
    }
    if let Some(list) = &o.urls_file {
        crate::urls::for_each(list, &mut |u| each(u, true))?;
    }
    out.flush()?;
    Ok(if any_disallowed {
        ExitCode::from(1)
    } else if unanswered > 0 {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    })
}

/// Says on standard error how the core read each typed agent: the token a preset is given in this file, a
/// crawler that ignores `*` with no group, a browser's header. With --live each origin's file decides, so
/// only the notes that do not depend on the file are given.
fn agent_notes(typed: &[TypedAgent], rules: &Rules) {
    for a in typed {
        if let Rules::File(reading) = rules {
            match reading.agent_token(a) {
                Some(token) if !token.eq_ignore_ascii_case(&a.input) => {
                    eprintln!("robotscope: note: agent '{}' is read as '{}'", printable(&a.input), printable(&token))
                }
                Some(_) => {}
                None => eprintln!(
                    "robotscope: note: agent '{}' ignores '*' and no group names it: no rule applies",
                    printable(&a.input)
                ),
            }
        }
        if a.kind != AgentKind::Token && a.kind != AgentKind::Preset {
            if let Some(note) = a.note() {
                eprintln!("robotscope: note: agent '{}': {}", printable(&a.input), printable(&note));
            }
        }
    }
}

/// The options and the typed agents, read once.
struct Ask<'a> {
    o: &'a Options,
    /// The agents of this query, as the core read them.
    typed: &'a [TypedAgent],
    /// The same agents as typed (or as named by a crawler set).
    inputs: &'a [String],
}

impl Ask<'_> {
    /// What the engine is given under `reading`: the agents as typed, or with --normalize the core's reading of
    /// each (a preset's first token that has a group); a crawler that ignores `*` and has no group contributes
    /// no token.
    fn agents(&self, reading: &Reading<'_>) -> Vec<String> {
        if self.o.normalize {
            self.typed.iter().filter_map(|a| reading.agent_token(a)).collect()
        } else {
            self.inputs.to_vec()
        }
    }

    /// The verdict, and its explanation when `explain` asks for it (explaining costs more than deciding).
    fn verdict(&self, reading: &Reading<'_>, agents: &[String], url: &str, explain: bool) -> (Verdict, String) {
        // One typed agent, or several of which none has a token to give (crawlers that ignore `*`): the core
        // answers for the typed agent itself, fallbacks and all, exactly as the tester and the npm package do.
        let single = (self.o.normalize && (self.typed.len() == 1 || agents.is_empty())).then(|| &self.typed[0]);
        match single {
            Some(a) => {
                let c = reading.check_agent(a, url);
                let why = if explain { reading.explain_agent(a, &c) } else { String::new() };
                (c.verdict, why)
            }
            None => {
                let v = reading.check(agents, url);
                let why = if explain { reading.explain(&v, &agents.join(" + ")) } else { String::new() };
                (v, why)
            }
        }
    }
}

fn query(o: &Options, typed: &str) -> Result<Query, String> {
    let url = if o.normalize {
        let read = resolve_url(typed, None);
        if let Some(e) = read.error {
            return Err(format!("cannot read the URL '{}': {e}; it was not answered", printable(typed)));
        }
        read.tested
    } else {
        typed.to_owned()
    };
    Ok(Query { typed: typed.to_owned(), url })
}

/// Answers one URL and writes its line; returns whether it is allowed.
fn answer_one(
    ask: &Ask<'_>,
    q: &Query,
    rules: &mut Rules,
    width: usize,
    out: &mut impl Write,
) -> Result<bool, Failure> {
    let o = ask.o;
    let origin = rules.origin(&q.url)?;
    let live_reading;
    let (reading, fetched) = match (&*rules, origin) {
        (Rules::File(reading), _) => (Some(reading), None),
        (Rules::Live { origins, .. }, Some((i, first))) => {
            let (fetched, governing) = &origins[i];
            if first && !o.json {
                eprintln!("robotscope: {}", fetched_line(fetched));
            }
            match governing {
                Governing::File(robots) => {
                    live_reading = robots.reading(o.profile);
                    (Some(&live_reading), Some(fetched))
                }
                _ => (None, Some(fetched)),
            }
        }
        (Rules::Live { .. }, None) => return Err(Failure::Message(String::from("no robots.txt for the URL"))),
    };
    let (allowed, text) = match (reading, fetched) {
        (Some(reading), _) => {
            let agents = ask.agents(reading);
            let (v, why) = ask.verdict(reading, &agents, &q.url, o.verbose);
            let text = if o.json {
                json_line(ask, reading.robots(), &agents, q, &v, fetched)
            } else {
                text_line(reading, &agents, q, &v, width, o.verbose.then_some(why.as_str()))
            };
            (v.allowed, text)
        }
        (None, Some(fetched)) => {
            let allowed = fetched.row == Row::AllowAll;
            let text =
                if o.json { whole_json(ask, q, fetched, allowed) } else { whole_text(q, fetched, allowed, width) };
            (allowed, text)
        }
        (None, None) => return Err(Failure::Message(String::from("no robots.txt for the URL"))),
    };
    out.write_all(text.as_bytes())?;
    Ok(allowed)
}

/// `check --sitemap`: prints the sitemap's URLs that are disallowed.
fn run_sitemap(ask: &Ask<'_>, sitemap: &str, rules: &mut Rules, out: &mut impl Write) -> Result<ExitCode, Failure> {
    let o = ask.o;
    let net = o.net.net();
    let (mut disallowed, unanswered) = (0usize, std::cell::Cell::new(0usize));
    let mut summary = sitemap::Summary::default();
    let read = |typed: &str| -> Option<Query> {
        let q = if o.normalize { query(o, typed) } else { Ok(Query { typed: String::new(), url: typed.to_owned() }) };
        q.map_err(|m| {
            eprintln!("robotscope: {m}");
            unanswered.set(unanswered.get() + 1);
        })
        .ok()
    };
    let result = match rules {
        Rules::File(reading) => {
            let reading = &*reading;
            let robots = reading.robots();
            let agents = ask.agents(reading);
            // The fast path decides (the matcher is built from the tokens the core gives presets, so it answers as
            // `check_agent` does); only disallowed URLs are explained. Other profiles than Google's have no
            // matcher: they answer each URL with the reading. Crawlers that ignore `*` and have no group in the
            // file are given no token: no rule applies to them (an empty matcher would read the `*` groups).
            let no_rules = o.normalize && agents.is_empty();
            let matcher = robots.matcher(agents.as_slice());
            let decide = |url: &str| match o.profile {
                _ if no_rules => (true, 0),
                Profile::Google => matcher.decide(url),
                _ => {
                    let v = ask.verdict(reading, &agents, url, false).0;
                    (v.allowed, v.line)
                }
            };
            let plain = !o.json && !o.verbose;
            let mut reasons: HashMap<usize, String> = HashMap::new();
            let mut each = |typed: &str| -> Result<(), Failure> {
                let Some(q) = read(typed) else { return Ok(()) };
                let (allowed, line) = decide(&q.url);
                if allowed {
                    return Ok(());
                }
                disallowed += 1;
                if let Some(reason) = reasons.get(&line).filter(|_| plain) {
                    writeln!(out, "{}  {}  {reason}", crate::color::verdict(false, 10), printable(&q.url))?;
                    return Ok(());
                }
                let (v, why) = ask.verdict(reading, &agents, &q.url, o.verbose);
                if plain {
                    reasons.insert(line, reason(reading, &agents, &v));
                }
                let text = if o.json {
                    json_line(ask, robots, &agents, &q, &v, None)
                } else {
                    text_line(reading, &agents, &q, &v, 0, o.verbose.then_some(why.as_str()))
                };
                out.write_all(text.as_bytes())?;
                Ok(())
            };
            sitemap::for_each_url(sitemap, &net, &mut summary, &mut each)
        }
        Rules::Live { .. } => {
            let mut sink = Vec::new();
            let mut each = |typed: &str| -> Result<(), Failure> {
                let Some(q) = read(typed) else { return Ok(()) };
                sink.clear();
                match answer_one(ask, &q, rules, 0, &mut sink) {
                    Ok(true) => {}
                    Ok(false) => {
                        disallowed += 1;
                        out.write_all(&sink)?;
                    }
                    Err(Failure::Message(m)) => {
                        eprintln!("robotscope: {m}");
                        unanswered.set(unanswered.get() + 1);
                    }
                    Err(e) => return Err(e),
                }
                Ok(())
            };
            sitemap::for_each_url(sitemap, &net, &mut summary, &mut each)
        }
    };
    out.flush()?;
    sitemap::finish(result, &summary, disallowed, "disallowed", unanswered.get())
}

/// The line that says which robots.txt was fetched for an origin and which SPEC B5 row applied.
fn fetched_line(f: &Fetched) -> String {
    let to = if f.redirects.is_empty() { String::new() } else { format!(" -> {}", printable(&f.final_url)) };
    format!("fetched {}{to}: {}", printable(&f.robots_url), printable(&f.reason))
}

fn whole_text(q: &Query, f: &Fetched, allowed: bool, width: usize) -> String {
    let verdict = crate::color::verdict(allowed, 10);
    format!("{verdict}  {:<width$}  ({}) {}\n", printable(&q.url), f.row.label(), printable(&f.reason))
}

/// What `--live` fetched for an origin, in JSON.
#[derive(Serialize)]
struct FetchJson<'a> {
    robots_url: &'a str,
    final_url: &'a str,
    status: Option<u16>,
    outcome: &'a str,
    reason: &'a str,
    error: Option<&'a str>,
}

impl<'a> FetchJson<'a> {
    fn new(f: &'a Fetched) -> FetchJson<'a> {
        FetchJson {
            robots_url: &f.robots_url,
            final_url: &f.final_url,
            status: f.status,
            outcome: f.row.name(),
            reason: &f.reason,
            error: f.error.as_deref(),
        }
    }
}

/// One rule that matched, in JSON.
#[derive(Serialize)]
struct RuleJson<'a> {
    line: usize,
    kind: &'a str,
    value: &'a str,
    pattern: &'a str,
    priority: usize,
    index_fallback: bool,
}

impl<'a> RuleJson<'a> {
    fn new(m: &'a RuleMatch) -> RuleJson<'a> {
        RuleJson {
            line: m.line,
            kind: m.kind.name(),
            value: &m.value,
            pattern: &m.pattern,
            priority: m.priority,
            index_fallback: m.index_fallback,
        }
    }
}

/// The explained part of a JSON line, absent when one fetch outcome answered for the whole origin.
#[derive(Serialize)]
struct ExplainedJson<'a> {
    path: &'a str,
    groups: &'a [usize],
    group_lines: &'a [usize],
    matches: Vec<RuleJson<'a>>,
    usage: serde_json::Value,
}

/// The first members of a `check --json` or `check --compare --json` line: the question and the answer.
#[derive(Serialize)]
struct Head<'a> {
    url: &'a str,
    agents: &'a [String],
    profile: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    input_url: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    input_agents: Option<&'a [String]>,
    allowed: bool,
    line: usize,
}

impl<'a> Head<'a> {
    fn new(ask: &'a Ask<'a>, agents: &'a [String], q: &'a Query, allowed: bool, line: usize) -> Head<'a> {
        let o = ask.o;
        Head {
            url: &q.url,
            agents,
            profile: o.profile.as_str(),
            input_url: o.normalize.then_some(q.typed.as_str()),
            input_agents: o.normalize.then_some(ask.inputs),
            allowed,
            line,
        }
    }
}

/// One line of `check --json` (JSON Lines: one object per URL), keys in this order.
#[derive(Serialize)]
struct JsonLine<'a> {
    #[serde(flatten)]
    head: Head<'a>,
    rule: Option<RuleJson<'a>>,
    scope: &'a str,
    #[serde(flatten, skip_serializing_if = "Option::is_none")]
    explained: Option<ExplainedJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    fetch: Option<FetchJson<'a>>,
}

impl<'a> JsonLine<'a> {
    fn new(ask: &'a Ask<'a>, agents: &'a [String], q: &'a Query, allowed: bool, line: usize) -> JsonLine<'a> {
        JsonLine {
            head: Head::new(ask, agents, q, allowed, line),
            rule: None,
            scope: "none",
            explained: None,
            fetch: None,
        }
    }

    fn finish(&self) -> String {
        let mut line = serde_json::to_string(self).unwrap_or_default();
        line.push('\n');
        line
    }
}

fn whole_json(ask: &Ask<'_>, q: &Query, f: &Fetched, allowed: bool) -> String {
    JsonLine { fetch: Some(FetchJson::new(f)), ..JsonLine::new(ask, ask.inputs, q, allowed, 0) }.finish()
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
            format!("; without --exact, '{}' is read from it", printable(token))
        };
        eprintln!(
            "robotscope: note: agent '{}' is not a product token (letters, '-' and '_'), so it can match no named \
             group, only '*'{hint}",
            printable(agent)
        );
    }
}

/// The groups that applied, in words: `group for googlebot`, `groups for *`, `no group for this agent`
/// (`record` for the 1994 profile).
fn group_label(reading: &Reading<'_>, agents: &[String], v: &Verdict) -> String {
    let robots = reading.robots();
    let noun = match (reading.profile(), v.groups.len()) {
        (Profile::Original1994, _) => "record",
        (_, 1) => "group",
        _ => "groups",
    };
    match v.scope {
        // The reading's groups are not the file's groups (`Robots::group`): name the agents asked about.
        Scope::Specific if reading.profile() != Profile::Google => format!("{noun} for {}", agents.join(", ")),
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

/// Details of a matched rule: priority, escaping and the index.html retry (under the 1994 profile, which has
/// no priorities: whether it is a prefix of the path or empty).
fn rule_details(m: &RuleMatch, profile: Profile) -> String {
    if profile == Profile::Original1994 {
        let what = if m.priority == 0 { "empty: allows everything" } else { "a prefix of the path" };
        return format!("{what}, 1994 standard");
    }
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

/// Why, in the text output: the deciding line and rule, its priority and the groups that applied. It depends
/// only on the deciding line for one set of agents, so `check --sitemap` keeps it per line.
fn reason(reading: &Reading<'_>, agents: &[String], v: &Verdict) -> String {
    let groups = group_label(reading, agents, v);
    match &v.decided_by {
        Some(m) => format!("line {}: {}  ({}, {groups})", m.line, rule_text(m), rule_details(m, reading.profile())),
        None if v.line != 0 => format!("line {}  ({groups})", v.line),
        None => format!("no rule matched  ({groups})"),
    }
}

fn text_line(
    reading: &Reading<'_>,
    agents: &[String],
    q: &Query,
    v: &Verdict,
    width: usize,
    explained: Option<&str>,
) -> String {
    let verdict = crate::color::verdict(v.allowed, 10);
    let reason = reason(reading, agents, v);
    let mut s = format!("{verdict}  {:<width$}  {reason}\n", printable(&q.url));
    if let Some(why) = explained {
        let _ = writeln!(s, "    path:   {}", printable(&v.path));
        if !v.group_lines.is_empty() {
            let lines: Vec<String> = v.group_lines.iter().map(ToString::to_string).collect();
            let _ = writeln!(s, "    groups: lines {}", lines.join(", "));
        }
        for m in &v.matches {
            let decides = if m.line == v.line && v.line != 0 { ", decides" } else { "" };
            let details = rule_details(m, reading.profile());
            let _ = writeln!(s, "    match:  line {}: {}  ({details}{decides})", m.line, rule_text(m));
        }
        let _ = writeln!(s, "    why:    {}", printable(why));
    }
    s
}

fn json_line(
    ask: &Ask<'_>,
    robots: &Robots,
    agents: &[String],
    q: &Query,
    v: &Verdict,
    fetched: Option<&Fetched>,
) -> String {
    JsonLine {
        rule: v.decided_by.as_ref().map(RuleJson::new),
        scope: v.scope.name(),
        explained: Some(ExplainedJson {
            path: &v.path,
            groups: &v.groups,
            group_lines: &v.group_lines,
            matches: v.matches.iter().map(RuleJson::new).collect(),
            // Usage preferences are read with the file's own groups (`Robots::group`), which another profile's
            // verdict does not index: under those, they are the preferences for Google's verdict.
            usage: crate::ai::usage_json(&match ask.o.profile {
                Profile::Google => robots.usage_for(v),
                _ => robots.usage_for(&robots.check(agents, &q.url)),
            }),
        }),
        fetch: fetched.map(FetchJson::new),
        ..JsonLine::new(ask, agents, q, v.allowed, v.line)
    }
    .finish()
}

/// One profile's answer in `check --compare --json`.
#[derive(Serialize)]
struct ProfileJson<'a> {
    profile: &'a str,
    allowed: bool,
    line: usize,
    rule: Option<RuleJson<'a>>,
    scope: &'a str,
    path: &'a str,
    group_lines: &'a [usize],
    why: &'a str,
}

/// One line of `check --compare --json`, keys in this order.
#[derive(Serialize)]
struct CompareJson<'a> {
    #[serde(flatten)]
    head: Head<'a>,
    differs: bool,
    profiles: Vec<ProfileJson<'a>>,
}

/// The width of a profile's column in `check --compare`.
const CELL: usize = 20;

/// The heading of `check --compare`'s table.
fn compare_head(readings: &[Reading<'_>], width: usize, out: &mut impl Write) -> Result<(), Failure> {
    let mut head = format!("{:<7}  {:<width$}", "", "URL");
    for r in readings {
        let _ = write!(head, "  {:<CELL$}", r.profile().as_str());
    }
    writeln!(out, "{}", head.trim_end())?;
    Ok(())
}

/// `check --compare` for one URL: its answer under every profile, a column each, marked and explained under
/// each profile when they disagree (always with `-v`); returns whether `--profile`'s answer allows it.
fn compare_one(
    ask: &Ask<'_>,
    readings: &[Reading<'_>],
    q: &Query,
    width: usize,
    out: &mut impl Write,
) -> Result<bool, Failure> {
    let o = ask.o;
    let primary = Profile::ALL.iter().position(|&p| p == o.profile).unwrap_or(0);
    let answers: Vec<(Vec<String>, Verdict, String)> = readings
        .iter()
        .map(|r| {
            let agents = ask.agents(r);
            let (v, why) = ask.verdict(r, &agents, &q.url, true);
            (agents, v, why)
        })
        .collect();
    let differs = answers.windows(2).any(|w| w[0].1.allowed != w[1].1.allowed);
    let (agents, main, _) = &answers[primary];
    if o.json {
        let profiles = readings
            .iter()
            .zip(&answers)
            .map(|(r, (_, v, why))| ProfileJson {
                profile: r.profile().as_str(),
                allowed: v.allowed,
                line: v.line,
                rule: v.decided_by.as_ref().map(RuleJson::new),
                scope: v.scope.name(),
                path: &v.path,
                group_lines: &v.group_lines,
                why,
            })
            .collect();
        let line = CompareJson { head: Head::new(ask, agents, q, main.allowed, main.line), differs, profiles };
        writeln!(out, "{}", serde_json::to_string(&line).unwrap_or_default())?;
        return Ok(main.allowed);
    }
    let mark = if differs { "DIFFERS" } else { "same" };
    let mut line = format!("{mark:<7}  {:<width$}", printable(&q.url));
    for (_, v, _) in &answers {
        let verdict = if v.allowed { "ALLOWED" } else { "DISALLOWED" };
        let by = if v.line == 0 { String::from("(no rule)") } else { format!("(line {})", v.line) };
        let _ = write!(line, "  {:<CELL$}", format!("{verdict} {by}"));
    }
    writeln!(out, "{}", line.trim_end())?;
    if differs || o.verbose {
        for (r, (_, _, why)) in readings.iter().zip(&answers) {
            writeln!(out, "    {:<9}{}", format!("{}:", r.profile()), printable(why))?;
        }
    }
    Ok(main.allowed)
}
