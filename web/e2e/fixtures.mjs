// The file, agents and URLs most tests type in, and the answers worked out by hand.

// Line numbers matter: the expected answers below name them.
export const ROBOTS = [
  '# e2e fixture', //                 1
  'User-agent: *', //                 2
  'Disallow: /private/', //           3
  'Allow: /private/press/', //        4
  '', //                              5
  'User-agent: Googlebot', //         6
  'Disallow: /*.pdf$', //             7
  'Allow: /docs/', //                 8
  '', //                              9
  'User-agent: GPTBot', //            10
  'Disallow: /', //                   11
  '',
].join('\n');
export const AGENTS = 'Googlebot\nGPTBot\nExampleBot/2.1 (+https://example.com/bot)\n';
export const URLS = '/private/a.html\n/private/press/x.pdf\nhttps://example.com/docs/guide.pdf\n/docs/intro\n';
// Worked out from the file, by Google's rules: the agent's own group if it has one, else `*`; the longest
// matching pattern wins, ties go to Allow; no matching rule means allowed (line 0).
export const EXPECTED = [
  // Googlebot: own group (6-8)   GPTBot: own group (10-11)   ExampleBot: the * group (2-4)
  ['allowed:0', 'disallowed:11', 'disallowed:3'], // /private/a.html: no Googlebot rule matches; /private/ (9)
  ['disallowed:7', 'disallowed:11', 'allowed:4'], // /private/press/x.pdf: /*.pdf$; /private/press/ (15) beats /private/ (9)
  ['disallowed:7', 'disallowed:11', 'allowed:0'], // /docs/guide.pdf: /*.pdf$ (7) beats /docs/ (6)
  ['allowed:8', 'disallowed:11', 'allowed:0'], //    /docs/intro: Allow /docs/
];
