// The package's size budgets, measured on the installed package (zlib level 9, as `gzip -9` and the widget budget
// measure): the `.wasm` browsers load first, <robots-txt-tester>'s definition script and the UI it loads.
import test from 'node:test';
import assert from 'node:assert';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';

const pkgDir = process.env.ROBOTSCOPE_PKG || dirname(createRequire(import.meta.url).resolve('robotscope/package.json'));
const gz = (...files) => files.reduce((n, f) => n + gzipSync(readFileSync(join(pkgDir, f)), { level: 9 }).length, 0);

test('the .wasm browsers load first is within 70 KB gzipped', () => {
  const size = gz('web/robotscope_bg.wasm');
  assert.ok(size <= 70000, `web/robotscope_bg.wasm is ${size} B gzipped; the budget is 70,000 B`);
});

test("<robots-txt-tester>'s definition script is within 4 KB gzipped, its UI within 12 KB", () => {
  const definition = gz('element.js');
  assert.ok(definition <= 4000, `element.js is ${definition} B gzipped; the budget is 4,000 B`);
  const ui = gz('element/ui.js', 'element/style.js');
  assert.ok(ui <= 12000, `element/ui.js and element/style.js are ${ui} B gzipped; the budget is 12,000 B`);
});
