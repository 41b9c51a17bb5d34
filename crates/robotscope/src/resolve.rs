//! What a person meant (SPEC B2): a typed agent (a product token, a full User-Agent header or a crawler preset)
//! and a typed URL (a full URL, a URL without a scheme, a path or a bare word), read once here for every tool.
//!
//! The engine itself takes agents and URLs exactly as given, as Google's library does; the CLI's
//! `--normalize`, the npm package, the tester and the widget read what people type through these functions and
//! show the result, so they cannot disagree about what a typed agent or URL means.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::agent::{crawler, is_valid_agent, token_from_user_agent, Crawler, CrawlerKind, CRAWLERS};
use crate::url::{normalize_url, UrlError};
use crate::{Robots, Scope, Verdict};

/// How a typed agent was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AgentKind {
    /// A valid product token that names no preset (`MyBot`).
    Token,
    /// A crawler preset's name or first token, in any ASCII case (`googlebot-image`, `GPTBot`): its token chain
    /// and its handling of `*` apply.
    Preset,
    /// A crawler's full User-Agent header; the token is read from it (and the preset, when it names one).
    Header,
    /// A browser's User-Agent header: browsers do not read robots.txt.
    Browser,
    /// Nothing was typed.
    Empty,
    /// No product token can be read from it (`*`, `123`, `/2.1`).
    Invalid,
}

impl AgentKind {
    /// `token`, `preset`, `header`, `browser`, `empty` or `invalid`.
    pub fn name(self) -> &'static str {
        match self {
            AgentKind::Token => "token",
            AgentKind::Preset => "preset",
            AgentKind::Header => "header",
            AgentKind::Browser => "browser",
            AgentKind::Empty => "empty",
            AgentKind::Invalid => "invalid",
        }
    }
}

/// A typed agent and what the engine is given for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypedAgent {
    /// What was typed, trimmed.
    pub input: String,
    /// The product token read from it (empty when none can be read).
    pub token: String,
    /// The crawler preset it names, if any: its token chain and its handling of `*` apply.
    pub crawler: Option<&'static Crawler>,
    /// How it was read.
    pub kind: AgentKind,
}

/// Products that only browsers send first, or inside a `compatible;` comment.
const BROWSER_PRODUCTS: [&str; 3] = ["Mozilla", "Opera", "MSIE"];

/// Reads a typed agent (SPEC B2): a crawler preset by name or token, a full User-Agent header (a known
/// crawler named in it gives its preset), or a product token.
///
/// ```
/// use robotscope::{resolve_agent, AgentKind};
/// let a = resolve_agent("googlebot-image");
/// assert_eq!((a.kind, a.token.as_str()), (AgentKind::Preset, "Googlebot-Image"));
/// assert_eq!(a.crawler.unwrap().tokens, &["Googlebot-Image", "Googlebot"]);
/// let h = resolve_agent("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)");
/// assert_eq!((h.kind, h.token.as_str(), h.label()), (AgentKind::Header, "Googlebot", "Googlebot"));
/// let b = resolve_agent("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0");
/// assert_eq!((b.kind, b.token.as_str()), (AgentKind::Browser, "Mozilla"));
/// assert_eq!(resolve_agent("MyBot").kind, AgentKind::Token);
/// assert_eq!(resolve_agent("*").kind, AgentKind::Invalid);
/// ```
pub fn resolve_agent(input: &str) -> TypedAgent {
    let input = input.trim();
    if input.is_empty() {
        return TypedAgent { input: String::new(), token: String::new(), crawler: None, kind: AgentKind::Empty };
    }
    if let Some(c) = crawler(input) {
        return TypedAgent {
            input: input.to_string(),
            token: c.tokens[0].to_string(),
            crawler: Some(c),
            kind: AgentKind::Preset,
        };
    }
    let token = token_from_user_agent(input);
    let found = if token.is_empty() { None } else { crawler(token) };
    let kind = if is_valid_agent(input) {
        AgentKind::Token
    } else if token.is_empty() {
        AgentKind::Invalid
    } else if found.is_none() && BROWSER_PRODUCTS.iter().any(|b| b.eq_ignore_ascii_case(token)) {
        AgentKind::Browser
    } else {
        AgentKind::Header
    };
    let token = match found {
        Some(c) => c.tokens[0].to_string(),
        None => token.to_string(),
    };
    TypedAgent { input: input.to_string(), token, crawler: found, kind }
}

