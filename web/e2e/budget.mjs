// The tester's budgets, measured and printed (no pass/fail exit code unless --strict):
//
// 1. Transfer: the gzipped (level 9) sizes of the wasm, JS and CSS in web/dist, and their total against 250 KB
//    (250,000 bytes).
// 2. Edit to screen: with a 500 KiB file, 100 URLs and 5 agents entered, a real keystroke in the editor (sent by
//    Playwright through Chromium's input pipeline) changes a rule so that verdicts flip. Measured in the page:
//      start  = the keystroke's `input` event timestamp (event.timeStamp: when the browser created the event,
//               after it changed the text area's text);
//      grid   = when a MutationObserver on the verdict grid first sees the new data-verdict values (the app
//               has parsed the file, checked the 500 cells and rendered);
//      paint  = the next paint after the input event was handled, from the browser's Event Timing API (the
//               `input` entry's startTime + duration; what web-vitals' Interaction to Next Paint measures;
//               Chromium rounds durations to 8 ms). The grid is updated within the event's task (the app
//               renders in microtasks), so this paint shows the new verdicts.
//      frame  = the first animation frame after the grid update, plus a zero-delay message: an upper bound of
//               the paint, which also counts any task that runs between the frame and the message (such as
//               the deferred lint).
//    The 32 ms budget is start to paint (median over 20 keystrokes after a warm-up one; Event Timing reports in
//    8 ms steps, and two frames at 60 Hz are 33 ms, so 32 means the verdicts are on screen by the second frame).
//    It was 50 ms until issue 28 asked for the 32 ms the tester once had. For comparison, the
//    same keystroke is timed in a bare page holding only a text area with the whole file and the same style:
//    Chromium's own cost of editing 500 KiB in one text area, which is why the editor's text area holds only a
//    window of lines around the view.
//    The same keystrokes are timed on two more files (issue 37): docs.oracle.com's robots.txt from the shared
//    corpus (../shared/conformance, or $ROBOTSCOPE_CONFORMANCE), cut to 500 KiB, whose rules are one `*` group,
//    and a generated file of 2,000 groups; each is printed beside the budget file (a figure, not a budget).
//
// Run after `cargo xtask web`: `node budget.mjs` in web/e2e (or `cargo xtask web-budget`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { DIST, bigFile, editor, enter, launch, missing, readGrid, serve } from './harness.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const TRANSFER_BUDGET = 250_000;
const EDIT_BUDGET_MS = 32;
const RUNS = 21;
const strict = process.argv.includes('--strict');

const problem = missing();
if (problem) {
  console.error(`budget: ${problem}`);
  process.exit(2);
}

// 1. Transfer.
const kinds = { '.wasm': 'wasm', '.js': 'JS', '.css': 'CSS' };
let total = 0;
console.log(`Transfer (gzip -9) of ${DIST}:`);
for (const name of readdirSync(DIST).sort()) {
  const kind = kinds[extname(name)];
  if (!kind) continue;
  const raw = readFileSync(join(DIST, name));
  const gz = gzipSync(raw, { level: 9 }).length;
  total += gz;
  console.log(`  ${kind.padEnd(4)} ${name.padEnd(34)} ${String(raw.length).padStart(8)} B raw  ${String(gz).padStart(7)} B gzipped`);
}
const transferOk = total <= TRANSFER_BUDGET;
console.log(`  total ${(total / 1000).toFixed(1)} KB gzipped (budget ${TRANSFER_BUDGET / 1000} KB): ${transferOk ? 'within budget' : 'OVER BUDGET'}`);

