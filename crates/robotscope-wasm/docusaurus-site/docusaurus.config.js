// The Docusaurus fixture's config: robotscope's remark plugin turns ```robots tester fences into the code block
// plus <robots-txt-tester>, and the element is self-hosted: the tests copy its files into static/robotscope with
// `npx robotscope-element copy static/robotscope` and load element.js as a module script.
const robotsTester = require('robotscope/remark');

module.exports = {
  title: 'robotscope widget fixture',
  url: 'http://127.0.0.1',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  presets: [['classic', { docs: { routeBasePath: '/', remarkPlugins: [robotsTester] }, blog: false }]],
  themeConfig: { colorMode: { respectPrefersColorScheme: true } },
  scripts: [{ src: '/robotscope/element.js', type: 'module' }],
};
