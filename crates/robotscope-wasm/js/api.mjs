// The JavaScript API of robotscope, over the wasm-bindgen exports of crates/robotscope-wasm.
//
// The façade checks arguments (throwing TypeError/RangeError with a sentence), turns the adapter's JSON answers
// into objects, and manages memory. Every answer comes from the Rust core through `wasm`: nothing here matches,
// normalises or decides. This file puts it together over one module: argument checks are in checks.mjs, the
// buffer arguments cross through in buffer.mjs, the cache of parsed handles in cache.mjs, `Robots` in robots.mjs,
// whole questions (`ask` and the renderers of its survey) in survey.mjs, the robots-parser drop-in in
// robots-parser-api.mjs, fetching and `fromResponse` in fetch.mjs.
//
// Each is written once, as ES module text whose only module syntax is its imports and its last line; `cargo xtask
// npm` writes the CommonJS copies (api.cjs, ...).

import { MAX_INPUT, MAX_ARGUMENT, GOOGLE_SIZE_LIMIT, text, oneOf, checkStatus } from './checks.mjs';
import { createBuffer } from './buffer.mjs';
import { createCache } from './cache.mjs';
import { createRobots } from './robots.mjs';
import { createSurvey } from './survey.mjs';
import { createRobotsParser } from './robots-parser-api.mjs';
import { createFetch } from './fetch.mjs';

/**
 * The API over one wasm-bindgen module. `isReady()` says whether the module is loaded (and may load it);
 * `TextEncoder` is the platform's, or a stand-in where the environment lacks it (Jest's jsdom); `catalogue` is
 * the data module that `cargo xtask npm` writes from the core (data.mjs: the crawler catalogue, the diagnostic codes).
 * `internal.use(next)`, which this sets, moves the API onto another module (the one with every profile, which
 * `initProfiles()` loads in browsers): parsed handles are freed and parsed again there on their next call.
 */
