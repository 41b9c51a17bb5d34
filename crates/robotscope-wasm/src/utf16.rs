//! Byte offsets to UTF-16 offsets: the core works in bytes; JavaScript strings index UTF-16 code units.
//! This is the only place that converts (STYLE rule 23).
//!
//! The offsets index the source as JavaScript sees it: the string the caller passed, or, for bytes, the
//! text `new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)`. Both replace each maximal invalid
//! UTF-8 subpart (and each lone surrogate of a string) with one U+FFFD, as `String::from_utf8_lossy` does,
//! so counting is the same on both sides.

use alloc::vec::Vec;

/// Whether `b` continues a UTF-8 sequence.
fn is_continuation(b: u8) -> bool {
    b & 0xC0 == 0x80
}

/// The number of UTF-16 code units that `bytes` decodes to, invalid parts counting one U+FFFD each.
pub fn utf16_len(bytes: &[u8]) -> usize {
    let mut n = 0;
    for chunk in bytes.utf8_chunks() {
        let valid = chunk.valid().as_bytes();
        // One unit per character, two for characters outside the BMP (4-byte sequences).
        n += valid.iter().filter(|&&b| !is_continuation(b)).count() + valid.iter().filter(|&&b| b >= 0xF0).count();
        if !chunk.invalid().is_empty() {
            n += 1;
        }
    }
    n
}

/// Where each line starts, in bytes and in UTF-16 units, so that any offset converts by a binary search and
/// a scan of at most one line.
#[derive(Debug)]
pub struct Positions {
    /// Byte offset of each line's first character (after the BOM on line 1), by line number − 1.
    line_bytes: Vec<usize>,
    /// The same offsets in UTF-16 units.
    line_units: Vec<usize>,
}

impl Positions {
    pub fn new(src: &[u8], lines: impl Iterator<Item = robotscope::Line>) -> Positions {
        let mut line_bytes = Vec::new();
        let mut line_units = Vec::new();
        let (mut at, mut units) = (0, 0);
        for line in lines {
            units += utf16_len(&src[at..line.span.start]);
            at = line.span.start;
            line_bytes.push(at);
            line_units.push(units);
        }
        Positions { line_bytes, line_units }
    }

    /// The UTF-16 offset of byte offset `b` (clamped to the source) and the 1-based UTF-16 column on its line.
    pub fn at(&self, src: &[u8], b: usize) -> (usize, usize) {
        let b = b.min(src.len());
        let i = self.line_bytes.partition_point(|&s| s <= b);
        if i == 0 {
            // Inside a leading BOM, before line 1's first character.
            return (utf16_len(&src[..b]), 1);
        }
        let (start, units) = (self.line_bytes[i - 1], self.line_units[i - 1]);
        let col = utf16_len(&src[start..b]);
        (units + col, col + 1)
    }

    /// The UTF-16 offset of byte offset `b`.
    pub fn offset(&self, src: &[u8], b: usize) -> usize {
        self.at(src, b).0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn positions(src: &[u8]) -> Positions {
        Positions::new(src, robotscope::Robots::parse(src).lines().collect::<Vec<_>>().into_iter())
    }

    #[test]
    fn counts_units_like_javascript() {
        assert_eq!(utf16_len("aé€😀".as_bytes()), 1 + 1 + 1 + 2);
        // Invalid bytes: one U+FFFD per maximal subpart (`\xE2\x82` is one, `\xFF` another).
        assert_eq!(utf16_len(b"a\xE2\x82b\xFFc"), 5);
    }

    #[test]
    fn converts_offsets_and_columns() {
        let src = "\u{FEFF}ü: 1\n😀x: 2\r\ny".as_bytes();
        let p = positions(src);
        // `1` on line 1: after BOM (1 unit), `ü`, `:`, space.
        let one = src.iter().position(|&c| c == b'1').unwrap();
        assert_eq!(p.at(src, one), (4, 4));
        let x = src.iter().position(|&c| c == b'x').unwrap();
        assert_eq!(p.at(src, x), (8, 3));
        let y = src.len() - 1;
        assert_eq!(p.at(src, y), (14, 1));
        assert_eq!(p.at(src, 1), (1, 1));
    }
}
