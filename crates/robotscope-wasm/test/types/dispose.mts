// Compiled (never run) by types.test.mjs with TypeScript's `esnext.disposable` library: `using` a parsed file,
// as the README shows, type-checks (TS2850 when Robots lacks `[Symbol.dispose]`).
import { Robots } from 'robotscope';

export function allowed(file: string): boolean {
  using robots = Robots.parse(file);
  return robots.isAllowed('Googlebot', '/x');
}
