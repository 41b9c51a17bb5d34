//! The crawler audit: an access log read as a stream of questions (agent, URL, time), each judged against the
//! robots.txt in force at its time for its host, with the client's address checked against the operator's
//! published IP ranges.
//!
//! ```
//! use robotscope::audit::{Audit, Identity, LogFormat};
//!
//! let mut audit = Audit::new(100);
//! audit.add_version(None, i64::MIN, "robots.txt", b"User-agent: GPTBot\nDisallow: /private/\n");
//! let line = r#"20.171.206.9 - - [29/Nov/2026:10:00:00 +0000] "GET /private/a HTTP/1.1" 200 5 "-" "GPTBot/1.2""#;
//! let request = LogFormat::Combined.parse(line).unwrap().unwrap();
//! audit.record(&request);
//! let v = &audit.violations()[0];
//! assert_eq!((v.crawler, v.identity), ("GPTBot", Identity::Verified));
//! assert_eq!((v.line, v.rule.as_str()), (2, "Disallow: /private/"));
//! assert_eq!(audit.failing(), 1);
//! ```

mod ip;
mod log;
mod ranges;
mod time;

use alloc::collections::BTreeMap;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

pub use ip::{Ip, IpRanges};
pub use log::{JsonMapping, LineError, LogFormat, Request, JSON_MAPPINGS};
pub use ranges::{Snapshot, IP_SNAPSHOTS};
pub use time::{format_utc, parse_clf_time, parse_epoch, parse_iso_time, parse_time};

use crate::{Crawler, Robots};

/// RFC 9309 section 2.4: crawlers should not use a cached robots.txt for more than 24 hours.
pub const CACHE_SECONDS: i64 = 24 * 3600;

/// How many distinct User-Agent headers are remembered with the crawler they name (then forgotten all at once).
const UA_CACHE: usize = 4096;
/// How many (crawler, host) pairs the last robots.txt fetch is remembered for.
const FETCHES_KEPT: usize = 65_536;
/// How many bad lines are kept with their numbers (all are counted).
const BAD_LINES_KEPT: usize = 100;

/// Whether a request came from the crawler it claims to be.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Identity {
    /// Its address lies in the operator's published ranges.
    Verified,
    /// The operator publishes no ranges that robotscope ships, so the claim cannot be checked.
    Unverified,
    /// The operator publishes ranges and the address lies outside them (or is not an address).
    Spoofed,
}

impl Identity {
    /// `verified`, `unverified` or `spoofed`.
    pub fn name(self) -> &'static str {
        match self {
            Identity::Verified => "verified",
            Identity::Unverified => "unverified",
            Identity::Spoofed => "spoofed",
        }
    }
}

/// One robots.txt version: in force for `host` (or every host) from `from` until the next version.
#[derive(Debug)]
pub struct Version {
    /// The host it is for, lowercase, or `None` for every host without its own versions.
    pub host: Option<String>,
    /// When it came into force (`i64::MIN`: always).
    pub from: i64,
    /// How the user named it (a file name).
    pub label: String,
    /// The parsed file.
    pub robots: Robots,
    line_starts: Vec<usize>,
}

impl Version {
    /// The text of line `line` (1-based), without its line break.
    pub fn line_text(&self, line: usize) -> String {
        let src = self.robots.source();
        let Some(&start) = line.checked_sub(1).and_then(|i| self.line_starts.get(i)) else { return String::new() };
        let end = self.line_starts.get(line).copied().unwrap_or(src.len());
        let text = src.get(start..end).unwrap_or(&[]);
        String::from_utf8_lossy(text).trim_end_matches(['\r', '\n']).to_string()
    }
}

/// A crawler's row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrawlerStats {
    /// The catalogue crawler.
    pub crawler: &'static Crawler,
    /// Requests claiming it (robots.txt fetches included).
    pub requests: u64,
    /// Of which verified, unverified and spoofed.
    pub verified: u64,
    /// See [`CrawlerStats::verified`].
    pub unverified: u64,
    /// See [`CrawlerStats::verified`].
    pub spoofed: u64,
    /// Requests for URLs the robots.txt then in force disallowed it.
    pub disallowed: u64,
    /// Of those, the verified ones.
    pub disallowed_verified: u64,
    /// Its robots.txt fetches.
    pub robots_fetches: u64,
    /// Whether it fetched robots.txt before its first other request (`None`: it made no other request).
    pub robots_first: Option<bool>,
    /// The longest time between a request and its last robots.txt fetch for that host: how stale its copy could
    /// have been (`None`: no request followed a fetch).
    pub stalest_copy: Option<i64>,
    /// Requests made with no fetch of that host's robots.txt in the 24 hours before (none seen, or older).
    pub beyond_cache: u64,
    /// Requests no version was in force for (before the first dated version).
    pub unjudged: u64,
    /// The first and last request's time.
    pub first_seen: i64,
    /// See [`CrawlerStats::first_seen`].
    pub last_seen: i64,
}

