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
}

const NO_FACTS: CrawlerFacts =
    CrawlerFacts { purpose: "", user_agent: "", obeys: Obeys::Unknown, source: "", as_of: "" };

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

macro_rules! crawlers {
    ($($kind:ident $name:literal, $op:literal, [$($tok:literal),+], $ignores:literal, $ua:literal, $purpose:literal,
       $obeys:ident, $source:literal, $as_of:literal;)+) => {
        /// The crawler catalogue: well-known crawlers and control tokens, for presets, for reading tokens out of
        /// full User-Agent headers, and for the AI view. One source for every robotscope tool.
        pub const CRAWLERS: &[Crawler] = &[$(Crawler {
            name: $name,
            operator: $op,
            tokens: &[$($tok),+],
            ignores_global: $ignores,
            kind: CrawlerKind::$kind,
        }),+];

        /// [`CrawlerFacts`] for each crawler of [`CRAWLERS`], in the same order (see [`Crawler::facts`]).
        pub const CRAWLER_FACTS: &[CrawlerFacts] = &[$(CrawlerFacts {
            purpose: $purpose,
            user_agent: $ua,
            obeys: Obeys::$obeys,
            source: $source,
            as_of: $as_of,
        }),+];
    };
}

#[rustfmt::skip]
crawlers! {
    Search "Googlebot", "Google", ["Googlebot"], false,
        "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        "Google Search", Yes,
        "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers", "2026-11-23";
    Search "Googlebot-Image", "Google", ["Googlebot-Image", "Googlebot"], false,
        "Googlebot-Image/1.0",
        "Google Images", Yes,
        "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers", "2026-11-23";
    Search "Googlebot-News", "Google", ["Googlebot-News", "Googlebot"], false,
        "Googlebot-News",
        "Google News", Yes,
        "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers", "2026-11-23";
    Search "Googlebot-Video", "Google", ["Googlebot-Video", "Googlebot"], false,
        "Googlebot-Video/1.0",
        "Google video search", Yes,
        "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers", "2026-11-23";
    Search "Storebot-Google", "Google", ["Storebot-Google"], false,
        "Mozilla/5.0 (X11; Linux x86_64; Storebot-Google/1.0) AppleWebKit/537.36 (KHTML, like Gecko) \
        Chrome/79.0.3945.88 Safari/537.36",
        "Google Shopping", Yes,
        "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers", "2026-11-23";
    Search "Google-InspectionTool", "Google", ["Google-InspectionTool", "Googlebot"], false,
        "Mozilla/5.0 (compatible; Google-InspectionTool/1.0;)",
        "Search Console testing tools", Yes,
        "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers", "2026-11-23";
    Other "GoogleOther", "Google", ["GoogleOther"], false,
        "GoogleOther",
        "Google research and development fetches", Yes,
        "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers", "2026-11-23";
    Other "GoogleOther-Image", "Google", ["GoogleOther-Image", "GoogleOther"], false,
        "GoogleOther-Image/1.0",
        "Google research fetches of images", Yes,
        "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers", "2026-11-23";
    Other "GoogleOther-Video", "Google", ["GoogleOther-Video", "GoogleOther"], false,
        "GoogleOther-Video/1.0",
        "Google research fetches of video", Yes,
        "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers", "2026-11-23";
    AiSearch "Google-CloudVertexBot", "Google", ["Google-CloudVertexBot"], false,
        "Google-CloudVertexBot",
        "Vertex AI agents built by site owners", Yes,
        "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers", "2026-11-23";
    ControlToken "Google-Extended", "Google", ["Google-Extended"], false,
        "",
        "Token only: Gemini and Vertex AI training and grounding", Yes,
        "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers", "2026-11-23";
    Ads "AdsBot-Google", "Google", ["AdsBot-Google"], true,
        "AdsBot-Google (+http://www.google.com/adsbot.html)",
        "Google Ads landing-page quality (ignores *)", Yes,
        "https://developers.google.com/search/docs/crawling-indexing/google-special-case-crawlers", "2026-11-23";
    Ads "AdsBot-Google-Mobile", "Google", ["AdsBot-Google-Mobile"], true,
        "Mozilla/5.0 (iPhone; CPU iPhone OS 14_7_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) \
        Version/14.1.2 Mobile/15E148 Safari/604.1 (compatible; AdsBot-Google-Mobile; \
        +http://www.google.com/mobile/adsbot.html)",
        "Google Ads mobile landing pages (ignores *)", Yes,
        "https://developers.google.com/search/docs/crawling-indexing/google-special-case-crawlers", "2026-11-23";
    Ads "Mediapartners-Google", "Google", ["Mediapartners-Google"], true,
        "Mediapartners-Google",
        "Google AdSense (ignores *)", Yes,
        "https://developers.google.com/search/docs/crawling-indexing/google-special-case-crawlers", "2026-11-23";
    Other "APIs-Google", "Google", ["APIs-Google"], true,
        "APIs-Google (+https://developers.google.com/webmasters/APIs-Google.html)",
        "Google push notifications (ignores *)", Yes,
        "https://developers.google.com/search/docs/crawling-indexing/google-special-case-crawlers", "2026-11-23";
    UserTriggered "FeedFetcher-Google", "Google", ["FeedFetcher-Google"], false,
        "FeedFetcher-Google; (+http://www.google.com/feedfetcher.html)",
        "RSS and Atom feeds for Google News and WebSub", MayNotApply,
        "https://developers.google.com/search/docs/crawling-indexing/google-user-triggered-fetchers", "2026-11-23";
    UserTriggered "Google-Site-Verification", "Google", ["Google-Site-Verification"], false,
        "Mozilla/5.0 (compatible; Google-Site-Verification/1.0)",
        "Search Console site verification", MayNotApply,
        "https://developers.google.com/search/docs/crawling-indexing/google-user-triggered-fetchers", "2026-11-23";
    UserTriggered "Google-NotebookLM", "Google", ["Google-NotebookLM"], false,
        "Google-NotebookLM",
        "NotebookLM fetching sources a user added", MayNotApply,
        "https://developers.google.com/search/docs/crawling-indexing/google-user-triggered-fetchers", "2026-11-23";
    Search "Bingbot", "Microsoft", ["bingbot"], false,
        "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)",
        "Bing search", Yes, "https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0", "2026-11-23";
    Ads "AdIdxbot", "Microsoft", ["adidxbot"], false,
        "Mozilla/5.0 (compatible; adidxbot/2.0; +http://www.bing.com/bingbot.htm)",
        "Microsoft Advertising landing pages", Yes,
        "https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0", "2026-11-23";
    Preview "MicrosoftPreview", "Microsoft", ["MicrosoftPreview"], false,
        "Mozilla/5.0 (compatible; MicrosoftPreview/2.0; +https://aka.ms/MicrosoftPreview)",
        "Link previews in Bing and Microsoft apps", Yes,
        "https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0", "2026-11-23";
    Search "DuckDuckBot", "DuckDuckGo", ["DuckDuckBot"], false,
        "DuckDuckBot/1.1; (+http://duckduckgo.com/duckduckbot.html)",
        "DuckDuckGo search", Yes, "https://duckduckgo.com/duckduckgo-help-pages/results/duckduckbot", "2026-11-23";
    AiSearch "DuckAssistBot", "DuckDuckGo", ["DuckAssistBot"], false,
        "DuckAssistBot/1.2; (+http://duckduckgo.com/duckassistbot.html)",
        "DuckDuckGo AI-assisted answers", Yes,
        "https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot", "2026-11-23";
    Search "Applebot", "Apple", ["Applebot", "Googlebot"], false,
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 \
        Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
        "Siri and Spotlight (follows Googlebot's group when it has none)", Yes,
        "https://support.apple.com/en-us/119829", "2026-11-23";
    ControlToken "Applebot-Extended", "Apple", ["Applebot-Extended"], false,
        "",
        "Token only: Apple AI training", Yes, "https://support.apple.com/en-us/119829", "2026-11-23";
    Search "YandexBot", "Yandex", ["YandexBot", "Yandex"], false,
        "Mozilla/5.0 (compatible; YandexBot/3.0; +http://yandex.com/bots)",
        "Yandex search", Yes,
        "https://yandex.com/support/webmaster/robot-workings/check-yandex-robots.html", "2026-11-23";
    AiSearch "YandexAdditional", "Yandex", ["YandexAdditional", "Yandex"], false,
        "Mozilla/5.0 (compatible; YandexAdditional/3.0; +http://yandex.com/bots)",
        "YandexGPT answers", Yes,
        "https://yandex.com/support/webmaster/robot-workings/check-yandex-robots.html", "2026-11-23";
    Search "Baiduspider", "Baidu", ["Baiduspider"], false,
        "Mozilla/5.0 (compatible; Baiduspider/2.0; +http://www.baidu.com/search/spider.html)",
        "Baidu search", Yes, "https://www.baidu.com/search/robots_english.html", "2026-11-23";
    Search "SeznamBot", "Seznam", ["SeznamBot"], false,
        "Mozilla/5.0 (compatible; SeznamBot/4.0; +https://o-seznam.cz/napoveda/vyhledavani/en/seznambot-crawler/)",
        "Seznam search", Yes, "https://o-seznam.cz/napoveda/vyhledavani/en/seznambot-crawler/", "2026-11-23";
    Search "Slurp", "Yahoo", ["Slurp"], false,
        "Mozilla/5.0 (compatible; Yahoo! Slurp; http://help.yahoo.com/help/us/ysearch/slurp)",
        "Yahoo search (Japan and legacy)", Yes, "https://help.yahoo.com/kb/SLN22600.html", "2026-11-23";
    Search "Yeti", "Naver", ["Yeti"], false,
        "Mozilla/5.0 (compatible; Yeti/1.1; +https://naver.me/spd)",
        "Naver search", Yes, "https://searchadvisor.naver.com/guide/seo-basic-robots", "2026-11-23";
    Search "MojeekBot", "Mojeek", ["MojeekBot"], false,
        "Mozilla/5.0 (compatible; MojeekBot/0.11; +https://www.mojeek.com/bot.html)",
        "Mojeek search", Yes, "https://www.mojeek.com/bot.html", "2026-11-23";
    Search "PetalBot", "Huawei", ["PetalBot"], false,
        "Mozilla/5.0 (Linux; Android 7.0;) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; \
        PetalBot;+https://webmaster.petalsearch.com/site/petalbot)",
        "Petal search and assistant", Yes, "https://webmaster.petalsearch.com/site/petalbot", "2026-11-23";
    AiTraining "GPTBot", "OpenAI", ["GPTBot"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)",
        "OpenAI model training", Yes, "https://platform.openai.com/docs/bots", "2026-10-28";
    AiSearch "OAI-SearchBot", "OpenAI", ["OAI-SearchBot"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.0; \
        +https://openai.com/searchbot",
        "ChatGPT search", Yes, "https://platform.openai.com/docs/bots", "2026-10-28";
    UserTriggered "ChatGPT-User", "OpenAI", ["ChatGPT-User"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
        "ChatGPT fetching pages for a user", MayNotApply, "https://platform.openai.com/docs/bots", "2026-10-28";
    Ads "OAI-AdsBot", "OpenAI", ["OAI-AdsBot"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-AdsBot/1.0; +https://openai.com/adsbot",
        "ChatGPT ads landing-page checks", Unknown, "https://platform.openai.com/docs/bots", "2026-10-28";
    AiTraining "ClaudeBot", "Anthropic", ["ClaudeBot"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
        "Anthropic model training", Yes, "https://support.anthropic.com/en/articles/8896518", "2026-02-20";
    AiSearch "Claude-SearchBot", "Anthropic", ["Claude-SearchBot"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; \
        +Claude-SearchBot@anthropic.com)",
        "Claude search quality", Yes, "https://support.anthropic.com/en/articles/8896518", "2026-02-20";
    UserTriggered "Claude-User", "Anthropic", ["Claude-User"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)",
        "Claude fetching pages for a user", Yes, "https://support.anthropic.com/en/articles/8896518", "2026-02-20";
    AiTraining "anthropic-ai", "Anthropic", ["anthropic-ai"], false,
        "",
        "Deprecated token of Anthropic's crawler (now ClaudeBot)", Unknown,
        "https://github.com/ai-robots-txt/ai.robots.txt", "2026-11-23";
    AiTraining "Claude-Web", "Anthropic", ["Claude-Web"], false,
        "",
        "Deprecated token of Anthropic's crawler (now ClaudeBot)", Unknown,
        "https://github.com/ai-robots-txt/ai.robots.txt", "2026-11-23";
    AiSearch "PerplexityBot", "Perplexity", ["PerplexityBot"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; \
        +https://perplexity.ai/perplexitybot)",
        "Perplexity search index", Yes, "https://docs.perplexity.ai/guides/bots", "2026-11-23";
    UserTriggered "Perplexity-User", "Perplexity", ["Perplexity-User"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; \
        +https://perplexity.ai/perplexity-user)",
        "Perplexity fetching pages for a user", MayNotApply, "https://docs.perplexity.ai/guides/bots", "2026-11-23";
    AiTraining "CCBot", "Common Crawl", ["CCBot"], false,
        "CCBot/2.0 (https://commoncrawl.org/faq/)",
        "Common Crawl open web archive (feeds training sets)", Yes, "https://commoncrawl.org/ccbot", "2026-11-23";
    AiSearch "Amazonbot", "Amazon", ["Amazonbot"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; \
        +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36",
        "Alexa answers and Amazon services", Yes, "https://developer.amazon.com/amazonbot", "2026-11-23";
    AiSearch "Amzn-SearchBot", "Amazon", ["Amzn-SearchBot"], false,
        "",
        "Amazon search and Rufus answers", Unknown, "https://github.com/ai-robots-txt/ai.robots.txt", "2026-11-23";
    UserTriggered "Amzn-User", "Amazon", ["Amzn-User"], false,
        "",
        "Amazon assistants fetching pages for a user", Unknown,
        "https://github.com/ai-robots-txt/ai.robots.txt", "2026-11-23";
    AiTraining "Bytespider", "ByteDance", ["Bytespider"], false,
        "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; \
        Bytespider; spider-feedback@bytedance.com)",
        "ByteDance search and AI", No, "https://github.com/ai-robots-txt/ai.robots.txt", "2026-11-23";
    AiTraining "TikTokSpider", "ByteDance", ["TikTokSpider"], false,
        "",
        "ByteDance AI and TikTok", Unknown, "https://github.com/ai-robots-txt/ai.robots.txt", "2026-11-23";
    Preview "facebookexternalhit", "Meta", ["facebookexternalhit"], false,
        "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
        "Link previews on Meta apps", No,
        "https://developers.facebook.com/docs/sharing/webmasters/web-crawlers", "2026-11-23";
    AiTraining "meta-externalagent", "Meta", ["meta-externalagent"], false,
        "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
        "Meta AI training and indexing", Yes,
        "https://developers.facebook.com/docs/sharing/webmasters/web-crawlers", "2026-11-23";
    UserTriggered "meta-externalfetcher", "Meta", ["meta-externalfetcher"], false,
        "meta-externalfetcher/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
        "Meta AI fetching pages for a user", MayNotApply,
        "https://developers.facebook.com/docs/sharing/webmasters/web-crawlers", "2026-11-23";
    AiSearch "Meta-WebIndexer", "Meta", ["Meta-WebIndexer"], false,
        "",
        "Meta AI search", Unknown, "https://github.com/ai-robots-txt/ai.robots.txt", "2026-11-23";
    UserTriggered "MistralAI-User", "Mistral", ["MistralAI-User"], false,
        "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; \
        +https://docs.mistral.ai/robots)",
        "Le Chat fetching pages for a user", Unknown, "https://github.com/ai-robots-txt/ai.robots.txt", "2026-11-23";
    AiTraining "DeepSeekBot", "DeepSeek", ["DeepSeekBot"], false,
        "",
        "DeepSeek model training", No, "https://github.com/ai-robots-txt/ai.robots.txt", "2026-11-23";
    AiTraining "cohere-ai", "Cohere", ["cohere-ai"], false,
        "",
        "Cohere model training", Unknown, "https://github.com/ai-robots-txt/ai.robots.txt", "2026-11-23";
    AiTraining "Diffbot", "Diffbot", ["Diffbot"], false,
        "Mozilla/5.0 (X11; U; Linux i686; en-US; rv:1.9.1.2) Gecko/20090729 Firefox/3.5.2 (.NET CLR 3.5.30729; \
        Diffbot/0.1; +http://www.diffbot.com)",
        "Diffbot knowledge graph and AI data", Unknown, "https://github.com/ai-robots-txt/ai.robots.txt", "2026-11-23";
    AiTraining "ImagesiftBot", "Hive", ["ImagesiftBot"], false,
        "",
        "Image search and AI datasets", Unknown, "https://github.com/ai-robots-txt/ai.robots.txt", "2026-11-23";
    AiTraining "Timpibot", "Timpi", ["Timpibot"], false,
        "",
        "Timpi index and AI data", Unknown, "https://github.com/ai-robots-txt/ai.robots.txt", "2026-11-23";
    AiTraining "omgili", "Webz.io", ["omgili"], false,
        "",
        "Webz.io data feeds sold for AI training", Unknown,
        "https://github.com/ai-robots-txt/ai.robots.txt", "2026-11-23";
    AiSearch "YouBot", "You.com", ["YouBot"], false,
        "",
        "You.com AI search", Unknown, "https://github.com/ai-robots-txt/ai.robots.txt", "2026-11-23";
    SeoTool "AhrefsBot", "Ahrefs", ["AhrefsBot"], false,
        "Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)",
        "Ahrefs backlink index", Yes, "https://ahrefs.com/robot", "2026-11-23";
    SeoTool "SemrushBot", "Semrush", ["SemrushBot"], false,
        "Mozilla/5.0 (compatible; SemrushBot/7~bl; +http://www.semrush.com/bot.html)",
        "Semrush backlink and site audit", Yes, "https://www.semrush.com/bot/", "2026-11-23";
    SeoTool "BLEXBot", "SE Ranking", ["BLEXBot"], false,
        "Mozilla/5.0 (compatible; BLEXBot/1.0; +https://help.seranking.com/en/blex-crawler)",
        "SE Ranking backlink index", Yes, "https://help.seranking.com/en/blex-crawler", "2026-11-23";
    SeoTool "DotBot", "Moz", ["DotBot"], false,
        "Mozilla/5.0 (compatible; DotBot/1.2; +https://opensiteexplorer.org/dotbot; help@moz.com)",
        "Moz link index", Yes, "https://moz.com/help/moz-procedures/crawlers/dotbot", "2026-11-23";
    SeoTool "rogerbot", "Moz", ["rogerbot"], false,
        "rogerbot/1.2 (https://moz.com/help/guides/moz-procedures/what-is-rogerbot)",
        "Moz site crawls", Yes, "https://moz.com/help/moz-procedures/crawlers/rogerbot", "2026-11-23";
    Preview "Twitterbot", "X", ["Twitterbot"], false,
        "Twitterbot/1.0",
        "Link previews (cards) on X", Yes,
        "https://developer.x.com/en/docs/x-for-websites/cards/guides/troubleshooting-cards", "2026-11-23";
    Preview "LinkedInBot", "LinkedIn", ["LinkedInBot"], false,
        "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
        "Link previews on LinkedIn", Unknown, "https://www.linkedin.com/help/linkedin/answer/a521928", "2026-11-23";
    Preview "Slackbot", "Slack", ["Slackbot-LinkExpanding", "Slackbot"], false,
        "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
        "Link previews in Slack", Yes, "https://api.slack.com/robots", "2026-11-23";
    Preview "Discordbot", "Discord", ["Discordbot"], false,
        "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
        "Link previews in Discord", Unknown, "https://github.com/ai-robots-txt/ai.robots.txt", "2026-11-23";
    Preview "TelegramBot", "Telegram", ["TelegramBot"], false,
        "TelegramBot (like TwitterBot)",
        "Link previews in Telegram", Unknown, "https://github.com/ai-robots-txt/ai.robots.txt", "2026-11-23";
    Search "Pinterestbot", "Pinterest", ["Pinterestbot"], false,
        "Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)",
        "Pinterest pins and search", Yes,
        "https://help.pinterest.com/en/business/article/pinterest-crawler", "2026-11-23";
}

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
