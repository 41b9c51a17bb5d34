// The windowed editor against a model: random clicks and Shift+click selections, typing (characters of one, two,
// three and four UTF-8 bytes; two UTF-16 units for the emoji), pastes, Backspace, Ctrl+Home/End and scrolling
// across a file large enough to be windowed, checking after each step that the file (as downloaded) is exactly
// what a plain text editor would hold. Each seed runs twice: as the machine runs, and with Chromium's CPU
// throttled 6x (as Lighthouse's mobile run does), where renders come many events after the edits that caused
// them. Seeded: the test command runs seeds 1 to 10; ROBOTSCOPE_SEEDS=N runs seeds 1 to N, ROBOTSCOPE_SEED=N
// seed N alone (a failure prints its seed and steps), ROBOTSCOPE_SEED=random a new one.
import test from 'node:test';
import assert from 'node:assert/strict';
import { editor, fileText, frames, missing, paste, setup, throttle } from './harness.mjs';

const skip = missing();
const chosen = process.env.ROBOTSCOPE_SEED;
const count = Number(process.env.ROBOTSCOPE_SEEDS || 10);
const SEEDS = chosen === 'random' ? [Date.now() % 1_000_000] : chosen ? [Number(chosen)] : Array.from({ length: count }, (_, i) => i + 1);
const STEPS = 40;
/** How much slower Chromium's CPU runs in the throttled runs. */
const THROTTLE = Number(process.env.ROBOTSCOPE_THROTTLE || 6);

/** mulberry32: a small seeded generator. */
function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const options = { skip: skip && !process.env.CI ? `SKIPPED: ${skip}` : false };

