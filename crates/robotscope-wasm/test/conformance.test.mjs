// Every public conformance vector through `import ... from 'robotscope'` (Node ESM), files read as text where
// they are valid UTF-8 (so the string path is covered too) and as bytes otherwise.
import test from 'node:test';
import assert from 'node:assert';
import { Robots, init } from 'robotscope';
import data from './data.cjs';

test('every conformance vector: verdict and line (ESM)', async (t) => {
  const skip = data.missing();
  if (skip) return t.skip(skip);
  await init(); // a no-op in Node, kept to show that shared code may call it
  const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  let count = 0;
  let asText = 0;
  const failures = [];
  for (const { file, bytes, vectors } of data.filesWithVectors()) {
    let input = bytes;
    try {
      input = strict.decode(bytes);
      asText++;
    } catch {}
    const robots = Robots.parse(input);
    for (const v of vectors) {
      const got = robots.check(v.agents, v.url);
      count++;
      // Google's reading is the default: naming it changes nothing.
      const google = robots.check(v.agents, v.url, { profile: 'google' });
      if (google.allowed !== got.allowed || google.line !== got.line || google.groups.join() !== got.groups.join()) {
        failures.push(`${file} ${JSON.stringify(v.agents)} ${v.url}: { profile: 'google' } answers ${google.allowed}/${google.line}`);
      }
      if (got.allowed !== v.allowed || got.line !== v.line) {
        failures.push(`${file} ${JSON.stringify(v.agents)} ${v.url}: got ${got.allowed}/${got.line}, want ${v.allowed}/${v.line}`);
      }
    }
    robots.free();
  }
  t.diagnostic(`${count} vectors (${asText} files parsed as strings), ${failures.length} failures`);
  assert.deepStrictEqual(failures.slice(0, 20), []);
  assert.ok(count >= 74772, `only ${count} vectors`);
});
