//! Access-log lines to requests: nginx's and Apache's combined and common formats, AWS ALB's and CloudFront's
//! text formats, and JSON lines read through a field mapping (Cloudflare Logpush, Fastly, Caddy). A line that
//! does not read is an error with a reason, never a stop.

use alloc::borrow::Cow;
use alloc::string::String;
use alloc::vec::Vec;

use super::time::{parse_clf_time, parse_iso_time, parse_time};

/// One logged request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request<'a> {
    /// When it was made, in seconds since the epoch (UTC).
    pub time: i64,
    /// The client's address as logged.
    pub addr: Cow<'a, str>,
    /// The method (`GET`), empty when the log kept no request line (a TLS handshake sent to a plain port).
    pub method: Cow<'a, str>,
    /// The request target: a path with its query, or an absolute URL.
    pub target: Cow<'a, str>,
    /// The host it was made to, when the log keeps it.
    pub host: Option<Cow<'a, str>>,
    /// The response status (0 when not logged).
    pub status: u16,
    /// The User-Agent header (empty when not sent).
    pub user_agent: Cow<'a, str>,
}

/// Why a line is not a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineError {
    /// The line does not have the shape of the log's format.
    Shape,
    /// The time is missing or out of range (a month 13, a zone of +25:00).
    Time,
    /// The client address is not an IP address.
    Address,
    /// A JSON line lacks a field the mapping needs, or is not JSON.
    Json,
    /// No format was recognised before this line.
    UnknownFormat,
    /// The line is not UTF-8 text (binary bytes).
    NotText,
    /// The line is longer than the reader's cap (the surface says which); its bytes past the cap were skipped.
    TooLong,
}

impl LineError {
    /// The reason in words.
    pub fn message(self) -> &'static str {
        match self {
            LineError::Shape => "the line does not have the shape of the log's format",
            LineError::Time => "the time is missing or out of range",
            LineError::Address => "the client address is not an IP address",
            LineError::Json => "not a JSON object with the mapping's fields",
            LineError::UnknownFormat => "no known log format reads this line",
            LineError::NotText => "the line is not UTF-8 text",
            LineError::TooLong => "the line is too long to be a log line",
        }
    }
}

/// Where a JSON log keeps each field: dotted paths into the object, alternatives in order (an array gives its
/// first item, as Caddy logs headers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JsonMapping {
    /// The mapping's name (`caddy`).
    pub name: &'static str,
    /// The request time.
    pub time: &'static [&'static str],
    /// The client address.
    pub addr: &'static [&'static str],
    /// The method.
    pub method: &'static [&'static str],
    /// The path and query, or the whole URL.
    pub target: &'static [&'static str],
    /// The host.
    pub host: &'static [&'static str],
    /// The status.
    pub status: &'static [&'static str],
    /// The User-Agent.
    pub user_agent: &'static [&'static str],
}

/// The JSON mappings shipped, with where their field names come from.
pub const JSON_MAPPINGS: &[JsonMapping] = &[
    // Cloudflare Logpush, dataset `http_requests`: EdgeStartTimestamp is RFC 3339 or a Unix time in s or ns,
    // by the job's `timestamp_format`.
    JsonMapping {
        name: "cloudflare",
        time: &["EdgeStartTimestamp"],
        addr: &["ClientIP"],
        method: &["ClientRequestMethod"],
        target: &["ClientRequestURI", "ClientRequestPath"],
        host: &["ClientRequestHost"],
        status: &["EdgeResponseStatus", "OriginResponseStatus"],
        user_agent: &["ClientRequestUserAgent"],
    },
    // Caddy's `http.log.access` JSON entries: `ts` (Unix seconds with a fraction), `request.{remote_ip,
    // client_ip, host, uri, method, headers}`, `status`.
    JsonMapping {
        name: "caddy",
        time: &["ts"],
        addr: &["request.client_ip", "request.remote_ip"],
        method: &["request.method"],
        target: &["request.uri"],
        host: &["request.host"],
        status: &["status"],
        user_agent: &["request.headers.User-Agent"],
    },
    // Fastly has no fixed format: these are the field names of the JSON log formats Fastly's and its partners'
    // guides give (`timestamp` or `time_start`, `client_ip`, `host`, `url`, `request_method` or `request`,
    // `response_status` or `status`, `request_user_agent`).
    JsonMapping {
        name: "fastly",
        time: &["timestamp", "time_start"],
        addr: &["client_ip"],
        method: &["request_method", "request"],
        target: &["url"],
        host: &["host"],
        status: &["response_status", "status"],
        user_agent: &["request_user_agent"],
    },
];

