// <robots-txt-tester> (robotscope/element) in headless Chromium: content sources, attributes, events, the grid
// against the CLI, one shared wasm, lazy loading, themes, isolation, keyboard, CSP, hostile inputs and
// connect/disconnect cycles. Pages load the installed package with a plain <script type="module" src>.
import test from 'node:test';
import assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { inChromium } from './chromium.mjs';

const pkgDir = process.env.ROBOTSCOPE_PKG || dirname(createRequire(import.meta.url).resolve('robotscope/package.json'));
const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.json': 'application/json' };

const FILE = `User-agent: *
Disallow: /private/
Allow: /private/press/

User-agent: Googlebot
Disallow: /*.pdf$   # no PDFs
Allow: /shop/

User-agent: AdsBot-Google
Disallow: /ads/

Sitemap: https://example.com/sitemap.xml
`;

const page = (body, head = '') =>
  `<!doctype html><html><head><meta charset="utf-8">${head}<script type="module" src="/pkg/element.js"></script></head><body>
<script>window.events = []; for (const t of ['robots-ready','robots-result','robots-change','robots-expectation','robots-error'])
document.addEventListener(t, (e) => events.push({ type: t, id: e.target.id, detail: t === 'robots-result' ? { cells: e.detail.results.length } : e.detail }));</script>
${body}</body></html>`;

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** Pages by path: `{ body, headers?, type? }`; everything under /pkg/ is the installed package. */
function server(pages, counts) {
  return (req, res) => {
    const url = new URL(req.url, 'http://localhost');
    counts.set(url.pathname, (counts.get(url.pathname) || 0) + 1);
    const p = pages[url.pathname];
    const fresh = { 'cache-control': 'no-store' };
    if (p) return res.writeHead(p.status || 200, { 'content-type': p.type || 'text/html; charset=utf-8', ...fresh, ...(p.headers || {}) }).end(p.body);
    if (url.pathname.startsWith('/pkg/')) {
      const path = normalize(join(pkgDir, url.pathname.slice(5)));
      if (path.startsWith(pkgDir) && existsSync(path)) {
        return res.writeHead(200, { 'content-type': TYPES[extname(path)] || 'application/octet-stream', ...fresh }).end(readFileSync(path));
      }
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  };
}

/** The cells of the widget `#id`: `{ verdict, line, url, agent, text }`. */
const cells = (page, id) =>
  page.evaluate(
    (id) =>
      [...document.getElementById(id).shadowRoot.querySelectorAll('td[data-verdict]')].map((td) => ({
        verdict: td.dataset.verdict,
        line: Number(td.dataset.line),
        url: td.dataset.url,
        agent: td.dataset.agent,
        text: td.textContent,
      })),
    id
  );

const live = (page, ids) =>
  page.waitForFunction((ids) => ids.every((id) => document.getElementById(id)?.shadowRoot?.querySelector('td[data-verdict]')), ids, { timeout: 20000 });

const notes = (page, id) => page.evaluate((id) => document.getElementById(id).shadowRoot.querySelector('.notes').textContent, id);

/** The CLI: `robotscope check FILE --normalize --json --agent A URL...`, one answer per URL. */
function cliBinary() {
  if (process.env.ROBOTSCOPE_CLI) return process.env.ROBOTSCOPE_CLI;
  const root = resolve(process.env.ROBOTSCOPE_DEV_MODULES || join(pkgDir, '../node_modules'), '../../..');
  const target = process.env.CARGO_TARGET_DIR ? resolve(root, process.env.CARGO_TARGET_DIR) : join(root, 'target');
  const bin = join(target, 'debug/robotscope');
  if (!existsSync(bin)) spawnSync('cargo', ['build', '-q', '-p', 'robotscope-cli'], { cwd: root, stdio: 'inherit' });
  return existsSync(bin) ? bin : undefined;
}

function cli(bin, text, agent, urls, extra = []) {
  const dir = mkdtempSync(join(tmpdir(), 'rtt-cli-'));
  try {
    writeFileSync(join(dir, 'robots.txt'), text);
    const r = spawnSync(bin, ['check', join(dir, 'robots.txt'), '--normalize', '--json', ...extra, '--agent', agent, ...urls], { encoding: 'utf8' });
    assert.ok(r.status === 0 || r.status === 1, `CLI failed: ${r.stderr}`);
    return r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('robotscope/element can be imported in Node (SSR) without defining anything or throwing', async () => {
  const m = await import('robotscope/element');
  assert.strictEqual(typeof m.defineRobotsTxtTester, 'function');
  assert.strictEqual(m.defineRobotsTxtTester('x-y'), undefined);
});

test('<robots-txt-tester> in headless Chromium', { timeout: 600000 }, async (t) => {
  const counts = new Map();
  const big = 'User-agent: *\n' + 'Disallow: /x\n'.repeat(5 * 1024 * 1024 / 12);
  const bin = new Uint8Array(4096).map((_, i) => (i * 7919) % 256);
  const pages = {
    '/robots.txt': { body: FILE, type: 'text/plain' },
    '/big.txt': { body: big, type: 'text/plain' },
    '/binary.bin': { body: Buffer.from(bin), type: 'application/octet-stream' },
    '/page.html': { body: '<!doctype html><html><head><title>Shop</title></head><body><p>Welcome</p></body></html>' },
  };
  await inChromium(t, server(pages, counts), async (p, origin, errors) => {
    const open = async (path, body, head) => {
      pages[path] = { body: page(body, head) };
      counts.clear();
      await p.goto(origin + path);
    };

    await t.test('every content source gives the engine the same file', async () => {
      const agents = 'Googlebot, GPTBot';
      const urls = '/private/x /private/press/a /doc.pdf /shop/a';
      const attrs = `agents="${agents}" urls="${urls}" loading="eager"`;
      await open(
        '/sources',
        `<robots-txt-tester id="prop" ${attrs}></robots-txt-tester>
         <script type="module">document.getElementById('prop').robots = ${JSON.stringify(FILE)};</script>
         <robots-txt-tester id="src" src="/robots.txt" ${attrs}></robots-txt-tester>
         <robots-txt-tester id="script" ${attrs}><script type="text/robots">
           ${FILE.split('\n').join('\n           ')}</script></robots-txt-tester>
         <pre id="block"><code>${escape(FILE)}</code></pre><p>Some prose.</p>
         <robots-txt-tester id="for" for="block" ${attrs}></robots-txt-tester>
         <div class="theme-code-block"><div class="content"><pre class="prism"><code><span class="t">${escape(FILE)}</span></code></pre></div></div>
         <robots-txt-tester id="sibling" ${attrs}></robots-txt-tester>
         <robots-txt-tester id="text" ${attrs}>
           ${escape(FILE).split('\n').join('\n           ')}
         </robots-txt-tester>`
      );
      const ids = ['prop', 'src', 'script', 'for', 'sibling', 'text'];
      await live(p, ids);
      const first = await cells(p, 'prop');
      assert.deepStrictEqual(
        first.map((c) => [c.url, c.agent, c.verdict, c.line]),
        [
          ['/private/x', 'Googlebot', 'allowed', 0],
          ['/private/x', 'GPTBot', 'disallowed', 2],
          ['/private/press/a', 'Googlebot', 'allowed', 0],
          ['/private/press/a', 'GPTBot', 'allowed', 3],
          ['/doc.pdf', 'Googlebot', 'disallowed', 6],
          ['/doc.pdf', 'GPTBot', 'allowed', 0],
          ['/shop/a', 'Googlebot', 'allowed', 7],
          ['/shop/a', 'GPTBot', 'allowed', 0],
        ]
      );
      for (const id of ids.slice(1)) assert.deepStrictEqual(await cells(p, id), first, id);
      // The sibling code block is hidden once the widget is live; the `for=` block too.
      const shown = await p.evaluate(() => [...document.querySelectorAll('pre')].map((e) => e.checkVisibility()));
      assert.deepStrictEqual(shown, [false, false]);
      // Each source's text reaches the widget's file view line by line.
      const lines = await p.evaluate(() => document.getElementById('text').shadowRoot.querySelectorAll('[part~=line]').length);
      // No numbered empty line after the file's last line break.
      assert.strictEqual(lines, FILE.replace(/\n$/, '').split('\n').length);
      assert.deepStrictEqual(errors, []);
    });

    await t.test('verdicts, deciding lines, tokens and group lines equal the CLI on presets, headers and URLs', async () => {
      const bin = cliBinary();
      if (!bin) {
        if (process.env.CI === 'true') assert.fail('no robotscope CLI (CI=true)');
        return t.skip('SKIPPED: no robotscope CLI');
      }
      const agents = [
        'Googlebot',
        'googlebot-image',
        'Googlebot-News',
        'AdsBot-Google',
        'GPTBot',
        'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
        'MyBot',
      ];
      const urls = ['/private/x', '/private/press/a', 'https://example.com/doc.pdf', '/shop/a', '/ads/x', 'cart', '/a%2fb?q=ü'];
      const files = [FILE, 'User-agent: Googlebot\nDisallow: /photos/\n\nUser-agent: *\nAllow: /\nDisallow: /ads/\n'];
      for (const [n, text] of files.entries()) {
        await open(
          `/cli${n}`,
          `<robots-txt-tester id="w" loading="eager" agents="${escape(agents.join('\n'))}" urls="${escape(urls.join(' '))}"></robots-txt-tester>
           <script type="module">document.getElementById('w').robots = ${JSON.stringify(text)};</script>`
        );
        await live(p, ['w']);
        const results = await p.evaluate(() => document.getElementById('w').results);
        assert.strictEqual(results.length, agents.length * urls.length);
        const got = await cells(p, 'w');
        for (const [a, agent] of agents.entries()) {
          const answers = cli(bin, text, agent, urls);
          for (const [u, url] of urls.entries()) {
            const r = results[u * agents.length + a];
            const c = got[u * agents.length + a];
            const want = answers[u];
            const where = `${agent} ${url}`;
            assert.strictEqual(r.agent, agent.trim(), where);
            assert.strictEqual(r.url, url, where);
            assert.deepStrictEqual([r.allowed, r.line], [want.allowed, want.line], where);
            assert.deepStrictEqual([c.verdict, c.line], [want.allowed ? 'allowed' : 'disallowed', want.line], where);
            assert.deepStrictEqual(r.token === null ? [] : [r.token], want.agents, where);
            assert.deepStrictEqual(r.groupLines, want.group_lines, where);
          }
        }
      }
    });

    await t.test('selecting a cell explains it, marks the deciding line and the group, and announces it', async () => {
      await open('/select', `<robots-txt-tester id="w" loading="eager" agents="googlebot-image, GPTBot" urls="/doc.pdf /private/x"><script type="text/robots">${FILE}</script></robots-txt-tester>`);
      await live(p, ['w']);
      const w = p.locator('#w');
      await w.locator('td[data-agent="googlebot-image"][data-url="/doc.pdf"] button').click();
      const explain = await w.locator('[part=explanation]').textContent();
      assert.match(explain, /Disallowed for Googlebot-Image/);
      assert.match(explain, /follows Googlebot's group/);
      assert.match(explain, /Token given to the engine\s*Googlebot/);
      assert.match(explain, /URL tested\s*https:\/\/example\.com\/doc\.pdf/);
      assert.strictEqual(await w.locator('[data-winning="true"]').getAttribute('data-line'), '6');
      assert.deepStrictEqual(await w.locator('[data-group]').evaluateAll((n) => n.map((x) => x.dataset.line)), ['5', '6', '7']);
      assert.match(await w.locator('[aria-live=polite]').textContent(), /Googlebot-Image, \/doc\.pdf: disallowed by line 6/);
      // Arrow keys move the selection; the grid is one tab stop.
      await p.keyboard.press('ArrowRight');
      assert.match(await w.locator('[aria-live=polite]').textContent(), /GPTBot, \/doc\.pdf: allowed, no rule matched/);
      assert.strictEqual(await w.locator('td button[tabindex="0"]').count(), 1);
      assert.strictEqual(await w.locator('[data-winning]').count(), 0);
      // Verdicts are words, not only colours.
      for (const c of await cells(p, 'w')) assert.match(c.text, c.verdict === 'allowed' ? /\bAllowed\b/ : /\bDisallowed\b/);
      // A crawler that ignores `*` and has no group of its own is given no token: said in the core's words.
      const { NO_TOKEN } = createRequire(import.meta.url)(join(pkgDir, 'index.cjs'));
      await open('/none', `<robots-txt-tester id="n" loading="eager" agents="AdsBot-Google" urls="/x"><script type="text/robots">User-agent: *\nDisallow: /\n</script></robots-txt-tester>`);
      await live(p, ['n']);
      await p.locator('#n td button').first().click();
      assert.ok(NO_TOKEN.includes('ignores *'), NO_TOKEN);
      assert.match(await p.locator('#n [part=explanation]').textContent(), /Token given to the engine\s*none: /);
      assert.ok((await p.locator('#n [part=explanation]').textContent()).includes(`none: ${NO_TOKEN}`));
    });

    await t.test('events and properties: ready, result, change (edit mode), expectation, error', async () => {
      await open(
        '/events',
        `<robots-txt-tester id="ok" loading="eager" agents="Googlebot" urls="/a /private/x" expect="allowed disallowed"><script type="text/robots">User-agent: *\nDisallow: /private/</script></robots-txt-tester>
         <robots-txt-tester id="bad" loading="eager" agents="Googlebot" urls="/a /private/x" expect="allowed allowed"><script type="text/robots">User-agent: *\nDisallow: /</script></robots-txt-tester>
         <robots-txt-tester id="edit" mode="edit" loading="eager" agents="Googlebot" urls="/a"><script type="text/robots">User-agent: *\nAllow: /</script></robots-txt-tester>
         <robots-txt-tester id="malformed" loading="eager" expect="yes"><script type="text/robots">User-agent: *</script></robots-txt-tester>`
      );
      await live(p, ['ok', 'bad', 'edit', 'malformed']);
      assert.strictEqual(await p.evaluate(() => document.getElementById('ok').ready.then(() => 'resolved')), 'resolved');
      const ev = await p.evaluate(() => events);
      const of = (type, id) => ev.filter((e) => e.type === type && e.id === id);
      for (const id of ['ok', 'bad', 'edit', 'malformed']) assert.strictEqual(of('robots-ready', id).length, 1, id);
      assert.deepStrictEqual(of('robots-result', 'ok')[0].detail, { cells: 2 });
      assert.deepStrictEqual(of('robots-expectation', 'ok')[0].detail, { passed: true, failures: [] });
      assert.deepStrictEqual(of('robots-expectation', 'bad')[0].detail, {
        passed: false,
        failures: [
          { url: '/a', agent: 'Googlebot', expected: 'allowed', actual: 'disallowed' },
          { url: '/private/x', agent: 'Googlebot', expected: 'allowed', actual: 'disallowed' },
        ],
      });
      assert.match(await p.locator('#bad [part=banner]').textContent(), /2 verdicts differ/);
      assert.strictEqual(await p.locator('#ok [part=banner]').isVisible(), false);
      assert.strictEqual(of('robots-error', 'malformed')[0].detail.kind, 'input');
      assert.match(await notes(p, 'malformed'), /"yes" is neither allowed nor disallowed/);
      // Edit mode: each keystroke updates the verdicts and fires robots-change.
      const area = p.locator('#edit textarea');
      await area.click();
      await p.keyboard.press('Control+End');
      await p.keyboard.type('Disallow: /a');
      assert.deepStrictEqual((await cells(p, 'edit')).map((c) => [c.verdict, c.line]), [['disallowed', 3]]);
      const changes = await p.evaluate(() => events.filter((e) => e.type === 'robots-change'));
      assert.strictEqual(changes.length, 'Disallow: /a'.length);
      assert.strictEqual(changes.at(-1).detail.robots, 'User-agent: *\nAllow: /\nDisallow: /a');
      assert.strictEqual(await p.evaluate(() => document.getElementById('edit').results[0].rule.value), '/a');
      assert.ok(await p.locator('#edit [data-winning="true"][data-line="3"]').count());
      // Properties reflect attributes, and changing one re-evaluates.
      await p.evaluate(() => (document.getElementById('ok').urls = '/private/y'));
      await p.waitForFunction(() => document.getElementById('ok').results[0]?.url === '/private/y');
      assert.strictEqual(await p.evaluate(() => document.getElementById('ok').getAttribute('urls')), '/private/y');
      assert.strictEqual(await p.evaluate(() => document.getElementById('ok').diagnostics.length >= 0), true);
    });

    await t.test('lint mode lists the diagnostics; bad attribute values give notes', async () => {
      await open('/lint', `<robots-txt-tester id="w" mode="lint" theme="blue" loading="eager"><script type="text/robots">User-agent: *\nDissallow: /x\nCrawl-delay: 5</script></robots-txt-tester>
        <robots-txt-tester id="m" mode="view" loading="eager"><script type="text/robots">User-agent: *</script></robots-txt-tester>`);
      await live(p, ['w', 'm']);
      const lint = await p.locator('#w [part=diagnostics]').textContent();
      assert.match(lint, /line 2/);
      assert.match(lint, /line 3/);
      assert.match(await notes(p, 'w'), /theme="blue"/);
      assert.match(await notes(p, 'm'), /mode="view" is not check, edit or lint/);
      assert.strictEqual(await p.locator('#m [part=diagnostics]').isVisible(), false);
    });

    await t.test('twelve widgets load one .wasm; lazy ones load nothing before scrolling; interaction waits for the click', async () => {
      const twelve = Array.from({ length: 12 }, (_, i) => `<robots-txt-tester id="w${i}" loading="eager" agents="Googlebot" urls="/${i}"><script type="text/robots">User-agent: *\nDisallow: /${i}</script></robots-txt-tester>`).join('');
      await open('/twelve', twelve);
      await live(p, Array.from({ length: 12 }, (_, i) => `w${i}`));
      assert.strictEqual(counts.get('/pkg/web/robotscope_bg.wasm'), 1);
      assert.strictEqual(counts.get('/pkg/element/ui.js'), 1);
      for (let i = 0; i < 12; i++) assert.strictEqual((await cells(p, `w${i}`))[0].verdict, 'disallowed');

      await open('/lazy', `<div style="height:5000px">tall</div><robots-txt-tester id="lazy" agents="Googlebot" urls="/x"><script type="text/robots">User-agent: *\nDisallow: /x</script></robots-txt-tester>`);
      await p.waitForTimeout(300);
      assert.strictEqual(counts.get('/pkg/web/robotscope_bg.wasm'), undefined);
      assert.strictEqual(counts.get('/pkg/element/ui.js'), undefined);
      await p.locator('#lazy').scrollIntoViewIfNeeded();
      await live(p, ['lazy']);
      assert.strictEqual(counts.get('/pkg/web/robotscope_bg.wasm'), 1);

      await open('/interaction', `<robots-txt-tester id="i" loading="interaction" agents="Googlebot" urls="/x"><script type="text/robots">User-agent: *\nDisallow: /x</script></robots-txt-tester>`);
      await p.waitForTimeout(300);
      assert.strictEqual(counts.get('/pkg/web/robotscope_bg.wasm'), undefined);
      await p.locator('#i').getByRole('button', { name: 'Try it: test this robots.txt' }).click();
      await live(p, ['i']);
      assert.strictEqual(counts.get('/pkg/web/robotscope_bg.wasm'), 1);
      // The click moves focus into the widget, on the selected cell.
      assert.strictEqual(await p.evaluate(() => document.getElementById('i').shadowRoot.activeElement?.dataset.r), '0');
    });

    await t.test('the theme follows Docusaurus, VitePress, MkDocs Material, the page and the system; theme="light" wins', async () => {
      await open('/theme', `<robots-txt-tester id="auto" loading="eager"><script type="text/robots">User-agent: *</script></robots-txt-tester>
        <robots-txt-tester id="light" theme="light" loading="eager"><script type="text/robots">User-agent: *</script></robots-txt-tester>
        <robots-txt-tester id="dark" theme="dark" loading="eager"><script type="text/robots">User-agent: *</script></robots-txt-tester>`);
      await live(p, ['auto', 'light', 'dark']);
      const bg = () => p.evaluate(() => ['auto', 'light', 'dark'].map((id) => getComputedStyle(document.getElementById(id).shadowRoot.querySelector('.root')).backgroundColor));
      const L = 'rgb(255, 255, 255)';
      const D = 'rgb(22, 24, 29)';
      const set = (f) => p.evaluate(f);
      // The widgets follow the page through observers; wait for the expected state, then compare.
      const until = async (want) => {
        await p.waitForFunction((want) => ['auto', 'light', 'dark'].map((id) => getComputedStyle(document.getElementById(id).shadowRoot.querySelector('.root')).backgroundColor).join() === want.join(), want, { timeout: 3000 }).catch(() => {});
        assert.deepStrictEqual(await bg(), want);
      };
      await p.emulateMedia({ colorScheme: 'light' });
      await until([L, L, D]);
      await p.emulateMedia({ colorScheme: 'dark' });
      // A page without a dark mode (white, no dark color-scheme) stays light when the system is dark.
      await until([L, L, D]);
      // A page that allows a dark colour scheme follows the system.
      await set(() => (document.documentElement.style.colorScheme = 'light dark'));
      await until([D, L, D]);
      // Host conventions win over the system setting.
      await set(() => document.documentElement.setAttribute('data-theme', 'light')); // Docusaurus
      await until([L, L, D]);
      await set(() => document.documentElement.setAttribute('data-theme', 'dark'));
      await until([D, L, D]);
      await set(() => document.documentElement.removeAttribute('data-theme'));
      await p.emulateMedia({ colorScheme: 'light' });
      await set(() => document.documentElement.classList.add('dark')); // VitePress
      await until([D, L, D]);
      await set(() => document.documentElement.classList.remove('dark'));
      await set(() => document.body.setAttribute('data-md-color-scheme', 'slate')); // MkDocs Material
      await until([D, L, D]);
      await set(() => document.body.setAttribute('data-md-color-scheme', 'default'));
      await p.emulateMedia({ colorScheme: 'dark' });
      await until([L, L, D]);
      // Without a host convention: the page's own background behind the widget decides.
      await set(() => {
        document.body.removeAttribute('data-md-color-scheme');
        document.documentElement.style.colorScheme = 'light';
        document.body.style.background = 'rgb(17, 17, 17)';
      });
      await until([D, L, D]);
      await set(() => (document.body.style.background = 'rgb(250, 250, 250)'));
      await until([L, L, D]);
      await set(() => (document.body.style.background = ''));
      // Custom properties from the page restyle it.
      await set(() => (document.getElementById('light').style.cssText = '--rtt-bg: rgb(1, 2, 3)'));
      assert.strictEqual((await bg())[1], 'rgb(1, 2, 3)');
    });

    await t.test("a host stylesheet that restyles table, pre, button and * does not change the widget's layout", async () => {
      const body = `<robots-txt-tester id="w" loading="eager" agents="Googlebot, GPTBot" urls="/a /private/x" mode="edit"><script type="text/robots">${FILE}</script></robots-txt-tester>`;
      const layout = () =>
        p.evaluate(() => {
          const root = document.getElementById('w').shadowRoot;
          const base = root.querySelector('.root').getBoundingClientRect();
          return [...root.querySelectorAll('.root, [part~=line], th, td, button, textarea, [part=explanation]')].map((e) => {
            const r = e.getBoundingClientRect();
            return [e.tagName, Math.round(r.x - base.x), Math.round(r.y - base.y), Math.round(r.width), Math.round(r.height), getComputedStyle(e).color];
          });
        });
      await open('/plain', body);
      await live(p, ['w']);
      const plain = await layout();
      await open('/hostile-css', body, `<style>* { font: italic 30px serif !important; line-height: 3 !important; letter-spacing: 3px; color: red; text-transform: uppercase; white-space: pre-wrap; text-align: center }
        table, th, td { border: 9px solid lime !important; padding: 20px !important; border-collapse: separate; display: block }
        pre, code { font-size: 40px; padding: 30px; background: black } button { padding: 30px; background: yellow; font-size: 30px }</style>`);
      await live(p, ['w']);
      assert.deepStrictEqual(await layout(), plain);
      // And the widget's own rules stay inside: the page's buttons and tables are untouched.
      assert.strictEqual(await p.evaluate(() => getComputedStyle(document.body).color), 'rgb(255, 0, 0)');
    });

    await t.test('keyboard: Tab enters and leaves, every control is named', async () => {
      await open('/keys', `<button id="before">before</button>
        <robots-txt-tester id="w" mode="edit" loading="eager" agents="Googlebot" urls="/a /b" open-in="https://tester.example/" label="Example robots.txt"><script type="text/robots">User-agent: *\nDisallow: /a</script></robots-txt-tester>
        <button id="after">after</button>`);
      await live(p, ['w']);
      await p.locator('#w [part=open-link]').waitFor();
      await p.locator('#before').focus();
      const path = [];
      for (let i = 0; i < 4; i++) {
        await p.keyboard.press('Tab');
        path.push(await p.evaluate(() => {
          const a = document.activeElement;
          const inner = a.shadowRoot?.activeElement;
          return a.id === 'w' ? `w:${inner.tagName.toLowerCase()}` : a.id;
        }));
      }
      assert.deepStrictEqual(path, ['w:textarea', 'w:button', 'w:a', 'after']);
      await p.keyboard.press('Shift+Tab');
      assert.strictEqual(await p.evaluate(() => document.activeElement.shadowRoot?.activeElement?.tagName), 'A');
      const snapshot = await p.locator('#w').ariaSnapshot();
      assert.match(snapshot, /region "Example robots\.txt"/);
      assert.match(snapshot, /textbox "robots\.txt \(edit to update the verdicts\)"/);
      assert.match(snapshot, /table "Verdicts by URL and agent"/);
      assert.match(snapshot, /button "Allowed ?no rule"/);
      assert.match(snapshot, /button "Disallowed ?line 2"/);
      assert.match(snapshot, /link "Open in the robotscope tester"/);
      const href = await p.locator('#w [part=open-link]').getAttribute('href');
      assert.match(href, /^https:\/\/tester\.example\/#s1\.[A-Za-z0-9_-]+$/);
    });

    await t.test('hostile content: missing and huge files, binary, HTML, markup in every input', async () => {
      const xss = '<img src=x onerror="window.pwned=1"><script>window.pwned=1</script>';
      await open(
        '/hostile',
        `<robots-txt-tester id="missing" src="/nope.txt" loading="eager"></robots-txt-tester>
         <robots-txt-tester id="big" src="/big.txt" loading="eager" urls="/x /y"></robots-txt-tester>
         <robots-txt-tester id="binary" src="/binary.bin" loading="eager"></robots-txt-tester>
         <robots-txt-tester id="html" src="/page.html" loading="eager"></robots-txt-tester>
         <robots-txt-tester id="markup" loading="eager" agents="${escape(xss)}" urls="${escape('/<b>x</b> /"><img src=x onerror=alert(1)>')}"><script type="text/robots">User-agent: *</script></robots-txt-tester>
         <robots-txt-tester id="none" loading="eager"></robots-txt-tester>
         <robots-txt-tester id="fine" loading="eager"><script type="text/robots">User-agent: *\nDisallow: /</script></robots-txt-tester>`
      );
      await p.evaluate((x) => (document.getElementById('markup').robots = `User-agent: *\nDisallow: /${x}\n${x}`), xss);
      await live(p, ['big', 'binary', 'html', 'markup', 'fine']);
      await p.waitForFunction(() => events.filter((e) => e.type === 'robots-error').length >= 2);
      const errs = await p.evaluate(() => events.filter((e) => e.type === 'robots-error').map((e) => [e.id, e.detail.kind]));
      assert.deepStrictEqual(errs.sort(), [['missing', 'fetch'], ['none', 'input']]);
      assert.match(await notes(p, 'missing'), /answered HTTP 404/);
      assert.match(await notes(p, 'none'), /no robots\.txt to test/);
      assert.match(await notes(p, 'big'), /reads only the first 500 KiB/);
      assert.deepStrictEqual((await cells(p, 'big')).map((c) => c.verdict), ['disallowed', 'allowed']);
      assert.match(await notes(p, 'binary'), /line \d+:/);
      assert.match(await notes(p, 'html'), /HTML page/);
      assert.strictEqual(await p.evaluate(() => window.pwned), undefined);
      const markup = await p.evaluate(() => document.getElementById('markup').shadowRoot.querySelectorAll('img, b, script').length);
      assert.strictEqual(markup, 0);
      assert.match(await p.locator('#markup').locator('th').first().textContent(), /URL/);
      assert.ok((await p.locator('#markup [part=file]').textContent()).includes('<script>window.pwned=1</script>'));
      assert.deepStrictEqual((await cells(p, 'fine')).map((c) => c.verdict), ['disallowed']);
      assert.deepStrictEqual(errors, []);
    });

    await t.test('200 connect/disconnect cycles free the parsed file', async () => {
      // 100 KB in 200 lines: each parse that was not freed would keep 100 KB of wasm memory.
      const file = 'User-agent: *\n' + `Disallow: /${'a'.repeat(500)}*.php$\n`.repeat(200);
      await open(
        '/cycles',
        `<div id="host"></div><script type="module">
          import { wasmMemoryBytes } from '/pkg/index.web.js';
          const el = document.createElement('robots-txt-tester');
          el.setAttribute('loading', 'eager');
          el.robots = ${JSON.stringify(file)};
          const host = document.getElementById('host');
          const cycle = () => new Promise((resolve) => { el.addEventListener('robots-ready', resolve, { once: true }); host.append(el); });
          window.run = async () => {
            for (let i = 0; i < 10; i++) { await cycle(); el.remove(); }
            const before = wasmMemoryBytes();
            for (let i = 0; i < 200; i++) { await cycle(); el.remove(); }
            return [before, wasmMemoryBytes()];
          };
        </script>`
      );
      await p.waitForFunction(() => typeof window.run === 'function');
      const [before, after] = await p.evaluate(() => window.run());
      t.diagnostic(`wasm memory: ${before} bytes after 10 cycles, ${after} after 210 (file of ${file.length} bytes)`);
      assert.strictEqual(after, before);
    });

    await t.test('an element removed while the UI loads does not start (nothing parsed for it, nothing drawn)', async () => {
      await open(
        '/removed-early',
        `<div id="host"></div><script type="module">
          const host = document.getElementById('host');
          const make = (id) => {
            const el = document.createElement('robots-txt-tester');
            el.id = id;
            el.setAttribute('loading', 'eager');
            el.robots = 'User-agent: *\\nDisallow: /private/\\n';
            host.append(el);
            return el;
          };
          window.gone = make('gone');
          window.gone.remove();
          make('kept');
        </script>`
      );
      await p.waitForFunction(() => window.events.some((e) => e.type === 'robots-ready' && e.id === 'kept'));
      const drawn = (id) => p.evaluate((id) => (id === 'gone' ? window.gone : document.getElementById(id)).shadowRoot.querySelectorAll('table').length, id);
      assert.ok((await drawn('kept')) > 0);
      assert.strictEqual(await drawn('gone'), 0);
      // Added again, it starts.
      await p.evaluate(() => new Promise((ok) => { window.gone.addEventListener('robots-ready', ok, { once: true }); document.getElementById('host').append(window.gone); }));
      assert.ok((await drawn('gone')) > 0);
    });

    await t.test('profile= reads the file as Google, RFC 9309 or 1994 does, and compare marks exactly the cells that differ, as the CLI', async () => {
      const bin = cliBinary();
      if (!bin) {
        if (process.env.CI === 'true') assert.fail('no robotscope CLI (CI=true)');
        return t.skip('SKIPPED: no robotscope CLI');
      }
      const file = readFileSync(join(process.env.ROBOTSCOPE_REPO, 'static/examples/pitfalls.robots.txt'), 'utf8');
      const agents = ['GPTBot', 'Bingbot', 'Googlebot'];
      const urls = ['/private', '/drafts/x', '/search$q', '/images/a', '/tmp/x'];
      // The CLI's `check --compare --json`, per agent: want[agent][url] = { differs, readers }.
      const want = agents.map((a) => cli(bin, file, a, urls, ['--compare']));
      const expected = (profile) =>
        urls.flatMap((u, r) =>
          agents.map((a, c) => {
            const x = want[c][r].readers.find((y) => y.profile === profile);
            return [u, a, x.allowed ? 'allowed' : 'disallowed', x.line];
          })
        );
      const name = { google: 'Google', rfc9309: 'RFC 9309', 1994: '1994' };
      const readings = urls.flatMap((u, r) =>
        agents.map((a, c) => {
          const row = want[c][r];
          return row.differs ? row.readers.map((x) => `${name[x.profile]}: ${x.allowed ? 'allowed' : 'disallowed'}, ${x.line ? `line ${x.line}` : 'no rule'}`).join(' · ') : null;
        })
      );
      assert.ok(readings.some((x) => x) && readings.some((x) => !x), 'the file reads differently in some cells only');
      await open(
        '/profiles',
        `<robots-txt-tester id="w" loading="eager" profile="compare" open-in="https://tester.example/" agents="${agents.join(', ')}" urls="${urls.join(' ')}"><script type="text/robots">${file}</script></robots-txt-tester>`
      );
      await live(p, ['w']);
      const w = p.locator('#w');
      const marks = () => w.locator('td[data-verdict]').evaluateAll((tds) => tds.map((td) => [td.dataset.differs === 'true', td.dataset.readings || null, td.textContent]));
      // compare: Google's verdicts, and the readings of exactly the cells where they differ.
      assert.deepStrictEqual((await cells(p, 'w')).map((c) => [c.url, c.agent, c.verdict, c.line]), expected('google'));
      const shown = await marks();
      assert.deepStrictEqual(shown.map(([d, text]) => (d ? text : null)), readings);
      shown.forEach(([d, text, content], i) => assert.strictEqual(content.includes('≠'), d, `cell ${i}: ${content}`));
      const results = await p.evaluate(() => document.getElementById('w').results);
      assert.deepStrictEqual(results.map((x) => x.differs), readings.map((x) => x !== null));
      // The share link keeps the reading, as the tester's sessions do ("profile compare" after "selected").
      await p.waitForFunction(() => /#s1\./.test(document.getElementById('w').shadowRoot.querySelector('[part=open-link]').href));
      const href = await w.locator('[part=open-link]').getAttribute('href');
      const session = inflateRawSync(Buffer.from(href.split('#s1.')[1], 'base64url')).toString('utf8');
      assert.match(session, /^robotscope-session 1\nfull-file 0\nselected 0 0\nprofile compare\nagents /);
      // The explanation of a differing cell explains each reading, in the CLI's words.
      const i = readings.findIndex((x) => x);
      const [r, c] = [Math.floor(i / agents.length), i % agents.length];
      await w.locator(`td[data-agent="${agents[c]}"][data-url="${urls[r]}"] button`).click();
      const explain = await w.locator('[part=explanation]').textContent();
      assert.match(explain, /the readings differ/);
      // (The widget shows the CLI's Markdown code spans as code: without their backticks.)
      for (const x of want[c][r].readers) {
        const why = x.why.replace(/`([^`\n]+)`/g, '$1');
        assert.ok(explain.includes(`${name[x.profile]}: ${why}`), `${x.profile}: ${why} in ${explain}`);
      }
      // Changing the attribute live re-renders under that reading, with no marks.
      for (const profile of ['rfc9309', '1994', 'google']) {
        await p.evaluate((v) => (document.getElementById('w').profile = v), profile);
        await p.waitForFunction(() => !document.getElementById('w').shadowRoot.querySelector('td[data-differs]'));
        assert.deepStrictEqual((await cells(p, 'w')).map((x) => [x.url, x.agent, x.verdict, x.line]), expected(profile), profile);
        assert.ok((await marks()).every(([d]) => !d), profile);
      }
      // The reading's own groups are shaded for the selected cell (RFC 9309 passes over line 5, `Disallow /private`).
      await p.evaluate(() => (document.getElementById('w').profile = 'rfc9309'));
      await w.locator('td[data-agent="GPTBot"][data-url="/private"] button').click();
      const groupLines = await w.locator('[data-group]').evaluateAll((n) => n.map((x) => Number(x.dataset.line)));
      assert.deepStrictEqual(groupLines, cli(bin, file, 'GPTBot', ['/private'], ['--profile', 'rfc9309'])[0].group_lines);
      assert.match(await w.locator('[part=explanation]').textContent(), /as RFC 9309 reads it/);
      await p.evaluate(() => document.getElementById('w').setAttribute('profile', 'bing'));
      await p.waitForFunction(() => /profile="bing"/.test(document.getElementById('w').shadowRoot.querySelector('.notes').textContent));
      assert.deepStrictEqual((await cells(p, 'w')).map((x) => [x.url, x.agent, x.verdict, x.line]), expected('google'));
      assert.deepStrictEqual(errors, []);
    });

    await t.test('a custom tag name works alongside the default one', async () => {
      await open('/custom', `<x-robots id="w" loading="eager"><script type="text/robots">User-agent: *\nDisallow: /</script></x-robots>
        <script type="module">import { defineRobotsTxtTester } from '/pkg/element.js'; defineRobotsTxtTester('x-robots');</script>`);
      await live(p, ['w']);
      assert.strictEqual((await cells(p, 'w'))[0].verdict, 'disallowed');
    });
  });
});

test('a Content-Security-Policy without wasm-unsafe-eval keeps the code visible and says why', { timeout: 120000 }, async (t) => {
  const counts = new Map();
  const body = page(`<robots-txt-tester id="w" loading="eager" agents="Googlebot" urls="/x"><script type="text/robots">User-agent: *\nDisallow: /x</script></robots-txt-tester>`).replace(
    /<script>window\.events[\s\S]*?<\/script>/,
    '<script src="/events.js"></script>'
  );
  const events = `window.events = []; for (const t of ['robots-ready','robots-error']) document.addEventListener(t, (e) => events.push({ type: t, detail: e.detail }));`;
  const pages = {
    '/events.js': { body: events, type: 'text/javascript' },
    '/strict': { body, headers: { 'content-security-policy': "script-src 'self'" } },
    '/allowed': { body, headers: { 'content-security-policy': "script-src 'self' 'wasm-unsafe-eval'" } },
  };
  await inChromium(t, server(pages, counts), async (p, origin) => {
    await p.goto(`${origin}/strict`);
    await p.waitForFunction(() => window.events && events.length > 0, null, { timeout: 20000 });
    const ev = await p.evaluate(() => events);
    assert.strictEqual(ev[0].type, 'robots-error');
    assert.strictEqual(ev[0].detail.kind, 'csp');
    assert.match(await notes(p, 'w'), /Content-Security-Policy does not allow WebAssembly/);
    assert.match(await p.locator('#w [part=file]').textContent(), /Disallow: \/x/);
    assert.strictEqual(await p.evaluate(() => document.getElementById('w').ready.then(() => 'ok', () => 'rejected')), 'rejected');
    await p.goto(`${origin}/allowed`);
    await live(p, ['w']);
    assert.strictEqual((await cells(p, 'w'))[0].verdict, 'disallowed');
  });
});
