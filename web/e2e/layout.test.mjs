// The answer and its rule on one screen: on a 1280x720 laptop, a real 24 KB file (www.bbc.co.uk's robots.txt
// from the conformance corpus), five agents and ten URLs, selecting a cell shows the cell, the winning line
// highlighted in the editor and the explanation together, without scrolling the page; on a 390x844 phone, the
// selected verdict and the lines that decided it are shown together. Asserted on bounding boxes.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ROBOTS } from './fixtures.mjs';
import { cell, editor, enter, grid, missing, setup } from './harness.mjs';

const skip = missing();
const BBC = readFileSync(new URL('./fixtures/bbc.robots.txt', import.meta.url), 'utf8');
const AGENTS = 'Googlebot\nbingbot\nGooglebot-Image\nGPTBot\nQuerySeekerSpider\n';
const URLS = [
  'https://www.bbc.co.uk/news',
  'https://www.bbc.co.uk/wales/news/uk-wales-politics-12345678',
  'https://www.bbc.co.uk/zhongwen/trad/search?q=weather',
  'https://www.bbc.co.uk/_programmes/b006qykl',
  'https://www.bbc.co.uk/iplayer/episode/p0abcdef/some-programme-series-1-episode-1',
  'https://www.bbc.co.uk/newsround/amp/12345678',
  'https://www.bbc.co.uk/arabic/search',
  'https://www.bbc.co.uk/cbbc/search/games',
  'https://www.bbc.co.uk/sport/football/scores-fixtures/2026-11-23',
  'https://www.bbc.co.uk/food/recipes/a_very_long_recipe_name_for_a_sunday_roast_12345',
].join('\n') + '\n';

/** Bounding boxes and scroll figures of what one screen must show. */
function measure(page) {
  return page.evaluate(() => {
    const box = (el) => {
      if (!el) return null;
      const r = el.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height };
    };
    const selected = document.querySelector('td.cell.selected');
    const scrollables = [...document.querySelectorAll('*')].filter((el) => {
      const style = getComputedStyle(el);
      return /(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1;
    });
    return {
      viewport: { width: innerWidth, height: innerHeight },
      pageScroll: document.scrollingElement.scrollTop,
      pageOverflow: document.scrollingElement.scrollHeight - innerHeight,
      cell: box(selected?.querySelector('button')),
      td: box(selected),
      line: selected?.dataset.line,
      winning: box(document.querySelector('.ln[data-winning="true"]')),
      winningLine: document.querySelector('.ln[data-winning="true"]')?.dataset.line,
      bands: [...document.querySelectorAll('.ln.in-group')].map(box),
      editor: box(document.querySelector('.editor .scroller')),
      editorScroll: document.querySelector('.editor .scroller').scrollTop,
      explanation: box(document.querySelector('.explanation')),
      detail: box(document.querySelector('.detail-panel')),
      card: box(document.querySelector('.sheet-card')),
      cardText: document.querySelector('.sheet-card')?.textContent,
      gridWrap: box(document.querySelector('.grid-wrap')),
      urlHeader: box(document.querySelector('th.url')),
      // What 28 characters measure in the URL column's own font.
      ch28: (() => {
        const probe = document.createElement('span');
        probe.style.cssText = 'position:absolute;visibility:hidden;width:28ch';
        document.querySelector('th.url').appendChild(probe);
        const w = probe.getBoundingClientRect().width;
        probe.remove();
        return w;
      })(),
      // Scrollers inside scrollers.
      scrollers: scrollables.map((el) => el.className || el.tagName),
      nested: scrollables.filter((el) => scrollables.some((other) => other !== el && other.contains(el))).map((el) => el.className),
    };
  });
}

/** Whether box `a` lies within box `b` (a pixel of slack for rounding). */
const inside = (a, b) => a && b && a.top >= b.top - 1 && a.bottom <= b.bottom + 1 && a.left >= b.left - 1 && a.right <= b.right + 1;
/** Whether line box `a` is in view in box `b`: all of its height, and its start (a line is as wide as the longest). */
const lineInside = (a, b) => a && b && a.top >= b.top - 1 && a.bottom <= b.bottom + 1 && a.left >= b.left - 1 && a.left < b.right;
const screen = (m) => ({ top: 0, left: 0, bottom: m.viewport.height, right: m.viewport.width });

