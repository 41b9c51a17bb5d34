// The JavaScript API: shapes, UTF-16 positions, helpers, fetch outcomes, argument errors and memory.
import test from 'node:test';
import assert from 'node:assert';
import { createRequire } from 'node:module';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as esm from 'robotscope';
import data from './data.cjs';

const {
  Robots, robotsUrl, governs, normalizeUrl, pathOf, productToken, tokenFromUserAgent, isValidAgent,
  escapePattern, fetchOutcome, fromResponse, wasmMemoryBytes, cacheStats, GOOGLE_SIZE_LIMIT, MAX_INPUT, MAX_ARGUMENT,
  robotsParser, diagnosticKinds,
} = esm;

// First in this file: the wasm memory never shrinks, so the bound below holds for this loop only while no test
// before it has parsed multi-megabyte inputs (the size-limit and bad-input tests take it to about 64 MiB alone).
test('objects never freed stay bounded in a synchronous loop, and answer the same after their memory was reused', (t) => {
  const skip = data.missing();
  if (skip) return t.skip(skip);
  const files = data.filesWithVectors();
  // Three passes over the vector files (54 MB of robots.txt, more than the cache holds), nothing freed, no
  // await: no FinalizationRegistry callback can run.
  const kept = [];
  for (let pass = 0; pass < 3; pass++) {
    for (const f of files) {
      const r = Robots.parse(f.bytes);
      r.isAllowed(f.vectors[0].agents, f.vectors[0].url);
      if (pass === 0 && kept.length < 300) kept.push([f, r]);
    }
  }
  assert.ok(wasmMemoryBytes() <= 64 << 20, `the wasm heap is ${wasmMemoryBytes()} bytes after 3 unfreed passes`);
  // The first files' parsed forms were dropped long ago; they are parsed again and give Google's answers.
  for (const [f, r] of kept) {
    for (const v of f.vectors) assert.deepStrictEqual(r.decide(v.agents, v.url), { allowed: v.allowed, line: v.line }, `${f.file} ${v.url}`);
    assert.strictEqual(r.byteLength, f.bytes.length);
  }
  // A string input keeps its text and offsets through a re-parse.
  const text = 'User-agent: *\nDisallow: /ü/\n';
  const r = Robots.parse(text);
  const before = r.check('a', '/%C3%BC/x');
  for (const f of files) Robots.parse(f.bytes);
  assert.deepStrictEqual(r.check('a', '/%C3%BC/x'), before);
  assert.strictEqual(r.text, text);
});

test('require and import give the same instance and the same exports', () => {
  const cjs = createRequire(import.meta.url)('robotscope');
  assert.strictEqual(cjs.Robots, esm.Robots);
  assert.deepStrictEqual(Object.keys(cjs).sort(), Object.keys(esm).sort());
});

test('the types declare exactly the values the package exports (one export list)', () => {
  const require = createRequire(import.meta.url);
  const dts = readFileSync(join(dirname(require.resolve('robotscope')), 'index.d.ts'), 'utf8');
  const declared = [...dts.matchAll(/^export (?:declare )?(?:function|const|class|let) (\w+)/gm)].map((m) => m[1]);
  assert.deepStrictEqual([...new Set(declared)].sort(), Object.keys(esm).sort());
});

test('check explains the verdict (SPEC B1)', () => {
  const robots = Robots.parse('User-agent: *\nDisallow: /\n\nUser-agent: Googlebot\nAllow: /shop/\nDisallow: /\n');
  const v = robots.check('Googlebot', 'https://example.com/shop/shoes');
  assert.strictEqual(v.allowed, true);
  assert.strictEqual(v.line, 5);
  assert.deepStrictEqual(
    { ...v.rule },
    { line: 5, kind: 'allow', value: '/shop/', pattern: '/shop/', priority: 6, indexFallback: false, column: 8, start: 56, end: 62, byteStart: 56, byteEnd: 62 }
  );
  assert.strictEqual(v.scope, 'specific');
  assert.strictEqual(v.ownGroup, true);
  assert.strictEqual(v.path, '/shop/shoes');
  assert.deepStrictEqual(v.groups, [1]);
  assert.deepStrictEqual(v.groupLines, [4, 5, 6]);
  assert.deepStrictEqual(v.matches.map((m) => [m.line, m.priority]), [[5, 6], [6, 1]]);
  assert.strictEqual(robots.text.slice(v.rule.start, v.rule.end), '/shop/');
  // Several agents are pooled; the fast paths agree.
  assert.strictEqual(robots.isAllowed(['Googlebot-Image', 'Googlebot'], 'https://example.com/cart'), false);
  assert.deepStrictEqual(robots.decide(['Other'], '/x'), { allowed: false, line: 2 });
  assert.strictEqual(robots.check('Nobody', '/x').scope, 'global');
  assert.strictEqual(Robots.parse('User-agent: a\nDisallow: /').check('b', '/x').scope, 'none');
  robots.free();
});

