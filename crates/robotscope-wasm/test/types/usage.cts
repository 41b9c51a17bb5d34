// The CommonJS view of the types: `require` through TypeScript's `import = require`.
import robotscope = require('robotscope');
import robotsParser = require('robotscope/robots-parser');

const robots = robotscope.Robots.parse('User-agent: *\nDisallow: /\n');
const allowed: boolean = robots.isAllowed('Googlebot', '/');
// The drop-in module is the function itself, as `require('robots-parser')` is.
const rp = robotsParser('https://example.com/robots.txt', '');
const maybe: boolean | undefined = rp.isAllowed('https://example.com/');
// @ts-expect-error: the verdict's line is a number.
const wrong: string = robots.check('a', '/').line;

const kind: robotscope.CrawlerKind | undefined = robotscope.crawler('CCBot')?.kind;
const tie: number | null = robots.checkAgent('CCBot', '/').tiedDisallow;

export = { allowed, maybe, wrong, kind, tie };
