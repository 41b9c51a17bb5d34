// The AI crawlers view, on the AI-era example (static/examples/ai-era.robots.txt): Cloudflare's managed block
// before the site's own `*` group, a blocklist copied from the web with a token Google cuts short, and
// Content-Signal and Content-Usage lines. One click fills the agents with a group of the catalogue; the summary
// says who is blocked, who only looks blocked (and which line decides), and the explanation lists the usage
// preferences with their lines. At 1280x720 the summary leaves the grid in sight; on a phone it fits too.
import test from 'node:test';
import assert from 'node:assert/strict';
import { agentsBox, cell, editor, enter, frames, grid, missing, setup } from './harness.mjs';

const skip = missing();
const EXAMPLE = "AI era: Cloudflare's block, a copied blocklist, usage lines";

/** The line of the AI summary for one kind (`ai-training`, `ai-search`, `user-triggered`). */
const kindLine = (page, kind) => page.locator(`.ai-summary li[data-kind="${kind}"]`);

/** The column of the agent `name` in the grid. */
async function column(page, name) {
  const heads = await grid(page).locator('thead th .agent').allTextContents();
  const i = heads.indexOf(name);
  assert.notEqual(i, -1, `${name} in ${heads}`);
  return i;
}

test('the AI crawlers view', { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false }, async (t) => {
  assert.equal(skip, null, skip);
  const { newPage } = await setup(t);
  const page = await newPage({ viewport: { width: 1280, height: 720 } });

  await t.test('the example opens with its traps in the lint', async () => {
    await page.getByRole('combobox', { name: 'Start from an example' }).selectOption({ label: EXAMPLE });
    await page.locator('.ln[data-line="28"]').waitFor();
    assert.match(await editor(page).inputValue(), /^# BEGIN Cloudflare Managed content\nUser-agent: \*\nContent-Signal: search=yes, ai-train=no\n/);
    await enter(page, { urls: '/\n/docs/guide\n' });
    const lint = page.getByRole('list', { name: 'Problems, in line order' });
    await lint.getByRole('button', { name: /merged-group-tie/ }).waitFor();
    assert.match(await lint.getByRole('button', { name: /merged-group-tie/ }).textContent(),
      /line 15 \* has several groups \(Cloudflare's managed block, from line 1, adds one of these groups\), and Google merges them: Allow: \/ \(line 4\) ties Disallow: \/ at priority 1/);
    // The engine's `code` spans show as code, without their backticks (as the widget shows them).
    assert.deepEqual(await lint.getByRole('button', { name: /merged-group-tie/ }).locator('.msg code').allTextContents(),
      ['*', 'Allow: /', 'Disallow: /', 'Disallow']);
    assert.match(await lint.getByRole('button', { name: /^warning line 23:/ }).textContent(),
      /line 23 Google reads ChatGPT Agent as ChatGPT.*the catalogue crawler meant is probably ChatGPT-User/);
    // The lint is the CLI's: the same diagnostics, those of the other readings included (RFC 9309 crawlers ignore
    // line 23, whose user-agent is no product token).
    assert.match(await lint.getByRole('button', { name: /rfc9309-ignores-line/ }).first().textContent(), /RFC 9309 crawlers ignore this line/);
  });

  await t.test('one click fills the agents with the training crawlers, and the summary says who is blocked', async () => {
    const training = page.getByRole('group', { name: 'AI crawlers' }).getByRole('button', { name: 'Training', exact: true });
    const count = Number((await training.getAttribute('title')).match(/the (\d+) crawlers of @training/)[1]);
    await training.click();
    await page.waitForFunction((n) => document.querySelectorAll('.grid thead th .agent').length === n, count);
    const agents = (await agentsBox(page).inputValue()).trim().split('\n');
    assert.equal(agents.length, count);
    assert.ok(agents.includes('GPTBot') && agents.includes('CCBot') && !agents.includes('OAI-SearchBot'), agents.join(','));
    assert.equal(await grid(page).locator('thead th .agent').count(), count);
    // GPTBot is in Cloudflare's block; CCBot falls to `*`, where Cloudflare's Allow: / wins the tie.
    const [gpt, cc] = [await column(page, 'GPTBot'), await column(page, 'CCBot')];
    assert.equal(await cell(page, 0, gpt).getAttribute('aria-label'), 'Disallowed line 10: / for GPTBot');
    assert.equal(await cell(page, 0, cc).getAttribute('aria-label'), 'Allowed line 4: / for CCBot');
    const line = await kindLine(page, 'ai-training').textContent();
    assert.match(line, new RegExp(`^AI training: 4 of ${count} blocked at / \\(${count - 4} more only look blocked\\); Google-Extended, Applebot-Extended and \\d+ more: the Disallow on line 15 ties the Allow on line 4, and Allow wins; 4 reported not to obey it; \\d+ with no statement\\. Show line 15$`));
    // What Google-Extended does not govern, in the core's words, in the detail of its cell.
    await cell(page, 0, await column(page, 'Google-Extended')).click();
    await page.locator('.detail .obeys').filter({ hasText: /^Google-Extended does not govern AI Overviews or AI Mode/ }).waitFor();
    // The control tokens count with training (the core's summary): they fall to `*` and only look blocked, as CCBot.
    // The blocked crawlers of the grid's / row are the four the summary counts.
    const row = await grid(page).getByRole('row').nth(1).locator('td').evaluateAll((tds) => tds.map((td) => td.dataset.verdict));
    assert.equal(row.filter((v) => v === 'disallowed').length, 4);
    // The line that decides, shown in the editor: the Disallow that loses.
    await kindLine(page, 'ai-training').getByRole('button', { name: 'Show line 15' }).click();
    await frames(page);
    const selected = await editor(page).evaluate((a) => a.value.slice(a.selectionStart, a.selectionEnd));
    assert.equal(selected, 'Disallow: /');
  });

  await t.test('the explanation lists the usage preferences and the lines that decide them', async () => {
    const cc = await column(page, 'CCBot');
    await cell(page, 0, cc).click();
    const usage = page.locator('.detail .usage');
    await usage.waitFor();
    const items = await usage.locator('li').allTextContents();
    assert.deepEqual(items.slice(0, 2), [
      'Content-Usage (IETF draft): train-ai=no (line 16)',
      'Content-Signal: search=yes (line 3), ai-train=no (line 3)',
    ]);
    // Then what validators say of those lines (the core's `Usage::described`), each line named once.
    assert.equal(items.length, 3);
    assert.match(items[2], /^Validators: Content-Usage \(line 16\): .*; Content-Signal \(line 3\): .*accepts it$/);
    assert.deepEqual(await usage.getByRole('button').allTextContents(), ['line 3', 'line 16']);
    // Why it only looks blocked, in the core's words (`Cell::looks_blocked_note`, as `robotscope ai` prints them).
    assert.equal(await page.locator('.detail .looks-blocked').textContent(),
      'only looks blocked: the Disallow on line 15 ties the Allow on line 4, and Allow wins');
    await cell(page, 1, cc).click();
    await page.locator('.detail .usage li', { hasText: 'line 17' }).first().waitFor();
    assert.equal(await usage.locator('li').first().textContent(), 'Content-Usage (IETF draft): train-ai=yes (line 17), search=yes (line 17)');
    // A blocked crawler: Content-Usage does not apply to a URL it may not fetch, and its group has no signal.
    await cell(page, 0, await column(page, 'GPTBot')).click();
    await page.locator('.summary', { hasText: /^Disallowed by line 10/ }).waitFor();
    assert.equal(await page.locator('.detail .usage').count(), 0);
  });

  await t.test('user-triggered fetchers: robots.txt may not apply, and the operator says so', async () => {
    await page.getByRole('group', { name: 'AI crawlers' }).getByRole('button', { name: 'User-triggered', exact: true }).click();
    await page.waitForFunction(() => [...document.querySelectorAll('.grid thead th .agent')].some((a) => a.textContent === 'ChatGPT-User'));
    assert.match(await kindLine(page, 'user-triggered').textContent(), /^User-triggered fetchers: .*robots\.txt may not apply to \d+ of them/);
    const user = await column(page, 'ChatGPT-User');
    await cell(page, 0, user).click();
    assert.match(await page.locator('.detail .obeys').textContent(), /^ChatGPT-User's operator, OpenAI, says robots\.txt may not apply to it/);
  });

  await t.test('at 1280x720 the summary leaves the grid in sight, without page scroll', async () => {
    const m = await page.evaluate(() => {
      const box = (s) => document.querySelector(s).getBoundingClientRect();
      const rows = [...document.querySelectorAll('.grid tbody tr')].filter((r) => {
        const b = r.getBoundingClientRect(), w = box('.grid-wrap');
        return b.top >= w.top && b.bottom <= w.bottom + 1;
      });
      return { scroll: document.scrollingElement.scrollHeight - innerHeight, summary: box('.ai-summary'), wrap: box('.grid-wrap'), rows: rows.length, height: innerHeight };
    });
    assert.ok(m.scroll <= 0, `page scrolls by ${m.scroll}`);
    assert.ok(m.summary.bottom <= m.wrap.top, JSON.stringify(m));
    assert.ok(m.rows >= 2 && m.wrap.bottom <= m.height, JSON.stringify(m));
  });

  await t.test('on a phone the view fits the width', async () => {
    const phone = await newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await phone.getByRole('combobox', { name: 'Start from an example' }).selectOption({ label: EXAMPLE });
    await phone.getByRole('group', { name: 'AI crawlers' }).getByRole('button', { name: 'AI search', exact: true }).click();
    await kindLine(phone, 'ai-search').waitFor();
    const m = await phone.evaluate(() => ({
      overflow: document.scrollingElement.scrollWidth - innerWidth,
      view: document.querySelector('.ai-summary').getBoundingClientRect().right,
    }));
    assert.ok(m.overflow <= 0 && m.view <= 390, JSON.stringify(m));
    assert.match(await kindLine(phone, 'ai-search').textContent(), /^AI search and assistants: 1 of \d+ blocked at \//);
    assert.deepEqual(phone.errors, []);
  });
  assert.deepEqual(page.errors, []);
});
