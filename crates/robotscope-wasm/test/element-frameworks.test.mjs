// <robots-txt-tester> on real builds of four docs frameworks, each installed from its registry at the version
// its fixture pins (Docusaurus 3, VitePress, Astro Starlight from npm; MkDocs Material from PyPI into a venv), and
// each building test/fixtures/frameworks.md: a page with a widget made by the framework's plugin (handed the
// fence's text) and a hand-written one that reads the framework's own rendering of the code block before it
// (Prism token lines, Shiki lines, Expressive Code, Pygments). In Chromium, at 1280x720 and 390x844, light and
// dark: every cell equals `robotscope check --normalize --json` on the same file, agent and URLs; the page shows
// each file once; the widget follows the site's dark mode; on a phone every agent's verdict for a URL is on screen.
// Installs are cached in each fixture's gitignored node_modules/.venv; with ROBOTSCOPE_SCREENSHOTS=DIR the pages
// are also saved there as PNG files.
import test from 'node:test';
import assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inChromium } from './chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const pkgDir = dirname(require.resolve('robotscope/package.json'));
const devModules = process.env.ROBOTSCOPE_DEV_MODULES || join(here, '..', 'node_modules');
const crate = resolve(devModules, '..');
const repo = process.env.ROBOTSCOPE_REPO || resolve(crate, '../..');
const shots = process.env.ROBOTSCOPE_SCREENSHOTS;
const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.css': 'text/css', '.html': 'text/html; charset=utf-8', '.svg': 'image/svg+xml', '.json': 'application/json' };

const source = readFileSync(join(here, 'fixtures/frameworks.md'), 'utf8');
const [plugin, hand] = [...source.matchAll(/^```(.*)\n([\s\S]*?)^```$/gm)].map((m) => ({ info: m[1], text: m[2] }));
const attr = (s, name) => s.match(new RegExp(`${name}="([^"]*)"`))[1];
const handElement = source.match(/<robots-txt-tester [^>]*>/)[0];
/** What each widget of the page is given: its file, agents and URLs, in page order. */
const WIDGETS = [
  { text: plugin.text, agents: attr(plugin.info, 'agents'), urls: attr(plugin.info, 'urls') },
  { text: hand.text, agents: attr(handElement, 'agents'), urls: attr(handElement, 'urls') },
];

/** Runs a command with its output kept, and shows the output only when it fails. */
function quiet(program, args, cwd, env = {}) {
  const r = spawnSync(program, args, { cwd, encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 64 << 20 });
  if (r.status !== 0) {
    process.stderr.write(`${r.stdout}\n${r.stderr}\n`);
    assert.fail(`${program} ${args.join(' ')} failed in ${cwd} (${r.error || `status ${r.status}`})`);
  }
  return r.stdout;
}

/** Installs a fixture's npm packages from its lock file when its main package is missing or at another version. */
function npmSite(dir, main) {
  const want = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).devDependencies[main];
  const have = join(dir, 'node_modules', main, 'package.json');
  if (existsSync(have) && JSON.parse(readFileSync(have, 'utf8')).version === want) return false;
  // npm 11 writes lock files without some optional platform packages and then refuses them in `npm ci`;
  // `npm install` still takes every version the lock file names.
  const ci = spawnSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, encoding: 'utf8' });
  if (ci.status !== 0) quiet('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--loglevel=error'], dir);
  return true;
}

/** The MkDocs fixture's venv: MkDocs Material from PyPI (cached), and robotscope-mkdocs from the installed package. */
function mkdocsVenv(dir) {
  const venv = join(dir, '.venv');
  const python = join(venv, 'bin/python');
  const pins = readFileSync(join(dir, 'requirements.txt'), 'utf8');
  const stamp = join(venv, 'robotscope-requirements.txt');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== pins) {
    rmSync(venv, { recursive: true, force: true });
    quiet('python3', ['-m', 'venv', venv], dir);
    quiet(python, ['-m', 'pip', 'install', '-q', '--disable-pip-version-check', '-r', join(dir, 'requirements.txt')], dir);
    writeFileSync(stamp, pins);
  }
  // The documented install: `pip install ./node_modules/robotscope/docs-plugins/robotscope-mkdocs`.
  const from = mkdtempSync(join(tmpdir(), 'robotscope-mkdocs-'));
  try {
    cpSync(join(pkgDir, 'docs-plugins/robotscope-mkdocs'), from, { recursive: true });
    quiet(python, ['-m', 'pip', 'install', '-q', '--disable-pip-version-check', '--force-reinstall', '--no-deps', from], dir);
  } finally {
    rmSync(from, { recursive: true, force: true });
  }
  return venv;
}