// 2. Edit to screen, on three files with 100 URLs x 5 agents each: the synthetic budget file, docs.oracle.com's
//    file cut to 500 KiB (one `*` group of about 19,000 rules: a real file whose size is in one group), and a
//    generated file of 2,000 groups (a file whose size is in its groups).
const agents = 'Googlebot\nGPTBot\nMozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)\nfiller-aab\nExampleBot\n';
const head = 'User-agent: *\nDisallow: /shop\nAllow: /shop/public/\n\nUser-agent: Googlebot\nDisallow: /shop\nDisallow: /p1/*.pdf$\n\n';
// Half the URLs are under /shop/..., half under /shopping/...: adding `/` to `Disallow: /shop` (line 2 and 6
// both apply to someone) flips the /shopping/ ones; Backspace flips them back.
const shopUrls = Array.from({ length: 100 }, (_, i) => `https://example.com/${i % 2 ? 'shopping' : 'shop'}/item-${i}.pdf`).join('\n');
const workloads = [
  { name: 'synthetic budget file', file: bigFile(500 * 1024 - 16, head), urls: shopUrls, caretAfter: '/shop', keys: ['/', 'Backspace'], budget: true },
];
const oracle = join(process.env.ROBOTSCOPE_CONFORMANCE || join(here, '..', '..', '..', 'shared', 'conformance'), 'corpus', 'docs.oracle.com');
if (existsSync(oracle)) {
  // Cut at the last line end within Google's 500 KiB, as the tester reads it.
  const bytes = readFileSync(oracle).subarray(0, 500 * 1024);
  const file = bytes.subarray(0, bytes.lastIndexOf(10) + 1).toString('utf8');
  // Half the URLs are under /pdfs/ (Backspace on `Disallow: /pdf/` makes it `/pdf`, which blocks them), half are
  // pages under paths of 50 rules spread over the file.
  const paths = [...file.matchAll(/^(?:Dis)?allow:\s*(\/\S*)/gim)].map((m) => m[1].replace(/[*$].*/, ''));
  const urls = Array.from({ length: 100 }, (_, i) =>
    i % 2 ? `https://docs.oracle.com/pdfs/doc-${i}.pdf` : `https://docs.oracle.com${paths[Math.floor((i / 100) * paths.length)]}index.html`,
  ).join('\n');
  workloads.push({ name: 'docs.oracle.com cut to 500 KiB', file, urls, caretAfter: 'Disallow: /pdf/', keys: ['Backspace', '/'] });
} else {
  console.log(`\nbudget: no ${oracle} (set ROBOTSCOPE_CONFORMANCE): the real file is not measured`);
}
{
  // 2,000 groups of one named crawler each, then the `*` group; the agents include a named one.
  const groups = Array.from({ length: 2000 }, (_, i) => {
    const name = [i / 676, i / 26, i].map((d) => String.fromCharCode(97 + (Math.floor(d) % 26))).join('');
    return `User-agent: filler-${name}\nDisallow: /p${i}/*.pdf$\nAllow: /p${i}/public/\nDisallow: /shop\n\n`;
  });
  workloads.push({ name: '2,000 groups', file: head + groups.join(''), urls: shopUrls, caretAfter: '/shop', keys: ['/', 'Backspace'] });
}

const server = await serve();
const browser = await launch();
let editOk = true;
const medians = {};
try {
  for (const w of workloads) {
    const result = await measure(browser, w);
    medians[w.name] = result;
    if (w.budget) editOk = result.paint <= EDIT_BUDGET_MS;
  }
  const base = medians[workloads[0].name];
  console.log('\nKeystroke to grid and to paint (medians) against the synthetic budget file:');
  for (const w of workloads) {
    const m = medians[w.name];
    console.log(`  ${w.name.padEnd(32)} grid ${m.grid.toFixed(1).padStart(6)} ms (${(m.grid / base.grid).toFixed(2)}x)   paint ${m.paint.toFixed(1).padStart(6)} ms (${(m.paint / base.paint).toFixed(2)}x)`);
  }
  console.log(`  budget ${EDIT_BUDGET_MS} ms (input event to next paint, median, synthetic file): ${editOk ? 'within budget' : 'OVER BUDGET'}`);
  if (strict && !(editOk && transferOk)) process.exitCode = 1;
} finally {
  await browser.close();
  await server.close();
}

