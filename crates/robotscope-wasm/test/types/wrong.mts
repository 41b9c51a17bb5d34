// Must NOT compile: types.test.mjs checks that the compiler reports this error.
import { Robots } from 'robotscope';
const allowed: string = Robots.parse('').isAllowed('a', '/');
export { allowed };
