// Cost per file class, side by side in one run (issue 40), on the built package in pkg/: no robots.txt shape may
// make a query much slower than a typical file, and the drop-in must beat robots-parser on every class. Classes:
// typical corpus files (1 to 5 KB), corpus files of 100 groups or more, a generated file of 2,000 one-rule groups,
// docs.oracle.com's file (one group of about 17,000 rules), a generated group of 31,000 rules, the largest corpus
// file. Per class, its median and its worst file:
//
//   drop-in vs robots-parser: a parse and 10 isAllowed (robots-parser's README call), and the ratio, per file;
//   one query on a parsed file: the drop-in's isAllowed, the core API's isAllowed and check, and grid per cell,
//   each with its ratio to the typical class's median.
//
// Figures are the best of ROUNDS rounds of wall time (performance.now) on a machine that may be shared; nothing is
// asserted. `bench.mjs` runs this after its budgets; `node bench/classes.mjs` runs it alone.
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const crate = resolve(here, '..');
const { Robots, robotsParser } = await import(join(crate, 'pkg/index.mjs'));
const upstream = createRequire(join(crate, 'package.json'))('robots-parser');
const conformance = process.env.ROBOTSCOPE_CONFORMANCE || resolve(crate, '../../../shared/conformance');
const ROUNDS = Number(process.env.CLASS_ROUNDS || 7);

const manyGroups = (n) => {
  let s = '';
  // Bot names of letters (`Botaaa`, `Botaab`, ...): a product token stops at a digit, so `Bot1` and `Bot2` would
  // both be `Bot`, one agent's groups merged.
  const letters = (g) => [Math.floor(g / 676), Math.floor(g / 26) % 26, g % 26].map((k) => String.fromCharCode(97 + k)).join('');
  for (let g = 0; g < n; g++) s += `User-agent: Bot${letters(g)}\nDisallow: /private-${g}/\n\n`;
  return s + 'User-agent: *\nDisallow: /tmp/\n';
};
const hugeGroup = (n) => {
  let seed = 40;
  const below = (k) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % k;
  };
  let s = 'User-agent: *\nDisallow: /*?sessionid=\nDisallow: /*.pdf$\n';
  for (let i = 0; i < n; i++) {
    const id = `${'ABEF'[below(4)]}${String(below(100000)).padStart(5, '0')}_0${1 + below(9)}`;
    const k = below(50);
    s += k === 0 ? `Disallow: /cd/${id}/*/print$\n` : k === 1 ? `Allow: /cd/${id}/index.html\n` : k <= 24 ? `Disallow: /cd/${id}/\n` : `Disallow: /html/${id}/\n`;
  }
  return s;
};

const decoder = new TextDecoder();
const corpusDir = join(conformance, 'corpus');
const corpus = readdirSync(corpusDir)
  .sort()
  .map((name) => ({ name, text: decoder.decode(readFileSync(join(corpusDir, name))) }));
const bytes = (t) => Buffer.byteLength(t);
const groupsOf = (text) => {
  const r = Robots.parse(text);
  const n = r.groups().length;
  r.free();
  return n;
};
const largest = corpus.reduce((a, b) => (bytes(b.text) > bytes(a.text) ? b : a));
const classes = [
  ['typical (1-5 KB)', corpus.filter((f) => bytes(f.text) >= 1024 && bytes(f.text) <= 5 * 1024)],
  ['100+ groups', corpus.filter((f) => groupsOf(f.text) >= 100)],
  ['2,000 groups', [{ name: 'generated', text: manyGroups(2000) }]],
  ['31,000-rule group', [{ name: 'generated', text: hugeGroup(31000) }]],
  ['huge group (oracle)', corpus.filter((f) => f.name === 'docs.oracle.com')],
  ['largest', [largest]],
];

