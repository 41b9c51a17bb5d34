//! Fetching a site's robots.txt as a crawler does (SPEC B4 for which file, SPEC B5 for what the answer means),
//! and opening other URLs (sitemaps) for reading.

use std::ffi::OsString;
use std::io::Read;
use std::time::Duration;

use robotscope::{fetch_outcome, join_location, Fetch, FetchOutcome, Robots, Step, GOOGLE_SIZE_LIMIT, MAX_REDIRECTS};
pub use robotscope::{status_text, Governing};

use crate::fetch::NetOptions;
use crate::{printable, Failure};

/// The default User-Agent header: names robotscope and its version.
pub fn default_user_agent() -> String {
    format!("robotscope/{}", env!("CARGO_PKG_VERSION"))
}

/// How the CLI talks to servers.
#[derive(Debug, Clone)]
pub struct Net {
    agent: ureq::Agent,
    timeout: Duration,
    /// The most of a robots.txt body that is read: Google's 500 KiB, or [`NO_SIZE_LIMIT_CAP`] with
    /// `--no-size-limit`.
    body_limit: usize,
}

/// What `--no-size-limit` reads of a fetched robots.txt at most (64 MiB): the whole file of any real site,
/// with memory still bounded against a server that never stops sending.
pub const NO_SIZE_LIMIT_CAP: usize = 64 * 1024 * 1024;

impl Net {
    /// A client that sends `user_agent` and gives up on a request after `timeout`.
    pub fn new(user_agent: &str, timeout: Duration) -> Net {
        let config = ureq::Agent::config_builder()
            .timeout_per_call(Some(timeout))
            .max_redirects(0)
            .max_redirects_will_error(false)
            .http_status_as_error(false)
            .user_agent(user_agent)
            .build();
        Net { agent: config.into(), timeout, body_limit: GOOGLE_SIZE_LIMIT }
    }

    /// The same client reading whole robots.txt bodies (up to [`NO_SIZE_LIMIT_CAP`]) when `size_limit` is off.
    pub fn with_size_limit(mut self, size_limit: bool) -> Net {
        self.body_limit = if size_limit { GOOGLE_SIZE_LIMIT } else { NO_SIZE_LIMIT_CAP };
        self
    }

    /// One GET without following redirects; `Err` is a network error in words.
    fn get(&self, url: &str) -> Result<ureq::http::Response<ureq::Body>, String> {
        self.agent.get(url).call().map_err(|e| self.describe(&e))
    }

    /// A network error in words, without the URL (callers name it).
    fn describe(&self, e: &ureq::Error) -> String {
        match e {
            ureq::Error::Timeout(_) => format!("no answer within {} (timeout)", seconds(self.timeout)),
            ureq::Error::HostNotFound => String::from("host not found (the DNS lookup failed)"),
            ureq::Error::ConnectionFailed => String::from("the connection failed"),
            ureq::Error::Io(io) => io_error(io, self.timeout),
            ureq::Error::BadUri(u) => format!("not a URL that can be fetched: {u}"),
            ureq::Error::Tls(m) => format!("TLS error: {m}"),
            ureq::Error::Rustls(r) => format!("TLS error: {r}"),
            ureq::Error::Protocol(p) => format!("the answer is not valid HTTP ({p})"),
            ureq::Error::Decompress(_, io) => format!("the compressed body is corrupt ({io})"),
            other => other.to_string(),
        }
    }

    /// Reads a body, at most `limit` + 1 bytes of it (one more than counts tells the core the file was cut).
    fn read_body(&self, body: &mut ureq::Body, limit: usize) -> Result<Vec<u8>, String> {
        let mut buf = Vec::new();
        let reader = body.with_config().limit(u64::MAX).reader();
        match reader.take(limit as u64 + 1).read_to_end(&mut buf) {
            Ok(_) => Ok(buf),
            Err(e) => Err(self.body_error(&e)),
        }
    }

    fn body_error(&self, e: &std::io::Error) -> String {
        if let Some(inner) = e.get_ref().and_then(|i| i.downcast_ref::<ureq::Error>()) {
            return self.describe(inner);
        }
        io_error(e, self.timeout)
    }

    /// Opens `url` for reading, following redirects (at most [`MAX_REDIRECTS`]); a status other than 2xx is an
    /// error. For sitemaps.
    pub fn open(&self, url: &str) -> Result<Box<dyn Read>, String> {
        let mut current = url.to_owned();
        for _ in 0..=MAX_REDIRECTS {
            let resp = self.get(&current)?;
            let status = resp.status().as_u16();
            match fetch_outcome(status) {
                FetchOutcome::ParseBody => {
                    let timeout = self.timeout;
                    let reader = resp.into_body().into_with_config().limit(u64::MAX).reader();
                    return Ok(Box::new(ErrorsInWords { inner: reader, timeout }));
                }
                FetchOutcome::FollowRedirect => match location(&resp) {
                    Some(next) => current = join_location(&current, &next),
                    None => return Err(format!("{} without a Location header", status_text(status))),
                },
                _ => return Err(status_text(status)),
            }
        }
        Err(format!("more than {MAX_REDIRECTS} redirects"))
    }