/// A request for a disallowed URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// When.
    pub time: i64,
    /// The client address as logged.
    pub addr: String,
    /// The catalogue crawler the User-Agent claims.
    pub crawler: &'static str,
    /// Whether the address confirms the claim.
    pub identity: Identity,
    /// The host, when known.
    pub host: Option<String>,
    /// The request target.
    pub url: String,
    /// The deciding line and its text.
    pub line: usize,
    /// See [`Violation::line`].
    pub rule: String,
    /// The version in force (an index into [`Audit::versions`]).
    pub version: usize,
    /// Seconds since the crawler's last robots.txt fetch for this host, if one was seen.
    pub copy_age: Option<i64>,
    /// Whether the version in force at that fetch allowed the URL, and the fetch is within the 24-hour cache:
    /// the crawler may have followed its cached copy, as RFC 9309 lets it.
    pub cached_copy_allowed: bool,
}

/// Counts over the whole log.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Counts {
    /// Requests read.
    pub requests: u64,
    /// Lines that hold no HTTP request (a TLS handshake on a plain port).
    pub no_request: u64,
    /// Requests from agents that are not catalogue crawlers (browsers, unknown bots).
    pub other_agents: u64,
    /// Lines that could not be read.
    pub bad_lines: u64,
}

/// The audit's state: bounded by the catalogue, the caps above and `max_violations`, whatever the log's size.
#[derive(Debug)]
pub struct Audit {
    versions: Vec<Version>,
    identity: Vec<(&'static str, IpRanges)>,
    rows: Vec<CrawlerStats>,
    ua_cache: BTreeMap<String, Option<&'static Crawler>>,
    fetches: BTreeMap<(usize, String), i64>,
    violations: Vec<Violation>,
    max_violations: usize,
    dropped: u64,
    counts: Counts,
    bad: Vec<(u64, LineError)>,
}

fn host_key(host: &str) -> String {
    let host = host.trim();
    let host = if host.starts_with('[') { host } else { host.split(':').next().unwrap_or(host) };
    host.trim_end_matches('.').to_ascii_lowercase()
}

fn url_host(target: &str) -> Option<&str> {
    let rest = target.split_once("://")?.1;
    rest.split(['/', '?', '#']).next()
}

impl Audit {
    /// An audit keeping at most `max_violations` violations (the rest are counted in [`Audit::dropped`]), with
    /// the shipped IP-range snapshots.
    pub fn new(max_violations: usize) -> Audit {
        let mut identity = Vec::new();
        for s in IP_SNAPSHOTS {
            let (ranges, _) = IpRanges::parse(s.text);
            for &name in s.crawlers {
                identity.push((name, ranges.clone()));
            }
        }
        Audit {
            versions: Vec::new(),
            identity,
            rows: Vec::new(),
            ua_cache: BTreeMap::new(),
            fetches: BTreeMap::new(),
            violations: Vec::new(),
            max_violations,
            dropped: 0,
            counts: Counts::default(),
            bad: Vec::new(),
        }
    }

    /// Replaces (or adds) the ranges that verify the catalogue crawler `name` (a newer list of the operator's).
    pub fn set_ranges(&mut self, name: &'static str, ranges: IpRanges) {
        self.identity.retain(|(n, _)| *n != name);
        self.identity.push((name, ranges));
    }

