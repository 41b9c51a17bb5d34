// The shared fixture of whole questions (tests/fixtures/questions.json at the repository's root, which the core,
// the CLI and the tester answer too): every question through `robots.ask` and the renderers (`grid`,
// `checkAgent`, `compare`, `ai`), and through <robots-txt-tester> in Chromium for the questions its attributes can
// express. A surface that answers differently from the expected survey fails here.
import test from 'node:test';
import assert from 'node:assert';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Robots, diff } from 'robotscope';
import { inChromium } from './chromium.mjs';

// From the package's own directory (crates/robotscope-wasm: test/run.mjs passes its node_modules, and a suite run
// in place is in its test/ folder) up to the repository's root.
const packageDir = process.env.ROBOTSCOPE_DEV_MODULES ? dirname(process.env.ROBOTSCOPE_DEV_MODULES) : join(dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURE = join(packageDir, '../../tests/fixtures/questions.json');
const fixture = () => {
  assert.ok(existsSync(FIXTURE), `the shared fixture is missing: no ${FIXTURE} (the npm suite runs from a checkout of the repository)`);
  const f = JSON.parse(readFileSync(FIXTURE, 'utf8'));
  assert.ok(Array.isArray(f.questions) && f.questions.length >= 6, `${FIXTURE}: no questions`);
  assert.ok(Array.isArray(f.ai) && f.ai.length > 0, `${FIXTURE}: no AI summaries`);
  return f;
};

const PROFILES = ['google', 'rfc9309', '1994'];
/** A fixture pair `[allowed, line]`, or null. */
const pair = (a) => (a ? [a.allowed, a.line] : null);
const prefs = (list) => list.map((p) => [p.key, p.granted, p.line]);
/** Whether an explanation says the answer it explains, and not the other. */
const says = (text, allowed) => {
  const [yes, no] = allowed ? ['is allowed', 'is disallowed'] : ['is disallowed', 'is allowed'];
  return text.includes(yes) && !text.includes(no);
};

/** Asserts that a survey is the fixture's expected one. */
function checkSurvey(name, s, e, readings = PROFILES) {
  assert.strictEqual(s.site, e.site, `${name}: site`);
  assert.deepStrictEqual(
    s.agents.map((a) => ({ label: a.label, kinds: a.members.map((m) => m.kind), notes: a.notes.length })),
    e.agents,
    `${name}: agents`
  );
  assert.strictEqual(s.urls.length, e.urls.length, `${name}: urls`);
  s.urls.forEach((u, i) => {
    const want = e.urls[i];
    assert.strictEqual(u.error !== null, want.error, `${name}: error of ${JSON.stringify(u.input)}`);
    if (!want.error) assert.deepStrictEqual([u.tested, u.governs], [want.tested, want.governs], `${name}: ${u.input}`);
  });
  assert.strictEqual(s.cells.length, e.cells.length, `${name}: rows`);
  // Rows past the core's limits are left out and counted, in the core's words.
  assert.deepStrictEqual(s.leftOut, e.left_out ?? [0, 0], `${name}: left out`);
  assert.strictEqual(s.leftOutNotes.length, s.leftOut.filter((n) => n > 0).length, `${name}: notes of what is left out`);
  let differ = 0;
  let changed = 0;
  s.cells.forEach((row, u) => {
    if (e.cells[u] === null) return assert.ok(row.every((c) => c === null), `${name}: URL ${u} is answered`);
    assert.strictEqual(row.length, e.cells[u].length, `${name}: row ${u}`);
    row.forEach((c, a) => {
      const want = e.cells[u][a];
      const at = `${name}: ${s.urls[u].tested} for ${s.agents[a].input}`;
      assert.ok(c !== null, `${at}: no cell`);
      assert.strictEqual(c.profile, s.view === 'compare' ? 'google' : s.view, at);
      const seen = {
        allowed: c.allowed,
        line: c.line,
        token: c.token,
        follows: c.follows,
        tied: c.tiedDisallow,
        readers: c.readers.map(pair),
        differs: c.differs,
        baseline: pair(c.baseline),
        changed: c.changed,
        signal: prefs(c.usage.contentSignal),
        usage: prefs(c.usage.contentUsage),
        use: c.usage.contentUse && [c.usage.contentUse.value, c.usage.contentUse.line],
      };
      assert.deepStrictEqual(
        seen,
        {
          allowed: want.allowed,
          line: want.line,
          token: want.token,
          follows: want.follows ?? null,
          tied: want.tied_disallow ?? null,
          readers: want.readers ?? [],
          differs: want.differs ?? false,
          baseline: want.baseline ?? null,
          changed: want.changed ?? false,
          signal: want.usage?.content_signal ?? [],
          usage: want.usage?.content_usage ?? [],
          use: want.usage?.content_use ?? null,
        },
        at
      );
      if (c.readers.length) assert.deepStrictEqual(c.readers.map((r) => r.profile), readings, `${at}: readers' order`);
      assert.strictEqual(c.allowed, c.verdict.allowed, at);
      // Every cell explains itself (under every reader when comparing) and quotes the deciding line.
      assert.ok(says(c.explanation, c.allowed), `${at}: ${c.explanation}`);
      c.readers.forEach((r, k) => assert.ok(says(c.explanations[k], r.allowed), `${at} under ${r.profile}: ${c.explanations[k]}`));
      assert.strictEqual(c.quotedLines.includes(c.line), c.line > 0, `${at}: ${c.quotedLines}`);
      differ += c.differs;
      changed += c.changed;
    });
  });
  assert.deepStrictEqual([s.differ, s.changed], [e.differ, e.changed], `${name}: counts`);
  assert.deepStrictEqual([differ, changed], [e.differ, e.changed], `${name}: counts of the cells`);
}

/** The agent rows of a fixture entry as typed (a crawler set is one row per crawler, repeats dropped): the core's. */
const rowInputs = (q) => Robots.parse(q.robots).ask({ agents: q.agents, urls: [], exact: q.exact === true }).agents.map((a) => a.input);

/** The question of a fixture entry for `robots.ask`. */
function questionOf(q, explain) {
  const question = { agents: q.agents, urls: q.urls, view: q.view, exact: q.exact === true, explain };
  if (q.readings !== undefined) question.readings = q.readings;
  if (q.base !== undefined) question.base = q.base;
  if (q.baseline !== undefined) question.baseline = Robots.parse(q.baseline);
  return question;
}

test('robots.ask answers every shared question with the expected survey', () => {
  for (const q of fixture().questions) {
    const robots = Robots.parse(q.robots);
    const question = questionOf(q, true);
    checkSurvey(q.name, robots.ask(question), q.expect, q.readings);
    // Asked again (the readings now kept with the parse), the same survey.
    assert.deepStrictEqual(robots.ask(question), robots.ask(question), q.name);
  }
});

test('grid, checkAgent and compare render the shared questions as the survey says', () => {
  // Cells diff() must list, over the whole fixture: a question may change nothing (all allowed), the fixture may not.
  let diffed = 0;
  for (const q of fixture().questions) {
    const robots = Robots.parse(q.robots);
    const e = q.expect;
    const options = q.base === undefined ? {} : { base: q.base };
    if (!q.exact && q.baseline === undefined && q.view !== 'compare') {
      const grid = robots.grid(q.agents, q.urls, { ...options, profile: q.view });
      assert.strictEqual(grid.length, e.cells.length, q.name);
      const agents = rowInputs(q);
      grid.forEach((row, u) =>
        row.forEach((c, a) => {
          const want = e.cells[u] && e.cells[u][a];
          const at = `${q.name}: grid ${q.urls[u]} for ${agents[a]}`;
          if (!want) return assert.strictEqual(c, null, at);
          assert.deepStrictEqual([c.allowed, c.line, c.token, c.follows, c.tiedDisallow], [want.allowed, want.line, want.token, want.follows ?? null, want.tied_disallow ?? null], at);
          const one = agents[a].includes(',') ? null : robots.checkAgent(agents[a], q.urls[u], { ...options, profile: q.view });
          if (one) {
            assert.deepStrictEqual([one.verdict.allowed, one.verdict.line, one.token, one.follows], [want.allowed, want.line, want.token, want.follows ?? null], `${at}: checkAgent`);
            assert.strictEqual(one.url.tested, e.urls[u].tested, at);
            assert.ok(says(one.explanation, want.allowed), `${at}: ${one.explanation}`);
          }
        })
      );
      // A URL the core cannot read is an error for checkAgent, as it has no cell.
      e.urls.forEach((u, i) => {
        if (u.error) assert.throws(() => robots.checkAgent('Googlebot', q.urls[i], options), TypeError, `${q.name}: ${q.urls[i]}`);
      });
    }
    if (!q.exact && q.base === undefined && (q.view === 'google' || q.view === 'compare')) {
      // diff() reads as Google and lists exactly the cells the survey marks changed against the baseline, with both
      // answers; against an empty file (no baseline), the cells disallowed. The readable URLs only: an unreadable
      // one is an error for diff.
      const old = Robots.parse(q.baseline ?? '');
      const readable = q.urls.map((u, i) => [u, i]).filter(([, i]) => !e.urls[i].error);
      const rows = diff(old, robots, q.agents, readable.map(([u]) => u));
      const want = [];
      readable.forEach(([url, i]) =>
        rowInputs(q).forEach((agent, a) => {
          const c = e.cells[i][a];
          const [changed, before] = q.baseline === undefined ? [!c.allowed, [true, 0]] : [c.changed === true, c.baseline];
          if (changed) want.push({ url, agent, old: [...before, 'parse-body'], new: [c.allowed, c.line, 'parse-body'] });
        })
      );
      diffed += want.length;
      const seen = rows.map((r) => ({ url: r.url, agent: r.agent, old: [r.old.allowed, r.old.line, r.old.outcome], new: [r.new.allowed, r.new.line, r.new.outcome] }));
      assert.deepStrictEqual(seen, want, `${q.name}: diff`);
      if (readable.length < q.urls.length) assert.throws(() => diff(old, robots, q.agents, q.urls), TypeError, q.name);
    }
    if (q.view === 'compare' || q.exact) {
      // compare() reads as ask does (typed; `exact` the strings as given): one row per URL and agent row.
      const rows = robots.compare(q.agents, q.urls, { profiles: q.readings, exact: q.exact === true });
      const n = e.agents.length;
      assert.strictEqual(rows.length, n * q.urls.length, `${q.name}: compare rows`);
      rows.forEach((row, i) => {
        const want = e.cells[Math.floor(i / n)][i % n];
        const at = `${q.name}: compare ${row.url} for ${row.agent}`;
        assert.deepStrictEqual(row.answers.map((x) => x.profile), q.readings ?? PROFILES, at);
        if (q.view === 'compare') {
          assert.deepStrictEqual(row.answers.map((x) => [x.allowed, x.line]), want.readers, at);
          assert.strictEqual(row.differs, want.differs, at);
        } else assert.deepStrictEqual([row.answers[0].allowed, row.answers[0].line], [want.allowed, want.line], at);
        row.answers.forEach((x) => assert.ok(says(x.explanation, x.allowed), `${at} under ${x.profile}: ${x.explanation}`));
      });
    }
  }
  assert.ok(diffed > 0, 'the shared questions change something for diff() to list');
});

test('robots.ai renders the shared AI summaries', () => {
  for (const c of fixture().ai) {
    const report = Robots.parse(c.robots).ai({ urls: [c.url] });
    assert.deepStrictEqual(
      report.map((g) => ({
        group: g.kind,
        total: g.total,
        blocked: g.blocked[0].blocked,
        looks_blocked: g.blocked[0].onlyLookBlocked,
        blocked_names: g.crawlers.filter((a) => !a.allowed).map((a) => a.crawler.name),
      })),
      c.expect,
      c.name
    );
  }
});

const pkgDir = process.env.ROBOTSCOPE_PKG || dirname(createRequire(import.meta.url).resolve('robotscope/package.json'));
const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };
const attr = (s) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * Whether the widget's attributes can ask the question: agents are split at commas (no pools), URLs at
 * whitespace (no empty URL, none with a space), and there is no baseline, exact reading or choice of readings to
 * compare (the widget compares all three) to ask for.
 */
