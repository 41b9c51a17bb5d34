//! URLs: the matchable path (SPEC A5.1), browser-style normalisation (SPEC B2) and the robots.txt location
//! that governs a URL (SPEC B4).

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::idna;

/// Why a URL could not be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum UrlError {
    /// The URL is empty or only whitespace.
    Empty,
    /// The URL needs a scheme such as `https://` here.
    MissingScheme,
    /// The scheme holds characters other than letters, digits, `+`, `-` and `.`.
    InvalidScheme,
    /// There is no host after `scheme://`.
    MissingHost,
    /// The host holds a character no host name may hold (space, `<`, `%`, ...).
    InvalidHost,
    /// The port is not a number from 0 to 65535.
    InvalidPort,
}

impl UrlError {
    /// A sentence that says what is wrong.
    pub fn message(self) -> &'static str {
        match self {
            UrlError::Empty => "the URL is empty",
            UrlError::MissingScheme => "the URL has no scheme (such as https://)",
            UrlError::InvalidScheme => "the URL's scheme may hold only letters, digits, '+', '-' and '.'",
            UrlError::MissingHost => "the URL has no host after its scheme",
            UrlError::InvalidHost => "the URL's host holds a character that no host name may hold",
            UrlError::InvalidPort => "the URL's port is not a number from 0 to 65535",
        }
    }
}

impl fmt::Display for UrlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.message())
    }
}

#[cfg(feature = "std")]
impl std::error::Error for UrlError {}

/// Position of the first byte at or after `from` for which `hit` holds. Takes a predicate rather than a set
/// so that the test inlines even in size-optimised builds (a `set.contains` call per byte does not).
#[inline(always)]
fn find_by(s: &[u8], from: usize, hit: impl Fn(u8) -> bool) -> Option<usize> {
    s.get(from..)?.iter().position(|&c| hit(c)).map(|p| from + p)
}

/// Position of the first of `set` in `s` at or after `from`: what finding a URL's path costs on every query.
#[inline(always)]
fn find_any<const N: usize>(s: &[u8], from: usize, set: [u8; N]) -> Option<usize> {
    crate::lines::find_any(s.get(from..)?, set).map(|p| from + p)
}

/// Returns the part of `url` that rules are matched against: path, params and query, without scheme,
/// authority or fragment, always starting with `/` (the reference's `GetPathParamsQuery`, SPEC A5.1).
///
/// Nothing is decoded or normalised. A URL without a scheme takes its first segment as the host unless it
/// starts with a single `/`.
///
/// ```
/// use robotscope::path_of;
/// assert_eq!(path_of("https://example.com/a/b?c=d#frag"), "/a/b?c=d");
/// assert_eq!(path_of("example.com?a"), "/?a");
/// assert_eq!(path_of("a/b"), "/b");
/// assert_eq!(path_of("/just/a/path"), "/just/a/path");
/// ```
pub fn path_of(url: &str) -> String {
    let b = url.as_bytes();
    let Some(p) = path_start(b) else { return String::from("/") };
    let end = find_by(b, p + 1, |c| c == b'#').unwrap_or(b.len());
    let mut out = String::with_capacity(end - p + 1);
    if b[p] != b'/' {
        out.push('/');
    }
    out.push_str(crate::cut(url, p, end));
    out
}

/// Where the path of `url` starts ([`path_of`]), at a `/`, `?` or `;`; `None` when the path is just `/` (no path
/// start, or a `#` before it). One pass: no `#` lies before the returned position.
#[inline]
fn path_start(b: &[u8]) -> Option<usize> {
    let start = if b.starts_with(b"//") { 2 } else { 0 };
    let stop = [b'/', b'?', b';', b'#'];
    let e = find_any(b, start, stop)?;
    // The authority follows the first `://`, unless a `/`, `?` or `;` comes before it; its `//` is the first
    // path start.
    let p = if e > start && b[e - 1] == b':' && b[e] == b'/' && b.get(e + 1) == Some(&b'/') {
        find_any(b, e + 2, stop)?
    } else {
        e
    };
    (b[p] != b'#').then_some(p)
}

