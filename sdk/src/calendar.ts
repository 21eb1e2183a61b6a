/**
 * The troop calendar as iCalendar, under `/api/calendar/{projectId}`: the signed-in user's private
 * subscription address (calendar apps poll it without a token, so the address is the secret) and
 * the `.ics` file of one event for "Add to calendar".
 */
import { isRecord } from './browser.ts';
import { ScoutError } from './errors.ts';
import type { HttpClient } from './http.ts';

export interface CalendarFeedUrls {
  /** For calendar apps that take a web address (Google Calendar's "From URL"). */
  httpsUrl: string;
  /** The same address with the webcal scheme: phones open it straight in their calendar app. */
  webcalUrl: string;
}

export interface CalendarClient {
  /** The caller's feed address, issued on first use and stable afterwards. */
  getFeedUrl(): Promise<CalendarFeedUrls>;
  /** A new address; the old one stops working at once. */
  resetFeedUrl(): Promise<CalendarFeedUrls>;
  /** One event as an iCalendar file, named as the server names it (`<event name>.ics`). */
  downloadEventIcs(id: string): Promise<File>;
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
  return {
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
