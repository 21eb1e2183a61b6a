/**
 * An SMTP peer for tests of delivery faults: it can refuse the next messages with a temporary
 * error (451), or hold a message without answering until released, as a slow server does while
 * the sending process dies. Only messages it accepted count as received.
 */
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface FaultyPeer {
  url: string;
  accepted: { raw: string; parsed: ParsedMail; rcptTo: string[] }[];
  /** Messages refused so far. */
  refused: number;
  /**
   * Refuse the next `n` messages with 451, in `answer`'s words when given (a spam filter's
   * refusal may quote the message).
   */
  refuseNext(n: number, answer?: (refused: ParsedMail) => string): void;
  /** Hold every message from now on until `release()`; `held` counts those waiting. */
  hold(): void;
  held: number;
  /** SMTP sessions ended so far (a sender that quit or died). */
  sessionsClosed: number;
  /** Stop holding; held messages whose sender is still connected are accepted. */
  release(): void;
  close(): Promise<void>;
}

export async function startFaultyPeer(): Promise<FaultyPeer> {
  let refuse = 0;
  let refusal: ((refused: ParsedMail) => string) | undefined;
  let holding = false;
  const waiting: (() => void)[] = [];
  const closed = new Set<string>();
  const peer: FaultyPeer = {
    url: '',
    accepted: [],
    refused: 0,
    held: 0,
    sessionsClosed: 0,
    refuseNext(n, answer) {
      refuse = n;
      refusal = answer;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const go of waiting.splice(0)) go();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onClose(session) {
      closed.add(session.id);
      peer.sessionsClosed++;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuse > 0) {
          refuse--;
          peer.refused++;
          const answer = refusal;
          void simpleParser(Buffer.concat(chunks)).then((parsed) => {
            const words = answer ? answer(parsed) : 'Try again later';
            callback(Object.assign(new Error(words), { responseCode: 451 }));
          });
          return;
        }
        const accept = () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const rcptTo = session.envelope.rcptTo.map((r) => r.address);
          void simpleParser(raw).then((parsed) => {
            peer.accepted.push({ raw, parsed, rcptTo });
            callback();
          });
        };
        if (!holding) return accept();
        peer.held++;
        waiting.push(() => {
          peer.held--;
          // A sender that died while we held its message never heard "accepted": it does not count.
          if (!closed.has(session.id)) accept();
        });
      });
    },
  });
  // A sender killed in the middle of a message resets its connection: what the tests make
  // happen, not a fault of the peer's.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  peer.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return peer;
}
