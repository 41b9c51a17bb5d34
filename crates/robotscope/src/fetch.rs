//! What a crawler does with the outcome of fetching a robots.txt file (SPEC B5: RFC 9309 section 2.3 and
//! Google's documentation): [`fetch_outcome`] classifies a status, [`Fetch`] is the whole fetch without I/O (the
//! redirects, the size limit, a body cut short) and [`Governing`] answers a question over its outcome.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::question::{Question, Survey};
use crate::url::{robots_url, UrlError};
use crate::{Robots, Scope, Verdict};

/// How a fetch outcome governs crawling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FetchOutcome {
    /// 2xx: parse the body (Google reads the first 500 KiB).
    ParseBody,
    /// 3xx: follow the redirect (up to 5 hops); when no robots.txt is reached, treat it as 4xx.
    FollowRedirect,
    /// 4xx, 401 and 403 included: there is no robots.txt, so everything is allowed.
    AllowAll,
    /// 5xx, 429, and any other status: everything is disallowed until a later fetch succeeds.
    DisallowAll,
}

impl FetchOutcome {
    /// Its stable name: `parse-body`, `follow-redirect`, `allow-all` or `disallow-all`.
    pub fn name(self) -> &'static str {
        match self {
            FetchOutcome::ParseBody => "parse-body",
            FetchOutcome::FollowRedirect => "follow-redirect",
            FetchOutcome::AllowAll => "allow-all",
            FetchOutcome::DisallowAll => "disallow-all",
        }
    }

    /// The short label of a verdict that answers every URL alike (`--live` on a site without a file):
    /// `robots.txt`, `no robots.txt` or `server error`.
    pub fn label(self) -> &'static str {
        match self {
            FetchOutcome::ParseBody | FetchOutcome::FollowRedirect => "robots.txt",
            FetchOutcome::AllowAll => "no robots.txt",
            FetchOutcome::DisallowAll => "server error",
        }
    }

    /// A sentence that says what applies.
    pub fn message(self) -> &'static str {
        match self {
            FetchOutcome::ParseBody => "success: the body is the robots.txt (the first 500 KiB count)",
            FetchOutcome::FollowRedirect => {
                "redirect: follow up to 5 redirects; if no robots.txt is reached, everything is allowed"
            }
            FetchOutcome::AllowAll => "client error: there is no robots.txt, so everything is allowed",
            FetchOutcome::DisallowAll => {
                "server error or unreachable: everything is disallowed until a later fetch succeeds"
            }
        }
    }
}

impl FetchOutcome {
    /// A robots.txt file that every catalogue crawler reads as this outcome, for a tool that shows verdicts for
    /// it: empty (everything allowed) for [`FetchOutcome::AllowAll`]; for [`FetchOutcome::DisallowAll`],
    /// `Disallow: /` for `*` and for each crawler that ignores `*` (Google's AdsBot); `None` when there is a body
    /// to read or a redirect to follow.
    ///
    /// ```
    /// use robotscope::{fetch_outcome, Robots};
    /// let down = Robots::parse(fetch_outcome(503).equivalent_file().unwrap());
    /// assert!(!down.is_allowed("Googlebot", "/") && !down.is_allowed("AdsBot-Google", "/"));
    /// assert_eq!(fetch_outcome(404).equivalent_file().as_deref(), Some(""));
    /// assert_eq!(fetch_outcome(200).equivalent_file(), None);
    /// ```
    pub fn equivalent_file(self) -> Option<alloc::string::String> {
        match self {
            FetchOutcome::AllowAll => Some(alloc::string::String::new()),
            FetchOutcome::DisallowAll => {
                let mut text = alloc::string::String::from("User-agent: *\n");
                for c in crate::agent::CRAWLERS.iter().filter(|c| c.ignores_global) {
                    if let Some(t) = c.tokens.first() {
                        text.push_str("User-agent: ");
                        text.push_str(t);
                        text.push('\n');
                    }
                }
                text.push_str("Disallow: /\n");
                Some(text)
            }
            FetchOutcome::ParseBody | FetchOutcome::FollowRedirect => None,
        }
    }
}

