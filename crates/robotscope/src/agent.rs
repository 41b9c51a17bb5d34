//! User agents: product tokens (SPEC A4.1, A4.4), tokens from full User-Agent headers and crawler presets
//! (SPEC B2).

use alloc::format;
use alloc::string::String;

fn is_token_byte(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'-' || c == b'_'
}

/// The product token Google reads from a `User-agent:` value: its longest leading run of ASCII letters, `-`
/// and `_` (the reference's `ExtractUserAgent`, SPEC A4.1). Digits, `/`, `.`, spaces and `*` end it.
///
/// ```
/// use robotscope::product_token;
/// assert_eq!(product_token("Googlebot/2.1"), "Googlebot");
/// assert_eq!(product_token("Googlebot2"), "Googlebot");
/// assert_eq!(product_token("Foo Bar"), "Foo");
/// assert_eq!(product_token("*bot"), "");
/// ```
pub fn product_token(value: &str) -> &str {
    crate::cut(value, 0, token_len(value.as_bytes()))
}

pub(crate) fn token_len(value: &[u8]) -> usize {
    value.iter().position(|&c| !is_token_byte(c)).unwrap_or(value.len())
}

/// Whether `agent` is a valid product token to obey: non-empty and made only of ASCII letters, `-` and `_`
/// (the reference's `IsValidUserAgentToObey`, SPEC A4.4).
///
/// ```
/// assert!(robotscope::is_valid_agent("Googlebot-News"));
/// assert!(!robotscope::is_valid_agent("Googlebot/2.1"));
/// ```
pub fn is_valid_agent(agent: &str) -> bool {
    !agent.is_empty() && agent.bytes().all(is_token_byte)
}

/// A well-known crawler: the tokens it obeys and how it treats the `*` group (SPEC B2).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Crawler {
    /// The crawler's name as its operator writes it.
    pub name: &'static str,
    /// Who runs it.
    pub operator: &'static str,
    /// The product tokens it obeys, in order: the first one that has a group in the file wins.
    pub tokens: &'static [&'static str],
    /// Whether the crawler ignores the `*` group and must be named explicitly (Google's AdsBot crawlers).
    pub ignores_global: bool,
    /// What kind of crawler it is.
    pub kind: CrawlerKind,
}

/// What is known about a catalogue crawler beyond how it reads robots.txt: kept apart from [`Crawler`] so that
/// a build that never asks for it (the npm package's `.wasm`) does not carry it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CrawlerFacts {
    /// One line on what it is for.
    pub purpose: &'static str,
    /// A User-Agent header the crawler sends (empty for tokens that name no crawler, such as Google-Extended).
    pub user_agent: &'static str,
    /// What its operator says about obeying robots.txt.
    pub obeys: Obeys,
    /// Where that statement can be checked.
    pub source: &'static str,
    /// When robotscope recorded the statement (`YYYY-MM-DD`).
    pub as_of: &'static str,
    /// Where the operator publishes the IP ranges its requests come from (empty when none is known).
    pub ip_ranges_url: &'static str,
    /// The origin its requests name in a Web Bot Auth `Signature-Agent` header, whose
    /// `/.well-known/http-message-signatures-directory` holds its keys (empty when it signs none).
    pub signature_agent: &'static str,
    /// What was not checked at the operator's own page, and why the entry has its kind (may be empty).
    pub note: &'static str,
}

const NO_FACTS: CrawlerFacts = CrawlerFacts {
    purpose: "",
    user_agent: "",
    obeys: Obeys::Unknown,
    source: "",
    as_of: "",
    ip_ranges_url: "",
    signature_agent: "",
    note: "",
};

impl Crawler {
    /// What it is for, its User-Agent header, what its operator says about obeying robots.txt, and the source of that.
    ///
    /// ```
    /// let gpt = robotscope::crawler("GPTBot").unwrap();
    /// assert_eq!(gpt.facts().obeys, robotscope::Obeys::Yes);
    /// assert!(gpt.facts().user_agent.contains("GPTBot/"));
    /// ```
    pub fn facts(&self) -> &'static CrawlerFacts {
        CRAWLERS.iter().position(|c| c.name == self.name).and_then(|i| CRAWLER_FACTS.get(i)).unwrap_or(&NO_FACTS)
    }

    /// What its operator says about obeying robots.txt, as a sentence with its source, where it is not a plain yes:
    /// the words every surface shows beside the crawler's answer.
    ///
    /// ```
    /// let chat = robotscope::crawler("ChatGPT-User").unwrap();
    /// let note = chat.obeys_note().unwrap();
    /// assert!(note.starts_with("ChatGPT-User's operator, OpenAI, says robots.txt may not apply to it"));
    /// assert!(note.contains(chat.facts().source));
    /// assert_eq!(robotscope::crawler("GPTBot").unwrap().obeys_note(), None);
    /// ```
    pub fn obeys_note(&self) -> Option<String> {
        let f = self.facts();
        let said = match f.obeys {
            Obeys::Yes => return None,
            Obeys::MayNotApply => "says robots.txt may not apply to it (it fetches what a person asked for)",
            Obeys::No => "is reported not to obey robots.txt",
            Obeys::Unknown => "has made no statement on obeying robots.txt",
        };
        let (name, operator, source, as_of) = (self.name, self.operator, f.source, f.as_of);
        Some(format!("{name}'s operator, {operator}, {said} (source: {source}, as of {as_of})."))
    }
}