    /// Fetches the robots.txt that governs `page_url`: the core's [`Fetch`] decides each step and the outcome
    /// (SPEC B5); this only does HTTP.
    pub fn fetch_robots(&self, page_url: &str) -> Result<Fetched, Failure> {
        let mut fetch = Fetch::new(page_url)
            .map_err(|e| {
                Failure::Message(format!("cannot tell which robots.txt governs '{}': {e}", printable(page_url)))
            })?
            .with_limit(self.body_limit);
        let mut version = String::new();
        loop {
            let mut resp = match self.get(fetch.url()) {
                Ok(r) => r,
                Err(e) => return Ok(Fetched { done: fetch.network_error(&e), version }),
            };
            version = format!("{:?}", resp.version());
            let done = match fetch.response(resp.status().as_u16(), location(&resp).as_deref()) {
                Step::Request => continue,
                Step::ReadBody => match self.read_body(resp.body_mut(), fetch.limit()) {
                    Ok(body) => fetch.body(&body),
                    Err(e) => fetch.body_error(&e),
                },
                Step::Done(done) => done,
                _ => unreachable!("a step the CLI does not know"),
            };
            return Ok(Fetched { done, version });
        }
    }
}

/// Wraps a body reader so that its errors say what happened in words.
struct ErrorsInWords<R> {
    inner: R,
    timeout: Duration,
}

impl<R: Read> Read for ErrorsInWords<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.inner.read(buf).map_err(|e| {
            let text = match e.get_ref().and_then(|i| i.downcast_ref::<ureq::Error>()) {
                Some(ureq::Error::Timeout(_)) => format!("no data within {} (timeout)", seconds(self.timeout)),
                Some(inner) => inner.to_string(),
                None => io_error(&e, self.timeout),
            };
            std::io::Error::new(e.kind(), text)
        })
    }
}

fn io_error(e: &std::io::Error, timeout: Duration) -> String {
    use std::io::ErrorKind as K;
    match e.kind() {
        K::ConnectionRefused => String::from("connection refused"),
        K::ConnectionReset => String::from("the connection was reset"),
        K::ConnectionAborted => String::from("the connection was aborted"),
        K::UnexpectedEof => String::from("the connection closed before the answer was complete"),
        K::TimedOut | K::WouldBlock => format!("no answer within {} (timeout)", seconds(timeout)),
        _ => e.to_string(),
    }
}

fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{s:.0} s")
    } else {
        format!("{s} s")
    }
}

fn location(resp: &ureq::http::Response<ureq::Body>) -> Option<String> {
    let value = resp.headers().get("location")?;
    let text = String::from_utf8_lossy(value.as_bytes()).trim().to_owned();
    (!text.is_empty()).then_some(text)
}

/// What every network command says when a site cannot be reached (no HTTP answer: DNS, connection, timeout,
/// truncated body): `fetch`, `check --live`, `diff --live` and `test --live` print it on standard error and
/// exit 2, since nothing about the site could be judged.
pub fn unreachable(f: &Fetched) -> String {
    printable(&f.unreachable()).into_owned()
}

/// The outcome of fetching one robots.txt: the core's [`robotscope::Fetched`] and the HTTP version it came by.
#[derive(Debug)]
pub struct Fetched {
    pub done: robotscope::Fetched,
    /// The HTTP version of the last answer (`HTTP/1.1`).
    pub version: String,
}

impl std::ops::Deref for Fetched {
    type Target = robotscope::Fetched;
    fn deref(&self) -> &robotscope::Fetched {
        &self.done
    }
}

impl Fetched {
    /// The status line of the last answer: `HTTP/1.1 200 OK`.
    pub fn status_line(&self) -> Option<String> {
        self.status.map(|s| format!("{} {}", self.version, status_text(s)))
    }
}

/// A robots.txt as the command line gives it: a file (`-`: standard input), or `--live URL`, the one that governs
/// URL.
pub enum RobotsArg {
    File(OsString),
    Live(String),
}

/// A robots.txt ready to answer: its name in messages, what crawlers obey, and what was fetched (`--live`).
pub struct Loaded {
    pub name: String,
    pub governing: Governing,
    pub fetched: Option<Fetched>,
}

impl Loaded {
    /// Reads or fetches the robots.txt `arg` names.
    pub fn load(arg: &RobotsArg, size_limit: bool, net: &NetOptions) -> Result<Loaded, Failure> {
        match arg {
            RobotsArg::File(path) => {
                let (name, robots) = crate::load(path, size_limit)?;
                Ok(Loaded { name, governing: Governing::File(Box::new(robots)), fetched: None })
            }
            RobotsArg::Live(url) => {
                let fetched = net.net().with_size_limit(size_limit).fetch_robots(url)?;
                // No answer at all is an error here: a check must not pass because the site was unreachable.
                // (A 5xx answer is the site's state and is read as crawlers read it.)
                if fetched.error.is_some() {
                    return Err(Failure::Message(unreachable(&fetched)));
                }
                eprintln!("robotscope: {}", crate::print::fetched_line(&fetched));
                let governing = fetched.governing();
                Ok(Loaded { name: fetched.final_url.clone(), governing, fetched: Some(fetched) })
            }
        }
    }

    /// The file, unless the site's answer covers every URL.
    pub fn robots(&self) -> Option<&Robots> {
        self.governing.robots()
    }
}
