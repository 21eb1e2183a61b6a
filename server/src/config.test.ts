import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('needs nothing: every setting has a working default', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      dataDir: './data',
      publicUrl: 'http://localhost:3000',
      allowedParentOrigins: [],
    });
    expect(c.databaseUrl).toBeUndefined();
    expect(c.redisUrl).toBeUndefined();
    expect(c.smtpUrl).toBeUndefined();
    expect(c.projectId).toMatch(/^[a-z0-9-]+$/);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['PROJECT_ID', 'bad id!'],
    ['PUBLIC_URL', 'ftp://troop.example'],
    ['ALLOWED_PARENT_ORIGINS', 'not a url'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['SMTP_URL', 'mail.example'],
    ['TIMEZONE', 'Mars/Olympus'],
    ['REQUIRE_EMAIL_VERIFICATION', 'maybe'],
    ['ADDRESS_RATE_LIMIT_SCALE', '0'],
  ])('refuses a bad %s with one line naming it', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(name);
    expect((error as Error).message).not.toContain('\n');
  });

  it('reads lists and origins', () => {
    const c = loadConfig({
      ALLOWED_PARENT_ORIGINS: 'https://a.example/path, https://b.example',
      PUBLIC_URL: 'https://troop.example/',
    });
    expect(c.allowedParentOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(c.publicUrl).toBe('https://troop.example');
  });
});

describe('proxy and signing key settings', () => {
  it('reads TRUST_PROXY as a boolean and JWT_SECRET as given, in config.ts only', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(() => loadConfig({ TRUST_PROXY: 'sometimes' })).toThrow(
      /TRUST_PROXY must be true or false/,
    );
    expect(loadConfig({}).jwtSecret).toBeUndefined();
    expect(loadConfig({ JWT_SECRET: 'c2VjcmV0' }).jwtSecret).toBe('c2VjcmV0');
  });
});
