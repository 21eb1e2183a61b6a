/**
 * `troop add` and `troop list` of the admin CLI (admin.ts): the platform admin's way to make a
 * troop from a console, with the rules of the app's `POST /api/troops/{projectId}`
 * (troops/create-troop.ts).
 */
import { ApiError } from '../errors.ts';
import { createTroop } from '../troops/create-troop.ts';
import { listTroops } from '../troops/troop-list.ts';
import { newTroopBody } from '../troops/troop-schemas.ts';
import type { CommandSpec } from './admin.ts';

export const troopCommands: Record<string, CommandSpec> = {
  'troop add': {
    required: ['number', 'name', 'project'],
    optional: ['time-zone', 'signup-mode', 'contact', 'leader'],
    async run(store, f, out, io) {
      const parsed = newTroopBody.safeParse({
        projectId: f.project,
        number: f.number,
        name: f.name,
        timeZone: f['time-zone'],
        signupMode: f['signup-mode'],
        contact: f.contact,
        leaderEmail: f.leader,
      });
      if (!parsed.success)
        throw new ApiError(
          'VALIDATION_ERROR',
          parsed.error.issues.map((issue) => issue.message).join('; '),
        );
      // Made by nobody signed in: the console.
      const { troop, leader } = await createTroop(
        { store, config: io.config, clock: { now: () => io.now } },
        null,
        parsed.data,
      );
      out.log(
        `Made ${troop.name ?? ''} (number ${troop.number ?? ''}), project id ${troop.projectId}, time zone ${troop.timeZone}.`,
      );
      if (leader?.outcome === 'member') out.log(`${leader.email} is its leader.`);
      if (leader?.outcome === 'invited') {
        out.log(`${leader.email} has no account yet; send them this invitation, shown only once:`);
        out.log(leader.invitationUrl);
      }
    },
  },
  'troop list': {
    required: [],
    async run(store, _f, out, io) {
      for (const t of await listTroops(store, io.config))
        out.log(
          [
            t.projectId,
            t.number ?? '-',
            t.name ?? '(no name)',
            t.timeZone,
            t.signupMode,
            `${t.members} member${t.members === 1 ? '' : 's'}`,
          ].join('  '),
        );
    },
  },
};