/// The matchable path of `url`, cut at its first NUL byte, as the reference reads it (SPEC A5.1). It is a
/// slice of `url` when the URL has a `/` where its path starts (almost always); otherwise it is built in
/// `buf`, so a query allocates only for such URLs.
#[inline]
pub(crate) fn match_path<'b>(url: &'b [u8], buf: &'b mut Vec<u8>) -> &'b [u8] {
    let Some(p) = path_start(url) else { return b"/" };
    // The path ends at the fragment, and the reference's C string at a NUL byte.
    let end = find_any(url, p + 1, [b'#', 0]).unwrap_or(url.len());
    if url[p] == b'/' {
        return &url[p..end];
    }
    buf.clear();
    buf.push(b'/');
    buf.extend_from_slice(&url[p..end]);
    buf
}

/// A URL split into the pieces this crate needs; every piece is a slice of the input.
#[derive(Debug, Clone, Copy)]
struct Parts<'a> {
    scheme: &'a str,
    host: &'a str,
    port: Option<&'a str>,
    /// Path and query, without the fragment (may be empty).
    rest: &'a str,
}

fn is_special(scheme: &str) -> bool {
    ["http", "https", "ftp", "ws", "wss", "file"].iter().any(|s| scheme.eq_ignore_ascii_case(s))
}

fn default_port(scheme: &str) -> Option<&'static str> {
    match scheme {
        "http" | "ws" => Some("80"),
        "https" | "wss" => Some("443"),
        "ftp" => Some("21"),
        _ => None,
    }
}

/// Splits an absolute URL `scheme://[userinfo@]host[:port][/path][?query][#fragment]`.
fn split(url: &str) -> Result<Parts<'_>, UrlError> {
    let url = url.trim_matches(|c: char| c <= ' ');
    if url.is_empty() {
        return Err(UrlError::Empty);
    }
    let colon = crate::pattern::find_str(url, "://").ok_or(UrlError::MissingScheme)?;
    let scheme = crate::cut(url, 0, colon);
    let scheme_ok = scheme.as_bytes().first().is_some_and(u8::is_ascii_alphabetic)
        && scheme.bytes().all(|c| c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.'));
    if !scheme_ok {
        return Err(if scheme.is_empty() { UrlError::MissingScheme } else { UrlError::InvalidScheme });
    }
    let after = crate::cut(url, colon + 3, url.len());
    let special = is_special(scheme);
    let auth_end =
        after.find(|c: char| c == '/' || c == '?' || c == '#' || (special && c == '\\')).unwrap_or(after.len());
    let authority = crate::cut(after, 0, auth_end);
    let rest = crate::cut(after, auth_end, after.len());
    let rest = crate::cut(rest, 0, rest.find('#').unwrap_or(rest.len()));
    let hostport = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    let (host, port) = if hostport.starts_with('[') {
        match hostport.find(']') {
            Some(close) => {
                let tail = crate::cut(hostport, close + 1, hostport.len());
                match tail.strip_prefix(':') {
                    Some(p) => (crate::cut(hostport, 0, close + 1), Some(p)),
                    None if tail.is_empty() => (crate::cut(hostport, 0, close + 1), None),
                    None => return Err(UrlError::InvalidHost),
                }
            }
            None => return Err(UrlError::InvalidHost),
        }
    } else {
        match hostport.rsplit_once(':') {
            Some((h, p)) => (h, Some(p)),
            None => (hostport, None),
        }
    };
    if host.is_empty() {
        return Err(UrlError::MissingHost);
    }
    // A `:` in a host is only allowed inside an IPv6 literal's brackets.
    let bad = |c: u8| c <= b' ' || b"<>^|%\"`{}\\".contains(&c) || (c == b':' && !host.starts_with('['));
    if host.bytes().any(bad) {
        return Err(UrlError::InvalidHost);
    }
    let port = match port {
        None | Some("") => None,
        Some(p)
            if p.len() <= 5 && p.bytes().all(|c| c.is_ascii_digit()) && p.parse::<u32>().is_ok_and(|n| n <= 65535) =>
        {
            Some(p)
        }
        Some(_) => return Err(UrlError::InvalidPort),
    };
    Ok(Parts { scheme, host, port, rest })
}

