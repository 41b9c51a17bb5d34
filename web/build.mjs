// Puts the tester together in DIST from wasm-bindgen's output, without Trunk: `cargo xtask web` (and `serve`) build
// the `app` binary for wasm32, run wasm-bindgen (`--target web`) into BINDGEN, then
// `node web/build.mjs BINDGEN DIST ESBUILD WASM_OPT`. The layout is Trunk's: index.html, app-HASH.js,
// app-HASH_bg.wasm, app-HASH.css (each name carries a hash of its content, so a browser never keeps a stale copy)
// and the files of web/public, with relative URLs, so the same build works at the root (`cargo xtask serve`, the
// end-to-end tests) and under /tester/ on robotscope's site.
//
// Steps: wasm-opt -Oz (with --low-memory-unused --converge: about 2 KB), then the module's imports, exports and
// import module get one- or two-letter names (`--minify-imports-and-exports-and-modules`) and the glue is rewritten
// to match: wasm-bindgen's names carry a 16-digit hash each, which gzip cannot shrink (about 220 imports, each
// named in both files). esbuild minifies the glue and the CSS.
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const [bindgen, dist, esbuild, wasmOpt] = process.argv.slice(2);
if (!bindgen || !dist || !esbuild || !wasmOpt) {
  console.error('usage: node web/build.mjs BINDGEN DIST ESBUILD WASM_OPT');
  process.exit(2);
}
const fail = (why) => {
  console.error(`web/build.mjs: ${why}`);
  process.exit(1);
};
const sri = (bytes) => `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
const hash = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);
const run = (program, args) => execFileSync(program, args, { stdio: ['ignore', 'ignore', 'inherit'] });

const [js, wasm] = [join(bindgen, 'app.js'), join(bindgen, 'app_bg.wasm')];
run(wasmOpt, ['-Oz', '--low-memory-unused', '--converge', wasm, '-o', wasm]);
shortenNames(js, wasm);
run(esbuild, [js, '--minify', '--format=esm', '--allow-overwrite', `--outfile=${js}`, '--log-level=warning']);
const css = join(bindgen, 'app.css');
run(esbuild, [join(here, '..', 'static', 'css', 'app.css'), '--minify', `--outfile=${css}`, '--log-level=warning']);

rmSync(dist, { recursive: true, force: true });
mkdirSync(dist, { recursive: true });
/** Copies a built file into DIST under a name with its content's hash; returns the name and its integrity. */
function emit(path, stem, suffix) {
  const bytes = readFileSync(path);
  const name = `${stem}-${hash(bytes)}${suffix}`;
  writeFileSync(join(dist, name), bytes);
  console.log(`web/build.mjs: ${name}: ${bytes.length} B`);
  return { name, integrity: sri(bytes) };
}
// The glue and the module share one hash, as Trunk names them (app-HASH.js next to app-HASH_bg.wasm).
const stem = `app-${hash(Buffer.concat([readFileSync(js), readFileSync(wasm)]))}`;
const glue = { name: `${stem}.js`, integrity: sri(readFileSync(js)) };
copyFileSync(js, join(dist, glue.name));
copyFileSync(wasm, join(dist, `${stem}_bg.wasm`));
const style = emit(css, 'app', '.css');
for (const file of readdirSync(join(here, 'public'))) copyFileSync(join(here, 'public', file), join(dist, file));

// index.html: the template's markers become the links and the start script.
let index = readFileSync(join(here, 'index.html'), 'utf8');
const replace = (marker, html) => {
  if (index.split(marker).length !== 2) fail(`index.html must hold ${marker} once`);
  index = index.replace(marker, html);
};
replace('<!-- @style -->', `<link rel="stylesheet" href="./${style.name}" integrity="${style.integrity}" />`);
replace(
  '<!-- @app -->',
  [
    `<link rel="modulepreload" href="./${glue.name}" crossorigin="anonymous" integrity="${glue.integrity}" />`,
    `<link rel="preload" href="./${stem}_bg.wasm" crossorigin="anonymous" as="fetch" type="application/wasm" />`,
    `<script type="module">import init from './${glue.name}'; init({ module_or_path: './${stem}_bg.wasm' });</script>`,
  ].join('\n    '),
);
writeFileSync(join(dist, 'index.html'), index);
console.log(`web/build.mjs: ${glue.name} and ${stem}_bg.wasm: ${readFileSync(js).length} B and ${readFileSync(wasm).length} B`);

/** A pattern matching `text` literally. */
function literal(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Gives the module `wasm` short import, export and module names and rewrites the glue `js` to use them. Binaryen
 * renames in place, so the n-th import or export keeps its position; the glue must then name every new import
 * exactly once, or the build stops.
 */
function shortenNames(js, wasm) {
  const read = () => new WebAssembly.Module(readFileSync(wasm));
  const old = read();
  run(wasmOpt, [wasm, '--minify-imports-and-exports-and-modules', '-o', wasm]);
  const now = read();
  const [imports, newImports] = [WebAssembly.Module.imports(old), WebAssembly.Module.imports(now)];
  const [exports, newExports] = [WebAssembly.Module.exports(old), WebAssembly.Module.exports(now)];
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
  console.log(`web/build.mjs: short names for ${imports.length} imports and ${exports.length} exports`);
}
