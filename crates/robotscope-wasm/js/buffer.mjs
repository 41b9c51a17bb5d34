// The buffer through which arguments cross into wasm (the adapter's `Scratch`): a query's agents (several joined
// by the byte 0xFF, which UTF-8 never holds, so any agent string is passed as it is) and URL, or a robots.txt body,
// as UTF-8 the way `TextEncoder` writes it (a lone surrogate becomes U+FFFD). The call itself then passes only
// numbers: no string is allocated, copied and freed in wasm per call.
//
// ES module text whose only module syntax is its imports and its last line; `cargo xtask npm` writes the CommonJS
// copy.

import { MAX_QUERY, utf8Length } from './checks.mjs';

/** Above this many bytes the buffer is given back after the call (a huge argument is rare). */
const SCRATCH_KEEP = 1024 * 1024;

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

/** The buffer in one module's memory (`wasm`), made on first use; `TextEncoder` as for `createApi`. */
function createBuffer(wasm, TextEncoder) {
  const encoder = new TextEncoder();
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
   * Writes checked agents (a string: one; an array: several, joined by 0xFF) and then a URL (`''` for none) into
   * the buffer, and calls the parsed file's `w[method](scratch, several, agentsLength, urlLength, a, b)` with their
   * lengths in bytes. A RangeError refuses more than MAX_QUERY bytes (huge agent lists).
   */
  const call = (w, method, fn, agents, url, a, b) => {
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
    const agentsLength = at - base;
    const found = w[method](scratch, !one, agentsLength, write(url, at) - at, a, b);
    shrink();
    return found;
  };

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

  /** Parses the body written by `putBody` (`len` bytes) in the module: the new handle. */
  const parse = (len, limit) => {
    const w = wasm.Robots.fromScratch(scratch, len, limit);
    shrink();
    return w;
  };

  /**
   * Frees the buffer and moves onto another module: `next` is its exports, or a function that loads it and returns
   * them once this one's buffer is freed. Returns the new module.
   */
  const use = (next) => {
    if (scratch !== undefined) scratch.free();
    wasm = typeof next === 'function' ? next() : next;
    scratch = memory = undefined;
    base = 0;
    room = -1;
    bytes = view = new Uint8Array(0);
    return wasm;
  };

  return { call, putBody, parse, decidePlain, use };
}

export { createBuffer };
