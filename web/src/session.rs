//! The saved session: the file, the agents, the URLs, the size-limit switch and the reading, as one string for local
//! storage and share links. Pure: the browser side only stores and loads the string.

use crate::inputs::View;

/// What a session keeps.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Session {
    /// The robots.txt text in the editor.
    pub robots: String,
    /// The agents box, one per line.
    pub agents: String,
    /// The URLs box, one per line.
    pub urls: String,
    /// Whether the whole file is read (no 500 KiB cut).
    pub full_file: bool,
    /// The bytes of a file as opened, while it is unedited and differs from `robots` (CR line ends, bytes
    /// that are not UTF-8): the engine reads these, so a reload or a link gives the answers for the real file.
    pub raw: Option<Vec<u8>>,
    /// The version of the file the verdicts are compared with, as bytes.
    pub baseline: Option<Vec<u8>>,
    /// The selected cell of the grid (URL row, agent column), so that a link opens on the same explanation.
    pub selected: (usize, usize),
    /// How the file is read (a profile, or the readers compared); sessions and links without one read as Google.
    pub view: View,
}

const MAGIC: &str = "robotscope-session 1\n";

/// Writes `session` as text: a header line, then each field as `name length` and its bytes.
pub fn encode(session: &Session) -> String {
    let mut out = String::with_capacity(session.robots.len() + session.agents.len() + session.urls.len() + 64);
    out.push_str(MAGIC);
    out.push_str(if session.full_file { "full-file 1\n" } else { "full-file 0\n" });
    out.push_str(&format!("selected {} {}\n", session.selected.0, session.selected.1));
    // Only when it is not the default, so a Google session is written as before.
    if session.view != View::default() {
        out.push_str(&format!("profile {}\n", session.view.name()));
    }
    for (name, value) in [("agents", &session.agents), ("urls", &session.urls), ("robots", &session.robots)] {
        out.push_str(name);
        out.push(' ');
        out.push_str(&value.len().to_string());
        out.push('\n');
        out.push_str(value);
        out.push('\n');
    }
    // Optional fields, as bytes in base64url.
    for (name, bytes) in [("raw", &session.raw), ("baseline", &session.baseline)] {
        if let Some(bytes) = bytes {
            let mut encoded = String::with_capacity(bytes.len() * 4 / 3 + 4);
            base64_encode(bytes, &mut encoded);
            out.push_str(&format!("{name} {}\n{encoded}\n", encoded.len()));
        }
    }
    out
}

/// The base64url alphabet (RFC 4648 section 5), safe in a URL fragment.
pub const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// Appends `bytes` to `out` in base64url, without padding.
pub fn base64_encode(bytes: &[u8], out: &mut String) {
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | (u32::from(b) << (16 - 8 * i)));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
}

/// Reads what [`base64_encode`] wrote, or `None` at a character outside the alphabet.
pub fn base64_decode(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut n, mut bits) = (0u32, 0);
    for c in text.bytes() {
        let v = ALPHABET.iter().position(|&a| a == c)? as u32;
        n = n << 6 | v;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((n >> bits) as u8);
        }
    }
    Some(out)
}

