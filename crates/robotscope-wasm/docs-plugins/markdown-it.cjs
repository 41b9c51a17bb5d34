// markdown-it plugin (VitePress and any markdown-it site): a fence
//   ```robots tester agents="Googlebot, GPTBot" urls="/a /private/x"
// renders as the site renders any code block (it stays the no-JavaScript view), followed by
// <robots-txt-tester agents="..." urls="..." robots="(the fence's text)"></robots-txt-tester>: the element is
// handed the fence's exact text, and hides the code block once it is live.
//   md.use(require('robotscope/markdown-it'), { tag, lang })
// `lang`: the language the code block is rendered with (default "txt", which every highlighter knows).
'use strict';
const { readFence, elementHtml } = require('./fence.cjs');

function robotsTester(md, options = {}) {
  const tag = options.tag || 'robots-txt-tester';
  const lang = options.lang || 'txt';
  const fallback = (tokens, idx, opts, env, self) => self.renderToken(tokens, idx, opts);
  const fence = md.renderer.rules.fence || fallback;
  md.renderer.rules.fence = (tokens, idx, opts, env, self) => {
    const token = tokens[idx];
    const info = token.info.trim();
    const space = info.search(/\s/);
    const found = space > 0 && readFence(info.slice(0, space), info.slice(space + 1));
    if (!found) return fence(tokens, idx, opts, env, self);
    token.info = lang;
    return `${fence(tokens, idx, opts, env, self)}${elementHtml(found.attrs, tag, token.content)}\n`;
  };
}

module.exports = robotsTester;
module.exports.default = robotsTester;