/// A log format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// NCSA combined or common (nginx's and Apache's defaults): `addr ident user [time] "request" status bytes
    /// ["referer" "user-agent"]`. A virtual host in front (Apache's `vhost_combined`, `host:port addr ...`) is read.
    Combined,
    /// AWS Application Load Balancer access logs: `type time elb client:port ... "request" "user_agent" ...`.
    Alb,
    /// Amazon CloudFront standard logs (W3C, tab-separated, `#` header lines skipped).
    CloudFront,
    /// JSON lines through a mapping.
    Json(&'static JsonMapping),
}

impl LogFormat {
    /// The format's name (`combined`, `alb`, `cloudfront`, `caddy`, ...).
    pub fn name(self) -> &'static str {
        match self {
            LogFormat::Combined => "combined",
            LogFormat::Alb => "alb",
            LogFormat::CloudFront => "cloudfront",
            LogFormat::Json(m) => m.name,
        }
    }

    /// The format named `name`.
    pub fn named(name: &str) -> Option<LogFormat> {
        match name {
            "combined" | "common" | "nginx" | "apache" => Some(LogFormat::Combined),
            "alb" => Some(LogFormat::Alb),
            "cloudfront" => Some(LogFormat::CloudFront),
            _ => JSON_MAPPINGS.iter().find(|m| m.name == name).map(LogFormat::Json),
        }
    }

    /// Every name [`LogFormat::named`] reads, one per format.
    pub const NAMES: &'static [&'static str] = &["combined", "alb", "cloudfront", "cloudflare", "caddy", "fastly"];

    /// The format `line` is written in, when one reads it whole.
    pub fn detect(line: &str) -> Option<LogFormat> {
        let line = line.trim_end_matches(['\r', '\n']);
        if line.starts_with("#Version:") || line.starts_with("#Fields:") {
            return Some(LogFormat::CloudFront);
        }
        if line.trim_start().starts_with('{') {
            return JSON_MAPPINGS.iter().map(LogFormat::Json).find(|f| f.parse(line).is_ok());
        }
        [LogFormat::Alb, LogFormat::CloudFront, LogFormat::Combined].into_iter().find(|f| f.parse(line).is_ok())
    }

    /// Reads one line. `Ok(None)` is a line that holds no request by design (a CloudFront header, a blank line).
    pub fn parse(self, line: &str) -> Result<Option<Request<'_>>, LineError> {
        let line = line.trim_end_matches(['\r', '\n']);
        if line.trim().is_empty() {
            return Ok(None);
        }
        match self {
            LogFormat::Combined => combined(line).map(Some),
            LogFormat::Alb => alb(line).map(Some),
            LogFormat::CloudFront if line.starts_with('#') => Ok(None),
            LogFormat::CloudFront => cloudfront(line).map(Some),
            LogFormat::Json(m) => json_line(m, line).map(Some),
        }
    }
}

/// The fields of a line: bare words, `"quoted"` (with `\"` and `\\` escapes, as Apache writes them) and
/// `[bracketed]`, separated by spaces.
struct Fields<'a> {
    rest: &'a str,
}

impl<'a> Iterator for Fields<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let s = self.rest.trim_start_matches(' ');
        let b = s.as_bytes();
        let (field, after) = match b.first()? {
            b'"' => {
                let mut i = 1;
                loop {
                    match b.get(i) {
                        None => return None,
                        Some(b'\\') => i += 2,
                        Some(b'"') => break,
                        Some(_) => i += 1,
                    }
                }
                (s.get(1..i)?, s.get(i + 1..)?)
            }
            b'[' => {
                let end = s.find(']')?;
                (s.get(1..end)?, s.get(end + 1..)?)
            }
            _ => {
                let end = s.find(' ').unwrap_or(s.len());
                (s.get(..end)?, s.get(end..)?)
            }
        };
        self.rest = after;
        Some(field)
    }
}

