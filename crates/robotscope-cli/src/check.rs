//! `robotscope check`: builds the question from the command line, asks the core (`Robots::ask`) chunk by chunk
//! and hands each survey to a printer (`print.rs`). Nothing here decides an answer.

use std::collections::HashMap;
use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use robotscope::{
    is_valid_agent, resolve_url, robots_url, token_from_user_agent, AskedAgent, Profile, Question, Robots, View,
};

use crate::args::{Arg, Parser};
use crate::fetch::NetOptions;
use crate::net::{Fetched, Governing, Net};
use crate::print::{Format, Printer, Source};
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
                      commas, or a set of catalogue crawlers, each answered on its own row
                      with its fallbacks: {SETS}
      --urls FILE     Read the URLs from FILE, one per line ('-': standard input; a URL
                      argument '-' does the same); blank lines and lines starting with '#'
                      are skipped. The list is streamed: its length does not change memory
      --base URL      The site paths are joined to, and whose robots.txt ROBOTS_FILE is taken
                      to be (default: the site of the first full URL)
      --exact         Give agents and URLs to the matcher exactly as typed (see above)
      --profile NAME  Read the file as NAME reads it: google (the default: Google's matcher,
                      byte for byte), rfc9309 (RFC 9309 as written: exact keys with a colon,
                      product-token user agents, percent-encoding before comparison, /robots.txt
                      always allowed, no index.html rule) or 1994 (the original standard: records
                      separated by blank lines, the first record whose name is part of the
                      robot's name, plain prefixes, no Allow)
      --compare[=READINGS]
                      Answer each URL under several readings, one column each, mark the URLs
                      on which they differ and say why under each: all three profiles, or
                      the READINGS named, in the order given (--compare=1994,rfc9309). The
                      exit status comes from the reading --profile names, which must be one
                      of them (default: the first, google for all three). Not with --live
      --baseline FILE Also answer each URL in FILE, an earlier version of the file, and mark
                      the answers that changed (see also 'robotscope diff')
      --format FORMAT text (the default), json (one document: the agents as read, one row per
                      URL with its answers, the totals) or jsonl (one object per answer)
      --json          The same as --format jsonl
      --brief         Print only the verdict and the deciding line of each answer (text, or JSON
                      Lines of {url, input_url, label, allowed, line}), answered by the core's
                      lean path: the fastest way through a long --urls list
  -v, --verbose       Also print the path matched, the lines of the groups that applied,
                      every rule that matched, the lines quoted, and why in a sentence
      --no-size-limit Read the whole file (default: only the first 500 KiB, as Google does);
                      with --live, up to 64 MiB of each fetched robots.txt
      --live          Fetch the robots.txt that governs each URL (once per site, several sites
                      at a time) instead of reading ROBOTS_FILE, and apply what the fetch means
                      for crawling: a 4xx answer allows everything, a 5xx or 429 answer
                      disallows everything; each site's outcome is reported on standard error
                      (and in JSON, a \"fetch\" member {robots_url, final_url, status, outcome,
                      reason, error} on each answer). A site that cannot be reached (DNS,
                      connection, timeout, truncated body) is an error on standard error, as
                      in 'robotscope fetch', and its URLs are not answered
  -j, --jobs N        With --live, fetch at most N sites at a time (default 8)
      --sitemap FILE_OR_URL
                      Check every URL of a sitemap (XML urlset, sitemap index followed to its
                      sitemaps, gzipped or plain text; a file, '-' or a URL) and print only the
                      disallowed answers, with a count on standard error
      --timeout SECONDS, --user-agent TEXT
                      For --live and sitemap URLs: as for 'robotscope fetch'
  -h, --help          Print help

ROBOTS_FILE may be '-' to read standard input.

