// The docs-site integrations of <robots-txt-tester>: the remark plugin (plain remark and MDX, as Docusaurus
// runs it) and the markdown-it plugin, each rendering test/fixtures/widget.md. The fixture's fences hold `*`, `$`,
// `#`, `{}`, `<` and non-ASCII paths: the text each plugin hands the widget must be the fence's, byte for byte,
// and the widgets must answer in Chromium. Real framework builds are in element-frameworks.test.mjs.
import test from 'node:test';
import assert from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inChromium } from './chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const pkgDir = dirname(require.resolve('robotscope/package.json'));
const devModules = process.env.ROBOTSCOPE_DEV_MODULES || join(here, '..', 'node_modules');
const devImport = (name) => import(pathToFileURL(createRequire(join(devModules, 'noop.js')).resolve(name)));
const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.html': 'text/html; charset=utf-8', '.svg': 'image/svg+xml' };

const source = readFileSync(join(here, 'fixtures/widget.md'), 'utf8');
/** The fences of the fixture: their info strings and contents, as written. */
const fences = [...source.matchAll(/^```(.*)\n([\s\S]*?)^```$/gm)].map((m) => ({ info: m[1], text: m[2] }));
const attrsOf = (info) => Object.fromEntries([...info.matchAll(/([a-z-]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));

async function renders() {
  const { default: remarkPlugin } = await import('robotscope/remark');
  const { default: markdownItPlugin } = await import('robotscope/markdown-it');
  const { unified } = await devImport('unified');
  const { default: remarkParse } = await devImport('remark-parse');
  const { default: remarkRehype } = await devImport('remark-rehype');
  const { default: rehypeStringify } = await devImport('rehype-stringify');
  const { compile, run } = await devImport('@mdx-js/mdx');
  const runtime = await devImport('react/jsx-runtime');
  const { renderToStaticMarkup } = await devImport('react-dom/server');
  const { createElement } = await devImport('react');
  const { default: MarkdownIt } = await devImport('markdown-it');
  const remark = String(await unified().use(remarkParse).use(remarkPlugin).use(remarkRehype).use(rehypeStringify).process(source));
  const code = String(await compile(source, { outputFormat: 'function-body', remarkPlugins: [remarkPlugin] }));
  const { default: Content } = await run(code, { ...runtime, baseUrl: import.meta.url });
  const mdx = renderToStaticMarkup(createElement(Content));
  const markdownIt = new MarkdownIt().use(markdownItPlugin).render(source);
  return { remark, mdx, 'markdown-it': markdownIt };
}

const decode = (s) => s.replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCodePoint(parseInt(h, 16))).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;|&#x27;/g, "'").replace(/&amp;/g, '&');

test('the remark, MDX and markdown-it plugins turn robots tester fences into the code block plus the element', async () => {
  assert.strictEqual(fences.length, 2);
  for (const [name, html] of Object.entries(await renders())) {
    // Attribute values are quoted with `"`, which they never hold unescaped (they may hold `>`).
    const elements = [...html.matchAll(/<pre[^>]*><code[^>]*>([\s\S]*?)<\/code><\/pre>\s*<robots-txt-tester((?:\s+[a-z-]+="[^"]*")*)\s*><\/robots-txt-tester>/g)];
    assert.strictEqual(elements.length, 2, name);
    elements.forEach((m, i) => {
      assert.strictEqual(decode(m[1]), fences[i].text, `${name}: the code block holds the fence's text`);
      const { robots, ...attrs } = Object.fromEntries([...m[2].matchAll(/([a-z-]+)="([^"]*)"/g)].map((a) => [a[1], decode(a[2])]));
      assert.deepStrictEqual(attrs, attrsOf(fences[i].info), name);
      assert.strictEqual(robots, fences[i].text, `${name}: the element is handed the fence's text`);
    });
  }
  // Other fences are left alone.
  const { default: markdownItPlugin } = await import('robotscope/markdown-it');
  const { default: MarkdownIt } = await devImport('markdown-it');
  assert.doesNotMatch(new MarkdownIt().use(markdownItPlugin).render('```robots\nUser-agent: *\n```\n\n```js tester\nx\n```\n'), /robots-txt-tester/);
});

/** Serves files from `root` and the installed package under /pkg/. */
const files = (root, extra = {}) => (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (extra[url.pathname]) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(extra[url.pathname]);
  const [base, rel] = url.pathname.startsWith('/pkg/') ? [pkgDir, url.pathname.slice(5)] : [root, decodeURIComponent(url.pathname.slice(1))];
  if (!base) return res.writeHead(404).end();
  let path = normalize(join(base, rel));
  if (existsSync(path) && !extname(path)) path = join(path, 'index.html');
  if (base && path.startsWith(base) && existsSync(path)) return res.writeHead(200, { 'content-type': TYPES[extname(path)] || 'application/octet-stream' }).end(readFileSync(path));
  res.writeHead(404).end();
};

/** What each widget on the page read (its file view, line by line) and its cells and expectation events. */
async function widgets(page) {
  await page.waitForFunction(() => {
    const all = document.querySelectorAll('robots-txt-tester');
    return all.length === 2 && [...all].every((e) => e.shadowRoot?.querySelector('td[data-verdict]'));
  }, null, { timeout: 30000 });
  return page.evaluate(() =>
    [...document.querySelectorAll('robots-txt-tester')].map((e) => ({
      text: [...e.shadowRoot.querySelectorAll('[part~=line] .t')].map((l) => l.textContent).join('\n'),
      cells: e.results.map((r) => [r.url, r.agent, r.allowed, r.line]),
      banner: e.shadowRoot.querySelector('[part=banner]').hidden,
      source: e.previousElementSibling.style.display,
    }))
  );
}

test('each rendering works in Chromium: the widgets read the fences byte for byte and agree', { timeout: 120000 }, async (t) => {
  const pages = {};
  for (const [name, html] of Object.entries(await renders())) {
    pages[`/${name}`] = `<!doctype html><meta charset="utf-8"><script type="module" src="/pkg/element.js"></script><body>${html}</body>`;
  }
  await inChromium(t, files(undefined, pages), async (page, origin, errors) => {
    let first;
    for (const name of Object.keys(pages)) {
      await page.goto(origin + name);
      await page.evaluate(() => document.querySelectorAll('robots-txt-tester').forEach((e) => e.activate()));
      const got = await widgets(page);
      // The file view numbers no empty line after the file's last line break.
      assert.deepStrictEqual(got.map((w) => w.text), fences.map((f) => f.text.replace(/\n$/, '')), name);
      // The code block each widget was handed is hidden once the widget is live: the file shows once.
      assert.deepStrictEqual(got.map((w) => w.source), ['none', 'none'], name);
      assert.deepStrictEqual(got.map((w) => w.banner), [true, true], `${name}: the fixture's expect= holds`);
      first ||= got;
      assert.deepStrictEqual(got, first, name);
    }
    assert.deepStrictEqual(first[1].cells, [
      ['/photos/a.jpg', 'googlebot-image', false, 2],
      ['/b', 'googlebot-image', true, 0],
    ]);
    assert.deepStrictEqual(errors, []);
  });
});
