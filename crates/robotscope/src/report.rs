//! Per-line tags and totals, as the reference's `RobotsParsingReporter` (Search Console's robots.txt
//! report) computes them (SPEC A6).

use alloc::vec::Vec;

use crate::lines::{KeyKind, Line};
use crate::Robots;

/// What a line is, in the report's terms.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tag {
    /// No directive, or an unrecognised key.
    Unknown,
    /// `user-agent`.
    UserAgent,
    /// `allow`.
    Allow,
    /// `disallow`.
    Disallow,
    /// `sitemap`.
    Sitemap,
    /// A key that other crawlers use but Google does not (crawl-delay, host, noindex, ...).
    Unused,
}

impl Tag {
    /// Its stable name: `unknown`, `user-agent`, `allow`, `disallow`, `sitemap` or `unused`.
    pub fn name(self) -> &'static str {
        match self {
            Tag::Unknown => "unknown",
            Tag::UserAgent => "user-agent",
            Tag::Allow => "allow",
            Tag::Disallow => "disallow",
            Tag::Sitemap => "sitemap",
            Tag::Unused => "unused",
        }
    }

    /// The reference's name for the tag (`kUserAgent`, ...).
    pub fn reference_name(self) -> &'static str {
        match self {
            Tag::Unknown => "kUnknown",
            Tag::UserAgent => "kUserAgent",
            Tag::Allow => "kAllow",
            Tag::Disallow => "kDisallow",
            Tag::Sitemap => "kSitemap",
            Tag::Unused => "kUnused",
        }
    }
}

/// Keys that Google recognises as used by others but ignores (exact, ASCII case-insensitive match).
pub(crate) const UNUSED_KEYS: [&str; 12] = [
    "clean-param",
    "content-signal",
    "content-usage",
    "crawl-delay",
    "domain",
    "host",
    "noarchive",
    "nofollow",
    "noindex",
    "request-rate",
    "revisit-after",
    "visit-time",
];

/// One line of the report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LineReport {
    /// The tokenizer's view of the line.
    pub line: Line,
    /// The tag.
    pub tag: Tag,
}

/// The per-line report and its totals.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// One entry per line, in order.
    pub lines: Vec<LineReport>,
    /// Lines with a user-agent, allow, disallow or sitemap directive (typos included).
    pub valid_directives: usize,
    /// Lines with any other key (tagged `Unused` or `Unknown`).
    pub unused_directives: usize,
    /// The number of lines, counting the one after the last terminator.
    pub last_line_seen: usize,
}

/// The tag of a line of `robots`.
pub(crate) fn tag_of(robots: &Robots, line: &Line) -> Tag {
    let Some(d) = line.directive else { return Tag::Unknown };
    match d.kind {
        KeyKind::UserAgent => Tag::UserAgent,
        KeyKind::Allow => Tag::Allow,
        KeyKind::Disallow => Tag::Disallow,
        KeyKind::Sitemap => Tag::Sitemap,
        KeyKind::Unknown => {
            let key = robots.text(d.key);
            if UNUSED_KEYS.iter().any(|k| key.eq_ignore_ascii_case(k.as_bytes())) {
                Tag::Unused
            } else {
                Tag::Unknown
            }
        }
    }
}

impl Robots {
    /// Tags every line and counts directives, as Google's reporting parser does (SPEC A6).
    ///
    /// ```
    /// let r = robotscope::Robots::parse("User-agent: *\nCrawl-delay: 5\nDisallow: /x\n").report();
    /// assert_eq!((r.valid_directives, r.unused_directives, r.last_line_seen), (2, 1, 4));
    /// assert_eq!(r.lines[1].tag, robotscope::Tag::Unused);
    /// ```
    pub fn report(&self) -> Report {
        let mut report = Report { lines: Vec::new(), valid_directives: 0, unused_directives: 0, last_line_seen: 0 };
        for line in self.lines() {
            let tag = tag_of(self, &line);
            match tag {
                Tag::UserAgent | Tag::Allow | Tag::Disallow | Tag::Sitemap => report.valid_directives += 1,
                Tag::Unused => report.unused_directives += 1,
                Tag::Unknown if line.directive.is_some() => report.unused_directives += 1,
                Tag::Unknown => {}
            }
            report.last_line_seen = line.number;
            report.lines.push(LineReport { line, tag });
        }
        report
    }
}
