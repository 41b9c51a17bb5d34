//! The sample files of the examples menu, built into the app (they are small) from `static/examples/`.

/// A sample robots.txt file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Example {
    /// What the menu shows.
    pub title: &'static str,
    /// The file name, for downloads.
    pub file: &'static str,
    /// The file.
    pub text: &'static str,
    /// Agents worth asking about it, one per line (offered when it is chosen; the user's own stay otherwise).
    pub agents: &'static str,
    /// URLs worth asking about it, one per line.
    pub urls: &'static str,
}

/// The examples, the first of which a new session starts from.
pub const EXAMPLES: &[Example] = &[
    Example {
        title: "Example: groups and longest match",
        file: "example.robots.txt",
        text: include_str!("../../static/examples/example.robots.txt"),
        agents: "Googlebot\nGPTBot\nMozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)\n",
        urls: "https://example.com/shop/shoes\nhttps://example.com/cart\n/private/press/launch.html\n/blog/größe\n",
    },
    Example {
        title: "Online shop: wildcards and end anchors",
        file: "shop.robots.txt",
        text: include_str!("../../static/examples/shop.robots.txt"),
        agents: "Googlebot\nGooglebot-Image\nAdsBot-Google\nBingbot\n",
        urls: "https://shop.example.com/cart\nhttps://shop.example.com/shoes?sort=price\n\
               https://shop.example.com/manual.pdf\nhttps://shop.example.com/catalog/shoes.pdf\n\
               https://shop.example.com/account/login\nhttps://shop.example.com/private-images/a.jpg\n",
    },
    Example {
        title: "Keep AI training crawlers out",
        file: "ai-crawlers.robots.txt",
        text: include_str!("../../static/examples/ai-crawlers.robots.txt"),
        agents: "Googlebot\nGPTBot\nGoogle-Extended\nChatGPT-User\nPerplexityBot\n",
        urls: "https://example.com/\nhttps://example.com/docs/start\nhttps://example.com/blog/post\n",
    },
    Example {
        title: "AI era: Cloudflare's block, a copied blocklist, usage lines",
        file: "ai-era.robots.txt",
        text: include_str!("../../static/examples/ai-era.robots.txt"),
        agents: "Googlebot\nGPTBot\nCCBot\nChatGPT-User\nOAI-SearchBot\n",
        urls: "https://example.com/\nhttps://example.com/docs/guide\nhttps://example.com/account\n",
    },
    Example {
        title: "Common mistakes (see the lint)",
        file: "pitfalls.robots.txt",
        text: include_str!("../../static/examples/pitfalls.robots.txt"),
        agents: "Googlebot\nBingbot\nGPTBot\n",
        urls: "/private\n/drafts/a\n/images/a\n/search$q\n/tmp/x\n",
    },
];
