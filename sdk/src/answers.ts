/**
 * What the feature modules (newsletter, volunteer, social) share: that an answer has the shape
 * the module promises its caller, that an id a call needs was given (so a caller meets a
 * ScoutError with words rather than an undefined field later), and a query string of the
 * options a caller set.
 */
import { isRecord } from './browser.ts';
import { ScoutError } from './errors.ts';

/** `data` as `T` when `ok` holds of it; a data error naming `what` was expected otherwise. */
export function shaped<T>(
  data: unknown,
  ok: (d: Record<string, unknown>) => boolean,
  what: string,
): T {
  if (!isRecord(data) || !ok(data))
    throw new ScoutError({
      kind: 'data',
      code: 'INTERNAL_ERROR',
      message: `The server did not answer with ${what}`,
      retryable: false,
    });
  return data as unknown as T;
}

/** A validation error before any request when an id is empty. */
export function needs(value: string, what: string): void {
  if (!value)
    throw new ScoutError({
      kind: 'validation',
      code: 'VALIDATION_ERROR',
      message: `${what} needs an id`,
      retryable: false,
    });
}

/** `?a=1&b=x` of the parameters that are set; '' when none is. */
export const query = (params: Record<string, string | number | undefined>): string => {
  const set = Object.entries(params).filter(([, v]) => v !== undefined && v !== '');
  return set.length ? `?${new URLSearchParams(set.map(([k, v]) => [k, String(v)]))}` : '';
};
