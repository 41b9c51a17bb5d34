//! Rule values: escaping (SPEC A3) and matching (SPEC A5.2).

use alloc::vec::Vec;

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// One pass over a rule's value: whether [`escape_pattern_into`] would change it, and where its first `*` is.
#[inline]
pub(crate) fn scan_value(value: &[u8]) -> (bool, Option<usize>) {
    use crate::lines::{search_words, zero_bytes};
    const LO: u64 = 0x0101_0101_0101_0101;
    // Fast path: no byte ≥ 0x80 and no `%` means nothing to do. (The last word overlaps the one before it, whose
    // bytes hold no `*`: the first found is still the first.)
    let mut special = false;
    let mut star = None;
    search_words(value, b'a', |i, w| {
        special |= (w & (LO * 0x80)) | zero_bytes(w ^ (LO * b'%' as u64)) != 0;
        if star.is_none() {
            let stars = zero_bytes(w ^ (LO * b'*' as u64));
            if stars != 0 {
                star = Some(i + (stars.trailing_zeros() / 8) as usize);
            }
        }
        None::<()>
    });
    if !special {
        return (false, star);
    }
    let mut i = 0;
    while i < value.len() {
        let c = value[i];
        if c >= 0x80 {
            return (true, star);
        }
        if c == b'%' && is_escape_at(value, i) {
            if value[i + 1].is_ascii_lowercase() || value[i + 2].is_ascii_lowercase() {
                return (true, star);
            }
            i += 3;
            continue;
        }
        i += 1;
    }
    (false, star)
}

/// Whether a `%` and two hex digits start at `i`.
pub(crate) fn is_escape_at(value: &[u8], i: usize) -> bool {
    i + 2 < value.len() && value[i + 1].is_ascii_hexdigit() && value[i + 2].is_ascii_hexdigit()
}

/// Appends `%XX` (upper-case hex) for `byte` to `out`.
pub(crate) fn push_escaped(out: &mut Vec<u8>, byte: u8) {
    out.extend_from_slice(&[b'%', HEX[(byte >> 4) as usize], HEX[(byte & 15) as usize]]);
}

/// Appends `value`, normalised as the reference's `MaybeEscapePattern` does, to `out` (SPEC A3).
///
/// `%xx` escapes get upper-case hex digits; every byte ≥ 0x80 becomes `%XX`; nothing else changes.
/// The value must already be cut at its first NUL byte (the tokenizer does that).
pub(crate) fn escape_pattern_into(value: &[u8], out: &mut Vec<u8>) {
    let mut i = 0;
    while i < value.len() {
        let c = value[i];
        if c == b'%' && is_escape_at(value, i) {
            out.extend_from_slice(&[b'%', value[i + 1].to_ascii_uppercase(), value[i + 2].to_ascii_uppercase()]);
            i += 3;
        } else if c >= 0x80 {
            out.extend_from_slice(&[b'%', HEX[(c >> 4) as usize], HEX[(c & 15) as usize]]);
            i += 1;
        } else {
            out.push(c);
            i += 1;
        }
    }
}

/// Normalises a rule value as Google does before matching: upper-cases `%xx` escapes and percent-encodes
/// every byte ≥ 0x80 (the reference's `MaybeEscapePattern`). The value is cut at its first NUL byte.
///
/// ```
/// assert_eq!(robotscope::escape_pattern(b"/SanJos\xC3\xA9%2f"), "/SanJos%C3%A9%2F");
/// assert_eq!(robotscope::escape_pattern(b"/100%"), "/100%");
/// ```
pub fn escape_pattern(value: &[u8]) -> alloc::string::String {
    let value = &value[..value.iter().position(|&c| c == 0).unwrap_or(value.len())];
    let mut out = Vec::with_capacity(value.len());
    escape_pattern_into(value, &mut out);
    // Every byte ≥ 0x80 was escaped, so the output is ASCII.
    out.into_iter().map(char::from).collect()
}

/// Whether `pattern` matches `path` under Google's rules (SPEC A5.2).
///
/// The match is anchored at the start and is a prefix match; `*` matches any run of bytes and `$` anchors
/// the end only when it is the pattern's last byte. The algorithm is greedy over the `*`-separated pieces,
/// so it runs in O(|path| · |pattern|) at worst and never backtracks.
///
/// ```
/// use robotscope::pattern_matches;
/// assert!(pattern_matches(b"/fish*.php", b"/fishheads/catfish.php?x"));
/// assert!(pattern_matches(b"/*.php$", b"/a/b.php"));
/// assert!(!pattern_matches(b"/*.php$", b"/a/b.php?x"));
/// assert!(!pattern_matches(b"fish", b"/fish"));
/// ```
pub fn pattern_matches(pattern: &[u8], path: &[u8]) -> bool {
    match pattern.split_last() {
        Some((b'$', body)) => body_matches(body, true, path),
        _ => body_matches(pattern, false, path),
    }
}

/// [`pattern_matches`] for a pattern without its final `$`: `body`, anchored at the end when `anchored`.
pub(crate) fn body_matches(body: &[u8], anchored: bool, path: &[u8]) -> bool {
    let mut pieces = body.split(|&c| c == b'*');
    // `split` always yields at least one piece.
    let first = pieces.next().unwrap_or(&[]);
    if !path.get(..first.len()).is_some_and(|p| same_bytes(p, first)) {
        return false;
    }
    let mut pos = first.len();
    let Some(mut last) = pieces.next() else {
        // No `*`: a literal prefix, or the whole path when anchored.
        return !anchored || path.len() == pos;
    };
    for next in pieces {
        // `last` is a middle piece: its leftmost occurrence leaves the most room for the rest.
        match find(&path[pos..], last) {
            Some(at) => pos += at + last.len(),
            None => return false,
        }
        last = next;
    }
    if anchored {
        path.len() - pos >= last.len() && same_bytes(&path[path.len() - last.len()..], last)
    } else {
        find(&path[pos..], last).is_some()
    }
}

