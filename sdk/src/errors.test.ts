import { describe, expect, it } from 'vitest';
import { AUTH_ERROR_MESSAGES, DEFAULT_AUTH_ERROR_MESSAGE } from '@scout/protocol/errors';
import {
  ScoutError,
  authError,
  errorFromResponse,
  messageFromBody,
  networkError,
} from './errors.ts';

describe('errorFromResponse: kind from the HTTP status (docs/product.md section 8)', () => {
  it('maps 401 to an auth error', () => {
    const err = errorFromResponse(401, {
      error: 'Session expired. Please sign in again.',
      code: 'TOKEN_EXPIRED',
    });
    expect(err).toBeInstanceOf(ScoutError);
    expect(err.kind).toBe('auth');
    expect(err.status).toBe(401);
    expect(err.code).toBe('TOKEN_EXPIRED');
    expect(err.userMessage).toBe(AUTH_ERROR_MESSAGES.TOKEN_EXPIRED);
    expect(err.retryable).toBe(false);
  });

  it('maps 400 to a validation error', () => {
    const err = errorFromResponse(400, {
      error: { code: 'VALIDATION_ERROR', message: 'limit must be a number' },
    });
    expect(err.kind).toBe('validation');
    expect(err.code).toBe('VALIDATION_ERROR');
    expect(err.message).toBe('limit must be a number');
    expect(err.userMessage).toBe('limit must be a number');
  });

  it.each([403, 404, 409, 413, 429, 500, 502, 503])(
    'maps %i to a network error carrying the status',
    (status) => {
      const err = errorFromResponse(status, { message: 'x' });
      expect(err.kind).toBe('network');
      expect(err.status).toBe(status);
    },
  );

  it('keeps an auth code answered with another status and shows its catalogue message', () => {
    const err = errorFromResponse(409, {
      error: 'An account with this email already exists.',
      code: 'EMAIL_ALREADY_EXISTS',
    });
    expect(err.kind).toBe('network');
    expect(err.code).toBe('EMAIL_ALREADY_EXISTS');
    expect(err.userMessage).toBe(AUTH_ERROR_MESSAGES.EMAIL_ALREADY_EXISTS);
  });

  it('gives an auth error with an unknown code the default auth message', () => {
    const err = errorFromResponse(401, {
      error: { code: 'UNAUTHORIZED', message: 'Authentication required' },
    });
    expect(err.code).toBe('UNAUTHORIZED');
    expect(err.message).toBe('Authentication required');
    expect(err.userMessage).toBe(DEFAULT_AUTH_ERROR_MESSAGE);
  });

  it('falls back to a code from the status when the body has none', () => {
    expect(errorFromResponse(401, null).code).toBe('UNAUTHORIZED');
    expect(errorFromResponse(400, null).code).toBe('VALIDATION_ERROR');
    expect(errorFromResponse(429, null).code).toBe('RATE_LIMITED');
    expect(errorFromResponse(502, '<html>bad gateway</html>').code).toBe('NETWORK_ERROR');
  });

  it('shows the network message, not "HTTP 502", when the server said nothing', () => {
    const err = errorFromResponse(502, null);
    expect(err.message).toBe('HTTP 502');
    expect(err.userMessage).toBe(AUTH_ERROR_MESSAGES.NETWORK_ERROR);
  });

  it('marks NETWORK_ERROR, RATE_LIMITED, 429 and 5xx retryable and nothing else', () => {
    expect(errorFromResponse(429, { code: 'RATE_LIMITED', message: 'slow down' }).retryable).toBe(
      true,
    );
    expect(errorFromResponse(503, { code: 'SERVICE_UNAVAILABLE', message: 'busy' }).retryable).toBe(
      true,
    );
    expect(errorFromResponse(500, {}).retryable).toBe(true);
    expect(errorFromResponse(404, { code: 'NOT_FOUND', message: 'Not found' }).retryable).toBe(
      false,
    );
    expect(errorFromResponse(409, { code: 'CONFLICT', message: 'taken' }).retryable).toBe(false);
    expect(errorFromResponse(401, { code: 'INVALID_CREDENTIALS', message: 'no' }).retryable).toBe(
      false,
    );
    expect(networkError('offline').retryable).toBe(true);
  });
});

describe('messageFromBody: error.message, else message, else error string, else HTTP status', () => {
  it('prefers error.message', () => {
    expect(
      messageFromBody(400, { error: { message: 'from error' }, message: 'from message' }),
    ).toBe('from error');
  });
  it('then message', () => {
    expect(messageFromBody(400, { error: { code: 'X' }, message: 'from message' })).toBe(
      'from message',
    );
  });
  it('then error when it is a string (auth endpoints)', () => {
    expect(
      messageFromBody(401, { error: 'Invalid email or password.', code: 'INVALID_CREDENTIALS' }),
    ).toBe('Invalid email or password.');
  });
  it('then HTTP <status>', () => {
    expect(messageFromBody(418, {})).toBe('HTTP 418');
    expect(messageFromBody(500, 'plain text')).toBe('HTTP 500');
    expect(messageFromBody(500, null)).toBe('HTTP 500');
    expect(messageFromBody(500, { error: '', message: '' })).toBe('HTTP 500');
  });
});

describe('local errors', () => {
  it('authError uses the catalogue message for a known code', () => {
    const err = authError('AUTH_TIMEOUT');
    expect(err.kind).toBe('auth');
    expect(err.message).toBe(AUTH_ERROR_MESSAGES.AUTH_TIMEOUT);
    expect(err.userMessage).toBe(AUTH_ERROR_MESSAGES.AUTH_TIMEOUT);
    expect(err.status).toBeUndefined();
  });

  it('networkError has no status, the network code and message, and keeps its cause', () => {
    const cause = new TypeError('fetch failed');
    const err = networkError('fetch failed', cause);
    expect(err).toMatchObject({ kind: 'network', code: 'NETWORK_ERROR', status: undefined });
    expect(err.userMessage).toBe(AUTH_ERROR_MESSAGES.NETWORK_ERROR);
    expect(err.cause).toBe(cause);
  });
});
