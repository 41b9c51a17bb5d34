//! Fetching a site's robots.txt as a crawler does (SPEC B4 for which file, SPEC B5 for what the answer means),
//! and opening other URLs (sitemaps) for reading.

use std::ffi::OsString;
use std::io::Read;
use std::time::Duration;

use robotscope::{fetch_outcome, robots_url, FetchOutcome, Robots, GOOGLE_SIZE_LIMIT};

use crate::fetch::NetOptions;
use crate::{printable, Failure};

/// Redirects followed before a fetch gives up (RFC 9309 section 2.3.1.2: at least five).
pub const MAX_REDIRECTS: usize = 5;

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

    /// Reads a whole body, at most `limit` bytes of it; the flag says more was sent.
    fn read_body(&self, body: &mut ureq::Body, limit: usize) -> Result<(Vec<u8>, bool), String> {
        let mut buf = Vec::new();
        let reader = body.with_config().limit(u64::MAX).reader();
        match reader.take(limit as u64 + 1).read_to_end(&mut buf) {
            Ok(_) => {
                let cut = buf.len() > limit;
                buf.truncate(limit);
                Ok((buf, cut))
            }
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
                    Some(next) => current = join(&current, &next),
                    None => return Err(format!("{} without a Location header", status_text(status))),
                },
                _ => return Err(status_text(status)),
            }
        }
        Err(format!("more than {MAX_REDIRECTS} redirects"))
    }

    /// Fetches the robots.txt that governs `page_url` and applies SPEC B5.
    pub fn fetch_robots(&self, page_url: &str) -> Result<Fetched, Failure> {
        let robots = robots_url(page_url).map_err(|e| {
            Failure::Message(format!("cannot tell which robots.txt governs '{}': {e}", printable(page_url)))
        })?;
        let mut f = Fetched {
            robots_url: robots.clone(),
            final_url: robots.clone(),
            redirects: Vec::new(),
            status: None,
            version: String::new(),
            row: Row::DisallowAll,
            reason: String::new(),
            error: None,
            body: Vec::new(),
            cut: false,
        };
        loop {
            let mut resp = match self.get(&f.final_url) {
                Ok(r) => r,
                Err(e) => {
                    f.reason = format!("network error ({e}): everything is disallowed until a later fetch succeeds");
                    f.error = Some(e);
                    return Ok(f);
                }
            };
            let status = resp.status().as_u16();
            f.status = Some(status);
            f.version = format!("{:?}", resp.version());
            match fetch_outcome(status) {
                FetchOutcome::FollowRedirect => {
                    // Why no robots.txt is reached through this redirect, if none is.
                    let next = location(&resp).map(|l| join(&f.final_url, &l));
                    let dead_end = match &next {
                        None => format!("{} without a Location header", status_text(status)),
                        Some(next) if f.redirects.len() == MAX_REDIRECTS => {
                            let looped = f.redirects.iter().any(|(_, u)| u == next) || *next == f.robots_url;
                            format!(
                                "more than {MAX_REDIRECTS} redirects{}",
                                if looped { " (a redirect loop)" } else { "" }
                            )
                        }
                        Some(next) if !(next.starts_with("http://") || next.starts_with("https://")) => {
                            format!("{} to '{}', which is not an HTTP URL", status_text(status), printable(next))
                        }
                        Some(next) => {
                            f.redirects.push((status, next.clone()));
                            f.final_url.clone_from(next);
                            continue;
                        }
                    };
                    f.row = Row::AllowAll;
                    f.reason = format!("{dead_end}: no robots.txt reached, so everything is allowed (as for 4xx)");
                    return Ok(f);
                }
                FetchOutcome::ParseBody => {
                    match self.read_body(resp.body_mut(), self.body_limit) {
                        Ok((body, cut)) => {
                            f.row = Row::Parse;
                            f.reason = format!("{}: {}", status_class(status), FetchOutcome::ParseBody.message());
                            f.body = body;
                            f.cut = cut;
                        }
                        Err(e) => {
                            f.reason = format!(
                                "{} but the body was cut short ({e}): everything is disallowed until a later fetch \
                                 succeeds",
                                status_text(status)
                            );
                            f.error = Some(format!("truncated body: {e}"));
                        }
                    }
                    return Ok(f);
                }
                FetchOutcome::AllowAll => {
                    f.row = Row::AllowAll;
                    f.reason = format!("{}: {}", status_text(status), FetchOutcome::AllowAll.message());
                    return Ok(f);
                }
                _ => {
                    f.reason = format!("{}: {}", status_text(status), FetchOutcome::DisallowAll.message());
                    return Ok(f);
                }
            }
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

/// `404 Not Found`.
pub fn status_text(status: u16) -> String {
    let reason = ureq::http::StatusCode::from_u16(status).ok().and_then(|s| s.canonical_reason());
    match reason {
        Some(r) => format!("{status} {r}"),
        None => status.to_string(),
    }
}

fn status_class(status: u16) -> String {
    format!("{} ({}xx)", status_text(status), status / 100)
}

/// Resolves a `Location` value against the URL it came from.
pub fn join(base: &str, location: &str) -> String {
    let has_scheme = location
        .split_once(':')
        .is_some_and(|(s, _)| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b)));
    if has_scheme {
        return location.to_owned();
    }
    let (scheme, rest) = base.split_once("://").unwrap_or(("http", base));
    if let Some(auth) = location.strip_prefix("//") {
        return format!("{scheme}://{auth}");
    }
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let origin = format!("{scheme}://{}", &rest[..authority_end]);
    if location.starts_with('/') {
        return format!("{origin}{location}");
    }
    let path = &rest[authority_end..];
    let path = &path[..path.find(['?', '#']).unwrap_or(path.len())];
    let dir = &path[..path.rfind('/').map_or(0, |i| i + 1)];
    let dir = if dir.is_empty() { "/" } else { dir };
    if location.starts_with('?') {
        return format!("{origin}{path}{location}");
    }
    format!("{origin}{dir}{location}")
}

