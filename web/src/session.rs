//! The saved session: the file, the agents, the URLs and the size-limit switch, as one string for local
//! storage (and, later, the share link). Pure: the browser side only stores and loads the string.

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
}

const MAGIC: &str = "robotscope-session 1\n";

/// Writes `session` as text: a header line, then each field as `name length` and its bytes.
pub fn encode(session: &Session) -> String {
    let mut out = String::with_capacity(session.robots.len() + session.agents.len() + session.urls.len() + 64);
    out.push_str(MAGIC);
    out.push_str(if session.full_file { "full-file 1\n" } else { "full-file 0\n" });
    for (name, value) in [("agents", &session.agents), ("urls", &session.urls), ("robots", &session.robots)] {
        out.push_str(name);
        out.push(' ');
        out.push_str(&value.len().to_string());
        out.push('\n');
        out.push_str(value);
        out.push('\n');
    }
    out
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
    if !rest.is_empty() {
        return Err(CORRUPT);
    }
    Ok(session)
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
        };
        assert_eq!(decode(&encode(&s)), Ok(s));
        assert_eq!(decode(&encode(&Session::default())), Ok(Session::default()));
    }

    #[test]
    fn damage_is_reported() {
        let good = encode(&Session { robots: "x".into(), ..Session::default() });
        assert!(decode("").is_err());
        assert!(decode(&good[..good.len() - 1]).is_err());
        assert!(decode(&good.replace("robots 1", "robots 9")).is_err());
        assert!(decode(&good.replace("robots 1", "robots x")).is_err());
        assert!(decode(&(good.clone() + "junk")).is_err());
    }
}
