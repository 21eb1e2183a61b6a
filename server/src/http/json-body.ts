import type { FastifyInstance } from 'fastify';
import { JSON_BODY_MAX_BYTES } from '@scout/protocol/limits';
import { ApiError } from '../errors.ts';

/**
 * JSON bodies. Existing clients send `Content-Type: application/json` with no body on GET,
 * DELETE and some POSTs: an empty body is "no body", not an error (docs/protocol.md, Common to every call). A body
 * with `__proto__` keys is parsed as plain data, never onto prototypes.
 */
export function installJsonBody(app: FastifyInstance) {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser(
    /^application\/([\w.+-]+\+)?json/i,
    { parseAs: 'string', bodyLimit: JSON_BODY_MAX_BYTES },
    (_req, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') return done(null, undefined);
      try {
        done(
          null,
          JSON.parse(text, (k, v) => (k === '__proto__' ? undefined : v)),
        );
      } catch {
        done(new ApiError(400, 'VALIDATION_ERROR', 'Malformed JSON body'), undefined);
      }
    },
  );
  // Plain text and form bodies are not part of the protocol; accept and ignore them so the
  // route answers a clear 400 for the missing fields rather than a 415 surprise.
  app.addContentTypeParser(
    ['text/plain', 'application/x-www-form-urlencoded'],
    { parseAs: 'string', bodyLimit: JSON_BODY_MAX_BYTES },
    (_req, _body, done) => done(null, undefined),
  );
}
