//! User agents: product tokens (SPEC A4.1, A4.4), tokens from full User-Agent headers and crawler presets
//! (SPEC B2).

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
    &value[..token_len(value.as_bytes())]
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
    /// A User-Agent header the crawler sends (empty for tokens that name no crawler, such as Google-Extended).
    pub user_agent: &'static str,
    /// One line on what it is for.
    pub purpose: &'static str,
    /// What kind of crawler it is.
    pub kind: CrawlerKind,
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

macro_rules! crawlers {
    ($($kind:ident $name:literal, $op:literal, [$($tok:literal),+], $ignores:literal, $ua:literal, $purpose:literal;)+) => {
        &[$(Crawler {
            name: $name,
            operator: $op,
            tokens: &[$($tok),+],
            ignores_global: $ignores,
            user_agent: $ua,
            purpose: $purpose,
            kind: CrawlerKind::$kind,
        }),+]
    };
}

/// Well-known crawlers, for presets and for reading tokens out of full User-Agent headers.
pub const CRAWLERS: &[Crawler] = crawlers![
    Search "Googlebot", "Google", ["Googlebot"], false,
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "Google Search";
    Search "Googlebot-Image", "Google", ["Googlebot-Image", "Googlebot"], false,
        "Googlebot-Image/1.0", "Google Images";
    Search "Googlebot-News", "Google", ["Googlebot-News", "Googlebot"], false,
        "Googlebot-News", "Google News";
    Search "Googlebot-Video", "Google", ["Googlebot-Video", "Googlebot"], false,
        "Googlebot-Video/1.0", "Google video search";
    Search "Storebot-Google", "Google", ["Storebot-Google"], false,
        "Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.88 Safari/537.36",
        "Google Shopping";
    Search "Google-InspectionTool", "Google", ["Google-InspectionTool", "Googlebot"], false,
        "Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)", "Search Console testing tools";
    Other "GoogleOther", "Google", ["GoogleOther"], false,
        "GoogleOther", "Google research and development fetches";
    ControlToken "Google-Extended", "Google", ["Google-Extended"], false,
        "", "Token only: Gemini and Vertex AI training and grounding";
    Ads "AdsBot-Google", "Google", ["AdsBot-Google"], true,
        "AdsBot-Google (+http://www.google.com/adsbot.html)", "Google Ads landing-page quality (ignores *)";
    Ads "AdsBot-Google-Mobile", "Google", ["AdsBot-Google-Mobile"], true,
        "Mozilla/5.0 (iPhone; CPU iPhone OS 14_7_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/14.1.2 Mobile/15E148 Safari/604.1 (compatible; AdsBot-Google-Mobile; +http://www.google.com/mobile/adsbot.html)",
        "Google Ads mobile landing pages (ignores *)";
    Ads "Mediapartners-Google", "Google", ["Mediapartners-Google"], true,
        "Mediapartners-Google", "Google AdSense (ignores *)";
    Other "APIs-Google", "Google", ["APIs-Google"], true,
        "APIs-Google (+https://developers.google.com/webmasters/APIs-Google.html)", "Google push notifications (ignores *)";
    Search "Bingbot", "Microsoft", ["bingbot"], false,
        "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", "Bing search";
    Ads "AdIdxbot", "Microsoft", ["adidxbot"], false,
        "Mozilla/5.0 (compatible; adidxbot/2.0; +http://www.bing.com/bingbot.htm)", "Microsoft Advertising landing pages";
    Search "DuckDuckBot", "DuckDuckGo", ["DuckDuckBot"], false,
        "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)", "DuckDuckGo search";
    Search "Applebot", "Apple", ["Applebot", "Googlebot"], false,
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
        "Siri and Spotlight (follows Googlebot's group when it has none)";
    ControlToken "Applebot-Extended", "Apple", ["Applebot-Extended"], false,
        "", "Token only: Apple AI training";
    Search "YandexBot", "Yandex", ["YandexBot", "Yandex"], false,
        "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)", "Yandex search";
    Search "Baiduspider", "Baidu", ["Baiduspider"], false,
        "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)", "Baidu search";
    AiTraining "GPTBot", "OpenAI", ["GPTBot"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)",
        "OpenAI model training";
    UserTriggered "ChatGPT-User", "OpenAI", ["ChatGPT-User"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
        "ChatGPT fetching pages for a user";
    AiSearch "OAI-SearchBot", "OpenAI", ["OAI-SearchBot"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot",
        "ChatGPT search";
    AiTraining "ClaudeBot", "Anthropic", ["ClaudeBot"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
        "Anthropic model training";
    UserTriggered "Claude-User", "Anthropic", ["Claude-User"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)",
        "Claude fetching pages for a user";
    AiSearch "Claude-SearchBot", "Anthropic", ["Claude-SearchBot"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)",
        "Claude search quality";
    AiTraining "anthropic-ai", "Anthropic", ["anthropic-ai"], false,
        "", "Token only: older Anthropic training opt-out";
    AiSearch "PerplexityBot", "Perplexity", ["PerplexityBot"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)",
        "Perplexity search index";
    UserTriggered "Perplexity-User", "Perplexity", ["Perplexity-User"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)",
        "Perplexity fetching pages for a user";
    AiTraining "CCBot", "Common Crawl", ["CCBot"], false,
        "CCBot/2.0 (https://commoncrawl.org/faq/)", "Common Crawl open web archive";
    AiSearch "Amazonbot", "Amazon", ["Amazonbot"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36",
        "Alexa and Amazon services";
    AiTraining "Bytespider", "ByteDance", ["Bytespider"], false,
        "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)",
        "ByteDance search and AI";
    Preview "facebookexternalhit", "Meta", ["facebookexternalhit"], false,
        "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", "Link previews on Meta apps";
    AiTraining "meta-externalagent", "Meta", ["meta-externalagent"], false,
        "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
        "Meta AI training and indexing";
];

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
/// first product, gives its leading run of ASCII letters, `-` and `_`.
///
/// ```
/// use robotscope::token_from_user_agent;
/// assert_eq!(token_from_user_agent("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"), "Googlebot");
/// assert_eq!(token_from_user_agent("MyCrawler/1.2 (+https://example.com)"), "MyCrawler");
/// assert_eq!(token_from_user_agent("Googlebot"), "Googlebot");
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
    if let Some(pos) = header.find("compatible;") {
        let rest = header[pos + "compatible;".len()..].trim_start();
        let token = product_token(rest);
        if !token.is_empty() {
            return token;
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
