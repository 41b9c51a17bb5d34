// The AI-era data, typed: the crawler catalogue with its facts, crawler sets, typed agents and URLs (the shared
// table of tests/fixtures/typed-inputs.json, which the core, the CLI and the tester answer too), usage
// preferences, and the AI view of a file with Cloudflare's managed block, a copied blocklist and Content-Usage.
import test from 'node:test';
import assert from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Robots, AI_GROUPS, CRAWLERS, CRAWLER_KINDS, crawler, crawlerSet, resolveAgent, resolveUrl } from 'robotscope';

const repo = process.env.ROBOTSCOPE_REPO;
const read = (path) => {
  assert.ok(repo, 'ROBOTSCOPE_REPO is not set: run the suites through `node test/run.mjs`');
  return readFileSync(join(repo, path), 'utf8');
};

test('the package answers the shared typed-inputs table as the core and the CLI do', () => {
  const table = JSON.parse(read('tests/fixtures/typed-inputs.json'));
  const robots = Robots.parse(table.robots);
  assert.ok(table.cases.length > 0);
  for (const c of table.cases) {
    const agent = resolveAgent(c.agent);
    const url = resolveUrl(c.url);
    assert.strictEqual(agent.kind, c.kind, `kind of ${c.agent}`);
    assert.strictEqual(url.tested, c.tested, `tested URL of ${c.url}`);
    const answer = robots.checkAgent(c.agent, c.url);
    assert.strictEqual(answer.agent.kind, c.kind);
    assert.strictEqual(answer.url.tested, c.tested);
    assert.strictEqual(answer.token, c.token, `token of ${c.agent}`);
    assert.strictEqual(answer.follows, c.follows, `follows of ${c.agent}`);
    assert.strictEqual(answer.verdict.allowed, c.allowed, `${c.agent} ${c.tested}`);
    assert.strictEqual(answer.verdict.line, c.line, `${c.agent} ${c.tested}`);
    // A typed agent with no preset is the engine's own answer for its token.
    if (c.kind !== 'preset') {
      assert.deepStrictEqual(answer.verdict, robots.check(c.token, c.tested));
    }
  }
});

