//! Share links: the session (file, agents, URLs), deflated and base64url-encoded into the URL fragment, so
//! nothing is sent to a server. Pure: the browser deflates and inflates (`CompressionStream` and
//! `DecompressionStream`, raw deflate, in [`crate::browser`]), and reads and writes `location.hash`. Links are
//! raw deflate of [`session::encode`]'s text, whichever deflater wrote them (the tester once used miniz_oxide;
//! the widget writes them with `CompressionStream` too), so every link made before still opens.

use crate::session::{self, base64_decode, base64_encode, Session};

/// The fragment's prefix: the format's name and version.
const PREFIX: &str = "s1.";
/// The most bytes a link may inflate to: a damaged or hostile link cannot exhaust memory or freeze the page
/// (the tester makes links of at most [`MAX_SHARED_BYTES`]).
pub const MAX_INFLATED: usize = 5 * 1024 * 1024;
/// Browsers cope with URLs of about 2 MB; a longer link would be cut somewhere on the way.
pub const MAX_LINK_LEN: usize = 1_500_000;

/// Sessions larger than this are not compressed for a link at all: compressing megabytes takes seconds in the
/// page, and the result would rarely fit in [`MAX_LINK_LEN`] anyway.
pub const MAX_SHARED_BYTES: usize = 4 * 1024 * 1024;

/// Why a link's deflated bytes did not inflate.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum InflateError {
    /// They inflate to more than [`MAX_INFLATED`] bytes.
    TooLarge,
    /// They are not raw deflate (cut short, or changed).
    Damaged,
}

/// The text to deflate for a link to `session`, or `None` when the session is too large for a link.
pub fn to_share(session: &Session) -> Option<String> {
    let encoded = session::encode(session);
    (encoded.len() <= MAX_SHARED_BYTES).then_some(encoded)
}

/// The fragment (without `#`) holding `packed`, the raw deflate of [`to_share`]'s text, or `None` when it is
/// too long for a link.
pub fn fragment_of(packed: &[u8]) -> Option<String> {
    let mut out = String::with_capacity(PREFIX.len() + packed.len() * 4 / 3 + 4);
    out.push_str(PREFIX);
    base64_encode(packed, &mut out);
    (out.len() <= MAX_LINK_LEN).then_some(out)
}

/// Whether a fragment (with or without `#`) is a share link at all.
pub fn is_share_link(fragment: &str) -> bool {
    fragment.trim_start_matches('#').starts_with(PREFIX)
}

/// The words for a link that is damaged.
fn damaged() -> String {
    "the share link is damaged (was it cut short when it was copied?)".to_string()
}

/// The deflated bytes a fragment (with or without `#`) carries; the error says in words what is wrong with it.
pub fn packed_of(fragment: &str) -> Result<Vec<u8>, String> {
    let body = fragment.trim_start_matches('#').strip_prefix(PREFIX).ok_or("this is not a robotscope share link")?;
    base64_decode(body).ok_or_else(damaged)
}

