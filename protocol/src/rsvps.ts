/**
 * Answers to "who is coming?" (docs/protocol.md, RSVPs; docs/decisions/051-rsvps.md): one per
 * person per event or occurrence of a series, with the counts, names and waitlist the event
 * shows. Server, SDK and web share these names and limits.
 */
import type { RowGrant } from './table-grants.ts';

export const RSVP_ANSWERS = ['going', 'maybe', 'not_going'] as const;
export type RsvpAnswer = (typeof RSVP_ANSWERS)[number];

export const RSVP_ANSWER_LABELS: Record<RsvpAnswer, string> = {
  going: 'Going',
  maybe: 'Maybe',
  not_going: 'Not going',
};

/** An answer's optional note ("arriving Saturday morning"). */
export const RSVP_NOTE_MAX_LENGTH = 200;
/** The largest capacity an event may set (people going). */
export const EVENT_CAPACITY_MAX = 10_000;

/**
 * The realtime channel answers are announced on: `{type: 'updated', data: {eventId,
 * occurrence}}` once an answer (and any waitlist move it caused) is stored. Only the server
 * publishes there; a message names the event, never the answers, so a listener reads them
 * again under its own access.
 *
 * Even an event's id is only for those who may read the event, so the channels follow the
 * calendar_events read rule as the change feed does (protocol/src/change-feed.ts): `rsvps`
 * names every event and is for members who read every event; a member who reads only their own
 * events listens on `rsvps:<their id>`, which names only those.
 */
export const RSVP_CHANNEL = 'rsvps';

/** The events' table, whose read rule decides who hears which answers channel. */
export const RSVP_CHANNEL_TABLE = 'calendar_events';

/** The answers channel of the events `ownerId` made. */
export const ownEventsRsvpChannel = (ownerId: string): string => `${RSVP_CHANNEL}:${ownerId}`;

/** The answers channel a member whose role reads `grant` of the events listens on; null for none. */
export const rsvpListenChannel = (grant: RowGrant, userId: string): string | null =>
  grant === 'all' ? RSVP_CHANNEL : grant === 'own' ? ownEventsRsvpChannel(userId) : null;

/** Whose answers channel this is (null owner: every event's); null for any other channel. */
export function rsvpChannel(
  channel: string,
): { table: typeof RSVP_CHANNEL_TABLE; ownerId: string | null } | null {
  if (channel === RSVP_CHANNEL) return { table: RSVP_CHANNEL_TABLE, ownerId: null };
  const prefix = `${RSVP_CHANNEL}:`;
  if (channel.startsWith(prefix) && channel.length > prefix.length)
    return { table: RSVP_CHANNEL_TABLE, ownerId: channel.slice(prefix.length) };
  return null;
}

export interface RsvpChannelData {
  /** The single event or the series the answers belong to. */
  eventId: string;
  /** The series' original date of the occurrence (YYYY-MM-DD); '' for a single event. */
  occurrence: string;
}

export interface RsvpCounts {
  youthGoing: number;
  adultsGoing: number;
  maybe: number;
  notGoing: number;
  /** Members and scouts of the troop who have not answered yet. */
  noAnswer: number;
  waitlisted: number;
}

/** One person's answer as everyone who sees the event reads it. */
export interface WireRsvp {
  /** `user:<id>` or `scout:<id>`: the key to send when changing it. */
  attendee: string;
  name: string;
  youth: boolean;
  answer: RsvpAnswer;
  /** Shown to the person's household and to leaders only; null for everyone else. */
  note: string | null;
  waitlisted: boolean;
  /** 1 for the first in line; null when not waitlisted. */
  waitlistPosition: number | null;
  answeredAt: string;
}

/** Someone the caller may answer for, with their answer if any. */
export interface WireRsvpPerson {
  attendee: string;
  name: string;
  youth: boolean;
  answer: RsvpAnswer | null;
  note: string | null;
  waitlisted: boolean;
  waitlistPosition: number | null;
}

/** `GET /api/calendar/{projectId}/events/{id}/rsvps` and the answer to every change. */
export interface WireRsvpSummary {
  eventId: string;
  occurrence: string;
  /** An instant (ISO 8601, UTC); after it only leaders change answers. */
  deadline: string | null;
  /** True once the deadline has passed. */
  closed: boolean;
  /** People going at most; past it, Going answers wait on the waitlist. */
  capacity: number | null;
  /** Places left under the capacity; null without one. */
  placesLeft: number | null;
  counts: RsvpCounts;
  answers: WireRsvp[];
  /** The caller and the scouts of their household. */
  mine: WireRsvpPerson[];
  /** The caller may change anyone's answer, after the deadline too, and export the CSV. */
  canManage: boolean;
  /**
   * Who has not answered, by household, with the household's adults to contact: for those who
   * manage answers only (null for everyone else). Only scouts and adults of households count.
   */
  noAnswer: WireNoAnswerHousehold[] | null;
}

/** What a nudge did (POST .../rsvps/nudge): households and adults written to, when the next may go. */
export interface WireRsvpNudge {
  households: number;
  adults: number;
  /** An instant (ISO 8601, UTC). */
  nextAt: string;
}

/** A household with people who have not answered an occurrence, and its adults' contacts. */
export interface WireNoAnswerHousehold {
  householdId: string;
  household: string;
  people: { attendee: string; name: string; youth: boolean }[];
  adults: { name: string; email: string }[];
}

export interface RsvpAnswerInput {
  attendee: string;
  answer: RsvpAnswer;
  note?: string | null;
  /** The occurrence's original date for a series; omitted or '' for a single event. */
  occurrence?: string;
}

/** The longest window `GET .../rsvps/mine` answers for, in days: a calendar list's year and more. */
export const HOUSEHOLD_ANSWERS_MAX_DAYS = 400;

/** One stored answer of the caller's people, keyed as the calendar keys its rows. */
export interface WireHouseholdAnswer {
  eventId: string;
  /** The series' original date of the occurrence (YYYY-MM-DD); '' for a single event. */
  occurrence: string;
  attendee: string;
  answer: RsvpAnswer;
  waitlisted: boolean;
}

/**
 * `GET /api/calendar/{projectId}/rsvps/mine?from=&to=`: the caller and the scouts of their
 * household, and their answers to the events and occurrences dated in the window, so a list of
 * events shows each person's answer, which events still need one, and the places left, without
 * a request per event. An event with no answer for a person here has none.
 */
export interface WireHouseholdAnswers {
  people: { attendee: string; name: string; youth: boolean }[];
  answers: WireHouseholdAnswer[];
  /**
   * How many are going (not waiting) to each event and occurrence of the window that anyone is
   * going to, so a list shows the places left beside the capacity.
   */
  going: { eventId: string; occurrence: string; count: number }[];
}
