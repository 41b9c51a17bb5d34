// Self-hosting <robots-txt-tester>, as the README says: from an empty folder, `npx robotscope-element copy
// ./static/robotscope` copies the files the element loads; a page served from that folder alone works (one .wasm
// request, nothing missing); and when a file is missing (element.js copied alone, the .wasm left out) the widget
// says so in the page and fires `robots-error` with kind 'load'.
import test from 'node:test';
import assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, normalize, relative } from 'node:path';
import { inChromium } from './chromium.mjs';

const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };
const list = (dir) => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? list(join(dir, f)) : [join(dir, f)]));

const PAGE = `<!doctype html><meta charset="utf-8"><script type="module" src="/static/robotscope/element.js"></script>
<script>window.events = []; document.addEventListener('robots-error', (e) => events.push(e.detail)); document.addEventListener('robots-ready', () => events.push('ready'));</script>
<robots-txt-tester id="w" loading="eager" agents="Googlebot" urls="/private/x /a"><script type="text/robots">User-agent: *
Disallow: /private/</script></robots-txt-tester>`;

/** Serves `root` and the page; records every request and its status. */
const serve = (root, log) => (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
  if (url.pathname === '/favicon.ico') return res.writeHead(204).end();
  const path = normalize(join(root, decodeURIComponent(url.pathname)));
  const ok = path.startsWith(root) && existsSync(path);
  log.push([url.pathname, ok ? 200 : 404]);
  if (ok) return res.writeHead(200, { 'content-type': TYPES[extname(path)] || 'application/octet-stream', 'cache-control': 'no-store' }).end(readFileSync(path));
  res.writeHead(404).end();
};

test('npx robotscope-element copy, from an empty folder, gives a folder the widget runs from; a missing file is said in the page', { timeout: 180000 }, async (t) => {
  // An empty folder inside the project that installed the package, as a docs site is.
  const site = mkdtempSync(join(process.cwd(), 'selfhost-'));
  try {
    const r = spawnSync('npx', ['--no-install', 'robotscope-element', 'copy', './static/robotscope'], { cwd: site, encoding: 'utf8' });
    assert.strictEqual(r.status, 0, r.stderr);
    assert.match(r.stdout, /copied \d+ files/);
    const copied = list(join(site, 'static/robotscope')).map((f) => relative(join(site, 'static/robotscope'), f)).sort();
    assert.ok(copied.includes('element.js') && copied.includes('element/ui.js') && copied.includes('web/robotscope_bg.wasm'), copied.join(' '));
    // The README lists exactly these files.
    const readme = readFileSync(join(process.cwd(), 'node_modules/robotscope/README.md'), 'utf8');
    for (const f of copied) assert.ok(readme.includes(`\`${f}\``), `the README lists ${f}`);
    const bad = spawnSync('npx', ['--no-install', 'robotscope-element', 'cp'], { cwd: site, encoding: 'utf8' });
    assert.strictEqual(bad.status, 2);
    assert.match(bad.stderr, /usage: robotscope-element copy <folder>/);

    const log = [];
    await inChromium(t, serve(site, log), async (p, origin, errors) => {
      await p.goto(`${origin}/`);
      await p.waitForFunction(() => events.includes('ready'), null, { timeout: 30000 });
      const cells = await p.evaluate(() => document.getElementById('w').results.map((c) => [c.url, c.allowed, c.line]));
      assert.deepStrictEqual(cells, [['/private/x', false, 2], ['/a', true, 0]]);
      assert.deepStrictEqual(log.filter(([, s]) => s !== 200), [], 'no file the element asked for is missing');
      assert.strictEqual(log.filter(([f]) => f.endsWith('.wasm')).length, 1);

      // element.js copied alone: the UI module is missing.
      const failing = async (remove, pattern) => {
        const moved = join(site, 'static/robotscope', remove);
        const kept = readFileSync(moved);
        rmSync(moved);
        try {
          await p.goto(`${origin}/`);
          await p.waitForFunction(() => events.length > 0, null, { timeout: 30000 });
          const got = await p.evaluate(() => ({
            events,
            shown: document.getElementById('w').shadowRoot.textContent,
          }));
          const ready = await p.evaluate(() => document.getElementById('w').ready.then(() => 'resolved', () => 'rejected'));
          assert.strictEqual(got.events[0].kind, 'load', remove);
          assert.match(got.shown, pattern, `${remove}: the reason is shown in the widget`);
          assert.strictEqual(ready, 'rejected');
        } finally {
          writeFileSync(moved, kept);
        }
      };
      await failing('element/ui.js', /could not load .*element\/ui\.js.*copy every file the README lists/);
      await failing('web/robotscope_bg.wasm', /engine could not be loaded.*every file the README lists/);
      assert.deepStrictEqual(errors, []);
    });
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
});

test("the README's images load on the registry's page: absolute URLs into this version of the package", () => {
  const pkg = join(process.cwd(), 'node_modules/robotscope');
  const { version } = JSON.parse(readFileSync(join(pkg, 'package.json'), 'utf8'));
  const readme = readFileSync(join(pkg, 'README.md'), 'utf8');
  const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);
  assert.ok(images.length >= 2);
  const packed = JSON.parse(process.env.ROBOTSCOPE_PACKED_FILES || '[]');
  for (const url of images) {
    const m = url.match(/^https:\/\/cdn\.jsdelivr\.net\/npm\/robotscope@([^/]+)\/(.+)$/);
    assert.ok(m, `${url} is an absolute URL into the published package`);
    assert.strictEqual(m[1], version, `${url} names this version`);
    assert.ok(packed.includes(m[2]), `${m[2]} is in the package`);
  }
});