/// The session of a link whose bytes inflated to `inflated`; the error says in words what is wrong with it.
pub fn session_of(inflated: Result<Vec<u8>, InflateError>) -> Result<Session, String> {
    let bytes = inflated.map_err(|e| match e {
        InflateError::TooLarge => {
            "the share link unpacks to more than 5 MB, more than any link the tester makes, so it is not opened"
                .to_string()
        }
        InflateError::Damaged => damaged(),
    })?;
    let text = String::from_utf8(bytes).map_err(|_| damaged())?;
    session::decode(&text).map_err(|e| format!("the share link is damaged: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::ALPHABET;

    /// A link as the browser makes it, with miniz_oxide in place of `CompressionStream` (both write raw deflate).
    fn to_fragment(session: &Session) -> Option<String> {
        fragment_of(&miniz_oxide::deflate::compress_to_vec(to_share(session)?.as_bytes(), 6))
    }

    /// A link opened as the browser opens it, with miniz_oxide in place of `DecompressionStream`.
    fn from_fragment(fragment: &str) -> Result<Session, String> {
        let packed = packed_of(fragment)?;
        session_of(miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_INFLATED).map_err(|e| {
            if e.status == miniz_oxide::inflate::TINFLStatus::HasMoreOutput {
                InflateError::TooLarge
            } else {
                InflateError::Damaged
            }
        }))
    }

    fn session(robots: &str) -> Session {
        Session {
            robots: robots.into(),
            agents: "Googlebot\n".into(),
            urls: "/a\n/ü".into(),
            full_file: false,
            raw: None,
            baseline: None,
            selected: (1, 0),
            view: crate::inputs::View::default(),
        }
    }

    #[test]
    fn round_trip() {
        for robots in ["", "a", "ab", "abc", "User-agent: *\nDisallow: /private/\n", &"Disallow: /x\n".repeat(5000)] {
            let s = session(robots);
            let link = to_fragment(&s).expect("small sessions fit in a link");
            assert!(is_share_link(&link));
            assert!(link[PREFIX.len()..].bytes().all(|b| ALPHABET.contains(&b)));
            assert_eq!(from_fragment(&format!("#{link}")), Ok(s));
        }
    }

    /// A link keeps the reading; a link made before profiles existed (no `profile` line) opens as Google.
    #[test]
    fn links_keep_the_profile() {
        use crate::inputs::View;
        use robotscope::Profile;
        for view in crate::inputs::VIEWS {
            let s = Session { view, ..session("User-agent: *\nDisallow /private\n") };
            assert_eq!(from_fragment(&to_fragment(&s).unwrap()).map(|d| d.view), Ok(view));
        }
        // Written as the tester wrote links before: no profile line.
        let old = "robotscope-session 1\nfull-file 0\nselected 0 0\nagents 6\nGPTBot\nurls 2\n/x\nrobots 0\n\n";
        let packed = miniz_oxide::deflate::compress_to_vec(old.as_bytes(), 6);
        let mut link = String::from(PREFIX);
        base64_encode(&packed, &mut link);
        let opened = from_fragment(&link).unwrap();
        assert_eq!((opened.view, opened.agents.as_str()), (View::Reading(Profile::Google), "GPTBot"));
    }

    #[test]
    fn repetitive_files_compress() {
        assert!(to_fragment(&session(&"Disallow: /x\n".repeat(5000))).unwrap().len() < 1000);
    }

    #[test]
    fn huge_sessions_get_no_link() {
        assert_eq!(to_fragment(&session(&"x".repeat(MAX_SHARED_BYTES + 1))), None);
    }

    #[test]
    fn links_that_unpack_past_5_mb_are_refused() {
        // A few kilobytes of link that would unpack to 31 MB.
        let body = format!("robotscope-session 1\nfull-file 0\nagents 0\n\nurls 0\n\nrobots {}\n", 31 << 20);
        let mut text = body.into_bytes();
        text.resize(text.len() + (31 << 20), b'a');
        let packed = miniz_oxide::deflate::compress_to_vec(&text, 6);
        let mut link = String::from(PREFIX);
        base64_encode(&packed, &mut link);
        assert!(link.len() < 100_000);
        assert!(from_fragment(&link).unwrap_err().contains("more than 5 MB"));
        const { assert!(MAX_SHARED_BYTES < MAX_INFLATED) };
    }

    /// A link the tester made with miniz_oxide before links were deflated by the browser, kept byte for byte
    /// (`e2e/session.test.mjs` opens the same link in Chromium).
    const OLD_LINK: &str = concat!(
        "s1.bY6_CsIwEMb3e4qbhZp2aIWOInR10AdI6zUGrr2QS9XHNxQRhU7f8P37Rekl6SCBCiVVLzNWMC7MxeiZsAQlpiHRDctsWEdzUqwO0",
        "Ik4ptyF7nw5ZoElsmJdwz2loK0x9LJTYNoPMpkQ_cMmMnbT7VmcgbiSYNPAVSkW61WLOzh5tczybPE7A3-RD8BPDuAN"
    );

    #[test]
    fn links_made_before_still_open() {
        let s = Session {
            robots: "User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n".into(),
            agents: "Googlebot\nGPTBot\n".into(),
            urls: "https://example.com/private/a\nhttps://example.com/blog/".into(),
            selected: (0, 1),
            ..session("")
        };
        assert_eq!(from_fragment(OLD_LINK), Ok(s.clone()));
        assert_eq!(to_fragment(&s).as_deref(), Some(OLD_LINK));
    }

    #[test]
    fn damaged_links_say_so() {
        let link = to_fragment(&session("User-agent: *\nDisallow: /\n")).unwrap();
        assert!(from_fragment("#other").unwrap_err().contains("not a robotscope"));
        assert!(from_fragment(&link[..link.len() / 2]).unwrap_err().contains("damaged"));
        assert!(from_fragment(&format!("{link}!")).unwrap_err().contains("damaged"));
        assert!(from_fragment("s1.").is_err());
    }
}
