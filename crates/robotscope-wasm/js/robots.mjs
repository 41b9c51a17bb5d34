// `Robots`, a parsed robots.txt file: its input kept on the JavaScript side, its parse a handle in the cache
// (cache.mjs), each question one call to the core through the buffer (buffer.mjs), whole questions through the
// survey (survey.mjs).
//
// ES module text whose only module syntax is its imports and its last line; `cargo xtask npm` writes the CommonJS
// copy.

import { MAX_INPUT, MAX_ARGUMENT, describe, utf8Length, text, agentList, bytesOf, sizeLimit, order, optionsOf } from './checks.mjs';

/**
 * The class over one API: `ctx` gives `ready()`, the buffer and the cache, `needProfiles(fn)`, `profileOf(fn,
 * options)` (the option `profile` as the module's index) and, once made, the survey (`ctx.survey`). Returns the
 * class with `live(robots, fn)` (a Robots' wasm handle, parsed again if the cache freed it) and `keep(robots)`.
 */
function createRobots(ctx) {
  const { ready, buffer, cache, needProfiles, profileOf } = ctx;
  const KEY = Symbol('robotscope.Robots');
  let live;
  let keep;

  /** A parsed robots.txt file. Create it with `Robots.parse`. */
  class Robots {
    /** The cache's slot: the wasm handle (undefined when the cache freed it; `size` is -1 after free()). */
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
      const text = typeof input === 'string';
      const bytes = text ? undefined : bytesOf(input);
      if (!text && bytes === undefined) throw new TypeError(`Robots.parse: expected a string or a Uint8Array, got ${describe(input)}`);
      const size = text ? input.length : bytes.byteLength;
      let cutFrom = -1;
      if (size > MAX_INPUT) {
        if (limit < 0 || limit > MAX_INPUT) {
          const what = text ? `the text is ${size} characters long` : `the input is ${size} bytes long`;
          throw new RangeError(`Robots.parse: ${what}; the limit is ${MAX_INPUT} (pass { limit: "google" } to read only what Google reads)`);
        }
        cutFrom = text ? utf8Length(input) : size;
      }
      // Only the first `limit` bytes count: the first MAX_INPUT code units of a text hold them all (a surrogate pair
      // is kept whole). Bytes are copied: the caller may reuse its buffer, and the file is parsed again from this
      // after eviction. (Not cut at `limit`: the core cuts, and says where from.)
      let body = text ? input : bytes.slice(0, MAX_INPUT);
      if (text && size > MAX_INPUT) {
        const pair = (input.charCodeAt(MAX_INPUT - 1) & 0xfc00) === 0xd800;
        body = input.slice(0, pair ? MAX_INPUT + 1 : MAX_INPUT);
      }
      const slot = cache.slot();
      cache.parseInto(slot, body, limit);
      return new Robots(KEY, slot, body, limit, cutFrom);
    }

    /** The wasm handle, parsed again if the cache freed it. */
    #live(fn) {
      const slot = this.#slot;
      if (slot.w === undefined) {
        if (slot.size < 0) throw new Error(`robots.${fn}: this Robots was freed`);
        cache.parseInto(slot, this.#input, this.#limit);
      }
      slot.used = true;
      return slot.w;
    }

    /** Whether the agent(s) may fetch the URL: the fast path, no explanation. */
    isAllowed(agents, url) {
      return this.#decide('isAllowed', agents, url) % 2 === 1;
    }

    /** `{ allowed, line }`: the verdict and the deciding line (0 when no rule decided). */
    decide(agents, url) {
      const n = this.#decide('decide', agents, url);
      return { allowed: n % 2 === 1, line: Math.floor(n / 2) };
    }

    #decide(name, agents, url) {
      const fn = `robots.${name}`;
      if (typeof agents !== 'string' || agents.length > MAX_ARGUMENT) agents = agentList(fn, agents);
      if (typeof url !== 'string' || url.length > MAX_ARGUMENT) text(fn, 'the URL', url);
      order(fn, agents, url);
      return buffer.call(this.#live(name), 'decide', fn, agents, url);
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
      return JSON.parse(buffer.call(this.#live(name), 'check', fn, a, url, usage, profile));
    }

    /**
     * The core's answer to a whole question (`Robots::ask`): typed agents and URLs, a base, a view (a profile or
     * `compare`), a baseline file; with `explain`, each cell's explanation and quoted lines.
     */
    ask(question) {
      return ctx.survey.ask(this, question);
    }

    /** A typed agent at a typed URL, explained (the survey of one cell). */
    checkAgent(agent, url, options) {
      return ctx.survey.checkAgent(this, agent, url, options);
    }

    /** Typed agents at typed URLs: one row per URL, one answer per agent (the survey's cells, no explanations). */
    grid(agents, urls, options) {
      return ctx.survey.grid(this, agents, urls, options);
    }

    /** Every URL for every agent under each profile, with each one's explanation and the core's marks. */
    compare(agents, urls, options) {
      return ctx.survey.compare(this, agents, urls, options);
    }

    /** What the file does to the catalogue's AI crawlers, by the core's AI groups (the CLI's `robotscope ai`). */
    ai(options) {
      return ctx.survey.ai(this, options);
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
      const found = buffer.call(this.#live('crawlDelay'), 'crawlDelay', 'robots.crawlDelay', a, '');
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
      return buffer.call(this.#live('hasOwnGroup'), 'hasOwnGroup', 'robots.hasOwnGroup', a, '');
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
      // The survey and the robots-parser façade reach the wasm object through this; nothing outside can.
      live = (robots, fn) => robots.#live(fn);
      keep = (robots) => robots.#keep();
    }

    /** Keeps the other readings with the parse (once per parse), counted in the cache. */
    #keep() {
      const slot = this.#slot;
      const w = this.#live('ask');
      if (slot.kept) return;
      w.keepReadings();
      cache.resize(slot);
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
      cache.free(this.#slot);
      this.#input = undefined;
    }
  }
  if (typeof Symbol.dispose === 'symbol') Robots.prototype[Symbol.dispose] = Robots.prototype.free;

  return { Robots, live, keep };
}

export { createRobots };
