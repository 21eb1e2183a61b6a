/**
 * The mail server a reminder wave is sent to (bench/reminder-wave.ts): a real SMTP peer
 * (smtp-server) on loopback that keeps, per message it accepted, the envelope recipients, the
 * Message-ID and when the whole message had arrived. A message cut off by its sender's death
 * (the connection closes before the final dot) is not accepted, as no real mail server would.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Delivery {
  rcptTo: string[];
  messageId: string;
  /** performance.now() of the bench process when the message was accepted. */
  at: number;
  /** Date.now() then, to compare with the instants the servers write. */
  wallAt: number;
  /** performance.now() when the sender's connection opened, and when it sent DATA. */
  openedAt: number;
  dataAt: number;
}

export interface WavePeer {
  /** SMTP_URL for this peer. */
  url: string;
  deliveries: Delivery[];
  close(): Promise<void>;
}

/** The Message-ID header of a raw message; '' when it has none. */
function messageIdOf(raw: string): string {
  const end = raw.indexOf('\r\n\r\n');
  const head = end === -1 ? raw : raw.slice(0, end);
  return /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? '';
}

export async function startWavePeer(): Promise<WavePeer> {
  const deliveries: Delivery[] = [];
  const opened = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Loopback needs no name; a reverse DNS lookup per connection would time the resolver.
    disableReverseLookup: true,
    // Two server processes each open a connection per message.
    maxClients: 1000,
    onConnect(session, callback) {
      opened.set(session.id, performance.now());
      callback();
    },
    onClose(session) {
      opened.delete(session.id);
    },
    onData(stream, session, callback) {
      const dataAt = performance.now();
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', () => undefined);
      stream.on('end', () => {
        deliveries.push({
          rcptTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          messageId: messageIdOf(Buffer.concat(chunks).toString('utf8')),
          at: performance.now(),
          wallAt: Date.now(),
          openedAt: opened.get(session.id) ?? dataAt,
          dataAt,
        });
        callback();
      });
    },
  });
  // A sender killed mid-conversation resets its connection: that is the test, not a fault here.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    deliveries,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
