/**
 * The floor for realtime fan-out: a bare `ws` server speaking the same frames with nothing else.
 * No auth, no validation, no history, no presence, no rate limits: `subscribe` adds the socket
 * to one set, `publish` stamps an id and sends one shared frame to every subscriber.
 * Run: node --import tsx bench/realtime-floor.ts PORT
 */
import { WebSocketServer, type WebSocket } from 'ws';

const port = Number(process.argv[2]);
const wss = new WebSocketServer({ port, host: '127.0.0.1', perMessageDeflate: false });
const subscribers = new Set<WebSocket>();
let lastMs = 0;
let seq = 0;

wss.on('connection', (ws) => {
  ws.send(JSON.stringify({ type: 'connected', payload: {} }));
  ws.on('message', (raw) => {
    const frame = JSON.parse(String(raw)) as {
      type: string;
      payload: { channel: string; type: string; data: unknown };
    };
    const { channel } = frame.payload;
    if (frame.type === 'subscribe') {
      subscribers.add(ws);
      ws.send(JSON.stringify({ type: 'subscribed', payload: { channel } }));
    } else if (frame.type === 'publish') {
      const now = Date.now();
      seq = now > lastMs ? 0 : seq + 1;
      lastMs = Math.max(now, lastMs);
      const id = `${lastMs}-${seq}`;
      const out = Buffer.from(
        JSON.stringify({
          type: 'message',
          payload: {
            channel,
            id,
            type: frame.payload.type,
            data: frame.payload.data,
            timestamp: now,
          },
        }),
      );
      for (const s of subscribers) s.send(out, { binary: false });
      ws.send(JSON.stringify({ type: 'published', payload: { channel, messageId: id } }));
    }
  });
  ws.on('close', () => subscribers.delete(ws));
});

wss.on('listening', () => console.log('listening'));
