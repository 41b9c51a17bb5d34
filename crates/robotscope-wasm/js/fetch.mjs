// Fetching a live robots.txt as a crawler does (SPEC B4, B5), and comparing two files: `fromResponse`,
// `fetchRobots` and `diff` over an API instance (the Node or the browser build). This file only does HTTP: the
// core's fetch state (`FetchState`) decides each redirect, the size limit and the outcome in words, and its
// question layer answers a side without a file.
//
// ES module text whose only module syntax is its imports and its last line; `cargo xtask npm` writes the CommonJS
// copy.

import { text, agentList, checkStatus } from './checks.mjs';

/** Reads at most `limit` bytes of a response body (the core's limit and one byte more, which tells a cut file). */
async function readLimited(response, limit) {
  if (!response.body || typeof response.body.getReader !== 'function') {
    return new Uint8Array(await response.arrayBuffer()).subarray(0, limit);
  }
  const reader = response.body.getReader();
  const chunks = [];
  let size = 0;
  while (size < limit) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.length;
  }
  if (size >= limit) await reader.cancel().catch(() => {});
  const bytes = new Uint8Array(Math.min(size, limit));
  let at = 0;
  for (const c of chunks) {
    const part = c.subarray(0, Math.min(c.length, bytes.length - at));
    bytes.set(part, at);
    at += part.length;
    if (at === bytes.length) break;
  }
  return bytes;
}

/**
 * Lets go of a body that is not read (redirects, 4xx, 5xx): Node's fetch keeps the connection until the body is
 * read, cancelled or garbage-collected, so a crawler fetching many hosts would hold a socket for each.
 */
function discard(response) {
  try {
    const cancelled = response.body && typeof response.body.cancel === 'function' && response.body.cancel();
    if (cancelled && typeof cancelled.catch === 'function') cancelled.catch(() => {});
  } catch {
    // A body already read or locked has nothing to let go of.
  }
}

/** A network failure in words. */
function describeError(error, timedOut, timeout) {
  if (timedOut) return `no answer within ${timeout / 1000} s (timeout)`;
  const cause = error && error.cause;
  const code = (cause && cause.code) || (error && error.code);
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'host not found (the DNS lookup failed)';
    case 'ECONNRESET':
    case 'UND_ERR_SOCKET':
      return 'the connection closed before the answer was complete';
    default:
      return String((cause && cause.message) || (error && error.message) || error);
  }
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

/**
 * The functions over one API: `api` gives its `Robots`, `ready()`, `fetchOutcome`, `fetchState(fn, pageUrl)` (the
 * core's fetch state), `ask(robots, question, fn, sites)` and `wholeSite(outcome)` (survey.mjs).
 */
