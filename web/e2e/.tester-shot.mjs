// Scratch: screenshots of the layout (not committed).
import { readFileSync } from 'node:fs';
import { setup, enter, cell } from './harness.mjs';
const BBC = readFileSync(new URL('./fixtures/bbc.robots.txt', import.meta.url), 'utf8');
const URLS = ['news', 'wales/news/uk-wales-politics-12345678', 'zhongwen/trad/search?q=weather', '_programmes/b006qykl',
  'iplayer/episode/p0abcdef/some-programme-series-1-episode-1', 'newsround/amp/12345678', 'arabic/search', 'cbbc/search/games',
  'sport/football/scores-fixtures/2026-11-23', 'food/recipes/a_very_long_recipe_name_for_a_sunday_roast_12345'].map((p) => `https://www.bbc.co.uk/${p}\n`).join('');
const t = { after: (f) => (globalThis.cleanup = f) };
const { newPage } = await setup(t);
const sizes = (process.env.SIZES || '1280x720').split(',');
for (const s of sizes) {
  const [w, h] = s.split('x').map(Number);
  const phone = w < 600;
  const page = await newPage(phone ? { viewport: { width: w, height: h }, isMobile: true, hasTouch: true, deviceScaleFactor: 1, colorScheme: process.env.SCHEME || 'light' } : { viewport: { width: w, height: h }, colorScheme: process.env.SCHEME || 'light' });
  await enter(page, { robots: BBC, agents: 'Googlebot\nbingbot\nGPTBot\nClaudeBot\n', urls: URLS });
  await page.waitForFunction(() => document.querySelectorAll('td[data-verdict]').length === 40);
  if (process.env.POLICY) {
    await page.getByRole('button', { name: 'Build a policy' }).click();
    await page.getByRole('button', { name: 'Block AI training, allow everything else' }).click();
  } else {
    await cell(page, 2, 1).click();
    if (phone) await page.waitForTimeout(300);
  }
  await page.screenshot({ path: `/tmp/tester-shots/${s}${process.env.POLICY ? '-policy' : ''}.png` });
  console.log(s, JSON.stringify(page.errors));
  await page.context().close();
}
await globalThis.cleanup();
