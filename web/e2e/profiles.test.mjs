// The reading switch and "Compare readers" on the pitfalls example. Every expected verdict and line is what
// `robotscope check --normalize --compare --json static/examples/pitfalls.robots.txt --agent A URL` prints
// for these agents and URLs (and checked by hand against SPEC B6: line 5 lacks its colon and line 6 misspells
// its key, which only Google reads; line 12's `Googlebot/2.1` is no product token for RFC 9309; a 1994 robot
// knows no `Allow`, so Bingbot stops at line 16's `Disallow: /images`). The RFC 9309 lines passed over are
// those `robotscope lint` reports as `rfc9309-ignores-line` (5, 6 and 12).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cell, enter, expectGrid, missing, setup, summary, winningLine } from './harness.mjs';

const skip = missing();
const ROBOTS = readFileSync(join(import.meta.dirname, '..', '..', 'static', 'examples', 'pitfalls.robots.txt'), 'utf8');
const AGENTS = 'Googlebot\nGPTBot\nBingbot\n';
const URLS = '/private\n/drafts/a\n/images/a\n/search$q\n';

// Rows: /private, /drafts/a, /images/a, /search$q; columns: Googlebot, GPTBot, Bingbot.
const GOOGLE = [
  ['allowed:13', 'disallowed:5', 'allowed:0'],
  ['allowed:13', 'disallowed:6', 'allowed:0'],
  ['allowed:13', 'allowed:0', 'allowed:17'],
  ['allowed:13', 'disallowed:7', 'allowed:0'],
];
const RFC9309 = [
  ['allowed:0', 'allowed:0', 'allowed:0'],
  ['allowed:0', 'allowed:0', 'allowed:0'],
  ['allowed:0', 'allowed:0', 'allowed:17'],
  ['disallowed:7', 'disallowed:7', 'allowed:0'],
];
const Y1994 = [
  ['allowed:0', 'allowed:0', 'allowed:0'],
  ['allowed:0', 'allowed:0', 'allowed:0'],
  ['allowed:0', 'allowed:0', 'disallowed:16'],
  ['allowed:0', 'disallowed:7', 'allowed:0'],
];

const readAs = (page) => page.getByRole('combobox', { name: 'Read the file as' });
const ignoredLines = (page) =>
  page.evaluate(() => [...document.querySelectorAll('.gl[data-ignored]')].map((g) => Number(g.querySelector('.num').textContent)));
const differing = (page) =>
  page.evaluate(() => [...document.querySelectorAll('td[data-differs="true"]')].map((td) => td.dataset.cell));

