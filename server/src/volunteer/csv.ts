/**
 * An occurrence's sheet as CSV for leaders: one line per place, taken or free, slot by slot,
 * with the volunteer's contact for an adult (a scout's household's adults for a scout). Same
 * file rules as the RSVP export (rsvps/csv.ts): UTF-8 with a byte-order mark, CRLF, RFC 4180
 * quoting and no cell a spreadsheet would run as a formula.
 */
import { VOLUNTEER_KIND_LABELS, type WireVolunteerSheet } from '@scout/protocol/volunteer';
import { csvFile, eventFileName, troopTime } from '../rsvps/csv.ts';
import type { Queryable } from '../store/store.ts';

const HEADER = ['Slot', 'Kind', 'Time', 'Place', 'Volunteer', 'Youth or adult', 'Seats', 'Contact'];

/** Adults' addresses by volunteer key: the adult's own; a scout's household's adults'. */
export async function volunteerContacts(
  db: Queryable,
  troopId: string,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const key of new Set(keys)) {
    const [kind, id] = [key.slice(0, key.indexOf(':')), key.slice(key.indexOf(':') + 1)];
    const { rows } =
      kind === 'user'
        ? await db.query<{ email: string }>('SELECT email FROM users WHERE id = ?', [id])
        : await db.query<{ email: string }>(
            `SELECT u.email FROM scouts s
             JOIN household_adults a ON a.household_id = s.household_id AND a.troop_id = s.troop_id
             JOIN users u ON u.id = a.user_id
             WHERE s.troop_id = ? AND s.id = ? ORDER BY u.email`,
            [troopId, id],
          );
    out.set(key, rows.map((r) => r.email).join('; '));
  }
  return out;
}

export function sheetCsv(
  sheet: WireVolunteerSheet,
  contacts: ReadonlyMap<string, string>,
  timeZone: string,
  nowMs: number,
): string {
  const lines: string[][] = [HEADER];
  for (const slot of sheet.slots) {
    const time = slot.timeFrom && slot.timeTo ? `${slot.timeFrom}-${slot.timeTo}` : '';
    for (let i = 0; i < slot.people; i++) {
      const p = slot.places[i];
      lines.push([
        slot.title,
        VOLUNTEER_KIND_LABELS[slot.kind],
        time,
        `${i + 1} of ${slot.people}`,
        p ? p.name : 'Open',
        p ? (p.youth ? 'Youth' : 'Adult') : '',
        slot.kind === 'driver' && p ? String(slot.seats ?? 0) : '',
        p ? (contacts.get(p.volunteer) ?? '') : '',
      ]);
    }
  }
  const s = sheet.seats;
  lines.push([]);
  lines.push([
    `Seats offered ${s.seatsOffered} for ${s.riders} going${s.shortBy ? `: short by ${s.shortBy}` : ''}`,
  ]);
  lines.push([`Exported ${troopTime(new Date(nowMs).toISOString(), timeZone)}`]);
  return csvFile(lines);
}

/** `<event name>-<date>-volunteers.csv`, as the RSVP export names its file. */
export const sheetFileName = (eventName: string, occurrence: string): string =>
  eventFileName(eventName, occurrence, 'volunteers');