/// `\"` and `\\` undone in a quoted field (nginx writes `\x22` instead, which is left as it is).
fn unquote(s: &str) -> Cow<'_, str> {
    if !s.contains('\\') {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(n @ ('"' | '\\')) => out.push(n),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            },
            c => out.push(c),
        }
    }
    Cow::Owned(out)
}

/// `GET /path HTTP/1.1` to its method and target; a request line that is not one (binary bytes, `-`) gives
/// empty ones.
fn request_line(s: &str) -> (&str, &str) {
    let mut words = s.split(' ');
    match (words.next(), words.next()) {
        (Some(m), Some(t)) if !m.is_empty() && m.bytes().all(|c| c.is_ascii_uppercase()) => (m, t),
        _ => ("", ""),
    }
}

fn status(s: &str) -> u16 {
    if s.len() == 3 && s.bytes().all(|c| c.is_ascii_digit()) {
        s.parse().unwrap_or(0)
    } else {
        0
    }
}

fn address(s: &str) -> Result<&str, LineError> {
    super::ip::Ip::parse(s).map(|_| s).ok_or(LineError::Address)
}

fn combined(line: &str) -> Result<Request<'_>, LineError> {
    let mut f = Fields { rest: line };
    let mut first = f.next().ok_or(LineError::Shape)?;
    let mut vhost = None;
    if super::ip::Ip::parse(first).is_none() {
        // `vhost_combined`: the virtual host and port come first.
        vhost = Some(first.rsplit_once(':').map_or(first, |(h, _)| h));
        first = f.next().ok_or(LineError::Shape)?;
    }
    let addr = address(first)?;
    let (_ident, _user) = (f.next().ok_or(LineError::Shape)?, f.next().ok_or(LineError::Shape)?);
    let rest = f.rest.trim_start_matches(' ');
    if !rest.starts_with('[') {
        return Err(LineError::Shape);
    }
    let time = parse_clf_time(f.next().ok_or(LineError::Shape)?).ok_or(LineError::Time)?;
    if !f.rest.trim_start_matches(' ').starts_with('"') {
        return Err(LineError::Shape);
    }
    let (method, target) = request_line(f.next().ok_or(LineError::Shape)?);
    let code = f.next().ok_or(LineError::Shape)?;
    let _bytes = f.next().ok_or(LineError::Shape)?;
    if code.len() != 3 || status(code) == 0 {
        return Err(LineError::Shape);
    }
    let _referer = f.next();
    let user_agent = f.next().map_or(Cow::Borrowed(""), unquote);
    Ok(Request {
        time,
        addr: Cow::Borrowed(addr),
        method: Cow::Borrowed(method),
        target: unquote(target),
        host: vhost.map(Cow::Borrowed),
        status: status(code),
        user_agent: if user_agent == "-" { Cow::Borrowed("") } else { user_agent },
    })
}

/// The host of an absolute URL (`https://example.com:443/a`), without its port.
fn url_host(url: &str) -> Option<&str> {
    let rest = url.split_once("://")?.1;
    let authority = rest.split(['/', '?', '#']).next()?;
    let host = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    Some(if host.starts_with('[') { host } else { host.split(':').next().unwrap_or(host) })
}

fn alb(line: &str) -> Result<Request<'_>, LineError> {
    let mut f = Fields { rest: line };
    let kind = f.next().ok_or(LineError::Shape)?;
    if !matches!(kind, "http" | "https" | "h2" | "grpcs" | "ws" | "wss") {
        return Err(LineError::Shape);
    }
    let time = parse_iso_time(f.next().ok_or(LineError::Shape)?).ok_or(LineError::Time)?;
    let _elb = f.next().ok_or(LineError::Shape)?;
    let addr = address(f.next().ok_or(LineError::Shape)?)?;
    let mut rest = f.by_ref().skip(4);
    let code = rest.next().ok_or(LineError::Shape)?;
    let mut rest = f.by_ref().skip(3);
    let (method, target) = request_line(rest.next().ok_or(LineError::Shape)?);
    let user_agent = f.next().ok_or(LineError::Shape)?;
    Ok(Request {
        time,
        addr: Cow::Borrowed(addr),
        method: Cow::Borrowed(method),
        target: Cow::Borrowed(target),
        host: url_host(target).map(Cow::Borrowed),
        status: status(code),
        user_agent: unquote(if user_agent == "-" { "" } else { user_agent }),
    })
}

