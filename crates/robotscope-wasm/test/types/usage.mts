// Compiled (never run) by types.test.mjs: every line must type-check against the installed package's
// .d.ts, and the `@ts-expect-error` lines must fail to, so wrong types fail the test either way.
import { Robots, robotsParser, fromResponse, robotsUrl, governs, productToken, normalizeUrl, init } from 'robotscope';
import type { Verdict, Diagnostic, DiagnosticKind, RuleMatch } from 'robotscope';
import compat from 'robotscope/robots-parser';

const robots: Robots = Robots.parse('User-agent: *\nDisallow: /private\n');
const verdict: Verdict = robots.check(['Googlebot', 'Googlebot-Image'], 'https://example.com/private');
const allowed: boolean = verdict.allowed;
const line: number = verdict.line;
const rule: RuleMatch | null = verdict.rule;
const priority: number | undefined = rule?.priority;
const scope: 'specific' | 'global' | 'none' = verdict.scope;
const diagnostics: Diagnostic[] = robots.diagnostics();
const severity: 'info' | 'warning' | 'error' | undefined = diagnostics[0]?.severity;
const sitemaps: string[] = robots.sitemaps().map((s) => s.url);
const fast: { allowed: boolean; line: number } = robots.decide('Googlebot', '/x');
robots.free();

const rp = robotsParser('https://example.com/robots.txt', 'User-agent: *\nDisallow: /x\n');
const maybe: boolean | undefined = rp.isAllowed('https://example.com/x', 'Bot');
const lineNumber: number = rp.getMatchingLineNumber('https://example.com/x');
const delay: number | undefined = rp.getCrawlDelay('Bot');
const host: string | null = rp.getPreferredHost();
const compatible = compat('https://example.com/robots.txt', '');
const viaDefault: boolean = compatible.isDisallowed('https://example.com/');

const policy = fromResponse(503, null);
const policyAllows: boolean = policy.isAllowed('Googlebot', 'https://example.com/');
const url: string = robotsUrl('https://example.com/a');
const token: string = productToken('Mozilla/5.0 (compatible; Googlebot/2.1)');
const normal: string = normalizeUrl('/a b');
const g = governs('https://example.com/robots.txt', 'https://example.com/a');
const ready: Promise<unknown> = init();
const kind: DiagnosticKind | undefined = diagnostics[0]?.kind;
const fromUrlObject: boolean | undefined = robotsParser({ href: 'https://example.com/robots.txt' }, '').isAllowed({ href: 'https://example.com/a' });
const summary: number = robots.toJSON().lineCount;
// @ts-expect-error: not a diagnostic code.
const wrongKind: DiagnosticKind = 'no-such-kind';

// @ts-expect-error: check takes an agent (or agents) and a URL.
robots.check('Googlebot');
// @ts-expect-error: isAllowed can be undefined for a URL the file does not govern.
const notMaybe: boolean = rp.isAllowed('https://other.example/', 'Bot');

export { allowed, line, priority, scope, severity, sitemaps, fast, maybe, lineNumber, delay, host, viaDefault, policyAllows, url, token, normal, g, ready, notMaybe, kind, fromUrlObject, summary, wrongKind };

// fetchRobots takes any fetch-like function (the platform's fits), with no DOM library in the project.
import { fetchRobots } from 'robotscope';
const fakeFetch = async (url: string, init: { redirect: 'manual' | 'follow'; signal: unknown }) => ({
  status: init.redirect === 'manual' ? 404 : 200,
  url,
  headers: { get: (_name: string): string | null => null },
  body: null,
  arrayBuffer: async () => new ArrayBuffer(0),
});
fetchRobots('https://example.com/a', { fetch: fakeFetch, timeout: 500 }).then((r) => r.outcome);

// The AI-era data: the catalogue with its facts, sets, typed agents and URLs, usage preferences, the AI view.
import { AI_GROUPS, CRAWLERS, CRAWLER_KINDS, crawler, crawlerSet, resolveAgent, resolveUrl } from 'robotscope';
import type { Crawler, CrawlerKind, Obeys, Usage, AgentCheck, AiKindReport, AiGroupName, Survey, SurveyCell } from 'robotscope';
const firstKind: CrawlerKind | undefined = CRAWLERS[0]?.kind;
const obeys: Obeys | undefined = crawler('GPTBot')?.obeys;
const training: Crawler[] | null = crawlerSet('@ai-training');
const isAi: boolean | undefined = CRAWLER_KINDS[0]?.ai;
const typedKind: 'token' | 'preset' | 'header' | 'browser' | 'empty' | 'invalid' = resolveAgent('googlebot-image').kind;
const tested: string = resolveUrl('cart', 'https://example.com').tested;
const prefs: Usage = robots.usage('GPTBot', '/');
const restricted: boolean | undefined = prefs.contentUsage[0]?.granted;
const answer: AgentCheck = robots.checkAgent('googlebot-image', '/photos/a.jpg', { base: 'https://example.com' });
const tie: number | null = answer.tiedDisallow;
const ai: AiKindReport[] = robots.ai({ urls: ['/'], kinds: ['training', 'user-triggered'] });
const blocked: number | undefined = ai[0]?.blocked[0]?.blocked;
// @ts-expect-error: the AI view reports the core's AI groups, not catalogue kinds.
robots.ai({ kinds: ['control-token'] });
// A whole question, and its survey.
const survey: Survey = robots.ask({ agents: ['GPTBot', 'Googlebot-News,Googlebot'], urls: ['/', 'http://'], view: 'compare', explain: true, baseline: robots });
const cell: SurveyCell | null | undefined = survey.cells[0]?.[0];
const readers: number | undefined = cell?.readers.length;
const why: string | undefined = cell?.explanation;
const groups: readonly AiGroupName[] = AI_GROUPS.map((g) => g.name);
// @ts-expect-error: a view is a profile or compare.
robots.ask({ agents: [], urls: [], view: 'bing' });
// @ts-expect-error: obeys is a union of four statements.
const wrongObeys: Obeys = 'maybe';
export { firstKind, obeys, training, isAi, typedKind, tested, prefs, restricted, tie, blocked, wrongObeys, readers, why, groups };
