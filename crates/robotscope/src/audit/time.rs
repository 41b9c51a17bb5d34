//! Timestamps in access logs, read with their zone into seconds since the Unix epoch (UTC). No float parsing:
//! fractions of a second are cut, and a value out of range (month 13, zone +25:00) is no time at all.

use alloc::format;
use alloc::string::String;

/// Days from 1970-01-01 to `y-m-d` in the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Seconds since the epoch of a civil date and time in UTC, or `None` when a field is out of range.
fn civil(y: i64, mo: i64, d: i64, h: i64, mi: i64, s: i64) -> Option<i64> {
    let valid = (1..=9999).contains(&y)
        && (1..=12).contains(&mo)
        && d >= 1
        && d <= days_in_month(y, mo)
        && (0..24).contains(&h)
        && (0..60).contains(&mi)
        && (0..=60).contains(&s);
    valid.then(|| days_from_civil(y, mo, d) * 86_400 + h * 3600 + mi * 60 + s)
}

/// The decimal number made of exactly `n` digits at the start of `b`.
fn digits(b: &[u8], n: usize) -> Option<i64> {
    let part = b.get(..n)?;
    let mut v = 0i64;
    for &c in part {
        if !c.is_ascii_digit() {
            return None;
        }
        v = v * 10 + i64::from(c - b'0');
    }
    Some(v)
}

/// A zone offset in seconds: `Z`, `+hh:mm`, `+hhmm` or `+hh` (at most 14 hours, as real zones are).
fn zone(b: &[u8]) -> Option<i64> {
    match b {
        [] | [b'Z' | b'z'] => Some(0),
        [sign @ (b'+' | b'-'), rest @ ..] => {
            let (h, m) = match rest.len() {
                2 => (digits(rest, 2)?, 0),
                4 => (digits(rest, 2)?, digits(rest.get(2..)?, 2)?),
                5 if rest.get(2) == Some(&b':') => (digits(rest, 2)?, digits(rest.get(3..)?, 2)?),
                _ => return None,
            };
            if h > 14 || m > 59 {
                return None;
            }
            let offset = h * 3600 + m * 60;
            Some(if *sign == b'-' { -offset } else { offset })
        }
        _ => None,
    }
}

const MONTHS: [&[u8]; 12] =
    [b"Jan", b"Feb", b"Mar", b"Apr", b"May", b"Jun", b"Jul", b"Aug", b"Sep", b"Oct", b"Nov", b"Dec"];

/// nginx's and Apache's `$time_local`: `10/Oct/2000:13:55:36 -0700`.
pub fn parse_clf_time(s: &str) -> Option<i64> {
    let b = s.as_bytes();
    if b.len() != 26 || b.get(2) != Some(&b'/') || b.get(6) != Some(&b'/') || b.get(20) != Some(&b' ') {
        return None;
    }
    let d = digits(b, 2)?;
    let mo = MONTHS.iter().position(|m| b.get(3..6) == Some(*m))? as i64 + 1;
    let y = digits(b.get(7..)?, 4)?;
    let (h, mi, sec) = (digits(b.get(12..)?, 2)?, digits(b.get(15..)?, 2)?, digits(b.get(18..)?, 2)?);
    if b.get(11) != Some(&b':') || b.get(14) != Some(&b':') || b.get(17) != Some(&b':') {
        return None;
    }
    Some(civil(y, mo, d, h, mi, sec)? - zone(b.get(21..)?)?)
}

/// ISO 8601 / RFC 3339: `2026-11-29T09:41:33Z`, with a space for the `T`, an optional fraction and a zone
/// (`Z`, `+01:00`, `+0100`); without a zone the time is read as UTC, as CDN logs write it. A date alone is
/// midnight UTC.
pub fn parse_iso_time(s: &str) -> Option<i64> {
    let b = s.trim().as_bytes();
    if b.get(4) != Some(&b'-') || b.get(7) != Some(&b'-') {
        return None;
    }
    let (y, mo, d) = (digits(b, 4)?, digits(b.get(5..)?, 2)?, digits(b.get(8..)?, 2)?);
    if b.len() == 10 {
        return civil(y, mo, d, 0, 0, 0);
    }
    if !matches!(b.get(10), Some(b'T' | b't' | b' ')) || b.get(13) != Some(&b':') || b.get(16) != Some(&b':') {
        return None;
    }
    let (h, mi, sec) = (digits(b.get(11..)?, 2)?, digits(b.get(14..)?, 2)?, digits(b.get(17..)?, 2)?);
    let mut rest = b.get(19..)?;
    if let [b'.' | b',', tail @ ..] = rest {
        let n = tail.iter().take_while(|c| c.is_ascii_digit()).count();
        if n == 0 {
            return None;
        }
        rest = tail.get(n..)?;
    }
    Some(civil(y, mo, d, h, mi, sec)? - zone(rest)?)
}

