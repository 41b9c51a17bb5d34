// Minifies the wasm-bindgen JavaScript of a release build in place (Trunk's own minifier cannot parse it) and
// rewrites its integrity hash in index.html, so the page still loads it: `cargo xtask web` runs it after
// `trunk build --release`, as `node web/minify-js.mjs DIST ESBUILD`.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dist, esbuild] = process.argv.slice(2);
if (!dist || !esbuild) {
  console.error('usage: node web/minify-js.mjs DIST ESBUILD');
  process.exit(2);
}
const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
const indexPath = join(dist, 'index.html');
let index = readFileSync(indexPath, 'utf8');
for (const name of readdirSync(dist).filter((f) => f.endsWith('.js'))) {
  const path = join(dist, name);
  const before = readFileSync(path);
  execFileSync(esbuild, [path, '--minify', '--format=esm', '--allow-overwrite', `--outfile=${path}`, '--log-level=warning']);
  const after = readFileSync(path);
  const [oldHash, newHash] = [sri(before), sri(after)];
  if (!index.includes(oldHash)) {
    console.error(`minify-js: index.html has no integrity ${oldHash} for ${name}`);
    process.exit(1);
  }
  index = index.split(oldHash).join(newHash);
  console.log(`minify-js: ${name}: ${before.length} B -> ${after.length} B`);
}
writeFileSync(indexPath, index);
