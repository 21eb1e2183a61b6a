/** The tests of the roles evaluator, for its mutation run (protocol.config.mjs). */
import protocol from '../protocol/vitest.config.ts';
import { narrowed } from './vitest-project.mjs';

// table-grants.test.ts is left out: it reads configurations while loading, which would make
// every mutant of the parser a module-level one, rerun with a reloaded suite.
export default narrowed('protocol', protocol, [
  'src/permissions.test.ts',
  'src/access-rules.test.ts',
]);
