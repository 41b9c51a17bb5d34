// Paste a file, enter agents and URLs, and read the verdicts, the deciding line in the editor and the
// explanation; then move through the grid with the keyboard.
import test from 'node:test';
import assert from 'node:assert/strict';
import { AGENTS, EXPECTED, ROBOTS, URLS } from './fixtures.mjs';
import { alerts, agentsBox, cell, editor, enter, expectGrid, frames, grid, missing, setup, summary, urlsBox, winningLine } from './harness.mjs';

const skip = missing();

test('verdicts, the deciding line and the explanation', { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false }, async (t) => {
  assert.equal(skip, null, skip);
  const { newPage } = await setup(t);
  const page = await newPage();
  // The explanation is in the Verdicts section, the diagnostics in the Lint section.
  const verdicts = page.getByRole('region', { name: 'Verdicts' });
  const lint = page.getByRole('region', { name: 'Lint' });

  await t.test('the first visit shows the example with answers', async () => {
    assert.ok((await editor(page).inputValue()).includes('User-agent:'));
    assert.ok((await grid(page).locator('[data-verdict]').count()) > 0);
  });

  await t.test('pasted file, agents and URLs give the expected verdicts and lines', async () => {
    await enter(page, { robots: ROBOTS, agents: AGENTS, urls: URLS });
    assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);
    // The column headers show the token the engine was given; the rows show the URLs as typed.
    const header = await grid(page).getByRole('columnheader').allTextContents();
    assert.equal(header.length, 4);
    assert.match(header[1], /Googlebot/);
    assert.match(header[3], /token ExampleBot/);
    assert.deepEqual(await grid(page).getByRole('rowheader').allTextContents(), [
      '/private/a.html',
      '/private/press/x.pdf',
      // The site's origin is said once, in the column's header.
      '/docs/guide.pdf',
      '/docs/intro',
    ]);
    assert.match(await grid(page).getByRole('columnheader').first().textContent(), /^URLon https:\/\/example\.com$/);
    // The cells' accessible names say the same as their data attributes.
    assert.match(await cell(page, 1, 2).getAttribute('aria-label'), /^Allowed line 4: .* for ExampleBot$/);
  });

  await t.test('choosing a cell marks its deciding line in the editor and explains it', async () => {
    await cell(page, 1, 2).click();
    assert.equal(await cell(page, 1, 2).getAttribute('aria-pressed'), 'true');
    await page.waitForFunction(() => document.querySelector('[data-winning="true"]')?.dataset.line === '4');
    assert.equal(await winningLine(page), 4);
    const winning = page.locator('[data-winning="true"]');
    assert.equal(await winning.textContent(), 'Allow: /private/press/');
    assert.equal(
      await summary(page).textContent(),
      'Allowed by line 4: Allow: /private/press/. ExampleBot fetching /private/press/x.pdf',
    );
    const explanation = verdicts.getByText('has no group of its own');
    assert.equal(
      await explanation.textContent(),
      'ExampleBot has no group of its own, so the * group (lines 2-4) applies. Allow: /private/press/ (line 4, ' +
        'priority 15) beats Disallow: /private/ (line 3, priority 9), so the URL is allowed.',
    );
    // The rules that matched, the winner marked.
    const rules = page.getByRole('table', { name: /Rules that match/ });
    const winner = rules.getByRole('row').filter({ hasText: 'wins' });
    assert.equal(await winner.count(), 1);
    assert.match(await winner.textContent(), /^4Allow: \/private\/press\/\/private\/press\/15wins$/);

    await cell(page, 2, 0).click();
    await page.waitForFunction(() => document.querySelector('[data-winning="true"]')?.dataset.line === '7');
    assert.equal(await summary(page).textContent(), 'Disallowed by line 7: Disallow: /*.pdf$. Googlebot fetching https://example.com/docs/guide.pdf');
    assert.match(await verdicts.getByText('has its own group').textContent(), /^Googlebot has its own group \(lines 6-8\), so the \* rules are ignored\. Disallow: \/\*\.pdf\$ \(line 7, priority 7\) beats Allow: \/docs\/ \(line 8, priority 6\)/);
    // The groups that applied, in the core's words (`Robots::groups_applied`, as `robotscope check` prints them).
    assert.equal(await page.locator('.detail dl.given dt:text-is("Groups that applied") + dd').textContent(), 'group for Googlebot');
    // The core's Markdown code spans are code, not backticks.
    assert.deepEqual((await verdicts.locator('.explanation code').allTextContents()).slice(0, 2), ['*', 'Disallow: /*.pdf$']);

    // No rule decided: no line is marked, and the explanation says why.
    await cell(page, 0, 0).click();
    await page.waitForFunction(() => !document.querySelector('[data-winning="true"]'));
    assert.equal(await winningLine(page), 0);
    assert.match(await summary(page).textContent(), /^Allowed \(no rule decided\)/);
    assert.match(await verdicts.getByText('No rule matches').textContent(), /No rule matches \/private\/a\.html, so the URL is allowed\./);
  });

  await t.test('editing the file updates the answers at once', async () => {
    await editor(page).fill(ROBOTS.replace('Allow: /docs/', 'Disallow: /docs/'));
    const changed = EXPECTED.map((row) => [...row]);
    changed[3][0] = 'disallowed:8'; // /docs/intro is now disallowed by line 8; /*.pdf$ (7) still decides row 3

    assert.deepEqual(await expectGrid(page, changed), changed);
    await editor(page).fill(ROBOTS);
    assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);
  });

  await t.test('headers and full URLs are read as a crawler would, and the lint sees the file', async () => {
    // A whole User-Agent header gives its product token; a full URL is tested by its path.
    assert.match(await page.getByRole('list', { name: /What the engine is given/ }).textContent(), /→\s+token ExampleBot/);
    await cell(page, 2, 2).click();
    const given = await verdicts.getByRole('definition').allTextContents();
    assert.deepEqual(given.slice(0, 5), [
      'ExampleBot/2.1 (+https://example.com/bot)',
      'ExampleBot',
      'https://example.com/docs/guide.pdf',
      'https://example.com/docs/guide.pdf',
      '/docs/guide.pdf',
    ]);
    // Googlebot's own group hides the `*` rules from it: the lint warns on line 6.
    const warning = lint.getByRole('button', { name: /^warning line 6: / });
    await warning.waitFor();
    assert.match(await warning.textContent(), /Googlebot has its own group/);
    // Choosing a diagnostic moves the editor's cursor to its line.
    await warning.click();
    const caret = await editor(page).evaluate((area) => area.value.slice(0, area.selectionStart).split('\n').length);
    assert.equal(caret, 6);
  });

  await t.test('the grid is one Tab stop, and the arrow keys, Home and End move the selection', async () => {
    await cell(page, 0, 0).click();
    await urlsBox(page).focus();
    // From the URLs: the URL file picker, the baseline button, then the grid.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.type), 'file');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.textContent), 'Set as baseline');
    await page.keyboard.press('Tab');
    const focused = () => page.evaluate(() => document.activeElement.getAttribute('aria-label'));
    assert.match(await focused(), /^Allowed no rule: \/private\/a\.html for Googlebot/);
    await page.keyboard.press('ArrowRight');
    assert.match(await focused(), /^Disallowed line 11: \/private\/a\.html for GPTBot$/);
    assert.equal(await cell(page, 0, 1).getAttribute('aria-pressed'), 'true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('End');
    assert.match(await focused(), /^Allowed line 4: \/private\/press\/x\.pdf for ExampleBot$/);
    assert.equal(await cell(page, 1, 2).getAttribute('aria-pressed'), 'true');
    await page.waitForFunction(() => document.querySelector('[data-winning="true"]')?.dataset.line === '4');
    // Past the edges the selection stays put.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    assert.match(await focused(), /^Allowed no rule: \/private\/a\.html for Googlebot/);
    assert.equal(await summary(page).textContent(), 'Allowed (no rule decided). Googlebot fetching /private/a.html');
    // One tab stop: the only cell in the tab order is the selected one, and Tab leaves the grid.
    assert.equal(await grid(page).locator('button[tabindex="0"]').count(), 1);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => !!document.activeElement.closest('table [data-verdict]')), false);
    // Enter on a focused cell selects it too (it is a button).
    await cell(page, 3, 0).focus();
    await page.keyboard.press('Enter');
    assert.equal(await cell(page, 3, 0).getAttribute('aria-pressed'), 'true');
    await page.waitForFunction(() => document.querySelector('[data-winning="true"]')?.dataset.line === '8');
  });

  await t.test('clearing the agents or URLs says what to do, and typing them back answers again', async () => {
    await agentsBox(page).fill('');
    await page.getByText('Enter at least one agent and one URL').waitFor();
    await agentsBox(page).fill(AGENTS);
    assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);
    await frames(page);
  });

  await t.test('no errors: no alert, nothing thrown', async () => {
    assert.equal(await alerts(page).count(), 0);
    assert.deepEqual(page.errors, []);
  });
});
