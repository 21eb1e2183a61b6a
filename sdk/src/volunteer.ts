/**
 * Sign-up sheets under `/api/volunteer/{projectId}` (docs/protocol.md, Volunteer): the slots of
 * an event or one occurrence of a series with who took each place, taking a place for oneself
 * or a scout of one's household, giving it back, offering it to another member, the lists
 * across upcoming events, and the leaders' slots and CSV export (permission volunteer.manage).
 */
import type {
  VolunteerKind,
  VolunteerSlotInput,
  VolunteerSlotPatch,
  WireCommitment,
  WireGiveBack,
  WireMyCommitments,
  WireOpenSlots,
  WireSeatsSummary,
  WireUnfilledSlots,
  WireVolunteerAdult,
  WireVolunteerNudge,
  WireVolunteerOffer,
  WireVolunteerSheet,
  WireVolunteerSlot,
} from '@scout/protocol/volunteer';
import { needs, query, shaped } from './answers.ts';
import { isRecord } from './browser.ts';
import { fileNameFromDisposition } from './calendar.ts';
import { ScoutError } from './errors.ts';
import type { HttpClient } from './http.ts';

export type { VolunteerKind, VolunteerSlotInput, VolunteerSlotPatch };
export type VolunteerSheet = WireVolunteerSheet;
export type VolunteerSlot = WireVolunteerSlot;
export type SeatsSummary = WireSeatsSummary;
export type GiveBack = WireGiveBack;
export type Commitment = WireCommitment;
export type MyCommitments = WireMyCommitments;
export type VolunteerOffer = WireVolunteerOffer;
export type OpenSlots = WireOpenSlots;
export type UnfilledSlots = WireUnfilledSlots;
export type VolunteerNudge = WireVolunteerNudge;
export type VolunteerAdult = WireVolunteerAdult;

/** Which occurrence, and for whom: oneself when `volunteer` is left out. */
export interface PlaceInput {
  /** A series' occurrence date (`YYYY-MM-DD`); needed for a slot on every occurrence. */
  occurrence?: string;
  /** `user:<id>` or `scout:<id>` of one's household (leaders: anyone of the troop). */
  volunteer?: string;
}

/** Dates (`YYYY-MM-DD`, at most 400 days apart); by default today and the 60 days after. */
export interface VolunteerWindow {
  from?: string;
  to?: string;
}

export interface VolunteerClient {
  /** The sheet of event `id`; for a series, of the occurrence on `occurrence`. */
  sheet(id: string, occurrence?: string): Promise<VolunteerSheet>;
  /** Adds a slot (volunteer.manage); `occurrence: '*'` puts it on every occurrence of a series. */
  addSlot(eventId: string, input: VolunteerSlotInput): Promise<VolunteerSlot>;
  /** Changes a slot (volunteer.manage); never below the places already taken. */
  editSlot(slotId: string, patch: VolunteerSlotPatch): Promise<VolunteerSlot>;
  /** Removes a slot and the places taken in it (volunteer.manage). */
  removeSlot(slotId: string): Promise<void>;
  /**
   * Takes a place; fails with VOLUNTEER_SLOT_FULL when the last went to someone else,
   * VOLUNTEER_ALREADY_SIGNED_UP, or VOLUNTEER_ADULTS_ONLY for a scout in a slot for adults.
   */
  take(slotId: string, input?: PlaceInput): Promise<VolunteerSheet>;
  /** Gives a place back; `late` when after the slot's cut-off (the leaders are told). */
  giveBack(slotId: string, input?: PlaceInput): Promise<GiveBack>;
  /** Offers one's place to the member `to` (an account id); theirs once they accept. */
  offer(slotId: string, to: string, input?: PlaceInput): Promise<VolunteerSheet>;
  acceptOffer(offerId: string): Promise<VolunteerSheet>;
  /** Declines an offer made to one, or withdraws one's own. */
  declineOffer(offerId: string): Promise<VolunteerSheet>;
  /** The places one's people hold in the window, soonest first, and the offers made to one. */
  mine(window?: VolunteerWindow): Promise<MyCommitments>;
  /** Slots with a place left in the window, soonest first (`empty`: nobody yet). */
  open(window?: VolunteerWindow & { limit?: number }): Promise<OpenSlots>;
  /** Per occurrence, the slots still short of people (volunteer.manage). */
  unfilled(window?: VolunteerWindow): Promise<UnfilledSlots>;
  /**
   * Mails the adult members holding no place on the event (or occurrence) about its slots with
   * places left (volunteer.manage). VOLUNTEER_NUDGE_TOO_SOON within a day of the last nudge,
   * its error's `details` the ISO instant the next may go and `retryAfterMs` the wait;
   * CONFLICT when every slot has its people.
   */
  nudge(id: string, occurrence?: string): Promise<VolunteerNudge>;
  /**
   * The troop's active adults but scouts' own accounts, by name: whom a place may be offered to.
   * Every member reads it; it names no address and nothing of households.
   */
  adults(): Promise<VolunteerAdult[]>;
  /** The sheet as a CSV file, named as the server names it (volunteer.manage). */
  exportCsv(id: string, occurrence?: string): Promise<File>;
}

