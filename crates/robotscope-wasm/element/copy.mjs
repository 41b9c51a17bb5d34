#!/usr/bin/env node
// robotscope-element copy <folder>: copies the files <robots-txt-tester> loads into a static folder, keeping
// their layout (element.js finds element/ui.js, and the engine finds web/robotscope_bg.wasm, next to itself).
// Then <script type="module" src="/that/folder/element.js"></script> is the whole install.
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Every file the element loads: the definition, its UI, the web build's entry, façade, data and engine. */
export const FILES = [
  'element.js',
  'element/ui.js',
  'element/style.js',
  'index.web.js',
  'api.mjs',
  'checks.mjs',
  'buffer.mjs',
  'cache.mjs',
  'robots.mjs',
  'survey.mjs',
  'robots-parser-api.mjs',
  'fetch.mjs',
  'data.mjs',
  'web/robotscope.js',
  'web/robotscope_bg.wasm',
  // Loaded only by a widget whose `profile` asks for a reading other than Google's.
  'web/robotscope_profiles.js',
  'web/robotscope_profiles_bg.wasm',
];

const pkg = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const [command, folder, ...rest] = process.argv.slice(2);
if (command !== 'copy' || !folder || rest.length) {
  console.error('usage: robotscope-element copy <folder>\n  copies the files <robots-txt-tester> needs into <folder>');
  process.exit(2);
}
const to = resolve(folder);
try {
  for (const file of FILES) {
    mkdirSync(dirname(join(to, file)), { recursive: true });
    copyFileSync(join(pkg, file), join(to, file));
  }
} catch (e) {
  console.error(`robotscope-element: ${e.message}`);
  process.exit(1);
}
console.log(`copied ${FILES.length} files to ${to}; load ${join(folder, 'element.js')} with <script type="module">`);
