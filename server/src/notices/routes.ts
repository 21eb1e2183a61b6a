/**
 * A member's mail choices and the unsubscribe link every notice carries (docs/protocol.md,
 * Notification settings; Unsubscribe).
 *
 *   GET  /api/notifications/:projectId/settings  (bearer, a person) -> {settings}
 *   PUT  /api/notifications/:projectId/settings  {newEvents, newEventsDigest?, changes, reminders,
 *        reminderHours, newsletters?, announcements?, social?} -> {settings}
 *   GET  /api/notifications/:projectId/unsubscribe?token=  -> a small page asking to confirm
 *   POST /api/notifications/:projectId/unsubscribe?token=  (RFC 8058 one-click; no sign-in) -> page
 *
 * GET never unsubscribes: mail scanners open links. The signed token is the credential.
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NEW_EVENTS_DIGESTS,
  REMINDER_HOURS_MAX,
  REMINDER_HOURS_MIN,
} from '@scout/protocol/notification-settings';
import { SOCIAL_MAIL_CHOICES } from '@scout/protocol/social';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { callerOf, projectParams, routeGuards, troopOf } from '../http/route-guards.ts';
import { appAddress } from './event-address.ts';
import { readSettings, turnOff, writeSettings } from './settings.ts';
import { confirmPage, donePage } from './unsubscribe-page.ts';
import { deriveUnsubscribeKey, readUnsubscribeToken } from './unsubscribe-token.ts';
import { isoInstant } from '../store/sql-values.ts';

const settingsShape = z.object({
  newEvents: z.boolean(),
  newEventsDigest: z.enum(NEW_EVENTS_DIGESTS).optional(),
  changes: z.boolean(),
  reminders: z.boolean(),
  reminderHours: z.number().int().min(REMINDER_HOURS_MIN).max(REMINDER_HOURS_MAX),
  newsletters: z.boolean().optional(),
  announcements: z.boolean().optional(),
  social: z.enum(SOCIAL_MAIL_CHOICES).optional(),
});
const settingsAnswer = z.object({ settings: settingsShape });
const tokenQuery = z.object({ token: z.string().max(500) });
/** The one-click POST carries `List-Unsubscribe=One-Click` and nothing more. */
const UNSUBSCRIBE_BODY_MAX_BYTES = 4096;

export const noticeRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);
    const key = deriveUnsubscribeKey(deps.jwtSecret);
    const member = [guards.project, guards.signedIn];
    // RFC 8058 lets a mail client send the one-click POST as multipart/form-data as well as a
    // form: its one field says nothing the token does not, so the body is read and let go.
    plain.addContentTypeParser(
      'multipart/form-data',
      { parseAs: 'string', bodyLimit: UNSUBSCRIBE_BODY_MAX_BYTES },
      (_req, _body, done) => done(null, undefined),
    );

    /** Settings belong to a person: a service key has none. */
    function personOf(req: FastifyRequest): string {
      const caller = callerOf(req);
      if (caller.kind !== 'user')
        throw new ApiError('FORBIDDEN', 'Notification settings belong to a person');
      return caller.userId;
    }

    function unsubscribeOf(token: string) {
      const found = readUnsubscribeToken(key, token);
      if (!found) throw new ApiError('VALIDATION_ERROR', 'This unsubscribe link is not valid');
      return found;
    }

    app.get(
      '/:projectId/settings',
      {
        preValidation: member,
        schema: { params: projectParams, response: { 200: settingsAnswer } },
      },
      async (req) => ({ settings: await readSettings(deps.store, personOf(req)) }),
    );

    app.put(
      '/:projectId/settings',
      {
        preValidation: member,
        schema: { params: projectParams, body: settingsShape, response: { 200: settingsAnswer } },
      },
      async (req) => ({
        settings: await writeSettings(
          deps.store,
          personOf(req),
          req.body,
          isoInstant(deps.clock.now()),
        ),
      }),
    );

    app.get(
      '/:projectId/unsubscribe',
      {
        preValidation: [guards.project],
        schema: { params: projectParams, querystring: tokenQuery },
      },
      async (req, reply) => {
        const { kind } = unsubscribeOf(req.query.token);
        return reply.type('text/html; charset=utf-8').send(confirmPage(kind, req.url));
      },
    );

    app.post(
      '/:projectId/unsubscribe',
      {
        preValidation: [guards.project],
        schema: { params: projectParams, querystring: tokenQuery },
      },
      async (req, reply) => {
        const { userId, kind } = unsubscribeOf(req.query.token);
        await turnOff(deps.store, userId, kind, isoInstant(deps.clock.now()));
        return reply
          .type('text/html; charset=utf-8')
          .send(donePage(kind, appAddress(deps.config, troopOf(req).projectId, '/')));
      },
    );
  };
