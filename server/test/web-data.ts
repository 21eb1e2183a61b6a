/**
 * An app for the web-data tests: its outgoing requests go through `networkGuard` (loopback
 * only, test host names), loopback is allowed as a private host unless a test says otherwise,
 * and a leader (who holds data.use) and a plain member are signed up. Also the per-file and
 * per-test setup those tests share: the fixture web site, a Chromium pool, and apps closed
 * after each test once it made no stray connection.
 */
import fs from 'node:fs';
import { Writable } from 'node:stream';
import type { LightMyRequestResponse } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Config } from '../src/config.ts';
import type { WebDataOverrides } from '../src/web-data/web-data-context.ts';
import { parseAllowList } from '../src/web-data/address-policy.ts';
import { forgetAccount } from '../src/auth/session-check.ts';
import { bearer, signUp } from './auth.ts';
import { networkGuard, type NetworkGuard } from './network-guards.ts';
import { buildTestApp, type StoreKind, type TestApp } from './test-app.ts';
import { startWebFixture, type WebFixture } from './web-fixtures.ts';
import { createBrowserPool, type BrowserPool } from '../src/web-data/browser-pool.ts';

export interface DataTestApp extends TestApp {
  net: NetworkGuard;
  leader: string;
  member: string;
  /** Everything the server logged, as text. */
  logs: () => string;
  post(call: string, payload: unknown, token?: string): Promise<LightMyRequestResponse>;
}

export interface DataTestOptions {
  store?: StoreKind;
  allow?: string[];
  config?: Partial<Config>;
  webData?: WebDataOverrides;
}

export async function buildDataTestApp(opts: DataTestOptions = {}): Promise<DataTestApp> {
  const net = networkGuard();
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  const t = await buildTestApp({
    store: opts.store,
    config: {
      dataAllowPrivateHosts: parseAllowList(opts.allow ?? ['127.0.0.1', 'fixture.test']),
      ...opts.config,
    },
    deps: {
      logger: pino({ level: 'info' }, sink),
      webData: { resolver: net.resolver, connector: net.connector, ...opts.webData },
    },
  });
  const leader = await signUp(t, { email: `leader-${crypto.randomUUID()}@troop12.org` });
  await t.deps.store.query("UPDATE users SET role = 'leader' WHERE id = ?", [leader.user.id]);
  forgetAccount(t.deps.store, leader.user.id);
  const member = await signUp(t, { email: `member-${crypto.randomUUID()}@troop12.org` });
  return {
    ...t,
    net,
    leader: leader.access_token,
    member: member.access_token,
    logs: () => lines.join(''),
    post: (call, payload, token) =>
      t.app.inject({
        method: 'POST',
        url: `/api/data/${t.deps.config.projectId}/${call}`,
        payload: payload as Record<string, unknown>,
        ...(token ? { headers: bearer(token) } : {}),
      }),
  };
}

type AppOptions = Omit<DataTestOptions, 'store'>;

/**
 * Builds data test apps on `kind`, each with `defaults` under the options a test gives (config
 * and webData merged key by key). `defaults` is read at each build, so it may name what a
 * `beforeAll` starts. After each test the app it built last is closed, once it is shown to have
 * made no connection the network guard refused.
 */
export function dataAppPerTest(kind: StoreKind, defaults: () => AppOptions = () => ({})) {
  let t: DataTestApp | undefined;
  afterEach(async () => {
    expect(t?.net.stray ?? []).toEqual([]);
    await t?.close();
    t = undefined;
  });
  return async (opts: AppOptions = {}): Promise<DataTestApp> => {
    const base = defaults();
    t = await buildDataTestApp({
      store: kind,
      ...base,
      ...opts,
      config: { ...base.config, ...opts.config },
      webData: { ...base.webData, ...opts.webData },
    });
    return t;
  };
}

/** The fixture web site for a test file: started before its tests, closed after them. */
export function fixtureSitePerFile(): { readonly site: WebFixture } {
  const suite = {} as { site: WebFixture };
  beforeAll(async () => {
    suite.site = await startWebFixture();
  });
  afterAll(async () => suite.site.close());
  return suite;
}

/** Where the system Chromium is installed. */
const CHROMIUM = '/usr/bin/chromium';

/**
 * The fixture web site and a pool of the system Chromium (two pages at once) for a test file:
 * started before its tests, the browser closed before the site after them.
 */
export function chromiumPerFile(): { readonly site: WebFixture; readonly pool: BrowserPool } {
  const suite = {} as { site: WebFixture; pool: BrowserPool };
  beforeAll(async () => {
    suite.site = await startWebFixture();
    suite.pool = createBrowserPool({ executablePath: CHROMIUM, maxPages: 2 });
  });
  afterAll(async () => {
    await suite.pool.close();
    await suite.site.close();
  });
  return suite;
}

/**
 * The main process of each Chromium this test process launched (playwright starts it directly,
 * talking to it over a pipe): the processes whose parent is this one and that were given
 * `--remote-debugging-pipe`. Read from /proc, for tests that kill the browser.
 */
export function launchedChromiumPids(): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // After "pid (name) ": the state, then the parent's pid.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const args = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      if (parent === process.pid && args.includes('--remote-debugging-pipe'))
        pids.push(Number(entry));
    } catch {
      // The process ended while it was being read.
    }
  }
  return pids;
}
