// The robots-parser drop-in (`robotsParser(url, contents)`): robots-parser's API and conventions over a parsed
// `Robots`, each query one wasm call through the façade's buffer (buffer.mjs: `decidePlain`, or `call` with the
// whole URL).
//
// ES module text whose only module syntax is its imports and its last line; `cargo xtask npm` writes the CommonJS
// copy.

import { MAX_INPUT, MAX_ARGUMENT, describe } from './checks.mjs';

/**
 * The drop-in over one API: `ctx` gives its `Robots`, `ready()`, the live wasm handle of a Robots (`wasmOf`), the
 * buffer (`buffer.decidePlain`, `buffer.call`) and the core's `productToken`.
 */
function createRobotsParser(ctx) {
  const { Robots, ready, wasmOf, buffer, productToken } = ctx;
  const KEY = Symbol('robotscope.RobotsParser');

  // The robots-parser API. Which URLs a file answers is robots-parser's convention, kept exactly: both URLs are
  // read by the platform's URL parser (WHATWG, as robots-parser does: URL objects, IDNs and percent-encoded
  // hosts, relative URLs against a placeholder origin), and a query is answered when protocol, host and port
  // are the file's. The core then answers for the URL as the parser serialised it (what a browser sends, the
  // fragment dropped), for the product token of the User-Agent: Google's semantics, one wasm call.
  /** robots-parser's base for relative URLs: a relative robots.txt URL answers only relative page URLs. */
  const RELATIVE_BASE = 'http://robots-relative.samclarke.com/';
  const RELATIVE_ORIGIN = 'http://robots-relative.samclarke.com';
  const parseUrl = (url) => {
    try {
      return new URL(url, RELATIVE_BASE);
    } catch {
      return null;
    }
  };
  /** Product tokens of the User-Agents seen (robots-parser callers pass the same few again and again). */
  const tokens = new Map();
  /** The last User-Agent string asked about and its token: most callers ask for one agent at a time. */
  let lastUa = '';
  let lastToken = '*';
  /** The product token of `ua` (`*` for none), for the method `fn` (`robots.${fn}` in an error). */
  const tokenOf = (fn, ua) => {
    if (ua === lastUa) return lastToken;
    if (ua === undefined || ua === null || ua === '') return '*';
    let token = tokens.get(ua);
    if (token === undefined) {
      if (typeof ua !== 'string') throw new TypeError(`robots.${fn}: the user agent must be a string, got ${describe(ua)}`);
      token = productToken(ua.length > MAX_ARGUMENT ? ua.slice(0, MAX_ARGUMENT) : ua);
      if (token === '') token = '*';
      if (tokens.size >= 1024) tokens.clear();
      tokens.set(ua, token);
    }
    lastUa = ua;
    lastToken = token;
    return token;
  };

  /** The robots-parser API (`robotsParser(url, contents)`), answered by the core. */
  class RobotsParser {
    #robots;
    #url;
    /** The robots.txt URL as robots-parser reads it, or null when it is not a URL (nothing is answered). */
    #root;
    /** Its origin as `href` spells it (`http://www.example.com`), and whether it is robots-parser's placeholder. */
    #origin;
    #relative;

    constructor(key, url, contents) {
      if (key !== KEY) throw new TypeError('robotscope: create a RobotsParser with robotsParser(url, contents)');
      if (contents === undefined || contents === null) contents = '';
      // robots-parser reads any size; the engine reads at most MAX_INPUT bytes, so a larger body is cut there.
      const size = typeof contents === 'string' ? contents.length : contents?.byteLength;
      this.#robots = Robots.parse(contents, size > MAX_INPUT ? { limit: MAX_INPUT } : undefined);
      this.#url = url;
      this.#root = parseUrl(url);
      if (this.#root !== null) {
        const href = this.#root.href;
        // The origin as it starts `href` (scheme, `//`, host and port), for http and https without user info.
        const { protocol, username, password } = this.#root;
        const origin = href.slice(0, href.indexOf('/', protocol.length + 2));
        // (Not for a host with `;`, where the core's path of the whole URL starts: see `decidePlain`.)
        if ((protocol === 'http:' || protocol === 'https:') && !username && !password && !origin.includes(';')) {
          this.#origin = origin;
        }
        this.#relative = this.#root.origin === RELATIVE_ORIGIN;
      }
    }

    /** `line * 2 + allowed`, or -1 when the file does not answer for `url` (another origin, or not a URL). */
    #decide(fn, url, ua) {
      const root = this.#root;
      if (root === null) return -1;
      // A URL on the file's origin (or a path, for a relative robots.txt URL) whose path starts with one `/`:
      // asked about by its path when that is plain, without the URL parser.
      const origin = this.#origin;
      let start = -1;
      if (origin !== undefined && typeof url === 'string') {
        if (this.#relative) {
          if (url.charCodeAt(0) === 47 && url.charCodeAt(1) !== 47) start = 0;
        } else if (url.startsWith(origin) && url.charCodeAt(origin.length) === 47) {
          // A path that starts with `//` is asked about with the whole URL (the core would read a host in it).
          start = url.charCodeAt(origin.length + 1) === 47 ? 0 : origin.length;
        }
      }
      if (start >= 0 && url.length - start <= MAX_INPUT) {
        const token = tokenOf(fn, ua);
        const n = buffer.decidePlain(wasmOf(this.#robots, fn), token, url, start);
        if (n !== -2) return n;
      }
      const u = parseUrl(url);
      if (u === null || u.protocol !== root.protocol || u.hostname !== root.hostname || u.port !== root.port) return -1;
      let href = u.href;
      const hash = href.indexOf('#');
      if (hash >= 0) href = href.slice(0, hash);
      return buffer.call(wasmOf(this.#robots, fn), 'decide', `robots.${fn}`, tokenOf(fn, ua), href);
    }

    isAllowed(url, ua) {
      const n = this.#decide('isAllowed', url, ua);
      return n < 0 ? undefined : n % 2 === 1;
    }

    isDisallowed(url, ua) {
      const n = this.#decide('isDisallowed', url, ua);
      return n < 0 ? true : n % 2 === 0;
    }

    /** True when the agent has a group of its own and it disallows the URL (the `*` group is ignored). */
    isExplicitlyDisallowed(url, ua) {
      const n = this.#decide('isExplicitlyDisallowed', url, ua);
      if (n < 0) return undefined;
      const token = tokenOf('isExplicitlyDisallowed', ua);
      return token !== '*' && this.#robots.hasOwnGroup(token) && n % 2 === 0;
    }

    getMatchingLineNumber(url, ua) {
      const n = this.#decide('getMatchingLineNumber', url, ua);
      const line = n < 0 ? 0 : Math.floor(n / 2);
      return line === 0 ? -1 : line;
    }

    getCrawlDelay(ua) {
      const found = this.#robots.crawlDelay(tokenOf('getCrawlDelay', ua));
      return found === null ? undefined : found.seconds;
    }

    getSitemaps() {
      return this.#robots
        .sitemaps()
        .map((s) => s.url)
        .filter((u) => u !== '');
    }

    getPreferredHost() {
      const host = this.#robots.preferredHost();
      return host === null || host.host === '' ? null : host.host;
    }

    /** The parsed file, for the explained API (`check`, `diagnostics`, ...). */
    get robots() {
      return this.#robots;
    }

    /** What `JSON.stringify` shows: the robots.txt URL, sitemaps, preferred host and the file's summary. */
    toJSON() {
      return {
        url: this.#root === null ? String(this.#url) : this.#root.href,
        sitemaps: this.getSitemaps(),
        preferredHost: this.getPreferredHost(),
        robots: this.#robots.toJSON(),
      };
    }

    [Symbol.for('nodejs.util.inspect.custom')](depth, options, inspect) {
      const summary = this.toJSON();
      return `RobotsParser ${typeof inspect === 'function' ? inspect(summary, options) : JSON.stringify(summary)}`;
    }

    free() {
      this.#robots.free();
    }
  }

  function robotsParser(url, contents) {
    ready();
    return new RobotsParser(KEY, url, contents);
  }

  return { RobotsParser, robotsParser };
}

export { createRobotsParser };
