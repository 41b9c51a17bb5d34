//! `robotscope diff`: the verdicts that change between two versions of a robots.txt, a release check.

use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::process::ExitCode;

use robotscope::{AskedAgent, FetchOutcome, Question};

use crate::args::{Arg, Parser};
use crate::fetch::NetOptions;
use crate::net::{Fetched, Loaded, RobotsArg};
use crate::print::line_text;
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
(DNS, connection, timeout, truncated body) diff stops with exit status 2, as 'robotscope fetch'.
Each --agent is asked on its own row; commas pool agents into one row (--agent \"A,B\"), as in
'robotscope check'. An agent may be a product token, a whole User-Agent header or a crawler
preset (Googlebot-Image follows the Googlebot group when it has none of its own; AdsBot ignores
'*'). Each URL is read as 'check' reads it (a path stays a path); one that cannot be read is an
error on standard error and the others are still compared. The answers are the core's: NEW
asked with OLD as its baseline.

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

Exit status: 0 when no verdict changed, 1 when any did (a finding comes first), 2 on a usage,
I/O or network error or a URL that cannot be read (a 5xx answer is not an error here: it
disallows every URL, as it does for crawlers).
";

/// What `diff` reads of OLD and NEW.
impl Loaded {
    /// The deciding line's text, or why there is none.
    fn why(&self, line: usize) -> String {
        match (&self.governing, self.fetched.as_ref()) {
            (whole, Some(f)) if whole.whole().is_some() => format!("{}: {}", f.label(), status_or_error(f)),
            _ if line == 0 => String::from("no rule matched"),
            _ => format!("line {line}: {}", printable(&self.line_text(line))),
        }
    }

    fn line_text(&self, line: usize) -> String {
        self.robots().map(|r| line_text(r, line)).unwrap_or_default()
    }

    fn outcome(&self) -> &'static str {
        self.fetched.as_ref().map_or(FetchOutcome::ParseBody.name(), |f| f.outcome.name())
    }
}

fn status_or_error(f: &Fetched) -> String {
    match (&f.error, f.status) {
        (Some(e), _) => e.clone(),
        (None, Some(s)) => robotscope::status_text(s),
        (None, None) => String::new(),
    }
}

#[derive(Default)]
struct Options {
    sides: Vec<RobotsArg>,
    agents: Vec<String>,
    urls: Vec<String>,
    urls_file: Option<OsString>,
    sitemap: Option<String>,
    json: bool,
    size_limit: bool,
    net: NetOptions,
}

fn options(mut p: Parser) -> Result<Options, Failure> {
    let mut o = Options { size_limit: true, ..Options::default() };
    let mut agents = Vec::new();
    while let Some(arg) = p.next_arg()? {
        match arg {
            Arg::Opt(name) => match name.as_str() {
                "-a" | "--agent" => agents.push(p.string_value()?),
                "--live" if o.sides.len() < 2 => o.sides.push(RobotsArg::Live(p.string_value()?)),
                "--live" => return Err(p.usage(String::from("OLD and NEW are already given; '--live' is a third"))),
                "--urls" => o.urls_file = Some(p.value()?),
                "--sitemap" => o.sitemap = Some(p.string_value()?),
                "--json" => o.json = true,
                "--no-size-limit" => o.size_limit = false,
                n => o.net.take(n, &mut p)?,
            },
            Arg::Pos(value) if o.sides.len() < 2 => o.sides.push(RobotsArg::File(value)),
            Arg::Pos(value) => o.urls.push(p.utf8(value, "the URL")?),
        }
    }
    if o.sides.len() < 2 {
        return Err(p.usage(String::from("diff needs OLD and NEW (each a file, '-' or '--live URL')")));
    }
    if agents.is_empty() {
        return Err(p.usage(String::from("missing --agent: name at least one agent, such as --agent Googlebot")));
    }
    o.agents = crate::check::agent_rows(&p, &agents)?;
    let sources =
        usize::from(!o.urls.is_empty()) + usize::from(o.urls_file.is_some()) + usize::from(o.sitemap.is_some());
    if sources == 0 {
        return Err(p.usage(String::from("missing URLs: give URLs, --urls FILE or --sitemap FILE_OR_URL")));
    }
    if sources > 1 {
        return Err(p.usage(String::from("give URLs, --urls FILE or --sitemap, only one of them")));
    }
    let stdin_uses = o.sides.iter().filter(|s| matches!(s, RobotsArg::File(f) if f == "-")).count()
        + usize::from(o.urls_file.as_deref() == Some("-".as_ref()));
    if stdin_uses > 1 {
        return Err(p.usage(String::from("standard input ('-') can be read only once")));
    }
    Ok(o)
}