test('UTF-16 offsets and columns index JavaScript strings, astral characters and BOM included', () => {
  const text = '\uFEFFUser-agent: *\n# 😀 émoji\nDisallow: /ü/😀\nDissallow: /x\n';
  const robots = Robots.parse(text);
  const v = robots.check('a', '/%C3%BC/%F0%9F%98%80');
  assert.strictEqual(v.allowed, false);
  assert.strictEqual(text.slice(v.rule.start, v.rule.end), '/ü/😀');
  assert.strictEqual(v.rule.column, 11);
  assert.strictEqual(v.rule.byteEnd - v.rule.byteStart, '/ü/😀'.length + 3); // ü: 2 bytes, 😀: 4 bytes (2 units)
  const typo = robots.diagnostics().find((d) => d.kind === 'typo-key');
  assert.strictEqual(typo.line, 4);
  assert.strictEqual(typo.column, 1);
  assert.strictEqual(text.slice(typo.start, typo.end).startsWith('Dissallow'), true);
  const lines = robots.lines();
  assert.strictEqual(lines.length, 5);
  for (const l of lines) assert.strictEqual(text.slice(l.start, l.end), l.text);
  assert.strictEqual(lines[2].directive.value, '/ü/😀');
  assert.strictEqual(text.slice(lines[2].directive.valueStart, lines[2].directive.valueEnd), '/ü/😀');
  assert.strictEqual(lines[1].isComment, true);
  assert.strictEqual(robots.report().validDirectives, 3);
  // Bytes: offsets index the decoded text, which `robots.text` gives.
  const bytes = new Uint8Array([...new TextEncoder().encode('User-agent: *\nDisallow: /a'), 0xff, ...new TextEncoder().encode('😀\nAllow: /b\n')]);
  const fromBytes = Robots.parse(bytes);
  const decoded = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  assert.strictEqual(fromBytes.text, decoded);
  const allow = fromBytes.lines()[2];
  assert.strictEqual(decoded.slice(allow.start, allow.end), 'Allow: /b');
  assert.ok(fromBytes.diagnostics().some((d) => d.kind === 'invalid-utf8'));
});

