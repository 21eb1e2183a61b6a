/** Mutation run over access tokens and the Data API's table rules, against their tests. */
import { mutationRun } from './stryker-options.mjs';

export default mutationRun('server', ['server/src/auth/tokens.ts', 'server/src/rest/rules.ts']);
