/**
 * A sheet as a whole (routes.ts): read by every member who reads its event, exported as CSV and
 * nudged for by its managers.
 */
import type { FastifyReply } from 'fastify';
import { sendCsvDownload } from '../http/csv-download.ts';
import { sheetCsv, sheetFileName, volunteerContacts } from './csv.ts';
import { sendVolunteerNudge } from './nudge.ts';
import { readableEvent, sheetFor, type VolunteerRequest } from './request-context.ts';

export async function readEventSheet(r: VolunteerRequest, eventId: string, occurrence?: string) {
  return sheetFor(r, await readableEvent(r, eventId, occurrence));
}

export async function exportEventSheet(
  r: VolunteerRequest,
  reply: FastifyReply,
  eventId: string,
  occurrence?: string,
) {
  const event = await readableEvent(r, eventId, occurrence);
  const read = await sheetFor(r, event);
  const keys = read.slots.flatMap((s) => s.places.map((p) => p.volunteer));
  const body = sheetCsv(
    read,
    await volunteerContacts(r.deps.store, r.troop.id, keys),
    r.troop.timeZone,
    r.deps.clock.now(),
  );
  return sendCsvDownload(reply, sheetFileName(event.name, event.occurrence), body);
}

export async function nudgeEventSheet(r: VolunteerRequest, eventId: string, occurrence?: string) {
  const event = await readableEvent(r, eventId, occurrence);
  return sendVolunteerNudge(r.deps, r.units, r.troop.timeZone, event, r.by);
}
