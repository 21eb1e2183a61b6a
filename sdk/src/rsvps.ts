/**
 * Answers to "who is coming?" under `/api/calendar/{projectId}/events/{id}/rsvps`: the counts,
 * names and waitlist of an event or one occurrence of a series, answering for oneself and the
 * scouts of one's household, and the leaders' CSV export.
 */
import type {
  RsvpAnswer,
  RsvpAnswerInput,
  RsvpCounts,
  WireHouseholdAnswer,
  WireHouseholdAnswers,
  WireRsvp,
  WireRsvpNudge,
  WireRsvpPerson,
  WireRsvpSummary,
} from '@scout/protocol/rsvps';
import { isRecord } from './browser.ts';
import { fileNameFromDisposition } from './calendar.ts';
import { ScoutError } from './errors.ts';
import type { HttpClient } from './http.ts';

export type { RsvpAnswer, RsvpAnswerInput, RsvpCounts };
export type Rsvp = WireRsvp;
export type RsvpPerson = WireRsvpPerson;
export type RsvpSummary = WireRsvpSummary;
export type RsvpNudge = WireRsvpNudge;
export type HouseholdAnswer = WireHouseholdAnswer;
export type HouseholdAnswers = WireHouseholdAnswers;

export interface RsvpsClient {
  /**
   * The answers of event `id`; for a series, of the occurrence on `occurrence` (the date the
   * series gives it, `YYYY-MM-DD`). Counts and names for every member; notes for one's household.
   */
  get(id: string, occurrence?: string): Promise<RsvpSummary>;
  /**
   * Answers for `attendee` (`user:<id>` for oneself, `scout:<id>` for a scout of one's household;
   * leaders anyone). Going past the capacity waits on the waitlist. Answers the new summary.
   */
  answer(id: string, input: RsvpAnswerInput): Promise<RsvpSummary>;
  /** The answers as a CSV file, named as the server names it (permission rsvps.manage). */
  exportCsv(id: string, occurrence?: string): Promise<File>;
  /**
   * Mails the adults of every household that has not answered, once (permission rsvps.manage);
   * a second nudge for the event within a day fails with RSVP_NUDGE_TOO_SOON.
   */
  nudge(id: string, occurrence?: string): Promise<RsvpNudge>;
  /**
   * The caller and the scouts of their household, and their answers to the events whose days
   * meet `from`..`to` (`YYYY-MM-DD`, at most 400 days): one request for a whole list's answers.
   */
  mine(window: { from: string; to: string }): Promise<HouseholdAnswers>;
}

function summaryFrom(data: unknown): RsvpSummary {
  if (!isRecord(data) || !isRecord(data.counts) || !Array.isArray(data.answers))
    throw new ScoutError({
      kind: 'data',
      code: 'INTERNAL_ERROR',
      message: 'The server did not answer with the answers of an event',
      retryable: false,
    });
  return data as unknown as RsvpSummary;
}

function needsId(id: string, what: string): void {
  if (!id)
    throw new ScoutError({
      kind: 'validation',
      code: 'VALIDATION_ERROR',
      message: `${what} needs an event id`,
      retryable: false,
    });
}

export function createRsvps(http: HttpClient, projectId: string): RsvpsClient {
  const base = (id: string) =>
    `/api/calendar/${encodeURIComponent(projectId)}/events/${encodeURIComponent(id)}/rsvps`;
  const query = (occurrence?: string) =>
    occurrence ? `?${new URLSearchParams({ occurrence })}` : '';
  return {
    async get(id, occurrence) {
      needsId(id, 'rsvps.get');
      return summaryFrom((await http.get<unknown>(`${base(id)}${query(occurrence)}`)).data);
    },
    async answer(id, input) {
      needsId(id, 'rsvps.answer');
      // Setting the same answer twice leaves it as it was: safe to send again after a lost reply.
      const res = await http.request<unknown>({
        method: 'PUT',
        path: base(id),
        body: input,
        idempotent: true,
      });
      return summaryFrom(res.data);
    },
    async exportCsv(id, occurrence) {
      needsId(id, 'rsvps.exportCsv');
      const res = await http.get<unknown>(`${base(id)}.csv${query(occurrence)}`, {
        headers: { Accept: 'text/csv, application/json' },
        responseType: 'blob',
      });
      if (!(res.data instanceof Blob))
        throw new ScoutError({
          kind: 'data',
          code: 'INTERNAL_ERROR',
          message: 'The server did not answer with a CSV file',
          retryable: false,
        });
      const name = fileNameFromDisposition(res.headers.get('Content-Disposition'));
      return new File([res.data], name ?? 'rsvps.csv', { type: res.data.type || 'text/csv' });
    },
    async nudge(id, occurrence) {
      needsId(id, 'rsvps.nudge');
      const res = await http.request<unknown>({
        method: 'POST',
        path: `${base(id)}/nudge`,
        body: occurrence ? { occurrence } : {},
      });
      if (!isRecord(res.data) || typeof res.data.nextAt !== 'string')
        throw new ScoutError({
          kind: 'data',
          code: 'INTERNAL_ERROR',
          message: 'The server did not answer with the nudge sent',
          retryable: false,
        });
      return res.data as unknown as RsvpNudge;
    },
    async mine({ from, to }) {
      const path = `/api/calendar/${encodeURIComponent(projectId)}/rsvps/mine?${new URLSearchParams({ from, to })}`;
      const res = await http.get<unknown>(path);
      if (
        !isRecord(res.data) ||
        !Array.isArray(res.data.people) ||
        !Array.isArray(res.data.answers)
      )
        throw new ScoutError({
          kind: 'data',
          code: 'INTERNAL_ERROR',
          message: "The server did not answer with the household's answers",
          retryable: false,
        });
      return res.data as unknown as HouseholdAnswers;
    },
  };
}
