// The module browsers load first answers as Google does; the readings other than Google's are in the module
// `initProfiles()` loads (the one Node embeds). Here Node is given the first one, as a browser gets it.
const test = require('node:test');
const assert = require('node:assert');
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const robotscope = require('robotscope');

const pkgDir = dirname(require.resolve('robotscope/package.json'));

test('without initProfiles() the first module reads as Google and says how to get the other readings', async () => {
  robotscope.initSync(readFileSync(join(pkgDir, 'web/robotscope_bg.wasm')));
  const robots = robotscope.Robots.parse('User-agent: *\nDisallow /private\n');
  assert.deepStrictEqual([robots.check('GPTBot', '/private').allowed, robots.check('GPTBot', '/private').line], [false, 2]);
  assert.strictEqual(robots.checkAgent('GPTBot', '/private', { profile: 'google' }).verdict.line, 2);
  const hint = /the readings other than Google's are in a second WebAssembly module; .*call `await initProfiles\(\)`/;
  assert.throws(() => robots.check('GPTBot', '/private', { profile: 'rfc9309' }), (e) => e instanceof Error && /^robots\.check: /.test(e.message) && hint.test(e.message));
  assert.throws(() => robots.checkAgent('GPTBot', '/private', { profile: '1994' }), /^Error: robots\.checkAgent: /);
  assert.throws(() => robots.grid(['GPTBot'], ['/private'], { profile: '1994' }), /^Error: robots\.grid: /);
  assert.throws(() => robots.compare('GPTBot', '/private'), /^Error: robots\.compare: /);

  // The module with every reading: files parsed before are parsed again there, with the same answers.
  await robotscope.initProfiles();
  assert.strictEqual(robots.check('GPTBot', '/private').line, 2);
  assert.strictEqual(robots.check('GPTBot', '/private', { profile: 'rfc9309' }).allowed, true);
  assert.strictEqual(robots.compare('GPTBot', '/private')[0].differs, true);
  // The new instance's memory is the façade's: many parses and frees keep answering.
  for (let i = 0; i < 2000; i++) {
    const r = robotscope.Robots.parse(`User-agent: *\nDisallow: /${i}/\n`);
    assert.strictEqual(r.check('Bot', `/${i}/x`, { profile: '1994' }).line, 2);
    if (i % 2) r.free();
  }
  await robotscope.initProfiles(); // nothing more to load
  assert.strictEqual(robots.check('GPTBot', '/private', { profile: '1994' }).allowed, true);
});
