//! Host names to ASCII: lower case, and punycode (RFC 3492) for internationalised labels.
//!
//! This is the part of IDNA (UTS 46) that decides whether two spellings name the same host for robots.txt:
//! case folding and punycode. It does not apply Unicode normalisation (NFC) or the UTS 46 mapping table,
//! which would need large data tables; hosts typed in NFC (as keyboards produce them) in lower case, or with
//! Latin, Greek or Cyrillic capitals, convert correctly.

use alloc::string::String;
use alloc::vec::Vec;

/// Converts a host to its ASCII form, or `None` when a label cannot be encoded.
pub(crate) fn host_to_ascii(host: &str) -> Option<String> {
    if host.starts_with('[') {
        return Some(host.to_ascii_lowercase());
    }
    let mut out = String::with_capacity(host.len());
    // U+3002, U+FF0E and U+FF61 are dots too.
    for (i, label) in host.split(['.', '\u{3002}', '\u{FF0E}', '\u{FF61}']).enumerate() {
        if i > 0 {
            out.push('.');
        }
        let lower: Vec<char> = label.chars().map(to_lower).collect();
        if lower.iter().all(char::is_ascii) {
            out.extend(lower.iter().map(char::to_ascii_lowercase));
        } else {
            out.push_str("xn--");
            punycode_encode(&lower, &mut out)?;
        }
    }
    Some(out)
}

/// Lower-cases the letters that host names use in practice: ASCII, Latin-1, Latin Extended-A, Greek and
/// Cyrillic capitals. A full Unicode table (`char::to_lowercase`) would add about 11 KB to the wasm module
/// for scripts that have no case or that browsers map through UTS 46 anyway.
fn to_lower(c: char) -> char {
    let u = c as u32;
    let lower = match u {
        0x41..=0x5A | 0xC0..=0xD6 | 0xD8..=0xDE | 0x391..=0x3A1 | 0x3A3..=0x3AB | 0x410..=0x42F => u + 0x20,
        0x400..=0x40F => u + 0x50,
        // Latin Extended-A pairs capitals and small letters: even/odd from U+0100, odd/even from U+0139 to
        // U+0148 and from U+0179 to U+017E; U+0130 (İ) and U+0178 (Ÿ) are special.
        0x100..=0x12F | 0x132..=0x137 | 0x14A..=0x177 if u.is_multiple_of(2) => u + 1,
        0x139..=0x148 | 0x179..=0x17E if u % 2 == 1 => u + 1,
        0x130 => 0x69,
        0x178 => 0xFF,
        _ => u,
    };
    char::from_u32(lower).unwrap_or(c)
}

/// RFC 3492 punycode encoding of `input`, appended to `out`.
fn punycode_encode(input: &[char], out: &mut String) -> Option<()> {
    const BASE: u32 = 36;
    const T_MIN: u32 = 1;
    const T_MAX: u32 = 26;
    const SKEW: u32 = 38;
    const DAMP: u32 = 700;
    const INITIAL_BIAS: u32 = 72;
    const INITIAL_N: u32 = 128;

    fn digit(d: u32) -> char {
        // 0..=25 are a..z, 26..=35 are 0..9.
        char::from(if d < 26 { b'a' + d as u8 } else { b'0' + (d - 26) as u8 })
    }
    fn adapt(mut delta: u32, points: u32, first: bool) -> u32 {
        delta /= if first { DAMP } else { 2 };
        delta += delta / points;
        let mut k = 0;
        while delta > ((BASE - T_MIN) * T_MAX) / 2 {
            delta /= BASE - T_MIN;
            k += BASE;
        }
        k + (BASE - T_MIN + 1) * delta / (delta + SKEW)
    }

    let basic = input.iter().filter(|c| c.is_ascii()).count() as u32;
    for &c in input.iter().filter(|c| c.is_ascii()) {
        out.push(c);
    }
    if basic > 0 {
        out.push('-');
    }
    let (mut n, mut delta, mut bias, mut handled) = (INITIAL_N, 0u32, INITIAL_BIAS, basic);
    let total = input.len() as u32;
    while handled < total {
        let m = input.iter().map(|&c| c as u32).filter(|&c| c >= n).min()?;
        delta = delta.checked_add((m - n).checked_mul(handled + 1)?)?;
        n = m;
        for &c in input {
            let c = c as u32;
            if c < n {
                delta = delta.checked_add(1)?;
            }
            if c == n {
                let mut q = delta;
                let mut k = BASE;
                loop {
                    let t = if k <= bias {
                        T_MIN
                    } else if k >= bias + T_MAX {
                        T_MAX
                    } else {
                        k - bias
                    };
                    if q < t {
                        break;
                    }
                    out.push(digit(t + (q - t) % (BASE - t)));
                    q = (q - t) / (BASE - t);
                    k += BASE;
                }
                out.push(digit(q));
                bias = adapt(delta, handled + 1, handled == basic);
                delta = 0;
                handled += 1;
            }
        }
        delta += 1;
        n += 1;
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::host_to_ascii;
    use alloc::string::String;

    #[test]
    fn rfc3492_and_common_hosts() {
        assert_eq!(host_to_ascii("www.müller.eu").as_deref(), Some("www.xn--mller-kva.eu"));
        assert_eq!(host_to_ascii("MÜLLER.eu").as_deref(), Some("xn--mller-kva.eu"));
        assert_eq!(host_to_ascii("bücher.example").as_deref(), Some("xn--bcher-kva.example"));
        assert_eq!(host_to_ascii("例え.テスト").as_deref(), Some("xn--r8jz45g.xn--zckzah"));
        // Capitals of the common scripts fold like `char::to_lowercase`.
        for host in ["ÀÉÎÕÜÇ.fr", "ĀĘĽŃŐŠŽŸ.eu", "ΑΒΓΔΩ.gr", "ЁЖЩЯ.рф", "İ.tr"] {
            let expected: String = host.chars().flat_map(char::to_lowercase).filter(|c| *c != '\u{307}').collect();
            assert_eq!(host_to_ascii(host), host_to_ascii(&expected), "{host}");
        }
        assert_eq!(host_to_ascii("Example.COM").as_deref(), Some("example.com"));
        assert_eq!(host_to_ascii("[::1]").as_deref(), Some("[::1]"));
    }
}
