//! IP addresses and CIDR ranges (IPv4 and IPv6) for checking a request's address against an operator's
//! published list. An IPv4-mapped IPv6 address (`::ffff:66.249.66.1`, as dual-stack servers log IPv4 clients)
//! is the IPv4 address.

use alloc::vec::Vec;

/// An address: IPv4 in the low 32 bits with `v6` false, or IPv6.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Ip {
    /// The address's bits.
    pub bits: u128,
    /// Whether it is an IPv6 address.
    pub v6: bool,
}

fn parse_v4(s: &str) -> Option<u32> {
    let mut out = 0u32;
    let mut parts = 0;
    for part in s.split('.') {
        if part.is_empty() || part.len() > 3 || !part.bytes().all(|c| c.is_ascii_digit()) {
            return None;
        }
        let v = part.bytes().fold(0u32, |v, c| v * 10 + u32::from(c - b'0'));
        if v > 255 {
            return None;
        }
        out = (out << 8) | v;
        parts += 1;
    }
    (parts == 4).then_some(out)
}

/// The 16-bit groups of one side of `::`, pushed into `out`; an IPv4 tail counts as two groups.
fn groups(s: &str, out: &mut Vec<u16>) -> Option<()> {
    if s.is_empty() {
        return Some(());
    }
    let pieces: Vec<&str> = s.split(':').collect();
    let last = pieces.len() - 1;
    for (i, piece) in pieces.iter().enumerate() {
        if i == last && piece.contains('.') {
            let v4 = parse_v4(piece)?;
            out.push((v4 >> 16) as u16);
            out.push(v4 as u16);
        } else {
            if piece.is_empty() || piece.len() > 4 {
                return None;
            }
            out.push(u16::from_str_radix(piece, 16).ok()?);
        }
        if out.len() > 8 {
            return None;
        }
    }
    Some(())
}

fn parse_v6(s: &str) -> Option<u128> {
    if !s.bytes().all(|c| c.is_ascii_hexdigit() || c == b':' || c == b'.') {
        return None;
    }
    let (mut head, mut tail) = (Vec::with_capacity(8), Vec::with_capacity(8));
    let compressed = match s.find("::") {
        Some(at) => {
            groups(s.get(..at)?, &mut head)?;
            groups(s.get(at + 2..)?, &mut tail)?;
            if head.len() + tail.len() > 7 {
                return None;
            }
            true
        }
        None => {
            groups(s, &mut head)?;
            false
        }
    };
    if !compressed && head.len() != 8 {
        return None;
    }
    let mut bits = 0u128;
    for (i, g) in head.iter().enumerate() {
        bits |= u128::from(*g) << (112 - 16 * i);
    }
    for (i, g) in tail.iter().rev().enumerate() {
        bits |= u128::from(*g) << (16 * i);
    }
    Some(bits)
}

impl Ip {
    /// Reads an address as logs write it: `66.249.66.1`, `2001:4860::1`, `[2001:db8::1]:443`, `1.2.3.4:5678`,
    /// `fe80::1%eth0`.
    pub fn parse(s: &str) -> Option<Ip> {
        let s = s.trim();
        if let Some(rest) = s.strip_prefix('[') {
            return Ip::parse_bare(rest.split(']').next().unwrap_or(""));
        }
        if s.bytes().filter(|&c| c == b':').count() == 1 {
            // IPv4 with a port (AWS ALB's `client:port`).
            return Ip::parse_bare(s.split(':').next().unwrap_or(""));
        }
        Ip::parse_bare(s)
    }

    fn parse_bare(s: &str) -> Option<Ip> {
        let s = s.split('%').next().unwrap_or("");
        if let Some(v4) = parse_v4(s) {
            return Some(Ip { bits: u128::from(v4), v6: false });
        }
        let bits = parse_v6(s)?;
        if bits >> 32 == 0xffff {
            return Some(Ip { bits: bits & 0xffff_ffff, v6: false });
        }
        Some(Ip { bits, v6: true })
    }
}

/// A set of CIDR ranges, merged and sorted, asked in O(log n).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct IpRanges {
    v4: Vec<(u128, u128)>,
    v6: Vec<(u128, u128)>,
}

impl IpRanges {
    /// The ranges written in `text`: every word that reads as a CIDR range (`66.249.64.0/27`, `2001:db8::/32`),
    /// so an operator's JSON file (`{"prefixes": [{"ipv4Prefix": "..."}]}`) and a plain list both read;
    /// `#` starts a comment line. Returns the ranges and how many words looked like a range but were not one
    /// (a host part set, a prefix too long).
    pub fn parse(text: &str) -> (IpRanges, usize) {
        let mut ranges = IpRanges::default();
        let mut bad = 0;
        for line in text.lines().filter(|l| !l.trim_start().starts_with('#')) {
            for word in line.split(|c: char| c == '"' || c == ',' || c.is_whitespace()) {
                if word.contains('/') {
                    match cidr(word) {
                        Some((ip, len)) => ranges.push(ip, len),
                        None => bad += 1,
                    }
                }
            }
        }
        ranges.finish();
        (ranges, bad)
    }

