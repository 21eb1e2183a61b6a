import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { networkGuard, type NetworkGuard } from '../../test/network-guards.ts';
import { FIXTURE_DIR, startWebFixture, type WebFixture } from '../../test/web-fixtures.ts';
import { parseAllowList } from './address-policy.ts';
import { createByteBudget } from './capture-budget.ts';
import {
  createOutboundClient,
  OutboundError,
  USER_AGENT,
  type OutboundRequest,
} from './outbound-client.ts';

let site: WebFixture;
let net: NetworkGuard;
beforeAll(async () => {
  site = await startWebFixture();
});
afterAll(async () => site.close());
afterEach(() => {
  expect(net.stray).toEqual([]);
});

const limits = { maxBytes: 1024 * 1024, timeoutMs: 5000 };

function client(allow: string[] = []) {
  net = networkGuard();
  return createOutboundClient({
    allow: parseAllowList(allow),
    resolver: net.resolver,
    connector: net.connector,
  });
}

async function failure(p: Promise<unknown>): Promise<OutboundError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OutboundError);
  return err as OutboundError;
}

const get = (c: ReturnType<typeof client>, url: string, more: Partial<OutboundRequest> = {}) =>
  c.request({ url, ...limits, ...more });

describe('outbound client: refusals happen before any connection', () => {
  it.each([
    ['http://metadata.test/latest/meta-data/', 'link-local'],
    ['http://private.test/', 'private'],
    ['http://mapped.test/', 'loopback (IPv4 in IPv6)'],
    ['http://mapped-metadata.test/', 'link-local (IPv4 in IPv6)'],
    ['http://ula.test/', 'unique local'],
    ['http://mixed.test/', 'private'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local'],
    ['http://[::ffff:169.254.169.254]/', 'link-local'],
    ['http://[::1]:80/', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://0/', 'this network'],
  ])('%s is refused (%s)', async (url, reason) => {
    const c = client();
    const err = await failure(get(c, url));
    expect(err.kind).toBe('refused');
    expect(err.message).toContain(reason);
    expect(net.connections).toEqual([]);
  });

  it.each([
    'ftp://fixture.test/',
    'file:///etc/passwd',
    'gopher://x/',
    'not a url',
    'http://u:p@fixture.test/',
  ])('%s is not a URL it fetches', async (url) => {
    const c = client();
    expect((await failure(get(c, url))).kind).toBe('bad-url');
    expect(net.lookups).toEqual([]);
  });

  it('loopback is refused unless DATA_ALLOW_PRIVATE_HOSTS lists it', async () => {
    const refused = client();
    expect((await failure(get(refused, `${site.origin}/echo`))).kind).toBe('refused');
    expect(net.connections).toEqual([]);
    const allowed = client(['127.0.0.1']);
    const res = await get(allowed, `${site.origin}/echo`);
    expect(res.status).toBe(200);
  });

  it('connects to the address it checked, resolving the name once', async () => {
    const c = client();
    await failure(get(c, 'http://public.test/path'));
    expect(net.lookups).toEqual(['public.test']);
    // The test connector refuses it (nothing leaves loopback), but it was asked for the judged address.
    expect(net.stray).toEqual(['93.184.216.34:80']);
    net.stray.length = 0;
  });

  it('a name listed in DATA_ALLOW_PRIVATE_HOSTS reaches its private address, and no other name does', async () => {
    const c = client(['fixture.test']);
    const res = await get(c, `http://fixture.test:${site.port}/echo`);
    expect(JSON.parse(res.body.toString()).headers.host).toBe(`fixture.test:${site.port}`);
    expect(net.lookups).toEqual(['fixture.test']);
    expect((await failure(get(c, `http://mapped.test:${site.port}/echo`))).kind).toBe('refused');
  });
});

describe('outbound client: redirects, size and time', () => {
  const allowed = () => client(['127.0.0.1']);

  it('follows a redirect on the same site and judges every hop again', async () => {
    const c = allowed();
    const res = await get(c, `${site.origin}/redirect?to=/echo%3Fhop%3D2`);
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${site.origin}/echo?hop=2`);
    const refused = await failure(
      get(c, `${site.origin}/redirect?to=${encodeURIComponent('http://metadata.test/latest')}`),
    );
    expect(refused.kind).toBe('refused');
    const refusedLiteral = await failure(
      get(c, `${site.origin}/redirect?code=307&to=${encodeURIComponent('http://[fd00::1]/')}`),
    );
    expect(refusedLiteral.kind).toBe('refused');
  });

  it('a redirect to another scheme is answered, not followed', async () => {
    const c = allowed();
    const res = await get(
      c,
      `${site.origin}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`,
    );
    expect(res.status).toBe(302);
  });

  it('stops an endless chain of redirects', async () => {
    const c = allowed();
    expect((await failure(get(c, `${site.origin}/redirect-loop`))).kind).toBe('too-many-redirects');
  });

  it('turns a POST into a GET on 303 and keeps it on 307', async () => {
    const c = allowed();
    const see = await get(c, `${site.origin}/redirect?code=303&to=/echo`, {
      method: 'POST',
      body: 'a=1',
    });
    expect(JSON.parse(see.body.toString())).toMatchObject({ method: 'GET', body: '' });
    const keep = await get(c, `${site.origin}/redirect?code=307&to=/echo`, {
      method: 'POST',
      body: 'a=1',
    });
    expect(JSON.parse(keep.body.toString())).toMatchObject({ method: 'POST', body: 'a=1' });
  });

  it('drops credentials when a redirect leaves the origin', async () => {
    const c = client(['127.0.0.1', 'fixture.test']);
    const to = encodeURIComponent(`http://fixture.test:${site.port}/echo`);
    const res = await get(c, `${site.origin}/redirect?to=${to}`, {
      headers: { Authorization: 'Bearer abc', 'X-Keep': 'yes' },
    });
    const echoed = JSON.parse(res.body.toString()).headers;
    expect(echoed.authorization).toBeUndefined();
    expect(echoed['x-keep']).toBe('yes');
  });

  it('refuses a body larger than the bound, declared or streamed, and a decompression bomb', async () => {
    const c = allowed();
    // The size bound is what is tested: a deadline a busy machine cannot reach first.
    const patient = { timeoutMs: 60_000 };
    const refusal = async (path: string) =>
      (await failure(get(c, site.origin + path, patient))).kind;
    expect(await refusal('/huge?bytes=2000000')).toBe('too-large');
    expect(await refusal('/endless')).toBe('too-large');
    expect(await refusal('/gzip-bomb')).toBe('too-large');
  });

  it('requests sharing a byte budget read no more than it together, then all fail', async () => {
    const c = allowed();
    const budget = createByteBudget(1024 * 1024);
    // Each alone may read 10 MB; two endless answers at once must stop at 1 MB between them.
    const failures = await Promise.all([
      failure(get(c, `${site.origin}/endless?n=1`, { budget, maxBytes: 10 * 1024 * 1024 })),
      failure(get(c, `${site.origin}/endless?n=2`, { budget, maxBytes: 10 * 1024 * 1024 })),
    ]);
    expect(failures.map((f) => f.kind)).toEqual(['over-budget', 'over-budget']);
    expect(budget.used).toBeLessThanOrEqual(1024 * 1024);
    await expect(budget.spent).rejects.toMatchObject({ kind: 'over-budget' });
    // Spent for good: even a small answer is refused now.
    expect((await failure(get(c, `${site.origin}/echo`, { budget }))).kind).toBe('over-budget');
    const fresh = createByteBudget(1024 * 1024);
    expect((await get(c, `${site.origin}/echo`, { budget: fresh })).status).toBe(200);
    expect(fresh.used).toBeGreaterThan(0);
  });

  it('says who is asking unless the caller does', async () => {
    const c = allowed();
    const plain = JSON.parse((await get(c, `${site.origin}/echo`)).body.toString()).headers;
    expect(plain['user-agent']).toBe(USER_AGENT);
    const own = await get(c, `${site.origin}/echo`, { headers: { 'User-Agent': 'TroopBot/2' } });
    expect(JSON.parse(own.body.toString()).headers['user-agent']).toBe('TroopBot/2');
  });

  it('reads compressed answers as text', async () => {
    const c = allowed();
    const res = await get(c, `${site.origin}/gzip`);
    expect(res.body.toString()).toBe('Pack a sleeping bag rated to 20°F.');
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('gives up on a site that stops answering, at its deadline', async () => {
    const c = allowed();
    expect((await failure(get(c, `${site.origin}/slow`, { timeoutMs: 300 }))).kind).toBe('timeout');
  });

  it('answers an unknown host and a closed port as unreachable', async () => {
    const c = client(['127.0.0.1']);
    expect((await failure(get(c, 'http://nowhere.test/'))).kind).toBe('unreachable');
    expect((await failure(get(c, 'http://127.0.0.1:1/'))).kind).toBe('unreachable');
  });
});

describe('outbound client: https', () => {
  it('checks the certificate against the host name it sent (SNI): a self-signed one is refused', async () => {
    const tlsDir = path.join(FIXTURE_DIR, '..', 'tls');
    const names: string[] = [];
    const server = https.createServer(
      {
        key: fs.readFileSync(path.join(tlsDir, 'fixture-test.key.pem')),
        cert: fs.readFileSync(path.join(tlsDir, 'fixture-test.cert.pem')),
        SNICallback: (name, done) => {
          names.push(name);
          done(null);
        },
      },
      (_req, res) => res.end('secret page'),
    );
    server.on('tlsClientError', () => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const c = client(['fixture.test']);
      const err = await failure(c.request({ url: `https://fixture.test:${port}/`, ...limits }));
      expect(err.kind).toBe('unreachable');
      expect(err.message).toBe("The site's certificate is not valid");
      expect(names).toEqual(['fixture.test']);
    } finally {
      server.close();
    }
  });
});
