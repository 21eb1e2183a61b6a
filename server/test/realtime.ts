/** Helpers for the realtime tests: a listening app and a ws client that reads frames in order. */
import { WebSocket, type ClientOptions } from 'ws';
import { signAccessToken } from '../src/auth/tokens.ts';
import { parseMessageId, type RangeBound } from '../src/realtime/message-ids.ts';
import { buildTestApp, ensureTestAccount, type TestApp } from './test-app.ts';
import { addUnit, joinUnit } from './troops.ts';

export interface Frame {
  type: string;
  payload: Record<string, unknown> & { channel?: string; error?: string; code?: string };
}

export interface ListeningApp extends TestApp {
  baseUrl: string;
  wsUrl: string;
}

/**
 * Where a channel's history stands now, as the start of a history query: a test on an app it
 * shares with others (sharedTestApp) reads only the messages published after this.
 */
export async function historyMark(t: TestApp, channel: string): Promise<RangeBound> {
  const [last] = await t.deps.realtime.history(channel, { start: 'open', end: 'open', limit: 1 });
  return (last && parseMessageId(last.id)) ?? 'open';
}

export async function listeningApp(
  opts: Parameters<typeof buildTestApp>[0] = {},
): Promise<ListeningApp> {
  const t = await buildTestApp(opts);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    ...t,
    baseUrl,
    wsUrl: `ws://127.0.0.1:${address.port}/api/realtime/ws?project_id=${t.deps.config.projectId}`,
  };
}

export async function tokenFor(t: TestApp, userId: string, role = 'user') {
  await ensureTestAccount(t.deps.store, userId, role, `${userId}@troop12.org`);
  return signAccessToken(
    t.deps.jwtSecret,
    { sub: userId, role, pid: t.deps.config.projectId, email: `${userId}@troop12.org` },
    t.clock.now(),
  );
}

const WAIT_MS = 5000;

/** A ws client keeping every frame it receives; `next` hands them out in arrival order. */
export class FrameClient {
  readonly frames: Frame[] = [];
  private read = 0;
  private waiters: (() => void)[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(String(data)) as Frame);
      this.wake();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        this.wake();
        resolve({ code, reason: reason.toString() });
      }),
    );
  }

  static async connect(url: string, options: ClientOptions = {}): Promise<FrameClient> {
    const ws = new WebSocket(url, options);
    const client = new FrameClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    await client.next('connected');
    return client;
  }

  send(type: string, payload: unknown = {}) {
    this.ws.send(JSON.stringify({ type, payload }));
  }

  /** The next unread frame of `type` (skipping others of no interest, like presence, only when asked). */
  async next(type: string, opts: { skip?: string[] } = {}): Promise<Frame> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      while (this.read < this.frames.length) {
        const f = this.frames[this.read++] as Frame;
        if (f.type === type) return f;
        if (!(opts.skip ?? ['presence']).includes(f.type))
          throw new Error(`expected ${type}, got ${JSON.stringify(f)}`);
      }
      if (this.ws.readyState === WebSocket.CLOSED)
        throw new Error(`socket closed while waiting for ${type}`);
      if (Date.now() > deadline) throw new Error(`no ${type} frame within ${WAIT_MS} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until the latest presence frame of `channel` lists exactly `userIds`. */
  async presence(channel: string, userIds: string[]): Promise<Frame> {
    const want = [...userIds].sort().join(',');
    const deadline = Date.now() + WAIT_MS;
    let seen = 'none';
    for (;;) {
      const latest = this.frames.findLast(
        (f) => f.type === 'presence' && f.payload.channel === channel,
      );
      if (latest) {
        seen = (latest.payload.data as { users: { userId: string }[] }).users
          .map((u) => u.userId)
          .sort()
          .join(',');
        if (seen === want) return latest;
      }
      if (Date.now() > deadline)
        throw new Error(`presence of ${channel} was [${seen}], expected [${want}]`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  close() {
    this.ws.close();
    return this.closed;
  }

  private wake() {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }
}

/**
 * Adds a troop named on the wire by `projectId` (docs/decisions/065-troops.md) and returns the
 * address of its sockets.
 */
export async function addTroop(t: ListeningApp, id: string, projectId: string): Promise<string> {
  await addUnit(t, { id, projectId, number: id });
  return `${t.baseUrl.replace(/^http/, 'ws')}/api/realtime/ws?project_id=${projectId}`;
}

/** Makes the account a member of the troop with `role` (or changes its role there). */
export const joinTroop = (t: TestApp, userId: string, troopId: string, role = 'user') =>
  joinUnit(t, userId, troopId, role);
