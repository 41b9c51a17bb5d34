// What a screen reader and a keyboard user get: every control named, no arrows or symbols read out as words
// they are not, the verdict announced in a live region, and the whole flow (edit, ask, read the verdict, jump
// to a lint line) done without a mouse. Read through the browser's accessibility tree (Playwright's ARIA
// snapshots), not through the page's markup.
import test from 'node:test';
import assert from 'node:assert/strict';
import { AGENTS, EXPECTED, ROBOTS, URLS } from './fixtures.mjs';
import { editor, enter, expectGrid, missing, setup, summary } from './harness.mjs';

const skip = missing();

test('accessibility', { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false }, async (t) => {
  assert.equal(skip, null, skip);
  const { newPage } = await setup(t);
  const page = await newPage();
  await enter(page, { robots: ROBOTS + 'Disallow /nocolon\n', agents: AGENTS + 'Googlebot-Image\n', urls: URLS + '/blog/größe\n' });
  await page.waitForFunction(() => document.querySelectorAll('[data-verdict]').length === 20);

  await t.test('every control has a name, and the tree reads as words', async () => {
    const tree = await page.locator('body').ariaSnapshot();
    // Unnamed controls show in the snapshot as a bare role.
    for (const role of ['button', 'textbox', 'combobox', 'checkbox', 'table', 'region', 'list']) {
      assert.doesNotMatch(tree, new RegExp(`^\\s*- ${role}(:|$)`, 'm'), `an unnamed ${role}`);
    }
    // Arrows are for the eye; the tree has words in their place.
    assert.doesNotMatch(tree, /→/);
    const agents = await page.getByRole('list', { name: 'What the engine is given for each agent' }).ariaSnapshot();
    assert.match(agents, /listitem: ExampleBot token ExampleBot from header/);
    // Googlebot-Image has no group here, so it falls back to Googlebot's, as Google's image crawler does.
    assert.match(agents, /listitem: "Googlebot-Image token Googlebot preset: Googlebot-Image then Googlebot"/);
    const urls = await page.getByRole('list', { name: 'URLs changed by normalisation' }).ariaSnapshot();
    assert.match(urls, /code: \/blog\/größe\s+- text: is tested as\s+- code: \/blog\/gr%C3%B6%C3%9Fe/);
    // Each verdict cell says what it is without the table around it.
    assert.match(tree, /button "Disallowed line 3: \/private\/a\.html for ExampleBot"/);
    // The editor says what it is and how it works.
    assert.match(tree, /textbox "robots\.txt file: type, paste, or drop a file here"/);
    assert.equal(await editor(page).getAttribute('aria-describedby'), 'editor-help');
  });

  await t.test('the selected verdict is announced, politely, and follows the keyboard', async () => {
    const live = summary(page);
    assert.equal(await live.getAttribute('aria-live'), 'polite');
    const cellButton = page.getByRole('button', { name: 'Allowed no rule: /private/a.html for Googlebot', exact: true });
    await cellButton.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    assert.equal(await live.textContent(), 'Allowed by line 4: Allow: /private/press/. ExampleBot fetching /private/press/x.pdf');
    // The focus moved with the selection.
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute('aria-pressed')), 'true');
  });

  await t.test('keyboard only: from the lint to the line, then typing there', async () => {
    // Tab from the editor reaches the lint entries (in reading order: editor, lint, then the questions).
    await editor(page).focus();
    let reached = null;
    for (let i = 0; i < 10 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
      if (reached && !reached.includes(' line 12: ')) reached = null;
    }
    assert.match(reached, /^(error|warning|info) line 12: /);
    await page.keyboard.press('Enter');
    // The editor has the focus, with line 13 selected: typing replaces it.
    assert.equal(await page.evaluate(() => document.activeElement.classList.contains('source')), true);
    await page.keyboard.type('Disallow: /nocolon');
    assert.equal(await editor(page).inputValue(), ROBOTS + 'Disallow: /nocolon\n');
    await page.keyboard.press('ControlOrMeta+z');
    assert.equal(await editor(page).inputValue(), ROBOTS + 'Disallow /nocolon\n');
    await enter(page, { robots: ROBOTS, agents: AGENTS, urls: URLS });
    assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);
  });

  await t.test('nothing thrown', () => {
    assert.deepEqual(page.errors, []);
  });
});