/// What every network command says when a site cannot be reached (no HTTP answer: DNS, connection, timeout,
/// truncated body): `fetch`, `check --live`, `diff --live` and `test --live` print it on standard error and
/// exit 2, since nothing about the site could be judged.
pub fn unreachable(f: &Fetched) -> String {
    format!(
        "cannot fetch {}: {} (crawlers disallow everything until a later fetch succeeds)",
        printable(&f.final_url),
        printable(f.error.as_deref().unwrap_or("no answer"))
    )
}

/// Which row of SPEC B5 applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Row {
    /// 2xx: the body is the file.
    Parse,
    /// 4xx (not 429), or no file reached through redirects: everything allowed.
    AllowAll,
    /// 5xx, 429, timeouts, DNS and connection errors, truncated bodies: everything disallowed.
    DisallowAll,
}

impl Row {
    /// The name used in JSON output: the core's name of the outcome ([`FetchOutcome::name`]).
    pub fn name(self) -> &'static str {
        match self {
            Row::Parse => FetchOutcome::ParseBody,
            Row::AllowAll => FetchOutcome::AllowAll,
            Row::DisallowAll => FetchOutcome::DisallowAll,
        }
        .name()
    }

    /// A short label for verdict lines: why every URL gets the same answer.
    pub fn label(self) -> &'static str {
        match self {
            Row::Parse => "robots.txt",
            Row::AllowAll => "no robots.txt",
            Row::DisallowAll => "server error",
        }
    }
}

/// The outcome of fetching one robots.txt.
#[derive(Debug)]
pub struct Fetched {
    /// The governing robots.txt URL (SPEC B4).
    pub robots_url: String,
    /// Where the redirects led (the robots.txt URL when there were none).
    pub final_url: String,
    /// Each redirect followed: its status and where it pointed.
    pub redirects: Vec<(u16, String)>,
    /// The status of the last answer; `None` when there was none (network error).
    pub status: Option<u16>,
    /// The HTTP version of the last answer (`HTTP/1.1`).
    pub version: String,
    pub row: Row,
    /// The B5 row in words, with the status or the error.
    pub reason: String,
    /// The network error, when there was one.
    pub error: Option<String>,
    /// The body (2xx only), at most 500 KiB.
    pub body: Vec<u8>,
    /// The server sent more than 500 KiB.
    pub cut: bool,
}

impl Fetched {
    /// The status line of the last answer: `HTTP/1.1 200 OK`.
    pub fn status_line(&self) -> Option<String> {
        self.status.map(|s| format!("{} {}", self.version, status_text(s)))
    }
}

/// What crawlers obey for one origin: the file, or one answer for every URL (SPEC B5).
#[derive(Debug)]
pub enum Governing {
    File(Box<Robots>),
    AllowAll,
    DisallowAll,
}

impl Governing {
    /// What the fetched outcome means for crawling.
    pub fn of(f: &Fetched) -> Governing {
        match f.row {
            Row::Parse => Governing::File(Box::new(Robots::parse(&f.body))),
            Row::AllowAll => Governing::AllowAll,
            Row::DisallowAll => Governing::DisallowAll,
        }
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
                let governing = Governing::of(&fetched);
                Ok(Loaded { name: fetched.final_url.clone(), governing, fetched: Some(fetched) })
            }
        }
    }

    /// The file, unless the site's answer covers every URL.
    pub fn robots(&self) -> Option<&Robots> {
        match &self.governing {
            Governing::File(r) => Some(r),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn joins_locations() {
        let b = "http://a.com/x/robots.txt?q";
        assert_eq!(join(b, "https://b.com/r"), "https://b.com/r");
        assert_eq!(join(b, "//c.com/r"), "http://c.com/r");
        assert_eq!(join(b, "/r"), "http://a.com/r");
        assert_eq!(join(b, "r2"), "http://a.com/x/r2");
        assert_eq!(join("http://a.com", "r2"), "http://a.com/r2");
        assert_eq!(join(b, "?z"), "http://a.com/x/robots.txt?z");
    }

    #[test]
    fn status_texts() {
        assert_eq!(status_text(404), "404 Not Found");
        assert_eq!(status_text(599), "599");
        assert_eq!(Row::DisallowAll.name(), "disallow-all");
    }
}
