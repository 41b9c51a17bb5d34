// Nothing lost, and links that cannot lie: two tabs each keep their own session; share links in a row leave a
// stack of named backups; a reload right after typing keeps the typing; a file larger than local storage is kept
// in IndexedDB with the agents and URLs typed after it; a link whose bytes are not its text, or that unpacks to
// more than 5 MB, is refused; "copied" is said only when it is true.
import test from 'node:test';
import assert from 'node:assert/strict';
import { deflateRawSync } from 'node:zlib';
import { AGENTS, EXPECTED, ROBOTS, URLS } from './fixtures.mjs';
import { agentsBox, alerts, backups, editor, enter, expectGrid, fileText, frames, missing, paste, ready, saved, savedSession, setup } from './harness.mjs';

const skip = missing();

/** A session in the tester's text format (see web/src/session.rs), with optional raw bytes. */
function session({ robots = '', agents = '', urls = '', raw = null }) {
  let out = 'robotscope-session 1\nfull-file 0\nselected 0 0\n';
  for (const [name, value] of [['agents', agents], ['urls', urls], ['robots', robots]]) {
    out += `${name} ${Buffer.byteLength(value)}\n${value}\n`;
  }
  if (raw) {
    const encoded = Buffer.from(raw).toString('base64url');
    out += `raw ${encoded.length}\n${encoded}\n`;
  }
  return out;
}

/** A share link's fragment holding `text` (deflated, base64url), as the tester makes them. */
const fragment = (text) => `#s1.${deflateRawSync(Buffer.from(text)).toString('base64url')}`;