/** A temporary copy of a fixture inside the test project (where the packed robotscope is installed). */
function siteCopy(fixture, files) {
  const site = mkdtempSync(join(process.cwd(), 'site-'));
  for (const f of files) cpSync(join(fixture, f), join(site, f), { recursive: true });
  if (existsSync(join(fixture, 'node_modules'))) symlinkSync(join(fixture, 'node_modules'), join(site, 'node_modules'), 'dir');
  return site;
}

/**
 * Builds in the fixture itself: the packed robotscope linked into its node_modules, `folders` made for what the
 * build writes there (each ignored by the fixture's .gitignore), all removed afterwards; the site goes to a
 * temporary folder, `build(dist)` writing it.
 */
function inFixture(fixture, folders, build) {
  const link = join(fixture, 'node_modules/robotscope');
  rmSync(link, { recursive: true, force: true });
  symlinkSync(pkgDir, link, 'dir');
  for (const f of folders) mkdirSync(join(fixture, f), { recursive: true });
  const dist = mkdtempSync(join(process.cwd(), 'site-'));
  try {
    build(dist);
  } finally {
    rmSync(link, { force: true });
    for (const f of folders) rmSync(join(fixture, f), { recursive: true, force: true });
  }
  return { site: dist, dist };
}

/** `robotscope-element copy DIR`, the package's command, as a docs author runs it. */
const copyElement = (to, cwd) => quiet(join(process.cwd(), 'node_modules/.bin/robotscope-element'), ['copy', to], cwd);

