// Argument checks of the JavaScript API: each throws a TypeError or RangeError with a sentence naming the function
// and the argument, before anything crosses into wasm. Pure functions of their arguments.
//
// Like every module of the façade, it is ES module text whose only module syntax is its imports and its last line;
// `cargo xtask npm` writes the CommonJS copy.

/** Inputs above this many bytes (or UTF-16 code units for strings) are refused with a RangeError. */
const MAX_INPUT = 32 * 1024 * 1024;
/** URLs, agents and other string arguments above this many UTF-16 code units are refused. */
const MAX_ARGUMENT = 65536;
/** A query's agents and URL together are refused above this many UTF-8 bytes. */
const MAX_QUERY = 4 * MAX_INPUT;
/** Google's crawlers read only the first 500 KiB of a robots.txt file. */
const GOOGLE_SIZE_LIMIT = 500 * 1024;

function describe(value) {
  if (value === null || value === undefined) return String(value);
  if (typeof value === 'string') return `the string ${JSON.stringify(value.slice(0, 40))}`;
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `${typeof value} ${String(value).slice(0, 40)}`;
}

/** UTF-8 length of a string (lone surrogates count 3 bytes, as they are sent as U+FFFD). */
function utf8Length(s) {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

const text = (fn, name, value) => {
  if (typeof value !== 'string') throw new TypeError(`${fn}: ${name} must be a string, got ${describe(value)}`);
  if (value.length > MAX_ARGUMENT) {
    throw new RangeError(`${fn}: ${name} is ${value.length} characters long; the limit is ${MAX_ARGUMENT}`);
  }
  return value;
};

/** One agent (a string) or several (an array of strings). */
const agentList = (fn, agents) => {
  if (typeof agents === 'string') return text(fn, 'the agent', agents);
  if (!Array.isArray(agents)) {
    throw new TypeError(`${fn}: agents must be a string or an array of strings, got ${describe(agents)}`);
  }
  if (agents.length > MAX_ARGUMENT) throw new RangeError(`${fn}: more than ${MAX_ARGUMENT} agents`);
  for (let i = 0; i < agents.length; i++) {
    const a = agents[i];
    if (typeof a !== 'string' || a.length > MAX_ARGUMENT) text(fn, `agents[${i}]`, a);
  }
  return agents.length === 1 ? agents[0] : agents;
};

/** Bytes of a Uint8Array, another typed array, a DataView or an ArrayBuffer; undefined otherwise. */
const bytesOf = (input) => {
  if (input instanceof Uint8Array) return input;
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  return undefined;
};

/** The option `limit` of `Robots.parse`: a byte count, GOOGLE_SIZE_LIMIT for `"google"`, -1 for none. */
const sizeLimit = (fn, options) => {
  const limit = optionsOf(fn, options, ['limit']).limit;
  if (limit === undefined || limit === null) return -1;
  if (limit === 'google') return GOOGLE_SIZE_LIMIT;
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 0) {
    throw new RangeError(`${fn}: options.limit must be a byte count (a whole number from 0) or "google"`);
  }
  return limit;
};

/** The first characters of a string, quoted, for messages. */
const quote = (s) => JSON.stringify(s.length > 40 ? `${s.slice(0, 40)}…` : s);
/** `https://`, `//host` or `/path`: what a URL starts with and a product token or User-Agent header never does. */
const URL_START = /^(?:[a-z][a-z0-9+.-]*:\/\/|\/)/i;
/** A bare product token or `*`: what an agent is and a URL never is. */
const TOKEN = /^(?:\*|[a-z_-]+)$/i;
/** Throws when the arguments look swapped: `isAllowed(url, agent)` instead of `isAllowed(agent, url)`. */
const order = (fn, agents, url) => {
  const one = typeof agents === 'string' ? agents : agents[0];
  // (The indexOf tests skip the regular expressions for ordinary agents and URLs.)
  const urlAgent = typeof one === 'string' && (one.charCodeAt(0) === 47 || (one.indexOf('://') > 0 && URL_START.test(one)));
  const word = url.indexOf('/') < 0 && TOKEN.test(url);
  if (word && !urlAgent && typeof one === 'string' && TOKEN.test(one)) {
    // Two words: most likely a path without its leading slash, perhaps an agent in the URL's place.
    throw new TypeError(
      `${fn}(agents, url): the URL ${quote(url)} is neither a URL nor a path (a path starts with "/": ${quote('/' + url)}); the agent comes first, the URL second`
    );
  }
  if (urlAgent || word) {
    throw new TypeError(
      `${fn}(agents, url): the agent ${quote(String(one))} and the URL ${quote(url)} look swapped; the agent comes first (robots-parser's order, (url, agent), is robotsParser's)`
    );
  }
};

/** The options object of `fn`, with only the keys `known` (a TypeError names an unknown one); {} for none. */
const optionsOf = (fn, options, known) => {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object') throw new TypeError(`${fn}: options must be an object, got ${describe(options)}`);
  for (const key of Object.keys(options)) {
    if (!known.includes(key)) {
      const which = known.length === 1 ? `the only option is ${known[0]}` : `the options are ${known.join(', ')}`;
      throw new TypeError(`${fn}: unknown option ${JSON.stringify(key)} (${which})`);
    }
  }
  return options;
};

/** The index of a name of `names` (any ASCII case, spaces around ignored, as the core's `View::parse`). */
const oneOf = (fn, names, name, what) => {
  const i = typeof name === 'string' ? names.indexOf(name.trim().toLowerCase()) : -1;
  if (i < 0) {
    const got = typeof name === 'string' ? quote(name) : describe(name);
    throw new TypeError(`${fn}: ${what} must be one of ${names.map((p) => JSON.stringify(p)).join(', ')}, got ${got}`);
  }
  return i;
};

const checkStatus = (fn, status) => {
  if (typeof status !== 'number' || !Number.isInteger(status)) {
    throw new TypeError(`${fn}: the status must be a whole number, got ${describe(status)}`);
  }
  if (status < 0 || status > 999) throw new RangeError(`${fn}: ${status} is not an HTTP status (0 to 999)`);
  return status;
};

export { MAX_INPUT, MAX_ARGUMENT, MAX_QUERY, GOOGLE_SIZE_LIMIT, describe, utf8Length, text, agentList, bytesOf, sizeLimit, quote, order, optionsOf, oneOf, checkStatus };