/// The canonical origin pieces of a URL: lower-case scheme, host in lower case and punycode, and the port
/// unless it is the scheme's default.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Origin {
    scheme: String,
    host: String,
    port: Option<u16>,
}

fn origin(parts: &Parts<'_>) -> Result<Origin, UrlError> {
    let scheme = parts.scheme.to_ascii_lowercase();
    let host = idna::host_to_ascii(parts.host).ok_or(UrlError::InvalidHost)?;
    let port = parts
        .port
        .map(|p| p.trim_start_matches('0'))
        .filter(|p| Some(if p.is_empty() { "0" } else { p }) != default_port(&scheme))
        .map(|p| p.parse::<u16>().unwrap_or(0));
    Ok(Origin { scheme, host, port })
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}://{}", self.scheme, self.host)?;
        if let Some(port) = self.port {
            write!(f, ":{port}")?;
        }
        Ok(())
    }
}

/// Returns the URL of the robots.txt file that governs `page_url` (SPEC B4): same scheme, host and port,
/// path `/robots.txt`. The host is lower-cased and internationalised names become punycode; a default port
/// (80 for http, 443 for https, 21 for ftp) is dropped.
///
/// ```
/// use robotscope::robots_url;
/// assert_eq!(robots_url("https://WWW.Example.com:443/a/b?c").unwrap(), "https://www.example.com/robots.txt");
/// assert_eq!(robots_url("http://www.müller.eu/x").unwrap(), "http://www.xn--mller-kva.eu/robots.txt");
/// assert!(robots_url("/just/a/path").is_err());
/// ```
pub fn robots_url(page_url: &str) -> Result<String, UrlError> {
    let o = origin(&split(page_url)?)?;
    Ok(alloc::format!("{o}/robots.txt"))
}

/// Whether a robots.txt file governs a page, and if not, why (SPEC B4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Governs {
    /// The file governs the page.
    Yes,
    /// The robots.txt URL is not at the root of its host (`/robots.txt`), so crawlers never read it.
    NotAtRoot,
    /// The schemes differ (`http` and `https` are separate sites).
    OtherScheme,
    /// The page's host is a subdomain of the file's host, or the other way round; each host needs its own
    /// file.
    Subdomain,
    /// The hosts differ.
    OtherHost,
    /// The ports differ (after dropping default ports).
    OtherPort,
}

impl Governs {
    /// A stable name for the answer: `yes`, `not-at-root`, `other-scheme`, `subdomain`, `other-host` or
    /// `other-port` (what the npm package and the shared question fixture write).
    pub fn name(self) -> &'static str {
        match self {
            Governs::Yes => "yes",
            Governs::NotAtRoot => "not-at-root",
            Governs::OtherScheme => "other-scheme",
            Governs::Subdomain => "subdomain",
            Governs::OtherHost => "other-host",
            Governs::OtherPort => "other-port",
        }
    }

    /// A sentence that explains the answer.
    pub fn message(self) -> &'static str {
        match self {
            Governs::Yes => "the robots.txt file governs this URL",
            Governs::NotAtRoot => "a robots.txt file only counts at the root of a host (/robots.txt)",
            Governs::OtherScheme => "the scheme differs: http and https each need their own robots.txt",
            Governs::Subdomain => "the host is a subdomain (or parent domain): each host needs its own robots.txt",
            Governs::OtherHost => "the host differs",
            Governs::OtherPort => "the port differs: each port needs its own robots.txt",
        }
    }
}

