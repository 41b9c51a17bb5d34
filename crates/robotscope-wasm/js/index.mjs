// robotscope for Node's import: the same instance as require('robotscope'), so there is one module and one heap.
import api from './index.cjs';

// The names are the API's one export list (`createApi` in api.mjs, plus init, initSync and initProfiles), read from
// index.cjs by `cargo xtask npm`, which writes them here.
export const { /* @exports */ } = api;
