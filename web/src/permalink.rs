//! Share links: the session (file, agents, URLs), deflated and base64url-encoded into the URL fragment, so
//! nothing is sent to a server. Pure: the browser side only reads and writes `location.hash`.

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

/// The fragment (without `#`) that restores `session`, or `None` when the session is too large for a link.
pub fn to_fragment(session: &Session) -> Option<String> {
    let encoded = session::encode(session);
    if encoded.len() > MAX_SHARED_BYTES {
        return None;
    }
    let packed = miniz_oxide::deflate::compress_to_vec(encoded.as_bytes(), 6);
    let mut out = String::with_capacity(PREFIX.len() + packed.len() * 4 / 3 + 4);
    out.push_str(PREFIX);
    base64_encode(&packed, &mut out);
    (out.len() <= MAX_LINK_LEN).then_some(out)
}

/// Whether a fragment (with or without `#`) is a share link at all.
pub fn is_share_link(fragment: &str) -> bool {
    fragment.trim_start_matches('#').starts_with(PREFIX)
}

/// Reads a fragment made by [`to_fragment`]; the error says in words what is wrong with the link.
pub fn from_fragment(fragment: &str) -> Result<Session, String> {
    let body = fragment.trim_start_matches('#').strip_prefix(PREFIX).ok_or("this is not a robotscope share link")?;
    let damaged = || "the share link is damaged (was it cut short when it was copied?)".to_string();
    let packed = base64_decode(body).ok_or_else(damaged)?;
    let bytes = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_INFLATED).map_err(|e| {
        if e.status == miniz_oxide::inflate::TINFLStatus::HasMoreOutput {
            "the share link unpacks to more than 5 MB, more than any link the tester makes, so it is not opened"
                .to_string()
        } else {
            damaged()
        }
    })?;
    let text = String::from_utf8(bytes).map_err(|_| damaged())?;
    session::decode(&text).map_err(|e| format!("the share link is damaged: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::ALPHABET;

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

    #[test]
    fn damaged_links_say_so() {
        let link = to_fragment(&session("User-agent: *\nDisallow: /\n")).unwrap();
        assert!(from_fragment("#other").unwrap_err().contains("not a robotscope"));
        assert!(from_fragment(&link[..link.len() / 2]).unwrap_err().contains("damaged"));
        assert!(from_fragment(&format!("{link}!")).unwrap_err().contains("damaged"));
        assert!(from_fragment("s1.").is_err());
    }
}
