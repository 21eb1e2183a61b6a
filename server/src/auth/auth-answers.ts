/**
 * What the auth API answers (docs/protocol.md, Sessions and tokens), as route schemas: the
 * published contract, and a check that no answer drifts from what clients read.
 */
import { z } from 'zod';
import { ACCOUNT_STATUSES } from '@scout/protocol/auth';
import { DEFAULT_ROLES_CONFIG, type RolesConfig } from '@scout/protocol/permissions';

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
  /** Pending or suspended accounts reach nothing but their own profile. */
  status: z.enum(ACCOUNT_STATUSES).optional(),
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

const who = z.union([z.string(), z.array(z.string())]).optional();
const tableRule = z.object({ read: who, create: who, update: who, delete: who });

export const rolesAnswer = z.object({
  roles: z.record(
    z.string(),
    z.object({ permissions: z.array(z.string()), inherit: z.array(z.string()).optional() }),
  ),
  defaultRole: z.string(),
  tables: z.record(z.string(), tableRule).optional(),
});

/**
 * The roles configuration as served to every client: the roles, and the configured rules of the
 * tables the Data API declares, so a client shows only the buttons the server would honour
 * (protocol/src/table-grants.ts). Names of tables made on the fly and the storage rules stay
 * with the server: the answer is public, and a client has no use for them.
 */
export function servedRoles(config: RolesConfig): z.input<typeof rolesAnswer> {
  const declared = Object.entries(config.tables ?? {}).filter(([name]) =>
    Object.hasOwn(DEFAULT_ROLES_CONFIG.tables ?? {}, name),
  );
  return {
    roles: config.roles,
    defaultRole: config.defaultRole,
    ...(declared.length > 0 ? { tables: Object.fromEntries(declared) } : {}),
  };
}

export const providersAnswer = z.object({ providers: z.array(z.string()) });

/** The generate calls: a usable one-time link, for admins and service keys. */
export const issuedLinkAnswer = (urlField: 'resetUrl' | 'magicUrl' | 'verifyUrl') =>
  z.object({ token: z.string(), expiresAt: z.string() }).extend({ [urlField]: z.string() });
