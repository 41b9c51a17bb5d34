// The Astro Starlight fixture's config: robotscope's Astro integration adds the remark plugin (```robots tester
// fences become Expressive Code's block plus <robots-txt-tester>) and bundles the element into every page.
import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
import robotscope from 'robotscope/astro';

export default defineConfig({ integrations: [starlight({ title: 'robotscope widget fixture' }), robotscope()] });
