// Test data: the public conformance vectors (../shared/conformance), grouped by file, and the dev dependencies.
'use strict';
const { existsSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { createRequire } = require('node:module');

const dir = process.env.ROBOTSCOPE_CONFORMANCE || join(__dirname, '../../../../shared/conformance');

/** Why the conformance data cannot be used, or null. Under CI=true missing data is a failure, not a skip. */
function missing() {
  if (existsSync(join(dir, 'vectors.jsonl'))) return null;
  if (process.env.CI === 'true') throw new Error(`conformance data missing at ${dir} (CI=true)`);
  return `SKIPPED: no conformance data at ${dir} (set ROBOTSCOPE_CONFORMANCE)`;
}

/** `[{ file, bytes, vectors: [{ agents, url, allowed, line }] }]` in file order. */
function filesWithVectors() {
  const byFile = new Map();
  for (const line of readFileSync(join(dir, 'vectors.jsonl'), 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    const v = JSON.parse(line);
    if (!byFile.has(v.file)) byFile.set(v.file, []);
    byFile.get(v.file).push(v);
  }
  return [...byFile].map(([file, vectors]) => ({ file, bytes: readFileSync(join(dir, file)), vectors }));
}

/** require() for the dev dependencies of crates/robotscope-wasm (robots-parser, playwright-core). */
const modules = process.env.ROBOTSCOPE_DEV_MODULES || join(__dirname, '..', 'node_modules');

function devRequire(name) {
  return createRequire(join(modules, 'noop.js'))(name);
}
/** The folder of the dev dependencies. */
devRequire.modules = modules;

module.exports = { dir, missing, filesWithVectors, devRequire };
