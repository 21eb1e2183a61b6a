import { describe, expect, it } from 'vitest';
import {
  API_ERROR_CODES,
  AUTH_ERROR_CODES,
  AUTH_ERROR_MESSAGES,
  ERROR_STATUS,
  SESSION_USER_GONE_STATUS,
} from '@scout/protocol/errors';
import { ApiError, rateLimited } from './errors.ts';

describe('ApiError', () => {
  it('answers each code with the status of the table, in the catalogue words by default', () => {
    for (const code of [...AUTH_ERROR_CODES, ...API_ERROR_CODES])
      expect(new ApiError(code).status).toBe(ERROR_STATUS[code]);
    const err = new ApiError('WEAK_PASSWORD');
    expect(err.message).toBe(AUTH_ERROR_MESSAGES.WEAK_PASSWORD);
    expect(new ApiError('CONFLICT', 'Taken').message).toBe('Taken');
  });

  it('lets only a session whose account is gone answer USER_NOT_FOUND with 401', () => {
    const gone = new ApiError('USER_NOT_FOUND', undefined, { status: SESSION_USER_GONE_STATUS });
    expect(gone.status).toBe(401);
    expect(
      () => new ApiError('NOT_FOUND', undefined, { status: SESSION_USER_GONE_STATUS }),
    ).toThrow(/NOT_FOUND is answered with 404/);
  });

  it('carries headers, details and hint', () => {
    const limited = rateLimited(2.2);
    expect(limited.status).toBe(429);
    expect(limited.headers).toEqual({ 'Retry-After': '3' });
    const err = new ApiError('PGRST116', undefined, { details: 'd', hint: 'h' });
    expect([err.details, err.hint]).toEqual(['d', 'h']);
  });
});
