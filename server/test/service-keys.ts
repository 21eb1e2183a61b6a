/**
 * A service key for tests that need one without issuing it: the verifier accepts exactly `token`.
 * By default a platform key, which acts in every troop; give a troop id for a troop's key.
 */
import type { ServiceKeyVerifier } from '../src/deps.ts';

export const oneServiceKey = (
  token: string,
  id = 'key-1',
  troopId: string | null = null,
): ServiceKeyVerifier => ({
  verify: async (given) => (given === token ? { id, troopId } : null),
});
