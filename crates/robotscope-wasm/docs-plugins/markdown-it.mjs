import plugin from './markdown-it.cjs';
export default plugin;
