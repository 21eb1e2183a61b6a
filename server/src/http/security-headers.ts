import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Headers on every response. Scripts load only from our origin (no inline script anywhere; the
 * one page with a script of its own, the sign-in popup's answer, allows it by hash in a policy
 * of its own: auth/providers/deliver.ts); only the configured parent origins may frame the app.
 */
export function contentSecurityPolicy(config: Config): string {
  const ancestors =
    config.allowedParentOrigins.length > 0 ? config.allowedParentOrigins.join(' ') : "'none'";
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Radix positions popovers with style attributes; no script can run from a style.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self' ws: wss:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${ancestors}`,
  ].join('; ');
}

export function installSecurityHeaders(app: FastifyInstance, config: Config) {
  const csp = contentSecurityPolicy(config);
  const fixed: Array<[string, string]> = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'no-referrer'],
    ['Cross-Origin-Opener-Policy', 'same-origin-allow-popups'],
  ];
  if (config.allowedParentOrigins.length === 0) fixed.push(['X-Frame-Options', 'DENY']);
  app.addHook('onSend', (_req, reply, payload, done) => {
    // A route may set a stricter policy of its own (stored files do).
    if (!reply.hasHeader('content-security-policy')) reply.header('Content-Security-Policy', csp);
    // A sign-in popup's pages set their own opener policy, so they can answer their opener.
    for (const [name, value] of fixed) if (!reply.hasHeader(name)) reply.header(name, value);
    done(null, payload);
  });
}