    fn push(&mut self, ip: Ip, len: u32) {
        let width = if ip.v6 { 128 } else { 32 };
        let host = if len >= width { 0 } else { (1u128 << (width - len)) - 1 };
        let list = if ip.v6 { &mut self.v6 } else { &mut self.v4 };
        list.push((ip.bits, ip.bits | host));
    }

    fn finish(&mut self) {
        for list in [&mut self.v4, &mut self.v6] {
            list.sort_unstable();
            let mut merged: Vec<(u128, u128)> = Vec::with_capacity(list.len());
            for &(a, b) in list.iter() {
                match merged.last_mut() {
                    Some(last) if a <= last.1.saturating_add(1) => last.1 = last.1.max(b),
                    _ => merged.push((a, b)),
                }
            }
            *list = merged;
        }
    }

    /// Whether `ip` lies in one of the ranges.
    pub fn contains(&self, ip: Ip) -> bool {
        let list = if ip.v6 { &self.v6 } else { &self.v4 };
        let i = list.partition_point(|&(a, _)| a <= ip.bits);
        i > 0 && list.get(i - 1).is_some_and(|&(_, b)| ip.bits <= b)
    }

    /// How many merged ranges it holds.
    pub fn len(&self) -> usize {
        self.v4.len() + self.v6.len()
    }

    /// Whether it holds none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// `addr/len` with no host bits set.
fn cidr(word: &str) -> Option<(Ip, u32)> {
    let (addr, len) = word.split_once('/')?;
    let ip = Ip::parse_bare(addr)?;
    if len.is_empty() || len.len() > 3 || !len.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let len: u32 = len.bytes().fold(0, |v, c| v * 10 + u32::from(c - b'0'));
    // `::ffff:a.b.c.d/len` is an IPv4 range of `len - 96` bits.
    let len = if !ip.v6 && addr.contains(':') { len.checked_sub(96)? } else { len };
    let width = if ip.v6 { 128 } else { 32 };
    if len > width {
        return None;
    }
    let host = if len >= width { 0 } else { (1u128 << (width - len)) - 1 };
    (ip.bits & host == 0).then_some((ip, len))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> Ip {
        Ip::parse(s).unwrap()
    }

    #[test]
    fn addresses() {
        assert_eq!(ip("66.249.66.1"), Ip { bits: 0x42f9_4201, v6: false });
        assert_eq!(ip("::ffff:66.249.66.1"), ip("66.249.66.1"));
        assert_eq!(ip("66.249.66.1:51234"), ip("66.249.66.1"));
        assert_eq!(ip("[2001:db8::1]:443"), ip("2001:db8::1"));
        assert_eq!(ip("2001:db8::1").bits, 0x2001_0db8_0000_0000_0000_0000_0000_0001);
        assert_eq!(ip("2001:db8:0:0:0:0:0:1"), ip("2001:db8::1"));
        assert_eq!(ip("::1").bits, 1);
        assert_eq!(ip("::").bits, 0);
        assert_eq!(ip("fe80::1%eth0"), ip("fe80::1"));
        for bad in ["", "1.2.3", "1.2.3.256", "1.2.3.4.5", "2001:db8::1::2", "1:2:3:4:5:6:7:8:9", "g::1", "-"] {
            assert_eq!(Ip::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn ranges_from_an_operators_json_and_a_list() {
        let json = r#"{"creationTime": "2026-01-14T15:45:48.000000", "prefixes": [
            {"ipv6Prefix": "2001:4860:4801:10::/64"}, {"ipv4Prefix": "66.249.64.0/27"},
            {"ipv4Prefix": "66.249.64.32/27"}, {"ipv4Prefix": "66.249.64.1/27"}]}"#;
        let (r, bad) = IpRanges::parse(json);
        assert_eq!((r.len(), bad), (2, 1), "the two /27s merge; a range with host bits is refused");
        assert!(r.contains(ip("66.249.64.0")) && r.contains(ip("66.249.64.63")));
        assert!(!r.contains(ip("66.249.64.64")) && !r.contains(ip("66.249.63.255")));
        assert!(r.contains(ip("2001:4860:4801:10::ffff")));
        assert!(!r.contains(ip("2001:4860:4801:11::")));
        assert!(!r.contains(ip("127.0.0.1")));
        let (r, bad) = IpRanges::parse("# comment 1.2.3.0/24\n10.0.0.0/8\n::ffff:192.0.2.0/120\n0.0.0.0/33\n");
        assert_eq!((r.len(), bad), (2, 1));
        assert!(r.contains(ip("192.0.2.9")) && !r.contains(ip("1.2.3.4")));
    }
}
