// Astro integration (Astro Starlight and any Astro site): adds the remark plugin to Astro's Markdown and MDX, so
// a ```robots tester fence becomes the code block (Expressive Code's, in Starlight) plus <robots-txt-tester>
// handed the fence's text, and loads the element on every page (Vite bundles it with its .wasm).
//   import robotscope from 'robotscope/astro';
//   export default defineConfig({ integrations: [starlight({ ... }), robotscope()] });
// Options: `tag` (the element's name, default robots-txt-tester).
import remarkPlugin from './remark.mjs';

export default function robotscope(options = {}) {
  return {
    name: 'robotscope',
    hooks: {
      'astro:config:setup': ({ updateConfig, injectScript }) => {
        updateConfig({ markdown: { remarkPlugins: [[remarkPlugin, options]] } });
        const tag = options.tag && JSON.stringify(String(options.tag));
        injectScript('page', tag ? `import { defineRobotsTxtTester } from 'robotscope/element'; defineRobotsTxtTester(${tag});` : "import 'robotscope/element';");
      },
    },
  };
}
