// robotscope's site, built by `cargo xtask site`: the guide (every robots.txt example a live <robots-txt-tester>,
// with `expect`, through robotscope's own markdown-it plugin), the references, and the tester under /tester/.
// `cargo xtask site` builds the npm package first and copies the widget's files to public/robotscope/ and the
// tester to public/tester/ (both ignored by git). ROBOTSCOPE_SITE_BASE sets the base path (GitHub Pages: /NAME/).
import robotsTester from '../../../crates/robotscope-wasm/pkg/docs-plugins/markdown-it.mjs';

const base = (process.env.ROBOTSCOPE_SITE_BASE || '/').replace(/\/?$/, '/');

/** Every example's "Open in the robotscope tester" link goes to this site's own tester. */
function openInTester(md) {
  const fence = md.renderer.rules.fence;
  md.renderer.rules.fence = (...args) => fence(...args).replace(/<robots-txt-tester(?![^>]*open-in=)/g, `<robots-txt-tester open-in="${base}tester/"`);
  return md;
}

export default {
  title: 'robotscope',
  description: 'How crawlers read your robots.txt, exactly as Google and RFC 9309 do, explained.',
  base,
  lang: 'en',
  head: [
    ['script', { type: 'module', src: `${base}robotscope/element.js` }],
    ['link', { rel: 'icon', href: `${base}tester/favicon.svg` }],
  ],
  // robots.txt has no grammar in Shiki: its code blocks are plain text (VitePress says so once per block).
  markdown: { config: (md) => openInTester(md.use(robotsTester)) },
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag === 'robots-txt-tester' } } },
  themeConfig: {
    nav: [
      { text: 'Guide', link: '/guide/' },
      { text: 'Tester', link: '/tester/', target: '_self' },
      { text: 'Reference', link: '/reference/cli' },
      { text: 'Performance', link: '/performance' },
    ],
    sidebar: {
      '/guide/': [
        {
          text: 'robots.txt as crawlers read it',
          items: [
            { text: 'Groups', link: '/guide/' },
            { text: 'Longest match', link: '/guide/matching' },
            { text: '* and $', link: '/guide/wildcards' },
            { text: "Google's leniencies", link: '/guide/google' },
            { text: 'AI crawlers and usage lines', link: '/guide/ai' },
            { text: 'Three readings', link: '/guide/readings' },
          ],
        },
      ],
      '/reference/': [
        {
          text: 'Reference',
          items: [
            { text: 'Command-line tool', link: '/reference/cli' },
            { text: 'npm package and widget', link: '/reference/npm' },
            { text: 'Python package', link: '/reference/python' },
            { text: 'Rust crate', link: '/reference/rust' },
          ],
        },
      ],
    },
    outline: 'deep',
    search: { provider: 'local' },
  },
};
