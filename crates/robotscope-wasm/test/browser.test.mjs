// The package in headless Chromium: a page loads it with <script type="module"> (an import map names the
// installed package), calls `await init()`, runs the conformance vectors and the API, then loads the module with
// every profile (`await initProfiles()`), and reports back.
// Needs Chromium at /usr/bin/chromium (or $CHROMIUM); skips without it unless CI=true.
import test from 'node:test';
import assert from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize } from 'node:path';
import data from './data.cjs';
import { inChromium } from './chromium.mjs';

const pkgDir = dirname(createRequire(import.meta.url).resolve('robotscope/package.json'));

const PAGE = `<!doctype html>
<meta charset="utf-8">
<script type="importmap">{ "imports": { "robotscope": "/pkg/index.web.js", "robotscope/robots-parser": "/pkg/robots-parser.web.js" } }</script>
<script type="module">
import { init, initProfiles, Robots, robotsUrl, governs, normalizeUrl } from 'robotscope';
import robotsParser from 'robotscope/robots-parser';
const report = {};
try {
  try { Robots.parse(''); report.beforeInit = 'no error'; } catch (e) { report.beforeInit = e.message; }
  await init();
  const robots = Robots.parse('User-agent: *\\nDisallow: /\\n\\nUser-agent: Googlebot\\nAllow: /shop/\\nDisallow: /\\n');
  const v = robots.check('Googlebot', 'https://example.com/shop/shoes');
  report.verdict = [v.allowed, v.line, v.rule.priority, v.scope];
  report.helpers = [robotsUrl('https://Example.com/a'), governs('http://a.com/robots.txt', 'http://b.com/').reason, normalizeUrl('/a b')];
  report.compat = robotsParser('https://example.com/robots.txt', 'User-agent: *\\nDisallow: /x').isAllowed('https://example.com/x', 'Bot');
  try { robots.check(1, '/'); } catch (e) { report.typeError = e instanceof TypeError; }
  const index = await (await fetch('/bundle.json')).json();
  const bytes = new Uint8Array(await (await fetch('/bundle.bin')).arrayBuffer());
  let count = 0;
  const failures = [];
  for (const f of index) {
    const r = Robots.parse(bytes.subarray(f.offset, f.offset + f.length));
    for (const q of f.vectors) {
      const got = r.check(q.agents, q.url);
      count++;
      if (got.allowed !== q.allowed || got.line !== q.line) failures.push(f.file + ' ' + q.url);
    }
    r.free();
  }
  report.vectors = count;
  report.failures = failures.slice(0, 10);
  // The module init() loads reads as Google does; another profile needs initProfiles() first.
  const wasmFetched = () => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname).filter((p) => p.endsWith('.wasm'));
  const colon = Robots.parse('User-agent: *\\nDisallow /private\\n');
  try { colon.check('a', '/private', { profile: 'rfc9309' }); report.beforeProfiles = 'no error'; } catch (e) { report.beforeProfiles = e.message; }
  try { colon.compare('a', '/private'); report.compareBefore = 'no error'; } catch (e) { report.compareBefore = e.message; }
  report.fetchedBefore = wasmFetched();
  await initProfiles();
  report.fetchedAfter = wasmFetched();
  // Files parsed before answer on the new module, under every profile.
  report.profiles = [
    colon.check('a', '/private').allowed,
    colon.check('a', '/private', { profile: 'rfc9309' }).allowed,
    colon.check('a', '/private', { profile: '1994' }).line,
    colon.compare('a', '/private')[0].differs,
    robots.check('Googlebot', 'https://example.com/shop/shoes').line,
  ];
} catch (e) {
  report.error = String(e && e.stack || e);
}
window.report = report;
</script>`;

const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };

function bundle() {
  if (data.missing()) return { index: [], bin: Buffer.alloc(0) };
  const index = [];
  const parts = [];
  let offset = 0;
  for (const { file, bytes, vectors } of data.filesWithVectors()) {
    index.push({ file, offset, length: bytes.length, vectors: vectors.map(({ agents, url, allowed, line }) => ({ agents, url, allowed, line })) });
    parts.push(bytes);
    offset += bytes.length;
  }
  return { index, bin: Buffer.concat(parts) };
}

test('the package works in headless Chromium from <script type="module">', async (t) => {
  const { index, bin } = bundle();
  const indexJson = JSON.stringify(index);
  const serve = (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    if (url.pathname === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
    if (url.pathname === '/bundle.json') return res.writeHead(200, { 'content-type': 'application/json' }).end(indexJson);
    if (url.pathname === '/bundle.bin') return res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(bin);
    if (url.pathname.startsWith('/pkg/')) {
      const path = normalize(join(pkgDir, url.pathname.slice(5)));
      if (path.startsWith(pkgDir) && existsSync(path)) {
        return res.writeHead(200, { 'content-type': TYPES[extname(path)] || 'application/octet-stream' }).end(readFileSync(path));
      }
    }
    res.writeHead(404).end();
  };
  await inChromium(t, serve, async (page, origin, errors, browser) => {
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => window.report !== undefined, null, { timeout: 120000 });
    const report = await page.evaluate(() => window.report);
    t.diagnostic(`${report.vectors} vectors checked in Chromium ${browser.version()}`);
    assert.deepStrictEqual(errors, []);
    assert.strictEqual(report.error, undefined);
    assert.match(report.beforeInit, /call `await init\(\)`/);
    assert.deepStrictEqual(report.verdict, [true, 5, 6, 'specific']);
    assert.deepStrictEqual(report.helpers, ['https://example.com/robots.txt', 'other-host', '/a%20b']);
    assert.strictEqual(report.compat, false);
    assert.strictEqual(report.typeError, true);
    assert.deepStrictEqual(report.failures, []);
    if (!data.missing()) assert.ok(report.vectors >= 74772);
    assert.match(report.beforeProfiles, /^robots\.check: .*call `await initProfiles\(\)`/);
    assert.match(report.compareBefore, /^robots\.compare: .*call `await initProfiles\(\)`/);
    assert.deepStrictEqual(report.fetchedBefore, ['/pkg/web/robotscope_bg.wasm']);
    assert.deepStrictEqual(report.fetchedAfter, ['/pkg/web/robotscope_bg.wasm', '/pkg/web/robotscope_profiles_bg.wasm']);
    assert.deepStrictEqual(report.profiles, [false, true, 0, true, 5]);
  });
});
