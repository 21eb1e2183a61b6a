/**
 * Sign-up sheets on events (docs/protocol.md, Volunteer; docs/decisions/070-volunteer-sheets.md):
 * slots a leader adds to an event, one occurrence of a series or every occurrence of it, and the
 * places members take in them. Server, SDK and web share these names, limits and templates.
 */
import type { RowGrant } from './table-grants.ts';

export const VOLUNTEER_KINDS = ['driver', 'meal', 'gear', 'shift', 'other'] as const;
export type VolunteerKind = (typeof VOLUNTEER_KINDS)[number];

export const VOLUNTEER_KIND_LABELS: Record<VolunteerKind, string> = {
  driver: 'Driver',
  meal: 'Meal',
  gear: 'Gear',
  shift: 'Shift',
  other: 'Other',
};

/** The occurrence key of a slot on every occurrence of a series ("repeat"). */
export const EVERY_OCCURRENCE = '*';

export const VOLUNTEER_LIMITS = {
  titleMax: 80,
  noteMax: 200,
  /** People one slot takes at most. */
  peopleMax: 50,
  /** Seats one driver offers at most (a minibus). */
  seatsMax: 15,
  /** Slots on one event at most, those of every occurrence of a series together. */
  slotsPerEvent: 60,
  /** The give-back cut-off, in hours before the occurrence starts, at most 60 days. */
  cutoffHoursMax: 1440,
  /** The longest window the lists across events answer for, in days. */
  windowMaxDays: 400,
  /** The lists across events look this far ahead when no window is given. */
  upcomingDays: 60,
} as const;

/** A slot as a leader starts it from a template, every field still theirs to change. */
export interface VolunteerTemplate {
  kind: VolunteerKind;
  title: string;
  people: number;
  seats: number | null;
  timeFrom: string | null;
  timeTo: string | null;
  note: string | null;
  /** Hours before the start after which giving the place back tells the leaders. */
  cutoffHours: number | null;
}

/** The usual slots of a troop's events, in the order a picker shows them. */
export const VOLUNTEER_TEMPLATES: readonly VolunteerTemplate[] = [
  {
    kind: 'driver',
    title: 'Driver to camp',
    people: 4,
    seats: 4,
    timeFrom: null,
    timeTo: null,
    note: null,
    cutoffHours: 48,
  },
  {
    kind: 'meal',
    title: 'Saturday dinner',
    people: 2,
    seats: null,
    timeFrom: null,
    timeTo: null,
    note: 'Food for the whole troop; receipts to the treasurer',
    cutoffHours: 72,
  },
  {
    kind: 'gear',
    title: 'Bring a dining fly',
    people: 1,
    seats: null,
    timeFrom: null,
    timeTo: null,
    note: null,
    cutoffHours: 24,
  },
  {
    kind: 'shift',
    title: 'Pancake shift',
    people: 3,
    seats: null,
    timeFrom: '07:00',
    timeTo: '09:00',
    note: null,
    cutoffHours: 24,
  },
];

/**
 * The realtime channel sheets are announced on: `{type: 'updated', data: {eventId, occurrence,
 * slotId, change}}` once a change is stored. Only the server publishes; a message names the
 * event and slot, never who took it, so a listener reads the sheet again under its own access.
 * As for RSVPs (protocol/src/rsvps.ts), the channels follow the calendar_events read rule:
 * `volunteer` for members who read every event, `volunteer:<their id>` for those who read only
 * their own events.
 */
export const VOLUNTEER_CHANNEL = 'volunteer';

/** The sheets channel of the events `ownerId` made. */
export const ownEventsVolunteerChannel = (ownerId: string): string =>
  `${VOLUNTEER_CHANNEL}:${ownerId}`;

/** The sheets channel a member whose role reads `grant` of the events listens on; null for none. */
export const volunteerListenChannel = (grant: RowGrant, userId: string): string | null =>
  grant === 'all' ? VOLUNTEER_CHANNEL : grant === 'own' ? ownEventsVolunteerChannel(userId) : null;

/** Whose sheets channel this is (null owner: every event's); null for any other channel. */
export function volunteerChannel(
  channel: string,
): { table: 'calendar_events'; ownerId: string | null } | null {
  if (channel === VOLUNTEER_CHANNEL) return { table: 'calendar_events', ownerId: null };
  const prefix = `${VOLUNTEER_CHANNEL}:`;
  if (channel.startsWith(prefix) && channel.length > prefix.length)
    return { table: 'calendar_events', ownerId: channel.slice(prefix.length) };
  return null;
}

export const VOLUNTEER_CHANGES = [
  'added',
  'edited',
  'removed',
  'taken',
  'given-back',
  'given-back-late',
  'offered',
  'offer-accepted',
  'offer-declined',
] as const;
export type VolunteerChange = (typeof VOLUNTEER_CHANGES)[number];

export interface VolunteerChannelData {
  eventId: string;
  /** The occurrence's original date; '' for a single event. */
  occurrence: string;
  slotId: string;
  change: VolunteerChange;
}

