// The policy builder: the "Block AI training" preset written into an empty file, into a file that starts with
// Cloudflare's managed block and into a typical shop's file, then every catalogue crawler's verdict read from the
// builder's list and checked against the grid's answer for the same crawler (a separate path through the core:
// typed presets), the control tokens Google-Extended and Applebot-Extended included. A preset sets only the kinds
// it names: every other crawler keeps the verdict the file gave it, and the builder lists what the write changes
// before it is made. `@ai-training` typed in the Agents box gives the grid one column per crawler of the set.
import test from 'node:test';
import assert from 'node:assert/strict';
import { editor, enter, fileText, frames, missing, setup } from './harness.mjs';

const skip = missing();

// Cloudflare's managed robots.txt block as its dashboard writes it (tokens as of 2025), then the site's own group.
const MANAGED = `# BEGIN Cloudflare Managed content

User-agent: *
Content-Signal: search=yes,ai-train=no
Allow: /

User-agent: Amazonbot
Disallow: /

User-agent: Applebot-Extended
Disallow: /

User-agent: Bytespider
Disallow: /

User-agent: CCBot
Disallow: /

User-agent: ClaudeBot
Disallow: /

User-agent: Google-Extended
Disallow: /

User-agent: GPTBot
Disallow: /

User-agent: meta-externalagent
Disallow: /

# END Cloudflare Managed Content
`;
const CLOUDFLARE = `${MANAGED}
User-agent: *
Disallow: /admin/
`;

/** The builder's list: per crawler, its kind, verdict, deciding line and whether it follows the policy. */
function crawlers(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.policy-kind li.pc')].map((li) => ({
      name: li.dataset.crawler,
      kind: li.closest('.policy-kind').dataset.kind,
      verdict: li.dataset.verdict,
      line: Number(li.dataset.line),
      follows: li.dataset.follows,
      why: li.querySelector('.policy-why')?.textContent ?? null,
    })),
  );
}

/** Opens the builder. */
async function openBuilder(page) {
  const toggle = page.getByRole('button', { name: 'Build a policy' });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
}

/** The builder's list of what the write changes: per line, its sentence and whether the policy chose it. */
function changes(page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('.policy-plan > .policy-changes > li')].map((li) => ({
      text: li.firstChild.textContent,
      chosen: li.dataset.chosen,
    })),
  );
}

