// Types of the robotscope npm package. UTF-16 offsets (`start`, `end`, `column`) index `robots.text`: the
// string that was parsed, or for bytes `new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)`.
// `byteStart`/`byteEnd` are UTF-8 byte offsets into the input.
//
// The types need no DOM library: URLs, responses and compiled modules are declared by the members used.

/** One agent (`"Googlebot"`) or several, pooled into one longest-match contest as Google does. */
export type Agents = string | readonly string[];

/**
 * How a file is read (SPEC B6): `google`, Google's production matcher (the default); `rfc9309`, RFC 9309 as
 * written, without Google's leniencies; `1994`, the original "A Standard for Robot Exclusion".
 */
export type Profile = 'google' | 'rfc9309' | '1994';

/** The options of `robots.check`. */
export interface CheckOptions {
  /** The reading to answer under (default `google`); its groups are what `Verdict.groups` indexes. */
  profile?: Profile;
}

/** A robots.txt body: text, or raw bytes (read byte for byte, as crawlers do). */
export type RobotsInput = string | Uint8Array | ArrayBuffer | ArrayBufferView;

export interface ParseOptions {
  /** Read at most this many bytes; `"google"` is 500 KiB, what Google's crawlers read. Default: everything. */
  limit?: number | 'google';
}

/** A `URL` object (or anything whose `href` is a URL). */
export interface UrlLike {
  readonly href: string;
}

/** The stable code of a diagnostic kind. */
export type DiagnosticKind =
  | 'html-body'
  | 'past-size-limit'
  | 'line-too-long'
  | 'nul-byte'
  | 'invalid-utf8'
  | 'bom-not-at-start'
  | 'not-a-directive'
  | 'typo-key'
  | 'prefix-key'
  | 'missing-colon'
  | 'first-colon-split'
  | 'unknown-key'
  | 'unsupported-directive'
  | 'rule-outside-group'
  | 'pattern-never-matches'
  | 'dollar-not-last'
  | 'hash-cuts-value'
  | 'empty-user-agent'
  | 'user-agent-reduced'
  | 'user-agents-merged'
  | 'rule-joins-group'
  | 'empty-group'
  | 'global-rules-ignored'
  | 'allowlist'
  | 'repeated-agent'
  | 'allow-disallow-conflict'
  | 'duplicate-rule'
  | 'sitemap-not-absolute'
  | 'merged-group-tie'
  | 'ai-search-blocked'
  | 'deprecated-agent'
  | 'usage-key-misspelt'
  | 'content-signal-outside-group'
  | 'content-signal-invalid'
  | 'content-usage-invalid'
  | 'rfc9309-ignores-line'
  | 'profiles-disagree'
  | 'more-not-shown';

/** A position in the source. */
export interface Span {
  /** UTF-16 offset of the first character in `robots.text`. */
  start: number;
  /** UTF-16 offset one past the last character. */
  end: number;
  /** UTF-8 byte offset of the first byte in the input. */
  byteStart: number;
  /** UTF-8 byte offset one past the last byte. */
  byteEnd: number;
}

/** A rule that matched the path. Its span is the rule's value. */
export interface RuleMatch extends Span {
  /** The rule's line, from 1. */
  line: number;
  /** 1-based UTF-16 column of the value on its line. */
  column: number;
  kind: 'allow' | 'disallow';
  /** The value as written. */
  value: string;
  /** The pattern Google matched: `%xx` upper-cased, non-ASCII percent-encoded. */
  pattern: string;
  /** The priority it matched with: the pattern's length in bytes. */
  priority: number;
  /** Whether it matched only through Google's rule that `Allow: /d/index.html` also allows `/d/`. */
  indexFallback: boolean;
}

/** The answer to "may these agents fetch this URL?", and why (SPEC B1). */
export interface Verdict {
  allowed: boolean;
  /** The deciding line as Google's library reports it (0 when no rule decided). */
  line: number;
  /** The rule on `line`, or null. */
  rule: RuleMatch | null;
  /** Whether the agents' own groups, the `*` groups, or no group applied. */
  scope: 'specific' | 'global' | 'none';
  /** Whether the agents have a group of their own (then every `*` rule is ignored). */
  ownGroup: boolean;
  /** The path that was matched, as extracted from the URL. */
  path: string;
  /** Indices of the groups that applied (see `robots.groups()`). */
  groups: number[];
  /** The user-agent and rule lines of those groups, in order. */
  groupLines: number[];
  /** Every rule of those groups that matched the path, in file order. */
  matches: RuleMatch[];
}

