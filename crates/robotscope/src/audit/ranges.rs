//! The operators' published IP ranges, as dated snapshots shipped with the crate. Each names the catalogue
//! crawlers it verifies, the operator's URL, the dated copy it was taken from and the list's own
//! `creationTime`. A crawler with no snapshot here is "unverified", never "spoofed".

/// One operator list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Snapshot {
    /// The catalogue crawlers (by [`Crawler::name`](crate::Crawler::name)) whose requests it verifies.
    pub crawlers: &'static [&'static str],
    /// The operator's URL for the list.
    pub source: &'static str,
    /// The list's `creationTime`, as the operator wrote it.
    pub date: &'static str,
    /// The list: a header of `#` lines (source, copy, date), then one CIDR range per line.
    pub text: &'static str,
}

/// The shipped snapshots (copies kept by <https://github.com/searchtheoryio/ips>, which records each list
/// every half hour; the commit of each copy is in its header). Bing, Anthropic, PerplexityBot, ChatGPT-User
/// and Google's special crawlers and fetchers are not shipped yet: their requests count as unverified.
pub const IP_SNAPSHOTS: &[Snapshot] = &[
    Snapshot {
        crawlers: &["Googlebot", "Googlebot-Image", "Googlebot-News", "Googlebot-Video"],
        source: "https://developers.google.com/static/search/apis/ipranges/googlebot.json",
        date: "2026-01-14T15:45:48",
        text: include_str!("ranges/googlebot.txt"),
    },
    Snapshot {
        crawlers: &["GPTBot"],
        source: "https://openai.com/gptbot.json",
        date: "2025-05-22T11:51:00",
        text: include_str!("ranges/gptbot.txt"),
    },
    Snapshot {
        crawlers: &["OAI-SearchBot"],
        source: "https://openai.com/searchbot.json",
        date: "2025-10-03T12:00:00",
        text: include_str!("ranges/oai-searchbot.txt"),
    },
    Snapshot {
        crawlers: &["CCBot"],
        source: "https://index.commoncrawl.org/ccbot.json",
        date: "2026-08-04T12:40:20Z",
        text: include_str!("ranges/ccbot.txt"),
    },
    Snapshot {
        crawlers: &["Applebot"],
        source: "https://search.developer.apple.com/applebot.json",
        date: "2026-09-15T10:00:00",
        text: include_str!("ranges/applebot.txt"),
    },
    Snapshot {
        crawlers: &["Perplexity-User"],
        source: "https://www.perplexity.com/perplexity-user.json",
        date: "2025-03-28T15:35:00",
        text: include_str!("ranges/perplexity-user.txt"),
    },
];