/// Classifies an HTTP status of a robots.txt fetch (SPEC B5). Network errors, timeouts and truncated bodies
/// are [`FetchOutcome::DisallowAll`] too; a caller that has no status uses that.
///
/// 429 (Too Many Requests) is the one 4xx that does not mean "no robots.txt": Google's documentation treats
/// it as a server error, since the server is asking crawlers to slow down, not saying the file is missing.
///
/// ```
/// use robotscope::{fetch_outcome, FetchOutcome};
/// assert_eq!(fetch_outcome(200), FetchOutcome::ParseBody);
/// assert_eq!(fetch_outcome(403), FetchOutcome::AllowAll);
/// assert_eq!(fetch_outcome(503), FetchOutcome::DisallowAll);
/// assert_eq!(fetch_outcome(429), FetchOutcome::DisallowAll);
/// ```
pub fn fetch_outcome(status: u16) -> FetchOutcome {
    match status {
        200..=299 => FetchOutcome::ParseBody,
        300..=399 => FetchOutcome::FollowRedirect,
        429 => FetchOutcome::DisallowAll,
        400..=499 => FetchOutcome::AllowAll,
        _ => FetchOutcome::DisallowAll,
    }
}

/// Redirects followed before a fetch gives up (RFC 9309 section 2.3.1.2: at least five).
pub const MAX_REDIRECTS: usize = 5;

/// The standard reason phrases (RFC 9110 and the IANA registry) of the statuses a robots.txt fetch meets.
const REASONS: &[(u16, &str)] = &[
    (200, "OK"),
    (201, "Created"),
    (202, "Accepted"),
    (203, "Non-Authoritative Information"),
    (204, "No Content"),
    (206, "Partial Content"),
    (300, "Multiple Choices"),
    (301, "Moved Permanently"),
    (302, "Found"),
    (303, "See Other"),
    (304, "Not Modified"),
    (307, "Temporary Redirect"),
    (308, "Permanent Redirect"),
    (400, "Bad Request"),
    (401, "Unauthorized"),
    (403, "Forbidden"),
    (404, "Not Found"),
    (405, "Method Not Allowed"),
    (406, "Not Acceptable"),
    (408, "Request Timeout"),
    (410, "Gone"),
    (418, "I'm a teapot"),
    (429, "Too Many Requests"),
    (451, "Unavailable For Legal Reasons"),
    (500, "Internal Server Error"),
    (501, "Not Implemented"),
    (502, "Bad Gateway"),
    (503, "Service Unavailable"),
    (504, "Gateway Timeout"),
];

/// A status with its reason phrase where it has a standard one: `404 Not Found`, `599`.
///
/// ```
/// assert_eq!(robotscope::status_text(404), "404 Not Found");
/// assert_eq!(robotscope::status_text(599), "599");
/// ```
pub fn status_text(status: u16) -> String {
    match REASONS.iter().find(|(s, _)| *s == status) {
        Some((_, reason)) => format!("{status} {reason}"),
        None => format!("{status}"),
    }
}

