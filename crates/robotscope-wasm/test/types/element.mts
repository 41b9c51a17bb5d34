// The widget's types (robotscope/element), checked by the real compiler: its events' `detail` is typed on the
// element and on the document, which the events bubble to.
import { RobotsTxtTester, type TesterResult, type TesterError } from 'robotscope/element';

const el = document.createElement('robots-txt-tester');
const tester: RobotsTxtTester = el;
tester.addEventListener('robots-result', (e) => {
  const results: TesterResult[] = e.detail.results;
  const lines: number[] = e.detail.diagnostics.map((d) => d.line);
  return [results, lines];
});
document.addEventListener('robots-error', (e) => {
  const error: TesterError = e.detail;
  const kind: 'csp' | 'fetch' | 'load' | 'input' = e.detail.kind;
  return [error, kind];
});
el.addEventListener('robots-result', (e) => {
  // @ts-expect-error: a result's `allowed` is a boolean.
  const allowed: string = e.detail.results[0].allowed;
  return allowed;
});
document.addEventListener('robots-expectation', (e) => {
  const failed: string[] = e.detail.failures.map((f) => `${f.url} ${f.agent}: ${f.actual}, expected ${f.expected}`);
  return e.detail.passed || failed;
});