test('the catalogue is the core table, with facts, kinds and sets', () => {
  assert.strictEqual(CRAWLERS.length, new Set(CRAWLERS.map((c) => c.name)).size);
  const kinds = CRAWLER_KINDS.map((k) => k.kind);
  assert.deepStrictEqual(kinds, ['search', 'ads', 'ai-training', 'ai-search', 'user-triggered', 'control-token', 'preview', 'seo-tool', 'other']);
  for (const c of CRAWLERS) {
    assert.ok(kinds.includes(c.kind), c.name);
    assert.ok(['yes', 'may-not-apply', 'no', 'unknown'].includes(c.obeys), c.name);
    assert.match(c.asOf, /^\d{4}-\d\d-\d\d$/);
    assert.ok(c.tokens.length > 0);
    // The engine finds each entry by its name, in any case.
    assert.strictEqual(crawler(c.name.toUpperCase()), c);
  }
  const gpt = crawler('gptbot');
  assert.strictEqual(gpt.operator, 'OpenAI');
  assert.strictEqual(gpt.obeys, 'yes');
  assert.match(gpt.userAgent, /GPTBot\//);
  assert.deepStrictEqual(crawler('googlebot-image').tokens, ['Googlebot-Image', 'Googlebot']);
  assert.strictEqual(crawler('NoSuchBot'), null);
  // The catalogue is generated from the core's one data file: every entry, with where its IP ranges and
  // signature directory are published.
  const data = JSON.parse(read('crates/robotscope/data/crawlers.json')).crawlers;
  assert.strictEqual(CRAWLERS.length, data.length);
  assert.deepStrictEqual(CRAWLERS.map((c) => [c.name, c.ipRangesUrl, c.signatureAgent]),
    data.map((e) => [e.name, e.ip_ranges_url, e.signature_agent]));
  assert.strictEqual(crawler('Google-Agent').signatureAgent, 'https://agent.bot.goog');
  assert.match(crawler('Google-Extended').scopeNote, /AI Overviews/);
  assert.strictEqual(gpt.scopeNote, null);
  // Sets are the core's: each kind, `@ai` (the kinds about AI) and `@all`, in catalogue order.
  for (const k of CRAWLER_KINDS) {
    assert.deepStrictEqual(crawlerSet(`@${k.kind}`), CRAWLERS.filter((c) => c.kind === k.kind), k.kind);
  }
  const ai = CRAWLER_KINDS.filter((k) => k.ai).map((k) => k.kind);
  assert.deepStrictEqual(ai, ['ai-training', 'ai-search', 'user-triggered', 'control-token']);
  assert.deepStrictEqual(crawlerSet('@AI'), CRAWLERS.filter((c) => ai.includes(c.kind)));
  assert.deepStrictEqual(crawlerSet('all'), [...CRAWLERS]);
  assert.strictEqual(crawlerSet('@robots'), null);
  // Read as the core's `crawler_set` reads a name: Rust's `trim` (U+0085 is a space there, U+FEFF is not), one `@`,
  // ASCII case only; the sets of AI groups by their names (`training` holds the control tokens).
  const training = CRAWLERS.filter((c) => c.kind === 'ai-training' || c.kind === 'control-token');
  assert.deepStrictEqual(crawlerSet(' \u0085@Training\u3000'), training);
  assert.strictEqual(crawlerSet('\ufeff@training'), null);
  assert.strictEqual(crawlerSet('@@ai'), null);
  assert.strictEqual(crawlerSet('@a\u0130'), null);
  assert.strictEqual(crawlerSet('constructor'), null);
});

test('usage preferences: the longest Content-Usage path decides, only where the crawler may fetch', () => {
  const robots = Robots.parse(
    'User-Agent: *\nAllow: /\nDisallow: /never/\nContent-Usage: / train-ai=n\nContent-Usage: /ai-ok/ train-ai=y\nContent-Usage: /odd/ Train-AI=n\n'
  );
  const { described, ...okay } = robots.usage('AnyBot', 'https://example.com/ai-ok/page');
  assert.deepStrictEqual(okay, {
    crawlable: true,
    contentUsage: [{ key: 'train-ai', granted: true, line: 5 }],
    contentUsageLines: [5],
    contentUsageUnknown: false,
    contentSignal: [],
    contentUse: null,
  });
  // The core's words, as every surface shows them, then what the validators say of the line.
  assert.deepStrictEqual(described[0], { label: 'Content-Usage (IETF draft)', text: 'train-ai=yes (line 5)' });
  assert.match(described[1].text, /^Content-Usage \(line 5\): .*Lighthouse/);
  assert.deepStrictEqual(robots.usage('AnyBot', '/blog').contentUsage, [{ key: 'train-ai', granted: false, line: 4 }]);
  const never = robots.usage(['AnyBot', 'Other'], '/never/x');
  assert.strictEqual(never.crawlable, false);
  assert.deepStrictEqual(never.contentUsage, []);
  // A dictionary that does not parse (upper-case keys) makes every preference unknown.
  const odd = robots.usage('AnyBot', '/odd/x');
  assert.deepStrictEqual([odd.contentUsageUnknown, odd.contentUsage, odd.contentUsageLines], [true, [], [6]]);
  assert.throws(() => robots.usage('/x', 'Googlebot'), TypeError);
});

// static/examples/ai-era.robots.txt, the file of the top-level README's AI section:
//  1 # BEGIN Cloudflare Managed content      14 User-agent: *
//  2 User-agent: *                           15 Disallow: /
//  3 Content-Signal: search=yes, ai-train=no 16 Content-Usage: / train-ai=n
//  4 Allow: /                                17 Content-Usage: /docs/ train-ai=y, search=y
//  6-9 GPTBot, ClaudeBot, OAI-SearchBot, anthropic-ai   19-20 Googlebot: Allow: /
// 10 Disallow: /                             23-26 ChatGPT Agent, MistralAI-User/1.0, Claude-Web: Disallow: /
test('the AI view: who is blocked, who only looks blocked, and the usage preferences, with their lines', () => {
  const robots = Robots.parse(read('static/examples/ai-era.robots.txt'));
  const report = robots.ai({ urls: ['/', 'docs/guide'] });
  // The core's AI groups: training holds the control tokens (Google-Extended, Applebot-Extended) too.
  assert.deepStrictEqual(report.map((k) => k.kind), AI_GROUPS.map((g) => g.name));
  assert.deepStrictEqual(AI_GROUPS.map((g) => [g.name, g.kinds]), [['training', ['ai-training', 'control-token']], ['ai-search', ['ai-search']], ['user-triggered', ['user-triggered']]]);
  const training = report[0];
  assert.strictEqual(training.title, 'AI training');
  const trainers = CRAWLERS.filter((c) => c.kind === 'ai-training' || c.kind === 'control-token');
  assert.strictEqual(training.total, trainers.length);
  assert.deepStrictEqual(training.crawlers.map((a) => a.crawler), trainers.flatMap((c) => [c, c]));
  const at = (name, url) => report.flatMap((k) => k.crawlers).find((a) => a.crawler.name === name && a.url === url);
  // Named in Cloudflare's block: disallowed by line 10.
  for (const name of ['GPTBot', 'ClaudeBot', 'OAI-SearchBot']) {
    const a = at(name, '/');
    assert.deepStrictEqual([a.allowed, a.line, a.rule.value, a.tiedDisallow], [false, 10, '/', null], name);
  }
  // Claude-Web is named only in the copied blocklist: line 26.
  assert.deepStrictEqual([at('Claude-Web', '/').allowed, at('Claude-Web', '/').line], [false, 26]);
  // CCBot has no group: the two `*` groups merge, and Cloudflare's `Allow: /` (line 4) ties the site's
  // `Disallow: /` (line 15): ties go to Allow, so it only looks blocked.
  const cc = at('CCBot', '/');
  assert.deepStrictEqual([cc.allowed, cc.line, cc.token, cc.tiedDisallow], [true, 4, 'CCBot', 15]);
  const { described, ...usage } = cc.usage;
  assert.deepStrictEqual(usage, {
    crawlable: true,
    contentUsage: [{ key: 'train-ai', granted: false, line: 16 }],
    contentUsageLines: [16],
    contentUsageUnknown: false,
    contentSignal: [{ key: 'search', granted: true, line: 3 }, { key: 'ai-train', granted: false, line: 3 }],
    contentUse: null,
  });
  assert.deepStrictEqual(described.map((d) => d.label), ['Content-Usage (IETF draft)', 'Content-Signal', 'Validators']);
  const docs = at('CCBot', '/docs/guide');
  assert.deepStrictEqual(docs.usage.contentUsage, [
    { key: 'train-ai', granted: true, line: 17 },
    { key: 'search', granted: true, line: 17 },
  ]);
  // Blocked crawlers get no Content-Usage: it applies only to URLs they may fetch.
  assert.deepStrictEqual(at('GPTBot', '/').usage.contentUsage, []);
  // ChatGPT-User is not the `ChatGPT` of `User-agent: ChatGPT Agent` (line 23): the `*` tie lets it in.
  const user = at('ChatGPT-User', '/');
  assert.deepStrictEqual([user.allowed, user.line, user.tiedDisallow], [true, 4, 15]);
  // The counts per URL follow from the answers (the CLI prints "4 of 14 blocked at /" for this file).
  for (const k of report) {
    for (const { url, blocked, onlyLookBlocked } of k.blocked) {
      const here = k.crawlers.filter((a) => a.url === url);
      assert.strictEqual(blocked, here.filter((a) => !a.allowed).length);
      assert.strictEqual(onlyLookBlocked, here.filter((a) => a.tiedDisallow !== null).length);
    }
  }
  assert.deepStrictEqual(training.blocked[0], {
    url: '/',
    blocked: 4,
    onlyLookBlocked: trainers.length - 4,
  });
  // Every answer is checkAgent's for the crawler's name.
  for (const a of report.flatMap((k) => k.crawlers)) {
    const c = robots.checkAgent(a.crawler.name, a.url);
    assert.deepStrictEqual([a.allowed, a.line, a.rule, a.token, a.follows, a.tiedDisallow, a.usage], [c.verdict.allowed, c.verdict.line, c.verdict.rule, c.token, c.follows, c.tiedDisallow, c.usage]);
  }
  assert.match(robots.checkAgent('CCBot', '/').explanation, /ties go to Allow/);
  // The grid reads each agent and URL once, and answers as checkAgent does.
  const agents = ['CCBot', 'googlebot-image', 'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)', '*'];
  const urls = ['/', 'docs/guide', 'https://example.com/private'];
  const grid = robots.grid(agents, urls, { base: 'https://example.com' });
  assert.strictEqual(grid.length, urls.length);
  grid.forEach((row, r) => {
    assert.strictEqual(row.length, agents.length);
    row.forEach((cell, c) => {
      const one = robots.checkAgent(agents[c], urls[r], { base: 'https://example.com' });
      const v = one.verdict;
      assert.deepStrictEqual(cell, { allowed: v.allowed, line: v.line, token: one.token, follows: one.follows, rule: v.rule, scope: v.scope, groups: v.groups, tiedDisallow: one.tiedDisallow });
    });
  });
  assert.deepStrictEqual(robots.grid([], ['/']), [[]]);
  assert.throws(() => robots.grid(['a\nb'], ['/']), /line break/);
  assert.deepStrictEqual(robots.ai({ kinds: ['user-triggered'] }).map((k) => k.kind), ['user-triggered']);
  assert.throws(() => robots.ai({ kinds: ['control-token'] }), /unknown kind "control-token"/);
  assert.throws(() => robots.ai({ urls: ['mailto:a@example.com'] }), TypeError);
  assert.throws(() => robots.checkAgent(5, '/'), TypeError);
  assert.throws(() => robots.checkAgent('CCBot', '/', { bass: 'x' }), /unknown option "bass"/);
  assert.strictEqual(robots.checkAgent('CCBot', 'cart', { base: 'https://example.com' }).url.tested, 'https://example.com/cart');
});

test("a survey's AI counts are named by group and count its cells' blocked and looksBlocked marks", () => {
  const robots = Robots.parse(read('static/examples/ai-era.robots.txt'));
  const agents = ['GPTBot', 'CCBot', 'Googlebot', 'OAI-SearchBot', 'Google-Extended', 'ChatGPT Agent', 'Googlebot,GPTBot'];
  const urls = ['/', '/docs/guide', 'http://'];
  const s = robots.ask({ agents, urls });
  assert.strictEqual(s.ai.length, urls.length);
  s.ai.forEach((counts, u) => {
    assert.deepStrictEqual(counts.map((c) => c.group), AI_GROUPS.map((g) => g.name));
    for (const [i, g] of AI_GROUPS.entries()) {
      // The rows that name one crawler of the group (a pool names none).
      const rows = s.agents.map((a, k) => [a, k]).filter(([a]) => a.members.length === 1 && a.members[0].crawler && g.kinds.includes(a.members[0].crawler.kind));
      const cells = s.cells[u] === undefined ? [] : rows.map(([, k]) => s.cells[u][k]).filter((c) => c !== null);
      assert.deepStrictEqual(
        [counts[i].blocked, counts[i].looksBlocked],
        [cells.filter((c) => c.blocked).length, cells.filter((c) => c.looksBlocked).length],
        `${urls[u]} ${g.name}`
      );
    }
  });
  // GPTBot is blocked at / (training); CCBot only looks blocked there.
  assert.ok(s.ai[0][0].blocked >= 1 && s.ai[0][0].looksBlocked >= 1, JSON.stringify(s.ai[0]));
  // The URL that cannot be read counts nothing.
  assert.ok(s.ai[2].every((c) => c.blocked === 0 && c.looksBlocked === 0));
});
