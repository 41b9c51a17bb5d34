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
    /// The most bytes of a line that are read: [`MAX_LINE_LEN`] for Google, unlimited for the readings of
    /// other profiles (`crate::profile`).
    cap: usize,
}

/// Length of the (possibly partial) UTF-8 BOM at the start of `src` (SPEC A2.2).
pub fn bom_len(src: &[u8]) -> usize {
    src.iter().zip(BOM.iter()).take_while(|(a, b)| a == b).count()
}

impl<'a> Lines<'a> {
    /// Starts tokenizing `src`.
    pub fn new(src: &'a [u8]) -> Self {
        Lines { src, pos: bom_len(src), number: 0, done: false, cap: MAX_LINE_LEN }
    }

    /// Tokenizes `src` with no line-length cap and skipping only a whole BOM: the tokenizer of the RFC 9309
    /// and 1994 readings, which know neither Google's 16,663-byte buffer nor its partial-BOM skip.
    pub(crate) fn uncapped(src: &'a [u8]) -> Self {
        let pos = if src.starts_with(&BOM) { 3 } else { 0 };
        Lines { src, pos, number: 0, done: false, cap: usize::MAX }
    }
}

impl<'a> Lines<'a> {
    /// Splits off the next line: its number and what one pass over it found.
    #[inline(always)]
    fn next_scan(&mut self) -> Option<(usize, Scan)> {
        if self.done {
            return None;
        }
        self.number += 1;
        let scan = scan_line(self.src, self.pos, self.cap);
        self.end_line(scan.end);
        Some((self.number, scan))
    }

    /// Moves past the line whose terminator is at `end` (`None`: the line ran to the end of the input).
    #[inline(always)]
    fn end_line(&mut self, end: Option<usize>) {
        match end {
            Some(t) => {
                // CR LF is one terminator; LF CR and CR CR are two (SPEC A2.3).
                self.pos = if self.src[t] == b'\r' && self.src.get(t + 1) == Some(&b'\n') { t + 2 } else { t + 1 };
            }
            // The rest of the input is always one more line, even when empty.
            None => self.done = true,
        }
    }

    /// The next line that holds a directive, with its number: what [`crate::Robots::parse`] needs, without
    /// building the per-line records.
    #[inline]
    pub(crate) fn next_directive(&mut self) -> Option<(usize, Directive)> {
        loop {
            match self.plain_directive() {
                Plain::Found(found) => return Some(found),
                Plain::Skipped => continue,
                Plain::Other => {}
            }
            let (number, scan) = self.next_scan()?;
            let content = trim(self.src, Span::new(scan.span.start, scan.hash.unwrap_or(scan.read_end)));
            if let Some((d, _, _)) = directive_of(self.src, content, scan.colon) {
                return Some((number, d));
            }
        }
    }

    /// The next line when it has the plain shape most lines of real files have: a key Google knows, spelled
    /// right in any case, at the very start of the line and followed by its colon. Such a line needs no search
    /// for its colon and no classification of its key; its value is found as [`scan_line`] would find it.
    /// Returns `None`, having read nothing, for any other line (and near the end of the input or the length
    /// cap), which [`Lines::next_scan`] then reads. `tests/properties.rs` holds the parse, which reads lines
    /// through here, to the per-line records of [`Lines::next`].
    #[inline(always)]
    fn plain_directive(&mut self) -> Plain {
        if self.done {
            return Plain::Other;
        }
        let start = self.pos;
        let Some(bytes) = self.src.get(start..start + 16) else { return Plain::Other };
        let mut word = [0u8; 16];
        word.copy_from_slice(bytes);
        let raw = u128::from_le_bytes(word);
        // Empty lines and comments hold no directive: only their ends matter.
        match raw as u8 {
            b'\n' => {
                self.number += 1;
                self.pos = start + 1;
                return Plain::Skipped;
            }
            b'#' => {
                self.number += 1;
                self.end_line(find_line_end(self.src, start));
                return Plain::Skipped;
            }
            _ => {}
        }
        let Some((kind, key_len)) = plain_key(raw) else { return Plain::Other };
        let limit = self.src.len().min(start.saturating_add(self.cap));
        let after_colon = start + key_len + 1;
        let mut from = after_colon;
        while from < limit && matches!(self.src[from], b' ' | b'\t' | 0x0B | 0x0C) {
            from += 1;
        }
        let content_end = match find_special::<false>(self.src, from, limit) {
            // Most lines end in LF, and the next starts right after it.
            Some(p) if self.src[p] == b'\n' => {
                self.pos = p + 1;
                p
            }
            Some(p) if self.src[p] == b'\r' => {
                self.end_line(Some(p));
                p
            }
            Some(p) => {
                self.end_line(find_line_end(self.src, p));
                p
            }
            // The line runs into the length cap: the cut is `scan_line`'s business.
            None if limit < self.src.len() => return Plain::Other,
            None => {
                self.done = true;
                limit
            }
        };
        self.number += 1;
        // As `directive_of` trims it: the content's end, then the value's start, which is `from` unless the value
        // is empty (then it is empty right after the colon).
        let value = match trim_end(self.src, Span::new(from, content_end)) {
            v if v.is_empty() => Span::new(after_colon, after_colon),
            v => v,
        };
        Plain::Found((self.number, Directive { kind, key: Span::new(start, start + key_len), value }))
    }

