// The robots-parser compatibility API (robotsParser) against robots-parser itself: its README's examples and
// return conventions, then answers on the conformance corpus wherever both libraries follow the same rules.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { Robots, robotsParser, normalizeUrl, isValidAgent } = require('robotscope');
const dropIn = require('robotscope/robots-parser');
const { missing, filesWithVectors, devRequire } = require('./data.cjs');

const upstream = devRequire('robots-parser');

const README = [
  'User-agent: *',
  'Disallow: /dir/',
  'Disallow: /test.html',
  'Allow: /dir/test.html',
  'Allow: /test.html',
  'Crawl-delay: 1',
  'Sitemap: http://example.com/sitemap.xml',
  'Host: example.com',
].join('\n');

test("robots-parser's README example gives the same answers", () => {
  for (const make of [robotsParser, dropIn, upstream]) {
    const robots = make('http://www.example.com/robots.txt', README);
    assert.strictEqual(robots.isAllowed('http://www.example.com/test.html', 'Sams-Bot/1.0'), true);
    assert.strictEqual(robots.isAllowed('http://www.example.com/dir/test.html', 'Sams-Bot/1.0'), true);
    assert.strictEqual(robots.isDisallowed('http://www.example.com/dir/test2.html', 'Sams-Bot/1.0'), true);
    assert.strictEqual(robots.getCrawlDelay('Sams-Bot/1.0'), 1);
    assert.deepStrictEqual(robots.getSitemaps(), ['http://example.com/sitemap.xml']);
    assert.strictEqual(robots.getPreferredHost(), 'example.com');
  }
});

test("robots-parser's relative-URL example (v2.3.0) gives the same answers", () => {
  const body = ['User-agent: *', 'Disallow: /dir/', 'Disallow: /test.html', 'Allow: /dir/test.html', 'Allow: /test.html'].join('\n');
  for (const make of [robotsParser, upstream]) {
    const robots = make('/robots.txt', body);
    // The README says `false` for /test.html, but `Allow: /test.html` ties `Disallow: /test.html` and allow
    // wins ties in robots-parser (since 2.2.0) as in Google's library: both answer true.
    assert.strictEqual(robots.isAllowed('/test.html', 'Sams-Bot/1.0'), true);
    assert.strictEqual(robots.isAllowed('/dir/test.html', 'Sams-Bot/1.0'), true);
    assert.strictEqual(robots.isDisallowed('/dir/test2.html', 'Sams-Bot/1.0'), true);
    // A relative robots URL answers only relative URLs.
    assert.strictEqual(robots.isAllowed('http://www.example.com/test.html', 'Sams-Bot/1.0'), undefined);
  }
});

test('return conventions: undefined for URLs the file does not govern, -1 for no matching rule', () => {
  const body = 'User-agent: *\nDisallow: /private\n';
  for (const make of [robotsParser, upstream]) {
    const robots = make('https://example.com/robots.txt', body);
    for (const other of ['http://example.com/private', 'https://other.com/private', 'https://example.com:8443/private', 'https://sub.example.com/private']) {
      assert.strictEqual(robots.isAllowed(other, 'Bot'), undefined, other);
      assert.strictEqual(robots.isDisallowed(other, 'Bot'), true, other);
      assert.strictEqual(robots.getMatchingLineNumber(other, 'Bot'), -1, other);
    }
    assert.strictEqual(robots.isAllowed('https://example.com:443/private/x', 'Bot'), false);
    assert.strictEqual(robots.getMatchingLineNumber('https://example.com/private/x', 'Bot'), 2);
    assert.strictEqual(robots.getMatchingLineNumber('https://example.com/public', 'Bot'), -1);
    assert.strictEqual(robots.isAllowed('https://example.com/public'), true);
    assert.strictEqual(robots.getCrawlDelay('Bot'), undefined);
    assert.deepStrictEqual(robots.getSitemaps(), []);
    assert.strictEqual(robots.getPreferredHost(), null);
  }
  // Missing contents are an empty file.
  assert.strictEqual(robotsParser('https://example.com/robots.txt').isAllowed('https://example.com/x'), true);
  assert.strictEqual(robotsParser('https://example.com/robots.txt', null).isAllowed('https://example.com/x'), true);
});