/// Reads what [`encode`] wrote; an error says in words what is wrong with it.
pub fn decode(text: &str) -> Result<Session, &'static str> {
    const CORRUPT: &str = "the saved session is damaged";
    let mut rest = text.strip_prefix(MAGIC).ok_or("the saved session is not from this version of the tester")?;
    let mut session = Session::default();
    let line = |rest: &mut &str| -> Result<String, &'static str> {
        let end = rest.find('\n').ok_or(CORRUPT)?;
        let line = rest[..end].to_string();
        *rest = &rest[end + 1..];
        Ok(line)
    };
    session.full_file = match line(&mut rest)?.as_str() {
        "full-file 1" => true,
        "full-file 0" => false,
        _ => return Err(CORRUPT),
    };
    // Optional (sessions saved before it was kept have none).
    if let Some(after) = rest.strip_prefix("selected ") {
        let end = after.find('\n').ok_or(CORRUPT)?;
        let (u, a) = after[..end].split_once(' ').ok_or(CORRUPT)?;
        session.selected = (u.parse().map_err(|_| CORRUPT)?, a.parse().map_err(|_| CORRUPT)?);
        rest = &after[end + 1..];
    }
    // Optional too (sessions and links made before profiles read as Google).
    if let Some(after) = rest.strip_prefix("profile ") {
        let end = after.find('\n').ok_or(CORRUPT)?;
        session.view =
            View::parse(&after[..end]).ok_or("the saved session names a reading this tester does not know")?;
        rest = &after[end + 1..];
    }
    for name in ["agents", "urls", "robots"] {
        let header = line(&mut rest)?;
        let len: usize =
            header.strip_prefix(name).and_then(|l| l.strip_prefix(' ')).ok_or(CORRUPT)?.parse().map_err(|_| CORRUPT)?;
        let value = rest.get(..len).ok_or(CORRUPT)?.to_string();
        rest = rest.get(len..).and_then(|r| r.strip_prefix('\n')).ok_or(CORRUPT)?;
        match name {
            "agents" => session.agents = value,
            "urls" => session.urls = value,
            _ => session.robots = value,
        }
    }
    while !rest.is_empty() {
        let header = line(&mut rest)?;
        let (name, len) = header.split_once(' ').ok_or(CORRUPT)?;
        let len: usize = len.parse().map_err(|_| CORRUPT)?;
        let bytes = base64_decode(rest.get(..len).ok_or(CORRUPT)?).ok_or(CORRUPT)?;
        rest = rest.get(len..).and_then(|r| r.strip_prefix('\n')).ok_or(CORRUPT)?;
        let field = match name {
            "raw" => &mut session.raw,
            "baseline" => &mut session.baseline,
            _ => return Err(CORRUPT),
        };
        if field.replace(bytes).is_some() {
            return Err(CORRUPT);
        }
    }
    // The file's own bytes must be the text shown, read as the editor reads an opened file: otherwise the
    // verdicts (from the bytes) and the editor (the text) would disagree, and Download would save hidden bytes.
    if session.raw.as_deref().is_some_and(|raw| text_of_bytes(raw) != session.robots) {
        return Err("the file's bytes do not match its text");
    }
    Ok(session)
}

/// The text the editor shows for a file's bytes: invalid UTF-8 as U+FFFD, CR LF and CR line ends as LF.
pub fn text_of_bytes(bytes: &[u8]) -> String {
    crate::text::lf(String::from_utf8_lossy(bytes).into_owned())
}

