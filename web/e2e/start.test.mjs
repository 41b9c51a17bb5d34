// Start, serve, export: the page's static shell says what to do before the WebAssembly arrives, the build ships
// its own robots.txt and favicon, and "Export CSV" saves the grid.
import test from 'node:test';
import assert from 'node:assert/strict';
import { AGENTS, EXPECTED, ROBOTS, URLS } from './fixtures.mjs';
import { enter, expectGrid, missing, setup } from './harness.mjs';

const skip = missing();

test('start, serve, export', { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false }, async (t) => {
  assert.equal(skip, null, skip);
  const { newContext, newPage, url } = await setup(t);

  await t.test('before the WebAssembly arrives, the shell shows the header, the how-to and the editor', async () => {
    const context = await newContext({ viewport: { width: 1280, height: 720 } });
    // The wasm never arrives: what is left on screen is the static shell.
    await context.route('**/*.wasm', () => {});
    const page = await context.newPage();
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const howto = page.getByText('Paste your robots.txt, list the URLs and crawlers to check');
    await howto.waitFor();
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), "robotscope robots.txt tester: Google's matcher, explained");
    const editor = await page.locator('.shell-editor').boundingBox();
    assert.ok(editor && editor.height > 200 && editor.y < 200, JSON.stringify(editor));
    await context.close();
  });

  await t.test("the header's name links back to robotscope's site (the folder above /tester/)", async () => {
    const page = await newPage();
    const home = page.getByRole('link', { name: 'robotscope', exact: true });
    assert.equal(await home.getAttribute('href'), '../');
    // Under /tester/ on the site, ../ is the site's root.
    const base = 'https://robotscope.example/tester/';
    assert.equal(await home.evaluate((a, base) => new URL(a.getAttribute('href'), base).href, base), 'https://robotscope.example/');
    assert.match(await home.getAttribute('title'), /robotscope's site/);
    await page.context().close();
  });

  await t.test('the build serves its own robots.txt and favicon', async () => {
    const robots = await fetch(`${url}robots.txt`);
    assert.equal(robots.status, 200);
    assert.match(await robots.text(), /^# The robotscope tester[^\n]*\nUser-agent: \*\nAllow: \/\n$/);
    const icon = await fetch(`${url}favicon.svg`);
    assert.equal(icon.status, 200);
    assert.match(await icon.text(), /^<svg /);
  });

  await t.test('Export CSV saves the grid: URL, agent, token, reading, verdict, line, rule', async () => {
    const page = await newPage();
    await enter(page, { robots: ROBOTS, agents: AGENTS, urls: URLS });
    assert.deepEqual(await expectGrid(page, EXPECTED), EXPECTED);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    assert.equal(download.suggestedFilename(), 'robots-verdicts.csv');
    const chunks = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk);
    const rows = Buffer.concat(chunks).toString('utf8').split('\r\n');
    assert.equal(rows[0], 'url,agent,token,reading,verdict,line,rule');
    assert.equal(rows.length, 1 + 12 + 1); // header, 4 URLs x 3 agents, and the final line end
    assert.equal(rows[1], '/private/a.html,Googlebot,Googlebot,google,allowed,,');
    assert.equal(rows[6], '/private/press/x.pdf,ExampleBot/2.1 (+https://example.com/bot),ExampleBot,google,allowed,4,Allow: /private/press/');
    assert.equal(rows[7], 'https://example.com/docs/guide.pdf,Googlebot,Googlebot,google,disallowed,7,Disallow: /*.pdf$');
    await page.context().close();
  });
});
