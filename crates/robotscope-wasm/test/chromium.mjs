// Shared by the browser suites: Debian's Chromium through playwright-core, and a throwaway local server.
import assert from 'node:assert';
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import data from './data.cjs';

const chromium = process.env.CHROMIUM || '/usr/bin/chromium';

/** The flags this machine's Chromium needs: no sandbox as root, and no background network traffic. */
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

/**
 * Serves `handler` on 127.0.0.1, opens a page in headless Chromium and runs `body(page, origin, errors)`;
 * `errors` collects the page's uncaught errors. Skips the test when Chromium is missing, unless CI=true.
 */
export async function inChromium(t, handler, body) {
  if (!existsSync(chromium)) {
    if (process.env.CI === 'true') assert.fail(`no Chromium at ${chromium} (CI=true)`);
    return t.skip(`SKIPPED: no Chromium at ${chromium}`);
  }
  const { chromium: launcher } = data.devRequire('playwright-core');
  const server = createServer(handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const browser = await launcher.launch({ executablePath: chromium, args: ARGS });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    return await body(page, `http://127.0.0.1:${server.address().port}`, errors, browser);
  } finally {
    await browser.close();
    server.close();
  }
}
