/**
 * A graceful restart loses no message: 100 sockets on a server, a publisher publishing from
 * before the stop until after the new server is up. The stopping server closes every socket with
 * 1012; each client comes straight back, subscribes `after` the last message it saw, and ends up
 * with every published message exactly once, in order. The server is built as main.ts builds
 * it (openDeps over a data folder, on a fixed port) and closed as main.ts closes it on SIGTERM,
 * then built again over the same folder: in this process, so the test costs seconds, not the
 * start of two processes. Run with the embedded bus (history kept in the store) and with Redis
 * (TEST_REDIS_URL overrides). A hundred sockets show every client resuming; what many more cost
 * is measured in bench/realtime.ts, not here, where the suite shares two cores with the rest.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { buildApp } from '../app.ts';
import { signAccessToken } from '../auth/tokens.ts';
import { loadConfig } from '../config.ts';
import type { ReadyDeps } from '../deps.ts';
import { openDeps } from '../wiring.ts';
import { eventually, freePort } from '../../test/server-process.ts';
import { ensureTestAccount } from '../../test/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const CLIENTS = 100;
const CHANNEL = 'troop-12';

/** A client of the wire protocol that resumes after a restart's close (1012). */
class ResumingClient {
  readonly ids: string[] = [];
  readonly closeCodes: number[] = [];
  subscriptions = 0;
  /** What each `subscribed` said of the replay: absent on the first, true when nothing was missed. */
  readonly resumed: unknown[] = [];
  private ws: WebSocket | undefined;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly token: string,
  ) {}

  connect(): Promise<void> {
    return new Promise((resolve) => {
      const ws = new WebSocket(this.url, { perMessageDeflate: false });
      this.ws = ws;
      ws.on('open', () => {
        const last = this.ids.at(-1);
        ws.send(JSON.stringify({ type: 'auth', payload: { token: this.token } }));
        ws.send(
          JSON.stringify({
            type: 'subscribe',
            payload: { channel: CHANNEL, ...(last ? { after: last } : {}) },
          }),
        );
      });
      ws.on('message', (raw) => {
        const frame = JSON.parse(String(raw)) as {
          type: string;
          payload: { id: string; resumed?: boolean };
        };
        if (frame.type === 'message') this.ids.push(frame.payload.id);
        if (frame.type === 'subscribed') {
          this.subscriptions++;
          this.resumed.push(frame.payload.resumed);
          resolve();
        }
      });
      ws.on('error', () => {});
      ws.on('close', (code) => {
        if (this.stopped) return;
        // A refused connection (the server is still down) tries again; only closes count.
        if (code !== 1006) this.closeCodes.push(code);
        if (code === 1012 || code === 1006) {
          setTimeout(() => void this.connect(), 50 + Math.random() * 100);
        }
      });
    });
  }

  stop() {
    this.stopped = true;
    this.ws?.terminate();
  }
}