/// `%XX` escapes undone (CloudFront encodes spaces and other bytes in its User-Agent field, twice for `%`).
fn percent_decoded(s: &str) -> Cow<'_, str> {
    if !s.contains('%') {
        return Cow::Borrowed(s);
    }
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while let Some(&c) = b.get(i) {
        let hex = b.get(i + 1..i + 3).and_then(|h| core::str::from_utf8(h).ok());
        match (c, hex.and_then(|h| u8::from_str_radix(h, 16).ok())) {
            (b'%', Some(v)) => {
                out.push(v);
                i += 3;
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    Cow::Owned(String::from_utf8_lossy(&out).into_owned())
}

fn cloudfront(line: &str) -> Result<Request<'_>, LineError> {
    // date time x-edge-location sc-bytes c-ip cs-method cs(Host) cs-uri-stem sc-status cs(Referer)
    // cs(User-Agent) cs-uri-query cs(Cookie) x-edge-result-type x-edge-request-id x-host-header ...
    let f: Vec<&str> = line.split('\t').take(16).collect();
    if f.len() < 12 {
        return Err(LineError::Shape);
    }
    let get = |i: usize| f.get(i).copied().unwrap_or("");
    let mut when = String::with_capacity(20);
    when.push_str(get(0));
    when.push('T');
    when.push_str(get(1));
    when.push('Z');
    let time = parse_iso_time(&when).ok_or(LineError::Time)?;
    let addr = address(get(4))?;
    let query = get(11);
    let target = if query.is_empty() || query == "-" {
        Cow::Borrowed(get(7))
    } else {
        let mut t = String::from(get(7));
        t.push('?');
        t.push_str(query);
        Cow::Owned(t)
    };
    let host = match get(15) {
        "" | "-" => get(6),
        h => h,
    };
    Ok(Request {
        time,
        addr: Cow::Borrowed(addr),
        method: Cow::Borrowed(get(5)),
        target,
        host: Some(Cow::Borrowed(host)),
        status: status(get(8)),
        user_agent: percent_decoded(get(10)),
    })
}

/// A JSON value at a path: a string, or the text of a number.
fn json_line<'a>(m: &JsonMapping, line: &'a str) -> Result<Request<'a>, LineError> {
    // Each field with the rank of the alternative it came from: an earlier alternative wins.
    let mut found: [Option<(usize, Cow<'a, str>)>; 7] = Default::default();
    let wanted: [&[&str]; 7] = [m.time, m.addr, m.method, m.target, m.host, m.status, m.user_agent];
    let mut walker = Json { b: line.as_bytes(), s: line, i: 0, depth: 0 };
    let mut path = String::new();
    walker.skip_ws();
    if walker.peek() != Some(b'{') {
        return Err(LineError::Json);
    }
    walker.value(&mut path, &mut |p, v| {
        for (slot, paths) in found.iter_mut().zip(wanted) {
            if let Some(rank) = paths.iter().position(|w| *w == p) {
                if slot.as_ref().is_none_or(|(r, _)| rank < *r) {
                    *slot = Some((rank, v.clone()));
                }
            }
        }
    })?;
    walker.skip_ws();
    if walker.i != walker.b.len() {
        return Err(LineError::Json);
    }
    let [time, addr, method, target, host, code, user_agent] = found.map(|f| f.map(|(_, v)| v));
    let time = parse_time(&time.ok_or(LineError::Json)?).ok_or(LineError::Time)?;
    let addr = addr.ok_or(LineError::Json)?;
    super::ip::Ip::parse(&addr).ok_or(LineError::Address)?;
    let target = target.ok_or(LineError::Json)?;
    let method = method.unwrap_or(Cow::Borrowed("GET"));
    // Fastly's `request` field is the method alone; a whole request line gives its method.
    let method = match method {
        Cow::Borrowed(s) => Cow::Borrowed(s.split(' ').next().unwrap_or(s)),
        Cow::Owned(s) => Cow::Owned(String::from(s.split(' ').next().unwrap_or(""))),
    };
    Ok(Request {
        time,
        addr,
        method,
        target,
        host,
        status: code.map_or(0, |c| status(&c)),
        user_agent: user_agent.unwrap_or(Cow::Borrowed("")),
    })
}

/// A small JSON walker that hands each scalar with its dotted path to a callback (arrays give their first
/// item the array's path). Nesting deeper than 32 is refused, so a hostile line costs bounded stack.
struct Json<'a> {
    b: &'a [u8],
    s: &'a str,
    i: usize,
    depth: u32,
}

