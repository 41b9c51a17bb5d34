// Types of `require('robotscope/robots-parser')`, the drop-in for the robots-parser package.
import type { RobotsInput, RobotsParser, UrlLike } from './index.cjs';

declare function robotsParser(url: string | UrlLike | null | undefined, contents?: RobotsInput | null): RobotsParser;
declare namespace robotsParser {
  export { robotsParser as default };
}
export = robotsParser;
