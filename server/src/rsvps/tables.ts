/**
 * Answers to events: rsvps/routes.ts serves them, under the rules of docs/decisions/051-rsvps.md,
 * never the Data API.
 */
import type { CapabilityTables } from '../rest/table-definition.ts';

export const rsvpsTables: CapabilityTables = { serverOwned: ['rsvps', 'rsvp_nudges'] };