    /// Adds a robots.txt version in force for `host` (every host when `None`) from `from`.
    pub fn add_version(&mut self, host: Option<&str>, from: i64, label: &str, bytes: &[u8]) {
        let mut line_starts = alloc::vec![0];
        for (i, &b) in bytes.iter().enumerate() {
            // CR, LF and CRLF end lines, as the tokenizer counts them.
            let crlf = b == b'\r' && bytes.get(i + 1) == Some(&b'\n');
            if (b == b'\n' || b == b'\r') && !crlf {
                line_starts.push(i + 1);
            }
        }
        let robots = Robots::parse(bytes);
        let version = Version { host: host.map(host_key), from, label: label.to_string(), robots, line_starts };
        let at = self.versions.partition_point(|v| (&v.host, v.from) <= (&version.host, version.from));
        self.versions.insert(at, version);
    }

    /// The versions, ordered by host and date.
    pub fn versions(&self) -> &[Version] {
        &self.versions
    }

    /// The version in force for `host` at `t`: the host's own versions if it has any, else those for every
    /// host.
    pub fn in_force(&self, host: Option<&str>, t: i64) -> Option<usize> {
        let key = host.map(host_key);
        let own = key.as_ref().is_some_and(|k| self.versions.iter().any(|v| v.host.as_ref() == Some(k)));
        let wanted = if own { key } else { None };
        let mut best = None;
        for (i, v) in self.versions.iter().enumerate() {
            if v.host == wanted && v.from <= t {
                best = Some(i);
            }
        }
        best
    }

    /// Whether the address `addr` confirms a claim to be `crawler`.
    pub fn identify(&self, crawler: &Crawler, addr: &str) -> Identity {
        match self.identity.iter().find(|(n, _)| *n == crawler.name) {
            None => Identity::Unverified,
            Some((_, ranges)) => match Ip::parse(addr) {
                Some(ip) if ranges.contains(ip) => Identity::Verified,
                _ => Identity::Spoofed,
            },
        }
    }

    fn crawler_of(&mut self, user_agent: &str) -> Option<&'static Crawler> {
        if let Some(&c) = self.ua_cache.get(user_agent) {
            return c;
        }
        let token = crate::token_from_user_agent(user_agent);
        let found = if token.is_empty() { None } else { crate::crawler(token) };
        if self.ua_cache.len() >= UA_CACHE {
            self.ua_cache.clear();
        }
        self.ua_cache.insert(user_agent.to_string(), found);
        found
    }

    /// Counts a line that could not be read (`line` counts from 1 across the whole input).
    pub fn bad_line(&mut self, line: u64, error: LineError) {
        self.counts.bad_lines += 1;
        if self.bad.len() < BAD_LINES_KEPT {
            self.bad.push((line, error));
        }
    }

    /// Judges one request.
    pub fn record(&mut self, r: &Request) {
        self.counts.requests += 1;
        if r.method.is_empty() {
            self.counts.no_request += 1;
            return;
        }
        let Some(crawler) = self.crawler_of(&r.user_agent) else {
            self.counts.other_agents += 1;
            return;
        };
        let identity = self.identify(crawler, &r.addr);
        let row = match self.rows.iter().position(|s| core::ptr::eq(s.crawler, crawler)) {
            Some(i) => i,
            None => {
                self.rows.push(CrawlerStats {
                    crawler,
                    requests: 0,
                    verified: 0,
                    unverified: 0,
                    spoofed: 0,
                    disallowed: 0,
                    disallowed_verified: 0,
                    robots_fetches: 0,
                    robots_first: None,
                    stalest_copy: None,
                    beyond_cache: 0,
                    unjudged: 0,
                    first_seen: r.time,
                    last_seen: r.time,
                });
                self.rows.len() - 1
            }
        };
        let host = r.host.as_deref().or_else(|| url_host(&r.target)).map(host_key);
        let fetch_key = (row, host.clone().unwrap_or_default());
        let last_fetch = self.fetches.get(&fetch_key).copied();
        let is_robots = crate::path_of(&r.target) == "/robots.txt";
        if is_robots && (self.fetches.len() < FETCHES_KEPT || self.fetches.contains_key(&fetch_key)) {
            self.fetches.insert(fetch_key, r.time);
        }
        let Some(stats) = self.rows.get_mut(row) else { return };
        stats.requests += 1;
        stats.first_seen = stats.first_seen.min(r.time);
        stats.last_seen = stats.last_seen.max(r.time);
        match identity {
            Identity::Verified => stats.verified += 1,
            Identity::Unverified => stats.unverified += 1,
            Identity::Spoofed => stats.spoofed += 1,
        }
        if is_robots {
            stats.robots_fetches += 1;
            return;
        }
        if stats.robots_first.is_none() {
            stats.robots_first = Some(stats.robots_fetches > 0);
        }
        let age = last_fetch.map(|f| r.time - f);
        if let Some(a) = age {
            stats.stalest_copy = Some(stats.stalest_copy.map_or(a, |s| s.max(a)));
        }
        if age.is_none_or(|a| a > CACHE_SECONDS) {
            stats.beyond_cache += 1;
        }
        let Some(version) = self.in_force(host.as_deref(), r.time) else {
            if let Some(stats) = self.rows.get_mut(row) {
                stats.unjudged += 1;
            }
            return;
        };
        let (allowed, line) = self.judge(version, crawler, &r.target);
        if allowed {
            return;
        }
        let cached_copy_allowed = match (last_fetch, age) {
            (Some(f), Some(a)) if a <= CACHE_SECONDS => self
                .in_force(host.as_deref(), f)
                .is_some_and(|old| old != version && self.judge(old, crawler, &r.target).0),
            _ => false,
        };
        if let Some(stats) = self.rows.get_mut(row) {
            stats.disallowed += 1;
            if identity == Identity::Verified {
                stats.disallowed_verified += 1;
            }
        }
        if self.violations.len() >= self.max_violations {
            self.dropped += 1;
            return;
        }
        let rule = self.versions.get(version).map(|v| v.line_text(line)).unwrap_or_default();
        self.violations.push(Violation {
            time: r.time,
            addr: r.addr.to_string(),
            crawler: crawler.name,
            identity,
            host,
            url: r.target.to_string(),
            line,
            rule,
            version,
            copy_age: age,
            cached_copy_allowed,
        });
    }

