/**
 * The troop calendar's event details and recurring series (docs/protocol.md, Calendar events):
 * the categories, statuses and limits the server enforces and the web offers.
 */
import { keysOf } from './choices.ts';

/** Event categories; each has its own colour and icon on screen, and is always named in text too. */
export const EVENT_CATEGORY_LABELS = {
  meeting: 'Meeting',
  campout: 'Campout',
  service: 'Service',
  fundraiser: 'Fundraiser',
  court_of_honor: 'Court of honor',
  other: 'Other',
} as const satisfies Record<string, string>;
export type EventCategory = keyof typeof EVENT_CATEGORY_LABELS;
export const EVENT_CATEGORIES = keysOf(EVENT_CATEGORY_LABELS);

export const EVENT_STATUSES = ['confirmed', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const EVENT_LOCATION_MAX_LENGTH = 300;
export const EVENT_DESCRIPTION_MAX_LENGTH = 5000;
export const EVENT_CANCEL_REASON_MAX_LENGTH = 500;
/** An RRULE value (RFC 5545 3.3.10), e.g. `FREQ=WEEKLY;BYDAY=TU;COUNT=10`. */
export const EVENT_RRULE_MAX_LENGTH = 300;
/** The repeat frequencies a series may use; hourly and finer make no troop event. */
export const EVENT_RRULE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
/**
 * Exceptions one series may carry: removed occurrences (EXDATE) and changed or cancelled ones
 * (RECURRENCE-ID overrides) together; past this, split or end the series.
 */
export const EVENT_MAX_EXCEPTIONS = 500;
/** The longest single event (first to last day), so a window read finds every event that reaches into it. */
export const EVENT_MAX_SPAN_DAYS = 62;
/** The widest window one occurrences read may ask for. */
export const OCCURRENCE_WINDOW_MAX_DAYS = 400;
/** Edit scopes for one occurrence of a series, as calendar apps ask. */
export const OCCURRENCE_SCOPES = ['this', 'following', 'all'] as const;
export type OccurrenceScope = (typeof OCCURRENCE_SCOPES)[number];

/**
 * One occurrence of the troop calendar in a window, as `GET /api/calendar/{projectId}/occurrences`
 * answers it: a single event, or one date of a series (docs/protocol.md).
 */
export interface WireOccurrence {
  /** The row holding this occurrence's details (the event, the series, or the changed occurrence). */
  eventId: string;
  /** The series it belongs to; null for a single event. */
  seriesId: string | null;
  /** The date the series gives it (before any move); null for a single event. */
  occurrenceDate: string | null;
  /** Its series' repeat rule (an RRULE value), so an edit can show and change it; null for a single event. */
  rrule: string | null;
  date: string;
  /** `HH:mm` in the troop's zone; null when all-day. */
  time: string | null;
  endDate: string;
  endTime: string | null;
  allDay: boolean;
  name: string;
  location: string | null;
  description: string | null;
  category: string | null;
  status: 'confirmed' | 'cancelled';
  cancelReason: string | null;
  hyperlink: string | null;
  /** An instant (ISO 8601, UTC) after which only leaders change answers; null for none. */
  rsvpDeadline: string | null;
  /** People going at most; null for no limit. */
  capacity: number | null;
  creatorName: string | null;
  userId: string;
  /**
   * For an event of the troop's council (shown in every troop of it, read-only there): the
   * council's name. Absent for the troop's own events.
   */
  council?: string;
}
