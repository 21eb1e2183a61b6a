/**
 * Helpers for the AI gateway's tests: an app whose providers are the provider simulation
 * (test/ai-provider-simulation.ts), callers of each role, and the two ways clients read a
 * text stream. What the gateway reads from other sites (images and audio by URL) goes through
 * the network guard of the web-data tests (test/network-guards.ts): nothing leaves loopback,
 * and closing the app checks no connection was tried elsewhere.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { parseAiConfig, type AiConfig } from '../src/ai/ai-config.ts';
import type { Config } from '../src/config.ts';
import type { AppDeps } from '../src/deps.ts';
import { startProviderSimulation, type ProviderSimulation } from './ai-provider-simulation.ts';
import { networkGuard, type NetworkGuard } from './network-guards.ts';
import { SERVICE_KEY, bearer, serviceKeys } from './storage.ts';
import { buildTestApp, type StoreKind, type TestApp } from './test-app.ts';

export { SERVICE_KEY, bearer };

export interface AiTestApp extends TestApp {
  sim: ProviderSimulation;
  net: NetworkGuard;
  /** A call of the first troop's unless given another troop's project id. */
  post(
    path: string,
    body: unknown,
    auth?: string,
    projectId?: string,
  ): Promise<LightMyRequestResponse>;
}

export async function buildAiTestApp(
  kind: StoreKind,
  opts: {
    env?: Record<string, string>;
    ai?: Partial<AiConfig>;
    config?: Partial<Config>;
    deps?: Partial<AppDeps>;
    /** The provider key the simulation expects and the app is given. */
    apiKey?: string;
  } = {},
): Promise<AiTestApp> {
  const sim = await startProviderSimulation(opts.apiKey ? { apiKey: opts.apiKey } : {});
  const net = networkGuard();
  const ai = {
    ...parseAiConfig({ AI_BASE_URL: sim.baseUrl, AI_API_KEY: sim.apiKey, ...opts.env }),
    ...opts.ai,
  };
  const t = await buildTestApp({
    store: kind,
    config: { ai, publicUrl: 'https://troop.example', ...opts.config },
    deps: {
      serviceKeys,
      ...opts.deps,
      webData: { resolver: net.resolver, connector: net.connector, ...opts.deps?.webData },
    },
  });
  return {
    ...t,
    sim,
    net,
    post: (path, body, auth, projectId = t.deps.config.projectId) =>
      t.app.inject({
        method: 'POST',
        url: `/api/ai/${projectId}${path}`,
        payload: body as Record<string, unknown>,
        ...(auth ? { headers: { authorization: auth } } : {}),
      }),
    close: async () => {
      await t.close();
      await sim.close();
      expect(net.stray, 'connections tried outside loopback').toEqual([]);
    },
  };
}

/** What an older client reads: `X:json` lines, anything else skipped. */
export function readDataStreamLines(body: string): { code: string; value: unknown }[] {
  return body
    .split('\n')
    .filter((line) => /^[0-9a-z]:/.test(line))
    .map((line) => ({ code: line[0] as string, value: JSON.parse(line.slice(2)) as unknown }));
}

/** What a newer client reads: server-sent events' `data:` values; other fields skipped. */
export function readEventStream(body: string): unknown[] {
  const out: unknown[] = [];
  for (const block of body.split('\n\n')) {
    const data = block
      .split('\n')
      .filter((line) => line.startsWith('data:'))
      .map((line) => line.slice(5).replace(/^ /, ''));
    if (data.length === 0) continue;
    const text = data.join('\n');
    out.push(text === '[DONE]' ? '[DONE]' : JSON.parse(text));
  }
  return out;
}

/** A call over a real socket, for what inject cannot show: a client leaving, an abnormal end. */
export interface RawCall {
  /** The request: destroy it to leave mid-call. */
  req: http.ClientRequest;
  /** The body received so far. */
  body(): string;
  /** Settles when the response closes: `complete` only if its whole body arrived. */
  ended: Promise<'complete' | 'aborted'>;
}

export async function rawPost(
  a: AiTestApp,
  path: string,
  body: unknown,
  auth: string,
): Promise<RawCall> {
  if (!a.app.server.listening) await a.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = a.app.server.address() as AddressInfo;
  const received: string[] = [];
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/ai/${a.deps.config.projectId}${path}`,
    headers: { authorization: auth, 'content-type': 'application/json' },
  });
  req.on('error', () => {});
  const ended = new Promise<'complete' | 'aborted'>((resolve) => {
    let answered = false;
    req.on('close', () => {
      if (!answered) resolve('aborted');
    });
    req.on('response', (res) => {
      answered = true;
      res.on('data', (c: Buffer) => received.push(c.toString()));
      res.on('error', () => {});
      res.on('close', () => resolve(res.complete ? 'complete' : 'aborted'));
    });
  });
  req.end(JSON.stringify(body));
  return { req, body: () => received.join(''), ended };
}

/** Waits (up to five seconds) for a condition the server reaches on its own time. */
export async function waitFor(check: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
}
