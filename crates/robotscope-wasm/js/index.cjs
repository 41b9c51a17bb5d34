// robotscope for Node's require(): the wasm module is compiled synchronously on load, so there is no init step.
'use strict';
const wasm = require('./node/robotscope.js');
const { createApi } = require('./api.cjs');
const { createFetch } = require('./fetch.cjs');

const api = createApi(wasm, () => true);
/** Nothing to do in Node: the module is ready on load. Kept so that code shared with browsers can call it. */
api.init = () => Promise.resolve();
api.initSync = () => {};
Object.assign(api, createFetch(api));
module.exports = api;
