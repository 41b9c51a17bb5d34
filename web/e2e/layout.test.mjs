// The answer and its rule on one screen: on a 1280x720 laptop, a real 24 KB file (www.bbc.co.uk's robots.txt
// from the conformance corpus), five agents and ten URLs, selecting a cell shows the cell, the winning line
// highlighted in the editor and the explanation together, without scrolling the page; with four agents, at least
// eight rows and every agent column are fully in view with them at 1280x720, 1366x768 and 1440x900; on a 390x844
// phone, each URL is a card with every agent's verdict, nothing scrolls sideways, and the selected verdict and the
// lines that decided it are shown together. Asserted on bounding boxes.
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ROBOTS } from './fixtures.mjs';
import { cell, editor, enter, grid, missing, setup } from './harness.mjs';

const skip = missing();
const BBC = readFileSync(new URL('./fixtures/bbc.robots.txt', import.meta.url), 'utf8');
const AGENTS = 'Googlebot\nbingbot\nGooglebot-Image\nGPTBot\nQuerySeekerSpider\n';
const FOUR = 'Googlebot\nbingbot\nGPTBot\nClaudeBot\n';
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
      pageWidth: document.scrollingElement.scrollWidth,
      rowCells: [...(selected?.closest('tr')?.querySelectorAll('td.cell button') || [])].map(box),
      urlHeader: box(document.querySelector('th.url')),
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
    assert.ok(await howto.isHidden(), 'the how-to goes with the example');
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

    // The URL column shows the paths on www.bbc.co.uk (its origin once, in the header); a long one is cut with an
    // ellipsis and whole in its title.
    assert.match(await page.locator('th.url-head').textContent(), /on https:\/\/www\.bbc\.co\.uk$/);
    const long = page.getByRole('rowheader').nth(9);
    assert.equal(await long.getAttribute('title'), URLS.split('\n')[9]);
    assert.equal(await long.locator('.url-text').textContent(), '/food/recipes/a_very_long_recipe_name_for_a_sunday_roast_12345');
    assert.equal(await long.locator('.url-text').evaluate((el) => getComputedStyle(el).textOverflow), 'ellipsis');
    assert.equal(await page.getByRole('rowheader').nth(2).locator('.url-text').textContent(), '/zhongwen/trad/search?q=weather');

    // Clicking anywhere in a cell selects it, not only on its text: the cell's bottom left corner (its right edge
    // lies under the grid's scroll bar with five agents at this width).
    const td = await page.locator('td[data-cell="5-4"]').boundingBox();
    await page.locator('td[data-cell="5-4"]').scrollIntoViewIfNeeded();
    const again = await page.locator('td[data-cell="5-4"]').boundingBox();
    await page.mouse.click(again.x + 3, again.y + again.height - 2);
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
    // The editor scrolls to the group after the selection is drawn: wait (a bounded time) for the bands it shows.
    await page
      .waitForFunction(() => {
        const view = document.querySelector('.editor .scroller').getBoundingClientRect();
        const lines = [...document.querySelectorAll('.ln.in-group')].map((l) => l.getBoundingClientRect());
        return lines.filter((r) => r.top >= view.top - 1 && r.bottom <= view.bottom + 1).length > 5;
      }, null, { timeout: 10000 })
      .catch(() => {});
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

  /**
   * The filled Agents and URLs boxes that show part of a line, scrolled to their top and to their end (where the
   * caret leaves them after typing): a line cut through by the box's edge reads as a broken page.
   */
  const cutLines = (page) =>
    page.evaluate(() =>
      [...document.querySelectorAll('.field.filled .list-input')].flatMap((el) => {
        const css = getComputedStyle(el);
        const lh = parseFloat(css.lineHeight);
        const [top, bottom] = [parseFloat(css.paddingTop), parseFloat(css.paddingBottom)];
        const rows = (el.clientHeight - top - bottom) / lh;
        const end = el.scrollHeight - el.clientHeight;
        const problems = [];
        // At the top: the rows in view are whole.
        if (Math.abs(rows - Math.round(rows)) > 0.01) problems.push(`${el.id}: ${rows.toFixed(2)} rows in view`);
        // At the end: the first row in view starts at the box's edge (or the padding above it is in view).
        const into = (end - top) % lh;
        if (end > top && into > 0.5 && lh - into > 0.5) problems.push(`${el.id}: scrolled to its end, ${(lh - into).toFixed(1)} px of the line above show`);
        return problems;
      })
    );

  for (const [width, height] of [[1280, 720], [1366, 768], [1440, 900]]) {
    await t.test(`${width}x${height}, four agents: all ten rows and every column in view with the rule and its explanation`, async () => {
      const page = await newPage({ viewport: { width, height } });
      await enter(page, { robots: BBC, agents: FOUR, urls: URLS });
      await page.waitForFunction(() => document.querySelectorAll('td[data-verdict]').length === 40);
      await page.locator('#urls').blur();
      // bingbot at /zhongwen/trad/search: decided by its own group, far down the file.
      await cell(page, 2, 1).click();
      await page.waitForFunction(() => {
        const line = document.querySelector('td.cell.selected')?.dataset.line;
        return line && line !== '0' && document.querySelector('.ln[data-winning="true"]')?.dataset.line === line;
      });
      const m = await measure(page);
      const seen = await page.evaluate(() => {
        const wrap = document.querySelector('.grid-wrap').getBoundingClientRect();
        const within = (r) => r.top >= wrap.top - 1 && r.bottom <= wrap.bottom + 1 && r.left >= wrap.left - 1 && r.right <= wrap.right + 1
          && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
        const rows = [...document.querySelectorAll('.grid tbody tr')].filter((tr) => [...tr.children].every((c) => within(c.getBoundingClientRect())));
        const heads = [...document.querySelectorAll('.grid thead th')].filter((th) => within(th.getBoundingClientRect()));
        // Each header's text is whole: nothing cut by its cell.
        const cut = [...document.querySelectorAll('.grid thead th .agent, .grid thead th .sub')]
          .filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent);
        return { rows: rows.length, heads: heads.length, cut };
      });
      const where = `${width}x${height}`;
      t.diagnostic(`${where}: ${seen.rows} whole rows, ${seen.heads} whole header cells; grid ${Math.round(m.gridWrap.top)}-${Math.round(m.gridWrap.bottom)}, explanation ${Math.round(m.explanation.top)}-${Math.round(m.explanation.bottom)}`);
      // Issue 37: the tenth row was clipped by about 5 px at 1280x720; all ten are whole, at every laptop size.
      assert.equal(seen.rows, 10, `${where}: ${seen.rows} of 10 rows fully in view`);
      assert.equal(seen.heads, 5, `${where}: the URL column and the four agent columns are fully in view`);
      assert.deepEqual(seen.cut, [], `${where}: no agent name or token is cut`);
      assert.deepEqual(await cutLines(page), [], `${where}: the filled Agents and URLs boxes show whole lines only`);
      assert.equal(m.pageScroll, 0);
      assert.ok(m.pageOverflow <= 0, `${where}: the page has nothing to scroll (${m.pageOverflow} px)`);
      assert.ok(inside(m.cell, screen(m)) && inside(m.cell, m.gridWrap), `${where}: the selected cell is in view`);
      assert.ok(lineInside(m.winning, m.editor) && lineInside(m.winning, screen(m)), `${where}: the winning line is in view`);
      assert.ok(inside(m.explanation, screen(m)) && inside(m.explanation, m.detail), `${where}: the explanation is in view ${JSON.stringify(m.explanation)}`);
      // Every cell says which URL and agent it answers, as typed.
      const cells = await page.evaluate(() => [...document.querySelectorAll('td[data-verdict]')].map((td) => [td.dataset.url, td.dataset.agent]));
      assert.deepEqual(cells, URLS.trim().split('\n').flatMap((u) => FOUR.trim().split('\n').map((a) => [u, a])));
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }

  await t.test('the URL column: paths on the site, other origins whole and marked', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 720 } });
    await enter(page, { robots: BBC, agents: FOUR, urls: 'https://www.bbc.co.uk/news?x=1\nhttps://www.bbc.co.uk\nhttps://example.com/news\n/sport\n' });
    await page.waitForFunction(() => document.querySelectorAll('td[data-verdict]').length === 16);
    const rows = await page.evaluate(() => [...document.querySelectorAll('.grid tbody th.url')].map((th) => [th.querySelector('.url-text').textContent, th.classList.contains('other-origin')]));
    assert.deepEqual(rows, [['/news?x=1', false], ['/', false], ['https://example.com/news', true], ['/sport', false]]);
    assert.match(await page.locator('th.url-head').textContent(), /on https:\/\/www\.bbc\.co\.uk$/);
    await page.context().close();
  });

  await t.test('390x844 phone: one card per URL with every agent, and the cells keep their data', async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await enter(page, { robots: BBC, agents: FOUR, urls: URLS });
    await page.waitForFunction(() => document.querySelectorAll('td[data-verdict]').length === 40);
    const cards = await page.evaluate(() => [...document.querySelectorAll('.grid tbody tr')].map((tr) => {
      const cells = [...tr.querySelectorAll('td[data-verdict]')];
      return {
        right: Math.max(...cells.map((td) => td.getBoundingClientRect().right)),
        left: Math.min(...cells.map((td) => td.getBoundingClientRect().left)),
        agents: cells.map((td) => [td.dataset.agent, td.querySelector('.cell-agent').getBoundingClientRect().width > 0]),
        urls: [...new Set(cells.map((td) => td.dataset.url))],
      };
    }));
    assert.equal(cards.length, 10);
    for (const [i, card] of cards.entries()) {
      assert.ok(card.left >= 0 && card.right <= 390, `card ${i}: every verdict within the screen's width (${card.left}-${card.right})`);
      assert.deepEqual(card.agents, FOUR.trim().split('\n').map((a) => [a, true]), `card ${i}: each agent named`);
      assert.deepEqual(card.urls, [URLS.split('\n')[i]]);
    }
    assert.ok(await page.evaluate(() => document.scrollingElement.scrollWidth <= innerWidth), 'nothing scrolls sideways');
    assert.deepEqual(await cutLines(page), [], 'the filled Agents and URLs boxes show whole lines only');
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
      // One card per URL: every agent's verdict for it, nothing past the right edge.
      assert.ok(m.rowCells.every((c) => c.left >= 0 && c.right <= m.viewport.width), `${where}: the row's verdicts ${JSON.stringify(m.rowCells)}`);
      assert.ok(m.pageWidth <= m.viewport.width, `${where}: nothing scrolls sideways (${m.pageWidth} px)`);
      t.diagnostic(`${where}: cell ${Math.round(m.cell.top)}-${Math.round(m.cell.bottom)}, card ${Math.round(m.card.top)}-${Math.round(m.card.bottom)}`);
    }
    assert.ok((await editor(page).count()) === 1);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});

