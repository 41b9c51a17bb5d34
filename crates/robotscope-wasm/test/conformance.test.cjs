// Every public conformance vector through require('robotscope'): Robots.parse(bytes).check(agents, url).
'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { Robots } = require('robotscope');
const { missing, filesWithVectors } = require('./data.cjs');

test('every conformance vector: verdict and line (CommonJS)', (t) => {
  const skip = missing();
  if (skip) return t.skip(skip);
  let count = 0;
  const failures = [];
  for (const { file, bytes, vectors } of filesWithVectors()) {
    const robots = Robots.parse(bytes);
    for (const v of vectors) {
      const got = robots.check(v.agents, v.url);
      count++;
      if (got.allowed !== v.allowed || got.line !== v.line) {
        failures.push(`${file} ${JSON.stringify(v.agents)} ${v.url}: got ${got.allowed}/${got.line}, want ${v.allowed}/${v.line}`);
      }
      // The fast path agrees with the explained one.
      const fast = robots.decide(v.agents, v.url);
      if (fast.allowed !== got.allowed || fast.line !== got.line) failures.push(`${file} ${v.url}: decide differs from check`);
    }
    robots.free();
  }
  t.diagnostic(`${count} vectors, ${failures.length} failures`);
  assert.deepStrictEqual(failures.slice(0, 20), []);
  assert.ok(count >= 74772, `only ${count} vectors`);
});
