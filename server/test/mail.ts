/**
 * Mail for tests: a real SMTP peer on loopback that keeps what it receives (parsed with
 * mailparser), and a mailer that keeps messages in memory for tests that only need to see what
 * would have been sent.
 */
import type { AddressInfo, Socket } from 'node:net';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { MailMessage, Mailer } from '../src/mail/mailer.ts';

export interface ReceivedMail {
  /** SMTP envelope recipients: who the message was really delivered to (Bcc included). */
  rcptTo: string[];
  mailFrom: string;
  raw: string;
  parsed: ParsedMail;
}

/** Waits for the nth item of a growing list; gives up with an error after `ms`. */
function waiter<T>(items: T[], label: string) {
  const pending: { count: number; resolve: () => void }[] = [];
  return {
    push(item: T) {
      items.push(item);
      for (const p of [...pending]) {
        if (items.length >= p.count) {
          pending.splice(pending.indexOf(p), 1);
          p.resolve();
        }
      }
    },
    async waitFor(count: number, ms = 10_000): Promise<T[]> {
      if (items.length < count) {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(
            () => reject(new Error(`${label}: ${items.length} of ${count} messages arrived`)),
            ms,
          );
          pending.push({
            count,
            resolve: () => {
              clearTimeout(timer);
              resolve();
            },
          });
        });
      }
      return items.slice(0, count);
    },
  };
}

export interface SmtpPeer {
  /** SMTP_URL for this peer. */
  url: string;
  received: ReceivedMail[];
  waitFor(count: number): Promise<ReceivedMail[]>;
  /** SMTP connections opened to this peer so far. */
  connections(): number;
  /** Connections open now: a dropped one counts until the sender has closed its end too. */
  openConnections(): number;
  /** Ends every open connection, as a server that drops idle clients does. */
  dropConnections(): void;
  /** Stops the peer; open connections are ended, not waited for. */
  close(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const inbox = waiter(received, 'SMTP peer');
  let opened = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      opened++;
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            inbox.push({
              rcptTo: session.envelope.rcptTo.map((r) => r.address),
              mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              raw,
              parsed,
            });
            callback();
          })
          .catch((err: Error) => callback(err));
      });
    },
  });
  let open = 0;
  server.server.on('connection', (socket: Socket) => {
    open++;
    socket.once('close', () => open--);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    waitFor: (count) => inbox.waitFor(count),
    connections: () => opened,
    openConnections: () => open,
    dropConnections,
    close: () => {
      dropConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function dropConnections() {
    for (const connection of server.connections as Set<{ close(): void }>) connection.close();
  }
}

/** Addresses of a parsed header (To, Cc, ...), lower-cased. */
export function addressesOf(field: AddressObject | AddressObject[] | undefined): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((o) => o.value.map((v) => (v.address ?? '').toLowerCase()));
}

/** A message as the memory mailer keeps it, with the first link of its text part. */
export interface KeptMail extends MailMessage {
  link?: string;
}

export interface MemoryMailer extends Mailer {
  sent: KeptMail[];
  waitFor(count: number): Promise<KeptMail[]>;
}

export function createMemoryMailer(): MemoryMailer {
  const sent: KeptMail[] = [];
  const outbox = waiter(sent, 'memory mailer');
  let n = 0;
  return {
    sent,
    waitFor: (count) => outbox.waitFor(count),
    async send(message) {
      const link = /https?:\/\/\S+/.exec(message.text)?.[0];
      outbox.push({ ...message, ...(link ? { link } : {}) });
      return { messageId: `<memory-${++n}@scout.test>` };
    },
  };
}

/** The one-time token a mailed link carries (`token` or `magic_token`). */
export function tokenOf(link: string): string {
  const url = new URL(link);
  const token = url.searchParams.get('token') ?? url.searchParams.get('magic_token');
  if (!token) throw new Error(`no token in ${link}`);
  return token;
}
