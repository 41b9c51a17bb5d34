// The session survives a reload (local storage), a share link restores the file, agents and URLs in another
// browser, and a corrupt share link says so and keeps the user's own session.
import test from 'node:test';
import assert from 'node:assert/strict';
import { agentsBox, alerts, backups, cell, editor, enter, expectGrid, fileText, missing, paste, saved, savedSession, setup, summary, urlsBox, winningLine } from './harness.mjs';
import { AGENTS, EXPECTED, ROBOTS, URLS } from './fixtures.mjs';

const skip = missing();


/** Clicks the share button and returns the link it copied. */
async function shareLink(page) {
  await page.getByRole('button', { name: 'Copy share link' }).click();
  const notice = page.getByRole('status').filter({ hasText: 'Share link copied' });
  await notice.waitFor();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  const length = Number((await notice.textContent()).match(/\((\d+) characters\)/)[1]);
  assert.equal(link.length, length, 'the notice gives the link length');
  return link;
}

test('sessions: reload, share links, corrupt links', { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false }, async (t) => {
  assert.equal(skip, null, skip);
  const { newContext, newPage, url } = await setup(t);
  const context = await newContext();
  const page = await newPage({ context });
  await enter(page, { robots: ROBOTS, agents: AGENTS, urls: URLS });
  assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);
  let link;

  await t.test('the session is saved and a reload finds it', async () => {
    await saved(page, 'Allow: /private/press/');
    assert.match(await savedSession(page), /^robotscope-session 1\n/);
    await page.reload();
    await editor(page).waitFor();
    await page.waitForFunction(() => document.querySelector('textarea[aria-label^="robots.txt"]').value.includes('GPTBot'));
    assert.equal(await editor(page).inputValue(), ROBOTS);
    assert.equal(await agentsBox(page).inputValue(), AGENTS);
    assert.equal(await urlsBox(page).inputValue(), URLS);
    assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);
    assert.equal(await alerts(page).count(), 0);
  });

  await t.test('typing is saved too: an edit survives the reload', async () => {
    await editor(page).press('Control+End');
    await editor(page).pressSequentially('\nUser-agent: ExampleBot\nDisallow: /docs/\n', { delay: 5 });
    // ExampleBot now has its own group (lines 13-14): /docs/... is disallowed by line 14, the rest allowed.
    const edited = [
      ['allowed:0', 'disallowed:11', 'allowed:0'],
      ['disallowed:7', 'disallowed:11', 'allowed:0'],
      ['disallowed:7', 'disallowed:11', 'disallowed:14'],
      ['allowed:8', 'disallowed:11', 'disallowed:14'],
    ];
    assert.deepEqual(await expectGrid(page, edited), edited);
    await saved(page, 'User-agent: ExampleBot');
    await page.reload();
    await editor(page).waitFor();
    assert.deepEqual(await expectGrid(page, edited), edited);
    assert.ok((await editor(page).inputValue()).endsWith('User-agent: ExampleBot\nDisallow: /docs/\n'));
    await enter(page, { robots: ROBOTS });
    assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);
    await saved(page, ROBOTS);
  });

  await t.test('the share link restores the file, agents, URLs and the selected verdict in a fresh browser', async () => {
    await cell(page, 1, 2).click();
    link = await shareLink(page);
    assert.ok(link.startsWith(`${url}#s1.`), link);
    const other = await newContext();
    const opened = await other.newPage();
    await opened.goto(link);
    await editor(opened).waitFor();
    await opened.waitForFunction(() => document.querySelector('textarea[aria-label^="robots.txt"]').value.includes('GPTBot'));
    assert.equal(await editor(opened).inputValue(), ROBOTS);
    assert.equal(await agentsBox(opened).inputValue(), AGENTS);
    assert.equal(await urlsBox(opened).inputValue(), URLS);
    assert.deepEqual(await expectGrid(opened, EXPECTED), EXPECTED);
    // The same view: the same cell selected, explained and marked in the editor.
    assert.equal(await cell(opened, 1, 2).getAttribute('aria-pressed'), 'true');
    assert.equal(await summary(opened).textContent(), 'Allowed by line 4: Allow: /private/press/. ExampleBot fetching /private/press/x.pdf');
    assert.equal(await winningLine(opened), 4);
    // A fresh browser has no session of its own to keep, so none is offered back.
    const notice = opened.getByRole('status').filter({ hasText: 'Opened a shared session' });
    assert.doesNotMatch(await notice.textContent(), /previous session/);
    assert.equal(await notice.getByRole('button', { name: 'Restore my previous session' }).count(), 0);
    // The link is read once: the address loses its fragment, so a reload shows the session, now saved here.
    assert.equal(opened.url(), url);
    await saved(opened, 'Allow: /private/press/');
    await opened.reload();
    await editor(opened).waitFor();
    assert.deepEqual(await expectGrid(opened, EXPECTED), EXPECTED);
    assert.equal(await editor(opened).inputValue(), ROBOTS);
    await other.close();
  });

  await t.test('a link the tester made before the browser deflated its links opens unchanged', async () => {
    // Made by miniz_oxide in the wasm (web/src/permalink.rs keeps it as OLD_LINK); now inflated by the browser.
    const old = 's1.bY6_CsIwEMb3e4qbhZp2aIWOInR10AdI6zUGrr2QS9XHNxQRhU7f8P37Rekl6SCBCiVVLzNWMC7MxeiZsAQlpiHRDctsWEdzUqwO0' +
      'Ik4ptyF7nw5ZoElsmJdwz2loK0x9LJTYNoPMpkQ_cMmMnbT7VmcgbiSYNPAVSkW61WLOzh5tczybPE7A3-RD8BPDuAN';
    const other = await newContext();
    const opened = await other.newPage();
    await opened.goto(`${url}#${old}`);
    await opened.getByRole('status').filter({ hasText: 'Opened a shared session' }).waitFor();
    assert.equal(await editor(opened).inputValue(), 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n');
    assert.equal(await agentsBox(opened).inputValue(), 'Googlebot\nGPTBot\n');
    assert.equal(await urlsBox(opened).inputValue(), 'https://example.com/private/a\nhttps://example.com/blog/');
    assert.equal(await cell(opened, 0, 1).getAttribute('aria-pressed'), 'true');
    await other.close();
  });

  await t.test('opening a share link over a session keeps that session as a backup', async () => {
    await editor(page).fill('User-agent: *\nDisallow: /mine/\n');
    await saved(page, '/mine/');
    // A fresh load: from the tester's own address, a link differing only in its fragment would not reload.
    await page.goto('about:blank');
    await page.goto(link);
    await editor(page).waitFor();
    await page.waitForFunction(() => document.querySelector('textarea[aria-label^="robots.txt"]').value.includes('GPTBot'));
    assert.equal(await editor(page).inputValue(), ROBOTS);
    const [backup] = await backups(page);
    assert.match(backup, /Disallow: \/mine\//);
  });

  await t.test('a share link pasted into the open tester opens at once, and the previous session comes back on request', async () => {
    const mine = 'User-agent: *\nDisallow: /mine/\n';
    await enter(page, { robots: mine });
    // Same document, new fragment: the browser does not reload, it fires `hashchange`.
    await page.evaluate((hash) => { location.hash = hash; }, new URL(link).hash);
    await page.waitForFunction((text) => document.querySelector('textarea.source').value === text, ROBOTS);
    assert.equal(await agentsBox(page).inputValue(), AGENTS);
    assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);
    assert.equal(page.url(), url, 'the fragment is removed once read');
    const notice = page.getByRole('status').filter({ hasText: 'Opened a shared session' });
    assert.match(await notice.textContent(), /previous session is kept as a backup/);
    // The button swaps the sessions; pressed again, it swaps them back.
    await notice.getByRole('button', { name: 'Restore my previous session' }).click();
    await page.waitForFunction((text) => document.querySelector('textarea.source').value === text, mine);
    const restored = page.getByRole('status').filter({ hasText: 'Restored your previous session' });
    await restored.waitFor();
    await restored.getByRole('button', { name: 'Restore my previous session' }).click();
    await page.waitForFunction((text) => document.querySelector('textarea.source').value === text, ROBOTS);
    // A damaged link pasted in leaves the session as it is.
    await page.evaluate(() => { location.hash = '#s1.AAAA'; });
    await alerts(page).waitFor();
    assert.match(await alerts(page).textContent(), /share link is damaged.*Your session is unchanged\./);
    assert.equal(await editor(page).inputValue(), ROBOTS);
    await page.getByRole('button', { name: 'Dismiss this message' }).click();
  });

  await t.test('a share link over a session too large to back up says how to get its file back', async () => {
    const big = 'Disallow: /big\n'.repeat(400 * 1000); // 6 MB: more than local storage holds
    await paste(editor(page), big);
    await page.evaluate((hash) => { location.hash = hash; }, new URL(link).hash);
    await page.waitForFunction((text) => document.querySelector('textarea.source').value === text, ROBOTS);
    const notice = page.getByRole('status').filter({ hasText: 'Opened a shared session' });
    assert.match(await notice.textContent(), /too large to keep in this browser's storage; Undo \(Ctrl\+Z in the editor\) brings its file back/);
    await editor(page).press('ControlOrMeta+z');
    assert.equal(await fileText(page), big);
    await enter(page, { robots: ROBOTS, agents: AGENTS, urls: URLS });
  });

  await t.test('a corrupt share link says so and shows the saved session instead', async () => {
    await editor(page).fill('User-agent: *\nDisallow: /kept/\n');
    await saved(page, '/kept/');
    const before = await savedSession(page);
    for (const bad of [link.slice(0, Math.floor(link.length / 2)), link + '!!', `${url}#s1.AAAA`, `${url}#s1.`]) {
      await page.goto('about:blank');
      await page.goto(bad);
      await editor(page).waitFor();
      const alert = alerts(page);
      await alert.waitFor();
      assert.match(await alert.textContent(), /share link is damaged.*Your own session is shown instead\./, bad.slice(-40));
      assert.equal(await editor(page).inputValue(), 'User-agent: *\nDisallow: /kept/\n');
      assert.equal(await urlsBox(page).inputValue(), URLS);
      assert.equal(page.url(), url, 'the bad fragment is removed from the address');
      assert.equal(await savedSession(page), before);
    }
    // The message can be dismissed, and the page goes on answering.
    await page.goto('about:blank');
    await page.goto(`${url}#s1.@@@`);
    await editor(page).waitFor();
    await alerts(page).waitFor();
    await page.getByRole('button', { name: 'Dismiss this message' }).click();
    assert.equal(await alerts(page).count(), 0);
    await editor(page).fill(ROBOTS);
    assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);
  });

  await t.test('a damaged saved session is reported, and the tester starts from the example', async () => {
    // The last edit's save first: leaving the page saves a pending edit, which would replace the damage.
    await saved(page, 'Allow: /private/press/');
    await page.evaluate(() => localStorage.setItem(`robotscope-session:${sessionStorage.getItem('robotscope-tab')}`, 'robotscope-session 1\nfull-file 0\nagents 999\nx'));
    await page.reload();
    await editor(page).waitFor();
    await alerts(page).waitFor();
    assert.match(await alerts(page).textContent(), /^The saved session is damaged, so the tester starts from the example\./);
    assert.ok((await editor(page).inputValue()).includes('User-agent:'));
  });

  await t.test("an opened file's own bytes (CR LF, not UTF-8) survive a reload", async () => {
    await enter(page, { agents: 'Googlebot\n', urls: '/caf%E9\n' });
    // A Latin-1 `é`: the engine matches the byte itself (%E9); the editor shows U+FFFD in its place.
    const latin1 = Buffer.from('User-agent: *\r\nDisallow: /caf\xe9\r\n', 'latin1');
    await page.getByLabel('Open file…').setInputFiles({ name: 'latin1.txt', mimeType: 'text/plain', buffer: latin1 });
    assert.deepEqual(await expectGrid(page, [['disallowed:2']]), [['disallowed:2']]);
    assert.equal(await editor(page).inputValue(), 'User-agent: *\nDisallow: /caf\ufffd\n');
    await saved(page, '\nraw ');
    await page.reload();
    await editor(page).waitFor();
    assert.deepEqual(await expectGrid(page, [['disallowed:2']]), [['disallowed:2']]);
    // The first edit makes the text the file: its UTF-8 U+FFFD no longer matches the byte.
    await editor(page).press('ControlOrMeta+End');
    await page.keyboard.type('#');
    assert.deepEqual(await expectGrid(page, [['allowed:0']]), [['allowed:0']]);
  });

  await t.test('no errors thrown', async () => {
    assert.deepEqual(page.errors, []);
  });
});
