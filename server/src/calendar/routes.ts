/**
 * The troop calendar as iCalendar: each user's private subscription feed and the "Add to
 * calendar" download of one event.
 *
 *   GET  /api/calendar/:projectId/feed-url         (bearer) -> {httpsUrl, webcalUrl}
 *   POST /api/calendar/:projectId/feed-url/reset   (bearer) -> {httpsUrl, webcalUrl}, old URL dead
 *   GET  /api/calendar/:projectId/feed/:token.ics  (the token is the credential) -> text/calendar
 *   GET  /api/calendar/:projectId/events/:id.ics   (bearer) -> text/calendar attachment
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../deps.ts';
import { ApiError, forbidden, notFound } from '../errors.ts';
import { assertProject, requireCaller } from '../http/caller.ts';
import { parseInput } from '../http/validate.ts';
import { findCalendarEvent, listCalendarEvents } from './events.ts';
import {
  buildCalendarDocument,
  eventFileName,
  FEED_CALENDAR_NAME,
  parseEventStart,
} from './feed.ts';
import { feedUrls, findFeedOwner, getOrCreateFeedToken, resetFeedToken } from './feed-tokens.ts';
import { deriveFeedTokenKey } from './token-crypto.ts';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
/** Calendar apps poll; five minutes spares the database without hiding a change for long. */
const FEED_CACHE_CONTROL = 'private, max-age=300';

const projectParams = z.object({ projectId: z.string() });
const fileParams = z.object({ projectId: z.string(), file: z.string() });

/** `<name>.ics` -> `<name>`; anything else is not a calendar file we serve. */
function icsBaseName(file: string): string {
  const m = /^(.+)\.ics$/i.exec(file);
  if (!m?.[1]) throw notFound();
  return m[1];
}

export const calendarRoutes =
  (deps: AppDeps): FastifyPluginAsync =>
  async (app) => {
    const tokenKey = deriveFeedTokenKey(deps.jwtSecret);
    const hostname = new URL(deps.config.publicUrl).hostname;
    const documentOptions = () => ({
      timeZone: deps.config.timezone,
      hostname,
      nowMs: deps.clock.now(),
    });

    /** Feed URLs belong to a person: a service key has no calendar to subscribe to. */
    async function feedOwner(req: FastifyRequest): Promise<{ projectId: string; userId: string }> {
      const { projectId } = parseInput(projectParams, req.params);
      assertProject(deps, projectId);
      const caller = await requireCaller(deps, req);
      if (caller.kind !== 'user') throw forbidden('Calendar feeds belong to a signed-in user');
      return { projectId, userId: caller.userId };
    }

    app.get('/:projectId/feed-url', async (req) => {
      const { projectId, userId } = await feedOwner(req);
      const { token, reissued } = await getOrCreateFeedToken(
        deps.store,
        tokenKey,
        userId,
        deps.clock.now(),
      );
      if (reissued)
        req.log.warn(
          { userId },
          'stored calendar feed token could not be opened; issued a new one',
        );
      return feedUrls(deps.config.publicUrl, projectId, token);
    });

    app.post('/:projectId/feed-url/reset', async (req) => {
      const { projectId, userId } = await feedOwner(req);
      const token = await resetFeedToken(deps.store, tokenKey, userId, deps.clock.now());
      return feedUrls(deps.config.publicUrl, projectId, token);
    });

    // Calendar apps cannot send an Authorization header: the secret token in the path is the
    // credential, and http/request-log.ts keeps it out of the logs.
    app.get('/:projectId/feed/:file', async (req, reply) => {
      const { projectId, file } = parseInput(fileParams, req.params);
      assertProject(deps, projectId);
      const owner = await findFeedOwner(deps.store, icsBaseName(file));
      if (!owner) throw notFound('Calendar feed not found');
      const body = buildCalendarDocument(await listCalendarEvents(deps.store), {
        ...documentOptions(),
        calendarName: FEED_CALENDAR_NAME,
      });
      return reply.type(CALENDAR_TYPE).header('Cache-Control', FEED_CACHE_CONTROL).send(body);
    });

    app.get('/:projectId/events/:file', async (req, reply) => {
      const { projectId, file } = parseInput(fileParams, req.params);
      assertProject(deps, projectId);
      await requireCaller(deps, req);
      const event = await findCalendarEvent(deps.store, icsBaseName(file));
      if (!event) throw notFound('Event not found');
      if (!parseEventStart(event.event_date, event.event_time))
        throw new ApiError(409, 'CONFLICT', 'This event has no date a calendar can use');
      return reply
        .type(CALENDAR_TYPE)
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `attachment; filename="${eventFileName(event.event_name)}"`)
        .send(buildCalendarDocument([event], documentOptions()));
    });
  };