test('nothing lost, links that cannot lie', { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false }, async (t) => {
  assert.equal(skip, null, skip);
  const { newContext, newPage, url } = await setup(t);

  await t.test('two tabs keep two sessions, and each notices the other', async () => {
    const context = await newContext();
    const a = await newPage({ context });
    await enter(a, { robots: '# file A\nUser-agent: *\nDisallow: /a/\n', agents: AGENTS, urls: URLS });
    await saved(a, '# file A');
    // A new tab starts from the session saved last, then goes its own way.
    const b = await context.newPage();
    await b.goto(url);
    await ready(b);
    assert.equal(await editor(b).inputValue(), '# file A\nUser-agent: *\nDisallow: /a/\n');
    await enter(b, { robots: '# file B\nUser-agent: *\nDisallow: /b/\n' });
    await saved(b, '# file B');
    // The first tab heard the second one save.
    await a.getByRole('status').filter({ hasText: 'open in another tab' }).waitFor();
    await a.reload();
    await ready(a);
    assert.equal(await editor(a).inputValue(), '# file A\nUser-agent: *\nDisallow: /a/\n');
    await b.reload();
    await ready(b);
    assert.equal(await editor(b).inputValue(), '# file B\nUser-agent: *\nDisallow: /b/\n');
    await context.close();
  });

  await t.test('share links in a row: every replaced session is a named backup, and the own work comes back', async () => {
    const page = await newPage();
    await enter(page, { robots: '# my own work\nUser-agent: *\nDisallow: /mine/\n', agents: AGENTS, urls: URLS });
    await saved(page, '# my own work');
    for (let i = 1; i <= 6; i++) {
      await page.evaluate((hash) => { location.hash = hash; }, fragment(session({ robots: `# link ${i}\nUser-agent: *\nDisallow: /${i}/\n`, agents: AGENTS, urls: URLS })));
      await page.waitForFunction((i) => document.querySelector('textarea.source').value.startsWith(`# link ${i}\n`), i);
    }
    // Six replaced sessions: the own one and links 1 to 5, newest first.
    const kept = await backups(page);
    assert.equal(kept.length, 6);
    assert.match(kept[0], /# link 5\n/);
    assert.match(kept[5], /# my own work\n/);
    // The menu names each by its time and first line.
    const menu = page.getByRole('combobox', { name: /^Backups/ });
    await menu.focus();
    const names = await menu.locator('option').allTextContents();
    assert.equal(names.length, 7);
    assert.match(names[0], /^Backups \(6\)/);
    assert.match(names[1], /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d · # link 5$/);
    assert.match(names[6], /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d · # my own work$/);
    const own = await menu.locator('option').nth(6).getAttribute('value');
    await menu.selectOption(own);
    await page.waitForFunction(() => document.querySelector('textarea.source').value.startsWith('# my own work\n'));
    const open = Array(4).fill(['allowed:0', 'allowed:0', 'allowed:0']);
    assert.deepEqual(await expectGrid(page, open), open);
    // The session it replaced (link 6) is now the newest backup; the own one left the stack.
    const after = await backups(page);
    assert.match(after[0], /# link 6\n/);
    assert.ok(!after.some((b) => b.includes('# my own work')));
    await page.context().close();
  });

  await t.test('a reload right after typing keeps the typing (saved on pagehide and visibilitychange)', async () => {
    const page = await newPage();
    await enter(page, { robots: ROBOTS, agents: AGENTS, urls: URLS });
    await saved(page, 'GPTBot');
    await editor(page).press('ControlOrMeta+End');
    await page.keyboard.type('# typed just before the reload');
    await page.reload();
    await ready(page);
    assert.ok((await editor(page).inputValue()).endsWith('# typed just before the reload'));
    // Hiding the page (switching tabs, locking a phone) saves at once too: the save is there as the event ends,
    // before the typing pause would have saved it.
    await page.keyboard.type('x');
    await editor(page).press('ControlOrMeta+End');
    await page.keyboard.type('\n# typed before hiding');
    await frames(page);
    const savedOnHide = await page.evaluate(() => {
      Object.defineProperty(document, 'hidden', { value: true, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
      return localStorage.getItem(`robotscope-session:${sessionStorage.getItem('robotscope-tab')}`);
    });
    assert.ok(savedOnHide.includes('# typed before hiding'));
    await page.context().close();
  });

  await t.test('a file larger than local storage is kept in IndexedDB, and the agents and URLs typed after it too', async () => {
    const page = await newPage();
    const big = '# big\nUser-agent: *\nDisallow: /private/\n' + 'Disallow: /big\n'.repeat(400 * 1000); // 6 MB
    await paste(editor(page), big);
    await enter(page, { agents: 'Googlebot\nBingbot\n', urls: '/private/x\n/public/y\n' });
    await saved(page, 'Bingbot', 30000);
    assert.match(await savedSession(page), /^file-in-indexeddb\n/);
    assert.equal(await alerts(page).count(), 0);
    const before = await expectGrid(page, [['disallowed:3', 'disallowed:3'], ['allowed:0', 'allowed:0']]);
    await page.reload();
    await ready(page);
    await page.waitForFunction(() => document.querySelector('.ln')?.textContent === '# big', null, { timeout: 30000 });
    assert.equal(await fileText(page), big);
    assert.equal(await agentsBox(page).inputValue(), 'Googlebot\nBingbot\n');
    assert.deepEqual(await expectGrid(page, before), before);
    assert.equal(before[0][0], 'disallowed:3');
    await page.context().close();
  });

  await t.test('a link whose bytes are not its text is refused (it would show Disallow and answer Allow)', async () => {
    const page = await newPage();
    await enter(page, { robots: ROBOTS, agents: AGENTS, urls: URLS });
    await saved(page, 'GPTBot');
    const spoof = session({ robots: 'User-agent: *\nDisallow: /\n', raw: 'User-agent: *\nAllow: /\n', agents: 'Googlebot\n', urls: '/\n' });
    await page.goto('about:blank');
    await page.goto(url + fragment(spoof));
    await ready(page);
    await alerts(page).waitFor();
    assert.match(await alerts(page).textContent(), /share link is damaged: the file's bytes do not match its text\. Your own session is shown instead\./);
    assert.equal(await editor(page).inputValue(), ROBOTS);
    // The bytes a file really has (CR LF, not UTF-8) still travel.
    const honest = session({ robots: 'User-agent: *\nDisallow: /caf\ufffd\n', raw: Buffer.from('User-agent: *\r\nDisallow: /caf\xe9\r\n', 'latin1'), agents: 'Googlebot\n', urls: '/caf%E9\n' });
    await page.goto('about:blank');
    await page.goto(url + fragment(honest));
    await ready(page);
    assert.deepEqual(await expectGrid(page, [['disallowed:2']]), [['disallowed:2']]);
    await page.context().close();
  });

  await t.test('a link that unpacks to 31 MB is refused without freezing the page', async () => {
    const page = await newPage();
    await enter(page, { robots: ROBOTS, agents: AGENTS, urls: URLS });
    await saved(page, 'GPTBot');
    const bomb = fragment(session({ robots: 'Disallow: /x\n'.repeat(Math.ceil((31 << 20) / 13)), agents: 'Googlebot\n', urls: '/\n' }));
    t.diagnostic(`link of ${bomb.length} characters`);
    const started = Date.now();
    await page.evaluate((hash) => { location.hash = hash; }, bomb);
    await alerts(page).waitFor();
    t.diagnostic(`refused in ${Date.now() - started} ms`);
    assert.match(await alerts(page).textContent(), /unpacks to more than 5 MB/);
    assert.equal(await editor(page).inputValue(), ROBOTS);
    await enter(page, { urls: '/docs/intro\n' });
    assert.deepEqual(await expectGrid(page, [EXPECTED[3]]), [EXPECTED[3]]);
    await page.context().close();
  });

  await t.test('"copied" only when it is true: a refused or missing clipboard gives a selected field instead', async () => {
    for (const [setup, why] of [
      [() => { navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError')); }, /the browser refused to write to the clipboard/],
      [() => { Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }); }, /no clipboard access \(it is not served over https\)/],
    ]) {
      const context = await newContext();
      await context.addInitScript(setup);
      const page = await newPage({ context });
      await enter(page, { robots: ROBOTS, agents: AGENTS, urls: URLS });
      await page.getByRole('button', { name: 'Copy share link' }).click();
      const alert = alerts(page);
      await alert.waitFor();
      assert.match(await alert.textContent(), why);
      assert.doesNotMatch(await alert.textContent(), /copied to the clipboard/);
      const field = page.getByRole('textbox', { name: 'Share link' });
      const link = await field.inputValue();
      assert.ok(link.startsWith(`${url}#s1.`), link.slice(0, 60));
      // Focused and selected, ready for Ctrl+C.
      assert.deepEqual(await field.evaluate((f) => [document.activeElement === f, f.selectionStart, f.selectionEnd]), [true, 0, link.length]);
      // The link in it is the session.
      const other = await newPage();
      await other.goto(link);
      await ready(other);
      assert.deepEqual(await expectGrid(other, EXPECTED), EXPECTED);
      await other.context().close();
      await context.close();
    }
  });
});
