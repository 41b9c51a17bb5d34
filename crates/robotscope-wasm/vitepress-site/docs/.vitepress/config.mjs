// The VitePress fixture's config: robotscope's markdown-it plugin turns ```robots tester fences into the
// code block plus <robots-txt-tester>, and Vue is told that the element is a custom element.
import robotsTester from 'robotscope/markdown-it';

export default {
  title: 'robotscope widget fixture',
  markdown: { config: (md) => md.use(robotsTester) },
  vue: { template: { compilerOptions: { isCustomElement: (tag) => tag === 'robots-txt-tester' } } },
};
