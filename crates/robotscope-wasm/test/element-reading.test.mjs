// <robots-txt-tester> reading a code block it was not handed, as each docs framework renders one (the markup
// below is each framework's, as built by the versions in element-frameworks.test.mjs), and saying so rather than
// answering when the line structure is not certain; plus the states around it: the `robots` attribute the docs
// plugins write, errors that settle `ready`, a page whose CSP forbids WebAssembly beside its own code block,
// Markdown backticks in the engine's sentences, the "Try it" button, the layout on a phone, pages with unrelated
// code blocks above each widget, and a Markdown page that follows the widget's advice.
import test from 'node:test';
import assert from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inChromium } from './chromium.mjs';

const require = createRequire(import.meta.url);
const pkgDir = dirname(require.resolve('robotscope/package.json'));
const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };

const FILE = 'User-agent: *\nDisallow: /private/\nAllow: /private/press/\n\n# Images\nUser-agent: Googlebot-Image\nDisallow: /photos/';
const LINES = FILE.split('\n');
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const attrs = 'loading="eager" agents="Googlebot, googlebot-image" urls="/private/report /private/press/a /photos/a.jpg"';
/**
 * What `robotscope check --normalize --json` answers for FILE, row by row ([verdict, line]); Googlebot-Image has
 * its own group, so the `*` rules do not apply to it. element-frameworks.test.mjs asks the CLI itself.
 */
const WANT = [
  ['disallowed', 2], ['allowed', 0],
  ['allowed', 3], ['allowed', 0],
  ['allowed', 0], ['disallowed', 7],
];

/** Each framework's rendering of FILE as a code block. */
const RENDERINGS = {
  // Docusaurus 3.10 (prism-react-renderer): one div per line ending in <br>, no newline characters; an empty line
  // holds an empty inline-block span.
  docusaurus: `<div class="language-text theme-code-block"><div class="codeBlockContent"><pre class="prism-code"><code class="codeBlockLines">${LINES.map(
    (l) => `<div class="token-line"><span class="token plain"${l ? '' : ' style="display:inline-block"'}>${esc(l)}</span><br></div>`
  ).join('')}</code></pre><button class="clean-btn">Copy</button></div></div>`,
  // VitePress (Shiki): span.line per line, newlines between them.
  vitepress: `<div class="language-text"><button class="copy"></button><span class="lang">text</span><pre class="shiki"><code>${LINES.map(
    (l) => `<span class="line"><span>${esc(l)}</span></span>`
  ).join('\n')}</code></pre></div>`,
  // Astro Starlight (Expressive Code): div.ec-line per line, no newlines; the copy button holds the text.
  starlight: `<div class="expressive-code"><figure class="frame"><pre><code>${LINES.map(
    (l) => `<div class="ec-line"><div class="code">${esc(l)}</div></div>`
  ).join('')}</code></pre><div class="copy"><button data-code="${esc(LINES.join('\x7f')).replace(/"/g, '&quot;')}"></button></div></figure></div>`,
  // MkDocs Material (Pygments) with line numbers: a table whose first column holds them.
  mkdocs: `<div class="highlight"><table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre><span></span>${LINES.map(
    (_, i) => `<span class="normal">${i + 1}</span>`
  ).join('\n')}</pre></div></td><td class="code"><div><pre><span></span><code>${LINES.map((l) => `<span class="n">${esc(l)}</span>`).join('\n')}\n</code></pre></div></td></tr></table></div>`,
  // Plain HTML.
  plain: `<pre><code>${esc(FILE)}</code></pre>`,
  br: `<pre>${LINES.map(esc).join('<br>')}</pre>`,
};

const page = (body) =>
  `<!doctype html><html><head><meta charset="utf-8"><script type="module" src="/pkg/element.js"></script></head><body>
<script>window.events = []; for (const t of ['robots-ready','robots-error']) document.addEventListener(t, (e) => events.push({ type: t, id: e.target.id, detail: e.detail }));</script>
${body}</body></html>`;

