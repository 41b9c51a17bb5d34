// Types for `robotscope/element`: the <robots-txt-tester> custom element.

/** One cell of the verdict grid. */
export interface TesterResult {
  /** The URL as written in `urls`. */
  url: string;
  /** What the engine was given: the URL normalised, paths joined to `base`. */
  testedUrl: string;
  /** The agent as written in `agents` (a set such as `@ai` gives one column per crawler). */
  agent: string;
  /** The product token the engine was given; null when the crawler ignores `*` and no group names it. */
  token: string | null;
  /** The token whose group a crawler without its own group follows (Googlebot-Image follows Googlebot). */
  follows: string | null;
  allowed: boolean;
  /** The deciding line, 0 when no rule decided. */
  line: number;
  rule: { line: number; kind: 'allow' | 'disallow'; value: string; pattern: string; priority: number } | null;
  /** The lines of the groups that applied (under the reading shown; Google's with `profile="compare"`). */
  groupLines: number[];
  /** With `profile="compare"`: whether the readings disagree on this cell, and each one's answer. */
  differs?: boolean;
  readings?: { profile: 'google' | 'rfc9309' | '1994'; allowed: boolean; line: number }[];
}

/**
 * Why a widget has no verdicts: `csp` (the page forbids WebAssembly), `fetch` (the `src` file), `load` (a file of
 * the widget or the engine is missing), `input` (no file to read, a code block whose lines it cannot be sure of, a
 * bad `expect`).
 */
export type TesterErrorKind = 'csp' | 'fetch' | 'load' | 'input';

/** The `detail` of a `robots-error` event. */
export interface TesterError {
  kind: TesterErrorKind;
  message: string;
}

/** The `detail` of a `robots-result` event: the verdicts drawn, and the lint (computed when read). */
export interface TesterResultDetail {
  results: TesterResult[];
  readonly diagnostics: RobotsTxtTester['diagnostics'];
}

/** The `detail` of a `robots-expectation` event: whether every verdict is the one `expect` names, and those that are not. */
export interface TesterExpectationDetail {
  passed: boolean;
  failures: { url: string; agent: string; expected: string; actual: 'allowed' | 'disallowed' | 'no verdict' }[];
}

/** The events a widget fires (both bubble and cross shadow roots), for `addEventListener` on it or above it. */
export interface RobotsTxtTesterEventMap {
  'robots-result': CustomEvent<TesterResultDetail>;
  'robots-error': CustomEvent<TesterError>;
  'robots-expectation': CustomEvent<TesterExpectationDetail>;
}

export declare class RobotsTxtTester extends HTMLElement {
  /**
   * The robots.txt text; set it (framework wrappers) and it wins over every other source. The `robots` attribute
   * (which the docs plugins write) comes next.
   */
  robots: string | undefined;
  agents: string | null;
  urls: string | null;
  base: string | null;
  mode: string | null;
  /** `google` (default), `rfc9309`, `1994`, or `compare` (Google's verdicts, marking the cells where the readings differ). */
  profile: string | null;
  expect: string | null;
  theme: string | null;
  loading: string | null;
  openIn: string | null;
  label: string | null;
  src: string | null;
  htmlFor: string | null;
  sizeLimit: string | null;
  /**
   * Resolves when the first verdicts are drawn; rejects when they cannot be (any `robots-error` of the load). A
   * later load (after an attribute fixes the input) gives a new promise.
   */
  readonly ready: Promise<void>;
  readonly results: TesterResult[];
  readonly diagnostics: Array<{ kind: string; severity: 'error' | 'warning' | 'info'; line: number; message: string; help: string | null }>;
  /** Loads the widget now, whatever `loading` says. */
  activate(): Promise<void>;
}

/** Defines the element under another tag name (the default one is defined on import); returns its class. */
export declare function defineRobotsTxtTester(name?: string): typeof RobotsTxtTester | undefined;

declare global {
  interface HTMLElementTagNameMap {
    'robots-txt-tester': RobotsTxtTester;
  }
  // The events bubble: a listener on the widget, on an ancestor or on the document sees their `detail` typed.
  interface GlobalEventHandlersEventMap extends RobotsTxtTesterEventMap {}
}