    /// The number of lines read so far.
    pub(crate) fn count_so_far(&self) -> usize {
        self.number
    }
}

impl Iterator for Lines<'_> {
    type Item = Line;

    fn next(&mut self) -> Option<Line> {
        let (number, scan) = self.next_scan()?;
        Some(parse_line(self.src, number, &scan, self.cap))
    }
}

const LO: u64 = 0x0101_0101_0101_0101;
const HI: u64 = 0x8080_8080_8080_8080;

/// The high bit of each byte of `x` that is zero is set; bits above the lowest zero byte may be set falsely,
/// so only the lowest set bit is meaningful (the classic has-zero-byte test).
#[inline(always)]
pub(crate) const fn zero_bytes(x: u64) -> u64 {
    x.wrapping_sub(LO) & !x & HI
}

/// The high bit of each byte of `x` that is not zero is set, exactly (no carry crosses a byte).
#[inline(always)]
const fn nonzero_bytes(x: u64) -> u64 {
    (((x & !HI).wrapping_add(!HI)) | x) & HI
}

/// Reads eight bytes at `i` as a little-endian word.
#[inline(always)]
pub(crate) fn word_at(src: &[u8], i: usize) -> u64 {
    let mut word = [0u8; 8];
    word.copy_from_slice(&src[i..i + 8]);
    u64::from_le_bytes(word)
}

/// Calls `f` with eight-byte words covering `hay` in order, with each word's offset, until it returns `Some`.
/// The last word overlaps the one before it rather than running a loop over the remaining bytes, so a
/// search must find nothing in bytes already searched; a `hay` shorter than eight bytes is one word padded
/// with `pad`.
#[inline(always)]
pub(crate) fn search_words<T>(hay: &[u8], pad: u8, mut f: impl FnMut(usize, u64) -> Option<T>) -> Option<T> {
    if hay.len() < 8 {
        // Byte by byte: a copy of a variable length is a `memcpy` call, which costs more.
        let bytes = hay.iter().rev().fold(0, |w, &c| (w << 8) | u64::from(c));
        let word = bytes | (u64::from_le_bytes([pad; 8]) << (8 * hay.len()));
        return f(0, word);
    }
    let mut i = 0;
    while i + 8 < hay.len() {
        if let Some(found) = f(i, word_at(hay, i)) {
            return Some(found);
        }
        i += 8;
    }
    f(hay.len() - 8, word_at(hay, hay.len() - 8))
}

/// Position of the first byte of `hay` that is one of `set` (ASCII bytes), eight bytes at a time.
#[inline(always)]
pub(crate) fn find_any<const N: usize>(hay: &[u8], set: [u8; N]) -> Option<usize> {
    // The padding byte of a short `hay` is in no ASCII set.
    search_words(hay, 0x80, |i, w| {
        let hits = set.iter().fold(0, |m, &c| m | zero_bytes(w ^ (LO * u64::from(c))));
        (hits != 0).then(|| i + (hits.trailing_zeros() / 8) as usize)
    })
}

/// Position of the first byte at or after `from` (and before `limit`) that is a terminator, NUL or `#`, or
/// a `:` when `COLON` is set.
#[inline(always)]
fn find_special<const COLON: bool>(src: &[u8], from: usize, limit: usize) -> Option<usize> {
    let mut i = from;
    while i + 8 <= limit {
        let w = word_at(src, i);
        // Bytes below 0x0E cover NUL, LF and CR (and a few others, such as tab, checked below).
        let mut found = w.wrapping_sub(LO * 0x0E) & !w & HI | zero_bytes(w ^ (LO * b'#' as u64));
        if COLON {
            found |= zero_bytes(w ^ (LO * b':' as u64));
        }
        if found != 0 {
            let p = i + (found.trailing_zeros() / 8) as usize;
            if is_special::<COLON>(src[p]) {
                return Some(p);
            }
            // A tab or another control byte: go on right after it.
            i = p + 1;
            continue;
        }
        i += 8;
    }
    src[i..limit].iter().position(|&c| is_special::<COLON>(c)).map(|p| i + p)
}

