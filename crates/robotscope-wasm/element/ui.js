// <robots-txt-tester>'s interface, loaded when a widget activates. It reads the widget's content, loads the
// engine once for the page (`init()` of the package's web build), and draws what the engine answers: the file
// with its line classes, the verdict grid, the explanation of the selected cell and the lint. Every answer is the
// core's, through the package's own API: the grid is the survey of `robots.ask` (typed agents and URLs, the
// readings compared, each cell's marks), the explanation `ask`'s for the selected cell, the lines `robots.report`.
// The widget draws them and decides nothing.
import { init, initProfiles, Robots, MAX_INPUT, MAX_ARGUMENT, NO_TOKEN, PROFILES } from '../index.web.js';
import { CSS } from './style.js';

/**
 * The tester "Open in" links to when the element names none: robotscope's site, written in at build time from the
 * workspace's `homepage` (`cargo xtask npm`); empty (no link) while that is a placeholder or in the unbuilt source.
 */
const TESTER = typeof ROBOTSCOPE_TESTER === 'string' ? ROBOTSCOPE_TESTER : '';

/** Lines drawn in the file view; the engine reads them all. */
const MAX_SHOWN = 3000;

let sheet;
const live = new Set();

/** The `profile` attribute as read (a name of PROFILES, `compare`, or anything else, which reads as Google). */
const profileAttr = (el) => (el.getAttribute('profile') || 'google').trim().toLowerCase();
/** Whether the engine with every reading is loaded: the module `init()` loads reads only as Google does. */
let profilesLoaded = false;
/** Whether `profile` asks for another reading than Google's and the engine for it is not loaded yet. */
const needsProfiles = (el) => {
  const p = profileAttr(el);
  return !profilesLoaded && p !== 'google' && (p === 'compare' || PROFILES.includes(p));
};
/** Loads the engine with every reading (once for the page; it does what init() does). */
const loadProfiles = () => initProfiles().then(() => (profilesLoaded = true));

/** The `agents` attribute's items: split at newlines, and at commas outside parentheses (User-Agent headers). */
export function splitAgents(list) {
  const out = [];
  for (const line of list.split(/[\n\r]/)) {
    let depth = 0;
    let start = 0;
    for (let i = 0; i < line.length; i++) {
      const c = line[i];
      if (c === '(') depth++;
      else if (c === ')') depth = Math.max(0, depth - 1);
      else if (c === ',' && !depth) {
        out.push(line.slice(start, i).trim());
        start = i + 1;
      }
    }
    out.push(line.slice(start).trim());
  }
  return out.filter((a) => a);
}

/** The class of a line's key, by the line's tag in the report (`other` for the tags not named here). */
const KEY = { 'user-agent': 'ua', allow: 'allow', disallow: 'disallow', sitemap: 'sitemap', unused: 'unused' };
/** The readings' names in the grid and the explanation. */
const READING = { google: 'Google', rfc9309: 'RFC 9309', 1994: '1994' };
/** "allowed, line 8" or "disallowed, no rule". */
const answerText = (allowed, line) => `${allowed ? 'allowed' : 'disallowed'}, ${line ? `line ${line}` : 'no rule'}`;
const arg = (s) => s.slice(0, MAX_ARGUMENT);

/**
 * The question of a widget's `agents` attribute (items, presets, `@sets`), its `urls` and its `base`. The core reads
 * the rows (a set is one column per crawler, a repeated agent is asked once, rows past its limits are left out and
 * counted in the survey's `leftOutNotes`).
 */
function question(el) {
  const agents = splitAgents(el.getAttribute('agents') ?? 'Googlebot').map(arg);
  const urls = (el.getAttribute('urls') ?? '/').split(/\s+/).filter((u) => u).map(arg);
  const base = arg((el.getAttribute('base') ?? 'https://example.com').trim());
  return { question: { agents, urls, base } };
}