describe.each([
  ['embedded bus, history in the store', false],
  ['Redis bus', true],
])('a graceful restart (%s)', (_name, redis) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-restart-'));
  const projectId = `restart-${path.basename(dataDir).slice(-6)}`;
  let server: { app: FastifyInstance; deps: ReadyDeps } | undefined;
  const clients: ResumingClient[] = [];

  async function start(port: number) {
    const config = loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PROJECT_ID: projectId,
      JOBS_POLL_MS: '0',
      ...(redis ? { REDIS_URL } : {}),
    });
    const deps = await openDeps(config, pino({ level: 'silent' }));
    const app = await buildApp(deps);
    await app.listen({ port, host: '127.0.0.1' });
    return { app, deps };
  }

  /** What main.ts does on SIGTERM. */
  async function stop(s: { app: FastifyInstance; deps: ReadyDeps }) {
    await s.app.close();
    await s.deps.bus?.close();
    await s.deps.store.close();
  }

  afterAll(async () => {
    for (const c of clients) c.stop();
    if (server) await stop(server);
    if (redis) {
      const r = new Redis(REDIS_URL);
      const keys = await r.keys(`scout:rt:${projectId}:*`);
      if (keys.length > 0) await r.del(...keys);
      await r.quit();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('delivers every message published from the stop on to every client, once and in order', async () => {
    const port = await freePort();
    server = await start(port);
    const base = `http://127.0.0.1:${port}`;
    const url = `ws://127.0.0.1:${port}/api/realtime/ws?project_id=${projectId}`;
    // Every socket is the same member: the channel's presence stays one user long, so what
    // is measured is messages, not every socket reading a list of every user at every join.
    await ensureTestAccount(server.deps.store, 'user-ann', 'user', 'ann@troop12.org');
    const token = await signAccessToken(
      server.deps.jwtSecret,
      { sub: 'user-ann', role: 'user', pid: projectId, email: 'ann@troop12.org' },
      Date.now(),
    );
    for (let i = 0; i < CLIENTS; i += 50) {
      const batch = Array.from({ length: 50 }, () => new ResumingClient(url, token));
      clients.push(...batch);
      await Promise.all(batch.map((c) => c.connect()));
    }

    // One publisher over HTTP, one message at a time, paced under the publish limit (50 a
    // second); a refused publish (the server is stopping or down) is tried again.
    const published: string[] = [];
    let publishing = true;
    let failures = 0;
    const publisher = (async () => {
      for (let n = 0; publishing;) {
        const paced = new Promise((r) => setTimeout(r, 25));
        try {
          const res = await fetch(`${base}/api/realtime/${projectId}/publish`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify({ channel: CHANNEL, type: 'n', data: n }),
          });
          if (res.ok) {
            published.push(((await res.json()) as { messageId: string }).messageId);
            n++;
          } else failures++;
        } catch {
          failures++;
        }
        await paced;
      }
    })();

    // Every client holds a message before the stop: one that has none has nothing to resume
    // after, and would rightly get only what comes once it is back.
    await eventually(
      'messages flow to every client before the stop',
      30_000,
      () => published.length >= 5 && clients.every((c) => c.ids.length > 0),
    ).catch((err: Error) => {
      const none = clients.filter((c) => c.ids.length === 0);
      throw new Error(
        `${err.message}: published ${published.length}, failures ${failures}, ${none.length} clients without any; subs ${JSON.stringify(none.slice(0, 5).map((c) => c.subscriptions))} codes ${JSON.stringify(none.slice(0, 5).map((c) => c.closeCodes))} others ${JSON.stringify(
          clients
            .filter((c) => c.ids.length > 0)
            .slice(0, 3)
            .map((c) => c.ids.length),
        )}`,
      );
    });
    const stopping = stop(server);
    server = undefined;
    await eventually('every socket told of the restart', 5000, () =>
      clients.every((c) => c.closeCodes.includes(1012)),
    );
    await stopping;
    server = await start(port);
    const afterRestart = published.length;
    await eventually(
      'every client back and more messages published',
      30_000,
      () => clients.every((c) => c.subscriptions === 2) && published.length >= afterRestart + 5,
    );
    publishing = false;
    await publisher;

    // A generous bound: clients catching up on a loaded machine; it costs nothing when quick.
    await eventually('every client has every message', 30_000, () =>
      clients.every((c) => c.ids.length >= published.length),
    ).catch((err: Error) => {
      const short = clients.filter((c) => c.ids.length < published.length);
      const missing = short.map((c) => published.filter((id) => !c.ids.includes(id)));
      throw new Error(
        `${err.message}: ${short.length} clients short, missing ${JSON.stringify(missing.slice(0, 3))} of ${published.length}; subscriptions ${JSON.stringify(short.slice(0, 3).map((c) => c.subscriptions))}; resumed ${JSON.stringify(short.slice(0, 3).map((c) => c.resumed))}`,
      );
    });
    expect(failures).toBeGreaterThan(0);
    for (const c of clients) {
      expect(c.closeCodes).toEqual([1012]);
      // The new server still held the last message each client saw: it vouches nothing is missing.
      expect(c.resumed).toEqual([undefined, true]);
      expect(c.ids).toEqual(published);
    }
  }, 60_000);
});
