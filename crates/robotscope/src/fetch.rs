//! What a crawler does with the outcome of fetching a robots.txt file (SPEC B5: RFC 9309 section 2.3 and
//! Google's documentation).

/// How a fetch outcome governs crawling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FetchOutcome {
    /// 2xx: parse the body (Google reads the first 500 KiB).
    ParseBody,
    /// 3xx: follow the redirect (up to 5 hops); when no robots.txt is reached, treat it as 4xx.
    FollowRedirect,
    /// 4xx, 401 and 403 included: there is no robots.txt, so everything is allowed.
    AllowAll,
    /// 5xx, 429, and any other status: everything is disallowed until a later fetch succeeds.
    DisallowAll,
}

impl FetchOutcome {
    /// Its stable name: `parse-body`, `follow-redirect`, `allow-all` or `disallow-all`.
    pub fn name(self) -> &'static str {
        match self {
            FetchOutcome::ParseBody => "parse-body",
            FetchOutcome::FollowRedirect => "follow-redirect",
            FetchOutcome::AllowAll => "allow-all",
            FetchOutcome::DisallowAll => "disallow-all",
        }
    }

    /// A sentence that says what applies.
    pub fn message(self) -> &'static str {
        match self {
            FetchOutcome::ParseBody => "success: the body is the robots.txt (the first 500 KiB count)",
            FetchOutcome::FollowRedirect => {
                "redirect: follow up to 5 redirects; if no robots.txt is reached, everything is allowed"
            }
            FetchOutcome::AllowAll => "client error: there is no robots.txt, so everything is allowed",
            FetchOutcome::DisallowAll => {
                "server error or unreachable: everything is disallowed until a later fetch succeeds"
            }
        }
    }
}

impl FetchOutcome {
    /// A robots.txt file that every catalogue crawler reads as this outcome, for a tool that shows verdicts for
    /// it: empty (everything allowed) for [`FetchOutcome::AllowAll`]; for [`FetchOutcome::DisallowAll`],
    /// `Disallow: /` for `*` and for each crawler that ignores `*` (Google's AdsBot); `None` when there is a body
    /// to read or a redirect to follow.
    ///
    /// ```
    /// use robotscope::{fetch_outcome, Robots};
    /// let down = Robots::parse(fetch_outcome(503).equivalent_file().unwrap());
    /// assert!(!down.is_allowed("Googlebot", "/") && !down.is_allowed("AdsBot-Google", "/"));
    /// assert_eq!(fetch_outcome(404).equivalent_file().as_deref(), Some(""));
    /// assert_eq!(fetch_outcome(200).equivalent_file(), None);
    /// ```
    pub fn equivalent_file(self) -> Option<alloc::string::String> {
        match self {
            FetchOutcome::AllowAll => Some(alloc::string::String::new()),
            FetchOutcome::DisallowAll => {
                let mut text = alloc::string::String::from("User-agent: *\n");
                for c in crate::agent::CRAWLERS.iter().filter(|c| c.ignores_global) {
                    if let Some(t) = c.tokens.first() {
                        text.push_str("User-agent: ");
                        text.push_str(t);
                        text.push('\n');
                    }
                }
                text.push_str("Disallow: /\n");
                Some(text)
            }
            FetchOutcome::ParseBody | FetchOutcome::FollowRedirect => None,
        }
    }
}

/// Classifies an HTTP status of a robots.txt fetch (SPEC B5). Network errors, timeouts and truncated bodies
/// are [`FetchOutcome::DisallowAll`] too; a caller that has no status uses that.
///
/// 429 (Too Many Requests) is the one 4xx that does not mean "no robots.txt": Google's documentation treats
/// it as a server error, since the server is asking crawlers to slow down, not saying the file is missing.
///
/// ```
/// use robotscope::{fetch_outcome, FetchOutcome};
/// assert_eq!(fetch_outcome(200), FetchOutcome::ParseBody);
/// assert_eq!(fetch_outcome(403), FetchOutcome::AllowAll);
/// assert_eq!(fetch_outcome(503), FetchOutcome::DisallowAll);
/// assert_eq!(fetch_outcome(429), FetchOutcome::DisallowAll);
/// ```
pub fn fetch_outcome(status: u16) -> FetchOutcome {
    match status {
        200..=299 => FetchOutcome::ParseBody,
        300..=399 => FetchOutcome::FollowRedirect,
        429 => FetchOutcome::DisallowAll,
        400..=499 => FetchOutcome::AllowAll,
        _ => FetchOutcome::DisallowAll,
    }
}
