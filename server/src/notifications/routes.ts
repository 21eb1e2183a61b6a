/**
 * Notifications: mail sent through the platform (docs/protocol.md, Mail and the calendar feed).
 *
 *   POST /api/notifications/:projectId/email (bearer or service key; notifications.send)
 *        {to, subject, html?|text?, from?, replyTo?, cc?, bcc?} -> {success: true, messageId}
 */
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PERMISSIONS } from '@scout/protocol/permissions';
import type { ReadyDeps } from '../deps.ts';
import { callerOf, projectParams, routeGuards } from '../http/route-guards.ts';
import { emailRequest, emailSent, sendNotificationEmail } from './send-email.ts';

export const notificationRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);

    app.post(
      '/:projectId/email',
      {
        // Mail leaves from the troop's address to anyone: only those the roles configuration
        // trusts with it may send (leaders and admins by default), or it is a phishing tool.
        preValidation: [
          guards.project,
          guards.permission(
            PERMISSIONS.notificationsSend,
            'Sending mail needs the permission notifications.send (leaders and admins)',
          ),
        ],
        schema: { params: projectParams, body: emailRequest, response: { 200: emailSent } },
      },
      async (req) => sendNotificationEmail(deps, callerOf(req), req.body, req.log),
    );
  };