#[inline(always)]
fn is_special<const COLON: bool>(c: u8) -> bool {
    matches!(c, b'\n' | b'\r' | 0 | b'#') || (COLON && c == b':')
}

/// What [`Lines::plain_directive`] made of the next line.
enum Plain {
    /// A plain directive line, read.
    Found((usize, Directive)),
    /// An empty line or a comment, read: it holds no directive.
    Skipped,
    /// Any other line, not read.
    Other,
}

/// What one pass over a line finds.
struct Scan {
    /// The whole line.
    span: Span,
    /// Index of the terminator, or `None` at the end of the input.
    end: Option<usize>,
    /// End of the part the parser reads (cut at the length cap and at a NUL byte).
    read_end: usize,
    /// First `#` in the read part.
    hash: Option<usize>,
    /// First `:` before any `#`.
    colon: Option<usize>,
}

/// Scans the line that starts at `start` once, noting the first `:`, `#` and NUL byte on the way.
#[inline(always)]
fn scan_line(src: &[u8], start: usize, cap: usize) -> Scan {
    let limit = src.len().min(start.saturating_add(cap));
    let (mut colon, mut hash, mut nul) = (None, None, None);
    let mut i = start;
    let mut at_terminator = false;
    loop {
        // Until the first `:` is found, stop at colons too; after it, only at the rest.
        let found =
            if colon.is_none() { find_special::<true>(src, i, limit) } else { find_special::<false>(src, i, limit) };
        let Some(p) = found else { break };
        i = p;
        match src[p] {
            b'\n' | b'\r' => at_terminator = true,
            b':' => {
                colon = Some(p);
                i += 1;
                continue;
            }
            b'#' => hash = Some(p),
            _ => nul = Some(p),
        }
        // After a terminator, a `#` or a NUL byte only the line's end matters.
        break;
    }
    if !at_terminator && hash.is_none() && nul.is_none() {
        i = limit;
    }
    let end = if at_terminator { Some(i) } else { find_line_end(src, i) };
    let line_end = end.unwrap_or(src.len());
    let kept = line_end.min(start.saturating_add(cap));
    if let Some(h) = hash {
        // Inside a comment a NUL byte changes nothing for the parser, but `read` still ends there.
        nul = src[h..kept].iter().position(|&c| c == 0).map(|p| h + p);
    }
    let read_end = nul.unwrap_or(kept);
    Scan { span: Span::new(start, line_end), end, read_end, hash, colon }
}

