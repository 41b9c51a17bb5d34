// Bad input gets a clear message in the page, the page keeps answering, and what the user typed is kept:
// binary files, HTML pages (opened, dropped or pasted), a 10 MB paste, files too large to open.
import test from 'node:test';
import assert from 'node:assert/strict';
import { AGENTS, EXPECTED, ROBOTS, URLS } from './fixtures.mjs';
import { alerts, bigFile, editor, enter, expectGrid, fileText, frames, missing, paste, saved, setup } from './harness.mjs';

const skip = missing();
const MB = 1024 * 1024;
const HTML = '<!DOCTYPE html>\n<html><head><title>Not found</title></head>\n<body><h1>404</h1></body></html>\n';

/** Opens a file with the toolbar's file picker. */
const open = (page, name, buffer, mimeType = 'application/octet-stream') =>
  page.getByLabel('Open file…').setInputFiles({ name, mimeType, buffer });

/** Drops a file on the editor, as dragging it from the desktop does. */
const drop = (page, name, text) =>
  editor(page).evaluate((area, [name, text]) => {
    const data = new DataTransfer();
    data.items.add(new File([text], name, { type: 'text/html' }));
    area.closest('.editor, div').dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
  }, [name, text]);

/** The one error message on the page (role alert), once it shows. */
async function alertText(page) {
  await alerts(page).waitFor();
  return alerts(page).textContent();
}

async function dismiss(page) {
  await page.getByRole('button', { name: 'Dismiss this message' }).click();
  assert.equal(await alerts(page).count(), 0);
}