/** A lint finding (SPEC B3). */
export interface Diagnostic extends Span {
  /** A stable kebab-case code, such as `typo-key` or `global-rules-ignored`. */
  kind: DiagnosticKind;
  severity: 'info' | 'warning' | 'error';
  line: number;
  /** 1-based UTF-16 column of `start` on its line. */
  column: number;
  message: string;
  /** A suggested fix, or null. */
  help: string | null;
}

/** One line of the per-line report (Google's tokenizer and Search Console's tags). */
export interface LineReport extends Span {
  line: number;
  tag: 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'unused' | 'unknown';
  /** The line's text, without its terminator. */
  text: string;
  directive: {
    kind: 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'unknown';
    key: string;
    value: string;
    keyStart: number;
    keyEnd: number;
    valueStart: number;
    valueEnd: number;
  } | null;
  /** UTF-16 offset of a `#` comment, or null. */
  comment: number | null;
  isEmpty: boolean;
  hasComment: boolean;
  isComment: boolean;
  hasDirective: boolean;
  isAcceptableTypo: boolean;
  isLineTooLong: boolean;
  isMissingColonSeparator: boolean;
}

export interface Report {
  lines: LineReport[];
  validDirectives: number;
  unusedDirectives: number;
  lastLineSeen: number;
}

export interface Sitemap extends Span {
  url: string;
  line: number;
}

export interface Group {
  index: number;
  global: boolean;
  agents: (Span & { line: number; value: string; token: string; global: boolean })[];
  rules: (Span & { line: number; kind: 'allow' | 'disallow'; value: string; pattern: string; priority: number })[];
}

export interface OtherDirective extends Span {
  line: number;
  key: string;
  value: string;
  /** The group the line sits in, or null before any user-agent line. */
  group: number | null;
}

/** What `JSON.stringify(robots)` gives. */
export interface RobotsSummary {
  lineCount: number;
  byteLength: number;
  cutFrom: number | null;
  /** Each group's user-agent values. */
  groups: string[][];
  sitemaps: string[];
}

/** What a crawler of the catalogue is for. */
export type CrawlerKind =
  | 'search'
  | 'ads'
  | 'ai-training'
  | 'ai-search'
  | 'user-triggered'
  | 'control-token'
  | 'preview'
  | 'seo-tool'
  | 'other';

/** The AI kinds of `CRAWLER_KINDS` (entries with `ai: true`). */
export type AiCrawlerKind = 'ai-training' | 'ai-search' | 'user-triggered' | 'control-token';

/** The core's AI groups (`AI_GROUPS`), which `robots.ai()` reports: training holds the control tokens too. */
export type AiGroupName = 'training' | 'ai-search' | 'user-triggered';

/** A view of a question: one reading, or every reading compared (Google's answer, each reader's beside it). */
export type View = Profile | 'compare';

/** What a crawler's operator says about obeying robots.txt. */
export type Obeys = 'yes' | 'may-not-apply' | 'no' | 'unknown';

/** A crawler of robotscope's catalogue (the core's `CRAWLERS` with `Crawler::facts`). */
export interface Crawler {
  readonly name: string;
  readonly operator: string;
  /** The product tokens it obeys, in order: the first one that has a group in the file wins. */
  readonly tokens: readonly string[];
  /** Whether it ignores the `*` group and must be named (Google's AdsBot crawlers). */
  readonly ignoresGlobal: boolean;
  readonly kind: CrawlerKind;
  /** One line on what it is for. */
  readonly purpose: string;
  /** A User-Agent header it sends (empty for control tokens such as Google-Extended). */
  readonly userAgent: string;
  readonly obeys: Obeys;
  /** Where the operator's statement can be checked. */
  readonly source: string;
  /** When robotscope recorded the statement (`YYYY-MM-DD`). */
  readonly asOf: string;
  /** Where the operator publishes the IP ranges its requests come from (empty when none is known). */
  readonly ipRangesUrl: string;
  /** The origin its requests name in a Web Bot Auth `Signature-Agent` header (empty when it signs none). */
  readonly signatureAgent: string;
  /** What was not checked at the operator's own page, and why the entry has its kind (may be empty). */
  readonly note: string;
  /** What the token does not govern where people think it does (Google-Extended and AI Overviews), or null. */
  readonly scopeNote: string | null;
}

