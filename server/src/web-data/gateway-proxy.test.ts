/**
 * The gateway's proxy, spoken to the way Chromium speaks to an HTTP proxy: absolute-form requests
 * for plain HTTP, CONNECT for tunnels. Its answers come from the outbound client, so the address
 * policy applies exactly as for every other request.
 */
import http from 'node:http';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { networkGuard, type NetworkGuard } from '../../test/network-guards.ts';
import { startWebFixture, type WebFixture } from '../../test/web-fixtures.ts';
import { DATA_CAPTURE_MAX_BYTES } from '@scout/protocol/limits';
import { parseAllowList } from './address-policy.ts';
import { createByteBudget } from './capture-budget.ts';
import { startGatewayProxy, type GatewayProxy } from './gateway-proxy.ts';
import { createOutboundClient } from './outbound-client.ts';

let site: WebFixture;
let guard: NetworkGuard;
let proxy: GatewayProxy;
beforeAll(async () => {
  site = await startWebFixture();
  guard = networkGuard();
  const client = createOutboundClient({
    allow: parseAllowList(['fixture.test']),
    resolver: guard.resolver,
    connector: guard.connector,
  });
  proxy = await startGatewayProxy(client, bounds(DATA_CAPTURE_MAX_BYTES));
});
afterAll(async () => {
  await proxy.close();
  await site.close();
});
afterEach(() => {
  expect(guard.stray).toEqual([]);
});

/** A capture's bounds: 5 s a request, `bytes` in all, never cut short. */
const bounds = (bytes: number) => ({
  timeoutMs: 5000,
  budget: createByteBudget(bytes),
  signal: new AbortController().signal,
});

/** One request through the proxy, as a browser configured with it sends it. */
function viaProxy(target: string, method = 'GET', body?: string, through = proxy) {
  const { port } = new URL(through.url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: target, headers: { host: new URL(target).host } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('the gateway proxy', () => {
  it('answers an allowed target through the outbound client, body and method included', async () => {
    const res = await viaProxy(`http://fixture.test:${site.port}/echo?via=proxy`, 'POST', 'hi');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({
      method: 'POST',
      url: '/echo?via=proxy',
      body: 'hi',
      headers: { host: `fixture.test:${site.port}` },
    });
  });

  it('refuses with 403 what the policy refuses, before connecting', async () => {
    const before = site.seen.length;
    for (const target of [
      `http://127.0.0.1:${site.port}/echo?via=address`,
      'http://metadata.test/latest/meta-data/',
      'http://private.test/admin',
    ])
      expect((await viaProxy(target)).status, target).toBe(403);
    expect(site.seen.length).toBe(before);
    expect(proxy.refused).toEqual(
      expect.arrayContaining([
        `http://127.0.0.1:${site.port}/echo?via=address`,
        'http://metadata.test/latest/meta-data/',
      ]),
    );
  });

  it('refuses tunnels (CONNECT) and requests that are not proxy requests', async () => {
    const { port } = new URL(proxy.url);
    const connections = guard.connections.length;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(Number(port), '127.0.0.1', () =>
        socket.write(`CONNECT fixture.test:${site.port} HTTP/1.1\r\nhost: fixture.test\r\n\r\n`),
      );
      let text = '';
      socket.on('data', (c: Buffer) => (text += c.toString()));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 403 /);
    const direct = await fetch(`${proxy.url}/echo`);
    expect(direct.status).toBe(403);
    expect(guard.connections.length).toBe(connections);
  });

  it('draws on the capture’s byte total: past it, every answer is refused', async () => {
    const budget = createByteBudget(1024 * 1024);
    const small = await startGatewayProxy(
      createOutboundClient({
        allow: parseAllowList(['fixture.test']),
        resolver: guard.resolver,
        connector: guard.connector,
      }),
      { ...bounds(0), budget },
    );
    try {
      const target = (bytes: number) => `http://fixture.test:${site.port}/huge?bytes=${bytes}`;
      const first = await viaProxy(target(600_000), 'GET', undefined, small);
      expect([first.status, first.body.length]).toEqual([200, 600_000]);
      expect((await viaProxy(target(600_000), 'GET', undefined, small)).status).toBe(502);
      expect(budget.used).toBeLessThanOrEqual(1024 * 1024);
      expect((await viaProxy(target(10), 'GET', undefined, small)).status).toBe(502);
    } finally {
      await small.close();
    }
  });
});
