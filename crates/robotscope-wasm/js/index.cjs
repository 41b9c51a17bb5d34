// robotscope for require() (and Node's import, through index.mjs). The WebAssembly module is embedded in the
// package (node/wasm.cjs) and compiled synchronously on first use, so there is no init step and nothing is read
// from disk: the entry works from a bundle made by esbuild or webpack, under Jest's jsdom environment, and in
// any environment that bundles CommonJS. `init(input)` and `initSync(input)` load other bytes (or a compiled
// WebAssembly.Module) instead, when called before first use. The embedded module is the one with every profile
// (SPEC B6), so `initProfiles()` has nothing to do here unless `init` was given the module without them.
'use strict';
const wasm = require('./node/robotscope.js');
const { TextEncoder } = require('./codec.cjs');
const { createApi } = require('./api.cjs');
const catalogue = require('./data.cjs');

/** The embedded module's bytes, from base64. */
function embedded() {
  const b64 = require('./node/wasm.cjs');
  if (typeof Buffer === 'function') return Buffer.from(b64, 'base64');
  // Without Node's Buffer (a browser bundle of this entry): the platform's base64 decoder, one byte per character.
  const binary = atob(b64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

const load = () => {
  if (!wasm.__loaded()) wasm.__instantiate(embedded());
};

/**
 * Node's ICU converts long strings to UTF-8 faster than its TextEncoder does when they are stored as UTF-16 (a
 * string with any character above U+00FF is): over the conformance corpus's 48 texts of 64 Ki characters or more,
 * 2.3 ms against 3.8 ms (Node 20), a sixth of parsing all 4,231 files. `transcode` refuses a lone surrogate, which
 * TextEncoder writes as U+FFFD: such a text is encoded by TextEncoder after all. `process.getBuiltinModule` keeps
 * the entry free of `require('buffer')`, so it still bundles for browsers, where the platform's encoder is used.
 */
const nodeBuffer =
  typeof process === 'object' && process !== null && typeof process.getBuiltinModule === 'function'
    ? process.getBuiltinModule('buffer')
    : undefined;
const LONG_TEXT = 1 << 16;
const Encoder =
  nodeBuffer === undefined || typeof nodeBuffer.transcode !== 'function' || TextEncoder !== globalThis.TextEncoder
    ? TextEncoder
    : class extends TextEncoder {
        /** The UTF-16 of the last long text, reused (dropped when larger than 4 MiB). */
        #utf16 = undefined;

        encodeInto(text, view) {
          if (text.length < LONG_TEXT) return super.encodeInto(text, view);
          const need = 2 * text.length;
          if (this.#utf16 === undefined || this.#utf16.length < need) this.#utf16 = nodeBuffer.Buffer.allocUnsafeSlow(need);
          const utf16 = this.#utf16.subarray(0, this.#utf16.ucs2Write(text, 0));
          if (this.#utf16.length > 1 << 22) this.#utf16 = undefined;
          let utf8;
          try {
            utf8 = nodeBuffer.transcode(utf16, 'utf16le', 'utf8');
          } catch {
            return super.encodeInto(text, view);
          }
          if (utf8.length > view.length) return super.encodeInto(text, view);
          view.set(utf8);
          return { read: text.length, written: utf8.length };
        }
      };

const internal = {};
const api = createApi(
  wasm,
  () => {
    load();
    return true;
  },
  Encoder,
  catalogue,
  internal
);

/** Loads the module synchronously from its bytes or a compiled WebAssembly.Module; a no-op once loaded. */
api.initSync = (module) => {
  if (wasm.__loaded()) return;
  if (module !== null && typeof module === 'object' && 'module' in module && !(module instanceof WebAssembly.Module)) module = module.module;
  if (module === undefined) return load();
  wasm.__instantiate(module);
};

/**
 * Loads the module from bytes, a compiled WebAssembly.Module, a Response, or a URL to fetch (or a promise of
 * one of them); with no argument, from the embedded bytes. Resolves at once when the module is loaded.
 */
api.init = async (input) => {
  if (wasm.__loaded()) return;
  input = await source(input, 'init');
  if (input === undefined) return load();
  if (!wasm.__loaded()) wasm.__instantiate(input);
};

/** The bytes or compiled module `input` names (fetched when it is a URL or Request); undefined for none. */
async function source(input, fn) {
  if (input !== null && typeof input === 'object' && 'module_or_path' in input) input = input.module_or_path;
  input = await input;
  if (typeof input === 'string' || input instanceof URL || (typeof Request === 'function' && input instanceof Request)) {
    input = await fetch(input);
  }
  if (typeof input === 'object' && input !== null && typeof input.arrayBuffer === 'function' && !ArrayBuffer.isView(input)) {
    if (input.ok === false) throw new Error(`robotscope: ${fn} could not load the module: HTTP ${input.status}`);
    input = await input.arrayBuffer();
  }
  return input;
}

/**
 * Makes sure the module answers under every profile: the embedded one does, so this only loads (`input`, or the
 * embedded bytes) when `init` was given a module without them; files parsed before are parsed again on their
 * next call.
 */
api.initProfiles = async (input) => {
  if (!wasm.__loaded()) return api.init(input);
  if (wasm.hasProfiles()) return;
  input = await source(input, 'initProfiles');
  // The same glue with a new instance: what the façade holds in the old one is freed first.
  internal.use(() => {
    wasm.__instantiate(input === undefined ? embedded() : input);
    return wasm;
  });
};

module.exports = api;