test('where robots-parser differs from Google, robotsParser follows Google', () => {
  const url = 'https://example.com/robots.txt';
  const cases = [
    // A Sitemap line between two User-agent lines does not end the group (Google); robots-parser starts a new one.
    ['User-agent: BarBot\nSitemap: https://example.com/s.xml\nUser-agent: OtherBot\nDisallow: /\n', 'BarBot', '/', false, true],
    // Missing colon and typos are accepted by Google.
    ['User-agent: *\nDisallow /\n', 'Bot', '/', false, true],
    ['User-agent: *\nDissallow: /\n', 'Bot', '/', false, true],
    // A full User-Agent header is read as its crawler token (Googlebot), not `mozilla`.
    ['User-agent: googlebot\nDisallow: /\n', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '/', false, true],
    // `User-agent: Foo Bar` is the token Foo for Google.
    ['User-agent: Foo Bar\nDisallow: /\n', 'Foo', '/', false, true],
    // Google's index.html rule: `Allow: /d/index.html` also allows `/d/`.
    ['User-agent: *\nDisallow: /d/\nAllow: /d/index.html\n', 'Bot', '/d/', true, false],
  ];
  for (const [body, ua, path, ours, theirs] of cases) {
    assert.strictEqual(robotsParser(url, body).isAllowed(`https://example.com${path}`, ua), ours, body);
    assert.strictEqual(upstream(url, body).isAllowed(`https://example.com${path}`, ua), theirs, body);
    // robotsParser answers exactly as the engine does for the same token and URL.
    const r = Robots.parse(body);
    assert.strictEqual(r.isAllowed(require('robotscope').tokenFromUserAgent(ua), `https://example.com${path}`), ours);
    r.free();
  }
});

