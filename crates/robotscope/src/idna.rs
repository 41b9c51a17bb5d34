//! Host names to ASCII: lower case, and punycode (RFC 3492) for internationalised labels.
//!
//! This is the part of IDNA (UTS 46) that decides whether two spellings name the same host for robots.txt:
//! case folding and punycode. It does not apply Unicode normalisation (NFC) or the UTS 46 mapping table,
//! which would need large data tables; hosts typed in NFC (as keyboards produce them) convert correctly.

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
        if label.is_ascii() {
            out.push_str(&label.to_ascii_lowercase());
        } else {
            let lower: Vec<char> = label.chars().flat_map(char::to_lowercase).collect();
            out.push_str("xn--");
            punycode_encode(&lower, &mut out)?;
        }
    }
    Some(out)
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

    #[test]
    fn rfc3492_and_common_hosts() {
        assert_eq!(host_to_ascii("www.müller.eu").as_deref(), Some("www.xn--mller-kva.eu"));
        assert_eq!(host_to_ascii("MÜLLER.eu").as_deref(), Some("xn--mller-kva.eu"));
        assert_eq!(host_to_ascii("bücher.example").as_deref(), Some("xn--bcher-kva.example"));
        assert_eq!(host_to_ascii("例え.テスト").as_deref(), Some("xn--r8jz45g.xn--zckzah"));
        assert_eq!(host_to_ascii("Example.COM").as_deref(), Some("example.com"));
        assert_eq!(host_to_ascii("[::1]").as_deref(), Some("[::1]"));
    }
}
