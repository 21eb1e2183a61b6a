/**
 * Where a notice's link leads: the event's own address in the web app, with the occurrence's
 * date for one meeting of a series (the paths of protocol/src/app-paths.ts, which the app reads
 * and the server answers with the app: http/spa.ts). A notice of a removal links to the
 * calendar, since the event is gone. A link of a troop other than the server's own names its
 * troop, so it opens there on any browser (docs/decisions/061-screen-addresses.md).
 */
import { eventPath as appEventPath, pathOf, troopAddress } from '@scout/protocol/app-paths';
import type { Config } from '../config.ts';

/** The app's path of an event, or of one occurrence of a series when `occurrence` is given. */
export const eventPath = (eventId: string, occurrence?: string | null): string =>
  appEventPath(eventId, occurrence ?? undefined);

/** The calendar itself, for an event that is no longer on it. */
export const CALENDAR_PATH = pathOf({ view: 'calendar' });

/** The path of a calendar_events row: a changed occurrence's row names its series and date. */
export const rowPath = (row: {
  id: string;
  series_id?: string | null;
  recurrence_date?: string | null;
}): string =>
  row.series_id && row.recurrence_date
    ? eventPath(row.series_id, row.recurrence_date)
    : eventPath(row.id);

/**
 * The absolute address a mail links to, in the troop `troopProjectId` (none: a mail of several
 * troops, which opens in the reader's own); a job scheduled before paths were kept opens the app.
 */
export const appAddress = (
  config: Pick<Config, 'publicUrl' | 'projectId'>,
  troopProjectId: string | undefined,
  path: string | undefined,
): string => `${config.publicUrl}${troopAddress(path ?? '/', troopProjectId, config.projectId)}`;