Text output, one line per URL and agent row (the row's name first when there are several):
  DISALLOWED  https://example.com/x  line 3: Disallow: /x  (priority 2, group for googlebot)

JSON Lines output, one object per answer with the members
  url, agents, label      what the engine was given, and the agent row's name
  profile                 the reading that answered (google; --profile)
  input_url, input_agents what was typed, and governs: whether the site's robots.txt governs
                          the URL (not with --exact)
  allowed, line           the verdict and the deciding line (0: no rule decided)
  rule                    the deciding rule {line, kind, value, pattern, priority,
                          index_fallback}, or null
  scope                   \"specific\" (the agents' own groups), \"global\" (the * groups) or \"none\"
  path                    the part of the URL that rules are matched against
  groups, group_lines     the groups that applied (indices from 0) and their lines
  matches                 every rule that matched, as for rule
  usage                   the usage preferences that apply, which never change the verdict:
                          content_usage (IETF draft; [{key, granted, line}]), content_usage_lines,
                          content_usage_unknown, content_signal ([{key, granted, line}]),
                          content_use ({value, line} or null), described ([{label, text}])
  token, follows          the token given to the engine (null: the crawler ignores * and no
                          group names it) and the group a preset follows
  tied_disallow           a Disallow that ties the deciding Allow and loses, or null
  quoted_lines            the lines to quote beside the answer
  readers, differs        with --compare: each reader's {profile, allowed, line, why}, in the
                          order compared, and whether their verdicts differ
  baseline, changed       with --baseline: {allowed, line} there, and whether it changed
  why                     with -v: the explanation
The json document holds the same answers as {view, agents: [{input, label, kinds, notes}],
urls: [{input, tested, error, governs, cells}], site, differ, changed}.

Exit status: 0 when every answer is allowed, 1 when any is disallowed (a finding comes first),
2 when nothing could be judged or some input could not be (a usage or I/O error, a URL that
cannot be read, a site that cannot be reached, a sitemap that could not be read to its end).
";

#[derive(Default)]
struct Options {
    /// The robots.txt file; `None` with `--live`.
    file: Option<OsString>,
    /// One entry per agent row: as typed (commas pool), or a crawler of a set.
    agents: Vec<String>,
    urls: Vec<String>,
    /// A URL list to read (`--urls FILE`, or a URL argument `-` for standard input).
    urls_file: Option<OsString>,
    sitemap: Option<String>,
    net: NetOptions,
    jobs: usize,
    format: Format,
    view: View,
    /// The profile whose answer is the exit status (`--profile`; with `--compare`, one of the readers).
    profile: Profile,
    /// With `--compare`, the readings compared, in order.
    readings: Vec<Profile>,
    exact: bool,
    base: Option<String>,
    baseline: Option<OsString>,
    verbose: bool,
    /// Only the verdict and the deciding line, through the core's lean path (`Robots::brief`).
    brief: bool,
    size_limit: bool,
}

fn options(mut p: Parser) -> Result<Options, Failure> {
    let mut o = Options { jobs: 8, size_limit: true, ..Options::default() };
    let (mut positionals, mut live, mut profile) = (Vec::new(), false, None);
    while let Some(arg) = p.next_arg()? {
        match arg {
            Arg::Opt(name) => match name.as_str() {
                "-a" | "--agent" => o.agents.push(p.string_value()?),
                "--json" => o.format = Format::JsonLines,
                "--format" => {
                    let formats = [
                        ("text", Format::Text),
                        ("json", Format::Json),
                        ("jsonl", Format::JsonLines),
                        ("json-lines", Format::JsonLines),
                    ];
                    o.format =
                        p.choice(&formats, |f| format!("unknown format '{}': use text, json or jsonl", printable(f)))?;
                }
                "--profile" => {
                    let name = p.string_value()?;
                    profile = Some(Profile::parse(&name).ok_or_else(|| {
                        p.usage(format!("unknown profile '{}': give google, rfc9309 or 1994", printable(&name)))
                    })?);
                }
                "--compare" => {
                    o.readings = match p.optional_value() {
                        Some(names) => readings(&p, names)?,
                        None => Profile::ALL.to_vec(),
                    }
                }
                // The default since agents and URLs are read as crawlers read them; kept for scripts.
                "--normalize" => {}
                "--exact" => o.exact = true,
                "--brief" => o.brief = true,
                "-v" | "--verbose" => o.verbose = true,
                "--no-size-limit" => o.size_limit = false,
                "--live" => live = true,
                "--sitemap" => o.sitemap = Some(p.string_value()?),
                "--urls" => o.urls_file = Some(p.value()?),
                "--base" => o.base = Some(p.string_value()?),
                "--baseline" => o.baseline = Some(p.value()?),
                "-j" | "--jobs" => {
                    let v = p.string_value()?;
                    o.jobs = v.trim().parse().ok().filter(|&n: &usize| (1..=256).contains(&n)).ok_or_else(|| {
                        p.usage(format!("--jobs takes a number from 1 to 256, not '{}'", printable(&v)))
                    })?;
                }
                n @ ("--timeout" | "--user-agent") => o.net.take(n, &mut p)?,
                n => return Err(p.unknown(n)),
            },
            Arg::Pos(value) => positionals.push(value),
        }
    }
    let mut positionals = positionals.into_iter();
    if !live {
        let missing = || p.usage(String::from("missing ROBOTS_FILE (or --live to fetch each URL's robots.txt)"));
        o.file = Some(positionals.next().ok_or_else(missing)?);
    }
    for u in positionals {
        if u == "-" && o.urls_file.is_none() {
            o.urls_file = Some(u);
        } else if u == "-" {
            return Err(p.usage(String::from("give one URL list: '-' and --urls are both lists")));
        } else {
            o.urls.push(p.utf8(u, "the URL")?);
        }
    }
    if o.agents.is_empty() {
        return Err(p.usage(String::from("missing --agent: name at least one agent, such as --agent Googlebot")));
    }
    let lists = usize::from(!o.urls.is_empty() || o.urls_file.is_some()) + usize::from(o.sitemap.is_some());
    if lists == 0 {
        return Err(p.usage(String::from("missing URL: give at least one URL to check, --urls FILE or --sitemap")));
    }
    if lists > 1 {
        return Err(p.usage(String::from("give URLs (or --urls) or --sitemap, not both")));
    }
    let stdin_uses = usize::from(o.file.as_deref() == Some("-".as_ref()))
        + usize::from(o.urls_file.as_deref() == Some("-".as_ref()))
        + usize::from(o.sitemap.as_deref() == Some("-"))
        + usize::from(o.baseline.as_deref() == Some("-".as_ref()));
    if stdin_uses > 1 {
        return Err(p.usage(String::from("standard input ('-') can be read only once")));
    }
    let sets = o.agents.iter().any(|a| a.split(',').any(|a| a.trim().starts_with('@')));
    if o.exact && sets {
        return Err(p.usage(String::from(
            "a crawler set names presets, which --exact does not read: drop --exact or name the tokens",
        )));
    }
    let compare = !o.readings.is_empty();
    if compare && live {
        return Err(p.usage(String::from("--compare answers from a ROBOTS_FILE: not with --live")));
    }
    if live && o.baseline.is_some() {
        return Err(p.usage(String::from("--baseline compares with a ROBOTS_FILE: not with --live")));
    }
    if o.brief && (live || o.verbose || compare || o.format == Format::Json) {
        return Err(p.usage(String::from(
            "--brief answers from a ROBOTS_FILE in text or JSON Lines: not with --live, --compare, -v or --format json",
        )));
    }
    o.view = if compare { View::Compare } else { View::Reading(profile.unwrap_or_default()) };
    // Under --compare the exit status is one reader's answer: --profile's, by default the first compared.
    o.profile = match (profile, o.readings.first()) {
        (Some(chosen), Some(_)) if !o.readings.contains(&chosen) => {
            let compared: Vec<&str> = o.readings.iter().map(|r| r.as_str()).collect();
            return Err(p.usage(format!(
                "--profile {chosen} gives the exit status under --compare, so it must be one of the readings compared \
                 ({}): add it to --compare or leave --profile out",
                compared.join(", ")
            )));
        }
        (Some(chosen), _) => chosen,
        (None, first) => first.copied().unwrap_or_default(),
    };
    o.agents = agent_rows(&p, &o.agents)?;
    Ok(o)
}

/// The readings `--compare=NAMES` names (`google,rfc9309`), in order; an unknown or repeated name is a usage error.
fn readings(p: &Parser, names: OsString) -> Result<Vec<Profile>, Failure> {
    let names = p.utf8(names, "the value of '--compare'")?;
    let known = Profile::ALL.map(Profile::as_str);
    let mut readings = Vec::new();
    for name in names.split(',') {
        let Some(reading) = Profile::parse(name) else {
            let hint = crate::suggest::hint(name.trim(), known);
            let name = printable(name.trim());
            return Err(p.usage(format!("unknown reading '{name}' for --compare{hint}: give google, rfc9309 or 1994")));
        };
        if readings.contains(&reading) {
            return Err(p.usage(format!("--compare names '{reading}' twice: name each reading once")));
        }
        readings.push(reading);
    }
    Ok(readings)
}

/// Checks the crawler sets among the `--agent`s (`@ai-training`): each must be a known set, given alone. The rows
/// themselves are the core's to read (`robotscope::agent_rows`: one per crawler of a set, repeats dropped).
pub fn agent_rows(p: &Parser, agents: &[String]) -> Result<Vec<String>, Failure> {
    for agent in agents {
        let parts: Vec<&str> = agent.split(',').map(str::trim).collect();
        if !parts.iter().any(|a| a.starts_with('@')) {
            continue;
        }
        let [set] = parts.as_slice() else {
            return Err(p.usage(format!(
                "'{}' pools a crawler set with other agents; a set's crawlers are answered one by one",
                printable(agent)
            )));
        };
        crate::sets::expand(set).map_err(|m| p.usage(m))?;
    }
    Ok(agents.to_vec())
}

/// A robots.txt fetched for a site (`--live`).
struct Site {
    fetched: Fetched,
    governing: Governing,
}

/// What the command counts for its exit status.
#[derive(Default)]
struct Tally {
    disallowed: usize,
    unanswered: usize,
}

/// Asks the question URL chunk by URL chunk and prints each survey.
struct Asker<'a> {
    o: &'a Options,
    /// The file (not with `--live`).
    robots: Option<&'a Robots>,
    baseline: Option<&'a Robots>,
    printer: Printer,
    /// The agent rows as the core read them (from the first survey), for notes and whole-site answers.
    agents: Vec<AskedAgent>,
    /// Whether the URLs come from a list (no note per URL then).
    listed: bool,
    /// The site whose robots.txt the file is taken to be, decided once for the whole list: that of the first
    /// chunk that has one (`--base`, else the list's first full URL), given to every later chunk.
    site: Option<String>,
    /// The lean path, with `--brief`, and its answers' buffer.
    brief: Option<robotscope::Brief<'a>>,
    answers: Vec<(bool, usize)>,
    net: Option<Net>,
    sites: HashMap<String, Option<Site>>,
    tally: Tally,
}

