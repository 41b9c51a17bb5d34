// What the packed tarball holds: everything package.json names (entry points, `exports`, `files`) and every file
// the packed code loads by a relative path, and nothing stray (tests, dev modules, Rust sources, hidden files).
// test/run.mjs packs pkg/ and passes the tarball's file list in ROBOTSCOPE_PACKED_FILES; the package installed from
// that tarball (node_modules/robotscope) must hold exactly the same files.
import test from 'node:test';
import assert from 'node:assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative, sep } from 'node:path';

const packedList = process.env.ROBOTSCOPE_PACKED_FILES;
// run.mjs runs the suites in the project that installed the tarball.
const installed = join(process.cwd(), 'node_modules', 'robotscope');
const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(dir, e.name)) : [relative(installed, join(dir, e.name)).split(sep).join('/')]
  );
}

/** The tarball's file list, as `npm pack --json` reported it. */
function packed() {
  assert.ok(packedList, 'ROBOTSCOPE_PACKED_FILES is not set: run the suites through `node test/run.mjs`');
  return JSON.parse(packedList).sort();
}

/** `./a/b.js` to `a/b.js`. */
const bare = (p) => posix.normalize(p).replace(/^\.\//, '');

/** Every path string in an `exports` value (conditions nest; the leaves are paths or null). */
function exportTargets(value) {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(exportTargets);
}

/** Whether `pattern` (a path that may hold one `*`, as `exports` patterns do) names at least one file. */
function names(files, pattern) {
  const p = bare(pattern);
  if (!p.includes('*')) return files.includes(p);
  const [head, tail] = p.split('*');
  return files.some((f) => f.startsWith(head) && f.endsWith(tail) && f.length >= head.length + tail.length);
}

test('the installed package holds exactly the files of the tarball', () => {
  assert.deepStrictEqual(walk(installed).sort(), packed());
});

test('every entry point and export target is in the tarball', () => {
  const files = packed();
  const targets = [manifest.main, manifest.module, manifest.types, manifest.typings]
    .concat(typeof manifest.browser === 'string' ? [manifest.browser] : Object.values(manifest.browser || {}))
    .filter((t) => typeof t === 'string')
    .concat(exportTargets(manifest.exports));
  assert.ok(targets.length >= 4, `package.json names too few entry points: ${targets}`);
  const missing = targets.filter((t) => !names(files, t));
  assert.deepStrictEqual(missing, [], 'named in package.json but not packed');
  // Every export key is a subpath users can import: `.` or `./name`.
  for (const key of Object.keys(manifest.exports || {})) assert.match(key, /^\.(\/|$)/, key);
});

test('every `files` entry is packed, and every packed file is listed in `files`', () => {
  const files = packed();
  assert.ok(Array.isArray(manifest.files) && manifest.files.length > 0, 'package.json has a `files` list');
  const entries = manifest.files.map(bare);
  const covers = (entry, f) =>
    entry.endsWith('/') ? f.startsWith(entry) : f === entry || f.startsWith(`${entry}/`) || names([f], entry);
  assert.deepStrictEqual(entries.filter((e) => !files.some((f) => covers(e, f))), [], '`files` entries that packed nothing');
  // npm adds package.json, the README and the licence whatever `files` says.
  const always = (f) => f === 'package.json' || /^(README|LICEN[CS]E)([.-][^/]*)?$/i.test(f);
  assert.deepStrictEqual(files.filter((f) => !always(f) && !entries.some((e) => covers(e, f))), [], 'packed but not listed');
});

test('nothing stray is packed', () => {
  const stray = [
    /(^|\/)(node_modules|test|tests|__tests__|bench|benches|e2e|coverage|target|src)\//,
    /\.test\.[cm]?[jt]s$/,
    /(^|\/)\./, // hidden files: .npmrc, .gitignore, .DS_Store
    /\.(tgz|rs|toml|lock|log)$/,
    /(^|\/)package-lock\.json$/,
  ];
  // The one .toml is the MkDocs fence's Python package, which MkDocs users `pip install` from the package.
  const python = 'docs-plugins/robotscope-mkdocs/pyproject.toml';
  assert.deepStrictEqual(packed().filter((f) => f !== python && stray.some((r) => r.test(f))), []);
  assert.ok(packed().includes('README.md') && packed().includes('LICENSE'), 'README.md and LICENSE are packed');
});

test('every file the packed code loads by a relative path is packed', () => {
  const files = packed();
  const code = files.filter((f) => /\.(c|m)?js$|\.d\.(c|m)?ts$/.test(f));
  assert.ok(code.length > 0);
  const missing = [];
  for (const file of code) {
    const text = readFileSync(join(installed, file), 'utf8');
    const specifiers = [
      ...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"](\.\.?\/[^'"]+)['"]/gm),
    ].map((m) => m[1]);
    // `new URL('x.wasm', import.meta.url)`: relative to the file, with or without `./`.
    const urls = [...text.matchAll(/new URL\(\s*['"]([^'":]+)['"]\s*,\s*import\.meta\.url\s*\)/g)].map((m) => m[1]);
    for (const spec of [...specifiers, ...urls]) {
      let target = posix.normalize(posix.join(posix.dirname(file), spec));
      // A declaration file's `./index.js` means `./index.d.ts` (and `.cjs`/`.mjs` their `.d.cts`/`.d.mts`).
      if (/\.d\.(c|m)?ts$/.test(file)) target = target.replace(/\.(c|m)?js$/, (_, k) => `.d.${k || ''}ts`);
      const found = files.includes(target) || ['.js', '.cjs', '.mjs', '/index.js'].some((x) => files.includes(target + x));
      if (!found) missing.push(`${file} loads ${spec}`);
    }
  }
  assert.deepStrictEqual(missing, []);
});