/** Diagnostic kinds that mark lines robots-parser reads differently from Google. */
const DIFFERENT_RULES = new Set([
  'typo-key', 'prefix-key', 'missing-colon', 'first-colon-split', 'user-agents-merged', 'user-agent-reduced',
  'empty-user-agent', 'empty-group', 'nul-byte', 'invalid-utf8', 'bom-not-at-start', 'line-too-long', 'past-size-limit',
]);
/** Characters that encodeURI escapes in robots-parser's patterns and Google's escaping keeps. */
const ENCODED_DIFFERENTLY = /[\u0000-\u0020"<>`{}|\\^[\]]/;

test('robotsParser agrees with robots-parser on the corpus where both follow the same rules', (t) => {
  const skip = missing();
  if (skip) return t.skip(skip);
  const strict = new TextDecoder('utf-8', { fatal: true });
  let files = 0;
  let compared = 0;
  let lines = 0;
  let extras = 0;
  const differences = [];
  for (const { file, bytes, vectors } of filesWithVectors()) {
    let text;
    try {
      text = strict.decode(bytes);
    } catch {
      continue;
    }
    const robots = Robots.parse(text);
    const same =
      !robots.diagnostics().some((d) => DIFFERENT_RULES.has(d.kind)) &&
      !robots.lines().some((l) => l.directive && (l.directive.kind === 'allow' || l.directive.kind === 'disallow') && ENCODED_DIFFERENTLY.test(l.directive.value)) &&
      // Google trims ASCII whitespace only; robots-parser trims Unicode whitespace too (U+00A0, ...).
      !robots.lines().some((l) => l.directive && (l.directive.value !== l.directive.value.trim() || l.directive.key !== l.directive.key.trim())) &&
      // robots-parser reads only exactly-spelt keys; `User-agent: *` must be exactly `*` for it.
      !robots.lines().some((l) => l.directive && l.directive.kind !== 'unknown' && l.directive.key.toLowerCase() !== l.directive.kind) &&
      !robots.groups().some((g) => g.agents.some((a) => a.value.startsWith('*') && a.value !== '*'));
    if (!same) {
      robots.free();
      continue;
    }
    files++;
    for (const v of vectors) {
      if (v.agents.length !== 1 || !isValidAgent(v.agents[0])) continue;
      let base;
      let normalized;
      try {
        const u = new URL(v.url);
        normalized = normalizeUrl(v.url);
        // Both libraries normalise the URL; compare where the two normalisations agree.
        // robots-parser matches pathname + search, which drops an empty query's `?`; Google keeps it.
        if (u.search === '' && normalized.includes('?')) continue;
        if (normalized !== u.href || /%[0-9a-f][0-9A-Fa-f]|%[0-9A-F][a-f]/.test(normalized)) continue;
        base = `${u.protocol}//${u.host}/robots.txt`;
      } catch {
        continue;
      }
      const verdict = robots.check(v.agents[0], normalized);
      if (verdict.matches.some((m) => m.indexFallback)) continue; // Google only
      const ours = robotsParser(base, text);
      const theirs = upstream(base, text);
      compared++;
      const a = [ours.isAllowed(v.url, v.agents[0]), theirs.isAllowed(v.url, v.agents[0])];
      if (a[0] !== a[1]) differences.push(`${file} ${v.agents[0]} ${v.url}: isAllowed ${a[0]} vs ${a[1]}`);
      if (verdict.rule === null || verdict.rule.priority > 0) {
        lines++;
        const l = [ours.getMatchingLineNumber(v.url, v.agents[0]), theirs.getMatchingLineNumber(v.url, v.agents[0])];
        if (l[0] !== l[1]) differences.push(`${file} ${v.agents[0]} ${v.url}: line ${l[0]} vs ${l[1]}`);
      }
      ours.free();
    }
    // Sitemaps, crawl-delay and host where the file has at most one of each, with plain values.
    const others = robots.otherDirectives();
    const one = (key) => others.filter((o) => o.key.toLowerCase() === key);
    const ours = robotsParser('https://example.com/robots.txt', text);
    const theirs = upstream('https://example.com/robots.txt', text);
    if (robots.sitemaps().every((s) => s.url !== '')) {
      extras++;
      assert.deepStrictEqual(ours.getSitemaps(), theirs.getSitemaps(), file);
    }
    const hosts = one('host');
    if (hosts.length === 1 && hosts[0].value !== '') {
      extras++;
      assert.strictEqual(ours.getPreferredHost().toLowerCase(), theirs.getPreferredHost(), file);
    }
    const delays = one('crawl-delay');
    if (delays.length === 1 && /^\d+(\.\d+)?$/.test(delays[0].value) && delays[0].group !== null) {
      extras++;
      for (const ua of ['*', 'Googlebot', 'Bingbot']) assert.strictEqual(ours.getCrawlDelay(ua), theirs.getCrawlDelay(ua), `${file} ${ua}`);
    }
    ours.free();
    robots.free();
  }
  t.diagnostic(`${files} files, ${compared} queries (${lines} with line numbers), ${extras} sitemap/host/crawl-delay checks; ${differences.length} differences`);
  assert.ok(compared > 10000, `only ${compared} queries compared`);
  assert.deepStrictEqual(differences.slice(0, 20), []);
});

test('every input robots-parser answers is answered, as robots-parser answers it', () => {
  const body = 'User-agent: *\nDisallow: /secret\n';
  for (const make of [robotsParser, upstream]) {
    // URL objects for both URLs.
    const byUrl = make(new URL('https://example.com/robots.txt'), body);
    assert.strictEqual(byUrl.isAllowed(new URL('https://example.com/secret/x'), 'Bot'), false);
    assert.strictEqual(byUrl.isAllowed(new URL('https://example.com/ok'), 'Bot'), true);
    assert.strictEqual(byUrl.getMatchingLineNumber(new URL('https://example.com/secret')), 2);
    // undefined and null robots.txt URLs are relative paths: relative URLs are answered, absolute ones are not.
    for (const url of [undefined, null]) {
      const relative = make(url, body);
      assert.strictEqual(relative.isAllowed('/secret'), false, String(url));
      assert.strictEqual(relative.isAllowed('/ok'), true, String(url));
      assert.strictEqual(relative.isAllowed('https://example.com/secret'), undefined, String(url));
    }
    // URLs longer than 65,536 characters.
    const long = `https://example.com/secret/${'a'.repeat(70000)}`;
    assert.strictEqual(make('https://example.com/robots.txt', body).isAllowed(long, 'Bot'), false);
    assert.strictEqual(make('https://example.com/robots.txt', body).isAllowed(`https://example.com/${'a'.repeat(70000)}`, 'Bot'), true);
    // Percent-encoded and international hosts are the same host.
    for (const root of ['http://www.m%C3%BCnich.com/robots.txt', 'http://www.münich.com/robots.txt', 'http://www.xn--mnich-kva.com/robots.txt']) {
      const idn = make(root, body);
      for (const host of ['www.m%C3%BCnich.com', 'www.münich.com', 'www.xn--mnich-kva.com', 'WWW.MÜNICH.COM']) {
        assert.strictEqual(idn.isAllowed(`http://${host}/secret`), false, `${root} ${host}`);
        assert.strictEqual(idn.isAllowed(`http://${host}/index.html`), true, `${root} ${host}`);
      }
    }
    // A robots.txt URL that is not a URL answers nothing, relative URLs included.
    for (const bad of ['https://ex ample.com/robots.txt', 'http://[::1/robots.txt', 'https://example.com:99999/robots.txt']) {
      const invalid = make(bad, body);
      assert.strictEqual(invalid.isAllowed('/secret'), undefined, bad);
      assert.strictEqual(invalid.isAllowed('https://example.com/secret'), undefined, bad);
      assert.strictEqual(invalid.isDisallowed('/secret'), true, bad);
    }
    // Page URLs that are not URLs.
    for (const bad of ['http://ex ample.com/secret', 'https://[bad/secret', '', 42, undefined]) {
      assert.strictEqual(make('https://example.com/robots.txt', body).isAllowed(bad), undefined, String(bad));
    }
  }
  // Bodies over 32 MiB (robots-parser reads them whole; the engine reads the first 32 MiB).
  const huge = `User-agent: *\nDisallow: /secret\n${'#'.repeat(33 * 1024 * 1024)}\nDisallow: /late\n`;
  const big = robotsParser('https://example.com/robots.txt', huge);
  assert.strictEqual(big.isAllowed('https://example.com/secret'), false);
  assert.strictEqual(big.isAllowed('https://example.com/late'), true);
  assert.strictEqual(big.robots.cutFrom, huge.length);
  big.free();
});

test('robotsParser answers every vector as the engine answers the URL that new URL() gives', (t) => {
  const skip = missing();
  if (skip) return t.skip(skip);
  // This covers both of robotsParser's ways to read a URL: the WHATWG parser, and the shortcut for URLs that it
  // would serialise unchanged; both must ask the engine the same question.
  const { tokenFromUserAgent } = require('robotscope');
  let compared = 0;
  const differences = [];
  for (const { file, bytes, vectors } of filesWithVectors()) {
    const robots = Robots.parse(bytes);
    const relative = robotsParser('/robots.txt', bytes);
    const byOrigin = new Map();
    for (const v of vectors) {
      let u;
      try {
        u = new URL(v.url);
      } catch {
        continue;
      }
      if (u.protocol !== 'http:' && u.protocol !== 'https:') continue;
      const base = `${u.origin}/robots.txt`;
      if (!byOrigin.has(base)) byOrigin.set(base, robotsParser(base, bytes));
      const href = u.href.split('#')[0];
      const token = tokenFromUserAgent(v.agents[0]) || '*';
      // The URL as given, and its path relative to a relative robots.txt URL.
      const path = href.slice(u.origin.length);
      const want = robots.decide(token, href);
      const wantRelative = robots.decide(token, `http://robots-relative.samclarke.com${path}`);
      compared++;
      const checks = [[byOrigin.get(base).getMatchingLineNumber(v.url, v.agents[0]), want, v.url]];
      // (A relative `//deeper/page` names the host `deeper`, for robots-parser as for browsers: not answered.)
      if (!path.startsWith('//')) checks.push([relative.getMatchingLineNumber(path, v.agents[0]), wantRelative, path]);
      else if (relative.isAllowed(path, v.agents[0]) !== undefined) differences.push(`${file} ${path}: answered`);
      for (const [got, expected, what] of checks) {
        const line = expected.line === 0 ? -1 : expected.line;
        if (got !== line) differences.push(`${file} ${v.agents[0]} ${what}: line ${got}, want ${line}`);
      }
      if (byOrigin.get(base).isAllowed(v.url, v.agents[0]) !== want.allowed) differences.push(`${file} ${v.agents[0]} ${v.url}: verdict`);
    }
    relative.free();
    robots.free();
  }
  t.diagnostic(`${compared} vectors compared`);
  assert.ok(compared > 50000, `only ${compared} vectors`);
  assert.deepStrictEqual(differences.slice(0, 20), []);
});

test('robotsParser asks the engine about the URL new URL() gives where its shortcut could read another path', () => {
  const { tokenFromUserAgent } = require('robotscope');
  // Rules that tell apart the path of the whole URL from the path of what follows its origin.
  const body =
    'User-agent: *\nDisallow: /;b\nDisallow: //x\nAllow: /y\nDisallow: /a%2e\nDisallow: /p/q#\nDisallow: /y%20x?q%20r\n' +
    'Disallow: /y%C3%A9?%C3%A9\nDisallow: /y/$\nDisallow: /y%EF%BF%BD\nAllow: /y%E2%82%AC/%F0%9F%98%80\nDisallow: /%C3%BC\n' +
    'Disallow: /y%\nDisallow: /y%C2%A0?%C2%A0\n';
  const robots = Robots.parse(body);
  const cases = [
    // A host with `;`: the engine's path of the whole URL starts there.
    ['http://a;b/robots.txt', ['http://a;b/y', 'http://a;b/y#f', 'http://a%3Bb/y', 'http://a;b:80/y']],
    // Paths that start with `//`, which the engine reads as a host when they stand alone.
    ['https://example.com/robots.txt', ['https://example.com//x/y', 'https://example.com//x/y#z', 'https://example.com//y', 'https://example.com///x']],
    // Fragments, escapes of dots, dot segments and characters the parser encodes.
    ['https://example.com/robots.txt', ['https://example.com/a%2e#', 'https://example.com/p/q#r', 'https://example.com/p/q?#', 'https://example.com/y#/x', 'https://example.com/y/./x#a#b', 'https://example.com/y/../;b#', 'https://example.com/y x#', 'https://example.com/ü#ü', 'https://example.com/#', 'https://example.com#x']],
    // Spaces and characters above U+007F, which the shortcut escapes as the parser does, and the spaces and
    // controls that end a URL, which the parser drops (a dot segment can then end the path).
    ['https://example.com/robots.txt', ['https://example.com/y x?q r s#t u', 'https://example.com/y ', 'https://example.com/y/. ', 'https://example.com/y/..\t', 'https://example.com/y/.. x', 'https://example.com/ \u0001', 'https://example.com/yé?é=ü', 'https://example.com/y€/\u{1F600}', 'https://example.com/y\ud800x', 'https://example.com/y\udc00', 'https://example.com/y\ud83d', 'https://example.com/y%c3%A9é', 'https://example.com/y%é', 'https://example.com/y\t/x', 'https://example.com/y\u00a0?\u00a0', 'https://example.com//x y', 'https://example.com//x/./y', 'https://example.com//ü']],
    ['/robots.txt', ['/y x?é', '/y ', '/y/. ', '/ü', '//ü']],
  ];
  let compared = 0;
  for (const [root, urls] of cases) {
    const ours = robotsParser(root, body);
    for (const url of urls) {
      for (const ua of ['Bot', 'Mozilla/5.0 (compatible; Bot/1.0)', undefined]) {
        const u = new URL(url, 'http://robots-relative.samclarke.com/');
        if (u.origin !== new URL(root, 'http://robots-relative.samclarke.com/').origin) {
          // (`//ü` after a relative robots.txt URL names another host.)
          assert.strictEqual(ours.isAllowed(url, ua), undefined, `${root} ${url} ${ua}`);
          continue;
        }
        const href = u.href.split('#')[0];
        const want = robots.decide(tokenFromUserAgent(ua || '*') || '*', href);
        assert.strictEqual(ours.isAllowed(url, ua), want.allowed, `${root} ${url} ${ua}`);
        assert.strictEqual(ours.getMatchingLineNumber(url, ua), want.line === 0 ? -1 : want.line, `${root} ${url} ${ua}`);
        compared++;
      }
    }
    ours.free();
  }
  // The cases above tell the two readings apart: asking with the path alone would change these answers.
  assert.strictEqual(robots.isAllowed('*', 'http://a;b/y'), false);
  assert.strictEqual(robots.isAllowed('*', '/y'), true);
  assert.strictEqual(robots.isAllowed('*', 'https://example.com//x/y'), false);
  assert.strictEqual(robots.isAllowed('*', '//x/y'), true);
  assert.ok(compared >= 50);
  robots.free();
});
