import { describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/test-app.ts';
import { readHostedQuery } from './sign-in-return.ts';

const config = testConfig({ publicUrl: 'https://troop.example' });
const back = 'https://troop.example/after';
const refusal = (query: Record<string, unknown>) => {
  try {
    readHostedQuery(config, query);
  } catch (err) {
    return (err as Error).message;
  }
  return 'accepted';
};

describe('readHostedQuery', () => {
  it('reads snake_case or camelCase names, an empty one as absent, redirect mode by default', () => {
    const read = readHostedQuery(config, {
      redirectUrl: back,
      state: 'abc',
      provider: '',
      projectId: config.projectId,
    });
    expect(read.provider).toBeUndefined();
    expect(read.back).toEqual({ mode: 'redirect', redirectUrl: back, clientState: 'abc' });
    expect(read.params).toEqual({
      mode: 'redirect',
      project_id: config.projectId,
      state: 'abc',
      redirect_url: back,
    });
  });

  it('refuses each bad parameter in its own words', () => {
    expect(refusal({ redirect_url: [back, back] })).toBe('redirect_url may be given once');
    expect(refusal({ redirect_url: back, mode: 'tab' })).toBe(
      'mode must be popup, redirect or mobile-session',
    );
    expect(refusal({ redirect_url: back, state: 'a b' })).toBe('state is not valid');
    expect(refusal({ mode: 'mobile-session', session_id: 'a'.repeat(64) })).toMatch(
      /^redirect_uri is missing or not an address of an app/,
    );
    expect(
      refusal({
        mode: 'mobile-session',
        redirect_uri: 'http://127.0.0.1:8400/',
        code_challenge: 'a'.repeat(43),
      }),
    ).toBe('An app sign-in needs a code_challenge made with code_challenge_method S256');
    expect(refusal({ redirect_url: 'https://elsewhere.example/' })).toMatch(
      /^redirect_url is missing or not an address/,
    );
    expect(refusal({ redirect_url: back, project_id: 'other' })).toBe('Project not found');
  });
});