impl Options {
    /// The question the options ask about `urls`, of the file taken to be `site`'s robots.txt.
    fn question<'a>(&'a self, urls: Vec<String>, site: Option<&'a str>, baseline: Option<&'a Robots>) -> Question<'a> {
        Question {
            agents: self.agents.clone(),
            urls,
            base: self.base.clone(),
            site,
            view: self.view,
            readings: &self.readings,
            baseline,
            exact: self.exact,
        }
    }
}

impl Asker<'_> {
    fn question(&self, urls: Vec<String>) -> Question<'_> {
        self.o.question(urls, self.site.as_deref(), self.baseline)
    }

    /// Says once, on standard error, how the core read the agents.
    fn notes(&mut self, agents: &[AskedAgent]) {
        if !self.agents.is_empty() {
            return;
        }
        self.agents = agents.to_vec();
        crate::print::agent_notes(agents);
        if self.o.exact {
            agents.iter().flat_map(|a| &a.members).for_each(|m| exact_note(&m.input));
        }
    }

    /// `--brief`: answers one URL at once through the core's lean path.
    fn brief_one(&mut self, url: &str, out: &mut impl Write) -> Result<(), Failure> {
        let Some(brief) = &self.brief else { return Ok(()) };
        let typed = brief.answer(url, &mut self.answers);
        if let Some(e) = typed.error {
            eprintln!("robotscope: cannot read the URL '{}': {e}; it was not answered", printable(url));
            self.tally.unanswered += 1;
            return Ok(());
        }
        if self.agents.is_empty() {
            let agents = brief.agents().to_vec();
            self.notes(&agents);
        }
        self.tally.disallowed += self.answers.iter().filter(|a| !a.0).count();
        self.printer.brief(&self.agents, &typed, &self.answers, out)?;
        Ok(())
    }

    fn chunk(&mut self, urls: Vec<String>, out: &mut impl Write) -> Result<(), Failure> {
        if urls.is_empty() {
            return Ok(());
        }
        match self.robots {
            Some(robots) => {
                let survey = robots.ask(&self.question(urls));
                if self.site.is_none() {
                    self.site.clone_from(&survey.site);
                }
                crate::print::left_out(&survey);
                self.notes(&survey.agents);
                self.tally_of(&survey);
                self.printer.survey(&Source { robots, fetched: None }, &survey, out)?;
            }
            None => self.live_chunk(urls, out)?,
        }
        Ok(())
    }

    /// Counts a survey's answers and reports its URLs that cannot be read.
    fn tally_of(&mut self, survey: &robotscope::Survey) {
        for (_, u) in survey.url_errors() {
            let e = u.typed.error.map(|e| e.to_string()).unwrap_or_default();
            eprintln!("robotscope: cannot read the URL '{}': {e}; it was not answered", printable(&u.typed.input));
            self.tally.unanswered += 1;
        }
        if !self.listed && self.printer.format == Format::Text {
            for u in &survey.urls {
                if u.typed.error.is_none() && u.typed.tested != u.typed.input {
                    let (typed, sent) = (printable(&u.typed.input), printable(&u.typed.tested));
                    eprintln!("robotscope: note: URL '{typed}' is sent as '{sent}'");
                }
            }
        }
        self.tally.disallowed += survey.cells.iter().flatten().filter(|c| self.blocked(c)).count();
    }

    /// Whether a cell counts as disallowed for the exit status: its answer, or under `--compare` the answer of
    /// the reader `--profile` names.
    fn blocked(&self, cell: &robotscope::Cell) -> bool {
        match cell.readers.iter().find(|r| r.profile == self.o.profile) {
            Some(reader) => !reader.allowed,
            None => cell.blocked(),
        }
    }

    /// `--live`: fetches the chunk's new sites (several at a time), then asks each site's file about its URLs
    /// and prints the answers in the order of the list.
    fn live_chunk(&mut self, urls: Vec<String>, out: &mut impl Write) -> Result<(), Failure> {
        // Which robots.txt governs each URL, read as the core reads it (`None`: the URL cannot be read).
        let keys: Vec<Option<String>> = urls
            .iter()
            .map(|u| {
                let tested = if self.o.exact { u.clone() } else { resolve_url(u, self.o.base.as_deref()).tested };
                robots_url(&tested).ok()
            })
            .collect();
        let mut wanted: Vec<&String> = keys.iter().flatten().filter(|k| !self.sites.contains_key(*k)).collect();
        wanted.sort();
        wanted.dedup();
        let net = self.net.as_ref().ok_or_else(|| Failure::Message(String::from("no network client")))?;
        for (key, fetched) in fetch_all(net, &wanted, self.o.jobs) {
            let site = match fetched {
                Ok(f) if f.error.is_some() => {
                    eprintln!("robotscope: {}", crate::net::unreachable(&f));
                    None
                }
                Ok(f) => {
                    eprintln!("robotscope: {}", crate::print::fetched_line(&f));
                    Some(Site { governing: f.governing(), fetched: f })
                }
                Err(Failure::Message(m)) => {
                    eprintln!("robotscope: {m}");
                    None
                }
                Err(e) => return Err(e),
            };
            self.sites.insert(key, site);
        }
        let sites = std::mem::take(&mut self.sites);
        let answered = self.answer_live(urls, keys, &sites, out);
        self.sites = sites;
        answered
    }

    /// Answers each URL of a chunk from its site's robots.txt, in the order of the list.
    fn answer_live(
        &mut self,
        urls: Vec<String>,
        keys: Vec<Option<String>>,
        sites: &HashMap<String, Option<Site>>,
        out: &mut impl Write,
    ) -> Result<(), Failure> {
        for (typed, key) in urls.into_iter().zip(keys) {
            let site = key.as_ref().and_then(|k| sites.get(k));
            let Some(Some(site)) = site else {
                if key.is_none() {
                    let e = resolve_url(&typed, None).error.map(|e| e.to_string()).unwrap_or_default();
                    eprintln!("robotscope: cannot tell which robots.txt governs '{}': {e}", printable(&typed));
                }
                self.tally.unanswered += 1;
                continue;
            };
            // Each URL is asked of its own site's file: its own site governs it.
            let question = Question { site: None, baseline: None, ..self.question(vec![typed.clone()]) };
            // The core answers over the file or over the site's one answer (SPEC B5) alike.
            let survey = site.governing.ask(&question);
            crate::print::left_out(&survey);
            self.notes(&survey.agents);
            self.tally.disallowed += survey.cells.iter().flatten().filter(|c| c.blocked()).count();
            match (site.governing.robots(), site.governing.whole()) {
                (Some(robots), _) => {
                    let src = Source { robots, fetched: Some(&site.fetched) };
                    self.printer.survey(&src, &survey, out)?;
                }
                (None, allowed) => {
                    let tested = &survey.urls[0].typed.tested;
                    let url = if self.o.exact { typed.as_str() } else { tested.as_str() };
                    let allowed = allowed.unwrap_or(false);
                    self.printer.whole(&self.agents, &typed, url, &site.fetched, allowed, out)?;
                }
            }
        }
        Ok(())
    }
}