test('bad input', { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false }, async (t) => {
  assert.equal(skip, null, skip);
  const { newPage } = await setup(t);
  const page = await newPage();
  await enter(page, { robots: ROBOTS, agents: AGENTS, urls: URLS });
  assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);

  await t.test('a binary file is refused and the text is kept', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), Buffer.alloc(4096, 7)]);
    await open(page, 'logo.png', png, 'image/png');
    assert.match(await alertText(page), /^logo\.png looks like a binary file .*not a robots\.txt\. The editor keeps your text\./);
    assert.equal(await editor(page).inputValue(), ROBOTS);
    assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);
    await dismiss(page);
  });

  await t.test('a file over 32 MB is refused before it is read, and the text is kept', async () => {
    await open(page, 'dump.txt', Buffer.alloc(33 * MB, 'a'), 'text/plain');
    assert.match(await alertText(page), /^dump\.txt is 33 MB: too large to be a robots\.txt .*The editor keeps your text\./);
    assert.equal(await editor(page).inputValue(), ROBOTS);
    await dismiss(page);
  });

  await t.test('an HTML page opened as a file is named as such, and its lint says why', async () => {
    await open(page, 'index.html', Buffer.from(HTML), 'text/html');
    assert.match(await alertText(page), /^index\.html is an HTML page, not a robots\.txt: a crawler that gets it reads no rules from it\./);
    // Opening a file replaces the editor's text with the file, as with any file; the lint explains.
    assert.equal(await editor(page).inputValue(), HTML);
    assert.match(await page.getByRole('region', { name: 'Lint' }).textContent(), /HTML/);
    // Everything is allowed: no rules are read from an HTML page.
    assert.deepEqual(await expectGrid(page, EXPECTED.map((r) => r.map(() => 'allowed:0'))), EXPECTED.map((r) => r.map(() => 'allowed:0')));
    await dismiss(page);
    await enter(page, { robots: ROBOTS });
    assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);
  });

  await t.test('an HTML page dropped on the editor gets the same message', async () => {
    await drop(page, 'page.html', HTML);
    assert.match(await alertText(page), /^page\.html is an HTML page/);
    await dismiss(page);
    await enter(page, { robots: ROBOTS });
    // The lint runs after a pause; the next test's notice is about a change from a file the lint has read.
    await page.getByText(/this is an HTML page, not a robots\.txt: crawlers find no rules/i).waitFor({ state: 'detached' });
  });

  await t.test('pasted HTML is kept as typed and named as an HTML page once linted', async () => {
    await editor(page).fill(HTML);
    assert.match(await alertText(page), /^This is an HTML page, not a robots\.txt/);
    assert.equal(await editor(page).inputValue(), HTML);
    await dismiss(page);
    await enter(page, { robots: ROBOTS });
    assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);
  });

  await t.test('a 10 MB paste is kept, answered from its first 500 KiB, and the page stays responsive', async () => {
    // Rules up front, then 10 MB of other bots' groups: past 500 KiB, Google reads nothing.
    const huge = bigFile(10 * MB, ROBOTS + '\n', '\nUser-agent: ExampleBot\nDisallow: /\n');
    const started = Date.now();
    await paste(editor(page), huge);
    // The app splices the paste into its text and gives the text area only the lines around the view, so the
    // browser never lays out 10 MB; the engine reads the first 500 KiB.
    assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);
    await frames(page);
    t.diagnostic(`10 MB paste answered and painted in ${Date.now() - started} ms`);
    const note = page.getByRole('note').filter({ hasText: 'Google reads only the first 500 KiB' });
    await note.waitFor();
    assert.match(await note.textContent(), /^The file is 102\d\d KiB; Google reads only the first 500 KiB, so the rest is ignored/);
    assert.equal(await fileText(page), huge);
    const held = await editor(page).inputValue();
    assert.ok(held.length <= 100 * 1024 && huge.endsWith(held), `the text area holds the end of the file, where the caret is`);
    // Typing at the caret (after the paste) lands at the end of the 10 MB file (focus() keeps the caret).
    await editor(page).focus();
    await page.keyboard.type('Allow: /x');
    await page.waitForFunction(() => [...document.querySelectorAll('.ln')].some((l) => l.textContent === 'Allow: /x'));
    // Local storage cannot hold it: the file goes to IndexedDB, the rest of the session stays in local storage,
    // and nothing needs saying.
    await saved(page, 'file-in-indexeddb\n', 30000);
    assert.equal(await alerts(page).count(), 0);
    // The page answers other input at once: the URLs box still works against the huge file.
    await enter(page, { urls: '/docs/intro\n' });
    assert.deepEqual(await expectGrid(page, [EXPECTED[3]]), [EXPECTED[3]]);
    // Sessions this large get no share link.
    await page.getByRole('button', { name: 'Copy share link' }).click();
    assert.match(await alertText(page), /too large for a share link/);
    // Undo takes the typing back (one step for the run of keys), then the paste: the file before it returns.
    await editor(page).press('ControlOrMeta+z');
    await editor(page).press('ControlOrMeta+z');
    assert.deepEqual(await expectGrid(page, [EXPECTED[3]]), [EXPECTED[3]]);
    assert.equal(await fileText(page), ROBOTS);
    await enter(page, { robots: ROBOTS, urls: URLS });
    assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);
    assert.equal((await editor(page).inputValue()), ROBOTS);
  });

  await t.test('a large text dropped on the editor goes in like a paste, at the selection', async () => {
    const dropped = bigFile(1024 * 1024, ROBOTS + '\n');
    await editor(page).focus();
    await editor(page).press('ControlOrMeta+a');
    await editor(page).evaluate((area, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      area.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
    }, dropped);
    await page.waitForFunction(() => document.querySelectorAll('.gl').length > 0 && document.querySelector('.editor').textContent.length > 0);
    assert.equal(await fileText(page), dropped);
    assert.ok((await editor(page).inputValue()).length < 100 * 1024, 'the text area holds a window, not the 1 MB');
    await editor(page).press('ControlOrMeta+z');
    assert.equal(await fileText(page), ROBOTS);
  });

  await t.test('a 10 MB paste of 5 million lines: the editor says how far it can scroll, and typing still lands at the caret', async () => {
    const lines = '#\n'.repeat(5 * 1000 * 1000); // 10 MB of comment lines
    await paste(editor(page), lines);
    const note = page.getByRole('note').filter({ hasText: 'the editor can show only the first' });
    await note.waitFor();
    assert.match(await note.textContent(), /^This file has 5000001 lines; the editor can show only the first 1600000 \(a browser limit\)\. The rest is kept/);
    // The caret is after the paste, past what can be shown: keys still edit the file there.
    await page.keyboard.type('Allow: /y');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    const text = await fileText(page);
    assert.equal(text.length, lines.length + 'Allow: /\n'.length);
    assert.ok(text.endsWith('#\nAllow: /\n'));
    await editor(page).focus();
    await editor(page).press('ControlOrMeta+a');
    await page.keyboard.type(ROBOTS);
    assert.equal(await fileText(page), ROBOTS);
    assert.equal(await note.count(), 0);
  });

  await t.test('nothing thrown', async () => {
    assert.deepEqual(page.errors, []);
  });
});