/// Says whether the robots.txt at `robots_url` governs `page_url` (SPEC B4).
///
/// ```
/// use robotscope::{governs, Governs};
/// assert_eq!(governs("http://example.com/robots.txt", "http://example.com:80/folder/file"), Ok(Governs::Yes));
/// assert_eq!(governs("http://example.com/robots.txt", "https://example.com/"), Ok(Governs::OtherScheme));
/// assert_eq!(governs("http://www.example.com/robots.txt", "http://shop.www.example.com/"), Ok(Governs::Subdomain));
/// ```
pub fn governs(robots_url: &str, page_url: &str) -> Result<Governs, UrlError> {
    let r = split(robots_url)?;
    let p = split(page_url)?;
    let (ro, po) = (origin(&r)?, origin(&p)?);
    let path = r.rest.split('?').next().unwrap_or("");
    if path != "/robots.txt" {
        return Ok(Governs::NotAtRoot);
    }
    Ok(if ro.scheme != po.scheme {
        Governs::OtherScheme
    } else if ro.host != po.host {
        let sub = |a: &str, b: &str| a.len() > b.len() && a.ends_with(b) && a.as_bytes()[a.len() - b.len() - 1] == b'.';
        // IP addresses have no subdomains: `212.96.82.21` is not below `96.82.21`.
        let is_ip = |h: &str| h.starts_with('[') || h.bytes().all(|c| c.is_ascii_digit() || c == b'.');
        if !is_ip(&ro.host) && !is_ip(&po.host) && (sub(&ro.host, &po.host) || sub(&po.host, &ro.host)) {
            Governs::Subdomain
        } else {
            Governs::OtherHost
        }
    } else if ro.port != po.port {
        Governs::OtherPort
    } else {
        Governs::Yes
    })
}

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// Percent-encodes `s` into `out` as a browser does for a URL path or query: bytes outside printable ASCII
/// and those in `extra` become `%XX`; existing escapes are kept as typed.
fn encode_into(s: &str, extra: &[u8], out: &mut String) {
    for &c in s.as_bytes() {
        if c <= b' ' || c >= 0x7F || extra.contains(&c) {
            out.push('%');
            out.push(HEX[(c >> 4) as usize] as char);
            out.push(HEX[(c & 15) as usize] as char);
        } else {
            out.push(c as char);
        }
    }
}

/// Removes `.` and `..` segments from a path, as browsers do.
fn remove_dot_segments(path: &str) -> String {
    let mut segs: Vec<&str> = Vec::new();
    let mut parts = path.split('/').skip(1).peekable();
    let mut trailing = false;
    while let Some(seg) = parts.next() {
        let last = parts.peek().is_none();
        match seg {
            "." | "%2e" | "%2E" => trailing = last,
            ".." | ".%2e" | ".%2E" | "%2e." | "%2E." | "%2e%2e" | "%2E%2E" | "%2e%2E" | "%2E%2e" => {
                segs.pop();
                trailing = last;
            }
            _ => {
                segs.push(seg);
                trailing = false;
            }
        }
    }
    let mut out = String::with_capacity(path.len());
    for s in &segs {
        out.push('/');
        out.push_str(s);
    }
    if trailing || out.is_empty() {
        out.push('/');
    }
    out
}

/// Normalises what a person typed into the URL a browser or crawler would request (SPEC B2).
///
/// Accepts a full URL, a URL without a scheme (`example.com/a`, read as `http://`) or a path (`/a b`).
/// Scheme and host are lower-cased, internationalised host names become punycode, default ports are
/// dropped, `\` becomes `/` in http(s) URLs, dot segments are resolved, and the path and query are
/// percent-encoded as a browser does (non-ASCII as UTF-8 `%XX`, space, `"`, `<`, `>`, `` ` ``, `{`, `}` in the
/// path); escapes already present are kept as typed. The fragment is dropped: crawlers never send it.
///
/// ```
/// use robotscope::normalize_url;
/// let url = normalize_url("HTTPS://Example.COM:443/a b/ü?q=ü#top").unwrap();
/// assert_eq!(url, "https://example.com/a%20b/%C3%BC?q=%C3%BC");
/// assert_eq!(normalize_url("example.com").unwrap(), "http://example.com/");
/// assert_eq!(normalize_url("/a/./b/../c d").unwrap(), "/a/c%20d");
/// assert_eq!(normalize_url("/a/..//b").unwrap(), "/.//b"); // not `//b`, which would name a host
/// ```
///
/// A bare path whose dot segments leave it starting with `//` gets `/.` in front, as WHATWG URLs do: `//b`
/// alone would read as host `b`.
///
/// ```
/// # use robotscope::normalize_url;
/// ```
pub fn normalize_url(input: &str) -> Result<String, UrlError> {
    if is_normal_http(input) {
        return Ok(String::from(input));
    }
    normalize_general(input)
}