    /// Whether `crawler` may fetch `target` under version `version`, and the deciding line: the crawler reads the
    /// file with its own tokens in order (Googlebot-Image follows Googlebot), as [`Robots::crawler_token`] says.
    fn judge(&self, version: usize, crawler: &Crawler, target: &str) -> (bool, usize) {
        let Some(v) = self.versions.get(version) else { return (true, 0) };
        match v.robots.crawler_token(crawler) {
            Some(token) => v.robots.decide(&[token][..], target),
            None => (true, 0),
        }
    }

    /// One row per crawler seen, most requests first (ties by name).
    pub fn crawlers(&self) -> Vec<CrawlerStats> {
        let mut rows = self.rows.clone();
        rows.sort_unstable_by(|a, b| b.requests.cmp(&a.requests).then(a.crawler.name.cmp(b.crawler.name)));
        rows
    }

    /// The violations kept, in log order.
    pub fn violations(&self) -> &[Violation] {
        &self.violations
    }

    /// Violations found past `max_violations`, counted but not kept.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }

    /// The counts over the whole log.
    pub fn counts(&self) -> Counts {
        self.counts
    }

    /// The first bad lines, with their numbers and reasons.
    pub fn bad_lines(&self) -> &[(u64, LineError)] {
        &self.bad
    }