/** A message's `code` spans (Markdown backticks in the engine's sentences) as <code>, the rest as text. */
const rich = (text) => String(text).split(/`([^`\n]+)`/).map((t, i) => (i % 2 ? h('code', null, t) : t));

/** Creates an element; children are nodes or strings (always text, never HTML). */
function h(tag, props, ...children) {
  const e = document.createElement(tag);
  for (const k in props || {}) {
    const v = props[k];
    if (v == null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k.startsWith('on')) e[k] = v;
    else e.setAttribute(k, v === true ? '' : v);
  }
  e.append(...children.flat().filter((c) => c != null && c !== false));
  return e;
}

const fire = (el, type, detail) => el.dispatchEvent(new CustomEvent(type, { bubbles: true, composed: true, detail }));

/** Removes the indentation common to all non-blank lines, and the blank first and last lines. */
function dedent(text) {
  const lines = text.replace(/^[ \t]*\r?\n/, '').replace(/\s+$/, '').split('\n');
  const indents = lines.filter((l) => l.trim()).map((l) => l.match(/^[ \t]*/)[0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut)).join('\n') + '\n';
}

/**
 * The code block a widget follows: the node right before it, with nothing between but white space and comments,
 * when that node is or holds one `pre` (or is a `code`); a code block further up the page is someone else's. An
 * element alone in a <p> (Astro and Python-Markdown wrap one written on its own line) follows the <p>'s.
 */
function previousBlock(el) {
  const p = el.parentElement;
  const alone = p && p.localName === 'p' && p.children.length === 1 && ![...p.childNodes].some((n) => n.nodeType === 3 && n.data.trim());
  for (let n = (alone ? p : el).previousSibling; n; n = n.previousSibling) {
    if (n.nodeType === 8 || (n.nodeType === 3 && !n.data.trim())) continue;
    if (n.nodeType !== 1) return undefined;
    if (n.matches('pre, code')) return n;
    const pres = [...n.querySelectorAll('pre')].filter((x) => !x.closest('.linenos, .linenodiv'));
    return pres.length === 1 ? n : undefined;
  }
}

/** A text as lines to compare: line ends and the white space ending each line and the text set aside. */
const sameLines = (a, b) => {
  const norm = (t) => t.replace(/\r\n?/g, '\n').replace(/[ \t]+$/gm, '').replace(/\s+$/, '');
  return norm(a) === norm(b);
};

/**
 * The block before a widget that holds its file elsewhere (the `robots` attribute the docs plugins write after the
 * site's rendering of the fence): the block, when it shows that same file; it is never hidden otherwise.
 */
function sameBlock(el, text) {
  const block = previousBlock(el);
  if (!block) return undefined;
  try {
    return sameLines(blockText(block), text) ? block : undefined;
  } catch {
    return undefined;
  }
}

/** A code block's `code` (or `pre`): not the line-number column of a Pygments table (MkDocs `linenums`). */
function codeOf(block) {
  const pre = block.matches('pre, code') ? block : [...block.querySelectorAll('pre')].find((p) => !p.closest('.linenos, .linenodiv')) || block;
  return pre.querySelector(':scope > code') || pre;
}

/**
 * What to do when the widget cannot read a file: what works in Markdown too (a raw-HTML block there ends at the
 * first blank line, and robots.txt files have blank lines, so a <script> child loses the rest).
 */
const ADVICE = 'hand the widget the file in its robots attribute (what the docs plugins write; line breaks as &#10;)';

/** The elements each framework renders one line of code as: Prism (Docusaurus), Shiki, Expressive Code (Starlight). */
const LINE = '.token-line, .line, .ec-line';
const unsure = (why) => {
  throw { kind: 'input', message: `cannot be sure where the code block's lines begin and end (${why}), so no verdicts: ${ADVICE}` };
};

/**
 * The text of a rendered code block, its lines rebuilt from how each framework renders them: Expressive Code's
 * copy text (U+007F between lines), one element per line (Prism lines end in <br> and hold no newline), <br>, or
 * the newlines of a plain <pre>. Any other layout (a block-level element, hidden text) throws rather than guess.
 */
function blockText(block) {
  const copy = block.querySelector('[data-code]');
  if (copy) return copy.getAttribute('data-code').replace(/\x7f/g, '\n');
  const code = codeOf(block);
  const lines = [...code.querySelectorAll(LINE)];
  if (lines.length) {
    // (A line inside a line has another parent too.)
    const holder = lines[0].parentElement;
    if (lines.some((l) => l.parentElement !== holder)) unsure('lines in several places');
    for (const n of holder.childNodes) if (n.nodeType === 3 && n.data.trim()) unsure('text between its lines');
    return lines.map((l) => flat(l.querySelector(':scope > .code') || l, true)).join('\n');
  }
  return flat(code, false);
}

/** An element's text, a <br> read as a newline (ignored at the end of a line element); anything laid out as a block fails. */
function flat(node, line) {
  let out = '';
  const walk = (n) => {
    for (const c of n.childNodes) {
      if (c.nodeType === 3) out += c.data;
      else if (c.nodeType !== 1 || c.matches('.gutter, .ln, .linenos, [aria-hidden="true"]')) continue;
      else if (c.localName === 'br') out += '\n';
      else {
        const d = getComputedStyle(c).display;
        if (d === 'none' && c.textContent) unsure('hidden text');
        if (!/^(inline|contents|none)/.test(d)) unsure(`a <${c.localName}> shown as ${d}`);
        walk(c);
      }
    }
  };
  walk(node);
  if (line) {
    // Prism gives an empty line a token holding a newline, then its <br>.
    out = out.replace(/\n+$/, '');
    if (out.includes('\n')) unsure('a line holding several');
  }
  return out;
}