/// Whether `input` is an `http` or `https` URL that [`normalize_url`] returns unchanged, by a check of each byte
/// that costs a fraction of the general path (batches of crawled URLs are nearly all of this shape): lower-case
/// scheme, a host of lower-case letters, digits, `.` and `-` with no port or user, a path after it, printable
/// ASCII throughout with none of the bytes a browser encodes (`"<>'` and the others), no fragment, no backslash
/// and no dot segment (nor a segment starting with `.` or `%2e`, to keep the check short). Any other URL takes
/// the general path; the unit tests hold the two to the same answer.
fn is_normal_http(input: &str) -> bool {
    let b = input.as_bytes();
    let after = match () {
        _ if b.starts_with(b"https://") => 8,
        _ if b.starts_with(b"http://") => 7,
        _ => return false,
    };
    let Some(path) = b[after..].iter().position(|&c| c == b'/').map(|i| after + i) else { return false };
    let host = &b[after..path];
    if host.is_empty() || !host.iter().all(|&c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == b'.' || c == b'-')
    {
        return false;
    }
    let printable =
        |c: u8| c > b' ' && c < 0x7F && !matches!(c, b'"' | b'#' | b'<' | b'>' | b'`' | b'{' | b'}' | b'\'' | b'\\');
    if !b[path..].iter().all(|&c| printable(c)) {
        return false;
    }
    let end = b[path..].iter().position(|&c| c == b'?').map_or(b.len(), |i| path + i);
    !b[path..end]
        .split(|&c| c == b'/')
        .any(|seg| seg.first() == Some(&b'.') || seg.starts_with(b"%2e") || seg.starts_with(b"%2E"))
}

/// [`normalize_url`] for any input.
fn normalize_general(input: &str) -> Result<String, UrlError> {
    // Browsers drop tabs and newlines anywhere, and control characters and spaces at both ends.
    let cleaned: String = input.chars().filter(|&c| c != '\t' && c != '\n' && c != '\r').collect();
    let s = cleaned.trim_matches(|c: char| c <= ' ');
    if s.is_empty() {
        return Err(UrlError::Empty);
    }
    let mut out = String::with_capacity(s.len() + 8);
    if s.starts_with('/') && !s.starts_with("//") {
        let rest = crate::cut(s, 0, s.find('#').unwrap_or(s.len()));
        return Ok(finish(out, rest, true, false));
    }
    let owned;
    let absolute = match scheme_len(s) {
        Some(n) if s.as_bytes()[n..].starts_with(b"//") => s,
        // `mailto:x`, `javascript:...`: there is no host, and no robots.txt applies.
        Some(n) if !s.as_bytes().get(n).is_some_and(u8::is_ascii_digit) => return Err(UrlError::MissingHost),
        // No scheme (`example.com/a`, `localhost:8080/a`, `//example.com/a`): read as http.
        _ => {
            owned = alloc::format!("http://{}", s.trim_start_matches('/'));
            &owned
        }
    };
    let parts = split(absolute)?;
    let o = origin(&parts)?;
    out.push_str(&alloc::format!("{o}"));
    let special = is_special(&o.scheme);
    Ok(finish(out, parts.rest, special || !parts.rest.is_empty(), special))
}

