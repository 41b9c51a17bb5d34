// The three readings of one file (SPEC B6) through the package: `robots.check(agents, url, { profile })`,
// `checkAgent` and `grid` with a profile, and `robots.compare`. The expected answers are the CLI's, in
// fixtures/pitfalls-compare.jsonl, written by
//   for a in GPTBot Bingbot Googlebot; do robotscope check --compare --json static/examples/pitfalls.robots.txt \
//     --agent $a /private /drafts/x /search '/search$q' /images/a /tmp/x /robots.txt; done
// (the wasm crate's Rust test `the_cli_fixture_is_the_cores` checks the fixture against the core).
import test from 'node:test';
import assert from 'node:assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Robots, PROFILES } from 'robotscope';

const repo = process.env.ROBOTSCOPE_REPO;
const read = (path) => {
  assert.ok(repo, 'ROBOTSCOPE_REPO is not set: run the suites through `node test/run.mjs`');
  return readFileSync(join(repo, path), 'utf8');
};
const pitfalls = () => Robots.parse(read('static/examples/pitfalls.robots.txt'));
const cli = () =>
  read('crates/robotscope-wasm/test/fixtures/pitfalls-compare.jsonl')
    .split('\n')
    .filter((l) => l)
    .map((l) => JSON.parse(l));

test('PROFILES are the core names, Google first', () => {
  assert.deepStrictEqual([...PROFILES], ['google', 'rfc9309', '1994']);
  assert.ok(Object.isFrozen(PROFILES));
});

test('robots.compare answers as the CLI check --compare does', () => {
  const robots = pitfalls();
  const lines = cli();
  assert.ok(lines.some((l) => l.differs) && lines.some((l) => !l.differs), 'the fixture has rows that differ and rows that do not');
  for (const l of lines) {
    const [row] = robots.compare(l.agents[0], l.url);
    const what = `${l.agents[0]} ${l.url}`;
    assert.strictEqual(row.url, l.url);
    assert.strictEqual(row.agent, l.agents[0]);
    assert.strictEqual(row.differs, l.differs, `differs for ${what}`);
    assert.strictEqual(row.linesDiffer, new Set(l.profiles.map((p) => p.line)).size > 1, `linesDiffer for ${what}`);
    assert.deepStrictEqual(
      row.answers.map((a) => [a.profile, a.allowed, a.line, a.rule && a.rule.line, a.scope, a.explanation]),
      l.profiles.map((p) => [p.profile, p.allowed, p.line, p.rule && p.rule.line, p.scope, p.why]),
      what
    );
  }
});

test('robots.check with a profile gives that reading of compare, and google is the default', () => {
  const robots = pitfalls();
  for (const l of cli()) {
    for (const p of l.profiles) {
      const v = robots.check(l.agents, l.url, { profile: p.profile });
      const what = `${l.agents[0]} ${l.url} under ${p.profile}`;
      assert.deepStrictEqual([v.allowed, v.line, v.scope, v.path, v.groupLines], [p.allowed, p.line, p.scope, p.path, p.group_lines], what);
      assert.strictEqual(v.rule && v.rule.value, p.rule && p.rule.value, what);
    }
    assert.deepStrictEqual(robots.check(l.agents, l.url, { profile: 'google' }), robots.check(l.agents, l.url));
    assert.deepStrictEqual(robots.check(l.agents, l.url, { profile: ' Google ' }), robots.check(l.agents, l.url), 'names as the core parses them');
  }
});

test('compare takes several agents, pooled lists and a choice of profiles, URL-major', () => {
  const robots = pitfalls();
  const rows = robots.compare(['GPTBot', ['Bingbot', 'GPTBot']], ['/images/a', '/private'], { profiles: ['1994', 'google'] });
  assert.deepStrictEqual(
    rows.map((r) => [r.url, r.agent, r.answers.map((a) => a.profile)]),
    [
      ['/images/a', 'GPTBot', ['1994', 'google']],
      ['/images/a', 'Bingbot,GPTBot', ['1994', 'google']],
      ['/private', 'GPTBot', ['1994', 'google']],
      ['/private', 'Bingbot,GPTBot', ['1994', 'google']],
    ]
  );
  // Each row is named as the core read it: a pooled list is its members joined by commas.
  for (const r of rows) {
    for (const a of r.answers) {
      const v = robots.check(r.agent.split(','), r.url, { profile: a.profile });
      assert.deepStrictEqual([a.allowed, a.line], [v.allowed, v.line], `${r.agent} ${r.url} ${a.profile}`);
    }
    assert.strictEqual(r.differs, r.answers[0].allowed !== r.answers[1].allowed);
    assert.strictEqual(r.linesDiffer, r.answers[0].line !== r.answers[1].line);
  }
  // The pooled Bingbot + GPTBot query names Bingbot's group: the 1994 reading knows no Allow.
  assert.strictEqual(rows[1].differs, true);
  assert.match(rows[1].answers[1].explanation, /Bingbot/);
});

