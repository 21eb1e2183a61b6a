/**
 * The troops routes' input and answers, as zod schemas (http/api-docs.ts publishes them). The
 * rules are protocol/src/troops.ts's, so the CLI, the routes and the app agree.
 */
import { z } from 'zod';
import { ACCOUNT_STATUSES, SIGNUP_MODES } from '@scout/protocol/auth';
import { emailSchema } from '@scout/protocol/auth-schemas';
import {
  TROOP_CONTACT_MAX_LENGTH,
  TROOP_NAME_MAX_LENGTH,
  TROOP_NUMBER_MAX_LENGTH,
  TROOP_PROJECT_ID_MAX_LENGTH,
  troopProjectIdProblem,
} from '@scout/protocol/troops';

/** An IANA zone name the runtime knows, as TIMEZONE is checked (config-values.ts). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const text = (what: string, max: number) =>
  z
    .string({ error: `${what} is required` })
    .trim()
    .min(1, { error: `${what} is required` })
    .max(max, { error: `${what} has at most ${max} characters` });

export const newTroopBody = z.strictObject({
  projectId: z
    .string({ error: 'A project id is required' })
    .trim()
    .superRefine((id, ctx) => {
      const problem = troopProjectIdProblem(id);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  number: text('A troop number', TROOP_NUMBER_MAX_LENGTH),
  name: text('A troop name', TROOP_NAME_MAX_LENGTH),
  timeZone: z
    .string()
    .trim()
    .max(64)
    .refine(isTimeZone, { error: 'The time zone must be an IANA name, like America/Chicago' })
    .optional(),
  signupMode: z
    .enum(SIGNUP_MODES, { error: `The sign-up mode is one of ${SIGNUP_MODES.join(', ')}` })
    .optional(),
  contact: text('A contact', TROOP_CONTACT_MAX_LENGTH).optional(),
  leaderEmail: emailSchema.optional(),
  kind: z
    .enum(['troop', 'council'], { error: 'The kind of a unit is troop or council' })
    .optional(),
  councilProjectId: z
    .string({ error: 'A council is named by its project id' })
    .trim()
    .min(1, { error: 'A council is named by its project id' })
    .max(TROOP_PROJECT_ID_MAX_LENGTH, {
      error: `A project id has at most ${TROOP_PROJECT_ID_MAX_LENGTH} characters`,
    })
    .optional(),
  acceptsTroops: z.boolean({ error: 'acceptsTroops is true or false' }).optional(),
});

export type NewTroopBody = z.infer<typeof newTroopBody>;

export const wireTroop = z.object({
  projectId: z.string(),
  kind: z.enum(['troop', 'council']),
  number: z.string().nullable(),
  name: z.string().nullable(),
  timeZone: z.string(),
});

export const wireMyTroop = wireTroop.extend({
  role: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
});

export const myTroopsAnswer = z.object({
  troops: z.array(wireMyTroop),
  platformAdmin: z.boolean(),
});

export const serverTroop = wireTroop.extend({
  councilProjectId: z.string().nullable(),
  members: z.number().int(),
});

export const createdTroop = z.object({
  troop: wireTroop,
  leader: z
    .discriminatedUnion('outcome', [
      z.object({ email: z.string(), outcome: z.literal('member'), userId: z.string() }),
      z.object({ email: z.string(), outcome: z.literal('invited'), invitationUrl: z.string() }),
    ])
    .nullable(),
});
