/**
 * The troop calendar as iCalendar: each user's private subscription feed and the "Add to
 * calendar" download of one event.
 *
 *   GET  /api/calendar/:projectId/feed-url         (bearer) -> {httpsUrl, webcalUrl}
 *   POST /api/calendar/:projectId/feed-url/reset   (bearer) -> {httpsUrl, webcalUrl}, old URL dead
 *   GET  /api/calendar/:projectId/feed/:token.ics  (the token is the credential) -> text/calendar
 *   GET  /api/calendar/:projectId/events/:id.ics   (bearer) -> text/calendar attachment
 *   occurrences and changes to series: occurrence-routes.ts
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { callerOf, projectParams, routeGuards, troopOf } from '../http/route-guards.ts';
import { unitsOf } from './calendar-units.ts';
import {
  buildCalendarDocument,
  eventFileName,
  FEED_CALENDAR_NAME,
  parseEventStart,
} from './feed.ts';
import { feedUrls, findFeedOwner, getOrCreateFeedToken, resetFeedToken } from './feed-tokens.ts';
import { occurrenceRoutes } from './occurrence-routes.ts';
import { feedReader, readableEvents } from './read-scope.ts';
import { allEvents, findEvent, overridesOf } from './stored-events.ts';
import { deriveFeedTokenKey } from './token-crypto.ts';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';
/** Calendar apps poll; five minutes spares the database without hiding a change for long. */
const FEED_CACHE_CONTROL = 'private, max-age=300';

const fileParams = projectParams.extend({ file: z.string().max(300) });
const feedUrlsAnswer = z.object({ httpsUrl: z.string(), webcalUrl: z.string() });

/** `<name>.ics` -> `<name>`; anything else is not a calendar file we serve. */
function icsBaseName(file: string): string {
  const m = /^(.+)\.ics$/i.exec(file);
  if (!m?.[1]) throw new ApiError('NOT_FOUND');
  return m[1];
}

export const calendarRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    await plain.register(occurrenceRoutes(deps));
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);
    const member = [guards.project, guards.signedIn];
    const tokenKey = deriveFeedTokenKey(deps.jwtSecret);
    const hostname = new URL(deps.config.publicUrl).hostname;
    /** A troop's feed and files are in its own time zone. */
    const documentOptions = (req: FastifyRequest) => ({
      timeZone: troopOf(req).timeZone,
      hostname,
      nowMs: deps.clock.now(),
    });

    /** Feed URLs belong to a person: a service key has no calendar to subscribe to. */
    function feedOwner(req: FastifyRequest): string {
      const caller = callerOf(req);
      if (caller.kind !== 'user')
        throw new ApiError('FORBIDDEN', 'Calendar feeds belong to a signed-in user');
      return caller.userId;
    }
    const feedUrlRoute = {
      preValidation: member,
      schema: { params: projectParams, response: { 200: feedUrlsAnswer } },
    };

    app.get('/:projectId/feed-url', feedUrlRoute, async (req) => {
      const userId = feedOwner(req);
      const { projectId } = req.params;
      const { token, reissued } = await getOrCreateFeedToken(
        deps.store,
        tokenKey,
        { userId, troopId: troopOf(req).id },
        deps.clock.now(),
      );
      if (reissued)
        req.log.warn(
          { userId },
          'stored calendar feed token could not be opened; issued a new one',
        );
      return feedUrls(deps.config.publicUrl, projectId, token);
    });

    app.post('/:projectId/feed-url/reset', feedUrlRoute, async (req) => {
      const userId = feedOwner(req);
      const { projectId } = req.params;
      const token = await resetFeedToken(
        deps.store,
        tokenKey,
        { userId, troopId: troopOf(req).id },
        deps.clock.now(),
      );
      return feedUrls(deps.config.publicUrl, projectId, token);
    });

    // Calendar apps cannot send an Authorization header: the secret token in the path is the
    // credential, and http/request-log.ts keeps it out of the logs.
    app.get(
      '/:projectId/feed/:file',
      { preValidation: guards.project, schema: { params: fileParams } },
      async (req, reply) => {
        // A token is its troop's: on another troop's path it is no feed at all.
        const troop = troopOf(req);
        const owner = await findFeedOwner(deps.store, troop.id, icsBaseName(req.params.file));
        if (!owner) throw new ApiError('NOT_FOUND', 'Calendar feed not found');
        const reader = await feedReader(deps.store, troop.id, owner);
        // The troop's events and its council's (read-only in the troop, but in its feed).
        const events = readableEvents(
          deps.config.roles,
          reader,
          await allEvents(deps.store, unitsOf(troop)),
        );
        const body = buildCalendarDocument(events, {
          ...documentOptions(req),
          calendarName: FEED_CALENDAR_NAME,
        });
        return reply.type(CALENDAR_TYPE).header('Cache-Control', FEED_CACHE_CONTROL).send(body);
      },
    );

    app.get(
      '/:projectId/events/:file',
      { preValidation: member, schema: { params: fileParams } },
      async (req, reply) => {
        // The troop's own events and its council's download alike.
        const units = unitsOf(troopOf(req));
        const found = await findEvent(deps.store, units, icsBaseName(req.params.file));
        // A changed occurrence downloads as its whole series, which calendar apps file under one UID.
        const event = found?.series_id
          ? await findEvent(deps.store, found.troop_id ?? units.troopId, found.series_id)
          : found;
        if (!event || readableEvents(deps.config.roles, callerOf(req), [event]).length === 0)
          throw new ApiError('NOT_FOUND', 'Event not found');
        const family = event.rrule
          ? [event, ...(await overridesOf(deps.store, event.troop_id ?? units.troopId, [event.id]))]
          : [event];
        if (!parseEventStart(event.event_date, event.event_time))
          throw new ApiError('CONFLICT', 'This event has no date a calendar can use');
        return reply
          .type(CALENDAR_TYPE)
          .header('Cache-Control', 'private, no-store')
          .header(
            'Content-Disposition',
            `attachment; filename="${eventFileName(event.event_name)}"`,
          )
          .send(buildCalendarDocument(family, documentOptions(req)));
      },
    );
  };