test('a survey compares the readings asked, in their order, and marks them over their own answers', () => {
  const robots = pitfalls();
  const agents = ['GPTBot', 'Bingbot', 'Googlebot-Image', 'MyBot'];
  const urls = ['/images/a', '/private', '/', '/a/b?c'];
  for (const readings of [['rfc9309', '1994'], ['1994', 'google'], ['rfc9309'], ['google', 'rfc9309', '1994']]) {
    const s = robots.ask({ agents, urls, view: 'compare', readings });
    let differ = 0;
    s.cells.flat().forEach((c, i) => {
      const [agent, url] = [agents[i % agents.length], urls[Math.floor(i / agents.length)]];
      assert.deepStrictEqual(c.readers.map((r) => r.profile), readings);
      const own = readings.map((p) => robots.ask({ agents: [agent], urls: [url], view: p }).cells[0][0]);
      // Each reader is that reading's own answer, its rule (with its place) and scope included.
      const short = (a) => [a.allowed, a.line, a.rule, a.scope, a.token, a.follows];
      const verdicts = own.map((o) => [o.allowed, o.line, o.verdict.rule, o.verdict.scope, o.token, o.follows]);
      assert.deepStrictEqual(c.readers.map(short), verdicts, `${agent} ${url} ${readings}`);
      assert.strictEqual(c.differs, new Set(own.map((o) => o.allowed)).size > 1, `${agent} ${url} ${readings}`);
      assert.strictEqual(c.linesDiffer, new Set(own.map((o) => o.line)).size > 1, `${agent} ${url} ${readings}`);
      differ += c.differs;
    });
    assert.strictEqual(s.differ, differ);
  }
  // The baseline's answer names its own file's rule, placed in that file.
  const old = Robots.parse('# the old file\nUser-agent: *\nDisallow: /images\n');
  const against = robots.ask({ agents: ['MyBot'], urls: ['/images/a'], baseline: old }).cells[0][0].baseline;
  const then = old.ask({ agents: ['MyBot'], urls: ['/images/a'] }).cells[0][0].verdict;
  assert.deepStrictEqual([against.allowed, against.line, against.rule, against.scope], [then.allowed, then.line, then.rule, then.scope]);
  assert.deepStrictEqual([against.rule.line, against.rule.column, against.rule.value], [3, 11, '/images']);
  // Without readings every profile is compared; under one reading they are ignored.
  const all = robots.ask({ agents, urls, view: 'compare' });
  assert.deepStrictEqual(all.cells[0][0].readers.map((r) => r.profile), PROFILES);
  assert.deepStrictEqual(robots.ask({ agents, urls, view: 'rfc9309', readings: ['1994'] }).cells[0][0].readers, []);
  assert.throws(() => robots.ask({ agents, urls, view: 'compare', readings: ['bing'] }), (e) => e instanceof TypeError && /readings\[0\]/.test(e.message));
  assert.throws(() => robots.ask({ agents, urls, view: 'compare', readings: 'google' }), TypeError);
});

test('checkAgent and grid read typed agents under a profile', () => {
  const robots = pitfalls();
  for (const p of PROFILES) {
    const a = robots.checkAgent('GPTBot', '/private', { profile: p });
    const v = robots.check('GPTBot', '/private', { profile: p });
    assert.deepStrictEqual([a.verdict.allowed, a.verdict.line], [v.allowed, v.line], p);
    const [[cell]] = robots.grid(['GPTBot'], ['/private'], { profile: p });
    assert.deepStrictEqual([cell.allowed, cell.line], [v.allowed, v.line], p);
    // Another reading's groups are its own: the cell carries their lines.
    if (p === 'google') assert.strictEqual(cell.groupLines, undefined);
    else assert.deepStrictEqual(cell.groupLines, v.groupLines, p);
  }
  assert.match(robots.checkAgent('GPTBot', '/private', { profile: 'rfc9309' }).explanation, /not RFC 9309 syntax/);
  assert.deepStrictEqual(robots.checkAgent('GPTBot', '/private', { profile: 'google' }), robots.checkAgent('GPTBot', '/private'));
});

test('unknown profiles and options are TypeErrors that name the choices', () => {
  const robots = pitfalls();
  const names = /"google", "rfc9309", "1994"/;
  assert.throws(() => robots.check('a', '/x', { profile: 'bing' }), (e) => e instanceof TypeError && names.test(e.message) && /"bing"/.test(e.message));
  assert.throws(() => robots.check('a', '/x', { profile: 1994 }), (e) => e instanceof TypeError && names.test(e.message));
  assert.throws(() => robots.check('a', '/x', { profle: 'google' }), (e) => e instanceof TypeError && /unknown option "profle"/.test(e.message));
  assert.throws(() => robots.check('a', '/x', 'google'), TypeError);
  assert.throws(() => robots.checkAgent('a', '/x', { profile: 'x' }), (e) => e instanceof TypeError && names.test(e.message));
  assert.throws(() => robots.grid(['a'], ['/x'], { profile: 'x' }), TypeError);
  assert.throws(() => robots.compare('a', '/x', { profiles: ['google', 'yandex'] }), (e) => e instanceof TypeError && /profiles\[1\]/.test(e.message));
  assert.throws(() => robots.compare('a', '/x', { profiles: [] }), TypeError);
  assert.throws(() => robots.compare('a', '/x', { profile: 'google' }), /unknown option "profile"/);
  assert.throws(() => robots.compare([], '/x'), TypeError);
  assert.throws(() => robots.compare('a', []), TypeError);
  assert.throws(() => robots.compare('a\nb', '/x'), /line break/);
  assert.throws(() => robots.compare('a', ['/x', '/y\r']), /line break/);
});