function createApi(wasm, isReady, TextEncoder = globalThis.TextEncoder, catalogue, internal) {
  const ready = () => {
    if (!isReady()) {
      throw new Error(
        'robotscope: the WebAssembly module is not loaded yet. In a browser or bundler, call `await init()` once before using the package (Node needs no init).'
      );
    }
  };

  const buffer = createBuffer(wasm, TextEncoder);
  const cache = createCache(buffer);

  // Google's reading is in every module; the others (SPEC B6) only in the one built with them: browsers load the
  // module without them first, which keeps it within its size budget, and `initProfiles()` loads the other.
  /** Whether the module answers under every profile (asked once per module). */
  let profilesHere;
  /** Throws unless the module can answer under a profile other than Google's. */
  const needProfiles = (fn) => {
    if (profilesHere === undefined) profilesHere = wasm.hasProfiles();
    if (!profilesHere) {
      throw new Error(
        `${fn}: the readings other than Google's are in a second WebAssembly module; in a browser or bundler, call \`await initProfiles()\` once before asking for them (Node needs nothing)`
      );
    }
  };

  /** `next`: the other module's exports, or a function that loads it and returns them once this one's are freed. */
  internal.use = (next) => {
    cache.clear();
    wasm = buffer.use(next);
    profilesHere = undefined;
  };

  // The crawler catalogue: the .wasm names crawlers, the generated module holds their entries and facts.
  const byName = new Map(catalogue.CRAWLERS.map((c) => [c.name, c]));
  const entry = (name) => byName.get(name) || null;

  // The interpretation profiles (SPEC B6), named as the core names them (`PROFILES`, written by `cargo xtask npm`
  // from the core's `Profile::ALL`); a profile crosses into wasm as its index there.
  const PROFILES = catalogue.PROFILES.map((p) => p.name);
  /** The option `profile` of `check`: its index, 0 (Google, the default) when absent. */
  const profileOf = (fn, options) => (options.profile === undefined ? 0 : oneOf(fn, PROFILES, options.profile, 'options.profile'));

  // `Robots` and whole questions (survey.mjs), over this API's module and cache.
  const ctx = { ready, buffer, cache, needProfiles, profileOf };
  const { Robots, live, keep } = createRobots(ctx);
  const survey = createSurvey({
    wasm: () => wasm,
    handle: (r, fn) => live(r, fn.slice(fn.indexOf('.') + 1)),
    keep,
    isRobots: (x) => x instanceof Robots,
    needProfiles,
    ready,
    entry,
    catalogue,
    PROFILES,
    profileOf,
  });
  ctx.survey = survey;
  const { resolveAgent, resolveUrl } = survey;

  /** The catalogue entry a preset name or first token names (any ASCII case), or null. */
  function crawler(name) {
    const a = resolveAgent(text('crawler', 'the name', name));
    return a.kind === 'preset' ? a.crawler : null;
  }

  /** The crawlers of a named set (`@ai-training`, `@ai-search`, `@user-triggered`, `@search`, `@ai`, `@all`, ...), or null. */
  function crawlerSet(name) {
    // As the core's `crawler_set` reads a name: spaces around (Rust's `trim`), one `@`, ASCII case ignored.
    const key = text('crawlerSet', 'the name', name)
      .replace(/^[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t-\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g, '')
      .replace(/^@/, '')
      .replace(/[A-Z]/g, (c) => c.toLowerCase());
    return Object.hasOwn(catalogue.CRAWLER_SETS, key) ? catalogue.CRAWLER_SETS[key].map(entry) : null;
  }

  /** The module's answer (`ask()`, after `ready()`), with the core's URL error sentence rethrown as a TypeError. */
  const answer = (fn, ask) => {
    ready();
    try {
      return ask();
    } catch (e) {
      if (typeof e === 'string') throw new TypeError(`${fn}: ${e}`);
      throw e;
    }
  };

  function robotsUrl(pageUrl) {
    return answer('robotsUrl', () => wasm.robotsUrl(text('robotsUrl', 'the page URL', pageUrl)));
  }

  function governs(robotsTxtUrl, pageUrl) {
    const ask = () => wasm.governs(text('governs', 'the robots.txt URL', robotsTxtUrl), text('governs', 'the page URL', pageUrl));
    return JSON.parse(answer('governs', ask));
  }

  function normalizeUrl(url) {
    return answer('normalizeUrl', () => wasm.normalizeUrl(text('normalizeUrl', 'the URL', url)));
  }

  function pathOf(url) {
    return answer('pathOf', () => wasm.pathOf(text('pathOf', 'the URL', url)));
  }

  function productToken(userAgent) {
    return answer('productToken', () => wasm.productToken(text('productToken', 'the User-Agent', userAgent)));
  }

  function tokenFromUserAgent(header) {
    return answer('tokenFromUserAgent', () => wasm.productToken(text('tokenFromUserAgent', 'the User-Agent', header)));
  }

  function isValidAgent(agent) {
    return answer('isValidAgent', () => wasm.isValidAgent(text('isValidAgent', 'the agent', agent)));
  }

  function escapePattern(value) {
    return answer('escapePattern', () => wasm.escapePattern(text('escapePattern', 'the value', value)));
  }

  function fetchOutcome(status) {
    return answer('fetchOutcome', () => JSON.parse(wasm.fetchOutcome(checkStatus('fetchOutcome', status))));
  }

  const { RobotsParser, robotsParser } = createRobotsParser({ Robots, ready, wasmOf: live, buffer, productToken: (ua) => wasm.productToken(ua) });
  /** The core's fetch state for `pageUrl` (`FetchState`), its URL error sentence rethrown as a TypeError. */
  const fetchState = (fn, pageUrl) => answer(fn, () => new wasm.FetchState(text(fn, 'the page URL', pageUrl)));
  const fetchApi = { Robots, ready, fetchOutcome, fetchState, ask: survey.ask, wholeSite: survey.wholeSite };
  const { CrawlPolicy, fromResponse, fetchRobots, diff } = createFetch(fetchApi);

  /** The size of the WebAssembly memory in bytes. It grows and never shrinks; freed memory is reused. */
  function wasmMemoryBytes() {
    ready();
    return wasm.wasmMemory().buffer.byteLength;
  }

  /** What the cache of parsed files in WebAssembly memory holds, and what it did since the module loaded. */
  function cacheStats() {
    return cache.stats();
  }

  /** Every diagnostic kind's stable code. */
  function diagnosticKinds() {
    return [...catalogue.DIAGNOSTIC_KINDS];
  }

  return {
    Robots,
    RobotsParser,
    CrawlPolicy,
    robotsParser,
    fromResponse,
    fetchOutcome,
    fetchRobots,
    diff,
    robotsUrl,
    governs,
    normalizeUrl,
    pathOf,
    productToken,
    tokenFromUserAgent,
    isValidAgent,
    escapePattern,
    wasmMemoryBytes,
    cacheStats,
    diagnosticKinds,
    resolveAgent,
    resolveUrl,
    crawler,
    crawlerSet,
    CRAWLERS: catalogue.CRAWLERS,
    CRAWLER_KINDS: catalogue.CRAWLER_KINDS,
    PROFILES: Object.freeze([...PROFILES]),
    AI_GROUPS: catalogue.AI_GROUPS,
    NO_TOKEN: catalogue.NO_TOKEN,
    GOOGLE_SIZE_LIMIT,
    MAX_INPUT,
    MAX_ARGUMENT,
  };
}

export { createApi };