test('sitemaps, groups, crawl-delay, preferred host and size limits', () => {
  const robots = Robots.parse('Sitemap: https://example.com/s.xml\nUser-agent: Bingbot\nCrawl-delay: 2.5\nHost: Example.com\nDisallow: /x\n');
  assert.deepStrictEqual(robots.sitemaps().map((s) => [s.url, s.line]), [['https://example.com/s.xml', 1]]);
  assert.deepStrictEqual(robots.crawlDelay('bingbot'), { seconds: 2.5, line: 3 });
  assert.strictEqual(robots.crawlDelay('Googlebot'), null);
  assert.deepStrictEqual(robots.preferredHost(), { host: 'Example.com', line: 4 });
  assert.strictEqual(robots.groups().length, 1);
  assert.deepStrictEqual(robots.otherDirectives().map((o) => o.key), ['Crawl-delay', 'Host']);
  assert.strictEqual(robots.hasOwnGroup(['x', 'BINGBOT']), true);
  assert.strictEqual(robots.lineCount, 6);
  assert.strictEqual(robots.cutFrom, null);
  const big = 'User-agent: *\n' + 'Disallow: /a\n'.repeat(50000) + 'Disallow: /z\n';
  const cut = Robots.parse(big, { limit: 'google' });
  assert.strictEqual(cut.byteLength, GOOGLE_SIZE_LIMIT);
  assert.strictEqual(cut.cutFrom, big.length);
  assert.strictEqual(cut.isAllowed('a', '/z'), true);
  assert.ok(cut.diagnostics().some((d) => d.kind === 'past-size-limit'));
  assert.strictEqual(Robots.parse(big).isAllowed('a', '/z'), false);
  assert.strictEqual(Robots.parse(new TextEncoder().encode(big).buffer, { limit: 100 }).byteLength, 100);
  // Texts of over a million bytes are encoded straight into the module's buffer when they fit in a quarter more
  // bytes than characters, and apart first when not: both read every byte, the last line included.
  for (const line of ['Disallow: /a\n', 'Disallow: /ü\n', 'Disallow: /日本\n']) {
    const text = 'User-agent: *\n' + line.repeat(Math.ceil(1.2e6 / line.length)) + 'Disallow: /z\n';
    const robots = Robots.parse(text);
    assert.strictEqual(robots.byteLength, new TextEncoder().encode(text).length, line);
    assert.strictEqual(robots.isAllowed('a', '/z'), false, line);
    assert.strictEqual(robots.decide('a', '/z').line, robots.lineCount - 1, line);
  }
});

