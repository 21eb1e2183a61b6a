/**
 * The server's troops, as every request finds its own: the whole table is read at once and kept
 * for a few seconds, so resolving a path's project id costs no query, and an unknown id (a typo,
 * or a probe) costs none either. Changes made by this process forget the kept copy at once;
 * other processes see them within `TROOPS_TTL_MS`.
 *
 * The first troop is the one a one-troop server always was (migration 041): the configured
 * `PROJECT_ID` names it, and its settings left NULL are the server's configuration, so an
 * upgraded server looks the same to its members. Any troop's setting left NULL falls back to
 * the server's configuration the same way.
 */
import type { SignupMode } from '@scout/protocol/auth';
import type { Config } from '../config.ts';
import type { Store } from '../store/store.ts';
import { FIRST_TROOP_ID, type Troop, type TroopDirectory } from '../store/tenancy.ts';

export const TROOPS_TTL_MS = 5000;

/** A `troops` row as TROOP_COLUMNS reads it. */
export interface TroopRow {
  id: string;
  kind: string;
  number: string | null;
  name: string | null;
  project_id: string | null;
  time_zone: string | null;
  signup_mode: string | null;
  contact: string | null;
  council_id: string | null;
}

interface Snapshot {
  at: number;
  byId: Map<string, Troop>;
  byProject: Map<string, Troop>;
}

type Defaults = Pick<Config, 'projectId' | 'timezone' | 'signupMode' | 'troopContact'>;

export function toTroop(row: TroopRow, config: Defaults): Troop {
  return {
    id: row.id,
    projectId: row.project_id ?? (row.id === FIRST_TROOP_ID ? config.projectId : row.id),
    kind: row.kind === 'council' ? 'council' : 'troop',
    number: row.number,
    name: row.name,
    timeZone: row.time_zone ?? config.timezone,
    signupMode: (row.signup_mode as SignupMode | null) ?? config.signupMode,
    contact: row.contact ?? config.troopContact,
    councilId: row.council_id,
  };
}

export const TROOP_COLUMNS =
  'id, kind, number, name, project_id, time_zone, signup_mode, contact, council_id';

export function troopDirectory(
  store: Store,
  config: Defaults,
  now: () => number = () => performance.now(),
): TroopDirectory {
  let snapshot: Snapshot | undefined;
  let loading: Promise<Snapshot> | undefined;
  // A read that began before `forget` is not kept after it.
  let generation = 0;

  const load = async (): Promise<Snapshot> => {
    const at = now();
    const { rows } = await store.query<TroopRow>(`SELECT ${TROOP_COLUMNS} FROM troops`);
    const byId = new Map<string, Troop>();
    const byProject = new Map<string, Troop>();
    for (const row of rows) {
      const troop = toTroop(row, config);
      byId.set(troop.id, troop);
      // The configured project id is the first troop's, whatever another row says.
      if (troop.projectId !== config.projectId || troop.id === FIRST_TROOP_ID)
        byProject.set(troop.projectId, troop);
    }
    return { at, byId, byProject };
  };

  const current = async (): Promise<Snapshot> => {
    if (snapshot && now() - snapshot.at <= TROOPS_TTL_MS) return snapshot;
    const started = generation;
    loading ??= load().finally(() => (loading = undefined));
    const read = await loading;
    if (started === generation) snapshot = read;
    return read;
  };

  return {
    byProjectId: async (projectId) => (await current()).byProject.get(projectId),
    byId: async (id) => (await current()).byId.get(id),
    forget: () => {
      generation += 1;
      snapshot = undefined;
      loading = undefined;
    },
  };
}
