// Comparing with a baseline: keep the file as it is, edit it, and see which verdicts the edits changed (what
// SEO teams review before a release); the baseline survives a reload.
import test from 'node:test';
import assert from 'node:assert/strict';
import { AGENTS, EXPECTED, ROBOTS, URLS } from './fixtures.mjs';
import { cell, editor, enter, expectGrid, grid, missing, setup } from './harness.mjs';

const skip = missing();

/** The cells marked as changed, as "row,column: was ..." strings. */
const changedCells = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('td[data-changed="true"]')].map((td) => {
      const tr = td.closest('tr');
      return `${tr.sectionRowIndex},${td.cellIndex - 1}: ${td.querySelector('.was').textContent}`;
    }),
  );

test('comparing with a baseline', { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false }, async (t) => {
  assert.equal(skip, null, skip);
  const { newPage } = await setup(t);
  const page = await newPage();
  await enter(page, { robots: ROBOTS, agents: AGENTS, urls: URLS });
  assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);
  const status = page.getByRole('status').filter({ hasText: 'the baseline' });

  await t.test('set a baseline, edit, and the changed verdicts are marked with what they were', async () => {
    await page.getByRole('button', { name: 'Set as baseline' }).click();
    assert.equal(await status.textContent(), 'No verdict differs from the baseline (12 checked).');
    assert.deepEqual(await changedCells(page), []);
    // GPTBot's `Disallow: /` becomes `Disallow: /private/`: its two /docs/ URLs become allowed.
    await enter(page, { robots: ROBOTS.replace('User-agent: GPTBot\nDisallow: /', 'User-agent: GPTBot\nDisallow: /private/') });
    const edited = EXPECTED.map((row, i) => [row[0], i >= 2 ? 'allowed:0' : row[1], row[2]]);
    assert.deepEqual(await expectGrid(page, edited), edited);
    assert.deepEqual(await changedCells(page), ['2,1: was disallowed, line 11', '3,1: was disallowed, line 11']);
    assert.match(await status.textContent(), /^2 of 12 verdicts differ from the baseline/);
    // The cell's name says it changed, and so does the explanation.
    await grid(page).getByRole('button', { name: 'Allowed no rule, was disallowed, line 11: /docs/intro for GPTBot' }).click();
    await page.getByText('Changed by your edits: the baseline had it disallowed (by line 11 of the baseline).').waitFor();
    // A cell that kept its verdict has no such line.
    await cell(page, 0, 1).click();
    assert.equal(await page.getByText('Changed by your edits').count(), 0);
  });

  await t.test('the baseline survives a reload; updating it clears the marks; stopping removes it', async () => {
    await page.waitForFunction(() => (localStorage.getItem(`robotscope-session:${sessionStorage.getItem('robotscope-tab')}`) || '').includes('\nbaseline '));
    await page.reload();
    await editor(page).waitFor();
    await page.waitForFunction(() => document.querySelectorAll('td[data-changed="true"]').length === 2);
    assert.match(await status.textContent(), /^2 of 12 verdicts differ/);
    await page.getByRole('button', { name: 'Update baseline' }).click();
    assert.match(await status.textContent(), /^No verdict differs/);
    await enter(page, { robots: ROBOTS });
    await page.waitForFunction(() => document.querySelectorAll('td[data-changed="true"]').length === 2);
    await page.getByRole('button', { name: 'Stop comparing' }).click();
    assert.deepEqual(await changedCells(page), []);
    await page.getByRole('button', { name: 'Set as baseline' }).waitFor();
  });

  await t.test('nothing thrown', () => {
    assert.deepEqual(page.errors, []);
  });
});