test('URL and agent helpers (SPEC B2, B4)', () => {
  assert.strictEqual(robotsUrl('https://WWW.Example.com:443/a/b?c'), 'https://www.example.com/robots.txt');
  assert.strictEqual(robotsUrl('http://www.müller.eu/x'), 'http://www.xn--mller-kva.eu/robots.txt');
  assert.deepStrictEqual(governs('http://example.com/robots.txt', 'http://example.com:80/folder/file'), {
    governs: true, reason: 'yes', message: 'the robots.txt file governs this URL',
  });
  assert.strictEqual(governs('http://www.example.com/robots.txt', 'http://shop.www.example.com/').reason, 'subdomain');
  assert.strictEqual(governs('http://example.com/folder/robots.txt', 'http://example.com/').reason, 'not-at-root');
  assert.strictEqual(governs('http://example.com/robots.txt', 'http://example.com:8181/').reason, 'other-port');
  assert.strictEqual(normalizeUrl('HTTPS://Example.COM:443/a b/ü?q=ü#top'), 'https://example.com/a%20b/%C3%BC?q=%C3%BC');
  assert.strictEqual(pathOf('https://example.com/a/b?c=d#frag'), '/a/b?c=d');
  assert.strictEqual(productToken('Googlebot/2.1'), 'Googlebot');
  assert.strictEqual(productToken('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'), 'Googlebot');
  assert.strictEqual(tokenFromUserAgent('Mozilla/5.0 (compatible; bingbot/2.0)'), 'bingbot');
  assert.strictEqual(tokenFromUserAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'), 'Googlebot');
  assert.strictEqual(isValidAgent('Googlebot/2.1'), false);
  assert.strictEqual(escapePattern('/ü%aa'), '/%C3%BC%AA');
});

test('fromResponse applies the fetch outcome table (SPEC B5)', () => {
  const ok = fromResponse(200, 'User-agent: *\nDisallow: /private\n');
  assert.strictEqual(ok.outcome, 'parse-body');
  assert.strictEqual(ok.isAllowed('Bot', '/private/x'), false);
  assert.strictEqual(ok.isAllowed('Bot', '/public'), true);
  assert.strictEqual(fromResponse(404).isAllowed('Bot', '/private'), true);
  assert.strictEqual(fromResponse(403).outcome, 'allow-all');
  assert.strictEqual(fromResponse(429).isAllowed('Bot', '/'), false);
  assert.strictEqual(fromResponse(503).outcome, 'disallow-all');
  assert.strictEqual(fromResponse(0).isAllowed('Bot', '/'), false);
  assert.strictEqual(fromResponse(301).outcome, 'follow-redirect');
  assert.strictEqual(fromResponse(301).isAllowed('Bot', '/'), true);
  assert.strictEqual(fetchOutcome(200).message.startsWith('success'), true);
  const big = 'User-agent: *\n' + 'Disallow: /a\n'.repeat(50000) + 'Disallow: /z\n';
  assert.strictEqual(fromResponse(200, big).isAllowed('Bot', '/z'), true); // past 500 KiB
  assert.throws(() => fromResponse(200), TypeError);
  assert.throws(() => fromResponse('200', ''), TypeError);
  assert.throws(() => fromResponse(1000, ''), RangeError);
});

test('bad input throws TypeError or RangeError with a sentence, never a wasm trap', () => {
  const robots = Robots.parse('User-agent: *\nDisallow: /\n');
  const cases = [
    [() => Robots.parse(42), TypeError, /expected a string or a Uint8Array, got number 42/],
    [() => Robots.parse(null), TypeError, /got null/],
    [() => Robots.parse('x', { limit: -1 }), RangeError, /options.limit/],
    [() => Robots.parse('x', 5), TypeError, /options must be an object/],
    [() => new Robots(), TypeError, /Robots.parse/],
    [() => robots.check(5, '/'), TypeError, /agents must be a string or an array of strings/],
    [() => robots.check(['a', 7], '/'), TypeError, /agents\[1\] must be a string/],
    [() => robots.check('a', undefined), TypeError, /the URL must be a string/],
    [() => robots.isAllowed('a', {}), TypeError, /the URL must be a string, got an object/],
    [() => robots.isAllowed('a', 'x'.repeat(MAX_ARGUMENT + 1)), RangeError, /characters long; the limit is/],
    [() => robotsUrl('/just/a/path'), TypeError, /robotsUrl: the URL has no scheme/],
    [() => robotsUrl(''), TypeError, /the URL is empty/],
    [() => governs('http://a/robots.txt', 'http://a:99999/'), TypeError, /port/],
    [() => normalizeUrl('   '), TypeError, /empty/],
    [() => productToken(undefined), TypeError, /must be a string/],
    [() => Robots.parse(new Uint8Array(MAX_INPUT + 1)), RangeError, /limit is/],
  ];
  for (const [call, type, message] of cases) assert.throws(call, (e) => e instanceof type && message.test(e.message), String(call));
  // A huge input with a size limit is read up to the limit instead.
  assert.strictEqual(Robots.parse(new Uint8Array(MAX_INPUT + 1), { limit: 'google' }).cutFrom, MAX_INPUT + 1);
  // Agents holding the separator character still pool correctly.
  assert.strictEqual(robots.isAllowed(['a\nb', 'c'], '/x'), false);
  assert.strictEqual(Robots.parse('User-agent: c\nDisallow: /x').isAllowed(['a\nb', 'c'], '/x'), false);
  robots.free();
  assert.throws(() => robots.isAllowed('a', '/'), /freed/);
  robots.free(); // twice is fine
  // Odd but valid input: any string or bytes parse, any string URL is answered.
  assert.strictEqual(Robots.parse('\u0000\uD800\n\r\r\n').isAllowed('\uDC00', '\u0000'), true);
});

test('long texts are read as TextEncoder writes them: every script, surrogate pairs, lone surrogates', () => {
  const encoder = new TextEncoder();
  const rule = 'User-agent: *\nDisallow: /caf\u00e9/\u65e5\u672c/\nAllow: /\ud83d\ude00\n';
  // Long enough for the Node entry's ICU path (64 Ki characters), around and across its threshold.
  const bodies = [];
  for (const filler of ['# plain ASCII\n', '# Latin-1 \u00e9\u00fc\n', '# \u65e5\u672c\u8a9e \ud83d\ude00\n']) {
    for (const length of [(1 << 16) - 1, 1 << 16, 300_000]) {
      const text = (rule + filler.repeat(Math.ceil(length / filler.length))).slice(0, length);
      bodies.push(text);
      // A lone surrogate, which TextEncoder writes as U+FFFD, near the end and at the very end.
      bodies.push(`${text.slice(0, -20)}\ud800${text.slice(-19)}`, `${text.slice(0, -1)}\udc00`);
    }
  }
  for (const text of bodies) {
    const bytes = encoder.encode(text);
    const robots = Robots.parse(text);
    assert.strictEqual(robots.byteLength, bytes.length);
    // What was parsed, line by line (keys and values are read back from the parsed bytes), is what the bytes give.
    const fromBytes = Robots.parse(bytes);
    assert.deepStrictEqual(robots.lines(), fromBytes.lines());
    fromBytes.free();
    assert.strictEqual(robots.isAllowed('bot', 'https://example.com/caf%C3%A9/%E6%97%A5%E6%9C%AC/x'), false);
    assert.strictEqual(robots.check('bot', 'https://example.com/%F0%9F%98%80').line, 3);
    robots.free();
  }
});

test('parsing 10,000 files does not grow the heap without bound', async () => {
  const skip = data.missing();
  const texts = skip ? ['User-agent: *\nDisallow: /x\n'.repeat(200)] : data.filesWithVectors().slice(0, 500).map((f) => f.bytes);
  const round = (free) => {
    for (let i = 0; i < 1000; i++) {
      const r = Robots.parse(texts[i % texts.length]);
      r.check('Googlebot', '/x');
      r.diagnostics();
      if (free) r.free();
    }
  };
  // With free(): memory stays flat after the first round.
  round(true);
  const afterFirst = wasmMemoryBytes();
  for (let i = 0; i < 9; i++) round(true);
  assert.ok(wasmMemoryBytes() <= afterFirst + (4 << 20), `${afterFirst} -> ${wasmMemoryBytes()}`);
});

test('parsing and freeing in a loop leaves nothing behind in the JavaScript heap', () => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  const text = 'User-agent: *\nDisallow: /x\n';
  const cycle = (n) => {
    for (let i = 0; i < n; i++) {
      const r = Robots.parse(text);
      r.isAllowed('a', '/x');
      r.free();
    }
    gc();
    return process.memoryUsage().heapUsed;
  };
  const before = cycle(20000);
  const held = cacheStats();
  // Freed objects once left their cache slot queued, 57 bytes each: 11 MB for these 200,000.
  const after = cycle(200000);
  assert.ok(after - before < 2 << 20, `the heap grew by ${after - before} bytes`);
  assert.deepStrictEqual([cacheStats().files, cacheStats().bytes], [held.files, held.bytes]);
});