/** A typed agent as the core reads it (SPEC B2). */
export interface TypedAgent {
  /** What was typed, trimmed. */
  input: string;
  /** The product token read from it (empty when none can be read). */
  token: string;
  kind: 'token' | 'preset' | 'header' | 'browser' | 'empty' | 'invalid';
  /** The catalogue crawler it names, if any (its fallbacks and `*` handling apply). */
  crawler: Crawler | null;
  /** The name to show: the crawler's name, else the token, else `(no token)`. */
  label: string;
  /** One sentence when the engine is given something other than what was typed. */
  note: string | null;
}

/** A typed URL as the core reads it (SPEC B2). */
export interface TypedUrl {
  input: string;
  /** What the engine is given: the normalised URL (a path joined to `base`), or the input when it cannot be read. */
  tested: string;
  kind: 'full' | 'path';
  /** Why it could not be normalised, or null. */
  error: string | null;
}

/** One usage preference and the line that decided it. */
export interface Preference {
  /** The key as written (`train-ai`, `search`, `ai-train`, ...). */
  key: string;
  /** Granted (`y`, `yes`) or restricted (`n`, `no`). */
  granted: boolean;
  line: number;
}

/** The usage preferences that apply to one URL for one crawler. They never change the crawl verdict. */
export interface Usage {
  /** Whether the crawler may fetch the URL: `Content-Usage` applies only to URLs it may crawl. */
  crawlable: boolean;
  /** `Content-Usage` (IETF AI Preferences draft, `draft-ietf-aipref-attach`): the longest matching path decides,
   * ties combined most restrictively; most restrictive first. */
  contentUsage: Preference[];
  /** The `Content-Usage` lines that decided (several when their paths tie). */
  contentUsageLines: number[];
  /** A deciding `Content-Usage` dictionary does not parse: that line states nothing (every preference unknown). */
  contentUsageUnknown: boolean;
  /** `Content-Signal` (Cloudflare's content signals): from the groups that applied, else from lines before any group. */
  contentSignal: Preference[];
  /** The `use` level of those `Content-Signal` lines (`immediate`, `reference` or `full`), or null. */
  contentUse: { value: string; line: number } | null;
  /** The preferences in the core's words, one entry per kind of line, then what validators say of those lines. */
  described: { label: string; text: string }[];
}

/** A typed agent answered at a typed URL (`robots.checkAgent`). */
export interface AgentCheck {
  agent: TypedAgent;
  url: TypedUrl;
  /** The token the engine was given; null when the crawler ignores `*` and no group names it. */
  token: string | null;
  /** The token whose group a crawler follows when it has none of its own (Googlebot-Image follows Googlebot). */
  follows: string | null;
  /** The `Disallow` line an `Allow` of the same priority beat (ties go to Allow, as in merged groups): the
   * crawler only looks blocked. Null when no tie decided. */
  tiedDisallow: number | null;
  /** Why, in a sentence (in the terms of the profile asked for). */
  explanation: string;
  /** The usage preferences, read from Google's groups under every profile (no other reading defines them). */
  usage: Usage;
  verdict: Verdict;
}

/** A whole question (`robots.ask`): agents and URLs as typed, one row each. */
export interface Question {
  /** Tokens, User-Agent headers or preset names; tokens or presets joined by commas are one pooled list. */
  agents: readonly string[];
  /** Full URLs, hosts without a scheme, paths or bare words. */
  urls: readonly string[];
  /** The site paths are joined to, whose robots.txt the file is taken to be. */
  base?: string;
  /** Default `google`; any other view needs `initProfiles()` in browsers. */
  view?: View;
  /** With `view: 'compare'`, the profiles compared, in this order (default: all of `PROFILES`); ignored otherwise. */
  readings?: readonly Profile[];
  /** An earlier version of the file: each cell also carries its answer there, and whether it changed. */
  baseline?: Robots;
  /** The strings exactly as given (Google's own `robots` binary; no presets, no header reading, never an error). */
  exact?: boolean;
  /** Each cell carries `explanation` and `quotedLines` (and `explanations` when comparing). */
  explain?: boolean;
}