impl<'a> Json<'a> {
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r' | b'\n')) {
            self.i += 1;
        }
    }

    fn eat(&mut self, c: u8) -> Result<(), LineError> {
        self.skip_ws();
        if self.peek() == Some(c) {
            self.i += 1;
            Ok(())
        } else {
            Err(LineError::Json)
        }
    }

    fn string(&mut self) -> Result<Cow<'a, str>, LineError> {
        self.eat(b'"')?;
        let start = self.i;
        let mut escaped = false;
        loop {
            match self.peek() {
                None => return Err(LineError::Json),
                Some(b'"') => break,
                Some(b'\\') => {
                    escaped = true;
                    self.i += 2;
                }
                Some(_) => self.i += 1,
            }
        }
        let raw = self.s.get(start..self.i).ok_or(LineError::Json)?;
        self.i += 1;
        if !escaped {
            return Ok(Cow::Borrowed(raw));
        }
        let mut out = String::with_capacity(raw.len());
        let mut chars = raw.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            match chars.next() {
                Some('n') => out.push('\n'),
                Some('t') => out.push('\t'),
                Some('r') => out.push('\r'),
                Some('b') => out.push('\u{8}'),
                Some('f') => out.push('\u{c}'),
                Some('u') => {
                    let hex: String = chars.by_ref().take(4).collect();
                    let v = u32::from_str_radix(&hex, 16).map_err(|_| LineError::Json)?;
                    // A lone surrogate half reads as U+FFFD: an address or URL never needs one.
                    out.push(char::from_u32(v).unwrap_or('\u{fffd}'));
                }
                Some(c) => out.push(c),
                None => return Err(LineError::Json),
            }
        }
        Ok(Cow::Owned(out))
    }

    fn value(&mut self, path: &mut String, found: &mut dyn FnMut(&str, &Cow<'a, str>)) -> Result<(), LineError> {
        self.skip_ws();
        match self.peek() {
            Some(b'{') => {
                self.depth += 1;
                if self.depth > 32 {
                    return Err(LineError::Json);
                }
                self.i += 1;
                self.skip_ws();
                if self.peek() == Some(b'}') {
                    self.i += 1;
                } else {
                    loop {
                        let key = self.string()?;
                        self.eat(b':')?;
                        let len = path.len();
                        if !path.is_empty() {
                            path.push('.');
                        }
                        path.push_str(&key);
                        self.value(path, found)?;
                        path.truncate(len);
                        self.skip_ws();
                        match self.peek() {
                            Some(b',') => self.i += 1,
                            Some(b'}') => {
                                self.i += 1;
                                break;
                            }
                            _ => return Err(LineError::Json),
                        }
                    }
                }
                self.depth -= 1;
            }
            Some(b'[') => {
                self.depth += 1;
                if self.depth > 32 {
                    return Err(LineError::Json);
                }
                self.i += 1;
                self.skip_ws();
                let mut first = true;
                if self.peek() == Some(b']') {
                    self.i += 1;
                } else {
                    loop {
                        if first {
                            self.value(path, found)?;
                        } else {
                            self.value(path, &mut |_, _| {})?;
                        }
                        first = false;
                        self.skip_ws();
                        match self.peek() {
                            Some(b',') => self.i += 1,
                            Some(b']') => {
                                self.i += 1;
                                break;
                            }
                            _ => return Err(LineError::Json),
                        }
                    }
                }
                self.depth -= 1;
            }
            Some(b'"') => {
                let v = self.string()?;
                found(path, &v);
            }
            Some(_) => {
                let start = self.i;
                while matches!(self.peek(), Some(c) if c.is_ascii_alphanumeric() || matches!(c, b'.' | b'-' | b'+')) {
                    self.i += 1;
                }
                let raw = self.s.get(start..self.i).ok_or(LineError::Json)?;
                if raw.is_empty() {
                    return Err(LineError::Json);
                }
                found(path, &Cow::Borrowed(raw));
            }
            None => return Err(LineError::Json),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nginx_combined_and_common() {
        let line = concat!(
            r#"127.0.0.1 - - [29/Nov/2026:10:01:02 +0100] "GET /private/a?x=1 HTTP/1.1" 200 12 "-" "Mozil"#,
            r#"la/5.0 (compatible; GPTBot/1.2; +https://openai.com/gptbot)""#,
        );
        assert_eq!(LogFormat::detect(line), Some(LogFormat::Combined));
        let r = LogFormat::Combined.parse(line).unwrap().unwrap();
        assert_eq!(r.time, parse_iso_time("2026-11-29T09:01:02Z").unwrap());
        assert_eq!((&*r.addr, &*r.method, &*r.target, r.status), ("127.0.0.1", "GET", "/private/a?x=1", 200));
        assert!(r.user_agent.contains("GPTBot/1.2"));
        // Apache's documented common-format example.
        let common = r#"127.0.0.1 - frank [10/Oct/2000:13:55:36 -0700] "GET /apache_pb.gif HTTP/1.0" 200 2326"#;
        let r = LogFormat::detect(common).unwrap().parse(common).unwrap().unwrap();
        assert_eq!((r.time, &*r.user_agent, &*r.target), (971_211_336, "", "/apache_pb.gif"));
        // A TLS handshake sent to a plain-HTTP port: a line, no request.
        let tls = r#"127.0.0.1 - - [29/Nov/2026:10:01:02 +0000] "\x16\x03\x01\x02\x00\x01" 400 157 "-" "-""#;
        let r = LogFormat::Combined.parse(tls).unwrap().unwrap();
        assert_eq!((&*r.method, &*r.target), ("", ""));
        let escaped = r#"::1 - - [29/Nov/2026:10:01:02 +0000] "GET / HTTP/1.1" 200 1 "-" "a \"quoted\" bot""#;
        assert_eq!(LogFormat::Combined.parse(escaped).unwrap().unwrap().user_agent, r#"a "quoted" bot"#);
        let vhost = r#"example.com:80 10.0.0.1 - - [29/Nov/2026:10:01:02 +0000] "GET / HTTP/1.1" 200 1 "-" "x""#;
        assert_eq!(LogFormat::Combined.parse(vhost).unwrap().unwrap().host.as_deref(), Some("example.com"));
    }

    #[test]
    fn bad_lines_say_why() {
        let f = LogFormat::Combined;
        let base = r#"127.0.0.1 - - [29/Nov/2026:10:01:02 +0000] "GET / HTTP/1.1" 200 1 "-" "x""#;
        assert!(f.parse(base).is_ok());
        assert_eq!(f.parse(&base.replace("+0000", "+2500")), Err(LineError::Time));
        assert_eq!(f.parse(&base.replace("Nov", "Nox")), Err(LineError::Time));
        assert_eq!(f.parse(&base.replace("127.0.0.1", "300.1.1.1")), Err(LineError::Address));
        assert_eq!(f.parse(&base[..40]), Err(LineError::Shape));
        assert_eq!(f.parse("\u{1}\u{2}garbage\u{7f}"), Err(LineError::Shape));
        assert_eq!(LogFormat::detect("hello world"), None);
        assert_eq!(f.parse(""), Ok(None));
    }

    #[test]
    fn json_mappings() {
        // Caddy's access log entry, as its docs show one (abridged).
        let caddy = concat!(
            r#"{"level":"info","ts":1795000000.123,"logger":"http.log.access","msg":"handled request","re"#,
            r#"quest":{"remote_ip":"66.249.66.1","remote_port":"41342","client_ip":"66.249.66.1","proto":"#,
            r#""HTTP/2.0","method":"GET","host":"example.com","uri":"/private/x","headers":{"User-Agent":"#,
            r#"["Googlebot/2.1"],"Accept":["*/*"]}},"bytes_read":0,"status":200,"size":12}"#,
        );
        let f = LogFormat::detect(caddy).unwrap();
        assert_eq!(f.name(), "caddy");
        let r = f.parse(caddy).unwrap().unwrap();
        assert_eq!(r.time, 1_795_000_000);
        assert_eq!(
            (&*r.addr, &*r.target, r.host.as_deref(), r.status),
            ("66.249.66.1", "/private/x", Some("example.com"), 200)
        );
        assert_eq!(r.user_agent, "Googlebot/2.1");
        let cf = concat!(
            r#"{"ClientIP":"2001:db8::1","ClientRequestHost":"example.com","ClientRequestMethod":"GET","C"#,
            r#"lientRequestURI":"/a?b=1","ClientRequestUserAgent":"Mozilla/5.0 (compatible; ClaudeBot/1.0"#,
            r#"; +claudebot@anthropic.com)","EdgeResponseStatus":403,"EdgeStartTimestamp":"2026-11-29T09:"#,
            r#"00:00Z"}"#,
        );
        let f = LogFormat::detect(cf).unwrap();
        assert_eq!(f.name(), "cloudflare");
        let r = f.parse(cf).unwrap().unwrap();
        assert_eq!((&*r.target, r.status, r.time), ("/a?b=1", 403, parse_iso_time("2026-11-29T09:00:00Z").unwrap()));
        let fastly = concat!(
            r#"{"timestamp":"2026-11-29T10:00:00+0100","client_ip":"1.2.3.4","host":"example.com","url":""#,
            r#"/x","request_method":"GET","request_user_agent":"CCBot/2.0 (https://commoncrawl.org/faq/)""#,
            r#","response_status":200}"#,
        );
        let r = LogFormat::detect(fastly).unwrap().parse(fastly).unwrap().unwrap();
        assert_eq!(
            (r.time, &*r.user_agent),
            (parse_iso_time("2026-11-29T09:00:00Z").unwrap(), "CCBot/2.0 (https://commoncrawl.org/faq/)")
        );
        let caddy_f = LogFormat::named("caddy").unwrap();
        assert_eq!(caddy_f.parse(r#"{"ts":1,"request":{}}"#), Err(LineError::Json));
        assert_eq!(caddy_f.parse(r#"{"ts":1,"request":{"remote_ip":"1.2.3.4","uri":"/"}"#), Err(LineError::Json));
        let deep = "[".repeat(100);
        assert_eq!(caddy_f.parse(&alloc::format!("{{\"a\":{deep}")), Err(LineError::Json));
    }

    #[test]
    fn aws_formats() {
        // The shape of AWS's documented ALB example entry.
        let alb = concat!(
            r#"http 2018-07-02T22:23:00.186641Z app/my-loadbalancer/50dc6c495c0c9188 192.168.131.39:2817 "#,
            r#"10.0.0.1:80 0.000 0.001 0.000 200 200 34 366 "GET http://www.example.com:80/private/ HTTP/"#,
            r#"1.1" "curl/7.46.0" - - arn:aws:elasticloadbalancing:us-east-2:123456789012:targetgroup/my-"#,
            r#"targets/73e2d6bc24d8a067 "Root=1-58337262-36d228ad5d99923122bbe354" "-" "-" 0 2018-07-02T2"#,
            r#"2:22:48.364000Z "forward" "-" "-" "10.0.0.1:80" "200" "-" "-""#,
        );
        assert_eq!(LogFormat::detect(alb), Some(LogFormat::Alb));
        let r = LogFormat::Alb.parse(alb).unwrap().unwrap();
        assert_eq!(
            (&*r.addr, r.status, r.host.as_deref(), &*r.user_agent),
            ("192.168.131.39:2817", 200, Some("www.example.com"), "curl/7.46.0")
        );
        let cf = [
            "2019-12-04",
            "21:02:31",
            "LAX1",
            "392",
            "192.0.2.100",
            "GET",
            "d111111abcdef8.cloudfront.net",
            "/index.html",
            "200",
            "-",
            "Mozilla/5.0%20(compatible;%20Googlebot/2.1)",
            "-",
            "-",
            "Hit",
            "SOX4xw",
            "google.example",
            "https",
            "23",
        ]
        .join("\t");
        let cf = cf.as_str();
        assert_eq!(LogFormat::detect("#Version: 1.0"), Some(LogFormat::CloudFront));
        let r = LogFormat::CloudFront.parse(cf).unwrap().unwrap();
        assert_eq!(
            (&*r.user_agent, r.host.as_deref()),
            ("Mozilla/5.0 (compatible; Googlebot/2.1)", Some("google.example"))
        );
        assert_eq!(r.time, parse_iso_time("2019-12-04T21:02:31Z").unwrap());
    }
}