    /// Requests by verified crawlers for URLs disallowed by the version in force that no copy within its 24-hour
    /// cache allowed: what a CI or cron gate fails on. Counts the dropped ones too.
    pub fn failing(&self) -> u64 {
        let kept = self.violations.iter().filter(|v| v.identity == Identity::Verified && !v.cached_copy_allowed);
        let verified_total: u64 = self.rows.iter().map(|r| r.disallowed_verified).sum();
        let kept_verified = self.violations.iter().filter(|v| v.identity == Identity::Verified).count() as u64;
        kept.count() as u64 + verified_total.saturating_sub(kept_verified)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req<'a>(t: &str, addr: &'a str, target: &'a str, ua: &'a str) -> Request<'a> {
        Request {
            time: parse_iso_time(t).unwrap(),
            addr: addr.into(),
            method: "GET".into(),
            target: target.into(),
            host: None,
            status: 200,
            user_agent: ua.into(),
        }
    }

    #[test]
    fn each_request_meets_the_version_then_in_force() {
        let mut audit = Audit::new(10);
        let t1 = parse_iso_time("2026-11-01T00:00:00Z").unwrap();
        let t2 = parse_iso_time("2026-11-15T00:00:00Z").unwrap();
        audit.add_version(None, t2, "new", b"User-agent: *\nDisallow: /b/\n");
        audit.add_version(None, t1, "old", b"User-agent: *\nDisallow: /a/\n");
        let bot = "Mozilla/5.0 (compatible; GPTBot/1.2)";
        for r in [
            req("2026-10-31T23:59:59Z", "20.171.206.1", "/a/x", bot), // before any version: unjudged
            req("2026-11-02T00:00:00Z", "20.171.206.1", "/robots.txt", bot),
            req("2026-11-02T00:00:01Z", "20.171.206.1", "/a/x", bot), // old: disallowed by line 2
            req("2026-11-02T00:00:02Z", "20.171.206.1", "/b/x", bot), // old: allowed
            req("2026-11-15T00:00:00Z", "127.0.0.1", "/b/x", bot),    // new: disallowed, spoofed
            req("2026-11-15T00:00:00Z", "127.0.0.1", "/b/x", "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0"),
        ] {
            audit.record(&r);
        }
        let v = audit.violations();
        assert_eq!(v.len(), 2);
        assert_eq!((v[0].url.as_str(), audit.versions()[v[0].version].label.as_str()), ("/a/x", "old"));
        assert_eq!((v[0].identity, v[0].copy_age, v[0].cached_copy_allowed), (Identity::Verified, Some(1), false));
        assert_eq!((v[1].url.as_str(), audit.versions()[v[1].version].label.as_str()), ("/b/x", "new"));
        assert_eq!((v[1].identity, v[1].rule.as_str()), (Identity::Spoofed, "Disallow: /b/"));
        let rows = audit.crawlers();
        assert_eq!(rows.len(), 1);
        let r = &rows[0];
        assert_eq!((r.requests, r.verified, r.spoofed, r.disallowed, r.disallowed_verified), (5, 4, 1, 2, 1));
        assert_eq!((r.robots_first, r.unjudged, r.robots_fetches), (Some(false), 1, 1));
        assert_eq!(audit.counts().other_agents, 1);
        assert_eq!(audit.failing(), 1);
    }

    #[test]
    fn a_copy_within_the_cache_excuses_a_change() {
        let mut audit = Audit::new(10);
        let change = parse_iso_time("2026-11-15T12:00:00Z").unwrap();
        audit.add_version(None, i64::MIN, "old", b"User-agent: *\nAllow: /\n");
        audit.add_version(None, change, "new", b"User-agent: Googlebot\nDisallow: /x\n");
        let g = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
        audit.record(&req("2026-11-15T11:00:00Z", "66.249.66.1", "/robots.txt", g));
        audit.record(&req("2026-11-15T13:00:00Z", "66.249.66.1", "/x", g));
        audit.record(&req("2026-11-16T12:00:00Z", "66.249.66.1", "/x", g));
        let v = audit.violations();
        assert_eq!((v[0].cached_copy_allowed, v[1].cached_copy_allowed), (true, false));
        assert_eq!(audit.failing(), 1);
        assert_eq!(audit.crawlers()[0].robots_first, Some(true));
        assert_eq!(audit.crawlers()[0].beyond_cache, 1);
    }

    #[test]
    fn hosts_have_their_own_versions_and_the_list_is_capped() {
        let mut audit = Audit::new(1);
        audit.add_version(None, i64::MIN, "all", b"User-agent: *\nDisallow: /\n");
        audit.add_version(Some("Shop.Example"), i64::MIN, "shop", b"User-agent: *\nAllow: /\n");
        let mut r = req("2026-11-15T11:00:00Z", "1.2.3.4", "/p", "ClaudeBot/1.0");
        r.host = Some("shop.example:443".into());
        audit.record(&r);
        r.host = Some("blog.example".into());
        audit.record(&r);
        audit.record(&r);
        assert_eq!((audit.violations().len(), audit.dropped()), (1, 1));
        assert_eq!(audit.violations()[0].identity, Identity::Unverified);
        assert_eq!(audit.failing(), 0);
    }

    #[test]
    fn shipped_snapshots_read_whole() {
        for s in IP_SNAPSHOTS {
            let (ranges, bad) = IpRanges::parse(s.text);
            assert_eq!(bad, 0, "{}", s.source);
            assert!(!ranges.is_empty(), "{}", s.source);
            assert!(s.text.contains(s.source) && s.text.contains(s.date), "{}", s.source);
            for name in s.crawlers {
                assert!(crate::crawler(name).is_some_and(|c| c.name == *name), "{name} is not a catalogue name");
            }
        }
    }
}
