/**
 * The answers' shapes, for the published contract and so a route never sends a field its wire
 * type does not name (a scout's details stay out of the roster even if a query grew).
 */
import { z } from 'zod';
import { HOUSEHOLD_INVITATION_KINDS } from '@scout/protocol/households';

export const wireScout = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  patrol: z.string().nullable(),
  birthYear: z.number().nullable(),
  notes: z.string().nullable(),
  hasAccount: z.boolean(),
  noPhotos: z.boolean(),
  mayPost: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export const wireAdult = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  joinedAt: z.string(),
});

export const wireInvitation = z.object({
  id: z.string(),
  kind: z.enum(HOUSEHOLD_INVITATION_KINDS),
  scoutId: z.string().nullable(),
  email: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
});

export const wireHousehold = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['adult', 'scout']),
  adults: z.array(wireAdult),
  scouts: z.array(wireScout),
  invitations: z.array(wireInvitation),
});

export const wireTroopScout = wireScout.extend({
  householdId: z.string(),
  householdName: z.string(),
  adults: z.array(z.object({ userId: z.string(), name: z.string(), email: z.string() })),
});

export const wireRosterScout = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
});

export const wireCheck = z.object({
  usable: z.boolean(),
  kind: z.enum(HOUSEHOLD_INVITATION_KINDS).nullable(),
  householdName: z.string().nullable(),
  scoutName: z.string().nullable(),
  email: z.string().nullable(),
  joined: z.boolean(),
});

export const wireLanding = z.object({
  usable: z.boolean(),
  used: z.boolean(),
  kind: z.enum(HOUSEHOLD_INVITATION_KINDS).nullable(),
  inviterName: z.string().nullable(),
  householdName: z.string().nullable(),
});