/** What a leader sends to add a slot (POST .../events/{id}/slots). */
export interface VolunteerSlotInput {
  title: string;
  kind: VolunteerKind;
  people: number;
  /** Seats per driver; only for drivers. */
  seats?: number | null;
  /** `HH:mm` on the occurrence's day, both or neither. */
  timeFrom?: string | null;
  timeTo?: string | null;
  note?: string | null;
  /** Scouts may take it too, answered for by a parent (default false: adults only). */
  openToScouts?: boolean;
  /** Hours before the start after which a place given back tells the leaders; null for none. */
  cutoffHours?: number | null;
  /** A series' occurrence date, or `*` for every occurrence; omitted for a single event. */
  occurrence?: string;
}

export type VolunteerSlotPatch = Partial<Omit<VolunteerSlotInput, 'occurrence'>>;

/** One taken place, with the name everyone who reads the event sees. */
export interface WireVolunteerPlace {
  signupId: string;
  /** `user:<id>` or `scout:<id>`. */
  volunteer: string;
  name: string;
  youth: boolean;
  /** The caller holds it, or answers for the scout who does. */
  mine: boolean;
  /**
   * A swap offered to a member and not yet answered; `offerId` lets the holder withdraw it (the
   * decline route).
   */
  offeredTo: { offerId: string; userId: string; name: string } | null;
}

export interface WireVolunteerSlot {
  id: string;
  eventId: string;
  /** The slot's own key: '' (single event), a date (one occurrence) or `*` (every occurrence). */
  slotOccurrence: string;
  title: string;
  kind: VolunteerKind;
  people: number;
  seats: number | null;
  timeFrom: string | null;
  timeTo: string | null;
  note: string | null;
  openToScouts: boolean;
  cutoffHours: number | null;
  /** The instant (ISO 8601, UTC) after which a place given back tells the leaders; null for none. */
  cutoffAt: string | null;
  places: WireVolunteerPlace[];
  placesLeft: number;
  full: boolean;
}

/** Seats offered by drivers who took a place against the people going (from the RSVPs). */
export interface WireSeatsSummary {
  drivers: number;
  seatsOffered: number;
  youthGoing: number;
  adultsGoing: number;
  /** Youth and adults going who are not themselves a driver: who needs a seat. */
  riders: number;
  /** Riders minus seats offered, 0 when there are enough. */
  shortBy: number;
}

/** `GET /api/volunteer/{projectId}/events/{id}/slots?occurrence=` and every change's answer. */
export interface WireVolunteerSheet {
  eventId: string;
  occurrence: string;
  name: string;
  /** The occurrence's day and time (`HH:mm`, null when all day). */
  date: string;
  time: string | null;
  slots: WireVolunteerSlot[];
  seats: WireSeatsSummary;
  /** The caller adds, edits and removes slots and exports them (volunteer.manage). */
  canManage: boolean;
  /** Who the caller may take a place for: themself, and their household's scouts. */
  mine: { volunteer: string; name: string; youth: boolean }[];
}

/** A give-back: the sheet, and whether it came after the slot's cut-off (leaders are told). */
export interface WireGiveBack {
  sheet: WireVolunteerSheet;
  late: boolean;
}

/** One slot on one occurrence, in the lists across events. */
export interface WireSlotOnDate {
  eventId: string;
  occurrence: string;
  eventName: string;
  date: string;
  time: string | null;
  slotId: string;
  title: string;
  kind: VolunteerKind;
  people: number;
  taken: number;
  placesLeft: number;
  timeFrom: string | null;
  timeTo: string | null;
  openToScouts: boolean;
}

/** A place the caller's people hold. */
export interface WireCommitment extends WireSlotOnDate {
  signupId: string;
  volunteer: string;
  name: string;
  cutoffAt: string | null;
}

/** A swap offered to the caller. */
export interface WireVolunteerOffer {
  offerId: string;
  signupId: string;
  from: string;
  slot: WireSlotOnDate;
}

/** `GET .../mine`: the caller's people's places in the window, soonest first, and offers to them. */
export interface WireMyCommitments {
  commitments: WireCommitment[];
  offers: WireVolunteerOffer[];
}

/** `GET .../open`: slots with a place left in the window, soonest first (`empty`: nobody yet). */
export interface WireOpenSlots {
  slots: (WireSlotOnDate & { empty: boolean })[];
}

/** `GET .../unfilled` (volunteer.manage): per occurrence, the slots still short of people. */
export interface WireUnfilledSlots {
  events: {
    eventId: string;
    occurrence: string;
    eventName: string;
    date: string;
    time: string | null;
    slots: WireSlotOnDate[];
    placesLeft: number;
  }[];
}

/**
 * `POST .../events/{id}/slots/nudge` (volunteer.manage): one mail to each adult member who holds
 * no place on the occurrence, naming its slots with places left; at most once a day an occurrence.
 */
/** An adult of the troop a place may be offered to: the account's id and name only. */
export interface WireVolunteerAdult {
  userId: string;
  name: string;
}

export interface WireVolunteerNudge {
  /** Slots with a place left, and how many places in all. */
  openSlots: number;
  placesLeft: number;
  /** Adult members mailed (those who turned reminders off are skipped when the mail goes). */
  adults: number;
  /** When the next nudge for this occurrence may go (ISO 8601, UTC). */
  nextAt: string;
}