/** One reader's (or the baseline's) short answer. */
export interface ReaderAnswer {
  profile: Profile;
  allowed: boolean;
  line: number;
  /** The rule on `line` (placed in the file that answered: the baseline's for `baseline`), or null. */
  rule: RuleMatch | null;
  /** Whether the agent's own groups, the `*` groups or no group applied. */
  scope: 'specific' | 'global' | 'none';
  token: string | null;
  follows: string | null;
}

/** One cell of a survey: the core's `Cell`. */
export interface SurveyCell {
  /** The profile of this answer (the view's; Google's when comparing). */
  profile: Profile;
  allowed: boolean;
  /** The deciding line (0 when no rule decided). */
  line: number;
  token: string | null;
  follows: string | null;
  /** See `AgentCheck.tiedDisallow`. */
  tiedDisallow: number | null;
  /** The URL may not be fetched (the core's `Cell::blocked`, which `Survey::ai` counts). */
  blocked: boolean;
  /** The URL may be fetched, but a `Disallow` tied the deciding `Allow` (`Cell::looks_blocked`). */
  looksBlocked: boolean;
  /** When comparing: whether the readers disagree on allowed or disallowed. */
  differs: boolean;
  /** When comparing: whether the readers name different deciding lines, even when they agree on the answer. */
  linesDiffer: boolean;
  /** With a baseline: whether its answer is the other one. */
  changed: boolean;
  /** When comparing: each compared reading's answer, in `question.readings` order (default `PROFILES`); empty otherwise. */
  readers: ReaderAnswer[];
  baseline: ReaderAnswer | null;
  /** The usage preferences, one rule under every view (Google's groups). */
  usage: Usage;
  verdict: Verdict;
  /** With `explain`: why, in a sentence. */
  explanation?: string;
  /** With `explain`: the lines to quote beside the answer. */
  quotedLines?: number[];
  /** With `explain`, when comparing: each reader's explanation, in `readers` order. */
  explanations?: string[];
}

/** One agent row of a survey. */
export interface AskedAgent {
  input: string;
  /** The crawler's name or the token; a pool's members joined with ` + `. */
  label: string;
  /** Sentences about what was typed when the engine is given something else. */
  notes: string[];
  /** One typed agent, or the members of a pooled list. */
  members: TypedAgent[];
}

/** One URL row of a survey. */
export interface AskedUrl extends TypedUrl {
  /** Whether the site's robots.txt governs it (`yes`, ...); null when that cannot be told. */
  governs: string | null;
}

/** The AI crawlers of one AI group among a survey's agents at one URL (the core's `AiCount`). */
export interface AiCount {
  /** The AI group's name, as in `AI_GROUPS`. */
  group: AiGroupName;
  /** How many are blocked (`SurveyCell.blocked`). */
  blocked: number;
  /** How many only look blocked (`SurveyCell.looksBlocked`). */
  looksBlocked: number;
}

/** The core's answer to a `Question`: `Robots::ask`. */
export interface Survey {
  view: View;
  /** The robots.txt URL the file is taken to be (from the base, else the first full URL). */
  site: string | null;
  /** How many cells the readers answer differently; how many changed against the baseline. */
  differ: number;
  changed: number;
  /** How many agent rows and URL rows past the core's limits (250 agents, 1,000 URLs) were left out. */
  leftOut: [number, number];
  /** What the survey says of them, in the core's words (`3 more agents are left out (at most 250)`). */
  leftOutNotes: string[];
  /** The core's rows: a crawler set (`@ai-training`) one row per crawler, a repeated row dropped. */
  agents: AskedAgent[];
  urls: AskedUrl[];
  /** One row per URL, one cell per agent; `null` where the URL cannot be read. */
  cells: (SurveyCell | null)[][];
  /** Per URL, per AI group in `AI_GROUPS` order: how many AI crawlers among the agents are blocked, how many only look blocked. */
  ai: AiCount[][];
}

/** One cell of `robots.grid()`. */
export interface GridAnswer {
  allowed: boolean;
  /** The deciding line (0 when no rule decided). */
  line: number;
  rule: RuleMatch | null;
  scope: 'specific' | 'global' | 'none';
  /** See `AgentCheck`. */
  token: string | null;
  follows: string | null;
  tiedDisallow: number | null;
  /** Indices of the groups that applied (see `groups()`; under another profile, that reading's groups). */
  groups: number[];
  /** Under a profile other than `google` only: the user-agent and rule lines of those groups, in order. */
  groupLines?: number[];
}