/// A Unix time as a number: seconds, or milliseconds, microseconds or nanoseconds told apart by size (as
/// Cloudflare's `timestamp_format` options write them); a fraction after a `.` is cut (Caddy's `ts`).
pub fn parse_epoch(s: &str) -> Option<i64> {
    let s = s.trim();
    let whole = s.split('.').next().unwrap_or("");
    let frac = s.get(whole.len() + 1..).unwrap_or("");
    if whole.is_empty() || whole.len() > 19 || !whole.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    if (s.len() > whole.len() && frac.is_empty()) || !frac.bytes().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let v: i64 = whole.bytes().fold(0i64, |v, c| v.saturating_mul(10).saturating_add(i64::from(c - b'0')));
    Some(match v {
        v if v >= 100_000_000_000_000_000 => v / 1_000_000_000,
        v if v >= 100_000_000_000_000 => v / 1_000_000,
        v if v >= 100_000_000_000 => v / 1000,
        v => v,
    })
}

/// Any of the log times above.
pub fn parse_time(s: &str) -> Option<i64> {
    parse_clf_time(s).or_else(|| parse_iso_time(s)).or_else(|| parse_epoch(s))
}

/// `t` as `2026-11-29T09:41:33Z`.
pub fn format_utc(t: i64) -> String {
    let days = t.div_euclid(86_400);
    let secs = t.rem_euclid(86_400);
    // Hinnant's `civil_from_days`.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", secs / 3600, secs % 3600 / 60, secs % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clf_times_carry_their_zone() {
        // Apache's documented example, 13:55:36 at -0700, is 20:55:36 UTC.
        assert_eq!(parse_clf_time("10/Oct/2000:13:55:36 -0700"), Some(971_211_336));
        assert_eq!(parse_clf_time("10/Oct/2000:20:55:36 +0000"), Some(971_211_336));
        assert_eq!(parse_clf_time("10/Oct/2000:22:55:36 +0200"), Some(971_211_336));
        assert_eq!(parse_clf_time("10/Foo/2000:13:55:36 -0700"), None);
        assert_eq!(parse_clf_time("31/Feb/2000:13:55:36 -0700"), None);
        assert_eq!(parse_clf_time("10/Oct/2000:13:55:36 +2500"), None);
        assert_eq!(parse_clf_time("10/Oct/2000:24:00:00 +0000"), None);
    }

    #[test]
    fn iso_times_and_epochs() {
        assert_eq!(parse_iso_time("2000-10-10T20:55:36Z"), Some(971_211_336));
        assert_eq!(parse_iso_time("2000-10-10T22:55:36.123456+02:00"), Some(971_211_336));
        assert_eq!(parse_iso_time("2000-10-10 13:55:36-0700"), Some(971_211_336));
        assert_eq!(parse_iso_time("2000-10-10T20:55:36"), Some(971_211_336));
        assert_eq!(parse_iso_time("2000-10-10"), Some(971_136_000));
        assert_eq!(parse_iso_time("2000-13-10T20:55:36Z"), None);
        assert_eq!(parse_iso_time("2000-10-10T20:55:36+15:00"), None);
        assert_eq!(parse_epoch("971211336"), Some(971_211_336));
        assert_eq!(parse_epoch("971211336.998"), Some(971_211_336));
        assert_eq!(parse_epoch("971211336123"), Some(971_211_336));
        assert_eq!(parse_epoch("971211336123456789"), Some(971_211_336));
        assert_eq!(parse_epoch("97121a"), None);
        assert_eq!(parse_epoch("1."), None);
    }

    #[test]
    fn formats_back() {
        for t in [0, 971_211_336, 951_782_400, 1_795_000_000, -86_400] {
            assert_eq!(parse_iso_time(&format_utc(t)), Some(t), "{}", format_utc(t));
        }
        assert_eq!(format_utc(971_211_336), "2000-10-10T20:55:36Z");
    }
}