for (const rate of [1, THROTTLE]) for (const SEED of SEEDS) {
  const slow = rate > 1 ? `, CPU throttled ${rate}x` : '';
  test(`the windowed editor edits like a plain text editor (seed ${SEED}${slow})`, options, async (t) => {
    assert.equal(skip, null, skip);
    const random = generator(SEED);
    const pick = (xs) => xs[Math.floor(random() * xs.length)];
    const { newPage } = await setup(t);
    const page = await newPage();
    if (rate > 1) await throttle(page, rate);

    // 6,000 lines, some with non-ASCII text: far more than the text area holds at once.
    const words = ['Disallow: /p', 'Allow: /größe/', 'Disallow: /日本/', 'Allow: /x😀/', '# café', 'User-agent: bot'];
    let model = Array.from({ length: 6000 }, (_, i) => `${pick(words)}${i}`).join('\n') + '\n';
    await paste(editor(page), model);
    await page.waitForFunction(() => document.querySelector('.ln[data-line]'));
    let caret = model.length; // after the paste (UTF-16 index into the model)
    let anchor = null; // the other end of the selection, or null when it is a caret
    /** The selection, start and end. */
    const selection = () => (anchor === null ? [caret, caret] : [Math.min(anchor, caret), Math.max(anchor, caret)]);
    /** Replaces the selection with `text`, leaving the caret after it. */
    const replace = (text) => {
      const [a, b] = selection();
      model = model.slice(0, a) + text + model.slice(b);
      caret = a + text.length;
      anchor = null;
    };
    const lineStart = (n) => (n === 1 ? 0 : model.split('\n', n - 1).join('\n').length + 1);
    const lineEnd = (n) => lineStart(n) + model.split('\n')[n - 1].length;
    const lineCount = () => model.split('\n').length;

    const steps = [];
    for (let step = 0; step < STEPS; step++) {
      const kind = pick(['click', 'click', 'shift+click', 'type', 'type', 'backspace', 'home', 'end', 'scroll', 'paste']);
      if (kind === 'scroll' || kind === 'click' || kind === 'shift+click') {
        // Scroll to a random line, then (for a click) click past the end of a line in view.
        const target = 1 + Math.floor(random() * (lineCount() - 1));
        await page.locator('.scroller').evaluate((s, n) => {
          s.scrollTop = (n - 1) * 20;
        }, target);
        await page.waitForFunction((n) => document.querySelector(`.ln[data-line="${n}"]`), target);
        await frames(page);
        steps.push(`${kind} ${target}`);
        if (kind !== 'scroll') {
          // Shift+click extends a caret into a selection (from a selection, it is a plain click here).
          const shift = kind === 'shift+click' && anchor === null;
          const n = Math.min(lineCount(), target + Math.floor(random() * 10));
          const box = await page.locator(`.ln[data-line="${n}"]`).boundingBox();
          if (shift) await page.keyboard.down('Shift');
          await page.mouse.click(box.x + box.width - 4, box.y + box.height / 2);
          if (shift) await page.keyboard.up('Shift');
          anchor = shift ? caret : null;
          caret = lineEnd(n);
          if (anchor === caret) anchor = null;
          steps[steps.length - 1] += ` -> line ${n}${shift ? ' (selecting)' : ''}`;
        }
      } else if (kind === 'type') {
        const text = pick(['a', 'é', '日本', '😀', ' x ', '\nAllow: /new']);
        await page.keyboard.type(text);
        replace(text);
        steps.push(`type ${JSON.stringify(text)}`);
      } else if (kind === 'paste') {
        // Through the system clipboard, CR LF line ends and all: the editor makes them LF.
        const text = pick(['Disallow: /pasted/\r\nAllow: /pasted/ok\r\n', 'größe 😀', '\n\n']);
        await page.evaluate((text) => navigator.clipboard.writeText(text), text);
        await page.keyboard.press('ControlOrMeta+v');
        replace(text.replaceAll('\r\n', '\n'));
        steps.push(`paste ${JSON.stringify(text)}`);
      } else if (kind === 'backspace') {
        const count = 1 + Math.floor(random() * 3);
        for (let i = 0; i < count && (caret > 0 || anchor !== null); i++) {
          await page.keyboard.press('Backspace');
          if (anchor !== null) {
            // The first press deletes the selection.
            replace('');
            continue;
          }
          // One code point: two UTF-16 units for a character outside the BMP.
          const width = caret >= 2 && /[\uDC00-\uDFFF]/.test(model[caret - 1]) ? 2 : 1;
          model = model.slice(0, caret - width) + model.slice(caret);
          caret -= width;
        }
        steps.push(`backspace x${count}`);
      } else {
        await page.keyboard.press(kind === 'home' ? 'ControlOrMeta+Home' : 'ControlOrMeta+End');
        caret = kind === 'home' ? 0 : model.length;
        anchor = null;
        steps.push(kind);
      }
      const text = await fileText(page);
      if (text !== model) {
        let at = 0;
        while (at < text.length && text[at] === model[at]) at++;
        assert.fail(`seed ${SEED}${slow}, after ${steps.join('; ')}: the file differs at ${at}: ` +
          `${JSON.stringify(text.slice(Math.max(0, at - 20), at + 20))} vs ${JSON.stringify(model.slice(Math.max(0, at - 20), at + 20))}`);
      }
    }
    t.diagnostic(steps.join('; '));
    assert.deepEqual(page.errors, []);
  });
}

