/** The tests of access tokens and table rules, for their mutation run (server.config.mjs). */
import server from '../server/vitest.config.ts';
import { narrowed } from './vitest-project.mjs';

export default narrowed('server', server, [
  'src/auth/tokens.test.ts',
  'src/rest/rules.test.ts',
  'src/rest/roles-rules.test.ts',
  'src/rest/configured-rules.test.ts',
]);