/** The four frameworks: how each installs, writes the page and builds; `dist` is the folder served. */
const FRAMEWORKS = {
  Docusaurus: {
    fixture: 'docusaurus-site',
    install: (dir) => npmSite(dir, '@docusaurus/core'),
    // Built in its fixture (webpack's cache in node_modules/.cache holds the site's paths: a build elsewhere with
    // the same cache fails), with the written page and the element's copy in folders git ignores.
    build(fixture) {
      return inFixture(fixture, ['docs', 'static'], (dist) => {
        writeFileSync(join(fixture, 'docs/index.md'), source.replace('title:', 'slug: /\ntitle:'));
        copyElement('static/robotscope', fixture);
        quiet(process.execPath, [join(fixture, 'node_modules/@docusaurus/core/bin/docusaurus.mjs'), 'build', '--out-dir', dist], fixture);
      });
    },
    version: (dir) => json(join(dir, 'node_modules/@docusaurus/core/package.json')).version,
  },
  VitePress: {
    fixture: 'vitepress-site',
    install: (dir) => npmSite(dir, 'vitepress'),
    build(fixture) {
      const site = siteCopy(fixture, ['docs']);
      writeFileSync(join(site, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
      writeFileSync(join(site, 'docs/index.md'), source);
      quiet(process.execPath, [join(fixture, 'node_modules/vitepress/bin/vitepress.js'), 'build', 'docs'], site);
      return { site, dist: join(site, 'docs/.vitepress/dist') };
    },
    version: (dir) => json(join(dir, 'node_modules/vitepress/package.json')).version,
  },
  Starlight: {
    fixture: 'starlight-site',
    install: (dir) => npmSite(dir, '@astrojs/starlight'),
    // Astro cannot build .astro files from a node_modules outside the site (a symlinked one): the site is built in
    // its fixture, where the packed robotscope is linked into node_modules for the build (all ignored by git).
    build(fixture) {
      return inFixture(fixture, ['src/content/docs'], (dist) => {
        writeFileSync(join(fixture, 'src/content/docs/index.md'), source);
        quiet(process.execPath, [join(fixture, 'node_modules/astro/astro.js'), 'build', '--outDir', dist], fixture, { ASTRO_TELEMETRY_DISABLED: '1' });
      });
    },
    version: (dir) => `${json(join(dir, 'node_modules/@astrojs/starlight/package.json')).version} (Astro ${json(join(dir, 'node_modules/astro/package.json')).version})`,
  },
  'MkDocs Material': {
    fixture: 'mkdocs-site',
    install: (dir) => mkdocsVenv(dir),
    build(fixture) {
      const site = siteCopy(fixture, ['mkdocs.yml']);
      mkdirSync(join(site, 'docs'));
      // MkDocs's fence name, and `for=` the code block's id: Python-Markdown puts an unknown element in a <p>.
      const page = source
        .replace('```robots tester', '```robots-tester')
        .replace('```text\n', '``` { .text #hand-written }\n')
        .replace('<robots-txt-tester agents', '<robots-txt-tester for="hand-written" agents');
      writeFileSync(join(site, 'docs/index.md'), page);
      copyElement('docs/robotscope', site);
      const mkdocs = join(fixture, '.venv/bin/mkdocs');
      quiet(mkdocs, ['build', '--strict', '--site-dir', join(site, 'site')], site, { NO_MKDOCS_2_WARNING: '1' });
      return { site, dist: join(site, 'site') };
    },
    version: (dir) => quiet(join(dir, '.venv/bin/python'), ['-c', 'import importlib.metadata as m; print(m.version("mkdocs-material"))'], dir).trim(),
  },
};

const json = (path) => JSON.parse(readFileSync(path, 'utf8'));

/** Serves a built site. */
const files = (root) => (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  let path = normalize(join(root, decodeURIComponent(url.pathname)));
  if (existsSync(path) && !extname(path)) path = join(path, 'index.html');
  if (path.startsWith(root) && existsSync(path)) return res.writeHead(200, { 'content-type': TYPES[extname(path)] || 'application/octet-stream' }).end(readFileSync(path));
  res.writeHead(404).end();
};

/** The CLI binary (built when missing): `robotscope check FILE --normalize --json --agent A URL...`. */
function cliBinary() {
  if (process.env.ROBOTSCOPE_CLI) return process.env.ROBOTSCOPE_CLI;
  const target = process.env.CARGO_TARGET_DIR ? resolve(repo, process.env.CARGO_TARGET_DIR) : join(repo, 'target');
  const bin = join(target, 'debug/robotscope');
  if (!existsSync(bin)) quiet('cargo', ['build', '-q', '-p', 'robotscope-cli'], repo);
  return bin;
}

/** What the CLI answers for each widget of the page: `url agent` to `[verdict, line]`. */
function cliAnswers() {
  const bin = cliBinary();
  const dir = mkdtempSync(join(tmpdir(), 'rtt-cli-'));
  try {
    return WIDGETS.map((w, i) => {
      writeFileSync(join(dir, `${i}.txt`), w.text);
      const want = {};
      for (const agent of w.agents.split(',').map((a) => a.trim())) {
        const urls = w.urls.split(/\s+/);
        const r = spawnSync(bin, ['check', join(dir, `${i}.txt`), '--normalize', '--json', '--agent', agent, ...urls], { encoding: 'utf8' });
        assert.ok(r.status === 0 || r.status === 1, `the CLI failed: ${r.stderr}`);
        r.stdout.trim().split('\n').forEach((l, k) => {
          const a = JSON.parse(l);
          want[`${urls[k]} ${agent}`] = [a.allowed ? 'allowed' : 'disallowed', a.line];
        });
      }
      return want;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Waits for both widgets, then reads what each shows: its file view, its cells, its notes. */
async function read(page) {
  await page.evaluate(() => document.querySelectorAll('robots-txt-tester').forEach((e) => e.activate().catch(() => {})));
  await page.waitForFunction(() => {
    const all = [...document.querySelectorAll('robots-txt-tester')];
    return all.length === 2 && all.every((e) => e.shadowRoot?.querySelector('td[data-verdict], .notes .error'));
  }, null, { timeout: 60000 });
  // A framework may mount a code block again after hydrating (Docusaurus does): the widget hides the new one
  // when it appears. Wait for that state (the assertion below fails if it never comes).
  const none = () => ![...document.querySelectorAll('pre')].some((p) => p.textContent.includes('User-agent') && p.getClientRects().length > 0);
  await page.waitForFunction(none, null, { timeout: 10000, polling: 100 }).catch(() => {});
  return page.evaluate(() => ({
    widgets: [...document.querySelectorAll('robots-txt-tester')].map((e) => ({
      text: [...e.shadowRoot.querySelectorAll('[part~=line] .t')].map((l) => l.textContent).join('\n'),
      error: e.shadowRoot.querySelector('.notes .error')?.textContent ?? null,
      cells: Object.fromEntries([...e.shadowRoot.querySelectorAll('td[data-verdict]')].map((td) => [`${td.dataset.url} ${td.dataset.agent}`, [td.dataset.verdict, Number(td.dataset.line)]])),
      dark: e.shadowRoot.querySelector('.root').classList.contains('dark'),
    })),
    // Code blocks of a robots.txt the reader can see outside the widgets: the file must show once, in the widget.
    // Each framework's own dark mode: Docusaurus and Starlight html[data-theme], VitePress html.dark, Material's slate.
    siteDark: document.documentElement.dataset.theme === 'dark' || document.documentElement.classList.contains('dark') || document.body.dataset.mdColorScheme === 'slate',
    shownTwice: [...document.querySelectorAll('pre')].filter((p) => p.textContent.includes('User-agent') && p.getClientRects().length > 0).length,
  }));
}

/**
 * How many code blocks of the files a reader sees beside the widgets. A framework may render its code blocks again
 * after the widgets started (Docusaurus, on switching to the dark theme after hydration); the widget hides each new
 * block as it appears, so wait for that before counting.
 */
async function shownTwice(page, got) {
  if (got.shownTwice === 0) return 0;
  const visible = "[...document.querySelectorAll('pre')].filter((p) => p.textContent.includes('User-agent') && p.getClientRects().length > 0).length";
  return page.waitForFunction(`${visible} === 0`, null, { timeout: 5000 }).then(
    () => 0,
    () => page.evaluate(visible)
  );
}

/** On a phone: for the first URL of the 4-agent widget, each agent's verdict box is inside the screen. */
const phoneCheck = (page) =>
  page.evaluate(() => {
    const root = document.querySelector('robots-txt-tester').shadowRoot;
    const wrap = root.querySelector('.gridwrap');
    const row = root.querySelector('tbody tr');
    const cells = [...row.querySelectorAll('td')].map((td) => {
      const r = td.getBoundingClientRect();
      const b = td.querySelector('button').getBoundingClientRect();
      return { agent: td.dataset.agent, left: Math.min(r.left, b.left), right: Math.max(r.right, b.right), width: b.width };
    });
    return { width: innerWidth, overflow: wrap.scrollWidth - wrap.clientWidth, cells };
  });

// ROBOTSCOPE_FRAMEWORKS=Docusaurus,VitePress runs those only (while working on one); the test command runs all.
const only = process.env.ROBOTSCOPE_FRAMEWORKS?.split(',');
for (const [name, fw] of Object.entries(FRAMEWORKS).filter(([n]) => !only || only.includes(n))) {
  test(`${name}: a real build with two widgets answers as the CLI does, shows each file once, on desktop and phone`, { timeout: 900000 }, async (t) => {
    const fixture = join(crate, fw.fixture);
    let t0 = performance.now();
    const installed = fw.install(fixture);
    const installMs = performance.now() - t0;
    t0 = performance.now();
    const { site, dist } = fw.build(fixture);
    const buildMs = performance.now() - t0;
    try {
      const html = readdirSync(dist).includes('index.html') ? readFileSync(join(dist, 'index.html'), 'utf8') : '';
      assert.strictEqual([...html.matchAll(/<robots-txt-tester[\s>]/g)].length, 2, 'the built page holds both elements');
      const want = cliAnswers();
      t0 = performance.now();
      await inChromium(t, files(dist), async (page, origin, errors) => {
        // A site remembers the colour scheme of an earlier visit (MkDocs Material keeps its palette, even on
        // leaving the page): each load starts with no storage, so the site follows the emulated system scheme.
        await page.addInitScript(() => localStorage.clear());
        for (const [width, height] of [[1280, 720], [390, 844]]) {
          for (const scheme of ['light', 'dark']) {
            await page.setViewportSize({ width, height });
            await page.emulateMedia({ colorScheme: scheme });
            await page.goto(`${origin}/`);
            const got = await read(page);
            assert.strictEqual(got.siteDark, scheme === 'dark', `${name} ${width}x${height}: the site follows the system's ${scheme} scheme`);
            const where = `${name} ${width}x${height} ${scheme}`;
            got.widgets.forEach((w, i) => {
              assert.strictEqual(w.error, null, `${where}, widget ${i + 1}: no error`);
              // The plugin hands over the fence's text; the hand-written widget rebuilds it from the page.
              // (A code block read from the page may lack the fence's last newline, or, from Pygments, keep it.)
              // The file view numbers no empty line after the file's last line break, so the shown lines are the
              // text without it; the cells, checked against the CLI on the exact bytes, hold the rest.
              assert.strictEqual(w.text, WIDGETS[i].text.replace(/\n$/, ''), `${where}, widget ${i + 1}: the text read`);
              assert.deepStrictEqual(w.cells, want[i], `${where}, widget ${i + 1}: every cell as the CLI answers`);
              assert.strictEqual(w.dark, scheme === 'dark', `${where}, widget ${i + 1}: follows the site's colour scheme`);
            });
            assert.strictEqual(await shownTwice(page, got), 0, `${where}: no code block of the files is left visible beside the widgets`);
            if (width < 500) {
              const phone = await phoneCheck(page);
              assert.strictEqual(phone.cells.length, 4, where);
              assert.ok(phone.overflow <= 0, `${where}: the verdicts do not scroll sideways (${phone.overflow} px)`);
              for (const c of phone.cells) assert.ok(c.left >= 0 && c.right <= phone.width && c.width > 0, `${where}: ${c.agent}'s verdict is on screen (${c.left}..${c.right})`);
            }
            if (shots) {
              mkdirSync(shots, { recursive: true });
              await page.evaluate(() => document.querySelector('robots-txt-tester').scrollIntoView({ block: 'start' }));
              await page.evaluate(() => window.scrollBy(0, -80));
              await page.screenshot({ path: join(shots, `${name.replace(/ /g, '-').toLowerCase()}-${width}x${height}-${scheme}.png`) });
            }
          }
        }
        // The framework hydrating after the widget read its code block, and the engine arriving after that: the block
        // read is then gone, replaced by the framework's new one (Docusaurus remounts its code blocks in the
        // browser), which must be the one hidden. Slow scripts force the order a slow network gives by chance.
        const late = (ms) => async (route) => {
          await new Promise((resolve) => setTimeout(resolve, ms));
          await route.continue();
        };
        const theirs = (url) => url.pathname.endsWith('.js') && !url.pathname.includes('/robotscope');
        await page.route(theirs, late(1000));
        await page.route(/\.wasm$/, late(2500));
        await page.setViewportSize({ width: 1280, height: 720 });
        for (const scheme of ['light', 'dark']) {
          await page.emulateMedia({ colorScheme: scheme });
          await page.goto(`${origin}/`);
          const got = await read(page);
          const where = `${name} 1280x720 ${scheme}, scripts late`;
          assert.deepStrictEqual(got.widgets.map((w) => w.cells), want, `${where}: every cell as the CLI answers`);
          assert.strictEqual(await shownTwice(page, got), 0, `${where}: no code block of the files is left visible beside the widgets`);
        }
        await page.unrouteAll();
        assert.deepStrictEqual(errors, []);
      });
      t.diagnostic(`${name} ${fw.version(fixture)}: install ${installed ? `${(installMs / 1000).toFixed(1)} s` : 'cached'}, build ${(buildMs / 1000).toFixed(1)} s, Chromium checks ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    } finally {
      rmSync(site, { recursive: true, force: true });
    }
  });
}