impl Crawler {
    /// What the token does not govern, where people commonly think it does: the words the tester and
    /// `robotscope ai` show beside it. Google-Extended controls Gemini and Vertex AI use of what Googlebot fetched,
    /// not Google Search: AI Overviews and AI Mode are Search features, so only Googlebot's rules govern them
    /// (Google's common crawlers page: Google-Extended "does not impact a site's inclusion in Google Search").
    ///
    /// ```
    /// let note = robotscope::crawler("Google-Extended").unwrap().scope_note().unwrap();
    /// assert!(note.contains("AI Overviews") && note.contains("Googlebot"));
    /// assert_eq!(robotscope::crawler("GPTBot").unwrap().scope_note(), None);
    /// ```
    pub fn scope_note(&self) -> Option<&'static str> {
        match self.name {
            "Google-Extended" => Some(
                "Google-Extended does not govern AI Overviews or AI Mode: they are part of Google Search and use what \
                 Googlebot fetches, so only Googlebot's rules keep a page out of them (source: \
                 https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers).",
            ),
            _ => None,
        }
    }
}

/// What a crawler's operator says about obeying robots.txt.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Obeys {
    /// The operator says it obeys robots.txt.
    Yes,
    /// The operator says robots.txt may not apply (fetches a person asked for).
    MayNotApply,
    /// The operator says it does not, or it is documented not to.
    No,
    /// No statement found.
    Unknown,
}

impl Obeys {
    /// `yes`, `may-not-apply`, `no` or `unknown`.
    pub fn name(self) -> &'static str {
        match self {
            Obeys::Yes => "yes",
            Obeys::MayNotApply => "may-not-apply",
            Obeys::No => "no",
            Obeys::Unknown => "unknown",
        }
    }

    /// The statement in a few words, where it is not a plain yes: `robots.txt may not apply`, `reported not to obey
    /// robots.txt` or `no statement on robots.txt` ([`Crawler::obeys_note`] says it in full).
    pub fn short(self) -> Option<&'static str> {
        match self {
            Obeys::Yes => None,
            Obeys::MayNotApply => Some("robots.txt may not apply"),
            Obeys::No => Some("reported not to obey robots.txt"),
            Obeys::Unknown => Some("no statement on robots.txt"),
        }
    }
}

/// What a crawler is for, as its operator describes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CrawlerKind {
    /// A search engine's index crawler.
    Search,
    /// Ads quality and ad-serving crawlers.
    Ads,
    /// Crawlers that collect training data for AI models.
    AiTraining,
    /// Crawlers that index pages for AI search and assistants.
    AiSearch,
    /// Fetchers that get a page because a person asked an assistant or tool to.
    UserTriggered,
    /// A token that names no crawler but controls how another crawler's fetches may be used.
    ControlToken,
    /// Link previews in apps and social networks.
    Preview,
    /// SEO and marketing tools.
    SeoTool,
    /// Anything else.
    Other,
}

impl CrawlerKind {
    /// Every kind, in the order tools list them.
    pub const ALL: [CrawlerKind; 9] = [
        CrawlerKind::Search,
        CrawlerKind::Ads,
        CrawlerKind::AiTraining,
        CrawlerKind::AiSearch,
        CrawlerKind::UserTriggered,
        CrawlerKind::ControlToken,
        CrawlerKind::Preview,
        CrawlerKind::SeoTool,
        CrawlerKind::Other,
    ];