/// Resolves a `Location` header value against the URL it answered (RFC 3986 section 5.2, without dot-segment
/// removal: a crawler requests the URL as the server wrote it).
///
/// ```
/// use robotscope::join_location;
/// let at = "http://a.com/x/robots.txt?q";
/// assert_eq!(join_location(at, "https://b.com/r"), "https://b.com/r");
/// assert_eq!(join_location(at, "//c.com/r"), "http://c.com/r");
/// assert_eq!(join_location(at, "/r"), "http://a.com/r");
/// assert_eq!(join_location(at, "r2"), "http://a.com/x/r2");
/// assert_eq!(join_location(at, "?z"), "http://a.com/x/robots.txt?z");
/// ```
pub fn join_location(base: &str, location: &str) -> String {
    let location = location.trim();
    let has_scheme = location
        .split_once(':')
        .is_some_and(|(s, _)| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b)));
    if has_scheme {
        return location.to_string();
    }
    let (scheme, rest) = base.split_once("://").unwrap_or(("http", base));
    if let Some(authority) = location.strip_prefix("//") {
        return format!("{scheme}://{authority}");
    }
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let origin = format!("{scheme}://{}", &rest[..authority_end]);
    if location.starts_with('/') {
        return format!("{origin}{location}");
    }
    let path = &rest[authority_end..];
    let path = &path[..path.find(['?', '#']).unwrap_or(path.len())];
    if location.starts_with('?') {
        return format!("{origin}{path}{location}");
    }
    let dir = &path[..path.rfind('/').map_or(0, |i| i + 1)];
    let dir = if dir.is_empty() { "/" } else { dir };
    format!("{origin}{dir}{location}")
}

/// One redirect a fetch followed: its status and where it led.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redirect {
    /// The 3xx status.
    pub status: u16,
    /// The `Location` resolved against the URL that answered.
    pub location: String,
}

/// What a surface does next for a [`Fetch`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Step {
    /// Request [`Fetch::url`] (a redirect was followed).
    Request,
    /// Read the body, at most [`Fetch::limit`] + 1 bytes (one more tells a cut file), and hand it to
    /// [`Fetch::body`], or a failure while reading it to [`Fetch::body_error`].
    ReadBody,
    /// The fetch is over: what crawlers obey.
    Done(Fetched),
}

/// The fetch of a robots.txt as a crawler makes it (SPEC B4, B5), without I/O: a surface sends each request
/// ([`Fetch::url`], no automatic redirects) and reports what came back; the fetch says what to do next and, at
/// the end, the governing outcome in words ([`Fetched`]). The CLI, the npm package, the tester and the Python
/// package only do HTTP around it.
///
/// ```
/// use robotscope::{Fetch, FetchOutcome, Step};
/// let mut f = Fetch::new("https://example.com/shop?x").unwrap();
/// assert_eq!(f.url(), "https://example.com/robots.txt");
/// assert_eq!(f.response(301, Some("/robots-2.txt")), Step::Request);
/// assert_eq!(f.url(), "https://example.com/robots-2.txt");
/// assert_eq!(f.response(200, None), Step::ReadBody);
/// let done = f.body(b"User-agent: *\nDisallow: /\n");
/// assert_eq!((done.outcome, done.redirects.len()), (FetchOutcome::ParseBody, 1));
/// let Step::Done(gone) = Fetch::new("https://example.com/").unwrap().response(404, None) else { panic!() };
/// assert_eq!(gone.reason, "404 Not Found: client error: there is no robots.txt, so everything is allowed");
/// ```
#[derive(Debug, Clone)]
pub struct Fetch {
    done: Fetched,
    limit: usize,
}

impl Fetch {
    /// The fetch of the robots.txt that governs `page_url`, reading at most Google's 500 KiB.
    pub fn new(page_url: &str) -> Result<Fetch, UrlError> {
        let robots_url = robots_url(page_url)?;
        let done = Fetched {
            final_url: robots_url.clone(),
            robots_url,
            redirects: Vec::new(),
            status: None,
            outcome: FetchOutcome::DisallowAll,
            reason: String::new(),
            error: None,
            body: Vec::new(),
            cut: false,
        };
        Ok(Fetch { done, limit: crate::GOOGLE_SIZE_LIMIT })
    }

    /// The same fetch keeping at most `limit` bytes of the body (a tool's "no size limit" still bounds memory).
    pub fn with_limit(mut self, limit: usize) -> Fetch {
        self.limit = limit;
        self
    }

    /// The URL to request next.
    pub fn url(&self) -> &str {
        &self.done.final_url
    }

    /// The most of a body that counts.
    pub fn limit(&self) -> usize {
        self.limit
    }