const sheetFrom = (data: unknown) =>
  shaped<VolunteerSheet>(
    data,
    (d) => Array.isArray(d.slots) && isRecord(d.seats),
    'the sheet of an event',
  );
const slotFrom = (data: unknown) =>
  shaped<{ slot: VolunteerSlot }>(data, (d) => isRecord(d.slot), 'a slot').slot;

export function createVolunteer(http: HttpClient, projectId: string): VolunteerClient {
  const root = `/api/volunteer/${encodeURIComponent(projectId)}`;
  const event = (id: string) => `${root}/events/${encodeURIComponent(id)}`;
  const slot = (id: string) => `${root}/slots/${encodeURIComponent(id)}`;
  const offer = (id: string) => `${root}/offers/${encodeURIComponent(id)}`;
  return {
    async sheet(id, occurrence) {
      needs(id, 'volunteer.sheet');
      return sheetFrom(
        (await http.get<unknown>(`${event(id)}/slots${query({ occurrence })}`)).data,
      );
    },
    async addSlot(eventId, input) {
      needs(eventId, 'volunteer.addSlot');
      return slotFrom((await http.post<unknown>(`${event(eventId)}/slots`, input)).data);
    },
    async editSlot(slotId, patch) {
      needs(slotId, 'volunteer.editSlot');
      return slotFrom((await http.patch<unknown>(slot(slotId), patch)).data);
    },
    async removeSlot(slotId) {
      needs(slotId, 'volunteer.removeSlot');
      await http.delete(slot(slotId));
    },
    async take(slotId, input = {}) {
      needs(slotId, 'volunteer.take');
      return sheetFrom((await http.post<unknown>(`${slot(slotId)}/take`, input)).data);
    },
    async giveBack(slotId, input = {}) {
      needs(slotId, 'volunteer.giveBack');
      const res = await http.post<unknown>(`${slot(slotId)}/give-back`, input);
      const out = shaped<GiveBack>(res.data, (d) => typeof d.late === 'boolean', 'a give-back');
      sheetFrom(out.sheet);
      return out;
    },
    async offer(slotId, to, input = {}) {
      needs(slotId, 'volunteer.offer');
      needs(to, 'volunteer.offer (to)');
      return sheetFrom((await http.post<unknown>(`${slot(slotId)}/offer`, { ...input, to })).data);
    },
    async acceptOffer(offerId) {
      needs(offerId, 'volunteer.acceptOffer');
      return sheetFrom((await http.post<unknown>(`${offer(offerId)}/accept`, {})).data);
    },
    async declineOffer(offerId) {
      needs(offerId, 'volunteer.declineOffer');
      return sheetFrom((await http.post<unknown>(`${offer(offerId)}/decline`, {})).data);
    },
    async mine(window = {}) {
      const res = await http.get<unknown>(`${root}/mine${query({ ...window })}`);
      return shaped<MyCommitments>(
        res.data,
        (d) => Array.isArray(d.commitments) && Array.isArray(d.offers),
        "one's commitments",
      );
    },
    async open(window = {}) {
      const res = await http.get<unknown>(`${root}/open${query({ ...window })}`);
      return shaped<OpenSlots>(res.data, (d) => Array.isArray(d.slots), 'the open slots');
    },
    async unfilled(window = {}) {
      const res = await http.get<unknown>(`${root}/unfilled${query({ ...window })}`);
      return shaped<UnfilledSlots>(res.data, (d) => Array.isArray(d.events), 'the unfilled slots');
    },
    async nudge(id, occurrence) {
      needs(id, 'volunteer.nudge');
      const res = await http.post<unknown>(
        `${event(id)}/slots/nudge`,
        occurrence ? { occurrence } : {},
      );
      return shaped<VolunteerNudge>(
        res.data,
        (d) => typeof d.nextAt === 'string',
        'the nudge sent',
      );
    },
    async adults() {
      const res = await http.get<unknown>(`${root}/adults`);
      return shaped<{ adults: VolunteerAdult[] }>(
        res.data,
        (d) => Array.isArray(d.adults),
        "the troop's adults",
      ).adults;
    },
    async exportCsv(id, occurrence) {
      needs(id, 'volunteer.exportCsv');
      const res = await http.get<unknown>(`${event(id)}/slots.csv${query({ occurrence })}`, {
        headers: { Accept: 'text/csv, application/json' },
        responseType: 'blob',
      });
      if (!(res.data instanceof Blob))
        throw new ScoutError({
          kind: 'data',
          code: 'INTERNAL_ERROR',
          message: 'The server did not answer with a CSV file',
          retryable: false,
        });
      const name = fileNameFromDisposition(res.headers.get('Content-Disposition'));
      return new File([res.data], name ?? 'volunteers.csv', { type: res.data.type || 'text/csv' });
    },
  };
}