    /// The stable name: `search`, `ads`, `ai-training`, `ai-search`, `user-triggered`, `control-token`,
    /// `preview`, `seo-tool` or `other`.
    pub fn name(self) -> &'static str {
        match self {
            CrawlerKind::Search => "search",
            CrawlerKind::Ads => "ads",
            CrawlerKind::AiTraining => "ai-training",
            CrawlerKind::AiSearch => "ai-search",
            CrawlerKind::UserTriggered => "user-triggered",
            CrawlerKind::ControlToken => "control-token",
            CrawlerKind::Preview => "preview",
            CrawlerKind::SeoTool => "seo-tool",
            CrawlerKind::Other => "other",
        }
    }

    /// A heading for people: "Search", "AI training", ...
    pub fn title(self) -> &'static str {
        match self {
            CrawlerKind::Search => "Search",
            CrawlerKind::Ads => "Ads",
            CrawlerKind::AiTraining => "AI training",
            CrawlerKind::AiSearch => "AI search and assistants",
            CrawlerKind::UserTriggered => "User-triggered fetchers",
            CrawlerKind::ControlToken => "Control tokens",
            CrawlerKind::Preview => "Link previews",
            CrawlerKind::SeoTool => "SEO tools",
            CrawlerKind::Other => "Other",
        }
    }

    /// Whether the kind is about AI: training, AI search, user-triggered fetchers, and the control tokens
    /// (which today all govern AI use).
    pub fn is_ai(self) -> bool {
        matches!(
            self,
            CrawlerKind::AiTraining | CrawlerKind::AiSearch | CrawlerKind::UserTriggered | CrawlerKind::ControlToken
        )
    }
}

// The catalogue is one data file, `data/crawlers.json`, generated into this module by the workspace's
// `tests/catalogue.rs` (which fails when the two disagree).
#[rustfmt::skip]
mod catalogue;
pub use catalogue::{CRAWLERS, CRAWLER_FACTS};

/// Finds a crawler preset by name or by one of its tokens, ignoring ASCII case.
///
/// ```
/// let c = robotscope::crawler("googlebot-image").unwrap();
/// assert_eq!(c.tokens, &["Googlebot-Image", "Googlebot"]);
/// ```
pub fn crawler(name: &str) -> Option<&'static Crawler> {
    CRAWLERS
        .iter()
        .find(|c| c.name.eq_ignore_ascii_case(name))
        .or_else(|| CRAWLERS.iter().find(|c| c.tokens[0].eq_ignore_ascii_case(name)))
}

/// Reads the product token a person meant from what they typed: a token as it is, or a whole User-Agent
/// header (SPEC B2).
///
/// For a header, a known crawler named in it as a product (`Googlebot/2.1`, `bingbot/2.0`, ...) gives that
/// crawler's documented token; otherwise the product inside a `(compatible; Name/1.0)` comment, or else the
/// first product, gives its leading run of ASCII letters, `-` and `_` (empty for a name that starts with a
/// digit or a non-ASCII letter).
///
/// ```
/// use robotscope::token_from_user_agent;
/// let header = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
/// assert_eq!(token_from_user_agent(header), "Googlebot");
/// assert_eq!(token_from_user_agent("MyCrawler/1.2 (+https://example.com)"), "MyCrawler");
/// assert_eq!(token_from_user_agent("Googlebot"), "Googlebot");
/// assert_eq!(token_from_user_agent("Mozilla/5.0 (compatible; 360Spider/1.0)"), "");
/// ```
pub fn token_from_user_agent(header: &str) -> &str {
    let header = header.trim();
    if is_valid_agent(header) || header.is_empty() {
        return header;
    }
    // Known crawlers first, longest token first so that `Googlebot-Image` beats `Googlebot`.
    let mut best: Option<&'static str> = None;
    for token in CRAWLERS.iter().map(|c| c.tokens[0]) {
        if best.is_some_and(|b| b.len() >= token.len()) {
            continue;
        }
        if find_product(header, token) {
            best = Some(token);
        }
    }
    if let Some(found) = best {
        return found;
    }
    // `Mozilla/5.0 (compatible; Name/1.0; ...)`: the crawler is the product inside the comment.
    if let Some(pos) = crate::pattern::find_str(header, "compatible;") {
        let rest = crate::cut(header, pos + "compatible;".len(), header.len()).trim_start();
        // The product there is the crawler, even when its name holds no token (`360Spider/1.0` reads as none,
        // so only `*` applies): the browser's `Mozilla` before it is not what the crawler matches with.
        if !rest.is_empty() && !rest.starts_with([';', ')']) {
            return product_token(rest);
        }
    }
    product_token(header)
}

/// Whether `header` names `token` as a whole product name (not inside a longer name), ignoring ASCII case.
fn find_product(header: &str, token: &str) -> bool {
    let h = header.as_bytes();
    let t = token.as_bytes();
    h.len() >= t.len()
        && (0..=h.len() - t.len()).any(|i| {
            // A product stands at the start, after a space or inside a comment; a name inside a URL
            // (`+http://googlebot.com/`) or an address does not count.
            let before_ok = i == 0 || matches!(h[i - 1], b' ' | b'(' | b';' | b',');
            let after_ok = h.get(i + t.len()).is_none_or(|&c| matches!(c, b'/' | b';' | b')' | b' ' | b','));
            before_ok && after_ok && h[i..i + t.len()].eq_ignore_ascii_case(t)
        })
}
