//! The tokenizer: bytes to lines, lines to key/value directives (SPEC A2).
//!
//! The tokenizer is a pure function of the input bytes. [`crate::Robots::parse`] consumes it once to build
//! groups; [`crate::Robots::lines`] runs it again on demand for the per-line report, so parsing does not pay
//! for records most callers never read.

use crate::Span;

/// The most bytes of one line that are kept: 2083 × 8 − 1 (SPEC A2.4). Further bytes are dropped.
pub const MAX_LINE_LEN: usize = 2083 * 8 - 1;

const BOM: [u8; 3] = [0xEF, 0xBB, 0xBF];

/// The kind of a directive's key, recognised by ASCII case-insensitive prefix (SPEC A2.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum KeyKind {
    /// `user-agent`, or the typos `useragent` and `user agent`.
    UserAgent,
    /// `allow` (no typos).
    Allow,
    /// `disallow`, or one of five typos such as `dissallow`.
    Disallow,
    /// `sitemap`, or the typo `site-map`.
    Sitemap,
    /// Any other key (crawl-delay, host, ...): the reference library has no such directive.
    Unknown,
}

impl KeyKind {
    /// The directive name as Google's documentation spells it (`user-agent`, `allow`, ...), or `unknown`.
    pub fn name(self) -> &'static str {
        match self {
            KeyKind::UserAgent => "user-agent",
            KeyKind::Allow => "allow",
            KeyKind::Disallow => "disallow",
            KeyKind::Sitemap => "sitemap",
            KeyKind::Unknown => "unknown",
        }
    }
}

/// The seven per-line flags of the reference's `LineMetadata` (SPEC A2.9).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct LineMetadata {
    /// The line is empty after trimming and holds no comment.
    pub is_empty: bool,
    /// The line holds a `#`.
    pub has_comment: bool,
    /// The line holds only a comment (and whitespace).
    pub is_comment: bool,
    /// The line holds a key/value pair, unknown keys included.
    pub has_directive: bool,
    /// The key was accepted only as a known typo (`dissallow`, `useragent`, ...).
    pub is_acceptable_typo: bool,
    /// The line was longer than [`MAX_LINE_LEN`] bytes; the rest was dropped.
    pub is_line_too_long: bool,
    /// Whitespace stood in for the missing `:` separator.
    pub is_missing_colon_separator: bool,
}

/// A key/value pair found on a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Directive {
    /// What the key was recognised as.
    pub kind: KeyKind,
    /// The key as written, trimmed (a span of the source).
    pub key: Span,
    /// The value as written, trimmed and before any escaping (a span of the source; may be empty).
    pub value: Span,
}

/// One line of the file as the tokenizer saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Line {
    /// The 1-based line number.
    pub number: usize,
    /// The whole line in the source, without its terminator (and without a leading BOM on line 1).
    pub span: Span,
    /// The part of the line the parser read: cut at [`MAX_LINE_LEN`] bytes and at the first NUL byte.
    pub read: Span,
    /// Where a `#` comment starts, if the parser saw one.
    pub comment: Option<usize>,
    /// The key/value pair, if the line holds one.
    pub directive: Option<Directive>,
    /// The reference's per-line flags.
    pub metadata: LineMetadata,
}

/// Iterator over the lines of a robots.txt body; see [`crate::Robots::lines`].
#[derive(Debug, Clone)]
pub struct Lines<'a> {
    src: &'a [u8],
    pos: usize,
    number: usize,
    done: bool,
}

/// Length of the (possibly partial) UTF-8 BOM at the start of `src` (SPEC A2.2).
pub fn bom_len(src: &[u8]) -> usize {
    src.iter().zip(BOM.iter()).take_while(|(a, b)| a == b).count()
}

impl<'a> Lines<'a> {
    /// Starts tokenizing `src`.
    pub fn new(src: &'a [u8]) -> Self {
        Lines { src, pos: bom_len(src), number: 0, done: false }
    }
}

impl Iterator for Lines<'_> {
    type Item = Line;

    fn next(&mut self) -> Option<Line> {
        if self.done {
            return None;
        }
        let start = self.pos;
        let end = match find_line_end(self.src, start) {
            Some(t) => {
                // CR LF is one terminator; LF CR and CR CR are two (SPEC A2.3).
                self.pos = if self.src[t] == b'\r' && self.src.get(t + 1) == Some(&b'\n') { t + 2 } else { t + 1 };
                t
            }
            None => {
                // The rest of the input is always one more line, even when empty.
                self.done = true;
                self.src.len()
            }
        };
        self.number += 1;
        Some(parse_line(self.src, self.number, Span::new(start, end)))
    }
}

