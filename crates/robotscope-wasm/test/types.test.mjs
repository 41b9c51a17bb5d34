// The package's TypeScript types, checked by the real compiler against the installed package: ES modules
// under `node16` and `bundler` resolution, and CommonJS under `node16`.
import { test } from 'node:test';
import assert from 'node:assert';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const modules = process.env.ROBOTSCOPE_DEV_MODULES || join(here, '..', 'node_modules');
const tsc = join(modules, 'typescript', 'bin', 'tsc');

function compile(file, ...options) {
  try {
    execFileSync(process.execPath, [tsc, '--noEmit', '--strict', '--skipLibCheck', 'false', ...options, join(here, 'types', file)], {
      cwd: join(here, '..'),
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return '';
  } catch (e) {
    return `${e.stdout}${e.stderr}`;
  }
}

// The last entry of each setup is the `lib` option; `es2022` alone is a project without the DOM library (and
// without @types/node: the test project has none), which the types must compile in too.
const setups = [
  ['ES module, node16 resolution', 'usage.mts', '--module', 'node16', '--moduleResolution', 'node16', 'es2022,dom'],
  ['ES module, bundler resolution', 'usage.mts', '--module', 'esnext', '--moduleResolution', 'bundler', 'es2022,dom'],
  ['CommonJS, node16 resolution', 'usage.cts', '--module', 'node16', '--moduleResolution', 'node16', 'es2022,dom'],
  ['ES module, node16 resolution, no DOM library', 'usage.mts', '--module', 'node16', '--moduleResolution', 'node16', 'es2022'],
  ['CommonJS, node16 resolution, no DOM library', 'usage.cts', '--module', 'node16', '--moduleResolution', 'node16', 'es2022'],
  ['the element, bundler resolution', 'element.mts', '--module', 'esnext', '--moduleResolution', 'bundler', 'es2022,dom'],
  ['`using` with the esnext.disposable library', 'dispose.mts', '--module', 'node16', '--moduleResolution', 'node16', 'es2022,esnext.disposable,dom'],
];

for (const [name, file, ...rest] of setups) {
  const lib = rest.pop();
  const options = rest;
  test(`TypeScript types: ${name}`, { skip: !existsSync(tsc) && process.env.CI !== 'true' && 'typescript is not installed' }, () => {
    assert.ok(existsSync(tsc), `the TypeScript compiler is missing at ${tsc}`);
    assert.strictEqual(compile(file, ...options, '--target', 'es2022', '--lib', lib), '');
  });
}

// Guards the guard: a file with a real type error must fail to compile, or the checks above prove nothing.
test('TypeScript types: a wrong use is reported', { skip: !existsSync(tsc) && process.env.CI !== 'true' && 'typescript is not installed' }, () => {
  const require = createRequire(import.meta.url);
  assert.ok(require.resolve('robotscope'));
  const out = compile('wrong.mts', '--module', 'node16', '--moduleResolution', 'node16', '--target', 'es2022');
  assert.match(out, /error TS2322/);
});
