/**
 * Members and who may join (docs/protocol.md, Members), mounted at /api/members:
 *
 *   GET    /:projectId                      (members.read)     -> {members}
 *   PATCH  /:projectId/:userId {role}       (members.manage)   -> {member}
 *   POST   /:projectId/:userId/:action      (members.approve)  -> {member}
 *            action: approve | refuse | suspend | reinstate | remove
 *   GET    /:projectId/invitations          (members.approve)  -> {invitations}
 *   POST   /:projectId/invitations {email?, maxUses?, expiresInDays?, send?}
 *                                           (members.approve)  -> {invitation, url}
 *   DELETE /:projectId/invitations/:id      (members.approve)  -> {invitation}
 *   POST   /:projectId/invitations/check {token}  (anyone)     -> {usable, email}
 *   GET    /:projectId/audit                (audit.read)       -> {entries}
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailSchema } from '@scout/protocol/auth-schemas';
import { ACCOUNT_STATUSES } from '@scout/protocol/auth';
import { PERMISSIONS } from '@scout/protocol/permissions';
import { hitRateLimit } from '../auth/rate-limits.ts';
import { RECOVERY_RATE_LIMITS } from '../auth/recovery-limits.ts';
import type { ReadyDeps } from '../deps.ts';
import { callerCan } from '../http/caller.ts';
import {
  callerOf,
  projectParams,
  routeGuards,
  troopOf,
  type SignedInCaller,
} from '../http/route-guards.ts';
import { listAudit } from './audit-log.ts';
import {
  checkInvitation,
  createInvitation,
  INVITATION_MAX_DAYS,
  INVITATION_MAX_USES,
  listInvitations,
  revokeInvitation,
} from './invitations.ts';
import { mailInvitation } from './invitation-mail.ts';
import { listMembers, setMemberRole } from './member-list.ts';
import { changeMembership, type MembershipActor } from './membership.ts';

const wireMember = z.object({
  id: z.string(),
  status: z.enum(ACCOUNT_STATUSES),
  email: z.string(),
  displayName: z.string().nullable(),
  troopRole: z.string().nullable(),
  role: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
});
const wireInvitation = z.object({
  id: z.string(),
  email: z.string().nullable(),
  maxUses: z.number(),
  uses: z.number(),
  expiresAt: z.string(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  role: z.string().nullable(),
  mailedAt: z.string().nullable(),
});
const wireAuditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  action: z.string(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  invitation: z
    .object({
      email: z.string().nullable(),
      maxUses: z.number(),
      createdBy: z.string().nullable(),
      createdAt: z.string(),
    })
    .nullable()
    .optional(),
});
const memberParams = projectParams.extend({ userId: z.string().min(1).max(200) });
const actionParams = memberParams.extend({
  action: z.enum(['approve', 'refuse', 'suspend', 'reinstate', 'remove']),
});
const invitationParams = projectParams.extend({ id: z.string().min(1).max(200) });
const roleBody = z.object({ role: z.string().min(1).max(64) });
const newInvitationBody = z
  .object({
    email: emailSchema.nullish(),
    maxUses: z.number().int().min(1).max(INVITATION_MAX_USES).optional(),
    expiresInDays: z.number().int().min(1).max(INVITATION_MAX_DAYS).optional(),
    /** Mail the link to `email` (an invitation sent to one person). */
    send: z.boolean().optional(),
  })
  .refine((b) => !b.send || b.email, { error: 'send needs an email to send to' });
const checkBody = z.object({ token: z.string().min(1).max(512) });

const actorOf = (deps: ReadyDeps, caller: SignedInCaller): MembershipActor => ({
  userId: caller.kind === 'user' ? caller.userId : null,
  manages: callerCan(deps, caller, PERMISSIONS.membersManage),
});
const actorIdOf = (caller: SignedInCaller) => (caller.kind === 'user' ? caller.userId : null);

