// remark plugin (Docusaurus, MDX, any unified pipeline): a fence
//   ```robots tester agents="Googlebot, GPTBot" urls="/a /private/x"
// stays a code block (the no-JavaScript view) and is followed by a <robots-txt-tester> element with those
// attributes and the fence's exact text in its `robots` attribute (the element hides the code block once live).
// The element is an mdast node with `data.hName`, so remark-rehype, MDX (Docusaurus) and Astro all turn it into
// the element: no raw HTML, nothing for MDX to parse as JSX, and no <script> child, which React would escape.
//   remarkPlugins: [require('robotscope/remark')]   or   [[robotsTester, { tag }]]
'use strict';
const { readFence } = require('./fence.cjs');

function robotsTester(options = {}) {
  const tag = options.tag || 'robots-txt-tester';
  const visit = (node) => {
    const children = node.children;
    if (!children) return;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      if (child.type === 'code') {
        const found = readFence(child.lang, child.meta);
        if (!found) continue;
        child.meta = null;
        children.splice(i + 1, 0, {
          type: 'robotsTester',
          // A fence's value has no final newline; the fence's text has one (as markdown-it gives it).
          data: { hName: tag, hProperties: { ...found.attrs, robots: child.value ? `${child.value}\n` : '' }, hChildren: [] },
          children: [],
        });
        i++;
      } else visit(child);
    }
  };
  return visit;
}

module.exports = robotsTester;
module.exports.default = robotsTester;
