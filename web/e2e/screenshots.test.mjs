// Screenshots of the main states into static/screenshots/ (for the README), only with ROBOTSCOPE_SCREENSHOTS=1:
// `ROBOTSCOPE_SCREENSHOTS=1 npm test` or `npm run screenshots` in web/e2e.
import test from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
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

  // www.bbc.co.uk's robots.txt, four agents and ten URLs at each laptop size, light and dark: bingbot's verdict for
  // /zhongwen/trad/search selected (its own group's line, far down the file).
  const bbc = readFileSync(new URL('./fixtures/bbc.robots.txt', import.meta.url), 'utf8');
  const paths = ['news', 'wales/news/uk-wales-politics-12345678', 'zhongwen/trad/search?q=weather', '_programmes/b006qykl',
    'iplayer/episode/p0abcdef/some-programme-series-1-episode-1', 'newsround/amp/12345678', 'arabic/search', 'cbbc/search/games',
    'sport/football/scores-fixtures/2026-11-23', 'food/recipes/a_very_long_recipe_name_for_a_sunday_roast_12345'];
  const urls = paths.map((p) => `https://www.bbc.co.uk/${p}\n`).join('');
  for (const colorScheme of ['light', 'dark']) {
    for (const [width, height] of [[1280, 720], [1366, 768], [1440, 900]]) {
      const page = await newPage({ viewport: { width, height }, colorScheme });
      await enter(page, { robots: bbc, agents: 'Googlebot\nbingbot\nGPTBot\nClaudeBot\n', urls });
      await page.waitForFunction(() => document.querySelectorAll('td[data-verdict]').length === 40);
      await cell(page, 2, 1).click();
      await page.waitForFunction(() => document.querySelector('.ln[data-winning="true"]'));
      await shot(page, `tester-${width}x${height}-${colorScheme}.png`);
      await page.context().close();
    }
    const phone = await newPage({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, colorScheme });
    await enter(phone, { robots: bbc, agents: 'Googlebot\nbingbot\nGPTBot\nClaudeBot\n', urls });
    await phone.waitForFunction(() => document.querySelectorAll('td[data-verdict]').length === 40);
    await cell(phone, 2, 1).evaluate((b) => b.scrollIntoView({ block: 'center' }));
    await cell(phone, 2, 1).tap();
    await phone.waitForTimeout(200);
    await shot(phone, `tester-phone-${colorScheme}-cards.png`);
    await phone.context().close();
  }

  // The policy builder: "block AI training, allow everything else" written into a file with Cloudflare's block.
  const policy = await newPage({ viewport: { width: 1280, height: 720 }, colorScheme: 'light' });
  await enter(policy, { robots: '# BEGIN Cloudflare Managed content\nUser-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /\n# END Cloudflare Managed Content\n\nUser-agent: *\nDisallow: /admin/\n' });
  await policy.getByRole('button', { name: 'Build a policy' }).click();
  await policy.getByRole('button', { name: 'Block AI training, allow everything else' }).click();
  await policy.getByRole('button', { name: 'Write the rules' }).click();
  await policy.getByRole('status').filter({ hasText: /^All \d+ catalogue crawlers follow this policy/ }).waitFor();
  await shot(policy, 'tester-policy.png');
  await policy.context().close();
});
