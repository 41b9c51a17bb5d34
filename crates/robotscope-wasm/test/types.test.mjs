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

const setups = [
  ['ES module, node16 resolution', 'usage.mts', '--module', 'node16', '--moduleResolution', 'node16'],
  ['ES module, bundler resolution', 'usage.mts', '--module', 'esnext', '--moduleResolution', 'bundler'],
  ['CommonJS, node16 resolution', 'usage.cts', '--module', 'node16', '--moduleResolution', 'node16'],
];

for (const [name, file, ...options] of setups) {
  test(`TypeScript types: ${name}`, { skip: !existsSync(tsc) && process.env.CI !== 'true' && 'typescript is not installed' }, () => {
    assert.ok(existsSync(tsc), `the TypeScript compiler is missing at ${tsc}`);
    assert.strictEqual(compile(file, ...options, '--target', 'es2022', '--lib', 'es2022,dom'), '');
  });
}

// Guards the guard: a file with a real type error must fail to compile, or the checks above prove nothing.
test('TypeScript types: a wrong use is reported', { skip: !existsSync(tsc) && process.env.CI !== 'true' && 'typescript is not installed' }, () => {
  const require = createRequire(import.meta.url);
  assert.ok(require.resolve('robotscope'));
  const out = compile('wrong.mts', '--module', 'node16', '--moduleResolution', 'node16', '--target', 'es2022');
  assert.match(out, /error TS2322/);
});