/** One AI crawler at one URL (`robots.ai()`). */
export interface AiAnswer {
  crawler: Crawler;
  /** The URL tested. */
  url: string;
  allowed: boolean;
  /** The deciding line (0 when no rule decided). */
  line: number;
  rule: RuleMatch | null;
  token: string | null;
  follows: string | null;
  /** See `AgentCheck.tiedDisallow`: set when the crawler only looks blocked. */
  tiedDisallow: number | null;
  usage: Usage;
}

/** One AI group of `robots.ai()` (the core's `AI_GROUPS`): its crawlers at each URL, and how many are blocked. */
export interface AiKindReport {
  /** The group's name. */
  kind: AiGroupName;
  /** A heading: "AI training", ... */
  title: string;
  /** How many crawlers the group has. */
  total: number;
  /** Per URL: how many are blocked, and how many only look blocked (a tie let them in). */
  blocked: { url: string; blocked: number; onlyLookBlocked: number }[];
  crawlers: AiAnswer[];
}

/** One profile's answer in `robots.compare()`. */
export interface ProfileAnswer {
  profile: Profile;
  allowed: boolean;
  /** The deciding line (0 when no rule decided). */
  line: number;
  rule: RuleMatch | null;
  scope: 'specific' | 'global' | 'none';
  /** Why, in this reading's terms (it names the lines the reading passes over). */
  explanation: string;
}

/** One URL and agent under each profile (`robots.compare()`). */
export interface ComparedRow {
  /** The URL as given. */
  url: string;
  /** The agent (or pooled agents) as given. */
  agent: Agents;
  /** Whether the profiles disagree on allowed or disallowed. */
  differs: boolean;
  /** Whether they name different deciding lines, even when they agree on the answer. */
  linesDiffer: boolean;
  /** One answer per profile, in the order asked. */
  answers: ProfileAnswer[];
}

/** A parsed robots.txt file. Parse once, ask many times. */
export class Robots {
  private constructor();
  /** Parses any bytes or text; never fails. Throws a TypeError for other types, a RangeError above 32 MiB. */
  static parse(input: RobotsInput, options?: ParseOptions): Robots;
  /**
   * Whether the agents may fetch the URL (the URL is used as given; see `normalizeUrl`). The agents come first:
   * a TypeError is thrown when the agent looks like a URL or the URL like an agent (robots-parser's order).
   */
  isAllowed(agents: Agents, url: string): boolean;
  /** The verdict and the deciding line (0 when no rule decided), without the explanation. */
  decide(agents: Agents, url: string): { allowed: boolean; line: number };
  /** The explained verdict, under Google's reading or `options.profile`'s (an unknown name is a TypeError). */
  check(agents: Agents, url: string, options?: CheckOptions): Verdict;
  /** The usage preferences (Content-Usage, IETF draft; Content-Signal) that apply when the agents fetch the URL. */
  usage(agents: Agents, url: string): Usage;
  /**
   * A typed agent (token, User-Agent header or crawler preset, with its fallbacks) at a typed URL (full URL, host
   * without scheme, path or bare word; paths joined to `base`), read by the core as the tester and the CLI read them.
   */
  checkAgent(agent: string, url: string, options?: { base?: string; profile?: Profile }): AgentCheck;
  /** The core's answer to a whole question (`Robots::ask`), every surface's one source of answers. */
  ask(question: Question): Survey;
  /**
   * Typed agents at typed URLs (the cells of `ask`): one row per URL, one answer per agent (no explanations);
   * null where the URL cannot be read.
   */
  grid(agents: readonly string[], urls: readonly string[], options?: { base?: string; profile?: Profile }): (GridAnswer | null)[][];
  /**
   * Every URL for every agent (a string is one agent; each element of an array is an agent or a pooled list)
   * under each profile of `options.profiles` (default: all three, Google first): one row per URL and agent,
   * URL-major, marking where the readings disagree (the CLI's `check --compare`): agents and URLs read as typed,
   * as `ask` reads them; `exact: true` takes the strings as given (`check --compare --exact`).
   */
  compare(
    agents: string | readonly Agents[],
    urls: string | readonly string[],
    options?: { profiles?: readonly Profile[]; exact?: boolean }
  ): ComparedRow[];
  /** What the file does to every AI crawler of the catalogue, by the core's AI groups (the CLI's `robotscope ai`); URLs default to `/`. */
  ai(options?: { urls?: readonly string[]; kinds?: readonly AiGroupName[] }): AiKindReport[];
  diagnostics(): Diagnostic[];
  sitemaps(): Sitemap[];
  /** The per-line report. */
  lines(): LineReport[];
  /** The per-line report with Search Console's totals. */
  report(): Report;
  groups(): Group[];
  otherDirectives(): OtherDirective[];
  /** The crawl-delay for the agents (the last valid one of their own records, else of `*`), or null. Google ignores it. */
  crawlDelay(agents: Agents): { seconds: number; line: number } | null;
  /** The first `Host:` line, or null. */
  preferredHost(): { host: string; line: number } | null;
  hasOwnGroup(agents: Agents): boolean;
  readonly lineCount: number;
  readonly byteLength: number;
  /** The input's full length in bytes when a size limit cut it, else null. */
  readonly cutFrom: number | null;
  /** The text that UTF-16 offsets index. */
  readonly text: string;
  /** What `JSON.stringify` and `console.log` show. */
  toJSON(): RobotsSummary;
  /**
   * Frees the WebAssembly memory now; later calls throw. Optional: the parsed files kept in WebAssembly memory
   * are a bounded cache, and an object whose parsed form was dropped parses its input again when asked.
   * (`using robots = Robots.parse(...)` works too where the runtime has `Symbol.dispose`.)
   */
  free(): void;
  /** `free()`, for `using robots = Robots.parse(...)` (TypeScript 5.2 or later with the `esnext.disposable` library). */
  [Symbol.dispose](): void;
}