// The case a site owner met (issue 37): in a 6,000-line file, click the end of line 37, scroll, Shift+click the end
// of line 5,064 and type " x " on a slow machine. The editor once handled a key between the render of the text
// the first key made and its own refill, and spliced the old selection's bytes into the new text: every line after
// line 37 went, and most of the typed text with it.
test('Shift+click over thousands of lines, then typing, replaces exactly the selection (CPU throttled 6x)', options, async (t) => {
  assert.equal(skip, null, skip);
  const { newPage } = await setup(t);
  const page = await newPage();
  const lines = ['User-agent: *', ...Array.from({ length: 5999 }, (_, i) => `${i % 3 ? 'Disallow' : 'Allow'}: /section-${i}/page`)];
  const file = lines.join('\n') + '\n';
  await paste(editor(page), file);
  await page.waitForFunction(() => document.querySelector('.ln[data-line="6000"]'));
  await throttle(page, THROTTLE);
  const scrollTo = async (n) => {
    await page.locator('.scroller').evaluate((s, n) => {
      s.scrollTop = Math.max(0, (n - 10) * 20);
    }, n);
    await page.waitForFunction((n) => document.querySelector(`.ln[data-line="${n}"]`), n);
  };
  /** Clicks past the end of line `n` (as a person clicks the end of a line). */
  const clickEnd = async (n, shift = false) => {
    const box = await page.locator(`.ln[data-line="${n}"]`).boundingBox();
    if (shift) await page.keyboard.down('Shift');
    await page.mouse.click(box.x + box.width - 4, box.y + box.height / 2);
    if (shift) await page.keyboard.up('Shift');
  };
  await scrollTo(37);
  await clickEnd(37);
  await scrollTo(5064);
  await clickEnd(5064, true);
  await page.keyboard.type(' x ');
  const want = lines.slice(0, 36).join('\n') + '\n' + lines[36] + ' x ' + '\n' + lines.slice(5064).join('\n') + '\n';
  const got = await fileText(page);
  if (got !== want) {
    let at = 0;
    while (at < got.length && got[at] === want[at]) at++;
    let o = 0;
    while (o < got.length && got[o] === file[o]) o++;
    t.diagnostic(`from the original at ${o}: ${JSON.stringify(got.slice(o - 30, o + 30))}; length ${got.length} vs ${file.length}`);
    t.diagnostic(`differs at ${at} (line ${got.slice(0, at).split('\n').length}): ${JSON.stringify(got.slice(at - 30, at + 30))} vs ${JSON.stringify(want.slice(at - 30, at + 30))}`);
  }
  assert.equal(got.split('\n').length, want.split('\n').length, 'the number of lines');
  assert.equal(got, want);
  assert.deepEqual(page.errors, []);
});

// A person holding a key down: the browser repeats keydown and input with no keyup between them, as fast as the
// key repeats, on a slow machine (CPU throttled 6x) where renders fall many events behind. Held characters, a held
// Enter that walks the caret down past the text area's window, then a held Backspace: every repeat is applied, in
// order, and nothing else changes.
test('a held key: repeated keydown and input with no keyup apply every repeat (CPU throttled 6x)', options, async (t) => {
  assert.equal(skip, null, skip);
  const { newPage } = await setup(t);
  const page = await newPage();
  const lines = ['User-agent: *', ...Array.from({ length: 5999 }, (_, i) => `Disallow: /held-${i}/`)];
  const file = lines.join('\n') + '\n';
  await paste(editor(page), file);
  await page.waitForFunction(() => document.querySelector('.ln[data-line="6000"]'));
  await page.locator('.scroller').evaluate((s) => {
    s.scrollTop = 90 * 20;
  });
  await page.waitForFunction(() => document.querySelector('.ln[data-line="100"]'));
  await frames(page);
  const box = await page.locator('.ln[data-line="100"]').boundingBox();
  await page.mouse.click(box.x + box.width - 4, box.y + box.height / 2);
  await throttle(page, THROTTLE);
  /** Holds `key` down for `repeats` key repeats (Playwright marks every keydown after the first `repeat`). */
  const hold = async (key, repeats) => {
    await page.evaluate(() => {
      window.heldRepeats = 0;
      window.heldUps = 0;
      const area = document.querySelector('textarea.source');
      area.addEventListener('keydown', (e) => { if (e.repeat) window.heldRepeats++; });
      area.addEventListener('keyup', () => window.heldUps++);
    });
    for (let i = 0; i < repeats; i++) await page.keyboard.down(key);
    const during = await page.evaluate(() => [window.heldRepeats, window.heldUps]);
    await page.keyboard.up(key);
    return during;
  };
  assert.deepEqual(await hold('x', 80), [79, 0], 'repeated keydowns with no keyup');
  await hold('Enter', 40);
  await hold('Backspace', 30);
  const expected = lines.slice(0, 99).join('\n') + '\n' + lines[99] + 'x'.repeat(80) + '\n'.repeat(10) + '\n' + lines.slice(100).join('\n') + '\n';
  const got = await fileText(page);
  if (got !== expected) {
    let at = 0;
    while (at < got.length && got[at] === expected[at]) at++;
    assert.fail(`differs at ${at} (line ${got.slice(0, at).split('\n').length}): ${JSON.stringify(got.slice(at - 30, at + 30))} vs ${JSON.stringify(expected.slice(at - 30, at + 30))}`);
  }
  assert.deepEqual(page.errors, []);
});