/** The element's content: `{ text }` or `{ bytes }`, and the code block it replaces (hidden once live). */
async function content(el) {
  if (el._robots !== undefined) return { text: el._robots };
  const own = el.getAttribute('robots');
  // The docs plugins hand over the fence's text and write the site's own code block just before the element.
  if (own != null) return { text: own, block: sameBlock(el, own), attr: true };
  const src = el.getAttribute('src');
  if (src != null) {
    let url;
    try {
      url = new URL(src, document.baseURI);
    } catch {
      throw { kind: 'fetch', message: `src="${src}" is not a URL` };
    }
    let r;
    try {
      r = await fetch(url, { credentials: 'omit' });
    } catch (e) {
      throw { kind: 'fetch', message: `${url} could not be fetched (${e.message}); a file on another site needs CORS` };
    }
    if (!r.ok) throw { kind: 'fetch', message: `${url} answered HTTP ${r.status}` };
    return { bytes: new Uint8Array(await r.arrayBuffer()) };
  }
  const script = el.querySelector(':scope > script[type="text/robots"], :scope > script[type="text/plain"]');
  if (script) return { text: dedent(script.textContent) };
  const id = el.getAttribute('for');
  if (id != null) {
    const block = el.getRootNode().getElementById?.(id) || document.getElementById(id);
    if (!block) throw { kind: 'input', message: `for="${id}": no element has this id` };
    return { text: blockText(block), block };
  }
  // Its own text wins over a code block before it, which it then leaves alone.
  const text = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.data).join('');
  if (text.trim()) return { text: dedent(text) };
  const block = previousBlock(el);
  if (block) return { text: blockText(block), block };
  throw { kind: 'input', message: `no robots.txt to test: put the element right after a code block, name one with for=, or ${ADVICE}` };
}

/** Whether a CSS colour (as computed: `rgb(...)` or `rgba(...)`) is dark; null when it is transparent. */
function darkColour(c) {
  const [r, g, b, a = 1] = (c.match(/[\d.]+/g) || []).map(Number);
  return a < 0.5 ? null : 0.2126 * r + 0.7152 * g + 0.0722 * b < 128;
}

/**
 * Whether the page around `el` is dark: Docusaurus, VitePress, MkDocs Material and mdBook say so on <html> or
 * <body>; else the first opaque background behind the element; else the canvas, which is dark only when the page
 * allows a dark `color-scheme` and the reader's system is dark. A page without a dark mode stays light.
 */
function hostDark(el) {
  const html = document.documentElement;
  const body = document.body;
  const theme = html.getAttribute('data-theme');
  if (theme === 'dark' || theme === 'light') return theme === 'dark';
  const md = (body && body.getAttribute('data-md-color-scheme')) || html.getAttribute('data-md-color-scheme');
  if (md) return md === 'slate';
  const c = html.classList;
  if (c.contains('dark') || ['coal', 'navy', 'ayu'].some((n) => c.contains(n))) return true;
  if (document.getElementById('check-dark-mode') || c.contains('light') || c.contains('rust')) return false;
  for (let n = el.parentElement || el.getRootNode().host; n; n = n.parentElement || n.getRootNode().host) {
    const d = darkColour(getComputedStyle(n).backgroundColor);
    if (d !== null) return d;
  }
  return /dark/.test(getComputedStyle(html).colorScheme) && matchMedia('(prefers-color-scheme: dark)').matches;
}

let watching;
function watchTheme() {
  if (watching) return;
  watching = true;
  const all = () => live.forEach((s) => s.theme());
  const mo = new MutationObserver(all);
  const opts = { attributes: true, attributeFilter: ['class', 'style', 'data-theme', 'data-md-color-scheme'] };
  mo.observe(document.documentElement, opts);
  if (document.body) mo.observe(document.body, opts);
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', all);
}