/// The length of `scheme:` at the start of `s` (letters, then letters, digits, `+`, `-`, `.`), if any.
fn scheme_len(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    if !b.first()?.is_ascii_alphabetic() {
        return None;
    }
    let end = b.iter().position(|&c| !(c.is_ascii_alphanumeric() || matches!(c, b'+' | b'-' | b'.')))?;
    (b[end] == b':').then_some(end + 1)
}

fn finish(mut out: String, rest: &str, needs_path: bool, backslash_is_slash: bool) -> String {
    let (path, query) = match rest.find('?') {
        Some(q) => (crate::cut(rest, 0, q), Some(crate::cut(rest, q + 1, rest.len()))),
        None => (rest, None),
    };
    let path = if path.is_empty() && needs_path { "/" } else { path };
    // Browsers read `\` as `/` in the path of http(s) URLs (not in the query); that changes what the
    // server sees.
    let fixed;
    let path = if backslash_is_slash && path.contains('\\') {
        fixed = path.replace('\\', "/");
        fixed.as_str()
    } else {
        path
    };
    let mut path = if path.starts_with('/') { remove_dot_segments(path) } else { String::from(path) };
    if out.is_empty() && path.starts_with("//") {
        // A bare path must not start with `//`, or it reads as `//host/...`; WHATWG puts `/.` in front.
        path.insert_str(0, "/.");
    }
    encode_into(&path, b"\"#<>`{}", &mut out);
    if let Some(q) = query {
        out.push('?');
        encode_into(q, b"\"#<>'", &mut out);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::vec::Vec;

    /// Every URL built from pieces that sit on either side of each condition of the check (schemes in two
    /// cases, hosts with capitals, ports, users, punycode, IPv4 and IPv6; paths with dot segments, escapes, a
    /// backslash and each byte a browser encodes; queries and fragments): whenever the check takes a URL as
    /// normal, the general path returns it unchanged.
    #[test]
    fn the_fast_check_takes_only_urls_the_general_path_leaves_unchanged() {
        let schemes = ["http://", "https://", "HTTP://", "ftp://", "http:/", ""];
        let hosts = [
            "example.com",
            "a-b.example",
            "Example.com",
            "example.com:443",
            "example.com:8080",
            "u@example.com",
            "xn--mller-kva.eu",
            "127.0.0.1",
            "0x7f.1",
            "[::1]",
            "",
            "ex%41mple.com",
            "a..b",
            "example.com.",
            "ü.de",
        ];
        let paths = [
            "",
            "/",
            "/a/b.html",
            "/a//b",
            "/./a",
            "/a/..",
            "/a/../b",
            "/.well-known/x",
            "/%2e/a",
            "/%2E%2E/a",
            "/a%20b",
            "/a b",
            "/a\\b",
            "/a\"b",
            "/a<b>",
            "/a`b",
            "/a{b}",
            "/a'b",
            "/a|b^c",
            "/%7Ejoe",
            "/ü",
            "/a\tb",
            "/a#frag",
            "/%zz",
        ];
        let queries = ["", "?", "?q=1&r=2", "?q='x'", "?q=\"x\"", "?q=a b", "?q=ü", "?q=/../x", "?q=a#f", "?a\\b"];
        let mut fast = 0;
        for scheme in schemes {
            for host in hosts {
                for path in paths {
                    for query in queries {
                        let url = format!("{scheme}{host}{path}{query}");
                        if is_normal_http(&url) {
                            fast += 1;
                            assert_eq!(normalize_general(&url).as_deref(), Ok(url.as_str()), "{url}");
                        }
                        assert_eq!(normalize_url(&url), normalize_general(&url), "{url}");
                    }
                }
            }
        }
        // The check is not vacuous: plain crawled URLs take it.
        assert!(fast > 100, "{fast}");
        let plain: Vec<&str> = Vec::from(["https://www.example.com/blog/1/page.html?id=3", "http://a.b/"]);
        assert!(plain.iter().all(|u| is_normal_http(u)));
    }
}
