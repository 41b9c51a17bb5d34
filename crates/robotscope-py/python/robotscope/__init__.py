"""robots.txt answered exactly as Google's matcher answers it, with the deciding line and why.

Every answer comes from the robotscope engine (Rust); this package converts arguments and results.

>>> import robotscope
>>> robots = robotscope.Robots.parse(b"User-agent: *\\nDisallow: /private/\\n")
>>> v = robots.check("Googlebot", "https://example.com/private/a")
>>> (v.allowed, v.line)
(False, 2)
"""

from robotscope._native import (
    GOOGLE_REFERENCE,
    GOOGLE_SIZE_LIMIT,
    VERSION,
    AiAnswer,
    AiGroupSummary,
    Answer,
    AskedAgent,
    AskedUrl,
    Cell,
    Crawler,
    Diagnostic,
    Preference,
    Robots,
    RuleMatch,
    Survey,
    TypedAgent,
    TypedUrl,
    Usage,
    Verdict,
    crawler,
    crawler_set,
    crawlers,
    fetch_outcome,
    profiles,
    resolve_agent,
    resolve_url,
    robots_url,
)

__version__ = VERSION

__all__ = [
    "GOOGLE_REFERENCE",
    "GOOGLE_SIZE_LIMIT",
    "VERSION",
    "AiAnswer",
    "AiGroupSummary",
    "Answer",
    "AskedAgent",
    "AskedUrl",
    "Cell",
    "Crawler",
    "Diagnostic",
    "Preference",
    "Robots",
    "RuleMatch",
    "Survey",
    "TypedAgent",
    "TypedUrl",
    "Usage",
    "Verdict",
    "crawler",
    "crawler_set",
    "crawlers",
    "fetch_outcome",
    "profiles",
    "resolve_agent",
    "resolve_url",
    "robots_url",
]
