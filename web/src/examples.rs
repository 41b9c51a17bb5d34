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
}

/// The examples, the first of which a new session starts from.
pub const EXAMPLES: &[Example] = &[
    Example {
        title: "Example: groups and longest match",
        file: "example.robots.txt",
        text: include_str!("../../static/examples/example.robots.txt"),
    },
    Example {
        title: "Online shop: wildcards and end anchors",
        file: "shop.robots.txt",
        text: include_str!("../../static/examples/shop.robots.txt"),
    },
    Example {
        title: "Keep AI training crawlers out",
        file: "ai-crawlers.robots.txt",
        text: include_str!("../../static/examples/ai-crawlers.robots.txt"),
    },
    Example {
        title: "AI era: Cloudflare's block, a copied blocklist, usage lines",
        file: "ai-era.robots.txt",
        text: include_str!("../../static/examples/ai-era.robots.txt"),
    },
    Example {
        title: "Common mistakes (see the lint)",
        file: "pitfalls.robots.txt",
        text: include_str!("../../static/examples/pitfalls.robots.txt"),
    },
];
