// A 500 KiB file: opened from disk and typed into, with 100 URLs and 5 agents; past 500 KiB, Google's cut.
import test from 'node:test';
import assert from 'node:assert/strict';
import { AGENTS, EXPECTED, ROBOTS, URLS } from './fixtures.mjs';
import { alerts, readGrid, bigFile, editor, enter, expectGrid, fileText, frames, grid, missing, setup, winningLine, cell } from './harness.mjs';

const skip = missing();
const KIB = 1024;
const TAIL = 'User-agent: ExampleBot\nDisallow: /docs/\n';

/** The line number of the first line of `tail` in `text`. */
const lineOf = (text, tail) => text.slice(0, text.lastIndexOf(tail)).split('\n').length;

test('a 500 KiB file', { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false }, async (t) => {
  assert.equal(skip, null, skip);
  const { newPage } = await setup(t);
  const page = await newPage();
  await enter(page, { agents: AGENTS, urls: URLS });

  // ROBOTS first, groups for other bots up to 500 KiB (less room for typing a rule: Google reads no further), and
  // ExampleBot's own group at the very end.
  const file = bigFile(500 * KIB - 64, ROBOTS + '\n', '\n' + TAIL);
  const tailLine = lineOf(file, TAIL) + 1;
  const withTail = [
    ['allowed:0', 'disallowed:11', 'allowed:0'],
    ['disallowed:7', 'disallowed:11', 'allowed:0'],
    ['disallowed:7', 'disallowed:11', `disallowed:${tailLine}`],
    ['allowed:8', 'disallowed:11', `disallowed:${tailLine}`],
  ];

  await t.test('opened with the file picker, it answers from its first and last lines', async () => {
    assert.ok(Buffer.byteLength(file) <= 500 * KIB && Buffer.byteLength(file) > 499 * KIB);
    const started = Date.now();
    await page.getByLabel('Open file…').setInputFiles({ name: 'big.robots.txt', mimeType: 'text/plain', buffer: Buffer.from(file) });
    await page.getByRole('status').filter({ hasText: 'Opened big.robots.txt.' }).waitFor();
    assert.deepEqual(await expectGrid(page, withTail), withTail);
    t.diagnostic(`500 KiB file (${file.split('\n').length} lines) opened and answered in ${Date.now() - started} ms (incl. the upload)`);
    assert.equal(await fileText(page), file);
    // The text area holds the lines around the view, not 500 KiB: the browser lays out only those at a keystroke.
    const held = await editor(page).inputValue();
    assert.ok(held.length > 0 && held.length <= 100 * KIB, `${held.length} characters in the text area`);
    assert.ok(file.startsWith(held), 'the text area holds the file from its first line');
    // The deciding line is the last group's rule: the editor scrolls it into view and marks it.
    await cell(page, 3, 2).click();
    await page.waitForFunction((n) => document.querySelector('[data-winning="true"]')?.dataset.line === String(n), tailLine);
    assert.equal(await winningLine(page), tailLine);
    assert.equal(await page.locator('[data-winning="true"]').textContent(), 'Disallow: /docs/');
    assert.equal(await page.getByRole('note').filter({ hasText: 'only the first 500 KiB' }).count(), 0);
  });

  await t.test('typing in it updates the answers and the page keeps painting', async () => {
    await editor(page).press('Control+End');
    await page.keyboard.type('Allow: /docs/intro');
    const edited = withTail.map((row) => [...row]);
    edited[3][2] = `allowed:${tailLine + 1}`; // the line after the Disallow: Allow: /docs/intro (11) beats /docs/ (6)
    assert.deepEqual(await expectGrid(page, edited), edited);
    // Each keystroke is handled and painted: two animation frames come promptly after the typing.
    const started = Date.now();
    await frames(page);
    t.diagnostic(`two frames after typing into the 500 KiB file: ${Date.now() - started} ms`);
    for (let i = 0; i < 'Allow: /docs/intro'.length; i++) await page.keyboard.press('Backspace');
    assert.deepEqual(await expectGrid(page, withTail), withTail);
  });

  await t.test('with 100 URLs and 5 agents, all 500 cells answer', async () => {
    const urls = Array.from({ length: 100 }, (_, i) => (i % 2 ? `/docs/page-${i}` : `https://example.com/private/press/${i}.pdf`));
    await enter(page, { agents: 'Googlebot\nGPTBot\nExampleBot\nbingbot\nfiller-aab\n', urls: urls.join('\n') });
    await page.waitForFunction(() => document.querySelectorAll('[data-verdict]').length === 500);
    const { rows } = await readGrid(page);
    assert.equal(rows.length, 100);
    // Even rows: /private/press/N.pdf; odd rows: /docs/page-N. filler-aab has its own group (no rule matches).
    const firstLine = file.split('\n').indexOf('User-agent: filler-aab') + 1;
    assert.ok(firstLine > 0);
    assert.deepEqual(rows[0], ['disallowed:7', 'disallowed:11', 'allowed:0', 'allowed:4', 'allowed:0']);
    assert.deepEqual(rows[1], ['allowed:8', 'disallowed:11', `disallowed:${tailLine}`, 'allowed:0', 'allowed:0']);
    assert.ok(rows.every((row, i) => JSON.stringify(row) === JSON.stringify(rows[i % 2])));
    await frames(page);
  });

  await t.test('past 500 KiB the rest is cut, as Google does, until "Read past 500 KiB" is ticked', async () => {
    const longer = bigFile(600 * KIB, ROBOTS + '\n', '\n' + TAIL);
    await enter(page, { robots: longer, agents: AGENTS, urls: URLS });
    // The tail is past the limit: ExampleBot falls back to the `*` group.
    assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);
    const note = page.getByRole('note').filter({ hasText: 'Google reads only the first 500 KiB' });
    await note.waitFor();
    assert.match(await note.textContent(), /^The file is 600 KiB;/);
    await page.getByLabel('Read past 500 KiB').check();
    const line = lineOf(longer, TAIL) + 1;
    const all = withTail.map((row) => row.map((c) => c.replace(`:${tailLine}`, `:${line}`)));
    assert.deepEqual(await expectGrid(page, all), all);
    await page.getByLabel('Read past 500 KiB').uncheck();
    assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);
  });

  await t.test('no errors', async () => {
    assert.equal(await alerts(page).count(), 0);
    assert.equal(await grid(page).count(), 1);
    assert.deepEqual(page.errors, []);
  });
});
