// Screenshots of the main states into static/screenshots/ (for the README), only with ROBOTSCOPE_SCREENSHOTS=1:
// `ROBOTSCOPE_SCREENSHOTS=1 npm test` or `npm run screenshots` in web/e2e.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AGENTS, EXPECTED, ROBOTS, URLS } from './fixtures.mjs';
import { SCREENSHOTS, alerts, cell, enter, expectGrid, missing, setup } from './harness.mjs';

const skip = missing() || (process.env.ROBOTSCOPE_SCREENSHOTS !== '1' && 'set ROBOTSCOPE_SCREENSHOTS=1 to write them');

test('screenshots of the main states', { skip: skip ? `SKIPPED: ${skip}` : false }, async (t) => {
  const { newPage, url } = await setup(t);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const shot = (page, name) => page.screenshot({ path: join(SCREENSHOTS, name), animations: 'disabled' });

  // Desktop (1280x720), light: the fixture with the ExampleBot cell of /private/press/x.pdf selected (line 4 wins).
  const desktop = await newPage({ viewport: { width: 1280, height: 720 }, colorScheme: 'light' });
  await enter(desktop, { robots: ROBOTS, agents: AGENTS, urls: URLS });
  assert.deepEqual(await expectGrid(desktop, EXPECTED), EXPECTED);
  await cell(desktop, 1, 2).click();
  await desktop.waitForFunction(() => document.querySelector('[data-winning="true"]')?.dataset.line === '4');
  await shot(desktop, 'tester-desktop.png');

  // Desktop, comparing: a baseline, then GPTBot's rule narrowed; two verdicts changed.
  await desktop.getByRole('button', { name: 'Set as baseline' }).click();
  await enter(desktop, { robots: ROBOTS.replace('User-agent: GPTBot\nDisallow: /', 'User-agent: GPTBot\nDisallow: /private/') });
  await desktop.waitForFunction(() => document.querySelectorAll('td[data-changed="true"]').length === 2);
  await cell(desktop, 3, 1).click();
  await shot(desktop, 'tester-compare.png');
  await desktop.getByRole('button', { name: 'Stop comparing' }).click();
  await enter(desktop, { robots: ROBOTS });

  // Desktop, an error: a damaged share link keeps the session and says so.
  await desktop.waitForFunction(() => (localStorage.getItem(`robotscope-session:${sessionStorage.getItem('robotscope-tab')}`) || '').includes('e2e fixture'));
  await desktop.goto('about:blank');
  await desktop.goto(`${url}#s1.AAAA`);
  await alerts(desktop).waitFor();
  await shot(desktop, 'tester-error.png');

  // Desktop, the AI crawlers view on the AI-era example: the training crawlers, CCBot's verdict at / (it only
  // looks blocked) with the usage preferences that apply.
  await desktop.getByRole('combobox', { name: 'Start from an example' }).selectOption({ label: "AI era: Cloudflare's block, a copied blocklist, usage lines" });
  await desktop.getByRole('button', { name: 'Dismiss this message' }).click();
  await enter(desktop, { urls: '/\n/docs/guide\n' });
  await desktop.getByRole('group', { name: 'AI crawlers' }).getByRole('button', { name: 'Training', exact: true }).click();
  await desktop.locator('.ai-summary').waitFor();
  const ccbot = (await desktop.locator('.grid thead th .agent').allTextContents()).indexOf('CCBot');
  await cell(desktop, 0, ccbot).click();
  await desktop.locator('.detail .usage').waitFor();
  await shot(desktop, 'tester-ai.png');

  // Phone, dark: the example file on first visit, scrolled to the verdicts.
  const phone = await newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, colorScheme: 'dark' });
  await phone.getByRole('table', { name: /^Verdicts/ }).waitFor();
  await shot(phone, 'tester-phone-dark.png');
  // The verdicts, one selected: the card under it quotes the lines that decided it.
  await cell(phone, 1, 1).evaluate((b) => b.scrollIntoView({ block: 'center' }));
  await cell(phone, 1, 1).tap();
  await phone.waitForFunction(() => document.querySelector('td.cell.selected')?.dataset.cell === '1-1');
  await phone.waitForTimeout(200);
  await shot(phone, 'tester-phone-dark-verdicts.png');
});
