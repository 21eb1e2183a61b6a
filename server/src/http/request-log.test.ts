import { describe, expect, it } from 'vitest';
import { redactUrl } from './request-log.ts';

describe('request log URLs', () => {
  it('keep a query without secret parameters as the client sent it', () => {
    const url =
      '/api/db/p/rest/v1/calendar_events?select=*&order=event_date.asc&or=(a.eq.1,b.eq.2)';
    expect(redactUrl(url)).toBe(url);
  });

  it('never show the value of a secret parameter, however its name is written', () => {
    const urls = [
      '/api/auth/verify?token=s3cret',
      '/api/auth/verify?TOKEN=s3cret&next=%2F',
      '/api/auth/verify?%74oken=s3cret',
      '/api/auth/verify??token=s3cret',
      '/api/auth/callback?x=1&code=s3cret&state=s3cret',
      '/api/auth/verify?a=1&&refresh_token=s3cret',
      '/?invite=s3cret',
      '/?family=s3cret&x=1',
    ];
    for (const url of urls) {
      const logged = redactUrl(url);
      expect(logged).not.toContain('s3cret');
      expect(logged).toContain('redacted');
    }
  });

  it('hide what a provider sign-in carries: code, state, tokens, a mobile session id', () => {
    const urls = [
      '/api/auth/callback/google?code=s3cret&state=s3cret&iss=https%3A%2F%2Faccounts.google.com',
      '/auth?provider=google&mode=mobile-session&session_id=s3cret',
      '/?access_token=s3cret&refresh_token=s3cret&id_token=s3cret&project_id=scout-troop',
      '/api/auth/mobile-session/s3cret',
    ];
    for (const url of urls) expect(redactUrl(url)).not.toContain('s3cret');
    expect(redactUrl('/api/auth/mobile-session/s3cret')).toBe(
      '/api/auth/mobile-session/[redacted]',
    );
  });

  it('hide the secret in a calendar feed path', () => {
    expect(redactUrl('/api/calendar/p/feed/s3cret.ics?x=1')).toBe(
      '/api/calendar/p/feed/[redacted]?x=1',
    );
  });
});
