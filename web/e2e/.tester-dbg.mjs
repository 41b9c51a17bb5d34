import { readFileSync } from 'node:fs';
import { setup, enter } from './harness.mjs';
const BBC = readFileSync(new URL('./fixtures/bbc.robots.txt', import.meta.url), 'utf8');
const URLS = ['news', 'wales/news/uk-wales-politics-12345678', 'zhongwen/trad/search?q=weather', '_programmes/b006qykl',
  'iplayer/episode/p0abcdef/some-programme-series-1-episode-1', 'newsround/amp/12345678', 'arabic/search', 'cbbc/search/games',
  'sport/football/scores-fixtures/2026-11-23', 'food/recipes/a_very_long_recipe_name_for_a_sunday_roast_12345'].map((p) => `https://www.bbc.co.uk/${p}\n`).join('');
const t = { after: (f) => (globalThis.cleanup = f) };
const { newPage } = await setup(t);
const page = await newPage({ viewport: { width: 1280, height: 720 } });
await enter(page, { robots: BBC, agents: 'Googlebot\nbingbot\nGooglebot-Image\nGPTBot\nQuerySeekerSpider\n', urls: URLS });
await page.waitForFunction(() => document.querySelectorAll('td[data-verdict]').length === 50);
const td = page.locator('td[data-cell="5-4"]');
await td.scrollIntoViewIfNeeded();
const b = await td.boundingBox();
console.log(b, await page.evaluate(([x, y]) => { const e = document.elementFromPoint(x, y); return e.outerHTML.slice(0, 200); }, [b.x + b.width - 2, b.y + b.height - 2]));
console.log(await page.evaluate(() => { const w = document.querySelector('.grid-wrap'); return [w.clientWidth, w.scrollWidth, w.getBoundingClientRect().right, document.querySelector('.grid').getBoundingClientRect().width]; }));
await page.screenshot({ path: '/tmp/tester-shots/dbg.png' });
await globalThis.cleanup();
