/**
 * The troop a notice job works for (docs/decisions/065-troops.md): the event's, copied onto the
 * job by migration 042's triggers or given by the code that scheduled it. A job scheduled before
 * jobs named their troop was the first troop's, the only one there was.
 */
import type { LeasedJob } from '../jobs/queue.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

export const jobTroopId = (job: Pick<LeasedJob, 'troopId'>): string =>
  job.troopId ?? FIRST_TROOP_ID;