// Issue 37: a token longer than its agent's name ("token Googlebo…") was cut in the grid's header, and on a phone the
// policy builder's menus ran past the screen's edge. Boxes measured against the viewport and their containers.
test('whole header tokens; the policy builder on a phone fits the screen', { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false }, async (t) => {
  assert.equal(skip, null, skip);
  const { newPage } = await setup(t);

  await t.test('1280x720: every token under an agent name is whole', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 720 } });
    await enter(page, { robots: BBC, agents: 'Googlebot-Image\nGoogle-Extended\nbingbot\n', urls: URLS });
    await page.waitForFunction(() => document.querySelectorAll('td[data-verdict]').length === 30);
    const subs = await page.evaluate(() =>
      [...document.querySelectorAll('.grid thead th .sub')].map((el) => [el.textContent, el.scrollWidth <= el.clientWidth + 1]));
    assert.deepEqual(subs.filter(([, whole]) => !whole), [], 'no token is cut');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  await t.test('390x844: every menu and field of the policy builder is inside the screen and the builder', async () => {
    const page = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    await enter(page, { robots: 'User-agent: *\nDisallow: /admin/\n', agents: 'Googlebot\n', urls: '/\n' });
    await page.getByRole('button', { name: 'Build a policy' }).click();
    await page.locator('.policy-choices select').first().waitFor();
    const boxes = await page.evaluate(() => {
      const policy = document.querySelector('.policy').getBoundingClientRect();
      return [...document.querySelectorAll('.policy-choices select, .policy-choices input, .policy-choices th, .policy-actions button')].map((el) => {
        const r = el.getBoundingClientRect();
        return { what: el.getAttribute('aria-label') || el.textContent.trim(), left: r.left, right: r.right, inside: r.left >= Math.max(0, policy.left) - 0.5 && r.right <= Math.min(innerWidth, policy.right) + 0.5 };
      });
    });
    assert.ok(boxes.length >= 6 * 3, JSON.stringify(boxes));
    assert.deepEqual(boxes.filter((b) => !b.inside), [], 'inside the screen and the builder');
    // Nothing to scroll sideways inside the builder either.
    assert.ok(await page.locator('.policy').evaluate((p) => p.scrollWidth <= p.clientWidth + 1));
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });
});