    /// The redirects followed so far.
    pub fn redirects(&self) -> &[Redirect] {
        &self.done.redirects
    }

    /// The answer to [`Fetch::url`]: its status and its `Location` header, if any.
    pub fn response(&mut self, status: u16, location: Option<&str>) -> Step {
        self.done.status = Some(status);
        let outcome = fetch_outcome(status);
        let said = status_text(status);
        match outcome {
            FetchOutcome::ParseBody => return Step::ReadBody,
            FetchOutcome::FollowRedirect => {}
            _ => return self.end(outcome, format!("{said}: {}", outcome.message()), None),
        }
        // Why no robots.txt is reached through this redirect, if none is.
        let next = location.map(str::trim).filter(|l| !l.is_empty()).map(|l| join_location(&self.done.final_url, l));
        let dead_end = match next {
            None => format!("{said} without a Location header"),
            Some(next) if self.done.redirects.len() == MAX_REDIRECTS => {
                let looped = next == self.done.robots_url || self.done.redirects.iter().any(|r| r.location == next);
                format!("more than {MAX_REDIRECTS} redirects{}", if looped { " (a redirect loop)" } else { "" })
            }
            Some(next) if !(next.starts_with("http://") || next.starts_with("https://")) => {
                format!("{said} to '{}', which is not an HTTP URL", printable(&next))
            }
            Some(next) => {
                self.done.final_url.clone_from(&next);
                self.done.redirects.push(Redirect { status, location: next });
                return Step::Request;
            }
        };
        let reason = format!("{dead_end}: no robots.txt reached, so everything is allowed (as for 4xx)");
        self.end(FetchOutcome::AllowAll, reason, None)
    }

    /// The body of a 2xx answer, read whole or up to [`Fetch::limit`] + 1 bytes: the file crawlers obey (its
    /// first [`Fetch::limit`] bytes; [`Fetched::cut`] says the server sent more).
    pub fn body(&mut self, bytes: &[u8]) -> Fetched {
        let status = self.done.status.unwrap_or(200);
        self.done.cut = bytes.len() > self.limit;
        self.done.body = bytes[..bytes.len().min(self.limit)].to_vec();
        let reason = format!("{} ({}xx): {}", status_text(status), status / 100, FetchOutcome::ParseBody.message());
        self.finish(FetchOutcome::ParseBody, reason, None)
    }

    /// The body of a 2xx answer could not be read to its end (`error` in words): a file cut short is not the
    /// file, so everything is disallowed.
    pub fn body_error(&mut self, error: &str) -> Fetched {
        let status = status_text(self.done.status.unwrap_or(200));
        let reason = format!(
            "{status} but the body was cut short ({error}): everything is disallowed until a later fetch succeeds"
        );
        self.finish(FetchOutcome::DisallowAll, reason, Some(format!("truncated body: {error}")))
    }

    /// No HTTP answer came (`error` in words: DNS, connection, timeout): everything is disallowed.
    pub fn network_error(&mut self, error: &str) -> Fetched {
        self.done.status = None;
        let reason = format!("network error ({error}): everything is disallowed until a later fetch succeeds");
        self.finish(FetchOutcome::DisallowAll, reason, Some(error.to_string()))
    }

    fn end(&mut self, outcome: FetchOutcome, reason: String, error: Option<String>) -> Step {
        Step::Done(self.finish(outcome, reason, error))
    }

    fn finish(&mut self, outcome: FetchOutcome, reason: String, error: Option<String>) -> Fetched {
        self.done.outcome = outcome;
        self.done.reason = reason;
        self.done.error = error;
        let mut done = self.done.clone();
        done.body = core::mem::take(&mut self.done.body);
        done
    }
}