test('the cache frees the parsed forms of objects used before, not those just parsed', () => {
  // Two sets of files that fit the cache one at a time but not together (each file holds about 1.7 MB there).
  const { limit } = cacheStats();
  const file = (set, i) => `User-agent: ${set}\nDisallow: /${i}/\n` + 'Allow: /ok\n'.repeat(40000);
  const count = Math.floor(limit / (2 * 1024 * 1024)) + 1;
  const first = [];
  for (let i = 0; i < count; i++) first.push(Robots.parse(file('first', i)));
  for (const r of first) r.isAllowed('first', '/x');
  const second = [];
  for (let i = 0; i < count; i++) second.push(Robots.parse(file('second', i)));
  const stats = cacheStats();
  assert.ok(stats.bytes <= stats.limit, `${stats.bytes} bytes held, limit ${stats.limit}`);
  assert.strictEqual(stats.files >= count, true, `${stats.files} files held`);
  // Asking every object of the second set parses nothing again: the cache kept them and freed the first set's.
  for (let i = 0; i < count; i++) assert.strictEqual(second[i].isAllowed('second', `/${i}/`), false);
  assert.strictEqual(cacheStats().parses, stats.parses);
  // The first set's objects still answer, parsed again.
  assert.strictEqual(first[0].isAllowed('first', '/0/'), false);
  assert.strictEqual(cacheStats().parses, stats.parses + 1);
  for (const r of [...first, ...second]) r.free();
});