impl TypedAgent {
    /// The name to show: the crawler's name, else the token, else `(no token)`.
    pub fn label(&self) -> &str {
        match self.crawler {
            Some(c) => c.name,
            None if self.token.is_empty() => "(no token)",
            None => &self.token,
        }
    }

    /// What the engine is given for this agent when it names no preset: its token, or `*` when no token can be
    /// read from it (`*`, `360Spider`, `008`, `日本語bot`, nothing). An empty token would equal the empty product
    /// token Google reads from `User-agent: 008` or `User-agent: 日本語bot`, so that such an agent would follow
    /// every group of names without a token; `*` equals no line's token, so only the `*` group can apply, as
    /// Google's library answers for these agents.
    ///
    /// ```
    /// let robots = robotscope::Robots::parse("User-agent: 008\nDisallow: /\n\nUser-agent: *\nAllow: /\n");
    /// for typed in ["*", "360Spider", "008", "日本語bot", ""] {
    ///     let agent = robotscope::resolve_agent(typed);
    ///     assert_eq!(agent.engine_token(), "*");
    ///     assert!(robots.check_agent(&agent, "/").verdict.allowed, "{typed}");
    /// }
    /// assert_eq!(robotscope::resolve_agent("MyBot/1.0").engine_token(), "MyBot");
    /// ```
    pub fn engine_token(&self) -> &str {
        if self.token.is_empty() {
            "*"
        } else {
            &self.token
        }
    }

    /// One sentence when the engine is given something other than what was typed, for tools to show.
    ///
    /// ```
    /// let a = robotscope::resolve_agent("Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120.0");
    /// assert_eq!(
    ///     a.note().unwrap(),
    ///     "Browsers do not read robots.txt; the engine is given the token `Mozilla`, as a crawler sending this \
    ///      header would be read."
    /// );
    /// ```
    pub fn note(&self) -> Option<String> {
        match self.kind {
            AgentKind::Token | AgentKind::Preset => None,
            AgentKind::Header => Some(format!("Read the token `{}` from the User-Agent header.", self.token)),
            AgentKind::Browser => Some(format!(
                "Browsers do not read robots.txt; the engine is given the token `{}`, as a crawler sending this \
                 header would be read.",
                self.token
            )),
            AgentKind::Empty => Some(String::from("No agent was given; only the `*` group can apply.")),
            AgentKind::Invalid => Some(format!(
                "`{}` holds no product token (letters, `-` and `_`), so no group can name it; only the `*` group can \
                 apply.",
                self.input
            )),
        }
    }
}

/// A typed agent answered against one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentCheck {
    /// The token the engine was given; `None` when the crawler ignores `*` and none of its tokens has a group,
    /// so that no rule applies.
    pub token: Option<String>,
    /// The token whose group the crawler follows when it has none of its own (Googlebot-Image, -News and
    /// -Video, and Applebot, follow `Googlebot`).
    pub follows: Option<String>,
    /// The verdict.
    pub verdict: Verdict,
}

impl Robots {
    /// The token the engine is given for `agent` in this file: a preset's first token that has a group (else
    /// its first token, or `None` when it ignores `*`), otherwise the token read from what was typed, or `*` when
    /// none can be read ([`TypedAgent::engine_token`]).
    pub fn agent_token(&self, agent: &TypedAgent) -> Option<String> {
        match agent.crawler {
            Some(c) => self.crawler_token(c).map(ToString::to_string),
            None => Some(agent.engine_token().to_string()),
        }
    }

