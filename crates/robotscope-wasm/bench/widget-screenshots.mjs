// Takes the README's screenshots of <robots-txt-tester> on a documentation-like page, light and dark (the page
// switches with Docusaurus's `html[data-theme]`, which the widget follows), at 1280x720 and on a phone (390x844).
// Usage: node bench/widget-screenshots.mjs [out-dir]   (build first: `cargo xtask npm`; default out-dir:
// static/screenshots at the repository root)
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';

const crate = join(dirname(fileURLToPath(import.meta.url)), '..');
const pkg = join(crate, 'pkg');
const out = process.argv[2] || join(crate, '../../static/screenshots');
mkdirSync(out, { recursive: true });

const page = (theme) => `<!doctype html><html data-theme="${theme}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="module" src="/pkg/element.js"></script>
<style>
  html { --bg: #fff; --fg: #1c1e21; --side: #f5f6f7; --code: #f6f7f8; }
  html[data-theme=dark] { --bg: #1b1b1d; --fg: #e3e3e3; --side: #242526; --code: #2b2b2d; }
  body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.6 system-ui, sans-serif; display: flex; }
  nav { width: 230px; min-height: 100vh; background: var(--side); padding: 1.2em; box-sizing: border-box; flex: none; }
  nav a { display: block; color: inherit; text-decoration: none; padding: .25em 0; opacity: .8 }
  main { max-width: 820px; padding: 1em 2.5em; box-sizing: border-box; min-width: 0; }
  pre { background: var(--code); padding: 1em; border-radius: 6px; overflow: auto }
  code { font-size: 14px }
  @media (max-width: 700px) { nav { display: none } main { padding: .5em 1em } }
</style></head><body>
<nav><strong>Crawling guide</strong><a>Introduction</a><a>Sitemaps</a><a><b>robots.txt rules</b></a><a>AI crawlers</a><a>Troubleshooting</a></nav>
<main>
<h1>Keep crawlers out of private pages</h1>
<p>Rules in the <code>*</code> group apply to every crawler that has no group of its own. Try other paths below: the verdicts follow as you type.</p>
<pre><code>User-agent: *
Disallow: /private/
Allow: /private/press/

User-agent: Googlebot
Disallow: /*.pdf$   # no PDFs in search

User-agent: GPTBot
Disallow: /
</code></pre>
<robots-txt-tester agents="Googlebot, Googlebot-Image, GPTBot" urls="/private/report /private/press/launch /docs/guide.pdf" loading="eager" label="Example: private pages"></robots-txt-tester>
<p>Googlebot-Image has no group here, so it follows Googlebot's group, as Google documents.</p>
</main></body></html>`;

const server = createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/light' || url.pathname === '/dark') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page(url.pathname.slice(1)));
  const path = normalize(join(pkg, url.pathname.slice(5)));
  if (url.pathname.startsWith('/pkg/') && path.startsWith(pkg) && existsSync(path)) {
    return res.writeHead(200, { 'content-type': { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' }[extname(path)] || 'application/octet-stream' }).end(readFileSync(path));
  }
  res.writeHead(404).end();
});
await new Promise((r) => server.listen(0, '127.0.0.1', r));
const origin = `http://127.0.0.1:${server.address().port}`;
const { chromium } = createRequire(join(crate, 'package.json'))('playwright-core');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const [name, viewport] of [['', { width: 1280, height: 720 }], ['-phone', { width: 390, height: 844 }]]) {
    for (const theme of ['light', 'dark']) {
      const p = await browser.newPage({ viewport, deviceScaleFactor: 1 });
      await p.goto(`${origin}/${theme}`);
      await p.waitForFunction(() => document.querySelector('robots-txt-tester').shadowRoot?.querySelector('td[data-verdict]'));
      // Select the Googlebot-Image cell of the PDF: the explanation shows the fallback to Googlebot's group.
      await p.locator('td[data-agent="Googlebot-Image"][data-url="/docs/guide.pdf"] button').click();
      await p.mouse.click(5, 5);
      const file = join(out, `widget-${theme}${name}.png`);
      await p.screenshot({ path: file, fullPage: name === '-phone' });
      console.log(`wrote ${file}`);
      await p.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}