/// The first line of an encoded session's file that is not blank, trimmed and cut to 48 characters, to name a
/// backup; `(empty file)` when there is none, `(damaged)` when the text is not a session.
pub fn first_line(encoded: &str) -> String {
    let Ok(session) = decode(encoded) else { return "(damaged)".to_string() };
    match session.robots.lines().map(str::trim).find(|l| !l.is_empty()) {
        None => "(empty file)".to_string(),
        Some(line) if line.chars().count() > 48 => format!("{}…", line.chars().take(47).collect::<String>()),
        Some(line) => line.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        let s = Session {
            robots: "User-agent: *\nDisallow: /ü\n\n".into(),
            agents: "Googlebot\n".into(),
            urls: "/a\n/b".into(),
            full_file: true,
            raw: None,
            baseline: None,
            selected: (3, 1),
            view: View::default(),
        };
        assert_eq!(decode(&encode(&s)), Ok(s.clone()));
        // Sessions saved before the selected cell was kept still read.
        let old = encode(&s).replace("selected 3 1\n", "");
        assert_eq!(decode(&old), Ok(Session { selected: (0, 0), ..s.clone() }));
        assert_eq!(decode(&encode(&Session::default())), Ok(Session::default()));
        // The bytes of an opened file go along, whatever they are.
        for raw in [vec![], vec![0xff], b"User-agent: *\r\nDisallow: /caf\xe9\r\n".to_vec(), (0..=255).collect()] {
            let with_raw = Session { robots: text_of_bytes(&raw), raw: Some(raw.clone()), ..s.clone() };
            assert_eq!(decode(&encode(&with_raw)), Ok(with_raw.clone()));
            let with_baseline = Session { baseline: Some(raw), ..with_raw };
            assert_eq!(decode(&encode(&with_baseline)), Ok(with_baseline));
        }
    }

    #[test]
    fn the_reading_is_kept_and_old_sessions_read_as_google() {
        let s = Session { robots: "User-agent: *\nDisallow /x\n".into(), selected: (1, 0), ..Session::default() };
        // A Google session is written exactly as before profiles existed.
        let google = encode(&s);
        assert!(!google.contains("profile"));
        assert_eq!(decode(&google).map(|d| d.view), Ok(View::Reading(robotscope::Profile::Google)));
        for view in crate::inputs::VIEWS {
            let with = Session { view, ..s.clone() };
            let text = encode(&with);
            assert_eq!(text.contains(&format!("\nprofile {}\n", view.name())), view != View::default());
            assert_eq!(decode(&text), Ok(with));
        }
        let unknown = encode(&s).replace("selected 1 0\n", "selected 1 0\nprofile bing\n");
        assert!(decode(&unknown).unwrap_err().contains("reading"));
    }

    #[test]
    fn backups_are_named_by_their_first_line() {
        let named = |robots: &str| first_line(&encode(&Session { robots: robots.into(), ..Session::default() }));
        assert_eq!(named("\n  \n# shop\nUser-agent: *\n"), "# shop");
        assert_eq!(named(""), "(empty file)");
        assert_eq!(named(&"é".repeat(60)), format!("{}…", "é".repeat(47)));
        assert_eq!(first_line("junk"), "(damaged)");
    }

    #[test]
    fn base64_round_trip() {
        for len in 0usize..10 {
            let bytes: Vec<u8> = (0..len).map(|i| (i * 37 + 200) as u8).collect();
            let mut text = String::new();
            base64_encode(&bytes, &mut text);
            assert_eq!(text.len(), (len * 4).div_ceil(3));
            assert_eq!(base64_decode(&text), Some(bytes));
        }
        let mut text = String::new();
        base64_encode(b"\xfb\xff", &mut text);
        assert_eq!(text, "-_8");
        assert_eq!(base64_decode("ab+c"), None);
    }

    #[test]
    fn damage_is_reported() {
        let good = encode(&Session { robots: "x".into(), ..Session::default() });
        assert!(decode("").is_err());
        assert!(decode(&good[..good.len() - 1]).is_err());
        assert!(decode(&good.replace("robots 1", "robots 9")).is_err());
        assert!(decode(&good.replace("robots 1", "robots x")).is_err());
        assert!(decode(&(good.clone() + "junk")).is_err());
        assert!(decode(&(good.clone() + "raw 2\n!!\n")).is_err());
        assert!(decode(&(good.clone() + "raw 9\nAA\n")).is_err());
        assert!(decode(&(good.clone() + "raw 2\nAA\nmore")).is_err());
        assert!(decode(&(good.clone() + "raw 2\nAA\nraw 2\nAA\n")).is_err());
        assert!(decode(&(good.clone() + "other 2\nAA\n")).is_err());
        assert!(decode(&good.replace("selected 0 0", "selected 0")).is_err());
        assert!(decode(&good.replace("selected 0 0", "selected a 0")).is_err());
        assert_eq!(decode(&(good.replace("robots 1\nx", "robots 1\n\0") + "raw 2\nAA\n")).unwrap().raw, Some(vec![0]));
    }

    #[test]
    fn bytes_must_be_the_text_shown() {
        let with =
            |robots: &str, raw: &[u8]| Session { robots: robots.into(), raw: Some(raw.to_vec()), ..Session::default() };
        // CR line ends and bytes that are not UTF-8 are what opened files have.
        for (robots, raw) in [
            ("User-agent: *\nDisallow: /\n", &b"User-agent: *\r\nDisallow: /\r\n"[..]),
            ("a\nb\n", b"a\rb\r"),
            ("Disallow: /caf\u{fffd}\n", b"Disallow: /caf\xe9\n"),
        ] {
            assert_eq!(decode(&encode(&with(robots, raw))), Ok(with(robots, raw)));
        }
        // A session whose bytes say something else than its text is refused: `Disallow: /` shown, `Allow: /` read.
        let spoof = with("User-agent: *\nDisallow: /\n", b"User-agent: *\nAllow: /\n");
        assert_eq!(decode(&encode(&spoof)), Err("the file's bytes do not match its text"));
    }
}