/// Control characters of a URL a server sent, escaped for a sentence.
fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// How a fetch of a robots.txt ended ([`Fetch`]): the governing outcome, in words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fetched {
    /// The governing robots.txt URL (SPEC B4).
    pub robots_url: String,
    /// Where the redirects led (the robots.txt URL when there were none).
    pub final_url: String,
    /// Each redirect followed.
    pub redirects: Vec<Redirect>,
    /// The status of the last answer; `None` when there was none (a network error).
    pub status: Option<u16>,
    /// [`FetchOutcome::ParseBody`] (the body is the file), [`FetchOutcome::AllowAll`] or
    /// [`FetchOutcome::DisallowAll`].
    pub outcome: FetchOutcome,
    /// The row of SPEC B5 that applied, with the status or the error: the sentence every surface prints.
    pub reason: String,
    /// No answer, or a body cut short, in words: nothing about the site could be judged.
    pub error: Option<String>,
    /// The file (2xx only), at most the fetch's limit.
    pub body: Vec<u8>,
    /// The server sent more than the limit.
    pub cut: bool,
}

impl Fetched {
    /// What crawlers obey after this fetch: the parsed body, or one answer for every URL.
    pub fn governing(&self) -> Governing {
        match self.outcome {
            FetchOutcome::ParseBody => Governing::File(alloc::boxed::Box::new(Robots::parse(&self.body))),
            FetchOutcome::AllowAll => Governing::AllowAll,
            _ => Governing::DisallowAll,
        }
    }

    /// The line that says which robots.txt was fetched and what applies: `fetched https://a.com/robots.txt ->
    /// https://b.com/robots.txt: 200 OK (2xx): success: ...`.
    pub fn line(&self) -> String {
        let to = if self.redirects.is_empty() { String::new() } else { format!(" -> {}", self.final_url) };
        format!("fetched {}{to}: {}", self.robots_url, self.reason)
    }

    /// What a tool says when the site could not be reached at all ([`Fetched::error`]), where a check must not
    /// pass for want of an answer.
    pub fn unreachable(&self) -> String {
        let error = self.error.as_deref().unwrap_or("no answer");
        format!("cannot fetch {}: {error} (crawlers disallow everything until a later fetch succeeds)", self.final_url)
    }

    /// The short label of a verdict that answers every URL alike: `robots.txt`, `no robots.txt` or
    /// `server error`.
    pub fn label(&self) -> &'static str {
        self.outcome.label()
    }
}

/// What crawlers obey for one site: its file, or one answer for every URL (SPEC B5).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Governing {
    /// The file.
    File(alloc::boxed::Box<Robots>),
    /// No robots.txt (4xx, or none reached through redirects): every URL is allowed.
    AllowAll,
    /// A server error, 429 or no answer: every URL is disallowed.
    DisallowAll,
}

impl Governing {
    /// The file, unless the site's answer covers every URL.
    pub fn robots(&self) -> Option<&Robots> {
        match self {
            Governing::File(robots) => Some(robots),
            _ => None,
        }
    }

    /// The answer for every URL, when there is no file.
    pub fn whole(&self) -> Option<bool> {
        match self {
            Governing::File(_) => None,
            Governing::AllowAll => Some(true),
            Governing::DisallowAll => Some(false),
        }
    }

    /// [`FetchOutcome::ParseBody`], [`FetchOutcome::AllowAll`] or [`FetchOutcome::DisallowAll`].
    pub fn outcome(&self) -> FetchOutcome {
        match self {
            Governing::File(_) => FetchOutcome::ParseBody,
            Governing::AllowAll => FetchOutcome::AllowAll,
            Governing::DisallowAll => FetchOutcome::DisallowAll,
        }
    }

