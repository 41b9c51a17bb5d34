// fetchRobots and diff against an HTTP server on 127.0.0.1 that this test starts, each answer checked against
// SPEC B5 (the same rows as `robotscope fetch` and `check --live`).
import test from 'node:test';
import assert from 'node:assert';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { createRequire } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Robots, fetchRobots, diff } from 'robotscope';

const FILE = 'User-agent: *\nDisallow: /private/\n\nUser-agent: Googlebot\nAllow: /shop/\nDisallow: /\n';

/** Starts a server whose answers `routes(path, host, res)` writes; resolves to its base URL and a closer. */
async function serve(routes) {
  const sockets = new Set();
  const server = createServer((req, res) => routes(req.url, req.headers.host || '', res));
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const port = server.address().port;
  return {
    port,
    url: (p) => `http://127.0.0.1:${port}${p}`,
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise((ok) => server.close(ok));
    },
  };
}

const send = (res, status, body = '', headers = {}) => {
  res.writeHead(status, { 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
};

test('200: the body is parsed', async () => {
  const s = await serve((p, _h, res) => (p === '/robots.txt' ? send(res, 200, FILE) : send(res, 404)));
  try {
    const r = await fetchRobots(s.url('/shop/x?q=1'));
    assert.strictEqual(r.outcome, 'parse-body');
    assert.strictEqual(r.status, 200);
    assert.strictEqual(r.robotsUrl, s.url('/robots.txt'));
    assert.strictEqual(r.finalUrl, s.url('/robots.txt'));
    assert.strictEqual(r.cut, false);
    assert.strictEqual(r.robots.text, FILE);
    assert.strictEqual(r.robots.isAllowed('Googlebot', s.url('/shop/x')), true);
  } finally {
    await s.close();
  }
});

test('600 KiB: only the first 500 KiB are read', async () => {
  let body = 'User-agent: *\nDisallow: /early\n';
  while (body.length < 600 * 1024) body += '# padding padding padding padding padding padding padding\n';
  body += 'Disallow: /late\n';
  const s = await serve((_p, _h, res) => send(res, 200, body));
  try {
    const r = await fetchRobots(s.url('/'));
    assert.strictEqual(r.outcome, 'parse-body');
    assert.strictEqual(r.cut, true);
    assert.strictEqual(r.robots.text.length, 500 * 1024);
    assert.strictEqual(r.robots.isAllowed('a', '/early'), false);
    assert.strictEqual(r.robots.isAllowed('a', '/late'), true);
  } finally {
    await s.close();
  }
});

test('redirect chains: up to 5 are followed, 6 mean no robots.txt; a loop too', async () => {
  for (const code of [301, 302, 307, 308]) {
    for (const hops of [1, 5, 6]) {
      const s = await serve((p, _h, res) => {
        if (p === '/final') return send(res, 200, FILE);
        const step = p === '/robots.txt' ? 0 : Number(p.slice(2));
        send(res, code, '', { Location: step + 1 < hops ? `/r${step + 1}` : '/final' });
      });
      try {
        const r = await fetchRobots(s.url('/'));
        if (hops <= 5) {
          assert.strictEqual(r.outcome, 'parse-body', `${code} x${hops}`);
          assert.strictEqual(r.finalUrl, s.url('/final'));
          assert.strictEqual(r.redirects.length, hops);
          assert.strictEqual(r.redirects[0].status, code);
        } else {
          assert.strictEqual(r.outcome, 'allow-all', `${code} x${hops}`);
          assert.match(r.reason, /more than 5 redirects/);
          assert.strictEqual(r.robots, null);
        }
      } finally {
        await s.close();
      }
    }
  }
  const loop = await serve((p, _h, res) => send(res, 302, '', { Location: p === '/robots.txt' ? '/a' : '/robots.txt' }));
  try {
    const r = await fetchRobots(loop.url('/'));
    assert.strictEqual(r.outcome, 'allow-all');
    assert.match(r.reason, /redirect loop/);
  } finally {
    await loop.close();
  }
});

test('a cross-host redirect is followed', async () => {
  const s = await serve((_p, host, res) =>
    host.startsWith('localhost')
      ? send(res, 200, FILE)
      : send(res, 301, '', { Location: `http://localhost:${host.split(':')[1]}/robots.txt` })
  );
  try {
    const r = await fetchRobots(s.url('/'));
    assert.strictEqual(r.outcome, 'parse-body');
    assert.strictEqual(r.finalUrl, `http://localhost:${s.port}/robots.txt`);
  } finally {
    await s.close();
  }
});

test('4xx allow everything; 429 and 5xx disallow everything', async () => {
  for (const [code, outcome] of [[401, 'allow-all'], [403, 'allow-all'], [404, 'allow-all'], [410, 'allow-all'], [429, 'disallow-all'], [500, 'disallow-all'], [503, 'disallow-all']]) {
    const s = await serve((_p, _h, res) => send(res, code, `status ${code}`));
    try {
      const r = await fetchRobots(s.url('/'));
      assert.strictEqual(r.outcome, outcome, String(code));
      assert.strictEqual(r.status, code);
      assert.strictEqual(r.robots, null);
      const changes = diff(Robots.parse(FILE), r, ['Googlebot'], ['/shop/x', '/cart']);
      const allowed = outcome === 'allow-all';
      assert.deepStrictEqual(
        changes.map((c) => [c.url, c.new.allowed]),
        allowed ? [['/cart', true]] : [['/shop/x', false]]
      );
    } finally {
      await s.close();
    }
  }
});

test('bodies that are not read (redirects, 4xx, 5xx) are let go: the server sees every connection closed', { timeout: 10000 }, async (t) => {
  // Each answer's body never ends: unless the client lets go of it, the connection stays open (Node's fetch holds
  // it until the response is garbage-collected; this test keeps the responses referenced). Without the fix the
  // test times out, and its signal closes the server all the same.
  const timedOut = new Promise((_, fail) =>
    t.signal.addEventListener('abort', () => fail(new Error('a connection was still open')), { once: true })
  );
  timedOut.catch(() => {});
  for (const [status, outcome] of [[404, 'allow-all'], [503, 'disallow-all'], [301, 'allow-all']]) {
    const closed = [];
    const s = await serve((p, _h, res) => {
      closed.push(new Promise((ok) => res.socket.on('close', ok)));
      // 301: /robots.txt moved to /moved.txt, which is not found.
      if (status === 301 && p === '/robots.txt') res.writeHead(301, { Location: '/moved.txt' });
      else res.writeHead(status === 301 ? 404 : status);
      res.write('x'.repeat(4096));
    });
    const kept = [];
    const fetch = async (...args) => {
      const response = await globalThis.fetch(...args);
      kept.push(response);
      return response;
    };
    try {
      const r = await fetchRobots(s.url('/page'), { fetch, timeout: 5000 });
      assert.strictEqual(r.outcome, outcome, String(status));
      assert.strictEqual(closed.length, status === 301 ? 2 : 1);
      await Promise.race([Promise.all(closed), timedOut]);
    } finally {
      await s.close();
    }
  }
});

test('a stall past the timeout, a body cut short and a refused connection disallow everything', async () => {
  const stall = await serve(() => {}); // never answers
  try {
    const r = await fetchRobots(stall.url('/'), { timeout: 300 });
    assert.strictEqual(r.outcome, 'disallow-all');
    assert.strictEqual(r.status, null);
    assert.match(r.error, /timeout/);
  } finally {
    await stall.close();
  }
  const cut = await serve((_p, _h, res) => {
    res.writeHead(200, { 'Content-Length': 5000 });
    res.write(FILE);
    setTimeout(() => res.socket.destroy(), 20);
  });
  try {
    const r = await fetchRobots(cut.url('/'));
    assert.strictEqual(r.outcome, 'disallow-all');
    assert.match(r.error, /truncated body/);
  } finally {
    await cut.close();
  }
  const gone = await serve(() => {});
  const url = gone.url('/');
  await gone.close();
  const r = await fetchRobots(url);
  assert.strictEqual(r.outcome, 'disallow-all');
  assert.strictEqual(r.error, 'connection refused');
});

test('gzip-encoded, HTML and non-UTF-8 bodies', async () => {
  const bytes = Buffer.from('User-agent: *\nDisallow: /caf\xe9\nDisallow: /x\n', 'latin1');
  const s = await serve((p, _h, res) => {
    if (p === '/robots.txt') {
      const gz = gzipSync(FILE);
      res.writeHead(200, { 'Content-Encoding': 'gzip', 'Content-Length': gz.length });
      return res.end(gz);
    }
    send(res, 404);
  });
  const html = await serve((_p, _h, res) => send(res, 200, '<!DOCTYPE html><html><body>Not here</body></html>'));
  const latin = await serve((_p, _h, res) => {
    res.writeHead(200, { 'Content-Length': bytes.length });
    res.end(bytes);
  });
  try {
    assert.strictEqual((await fetchRobots(s.url('/'))).robots.text, FILE);
    const h = await fetchRobots(html.url('/'));
    assert.strictEqual(h.outcome, 'parse-body');
    assert.strictEqual(h.robots.isAllowed('a', '/private'), true);
    assert.ok(h.robots.diagnostics().some((d) => d.kind === 'html-body'));
    const l = await fetchRobots(latin.url('/'));
    assert.strictEqual(l.robots.isAllowed('a', '/x'), false);
    assert.strictEqual(l.robots.decide('a', '/caf%E9').line, 2);
  } finally {
    await Promise.all([s.close(), html.close(), latin.close()]);
  }
});

test('an injected fetch is used, and bad arguments throw', async () => {
  const seen = [];
  const fake = async (url, init) => {
    seen.push([url, init.redirect]);
    return new Response('User-agent: *\nDisallow: /\n', { status: 200 });
  };
  const r = await fetchRobots('https://example.com/a/b', { fetch: fake });
  assert.deepStrictEqual(seen, [['https://example.com/robots.txt', 'manual']]);
  assert.strictEqual(r.robots.isAllowed('x', '/'), false);
  await assert.rejects(fetchRobots('https://example.com/', { timeout: 0, fetch: fake }), RangeError);
  assert.throws(() => diff(r, r, 'Googlebot', ['/']), TypeError);
  assert.deepStrictEqual(diff(r, r, ['a'], ['/', '/x']), []);
  // require() gives the same functions.
  const cjs = createRequire(import.meta.url)('robotscope');
  assert.strictEqual(typeof cjs.fetchRobots, 'function');
  assert.strictEqual(typeof cjs.diff, 'function');
});

// The shared fixture of fetches (tests/fixtures/fetches.json, which the core, the CLI and the Python package answer
// too): each case's routes served on 127.0.0.1, the outcome and its words as the core's fetch state gives them.
const packageDir = process.env.ROBOTSCOPE_DEV_MODULES ? dirname(process.env.ROBOTSCOPE_DEV_MODULES) : join(dirname(fileURLToPath(import.meta.url)), '..');
const FETCHES = join(packageDir, '../../tests/fixtures/fetches.json');

test('the shared fixture of fetches', async () => {
  assert.ok(existsSync(FETCHES), `the shared fixture is missing: no ${FETCHES}`);
  const cases = JSON.parse(readFileSync(FETCHES, 'utf8')).fetches;
  assert.ok(cases.length >= 10);
  for (const c of cases) {
    const s = await serve((p, _h, res) => {
      const r = c.routes[p];
      if (!r) return send(res, 404);
      const body = Buffer.concat([Buffer.from(r.body || ''), Buffer.alloc(r.pad || 0, '#')]);
      if (r.length !== undefined) {
        // A Content-Length the server does not keep: the connection closes mid-body.
        res.writeHead(r.status, { 'Content-Length': r.length });
        res.write(body, () => res.socket.destroy());
        return;
      }
      res.writeHead(r.status, { 'Content-Length': body.length, ...(r.location ? { Location: r.location } : {}) });
      res.end(body);
    });
    try {
      const r = await fetchRobots(s.url('/'));
      const e = c.expect;
      assert.strictEqual(r.outcome, e.outcome, `${c.name}: ${r.reason}`);
      assert.strictEqual(r.status, e.status, c.name);
      assert.strictEqual(r.redirects.length, e.redirects, c.name);
      assert.strictEqual(r.cut, e.cut === true, c.name);
      assert.strictEqual(r.error !== null, e.error === true, `${c.name}: ${r.error}`);
      if (e.reason !== undefined) assert.strictEqual(r.reason, e.reason, c.name);
      else assert.ok(r.reason.startsWith(e.reason_starts), `${c.name}: ${r.reason}`);
      assert.strictEqual(r.robots !== null, e.outcome === 'parse-body', c.name);
    } finally {
      await s.close();
    }
  }
});
