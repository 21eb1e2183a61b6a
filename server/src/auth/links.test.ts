import { describe, expect, it } from 'vitest';
import { testConfig } from '../../test/test-app.ts';
import { acceptedRedirect, linkUrl } from './links.ts';

const config = testConfig({
  publicUrl: 'https://troop.example',
  corsOrigins: ['https://app.troop.example'],
  allowedParentOrigins: ['https://portal.council.example'],
});

describe('redirectUrl allow-list', () => {
  it.each([
    ['https://troop.example/reset', 'https://troop.example/reset'],
    ['https://app.troop.example/a?b=c#d', 'https://app.troop.example/a?b=c#d'],
    ['https://portal.council.example/', 'https://portal.council.example/'],
    ['/account/reset', 'https://troop.example/account/reset'],
  ])('accepts %s', (raw, expected) => {
    expect(acceptedRedirect(config, raw)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    'http://troop.example/',
    'https://troop.example.evil.example/',
    'https://troop.example@evil.example/',
    'https://user:pass@troop.example/',
    '//evil.example/x',
    '/\\evil.example/x',
    'javascript:alert(1)',
    'data:text/html,hi',
    '',
    'x'.repeat(3000),
    42,
    null,
  ])('ignores %j', (raw) => {
    expect(acceptedRedirect(config, raw)).toBeUndefined();
  });
});

describe('link addresses', () => {
  it('carry the parameter names clients read and nothing else of ours', () => {
    expect(linkUrl(config, 'magic', 'tok')).toBe(
      'https://troop.example/?magic_token=tok&projectId=scout-troop',
    );
    expect(linkUrl(config, 'reset', 'tok')).toBe(
      'https://troop.example/?token=tok&type=reset&projectId=scout-troop',
    );
    expect(linkUrl(config, 'verify', 'tok')).toBe(
      'https://troop.example/?token=tok&type=verify&projectId=scout-troop',
    );
  });

  it('keep the redirect address and replace a token already in it', () => {
    expect(linkUrl(config, 'reset', 'new', 'https://app.troop.example/r?token=old&x=1#top')).toBe(
      'https://app.troop.example/r?token=new&x=1&type=reset&projectId=scout-troop#top',
    );
  });
});
