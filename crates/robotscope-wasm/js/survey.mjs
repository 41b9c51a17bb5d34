// Whole questions (the core's question layer, `Robots::ask`) and the renderers of their answers: `robots.ask`
// returns the core's survey as it comes from the module, with named members; `checkAgent`, `grid`, `compare` and
// `ai` only pick members out of it (`ai` the core's counts of blocked crawlers, `Survey::ai`). Nothing
// here reads an agent or a URL, marks or decides: a renderer that needs something the survey lacks asks the core
// for it.
//
// ES module text whose only module syntax is its imports and its last line; `cargo xtask npm` writes the CommonJS
// copy.

import { describe, text, quote, optionsOf, oneOf } from './checks.mjs';

/**
 * The question layer over one API: `ctx` gives the module (`wasm()`), the live wasm handle of a Robots
 * (`handle(robots, fn)`), `keep(robots)` (keeps its other readings, see `Robots::keep_readings`), `isRobots`,
 * `needProfiles(fn)`, `ready()`, the catalogue entry of a crawler name (`entry`), the data module, the profiles'
 * names (`PROFILES`) and `profileOf(fn, options)` (the option `profile` as its index in them).
 */
function createSurvey(ctx) {
  const { wasm, handle, keep, isRobots, needProfiles, ready, entry, catalogue, PROFILES, profileOf } = ctx;
  /** A view crosses into wasm as its index here: a profile's index in PROFILES, or PROFILES.length for compare. */
  const VIEWS = [...PROFILES, 'compare'];
  const AI_GROUPS = catalogue.AI_GROUPS;

  /**
   * How a side that is a site without a file (a fetch's outcome) crosses into the module, for `ask`'s `sites`
   * (`[file, baseline]`): the file's answers (0), or the core's answer for every URL (1: allow-all, 2: disallow-all).
   */
  const wholeSite = (outcome) => ({ 'allow-all': 1, 'disallow-all': 2 })[outcome] || 0;

  /** The option `profile` of checkAgent and grid: a profile's name, Google's when absent. */
  const profileName = (fn, o) => PROFILES[profileOf(fn, o)];

  /** An array of strings, none holding a line break, joined by `\n` (each is one row of the question). */
  const rows = (fn, name, items) => {
    if (!Array.isArray(items)) throw new TypeError(`${fn}: ${name} must be an array of strings, got ${describe(items)}`);
    for (const item of items) {
      if (/[\n\r]/.test(text(fn, `each of ${name}`, item))) throw new TypeError(`${fn}: ${name} ${quote(item)} holds a line break`);
    }
    return items.join('\n');
  };

  /** A typed agent from the module, its crawler as the catalogue entry. */
  const agentOf = (a) => ({ ...a, crawler: entry(a.crawler) });

  /**
   * The core's answer to a whole question: `{ view, site, differ, changed, leftOut, leftOutNotes, agents, urls, cells,
   * ai }`, `agents` the core's rows (a crawler set such as `@ai-training` one row per crawler, a repeated row dropped,
   * at most MAX_AGENTS agents and MAX_URLS URLs; `leftOut` counts the rest, `leftOutNotes` says so), `cells` one
   * row per URL (one cell per agent row, `null` for a URL that cannot be read), `ai` per URL the AI crawlers among
   * the agents that are blocked and only look blocked, a pair per AI group.
   */
  function ask(robots, question, fn = 'robots.ask', sites = [0, 0]) {
    const q = optionsOf(fn, question, ['agents', 'urls', 'base', 'view', 'readings', 'baseline', 'exact', 'explain']);
    if (question === undefined) throw new TypeError(`${fn}: the question must be an object with agents and urls`);
    const agents = rows(fn, 'question.agents', q.agents);
    const urls = rows(fn, 'question.urls', q.urls);
    const base = q.base === undefined ? '' : text(fn, 'question.base', q.base);
    const view = q.view === undefined ? 0 : oneOf(fn, VIEWS, q.view, 'question.view');
    // The profiles compared, as indices in PROFILES (none: all of them); the core ignores them under one reading.
    let readings = [];
    if (q.readings !== undefined) {
      if (!Array.isArray(q.readings)) {
        throw new TypeError(`${fn}: question.readings must be an array of profile names (${PROFILES.join(', ')})`);
      }
      readings = q.readings.map((p, i) => oneOf(fn, PROFILES, p, `question.readings[${i}]`));
    }
    const baseline = q.baseline;
    if (baseline !== undefined && !isRobots(baseline)) {
      throw new TypeError(`${fn}: question.baseline must be a Robots, got ${describe(baseline)}`);
    }
    if (view !== 0) {
      needProfiles(fn);
      // Asked under another reading, the file (and its baseline) keeps its readings: no query tokenizes again.
      keep(robots);
      if (baseline !== undefined) keep(baseline);
    }
    const b = baseline === undefined ? undefined : handle(baseline, fn);
    const w = handle(robots, fn);
    const s = JSON.parse(w.ask(agents, urls, base, view, Uint8Array.from(readings), b || w, b !== undefined, q.exact === true, q.explain === true, sites[0], sites[1]));
    // The rows are the core's (a crawler set is one row per crawler, repeats dropped, the limits): not the typed ones.
    const n = s.agents.length;
    const cells = s.urls.map((_, u) => s.cells.slice(u * n, u * n + n));
    const asked = s.agents.map((a) => ({ ...a, members: a.members.map(agentOf) }));
    const { site, differ, changed, leftOut, leftOutNotes, ai } = s;
    return { view: s.view, site, differ, changed, leftOut, leftOutNotes, agents: asked, urls: s.urls, cells, ai };
  }

  /** A survey row's agent as one typed agent: its one member, or for a pool the pool named as the core names it. */
  const rowAgent = (a) =>
    a.members.length === 1 ? a.members[0] : { input: a.input, token: a.members.map((m) => m.token).join(','), kind: 'pool', crawler: null, label: a.label, note: a.notes.join(' ') };
  const typedUrl = ({ input, tested, kind, error }) => ({ input, tested, kind, error });

  /** One typed agent at one typed URL, explained (a URL that cannot be read is a TypeError). */
  function checkAgent(robots, agent, url, options) {
    const fn = 'robots.checkAgent';
    const o = optionsOf(fn, options, ['base', 'profile']);
    const q = { agents: [text(fn, 'the agent', agent)], urls: [text(fn, 'the URL', url)], base: o.base, view: profileName(fn, o), explain: true };
    const s = ask(robots, q, fn);
    const c = s.cells[0][0];
    if (c === null) throw new TypeError(`${fn}: cannot read the URL ${quote(url)}: ${s.urls[0].error}`);
    const { token, follows, tiedDisallow, explanation, usage, verdict } = c;
    return { agent: rowAgent(s.agents[0]), url: typedUrl(s.urls[0]), token, follows, tiedDisallow, explanation, usage, verdict };
  }

  /** Typed agents at typed URLs: one row per URL, one answer per agent (`null` where the URL cannot be read). */
  function grid(robots, agents, urls, options) {
    const fn = 'robots.grid';
    const o = optionsOf(fn, options, ['base', 'profile']);
    const profile = profileName(fn, o);
    return ask(robots, { agents, urls, base: o.base, view: profile }, fn).cells.map((row) =>
      row.map((c) => {
        if (c === null) return null;
        const v = c.verdict;
        const answer = { allowed: c.allowed, line: c.line, token: c.token, follows: c.follows, rule: v.rule, scope: v.scope, groups: v.groups, tiedDisallow: c.tiedDisallow };
        // Under another reading the groups are its own, which `groups()` does not list: their lines.
        if (profile !== 'google') answer.groupLines = v.groupLines;
        return answer;
      })
    );
  }

  /**
   * Every URL for every agent row under each profile asked (the CLI's `check --compare`): agents and URLs read as
   * typed, as `ask` reads them (a preset's fallbacks, a URL as the crawler sends it, a crawler set one row per
   * crawler), each profile's answer and explanation, and the core's marks over the profiles asked. `agent` and `url`
   * are the rows as typed; pass `{ exact: true }` for the strings as given, as Google's own binary takes them.
   */
  function compare(robots, agents, urls, options) {
    const fn = 'robots.compare';
    const o = optionsOf(fn, options, ['profiles', 'exact']);
    let profiles = PROFILES;
    if (o.profiles !== undefined) {
      if (!Array.isArray(o.profiles) || o.profiles.length === 0) {
        throw new TypeError(`${fn}: options.profiles must be a non-empty array of profile names (${PROFILES.join(', ')})`);
      }
      profiles = o.profiles.map((p, i) => PROFILES[oneOf(fn, PROFILES, p, `options.profiles[${i}]`)]);
    }
    const columns = typeof agents === 'string' ? [agents] : agents;
    if (!Array.isArray(columns) || columns.length === 0) {
      throw new TypeError(`${fn}: agents must be a string or a non-empty array of agents, got ${describe(agents)}`);
    }
    const list = typeof urls === 'string' ? [urls] : urls;
    if (!Array.isArray(list) || list.length === 0) {
      throw new TypeError(`${fn}: urls must be a string or a non-empty array of strings, got ${describe(urls)}`);
    }
    // A pooled list is its members joined by commas, as the core's questions pool agents.
    const pools = columns.map((a, i) => {
      if (typeof a === 'string') return a;
      if (!Array.isArray(a) || a.length === 0) throw new TypeError(`${fn}: agents[${i}] must be a string or a non-empty array of strings, got ${describe(a)}`);
      return a.map((m, k) => text(fn, `agents[${i}][${k}]`, m)).join(',');
    });
    needProfiles(fn);
    const all = ask(robots, { agents: pools, urls: list, view: 'compare', readings: profiles, exact: o.exact === true, explain: true }, fn);
    const out = [];
    all.urls.forEach(({ input: url }, u) =>
      all.agents.forEach(({ input: agent }, a) => {
        const c = all.cells[u][a];
        if (c === null) throw new TypeError(`${fn}: cannot read the URL ${quote(url)}: ${all.urls[u].error}`);
        const answers = c.readers.map(({ profile, allowed, line, rule, scope }, k) => ({ profile, allowed, line, rule, scope, explanation: c.explanations[k] }));
        out.push({ url, agent, differs: c.differs, linesDiffer: c.linesDiffer, answers });
      })
    );
    return out;
  }

  /**
   * What the file does to the catalogue's AI crawlers, by the core's AI groups (training with the control tokens,
   * AI search, user-triggered): each crawler at each URL, and per URL how many the core counts blocked and only
   * looking blocked. One survey per URL under Google's reading, as the core's `Robots::ai_summary` asks.
   */
  function ai(robots, options) {
    const fn = 'robots.ai';
    const { urls = ['/'], kinds } = optionsOf(fn, options, ['urls', 'kinds']);
    if (!Array.isArray(urls) || urls.length === 0) throw new TypeError(`${fn}: urls must be a non-empty array of strings`);
    const names = AI_GROUPS.map((g) => g.name);
    if (kinds !== undefined) {
      if (!Array.isArray(kinds)) throw new TypeError(`${fn}: kinds must be an array of AI group names`);
      for (const k of kinds) if (!names.includes(k)) throw new TypeError(`${fn}: unknown kind ${JSON.stringify(k)} (${names.join(', ')})`);
    }
    handle(robots, fn);
    // Each group's crawlers as the core lists them (its crawler set, `AiGroup::crawlers`), all asked at once: a cell
    // depends only on its agent and URL.
    const members = AI_GROUPS.map((g) => catalogue.CRAWLER_SETS[g.name].map(entry));
    const agents = members.flat().map((c) => c.name);
    // One survey of every URL: each URL read once, each agent row prepared once for all of them.
    const s = ask(robots, { agents, urls: urls.map((u) => text(fn, 'a URL', u)) }, fn);
    const answers = s.urls.map((typed, u) => {
      if (typed.error !== null) throw new TypeError(`${fn}: cannot read the URL ${quote(urls[u])}: ${typed.error}`);
      return { url: typed.tested, cells: s.cells[u], counts: s.ai[u] };
    });
    let first = 0;
    return AI_GROUPS.map((g, i) => {
      const at = first;
      first += members[i].length;
      const per = answers.map(({ url, cells, counts }) => ({ url, cells: cells.slice(at, first), counts }));
      const crawlers = members[i].flatMap((crawler, k) =>
        per.map(({ url, cells }) => {
          const c = cells[k];
          return { crawler, url, allowed: c.allowed, line: c.line, rule: c.verdict.rule, token: c.token, follows: c.follows, tiedDisallow: c.tiedDisallow, usage: c.usage };
        })
      );
      const blocked = per.map(({ url, counts }) => ({ url, blocked: counts[i].blocked, onlyLookBlocked: counts[i].looksBlocked }));
      return { kind: g.name, title: g.title, total: members[i].length, blocked, crawlers };
    }).filter((g) => kinds === undefined || kinds.includes(g.kind));
  }

  const oneLine = (fn, name, value) => {
    if (text(fn, name, value).includes('\n')) throw new TypeError(`${fn}: ${name} ${quote(value)} holds a line break`);
    return value;
  };

  /** A typed agent as the core reads it (SPEC B2). */
  function resolveAgent(agent) {
    ready();
    return agentOf(JSON.parse(wasm().resolveAgent(oneLine('resolveAgent', 'the agent', agent))));
  }

  /** A typed URL as the core reads it (SPEC B2); paths are joined to `base` when given. */
  function resolveUrl(url, base) {
    ready();
    oneLine('resolveUrl', 'the URL', url);
    return JSON.parse(wasm().resolveUrl(url, base === undefined ? '' : oneLine('resolveUrl', 'the base', base)));
  }

  return { ask, wholeSite, checkAgent, grid, compare, ai, resolveAgent, resolveUrl };
}

export { createSurvey };
