//! Lines Google ignores but other crawlers honour (`Crawl-delay`, `Request-rate`, `Visit-time`), read as those
//! crawlers read them: in each agent's own record.
//!
//! Google merges `User-agent: A / Crawl-delay: 1 / User-agent: B / Crawl-delay: 5` into one group, because only an
//! `Allow` or `Disallow` line ends a group, and that is right for the rules. The crawlers that read these keys (Bing,
//! Yandex, Protego, Python's `urllib.robotparser`) end a record at any line other than `User-agent`, so A's delay
//! is 1 and B's is 5. Which records apply is still Google's choice: those that name the agents' product tokens,
//! else those for `*`.

use alloc::vec::Vec;

use super::{parse_seconds, Agents, OtherDirective, Robots};

/// A line of the file in the order records are read.
#[derive(Clone, Copy)]
enum Item {
    Agent(usize),
    Rule,
    Other(usize),
}

impl Robots {
    /// The `key` lines (ASCII case ignored: `crawl-delay`, `request-rate`, `visit-time`, any key Google does not act
    /// on) of the records that apply to `agents`, in file order. A record is a run of `User-agent` lines and the
    /// lines after them up to the next `User-agent` line that follows a line of another key (`Sitemap` and `Host`,
    /// which name the site, do not end it), as Protego and `urllib.robotparser` read records; the records that
    /// apply are those that name one of `agents` (their product tokens, as Google compares them), else those
    /// for `*`.
    ///
    /// ```
    /// let robots = robotscope::Robots::parse(
    ///     "User-agent: Slurp\nCrawl-delay: 1\nUser-agent: bingbot\nCrawl-delay: 5\nRequest-rate: 1/10\nDisallow: /\n",
    /// );
    /// let rates: Vec<&[u8]> = robots.record_lines("bingbot", "request-rate").iter().map(|o| o.value).collect();
    /// assert_eq!(rates, [b"1/10"]);
    /// assert!(robots.record_lines("Slurp", "request-rate").is_empty());
    /// ```
    pub fn record_lines<A: Agents + ?Sized>(&self, agents: &A, key: &str) -> Vec<OtherDirective<'_>> {
        let own = self.has_own_group(agents);
        let (mut applies, mut in_agents) = (false, false);
        let mut out = Vec::new();
        for item in self.record_items() {
            match item {
                Item::Agent(i) => {
                    let a = &self.agents[i];
                    if !in_agents {
                        (applies, in_agents) = (false, true);
                    }
                    applies |= if own { !a.global && agents.any_equals(self.token(a)) } else { a.global };
                }
                Item::Rule => in_agents = false,
                Item::Other(i) => {
                    let o = &self.others[i];
                    let key_of = self.text(o.key);
                    if key_of.eq_ignore_ascii_case(b"host") {
                        continue;
                    }
                    in_agents = false;
                    if applies && key_of.eq_ignore_ascii_case(key.as_bytes()) {
                        out.push(OtherDirective {
                            line: o.line,
                            key: key_of,
                            value: self.text(o.value),
                            value_span: o.value,
                            group: o.group,
                        });
                    }
                }
            }
        }
        out
    }

    /// The `Crawl-delay` in seconds for these agents, and its line: the last valid value in the records that apply
    /// to them ([`Robots::record_lines`]: their own records if they have any, else the `*` records), as Protego
    /// and `urllib.robotparser` keep the last. Values are decimal seconds (`10`, `0.5`, `.5`); `+5`, `1e3` and
    /// `inf` are not read. Google ignores crawl-delay; Bing, Yandex and others honour it.
    ///
    /// ```
    /// let robots = robotscope::Robots::parse(
    ///     "User-agent: Slurp\nCrawl-delay: 1\nUser-agent: bingbot\nCrawl-delay: 5\nDisallow: /x\n",
    /// );
    /// assert_eq!(robots.crawl_delay("bingbot"), Some((5.0, 4)));
    /// assert_eq!(robots.crawl_delay("Slurp"), Some((1.0, 2)));
    /// ```
    pub fn crawl_delay<A: Agents + ?Sized>(&self, agents: &A) -> Option<(f64, usize)> {
        let lines = self.record_lines(agents, "crawl-delay");
        lines.iter().rev().find_map(|o| parse_seconds(o.value).map(|v| (v, o.line)))
    }

    /// The user-agent, rule and other lines, merged in line order (each list is in line order already).
    fn record_items(&self) -> impl Iterator<Item = Item> + '_ {
        let (mut a, mut r, mut o) = (0, 0, 0);
        core::iter::from_fn(move || {
            let line = |l: Option<usize>| l.unwrap_or(usize::MAX);
            let next = [
                line(self.agents.get(a).map(|x| x.line)),
                line(self.rules.get(r).map(|x| x.line)),
                line(self.others.get(o).map(|x| x.line)),
            ];
            let min = next.iter().copied().min().filter(|&m| m != usize::MAX)?;
            Some(if next[0] == min {
                a += 1;
                Item::Agent(a - 1)
            } else if next[1] == min {
                r += 1;
                Item::Rule
            } else {
                o += 1;
                Item::Other(o - 1)
            })
        })
    }
}
