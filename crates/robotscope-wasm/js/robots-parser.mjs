// Drop-in for `import robotsParser from 'robots-parser'`.
import api from './index.cjs';

const { robotsParser } = api;
export default robotsParser;
export { robotsParser };
