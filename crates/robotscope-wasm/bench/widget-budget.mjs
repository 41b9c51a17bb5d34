// <robots-txt-tester>'s budgets, measured on the built package (pkg/) and printed:
// - sizes, gzipped: the definition script (≤ 4 KB), the UI loaded on activation, JS and CSS (≤ 12 KB), the
//   shared engine (≤ 70 KB, the package's budget);
// - time in headless Chromium: an edit in a 20 KB file with 50 URLs x 5 agents, from the input event to the
//   verdicts in the page and to the next frame (one frame, 16 ms, at the median); and twelve widgets on one
//   page, from the .wasm arriving to `robots-ready` on all of them (≤ 300 ms).
// Usage: node bench/widget-budget.mjs   (build first: `cargo xtask npm`; `cargo xtask widget-budget` does both)
// Exits 1 when a size is over budget; times are printed (they depend on the machine).
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const crate = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = join(crate, 'pkg');
if (!existsSync(join(pkg, 'element.js'))) {
  console.error('widget-budget: pkg/element.js is missing; build the package first with `cargo xtask npm`');
  process.exit(2);
}
const gz = (...files) => files.reduce((n, f) => n + gzipSync(readFileSync(join(pkg, f)), { level: 9 }).length, 0);
const raw = (...files) => files.reduce((n, f) => n + readFileSync(join(pkg, f)).length, 0);
const KB = (n) => `${(n / 1000).toFixed(1)} KB`;
let failed = false;
const line = (ok, text) => {
  if (!ok) failed = true;
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${text}`);
};

console.log('<robots-txt-tester> budgets');
const def = gz('element.js');
line(def <= 4000, `definition script element.js: ${KB(def)} gzipped (${raw('element.js')} B raw) (budget 4 KB)`);
const ui = gz('element/ui.js', 'element/style.js');
line(ui <= 12000, `UI on activation element/ui.js + style.js: ${KB(ui)} gzipped (JS ${KB(gz('element/ui.js'))}, CSS ${KB(gz('element/style.js'))}) (budget 12 KB)`);
// The JS a browser loads with the engine: the entry and every module it imports, each file gzipped on its own.
const imports = (file, seen = new Set()) => {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const [, to] of readFileSync(join(pkg, file), 'utf8').matchAll(/^import[^'"]*['"](\.\/[^'"]+)['"]/gm)) {
    imports(join(dirname(file), to), seen);
  }
  return seen;
};
const modules = [...imports('index.web.js')];
const glue = gz(...modules);
const wasm = gz('web/robotscope_bg.wasm');
line(wasm <= 70000, `shared engine robotscope_bg.wasm: ${KB(wasm)} gzipped (${raw('web/robotscope_bg.wasm')} B raw) (budget 70 KB); its JS (${modules.length} modules) ${KB(glue)}`);
const profiles = gz('web/robotscope_profiles_bg.wasm', 'web/robotscope_profiles.js');
console.log(`INFO  with profile="rfc9309", "1994" or "compare": robotscope_profiles_bg.wasm and its glue, ${KB(profiles)} gzipped, instead (no budget)`);

const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };
const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';
if (!existsSync(chromiumPath)) {
  console.log(`no Chromium at ${chromiumPath}: times not measured`);
  process.exit(failed ? 1 : 0);
}

// A 20 KB file: groups for several crawlers with wildcard rules; 50 URLs; 5 agents (presets with fallbacks).
let file = '';
for (let g = 0; file.length < 20000; g++) {
  file += `User-agent: ${['*', 'Googlebot', 'GPTBot', 'Bingbot'][g % 4]}\n`;
  for (let r = 0; r < 12; r++) file += `${r % 3 ? 'Disallow' : 'Allow'}: /section-${g}/${r}/*.html$\n`;
  file += '\n';
}
file = file.slice(0, 20000);
const urls = Array.from({ length: 50 }, (_, i) => `/section-${i % 10}/${i % 2}/page-${i}.html`).join(' ');
const agents = 'Googlebot, googlebot-image, GPTBot, bingbot, MyBot';
const twelve = Array.from({ length: 12 }, (_, i) => `<robots-txt-tester loading="eager" agents="Googlebot, GPTBot" urls="/a /b/${i}"><script type="text/robots">User-agent: *\nDisallow: /b/\n</script></robots-txt-tester>`).join('\n');
const pages = {
  '/edit': `<!doctype html><meta charset="utf-8"><script type="module" src="/pkg/element.js"></script>
<robots-txt-tester id="w" mode="edit" loading="eager" agents="${agents}" urls="${urls}"></robots-txt-tester>
<script type="module">document.getElementById('w').robots = ${JSON.stringify(file)};</script>`,
  '/twelve': `<!doctype html><meta charset="utf-8"><script>window.ready = []; document.addEventListener('robots-ready', () => ready.push(performance.now()));</script>
<script type="module" src="/pkg/element.js"></script>${twelve}`,
};
const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (pages[url.pathname]) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(pages[url.pathname]);
  const path = normalize(join(pkg, url.pathname.slice(5)));
  if (url.pathname.startsWith('/pkg/') && path.startsWith(pkg) && existsSync(path)) {
    return res.writeHead(200, { 'content-type': TYPES[extname(path)] || 'application/octet-stream', 'cache-control': 'no-store' }).end(readFileSync(path));
  }
  res.writeHead(404).end();
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${server.address().port}`;
const { chromium } = createRequire(join(crate, 'package.json'))('playwright-core');
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
});
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)];
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${origin}/edit`);
  await page.waitForFunction(() => document.getElementById('w').shadowRoot?.querySelectorAll('td[data-verdict]').length === 250, null, { timeout: 60000 });
  const times = await page.evaluate(async () => {
    const root = document.getElementById('w').shadowRoot;
    const area = root.querySelector('textarea');
    const out = { handler: [], frame: [], flipped: [] };
    const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    await frame();
    for (let i = 0; i < 21; i++) {
      // Toggles the rule that decides 10 cells (5 URLs for Googlebot and for Googlebot-Image, which follows it).
      const before = [...root.querySelectorAll('td')].map((t) => t.dataset.verdict).join();
      const [a, b] = ['Disallow: /section-1/1/*', 'Allow: /section-1/1/*'];
      area.value = i % 2 ? area.value.replace(b, a) : area.value.replace(a, b);
      const t0 = performance.now();
      area.dispatchEvent(new Event('input'));
      const t1 = performance.now();
      await frame();
      const t2 = performance.now();
      const after = [...root.querySelectorAll('td')].map((t) => t.dataset.verdict).join();
      if (i > 0) {
        out.handler.push(t1 - t0);
        out.frame.push(t2 - t0);
        out.flipped.push(before !== after);
      }
    }
    return out;
  });
  const flips = times.flipped.filter(Boolean).length;
  const m = median(times.handler);
  console.log(`20 KB file (${file.split('\n').length} lines), 50 URLs x 5 agents, 20 edits (${flips} changed verdicts), Chromium ${browser.version()}:`);
  console.log(`${m <= 16 ? 'PASS' : 'OVER'}  input event -> verdicts in the page: median ${m.toFixed(1)} ms, p90 ${p90(times.handler).toFixed(1)} ms (budget 16 ms, median)`);
  console.log(`      input event -> next frame + message: median ${median(times.frame).toFixed(1)} ms, p90 ${p90(times.frame).toFixed(1)} ms (upper bound: includes waiting for the frame)`);

  const ready = [];
  for (let round = 0; round < 5; round++) {
    const page2 = await browser.newPage();
    await page2.goto(`${origin}/twelve`);
    await page2.waitForFunction(() => window.ready && window.ready.length === 12, null, { timeout: 60000 });
    ready.push(
      await page2.evaluate(() => {
        const wasm = performance.getEntriesByType('resource').find((e) => e.name.endsWith('.wasm'));
        return Math.max(...window.ready) - wasm.responseEnd;
      })
    );
    await page2.close();
  }
  const r = median(ready);
  console.log(`${r <= 300 ? 'PASS' : 'OVER'}  12 widgets: .wasm arrived -> robots-ready on all: median ${r.toFixed(1)} ms of 5 page loads (budget 300 ms)`);
} finally {
  await browser.close();
  server.close();
}
process.exit(failed ? 1 : 0);