const expressible = (q) => !q.exact && q.readings === undefined && q.agents.every((a) => !a.includes(',')) && q.urls.every((u) => u !== '' && !/\s/.test(u));

test('<robots-txt-tester> shows the shared questions it can express as the survey says', { timeout: 300000 }, async (t) => {
  const questions = fixture().questions.filter(expressible);
  assert.ok(questions.length >= 5, `only ${questions.length} questions for the widget`);
  const widgets = questions
    .map((q, i) => {
      const profile = q.view === 'google' ? '' : ` profile="${q.view}"`;
      return `<robots-txt-tester id="q${i}" loading="eager" robots="${attr(q.robots)}" agents="${attr(q.agents.join('\n'))}" urls="${attr(q.urls.join(' '))}" base="${attr(q.base ?? '')}"${profile}></robots-txt-tester>`;
    })
    .join('\n');
  const html = `<!doctype html><html><head><meta charset="utf-8"><script type="module" src="/pkg/element.js"></script></head><body>${widgets}</body></html>`;
  const handler = (req, res) => {
    const path = new URL(req.url, 'http://localhost').pathname;
    if (path === '/') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    const file = normalize(join(pkgDir, path.slice('/pkg/'.length)));
    if (path.startsWith('/pkg/') && file.startsWith(pkgDir) && existsSync(file)) {
      return res.writeHead(200, { 'content-type': TYPES[extname(file)] || 'application/octet-stream' }).end(readFileSync(file));
    }
    res.writeHead(404).end();
  };
  await inChromium(t, handler, async (page, origin, errors) => {
    await page.goto(origin + '/');
    const ids = questions.map((_, i) => `q${i}`);
    await page.waitForFunction((ids) => ids.every((id) => document.getElementById(id)?.shadowRoot?.querySelector('td[data-verdict]')), ids, { timeout: 60000 });
    for (const [i, q] of questions.entries()) {
      const seen = await page.evaluate(
        (id) =>
          [...document.getElementById(id).shadowRoot.querySelectorAll('td[data-verdict]')].map((td) => ({
            verdict: td.dataset.verdict,
            line: Number(td.dataset.line),
            url: td.dataset.url,
            agent: td.dataset.agent,
            differs: td.dataset.differs === 'true',
          })),
        `q${i}`
      );
      const want = [];
      q.urls.forEach((url, u) =>
        rowInputs(q).forEach((agent, a) => {
          const c = q.expect.cells[u] && q.expect.cells[u][a];
          const verdict = c ? (c.allowed ? 'allowed' : 'disallowed') : 'none';
          want.push({ verdict, line: c ? c.line : 0, url, agent, differs: c ? c.differs ?? false : false });
        })
      );
      assert.deepStrictEqual(seen, want, `the widget on "${q.name}"`);
    }
    assert.deepStrictEqual(errors, []);
  });
});
