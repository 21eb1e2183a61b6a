/**
 * A slot's form as a leader fills it (protocol/src/volunteer.ts): the text of each field, from a
 * template for a new slot or from the slot itself for an edit, and what is sent. Pure, so adding
 * and editing send the same shapes and are tested on their own.
 */
import {
  EVERY_OCCURRENCE,
  type VolunteerSlotInput,
  type VolunteerSlotPatch,
  type VolunteerTemplate,
  type WireVolunteerSlot,
} from '@scout/protocol/volunteer';

export interface SlotFields {
  kind: VolunteerTemplate['kind'];
  title: string;
  people: string;
  seats: string;
  timeFrom: string;
  timeTo: string;
  note: string;
  cutoffHours: string;
  openToScouts: boolean;
  /** A new slot on a series: on every meeting rather than this one. */
  every: boolean;
}

const textOf = (n: number | null) => (n === null ? '' : String(n));

export const fieldsOfTemplate = (t: VolunteerTemplate): SlotFields => ({
  kind: t.kind,
  title: t.title,
  people: String(t.people),
  seats: textOf(t.seats),
  timeFrom: t.timeFrom ?? '',
  timeTo: t.timeTo ?? '',
  note: t.note ?? '',
  cutoffHours: textOf(t.cutoffHours),
  openToScouts: false,
  every: false,
});

/** The fields of a slot as it stands, for its edit. */
export const fieldsOfSlot = (s: WireVolunteerSlot): SlotFields => ({
  kind: s.kind,
  title: s.title,
  people: String(s.people),
  seats: textOf(s.seats),
  timeFrom: s.timeFrom ?? '',
  timeTo: s.timeTo ?? '',
  note: s.note ?? '',
  cutoffHours: textOf(s.cutoffHours),
  openToScouts: s.openToScouts,
  every: s.slotOccurrence === EVERY_OCCURRENCE,
});

const wholeOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

/** The slot's fields as the server takes them; seats only for drivers, cleared fields as null. */
export function patchOf(
  f: SlotFields,
): VolunteerSlotPatch & Pick<VolunteerSlotInput, 'title' | 'kind' | 'people'> {
  return {
    kind: f.kind,
    title: f.title.trim(),
    people: Number(f.people),
    ...(f.kind === 'driver' ? { seats: wholeOrNull(f.seats) } : {}),
    timeFrom: f.timeFrom || null,
    timeTo: f.timeTo || null,
    note: f.note.trim() || null,
    cutoffHours: wholeOrNull(f.cutoffHours),
    openToScouts: f.openToScouts,
  };
}

/** A new slot on `occurrence` ('' for a single event), or on every meeting of a series. */
export const inputOf = (f: SlotFields, occurrence: string): VolunteerSlotInput => ({
  ...patchOf(f),
  ...(occurrence ? { occurrence: f.every ? EVERY_OCCURRENCE : occurrence } : {}),
});