/** Base64url of the raw-deflated text: the tester's share link format (web/src/permalink.rs, "s1."). */
async function shareFragment(session) {
  const stream = new Blob([session]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i++) bin += String.fromCharCode(bytes[i]);
  return 's1.' + btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

const utf8 = new TextEncoder();
const field = (name, value) => `${name} ${utf8.encode(value).length}\n${value}\n`;

class Widget {
  constructor(el) {
    this.el = el;
    this.robots = undefined;
    this.grid = [];
    this.sel = [0, 0];
    this.shown = [];
    const root = el.shadowRoot;
    root.textContent = '';
    if (root.adoptedStyleSheets !== undefined && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(CSS);
      }
      root.adoptedStyleSheets = [sheet];
    } else root.append(h('style', null, CSS));
    this.notes = h('ul', { class: 'notes', part: 'notes' });
    this.banner = h('div', { class: 'banner', part: 'banner', role: 'alert', hidden: true });
    this.lines = h('div', { class: 'lines' });
    this.code = h('div', { class: 'code' }, this.lines);
    this.fileView = h('div', { class: 'file', part: 'file' }, this.code);
    this.head = h('tr');
    this.body = h('tbody', { onkeydown: (e) => this.key(e), onclick: (e) => this.click(e) });
    this.table = h('table', { part: 'grid' }, h('caption', null, 'Verdicts by URL and agent'), h('thead', null, this.head), this.body);
    this.explanation = h('div', { class: 'explain', part: 'explanation' });
    this.lint = h('div', { class: 'lint', part: 'diagnostics', hidden: true });
    this.link = h('a', { part: 'open-link', target: '_blank', rel: 'noopener', hidden: true }, 'Open in the robotscope tester');
    this.status = h('div', { class: 'sr', 'aria-live': 'polite' });
    this.root = h(
      'div',
      { class: 'root', part: 'root', role: 'region' },
      this.banner,
      this.notes,
      this.fileView,
      h('div', { class: 'gridwrap' }, this.table),
      this.explanation,
      this.lint,
      h('div', { class: 'bar', part: 'toolbar' }, h('span', null, 'robotscope'), this.link),
      this.status
    );
    root.append(this.root);
    this.theme();
  }

  theme() {
    const t = this.el.getAttribute('theme');
    this.root.classList.toggle('dark', t === 'dark' || (t !== 'light' && hostDark(this.el)));
  }

  async load(focus) {
    const el = this.el;
    this.loaded = false;
    el._renew();
    this.root.hidden = false;
    this.root.setAttribute('aria-label', el.getAttribute('label') || 'robots.txt tester');
    this.lines.replaceChildren(h('div', { class: 'l' }, 'Loading the robots.txt tester…'));
    let src;
    try {
      src = await content(el);
    } catch (e) {
      return el._widget === this && this.fail(e.kind ? e : { kind: 'input', message: String(e) });
    }
    if (el._widget !== this) return;
    this.block = src.block;
    this.fromAttr = src.attr;
    if (src.text !== undefined) this.drawPlain(src.text);
    const t0 = performance.now();
    try {
      // With another reading than Google's asked for, the engine with every reading only.
      await (needsProfiles(el) ? loadProfiles() : init());
    } catch (e) {
      const csp = /Content.Security.Policy|unsafe-eval/i.test(String(e && e.message));
      return this.fail({
        kind: csp ? 'csp' : 'load',
        message: csp
          ? "this page's Content-Security-Policy does not allow WebAssembly ('wasm-unsafe-eval' in script-src), so the tester cannot run"
          : `the engine could not be loaded (${e && e.message}); a self-hosted copy needs every file the README lists`,
      });
    }
    if (el._widget !== this) return;
    this.bytes = src.bytes;
    this.text = src.text;
    this.root.classList.remove('failed');
    this.fileView.hidden = false;
    this.configure();
    if (this.block) this.hideBlock(this.block);
    el._settle.resolve();
    fire(el, 'robots-ready', { ms: performance.now() - t0 });
    if (focus) (this.body.querySelector('button[tabindex="0"]') || this.root).focus();
  }

  /**
   * Hides the page's code block, the file's view without JavaScript. A framework may replace it after the widget
   * hid it (Docusaurus mounts its code blocks again once hydrated): the new one is hidden too.
   */
  hideBlock(block) {
    // The block read may have been replaced while the engine loaded (hydration): hide the one on the page now.
    if (!block.isConnected) block = this.currentBlock() || block;
    this.block = block;
    this.blockDisplay = block.style.display;
    block.style.display = 'none';
    if (this.blockWatch) this.blockWatch.disconnect();
    this.blockWatch = new MutationObserver(() => {
      if (this.block.isConnected) return;
      const next = this.currentBlock();
      if (next) this.hideBlock(next);
    });
    this.blockWatch.observe(this.el.getRootNode(), { childList: true, subtree: true });
  }

  /** The code block the page shows for this element now: its `for` target, else the block just before it. */
  currentBlock() {
    const id = this.el.getAttribute('for');
    if (this.fromAttr) return sameBlock(this.el, this.el.getAttribute('robots') ?? '');
    return id != null ? document.getElementById(id) : previousBlock(this.el);
  }

  /** Says why there are no verdicts. The page's own code block stays the file's one view; without one, the widget shows the file. */
  fail(e) {
    this.loaded = true;
    this.notes.replaceChildren(h('li', { class: 'error' }, rich(e.message)));
    this.root.classList.add('failed');
    const shown = this.block && this.block.style.display !== 'none';
    if (shown || this.lines.textContent.startsWith('Loading')) this.lines.replaceChildren();
    this.fileView.hidden = !this.lines.firstChild;
    this.el._settle.reject(new Error(e.message));
    fire(this.el, 'robots-error', e);
  }

  /** The file as plain text (before the engine is there, or when it cannot load). */
  drawPlain(text) {
    const lines = text.split(/\r\n|\r|\n/);
    // As drawFile: no numbered empty line after the file's last line break.
    if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
    lines.length = Math.min(lines.length, MAX_SHOWN);
    this.lines.replaceChildren(...lines.map((l, i) => h('div', { class: 'l' }, h('span', { class: 'n', 'aria-hidden': 'true' }, String(i + 1)), h('span', { class: 't' }, l))));
  }

  /** After an attribute or the `robots` property changed: redraws, or loads again after a failed load. */
  update() {
    if (this.robots && !needsProfiles(this.el)) this.configure();
    else if (this.robots) {
      // A `profile` other than Google's first loads the engine with every reading.
      loadProfiles().then(
        () => this.el._widget === this && this.configure(),
        (e) => this.el._widget === this && this.fail({ kind: 'load', message: `the readings other than Google's could not be loaded: ${e && e.message}` })
      );
    } else if (this.loaded) this.load();
  }

  /** Reads the attributes, parses and draws. */
  configure() {
    const el = this.el;
    const own = el._robots ?? el.getAttribute('robots') ?? undefined;
    if (own !== undefined && !this.editing && (el._robots !== undefined || this.fromAttr)) this.text = own;
    const notes = [];
    /** `value` (the attribute `name` as read) when it is one of `values`; else undefined, and a note saying `then`. */
    const one = (name, values, value, then) => {
      if (value == null || values.includes(value)) return value;
      notes.push(`${name}="${el.getAttribute(name)}" is not ${values.slice(0, -1).join(', ')} or ${values.at(-1)}; ${then}`);
    };
    this.mode = one('mode', ['check', 'edit', 'lint'], el.getAttribute('mode') || 'check', 'showing check') || 'check';
    one('theme', ['auto', 'light', 'dark'], el.getAttribute('theme'), 'following the page');
    one('loading', ['lazy', 'eager', 'interaction'], el.getAttribute('loading'), 'loaded when near the viewport');
    this.profile = one('profile', [...PROFILES, 'compare'], profileAttr(el), 'reading as Google does') || 'google';
    this.limit = el.getAttribute('size-limit') === 'none' ? MAX_INPUT : 'google';
    this.root.setAttribute('aria-label', el.getAttribute('label') || 'robots.txt tester');
    this.extraNotes = notes;
    this.theme();
    this.parse(true);
  }

  /** Parses the current text (or bytes) and redraws everything that depends on it. */
  parse(inputsChanged) {
    const el = this.el;
    const w = this;
    if (this.robots) this.robots.free();
    this.robots = Robots.parse(this.text !== undefined ? utf8.encode(this.text) : this.bytes, { limit: this.limit });
    // An edit keeps the question.
    if (inputsChanged) this.asked = question(el);
    if (this.text === undefined) this.text = this.robots.text;
    this.survey = this.robots.ask({ ...this.asked.question, view: this.profile });
    this.grid = this.survey.cells.flat();
    this.diags = undefined;
    this.drawGrid(inputsChanged);
    if (!this.editing) this.drawFile();
    this.expectations();
    this.select(this.sel[0], this.sel[1], false);
    // The lint and the share link follow after the verdicts are on screen: a keystroke waits for neither.
    clearTimeout(this.lintTimer);
    this.drawNotes(false);
    const lint = () => {
      this.drawNotes(true);
      if (this.mode === 'lint') this.drawLint();
      else this.lint.hidden = true;
    };
    if (this.editing) this.lintTimer = setTimeout(lint, 0);
    else lint();
    // The lint, when a listener reads it (a keystroke in edit mode does not wait for it otherwise).
    fire(el, 'robots-result', {
      results: this.results(),
      get diagnostics() {
        return w.diagnostics();
      },
    });
    this.shareLater();
  }

  diagnostics() {
    return (this.diags ||= this.robots ? this.robots.diagnostics() : []);
  }

  results() {
    const { agents, urls } = this.survey || { agents: [], urls: [] };
    return this.grid.map((c, i) => {
      const u = urls[Math.floor(i / agents.length)];
      const a = agents[i % agents.length];
      const r = { url: u.input, testedUrl: u.tested, agent: a.input, token: null, follows: null, allowed: null, line: 0, rule: null, groupLines: [] };
      if (c === null) return Object.assign(r, { error: u.error });
      Object.assign(r, { token: c.token, follows: c.follows, allowed: c.allowed, line: c.line, rule: c.verdict.rule, groupLines: c.verdict.groupLines });
      if (c.readers.length) Object.assign(r, { differs: c.differs, readings: c.readers.map(({ profile, allowed, line }) => ({ profile, allowed, line })) });
      return r;
    });
  }

  drawFile() {
    const text = this.text;
    const lines = this.robots.report().lines;
    const edit = this.mode === 'edit';
    // A file ending in a line break has nothing after it: the empty last line the report gives is the editor's
    // place for the caret, not a line to number.
    const last = lines[lines.length - 1];
    const count = lines.length - (!edit && lines.length > 1 && last.start === text.length ? 1 : 0);
    const shown = Math.min(count, MAX_SHOWN);
    const out = [];
    for (let i = 0; i < shown; i++) {
      // The UTF-16 offsets of the line, its key and value (`directive`) and its comment.
      const { tag, start, end, directive: d, comment } = lines[i];
      const line = text.slice(start, end);
      const prev = this.shown[i];
      if (prev && prev.line === line && prev.tag === tag) {
        out.push(prev.node);
        continue;
      }
      const t = h('span', { class: 't' });
      let at = start;
      const piece = (to, cls) => {
        if (to > at) t.append(cls ? h('span', { class: cls }, text.slice(at, to)) : text.slice(at, to));
        at = Math.max(at, to);
      };
      if (d) {
        const vs = d.valueStart;
        piece(d.keyStart);
        piece(d.keyEnd, 'k ' + (KEY[tag] || 'other'));
        piece(vs);
        for (const m of text.slice(vs, d.valueEnd).matchAll(/\*+|\$$/g)) {
          piece(vs + m.index, 'v');
          piece(vs + m.index + m[0].length, 'w');
        }
        piece(d.valueEnd, 'v');
      }
      if (comment !== null) {
        piece(comment);
        piece(end, 'c');
      }
      piece(end);
      const node = h('div', { class: 'l', part: 'line', 'data-line': i + 1 }, h('span', { class: 'n', part: 'gutter', 'aria-hidden': 'true' }, String(i + 1)), t);
      out.push(node);
      this.shown[i] = { line, tag, node };
    }
    this.shown.length = shown;
    const kids = this.lines.children;
    if (this.lines.lastElementChild && !this.lines.lastElementChild.hasAttribute('part')) this.lines.replaceChildren();
    out.forEach((node, i) => {
      if (kids[i] !== node) kids[i] ? this.lines.replaceChild(node, kids[i]) : this.lines.append(node);
    });
    while (kids.length > shown) kids[shown].remove();
    this.code.style.setProperty('--gutter', `${String(shown).length + 1}ch`);
    if (count > shown) this.lines.append(h('div', { class: 'l more' }, `… ${count - shown} more lines (every verdict reads them all)`));
    if (edit && !this.area) {
      this.area = h('textarea', {
        'aria-label': 'robots.txt (edit to update the verdicts)',
        spellcheck: 'false',
        autocapitalize: 'off',
        autocomplete: 'off',
        wrap: 'off',
        oninput: () => this.edited(),
      });
      this.code.append(this.area);
    }
    if (this.area) {
      this.area.hidden = !edit;
      if (edit && this.area.value !== text) this.area.value = text;
    }
    this.code.classList.toggle('editing', edit);
    this.mark();
  }

  edited() {
    this.text = this.area.value;
    this.bytes = undefined;
    this.editing = true;
    this.parse(false);
    this.editing = false;
    this.drawFile();
    fire(this.el, 'robots-change', { robots: this.text });
  }

  drawGrid(inputsChanged) {
    const { agents, urls } = this.survey;
    const n = agents.length;
    if (inputsChanged || !this.cells || this.cells.length !== this.grid.length) {
      this.head.replaceChildren(
        h('th', { scope: 'col' }, 'URL'),
        ...agents.map((a) => h('th', { scope: 'col', title: a.input }, a.label, a.notes.length ? h('span', { class: 'note' }, ' *') : null))
      );
      this.cells = [];
      this.body.replaceChildren(
        ...urls.map((u, r) =>
          h(
            'tr',
            null,
            h('th', { scope: 'row', title: `tested as ${u.tested}` }, u.input),
            ...agents.map((a, c) => {
              const td = h('td', { part: 'cell', 'data-url': u.input, 'data-agent': a.input, 'data-label': a.label }, h('button', { type: 'button', tabindex: '-1', 'data-r': r, 'data-c': c }));
              this.cells.push(td);
              return td;
            })
          )
        )
      );
    }
    this.grid.forEach((c, i) => {
      const td = this.cells[i];
      const allowed = c && c.allowed;
      const line = c ? c.line : 0;
      const verdict = c ? (allowed ? 'allowed' : 'disallowed') : 'none';
      // With profile="compare": where the core marks the readings as differing, each one's answer.
      const readings = c && c.differs ? c.readers.map((x) => `${READING[x.profile]}: ${answerText(x.allowed, x.line)}`) : [];
      const other = readings.join(' · ');
      if (td.dataset.verdict === verdict && td.dataset.line === String(line) && (td.dataset.readings || '') === other) return;
      td.dataset.verdict = verdict;
      td.dataset.line = line;
      if (other) {
        td.dataset.readings = other;
        td.dataset.differs = 'true';
      } else {
        delete td.dataset.readings;
        delete td.dataset.differs;
      }
      td.setAttribute('part', `cell cell-${verdict}${other ? ' cell-differs' : ''}`);
      const b = td.firstChild;
      if (!c) return b.replaceChildren(h('span', { class: 'mark', 'aria-hidden': 'true' }, '?'), ' Not a URL ', h('small', null, 'no verdict'));
      b.replaceChildren(
        h('span', { class: 'mark', 'aria-hidden': 'true' }, allowed ? '✓' : '✕'),
        allowed ? ' Allowed ' : ' Disallowed ',
        h('small', null, line ? `line ${line}` : 'no rule'),
        // One reading a line (the separators are for copied text), so that a narrow cell does not wrap mid-answer.
        ...(other ? [h('small', { class: 'differs' }, readings.map((x, k) => h('span', null, k ? h('i', null, ' · ') : h('b', { class: 'mark', 'aria-hidden': 'true' }, '≠ '), x)))] : [])
      );
    });
    if (n === 0 || urls.length === 0) this.body.replaceChildren(h('tr', null, h('td', null, 'No agents or no URLs to test.')));
  }

  expectations() {
    const el = this.el;
    const spec = el.getAttribute('expect');
    this.banner.hidden = true;
    for (const td of this.cells) {
      delete td.dataset.expected;
      td.querySelector('.exp')?.remove();
    }
    if (spec == null) return;
    const want = spec.trim().split(/[\s,]+/).filter(Boolean);
    const bad = want.find((w) => w !== 'allowed' && w !== 'disallowed');
    if (bad !== undefined || want.length !== this.grid.length) {
      const message = bad !== undefined
        ? `expect="${spec}": "${bad}" is neither allowed nor disallowed`
        : `expect lists ${want.length} verdicts, but the grid has ${this.grid.length} cells (row by row: URL rows, agent columns)`;
      this.extraNotes.push(message);
      fire(el, 'robots-error', { kind: 'input', message });
      return;
    }
    const results = this.results();
    const failures = [];
    want.forEach((w, i) => {
      const r = results[i];
      const actual = r.allowed === null ? 'no verdict' : r.allowed ? 'allowed' : 'disallowed';
      if (w !== actual) {
        failures.push({ url: r.url, agent: r.agent, expected: w, actual });
        this.cells[i].dataset.expected = w;
        this.cells[i].firstChild.append(h('small', { class: 'exp' }, `expected ${w}`));
      }
    });
    if (failures.length) {
      this.banner.hidden = false;
      this.banner.replaceChildren(
        `${failures.length} ${failures.length === 1 ? 'verdict differs' : 'verdicts differ'} from what this page expects: `,
        failures.map((f) => `${f.url} for ${f.agent} is ${f.actual}, expected ${f.expected}`).join('; ') + '.'
      );
    }
    fire(el, 'robots-expectation', { passed: failures.length === 0, failures });
  }

  drawNotes(withLint) {
    if (!withLint && this.lintNotes) return;
    const { agents, urls } = this.survey;
    const notes = [...this.extraNotes];
    for (const a of agents) for (const n of a.notes) notes.push(`${a.input}: ${n}`);
    for (const u of urls) if (u.error) notes.push(`${u.input}: ${u.error}; it has no verdict`);
    notes.push(...this.survey.leftOutNotes);
    const cut = this.robots.cutFrom;
    if (cut !== null) notes.push(`the file is ${cut} bytes long; like Google, the tester reads only the first 500 KiB (size-limit="none" reads it all)`);
    if (withLint && this.mode !== 'lint') {
      const errors = this.diagnostics().filter((d) => d.severity === 'error');
      for (const d of errors.slice(0, 3)) notes.push(`line ${d.line}: ${d.message}`);
    }
    this.lintNotes = withLint;
    this.notes.replaceChildren(...notes.map((n) => h('li', null, rich(n))));
  }

  drawLint() {
    const d = this.diagnostics();
    this.lint.hidden = false;
    this.lint.replaceChildren(
      h('h3', null, d.length ? `Lint: ${d.length} ${d.length === 1 ? 'finding' : 'findings'}` : 'Lint: nothing to report'),
      h('ul', null, d.slice(0, 200).map((x) => h('li', { 'data-severity': x.severity }, h('strong', null, `line ${x.line} ${x.severity}: `), rich(x.message), x.help ? h('span', { class: 'help' }, ' (', rich(x.help), ')') : null)))
    );
  }

  click(e) {
    const b = e.target.closest('button[data-r]');
    if (b) this.select(+b.dataset.r, +b.dataset.c, true);
  }

  key(e) {
    const b = e.target.closest('button[data-r]');
    const m = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[e.key];
    if (!b || !m) return;
    e.preventDefault();
    this.select(+b.dataset.r + m[0], +b.dataset.c + m[1], true);
  }

  /** Selects a cell: marks it, the deciding line and the group, explains it, and announces it. */
  select(r, c, user) {
    const { agents, urls } = this.survey;
    const n = agents.length;
    if (!n || !urls.length) return this.explanation.replaceChildren();
    r = Math.max(0, Math.min(urls.length - 1, r));
    c = Math.max(0, Math.min(n - 1, c));
    this.sel = [r, c];
    const i = r * n + c;
    this.cells.forEach((td, j) => {
      const b = td.firstChild;
      b.tabIndex = j === i ? 0 : -1;
      if (j === i) b.setAttribute('aria-current', 'true');
      else b.removeAttribute('aria-current');
    });
    if (user) this.cells[i].firstChild.focus();
    const a = agents[c];
    const u = urls[r];
    // The survey of this one cell, explained: `explanation`, and `explanations` (one per reading) when comparing.
    const q = this.asked.question;
    const one = { agents: [a.input], urls: [u.input], base: q.base, view: this.profile, explain: true };
    const cell = this.grid[i] && this.robots.ask(one).cells[0][0];
    this.mark();
    if (!cell) {
      this.explanation.replaceChildren(h('p', { class: 'note' }, rich(`${u.input}: ${u.error}`)));
      return void (this.status.textContent = `${a.label}, ${u.input}: no verdict`);
    }
    const { allowed, line, token, follows } = cell;
    const verdict = allowed ? 'Allowed' : 'Disallowed';
    const why = cell.readers.length ? cell.readers.map((x, k) => [READING[x.profile], cell.explanations[k]]) : [[null, cell.explanation]];
    this.explanation.replaceChildren(
      h(
        'p',
        { class: 'verdict', 'data-verdict': allowed ? 'allowed' : 'disallowed' },
        h('strong', null, verdict),
        ` for ${a.label}: ${u.input}`,
        this.profile === 'google' || this.profile === 'compare' ? '' : ` (as ${READING[this.profile]} reads it)`,
        cell.differs ? h('span', { class: 'differs' }, ' · the readings differ') : ''
      ),
      ...why.map(([name, text]) => h('p', { class: name ? 'reading' : null }, name ? h('strong', null, `${name}: `) : '', rich(text))),
      h(
        'dl',
        null,
        h('dt', null, 'Token given to the engine'),
        h('dd', null, token == null ? `none: ${NO_TOKEN}` : h('code', { class: 'token' }, token), follows ? ` (following ${follows}'s group)` : null),
        h('dt', null, 'URL tested'),
        h('dd', null, h('code', { class: 'tested' }, u.tested))
      ),
      ...a.notes.map((n) => h('p', { class: 'note' }, rich(n))),
      // The usage preferences in the core's words (Content-Usage, Content-Signal with its `use` level, and what
      // validators say of those lines); they never change the verdict.
      cell.usage.described.length
        ? h('ul', { class: 'usage', part: 'usage' }, ...cell.usage.described.map((d) => h('li', null, h('strong', null, `${d.label}: `), d.text)))
        : ''
    );
    const disagree = cell.differs ? '; the readings differ' : '';
    this.status.textContent = `${a.label}, ${u.input}: ${verdict.toLowerCase()}${line ? ` by line ${line}` : ', no rule matched'}${disagree}`;
  }

  /** Marks the selected cell's deciding line and shades its group in the file view. */
  mark() {
    const cell = this.grid[this.sel[0] * this.survey.agents.length + this.sel[1]];
    const nodes = this.lines.children;
    // Only the lines whose marks change are touched: a keystroke in a large group costs no restyling.
    const group = new Set();
    if (cell) for (const l of cell.verdict.groupLines) if (nodes[l - 1]) group.add(nodes[l - 1]);
    const was = this.grouped || new Set();
    for (const n of was) if (!group.has(n)) n.removeAttribute('data-group');
    for (const n of group) if (!was.has(n) || !n.hasAttribute('data-group')) n.setAttribute('data-group', 'true');
    this.grouped = group;
    const w = cell && cell.line ? nodes[cell.line - 1] : undefined;
    if (this.winning && this.winning !== w) {
      this.winning.removeAttribute('data-winning');
      this.winning.setAttribute('part', 'line');
    }
    this.winning = w;
    if (w && !w.hasAttribute('data-winning')) {
      w.setAttribute('data-winning', 'true');
      w.setAttribute('part', 'line line-winning');
      const box = this.fileView;
      if (w.offsetTop < box.scrollTop || w.offsetTop > box.scrollTop + box.clientHeight - 20) box.scrollTop = w.offsetTop - box.clientHeight / 3;
    }
  }

  /** Points "Open in the tester" at the tester's share link for this file, agents and URLs. */
  shareLater() {
    const to = this.el.getAttribute('open-in') ?? TESTER;
    if (!to || to === 'none' || typeof CompressionStream === 'undefined') return void (this.link.hidden = true);
    clearTimeout(this.shareTimer);
    this.shareTimer = setTimeout(async () => {
      const { agents, urls } = this.survey;
      const session =
        'robotscope-session 1\nfull-file 0\n' +
        `selected ${this.sel[0]} ${this.sel[1]}\n` +
        // The reading, as the tester's sessions keep it (only when it is not Google's).
        (this.profile === 'google' ? '' : `profile ${this.profile}\n`) +
        field('agents', agents.map((a) => a.input).join('\n')) +
        field('urls', urls.map((u) => u.tested).join('\n')) +
        field('robots', this.text);
      try {
        const href = new URL(to, document.baseURI);
        href.hash = await shareFragment(session);
        this.link.href = href;
        this.link.hidden = false;
      } catch {
        this.link.hidden = true;
      }
    }, 200);
  }

  stop() {
    live.delete(this);
    clearTimeout(this.shareTimer);
    clearTimeout(this.lintTimer);
    if (this.robots) this.robots.free();
    this.robots = undefined;
    if (this.blockWatch) this.blockWatch.disconnect();
    if (this.block) this.block.style.display = this.blockDisplay;
  }
}

export function start(el, focus) {
  if (el._widget) el._widget.stop();
  const w = new Widget(el);
  el._widget = w;
  el._state = w;
  live.add(w);
  watchTheme();
  w.load(focus);
}

export function update(el) {
  if (el._widget) el._widget.update();
}
