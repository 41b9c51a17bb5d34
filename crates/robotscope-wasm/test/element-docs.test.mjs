// The docs-site integrations of <robots-txt-tester>: the remark plugin (plain remark and MDX, as Docusaurus
// runs it), the markdown-it plugin, and a real VitePress build, each rendering test/fixtures/widget.md. The
// fixture's fences hold `*`, `$`, `#`, `{}`, `<` and non-ASCII paths: the text each widget reads must be the
// fence's, byte for byte, and the widgets must answer in Chromium.
import test from 'node:test';
import assert from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inChromium } from './chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const pkgDir = dirname(require.resolve('robotscope/package.json'));
const devModules = process.env.ROBOTSCOPE_DEV_MODULES || join(here, '..', 'node_modules');
const crate = resolve(devModules, '..');
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
    const elements = [...html.matchAll(/<pre[^>]*><code[^>]*>([\s\S]*?)<\/code><\/pre>\s*<robots-txt-tester([^>]*)><\/robots-txt-tester>/g)];
    assert.strictEqual(elements.length, 2, name);
    elements.forEach((m, i) => {
      assert.strictEqual(decode(m[1]), fences[i].text, `${name}: the code block holds the fence's text`);
      const attrs = Object.fromEntries([...m[2].matchAll(/([a-z-]+)="([^"]*)"/g)].map((a) => [a[1], decode(a[2])]));
      assert.deepStrictEqual(attrs, attrsOf(fences[i].info), name);
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
      assert.deepStrictEqual(got.map((w) => w.text), fences.map((f) => f.text), name);
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

test('a real VitePress build with two widgets in a Markdown page works in Chromium', { timeout: 600000 }, async (t) => {
  const fixture = join(crate, 'vitepress-site');
  if (!existsSync(join(fixture, 'package.json'))) assert.fail(`no VitePress fixture at ${fixture}`);
  if (!existsSync(join(fixture, 'node_modules/vitepress/package.json'))) {
    // npm 11 writes lock files without rollup's optional platform packages and then refuses them in `npm ci`;
    // `npm install` still takes every version the lock file names.
    try {
      execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: fixture, stdio: 'inherit' });
    } catch {
      execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: fixture, stdio: 'inherit' });
    }
  }
  // The site is built inside the test project, where the packed robotscope is installed.
  const site = mkdtempSync(join(process.cwd(), 'vitepress-'));
  try {
    cpSync(join(fixture, 'docs/.vitepress/config.mjs'), join(site, 'docs/.vitepress/config.mjs'));
    cpSync(join(fixture, 'docs/.vitepress/theme'), join(site, 'docs/.vitepress/theme'), { recursive: true });
    writeFileSync(join(site, 'docs/index.md'), source);
    writeFileSync(join(site, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
    symlinkSync(join(fixture, 'node_modules'), join(site, 'node_modules'), 'dir');
    execFileSync(process.execPath, [join(fixture, 'node_modules/vitepress/bin/vitepress.js'), 'build', 'docs'], { cwd: site, stdio: ['ignore', 'inherit', 'inherit'] });
    const dist = join(site, 'docs/.vitepress/dist');
    const html = readFileSync(join(dist, 'index.html'), 'utf8');
    assert.strictEqual([...html.matchAll(/<robots-txt-tester /g)].length, 2, 'the server-rendered page holds both elements');
    await inChromium(t, files(dist), async (page, origin, errors) => {
      await page.goto(`${origin}/`);
      const wasm = [];
      page.on('request', (r) => r.url().endsWith('.wasm') && wasm.push(r.url()));
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      const got = await widgets(page);
      // VitePress's code blocks are highlighted line by line; the text read is still the fence's.
      assert.deepStrictEqual(got.map((w) => w.text), fences.map((f) => f.text.replace(/\n$/, '')));
      assert.deepStrictEqual(got.map((w) => w.banner), [true, true]);
      assert.deepStrictEqual(got[1].cells, [
        ['/photos/a.jpg', 'googlebot-image', false, 2],
        ['/b', 'googlebot-image', true, 0],
      ]);
      assert.ok(wasm.length <= 1, `at most one .wasm request, got ${wasm.length}`);
      assert.deepStrictEqual(errors, []);
      t.diagnostic(`VitePress ${JSON.parse(readFileSync(join(fixture, 'node_modules/vitepress/package.json'), 'utf8')).version} build served and checked`);
    });
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
});


/** A Python with Markdown and pymdown-extensions (a venv in the temporary folder, from PyPI), or why not. */
function mkdocsPython() {
  const venv = join(tmpdir(), 'robotscope-mkdocs-venv');
  const python = join(venv, 'bin/python');
  if (!existsSync(python)) {
    const made = spawnSync('python3', ['-m', 'venv', venv], { stdio: 'inherit' });
    if (made.status !== 0) return { why: 'no python3 with venv' };
  }
  const has = spawnSync(python, ['-c', 'import markdown, pymdownx'], { stdio: 'ignore' });
  if (has.status !== 0) {
    const pip = spawnSync(python, ['-m', 'pip', 'install', '-q', 'markdown==3.11.3', 'pymdown-extensions==13.1'], { stdio: 'inherit' });
    if (pip.status !== 0) return { why: 'pip could not install markdown and pymdown-extensions' };
  }
  return { python };
}

test('the MkDocs Material way: the superfences formatter renders the fixture, and the widgets read it', { timeout: 300000 }, async (t) => {
  const { python, why } = mkdocsPython();
  if (!python) return t.skip(`SKIPPED: ${why}`);
  const script = `
import sys, markdown
sys.path.insert(0, sys.argv[1])
import robotscope_fence
fence = {'name': 'robots-tester', 'class': 'robots-tester', 'validator': robotscope_fence.validator, 'format': robotscope_fence.formatter}
text = sys.stdin.read()
sys.stdout.write(markdown.markdown(text, extensions=['pymdownx.superfences'], extension_configs={'pymdownx.superfences': {'custom_fences': [fence]}}))
`;
  const markdownText = source.replace(/^```robots tester/gm, '```robots-tester');
  const html = execFileSync(python, ['-c', script, join(pkgDir, 'docs-plugins')], { input: markdownText, encoding: 'utf8' });
  const elements = [...html.matchAll(/<pre[^>]*><code>([\s\S]*?)<\/code><\/pre><robots-txt-tester([^>]*)><\/robots-txt-tester>/g)];
  assert.strictEqual(elements.length, 2);
  elements.forEach((m, i) => {
    // Python-Markdown drops the fence's last newline.
    assert.strictEqual(decode(m[1]), fences[i].text.replace(/\n$/, ''));
    assert.deepStrictEqual(Object.fromEntries([...m[2].matchAll(/([a-z-]+)="([^"]*)"/g)].map((a) => [a[1], decode(a[2])])), attrsOf(fences[i].info));
  });
  const page = `<!doctype html><meta charset="utf-8"><script type="module" src="/pkg/element.js"></script><body data-md-color-scheme="slate">${html}</body>`;
  await inChromium(t, files(undefined, { '/': page }), async (p, origin, errors) => {
    await p.goto(`${origin}/`);
    await p.evaluate(() => document.querySelectorAll('robots-txt-tester').forEach((e) => e.activate()));
    const got = await widgets(p);
    assert.deepStrictEqual(got.map((w) => w.text), fences.map((f) => f.text.replace(/\n$/, '')));
    assert.deepStrictEqual(got.map((w) => w.banner), [true, true]);
    // MkDocs Material's slate scheme is dark: the widget follows it.
    const dark = await p.evaluate(() => document.querySelector('robots-txt-tester').shadowRoot.querySelector('.root').classList.contains('dark'));
    assert.strictEqual(dark, true);
    assert.deepStrictEqual(errors, []);
  });
});
