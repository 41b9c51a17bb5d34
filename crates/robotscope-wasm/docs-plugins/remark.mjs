import plugin from './remark.cjs';
export default plugin;
