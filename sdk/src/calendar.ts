/**
 * The troop calendar as iCalendar, under `/api/calendar/{projectId}`: the signed-in user's private
 * subscription address (calendar apps poll it without a token, so the address is the secret) and
 * the `.ics` file of one event for "Add to calendar".
 */
import type { WireOccurrence } from '@scout/protocol/calendar-events';
import { isRecord } from './browser.ts';
import { ScoutError } from './errors.ts';
import type { HttpClient } from './http.ts';

export interface CalendarFeedUrls {
  /** For calendar apps that take a web address (Google Calendar's "From URL"). */
  httpsUrl: string;
  /** The same address with the webcal scheme: phones open it straight in their calendar app. */
  webcalUrl: string;
}

/** Which occurrences of a series a change reaches, as calendar apps ask. */
export type OccurrenceScope = 'this' | 'following' | 'all';

/** One occurrence of the troop calendar in a window: a single event, or one date of a series. */
export type CalendarOccurrence = WireOccurrence;

/** What an edit may change (camelCase, as the Data API columns). */
export interface OccurrenceChanges {
  eventName?: string;
  eventDate?: string;
  eventTime?: string;
  endDate?: string | null;
  endTime?: string | null;
  allDay?: boolean;
  location?: string | null;
  description?: string | null;
  category?: string | null;
  hyperlink?: string | null;
  /**
   * A new RFC 5545 RRULE value, for `following` and `all` only (null ends the repeating). Without
   * `eventDate` the rule starts on its first date from the occurrence on; a COUNT counts the
   * whole series (docs/protocol.md).
   */
  rrule?: string | null;
  /** An instant (ISO 8601 with Z or an offset) after which only leaders change answers. */
  rsvpDeadline?: string | null;
  /** People going at most (1-10000); past it, answers wait on a waitlist. */
  capacity?: number | null;
}

export interface CalendarClient {
  /** The caller's feed address, issued on first use and stable afterwards. */
  getFeedUrl(): Promise<CalendarFeedUrls>;
  /** A new address; the old one stops working at once. */
  resetFeedUrl(): Promise<CalendarFeedUrls>;
  /** One event as an iCalendar file, named as the server names it (`<event name>.ics`). */
  downloadEventIcs(id: string): Promise<File>;
  /** Every occurrence reaching into [from, to] (`YYYY-MM-DD`, at most 400 days), series expanded. */
  listOccurrences(from: string, to: string): Promise<CalendarOccurrence[]>;
  /** Edits the occurrence of event `id` on `date` (the date the series gives it), and as far as `scope` says. */
  editOccurrence(
    id: string,
    date: string,
    scope: OccurrenceScope,
    changes: OccurrenceChanges,
  ): Promise<void>;
  /** Cancels it (it stays listed, marked cancelled), with an optional reason. */
  cancelOccurrence(
    id: string,
    date: string,
    scope: OccurrenceScope,
    reason?: string,
  ): Promise<void>;
  /** Removes it (for mistakes; a removed occurrence of a series becomes an exception). */
  deleteOccurrence(id: string, date: string, scope: OccurrenceScope): Promise<void>;
}

const FALLBACK_FILE_NAME = 'event.ics';

function unexpectedAnswer(what: string): ScoutError {
  return new ScoutError({
    kind: 'data',
    code: 'INTERNAL_ERROR',
    message: `The server did not answer with ${what}`,
    retryable: false,
  });
}

function feedUrlsFrom(data: unknown): CalendarFeedUrls {
  if (!isRecord(data) || typeof data.httpsUrl !== 'string' || typeof data.webcalUrl !== 'string') {
    throw unexpectedAnswer('a calendar feed address');
  }
  return { httpsUrl: data.httpsUrl, webcalUrl: data.webcalUrl };
}

/** `attachment; filename="Camp Out.ics"` -> `Camp Out.ics`. */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // A malformed encoded name falls back to the plain one.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || undefined;
}

export function createCalendar(http: HttpClient, projectId: string): CalendarClient {
  const base = `/api/calendar/${encodeURIComponent(projectId)}`;
  const occurrence = (id: string, date: string) =>
    `${base}/events/${encodeURIComponent(id)}/occurrences/${encodeURIComponent(date)}`;
  return {
    async listOccurrences(from: string, to: string) {
      const query = new URLSearchParams({ from, to });
      const data = (await http.get<unknown>(`${base}/occurrences?${query}`)).data;
      if (!isRecord(data) || !Array.isArray(data.occurrences))
        throw unexpectedAnswer('the occurrences of a window');
      return data.occurrences as CalendarOccurrence[];
    },
    async editOccurrence(id, date, scope, changes) {
      await http.patch(`${occurrence(id, date)}?scope=${scope}`, { changes });
    },
    async cancelOccurrence(id, date, scope, reason) {
      await http.post(`${occurrence(id, date)}/cancel?scope=${scope}`, {
        reason: reason ?? null,
      });
    },
    async deleteOccurrence(id, date, scope) {
      await http.delete(`${occurrence(id, date)}?scope=${scope}`);
    },
    async getFeedUrl() {
      return feedUrlsFrom((await http.get<unknown>(`${base}/feed-url`)).data);
    },
    // Not retried on its own: a lost answer would leave the caller not knowing which address lives.
    async resetFeedUrl() {
      return feedUrlsFrom((await http.post<unknown>(`${base}/feed-url/reset`)).data);
    },
    async downloadEventIcs(id: string) {
      if (!id) {
        throw new ScoutError({
          kind: 'validation',
          code: 'VALIDATION_ERROR',
          message: 'downloadEventIcs needs an event id',
          retryable: false,
        });
      }
      const res = await http.get<unknown>(`${base}/events/${encodeURIComponent(id)}.ics`, {
        headers: { Accept: 'text/calendar, application/json' },
        responseType: 'blob',
      });
      if (!(res.data instanceof Blob)) throw unexpectedAnswer('a calendar file');
      const name = fileNameFromDisposition(res.headers.get('Content-Disposition'));
      return new File([res.data], name ?? FALLBACK_FILE_NAME, {
        type: res.data.type || 'text/calendar',
      });
    },
  };
}