/// Fetches each robots.txt of `keys`, at most `jobs` at a time; the results in the order of `keys`.
fn fetch_all(net: &Net, keys: &[&String], jobs: usize) -> Vec<(String, Result<Fetched, Failure>)> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: std::sync::Mutex<Vec<Option<Result<Fetched, Failure>>>> =
        std::sync::Mutex::new(keys.iter().map(|_| None).collect());
    std::thread::scope(|s| {
        for _ in 0..jobs.min(keys.len()) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(key) = keys.get(i) else { break };
                let r = net.fetch_robots(key);
                if let Ok(mut all) = results.lock() {
                    all[i] = Some(r);
                }
            });
        }
    });
    let results = results.into_inner().unwrap_or_default();
    keys.iter()
        .zip(results)
        .map(|(k, r)| {
            let r = r.unwrap_or_else(|| Err(Failure::Message(format!("cannot fetch {}", printable(k)))));
            ((*k).clone(), r)
        })
        .collect()
}

/// Warns about an agent that `--exact` gives the engine although it can only compare it whole with product
/// tokens.
fn exact_note(agent: &str) {
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

pub fn run(p: Parser) -> Result<ExitCode, Failure> {
    let o = options(p)?;
    let load = |file: &OsString| -> Result<Robots, Failure> {
        let (name, robots) = crate::load(file, o.size_limit)?;
        if robots.source().is_empty() {
            eprintln!("robotscope: note: '{name}' is empty, so every agent may fetch every URL");
        }
        Ok(robots)
    };
    let mut robots = o.file.as_ref().map(load).transpose()?;
    let mut baseline = o.baseline.as_ref().map(load).transpose()?;
    if o.view != View::Reading(Profile::Google) {
        // Asked chunk after chunk: the readings are kept with the parse instead of read again each time.
        robots.iter_mut().chain(baseline.iter_mut()).for_each(Robots::keep_readings);
    }
    let mut printer = Printer::new(o.format, o.view, &o.readings);
    printer.verbose = o.verbose;
    printer.exact = o.exact;
    printer.only_blocked = o.sitemap.is_some();
    printer.align = o.urls_file.is_none() && o.sitemap.is_none();
    let mut asker = Asker {
        o: &o,
        robots: robots.as_ref(),
        baseline: baseline.as_ref(),
        printer,
        agents: Vec::new(),
        listed: o.urls_file.is_some() || o.sitemap.is_some(),
        site: None,
        net: o.file.is_none().then(|| o.net.net().with_size_limit(o.size_limit)),
        sites: HashMap::new(),
        tally: Tally::default(),
        brief: None,
        answers: Vec::new(),
    };
    if let (true, Some(robots)) = (o.brief, robots.as_ref()) {
        asker.brief = Some(robots.brief(&o.question(Vec::new(), None, baseline.as_ref())));
    }
    let mut out = BufWriter::with_capacity(64 * 1024, io::stdout().lock());
    let mut chunk: Vec<String> = Vec::with_capacity(crate::urls::CHUNK);
    let mut each = |url: &str| {
        if asker.brief.is_some() {
            return asker.brief_one(url, &mut out);
        }
        crate::urls::fill(&mut chunk, url).map_or(Ok(()), |full| asker.chunk(full, &mut out))
    };
    let mut summary = sitemap::Summary::default();
    let (list, map) = (o.urls_file.as_deref(), o.sitemap.as_deref());
    let mut result = crate::urls::for_each_given(&o.urls, list, map, &o.net, &mut summary, &mut each);
    if map.is_none() {
        // A list that cannot be read stops the command before the URLs read from it are answered.
        std::mem::replace(&mut result, Ok(()))?;
    }
    asker.chunk(chunk, &mut out)?;
    let agents = asker.agents.clone();
    asker.printer.finish(&agents, &mut out)?;
    out.flush()?;
    let Tally { disallowed, unanswered } = asker.tally;
    if o.sitemap.is_some() {
        return sitemap::finish(result, &summary, disallowed, "disallowed", unanswered);
    }
    result?;
    Ok(crate::status(disallowed, unanswered))
}

/// `check`'s help, with every crawler set from the core's one list, wrapped under its option.
pub fn help() -> String {
    let mut sets = String::new();
    let mut width = "                      with its fallbacks: ".len();
    for (i, name) in crate::sets::names().iter().enumerate() {
        let item = if i == 0 { name.clone() } else { format!(", {name}") };
        if width + item.len() > 92 {
            sets.push_str(",\n                      ");
            sets.push_str(name);
            width = 22 + name.len();
        } else {
            width += item.len();
            sets.push_str(&item);
        }
    }
    HELP.replace("{SETS}", &sets)
}

#[cfg(test)]
mod tests {
    #[test]
    fn help_lists_every_crawler_set_from_the_core() {
        let help = super::help();
        for name in crate::sets::names() {
            assert!(help.contains(&format!("{name},")) || help.contains(&format!("{name}\n")), "{name}");
        }
        assert!(help.lines().filter(|l| l.contains("@")).all(|l| l.chars().count() <= 92), "{help}");
    }
}
