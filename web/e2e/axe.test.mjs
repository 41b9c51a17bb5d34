// axe-core (the accessibility engine behind Lighthouse and many audits) on the tester: no serious or critical
// violation, in light and dark themes, on a laptop and a phone, with a verdict selected, the presets open and a
// notice shown. Every finding is printed as a diagnostic.
import test from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { AGENTS, ROBOTS, URLS } from './fixtures.mjs';
import { cell, enter, missing, setup } from './harness.mjs';

const skip = missing();
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's violations on the page as it is now. */
async function violations(page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    // Two rules the audit found, off by default: accessible names that start with the visible text
    // (WCAG 2.5.3, experimental in axe) and targets of at least 24 px (WCAG 2.2).
    const result = await window.axe.run(document, {
      resultTypes: ['violations'],
      rules: { 'label-content-name-mismatch': { enabled: true }, 'target-size': { enabled: true } },
    });
    if (result.passes.length < 10) throw new Error(`axe checked too little (${result.passes.length} rules passed)`);
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
  });
}

test('axe-core finds no serious violation', { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false }, async (t) => {
  assert.equal(skip, null, skip);
  const { newPage } = await setup(t);
  for (const [name, options] of [
    ['1280x720 light', { viewport: { width: 1280, height: 720 }, colorScheme: 'light' }],
    ['1280x720 dark', { viewport: { width: 1280, height: 720 }, colorScheme: 'dark' }],
    ['390x844 dark', { viewport: { width: 390, height: 844 }, colorScheme: 'dark', isMobile: true, hasTouch: true }],
    ['390x844 light', { viewport: { width: 390, height: 844 }, colorScheme: 'light', isMobile: true, hasTouch: true }],
  ]) {
    await t.test(name, async () => {
      const page = await newPage(options);
      // The first visit (example, how-to), then the fixture with a verdict selected and the presets open.
      const first = await violations(page);
      await enter(page, { robots: ROBOTS + 'Disallow /nocolon\n', agents: AGENTS + 'Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/120.0 Safari/537.36\n', urls: URLS + 'https://other.example.org/x\n' });
      await page.getByText('Presets', { exact: true }).click();
      await cell(page, 1, 2).click();
      await page.getByRole('button', { name: 'Set as baseline' }).click();
      await page.waitForFunction(() => document.querySelectorAll('.diag').length > 0);
      const filled = await violations(page);
      // The readers compared (the file's `Disallow /nocolon` only Google reads): the "differs" marks, the
      // count above the grid, the lines passed over in the gutter and each reader's explanation.
      const readAs = page.getByRole('combobox', { name: 'Read the file as' });
      await readAs.selectOption('compare');
      await page.locator('.readers-summary').waitFor();
      await cell(page, 1, 2).click();
      await page.locator('.readers-list').waitFor();
      const compared = await violations(page);
      await readAs.selectOption('google');
      // The AI crawlers view, on the AI-era example: the summary, its line buttons and the usage preferences.
      await page.getByRole('combobox', { name: 'Start from an example' }).selectOption({ label: "AI era: Cloudflare's block, a copied blocklist, usage lines" });
      await page.getByRole('group', { name: 'AI crawlers' }).getByRole('button', { name: /^Training/ }).click();
      await page.locator('.ai-summary').waitFor();
      await cell(page, 0, 5).click();
      const ai = await violations(page);
      for (const v of [...first, ...filled, ...compared, ...ai]) t.diagnostic(`${v.impact} ${v.id}: ${v.help} (${v.nodes.join(', ')})`);
      const serious = [...first, ...filled, ...compared, ...ai].filter((v) => v.impact === 'serious' || v.impact === 'critical');
      assert.deepEqual(serious, []);
      assert.deepEqual(page.errors, []);
      await page.context().close();
    });
  }
});
