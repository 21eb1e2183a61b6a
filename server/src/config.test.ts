import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES_CONFIG } from '@scout/protocol/permissions';
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
    expect(c.analyticsRetentionDays).toBe(400);
    expect(loadConfig({ ANALYTICS_RETENTION_DAYS: '90' }).analyticsRetentionDays).toBe(90);
    expect(c.jobs).toMatchObject({ pollMs: 5000, leaseMs: 300_000, maxAttempts: 8 });
    expect(loadConfig({ JOBS_POLL_MS: '0', JOBS_MAX_ATTEMPTS: '3' }).jobs).toMatchObject({
      pollMs: 0,
      maxAttempts: 3,
    });
    expect(c.noticeBatchMs).toBe(300_000);
    expect(loadConfig({ NOTICE_BATCH_MS: '0' }).noticeBatchMs).toBe(0);
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
    ['AI_BASE_URL', 'api.openai.com'],
    ['AI_TEXT_BASE_URL', 'ftp://models.example'],
    ['AI_TEXT_MODEL', 'two words'],
    ['AI_MODEL_MAP', 'gpt-4o'],
    ['AI_OBJECT_STREAM', 'json'],
    ['AI_DAILY_TOKENS', '-5'],
    ['AI_REQUESTS_PER_MINUTE', 'lots'],
    ['AI_MAX_CONCURRENT', '0'],
    ['AI_TIMEOUT_SECONDS', '1.5'],
    ['DATA_ALLOW_PRIVATE_HOSTS', '10.0.0.0/40'],
    ['DATA_SECRET_WEATHER_KEY', 'long-enough-value'],
    ['DATA_SECRET_SHORT', 'abc'],
    ['DATA_SECRET_ORPHAN_HOSTS', 'api.example.org'],
    ['SEARCH_URL', 'searx.local'],
    ['BROWSER_MAX_PAGES', '0'],
    ['ANALYTICS_RETENTION_DAYS', '0'],
    ['ANALYTICS_RETENTION_DAYS', 'forever'],
    ['JOBS_POLL_MS', 'often'],
    ['JOBS_LEASE_MS', '10'],
    ['JOBS_MAX_ATTEMPTS', '0'],
    ['JOBS_RETRY_BASE_MS', '-5'],
    ['NOTICE_BATCH_MS', 'soon'],
    ['NOTICE_BATCH_MS', '86400001'],
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

describe('web data settings', () => {
  it('reads secrets bound to hosts, the allow list, the search URL and the page limit', () => {
    const c = loadConfig({
      DATA_SECRET_WEATHER_KEY: 'k-1234567890',
      DATA_SECRET_WEATHER_KEY_HOSTS: 'api.weather.example, *.council.example',
      DATA_ALLOW_PRIVATE_HOSTS: '127.0.0.1,wiki.troop.lan',
      SEARCH_URL: 'http://127.0.0.1:8888',
      BROWSER_MAX_PAGES: '2',
    });
    expect(c.dataSecrets).toEqual([
      {
        name: 'WEATHER_KEY',
        value: 'k-1234567890',
        hosts: ['api.weather.example', '*.council.example'],
      },
    ]);
    expect(c.dataAllowPrivateHosts).toHaveLength(2);
    expect(c.searchUrl).toBe('http://127.0.0.1:8888');
    expect(c.browserMaxPages).toBe(2);
    expect(loadConfig({}).searchUrl).toBeUndefined();
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

describe('the roles file (ROLES_FILE)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-roles-'));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const at = path.join(dir, name);
    fs.writeFileSync(at, text);
    return at;
  };
  const refusal = (rolesFile: string): string => {
    try {
      loadConfig({ ROLES_FILE: rolesFile });
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('the configuration was accepted');
  };

  it('uses the default roles without one, and the file when it is good', () => {
    expect(loadConfig({}).roles).toEqual(DEFAULT_ROLES_CONFIG);
    const good = file(
      'good.json',
      JSON.stringify({
        defaultRole: 'member',
        roles: { admin: { permissions: ['*'] }, member: { permissions: ['events.*'] } },
      }),
    );
    expect(loadConfig({ ROLES_FILE: good }).roles).toEqual({
      defaultRole: 'member',
      roles: { admin: { permissions: ['*'] }, member: { permissions: ['events.*'] } },
    });
  });

  it('refuses a missing file, naming it', () => {
    const missing = path.join(dir, 'nowhere.json');
    expect(refusal(missing)).toMatch(
      new RegExp(`^ROLES_FILE ${missing} could not be read: ENOENT: no such file or directory`),
    );
  });

  it('refuses a file that is not JSON, in one line', () => {
    const bad = file('bad.json', '{\n  "defaultRole": "user",\n  roles: {}\n}');
    const message = refusal(bad);
    expect(message).toMatch(new RegExp(`^ROLES_FILE ${bad} is not valid JSON: `));
    expect(message).not.toContain('\n');
  });

  it.each([
    [
      'an inheritance cycle',
      {
        defaultRole: 'user',
        roles: {
          user: { permissions: [], inherit: ['leader'] },
          leader: { permissions: [], inherit: ['user'] },
        },
      },
      'roles configuration: inheritance cycle user -> leader -> user',
    ],
    [
      'an unknown parent role',
      { defaultRole: 'user', roles: { user: { permissions: [], inherit: ['parent'] } } },
      'roles configuration: role "user" inherits unknown role "parent"',
    ],
    [
      'a default role it does not define',
      { defaultRole: 'member', roles: { user: { permissions: [] } } },
      'roles configuration: "defaultRole" must name a defined role, got "member"',
    ],
    [
      'a malformed permission',
      { defaultRole: 'user', roles: { user: { permissions: ['Events Manage'] } } },
      'roles configuration: role "user": "permissions" must be a list of names like "events.manage", "events.*" or "*"',
    ],
  ])('refuses %s with one line naming the problem', (_, roles, problem) => {
    const at = file('roles.json', JSON.stringify(roles, null, 2));
    expect(refusal(at)).toBe(`ROLES_FILE ${at}: ${problem}`);
  });
});
