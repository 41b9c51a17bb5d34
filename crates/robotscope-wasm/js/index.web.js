// robotscope for browsers and bundlers: call `await init()` once, then use the API synchronously.
import loadWasm, * as wasm from './web/robotscope.js';
import { createApi } from './api.mjs';
import { createFetch } from './fetch.mjs';
import * as catalogue from './data.mjs';

let loaded = false;
let loading;

/**
 * Loads the WebAssembly module. Call it once and await it before anything else; later calls return the same
 * promise. `input` is optional: a URL, Request, Response, BufferSource or WebAssembly.Module; by default the
 * `.wasm` file next to this module is fetched (`new URL('./web/robotscope_bg.wasm', import.meta.url)`).
 */
function load(input) {
  if (loading === undefined) {
    loading = loadWasm(input === undefined ? undefined : { module_or_path: input }).then(() => {
      loaded = true;
    });
  }
  return loading;
}

/** Loads the module synchronously from its bytes or a compiled WebAssembly.Module (in workers, or when small enough). */
function loadSync(module) {
  if (!loaded) {
    wasm.initSync({ module });
    loaded = true;
  }
}

const api = createApi(wasm, () => loaded, undefined, catalogue);
Object.assign(api, createFetch(api));
api.init = load;
api.initSync = loadSync;
// The names are the API's one export list, read from index.cjs by `cargo xtask npm`, which writes them here.
export const { /* @exports */ } = api;
