// Types of `require('robotscope/robots-parser')`, the drop-in for the robots-parser package.
import type { RobotsParser } from './index.cjs';

declare function robotsParser(url: string, contents?: string | Uint8Array | null): RobotsParser;
declare namespace robotsParser {
  export { robotsParser as default };
}
export = robotsParser;