/** Paths built from a file's own rules (so rules are met, not only skipped), and some no rule names. */
const urlsFor = (text, count) => {
  const rules = [...text.matchAll(/^\s*(?:dis)?allow\s*:\s*(\/\S*)/gim)].map((m) => m[1].replace(/[*$]/g, 'x'));
  const urls = [];
  for (let i = 0; i < count; i++) {
    const path = rules.length > 0 && i % 4 !== 3 ? `${rules[(i * 7919) % rules.length]}page-${i}.html` : `/section-${i % 7}/page-${i}?q=${i}`;
    urls.push(`https://example.com${path}`);
  }
  return urls;
};
/** The bots asked: one the file does not name, and its last named group's bot (a scan meets it last). */
const agentsFor = (text) => {
  const named = [...text.matchAll(/^\s*user-agent\s*:\s*([A-Za-z_-]+)/gim)].map((m) => m[1]);
  return named.length > 0 ? ['SomeBot', named[named.length - 1]] : ['SomeBot'];
};

const best = (per, f) => {
  f();
  let min = Infinity;
  for (let i = 0; i < ROUNDS; i++) {
    const start = performance.now();
    f();
    min = Math.min(min, performance.now() - start);
  }
  return (min * 1e6) / per; // ns
};
let sink = 0;

const measure = ({ text }) => {
  const urls = urlsFor(text, 100);
  const agents = agentsFor(text);
  const ten = urls.slice(0, 10);
  const queries = urls.length * agents.length;
  const fig = {};
  // A parse and 10 isAllowed, as robots-parser's README calls it.
  fig.dropInTen = best(1, () => {
    const r = robotsParser('https://example.com/robots.txt', text);
    for (const u of ten) sink += r.isAllowed(u, agents[agents.length - 1]) ? 1 : 0;
    r.free();
  });
  fig.upstreamTen = best(1, () => {
    const r = upstream('https://example.com/robots.txt', text);
    for (const u of ten) sink += r.isAllowed(u, agents[agents.length - 1]) ? 1 : 0;
  });
  const dropIn = robotsParser('https://example.com/robots.txt', text);
  fig.isAllowedDropIn = best(queries, () => {
    for (const a of agents) for (const u of urls) sink += dropIn.isAllowed(u, a) ? 1 : 0;
  });
  dropIn.free();
  const robots = Robots.parse(text);
  fig.isAllowedCore = best(queries, () => {
    for (const a of agents) for (const u of urls) sink += robots.isAllowed(a, u) ? 1 : 0;
  });
  fig.check = best(queries, () => {
    for (const a of agents) for (const u of urls) sink += robots.check(a, u).line;
  });
  fig.grid = best(queries, () => {
    sink += robots.grid(agents, urls).length;
  });
  robots.free();
  return fig;
};

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const KEYS = ['isAllowedDropIn', 'isAllowedCore', 'check', 'grid'];
let typical;
console.log(`\nCost per file class (ns, best of ${ROUNDS} rounds, wall time; load average ${(await import('node:os')).loadavg().map((x) => x.toFixed(1)).join(' ')}):`);
for (const [name, files] of classes) {
  if (files.length === 0) continue;
  const figs = files.map((f) => ({ name: f.name, size: bytes(f.text), ...measure(f) }));
  const ratios = figs.map((f) => f.upstreamTen / f.dropInTen);
  const worstRatio = figs.reduce((a, b, i) => (ratios[i] < a.r ? { r: ratios[i], f: b } : a), { r: Infinity, f: null });
  const med = Object.fromEntries(KEYS.map((k) => [k, median(figs.map((f) => f[k]))]));
  typical ??= med;
  console.log(`${name} (${files.length} files):`);
  console.log(
    `  parse + 10 isAllowed: drop-in ${median(figs.map((f) => f.dropInTen)).toFixed(0)}, robots-parser ${median(figs.map((f) => f.upstreamTen)).toFixed(0)}; ` +
      `drop-in faster by median ${median(ratios).toFixed(2)}x, worst ${worstRatio.r.toFixed(2)}x (${worstRatio.f.name}, ${worstRatio.f.size} B)`
  );
  for (const k of KEYS) {
    const worst = figs.reduce((a, b) => (b[k] > a[k] ? b : a));
    console.log(
      `  ${k.padEnd(16)} median ${med[k].toFixed(0).padStart(8)} (${(med[k] / typical[k]).toFixed(1)}x)  worst ${worst[k].toFixed(0).padStart(8)} (${(worst[k] / typical[k]).toFixed(1)}x; ${worst.name}, ${worst.size} B)`
    );
  }
}
if (sink < 0) console.log(sink);
