"""Parse once, ask many times; explain the answer; the three readings; lint."""

import robotscope

BODY = b"""User-agent: *
Disallow: /private/
Allow: /private/press/

User-agent: GPTBot
Disallow: /
"""

robots = robotscope.Robots.parse(BODY)

verdict = robots.check("Googlebot", "https://example.com/private/press/2024.html")
print(verdict.allowed, verdict.line, verdict.explain())

# What people type: presets (with fallbacks), User-Agent headers, hosts without a scheme, bare paths.
for agent in ["GPTBot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", "googlebot-image"]:
    v = robots.check(agent, "example.com/private/x")
    print(f"{agent[:30]:30} {'allowed' if v.allowed else 'blocked'} (line {v.line}, token {v.token})")

# Exactly as Google's library takes them: raw agents (a list is pooled) and the URL as given.
exact = robots.check(["FooBot", "BarBot"], "/private/a", exact=True)
assert not exact.allowed

for name, v in robots.readings("GPTBot", "/"):
    print(name, v.allowed)

# A whole question, as every robotscope surface answers it: typed agents x typed URLs, readings compared,
# against an earlier version of the file.
before = robotscope.Robots.parse(b"User-agent: *\nDisallow: /private/\n")
survey = robots.ask(["GPTBot", "Googlebot-News,Googlebot"], ["/", "/private/press/a"], view="compare", baseline=before)
for u, url in enumerate(survey.urls):
    for a, asked in enumerate(survey.agents):
        cell = survey.cell(u, a)
        if cell is not None:
            mark = " (changed)" if cell.changed else ""
            print(f"{asked.label:28} {url.typed.tested:20} {'allowed' if cell.allowed else 'blocked'}{mark}")

# What the file does to the AI crawlers of the catalogue, control tokens included.
for group in robots.ai_summary("/"):
    names = [a.crawler.name for a in group.crawlers if a.cell.blocked]
    print(f"{group.title}: {group.blocked} of {len(group.crawlers)} blocked: {', '.join(names)}")

for d in robotscope.Robots.parse(b"User-agent: *\nDisallow /x\n").lint():
    print(d.line, d.code, d.message)

print(robotscope.robots_url("https://example.com/a/b?c=d"))
delay: "float | None" = robots.crawl_delay("bingbot")
