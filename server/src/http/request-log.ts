import type { FastifyInstance } from 'fastify';

/**
 * Query parameters that carry secrets; their values never reach a log line. `invite` and
 * `family` are the troop's and a household's invitation links (members/invitations.ts,
 * households/invitations.ts), opened at the app's address like the sign-in links.
 */
const SECRET_PARAMS =
  /^(token|magic_token|access_token|refresh_token|id_token|code|state|session_id|key|apikey|api_key|feed_token|invite|family)$/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return redactPath(url);
  const query = url.slice(q + 1);
  if (!mayHoldSecret(query)) return `${redactPath(url.slice(0, q))}?${query}`;
  const params = new URLSearchParams(query);
  for (const k of [...params.keys()]) if (SECRET_PARAMS.test(k)) params.set(k, '[redacted]');
  return `${redactPath(url.slice(0, q))}?${params.toString()}`;
}

/**
 * Whether a parameter name in the raw query is a secret one or may read as one once decoded
 * (`%` escapes; a leading `?` that URLSearchParams drops). Most requests have none, and their
 * query is logged as sent instead of re-encoded.
 */
function mayHoldSecret(query: string): boolean {
  let start = 0;
  while (start <= query.length) {
    let end = query.indexOf('&', start);
    if (end < 0) end = query.length;
    const eq = query.indexOf('=', start);
    const key = query.slice(start, eq >= 0 && eq < end ? eq : end);
    if (key.includes('%') || key.includes('?') || SECRET_PARAMS.test(key)) return true;
    start = end + 1;
  }
  return false;
}

/**
 * Feed URLs carry their secret in the path (`/calendar/feed/<token>.ics`), and so do a mobile
 * app's sign-in polls (`/auth/mobile-session/<session id>`).
 */
function redactPath(path: string): string {
  return path
    .replace(/(\/feed\/)[^/?]+/, '$1[redacted]')
    .replace(/(\/mobile-session\/)[^/?]+/, '$1[redacted]');
}

/**
 * The analytics collector (`/api/analytics/<project>/log`) keeps no visitor's address, in its
 * tables or in this log (docs/operations.md, Analytics: what is stored).
 */
const ANALYTICS_INTAKE = /^\/api\/analytics\/[^/?]+\/log(?:[/?]|$)/;

/**
 * One line per request with method, redacted URL, status, duration and the client's address
 * (none for the analytics collector); never a body or header.
 */
export function installRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info(
      {
        method: req.method,
        url: redactUrl(req.url),
        status: reply.statusCode,
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
        ip: ANALYTICS_INTAKE.test(req.url) ? undefined : req.ip,
      },
      'request',
    );
    done();
  });
}
