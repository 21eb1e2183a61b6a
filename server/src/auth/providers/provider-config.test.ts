import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const council = {
  AUTH_PROVIDERS: 'council-login',
  AUTH_COUNCIL_LOGIN_CLIENT_ID: 'scout-platform',
  AUTH_COUNCIL_LOGIN_CLIENT_SECRET: 's3cret',
  AUTH_COUNCIL_LOGIN_ISSUER: 'https://login.council.example/oidc/',
};

describe('sign-in providers from the environment', () => {
  it('has none by default', () => {
    const c = loadConfig({});
    expect(c.authProviders).toEqual([]);
    expect(c.allowedRedirectOrigins).toEqual([]);
  });

  it('reads the four variables of a provider, any OpenID Connect issuer by name', () => {
    expect(loadConfig(council).authProviders).toEqual([
      {
        name: 'council-login',
        issuer: 'https://login.council.example/oidc',
        clientId: 'scout-platform',
        clientSecret: 's3cret',
        responseMode: 'query',
      },
    ]);
  });

  it('knows where Google, Microsoft and Apple live', () => {
    const c = loadConfig({
      AUTH_PROVIDERS: 'Google, microsoft,apple',
      AUTH_GOOGLE_CLIENT_ID: 'g',
      AUTH_GOOGLE_CLIENT_SECRET: 'gs',
      AUTH_MICROSOFT_CLIENT_ID: 'm',
      AUTH_MICROSOFT_CLIENT_SECRET: 'ms',
      AUTH_APPLE_CLIENT_ID: 'a',
      AUTH_APPLE_CLIENT_SECRET: 'as',
    });
    expect(c.authProviders.map((p) => [p.name, p.issuer, p.responseMode])).toEqual([
      ['google', 'https://accounts.google.com', 'query'],
      ['microsoft', 'https://login.microsoftonline.com/common/v2.0', 'query'],
      ['apple', 'https://appleid.apple.com', 'form_post'],
    ]);
  });

  it('allows an http issuer only with AUTH_ALLOW_INSECURE_ISSUER=1 (local tests)', () => {
    const local = { ...council, AUTH_COUNCIL_LOGIN_ISSUER: 'http://127.0.0.1:4000' };
    expect(() => loadConfig(local)).toThrow(/AUTH_COUNCIL_LOGIN_ISSUER must be https/);
    expect(loadConfig({ ...local, AUTH_ALLOW_INSECURE_ISSUER: '1' }).authProviders[0]?.issuer).toBe(
      'http://127.0.0.1:4000',
    );
  });

  it.each([
    [{ ...council, AUTH_COUNCIL_LOGIN_CLIENT_ID: '' }, 'AUTH_COUNCIL_LOGIN_CLIENT_ID'],
    [
      { ...council, AUTH_COUNCIL_LOGIN_CLIENT_SECRET: undefined },
      'AUTH_COUNCIL_LOGIN_CLIENT_SECRET',
    ],
    [{ ...council, AUTH_COUNCIL_LOGIN_ISSUER: undefined }, 'AUTH_COUNCIL_LOGIN_ISSUER'],
    [{ ...council, AUTH_COUNCIL_LOGIN_ISSUER: 'not a url' }, 'AUTH_COUNCIL_LOGIN_ISSUER'],
    [{ ...council, AUTH_COUNCIL_LOGIN_ISSUER: 'ftp://x.example' }, 'AUTH_COUNCIL_LOGIN_ISSUER'],
    [
      { ...council, AUTH_COUNCIL_LOGIN_ISSUER: 'https://x.example/?a=1' },
      'AUTH_COUNCIL_LOGIN_ISSUER',
    ],
    [{ AUTH_PROVIDERS: 'email' }, 'AUTH_PROVIDERS'],
    [{ AUTH_PROVIDERS: 'my provider' }, 'AUTH_PROVIDERS'],
    [{ ...council, AUTH_PROVIDERS: 'council-login,council-login' }, 'AUTH_PROVIDERS'],
    [{ AUTH_ALLOW_INSECURE_ISSUER: 'perhaps' }, 'AUTH_ALLOW_INSECURE_ISSUER'],
    [{ ALLOWED_REDIRECT_ORIGINS: 'portal.example' }, 'ALLOWED_REDIRECT_ORIGINS'],
    [{ APP_REDIRECT_URIS: 'myapp:/signed-in' }, 'APP_REDIRECT_URIS'],
    [{ APP_REDIRECT_URIS: 'http://troop.example/signed-in' }, 'APP_REDIRECT_URIS'],
    [{ APP_REDIRECT_URIS: 'org.troop.app:/signed-in#x' }, 'APP_REDIRECT_URIS'],
  ])('a broken configuration stops the start with one line naming it (%#)', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(name);
    expect((error as Error).message).not.toContain('\n');
  });

  it('reads ALLOWED_REDIRECT_ORIGINS as origins', () => {
    expect(
      loadConfig({ ALLOWED_REDIRECT_ORIGINS: 'https://portal.example/home, https://b.example' })
        .allowedRedirectOrigins,
    ).toEqual(['https://portal.example', 'https://b.example']);
  });

  it("reads APP_REDIRECT_URIS as the troop apps' exact redirects", () => {
    expect(
      loadConfig({
        APP_REDIRECT_URIS: 'org.troop214.app:/signed-in, https://troop.example/app/signed-in',
      }).appRedirectUris,
    ).toEqual(['org.troop214.app:/signed-in', 'https://troop.example/app/signed-in']);
  });
});