/** The robots-parser API, answered the way Google reads the file. */
export interface Robot {
  /** undefined when the file does not govern the URL (other protocol, host or port) or it is not a URL. */
  isAllowed(url: string | UrlLike, ua?: string): boolean | undefined;
  /** true when the file does not govern the URL, as in robots-parser. */
  isDisallowed(url: string | UrlLike, ua?: string): boolean;
  /** true when the agent has a group of its own and it disallows the URL (`*` is ignored). */
  isExplicitlyDisallowed(url: string | UrlLike, ua: string): boolean | undefined;
  /** The deciding line, or -1 when no rule decided. */
  getMatchingLineNumber(url: string | UrlLike, ua?: string): number;
  getCrawlDelay(ua?: string): number | undefined;
  getSitemaps(): string[];
  getPreferredHost(): string | null;
}

/** The class of `robotsParser`'s result: the `Robot` methods (merged in from the interface below), plus these. */
export class RobotsParser implements Robot {
  private constructor();
  /** The parsed file, for the explained API. */
  readonly robots: Robots;
  /** What `JSON.stringify` and `console.log` show. */
  toJSON(): { url: string; sitemaps: string[]; preferredHost: string | null; robots: RobotsSummary };
  /** Optional, as for `Robots`. */
  free(): void;
}
export interface RobotsParser extends Robot {}

/**
 * robots-parser's entry point: `robotsParser('https://example.com/robots.txt', body)`. A relative robots.txt URL
 * (and `undefined` or `null`, read as relative paths, as robots-parser reads them) answers relative URLs only.
 */
export function robotsParser(url: string | UrlLike | null | undefined, contents?: RobotsInput | null): RobotsParser;

export type Outcome = 'parse-body' | 'follow-redirect' | 'allow-all' | 'disallow-all';

/** What a crawler may do after fetching a robots.txt (SPEC B5). */
export class CrawlPolicy {
  private constructor();
  readonly status: number;
  readonly outcome: Outcome;
  readonly message: string;
  /** The parsed body (first 500 KiB) for a 2xx response, else null. */
  readonly robots: Robots | null;
  /** 2xx: the file's answer; 4xx and unresolved 3xx: true; 5xx, 429 and 0 (network error): false. */
  isAllowed(agents: Agents, url: string): boolean;
  free(): void;
}

/** Applies SPEC B5 to a fetch: pass the final status (0 for a network error) and, for 2xx, the body. */
export function fromResponse(status: number, body?: RobotsInput | null): CrawlPolicy;
export function fetchOutcome(status: number): { outcome: Outcome; message: string };

