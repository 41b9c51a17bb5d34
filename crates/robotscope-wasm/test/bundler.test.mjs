// The package through browser bundlers, as the README's recipes use it: esbuild (the `.wasm` copied with the
// `file` loader and passed to `init`) and webpack 5 (`await init()` as is: webpack emits the `.wasm` that
// `new URL(..., import.meta.url)` names) and Vite (the same, as is); each bundle runs in headless Chromium (see
// chromium.mjs), then loads the module with every profile the same way (`initProfiles`).
import test from 'node:test';
import assert from 'node:assert';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import data from './data.cjs';
import { inChromium } from './chromium.mjs';


const APP = `
import { init, initProfiles, Robots, normalizeUrl } from 'robotscope';
import robotsParser from 'robotscope/robots-parser';
import wasmUrl from 'robotscope/robotscope_bg.wasm';
import profilesUrl from 'robotscope/robotscope_profiles_bg.wasm';
await init(wasmUrl);
const robots = Robots.parse('User-agent: *\\nDisallow: /private/\\nAllow: /private/press/\\n');
const v = robots.check('Googlebot', normalizeUrl('https://example.com/private/press/ü'));
await initProfiles(profilesUrl);
window.report = {
  verdict: [v.allowed, v.line, v.rule && v.rule.priority, v.path],
  compat: robotsParser('https://example.com/robots.txt', 'User-agent: *\\nDisallow: /x').isAllowed('https://example.com/x', 'Bot'),
  rfc9309: robots.check('Googlebot', '/private/index.html', { profile: 'rfc9309' }).line,
};
`;

const TYPES = { '.js': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };

/** Serves the bundle in `dist` on 127.0.0.1, opens it in headless Chromium and checks what the app reported. */
async function expectReportInChromium(t, dist) {
  const serve = (req, res) => {
    const path = normalize(join(dist, new URL(req.url, 'http://localhost').pathname.replace(/^\/$/, '/index.html')));
    if (path.startsWith(dist) && existsSync(path)) {
      return res.writeHead(200, { 'content-type': TYPES[extname(path)] || 'application/octet-stream' }).end(readFileSync(path));
    }
    res.writeHead(404).end();
  };
  await inChromium(t, serve, async (page, origin, errors) => {
    await page.goto(`${origin}/`);
    await page.waitForFunction(() => window.report !== undefined, null, { timeout: 60000 });
    const report = await page.evaluate(() => window.report);
    assert.deepStrictEqual(errors, []);
    assert.deepStrictEqual(report, { verdict: [true, 3, 15, '/private/press/%C3%BC'], compat: false, rfc9309: 2 });
  });
}

test('the package bundles with esbuild and runs in headless Chromium', async (t) => {
  const esbuild = data.devRequire('esbuild');
  const work = mkdtempSync(join(tmpdir(), 'robotscope-esbuild-'));
  const dist = join(work, 'dist');
  // The app lives in the test project, so `robotscope` resolves to the installed package.
  const entry = join(process.cwd(), 'bundler-app.mjs');
  writeFileSync(entry, APP);
  try {
    const result = await esbuild.build({
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      loader: { '.wasm': 'file' },
      outdir: dist,
      logLevel: 'silent',
    });
    assert.deepStrictEqual(result.errors, []);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><meta charset="utf-8"><script type="module" src="bundler-app.js"></script>');
    await expectReportInChromium(t, dist);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

const WEBPACK_APP = `
import { init, initProfiles, Robots, normalizeUrl } from 'robotscope';
import robotsParser from 'robotscope/robots-parser';
(async () => {
  await init();
  const robots = Robots.parse('User-agent: *\\nDisallow: /private/\\nAllow: /private/press/\\n');
  const v = robots.check('Googlebot', normalizeUrl('https://example.com/private/press/ü'));
  await initProfiles();
  window.report = {
    verdict: [v.allowed, v.line, v.rule && v.rule.priority, v.path],
    compat: robotsParser('https://example.com/robots.txt', 'User-agent: *\\nDisallow: /x').isAllowed('https://example.com/x', 'Bot'),
    rfc9309: robots.check('Googlebot', '/private/index.html', { profile: 'rfc9309' }).line,
  };
})().catch((e) => { window.report = { error: String(e) }; });
`;

test('the package bundles with webpack 5 for browsers (init() as is) and runs in headless Chromium', async (t) => {
  const webpack = data.devRequire('webpack');
  const work = mkdtempSync(join(tmpdir(), 'robotscope-webpack-'));
  const dist = join(work, 'dist');
  const entry = join(process.cwd(), 'webpack-web-app.mjs');
  writeFileSync(entry, WEBPACK_APP);
  try {
    const stats = await new Promise((resolve, reject) =>
      webpack(
        { mode: 'production', target: 'web', entry, context: process.cwd(), output: { path: dist, filename: 'app.js', publicPath: '/' } },
        (err, s) => (err ? reject(err) : resolve(s))
      )
    );
    assert.deepStrictEqual(stats.toJson({ all: false, errors: true }).errors, []);
    writeFileSync(join(dist, 'index.html'), '<!doctype html><meta charset="utf-8"><script src="app.js"></script>');
    await expectReportInChromium(t, dist);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});

test('the package bundles with Vite (init() as is) and runs in headless Chromium', async (t) => {
  const { build } = await import(join(data.devRequire.modules, 'vite', 'dist', 'node', 'index.js'));
  const work = mkdtempSync(join(tmpdir(), 'robotscope-vite-'));
  const root = join(process.cwd(), 'vite-app');
  const dist = join(work, 'dist');
  mkdirSync(root, { recursive: true });
  writeFileSync(join(root, 'main.js'), WEBPACK_APP);
  writeFileSync(join(root, 'index.html'), '<!doctype html><meta charset="utf-8"><script type="module" src="./main.js"></script>');
  try {
    await build({ root, logLevel: 'silent', configFile: false, build: { outDir: dist, emptyOutDir: true } });
    await expectReportInChromium(t, dist);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
