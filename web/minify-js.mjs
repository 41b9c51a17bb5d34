// Minifies the wasm-bindgen JavaScript of a release build in place (Trunk's own minifier cannot parse it) and
// rewrites its integrity hash in index.html, so the page still loads it: `cargo xtask web` runs it after
// `trunk build --release`, as `node web/minify-js.mjs DIST ESBUILD [WASM_OPT]`.
//
// With WASM_OPT (binaryen's wasm-opt), the module's imports, exports and import module get one- or
// two-letter names first (`--minify-imports-and-exports-and-modules`), and the JavaScript that names them is
// rewritten to match: wasm-bindgen's names carry a 16-digit hash each, which gzip cannot shrink (about
// 220 imports, each named in both files).
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [dist, esbuild, wasmOpt] = process.argv.slice(2);
if (!dist || !esbuild) {
  console.error('usage: node web/minify-js.mjs DIST ESBUILD [WASM_OPT]');
  process.exit(2);
}
const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
const indexPath = join(dist, 'index.html');
let index = readFileSync(indexPath, 'utf8');
for (const name of readdirSync(dist).filter((f) => f.endsWith('.js'))) {
  const path = join(dist, name);
  const before = readFileSync(path);
  if (wasmOpt) index = shortenNames(path, index);
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

/** A pattern matching `text` literally. */
function literal(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Gives the module next to the glue `js` short import, export and module names, rewrites the glue to use them
 * and returns `index` with the module's new integrity hash. Binaryen renames in place, so the n-th import or
 * export keeps its position; the glue must then name every new import exactly once, or the build stops.
 */
function shortenNames(js, index) {
  const wasm = js.replace(/\.js$/, '_bg.wasm');
  const read = () => new WebAssembly.Module(readFileSync(wasm));
  const old = read();
  const oldHash = sri(readFileSync(wasm));
  const pass = '--minify-imports-and-exports-and-modules';
  execFileSync(wasmOpt, [wasm, pass, '-o', wasm], { stdio: ['ignore', 'ignore', 'inherit'] });
  const now = read();
  const [imports, newImports] = [WebAssembly.Module.imports(old), WebAssembly.Module.imports(now)];
  const [exports, newExports] = [WebAssembly.Module.exports(old), WebAssembly.Module.exports(now)];
  const fail = (why) => {
    console.error(`minify-js: ${wasm}: ${why}`);
    process.exit(1);
  };
  if (imports.length !== newImports.length || exports.length !== newExports.length) {
    fail('wasm-opt changed the number of imports or exports');
  }
  let glue = readFileSync(js, 'utf8');
  const modules = new Set(imports.map((i) => i.module));
  const newModules = new Set(newImports.map((i) => i.module));
  if (modules.size !== 1 || newModules.size !== 1) fail(`expected one import module, found ${[...modules]}`);
  const [module, newModule] = [[...modules][0], [...newModules][0]];
  // The object of imports, by module: `"./app_bg.js": import0`.
  const moduleKey = new RegExp(`"${literal(module)}"(?=\\s*:)`, 'g');
  if ((glue.match(moduleKey) || []).length !== 1) fail(`the glue names the import module "${module}" other than once`);
  glue = glue.replace(moduleKey, JSON.stringify(newModule));
  imports.forEach((imp, i) => {
    if (imp.kind !== newImports[i].kind) fail(`import ${i} changed kind`);
    // Each import is a key of the imports object: `__wbg_name_hash: function(...)`.
    const key = new RegExp(`(?<=[\\s{,])${literal(imp.name)}(?=\\s*:)`, 'g');
    const found = (glue.match(key) || []).length;
    if (found !== 1) fail(`the glue has ${found} keys named ${imp.name}`);
    glue = glue.replace(key, JSON.stringify(newImports[i].name));
  });
  exports.forEach((exp, i) => {
    if (exp.kind !== newExports[i].kind) fail(`export ${i} changed kind`);
    // The glue reads exports as `wasm.name`.
    glue = glue.replace(new RegExp(`\\bwasm\\.${literal(exp.name)}\\b`, 'g'), `wasm.${newExports[i].name}`);
  });
  for (const exp of exports) {
    if (new RegExp(`\\bwasm\\.${literal(exp.name)}\\b`).test(glue)) fail(`the glue still reads wasm.${exp.name}`);
  }
  writeFileSync(js, glue);
  const newHash = sri(readFileSync(wasm));
  if (!index.includes(oldHash)) fail(`index.html has no integrity ${oldHash}`);
  console.log(`minify-js: ${wasm}: short names for ${imports.length} imports and ${exports.length} exports`);
  return index.split(oldHash).join(newHash);
}
