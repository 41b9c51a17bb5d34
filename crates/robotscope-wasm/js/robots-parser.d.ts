// Types of `robotscope/robots-parser`, the drop-in for the robots-parser package.
import type { RobotsInput, RobotsParser, UrlLike } from './index.js';

export type { Robot, RobotsParser } from './index.js';
export { init, initSync } from './index.js';
export declare function robotsParser(url: string | UrlLike | null | undefined, contents?: RobotsInput | null): RobotsParser;
export default robotsParser;
