// robots-parser's own test suite, run against the drop-in. The suite is test/Robots.js of the robots-parser
// 3.0.1 npm tarball (its published `files` include it), installed as the pinned dev dependency; it is run here
// with mocha and chai (the versions its package.json asks for, also pinned dev dependencies), unchanged except
// for its first line, the import, which loads `robotscope/robots-parser` instead of `../index`. Nothing of it is
// copied into this repository.
//
// Every test that fails must be listed, with its reason, in the package README's table "robots-parser's own
// tests": the run fails when a test fails that is not listed, and when a listed test passes.
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const Module = require('node:module');
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const { devRequire } = require('./data.cjs');

const IMPORT = "var robotsParser = require('../index');";

/** The test titles listed in the README's table of robots-parser's own tests that fail (first column). */
function listedFailures() {
  const readme = readFileSync(join(dirname(require.resolve('robotscope/package.json')), 'README.md'), 'utf8');
  const start = readme.indexOf("### robots-parser's own tests");
  assert.ok(start >= 0, "the README has no section \"robots-parser's own tests\"");
  const section = readme.slice(start).split('\n## ')[0].split('\n### ')[0];
  const listed = [];
  for (const line of section.split('\n')) {
    const m = /^\| `([^`]+)` \|(.+)\|$/.exec(line);
    if (m) listed.push(m[1]);
  }
  return listed;
}

test("robots-parser's own suite: every failure is a difference the README lists", async (t) => {
  const suite = require.resolve('robots-parser/test/Robots.js', { paths: [devRequire.modules] });
  const source = readFileSync(suite, 'utf8');
  assert.ok(source.startsWith(IMPORT), `the suite's first line is no longer ${IMPORT}`);
  const dropIn = require.resolve('robotscope/robots-parser');
  const Mocha = devRequire('mocha');
  const mocha = new Mocha({ reporter: function Silent() {} });
  // Load the suite as mocha would (its `describe`/`it` globals), from its own folder, so that its `require('chai')`
  // finds the pinned chai; only the import differs.
  mocha.suite.emit('pre-require', globalThis, suite, mocha);
  const m = new Module(suite, module);
  m.filename = suite;
  m.paths = Module._nodeModulePaths(dirname(suite));
  m._compile(`var robotsParser = require(${JSON.stringify(dropIn)});${source.slice(IMPORT.length)}`, suite);
  mocha.suite.emit('post-require', globalThis, suite, mocha);
  const passed = [];
  const failed = new Map();
  await new Promise((resolve) => {
    const runner = mocha.run(resolve);
    runner.on('pass', (it) => passed.push(it.title));
    runner.on('fail', (it, err) => failed.set(it.title, String(err && err.message).split('\n')[0]));
  });
  for (const name of ['describe', 'it', 'before', 'after', 'beforeEach', 'afterEach', 'context', 'specify', 'xit', 'xdescribe', 'run', 'xcontext', 'xspecify']) {
    delete globalThis[name];
  }
  t.diagnostic(`${passed.length} passed, ${failed.size} failed: ${[...failed].map(([title, why]) => `${title} (${why})`).join('; ')}`);
  assert.ok(passed.length + failed.size >= 40, `only ${passed.length + failed.size} tests ran`);
  const listed = listedFailures();
  const unlisted = [...failed].filter(([title]) => !listed.includes(title)).map(([title, why]) => `${title}: ${why}`);
  const nowPassing = listed.filter((title) => !failed.has(title));
  assert.deepStrictEqual(unlisted, [], 'robots-parser tests that fail and are not in the README table');
  assert.deepStrictEqual(nowPassing, [], 'tests listed in the README table that now pass (or no longer exist): remove them');
});
