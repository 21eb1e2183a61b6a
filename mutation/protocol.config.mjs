/** Mutation run over the roles evaluator, against protocol/'s own tests of it. */
import { mutationRun } from './stryker-options.mjs';

export default mutationRun('protocol', ['protocol/src/permissions.ts']);