test('profiles: the reading switch and the compare view', { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false }, async (t) => {
  assert.equal(skip, null, skip);
  const { newPage } = await setup(t);
  const page = await newPage();
  await enter(page, { robots: ROBOTS, agents: AGENTS, urls: URLS });
  assert.equal(await readAs(page).inputValue(), 'google');
  assert.deepEqual(await expectGrid(page, GOOGLE), GOOGLE);
  assert.deepEqual(await ignoredLines(page), []);

  await t.test('RFC 9309: other verdicts and lines, its own explanation, and the lines it passes over marked', async () => {
    await readAs(page).selectOption('rfc9309');
    assert.deepEqual(await expectGrid(page, RFC9309), RFC9309);
    // Googlebot on /search$q: allowed by line 13 for Google, disallowed by line 7 for RFC 9309.
    await cell(page, 3, 0).click();
    await summary(page).filter({ hasText: /^Disallowed by line 7: Disallow: \/search\$q\. Googlebot fetching \/search\$q$/ }).waitFor();
    assert.equal(await winningLine(page), 7);
    const why = await page.locator('.explanation').textContent();
    assert.match(why, /^No group names Googlebot for an RFC 9309 crawler, so it obeys the \* group/);
    assert.match(why, /It passes over line 5 \(Disallow \/private\) and line 6 \(Dissallow: \/drafts\/\)/);
    assert.deepEqual(await ignoredLines(page), [5, 6, 12]);
    assert.match(await page.locator('.gl[data-ignored]').first().getAttribute('data-ignored'), /^RFC 9309 passes over this line: there is no colon/);
    await page.getByText('RFC 9309 passes over 3 lines (⊘ in the gutter)').waitFor();
  });

  await t.test('1994: Bingbot stops at the Disallow it reads, and Allow lines are passed over', async () => {
    await readAs(page).selectOption('1994');
    assert.deepEqual(await expectGrid(page, Y1994), Y1994);
    await cell(page, 2, 2).click();
    await summary(page).filter({ hasText: /^Disallowed by line 16: Disallow: \/images\./ }).waitFor();
    assert.equal(await winningLine(page), 16);
    const lines = await ignoredLines(page);
    assert.ok(lines.includes(13) && lines.includes(17), String(lines));
  });

  await t.test('Compare readers: the differing cells are marked, say every answer, and are explained in turn', async () => {
    await readAs(page).selectOption('compare');
    // The grid is Google's; the cells the readers answer differently are marked.
    assert.deepEqual(await expectGrid(page, GOOGLE), GOOGLE);
    await page.getByRole('status').filter({ hasText: '4 of 12 answers differ between readers' }).waitFor();
    assert.deepEqual((await differing(page)).sort(), ['0-1', '1-1', '2-2', '3-0']);
    const bing = page.locator('td[data-cell="2-2"]');
    assert.equal(await bing.locator('.differs').textContent(), 'differs');
    assert.equal(await bing.getAttribute('title'), 'Google: allowed, line 17 · RFC 9309: allowed, line 17 · 1994: disallowed, line 16');
    assert.equal(await page.locator('td[data-cell="2-0"]').locator('.differs').count(), 0);
    assert.match(await cell(page, 3, 0).getAttribute('aria-label'), /^Allowed line 13 differs: \/search\$q for Googlebot; Google: allowed, line 13 · RFC 9309: disallowed, line 7 · 1994: allowed, no rule$/);
    await cell(page, 2, 2).click();
    await summary(page).filter({ hasText: /^Allowed by line 17/ }).waitFor();
    assert.equal(
      await page.locator('.readers-head').textContent(),
      'The readers differ: Google: allowed, line 17 · RFC 9309: allowed, line 17 · 1994: disallowed, line 16',
    );
    const each = await page.locator('.readers-list li').evaluateAll((lis) => lis.map((li) => [li.dataset.profile, li.textContent]));
    assert.deepEqual(each.map((e) => e[0]), ['google', 'rfc9309', '1994']);
    assert.match(each[0][1], /^Google: allowed, line 17\. .*ties go to Allow/);
    assert.match(each[1][1], /^RFC 9309: allowed, line 17\. An RFC 9309 crawler/);
    assert.match(each[2][1], /^1994: disallowed, line 16\. .*Disallow: \/images \(line 16\)/);
    // Both other readings' ignored lines are marked.
    const lines = await ignoredLines(page);
    assert.ok([5, 6, 12, 13, 17].every((n) => lines.includes(n)), String(lines));
  });

  await t.test('a share link and a reload keep the profile, and Google comes back unchanged', async () => {
    await readAs(page).selectOption('rfc9309');
    assert.deepEqual(await expectGrid(page, RFC9309), RFC9309);
    await page.getByRole('button', { name: 'Copy share link' }).click();
    await page.getByRole('status').filter({ hasText: 'Share link copied' }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    const opened = await newPage();
    await opened.goto(link);
    assert.deepEqual(await expectGrid(opened, RFC9309), RFC9309);
    assert.equal(await readAs(opened).inputValue(), 'rfc9309');
    // A reload keeps it too (the tab's saved session).
    await opened.reload();
    assert.deepEqual(await expectGrid(opened, RFC9309), RFC9309);
    assert.equal(await readAs(opened).inputValue(), 'rfc9309');
    // Back to Google: exactly the grid it showed before.
    await readAs(opened).selectOption('google');
    assert.deepEqual(await expectGrid(opened, GOOGLE), GOOGLE);
    assert.deepEqual(await ignoredLines(opened), []);
    assert.equal(await opened.locator('.readers-summary').count(), 0);
    assert.deepEqual(page.errors ?? [], []);
    assert.deepEqual(opened.errors ?? [], []);
  });
});