test('the answer and its rule on one screen', { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false }, async (t) => {
  assert.equal(skip, null, skip);
  const { newPage } = await setup(t);

  await t.test('first visit: one line says what to do, the example is marked, and Clear empties it', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 720 } });
    const howto = page.getByText('Paste your robots.txt, list the URLs and crawlers to check, then select a verdict');
    const box = await howto.boundingBox();
    assert.ok(box && box.y + box.height <= 720, 'the how-to is above the fold');
    // A verdict is above the fold on a first visit.
    const first = await cell(page, 0, 0).boundingBox();
    assert.ok(first.y + first.height <= 720, `the first verdict is on screen (${first.y})`);
    assert.equal(await page.locator('.badge').textContent(), 'Example');
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.waitForFunction(() => document.querySelector('textarea.source').value === '');
    assert.equal(await page.locator('#urls').inputValue(), '');
    assert.equal(await page.locator('.badge').count(), 0);
    assert.equal(await howto.count(), 0, 'the how-to goes with the example');
    await page.context().close();
  });

  await t.test('1280x720: cell, winning line and explanation on screen together; the page never scrolls', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 720 } });
    await enter(page, { robots: BBC, agents: AGENTS, urls: URLS });
    await page.waitForFunction(() => document.querySelectorAll('td[data-verdict]').length === 50);
    // Filled, the agents and URLs boxes are compact: the grid starts in the upper half of the screen.
    await page.locator('#urls').blur();
    const gridBox = await grid(page).boundingBox();
    assert.ok(gridBox.y < 360, `the grid starts at ${gridBox.y} px`);
    // bingbot's own group is lines 167-327: /zhongwen/trad/search is decided far down the file.
    for (const [u, a] of [[2, 1], [9, 3], [1, 2], [7, 4]]) {
      await cell(page, u, a).click();
      await page.waitForFunction(
        ([u, a]) => {
          const td = document.querySelector('td.cell.selected');
          const line = td?.dataset.line;
          return td?.dataset.cell === `${u}-${a}` && (line === '0' || document.querySelector('.ln[data-winning="true"]')?.dataset.line === line);
        },
        [u, a],
      );
      const m = await measure(page);
      const where = `cell ${u}-${a} (line ${m.line})`;
      assert.equal(m.pageScroll, 0, `${where}: the page did not scroll`);
      assert.ok(m.pageOverflow <= 0, `${where}: the page has nothing to scroll (${m.pageOverflow} px)`);
      assert.ok(inside(m.cell, screen(m)) && inside(m.cell, m.gridWrap), `${where}: the cell is on screen ${JSON.stringify(m.cell)}`);
      assert.ok(inside(m.explanation, screen(m)) && inside(m.explanation, m.detail), `${where}: the explanation is on screen ${JSON.stringify(m.explanation)}`);
      if (m.line !== '0') {
        assert.equal(m.winningLine, m.line);
        assert.ok(lineInside(m.winning, m.editor) && lineInside(m.winning, screen(m)), `${where}: the winning line is on screen ${JSON.stringify(m.winning)}`);
      }
      // Side by side: the editor on the left, the verdicts on the right.
      assert.ok(m.editor.right <= m.gridWrap.left, `${where}: editor and verdicts side by side`);
      assert.deepEqual(m.nested, [], `${where}: no scroller inside another (${m.scrollers})`);
      t.diagnostic(`${where}: cell ${Math.round(m.cell.top)}-${Math.round(m.cell.bottom)}, winning line ${m.winning ? Math.round(m.winning.top) : '-'}, explanation ${Math.round(m.explanation.top)}-${Math.round(m.explanation.bottom)}, editor scrolled ${m.editorScroll} px`);
    }
    // The editor scrolled to bingbot's rule, far below its first screen.
    await cell(page, 2, 1).click();
    await page.waitForFunction(() => document.querySelector('.ln[data-winning="true"]'));
    const m = await measure(page);
    assert.ok(Number(m.winningLine) > 167 && m.editorScroll > 2000, `line ${m.winningLine}, scrolled ${m.editorScroll}`);

    // The URL column keeps 28 characters; a longer URL is cut with an ellipsis and whole in its title.
    assert.ok(m.urlHeader.width >= m.ch28 - 1, `URL column ${m.urlHeader.width} px, 28ch = ${m.ch28} px`);
    const long = page.getByRole('rowheader').nth(9);
    assert.equal(await long.getAttribute('title'), URLS.split('\n')[9]);
    assert.equal(await long.locator('.url-text').evaluate((el) => getComputedStyle(el).textOverflow), 'ellipsis');

    // Clicking anywhere in a cell selects it, not only on its text: the cell's bottom right corner.
    const td = await page.locator('td[data-cell="5-4"]').boundingBox();
    await page.locator('td[data-cell="5-4"]').scrollIntoViewIfNeeded();
    const again = await page.locator('td[data-cell="5-4"]').boundingBox();
    await page.mouse.click(again.x + again.width - 2, again.y + again.height - 2);
    assert.equal(await cell(page, 5, 4).getAttribute('aria-pressed'), 'true', JSON.stringify(td));
    assert.equal((await measure(page)).pageScroll, 0);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  await t.test('a cell no rule decided bands and shows its group; with no group, it says so', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 720 } });
    await enter(page, { robots: BBC, agents: AGENTS, urls: URLS });
    await page.waitForFunction(() => document.querySelectorAll('td[data-verdict]').length === 50);
    // bingbot's group decides nothing for /news: the group (lines 167-327) is banded and in view.
    await cell(page, 0, 1).click();
    await page.waitForFunction(() => document.querySelector('td.cell.selected')?.dataset.cell === '0-1');
    const m = await measure(page);
    assert.equal(m.line, '0');
    const shown = m.bands.filter((b) => lineInside(b, m.editor));
    assert.ok(shown.length > 5, `the group is banded on screen (${shown.length} lines)`);
    assert.match(m.cardText, /line 167User-Agent: bingbot/);
    assert.match(m.cardText, /no rule of this group matches/);
    // AdsBot-Google ignores `*` and has no group here: nothing applies, and the card says so.
    await enter(page, { robots: ROBOTS, agents: 'AdsBot-Google\n', urls: '/private/x\n' });
    await cell(page, 0, 0).click();
    await page.getByText('No group applies to AdsBot-Google').waitFor();
    await page.context().close();
  });

  await t.test('390x844 phone: the selected verdict and the lines that decided it, together', async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await enter(page, { robots: BBC, agents: AGENTS, urls: URLS });
    await page.waitForFunction(() => document.querySelectorAll('td[data-verdict]').length === 50);
    for (const [u, a] of [[2, 1], [8, 0], [4, 2]]) {
      // In the middle of the screen, clear of the card at the bottom, as a user scrolls it before tapping.
      await cell(page, u, a).evaluate((b) => b.scrollIntoView({ block: 'center', inline: 'nearest' }));
      await cell(page, u, a).tap();
      await page.waitForFunction(([u, a]) => document.querySelector('td.cell.selected')?.dataset.cell === `${u}-${a}`, [u, a]);
      await page.waitForTimeout(100); // the scroll that keeps the cell clear of the card
      const m = await measure(page);
      const where = `cell ${u}-${a} (line ${m.line})`;
      assert.ok(inside(m.card, screen(m)), `${where}: the card is on screen ${JSON.stringify(m.card)}`);
      assert.ok(inside(m.cell, screen(m)) && m.cell.bottom <= m.card.top + 1, `${where}: the cell is on screen, above the card ${JSON.stringify(m.cell)} ${JSON.stringify(m.card)}`);
      // The card quotes the deciding line with its number, and says the verdict.
      const line = Number(m.line);
      if (line) {
        const text = BBC.split('\n')[line - 1].trim();
        assert.ok(m.cardText.includes(`line ${line}`) && m.cardText.includes(text), `${where}: the card quotes "${text}": ${m.cardText}`);
      }
      assert.match(m.cardText, /^(Allowed|Disallowed)/);
      assert.ok(m.urlHeader.width >= m.ch28 - 1, `${where}: URL column ${m.urlHeader.width} px, 28ch = ${m.ch28} px`);
      t.diagnostic(`${where}: cell ${Math.round(m.cell.top)}-${Math.round(m.cell.bottom)}, card ${Math.round(m.card.top)}-${Math.round(m.card.bottom)}`);
    }
    assert.ok((await editor(page).count()) === 1);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});
