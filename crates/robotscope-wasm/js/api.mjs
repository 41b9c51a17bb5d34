// The JavaScript API of robotscope, over the wasm-bindgen exports of crates/robotscope-wasm.
//
// This file checks arguments (throwing TypeError/RangeError with a sentence), turns the adapter's JSON
// answers into objects, and manages memory. Every answer comes from the Rust core through `wasm`: nothing
// here matches, normalises or decides.
//
// It is written once, as ES module text whose only module syntax is its imports and its last line; `cargo xtask
// npm` writes the CommonJS copy (api.cjs). Argument checks are in checks.mjs, whole questions (`ask` and the
// renderers of its survey) in survey.mjs.

import { MAX_INPUT, MAX_ARGUMENT, MAX_QUERY, GOOGLE_SIZE_LIMIT, describe, utf8Length, text, agentList, bytesOf, sizeLimit, quote, order, optionsOf, checkStatus } from './checks.mjs';
import { createSurvey } from './survey.mjs';
import { createRobotsParser } from './robots-parser-api.mjs';

/**
 * The API over one wasm-bindgen module. `isReady()` says whether the module is loaded (and may load it);
 * `TextEncoder` is the platform's, or a stand-in where the environment lacks it (Jest's jsdom); `catalogue` is
 * the data module that `cargo xtask npm` writes from the core (data.mjs: the crawler catalogue, the diagnostic codes).
 * `internal.use(next)`, which this sets, moves the API onto another module (the one with every profile, which
 * `initProfiles()` loads in browsers): parsed handles are freed and parsed again there on their next call.
 */
