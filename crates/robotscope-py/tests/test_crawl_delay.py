"""Crawl-delay as Protego (PyPI, the pinned release) reads it, on every corpus file with a Crawl-delay line.

Google ignores Crawl-delay, so robotscope reads it as the crawlers that honour it do: in each agent's own record
(a `User-agent` line after a line of another key starts one, where Google's group would go on), the last valid
value, from the agent's own records, else from `*`'s. For `*` and for every product token a file names (letters,
`-` and `_`), that is Protego's answer. For the other `User-agent` values (full headers, names with digits, spaces
or other characters) the records that apply are still chosen as Google chooses groups, by product token:
`Yahoo! Slurp` names `Yahoo`'s records, and a name with no token (`008`, `360Spider`) none, so `*`'s apply, where
Protego looks for the whole value. The package README says so; here every difference must be of that kind.
"""

import re
from pathlib import Path

import protego

import robotscope.protego

PRODUCT_TOKEN = re.compile(r"[A-Za-z_-]+|\*")
USER_AGENT = re.compile(r"\s*user-agent\s*:(.*)", re.I)


def test_crawl_delay_is_protegos_for_every_agent_of_the_corpus(conformance: Path) -> None:
    files = pairs = same_for_tokens = 0
    differences = []
    for path in sorted((conformance / "corpus").iterdir()):
        raw = path.read_bytes()
        if b"crawl-delay" not in raw.lower():
            continue
        files += 1
        text = raw.decode("utf-8", "replace")
        theirs, ours = protego.Protego.parse(text), robotscope.protego.Protego.parse(text)
        agents = {"*"}
        for line in text.splitlines():
            m = USER_AGENT.match(line.split("#")[0])
            if m and m.group(1).strip():
                agents.add(m.group(1).strip())
        for agent in sorted(agents):
            pairs += 1
            expected, got = theirs.crawl_delay(agent), ours.crawl_delay(agent)
            if expected == got:
                same_for_tokens += bool(PRODUCT_TOKEN.fullmatch(agent))
            else:
                differences.append((path.name, agent, got, expected))
    tokens = [d for d in differences if PRODUCT_TOKEN.fullmatch(d[1])]
    print(
        f"crawl-delay on {files} corpus files: {pairs} (file, agent) pairs, {same_for_tokens} product tokens and * "
        f"as Protego reads them; {len(differences)} differ, all for values that are no product token"
    )
    assert files > 700
    assert tokens == [], "product tokens whose crawl-delay differs from Protego's"