/** Chooses the "Block AI training" preset and writes it; resolves to the file and the list before the write. */
async function writeBlockTraining(page, before, all = true) {
  await openBuilder(page);
  const was = await crawlers(page);
  await page.getByRole('button', { name: 'Block AI training', exact: true }).click();
  assert.equal(await page.getByRole('combobox', { name: 'AI training', exact: true }).inputValue(), 'block');
  for (const kind of ['Search', 'AI search and assistants', 'User-triggered fetchers', 'SEO tools', 'Others']) {
    assert.equal(await page.getByRole('combobox', { name: kind, exact: true }).inputValue(), 'keep', kind);
  }
  await page.getByRole('button', { name: 'Write the rules' }).click();
  await page.waitForFunction((before) => document.querySelector('textarea.source').value !== before, before);
  await page.getByRole('status').filter({ hasText: /^Wrote the policy's rules from line \d+/ }).waitFor();
  if (all) await page.waitForFunction(() => [...document.querySelectorAll('li.pc')].every((li) => li.dataset.follows !== 'false'));
  return { file: await fileText(page), was };
}

/** Checks every catalogue crawler: training kinds disallowed at /, every other as it was before the write; and
 * the grid gives each the same verdict and line. */
async function checkEveryCrawler(page, t, was) {
  const list = await crawlers(page);
  const off = list.filter((c) => c.follows === 'false');
  assert.deepEqual(off, [], 'every crawler follows the policy');
  for (const c of list) {
    const before = was.find((w) => w.name === c.name);
    const want = c.kind === 'ai-training' ? 'disallowed' : before.verdict;
    assert.equal(c.verdict, want, `${c.name} (${c.kind})`);
    if (c.kind !== 'ai-training') assert.equal(c.line, before.line, `${c.name}: the same deciding line`);
  }
  for (const name of ['Google-Extended', 'Applebot-Extended', 'GPTBot', 'ClaudeBot', 'CCBot']) {
    const c = list.find((c) => c.name === name);
    assert.ok(c && c.kind === 'ai-training' && c.verdict === 'disallowed' && c.line > 0, `${name}: ${JSON.stringify(c)}`);
  }
  // The same crawlers through the grid at /, in batches under the grid's 50 columns: `@ai-training` in the Agents
  // box (expanded there as in the preset field) with the control tokens, then the rest by name.
  await page.getByRole('button', { name: 'Back to the verdicts' }).click();
  const rest = list.map((c) => c.name).filter((n) => !['Google-Extended', 'Applebot-Extended'].includes(n));
  const batches = [['@ai-training', 'Google-Extended', 'Applebot-Extended']];
  for (let i = 0; i < rest.length; i += 45) batches.push(rest.slice(i, i + 45));
  const cells = {};
  for (const batch of batches) {
    await enter(page, { agents: batch.join('\n') + '\n', urls: '/\n' });
    // The grid is drawn on the next frames after the box changes.
    await frames(page);
    await page.waitForFunction((n) => document.querySelectorAll('td[data-verdict]').length >= n, batch.length);
    Object.assign(cells, await page.evaluate(() =>
      Object.fromEntries([...document.querySelectorAll('td[data-verdict]')].map((td) => [td.dataset.agent, `${td.dataset.verdict}:${td.dataset.line}`])),
    ));
  }
  assert.deepEqual(cells, Object.fromEntries(list.map((c) => [c.name, `${c.verdict}:${c.line}`])));
  t.diagnostic(`${list.length} catalogue crawlers, ${list.filter((c) => c.kind === 'ai-training').length} of them AI training`);
}

/** A typical shop's file (issue 37). */
const SHOP = `User-agent: *
Disallow: /admin/
Disallow: /cart
Disallow: /checkout
Disallow: /*?sort=
Disallow: /search

Sitemap: https://shop.example/sitemap.xml
`;

test('the policy builder', { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false }, async (t) => {
  assert.equal(skip, null, skip);
  const { newPage } = await setup(t);

  await t.test('an empty file: "Block AI training" writes one group; every crawler follows', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 720 } });
    await enter(page, { robots: '', agents: 'Googlebot\n', urls: '/\n' });
    const { file, was } = await writeBlockTraining(page, '');
    // One group: the training crawlers and the control tokens, one `Disallow: /`; nothing else is needed.
    const lines = file.trimEnd().split('\n');
    assert.ok(lines.slice(0, -1).every((l) => l.startsWith('User-agent: ')), file);
    assert.equal(lines.at(-1), 'Disallow: /');
    assert.ok(lines.includes('User-agent: Google-Extended') && lines.includes('User-agent: Applebot-Extended'), file);
    // The editor shows the written lines; Undo takes them out in one step.
    assert.equal(await editor(page).inputValue(), file);
    await checkEveryCrawler(page, t, was);
    await editor(page).focus();
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => document.querySelector('textarea.source').value === '');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  await t.test("a file starting with Cloudflare's managed block: the block is untouched, the lines follow it", async () => {
    const page = await newPage({ viewport: { width: 1366, height: 768 } });
    await enter(page, { robots: CLOUDFLARE, agents: 'Googlebot\n', urls: '/\n' });
    const { file, was } = await writeBlockTraining(page, CLOUDFLARE);
    assert.ok(file.startsWith(CLOUDFLARE), 'the file before the edit is kept whole, the managed block first');
    const added = file.slice(CLOUDFLARE.length);
    assert.match(added, /^\nUser-agent: /);
    // The managed block blocks GPTBot already; no crawler of another kind is named, and nothing is allowed.
    assert.doesNotMatch(added, /User-agent: GPTBot\n/);
    assert.doesNotMatch(added, /User-agent: (Googlebot|bingbot)\n/);
    assert.doesNotMatch(added, /Allow: /);
    await checkEveryCrawler(page, t, was);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  await t.test("a shop's file: the list says what the write changes; search crawlers keep the cart closed", async () => {
    const page = await newPage({ viewport: { width: 1280, height: 720 } });
    await enter(page, { robots: SHOP, agents: 'Googlebot\n', urls: '/\n' });
    await openBuilder(page);
    // Chosen explicitly, "allow search" would open the shop's closed paths: the list says so before any write.
    await page.getByRole('combobox', { name: 'Search', exact: true }).selectOption('allow');
    await page.waitForFunction(() => document.querySelectorAll('.policy-plan li').length > 0);
    const search = (await crawlers(page)).filter((c) => c.kind === 'search').length;
    assert.deepEqual(await changes(page), [
      { text: `${search} crawlers would be allowed into /admin/, /cart, /checkout, /*?sort=, /search`, chosen: 'true' },
    ]);
    // The preset sets AI training only: the list names training crawlers alone, each losing what `*` let it fetch.
    const { file, was } = await writeBlockTraining(page, SHOP);
    assert.ok(file.startsWith(SHOP) && !/\nAllow: /.test(file), file);
    await checkEveryCrawler(page, t, was);
    await enter(page, { agents: 'Bingbot\nApplebot\nYandexBot\nAhrefsBot\nGPTBot\n', urls: '/cart\n/admin/\n/\n' });
    await frames(page);
    const grid = await page.evaluate(() =>
      [...document.querySelectorAll('td[data-verdict]')].map((td) => `${td.dataset.agent}:${td.dataset.verdict}`),
    );
    for (const name of ['Bingbot', 'Applebot', 'YandexBot', 'AhrefsBot']) {
      assert.equal(grid.filter((g) => g === `${name}:disallowed`).length, 2, `${name} stays out of /cart and /admin/`);
    }
    assert.equal(grid.filter((g) => g === 'GPTBot:disallowed').length, 3);
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  await t.test('a crawler the policy cannot reach is flagged with the reason', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 720 } });
    // GPTBot's own group allows /public/: a new group blocking it is merged with that one by Google.
    await enter(page, { robots: 'User-agent: GPTBot\nAllow: /public/\n', agents: 'GPTBot\n', urls: '/\n' });
    await writeBlockTraining(page, 'User-agent: GPTBot\nAllow: /public/\n', false);
    const gpt = (await crawlers(page)).find((c) => c.name === 'GPTBot');
    assert.equal(gpt.follows, 'false');
    assert.match(gpt.why, /^Wanted blocked, but \/public\/ is allowed for GPTBot \(line 2 decides\): Google merges the groups naming GPTBot/);
    await page.getByRole('status').filter({ hasText: /do not follow this policy/ }).waitFor();
    await page.context().close();
  });
});