/// One answer of a side: allowed, deciding line.
type Short = (bool, usize);

struct Differ<'a> {
    o: &'a Options,
    old: &'a Loaded,
    new: &'a Loaded,
    agents: Vec<AskedAgent>,
    urls: usize,
    changed: usize,
    unanswered: usize,
}

impl Differ<'_> {
    /// Asks NEW about a chunk of URLs with OLD as its baseline (or the side that has a file, against the other's
    /// answer for the whole site), and prints the answers that changed.
    fn chunk(&mut self, urls: Vec<String>, out: &mut impl Write) -> Result<(), Failure> {
        if urls.is_empty() {
            return Ok(());
        }
        let question = Question { agents: self.o.agents.clone(), urls, ..Question::default() };
        // The core answers each side by its file or by the site's one answer (SPEC B5), the old side as the baseline.
        let asked = self.new.governing.ask_against(&question, Some(&self.old.governing));
        if self.agents.is_empty() {
            self.agents.clone_from(&asked.agents);
            crate::print::left_out(&asked);
            crate::print::agent_notes(&asked.agents);
        }
        for (u, url) in asked.urls.iter().enumerate() {
            if let Some(e) = url.typed.error {
                eprintln!(
                    "robotscope: cannot read the URL '{}': {e}; it was not compared",
                    printable(&url.typed.input)
                );
                self.unanswered += 1;
                continue;
            }
            self.urls += 1;
            for (a, agent) in asked.agents.iter().enumerate() {
                let Some(cell) = asked.cell(u, a) else { continue };
                let (Some(b), true) = (&cell.baseline, cell.changed) else { continue };
                let (old, new): (Short, Short) = ((b.allowed, b.line), (cell.allowed(), cell.line()));
                self.changed += 1;
                let url = &url.typed.tested;
                let text = if self.o.json {
                    change_json(url, &agent.input, self.old, old, self.new, new)
                } else {
                    change_text(url, &agent.input, self.old, old, self.new, new)
                };
                out.write_all(text.as_bytes())?;
            }
        }
        Ok(())
    }
}

pub fn run(p: Parser) -> Result<ExitCode, Failure> {
    let o = options(p)?;
    let old = Loaded::load(&o.sides[0], o.size_limit, &o.net)?;
    let new = Loaded::load(&o.sides[1], o.size_limit, &o.net)?;
    let mut d = Differ { o: &o, old: &old, new: &new, agents: Vec::new(), urls: 0, changed: 0, unanswered: 0 };
    let mut out = BufWriter::new(io::stdout().lock());
    let mut chunk: Vec<String> = Vec::with_capacity(crate::urls::CHUNK);
    let mut each = |url: &str| crate::urls::fill(&mut chunk, url).map_or(Ok(()), |full| d.chunk(full, &mut out));
    let mut summary = sitemap::Summary::default();
    let (list, map) = (o.urls_file.as_deref(), o.sitemap.as_deref());
    let result = crate::urls::for_each_given(&o.urls, list, map, &o.net, &mut summary, &mut each);
    d.chunk(chunk, &mut out)?;
    out.flush()?;
    drop(out);
    let (urls, changed, unanswered, agents) = (d.urls, d.changed, d.unanswered, d.agents.len());
    if o.sitemap.is_some() {
        return sitemap::finish(result, &summary, changed, "verdicts changed", unanswered);
    }
    result?;
    let pairs = urls * agents;
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    if changed == 0 {
        eprintln!(
            "robotscope: no verdict changed between '{}' and '{}' ({urls} URL{} x {agents} agent{})",
            printable(&old.name),
            printable(&new.name),
            plural(urls),
            plural(agents)
        );
    } else {
        eprintln!(
            "robotscope: {changed} of {pairs} verdicts changed between '{}' and '{}'",
            printable(&old.name),
            printable(&new.name)
        );
    }
    Ok(crate::status(changed, unanswered))
}

fn verdict_word(allowed: bool) -> &'static str {
    if allowed {
        "allowed"
    } else {
        "disallowed"
    }
}

fn change_text(url: &str, agent: &str, old: &Loaded, a: Short, new: &Loaded, b: Short) -> String {
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

fn side_json(side: &Loaded, v: Short) -> serde_json::Value {
    let text = if v.1 == 0 { None } else { Some(side.line_text(v.1)) };
    json!({"allowed": v.0, "line": v.1, "text": text, "outcome": side.outcome()})
}

fn change_json(url: &str, agent: &str, old: &Loaded, a: Short, new: &Loaded, b: Short) -> String {
    let mut s = json!({"url": url, "agent": agent, "old": side_json(old, a), "new": side_json(new, b)}).to_string();
    s.push('\n');
    s
}
