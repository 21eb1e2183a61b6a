/**
 * The process's log: pino's JSON lines on standard output. Lines are gathered into writes of
 * about 4 KB instead of one write per line: every write leaves the event loop for a thread of
 * the pool and back, which cost more than the request it logged (one request log line each; see
 * README, Performance). A line waits at most FLUSH_INTERVAL_MS on a quiet server, and whatever
 * is gathered is written out when the process exits.
 */
import pino, { type Logger } from 'pino';

export const FLUSH_INTERVAL_MS = 1000;
const GATHER_BYTES = 4096;

export function openLogger(level: string, fd = 1): Logger {
  const destination = pino.destination({ dest: fd, sync: false, minLength: GATHER_BYTES });
  setInterval(() => destination.flush(), FLUSH_INTERVAL_MS).unref();
  return pino({ level }, destination);
}
