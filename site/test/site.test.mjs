// robotscope's site as a reader gets it: the built site (`cargo xtask site`, docs/.vitepress/dist) served on
// 127.0.0.1, every page opened in Debian's Chromium, every <robots-txt-tester> on it started, and each example's
// `expect` checked by the widget itself (a mismatch fires `robots-expectation` with `passed: false`). The links are
// checked by linkinator, which serves the same folder on its own.
import test from 'node:test';
import assert from 'node:assert';
import { createServer } from 'node:http';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { LinkChecker } from 'linkinator';

const here = dirname(fileURLToPath(import.meta.url));
const dist = join(here, '..', 'docs', '.vitepress', 'dist');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.json': 'application/json', '.png': 'image/png', '.txt': 'text/plain' };
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/** Every HTML page of the built site, as paths from its root. */
function pages(dir = dist) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'tester' || name === 'robotscope' ? [] : pages(path);
    return name.endsWith('.html') && name !== '404.html' ? ['/' + relative(dist, path).split('\\').join('/')] : [];
  });
}

function serve() {
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://127.0.0.1');
    let path = normalize(join(dist, decodeURIComponent(url.pathname)));
    if (!path.startsWith(dist)) return res.writeHead(403).end();
    if (existsSync(path) && statSync(path).isDirectory()) path = join(path, 'index.html');
    if (!existsSync(path)) return res.writeHead(404).end('not found');
    res.writeHead(200, { 'content-type': TYPES[extname(path)] || 'application/octet-stream' }).end(readFileSync(path));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

test('the site is built', () => {
  assert.ok(existsSync(join(dist, 'index.html')), `no site in ${dist}: run \`cargo xtask site\``);
  assert.ok(existsSync(join(dist, 'tester', 'index.html')), 'the tester is at /tester/');
  const list = pages();
  for (const page of ['/index.html', '/guide/index.html', '/guide/matching.html', '/reference/cli.html', '/performance.html']) {
    assert.ok(list.includes(page), `${page} is one of the pages: ${list.join(' ')}`);
  }
});

test('every example on every page answers as its `expect` says, in Chromium', async (t) => {
  const server = await serve();
  const origin = `http://127.0.0.1:${server.address().port}`;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  t.after(async () => {
    await browser.close();
    server.close();
  });
  let widgets = 0;
  for (const path of pages()) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.addInitScript(() => {
      window.__events = [];
      for (const type of ['robots-expectation', 'robots-error']) {
        document.addEventListener(type, (e) => window.__events.push({ type, detail: e.detail }));
      }
    });
    await page.goto(origin + path);
    const found = await page.evaluate(async () => {
      await customElements.whenDefined('robots-txt-tester').catch(() => {});
      const els = [...document.querySelectorAll('robots-txt-tester')];
      await Promise.all(els.map((el) => (el.activate(), el.ready)));
      const openIn = els.map((el) => new URL(el.getAttribute('open-in') || '', location.href).pathname);
      return { count: els.length, expects: els.filter((el) => el.hasAttribute('expect')).length, openIn };
    });
    // The widgets evaluate once they are live; give the last events a moment to arrive.
    await page.waitForFunction((n) => window.__events.filter((e) => e.type === 'robots-expectation').length >= n, found.expects, { timeout: 10000 }).catch(() => {});
    const events = await page.evaluate(() => window.__events);
    assert.deepStrictEqual(errors, [], `${path}: no script errors`);
    assert.deepStrictEqual(events.filter((e) => e.type === 'robots-error'), [], `${path}: no widget errors`);
    const expectations = events.filter((e) => e.type === 'robots-expectation');
    assert.ok(expectations.length >= found.expects, `${path}: each of the ${found.expects} examples with expect checked itself`);
    const failed = expectations.filter((e) => !e.detail.passed);
    assert.deepStrictEqual(failed.map((e) => e.detail.failures), [], `${path}: every example's expect holds`);
    assert.deepStrictEqual(found.openIn.filter((p) => p !== '/tester/'), [], `${path}: every example opens in the site's own tester`);
    widgets += found.count;
    await page.close();
  }
  assert.ok(widgets >= 10, `the guide's examples are live widgets (${widgets} found)`);
});

test('no internal link is broken', async () => {
  const checker = new LinkChecker();
  const result = await checker.check({ path: dist, recurse: true, linksToSkip: ['^(?!http://(localhost|127\\.0\\.0\\.1))'] });
  const broken = result.links.filter((l) => l.state === 'BROKEN').map((l) => `${l.url} (from ${l.parent}, ${l.status})`);
  assert.deepStrictEqual(broken, [], 'broken internal links');
  assert.ok(result.links.length > 20, `the checker followed the site's links (${result.links.length})`);
});