/// Position of the next CR or LF at or after `from`, scanning eight bytes at a time.
fn find_line_end(src: &[u8], from: usize) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    const LF: u64 = LO * b'\n' as u64;
    const CR: u64 = LO * b'\r' as u64;
    let mut i = from;
    while i + 8 <= src.len() {
        let mut word = [0u8; 8];
        word.copy_from_slice(&src[i..i + 8]);
        let w = u64::from_le_bytes(word);
        let (a, b) = (w ^ LF, w ^ CR);
        // A zero byte in `a` or `b` marks a terminator (the classic has-zero-byte test).
        let found = (a.wrapping_sub(LO) & !a | b.wrapping_sub(LO) & !b) & HI;
        if found != 0 {
            return Some(i + (found.trailing_zeros() / 8) as usize);
        }
        i += 8;
    }
    src[i..].iter().position(|&c| c == b'\n' || c == b'\r').map(|p| i + p)
}

/// The whitespace set the reference trims: SP, HT, LF, VT, FF, CR.
pub(crate) fn is_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | 0x0B | 0x0C | b'\r')
}

/// Trims [`is_space`] bytes from both ends of `span`.
pub(crate) fn trim(src: &[u8], mut span: Span) -> Span {
    while span.start < span.end && is_space(src[span.start]) {
        span.start += 1;
    }
    while span.end > span.start && is_space(src[span.end - 1]) {
        span.end -= 1;
    }
    span
}

fn parse_line(src: &[u8], number: usize, span: Span) -> Line {
    let mut metadata = LineMetadata::default();
    let mut read_end = span.end;
    if span.len() > MAX_LINE_LEN {
        metadata.is_line_too_long = true;
        read_end = span.start + MAX_LINE_LEN;
    }
    // The reference handles the line as a C string: a NUL ends it.
    if let Some(nul) = src[span.start..read_end].iter().position(|&c| c == 0) {
        read_end = span.start + nul;
    }
    let read = Span::new(span.start, read_end);
    let comment = src[read.start..read.end].iter().position(|&c| c == b'#').map(|p| read.start + p);
    metadata.has_comment = comment.is_some();
    let content = trim(src, Span::new(read.start, comment.unwrap_or(read.end)));
    let mut line = Line { number, span, read, comment, directive: None, metadata };
    if content.is_empty() {
        if metadata.has_comment {
            line.metadata.is_comment = true;
        } else {
            line.metadata.is_empty = true;
        }
        return line;
    }
    let text = &src[content.start..content.end];
    let sep = match text.iter().position(|&c| c == b':') {
        Some(p) => content.start + p,
        None => {
            // Some people forget the colon: accept exactly two SP/HT-separated tokens.
            let Some(ws) = text.iter().position(|&c| c == b' ' || c == b'\t') else { return line };
            let rest = &text[ws..];
            let skip = rest.iter().position(|&c| c != b' ' && c != b'\t').unwrap_or(rest.len());
            if rest[skip..].iter().any(|&c| c == b' ' || c == b'\t') {
                return line;
            }
            line.metadata.is_missing_colon_separator = true;
            content.start + ws
        }
    };
    let key = trim(src, Span::new(content.start, sep));
    if key.is_empty() {
        return line;
    }
    let value = trim(src, Span::new(sep + 1, content.end));
    let (kind, typo) = key_kind(&src[key.start..key.end]);
    line.metadata.has_directive = true;
    line.metadata.is_acceptable_typo = typo;
    line.directive = Some(Directive { kind, key, value });
    line
}

fn starts_with_ignore_case(s: &[u8], prefix: &[u8]) -> bool {
    s.len() >= prefix.len() && s[..prefix.len()].eq_ignore_ascii_case(prefix)
}

/// Classifies a key by ASCII case-insensitive prefix, the reference's `GetKeyType` (SPEC A2.7).
///
/// Returns the kind and whether it was accepted only as a typo.
pub fn key_kind(key: &[u8]) -> (KeyKind, bool) {
    /// A kind, its word, and the typos accepted for it.
    type Row = (KeyKind, &'static [u8], &'static [&'static [u8]]);
    const TABLE: [Row; 4] = [
        (KeyKind::UserAgent, b"user-agent", &[b"useragent", b"user agent"]),
        (KeyKind::Allow, b"allow", &[]),
        (KeyKind::Disallow, b"disallow", &[b"dissallow", b"dissalow", b"disalow", b"diasllow", b"disallaw"]),
        (KeyKind::Sitemap, b"sitemap", &[b"site-map"]),
    ];
    for (kind, word, typos) in TABLE {
        if starts_with_ignore_case(key, word) {
            return (kind, false);
        }
        if typos.iter().any(|t| starts_with_ignore_case(key, t)) {
            return (kind, true);
        }
    }
    (KeyKind::Unknown, false)
}
