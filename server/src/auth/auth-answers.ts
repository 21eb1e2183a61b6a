/**
 * What the auth API answers (docs/protocol.md, Sessions and tokens), as route schemas: the
 * published contract, and a check that no answer drifts from what clients read.
 */
import { z } from 'zod';

export const wireUser = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  role: z.string(),
  /** JSON text of an object; clients parse it. */
  metadata: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});

export const tokenAnswer = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number(),
  refresh_expires_in: z.number(),
});

export const sessionAnswer = tokenAnswer.extend({ user: wireUser });
export const userAnswer = z.object({ user: wireUser });
export const successAnswer = z.object({ success: z.literal(true) });

export const rolesAnswer = z.object({
  roles: z.record(
    z.string(),
    z.object({ permissions: z.array(z.string()), inherit: z.array(z.string()).optional() }),
  ),
  defaultRole: z.string(),
});

export const providersAnswer = z.object({ providers: z.array(z.string()) });

/** The generate calls: a usable one-time link, for admins and service keys. */
export const issuedLinkAnswer = (urlField: 'resetUrl' | 'magicUrl' | 'verifyUrl') =>
  z.object({ token: z.string(), expiresAt: z.string() }).extend({ [urlField]: z.string() });