test("arguments in robots-parser's order throw a TypeError that names the order", () => {
  const robots = Robots.parse('User-agent: *\nDisallow: /x\n');
  for (const call of [
    () => robots.isAllowed('https://example.com/x', 'Googlebot'),
    () => robots.decide('/x', 'Googlebot'),
    () => robots.check(['https://example.com/x'], 'Googlebot/2.1'.split('/')[0]),
    () => robots.isAllowed('//example.com/x', '/x'),
  ]) {
    assert.throws(call, (e) => e instanceof TypeError && /\(agents, url\).*look swapped; the agent comes first/.test(e.message), String(call));
  }
  // A path without its leading slash is said to be one, not called swapped.
  assert.throws(
    () => robots.isAllowed('Googlebot', 'private'),
    (e) => e instanceof TypeError && e.message === 'robots.isAllowed(agents, url): the URL "private" is neither a URL nor a path (a path starts with "/": "/private"); the agent comes first, the URL second'
  );
  assert.throws(() => robots.isAllowed('Googlebot', 'Googlebot'), (e) => /the URL "Googlebot" is neither a URL nor a path/.test(e.message) && !/swapped/.test(e.message));
  // A missing argument is named as missing.
  assert.throws(() => robots.isAllowed('Googlebot'), (e) => e instanceof TypeError && /got undefined$/.test(e.message));
  // Full User-Agent headers (they contain URLs), paths and odd URLs are not mistaken for swapped arguments.
  assert.strictEqual(robots.isAllowed('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', '/x'), false);
  assert.strictEqual(robots.isAllowed('Googlebot', 'example.com/ok'), true);
  assert.strictEqual(robots.isAllowed('Googlebot', ''), true);
  robots.free();
});

test('parse rejects unknown options', () => {
  assert.throws(() => Robots.parse('', { limt: 10 }), (e) => e instanceof TypeError && /unknown option "limt"/.test(e.message));
  assert.throws(() => Robots.parse('', { limit: 'google', strict: true }), TypeError);
  assert.strictEqual(Robots.parse('abc', { limit: 2 }).cutFrom, 3);
  assert.strictEqual(Robots.parse(new Uint8Array(10), { limit: 4 }).cutFrom, 10);
  assert.strictEqual(Robots.parse(new Uint8Array(10), { limit: 4 }).byteLength, 4);
  assert.strictEqual(Robots.parse('abc', {}).cutFrom, null);
});

test('console.log and JSON.stringify show the file, not an empty object', async () => {
  const { inspect } = await import('node:util');
  const body = 'User-agent: Googlebot\nUser-agent: Bingbot\nDisallow: /x\n\nUser-agent: *\nAllow: /\nSitemap: https://example.com/s.xml\n';
  const robots = Robots.parse(body);
  const summary = { lineCount: 8, byteLength: body.length, cutFrom: null, groups: [['Googlebot', 'Bingbot'], ['*']], sitemaps: ['https://example.com/s.xml'] };
  assert.deepStrictEqual(JSON.parse(JSON.stringify(robots)), summary);
  assert.match(inspect(robots, { depth: 4 }), /^Robots \{[^]*lineCount: 8[^]*'Googlebot', 'Bingbot'[^]*https:\/\/example.com\/s.xml/);
  const compat = robotsParser('https://example.com/robots.txt', body);
  assert.deepStrictEqual(JSON.parse(JSON.stringify(compat)), {
    url: 'https://example.com/robots.txt',
    sitemaps: ['https://example.com/s.xml'],
    preferredHost: null,
    robots: summary,
  });
  assert.match(inspect(compat), /^RobotsParser \{[^]*url: 'https:\/\/example.com\/robots.txt'/);
  robots.free();
  assert.strictEqual(inspect(robots), 'Robots <freed>');
});

test("Diagnostic.kind's type lists exactly the engine's diagnostic codes", async () => {
  const { readFileSync } = await import('node:fs');
  const { dirname, join } = await import('node:path');
  const types = readFileSync(join(dirname(createRequire(import.meta.url).resolve('robotscope/package.json')), 'index.d.ts'), 'utf8');
  const union = /export type DiagnosticKind =([^;]+);/.exec(types);
  assert.ok(union, 'index.d.ts has no DiagnosticKind union');
  const declared = [...union[1].matchAll(/'([a-z0-9-]+)'/g)].map((m) => m[1]);
  assert.deepStrictEqual(declared, diagnosticKinds());
  assert.ok(declared.includes('typo-key') && declared.includes('global-rules-ignored'));
});