function createFetch(api) {
  function fromResponse(status, body) {
    api.ready();
    const { outcome, message } = api.fetchOutcome(checkStatus('fromResponse', status));
    let robots = null;
    if (outcome === 'parse-body') {
      if (body === undefined || body === null) {
        throw new TypeError(`fromResponse: a ${status} response needs its body (a string or a Uint8Array)`);
      }
      robots = api.Robots.parse(body, { limit: 'google' });
    }
    return new CrawlPolicy(status, outcome, message, robots);
  }

  /**
   * Fetches the robots.txt that governs `pageUrl` and applies SPEC B5. Returns
   * `{ outcome, status, robotsUrl, finalUrl, redirects, reason, error, cut, robots }` where `outcome` is
   * `"parse-body"` (2xx: `robots` is the parsed file, first 500 KiB), `"allow-all"` (4xx, or no file reached within
   * 5 redirects) or `"disallow-all"` (429, 5xx, timeouts, network errors, bodies cut short); `robots` is null
   * unless the outcome is `"parse-body"`. Never rejects for a network failure: that is the `"disallow-all"` row.
   * `options.fetch` replaces `globalThis.fetch` (for tests and proxies); `options.timeout` is in milliseconds
   * (default 10,000) and covers each request with its body.
   */
  async function fetchRobots(pageUrl, options = {}) {
    const fetchFn = options.fetch || globalThis.fetch;
    if (typeof fetchFn !== 'function') throw new TypeError('fetchRobots: no fetch function (pass { fetch })');
    const timeout = options.timeout === undefined ? 10000 : options.timeout;
    if (typeof timeout !== 'number' || !(timeout > 0)) {
      throw new RangeError(`fetchRobots: the timeout must be a number of milliseconds above 0, got ${timeout}`);
    }
    const state = api.fetchState('fetchRobots', pageUrl); // throws a TypeError for a URL that no robots.txt governs
    let browserUrl = null;
    const finish = () => {
      const result = JSON.parse(state.result());
      if (browserUrl !== null) result.finalUrl = browserUrl;
      result.robots = result.outcome === 'parse-body' ? api.Robots.parse(state.takeBody()) : null;
      return result;
    };
    try {
      for (;;) {
        const controller = new AbortController();
        let timedOut = false;
        const timer = setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, timeout);
        try {
          let response = await fetchFn(state.url(), { redirect: 'manual', signal: controller.signal });
          if (response.type === 'opaqueredirect') {
            // Browsers hide redirects from scripts: let the browser follow them (it stops after 20, not 5).
            response = await fetchFn(state.url(), { redirect: 'follow', signal: controller.signal });
            if (response.redirected && response.url) browserUrl = response.url;
          }
          const step = state.response(response.status, response.headers.get('location'));
          if (step !== 'read-body') {
            discard(response);
            if (step === 'request') continue;
            return finish();
          }
          let body;
          try {
            body = await readLimited(response, state.limit() + 1);
          } catch (e) {
            state.bodyError(describeError(e, timedOut, timeout));
            return finish();
          }
          state.body(body);
          return finish();
        } catch (e) {
          state.networkError(describeError(e, timedOut, timeout));
          return finish();
        } finally {
          clearTimeout(timer);
        }
      }
    } finally {
      state.free();
    }
  }

  /** One side of a diff: its file, if any, and its fetch outcome (which answers every URL when there is no file). */
  function side(value) {
    if (value instanceof api.Robots) return { robots: value, outcome: 'parse-body' };
    if (value && typeof value === 'object' && typeof value.outcome === 'string') {
      return { robots: value.robots instanceof api.Robots ? value.robots : null, outcome: value.outcome };
    }
    throw new TypeError('diff: each side must be a Robots or a fetchRobots result');
  }

  /**
   * Every (URL, agent) whose verdict differs between two files: an array of
   * `{ url, agent, old: { allowed, line, outcome }, new: { allowed, line, outcome } }`, by URL then agent. Agents
   * and URLs are read as `robots.ask` (and the CLI's `diff`) read them, each agent on its own row, and the core's
   * survey of the new file against the old one marks what changed. A side without a file (a `fetchRobots` result
   * that allows or disallows everything) answers every URL by its outcome.
   */
  function diff(oldRobots, newRobots, agents, urls) {
    if (!Array.isArray(agents) || agents.some((a) => typeof a !== 'string')) {
      throw new TypeError('diff: the agents must be an array of strings');
    }
    if (!Array.isArray(urls) || urls.some((u) => typeof u !== 'string')) {
      throw new TypeError('diff: the URLs must be an array of strings');
    }
    const [before, after] = [side(oldRobots), side(newRobots)];
    // The new file asked against the old one (an empty file stands in for a side without one), and the core
    // answers a side without a file by its outcome and marks what changed.
    const empty = before.robots === null || after.robots === null ? api.Robots.parse('') : null;
    const question = { agents, urls, baseline: before.robots || empty };
    const sites = [api.wholeSite(after.outcome), api.wholeSite(before.outcome)];
    let s;
    try {
      s = api.ask(after.robots || empty, question, 'diff', sites);
    } finally {
      if (empty !== null) empty.free();
    }
    const changes = [];
    s.cells.forEach((row, u) => {
      if (s.urls[u].error !== null) throw new TypeError(`diff: cannot read the URL ${JSON.stringify(urls[u])}: ${s.urls[u].error}`);
      row.forEach((c, a) => {
        if (!c.changed) return;
        const old = { allowed: c.baseline.allowed, line: c.baseline.line, outcome: before.outcome };
        changes.push({ url: urls[u], agent: s.agents[a].input, old, new: { allowed: c.allowed, line: c.line, outcome: after.outcome } });
      });
    });
    return changes;
  }

  return { CrawlPolicy, fromResponse, fetchRobots, diff };
}

export { createFetch };
