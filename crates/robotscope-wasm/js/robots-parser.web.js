// Drop-in for `import robotsParser from 'robots-parser'` in browsers and bundlers (call `init()` first).
import { robotsParser, init, initSync } from './index.web.js';

export default robotsParser;
export { robotsParser, init, initSync };
