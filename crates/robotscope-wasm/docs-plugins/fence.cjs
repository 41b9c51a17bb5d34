// Shared by the remark and markdown-it plugins: reads a fence's info string such as
// `robots tester agents="Googlebot, GPTBot" urls="/a /private/x"` into the element's attributes.
'use strict';

/** The languages that name a robots.txt fence. */
const LANGS = ['robots', 'robots.txt', 'robotstxt', 'robots-txt'];
/** The attributes a fence may set; anything else in the info string is ignored. */
const ATTRS = ['agents', 'urls', 'base', 'mode', 'profile', 'expect', 'theme', 'loading', 'open-in', 'label', 'size-limit'];

/**
 * `{ attrs }` when `lang` is a robots.txt language and `meta` starts with the word `tester`, else null.
 * Values are `name="value"`, `name='value'` or `name=value`.
 */
function readFence(lang, meta) {
  if (!lang || !LANGS.includes(lang.toLowerCase())) return null;
  const m = /^\s*tester(?:\s|$)/.exec(meta || '');
  if (!m) return null;
  const attrs = {};
  const re = /([a-z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|(\S+))/g;
  for (const a of (meta || '').slice(m[0].length).matchAll(re)) {
    const name = a[1].toLowerCase();
    if (ATTRS.includes(name)) attrs[name] = a[2] ?? a[3] ?? a[4];
  }
  return { attrs };
}

/** Escapes text for an HTML attribute value in double quotes. */
const attr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The element's HTML for `attrs`, handed the fence's text in its `robots` attribute (the site's code block, written
 * just before it, is the view without JavaScript; the element hides it once live).
 */
function elementHtml(attrs, tag = 'robots-txt-tester', text) {
  const all = text === undefined ? attrs : { ...attrs, robots: text };
  const list = Object.entries(all).map(([k, v]) => ` ${k}="${attr(v)}"`).join('');
  return `<${tag}${list}></${tag}>`;
}

module.exports = { LANGS, ATTRS, readFence, elementHtml };