function server(pages) {
  return (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const p = pages[url.pathname];
    if (p) return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...(p.headers || {}) }).end(p.body ?? p);
    const path = normalize(join(pkgDir, url.pathname.slice(5)));
    if (url.pathname.startsWith('/pkg/') && path.startsWith(pkgDir) && existsSync(path)) {
      return res.writeHead(200, { 'content-type': TYPES[extname(path)] || 'application/octet-stream' }).end(readFileSync(path));
    }
    res.writeHead(404).end();
  };
}

/** Each widget's state once live or failed: its file view, cells, notes, and whether its source block shows. */
async function states(p, ids) {
  await p.waitForFunction((ids) => ids.every((id) => document.getElementById(id)?.shadowRoot?.querySelector('td[data-verdict], .notes .error')), ids, { timeout: 30000 });
  return p.evaluate((ids) =>
    Object.fromEntries(
      ids.map((id) => {
        const root = document.getElementById(id).shadowRoot;
        return [
          id,
          {
            text: [...root.querySelectorAll('[part~=line] .t')].map((l) => l.textContent).join('\n'),
            cells: [...root.querySelectorAll('td[data-verdict]')].map((td) => [td.dataset.verdict, Number(td.dataset.line)]),
            error: root.querySelector('.notes .error')?.textContent ?? null,
            grid: root.querySelector('.gridwrap').checkVisibility(),
          },
        ];
      })
    ), ids);
}