    /// Answers a question as [`Robots::ask`] does (`question.baseline` as given), over the file or, without one,
    /// over the site's one answer: every cell of a readable URL allowed (or disallowed) with no line, for every
    /// agent row and every reader, and the counts to match.
    ///
    /// ```
    /// use robotscope::{Governing, Question};
    /// let agents = vec!["GPTBot".into(), "Googlebot".into()];
    /// let q = Question { agents, urls: vec!["/".into()], ..Question::default() };
    /// let s = Governing::DisallowAll.ask(&q);
    /// assert!(s.cells.iter().flatten().all(|c| c.blocked() && c.line() == 0));
    /// assert!(s.ai[0][0].blocked > 0);
    /// ```
    pub fn ask(&self, question: &Question<'_>) -> Survey {
        self.ask_against(question, None)
    }

    /// [`Governing::ask`] against an earlier state of the site (`baseline`, which wins over
    /// `question.baseline`): each cell carries the baseline's answer, the file's or the site's one answer, and
    /// whether it changed.
    pub fn ask_against(&self, question: &Question<'_>, baseline: Option<&Governing>) -> Survey {
        let empty = Robots::parse(b"");
        let old = match baseline {
            Some(b) => Some(b.robots().unwrap_or(&empty)),
            None => question.baseline,
        };
        let asked = Question { baseline: old, ..question.clone() };
        let mut survey = self.robots().unwrap_or(&empty).ask(&asked);
        survey.govern(self.whole(), baseline.and_then(Governing::whole));
        survey
    }
}

