// Types of `robotscope/robots-parser`, the drop-in for the robots-parser package.
import type { RobotsParser } from './index.js';

export type { Robot, RobotsParser } from './index.js';
export { init, initSync } from './index.js';
export declare function robotsParser(url: string, contents?: string | Uint8Array | null): RobotsParser;
export default robotsParser;