    /// Answers for a typed agent (see [`resolve_agent`]), with its preset's fallbacks applied.
    ///
    /// ```
    /// use robotscope::{resolve_agent, Robots};
    /// let robots = Robots::parse("User-agent: Googlebot\nDisallow: /photos/\n\nUser-agent: *\nAllow: /\n");
    /// let c = robots.check_agent(&resolve_agent("Googlebot-Image"), "/photos/a.jpg");
    /// assert_eq!((c.verdict.allowed, c.verdict.line), (false, 2));
    /// assert_eq!(c.follows.as_deref(), Some("Googlebot"));
    /// ```
    pub fn check_agent(&self, agent: &TypedAgent, url: &str) -> AgentCheck {
        match agent.crawler {
            Some(c) => {
                let (token, verdict) = self.check_crawler(c, url);
                let follows = token.filter(|&t| t != c.tokens[0] && verdict.scope == Scope::Specific);
                AgentCheck { token: token.map(ToString::to_string), follows: follows.map(ToString::to_string), verdict }
            }
            None => AgentCheck {
                token: Some(agent.engine_token().to_string()),
                follows: None,
                // A one-agent list, like every other caller's (see `check_crawler`).
                verdict: self.check(&[agent.engine_token()][..], url),
            },
        }
    }

    /// Says why `check` came out as it did, naming the agent as typed and any group it follows.
    ///
    /// ```
    /// use robotscope::{resolve_agent, Robots};
    /// let robots = Robots::parse("User-agent: Googlebot\nDisallow: /photos/\n\nUser-agent: *\nAllow: /\n");
    /// let agent = resolve_agent("Googlebot-Image");
    /// let c = robots.check_agent(&agent, "/photos/a.jpg");
    /// assert_eq!(
    ///     robots.explain_agent(&agent, &c),
    ///     "Googlebot-Image has no group of its own, so it follows Googlebot's group (lines 1-2), as Google \
    ///      documents; the `*` rules are ignored. `Disallow: /photos/` (line 2, priority 8) matches, so the URL is \
    ///      disallowed."
    /// );
    /// ```
    pub fn explain_agent(&self, agent: &TypedAgent, check: &AgentCheck) -> String {
        self.explain_answer(agent, check.token.as_deref(), check.follows.as_deref(), &check.verdict)
    }

    /// [`Self::explain_agent`] for an answer's parts: its token, the token it follows and its verdict.
    pub(crate) fn explain_answer(
        &self,
        agent: &TypedAgent,
        token: Option<&str>,
        follows: Option<&str>,
        verdict: &Verdict,
    ) -> String {
        let label = agent.label();
        match (token, follows) {
            (None, _) => format!(
                "{label} ignores the `*` group and no group names it, so no rule applies and the URL is allowed."
            ),
            (Some(_), Some(followed)) => {
                let operator = agent.crawler.map_or("its operator", |c| c.operator);
                let (groups, plural) = self.group_ranges(verdict);
                let ignored = if self.has_global_rules() { "; the `*` rules are ignored" } else { "" };
                let mut text = format!(
                    "{label} has no group of its own, so it follows {followed}'s {plural} ({groups}), as {operator} \
                     documents{ignored}."
                );
                self.push_rule_sentence(verdict, &mut text);
                text
            }
            (Some(_), None) => self.explain(verdict, label),
        }
    }
}

/// How a typed URL was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UrlKind {
    /// A URL with a host (typed with or without a scheme).
    Full,
    /// A path (typed as `/a`, or a bare word such as `cart`), joined to the base when one was given.
    Path,
}

/// A typed URL and what the engine is given for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TypedUrl {
    /// What was typed, trimmed.
    pub input: String,
    /// What the engine is given: the normalised URL, or what was typed when it cannot be normalised.
    pub tested: String,
    /// How it was read.
    pub kind: UrlKind,
    /// Why it could not be normalised.
    pub error: Option<UrlError>,
}

