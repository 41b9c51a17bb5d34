// Truthful words and right hosts: what the tester says about a typed agent or URL comes from the core, so a
// fallback is called one, a browser's header is said not to read robots.txt, a bare word is a path, and a URL
// of another site is marked rather than silently answered from this file. Presets: unknown names get an
// answer, sets and the grouped list add crawlers.
import test from 'node:test';
import assert from 'node:assert/strict';
import { agentsBox, cell, enter, expectGrid, grid, missing, setup } from './harness.mjs';

const skip = missing();
const FILE = 'User-agent: Googlebot\nDisallow: /photos/\n\nUser-agent: *\nDisallow: /private/\n';

test('truthful words and right hosts', { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false }, async (t) => {
  assert.equal(skip, null, skip);
  const { newPage } = await setup(t);
  const page = await newPage();
  const explanation = () => page.locator('.explanation').textContent();

  await t.test('a fallback follows another group, and says so', async () => {
    await enter(page, { robots: FILE, agents: 'Googlebot-Image\n', urls: '/photos/a.jpg\n' });
    assert.deepEqual(await expectGrid(page, [['disallowed:2']]), [['disallowed:2']]);
    await cell(page, 0, 0).click();
    assert.match(await explanation(), /^Googlebot-Image has no group of its own, so it follows Googlebot's group \(lines 1-2\), as Google documents/);
    assert.doesNotMatch(await explanation(), /has its own group/);
  });

  await t.test("a browser's User-Agent header: browsers do not read robots.txt, and the token given is named", async () => {
    await enter(page, { agents: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36\n' });
    const note = page.getByRole('list', { name: 'Notes on the agents' });
    assert.match(await note.textContent(), /^Browsers do not read robots\.txt; the engine is given the token Mozilla/);
    assert.match(await grid(page).getByRole('columnheader').nth(1).textContent(), /a browser/);
    await cell(page, 0, 0).click();
    assert.match(await page.locator('.detail .agent-note').textContent(), /^Browsers do not read robots\.txt/);
  });

  await t.test('a bare word is a path; a URL of another host, scheme or port is marked', async () => {
    await enter(page, {
      agents: 'Googlebot\n',
      urls: 'https://example.com/photos/a\nphotos\nhttp://example.com/photos/b\nhttps://cdn.example.com/photos/c\nhttps://example.com:8443/photos/d\n',
    });
    assert.deepEqual(await grid(page).getByRole('rowheader').allTextContents(), [
      '/photos/a',
      'photostested: /photos',
      'http://example.com/photos/bother site: not this file\'s',
      'https://cdn.example.com/photos/cother site: not this file\'s',
      'https://example.com:8443/photos/dother site: not this file\'s',
    ]);
    assert.equal(await page.locator('td.elsewhere').count(), 3);
    await cell(page, 2, 0).click();
    assert.match(await page.locator('.elsewhere-warn').textContent(), /^Not this file's URL \(the scheme differs.*\): a crawler reads http:\/\/example\.com\/robots\.txt for it/);
    assert.match(await cell(page, 2, 0).getAttribute('aria-label'), /another site's robots\.txt decides this URL$/);
  });

  await t.test('presets: an unknown name is answered and cleared; sets and the grouped list add crawlers', async () => {
    await enter(page, { agents: 'Googlebot\n', urls: '/x\n' });
    const preset = page.getByRole('combobox', { name: 'Add a crawler preset' });
    await preset.fill('NoSuchBot');
    await preset.press('Enter');
    await page.getByText('No crawler preset is called “NoSuchBot”').waitFor();
    assert.equal(await preset.inputValue(), '');
    assert.equal(await agentsBox(page).inputValue(), 'Googlebot\n');
    // A set by name.
    await preset.fill('@ai-search');
    await preset.press('Enter');
    await page.getByText(/^Added the set @ai-search: \d+ crawlers\.$/).waitFor();
    assert.match(await agentsBox(page).inputValue(), /OAI-SearchBot/);
    // The grouped list: one preset, then every AI crawler (each added once).
    await page.getByText('Presets', { exact: true }).click();
    for (const group of ['Search', 'Ads', 'AI training', 'AI search and assistants', 'User-triggered fetchers']) {
      assert.ok((await page.getByRole('group', { name: group }).getByRole('button').count()) > 0, group);
    }
    await page.getByRole('group', { name: 'Ads' }).getByRole('button', { name: 'AdIdxbot' }).click();
    assert.match(await agentsBox(page).inputValue(), /\nAdIdxbot\n$/);
    await page.getByRole('button', { name: /^Add all AI crawlers \((\d+)\)$/ }).click();
    const agents = (await agentsBox(page).inputValue()).trim().split('\n');
    for (const name of ['GPTBot', 'ClaudeBot', 'Claude-User', 'Claude-SearchBot', 'Perplexity-User', 'OAI-SearchBot']) {
      assert.equal(agents.filter((a) => a === name).length, 1, name);
    }
    assert.equal(new Set(agents).size, agents.length);
  });

  await t.test('nothing thrown', () => {
    assert.deepEqual(page.errors, []);
  });
});
