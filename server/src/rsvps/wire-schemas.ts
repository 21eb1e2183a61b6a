/**
 * The RSVP answers' shapes (protocol/src/rsvps.ts), for the published contract and so a route
 * never sends a field its wire type does not name.
 */
import { RSVP_ANSWERS } from '@scout/protocol/rsvps';
import { z } from 'zod';

const answer = z.enum(RSVP_ANSWERS);

const wireRsvp = z.object({
  attendee: z.string(),
  name: z.string(),
  youth: z.boolean(),
  answer,
  note: z.string().nullable(),
  waitlisted: z.boolean(),
  waitlistPosition: z.number().nullable(),
  answeredAt: z.string(),
});

const wireRsvpPerson = z.object({
  attendee: z.string(),
  name: z.string(),
  youth: z.boolean(),
  answer: answer.nullable(),
  note: z.string().nullable(),
  waitlisted: z.boolean(),
  waitlistPosition: z.number().nullable(),
});

export const wireRsvpSummary = z.object({
  eventId: z.string(),
  occurrence: z.string(),
  deadline: z.string().nullable(),
  closed: z.boolean(),
  capacity: z.number().nullable(),
  placesLeft: z.number().nullable(),
  counts: z.object({
    youthGoing: z.number(),
    adultsGoing: z.number(),
    maybe: z.number(),
    notGoing: z.number(),
    noAnswer: z.number(),
    waitlisted: z.number(),
  }),
  answers: z.array(wireRsvp),
  mine: z.array(wireRsvpPerson),
  canManage: z.boolean(),
  noAnswer: z
    .array(
      z.object({
        householdId: z.string(),
        household: z.string(),
        people: z.array(z.object({ attendee: z.string(), name: z.string(), youth: z.boolean() })),
        adults: z.array(z.object({ name: z.string(), email: z.string() })),
      }),
    )
    .nullable(),
});

/** What a nudge did: how many households and adults it writes to, and when the next may go. */
export const wireNudge = z.object({
  households: z.number(),
  adults: z.number(),
  nextAt: z.string(),
});

/** The caller's people and their answers in a window (GET .../rsvps/mine). */
export const wireHouseholdAnswers = z.object({
  people: z.array(z.object({ attendee: z.string(), name: z.string(), youth: z.boolean() })),
  answers: z.array(
    z.object({
      eventId: z.string(),
      occurrence: z.string(),
      attendee: z.string(),
      answer,
      waitlisted: z.boolean(),
    }),
  ),
  going: z.array(z.object({ eventId: z.string(), occurrence: z.string(), count: z.number() })),
});
