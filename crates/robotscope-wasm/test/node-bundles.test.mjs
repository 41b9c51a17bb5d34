// The Node entry from bundles and test runners, as the README's recipes use it: esbuild (`--platform=node`,
// CommonJS and ES module output) and webpack (`target: 'node'`) bundles run from a folder with no node_modules,
// Jest's jsdom environment (no TextEncoder/TextDecoder), and `init`/`initSync` with the caller's own bytes.
import test from 'node:test';
import assert from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import data from './data.cjs';

const require = createRequire(join(process.cwd(), 'noop.js'));
const pkg = dirname(require.resolve('robotscope/package.json'));

// The same questions through both APIs; every bundle must print the same answers.
const QUESTIONS = `
const r = Robots.parse('User-agent: *\\nDisallow: /private/\\nAllow: /private/press/\\n');
const d = dropIn('https://example.com/robots.txt', 'User-agent: *\\nDisallow: /x\\n');
const answers = [r.decide('Googlebot', 'https://example.com/private/press/a'), r.isAllowed('Bot', '/private/x'),
  d.isAllowed('https://example.com/x', 'Bot/1.0'), d.isAllowed('https://other.example/x'), d.getMatchingLineNumber(new URL('https://example.com/x/y'))];
console.log(JSON.stringify(answers));
`;
const EXPECTED = JSON.stringify([{ allowed: true, line: 3 }, false, false, null, 2]);
const APP_CJS = `const { Robots } = require('robotscope');\nconst dropIn = require('robotscope/robots-parser');\n${QUESTIONS}`;
const APP_ESM = `import { Robots } from 'robotscope';\nimport dropIn from 'robotscope/robots-parser';\n${QUESTIONS}`;

/** Runs a bundle with Node from an empty folder (nothing to resolve, no .wasm beside it); returns its output. */
function run(bundle, name) {
  const empty = mkdtempSync(join(tmpdir(), 'robotscope-run-'));
  try {
    writeFileSync(join(empty, name), readFileSync(bundle));
    return execFileSync(process.execPath, [join(empty, name)], { cwd: empty, encoding: 'utf8' }).trim();
  } finally {
    rmSync(empty, { recursive: true, force: true });
  }
}

function inProject(name, text) {
  const file = join(process.cwd(), name);
  writeFileSync(file, text);
  return file;
}

for (const format of ['cjs', 'esm']) {
  test(`esbuild --bundle --platform=node --format=${format}: the bundle runs on its own`, async () => {
    const esbuild = data.devRequire('esbuild');
    const out = mkdtempSync(join(tmpdir(), 'robotscope-esbuild-node-'));
    try {
      const entry = inProject(`node-app.${format === 'cjs' ? 'cjs' : 'mjs'}`, format === 'cjs' ? APP_CJS : APP_ESM);
      const outfile = join(out, `server.${format === 'cjs' ? 'cjs' : 'mjs'}`);
      const result = await esbuild.build({ entryPoints: [entry], bundle: true, platform: 'node', format, outfile, logLevel: 'silent' });
      assert.deepStrictEqual(result.errors, []);
      assert.strictEqual(run(outfile, `server.${format === 'cjs' ? 'cjs' : 'mjs'}`), EXPECTED);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
}

test("webpack target: 'node': the bundle runs on its own", async () => {
  const webpack = data.devRequire('webpack');
  const out = mkdtempSync(join(tmpdir(), 'robotscope-webpack-node-'));
  try {
    const entry = inProject('webpack-app.cjs', APP_CJS);
    const stats = await new Promise((resolve, reject) =>
      webpack({ mode: 'production', target: 'node', entry, output: { path: out, filename: 'server.js' }, context: process.cwd() }, (err, s) =>
        err ? reject(err) : resolve(s)
      )
    );
    assert.deepStrictEqual(stats.toJson({ all: false, errors: true }).errors, []);
    assert.strictEqual(run(join(out, 'server.js'), 'server.js'), EXPECTED);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});

test('without Node\'s Buffer (a browser bundle of the CommonJS entry): the embedded module decodes and answers', () => {
  // The entry decodes the embedded module's base64 with Buffer when there is one, else with the platform's atob.
  const app = `delete globalThis.Buffer;\nconst { Robots } = require(${JSON.stringify(join(pkg, 'index.cjs'))});\nconst dropIn = require(${JSON.stringify(join(pkg, 'robots-parser.cjs'))});\n${QUESTIONS}`;
  const out = spawnSync(process.execPath, ['-e', app], { encoding: 'utf8' });
  assert.strictEqual(out.status, 0, out.stderr);
  assert.strictEqual(out.stdout.trim(), EXPECTED);
});

test("Jest's jsdom environment: require('robotscope') works", () => {
  const jest = join(data.devRequire.modules, 'jest', 'bin', 'jest.js');
  const environment = createRequire(join(data.devRequire.modules, 'noop.js')).resolve('jest-environment-jsdom');
  inProject(
    'jsdom.spec.cjs',
    `/** @jest-environment ${environment} */
test('robotscope under jsdom', () => {
  expect(typeof window).toBe('object');
  expect(typeof TextDecoder).toBe('undefined');
  const { Robots } = require('robotscope');
  const dropIn = require('robotscope/robots-parser');
  ${QUESTIONS.replace('console.log(JSON.stringify(answers));', `expect(JSON.stringify(answers)).toBe(${JSON.stringify(EXPECTED)});`)}
});
`
  );
  const config = JSON.stringify({ rootDir: process.cwd(), testMatch: ['<rootDir>/jsdom.spec.cjs'], transform: {} });
  const jestRun = spawnSync(process.execPath, [jest, '--config', config, '--ci', '--colors=false'], { cwd: process.cwd(), encoding: 'utf8' });
  assert.strictEqual(jestRun.status, 0, `${jestRun.stdout}${jestRun.stderr}`);
  assert.match(jestRun.stderr, /Tests:\s+1 passed, 1 total/);
});

test('Node: initSync and init load the caller’s module instead of the embedded one', () => {
  const wasm = join(pkg, 'web', 'robotscope_bg.wasm');
  const script = (call) =>
    execFileSync(process.execPath, ['-e', `const fs = require('fs'); const api = require('robotscope'); ${call}`], { cwd: process.cwd(), encoding: 'utf8', stdio: 'pipe' }).trim();
  // Bytes that are not a module fail to compile: initSync uses them.
  assert.throws(() => script(`api.initSync(new Uint8Array([0, 97, 115, 109, 9, 9, 9, 9]));`), /CompileError/);
  assert.strictEqual(script(`api.initSync(fs.readFileSync(${JSON.stringify(wasm)})); console.log(api.Robots.parse('User-agent: *\\nDisallow: /').isAllowed('a', '/x'));`), 'false');
  assert.strictEqual(
    script(`api.init(new WebAssembly.Module(fs.readFileSync(${JSON.stringify(wasm)}))).then(() => console.log(api.robotsParser('/robots.txt', 'User-agent: *\\nDisallow: /').isAllowed('/x')));`),
    'false'
  );
  assert.throws(() => script(`api.init(Promise.resolve(new Uint8Array(8))).catch((e) => { console.error(e.name); process.exit(3); });`), /CompileError/);
  // After a first call, the embedded module is loaded and init resolves at once.
  assert.strictEqual(script(`api.Robots.parse(''); api.init(new Uint8Array(8)).then(() => console.log('ok'));`), 'ok');
});
