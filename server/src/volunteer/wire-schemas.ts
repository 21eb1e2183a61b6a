/**
 * The sheets' shapes (protocol/src/volunteer.ts), for the published contract and so a route
 * never sends a field its wire type does not name.
 */
import { VOLUNTEER_KINDS } from '@scout/protocol/volunteer';
import { z } from 'zod';

const kind = z.enum(VOLUNTEER_KINDS);
const time = z.string().nullable();

export const wireSlot = z.object({
  id: z.string(),
  eventId: z.string(),
  slotOccurrence: z.string(),
  title: z.string(),
  kind,
  people: z.number(),
  seats: z.number().nullable(),
  timeFrom: time,
  timeTo: time,
  note: z.string().nullable(),
  openToScouts: z.boolean(),
  cutoffHours: z.number().nullable(),
  cutoffAt: z.string().nullable(),
  places: z.array(
    z.object({
      signupId: z.string(),
      volunteer: z.string(),
      name: z.string(),
      youth: z.boolean(),
      mine: z.boolean(),
      offeredTo: z.object({ offerId: z.string(), userId: z.string(), name: z.string() }).nullable(),
    }),
  ),
  placesLeft: z.number(),
  full: z.boolean(),
});

export const wireSheet = z.object({
  eventId: z.string(),
  occurrence: z.string(),
  name: z.string(),
  date: z.string(),
  time,
  slots: z.array(wireSlot),
  seats: z.object({
    drivers: z.number(),
    seatsOffered: z.number(),
    youthGoing: z.number(),
    adultsGoing: z.number(),
    riders: z.number(),
    shortBy: z.number(),
  }),
  canManage: z.boolean(),
  mine: z.array(z.object({ volunteer: z.string(), name: z.string(), youth: z.boolean() })),
});

export const wireGiveBack = z.object({ sheet: wireSheet, late: z.boolean() });

const onDate = z.object({
  eventId: z.string(),
  occurrence: z.string(),
  eventName: z.string(),
  date: z.string(),
  time,
  slotId: z.string(),
  title: z.string(),
  kind,
  people: z.number(),
  taken: z.number(),
  placesLeft: z.number(),
  timeFrom: time,
  timeTo: time,
  openToScouts: z.boolean(),
});

export const wireMine = z.object({
  commitments: z.array(
    onDate.extend({
      signupId: z.string(),
      volunteer: z.string(),
      name: z.string(),
      cutoffAt: z.string().nullable(),
    }),
  ),
  offers: z.array(
    z.object({ offerId: z.string(), signupId: z.string(), from: z.string(), slot: onDate }),
  ),
});

export const wireOpen = z.object({ slots: z.array(onDate.extend({ empty: z.boolean() })) });

export const wireUnfilled = z.object({
  events: z.array(
    z.object({
      eventId: z.string(),
      occurrence: z.string(),
      eventName: z.string(),
      date: z.string(),
      time,
      slots: z.array(onDate),
      placesLeft: z.number(),
    }),
  ),
});

export const wireNudge = z.object({
  openSlots: z.number(),
  placesLeft: z.number(),
  adults: z.number(),
  nextAt: z.string(),
});

/** The troop's adults by name only: who a place may be offered to. */
export const wireAdults = z.object({
  adults: z.array(z.object({ userId: z.string(), name: z.string() })),
});
