// The policy builder: "block AI training, allow everything else" written into an empty file and into a file that
// starts with Cloudflare's managed block, then every catalogue crawler's verdict read from the builder's list and
// checked against the grid's answer for the same crawler (a separate path through the core: typed presets), the
// control tokens Google-Extended and Applebot-Extended included. `@ai-training` typed in the Agents box gives the
// grid one column per crawler of the set, as the preset field would.
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

/** Opens the builder, chooses "block AI training, allow everything else" and writes it; resolves to the file. */
async function writeBlockTraining(page, before, all = true) {
  const toggle = page.getByRole('button', { name: 'Build a policy' });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await page.getByRole('button', { name: 'Block AI training, allow everything else' }).click();
  assert.equal(await page.getByRole('combobox', { name: 'AI training', exact: true }).inputValue(), 'block');
  assert.equal(await page.getByRole('combobox', { name: 'Search', exact: true }).inputValue(), 'allow');
  await page.getByRole('button', { name: 'Write the rules' }).click();
  await page.waitForFunction((before) => document.querySelector('textarea.source').value !== before, before);
  await page.getByRole('status').filter({ hasText: /^Wrote the policy's rules from line \d+/ }).waitFor();
  if (all) await page.waitForFunction(() => [...document.querySelectorAll('li.pc')].every((li) => li.dataset.follows === 'true'));
  return fileText(page);
}

/** Checks every catalogue crawler: training kinds disallowed at /, every other allowed, each following the
 * policy; and the grid gives each the same verdict and line. */
async function checkEveryCrawler(page, t) {
  const list = await crawlers(page);
  const off = list.filter((c) => c.follows !== 'true');
  assert.deepEqual(off, [], 'every crawler follows the policy');
  for (const c of list) {
    assert.equal(c.verdict, c.kind === 'ai-training' ? 'disallowed' : 'allowed', `${c.name} (${c.kind})`);
  }
  for (const name of ['Google-Extended', 'Applebot-Extended', 'GPTBot', 'ClaudeBot', 'CCBot']) {
    const c = list.find((c) => c.name === name);
    assert.ok(c && c.kind === 'ai-training' && c.verdict === 'disallowed' && c.line > 0, `${name}: ${JSON.stringify(c)}`);
  }
  for (const name of ['Googlebot', 'Bingbot', 'OAI-SearchBot', 'AdsBot-Google']) {
    const c = list.find((c) => c.name === name);
    assert.ok(c && c.kind !== 'ai-training' && c.verdict === 'allowed', `${name}: ${JSON.stringify(c)}`);
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

test('the policy builder', { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false }, async (t) => {
  assert.equal(skip, null, skip);
  const { newPage } = await setup(t);

  await t.test('an empty file: "block AI training, allow everything else" writes one group; every crawler follows', async () => {
    const page = await newPage({ viewport: { width: 1280, height: 720 } });
    await enter(page, { robots: '', agents: 'Googlebot\n', urls: '/\n' });
    const file = await writeBlockTraining(page, '');
    // One group: the training crawlers and the control tokens, one `Disallow: /`; nothing else is needed.
    const lines = file.trimEnd().split('\n');
    assert.ok(lines.slice(0, -1).every((l) => l.startsWith('User-agent: ')), file);
    assert.equal(lines.at(-1), 'Disallow: /');
    assert.ok(lines.includes('User-agent: Google-Extended') && lines.includes('User-agent: Applebot-Extended'), file);
    // The editor shows the written lines; Undo takes them out in one step.
    assert.equal(await editor(page).inputValue(), file);
    await checkEveryCrawler(page, t);
    await editor(page).focus();
    await page.keyboard.press('Control+z');
    await page.waitForFunction(() => document.querySelector('textarea.source').value === '');
    assert.deepEqual(page.errors, []);
    await page.context().close();
  });

  await t.test("a file starting with Cloudflare's managed block: the block is untouched, the lines follow it", async () => {
    const page = await newPage({ viewport: { width: 1366, height: 768 } });
    await enter(page, { robots: CLOUDFLARE, agents: 'Googlebot\n', urls: '/\n' });
    const file = await writeBlockTraining(page, CLOUDFLARE);
    assert.ok(file.startsWith(CLOUDFLARE), 'the file before the edit is kept whole, the managed block first');
    const added = file.slice(CLOUDFLARE.length);
    assert.match(added, /^\nUser-agent: /);
    // The managed block blocks GPTBot already; the `*` group's /admin/ rule is why the others are named.
    assert.doesNotMatch(added, /User-agent: GPTBot\n/);
    assert.match(added, /User-agent: Googlebot\n/);
    assert.match(added, /\nAllow: \/\n/);
    await checkEveryCrawler(page, t);
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
