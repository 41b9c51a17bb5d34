// The shared fixture of whole questions (tests/fixtures/questions.json), asked in Chromium as a user asks them:
// the baseline typed and kept with "Set as baseline", the file typed, the agents and URLs typed one per line, the
// reading chosen in the switch. Every verdict cell is then read by its data-url, data-agent, data-verdict,
// data-line, data-changed and data-differs, and compared with the fixture's expected survey; a URL that cannot
// be read must have no verdict cell. The core, the CLI, the npm package, the widget and the tester's native
// suite answer the same file. Questions with a base, `exact` or a chosen set of `readings` need inputs the page
// does not have (the native suite covers the base; `exact` and `readings` are the CLI's and the packages').
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { agentsBox, editor, enter, grid, missing, setup, urlsBox } from './harness.mjs';

const skip = missing();
const here = fileURLToPath(new URL('.', import.meta.url));
const fixture = JSON.parse(readFileSync(join(here, '..', '..', 'tests', 'fixtures', 'questions.json'), 'utf8'));
const asked = fixture.questions.filter((q) => !q.exact && !q.base && !q.readings);

/** Every verdict cell of the grid, by what it carries. */
const cells = (page) => page.evaluate(() => [...document.querySelectorAll('td[data-verdict]')].map((td) => ({
  url: td.dataset.url, agent: td.dataset.agent, verdict: td.dataset.verdict, line: Number(td.dataset.line),
  changed: td.dataset.changed === 'true', differs: td.dataset.differs === 'true',
})));

test('the tester answers the shared questions in the browser', { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false }, async (t) => {
  assert.equal(skip, null, skip);
  assert.ok(asked.length >= 4, `${asked.length} questions`);
  const { newPage } = await setup(t);
  const page = await newPage({ viewport: { width: 1280, height: 900 } });
  for (const q of asked) {
    await t.test(q.name, async () => {
      const agents = q.agents.map((a) => a.trim()).filter(Boolean);
      const urls = q.urls.map((u) => u.trim()).filter(Boolean);
      await page.getByRole('combobox', { name: 'Read the file as' }).selectOption('google');
      const stop = page.getByRole('button', { name: 'Stop comparing' });
      if (await stop.count()) await stop.click();
      await enter(page, { agents: agents.join('\n'), urls: urls.join('\n') });
      if (q.baseline !== undefined) {
        await enter(page, { robots: q.baseline });
        await page.getByRole('button', { name: 'Set as baseline' }).click();
        await stop.waitFor();
      }
      await enter(page, { robots: q.robots });
      await page.getByRole('combobox', { name: 'Read the file as' }).selectOption(q.view);
      assert.equal(await editor(page).inputValue(), q.robots);
      assert.equal(await agentsBox(page).inputValue(), agents.join('\n'));
      assert.equal(await urlsBox(page).inputValue(), urls.join('\n'));
      // The expected cells of the URLs a crawler can request, in the grid's order.
      // The columns are the survey's agent rows. Where the core expanded a set, dropped a repeat or left rows out,
      // a column is not one typed agent, so only where each typed agent is one row are the agents compared.
      const oneEach = agents.length === q.expect.agents.length;
      const expected = [];
      q.urls.forEach((u, i) => {
        const row = q.expect.cells[i];
        if (!u.trim() || row === null) return;
        q.expect.agents.forEach((_, j) => {
          const e = row[j];
          expected.push({
            url: u.trim(), agent: oneEach ? agents[j] : null, verdict: e.allowed ? 'allowed' : 'disallowed', line: e.line,
            changed: Boolean(e.changed), differs: Boolean(e.differs),
          });
        });
      });
      await page.waitForFunction((n) => document.querySelectorAll('td[data-verdict]').length === n, expected.length);
      const want = JSON.stringify(expected);
      await page.waitForFunction(
        ([want, oneEach]) => JSON.stringify([...document.querySelectorAll('td[data-verdict]')].map((td) => ({
          url: td.dataset.url, agent: oneEach ? td.dataset.agent : null, verdict: td.dataset.verdict,
          line: Number(td.dataset.line), changed: td.dataset.changed === 'true', differs: td.dataset.differs === 'true',
        }))) === want,
        [want, oneEach], { timeout: 10000 },
      ).catch(() => {});
      assert.deepEqual((await cells(page)).map((c) => ({ ...c, agent: oneEach ? c.agent : null })), expected);
      // A URL that cannot be read has a row that says so, and no verdict.
      const unreadable = q.urls.filter((u, i) => u.trim() && q.expect.cells[i] === null).length;
      assert.equal(await grid(page).locator('td.url-unreadable').count(), unreadable);
      // The counts above the grid are the survey's.
      if (q.view === 'compare') {
        const said = await page.locator('.readers-summary').textContent();
        assert.match(said, q.expect.differ === 0 ? /^No answer differs/ : new RegExp(`^${q.expect.differ} of `));
      }
      if (q.baseline !== undefined) {
        const said = await page.locator('.compare-summary').textContent();
        assert.match(said, q.expect.changed === 0 ? /^No verdict differs/ : new RegExp(`^${q.expect.changed} of `));
      }
    });
  }
  assert.deepEqual(page.errors, []);
});
