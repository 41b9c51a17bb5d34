// Runs the npm package's tests against the package as users get it: `npm pack` of pkg/, installed into an
// empty project in a temporary folder, then `node --test` there over the suites in this folder.
//
// Usage: node test/run.mjs [suite files...]   (build the package first: `cargo xtask npm`)
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const crate = resolve(here, '..');
const pkg = join(crate, 'pkg');
if (!existsSync(join(pkg, 'package.json'))) {
  console.error('test/run.mjs: pkg/ is missing; build the package first with `cargo xtask npm`');
  process.exit(2);
}

const work = mkdtempSync(join(tmpdir(), 'robotscope-npm-'));
const npm = (args, cwd) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
let status = 1;
try {
  const packed = JSON.parse(npm(['pack', pkg, '--json', '--pack-destination', work], crate))[0];
  console.log(`packed ${packed.filename}: ${packed.size} bytes, ${packed.entryCount} files`);
  const project = join(work, 'project');
  cpSync(here, join(project, 'test'), { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'empty-project', private: true }));
  npm(['install', '--no-audit', '--no-fund', '--offline', join(work, packed.filename)], project);
  const suites = process.argv.slice(2).length
    ? process.argv.slice(2)
    : readdirSync(here)
        .filter((f) => /\.test\.(c|m)?js$/.test(f))
        .sort()
        .map((f) => join('test', f));
  const env = {
    ...process.env,
    // The suites find robots-parser and playwright-core (dev dependencies) here, and the conformance data.
    ROBOTSCOPE_DEV_MODULES: join(crate, 'node_modules'),
    ROBOTSCOPE_CONFORMANCE: process.env.ROBOTSCOPE_CONFORMANCE || resolve(crate, '../../../shared/conformance'),
    // The repository, for the fixtures every surface's tests share (tests/fixtures) and the example files.
    ROBOTSCOPE_REPO: resolve(crate, '../..'),
    // The tarball's file list, for package.test.mjs.
    ROBOTSCOPE_PACKED_FILES: JSON.stringify(packed.files.map((f) => f.path)),
  };
  try {
    execFileSync(process.execPath, ['--test', '--test-concurrency=1', ...suites], { cwd: project, env, stdio: 'inherit' });
    status = 0;
  } catch (e) {
    status = e.status || 1;
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
process.exit(status);