/// Whether two byte strings are equal: the short ones patterns and paths compare, without a call to `memcmp`
/// (which cost more than the comparison itself), eight bytes at a time with an overlapping last word.
#[inline]
pub(crate) fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    use crate::lines::word_at;
    if a.len() != b.len() {
        return false;
    }
    let n = a.len();
    if n < 8 {
        return a.iter().zip(b).all(|(x, y)| x == y);
    }
    let mut i = 0;
    while i + 8 < n {
        if word_at(a, i) != word_at(b, i) {
            return false;
        }
        i += 8;
    }
    word_at(a, n - 8) == word_at(b, n - 8)
}

/// Leftmost occurrence of `needle` in `hay`, in linear time for long needles.
pub(crate) fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    let Some((&first, rest)) = needle.split_first() else { return Some(0) };
    if hay.len() < needle.len() {
        return None;
    }
    if needle.len() > 32 {
        // Long pieces: a naive search can take |hay| × |needle| steps on hostile input, so they go through
        // Knuth-Morris-Pratt (linear; the standard library's two-way `str::find` cost 2.4 KB of wasm).
        return find_long(hay, needle);
    }
    let last_start = hay.len() - needle.len();
    let mut i = 0;
    while i <= last_start {
        i += hay[i..=last_start].iter().position(|&c| c == first)?;
        if same_bytes(&hay[i + 1..i + needle.len()], rest) {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// Knuth-Morris-Pratt: the leftmost occurrence of a non-empty `needle` in `hay`, in O(|hay| + |needle|) steps.
fn find_long(hay: &[u8], needle: &[u8]) -> Option<usize> {
    // `fail[i]`: the length of the longest proper border of `needle[..=i]`.
    let mut fail = alloc::vec![0usize; needle.len()];
    let mut k = 0;
    for (i, &c) in needle.iter().enumerate().skip(1) {
        while k > 0 && needle.get(k) != Some(&c) {
            k = fail.get(k - 1).copied().unwrap_or(0);
        }
        if needle.get(k) == Some(&c) {
            k += 1;
        }
        if let Some(f) = fail.get_mut(i) {
            *f = k;
        }
    }
    let mut k = 0;
    for (i, &c) in hay.iter().enumerate() {
        while k > 0 && needle.get(k) != Some(&c) {
            k = fail.get(k - 1).copied().unwrap_or(0);
        }
        if needle.get(k) == Some(&c) {
            k += 1;
        }
        if k == needle.len() {
            return Some(i + 1 - k);
        }
    }
    None
}

/// Leftmost occurrence of `needle` in `hay`, as `str::find` with a `&str` pattern answers, without its two-way
/// searcher (which links `str`'s slicing panics).
pub(crate) fn find_str(hay: &str, needle: &str) -> Option<usize> {
    find(hay.as_bytes(), needle.as_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every value of up to 19 bytes over an alphabet of the bytes that matter: `scan_value` says whether
    /// escaping changes it and where its first `*` is, whatever the length and wherever the byte falls in its
    /// eight-byte words.
    #[test]
    fn scan_value_is_whether_escaping_changes_the_value_and_the_first_star() {
        let alphabet: [&[u8]; 8] = [b"a", b"%", b"%2f", b"%2F", b"\xC3\xA9", b"%g1", b"*", b"aaaaaaa"];
        for len in 0..20 {
            for seed in 0..200usize {
                let mut value = Vec::new();
                let mut x = seed.wrapping_mul(2_654_435_761) ^ len;
                while value.len() < len {
                    value.extend_from_slice(alphabet[x % alphabet.len()]);
                    x = x.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407) >> 7;
                }
                let mut escaped = Vec::new();
                escape_pattern_into(&value, &mut escaped);
                let star = value.iter().position(|&c| c == b'*');
                let text = alloc::string::String::from_utf8_lossy(&value);
                assert_eq!(scan_value(&value), (escaped != value, star), "{text:?}");
            }
        }
    }

    /// `find` answers the leftmost window over small alphabets (many partial matches), for needles on both
    /// sides of the 32-byte switch to Knuth-Morris-Pratt.
    #[test]
    fn find_is_the_leftmost_window() {
        let mut x = 88_172_645_463_325_252u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for round in 0..3000 {
            let len = (next() % 48) as usize;
            let needle: Vec<u8> = (0..len).map(|_| b'a' + (next() % 2) as u8).collect();
            let mut hay: Vec<u8> = (0..(next() % 200) as usize).map(|_| b'a' + (next() % 3) as u8).collect();
            if round % 2 == 0 && hay.len() > needle.len() {
                let at = (next() as usize) % (hay.len() - needle.len());
                hay[at..at + needle.len()].copy_from_slice(&needle);
            }
            let naive = (0..=hay.len().saturating_sub(needle.len()))
                .find(|&i| hay.len() >= needle.len() && hay[i..i + needle.len()] == needle[..]);
            assert_eq!(find(&hay, &needle), naive, "{needle:?} in {hay:?}");
        }
    }
}