impl Survey {
    /// Answers the survey's cells by a site's one answer (SPEC B5) where it has no file: `whole` for every readable
    /// cell (every reader too), `baseline` for every cell's baseline answer (the survey must have been asked with
    /// a baseline, an empty file will do); `None` keeps the file's answers. [`Governing::ask_against`] is this over
    /// [`Robots::ask`], for surfaces that hold their files elsewhere.
    pub fn govern(&mut self, whole: Option<bool>, baseline: Option<bool>) {
        if whole.is_none() && baseline.is_none() {
            return;
        }
        let mut changed = 0;
        for cell in self.cells.iter_mut().flatten() {
            if let Some(allowed) = whole {
                let path = core::mem::take(&mut cell.verdict.path);
                cell.verdict = Verdict { allowed, ..Verdict::unrestricted(path) };
                cell.tied_disallow = None;
                cell.usage = crate::Usage::default();
                for r in &mut cell.readers {
                    (r.allowed, r.line, r.rule, r.scope) = (allowed, 0, None, Scope::None);
                }
                (cell.differs, cell.lines_differ) = (false, false);
            }
            if let (Some(allowed), Some(b)) = (baseline, cell.baseline.as_mut()) {
                (b.allowed, b.line, b.rule, b.scope) = (allowed, 0, None, Scope::None);
            }
            cell.changed = cell.baseline.as_ref().is_some_and(|b| b.allowed != cell.verdict.allowed);
            changed += usize::from(cell.changed);
        }
        self.changed = changed;
        if whole.is_some() {
            self.differ = 0;
            crate::question::count_ai(self);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    fn done(step: Step) -> Fetched {
        match step {
            Step::Done(f) => f,
            other => panic!("not done: {other:?}"),
        }
    }

    #[test]
    fn follows_five_redirects_and_gives_up_on_the_sixth() {
        let mut f = Fetch::new("http://a.com/x").unwrap();
        for i in 0..MAX_REDIRECTS {
            assert_eq!(f.response(302, Some(&format!("/r{i}"))), Step::Request);
        }
        assert_eq!(f.url(), "http://a.com/r4");
        let f = done(f.response(301, Some("/r5")));
        assert_eq!((f.outcome, f.redirects.len(), f.status), (FetchOutcome::AllowAll, 5, Some(301)));
        assert_eq!(f.reason, "more than 5 redirects: no robots.txt reached, so everything is allowed (as for 4xx)");
    }

    #[test]
    fn a_loop_is_named() {
        let mut f = Fetch::new("http://a.com/").unwrap();
        for _ in 0..MAX_REDIRECTS {
            assert_eq!(f.response(307, Some("http://a.com/robots.txt")), Step::Request);
        }
        assert!(done(f.response(307, Some("/robots.txt")))
            .reason
            .starts_with("more than 5 redirects (a redirect loop)"));
    }

    #[test]
    fn dead_end_redirects_allow_everything() {
        let f = done(Fetch::new("http://a.com/").unwrap().response(302, None));
        assert_eq!(f.outcome, FetchOutcome::AllowAll);
        assert!(f.reason.starts_with("302 Found without a Location header: no robots.txt reached"), "{}", f.reason);
        let f = done(Fetch::new("http://a.com/").unwrap().response(301, Some("ftp://a.com/robots.txt")));
        assert!(f.reason.starts_with("301 Moved Permanently to 'ftp://a.com/robots.txt', which is not an HTTP URL"));
        assert_eq!(f.governing(), Governing::AllowAll);
    }

    #[test]
    fn statuses_decide_the_rest() {
        let f = done(Fetch::new("http://a.com/").unwrap().response(403, None));
        assert_eq!((f.outcome, f.error.as_deref()), (FetchOutcome::AllowAll, None));
        for status in [429, 500, 503, 600] {
            let f = done(Fetch::new("http://a.com/").unwrap().response(status, None));
            assert_eq!(f.outcome, FetchOutcome::DisallowAll, "{status}");
            assert!(f.reason.ends_with("everything is disallowed until a later fetch succeeds"), "{}", f.reason);
        }
    }

    #[test]
    fn bodies_are_cut_at_the_limit_and_lost_when_cut_short() {
        let mut f = Fetch::new("http://a.com/").unwrap().with_limit(4);
        assert_eq!(f.response(200, None), Step::ReadBody);
        let got = f.body(b"12345");
        assert_eq!((got.body.as_slice(), got.cut, got.outcome), (&b"1234"[..], true, FetchOutcome::ParseBody));
        assert_eq!(got.reason, "200 OK (2xx): success: the body is the robots.txt (the first 500 KiB count)");
        let mut f = Fetch::new("http://a.com/").unwrap();
        f.response(200, None);
        let got = f.body_error("the connection was reset");
        assert_eq!(
            (got.outcome, got.error.as_deref()),
            (FetchOutcome::DisallowAll, Some("truncated body: the connection was reset"))
        );
        let got = Fetch::new("http://a.com/").unwrap().network_error("connection refused");
        assert_eq!((got.status, got.outcome), (None, FetchOutcome::DisallowAll));
        assert_eq!(
            got.unreachable(),
            concat!(
                "cannot fetch http://a.com/robots.txt: connection refused (crawlers disallow everything until a later ",
                "fetch succeeds)"
            )
        );
    }

    #[test]
    fn whole_site_answers_are_surveys() {
        let q = Question {
            agents: vec!["AdsBot-Google".into(), "GPTBot".into()],
            urls: vec!["/a".into(), "http://".into()],
            view: crate::View::Compare,
            ..Question::default()
        };
        let s = Governing::DisallowAll.ask(&q);
        let cells: Vec<&crate::Cell> = s.cells.iter().flatten().collect();
        assert_eq!(cells.len(), 2);
        assert!(cells.iter().all(|c| c.blocked() && c.line() == 0 && c.readers.iter().all(|r| !r.allowed)));
        assert!(s.cells[2].is_none() && s.cells[3].is_none());
        assert_eq!(s.ai[0][0].blocked, 1);
        let file = Governing::File(alloc::boxed::Box::new(Robots::parse("User-agent: *\nDisallow: /a\n")));
        let changes = file.ask_against(&q, Some(&Governing::AllowAll));
        // AdsBot ignores `*`: the file allows it, as the missing file did.
        assert_eq!(changes.changed, 1);
        assert!(changes.cell(0, 1).unwrap().changed && !changes.cell(0, 0).unwrap().changed);
        let back = Governing::AllowAll.ask_against(&q, Some(&file));
        assert_eq!((back.changed, back.cell(0, 1).unwrap().baseline.as_ref().unwrap().line), (1, 2));
    }
}
