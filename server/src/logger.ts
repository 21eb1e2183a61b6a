/**
 * The process's log: pino's JSON lines on standard output. Lines are gathered into writes of
 * about 4 KB instead of one write per line: every write leaves the event loop for a thread of
 * the pool and back, which cost more than the request it logged (one request log line each; see
 * README, Performance). A line waits at most FLUSH_INTERVAL_MS on a quiet server, and whatever
 * is gathered is written out when the process exits.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import { secretRedactor } from './log-redaction.ts';

export const FLUSH_INTERVAL_MS = 1000;
const GATHER_BYTES = 4096;

/** A logger writing to `destination`, with every form of `secrets` replaced in each line (log-redaction.ts). */
export function createLogger(
  level: string,
  destination: DestinationStream,
  secrets: readonly (string | undefined)[] = [],
): Logger {
  const redact = secretRedactor(secrets);
  return pino({ level, hooks: { streamWrite: redact } }, destination);
}

export function openLogger(
  level: string,
  fd = 1,
  secrets: readonly (string | undefined)[] = [],
): Logger {
  const destination = pino.destination({ dest: fd, sync: false, minLength: GATHER_BYTES });
  setInterval(() => destination.flush(), FLUSH_INTERVAL_MS).unref();
  return createLogger(level, destination, secrets);
}
