import type { FastifyInstance } from 'fastify';

/** Query parameters that carry secrets; their values never reach a log line. */
const SECRET_PARAMS = /^(token|magic_token|access_token|refresh_token|code|state|key|apikey|api_key|feed_token)$/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return redactPath(url);
  const params = new URLSearchParams(url.slice(q + 1));
  for (const k of [...params.keys()]) if (SECRET_PARAMS.test(k)) params.set(k, '[redacted]');
  return `${redactPath(url.slice(0, q))}?${params.toString()}`;
}

/** Feed URLs carry their secret in the path (`/calendar/feed/<token>.ics`). */
function redactPath(path: string): string {
  return path.replace(/(\/feed\/)[^/?]+/, '$1[redacted]');
}

/** One line per request with method, redacted URL, status and duration; never a body or header. */
export function installRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    req.log.info(
      {
        method: req.method,
        url: redactUrl(req.url),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        ip: req.ip,
      },
      'request',
    );
  });
}
