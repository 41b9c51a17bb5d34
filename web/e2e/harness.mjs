// What the end-to-end tests share: a static server for the built tester (web/dist), headless Chromium driven
// by playwright-core, and helpers that read the page through stable hooks only (ids and labels of the inputs,
// roles, and the data-* attributes of the grid and the editor).
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, normalize, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium as launcher } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));

/** The built tester: `cargo xtask web` writes it (or ROBOTSCOPE_WEB_DIST names another build). */
export const DIST = resolve(process.env.ROBOTSCOPE_WEB_DIST || join(here, '..', 'dist'));
/** Debian's Chromium (or $CHROMIUM); Playwright downloads no browser. */
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
/** Where the screenshots of the main states go (`ROBOTSCOPE_SCREENSHOTS=1`). */
export const SCREENSHOTS = join(here, '..', '..', 'static', 'screenshots');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.csv': 'text/csv',
  '.txt': 'text/plain; charset=utf-8',
};

/** Why the suite cannot run here, or null. Missing pieces fail the tests unless they are skipped on purpose. */
export function missing() {
  if (!existsSync(join(DIST, 'index.html'))) return `no build in ${DIST}: run \`cargo xtask web\` first`;
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM}`;
  return null;
}

/** Serves DIST on 127.0.0.1 (a free port); `/` is index.html. Resolves to { url, close }. */
export async function serve() {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://localhost').pathname);
    const file = normalize(join(DIST, path === '/' ? 'index.html' : path));
    if (!file.startsWith(DIST + sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream', 'cache-control': 'no-store' });
    res.end(readFileSync(file));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    close: () => new Promise((ok) => server.close(ok)),
  };
}

/** Headless Chromium with the flags the npm package's browser test uses. */
export function launch() {
  return launcher.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

/**
 * Starts the server and the browser for one test file; `t.after` stops both. Returns { browser, url,
 * newPage(options) }: each page is in a fresh context (its own local storage) unless `context` is given, and
 * collects uncaught page errors in `page.errors`.
 */
export async function setup(t) {
  const server = await serve();
  const browser = await launch();
  t.after(async () => {
    await browser.close();
    await server.close();
  });
  async function newContext(options = {}) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
    // The share button writes to the clipboard; the tests read the link from there.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    return context;
  }
  async function newPage({ context, path = '', ...options } = {}) {
    const ctx = context || (await newContext(options));
    const page = await ctx.newPage();
    page.errors = [];
    page.on('pageerror', (e) => page.errors.push(String(e)));
    await page.goto(server.url + path);
    await ready(page);
    return page;
  }
  return { browser, url: server.url, newContext, newPage };
}

/** Waits until the app has rendered (the editor is there and holds the session's text). */
export async function ready(page) {
  await editor(page).waitFor({ state: 'visible', timeout: 60000 });
}

/** The robots.txt editor (a text area named by its label). */
export const editor = (page) => page.getByRole('textbox', { name: /robots\.txt file/ });
/** The agents box and the URLs box (their labels point at them by id). */
export const agentsBox = (page) => page.locator('#agents');
export const urlsBox = (page) => page.locator('#urls');
/** The verdict grid (its caption names it). */
export const grid = (page) => page.getByRole('table', { name: /^Verdicts/ });
/** Error notices (role alert) and the other notices (role status or note) at the top. */
export const alerts = (page) => page.getByRole('alert');
/** The selected cell's summary (a live region: "Allowed by line 4: ..."). */
export const summary = (page) => page.getByRole('status').filter({ hasText: /^(Allowed|Disallowed)/ });

/**
 * Pastes `text` over the whole content of a text area. In the robots.txt editor: "select all" from the keyboard,
 * then a `paste` event carrying `text` (what the browser delivers for Ctrl+V; the app splices it in itself). In
 * the agents and URLs boxes: the value is replaced and `input` fired, as a paste does there. Playwright's `fill`
 * types through the editing engine, which takes minutes for hundreds of kilobytes.
 */
export async function paste(locator, text) {
  const isEditor = await locator.evaluate((area) => area.classList.contains('source'));
  if (isEditor) {
    await locator.focus();
    await locator.press('ControlOrMeta+a');
    await locator.evaluate((area, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      area.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, text);
    return;
  }
  await locator.evaluate((area, text) => {
    area.focus();
    area.value = text;
    area.dispatchEvent(new InputEvent('input', { bubbles: true, inputType: 'insertFromPaste' }));
  }, text);
}

/**
 * The whole file in the editor, as the Download button saves it (the editor's text area holds only the lines
 * around the view of a large file).
 */
export async function fileText(page) {
  // Edits on their way to the state (the editor marks itself meanwhile) are in the file the button saves once made.
  await page.waitForFunction(() => !document.querySelector('.editor[data-pending]'), null, { timeout: 60000 });
  // The click moves the focus to the button: it goes back where it was (a text area keeps its selection).
  const focused = await page.evaluateHandle(() => document.activeElement);
  // Headless Chromium drops one download in each quick run of eleven (its download throttling, not the app):
  // a click that starts none within 10 s (a throttled page on a busy machine is slow to start one) is made again.
  let download = null;
  for (let attempt = 0; !download && attempt < 3; attempt++) {
    [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 10000 }).catch(() => null),
      page.getByRole('button', { name: 'Download' }).click(),
    ]);
  }
  assert.ok(download, 'the Download button started no download in three clicks');
  await focused.evaluate((element) => element?.focus?.());
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** Replaces the file, the agents and the URLs as a user would: typed when short, pasted when long. */
export async function enter(page, { robots, agents, urls }) {
  for (const [box, text] of [[editor(page), robots], [agentsBox(page), agents], [urlsBox(page), urls]]) {
    if (text === undefined) continue;
    if (text.length > 16 * 1024) await paste(box, text);
    else await box.fill(text);
  }
}

/**
 * The grid as rows of "verdict:line" strings, one per URL, from each cell's data-verdict and data-line; and the
 * header's agent labels and row URLs, to check the grid's shape.
 */
export function readGrid(page) {
  return page.evaluate(() => {
    const table = [...document.querySelectorAll('table')].find((t) => t.querySelector('[data-verdict]'));
    if (!table) return { rows: [], urls: [] };
    const rows = [...table.tBodies[0].rows];
    return {
      rows: rows.map((tr) => [...tr.querySelectorAll('td[data-verdict]')].map((td) => `${td.dataset.verdict}:${td.dataset.line}`)),
      urls: rows.map((tr) => tr.cells[0].querySelector('span').textContent),
    };
  });
}

/** Waits until the grid reads `expected` (rows of "verdict:line"), and returns what it last read. */
export async function expectGrid(page, expected, timeout = 10000) {
  const want = JSON.stringify(expected);
  try {
    await page.waitForFunction(
      (want) => {
        const table = [...document.querySelectorAll('table')].find((t) => t.querySelector('[data-verdict]'));
        if (!table) return false;
        const rows = [...table.tBodies[0].rows].map((tr) =>
          [...tr.querySelectorAll('td[data-verdict]')].map((td) => `${td.dataset.verdict}:${td.dataset.line}`),
        );
        return JSON.stringify(rows) === want;
      },
      want,
      { timeout, polling: 'raf' },
    );
  } catch {
    // Fall through: the caller's assertion shows the difference.
  }
  return (await readGrid(page)).rows;
}

/** The cell of URL row `u` and agent column `a`: its button (the grid's focusable element). */
export const cell = (page, u, a) => grid(page).getByRole('row').nth(u + 1).getByRole('button').nth(a);

/** The editor line marked as the selected cell's deciding line: its number, or 0 when none is marked. */
export function winningLine(page) {
  return page.evaluate(() => {
    const marked = document.querySelectorAll('[data-winning="true"]');
    if (marked.length > 1) return -marked.length;
    return marked.length ? Number(marked[0].dataset.line) : 0;
  });
}

/** The saved session of the page's tab in local storage, in its text format (or null). Each tab keeps its own,
 * under `robotscope-session:` and the tab's id (in session storage). */
export function savedSession(page) {
  return page.evaluate(() => localStorage.getItem(`robotscope-session:${sessionStorage.getItem('robotscope-tab')}`));
}

/** Waits until the page's tab has saved a session holding `text`. */
export async function saved(page, text, timeout = 10000) {
  await page.waitForFunction(
    (text) => (localStorage.getItem(`robotscope-session:${sessionStorage.getItem('robotscope-tab')}`) || '').includes(text),
    text,
    { timeout },
  );
}

/** The kept backups (sessions a share link or a restore replaced), newest first, in their text format. */
export function backups(page) {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith('robotscope-backup:'))
      .sort((a, b) => Number(b.split(':')[1]) - Number(a.split(':')[1]))
      .map((k) => localStorage.getItem(k)),
  );
}

/** Slows the page's CPU `rate` times (Chrome DevTools Protocol, as Lighthouse's mobile emulation does). */
export async function throttle(page, rate) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
}

/** Resolves after two animation frames: the page has painted and is answering. */
export function frames(page) {
  return page.evaluate(() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(() => ok(true)))));
}

/** A robots.txt of about `bytes` bytes: `head`, then groups for other bots, each with a few rules. */
export function bigFile(bytes, head, tail = '') {
  const parts = [head];
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail);
  for (let i = 0; ; i++) {
    // Letters only in the token: `bot7` would read as `bot`.
    const name = [i / 676, i / 26, i].map((d) => String.fromCharCode(97 + (Math.floor(d) % 26))).join('');
    const group = `User-agent: filler-${name}\nDisallow: /p${i}/*.pdf$\nAllow: /p${i}/public/\n\n`;
    if (size + group.length > bytes) break;
    parts.push(group);
    size += group.length;
  }
  parts.push(tail);
  return parts.join('');
}
