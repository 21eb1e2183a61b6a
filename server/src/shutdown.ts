/**
 * Stopping the process on SIGTERM or SIGINT: stop taking requests, let those in flight finish,
 * close the bus and the store. A client holding a request open (a half-sent body, a stalled
 * upload) would keep the HTTP server from closing for minutes, so after the grace period the
 * process exits anyway, with a warning, rather than hanging a deploy or a restart.
 *
 * Closing closes the keep-alive connections idle at that moment, but not one whose request is
 * still in flight: answered, it stays open for the client's next request, for the server's
 * keep-alive timeout (72 s), and held the stop until the grace period ended it with exit 1. So
 * while the server closes, connections are closed as they fall idle.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

export const SHUTDOWN_GRACE_MS = 10_000;

/** How often, while closing, connections that have fallen idle are closed. */
const IDLE_SWEEP_MS = 50;

export interface Closable {
  close(): Promise<void>;
}

export function stopOnSignals(
  app: FastifyInstance,
  logger: FastifyBaseLogger,
  after: (Closable | undefined)[],
): void {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.warn({ graceMs: SHUTDOWN_GRACE_MS }, 'stopped before every request had finished');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    const idleSweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    await app.close();
    clearInterval(idleSweep);
    for (const part of after) await part?.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