/// Reads a typed URL (SPEC B2) into what a browser or crawler would request (see
/// [`normalize_url`]). A bare word with no dot, colon or space in its first segment (`cart`, `search?q=x`) is a
/// path, not the host `http://cart/` (words with spaces, `not a url`, are a host that cannot be read);
/// `localhost` stays a host. `base` (`https://example.com`) is joined to paths; without it, paths stay paths,
/// which the matcher reads as they are.
///
/// ```
/// use robotscope::{resolve_url, UrlKind};
/// assert_eq!(resolve_url("cart", None).tested, "/cart");
/// assert_eq!(resolve_url("/a b", Some("https://example.com")).tested, "https://example.com/a%20b");
/// assert_eq!(resolve_url("example.com/x", None).tested, "http://example.com/x");
/// assert_eq!(resolve_url("localhost:8080/x", None).kind, UrlKind::Full);
/// assert!(resolve_url("mailto:a@example.com", None).error.is_some());
/// assert!(resolve_url("not a url", None).error.is_some());
/// ```
pub fn resolve_url(input: &str, base: Option<&str>) -> TypedUrl {
    let input = input.trim();
    let kind = url_kind(input);
    let typed = match kind {
        UrlKind::Full => normalize_url(input),
        UrlKind::Path => {
            let path = if input.starts_with('/') { String::from(input) } else { format!("/{input}") };
            match base.map(str::trim).filter(|b| !b.is_empty()) {
                Some(b) => origin_of(b).and_then(|o| normalize_url(&format!("{o}{path}"))),
                None => normalize_url(&path),
            }
        }
    };
    match typed {
        Ok(tested) => TypedUrl { input: input.to_string(), tested, kind, error: None },
        Err(e) => TypedUrl { input: input.to_string(), tested: input.to_string(), kind, error: Some(e) },
    }
}

fn url_kind(input: &str) -> UrlKind {
    if input.starts_with("//") || crate::pattern::find_str(input, "://").is_some() {
        return UrlKind::Full;
    }
    if input.starts_with('/') {
        return UrlKind::Path;
    }
    let first = crate::cut(input, 0, input.find(['/', '?', '#']).unwrap_or(input.len()));
    let host = crate::cut(first, 0, first.find(':').unwrap_or(first.len()));
    // A bare word is one word: `not a url` is no path but a host that cannot be read.
    let spaced = first.bytes().any(|b| b.is_ascii_whitespace());
    if first.contains(['.', ':']) || spaced || host.eq_ignore_ascii_case("localhost") || input.is_empty() {
        UrlKind::Full
    } else {
        UrlKind::Path
    }
}

/// `scheme://host[:port]` of a base URL, normalised.
fn origin_of(base: &str) -> Result<String, UrlError> {
    let url = normalize_url(base)?;
    let after = crate::pattern::find_str(&url, "://").map_or(0, |i| i + 3);
    let end = crate::cut(&url, after, url.len()).find(['/', '?']).map_or(url.len(), |i| after + i);
    Ok(String::from(crate::cut(&url, 0, end)))
}

/// A named set of presets: one kind (`search`, `ads`, `ai-training`, `ai-search`, `user-triggered`,
/// `control-token`, `preview`, `seo-tool`), `training` (the AI training crawlers and the control tokens that
/// govern training: Google-Extended, Applebot-Extended; the summary's first group, [`AI_GROUPS`](crate::AI_GROUPS)),
/// `ai` (training, AI search, user-triggered fetchers and AI control tokens) or `all`, with or without a leading
/// `@`, in any ASCII case.
///
/// ```
/// let ai = robotscope::crawler_set("@ai-training").unwrap();
/// assert!(ai.iter().any(|c| c.name == "GPTBot"));
/// assert!(!ai.iter().any(|c| c.name == "OAI-SearchBot"));
/// assert!(robotscope::crawler_set("@AI").unwrap().len() > ai.len());
/// assert!(robotscope::crawler_set("@training").unwrap().iter().any(|c| c.name == "Google-Extended"));
/// assert!(robotscope::crawler_set("robots").is_none());
/// ```
pub fn crawler_set(name: &str) -> Option<Vec<&'static Crawler>> {
    use CrawlerKind::{AiSearch, AiTraining, ControlToken, UserTriggered};
    let name = name.trim();
    let name = name.strip_prefix('@').unwrap_or(name);
    // The sets of several kinds (`ai` is `CrawlerKind::is_ai`), then each kind by its name.
    let sets: [(&str, &[CrawlerKind]); 3] = [
        ("ai", &[AiTraining, AiSearch, UserTriggered, ControlToken]),
        ("all", &CrawlerKind::ALL),
        ("training", crate::question::AI_GROUPS[0].kinds),
    ];
    let kinds = match sets.iter().find(|(n, _)| n.eq_ignore_ascii_case(name)) {
        Some(&(_, kinds)) => kinds,
        None => core::slice::from_ref(CrawlerKind::ALL.iter().find(|k| k.name().eq_ignore_ascii_case(name))?),
    };
    Some(CRAWLERS.iter().filter(|c| kinds.contains(&c.kind)).collect())
}
