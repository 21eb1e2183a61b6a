/**
 * Answers from the mail (docs/decisions/063-answers-from-mail.md), no sign-in: the signed token is
 * the credential.
 *
 *   GET  /api/calendar/:projectId/mail-answer?token=  -> a page naming the person, the event and the answer, with one button
 *   POST /api/calendar/:projectId/mail-answer?token=  -> records the answer under the RSVP rules -> confirmation page
 *
 * GET never records: mail scanners (Safe Links, gateways) open every link of a mail. The POST
 * answers as the mail's recipient would signed in (save-answer.ts: who they may answer for, the
 * deadline, capacity and waitlist, a cancelled event), so a link is worth no more than the account.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAIL_ANSWER_MESSAGES } from '@scout/protocol/mail-answers';
import { feedReader, readableEvents } from '../calendar/read-scope.ts';
import { unitsOf, type CalendarUnits } from '../calendar/calendar-units.ts';
import { findEvent } from '../calendar/stored-events.ts';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { answerableAttendees } from '../households/answerable.ts';
import { projectParams, routeGuards, troopOf } from '../http/route-guards.ts';
import { appAddress, eventPath } from '../notices/event-address.ts';
import { currentOccurrence } from '../notices/event-state.ts';
import { describeWhen } from '../notices/messages.ts';
import { activeUsers } from '../notices/recipients.ts';
import { readBoolean } from '../store/sql-values.ts';
import type { Troop } from '../store/tenancy.ts';
import { findEventOccurrence } from './event-occurrence.ts';
import { answerConfirmPage, answerRefusedPage, answerSavedPage } from './mail-answer-page.ts';
import type { AnswerPageEvent } from './mail-answer-page.ts';
import { deriveMailAnswerKey, readMailAnswerToken, type MailAnswer } from './mail-answer-token.ts';
import { announceAnswer } from './announce.ts';
import { saveAnswer } from './save-answer.ts';

const tokenQuery = z.object({ token: z.string().max(1000) });

export const mailAnswerRoutes =
  (deps: ReadyDeps): FastifyPluginAsync =>
  async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const guards = routeGuards(deps);
    const key = deriveMailAnswerKey(deps.jwtSecret);
    const { store, config, clock } = deps;

    /**
     * What the token names in the path's troop, checked as it stands now; ApiError for a link
     * that cannot be used. A link of another troop's event finds no event here.
     */
    async function linkOf(troop: Pick<Troop, 'id' | 'projectId' | 'councilId'>, token: string) {
      const troopId = troop.id;
      // The troop's events and its council's, which each troop of it answers on its own.
      const units = unitsOf(troop);
      const link = readMailAnswerToken(key, token);
      if (!link) throw new ApiError('VALIDATION_ERROR', MAIL_ANSWER_MESSAGES.invalid);
      const reader = await feedReader(store, troopId, link.userId);
      const row = await findEvent(store, units, link.eventId);
      // A member of the path's troop only: a council's event is found in each of its troops, and
      // its link put on another troop's address answers there for no one.
      const [member] = await activeUsers(store, troopId, [link.userId]);
      if (!row || !member || reader.kind !== 'user' || reader.status !== 'active')
        throw new ApiError('NOT_FOUND', MAIL_ANSWER_MESSAGES.gone);
      if (readableEvents(config.roles, reader, [row]).length === 0)
        throw new ApiError('NOT_FOUND', MAIL_ANSWER_MESSAGES.gone);
      if (clock.now() >= link.expiresMs)
        throw new ApiError('RSVP_CLOSED', MAIL_ANSWER_MESSAGES.expired);
      const state = await currentOccurrence(store, units, link.eventId, link.occurrence);
      if (!state) throw new ApiError('NOT_FOUND', MAIL_ANSWER_MESSAGES.gone);
      if (state.status === 'cancelled')
        throw new ApiError('CONFLICT', MAIL_ANSWER_MESSAGES.cancelled);
      const person = (await answerableAttendees(store, troopId, link.userId)).find(
        (p) => p.attendee === link.attendee,
      );
      if (!person)
        throw new ApiError(
          'FORBIDDEN',
          'You can answer for yourself and the scouts of your household only',
        );
      const page: AnswerPageEvent = {
        person: person.name,
        event: state.name,
        when: describeWhen(state),
        eventUrl: appAddress(
          config,
          troop.projectId,
          eventPath(link.eventId, link.occurrence || null),
        ),
      };
      return { units, link, reader, page };
    }

    /**
     * A link that cannot be used says why, on a page, with the status its error has, and the way
     * to the app in the link's troop.
     */
    async function answerWithPage(
      reply: FastifyReply,
      troop: Pick<Troop, 'projectId'>,
      render: () => Promise<string>,
    ) {
      reply.type('text/html; charset=utf-8');
      try {
        return reply.send(await render());
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        return reply
          .code(err.status)
          .send(answerRefusedPage(err.message, appAddress(config, troop.projectId, '/')));
      }
    }

    /** Saves the link's answer, keeping a note given earlier; says whether it waits in line. */
    async function save(
      units: CalendarUnits,
      link: MailAnswer,
      reader: Awaited<ReturnType<typeof feedReader>>,
    ) {
      return store.transaction(async (tx) => {
        const occurrence = link.occurrence || undefined;
        const troopId = units.troopId;
        const known = await findEventOccurrence(tx, units, link.eventId, occurrence);
        const before = await tx.query<{ note: string | null }>(
          'SELECT note FROM rsvps WHERE troop_id = ? AND event_id = ? AND occurrence = ? AND attendee = ?',
          [troopId, known.eventId, known.occurrence, link.attendee],
        );
        const event = await saveAnswer(
          tx,
          units,
          {
            eventId: link.eventId,
            occurrence,
            attendee: link.attendee,
            answer: link.answer,
            note: before.rows[0]?.note ?? null,
          },
          { caller: reader, manager: false, nowMs: clock.now() },
        );
        const { rows } = await tx.query<{ waitlisted: boolean | number }>(
          'SELECT waitlisted FROM rsvps WHERE troop_id = ? AND event_id = ? AND occurrence = ? AND attendee = ?',
          [troopId, event.eventId, event.occurrence, link.attendee],
        );
        return { event, waitlisted: readBoolean(rows[0]?.waitlisted ?? false) };
      });
    }

    const route = {
      preValidation: [guards.project],
      schema: { params: projectParams, querystring: tokenQuery },
    };

    app.get('/:projectId/mail-answer', route, (req, reply) =>
      answerWithPage(reply, troopOf(req), async () => {
        const { link, page } = await linkOf(troopOf(req), req.query.token);
        return answerConfirmPage(page, link.answer, req.url);
      }),
    );

    app.post('/:projectId/mail-answer', route, (req, reply) =>
      answerWithPage(reply, troopOf(req), async () => {
        const { units, link, reader, page } = await linkOf(troopOf(req), req.query.token);
        const { event, waitlisted } = await save(units, link, reader);
        announceAnswer(deps, link.userId, event);
        return answerSavedPage(page, link.answer, waitlisted);
      }),
    );
  };