export const memberRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);
    const allowed = (permission: string, refusal: string) => [
      guards.project,
      guards.permission(permission, refusal),
    ];
    const readers = allowed(
      PERMISSIONS.membersRead,
      'Reading the member list needs the permission members.read (leaders and admins)',
    );
    const approvers = allowed(
      PERMISSIONS.membersApprove,
      'Letting people in needs the permission members.approve (leaders and admins)',
    );

    app.get(
      '/:projectId',
      {
        preValidation: readers,
        schema: {
          params: projectParams,
          response: { 200: z.object({ members: z.array(wireMember) }) },
        },
      },
      async (req) => ({ members: await listMembers(deps, troopOf(req).id) }),
    );
    app.patch(
      '/:projectId/:userId',
      {
        preValidation: allowed(
          PERMISSIONS.membersManage,
          'Changing roles needs the permission members.manage (admins)',
        ),
        schema: {
          params: memberParams,
          body: roleBody,
          response: { 200: z.object({ member: wireMember }) },
        },
      },
      async (req) => ({
        member: await setMemberRole(
          deps,
          actorIdOf(callerOf(req)),
          req.params.userId,
          req.body.role,
          troopOf(req).id,
        ),
      }),
    );
    app.get(
      '/:projectId/invitations',
      {
        preValidation: approvers,
        schema: {
          params: projectParams,
          response: { 200: z.object({ invitations: z.array(wireInvitation) }) },
        },
      },
      async (req) => ({ invitations: await listInvitations(deps.store, troopOf(req).id) }),
    );
    app.post(
      '/:projectId/invitations',
      {
        preValidation: approvers,
        schema: {
          params: projectParams,
          body: newInvitationBody,
          response: { 200: z.object({ invitation: wireInvitation, url: z.string() }) },
        },
      },
      async (req) => {
        const caller = callerOf(req);
        const made = await createInvitation(deps, actorIdOf(caller), req.body, troopOf(req).id);
        if (req.body.send && made.invitation.email)
          made.invitation = await mailInvitation(
            deps,
            caller,
            made.invitation.email,
            made.url,
            made.invitation,
          );
        return made;
      },
    );
    // Public: the sign-up form asks before it shows an invitee the form. Counted per address
    // like every link redemption, so tokens cannot be guessed through it.
    app.post(
      '/:projectId/invitations/check',
      {
        preValidation: [
          guards.project,
          async (req) =>
            hitRateLimit(
              deps,
              `members:invitation-check:addr:${req.ip}`,
              RECOVERY_RATE_LIMITS.redeemPerAddress,
            ),
        ],
        schema: {
          params: projectParams,
          body: checkBody,
          response: { 200: z.object({ usable: z.boolean(), email: z.string().nullable() }) },
        },
      },
      async (req) => checkInvitation(deps, req.body.token),
    );
    app.delete(
      '/:projectId/invitations/:id',
      {
        preValidation: approvers,
        schema: {
          params: invitationParams,
          response: { 200: z.object({ invitation: wireInvitation }) },
        },
      },
      async (req) => ({
        invitation: await revokeInvitation(
          deps,
          actorIdOf(callerOf(req)),
          req.params.id,
          troopOf(req).id,
        ),
      }),
    );
    app.get(
      '/:projectId/audit',
      {
        preValidation: allowed(
          PERMISSIONS.auditRead,
          'Reading the audit log needs the permission audit.read (admins)',
        ),
        schema: {
          params: projectParams,
          response: { 200: z.object({ entries: z.array(wireAuditEntry) }) },
        },
      },
      async (req) => ({ entries: await listAudit(deps.store, troopOf(req).id) }),
    );
    app.post(
      '/:projectId/:userId/:action',
      {
        preValidation: approvers,
        schema: { params: actionParams, response: { 200: z.object({ member: wireMember }) } },
      },
      async (req) => ({
        member: await changeMembership(
          deps,
          actorOf(deps, callerOf(req)),
          req.params.userId,
          req.params.action,
          troopOf(req).id,
        ),
      }),
    );
  };
