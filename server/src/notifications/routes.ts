/**
 * Notifications: mail sent through the platform (docs/protocol.md, Mail and the calendar feed).
 *
 *   POST /api/notifications/:projectId/email (bearer or service key)
 *        {to, subject, html?|text?, from?, replyTo?, cc?, bcc?} -> {success: true, messageId}
 */
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ReadyDeps } from '../deps.ts';
import { assertProject, requireCaller } from '../http/caller.ts';
import { parseInput } from '../http/validate.ts';
import { sendNotificationEmail } from './send-email.ts';

const projectParams = z.object({ projectId: z.string() });

export const notificationRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (app) => {
    const mailDeps = deps;

    app.post('/:projectId/email', async (req) => {
      assertProject(deps, parseInput(projectParams, req.params).projectId);
      const caller = await requireCaller(deps, req);
      return sendNotificationEmail(mailDeps, caller, req.body, req.log);
    });
  };