test('the widget rebuilds the lines of each framework\'s code block, and refuses a layout it cannot be sure of', { timeout: 120000 }, async (t) => {
  const unsure = {
    // A line element that is a block holding two lines of text.
    nested: `<pre><code><span class="token-line">User-agent: *<div>Disallow: /</div></span></code></pre>`,
    // An unknown block-level layout with no newlines: the lines cannot be told apart.
    grid: `<pre><code><div>User-agent: *</div><div>Disallow: /private/</div></code></pre>`,
    // Hidden text inside the block.
    hidden: `<pre><code>User-agent: *\n<span style="display:none">Disallow: /</span>Allow: /</code></pre>`,
  };
  const body = [
    ...Object.entries(RENDERINGS).map(([id, html]) => `${html}\n<robots-txt-tester id="${id}" ${attrs}></robots-txt-tester>`),
    ...Object.entries(unsure).map(([id, html]) => `${html}\n<robots-txt-tester id="${id}" ${attrs}></robots-txt-tester>`),
    // for="ID" on a Docusaurus block elsewhere in the page.
    `<div id="far">${RENDERINGS.docusaurus}</div><p>Prose between.</p><robots-txt-tester id="for" for="far" ${attrs}></robots-txt-tester>`,
  ].join('\n<p>Prose.</p>\n');
  await inChromium(t, server({ '/': page(body) }), async (p, origin, errors) => {
    await p.goto(`${origin}/`);
    const ids = [...Object.keys(RENDERINGS), ...Object.keys(unsure), 'for'];
    const got = await states(p, ids);
    for (const id of [...Object.keys(RENDERINGS), 'for']) {
      assert.strictEqual(got[id].error, null, id);
      // (Pygments ends its block with a newline: the file then has an empty last line, which changes no answer.)
      assert.strictEqual(got[id].text.replace(/\n$/, ''), FILE, `${id}: the lines read`);
      assert.deepStrictEqual(got[id].cells, WANT, `${id}: the cells`);
    }
    for (const id of Object.keys(unsure)) {
      assert.match(got[id].error, /cannot be sure where the code block's lines begin and end .*, so no verdicts/, id);
      assert.deepStrictEqual(got[id].cells, [], `${id}: no verdict from a text it may have misread`);
      assert.strictEqual(got[id].grid, false, `${id}: no empty grid`);
    }
    const kinds = await p.evaluate(() => events.filter((e) => e.type === 'robots-error').map((e) => [e.id, e.detail.kind]));
    assert.deepStrictEqual(kinds.sort(), Object.keys(unsure).map((id) => [id, 'input']).sort());
    const ready = await p.evaluate(() => Promise.all(['nested', 'docusaurus'].map((id) => document.getElementById(id).ready.then(() => 'resolved', () => 'rejected'))));
    assert.deepStrictEqual(ready, ['rejected', 'resolved'], '`ready` settles on an input error too');
    // The code blocks read are hidden once their widgets are live; the ones refused stay the page's view.
    const visible = await p.evaluate(() => [...document.querySelectorAll('pre')].filter((e) => e.checkVisibility() && !e.closest('.linenos')).map((e) => e.parentElement.nextElementSibling?.id || e.nextElementSibling?.id));
    assert.deepStrictEqual(visible.sort(), Object.keys(unsure).sort());
    assert.deepStrictEqual(errors, []);
  });
});

test('the robots attribute (what the docs plugins write) wins, hides the code block before it, and ready renews after a fix', { timeout: 120000 }, async (t) => {
  const body = `${RENDERINGS.docusaurus}<robots-txt-tester id="attr" ${attrs} robots="${esc(FILE).replace(/"/g, '&quot;')}"></robots-txt-tester>
    <robots-txt-tester id="missing" for="nowhere" ${attrs}></robots-txt-tester>`;
  await inChromium(t, server({ '/': page(body) }), async (p, origin, errors) => {
    await p.goto(`${origin}/`);
    const got = await states(p, ['attr', 'missing']);
    assert.strictEqual(got.attr.text, FILE);
    assert.deepStrictEqual(got.attr.cells, WANT);
    assert.strictEqual(await p.evaluate(() => document.querySelector('.theme-code-block').checkVisibility()), false);
    assert.match(got.missing.error, /for="nowhere": no element has this id/);
    assert.strictEqual(await p.evaluate(() => document.getElementById('missing').ready.then(() => 'resolved', () => 'rejected')), 'rejected');
    // Fixing the input loads again, and `ready` is a new promise that resolves.
    await p.evaluate(() => document.getElementById('missing').setAttribute('robots', 'User-agent: *\nDisallow: /'));
    assert.strictEqual(await p.evaluate(() => document.getElementById('missing').ready.then(() => 'resolved', () => 'rejected')), 'resolved');
    // Markdown backticks in the engine's sentences are code, not literal backticks.
    const explanation = await p.evaluate(() => {
      const e = document.getElementById('attr').shadowRoot.querySelector('[part=explanation]');
      return { text: e.textContent, code: e.querySelectorAll('p code').length };
    });
    assert.doesNotMatch(explanation.text, /`/);
    assert.ok(explanation.code > 0, 'the explanation shows its code spans as code');
    assert.deepStrictEqual(errors, []);
  });
});

test('a CSP without wasm-unsafe-eval beside the page\'s code block: the file shows once, no empty grid', { timeout: 120000 }, async (t) => {
  const body = `${RENDERINGS.plain}<robots-txt-tester id="w" ${attrs}></robots-txt-tester>`;
  const pages = { '/': { body: page(body).replace(/<script>window\.events[\s\S]*?<\/script>/, ''), headers: { 'content-security-policy': "script-src 'self'" } } };
  await inChromium(t, server(pages), async (p, origin) => {
    await p.goto(`${origin}/`);
    const got = (await states(p, ['w'])).w;
    assert.match(got.error, /Content-Security-Policy/);
    assert.strictEqual(got.text, '', 'the widget does not repeat the file the page already shows');
    assert.strictEqual(got.grid, false);
    assert.strictEqual(await p.evaluate(() => document.querySelector('pre').checkVisibility()), true);
    const view = await p.evaluate(() => document.getElementById('w').shadowRoot.querySelector('[part=file]').checkVisibility());
    assert.strictEqual(view, false);
  });
});

test('on a phone every agent\'s verdict is on screen, scrolling regions show it, and "Try it" is a styled button', { timeout: 120000 }, async (t) => {
  const long = `${FILE}\n${Array.from({ length: 40 }, (_, i) => `Disallow: /a-very-long-path-name-that-needs-a-sideways-scroll/${i}/`).join('\n')}`;
  const body = `<robots-txt-tester id="w" loading="eager" agents="Googlebot, GPTBot, googlebot-image, Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)" urls="/private/report /photos/a.jpg"><script type="text/robots">${esc(long)}</script></robots-txt-tester>
    <robots-txt-tester id="try" loading="interaction"><script type="text/robots">User-agent: *</script></robots-txt-tester>`;
  await inChromium(t, server({ '/': page(body) }), async (p, origin, errors) => {
    await p.setViewportSize({ width: 390, height: 844 });
    await p.goto(`${origin}/`);
    await states(p, ['w']);
    const got = await p.evaluate(() => {
      const root = document.getElementById('w').shadowRoot;
      const cells = [...root.querySelector('tbody tr').querySelectorAll('td')].map((td) => td.getBoundingClientRect());
      const wrap = root.querySelector('.gridwrap');
      const file = root.querySelector('.file');
      const cues = (e) => getComputedStyle(e).backgroundImage.split('gradient').length - 1;
      return { cells: cells.map((r) => [r.left, r.right]), overflow: wrap.scrollWidth - wrap.clientWidth, fileScrolls: file.scrollHeight > file.clientHeight && file.scrollWidth > file.clientWidth, cues: [cues(file), cues(wrap)] };
    });
    assert.strictEqual(got.cells.length, 4);
    for (const [left, right] of got.cells) assert.ok(left >= 0 && right <= 390, `a verdict off screen: ${left}..${right}`);
    assert.ok(got.overflow <= 0, 'the verdicts do not scroll sideways');
    assert.ok(got.fileScrolls, 'the long file scrolls both ways');
    assert.deepStrictEqual(got.cues, [8, 4], 'shadows at the edges of the scrolling file and grid');
    const button = await p.evaluate(() => {
      const b = document.getElementById('try').shadowRoot.querySelector('[part=try]');
      const s = getComputedStyle(b);
      return { bg: s.backgroundColor, radius: s.borderTopLeftRadius, cursor: s.cursor };
    });
    assert.notStrictEqual(button.bg, 'rgba(0, 0, 0, 0)');
    assert.notStrictEqual(button.radius, '0px');
    assert.strictEqual(button.cursor, 'pointer');
    assert.deepStrictEqual(errors, []);
  });
});

test('a file ending in a line break shows no empty numbered line after it (in edit mode the caret has its line)', { timeout: 120000 }, async (t) => {
  const robots = esc('User-agent: *\nDisallow: /x\n').replace(/\n/g, '&#10;');
  const body = `<robots-txt-tester id="read" loading="eager" agents="Googlebot" urls="/x" robots="${robots}"></robots-txt-tester>
    <robots-txt-tester id="edit" mode="edit" loading="eager" agents="Googlebot" urls="/x" robots="${robots}"></robots-txt-tester>`;
  await inChromium(t, server({ '/': page(body) }), async (p, origin, errors) => {
    await p.goto(`${origin}/`);
    const got = await states(p, ['read', 'edit']);
    assert.deepStrictEqual(got.read.cells, [['disallowed', 2]]);
    const gutters = await p.evaluate(() =>
      ['read', 'edit'].map((id) => [...document.getElementById(id).shadowRoot.querySelectorAll('[part~=gutter]')].map((n) => n.textContent))
    );
    assert.deepStrictEqual(gutters, [['1', '2'], ['1', '2', '3']]);
    assert.deepStrictEqual(errors, []);
  });
});

test('a widget reads only the code block right before it, its own text first, and never hides a block it did not read', { timeout: 120000 }, async (t) => {
  const npm = '<pre id="npm-{i}"><code>npm install robotscope</code></pre>';
  const own = 'User-agent: *\nDisallow: /private/\n';
  const body = [
    // The robots attribute, after an unrelated snippet: the snippet stays.
    `${npm.replace('{i}', 1)}\n<robots-txt-tester id="attr" loading="eager" agents="Googlebot" urls="/private/x /a" robots="${esc(own).replace(/\n/g, '&#10;')}"></robots-txt-tester>`,
    // Its own text, after an unrelated snippet: the text is the file, and the snippet stays.
    `${npm.replace('{i}', 2)}<robots-txt-tester id="own" loading="eager" agents="Googlebot" urls="/private/x /a">${esc(own)}</robots-txt-tester>`,
    // Prose between: the snippet above is someone else's.
    `${npm.replace('{i}', 3)}<p>Then test it:</p><robots-txt-tester id="far" loading="eager" agents="Googlebot" urls="/a"></robots-txt-tester>`,
    // The block right before (a comment and white space between): read and hidden.
    `${npm.replace('{i}', 4)}<pre id="file"><code>${esc(own)}</code></pre>\n<!-- the file above -->\n<robots-txt-tester id="near" loading="eager" agents="Googlebot" urls="/private/x /a"></robots-txt-tester>`,
  ].join('\n<hr>\n');
  await inChromium(t, server({ '/': page(body) }), async (p, origin, errors) => {
    await p.goto(`${origin}/`);
    const got = await states(p, ['attr', 'own', 'far', 'near']);
    for (const id of ['attr', 'own', 'near']) {
      assert.deepStrictEqual(got[id].cells, [['disallowed', 2], ['allowed', 0]], id);
      assert.strictEqual(got[id].text.replace(/\n$/, ''), own.trimEnd(), id);
    }
    assert.match(got.far.error, /no robots\.txt to test: .*robots attribute/);
    const shown = await p.evaluate(() => ['npm-1', 'npm-2', 'npm-3', 'npm-4', 'file'].map((id) => document.getElementById(id).checkVisibility()));
    assert.deepStrictEqual(shown, [true, true, true, true, false]);
    assert.deepStrictEqual(errors, []);
  });
});

test('the advice the widget prints works in Markdown: a robots attribute with &#10; line breaks, blank lines kept', { timeout: 120000 }, async (t) => {
  const devModules = process.env.ROBOTSCOPE_DEV_MODULES || join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules');
  const { default: MarkdownIt } = await import(pathToFileURL(createRequire(join(devModules, 'noop.js')).resolve('markdown-it')));
  // A file with a blank line: a <script type="text/robots"> child would end the raw-HTML block there.
  const file = 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nDisallow: /private/\n';
  const attr = esc(file).replace(/"/g, '&quot;').replace(/\n/g, '&#10;');
  const markdown = `# Our robots.txt\n\n\`\`\`sh\nnpm install robotscope\n\`\`\`\n\n<robots-txt-tester id="md" loading="eager" agents="GPTBot, Googlebot" urls="/a /private/x" robots="${attr}"></robots-txt-tester>\n`;
  const html = new MarkdownIt({ html: true }).render(markdown);
  await inChromium(t, server({ '/': page(html) }), async (p, origin, errors) => {
    await p.goto(`${origin}/`);
    const got = await states(p, ['md']);
    assert.strictEqual(got.md.error, null);
    assert.strictEqual(got.md.text.replace(/\n$/, ''), file.trimEnd());
    assert.deepStrictEqual(got.md.cells, [['disallowed', 2], ['allowed', 0], ['disallowed', 2], ['disallowed', 5]]);
    assert.strictEqual(await p.evaluate(() => document.querySelector('pre').checkVisibility()), true);
    assert.deepStrictEqual(errors, []);
  });
});