function createApi(
  wasm,
  isReady,
  TextEncoder = globalThis.TextEncoder,
  catalogue = { CRAWLERS: [], CRAWLER_KINDS: [], DIAGNOSTIC_KINDS: [], PROFILES: [], AI_GROUPS: [] },
  internal = {}
) {
  const ready = () => {
    if (!isReady()) {
      throw new Error(
        'robotscope: the WebAssembly module is not loaded yet. In a browser or bundler, call `await init()` once before using the package (Node needs no init).'
      );
    }
  };

  // Arguments cross into wasm through one buffer in its memory (the adapter's `Scratch`): a query's agents
  // (several joined by the byte 0xFF, which UTF-8 never holds, so any agent string is passed as it is) and URL,
  // or a robots.txt body, as UTF-8 the way `TextEncoder` writes it (a lone surrogate becomes U+FFFD). The call
  // itself then passes only numbers: no string is allocated, copied and freed in wasm per call.
  const encoder = new TextEncoder();
  /** Above this many bytes the buffer is given back after the call (a huge argument is rare). */
  const SCRATCH_KEEP = 1024 * 1024;
  let scratch;
  let memory;
  /** The buffer's address in wasm memory and its size in bytes (-1 until it is made, on first use). */
  let base = 0;
  let room = -1;
  let bytes = new Uint8Array(0);
  /** The buffer itself, `bytes.subarray(base, base + room)`, kept rather than made for every parse. */
  let view = bytes;

  /** Makes the views of wasm memory and of the buffer in it again (after memory growth or a new buffer). */
  const remap = () => {
    bytes = new Uint8Array(memory.buffer);
    view = bytes.subarray(base, base + room);
  };

  /** Makes room for `need` bytes; the view of wasm memory is current afterwards. */
  const reserve = (need) => {
    if (need > room) {
      if (scratch === undefined) {
        scratch = new wasm.Scratch();
        memory = wasm.wasmMemory();
      }
      room = need > SCRATCH_KEEP ? need : Math.min(Math.max(need, 2 * room, 1024), SCRATCH_KEEP);
      base = scratch.resize(room);
      remap();
    } else if (bytes.byteLength === 0) {
      // Memory growth (any allocation in wasm may grow it) detaches the views.
      remap();
    }
  };

  /** Gives a buffer grown for a huge argument back (after the call that needed it). */
  const shrink = () => {
    if (room > SCRATCH_KEEP) {
      room = 1024;
      base = scratch.resize(room);
      remap();
    }
  };

  /** Writes `s` as UTF-8 at `at` (there is room for 3 bytes per code unit); returns the end. */
  const write = (s, at) => {
    const n = s.length;
    for (let i = 0; i < n; i++) {
      const c = s.charCodeAt(i);
      if (c >= 0x80) return at + encoder.encodeInto(s.slice(i), bytes.subarray(at, at + 3 * (n - i))).written;
      bytes[at++] = c;
    }
    return at;
  };

  /**
   * Writes checked agents (a string: one; an array: several, joined by 0xFF) and then a URL into the buffer;
   * returns the agents' length in bytes. A RangeError refuses more than MAX_QUERY bytes (huge agent lists). The
   * URL's length is `urlLength(url, agentsLen)` after it: each function returns one number, and no state but the
   * buffer itself is kept between calls.
   */
  const put = (fn, agents, url) => {
    const one = typeof agents === 'string';
    let need = 3 * url.length;
    if (one) need += 3 * agents.length;
    else for (let i = 0; i < agents.length; i++) need += 3 * agents[i].length + 1;
    if (need > room && need > SCRATCH_KEEP) {
      need = utf8Length(url);
      if (one) need += utf8Length(agents);
      else for (let i = 0; i < agents.length; i++) need += utf8Length(agents[i]) + 1;
      if (need > MAX_QUERY) {
        throw new RangeError(`${fn}: the agents and the URL take ${need} bytes together; the limit is ${MAX_QUERY}`);
      }
    }
    reserve(need);
    let at = base;
    if (one) at = write(agents, at);
    else {
      for (let i = 0; i < agents.length; i++) {
        if (i > 0) bytes[at++] = 0xff;
        at = write(agents[i], at);
      }
    }
    return at - base;
  };

  /** Writes the URL after the agents `put` wrote; returns its length in bytes. */
  const urlLength = (url, agentsLen) => write(url, base + agentsLen) - base - agentsLen;

  /** Writes a robots.txt body (a string or bytes) into the buffer; returns its length in bytes. */
  const putBody = (body) => {
    if (typeof body !== 'string') {
      reserve(body.byteLength);
      bytes.set(body, base);
      return body.byteLength;
    }
    const need = 3 * body.length;
    if (need > room && need > SCRATCH_KEEP) {
      // A large text: rather than reserve three bytes per character, reserve a quarter more than one (robots.txt
      // files are mostly ASCII) and encode straight into the buffer; only a text that does not fit is encoded
      // apart first (a copy more).
      reserve(body.length + (body.length >> 2) + 4);
      const { read, written } = encoder.encodeInto(body, view);
      if (read === body.length) return written;
      const encoded = encoder.encode(body);
      reserve(encoded.length);
      bytes.set(encoded, base);
      return encoded.length;
    }
    reserve(need);
    return encoder.encodeInto(body, view).written;
  };

  // Memory. A parsed file lives in wasm memory, which JavaScript's garbage collector cannot see and which never
  // shrinks; callers of the robots-parser API never call free(), and in a synchronous loop a FinalizationRegistry
  // never runs. So every Robots keeps its input on the JavaScript side (the string, or a copy of the bytes), and
  // the wasm side is a bounded cache of parsed handles: when their estimated size exceeds CACHE_BYTES, the least
  // recently used are freed, and a Robots whose handle was freed parses its input again on its next call
  // (parsing is deterministic, so the answers are the same). Eviction is CLOCK (second chance): a call, and the
  // parse itself, only mark the slot used; eviction walks the slots in order, freeing unused ones and giving used
  // ones another round.
  /**
   * The wasm memory the cached handles may take: about 26 MB of robots.txt files. With 48 MB the heap reached
   * 66.3 MiB after 300 unfreed passes over the corpus, over its 64 MiB budget (the allocator's free lists and
   * fragmentation come on top of what the handles hold).
   */
  const CACHE_BYTES = 40 * 1024 * 1024;
  /**
   * What a handle may take while its input is parsed (parsing reserves room for about one rule per 32 bytes),
   * made room for beforehand: at most about 2.4 times its input plus 290 bytes (measured on the conformance
   * corpus). Once parsed, the spare room is given back and the handle counts as what it holds (`heapBytes`,
   * about 1.5 times its input) plus what the allocator and the wrapper add.
   */
  const handleBytes = (inputBytes) => Math.ceil(inputBytes * 2.5) + 320;
  const HANDLE_OVERHEAD = 160;
  /**
   * The clock: slots with a live handle, `{ w, size, used }` (`size`: what it holds), oldest first, as a queue
   * (`clock[hand]` onwards). A slot freed by `free()` stays in it, without handle, until the hand passes it.
   * (A Set was the first queue: V8 keeps a deleted entry's place until the table is rebuilt, so each eviction
   * walked past the places of those before it, and parsing with a full cache took a quarter longer.)
   */
  let clock = [];
  let hand = 0;
  /** Slots in the queue that `free()` emptied: the queue is compacted when they are most of it. */
  let freedInQueue = 0;
  let cachedFiles = 0;
  let cachedBytes = 0;
  /** Parses into the cache (first parses and parses again after eviction) and evictions, since loading. */
  let parses = 0;
  let evictions = 0;

  /** Frees a slot's handle; `freed`: at the caller's `free()`, which the statistics do not count as eviction. */
  const evict = (slot, freed = false) => {
    if (!freed) evictions++;
    cachedFiles--;
    cachedBytes -= slot.size;
    slot.w.free();
    slot.w = undefined;
  };

  /** Frees handles not used lately until `need` more bytes fit in the budget. */
  const makeRoom = (need) => {
    while (cachedBytes + need > CACHE_BYTES && hand < clock.length) {
      const slot = clock[hand];
      clock[hand++] = undefined;
      if (slot.w === undefined) {
        freedInQueue--;
        continue;
      }
      if (slot.used) {
        // Another round for a slot used since the hand last passed it.
        slot.used = false;
        clock.push(slot);
      } else evict(slot);
    }
    if (hand > 1024 && 2 * hand > clock.length) {
      clock = clock.slice(hand);
      hand = 0;
    }
  };

  /**
   * Takes the slot of a freed Robots out of the queue's count. The slot itself stays queued until the hand passes
   * it, which only happens when the cache is full: a caller who frees every Robots never fills it, so the freed
   * slots are dropped here once they are most of the queue (without this, each parse and free() left 57 bytes
   * behind: 118 MB of JavaScript heap after two million).
   */
  const forget = () => {
    freedInQueue++;
    if (freedInQueue > 1024 && 2 * freedInQueue > clock.length - hand) {
      clock = clock.slice(hand).filter((slot) => slot.w !== undefined);
      hand = 0;
      freedInQueue = 0;
    }
  };

  /** Parses the body (text or bytes, already cut to MAX_INPUT) in wasm and caches the handle in `slot`. */
  const parseInto = (slot, body, limit) => {
    const len = putBody(body);
    const size = handleBytes(len);
    makeRoom(size);
    slot.w = wasm.Robots.fromScratch(scratch, len, limit);
    parses++;
    slot.size = slot.w.heapBytes + HANDLE_OVERHEAD;
    slot.kept = false;
    // A new handle counts as used, as a page just loaded does in CLOCK: otherwise the eviction walk, which gives
    // every handle used since its last pass another round first, frees what was just parsed before the handles
    // of objects nobody holds any more.
    slot.used = true;
    clock.push(slot);
    cachedFiles++;
    cachedBytes += slot.size;
    shrink();
  };

  const KEY = Symbol('robotscope.Robots');
  let wasmOf;

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
    for (let i = hand; i < clock.length; i++) if (clock[i].w !== undefined) evict(clock[i]);
    clock = [];
    hand = 0;
    freedInQueue = 0;
    if (scratch !== undefined) scratch.free();
    wasm = typeof next === 'function' ? next() : next;
    scratch = memory = profilesHere = undefined;
    base = 0;
    room = -1;
    bytes = view = new Uint8Array(0);
  };

  // The crawler catalogue: the .wasm names crawlers, the generated module holds their entries and facts.
  const byName = new Map(catalogue.CRAWLERS.map((c) => [c.name, c]));
  const entry = (name) => (name === null ? null : byName.get(name) || null);

  // The interpretation profiles (SPEC B6), named as the core names them (`PROFILES`, written by `cargo xtask npm`
  // from the core's `Profile::ALL`); a profile crosses into wasm as its index there.
  const PROFILES = catalogue.PROFILES.map((p) => p.name);
  /** The option `profile` of `check`: its index, 0 (Google, the default) when absent. */
  const profileOf = (fn, options) => {
    if (options.profile === undefined) return 0;
    const i = typeof options.profile === 'string' ? PROFILES.indexOf(options.profile.trim().toLowerCase()) : -1;
    if (i < 0) {
      const got = typeof options.profile === 'string' ? quote(options.profile) : describe(options.profile);
      throw new TypeError(`${fn}: options.profile must be one of ${PROFILES.map((p) => JSON.stringify(p)).join(', ')}, got ${got}`);
    }
    return i;
  };

  // Whole questions and their renderers (survey.mjs), over this API's module and cache.
  let keepOf;
  const survey = createSurvey({
    wasm: () => wasm,
    handle: (robots, fn) => wasmOf(robots, fn.slice(fn.indexOf('.') + 1)),
    keep: (robots) => keepOf(robots),
    isRobots: (x) => x instanceof Robots,
    needProfiles,
    ready,
    entry,
    catalogue,
  });
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

  /** A parsed robots.txt file. Create it with `Robots.parse`. */
  class Robots {
    /** `{ w, size, used }`: the wasm handle (undefined when the cache freed it; `size` is -1 after free()). */
    #slot;
    /** The input: the string, or a copy of the bytes (cut to MAX_INPUT), to parse again after eviction. */
    #input;
    #limit;
    #cutFrom;

    constructor(key, slot, input, limit, cutFrom) {
      if (key !== KEY) throw new TypeError('robotscope: create a Robots with Robots.parse(text)');
      this.#slot = slot;
      this.#input = input;
      this.#limit = limit;
      this.#cutFrom = cutFrom;
      // No FinalizationRegistry: when the garbage collector takes a Robots, its slot is never marked used again,
      // so the next eviction frees its handle first (a registry would cost more per parse than it saves).
    }

    /**
     * Parses a robots.txt body: a string, or raw bytes (Uint8Array, ArrayBuffer, any ArrayBuffer view).
     * Parsing never fails. `options.limit`: read at most this many bytes (`"google"`: 500 KiB).
     */
    static parse(input, options) {
      ready();
      const limit = sizeLimit('Robots.parse', options);
      let body;
      let cutFrom = -1;
      if (typeof input === 'string') {
        body = input;
        if (input.length > MAX_INPUT) {
          if (limit < 0 || limit > MAX_INPUT) {
            throw new RangeError(
              `Robots.parse: the text is ${input.length} characters long; the limit is ${MAX_INPUT} (pass { limit: "google" } to read only what Google reads)`
            );
          }
          // Only the first `limit` bytes count: the first MAX_INPUT code units hold them all.
          let end = MAX_INPUT;
          const last = input.charCodeAt(end - 1);
          if (last >= 0xd800 && last <= 0xdbff) end += 1;
          body = input.slice(0, end);
          cutFrom = utf8Length(input);
        }
      } else {
        const bytes = bytesOf(input);
        if (bytes === undefined) {
          throw new TypeError(`Robots.parse: expected a string or a Uint8Array, got ${describe(input)}`);
        }
        if (bytes.byteLength > MAX_INPUT) {
          if (limit < 0 || limit > MAX_INPUT) {
            throw new RangeError(
              `Robots.parse: the input is ${bytes.byteLength} bytes long; the limit is ${MAX_INPUT} (pass { limit: "google" } to read only what Google reads)`
            );
          }
          cutFrom = bytes.byteLength;
        }
        // A copy: the caller may reuse its buffer, and the file is parsed again from this after eviction. (Not
        // cut at `limit`: the core cuts, and says where from.)
        body = bytes.slice(0, MAX_INPUT);
      }
      const slot = { w: undefined, size: 0, used: false, kept: false };
      parseInto(slot, body, limit);
      return new Robots(KEY, slot, body, limit, cutFrom);
    }

    /** The wasm handle, parsed again if the cache freed it. */
    #live(fn) {
      const slot = this.#slot;
      if (slot.w === undefined) {
        if (slot.size < 0) throw new Error(`robots.${fn}: this Robots was freed`);
        parseInto(slot, this.#input, this.#limit);
      }
      slot.used = true;
      return slot.w;
    }

    /** Whether the agent(s) may fetch the URL: the fast path, no explanation. */
    isAllowed(agents, url) {
      return this.#decide('robots.isAllowed', agents, url) % 2 === 1;
    }

    /** `{ allowed, line }`: the verdict and the deciding line (0 when no rule decided). */
    decide(agents, url) {
      const n = this.#decide('robots.decide', agents, url);
      return { allowed: n % 2 === 1, line: Math.floor(n / 2) };
    }

    #decide(fn, agents, url) {
      if (typeof agents !== 'string' || agents.length > MAX_ARGUMENT) agents = agentList(fn, agents);
      if (typeof url !== 'string' || url.length > MAX_ARGUMENT) text(fn, 'the URL', url);
      order(fn, agents, url);
      const w = this.#live(fn === 'robots.decide' ? 'decide' : 'isAllowed');
      const agentsLen = put(fn, agents, url);
      const n = w.decide(scratch, typeof agents !== 'string', agentsLen, urlLength(url, agentsLen));
      shrink();
      return n;
    }

    /**
     * The explained verdict (SPEC B1): the deciding rule, the groups that applied, every matching rule.
     * `options.profile` reads the file as Google (the default), RFC 9309 or the 1994 standard (SPEC B6); the groups
     * are then that reading's.
     */
    check(agents, url, options) {
      return this.#check('check', agents, url, false, profileOf('robots.check', optionsOf('robots.check', options, ['profile'])));
    }

    /**
     * The usage preferences that apply when the agents fetch the URL (the core's `usage`): Content-Usage (IETF
     * draft) and Content-Signal, each with its deciding line. They never change a verdict.
     */
    usage(agents, url) {
      return this.#check('usage', agents, url, true, 0).usage;
    }

    /** The explained verdict, with the usage preferences as its `usage` member when `usage` is true. */
    #check(name, agents, url, usage, profile) {
      const fn = `robots.${name}`;
      if (profile !== 0) needProfiles(fn);
      const a = agentList(fn, agents);
      text(fn, 'the URL', url);
      order(fn, a, url);
      const w = this.#live(name);
      const agentsLen = put(fn, a, url);
      const found = w.check(scratch, typeof a !== 'string', agentsLen, urlLength(url, agentsLen), usage, profile);
      shrink();
      return JSON.parse(found);
    }

    /**
     * The core's answer to a whole question (`Robots::ask`): typed agents and URLs, a base, a view (a profile or
     * `compare`), a baseline file; with `explain`, each cell's explanation and quoted lines.
     */
    ask(question) {
      return survey.ask(this, question);
    }

    /** A typed agent at a typed URL, explained (the survey of one cell). */
    checkAgent(agent, url, options) {
      return survey.checkAgent(this, agent, url, options);
    }

    /** Typed agents at typed URLs: one row per URL, one answer per agent (the survey's cells, no explanations). */
    grid(agents, urls, options) {
      return survey.grid(this, agents, urls, options);
    }

    /** Every URL for every agent under each profile, with each one's explanation and the core's marks. */
    compare(agents, urls, options) {
      return survey.compare(this, agents, urls, options);
    }

    /** What the file does to the catalogue's AI crawlers, by the core's AI groups (the CLI's `robotscope ai`). */
    ai(options) {
      return survey.ai(this, options);
    }

    /** The lint (SPEC B3): `{ kind, severity, line, column, start, end, byteStart, byteEnd, message, help }[]`. */
    diagnostics() {
      return JSON.parse(this.#live('diagnostics').diagnostics());
    }

    /** The `Sitemap:` lines: `{ url, line, start, end, byteStart, byteEnd }[]`. */
    sitemaps() {
      return JSON.parse(this.#live('sitemaps').sitemaps());
    }

    /** The per-line report: one entry per line with its tag, directive and Google's flags. */
    lines() {
      return this.report().lines;
    }

    /** The per-line report and its totals (Search Console's counts). */
    report() {
      return JSON.parse(this.#live('report').report());
    }

    /** The groups: their user-agent lines and rules. */
    groups() {
      return JSON.parse(this.#live('groups').groups());
    }

    /** Lines with keys Google does not act on (crawl-delay, host, clean-param, ...). */
    otherDirectives() {
      return JSON.parse(this.#live('otherDirectives').otherDirectives());
    }

    /** `{ seconds, line }` of the crawl-delay that applies to the agent(s), or null. Google ignores it. */
    crawlDelay(agents) {
      const a = agentList('robots.crawlDelay', agents);
      const w = this.#live('crawlDelay');
      const agentsLen = put('robots.crawlDelay', a, '');
      const found = w.crawlDelay(scratch, typeof a !== 'string', agentsLen);
      shrink();
      return found.length === 0 ? null : { seconds: found[0], line: found[1] };
    }

    /** `{ host, line }` of the first `Host:` line, or null. */
    preferredHost() {
      const found = JSON.parse(this.#live('preferredHost').preferredHost());
      return found === null ? null : { host: found[0], line: found[1] };
    }

    /** Whether a `User-agent` line names one of the agents (not counting `*`). */
    hasOwnGroup(agents) {
      const a = agentList('robots.hasOwnGroup', agents);
      const w = this.#live('hasOwnGroup');
      const agentsLen = put('robots.hasOwnGroup', a, '');
      const own = w.hasOwnGroup(scratch, typeof a !== 'string', agentsLen);
      shrink();
      return own;
    }

    /** The number of lines (the line after the last terminator counts). */
    get lineCount() {
      return this.#live('lineCount').lineCount;
    }

    /** The number of bytes parsed. */
    get byteLength() {
      return this.#live('byteLength').byteLength;
    }

    /** The input's full length in bytes when a size limit cut it, else null. */
    get cutFrom() {
      if (this.#cutFrom >= 0) return this.#cutFrom;
      const n = this.#live('cutFrom').cutFrom;
      return n < 0 ? null : n;
    }

    /** The text that UTF-16 offsets (`start`, `end`, `column`) index: the string parsed, or the bytes decoded. */
    get text() {
      if (typeof this.#input === 'string') {
        this.#live('text');
        return this.#input;
      }
      return this.#live('text').text();
    }

    static {
      // The robots-parser façade below reaches the wasm object through this; nothing outside can.
      wasmOf = (robots, fn) => robots.#live(fn);
      keepOf = (robots) => robots.#keep();
    }

    /** Keeps the other readings with the parse (once per parse), counted in the cache. */
    #keep() {
      const slot = this.#slot;
      const w = this.#live('ask');
      if (slot.kept) return;
      w.keepReadings();
      const size = w.heapBytes + HANDLE_OVERHEAD;
      cachedBytes += size - slot.size;
      slot.size = size;
      slot.kept = true;
    }

    /** What `JSON.stringify` shows: sizes, groups and sitemaps (not the text). */
    toJSON() {
      const w = this.#live('toJSON');
      return {
        lineCount: w.lineCount,
        byteLength: w.byteLength,
        cutFrom: this.cutFrom,
        groups: this.groups().map((g) => g.agents.map((a) => a.value)),
        sitemaps: this.sitemaps().map((s) => s.url),
      };
    }

    /** What `console.log` and `util.inspect` show in Node. */
    [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) {
      if (this.#slot.size < 0) return 'Robots <freed>';
      const summary = this.toJSON();
      return `Robots ${typeof inspect === 'function' ? inspect(summary, options) : JSON.stringify(summary)}`;
    }

    /** Frees the WebAssembly memory now. Later calls throw. Optional: the cache frees what is not used. */
    free() {
      const slot = this.#slot;
      if (slot.w !== undefined) {
        evict(slot, true);
        forget();
      }
      slot.size = -1;
      this.#input = undefined;
    }
  }
  if (typeof Symbol.dispose === 'symbol') Robots.prototype[Symbol.dispose] = Robots.prototype.free;

  /** Rethrows the core's URL error sentence as a TypeError. */
  const urlCall = (fn, call) => {
    try {
      return call();
    } catch (e) {
      if (typeof e === 'string') throw new TypeError(`${fn}: ${e}`);
      throw e;
    }
  };

  function robotsUrl(pageUrl) {
    ready();
    text('robotsUrl', 'the page URL', pageUrl);
    return urlCall('robotsUrl', () => wasm.robotsUrl(pageUrl));
  }

  function governs(robotsTxtUrl, pageUrl) {
    ready();
    text('governs', 'the robots.txt URL', robotsTxtUrl);
    text('governs', 'the page URL', pageUrl);
    return JSON.parse(urlCall('governs', () => wasm.governs(robotsTxtUrl, pageUrl)));
  }

  function normalizeUrl(url) {
    ready();
    text('normalizeUrl', 'the URL', url);
    return urlCall('normalizeUrl', () => wasm.normalizeUrl(url));
  }

  function pathOf(url) {
    ready();
    return wasm.pathOf(text('pathOf', 'the URL', url));
  }

  function productToken(userAgent) {
    ready();
    return wasm.productToken(text('productToken', 'the User-Agent', userAgent));
  }

  function tokenFromUserAgent(header) {
    ready();
    return wasm.productToken(text('tokenFromUserAgent', 'the User-Agent', header));
  }

  function isValidAgent(agent) {
    ready();
    return wasm.isValidAgent(text('isValidAgent', 'the agent', agent));
  }

  function escapePattern(value) {
    ready();
    return wasm.escapePattern(text('escapePattern', 'the value', value));
  }

  function fetchOutcome(status) {
    ready();
    return JSON.parse(wasm.fetchOutcome(checkStatus('fetchOutcome', status)));
  }

  /** What a crawler may do after fetching a robots.txt (SPEC B5). */
  class CrawlPolicy {
    constructor(status, outcome, message, robots) {
      this.status = status;
      this.outcome = outcome;
      this.message = message;
      this.robots = robots;
    }

    isAllowed(agents, url) {
      if (this.robots !== null) return this.robots.isAllowed(agents, url);
      agentList('policy.isAllowed', agents);
      text('policy.isAllowed', 'the URL', url);
      return this.outcome !== 'disallow-all';
    }

    free() {
      if (this.robots !== null) this.robots.free();
    }
  }

  function fromResponse(status, body) {
    ready();
    checkStatus('fromResponse', status);
    const { outcome, message } = JSON.parse(wasm.fetchOutcome(status));
    let robots = null;
    if (outcome === 'parse-body') {
      if (body === undefined || body === null) {
        throw new TypeError(`fromResponse: a ${status} response needs its body (a string or a Uint8Array)`);
      }
      robots = Robots.parse(body, { limit: 'google' });
    }
    return new CrawlPolicy(status, outcome, message, robots);
  }

  // The robots-parser API (robots-parser.mjs's `createRobotsParser`) asks through these two: a path on the file's
  // origin serialised into the buffer as it is checked (`decidePlain`), or the whole URL as the platform's URL
  // parser serialised it (`decideHref`).
  /**
   * Paths (and queries) that `decidePlain` serialises as the WHATWG parser does: letters, digits,
   * `-._~!$&()*+,;=:@/?` as they are, `%xx` escapes other than `%2e` (a dot), a space as `%20` and any other
   * character above U+007F as the `%XX` escapes of its UTF-8 (a lone surrogate as U+FFFD's), in both the path and
   * the query, with no `.` or `..` segment (`/.` or `/..` before a `/`, a `?` or the end), and the spaces and
   * controls that end the URL dropped. For a URL on the file's origin with such a path, `new URL(url).href`
   * without its fragment is what is written, so the parser can be skipped (the tests check this on every vector
   * URL). `PLAIN[c]` for an ASCII code: 1 for the characters kept as they are, 2 for `%`, 3 for `.`, 4 for a
   * space, 0 for the others.
   */
  const PLAIN = new Uint8Array(128);
  for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_~!$&()*+,;=:@/?') PLAIN[c.charCodeAt(0)] = 1;
  PLAIN[37] = 2;
  PLAIN[46] = 3;
  PLAIN[32] = 4;
  const isHex = (c) => (c >= 48 && c <= 57) || ((c | 32) >= 97 && (c | 32) <= 102);
  /** `%XX` for a byte, as the code units of its three characters (upper-case digits, as the URL parser writes). */
  const HEX = new Uint8Array([48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 65, 66, 67, 68, 69, 70]);
  const escapeAt = (b, at, byte) => {
    b[at] = 37;
    b[at + 1] = HEX[byte >> 4];
    b[at + 2] = HEX[byte & 15];
    return at + 3;
  };
  /**
   * Asks the parsed file `w` about one agent and the path of `url` from `start` (the `/` that starts it, or 0 for
   * the whole URL when the path starts with `//`, which the core reads as a host when it stands alone) to the
   * fragment. The path is serialised into the buffer as it is checked; the core reads the same path from it as
   * from the whole URL, so only the path crosses into wasm. Returns `line * 2 + allowed`, or -2 when the path is
   * not one that `PLAIN` describes (nothing was asked).
   */
  const decidePlain = (w, token, url, start) => {
    let end = url.length;
    // The URL parser drops the spaces and controls that end a URL.
    while (end > start && url.charCodeAt(end - 1) <= 32) end--;
    // Nine bytes per code unit (three `%XX` escapes); a URL too long for the kept buffer is left to the parser.
    const need = 3 * token.length + 9 * (end - start);
    if (need > SCRATCH_KEEP) return -2;
    reserve(need);
    const agentsLen = write(token, base) - base;
    const b = bytes;
    let at = base + agentsLen;
    for (let i = start; i < end; i++) {
      let c = url.charCodeAt(i);
      const kind = c < 128 ? PLAIN[c] : 5;
      if (kind !== 1) {
        if (c === 35) break; // `#`: the fragment is not asked about
        if (kind === 0) return -2;
        if (kind === 2) {
          const h = url.charCodeAt(i + 1);
          const l = url.charCodeAt(i + 2);
          if (!isHex(h) || !isHex(l) || (h === 50 && (l | 32) === 101)) return -2;
        } else if (kind === 3) {
          if (url.charCodeAt(i - 1) === 47) {
            // `.` after `/`: `/.` or `/..` before `/`, `?`, the fragment or the end is a dot segment.
            const j = url.charCodeAt(i + 1) === 46 ? i + 2 : i + 1;
            const next = url.charCodeAt(j);
            if (j === end || next === 47 || next === 63 || next === 35) return -2;
          }
        } else {
          if (kind === 4) at = escapeAt(b, at, 32);
          else if (c < 0x800) {
            at = escapeAt(b, at, 0xc0 | (c >> 6));
            at = escapeAt(b, at, 0x80 | (c & 63));
          } else {
            if (c >= 0xd800 && c <= 0xdfff) {
              const d = url.charCodeAt(i + 1);
              if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
                c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
                i++;
              } else c = 0xfffd;
            }
            if (c >= 0x10000) {
              at = escapeAt(b, at, 0xf0 | (c >> 18));
              at = escapeAt(b, at, 0x80 | ((c >> 12) & 63));
            } else at = escapeAt(b, at, 0xe0 | (c >> 12));
            at = escapeAt(b, at, 0x80 | ((c >> 6) & 63));
            at = escapeAt(b, at, 0x80 | (c & 63));
          }
          continue;
        }
      }
      b[at++] = c;
    }
    const n = w.decide(scratch, false, agentsLen, at - base - agentsLen);
    shrink();
    return n;
  };

  /** Asks the parsed file `w` about one agent and a whole URL: `line * 2 + allowed`. */
  const decideHref = (w, fn, token, href) => {
    const agentsLen = put(fn, token, href);
    const n = w.decide(scratch, false, agentsLen, urlLength(href, agentsLen));
    shrink();
    return n;
  };

  const { RobotsParser, robotsParser } = createRobotsParser({ Robots, ready, wasmOf, decidePlain, decideHref, productToken: (ua) => wasm.productToken(ua) });

  /** The size of the WebAssembly memory in bytes. It grows and never shrinks; freed memory is reused. */
  function wasmMemoryBytes() {
    ready();
    return wasm.wasmMemory().buffer.byteLength;
  }

  /** What the cache of parsed files in WebAssembly memory holds, and what it did since the module loaded. */
  function cacheStats() {
    return { files: cachedFiles, bytes: cachedBytes, limit: CACHE_BYTES, parses, evictions };
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
    GOOGLE_SIZE_LIMIT,
    MAX_INPUT,
    MAX_ARGUMENT,
  };
}

export { createApi };