/// Position of the next CR or LF at or after `from`, scanning eight bytes at a time.
fn find_line_end(src: &[u8], from: usize) -> Option<usize> {
    let mut i = from;
    while i + 8 <= src.len() {
        let w = word_at(src, i);
        let found = zero_bytes(w ^ (LO * b'\n' as u64)) | zero_bytes(w ^ (LO * b'\r' as u64));
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
#[inline(always)]
pub(crate) fn trim(src: &[u8], span: Span) -> Span {
    trim_end(src, trim_start(src, span))
}

#[inline(always)]
fn trim_start(src: &[u8], mut span: Span) -> Span {
    // Every trimmed byte is at most a space; most spans have nothing to trim. Indentation (HTML served as
    // robots.txt is full of it) is skipped a word at a time, then to its first byte that is no space or tab.
    if span.start < span.end && src[span.start] <= b' ' {
        while span.start + 8 <= span.end {
            let w = word_at(src, span.start);
            let text = nonzero_bytes(w ^ (LO * u64::from(b' '))) & nonzero_bytes(w ^ (LO * u64::from(b'\t')));
            if text != 0 {
                span.start += (text.trailing_zeros() / 8) as usize;
                break;
            }
            span.start += 8;
        }
    }
    while span.start < span.end && src[span.start] <= b' ' && is_space(src[span.start]) {
        span.start += 1;
    }
    span
}

#[inline(always)]
fn trim_end(src: &[u8], mut span: Span) -> Span {
    while span.end > span.start && src[span.end - 1] <= b' ' && is_space(src[span.end - 1]) {
        span.end -= 1;
    }
    span
}

fn parse_line(src: &[u8], number: usize, scan: &Scan, cap: usize) -> Line {
    let span = scan.span;
    let read = Span::new(span.start, scan.read_end);
    let mut metadata = LineMetadata {
        is_line_too_long: span.len() > cap,
        has_comment: scan.hash.is_some(),
        ..LineMetadata::default()
    };
    let content = trim(src, Span::new(read.start, scan.hash.unwrap_or(read.end)));
    if content.is_empty() {
        metadata.is_comment = metadata.has_comment;
        metadata.is_empty = !metadata.has_comment;
    }
    let directive = directive_of(src, content, scan.colon).map(|(d, missing_colon, typo)| {
        metadata.has_directive = true;
        metadata.is_acceptable_typo = typo;
        metadata.is_missing_colon_separator = missing_colon;
        d
    });
    Line { number, span, read, comment: scan.hash, directive, metadata }
}

/// Splits a line's trimmed content into key and value at the first `:` (or, failing that, at the whitespace
/// between exactly two tokens), SPEC A2.6. Returns the directive, whether whitespace stood in for the colon,
/// and whether the key was accepted as a typo.
#[inline(always)]
fn directive_of(src: &[u8], content: Span, colon: Option<usize>) -> Option<(Directive, bool, bool)> {
    if content.is_empty() {
        return None;
    }
    let (sep, missing_colon) = match colon {
        // The scan stops at `#` and NUL, so a colon it found lies inside the content.
        Some(p) => (p, false),
        None => {
            // Some people forget the colon: accept exactly two SP/HT-separated tokens.
            let text = &src[content.start..content.end];
            let ws = find_blank(text)?;
            let rest = &text[ws..];
            let skip = rest.iter().position(|&c| c != b' ' && c != b'\t').unwrap_or(rest.len());
            if find_blank(&rest[skip..]).is_some() {
                return None;
            }
            (content.start + ws, true)
        }
    };
    // The content is trimmed, so the key needs trimming only at its end and the value only at its start.
    let key = trim_end(src, Span::new(content.start, sep));
    if key.is_empty() {
        return None;
    }
    let value = trim_start(src, Span::new(sep + 1, content.end));
    let (kind, typo) = key_kind_at(src, key);
    Some((Directive { kind, key, value }, missing_colon, typo))
}

/// Position of the first space or tab, a word at a time (one copy of the search, for the module's size).
#[inline(never)]
fn find_blank(hay: &[u8]) -> Option<usize> {
    find_any(hay, [b' ', b'\t'])
}

/// The kind and length of the key at the start of `raw` (sixteen bytes of a line) when it is `user-agent`,
/// `disallow`, `allow` or `sitemap` in any case, directly followed by `:`: the keys of [`Lines::plain_directive`].
#[inline(always)]
fn plain_key(raw: u128) -> Option<(KeyKind, usize)> {
    /// A key and its colon as a little-endian word, the mask of its length and the mask that lower-cases its
    /// letters (and nothing else: setting bit 0x20 of any other byte could make it a colon).
    const fn plain(word: &[u8]) -> (u128, u128, u128) {
        let (value, mask, _) = packed(word);
        let mut letters = 0u128;
        let mut i = 0;
        while i < word.len() {
            if word[i].is_ascii_lowercase() {
                letters |= 0x20 << (8 * i);
            }
            i += 1;
        }
        (value, mask, letters)
    }
    const USER_AGENT: (u128, u128, u128) = plain(b"user-agent:");
    const DISALLOW: (u128, u128, u128) = plain(b"disallow:");
    const ALLOW: (u128, u128, u128) = plain(b"allow:");
    const SITEMAP: (u128, u128, u128) = plain(b"sitemap:");
    let is = |(value, mask, letters): (u128, u128, u128)| (raw | letters) & mask == value;
    match raw as u8 | 0x20 {
        b'u' if is(USER_AGENT) => Some((KeyKind::UserAgent, 10)),
        b'd' if is(DISALLOW) => Some((KeyKind::Disallow, 8)),
        b'a' if is(ALLOW) => Some((KeyKind::Allow, 5)),
        b's' if is(SITEMAP) => Some((KeyKind::Sitemap, 7)),
        _ => None,
    }
}

/// A word as a little-endian `u128` and the mask that covers its length, for [`key_kind`].
const fn packed(word: &[u8]) -> (u128, u128, usize) {
    let mut value = 0u128;
    let mut i = 0;
    while i < word.len() {
        value |= (word[i] as u128) << (8 * i);
        i += 1;
    }
    let mask = if word.len() == 16 { u128::MAX } else { (1u128 << (8 * word.len())) - 1 };
    (value, mask, word.len())
}

/// Classifies a key by ASCII case-insensitive prefix, the reference's `GetKeyType` (SPEC A2.7).
///
/// Returns the kind and whether it was accepted only as a typo.
pub fn key_kind(key: &[u8]) -> (KeyKind, bool) {
    let mut buf = [0u8; 16];
    for (b, &k) in buf.iter_mut().zip(key) {
        *b = k;
    }
    classify(u128::from_le_bytes(buf), key.len())
}

/// [`key_kind`] of the key at `key` in `src`, reading sixteen bytes at once where the source has them (bytes
/// past the key are masked out: a word only counts when the key is at least as long).
#[inline(always)]
fn key_kind_at(src: &[u8], key: Span) -> (KeyKind, bool) {
    match src.get(key.start..key.start + 16) {
        Some(bytes) => {
            let mut buf = [0u8; 16];
            buf.copy_from_slice(bytes);
            classify(u128::from_le_bytes(buf), key.len())
        }
        None => key_kind(&src[key.start..key.end]),
    }
}

/// The kind of a key whose first sixteen bytes (or fewer: `n` is the key's length) are `raw`.
#[inline(always)]
fn classify(raw: u128, n: usize) -> (KeyKind, bool) {
    const USER_AGENT: (u128, u128, usize) = packed(b"user-agent");
    const USERAGENT: (u128, u128, usize) = packed(b"useragent");
    const USER_SPACE_AGENT: (u128, u128, usize) = packed(b"user agent");
    const ALLOW: (u128, u128, usize) = packed(b"allow");
    const DISALLOW: (u128, u128, usize) = packed(b"disallow");
    const DISALLOW_TYPOS: [(u128, u128, usize); 5] =
        [packed(b"dissallow"), packed(b"dissalow"), packed(b"disalow"), packed(b"diasllow"), packed(b"disallaw")];
    const SITEMAP: (u128, u128, usize) = packed(b"sitemap");
    const SITE_MAP: (u128, u128, usize) = packed(b"site-map");

    // Lower-case by setting bit 0x20 in every byte. For the words compared here that is exact: only letters
    // turn into letters, and the bytes that would turn into `-` or space (CR, NUL) never reach a key.
    let x = raw | u128::from_le_bytes([0x20; 16]);
    let hit = |(value, mask, len): (u128, u128, usize)| n >= len && x & mask == value;
    // Every accepted word starts with u, a, d or s; the reference tests the correct spelling, then its typos.
    match x as u8 {
        b'u' if hit(USER_AGENT) => (KeyKind::UserAgent, false),
        b'u' if hit(USERAGENT) || hit(USER_SPACE_AGENT) => (KeyKind::UserAgent, true),
        b'a' if hit(ALLOW) => (KeyKind::Allow, false),
        b'd' if hit(DISALLOW) => (KeyKind::Disallow, false),
        b'd' if DISALLOW_TYPOS.iter().any(|&t| hit(t)) => (KeyKind::Disallow, true),
        b's' if hit(SITEMAP) => (KeyKind::Sitemap, false),
        b's' if hit(SITE_MAP) => (KeyKind::Sitemap, true),
        _ => (KeyKind::Unknown, false),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The padding of a short input is never found, even when the search is for NUL bytes.
    #[test]
    fn search_words_sees_only_the_input() {
        let zero_at = |hay: &[u8]| {
            search_words(hay, b'a', |i, w| {
                let z = zero_bytes(w);
                (z != 0).then(|| i + (z.trailing_zeros() / 8) as usize)
            })
        };
        for len in 0..20 {
            let hay = alloc::vec![b'x'; len];
            assert_eq!(zero_at(&hay), None, "{len}");
            for at in 0..len {
                let mut hay = hay.clone();
                hay[at] = 0;
                assert_eq!(zero_at(&hay), Some(at));
            }
        }
    }

    #[test]
    fn find_any_finds_the_first_at_every_length_and_place() {
        for len in 0..40 {
            let hay = alloc::vec![b'a'; len];
            assert_eq!(find_any(&hay, [b'*']), None);
            for at in 0..len {
                let mut hay = hay.clone();
                hay[at] = b'*';
                assert_eq!(find_any(&hay, [b'*']), Some(at));
                // A later one does not hide it.
                if let Some(last) = hay.last_mut() {
                    *last = b'*';
                }
                assert_eq!(find_any(&hay, [b'*']), Some(at));
            }
        }
    }
}
