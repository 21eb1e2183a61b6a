/**
 * `troop add` and `troop list` of the admin CLI (admin.ts): the platform admin's way to make a
 * troop or a council from a console, with the rules of the app's `POST /api/troops/{projectId}`
 * (troops/create-troop.ts).
 */
import { ApiError } from '../errors.ts';
import type { Queryable } from '../store/store.ts';
import { createTroop } from '../troops/create-troop.ts';
import { listTroops } from '../troops/troop-list.ts';
import { newTroopBody } from '../troops/troop-schemas.ts';
import type { CommandSpec } from './admin.ts';

export const troopCommands: Record<string, CommandSpec> = {
  'troop add': {
    required: ['number', 'name', 'project'],
    optional: [
      'time-zone',
      'signup-mode',
      'contact',
      'leader',
      'kind',
      'council',
      'accepts-troops',
    ],
    async run(store, f, out, io) {
      const parsed = newTroopBody.safeParse({
        kind: f.kind,
        councilProjectId:
          f.council === undefined ? undefined : await councilNamed(store, f.council),
        projectId: f.project,
        number: f.number,
        name: f.name,
        timeZone: f['time-zone'],
        signupMode: f['signup-mode'],
        contact: f.contact,
        leaderEmail: f.leader,
        // A switch: present or not.
        acceptsTroops: f['accepts-troops'] ? true : undefined,
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
      const what = troop.kind === 'council' ? 'the council ' : '';
      const accepts = parsed.data.acceptsTroops ? ', which accepts new troops at sign-up' : '';
      const council = parsed.data.councilProjectId
        ? `, a troop of the council ${parsed.data.councilProjectId}`
        : '';
      out.log(
        `Made ${what}${troop.name ?? ''} (number ${troop.number ?? ''}), project id ${troop.projectId}, time zone ${troop.timeZone}${council}${accepts}.`,
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
            t.kind,
            t.number ?? '-',
            t.name ?? '(no name)',
            t.timeZone,
            t.signupMode,
            t.councilProjectId ? `council ${t.councilProjectId}` : '',
            `${t.members} member${t.members === 1 ? '' : 's'}`,
          ]
            .filter((column) => column !== '')
            .join('  '),
        );
    },
  },
};

/**
 * The project id of the council the operator named by its number, project id or id, as
 * `--troop` names a troop (admin/users.ts); a name that is no council's is left as given, for
 * troops/create-troop.ts to refuse in the app's words.
 */
async function councilNamed(db: Queryable, raw: string): Promise<string> {
  const named = raw.trim();
  const { rows } = await db.query<{ project_id: string | null }>(
    `SELECT project_id FROM troops WHERE kind = 'council' AND (id = ? OR project_id = ? OR number = ?)
     ORDER BY CASE WHEN id = ? THEN 0 WHEN project_id = ? THEN 1 ELSE 2 END, created_at, id`,
    [named, named, named, named, named],
  );
  return rows[0]?.project_id ?? named;
}
