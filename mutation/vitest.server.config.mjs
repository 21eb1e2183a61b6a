/** The tests of access tokens and table rules, for their mutation run (server.config.mjs). */
import server from '../server/vitest.config.ts';
import { narrowed } from './vitest-project.mjs';

// The Data API suites that reach the rules through HTTP (roles-rules, configured-rules) are left
// out: each mutant would start a server per test, and the run would take an hour.
export default narrowed('server', server, ['src/auth/tokens.test.ts', 'src/rest/rules.test.ts']);
