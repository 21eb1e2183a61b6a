/**
 * Serves the built SPA. index.html gets the project id, the allowed parent origins and the
 * configured sign-in providers as <meta> tags (not an inline script, which the CSP forbids).
 * Unknown non-API paths get the app too.
 */
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

const escapeAttr = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function renderIndexHtml(template: string, config: Config): string {
  const meta = [
    `<meta name="scout-project-id" content="${escapeAttr(config.projectId)}">`,
    `<meta name="scout-parent-origins" content="${escapeAttr(config.allowedParentOrigins.join(','))}">`,
    // The auth screen shows "Continue with ..." at first paint, without asking the server.
    `<meta name="scout-auth-providers" content="${escapeAttr(config.authProviders.map((p) => p.name).join(','))}">`,
    // Whom a member waiting for approval should contact (TROOP_CONTACT).
    `<meta name="scout-troop-contact" content="${escapeAttr(config.troopContact ?? '')}">`,
    // Event times are wall-clock times there; the calendar names it to a browser elsewhere.
    `<meta name="scout-timezone" content="${escapeAttr(config.timezone)}">`,
  ].join('\n    ');
  return template.replace('</head>', `    ${meta}\n  </head>`);
}

export async function installSpa(app: FastifyInstance, config: Config) {
  const dir = config.webDir;
  const indexFile = dir ? path.join(dir, 'index.html') : undefined;
  if (!dir || !indexFile || !fs.existsSync(indexFile)) {
    app.log.warn(
      { webDir: dir },
      'web app not built; serving the API only (run npm run build --workspace web)',
    );
    return;
  }
  const index = renderIndexHtml(fs.readFileSync(indexFile, 'utf8'), config);
  await app.register(fastifyStatic, {
    root: path.resolve(dir),
    index: false,
    // Every built file gets its own route; index.html is rendered with the metas instead.
    wildcard: false,
    globIgnore: ['index.html'],
    maxAge: '1h',
    // scripts/build.mjs writes .br and .gz beside each built file; they are sent as they are.
    preCompressed: true,
    setHeaders: (res, file) => {
      // Hashed assets never change; index.html is rendered per request and never cached.
      if (file.includes(`${path.sep}assets${path.sep}`))
        res.header('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  const sendIndex = (reply: import('fastify').FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(index);
  app.get('/', (_req, reply) => sendIndex(reply));
  app.get('/index.html', (_req, reply) => sendIndex(reply));
  // Any other path outside the API is an address of the app, a screen or an event
  // (protocol/src/app-paths.ts): a reload or a shared link gets the app, which shows it.
  app.get('/*', (req, reply) => {
    if (req.url.startsWith('/api/')) return reply.callNotFound();
    return sendIndex(reply);
  });
}
