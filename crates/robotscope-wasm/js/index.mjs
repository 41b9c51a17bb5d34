// robotscope for Node's import: the same instance as require('robotscope'), so there is one module and one heap.
import api from './index.cjs';

export const { init, initSync, Robots, RobotsParser, CrawlPolicy, robotsParser, fromResponse, fetchOutcome, fetchRobots, diff, robotsUrl, governs, normalizeUrl, pathOf, productToken, tokenFromUserAgent, isValidAgent, escapePattern, wasmMemoryBytes, diagnosticKinds, resolveAgent, resolveUrl, crawler, crawlerSet, CRAWLERS, CRAWLER_KINDS, GOOGLE_SIZE_LIMIT, MAX_INPUT, MAX_ARGUMENT } = api;
