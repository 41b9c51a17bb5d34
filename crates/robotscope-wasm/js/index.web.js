// robotscope for browsers and bundlers: call `await init()` once, then use the API synchronously.
import loadWasm, * as wasm from './web/robotscope.js';
import { createApi } from './api.mjs';
import * as catalogue from './data.mjs';

let loaded = false;
let loading;
let loadingProfiles;

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

const internal = {};
const api = createApi(wasm, () => loaded, undefined, catalogue, internal);

/**
 * Loads the module with every profile (`robotscope_profiles_bg.wasm`: Google's reading, RFC 9309's and the 1994
 * standard's, SPEC B6), which the `profile` option and `compare` need; the API moves onto it, and files parsed
 * before are parsed again there on their next call. `input` as for `init`; by default the file next to this
 * module. Later calls return the same promise. It also does what `init()` does.
 */
function loadProfiles(input) {
  if (loadingProfiles === undefined) {
    const p = import('./web/robotscope_profiles.js').then(async (profiles) => {
      await profiles.default(input === undefined ? undefined : { module_or_path: input });
      internal.use(profiles);
      loaded = true;
    });
    loadingProfiles = p;
    // init() after this waits for this module, which answers everything, instead of fetching the other one.
    if (loading === undefined) loading = p;
    // A failed load (network, CSP) may be tried again.
    p.catch(() => {
      if (loadingProfiles === p) loadingProfiles = undefined;
      if (loading === p) loading = undefined;
    });
  }
  return loadingProfiles;
}

api.init = load;
api.initSync = loadSync;
api.initProfiles = loadProfiles;
// The names are the API's one export list, read from index.cjs by `cargo xtask npm`, which writes them here.
export const { /* @exports */ } = api;