/** Enters workload `w`, times RUNS keystrokes (alternating `w.keys`) after `w.caretAfter`, and prints them. */
async function measure(browser, w) {
  const { file, urls } = w;
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(server.url);
  await editor(page).waitFor({ timeout: 60000 });
  await enter(page, { robots: file, agents, urls });
  await page.waitForFunction(() => document.querySelectorAll('[data-verdict]').length === 500, null, { timeout: 60000 });
  const before = (await readGrid(page)).rows.flat().filter((v) => v.startsWith('allowed')).length;

  await page.evaluate(() => {
    const area = document.querySelector('textarea[aria-label^="robots.txt"]');
    const table = [...document.querySelectorAll('table')].find((t) => t.querySelector('[data-verdict]'));
    window.__runs = [];
    let run = null;
    // Capture phase on window: runs before the app's own listener.
    window.addEventListener('input', (e) => {
      if (e.target !== area) return;
      run = { start: e.timeStamp, handler: performance.now(), grid: null, screen: null };
      window.__runs.push(run);
    }, true);
    new MutationObserver(() => {
      if (!run || run.grid !== null) return;
      const r = run;
      r.grid = performance.now();
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          r.screen = performance.now();
        };
        channel.port2.postMessage(0);
      });
    }).observe(table, { subtree: true, attributes: true, attributeFilter: ['data-verdict'] });
  });
  await page.evaluate(observePaints);

  // Put the caret after `w.caretAfter` (the paste left it at the end of the file: Ctrl+Home first).
  await editor(page).press('ControlOrMeta+Home');
  await editor(page).evaluate((area, after) => {
    area.focus();
    const at = area.value.indexOf(after) + after.length;
    area.setSelectionRange(at, at);
  }, w.caretAfter);
  for (let i = 0; i < RUNS; i++) {
    await page.keyboard.press(w.keys[i % 2]);
    await page.waitForFunction((n) => window.__runs.length === n && window.__runs[n - 1].screen !== null, i + 1, { timeout: 60000 });
    // Let the deferred lint and the debounced save finish before the next keystroke.
    await page.waitForTimeout(700);
  }
  const runs = await page.evaluate(() => window.__runs.map((r) => ({ ...r, paint: paintAfter(r.start) })));
  const after = (await readGrid(page)).rows.flat().filter((v) => v.startsWith('allowed')).length;
  if (runs.some((r) => r.grid === null) || before === after) {
    console.log(`budget: the keystrokes did not flip the verdicts (${before} then ${after} allowed cells)`);
  }
  // The first keystroke warms up the JIT and caches; it is reported but not counted.
  const counted = runs.slice(1);
  const missing = counted.filter((r) => r.paint === null).length;
  if (missing) console.log(`budget: ${missing} keystrokes have no Event Timing entry (their paint came within 16 ms)`);
  const paint = counted.map((r) => (r.paint === null ? 16 : r.paint));
  const grid = counted.map((r) => r.grid - r.start);
  const groups = (file.match(/^user-agent:/gim) || []).length;
  const rules = (file.match(/^(dis)?allow:/gim) || []).length;
  console.log(`\nEdit to screen, ${w.name}: ${(Buffer.byteLength(file) / 1024).toFixed(0)} KiB, ${file.split('\n').length} lines, ` +
    `${groups} user-agent lines, ${rules} rules; 100 URLs x 5 agents = 500 verdicts; ${counted.length} keystrokes in Chromium ` +
    `${browser.version()} (headless):`);
  console.log(`  input event -> handler starts : ${stat(counted.map((r) => r.handler - r.start))}`);
  console.log(`  input event -> grid updated   : ${stat(grid)}`);
  console.log(`  input event -> next paint     : ${stat(paint)} (Event Timing, 8 ms steps)`);
  console.log(`  input event -> frame + message: ${stat(counted.map((r) => r.screen - r.start))} (upper bound)`);
  const held = await editor(page).inputValue();
  console.log(`  text area holds               : ${held.split('\n').length} lines, ${held.length} characters of the file`);
  if (w.budget) {
    const bare = await bareTextArea(browser, file);
    console.log(`  whole file in a bare text area: ${stat(bare)} (input event to next paint, no app: what windowing avoids)`);
  }
  console.log(`  first keystroke (cold)        : ${runs[0].paint ?? '<16'} ms to the next paint`);
  console.log(`  verdicts flipped by '${w.keys[0]}'${' '.repeat(Math.max(0, 9 - w.keys[0].length))}: ${Math.abs(after - before)} of 500 cells`);
  await page.close();
  return { grid: median(grid), paint: median(paint) };
}

function stat(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.floor(q * s.length))];
  return `median ${at(0.5).toFixed(1)} ms, p90 ${at(0.9).toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms`;
}

function median(xs) {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
}

/** The same keystrokes in a page holding only a text area styled like the editor, with the same file. */
async function bareTextArea(browser, text) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.setContent('<textarea wrap="off" spellcheck="false" style="position:absolute;left:80px;top:80px;width:640px;' +
    'height:560px;white-space:pre;font:13px/20px monospace;padding:0 8px"></textarea>');
  const times = await page.evaluate(async ([text, runs]) => {
    const area = document.querySelector('textarea');
    area.value = text;
    area.focus();
    const at = text.indexOf('/shop\n') + '/shop'.length;
    area.setSelectionRange(at, at);
    window.__t = [];
    area.addEventListener('input', (e) => window.__t.push(e.timeStamp));
    return runs;
  }, [text, RUNS]);
  await page.evaluate(observePaints);
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(i % 2 ? 'Backspace' : '/');
    await page.waitForFunction((n) => window.__t.length === n, i + 1);
    await page.waitForTimeout(300);
  }
  await page.evaluate(() => new Promise((ok) => setTimeout(ok, 100)));
  const all = await page.evaluate(() => window.__t.map((start) => paintAfter(start) ?? 16));
  await page.close();
  return all.slice(1);
}

/**
 * In the page: records the Event Timing entries of `input` events (16 ms is the smallest threshold the API
 * allows), and defines `paintAfter(start)`: the time from the input event at `start` to the next paint, or null.
 */
function observePaints() {
  window.__paints = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'input') window.__paints.push(e);
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
  window.paintAfter = (start) => {
    const entry = window.__paints.find((e) => Math.abs(e.startTime - start) < 0.5);
    return entry ? entry.duration : null;
  };
}
