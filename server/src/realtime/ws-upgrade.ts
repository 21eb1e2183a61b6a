/**
 * The WebSocket upgrade on /api/realtime/ws: which troop a socket's `project_id` names, the
 * refusals written on the raw socket before any frame (an unknown path or troop, a closing
 * server), and the sockets closed when the server closes. socket.ts speaks the frames.
 */
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { errorBody } from '../http/error-handler.ts';
import type { TroopDirectory } from '../store/tenancy.ts';
import type { RealtimeHub } from './hub.ts';
import { RealtimeSocket, type Identity, type SocketContext } from './socket.ts';

const WS_PATH = '/api/realtime/ws';

/** Hard cap enforced by ws itself (close 1009); frames over MAX_FRAME_BYTES (frames.ts) are refused with an error frame first. */
const WS_MAX_PAYLOAD = 1024 * 1024;

export type AddHook = (name: 'preClose', hook: () => Promise<void>) => unknown;

/** What every socket shares; each socket's own context adds the troop its `project_id` names. */
export type UpgradeContext = Omit<SocketContext, 'troopId' | 'authenticate'> & {
  hub: RealtimeHub;
  troops: Pick<TroopDirectory, 'byProjectId'>;
  authenticate(token: string, troopId: string): Promise<Identity>;
};

export function installUpgrade(server: Server, addHook: AddHook, ctx: UpgradeContext) {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: WS_MAX_PAYLOAD,
    perMessageDeflate: false,
  });
  let shuttingDown = false;

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.replace(/\/+$/, '') !== WS_PATH)
      return refuse(socket, 404, 'NOT_FOUND', 'Not found', url.pathname);
    if (shuttingDown)
      return refuse(socket, 503, 'SERVICE_UNAVAILABLE', 'Server shutting down', url.pathname);
    const projectId = url.searchParams.get('project_id') ?? url.searchParams.get('projectId');
    void troopOfSocket(projectId).then(
      (troopId) => {
        if (troopId === undefined)
          return refuse(socket, 404, 'PROJECT_NOT_FOUND', 'Project not found', url.pathname);
        if (shuttingDown || socket.destroyed) return socket.destroy();
        const own: SocketContext = {
          ...ctx,
          troopId,
          authenticate: (token) => ctx.authenticate(token, troopId),
        };
        wss.handleUpgrade(req, socket, head, (ws) => attach(ws, own));
      },
      () => refuse(socket, 503, 'SERVICE_UNAVAILABLE', 'Try again shortly', url.pathname),
    );
  };
  const troopOfSocket = async (projectId: string | null) =>
    projectId === null ? undefined : (await ctx.troops.byProjectId(projectId))?.id;
  server.on('upgrade', onUpgrade);

  addHook('preClose', async () => {
    shuttingDown = true;
    server.off('upgrade', onUpgrade);
    await ctx.hub.close();
    // Peers get a second to answer the close frame; the rest are cut so shutdown never hangs.
    const deadline = Date.now() + 1000;
    while (wss.clients.size > 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    for (const ws of wss.clients) ws.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  });
}

function attach(ws: WebSocket, ctx: SocketContext) {
  const socket = new RealtimeSocket(ctx, {
    // Shared Buffers go out as text frames: the protocol is JSON text.
    send: (data) => ws.send(data, { binary: false }),
    close: (code, reason) => ws.close(code, reason),
    terminate: () => ws.terminate(),
    ping: () => ws.ping(),
    bufferedAmount: () => ws.bufferedAmount,
  });
  ws.on('message', (data: RawData, isBinary: boolean) => socket.receive(toBuffer(data), isBinary));
  ws.on('pong', () => socket.pong());
  ws.on('close', () => void socket.closed());
  // ws closes the socket itself on protocol errors (e.g. over WS_MAX_PAYLOAD); nothing else to do.
  ws.on('error', () => {});
  socket.open();
}

const toBuffer = (data: RawData): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);

function refuse(socket: Duplex, status: number, code: string, message: string, path: string) {
  const body = JSON.stringify(errorBody(path, code, message));
  socket.end(
    `HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : 'Service Unavailable'}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