/** The robots.txt governing a page, fetched as a crawler fetches it, with the SPEC B5 row that applied. */
export interface FetchedRobots {
  /** `parse-body`: 2xx, `robots` is the file (first 500 KiB); `allow-all`: 4xx, or no file within 5 redirects;
   * `disallow-all`: 429, 5xx, timeouts, network errors and bodies cut short. */
  readonly outcome: 'parse-body' | 'allow-all' | 'disallow-all';
  /** The last HTTP status, or null when no answer came. */
  readonly status: number | null;
  readonly robotsUrl: string;
  readonly finalUrl: string;
  readonly redirects: ReadonlyArray<{ readonly status: number; readonly location: string }>;
  /** The row in words, with the status or the error. */
  readonly reason: string;
  readonly error: string | null;
  /** The server sent more than 500 KiB. */
  readonly cut: boolean;
  readonly robots: Robots | null;
}

/** The part of a `fetch` response that `fetchRobots` reads (the platform's `Response` fits). */
export interface FetchLikeResponse {
  readonly status: number;
  readonly url: string;
  readonly type?: string;
  readonly redirected?: boolean;
  readonly headers: { get(name: string): string | null };
  readonly body?: {
    getReader(): { read(): Promise<{ done: boolean; value?: Uint8Array }>; cancel(): Promise<void> };
    /** Called on a body that is not read (redirects, 4xx, 5xx), to let go of the connection. */
    cancel?(): Promise<void>;
  } | null;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** Options of `fetchRobots`. The `fetch` it takes is written out (in method syntax, so the platform's `fetch`
 * fits) so that the types need neither the DOM library nor Node's. */
export interface FetchRobotsOptions {
  /** Replaces `globalThis.fetch`. */
  fetch?(url: string, init: { redirect: 'manual' | 'follow'; signal: any }): Promise<FetchLikeResponse>;
  /** In milliseconds (default 10,000). */
  timeout?: number;
}

/** Fetches the robots.txt that governs `pageUrl`; never rejects for a network failure (that is `disallow-all`). */
export function fetchRobots(pageUrl: string, options?: FetchRobotsOptions): Promise<FetchedRobots>;

export interface VerdictChange {
  readonly url: string;
  readonly agent: string;
  readonly old: { readonly allowed: boolean; readonly line: number; readonly outcome: string };
  readonly new: { readonly allowed: boolean; readonly line: number; readonly outcome: string };
}

/**
 * Every (URL, agent) whose verdict differs between two files (each a Robots or a fetchRobots result), agents and URLs
 * read as `robots.ask` reads them (each agent on its own row). Throws a TypeError for a URL that cannot be read.
 */
export function diff(
  oldRobots: Robots | FetchedRobots,
  newRobots: Robots | FetchedRobots,
  agents: string[],
  urls: string[]
): VerdictChange[];

/** The robots.txt URL that governs a page. Throws a TypeError for a URL without scheme or host. */
export function robotsUrl(pageUrl: string): string;
/** Whether the robots.txt at `robotsUrl` governs `pageUrl`, and if not, why. Throws a TypeError for bad URLs. */
export function governs(
  robotsUrl: string,
  pageUrl: string
): {
  governs: boolean;
  reason: 'yes' | 'not-at-root' | 'other-scheme' | 'subdomain' | 'other-host' | 'other-port' | 'other';
  message: string;
};
/** The URL as a browser would send it. Throws a TypeError for an empty or malformed URL. */
export function normalizeUrl(url: string): string;
/** The path rules are matched against (Google's GetPathParamsQuery). */
export function pathOf(url: string): string;
/**
 * The product token a person meant (SPEC B2): a token as it is (`Googlebot/2.1` → `Googlebot`), or the crawler
 * a full User-Agent header names (`Mozilla/5.0 (compatible; Googlebot/2.1; ...)` → `Googlebot`). This is the
 * Rust crate's `token_from_user_agent`; Rust's `product_token` is Google's raw extraction, which `groups()`
 * shows as each user-agent line's `token`. The name is kept for compatibility; `tokenFromUserAgent` is the same.
 */
export function productToken(userAgent: string): string;
/** The same as `productToken`. */
export function tokenFromUserAgent(header: string): string;
export function isValidAgent(agent: string): boolean;
/** A rule value as Google matches it. */
export function escapePattern(value: string): string;

/** The crawler catalogue, in the core's order (the CLI's and the tester's table, with the facts). */
export const CRAWLERS: readonly Crawler[];
/** Every crawler kind in the order tools list them, with its heading and whether it is about AI. */
export const CRAWLER_KINDS: readonly { readonly kind: CrawlerKind; readonly title: string; readonly ai: boolean }[];
/** The profiles' names, the default (`google`) first. */
export const PROFILES: readonly Profile[];
/** The core's AI groups, in `robots.ai()`'s order, with the catalogue kinds each holds. */
export const AI_GROUPS: readonly { readonly name: AiGroupName; readonly title: string; readonly kinds: readonly CrawlerKind[] }[];
/** Why an answer's `token` is null, in the words the CLI, the tester and the widget show (the core's `Cell::NO_TOKEN`). */
export const NO_TOKEN: string;
/** The catalogue crawler a preset name or first token names (any ASCII case), or null. */
export function crawler(name: string): Crawler | null;
/** The crawlers of a named set (`@ai-training`, `@ai-search`, `@user-triggered`, `@search`, `@ads`, `@ai`, `@all`, ...), or null. */
export function crawlerSet(name: string): Crawler[] | null;
/** What a typed agent means (SPEC B2): a token, a crawler's or a browser's User-Agent header, or a preset. */
export function resolveAgent(agent: string): TypedAgent;
/** What a typed URL means (SPEC B2): a bare word such as `cart` is the path `/cart`; paths are joined to `base`. */
export function resolveUrl(url: string, base?: string): TypedUrl;

/** The size of the WebAssembly memory in bytes (it grows, never shrinks; freed memory is reused). */
export function wasmMemoryBytes(): number;
/** The cache of parsed files in WebAssembly memory (see the README's Memory): what it holds and has done. */
export interface CacheStats {
  /** Parsed files held now. */
  files: number;
  /** The bytes they hold (their records and sources, plus a fixed allowance per file for the allocator). */
  bytes: number;
  /** The most bytes held before the files not used lately are freed. */
  limit: number;
  /** Parses into the cache since the module loaded: one per `Robots.parse`, plus one per parse again after eviction. */
  parses: number;
  /** Parsed forms freed by the cache (not by `free()`) since the module loaded. */
  evictions: number;
}
/** What the cache of parsed files holds, and how many parses and evictions it has seen. */
export function cacheStats(): CacheStats;
/** Every diagnostic kind's code, in the engine's order. */
export function diagnosticKinds(): DiagnosticKind[];

export const GOOGLE_SIZE_LIMIT: number;
/** The largest input `Robots.parse` accepts (bytes, or UTF-16 code units for text). */
export const MAX_INPUT: number;
/** The longest URL, agent or other string argument accepted (UTF-16 code units). */
export const MAX_ARGUMENT: number;

/** A compiled `WebAssembly.Module` (declared as an object, so that the types need no DOM library). */
export type CompiledModule = object;
/** The `.wasm` module's bytes. */
export type ModuleBytes = ArrayBuffer | ArrayBufferView;
/** A `Response` (or anything with its `arrayBuffer()`). */
export interface ResponseLike {
  arrayBuffer(): Promise<ArrayBuffer>;
}
/** Input accepted by `init()`: where to load the `.wasm` from, its bytes, or a compiled module. */
export type InitInput = string | UrlLike | ResponseLike | ModuleBytes | CompiledModule;

/**
 * Loads the WebAssembly module; call it once and await it before anything else in browsers and browser bundles.
 * In Node (and bundles for Node) it is optional: without it the module embedded in the package is used, with it
 * the given one. Later calls resolve at once.
 */
export function init(input?: InitInput | Promise<InitInput>): Promise<void>;
/** Loads the module synchronously from its bytes or a compiled module (before first use); then a no-op. */
export function initSync(module: ModuleBytes | CompiledModule): void;
/**
 * Loads the module that answers under every profile (`robotscope_profiles_bg.wasm`, next to the other by default):
 * in browsers and browser bundles, the `profile` option other than `google` and `compare` need it, and throw an
 * `Error` that says so without it; the API then runs on that module (it also does what `init()` does). In Node the
 * embedded module has every profile: nothing to load. Later calls return the same promise.
 */
export function initProfiles(input?: InitInput | Promise<InitInput>): Promise<void>;

declare global {
  // Declared here as TypeScript's `esnext.disposable` library and @types/node declare it, so that these types
  // compile with or without that library.
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}
